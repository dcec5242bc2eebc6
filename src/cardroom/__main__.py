import sys

from cardroom.cli.main import main

sys.exit(main())

"""``python -m cardroom.room [--host H] [--port P] [--db URL]``: the server without the ``cardroom`` command."""

from __future__ import annotations

import argparse
import sys

from cardroom.room.serve import add_parser, run


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m cardroom.room")
    sub = parser.add_subparsers(dest="command", required=True)
    add_parser(sub)
    return run(parser.parse_args(["serve", *sys.argv[1:]]))


if __name__ == "__main__":
    sys.exit(main())

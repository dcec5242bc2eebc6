from __future__ import annotations

import doctest
from pathlib import Path


def test_readme_examples_run() -> None:
    readme = Path(__file__).parents[1] / "README.md"
    result = doctest.testfile(str(readme), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0

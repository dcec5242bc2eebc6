"""Build of cardroom's compiled solver cores; everything else is in pyproject.toml."""

from setuptools import Extension, setup  # type: ignore[import-untyped, unused-ignore]

setup(ext_modules=[
    Extension("cardroom.solve._core", ["src/cardroom/solve/_core.c"], extra_compile_args=["-O2"]),
    Extension("cardroom.solve._twohand", ["src/cardroom/solve/_twohand.c"], extra_compile_args=["-O2"]),
])

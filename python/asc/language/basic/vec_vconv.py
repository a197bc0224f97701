"""Type conversion (`AscendC::Cast`) with round modes."""

from __future__ import annotations

from ._families import cast_api

cast = cast_api()

__all__ = ["cast"]

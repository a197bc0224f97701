"""Compare into bit masks and select by bit masks (`AscendC::Compare`, `CompareScalar`, `Select`)."""

from __future__ import annotations

from ._families import compare_api, compare_scalar_api, select_api

compare = compare_api()
compare_scalar = compare_scalar_api()
select = select_api()

__all__ = ["compare", "compare_scalar", "select"]

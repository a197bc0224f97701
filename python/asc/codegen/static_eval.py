"""What a kernel may call or read at compile time, outside the asc API.

Python builtins are allowed only on compile-time values; module-level globals are
compile-time constants when they have one of the allowed kinds.
"""

from __future__ import annotations

import builtins
import enum
import logging
import types
from typing import Any

from ..language.core.dtype import DataType
from ..language.core.ir_value import IRValue
from ..language.core.range import ConstExpr

#: Builtins usable inside kernels (on compile-time values only).
BUILTINS: dict[str, Any] = {
    name: getattr(builtins, name)
    for name in ("abs", "bool", "dict", "float", "int", "isinstance", "issubclass", "len", "list",
                 "max", "min", "range", "repr", "round", "str", "tuple", "type", "print")
}
BUILTINS.update({"True": True, "False": False, "None": None})
#: Builtins that only inspect a value, so runtime values are fine arguments.
INTROSPECTION = (builtins.isinstance, builtins.type, builtins.issubclass)

_GLOBAL_SCALARS = (int, float, bool, str, type(None), DataType, enum.Enum, ConstExpr)


def is_asc_object(obj: Any) -> bool:
    """Classes, functions and modules that belong to the asc package."""
    module = getattr(obj, "__module__", None) or getattr(obj, "__name__", "")
    return isinstance(module, str) and (module == "asc" or module.startswith("asc."))


def allowed_global(value: Any) -> bool:
    import numpy as np

    if isinstance(value, _GLOBAL_SCALARS) or isinstance(value, (types.ModuleType, logging.Logger)):
        return True
    if isinstance(value, (np.integer, np.floating, np.bool_)):  # typed constants: SCALE = np.float32(2)
        return True
    if isinstance(value, tuple):
        return all(allowed_global(v) for v in value)
    from ..runtime.jit import JITFunction

    return isinstance(value, JITFunction) or is_asc_object(value)


def is_compile_time(value: Any) -> bool:
    return not isinstance(value, IRValue)


GLOBAL_HELP = (
    "kernels may read module-level constants (int, float, bool, str, numpy scalars, tuples of "
    "them, enums, data types), modules such as `asc`, and other @asc.jit functions"
)

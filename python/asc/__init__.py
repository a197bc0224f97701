"""pyasc: write Ascend NPU kernels in Python.

`@asc.jit` compiles a Python function through MLIR to Ascend C; launching it as
`kernel[num_blocks, stream](...)` runs it on the built-in simulator (Backend.Model,
the default) or, where CANN is installed, on a real NPU.

`import asc` loads `jit` and the launch path; every other name (the basic API, the framework classes,
`asc.adv`, ...) is imported the first time it is read (PEP 562 `__getattr__`, asc._lazy;
docs/contributing.md, "Import structure"), and the first compile imports what building IR needs.
"""

import importlib as _importlib
from typing import Any as _Any

# numpy before the native simulator module (asc.runtime imports both): imported after it, numpy's own
# import took ~18 ms more (~1,850 more page faults; benchmarks/results.md, "The 19:55 UTC run above").
import numpy as _numpy  # noqa: F401

__version__ = "0.1.0"

from .runtime import CodegenOptions, CompileOptions, LaunchOptions, jit  # noqa: E402,F401

#: The Matmul configuration enums pyasc exports at `asc.*` (pyasc_api.md §1.3); they live in asc.adv.
_MATMUL_ENUMS = ("BatchMode", "IterateMode", "IterateOrder", "ScheduleType", "LayoutMode", "MatmulConfigMode")
#: Subpackages and modules read as `asc.<name>` without an import of their own.
_SUBMODULES = ("adv", "codegen", "errors", "language", "lib", "runtime", "tools")
_EAGER = ("jit", "CodegenOptions", "CompileOptions", "LaunchOptions", "language")


def _all() -> list[str]:
    from . import language

    return [*_EAGER, *language.__all__, *_MATMUL_ENUMS]


def __getattr__(name: str) -> _Any:
    """Imports a lazy name on first use; pyasc names not implemented yet get a pointer to the coverage
    page, not a bare AttributeError."""
    if name in _SUBMODULES:
        return _importlib.import_module(f"{__name__}.{name}")
    if name == "__all__":
        value: _Any = _all()
    elif name.startswith("__"):  # probes such as __qualname__, __wrapped__, __path__: no import
        raise AttributeError(f"module 'asc' has no attribute '{name}'", name=name, obj=None)
    elif name in _MATMUL_ENUMS:
        value = getattr(_importlib.import_module(f"{__name__}.adv"), name)
    else:
        from . import language

        try:
            value = getattr(language, name)
        except AttributeError:
            from ._pyasc_names import missing_name_message

            message = missing_name_message(name)
            raise AttributeError(message or f"module 'asc' has no attribute '{name}'", name=name,
                                 obj=None) from None
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_all()) | {"adv"})

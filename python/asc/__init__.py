"""pyasc: write Ascend NPU kernels in Python.

`@asc.jit` compiles a Python function through MLIR to Ascend C; launching it as
`kernel[num_blocks, stream](...)` runs it on the built-in simulator (Backend.Model,
the default) or, where CANN is installed, on a real NPU.
"""

import sys

__version__ = "0.1.0"

from . import language  # noqa: E402
from .language import *  # noqa: E402,F401,F403
from .language import __all__ as _language_all  # noqa: E402
from .language import adv  # noqa: E402  (asc.adv; not re-exported at asc.*)
from .runtime import CodegenOptions, CompileOptions, LaunchOptions, jit  # noqa: E402

sys.modules[__name__ + ".adv"] = adv  # `import asc.adv`, as in pyasc

#: The Matmul configuration enums pyasc exports at `asc.*` (pyasc_api.md §1.3); they live in asc.adv.
_MATMUL_ENUMS = ["BatchMode", "IterateMode", "IterateOrder", "ScheduleType", "LayoutMode", "MatmulConfigMode"]
globals().update({_name: getattr(adv, _name) for _name in _MATMUL_ENUMS})

__all__ = ["jit", "CodegenOptions", "CompileOptions", "LaunchOptions", "language",
           *_language_all, *_MATMUL_ENUMS]


def __getattr__(name: str):
    """pyasc names not implemented yet get a pointer to the coverage page, not a bare AttributeError."""
    from ._pyasc_names import missing_name_message

    message = missing_name_message(name)
    raise AttributeError(message or f"module 'asc' has no attribute '{name}'", name=name, obj=None)

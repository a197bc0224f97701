"""The advanced API (`asc.adv`, pyasc's `asc.language.adv`): softmax, rmsnorm, quantisation, the math
library and the sort helpers, with their tiling structs and temp-size helpers.

Each function emits one call of the Ascend C advanced API; the simulator's Ascend C headers
(ascsim/adv_api.h) implement those as sequences of basic vector instructions that work in the temp buffer
they are given (so the timing model, the trace and the race and bounds checks see every instruction).
Matmul (`asc.adv.Matmul`, matmul.py) is one call of Ascend C's Matmul API per method; the simulator's
headers (lib/matmul_intf.h) implement it with basic cube instructions. Not re-exported at `asc.*`.
"""

from . import _registry, activation, math, normalization, quantization, sort  # noqa: F401 - registration
from . import matmul as _matmul
from . import matmul_config as _matmul_config
from . import tiling as _tiling
from .tiling import (  # noqa: F401
    TMP_SIZE_HELPERS,
    MatmulApiStaticTiling,
    QuantConfig,
    RmsNormTiling,
    SoftmaxTiling,
    TCubeTiling,
    rmsnorm_tiling,
    softmax_tiling,
)

#: The Matmul API's names (classes, config factories, enums).
MATMUL_NAMES = ["Matmul", "MatmulType", "MatmulIterator", "register_matmul", "get_matmul_api_tiling",
                "CubeFormat", "LayoutMode"]
MATMUL_CONFIG_NAMES = ["MatmulConfig", "MatrixOffset", "MatmulShapeParams", "MatmulQuantParams",
                       "MatmulBatchParams", "MatmulFuncParams", "get_normal_config", "get_mdl_config",
                       "get_special_mdl_config", "get_basic_config", "get_special_basic_config",
                       "get_ib_share_norm_config", "get_mm_config", "BatchMode", "IterateMode", "IterateOrder",
                       "ScheduleType", "MatmulConfigMode", "BatchOutMode", "MatmulPolicy"]
globals().update({n: getattr(_matmul, n) for n in MATMUL_NAMES})
globals().update({n: getattr(_matmul_config, n) for n in MATMUL_CONFIG_NAMES})
globals().update(_registry.FUNCTIONS)
globals().update({name: getattr(_tiling, name) for name in TMP_SIZE_HELPERS})
#: The registered functions, the tiling structs and configs, the tiling and temp-size helpers.
__all__ = sorted([*_registry.FUNCTIONS, "QuantConfig", "RmsNormTiling", "SoftmaxTiling", "rmsnorm_tiling",
                  "softmax_tiling", *TMP_SIZE_HELPERS, "TCubeTiling", "MatmulApiStaticTiling", *MATMUL_NAMES,
                  *MATMUL_CONFIG_NAMES])


def __getattr__(name: str):
    """pyasc's advanced names not implemented yet point at the coverage page."""
    from ..._pyasc_names import COVERAGE_DOC, PYASC_ADV

    if any(name in names.split() for names in PYASC_ADV.values()):
        raise AttributeError(f"asc.adv.{name} is part of pyasc's API but not implemented in this version yet; "
                             f"{COVERAGE_DOC} lists what is", name=name, obj=None)
    raise AttributeError(f"module 'asc.adv' has no attribute '{name}'", name=name, obj=None)

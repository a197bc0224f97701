"""The pyasc kernel language (`asc.*`): core types and the basic API."""

from .basic import *  # noqa: F401,F403
from .basic import __all__ as _basic_all
from .core import *  # noqa: F401,F403
from .core import __all__ as _core_all
from .fwk import *  # noqa: F401,F403
from .fwk import __all__ as _fwk_all

__all__ = list(_core_all) + list(_basic_all) + list(_fwk_all)

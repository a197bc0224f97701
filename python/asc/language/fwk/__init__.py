"""Framework classes: TPipe, TQue, TQueBind, TBuf, TBufPool, LocalMemAllocator."""

from . import tpipe
from .tpipe import *  # noqa: F403 - exactly tpipe.__all__

__all__ = list(tpipe.__all__)

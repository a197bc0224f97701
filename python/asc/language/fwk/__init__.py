"""Framework classes: TPipe, TQue, TQueBind, TBuf, TBufPool, LocalMemAllocator."""

from .tpipe import LocalMemAllocator, TBuf, TBufPool, TPipe, TQue, TQueBind, get_tpipe_ptr

__all__ = ["TPipe", "TQue", "TQueBind", "TBuf", "TBufPool", "get_tpipe_ptr", "LocalMemAllocator"]

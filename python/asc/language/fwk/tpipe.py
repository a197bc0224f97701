"""The TPipe/TQue programming framework (`AscendC::TPipe`, `TQue`, `TBuf`, ...).

A `TPipe` hands out on-chip buffers to queues (`init_buffer`); a queue's
`alloc_tensor`/`enque`/`deque`/`free_tensor` both manage those buffers and carry the
hardware flags between the producing and consuming pipes, so kernels written this
way need no manual `set_flag`/`wait_flag`.
"""

from __future__ import annotations

from typing import Any

from ..basic import _checks
from ..core.builtin import builder_for, builtin
from ..core.dtype import DataType, int1, int32
from ..core.enums import HardEvent, Hardware, TPosition, ir_keyword
from ..core.ir_value import IRValue, PlainValue
from ..core.tensor import LocalTensor


def _const_int(value: Any, api: str, param: str) -> int:
    if isinstance(value, IRValue) or isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{api}: '{param}' must be a compile-time int (a literal, a module constant or an "
                        f"asc.ConstExpr), got {type(value).__name__}")
    return value


def _position(value: Any, api: str, param: str) -> TPosition:
    if not isinstance(value, TPosition):
        raise TypeError(f"{api}: '{param}' must be an asc.TPosition, got {value!r}")
    return value


def _dtype(value: Any, api: str) -> DataType:
    if not isinstance(value, DataType):
        raise TypeError(f"{api}: expected a data type such as asc.float32, got {value!r}")
    return value


def _local_type(pos: TPosition, dtype: DataType) -> str:
    return f"!asc.local_tensor<{ir_keyword(pos)}, {dtype.to_ir()}>"


class TPipe(IRValue):
    """The buffer manager of a core (`AscendC::TPipe`); one may be live at a time."""

    __slots__ = ()

    def __init__(self, handle: Any = None) -> None:
        super().__init__(handle if handle is not None else
                         builder_for("TPipe").create1("asc.tpipe", [], "!asc.tpipe"))

    @builtin
    def init_buffer(self, que: Any = None, num: Any = 0, len: Any = 0, *, buf: Any = None) -> None:  # noqa: A002
        """`InitBuffer(que, num, len)`: `num` buffers of `len` bytes; for a TBuf: `init_buffer(buf, num)`
        where `num` is the byte length (pyasc's keyword)."""
        target = que if que is not None else buf
        b = builder_for("init_buffer")
        if isinstance(target, TBuf):
            length = len if len else num
            b.create("asc.tpipe_init_tbuf", [self.handle, target.handle,
                                             _checks.integer(length, "init_buffer", "num")])
        elif isinstance(target, TQueBind):
            b.create("asc.tpipe_init_buffer", [self.handle, target.handle,
                                               _checks.integer(num, "init_buffer", "num"),
                                               _checks.integer(len, "init_buffer", "len")])
        else:
            raise TypeError(f"init_buffer: 'que' must be a TQue, TQueBind or TBuf, got {type(target).__name__}")

    @builtin
    def init_buf_pool(self, buf_pool: TBufPool, len: Any = 0, share_buf: Any = None) -> None:  # noqa: A002
        if not isinstance(buf_pool, TBufPool):
            raise TypeError(f"init_buf_pool: 'buf_pool' must be a TBufPool, got {type(buf_pool).__name__}")
        if share_buf is not None:
            raise NotImplementedError("init_buf_pool: 'share_buf' is not supported yet")
        builder_for("init_buf_pool").create("asc.tpipe_init_buf_pool", [
            self.handle, buf_pool.handle, _checks.integer(len, "init_buf_pool", "len")])

    def _event_op(self, op: str, event: Any) -> PlainValue:
        if not isinstance(event, HardEvent):
            raise TypeError(f"{op}: 'event' must be an asc.HardEvent, got {event!r}")
        b = builder_for(op)
        handle = b.create1(f"asc.tpipe_{op}", [self.handle], "i32",
                           {"event": b.enum_attr("hard_event", ir_keyword(event))})
        return PlainValue(handle, int32)

    @builtin
    def alloc_event_id(self, event: HardEvent = HardEvent.V_S) -> PlainValue:
        return self._event_op("alloc_event_id", event)

    @builtin
    def fetch_event_id(self, event: HardEvent = HardEvent.V_S) -> PlainValue:
        return self._event_op("fetch_event_id", event)

    @builtin
    def release_event_id(self, id: Any, event: HardEvent = HardEvent.V_S) -> None:  # noqa: A002
        if not isinstance(event, HardEvent):
            raise TypeError(f"release_event_id: 'event' must be an asc.HardEvent, got {event!r}")
        b = builder_for("release_event_id")
        b.create("asc.tpipe_release_event_id", [self.handle, _checks.integer(id, "release_event_id", "id")],
                 attrs={"event": b.enum_attr("hard_event", ir_keyword(event))})

    @builtin
    def init(self) -> None:
        builder_for("init").create("asc.tpipe_init", [self.handle])

    @builtin
    def reset(self) -> None:
        builder_for("reset").create("asc.tpipe_reset", [self.handle])

    @builtin
    def destroy(self) -> None:
        builder_for("destroy").create("asc.tpipe_destroy", [self.handle])

    def get_base_addr(self, logic_pos: Any = None) -> Any:
        raise NotImplementedError("TPipe.get_base_addr exists only in CANN's CPU debug build and does not "
                                  "compile for the NPU; use TBuf.get or LocalTensor.get_phy_addr instead")


@builtin
def get_tpipe_ptr() -> TPipe:
    """The current core's TPipe (`GetTPipePtr()`)."""
    return TPipe(builder_for("get_tpipe_ptr").create1("asc.get_tpipe_ptr", [], "!asc.tpipe"))


class TQueBind(IRValue):
    """A queue binding a source and a destination position (`AscendC::TQueBind<src, dst, depth>`)."""

    __slots__ = ("src", "dst", "depth")

    def __init__(self, src: TPosition = TPosition.VECIN, dst: TPosition = TPosition.VECIN, depth: Any = 0,
                 mask: Any = 0) -> None:
        api = type(self).__name__
        self.src, self.dst = _position(src, api, "src"), _position(dst, api, "dst")
        self.depth = _const_int(depth, api, "depth")
        if _const_int(mask, api, "mask") != 0:
            raise NotImplementedError(f"{api}: a non-zero 'mask' (ND/NZ conversion) is not supported")
        super().__init__(self._create())

    def _create(self) -> Any:
        b = builder_for("TQueBind")
        t = f"!asc.tque_bind<{ir_keyword(self.src)}, {ir_keyword(self.dst)}, {self.depth}>"
        return b.create1("asc.tque_bind", [], t)

    @property
    def position(self) -> TPosition:
        """Where this queue's buffers live (the on-chip end of the binding)."""
        return self.dst if self.src == TPosition.GM else self.src

    @builtin
    def alloc_tensor(self, dtype: Any) -> LocalTensor:
        if isinstance(dtype, LocalTensor):
            raise NotImplementedError("alloc_tensor(tensor) (in-place, depth 0) is not supported yet; use "
                                      "t = que.alloc_tensor(dtype)")
        dtype = _dtype(dtype, "alloc_tensor")
        b = builder_for("alloc_tensor")
        handle = b.create1("asc.alloc_tensor", [self.handle], _local_type(self.position, dtype))
        return LocalTensor(dtype, self.position, handle=handle)

    @builtin
    def enque(self, tensor: LocalTensor, *user_pos: Any) -> None:
        if user_pos:
            raise NotImplementedError("enque(tensor, src_user_pos, dst_user_pos) is not supported yet")
        _checks.tensor(tensor, "enque", "tensor", (LocalTensor,))
        builder_for("enque").create("asc.enque", [self.handle, tensor.handle])

    @builtin
    def deque(self, dtype: Any, *user_pos: Any) -> LocalTensor:
        if user_pos or isinstance(dtype, LocalTensor):
            raise NotImplementedError("only deque(dtype) is supported")
        dtype = _dtype(dtype, "deque")
        b = builder_for("deque")
        handle = b.create1("asc.deque", [self.handle], _local_type(self.position, dtype))
        return LocalTensor(dtype, self.position, handle=handle)

    @builtin
    def free_tensor(self, tensor: LocalTensor) -> None:
        _checks.tensor(tensor, "free_tensor", "tensor", (LocalTensor,))
        builder_for("free_tensor").create("asc.free_tensor", [self.handle, tensor.handle])

    @builtin
    def free_all_event(self) -> None:
        builder_for("free_all_event").create("asc.free_all_event", [self.handle])

    def _query(self, op: str, dtype: DataType) -> PlainValue:
        return PlainValue(builder_for(op).create1(f"asc.{op}", [self.handle], dtype.to_ir()), dtype)

    @builtin
    def vacant_in_que(self) -> PlainValue:
        return self._query("vacant_in_que", int1)

    @builtin
    def has_tensor_in_que(self) -> PlainValue:
        return self._query("has_tensor_in_que", int1)

    @builtin
    def get_tensor_count_in_que(self) -> PlainValue:
        return self._query("get_tensor_count_in_que", int32)

    @builtin
    def has_idle_buffer(self) -> PlainValue:
        return self._query("has_idle_buffer", int1)


class TQue(TQueBind):
    """A queue of `depth` buffers at one position (`AscendC::TQue<pos, depth>`)."""

    __slots__ = ("pos",)

    def __init__(self, pos: TPosition = TPosition.VECIN, depth: Any = 1) -> None:
        self.pos = _position(pos, "TQue", "pos")
        src, dst = (TPosition.GM, pos) if pos in (TPosition.VECIN, TPosition.A1, TPosition.B1,
                                                 TPosition.C1) else (pos, TPosition.GM)
        super().__init__(src, dst, depth)

    def _create(self) -> Any:
        return builder_for("TQue").create1("asc.tque", [], f"!asc.tque<{ir_keyword(self.pos)}, {self.depth}>")

    @property
    def position(self) -> TPosition:
        return self.pos


class TBuf(IRValue):
    """A single un-queued buffer (`AscendC::TBuf<pos>`), e.g. for temporaries."""

    __slots__ = ("pos",)

    def __init__(self, pos: TPosition = TPosition.VECCALC) -> None:
        self.pos = _position(pos, "TBuf", "pos")
        super().__init__(builder_for("TBuf").create1("asc.tbuf", [], f"!asc.tbuf<{ir_keyword(self.pos)}>"))

    @builtin
    def get(self, dtype: Any, len: Any = None, shape: Any = None) -> LocalTensor:  # noqa: A002
        if shape is not None:
            raise NotImplementedError("TBuf.get(..., shape=...) is not supported yet")
        dtype = _dtype(dtype, "get")
        b = builder_for("get")
        operands = [self.handle] + ([_checks.integer(len, "get", "len")] if len is not None else [])
        handle = b.create1("asc.tbuf_get", operands, _local_type(self.pos, dtype))
        return LocalTensor(dtype, self.pos, handle=handle)

    @builtin
    def get_with_offset(self, size: Any, buf_offset: Any, dtype: Any) -> LocalTensor:
        dtype = _dtype(dtype, "get_with_offset")
        if isinstance(buf_offset, int) and buf_offset % 32:
            raise ValueError(f"get_with_offset: 'buf_offset' must be a multiple of 32 bytes, got {buf_offset}")
        b = builder_for("get_with_offset")
        handle = b.create1("asc.tbuf_get_with_offset", [
            self.handle, _checks.integer(size, "get_with_offset", "size"),
            _checks.integer(buf_offset, "get_with_offset", "buf_offset")], _local_type(self.pos, dtype))
        return LocalTensor(dtype, self.pos, handle=handle)


class TBufPool(IRValue):
    """A pool of buffers carved out of a TPipe (`AscendC::TBufPool<pos, buf_id_size>`)."""

    __slots__ = ("pos", "buf_id_size")

    def __init__(self, pos: TPosition = TPosition.VECIN, buf_id_size: Any = 4) -> None:
        self.pos = _position(pos, "TBufPool", "pos")
        self.buf_id_size = _const_int(buf_id_size, "TBufPool", "buf_id_size")
        t = f"!asc.tbuf_pool<{ir_keyword(self.pos)}, {self.buf_id_size}>"
        super().__init__(builder_for("TBufPool").create1("asc.tbuf_pool", [], t))

    @builtin
    def init_buffer(self, que: Any = None, num: Any = 0, len: Any = 0, *, buf: Any = None) -> None:  # noqa: A002
        target = que if que is not None else buf
        b = builder_for("init_buffer")
        if isinstance(target, TBuf):
            b.create("asc.tbuf_pool_init_tbuf", [self.handle, target.handle,
                                                 _checks.integer(len if len else num, "init_buffer", "len")])
        elif isinstance(target, TQueBind):
            b.create("asc.tbuf_pool_init_buffer", [self.handle, target.handle,
                                                   _checks.integer(num, "init_buffer", "num"),
                                                   _checks.integer(len, "init_buffer", "len")])
        else:
            raise TypeError(f"init_buffer: 'que' must be a TQue, TQueBind or TBuf, got {type(target).__name__}")

    @builtin
    def reset(self) -> None:
        builder_for("reset").create("asc.tbuf_pool_reset", [self.handle])


class LocalMemAllocator(IRValue):
    """A bump allocator of static tensors (`AscendC::LocalMemAllocator<hard>`)."""

    __slots__ = ("hard",)

    def __init__(self, hard: Hardware = Hardware.UB) -> None:
        if not isinstance(hard, Hardware):
            raise TypeError(f"LocalMemAllocator: 'hard' must be an asc.Hardware, got {hard!r}")
        self.hard = hard
        t = f"!asc.local_mem_allocator<{hard.name.lower()}>"
        super().__init__(builder_for("LocalMemAllocator").create1("asc.local_mem_allocator", [], t))

    @builtin
    def get_cur_addr(self) -> PlainValue:
        b = builder_for("get_cur_addr")
        return PlainValue(b.create1("asc.local_mem_allocator_get_cur_addr", [self.handle], "i32"), int32)

    @builtin
    def alloc(self, pos: TPosition, data_type: Any, tile_size: Any) -> LocalTensor:
        pos = _position(pos, "alloc", "pos")
        dtype = _dtype(data_type, "alloc")
        b = builder_for("alloc")
        handle = b.create1("asc.local_mem_allocator_alloc",
                           [self.handle, _checks.integer(tile_size, "alloc", "tile_size")],
                           _local_type(pos, dtype))
        return LocalTensor(dtype, pos, handle=handle)

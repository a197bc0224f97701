"""The TPipe/TQue programming framework (`AscendC::TPipe`, `TQue`, `TBuf`, ...).

A `TPipe` hands out on-chip buffers to queues (`init_buffer`); a queue's
`alloc_tensor`/`enque`/`deque`/`free_tensor` both manage those buffers and carry the
hardware flags between the producing and consuming pipes, so kernels written this
way need no manual `set_flag`/`wait_flag`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..._C import _ods
from ..basic import _checks
from ..core import semantic
from ..core.auto_tensor import LocalTensorAuto, ShapeInfo, _dims, get_shape_size
from ..core.builtin import builder_for, builtin
from ..core.dtype import DataType, int1, int32
from ..core.enums import HardEvent, Hardware, TPosition
from ..core.ir_value import IRValue, PlainValue, described
from ..core.range import ConstExpr
from ..core.tensor import LocalTensor, local_tensor_type


def _const_int(value: Any, api: str, param: str) -> int:
    value = semantic.python_scalar(ConstExpr.unwrap(value))  # a numpy integer is an int
    if isinstance(value, IRValue) or isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{api}: '{param}' must be a compile-time int (a literal, a module constant or an "
                        f"asc.ConstExpr), got {described(value)}")
    return value


def _position(value: Any, api: str, param: str) -> TPosition:
    if not isinstance(value, TPosition):
        raise TypeError(f"{api}: '{param}' must be an asc.TPosition, got {value!r}")
    return value


def _dtype(value: Any, api: str) -> DataType:
    if not isinstance(value, DataType):
        raise TypeError(f"{api}: expected a data type such as asc.float32, got {value!r}")
    return value


def _event(api: str, event: Any) -> None:
    if not isinstance(event, HardEvent):
        raise TypeError(f"{api}: 'event' must be an asc.HardEvent, got {event!r}")


def _given(value: Any) -> bool:
    """Whether an `init_buffer` number was passed (its default is 0)."""
    return not (isinstance(value, int) and not isinstance(value, bool) and value == 0)


def _shown(value: Any) -> str:
    return str(value) if isinstance(value, int) else "a runtime value"


def _init_buffer(owner: Any, target: Any, num: Any, length: Any, tbuf_builder: Callable[..., Any],
                 queue_builder: Callable[..., Any]) -> None:
    """`init_buffer(que, num, len)` of a TPipe or TBufPool; for a TBuf the byte length is `num` (pyasc's
    keyword) or `len`."""
    b = builder_for("init_buffer")
    if isinstance(target, TBuf):
        if _given(num) and _given(length):
            # A TBuf is one buffer: the second number would be dropped without a word.
            raise TypeError(f"init_buffer: a TBuf takes one byte length, as 'num' (pyasc's keyword) or 'len', "
                            f"but got both num={_shown(num)} and len={_shown(length)}; give the TBuf's byte "
                            f"length once (a TBuf has no buffer count)")
        tbuf_builder(b, owner, target.handle,
                     _checks.integer(length if _given(length) else num, "init_buffer",
                                     "len" if _given(length) else "num"))
    elif isinstance(target, TQueBind):
        queue_builder(b, owner, target.handle, _checks.integer(num, "init_buffer", "num"),
                      _checks.integer(length, "init_buffer", "len"))
    else:
        raise TypeError(f"init_buffer: 'que' must be a TQue, TQueBind or TBuf, got {described(target)}")


def _init_buf_pool(owner: Any, builder: Callable[..., Any], buf_pool: Any, length: Any, share_buf: Any) -> None:
    for param, pool in (("buf_pool", buf_pool), ("share_buf", share_buf)):
        if pool is not None and not isinstance(pool, TBufPool):
            raise TypeError(f"init_buf_pool: '{param}' must be a TBufPool, got {described(pool)}")
    if buf_pool is None:
        raise TypeError("init_buf_pool: 'buf_pool' must be a TBufPool, got NoneType")
    builder(builder_for("init_buf_pool"), owner, buf_pool.handle, _checks.integer(length, "init_buf_pool", "len"),
            share_buf.handle if share_buf is not None else None)


class TPipe(IRValue):
    """The buffer manager of a core (`AscendC::TPipe`); one may be live at a time."""

    __slots__ = ()

    def __init__(self, handle: Any = None) -> None:
        super().__init__(handle if handle is not None else _ods.tpipe(builder_for("TPipe")))

    @builtin
    def init_buffer(self, que: Any = None, num: Any = 0, len: Any = 0, *, buf: Any = None) -> None:  # noqa: A002
        """`InitBuffer(que, num, len)`: `num` buffers of `len` bytes; for a TBuf: `init_buffer(buf, num)`
        where `num` is the byte length (pyasc's keyword)."""
        target = que if que is not None else buf
        _init_buffer(self.handle, target, num, len, _ods.tpipe_init_tbuf, _ods.tpipe_init_buffer)

    @builtin
    def init_buf_pool(self, buf_pool: TBufPool, len: Any = 0, share_buf: Any = None) -> None:  # noqa: A002
        """`InitBufPool(buf_pool, len[, share_buf])`: `len` bytes of the pipe's memory for `buf_pool`, or,
        with `share_buf`, the first `len` bytes of that pool's range (the two pools take turns)."""
        _init_buf_pool(self.handle, _ods.tpipe_init_buf_pool, buf_pool, len, share_buf)

    def _event_op(self, api: str, builder: Callable[..., Any], event: Any) -> PlainValue:
        _event(api, event)
        return PlainValue(builder(builder_for(api), self.handle, event=event, result_type="i32"), int32)

    @builtin
    def alloc_event_id(self, event: HardEvent = HardEvent.V_S) -> PlainValue:
        return self._event_op("alloc_event_id", _ods.tpipe_alloc_event_id, event)

    @builtin
    def fetch_event_id(self, event: HardEvent = HardEvent.V_S) -> PlainValue:
        return self._event_op("fetch_event_id", _ods.tpipe_fetch_event_id, event)

    @builtin
    def release_event_id(self, id: Any, event: HardEvent = HardEvent.V_S) -> None:  # noqa: A002
        _event("release_event_id", event)
        _ods.tpipe_release_event_id(builder_for("release_event_id"), self.handle,
                                    _checks.integer(id, "release_event_id", "id"), event=event)

    @builtin
    def init(self) -> None:
        _ods.tpipe_init(builder_for("init"), self.handle)

    @builtin
    def reset(self) -> None:
        _ods.tpipe_reset(builder_for("reset"), self.handle)

    @builtin
    def destroy(self) -> None:
        _ods.tpipe_destroy(builder_for("destroy"), self.handle)

    def get_base_addr(self, logic_pos: Any = None) -> Any:
        raise NotImplementedError("TPipe.get_base_addr exists only in CANN's CPU debug build and does not "
                                  "compile for the NPU; use TBuf.get or LocalTensor.get_phy_addr instead")


@builtin
def get_tpipe_ptr() -> TPipe:
    """The current core's TPipe (`GetTPipePtr()`)."""
    return TPipe(_ods.get_tpipe_ptr(builder_for("get_tpipe_ptr")))


def _user_positions(api: str, src_user_pos: Any, dst_user_pos: Any) -> dict[str, TPosition]:
    """The keywords of the op for `enque`/`deque`'s user positions (none when neither is given); the
    verifier checks the pair (both or neither, legal positions) at the kernel's line."""
    positions = {}
    for param, value in (("src_user_pos", src_user_pos), ("dst_user_pos", dst_user_pos)):
        if value is not None:
            positions[param] = _position(value, api, param)
    return positions


def _value_deque(b: Any, queue: Any, **kwargs: Any) -> Any:
    """`asc.deque` without the tensor operand (that of the in-place form of a depth-0 queue)."""
    return _ods.deque(b, queue, None, **kwargs)


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
        return _ods.tque_bind(builder_for("TQueBind"),
                              result_type=_ods.tque_bind_type(self.src, self.dst, self.depth))

    @property
    def position(self) -> TPosition:
        """Where this queue's buffers live: the on-chip end of a GM binding, the L0 end of an L1 -> L0
        binding (A1 -> A2, B1 -> B2, C1 -> C2, what TQue(A2) binds), else the source (as the simulator's
        books and `!asc.tque_bind`'s tensor position)."""
        to_l0 = self.src in (TPosition.A1, TPosition.B1, TPosition.C1) and self.dst in (TPosition.A2, TPosition.B2,
                                                                                      TPosition.C2)
        return self.dst if self.src == TPosition.GM or to_l0 else self.src

    @builtin
    def alloc_tensor(self, dtype: Any = None, *, tensor: Any = None) -> LocalTensor | None:
        """`alloc_tensor(dtype)` returns a new tensor of the queue's next free buffer; `alloc_tensor(t)`
        (Ascend C's `AllocTensor(LocalTensor<T>&)`) makes the LocalTensor variable `t` that tensor."""
        return self._queue_tensor("alloc_tensor", _ods.alloc_tensor, dtype, tensor)

    @builtin
    def enque(self, tensor: LocalTensor, src_user_pos: Any = None, dst_user_pos: Any = None) -> None:
        """`enque(tensor)` publishes the tensor to the queue's consumer; with `src_user_pos` and
        `dst_user_pos` (Ascend C's `EnQue<srcUserPos, dstUserPos>`) the flag is the event of that path
        instead of the queue's own: GM→UB sets MTE2_V, UB→GM sets V_MTE3, UB→UB is a PIPE_V barrier."""
        positions = _user_positions("enque", src_user_pos, dst_user_pos)
        _checks.tensor(tensor, "enque", "tensor", (LocalTensor,))
        _ods.enque(builder_for("enque"), self.handle, tensor.handle, **positions)

    @builtin
    def deque(self, dtype: Any = None, src_user_pos: Any = None, dst_user_pos: Any = None, *,
              tensor: Any = None) -> LocalTensor | None:
        """`deque(dtype)` returns the oldest enqueued tensor; `deque(t)` (Ascend C's
        `DeQue(LocalTensor<T>&)`) makes the LocalTensor variable `t` that tensor; `deque(dtype,
        src_user_pos, dst_user_pos)` waits the event of the user positions its `enque` named."""
        positions = _user_positions("deque", src_user_pos, dst_user_pos)
        if positions and (tensor is not None or isinstance(dtype, LocalTensor)):
            raise TypeError("deque: the user positions go with a data type, deque(dtype, src_user_pos, "
                            "dst_user_pos); the in-place deque(tensor) takes none")
        return self._queue_tensor("deque", _value_deque, dtype, tensor, positions)

    def _queue_tensor(self, api: str, builder: Callable[..., Any], dtype: Any, tensor: Any,
                      positions: dict[str, TPosition] | None = None) -> LocalTensor | None:
        if isinstance(dtype, LocalTensor) and tensor is None:
            dtype, tensor = None, dtype
        if tensor is None:
            if not isinstance(dtype, DataType):
                raise TypeError(f"{api}: expected a data type such as asc.float32, or a LocalTensor to take the "
                                f"tensor in place, got {dtype!r}")
            return self._tensor(api, builder, dtype, positions or {})
        if dtype is not None:
            raise TypeError(f"{api}: pass either a data type or a tensor, not both")
        _checks.tensor(tensor, api, "tensor", (LocalTensor,))
        if isinstance(tensor, LocalTensorAuto):
            raise TypeError(f"{api}: 'tensor' is an asc.LocalTensorAuto, which the compiler places and queues "
                            "itself; declare the tensor as asc.LocalTensor(dtype)")
        result_type = local_tensor_type(self.position, tensor.dtype)
        if self.depth == 0:
            # Ascend C's own in-place form, the only one of a depth-0 queue: `q.AllocTensor(t)`,
            # `q.DeQue(t)` (which takes the buffer `t` holds).
            handle = (_ods.alloc_tensor(builder_for(api), self.handle, in_place=True, result_type=result_type)
                      if api == "alloc_tensor" else
                      _ods.deque(builder_for(api), self.handle, tensor.handle, result_type=result_type))
            tensor.take_value(handle, self.position)
            return None
        # On a deeper queue the in-place form is the value form on the tensor's element type, whose result
        # the variable takes: `t_1 = q.AllocTensor<T>()` in the C++, as good as `q.AllocTensor<T>(t)`.
        tensor.take_value(builder(builder_for(api), self.handle, result_type=result_type), self.position)
        return None

    def _tensor(self, api: str, builder: Callable[..., Any], dtype: Any,
                positions: dict[str, TPosition]) -> LocalTensor:
        dtype = _dtype(dtype, api)
        handle = builder(builder_for(api), self.handle, result_type=local_tensor_type(self.position, dtype),
                         **positions)
        return LocalTensor(dtype, self.position, handle=handle)

    @builtin
    def free_tensor(self, tensor: LocalTensor) -> None:
        _checks.tensor(tensor, "free_tensor", "tensor", (LocalTensor,))
        _ods.free_tensor(builder_for("free_tensor"), self.handle, tensor.handle)

    @builtin
    def free_all_event(self) -> None:
        _ods.free_all_event(builder_for("free_all_event"), self.handle)

    @builtin
    def vacant_in_que(self) -> PlainValue:
        return PlainValue(_ods.vacant_in_que(builder_for("vacant_in_que"), self.handle), int1)

    @builtin
    def has_tensor_in_que(self) -> PlainValue:
        return PlainValue(_ods.has_tensor_in_que(builder_for("has_tensor_in_que"), self.handle), int1)

    @builtin
    def get_tensor_count_in_que(self) -> PlainValue:
        b = builder_for("get_tensor_count_in_que")
        return PlainValue(_ods.get_tensor_count_in_que(b, self.handle, result_type=int32.to_ir()), int32)

    @builtin
    def has_idle_buffer(self) -> PlainValue:
        return PlainValue(_ods.has_idle_buffer(builder_for("has_idle_buffer"), self.handle), int1)


class TQue(TQueBind):
    """A queue of `depth` buffers at one position (`AscendC::TQue<pos, depth>`)."""

    __slots__ = ("pos",)

    def __init__(self, pos: TPosition = TPosition.VECIN, depth: Any = 1) -> None:
        self.pos = _position(pos, "TQue", "pos")
        src, dst = (TPosition.GM, pos) if pos in (TPosition.VECIN, TPosition.A1, TPosition.B1,
                                                 TPosition.C1) else (pos, TPosition.GM)
        super().__init__(src, dst, depth)

    def _create(self) -> Any:
        return _ods.tque(builder_for("TQue"), result_type=_ods.tque_type(self.pos, self.depth))

    @property
    def position(self) -> TPosition:
        return self.pos


def _tensor_shape(shape: Any, length: Any) -> tuple[Any, ...]:
    """TBuf.get's `shape` as a tuple of dimensions, checked against a compile-time `len`."""
    dims = _dims(shape, "get: 'shape'")
    if not dims:
        raise ValueError("get: 'shape' needs at least one dimension")
    for i, d in enumerate(dims):
        if isinstance(d, int) and d <= 0:
            raise ValueError(f"get: dimension {i} of 'shape' is {d}; dimensions must be positive")
    count = get_shape_size(ShapeInfo(dims))
    if isinstance(count, int) and isinstance(length, int) and not isinstance(length, bool) and count > length:
        raise ValueError(f"get: 'shape' {list(dims)} has {count} elements, more than len={length}")
    return dims


class TBuf(IRValue):
    """A single un-queued buffer (`AscendC::TBuf<pos>`), e.g. for temporaries."""

    __slots__ = ("pos",)

    def __init__(self, pos: TPosition = TPosition.VECCALC) -> None:
        self.pos = _position(pos, "TBuf", "pos")
        super().__init__(_ods.tbuf(builder_for("TBuf"), result_type=_ods.tbuf_type(self.pos)))

    @builtin
    def get(self, dtype: Any, len: Any = None, shape: Any = None) -> LocalTensor:  # noqa: A002
        """`Get<T>()` / `Get<T>(len)`: the buffer as a tensor of `dtype`, whole or its first `len` elements.
        With `shape` (an int or a sequence of dimensions, compile-time or runtime; also the second
        positional argument, pyasc's `get(dtype, shape)`) the tensor records it (`t.shape`,
        `t.get_shape_info()`) and `len` defaults to its element count."""
        dtype = _dtype(dtype, "get")
        if isinstance(len, Sequence) and shape is None:
            len, shape = None, len  # noqa: A001
        dims = _tensor_shape(shape, len) if shape is not None else None
        if len is None and dims is not None:
            len = get_shape_size(ShapeInfo(dims))  # noqa: A001
        length = _checks.integer(len, "get", "len") if len is not None else None
        handle = _ods.tbuf_get(builder_for("get"), self.handle, length,
                               result_type=local_tensor_type(self.pos, dtype))
        tensor = LocalTensor(dtype, self.pos, handle=handle)
        if dims is not None:
            tensor.shape, tensor.shape_info = dims, ShapeInfo(dims)
        return tensor

    @builtin
    def get_with_offset(self, size: Any, buf_offset: Any, dtype: Any) -> LocalTensor:
        dtype = _dtype(dtype, "get_with_offset")
        handle = _ods.tbuf_get_with_offset(
            builder_for("get_with_offset"), self.handle, _checks.integer(size, "get_with_offset", "size"),
            _checks.integer(buf_offset, "get_with_offset", "buf_offset"),
            result_type=local_tensor_type(self.pos, dtype))
        return LocalTensor(dtype, self.pos, handle=handle)


class TBufPool(IRValue):
    """A pool of buffers carved out of a TPipe (`AscendC::TBufPool<pos, buf_id_size>`)."""

    __slots__ = ("pos", "buf_id_size")

    def __init__(self, pos: TPosition = TPosition.VECIN, buf_id_size: Any = 4) -> None:
        self.pos = _position(pos, "TBufPool", "pos")
        self.buf_id_size = _const_int(buf_id_size, "TBufPool", "buf_id_size")
        super().__init__(_ods.tbuf_pool(builder_for("TBufPool"),
                                        result_type=_ods.tbuf_pool_type(self.pos, self.buf_id_size)))

    @builtin
    def init_buffer(self, que: Any = None, num: Any = 0, len: Any = 0, *, buf: Any = None) -> None:  # noqa: A002
        _init_buffer(self.handle, que if que is not None else buf, num, len, _ods.tbuf_pool_init_tbuf,
                     _ods.tbuf_pool_init_buffer)

    @builtin
    def init_buf_pool(self, buf_pool: TBufPool, len: Any = 0, share_buf: Any = None) -> None:  # noqa: A002
        """`InitBufPool(buf_pool, len[, share_buf])`: a pool nested in this one (`len` bytes of its range),
        or sharing the range of `share_buf`."""
        _init_buf_pool(self.handle, _ods.tbuf_pool_init_buf_pool, buf_pool, len, share_buf)

    @builtin
    def reset(self) -> None:
        _ods.tbuf_pool_reset(builder_for("reset"), self.handle)


class LocalMemAllocator(IRValue):
    """A bump allocator of static tensors (`AscendC::LocalMemAllocator<hard>`)."""

    __slots__ = ("hard",)

    def __init__(self, hard: Hardware = Hardware.UB) -> None:
        if not isinstance(hard, Hardware):
            raise TypeError(f"LocalMemAllocator: 'hard' must be an asc.Hardware, got {hard!r}")
        self.hard = hard
        super().__init__(_ods.local_mem_allocator(builder_for("LocalMemAllocator"),
                                                  result_type=_ods.local_mem_allocator_type(hard)))

    @builtin
    def get_cur_addr(self) -> PlainValue:
        b = builder_for("get_cur_addr")
        return PlainValue(_ods.local_mem_allocator_get_cur_addr(b, self.handle, result_type=int32.to_ir()), int32)

    @builtin
    def alloc(self, pos: TPosition, data_type: Any, tile_size: Any) -> LocalTensor:
        pos = _position(pos, "alloc", "pos")
        dtype = _dtype(data_type, "alloc")
        # An asc.ConstExpr(n) is the compile-time size of the static Alloc<pos, T, n> (pyasc_api.md §1.2).
        handle = _ods.local_mem_allocator_alloc(builder_for("alloc"), self.handle,
                                                _checks.integer(ConstExpr.unwrap(tile_size), "alloc", "tile_size"),
                                                result_type=local_tensor_type(pos, dtype))
        return LocalTensor(dtype, pos, handle=handle)


__all__ = ["TPipe", "TQue", "TQueBind", "TBuf", "TBufPool", "get_tpipe_ptr", "LocalMemAllocator"]

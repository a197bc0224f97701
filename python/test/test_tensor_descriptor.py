"""LocalTensor / GlobalTensor descriptor methods: getters, setters (also inside runtime `if`/`for`),
reinterpret_cast, set_addr_with_offset, user tags; exact values read back through GM."""

from __future__ import annotations

import numpy as np
import pytest

import asc
from asc.codegen.errors import CompileTypeError
from asc.runtime.errors import KernelError

N_OUT = 24


@asc.jit
def descriptor_kernel(x: asc.GlobalAddress, out: asc.GlobalAddress, n: int):
    gx = asc.GlobalTensor()
    gx.set_global_buffer(x, n)
    go = asc.GlobalTensor()
    go.set_global_buffer(out, N_OUT)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECCALC, 1)
    pipe.init_buffer(que=q, num=1, len=1024)
    t = q.alloc_tensor(asc.float32)
    go.set_value(0, t.get_size())
    go.set_value(1, t.get_length())
    go.set_value(2, t.get_position())
    u = t[16:]
    u.set_size(64)
    go.set_value(3, u.get_size())
    go.set_value(4, u.get_length())
    u.set_buffer_len(100)
    go.set_value(5, u.get_length())
    go.set_value(6, u.get_size())
    go.set_value(7, t.get_size())  # t is untouched by u's setters
    h = t.reinterpret_cast(asc.int16)
    go.set_value(8, h.get_size())
    go.set_value(9, h.get_length())
    go.set_value(10, h.get_position())
    e = asc.LocalTensor(asc.int16)
    e.set_addr_with_offset(t, 8)
    go.set_value(11, e.get_phy_addr() - t.get_phy_addr())
    go.set_value(12, e.get_size())
    go.set_value(13, e.get_position())
    t.set_user_tag(42)
    go.set_value(14, u.get_user_tag())  # the tag belongs to the buffer, so every view sees it
    go.set_value(15, gx.get_size())
    g3 = asc.GlobalTensor()
    g3.set_global_buffer(gx.get_phy_addr(3), 4)
    go.set_value(16, g3.get_value(0))
    go.set_value(17, g3.get_size())
    v = t[0:]
    if gx.get_value(0) > 0:
        v.set_size(8)
    else:
        v.set_size(4)
    go.set_value(18, v.get_size())
    w = t[0:]
    for _ in range(3):
        w.set_size(w.get_size() // 2)
    go.set_value(19, w.get_size())
    q.free_tensor(t)


@pytest.mark.parametrize("first", [5, -5])
def test_descriptor_values(first: int) -> None:
    n = 40
    x = np.arange(n, dtype=np.int32)
    x[0] = first
    out = np.full(N_OUT, -1, dtype=np.int32)
    descriptor_kernel[1](x, out, n)
    expected = [256, 1024, int(asc.TPosition.VECCALC),
                64, 256, 100, 25, 256,
                512, 1024, int(asc.TPosition.VECCALC),
                32, (1024 - 32) // 2, int(asc.TPosition.VECCALC),
                42, n, 3, 4,
                8 if first > 0 else 4, 256 // 8]
    np.testing.assert_array_equal(out[:len(expected)], expected)
    assert (out[len(expected):] == -1).all()


@asc.jit
def reinterpret_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, n: asc.ConstExpr[int]):
    gx = asc.GlobalTensor()
    gx.set_global_buffer(x, n)
    gy = asc.GlobalTensor()
    gy.set_global_buffer(y, n)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n)
    asc.data_copy(t, gx, n)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(gy, t.reinterpret_cast(asc.int32), n)


def test_reinterpret_cast_keeps_the_bits() -> None:
    n = 64
    x = np.random.default_rng(5).standard_normal(n).astype(np.float32)
    y = np.zeros(n, dtype=np.int32)
    reinterpret_kernel[1](x, y, n)
    np.testing.assert_array_equal(y, x.view(np.int32))


@asc.jit
def static_tag_kernel(x: asc.GlobalAddress, which: asc.ConstExpr[int]):
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, 64)
    if which == 0:
        t.set_user_tag(1)  # LINE-TAG
    if which == 1:
        gx = asc.GlobalTensor()
        gx.set_global_buffer(x, 8)
        gx.set_value(0, t.get_user_tag())  # LINE-TAG
    if which == 2:
        t[16:].set_user_tag(1)  # LINE-TAG
    if which == 3:
        a = asc.LocalMemAllocator()
        u = a.alloc(asc.TPosition.VECCALC, asc.float32, 64)
        u.set_user_tag(1)  # LINE-TAG


@pytest.mark.parametrize(("which", "api"), [(0, "set_user_tag"), (1, "get_user_tag"), (2, "set_user_tag"),
                                            (3, "set_user_tag")], ids=["set", "get", "view", "allocator"])
def test_user_tag_needs_a_queue_buffer(which: int, api: str) -> None:
    # was "SetUserTag: the tensor was not allocated from a TQue or TBuf; the tag is kept in the queue buffer,
    # which a static or default-constructed LocalTensor does not have": a default-constructed (empty) tensor
    # gets the no-buffer message of every other use (test_local_tensor_without_a_buffer_on_a_path.py)
    with pytest.raises(KernelError) as e:
        static_tag_kernel[1](np.zeros(8, dtype=np.float32), which)
    assert e.value.category == "argument"
    assert e.value.message == (
        f"kernel 'static_tag_kernel' (block 0): {api}: the tensor has no queue buffer to keep the tag in: it is a "
        "static LocalTensor (declared at an address, asc.LocalTensor(dtype, pos, addr, tile_size), or by a "
        "LocalMemAllocator) or a view of one; tag a tensor a TQue (alloc_tensor, deque) or a TBuf (get) handed out")
    assert "LINE-TAG" in str(e.value)


@asc.jit
def tbuf_tag_kernel(out: asc.GlobalAddress):
    go = asc.GlobalTensor()
    go.set_global_buffer(out, 8)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 1024)
    t = buf.get(asc.float32)
    t.set_user_tag(5)
    go.set_value(0, t[8:].get_user_tag())


def test_a_tbuf_tensor_keeps_a_tag() -> None:
    out = np.zeros(8, dtype=np.int32)
    tbuf_tag_kernel[1](out)
    assert out.tolist() == [5, 0, 0, 0, 0, 0, 0, 0]


def test_set_addr_with_offset_type_change_in_loop_is_a_compile_error() -> None:
    @asc.jit
    def moves_position(x: asc.GlobalAddress, n: int):
        src = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, 64)
        t = asc.LocalTensor(asc.float32)
        for i in range(n):
            t.set_addr_with_offset(src, i)

    with pytest.raises(CompileTypeError) as e:
        moves_position[1](np.zeros(8, dtype=np.float32), 2)
    assert ("variable 't' changes type inside the loop: LocalTensor(asc.float32, VECIN) before, "
            "LocalTensor(asc.float32, VECCALC) after") in str(e.value)

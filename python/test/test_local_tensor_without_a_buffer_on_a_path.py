"""An `asc.LocalTensor(dtype)` given a buffer only inside a runtime `if` or loop, then used on a path
where it got none, is a simulator KernelError (category `argument`) at the line of the use, saying
the tensor has no buffer on this path and what to do. The verifier cannot see it (the branch is
decided at run time); the simulator used to report the empty descriptor as GM memory: "data_copy
from GM (GM) to GM (GM) is not supported", "the destination is at position GM", or get_value out
of bounds at a garbage GM address. On the path that does give the buffer the kernels run right. The sort APIs (sort32, sort, mrg_sort, asc.adv's
concat and extract), the layout APIs (transpose, trans_data_to_5hd, slice copies), gather_mask and
load_image_to_local name the operand the same way; sort, concat, extract, the extended transpose's tmp and
gather_mask used to report the empty tensor under an instruction's name (sort32) or as holding 0 elements."""

from __future__ import annotations

import inspect

import numpy as np
import pytest

import asc
import asc.adv
import asc.lib.runtime as rt
from asc.runtime.errors import KernelError

N = 256
NO_BUFFER = ("is a LocalTensor with no buffer on this path: it was declared empty (asc.LocalTensor(dtype)) "
             "and given one only inside a runtime if or loop that did not run that code here; give it a "
             "buffer on every path (alloc_tensor, deque, TBuf.get or set_addr_with_offset before the if "
             "or loop, or in every branch)")


@asc.jit
def copy_given_in_if(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int, flag: int):
    gx = asc.GlobalTensor()
    gz = asc.GlobalTensor()
    gx.set_global_buffer(x, n)
    gz.set_global_buffer(z, n)
    pipe = asc.TPipe()
    q = asc.TQueBind(asc.TPosition.VECIN, asc.TPosition.VECOUT, 1)
    pipe.init_buffer(q, 1, N * 4)
    a = asc.LocalTensor(asc.float32)
    if flag > 0:
        q.alloc_tensor(a)
    asc.data_copy(a, gx, N)  # USE
    q.enque(a)
    q.deque(a)
    asc.data_copy(gz, a, N)
    q.free_tensor(a)


@asc.jit
def fill_given_in_loop(z: asc.GlobalAddress, n: int, count: int):
    gz = asc.GlobalTensor()
    gz.set_global_buffer(z, n)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, N * 4)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC)
    for _ in range(count):
        t = buf.get(asc.float32)
    asc.duplicate(t, 2.0, N)  # USE
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(gz, t, N)


@asc.jit
def use_given_in_if(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int, flag: int, use: asc.ConstExpr[int]):
    """One use of `a` per `use`: each API the simulator reaches with the empty descriptor."""
    gx = asc.GlobalTensor()
    gz = asc.GlobalTensor()
    gx.set_global_buffer(x, n)
    gz.set_global_buffer(z, n)
    pipe = asc.TPipe()
    q = asc.TQueBind(asc.TPosition.VECIN, asc.TPosition.VECOUT, 1)
    pipe.init_buffer(q, 1, N * 4)
    a = asc.LocalTensor(asc.float32)
    if flag > 0:
        q.alloc_tensor(a)
        asc.duplicate(a, 5.0, N)
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    if use == 0:
        gz.set_value(0, a.get_value(3))  # USE 0
    if use == 1:
        a.set_value(3, 7.0)  # USE 1
        gz.set_value(0, a.get_value(3))
    if use == 2:
        asc.data_copy(gz, a, N)  # USE 2
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    if use == 3:
        asc.adds(a, a, 1.0, N)  # USE 3
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)
        asc.data_copy(gz, a, N)
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    if use == 4:
        q.enque(a)  # USE 4
        q.deque(a)
        asc.data_copy(gz, a, N)
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    if use == 5:
        a.set_user_tag(9)  # USE 5
        gz.set_value(0, a.get_user_tag())
    if use == 6:
        asc.dump_tensor(a, 1, 8)  # USE 6
    if use == 7:
        gz.set_value(0, a.get_user_tag())  # USE 7
    q.free_tensor(a)


@asc.jit
def l1_given_in_if(x: asc.GlobalAddress, c: asc.GlobalAddress, flag: int, use: asc.ConstExpr[int]):
    """The cube core (AIC): an L1 tensor given its (static) buffer in a runtime `if`."""
    gx = asc.GlobalTensor()
    gx.set_global_buffer(x, N)
    gc = asc.GlobalTensor()
    gc.set_global_buffer(c, N)
    a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1)
    if flag > 0:
        a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, N)
        asc.data_copy(a1, gx, N)
        asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
        asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
        asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)
        asc.wait_flag(asc.HardEvent.MTE2_MTE1, 0)
    if use == 0:
        asc.data_copy(gc, a1, count=N)  # USE 0
    if use == 1:
        a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, N)
        asc.load_data(a2, a1, asc.LoadData2DParams(0, 1, 1, 0, 0, False, 0))  # USE 1


E = 65536  # the UB byte address of the empty tensors' buffer on the path that gives them one


@asc.jit
def sort_and_layout_use(x: asc.GlobalAddress, flag: int, use: asc.ConstExpr[int]):
    """One use of an empty tensor per `use` in the sort, layout and gather_mask APIs; every other operand
    has its buffer (float16 scores and data, uint32 indices, uint64 block-address lists)."""
    h = asc.float16
    a = asc.LocalTensor(h, asc.TPosition.VECIN, 0, 1024)
    b = asc.LocalTensor(h, asc.TPosition.VECOUT, 8192, 1024)
    c = asc.LocalTensor(h, asc.TPosition.VECCALC, 16384, 4096)
    t8 = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 16384, 8192)
    idx = asc.LocalTensor(asc.uint32, asc.TPosition.VECCALC, 32768, 256)
    d64 = asc.LocalTensor(asc.uint64, asc.TPosition.VECCALC, 40960, 16)
    s64 = asc.LocalTensor(asc.uint64, asc.TPosition.VECCALC, 41088, 16)
    e = asc.LocalTensor(h, asc.TPosition.VECCALC)
    e32 = asc.LocalTensor(asc.uint32, asc.TPosition.VECCALC)
    e8 = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC)
    e64 = asc.LocalTensor(asc.uint64, asc.TPosition.VECCALC)
    asc.duplicate(a, 1.0, 1024)
    asc.duplicate(b, 0.0, 1024)
    asc.duplicate(idx.reinterpret_cast(asc.int32), 7, 256)
    for i in asc.static_range(16):
        d64.set_value(i, b[i * 16].get_phy_addr())
        s64.set_value(i, a[i * 16].get_phy_addr())
    if flag > 0:
        e = asc.LocalTensor(h, asc.TPosition.VECCALC, E, 4096)
        e32 = asc.LocalTensor(asc.uint32, asc.TPosition.VECCALC, E, 256)
        e8 = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, E, 8192)
        e64 = asc.LocalTensor(asc.uint64, asc.TPosition.VECCALC, E, 16)
        asc.duplicate(e, 2.0, 4096)
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)
        for i in asc.static_range(16):
            e64.set_value(i, (b if use == 21 else a)[i * 16].get_phy_addr())
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.set_flag(asc.HardEvent.S_V, 0)
    asc.wait_flag(asc.HardEvent.S_V, 0)
    info = asc.MrgSort4Info([32, 32, 0, 0], False, 3, 1)
    p5 = asc.TransDataTo5HDParams(False, False, 1, 0, 0)
    nchw = asc.TransposeParamsExt(1, 2, 4, 8, asc.TransposeType.TRANSPOSE_NCHW2NHWC)
    slices = [asc.SliceInfo(0, 15, 0, 1, 16)]
    g = asc.GlobalTensor()
    g.set_global_buffer(x, 256)
    if use == 0:
        asc.sort32(e, a, idx, 1)  # USE 0
    if use == 1:
        asc.sort32(b, e, idx, 1)  # USE 1
    if use == 2:
        asc.sort32(b, a, e32, 1)  # USE 2
    if use == 3:
        asc.sort(e, a, idx, c, 2, is_full_sort=True)  # USE 3
    if use == 4:
        asc.sort(b, e, idx, c, 2, is_full_sort=True)  # USE 4
    if use == 5:
        asc.sort(b, a, e32, c, 2, is_full_sort=True)  # USE 5
    if use == 6:
        asc.sort(b, a, idx, e, 2, is_full_sort=True)  # USE 6
    if use == 7:
        asc.mrg_sort(e, asc.MrgSortSrcList(h, a, a[128:]), info)  # USE 7
    if use == 8:
        asc.mrg_sort(b, asc.MrgSortSrcList(h, a, e), info)  # USE 8
    if use == 9:
        asc.adv.concat(e, a, c, 1)  # USE 9
    if use == 10:
        asc.adv.concat(b, e, c, 1)  # USE 10
    if use == 11:
        asc.adv.extract(e, idx, a, 1)  # USE 11
    if use == 12:
        asc.adv.extract(b, e32, a, 1)  # USE 12
    if use == 13:
        asc.adv.extract(b, idx, e, 1)  # USE 13
    if use == 14:
        asc.transpose(e, a)  # USE 14
    if use == 15:
        asc.transpose(b, e)  # USE 15
    if use == 16:
        asc.transpose(e, a, t8, nchw)  # USE 16
    if use == 17:
        asc.transpose(b, e, t8, nchw)  # USE 17
    if use == 18:
        asc.transpose(b, a, e8, nchw)  # USE 18
    if use == 19:
        asc.trans_data_to_5hd([b, b, b, b, b, b, b, b, b, b, b, b, b, b, b, e],  # USE 19
                              [a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a], p5)
    if use == 20:
        asc.trans_data_to_5hd([b, b, b, b, b, b, b, b, b, b, b, b, b, b, b, b],  # USE 20
                              [a, a, a, e, a, a, a, a, a, a, a, a, a, a, a, a], p5)
    if use == 21:
        asc.trans_data_to_5hd(e64, s64, p5, h)  # USE 21
    if use == 22:
        asc.trans_data_to_5hd(d64, e64, p5, h)  # USE 22
    if use == 23:
        asc.data_copy(e, g, slices, slices, 1)  # USE 23
    if use == 24:
        asc.data_copy(g, e, slices, slices, 1)  # USE 24
    if use == 25:
        asc.gather_mask(b, e, 1, False, 0, asc.GatherMaskParams(1, 1, 8, 0))  # USE 25
    if use == 26:
        asc.gather_mask(e, a, 1, False, 0, asc.GatherMaskParams(1, 1, 8, 0))  # USE 26
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)


@asc.jit
def load_image_use(x: asc.GlobalAddress, flag: int):
    """The cube core: load_image_to_local into an L1 tensor given its buffer in a runtime `if`."""
    g = asc.GlobalTensor()
    g.set_global_buffer(x, 64)
    asc.set_aipp_functions(g, asc.AippInputFormat.YUV400_U8, asc.AippParams(asc.float16))
    d = asc.LocalTensor(asc.float16, asc.TPosition.A1)
    if flag > 0:
        d = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 1024)
    asc.load_image_to_local(d, asc.LoadImageToLocalParams(8, 8, 0, 0, 8))  # USE


def _line_of(kernel, marker: str) -> int:
    lines, first = inspect.getsourcelines(kernel.fn)
    return first + next(i for i, text in enumerate(lines) if marker in text)


def _check(err: KernelError, kernel, marker: str, api: str, role: str) -> None:
    assert err.category == "argument"
    assert err.location.file == __file__
    assert err.location.line == _line_of(kernel, marker)
    assert f"kernel '{kernel.fn.__name__}' (block 0): {api}: the {role} {NO_BUFFER}" in str(err)


def test_copy_into_a_tensor_given_a_buffer_in_an_if() -> None:
    x = np.arange(N, dtype=np.float32)
    z = np.zeros_like(x)
    copy_given_in_if[1](x, z, N, 1)
    np.testing.assert_array_equal(z, x)
    with pytest.raises(KernelError) as e:
        copy_given_in_if[1](x, z, N, 0)
    _check(e.value, copy_given_in_if, "# USE", "data_copy", "destination")


def test_vector_op_on_a_tensor_given_a_buffer_in_a_loop() -> None:
    z = np.zeros(N, dtype=np.float32)
    fill_given_in_loop[1](z, N, 2)
    np.testing.assert_array_equal(z, np.full(N, 2.0, dtype=np.float32))
    with pytest.raises(KernelError) as e:
        fill_given_in_loop[1](z, N, 0)  # the loop makes no iteration
    _check(e.value, fill_given_in_loop, "# USE", "duplicate", "destination")


@pytest.mark.parametrize(("use", "api", "role", "expected"), [
    (0, "get_value", "tensor", [5.0]),
    (1, "set_value", "tensor", [7.0]),
    (2, "data_copy", "source", [5.0] * N),
    (3, "adds", "destination", [6.0] * N),
    (4, "enque", "tensor", [5.0] * N),
    (5, "set_user_tag", "tensor", [9.0]),  # was "SetUserTag", the C++ name
    (6, "dump_tensor", "tensor", []),
    (7, "get_user_tag", "tensor", [0.0]),  # a buffer's tag is 0 until set
])
def test_each_use_of_a_tensor_without_a_buffer(use: int, api: str, role: str, expected: list[float]) -> None:
    x = np.arange(N, dtype=np.float32)
    z = np.zeros(N, dtype=np.float32)
    use_given_in_if[1](x, z, N, 1, use)
    np.testing.assert_array_equal(z[:len(expected)], np.array(expected, dtype=np.float32))
    assert (z[len(expected):] == 0).all()
    with pytest.raises(KernelError) as e:
        use_given_in_if[1](x, z, N, 0, use)
    _check(e.value, use_given_in_if, f"# USE {use}", api, role)


def test_cube_uses_of_an_l1_tensor_without_a_buffer() -> None:
    x = (np.arange(N) % 100).astype(np.float16)
    c = np.zeros(N, np.float16)
    l1_given_in_if[1](x, c, 1, 0)
    np.testing.assert_array_equal(c, x)  # GM -> L1 -> GM
    l1_given_in_if[1](x, c, 1, 1)
    assert rt.last_launch().pipe_busy_cycles["MTE1"] > 0  # the load_data L1 -> L0A ran
    for use, api in [(0, "data_copy"), (1, "load_data")]:
        with pytest.raises(KernelError) as e:
            l1_given_in_if[1](x, c, 0, use)
        _check(e.value, l1_given_in_if, f"# USE {use}", api, "source")


@pytest.mark.parametrize(("use", "api", "role"), [
    (0, "sort32", "destination"), (1, "sort32", "scores"), (2, "sort32", "indices"),
    # were "sort32: ..." (the instruction asc.sort starts with) and, for tmp, "a full sort of 64 elements
    # needs a tmp buffer of at least 256 elements (512 bytes: get_sort_len(64)), but it holds 0"
    (3, "sort", "destination"), (4, "sort", "scores (concat)"), (5, "sort", "indices (index)"),
    (6, "sort", "tmp buffer"),
    (7, "mrg_sort", "destination"), (8, "mrg_sort", "list 2"),
    # were "asc.adv.concat: repeat_time = 1 covers 16 elements, but 'dst' holds only 0" and the like
    (9, "asc.adv.concat", "destination"), (10, "asc.adv.concat", "source"),
    (11, "asc.adv.extract", "value destination (dst_value)"),
    (12, "asc.adv.extract", "index destination (dst_index)"), (13, "asc.adv.extract", "source"),
    (14, "transpose", "destination"), (15, "transpose", "source"), (16, "transpose", "destination"),
    (17, "transpose", "source"),
    # was "transpose: the shared tmp buffer holds 0 bytes, but (c + 2) * h0 * w0 * sizeof(T) = 2048 are needed"
    (18, "transpose", "shared tmp buffer"),
    (19, "trans_data_to_5hd", "destination 15"), (20, "trans_data_to_5hd", "source 3"),
    (21, "trans_data_to_5hd", "destination address list"), (22, "trans_data_to_5hd", "source address list"),
    (23, "data_copy", "destination"), (24, "data_copy", "source"),
    # were "gather_mask: mask = 128 elements per repeat, but the source tensor holds 0" and "built-in pattern 1
    # keeps 64 elements, but the destination tensor holds 0"
    (25, "gather_mask", "source 0"), (26, "gather_mask", "destination"),
])
def test_sort_and_layout_operands_without_a_buffer(use: int, api: str, role: str) -> None:
    x = np.zeros(256, np.float16)
    sort_and_layout_use[1](x, 1, use)  # the path that gives the buffer runs
    with pytest.raises(KernelError) as e:
        sort_and_layout_use[1](x, 0, use)
    _check(e.value, sort_and_layout_use, f"# USE {use}", api, role)


def test_load_image_into_an_l1_tensor_without_a_buffer() -> None:
    image = np.arange(64, dtype=np.uint8)
    load_image_use[1](image, 1)
    with pytest.raises(KernelError) as e:
        load_image_use[1](image, 0)
    _check(e.value, load_image_use, "# USE", "load_image_to_local", "destination")

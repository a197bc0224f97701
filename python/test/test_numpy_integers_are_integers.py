"""A numpy integer is an integer wherever the API takes one: tensor sizes, addresses and indices, the
count of a basic API call, runtime range bounds, the bit helpers' and get_arch_version's value, list and
shape descriptors, compile-time sizes (TPipe, tilings, configs) and template ints (count_value, the HCCL
index, the cross-core mode). Each
refused one ("buffer_size must be an integer, got int32", "range bounds must be integers, got
int32"); binary operators already took them as their Python values, and so do these."""

from __future__ import annotations

import numpy as np
from conftest import dumped

import asc
from asc.runtime import list_tensor


@asc.jit
def sizes_and_indices(x: asc.GlobalAddress, y: asc.GlobalAddress):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x, np.int32(64))
    yg = asc.GlobalTensor()
    yg.set_global_buffer(y, np.uint64(64))
    s = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, np.int32(0), np.int64(64))
    asc.data_copy(s, xg, np.int32(64))
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.adds(s, s, 1.5, np.uint32(64))
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(yg, s[np.int32(8):], np.int16(8))
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    yg.set_value(np.uint8(20), xg.get_value(np.int64(3)))


def test_sizes_counts_and_indices_take_numpy_integers() -> None:
    x = np.arange(64, dtype=np.float32)
    y = np.zeros(64, np.float32)
    sizes_and_indices[1](x, y)
    want = np.zeros(64, np.float32)
    want[:8] = x[8:16] + np.float32(1.5)
    want[20] = x[3]
    assert y.tolist() == want.tolist()


@asc.jit
def numpy_range_bounds(out: asc.GlobalAddress, n: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, 16)
    total = 0
    for i in range(np.int32(3)):
        total += i
    for i in range(np.int64(1), n, np.int8(2)):
        total += i * 10
    g.set_value(0, total)


def test_runtime_range_takes_numpy_bounds() -> None:
    out = np.zeros(16, np.int32)
    for n in (0, 6, 9):
        numpy_range_bounds[1](out, n)
        assert out[0] == sum(range(3)) + sum(i * 10 for i in range(1, n, 2))


@asc.jit
def numpy_scalar_helpers(out: asc.GlobalAddress):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, 3)
    g.set_value(0, asc.scalar_get_count_of_value(np.uint64(0xF0F0), 1))
    g.set_value(1, asc.scalar_count_leading_zero(np.int64(1 << 40)))
    g.set_value(2, asc.get_arch_version(np.uint32(220)))


def test_bit_helpers_and_get_arch_version_take_numpy_integers() -> None:
    out = np.zeros(3, np.int64)
    numpy_scalar_helpers[1](out)
    # get_arch_version writes the core's version over the value given (test_system_api.py)
    assert out.tolist() == [bin(0xF0F0).count("1"), 64 - (1 << 40).bit_length(), 0x2201]


@asc.jit
def numpy_descriptors(xs: asc.GlobalAddress, p: asc.GlobalAddress, out: asc.GlobalAddress, words: int):
    og = asc.GlobalTensor()
    og.set_global_buffer(out, 4)
    lst = asc.ListTensorDesc(xs, np.uint32(3), words)
    og.set_value(0, lst.get_size())
    og.set_shape_info(asc.ShapeInfo([np.int32(2), np.int64(2)]))
    og.set_value(1, asc.get_shape_size(og.get_shape_info()))
    og.set_value(2, og.get_shape_info().shape(1))
    pg = asc.GlobalTensor()
    pg.set_global_buffer(p, 4)
    asc.data_cache_preload(pg, np.int64(64))


def test_list_and_shape_descriptors_and_preload_take_numpy_integers() -> None:
    # "ListTensorDesc: 'length' must be an integer, got uint32", "ShapeInfo shape: dimension 0 must be an
    # integer, got int32", "data_cache_preload: 'cache_offset' must be an integer, got np.int64(64)"
    xs = [np.zeros((2, 4), np.float16), np.zeros(8, np.float16), np.zeros((2, 2, 2), np.float16)]
    lt = list_tensor(xs)
    out = np.full(4, -1, np.int64)
    numpy_descriptors[1](lt, np.zeros(4, np.uint64), out, lt.shape_size)
    assert out.tolist() == [3, 4, 2, -1]


TILE = np.int32(64)  # numpy constants at module level: compile-time ints like Python's


@asc.jit
def pipe_of_numpy_sizes(x: asc.GlobalAddress, y: asc.GlobalAddress, out: asc.GlobalAddress):
    xg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    og = asc.GlobalTensor()
    xg.set_global_buffer(x, TILE)
    yg.set_global_buffer(y, TILE)
    og.set_global_buffer(out, 2)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, np.int32(1))
    pipe.init_buffer(que=q, num=np.int64(1), len=TILE * 4)
    s = q.alloc_tensor(asc.float32)
    asc.data_copy(s, xg, TILE)
    q.enque(s)
    s = q.deque(asc.float32)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(yg, s, TILE)
    q.free_tensor(s)
    og.set_value(0, asc.scalar_get_count_of_value(np.uint64(0xF0F0), np.int32(0)))


def test_pipe_sizes_and_template_ints_take_numpy_integers() -> None:
    # "init_buffer: 'len' must be a compile-time int", "'count_value' must be the Python int 0 or 1"
    x = np.arange(64, dtype=np.float32)
    y = np.zeros(64, np.float32)
    out = np.zeros(2, np.int64)
    pipe_of_numpy_sizes[1](x, y, out)
    assert y.tolist() == x.tolist() and out[0] == 64 - bin(0xF0F0).count("1")


def test_host_side_tilings_and_configs_take_numpy_integers() -> None:
    # "rmsnorm_tiling: 'b' must be a compile-time int, got int32", "QuantConfig: 'calc_count' must be a
    # compile-time int >= 0", "'basic_m' must be a positive compile-time int", "MatmulConfig.basic_n must be
    # an int"
    numpy_shape = (np.int32(1), np.int64(4), np.uint16(64))
    assert repr(asc.adv.rmsnorm_tiling(numpy_shape, asc.float32, original_h=np.int8(60))) == \
        repr(asc.adv.rmsnorm_tiling((1, 4, 64), asc.float32, original_h=60))
    q = asc.adv.QuantConfig(calc_count=np.int32(64), work_local_size=np.uint32(8192))
    assert (q.calc_count, q.work_local_size) == (64, 8192) and type(q.calc_count) is int
    c = asc.adv.get_basic_config(np.int32(128), 128, np.int64(64))
    c.basic_n = np.int16(32)
    assert c.diff() == {"doNorm": False, "doBasicBlock": True, "basicM": 128, "basicN": 32, "basicK": 64}


@asc.jit
def hccl_numpy_index(ws: asc.GlobalAddress):
    asc.set_hccl_context(np.int32(1), ws + 16)
    c1 = asc.GlobalTensor()
    c1.set_global_buffer(asc.get_hccl_context(index=np.uint8(1)), 8)
    c1.set_value(1, 9)


def test_hccl_context_index_takes_a_numpy_integer() -> None:
    # "set_hccl_context: 'index' must be the Python int 0 or 1 (a template argument)"
    ws = np.zeros(32, dtype=np.uint8)
    hccl_numpy_index[1](ws)
    assert ws[17] == 9 and np.count_nonzero(ws) == 1


@asc.jit
def cross_core_mode(x: asc.GlobalAddress, with_numpy: asc.ConstExpr[bool]):
    if asc.ascend_is_aiv():
        asc.cross_core_set_flag(3, np.int32(2) if with_numpy else 2, asc.PipeID.PIPE_MTE3)
    else:
        asc.cross_core_wait_flag(3, np.uint8(2) if with_numpy else 2, asc.PipeID.PIPE_S)


def test_cross_core_mode_takes_a_numpy_integer(tmp_path, monkeypatch) -> None:
    # "cross_core_set_flag: 'mode_id' must be a compile-time int (0, 1 or 2), got int32"; compiled only
    # (DRY_RUN): the C++ equals that of Python ints but for the #line directives
    monkeypatch.setenv("DRY_RUN", "1")
    cpp = []
    for flag in (True, False):
        monkeypatch.setenv("PYASC_DUMP_PATH", str(tmp_path / str(flag)))
        cross_core_mode[1](np.zeros(16, np.uint8), flag)
        text = (dumped(tmp_path / str(flag), "cross_core_mode") / "ascendc.cpp").read_text()
        cpp.append([line for line in text.splitlines() if not line.startswith("#line")])
    assert any("CrossCoreSetFlag<2" in line for line in cpp[1]) and cpp[0] == cpp[1]


@asc.jit
def load_image_sid(x: asc.GlobalAddress, with_numpy: asc.ConstExpr[bool]):
    g = asc.GlobalTensor()
    g.set_global_buffer(x, 64)
    asc.set_aipp_functions(g, asc.AippInputFormat.YUV400_U8, asc.AippParams(asc.float16))
    asc.load_image_to_local(asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 32),
                            asc.LoadImageToLocalParams(2, 2, 0, 0, 2, sid=np.uint8(0) if with_numpy else 0))


def test_load_image_sid_takes_a_numpy_integer(tmp_path, monkeypatch) -> None:
    # "LoadImageToLocalParams: 'sid' must be an int in [0, 255], got np.uint8(0)"; compiled only (DRY_RUN)
    monkeypatch.setenv("DRY_RUN", "1")
    cpp = []
    for flag in (True, False):
        monkeypatch.setenv("PYASC_DUMP_PATH", str(tmp_path / str(flag)))
        load_image_sid[1](np.zeros(64, np.uint8), flag)
        text = (dumped(tmp_path / str(flag), "load_image_sid") / "ascendc.cpp").read_text()
        cpp.append([line for line in text.splitlines() if not line.startswith("#line")])
    assert any("LoadImageToLocal" in line for line in cpp[1]) and cpp[0] == cpp[1]

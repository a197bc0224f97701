"""LocalTensorAuto with insert_sync, auto_sync on the simulator, and verify_sync (docs/sync.md).

Every kernel here runs with the race detector raising (the default), so a kernel the passes
synchronised must run clean; the emitted Ascend C is read through PYASC_DUMP_PATH."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import asc
import asc.lib.host as host
from asc.codegen.errors import CapacityError, CompileError
from asc.runtime.errors import KernelError, SyncWarning

TILE = 256


def _dump(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    monkeypatch.setenv("PYASC_DUMP_PATH", str(tmp_path))
    return tmp_path


def _only(dump: Path) -> Path:
    """The dump folder of the one kernel the test compiled (PYASC_DUMP_PATH/<kernel>-<key>/)."""
    folders = [p for p in dump.iterdir() if p.is_dir()]
    assert len(folders) == 1, folders
    return folders[0]


# -- vector add: LocalTensorAuto tensors passed to device functions -----------------------------------

@asc.jit
def copy_in(dst: asc.LocalTensor, src: asc.GlobalTensor, n: int) -> None:
    asc.data_copy(dst, src, n)


@asc.jit
def compute(z: asc.LocalTensor, x: asc.LocalTensor, y: asc.LocalTensor, n: int) -> None:
    asc.add(z, x, y, n)


@asc.jit(always_compile=True)
def auto_vadd(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, tiles: int):
    base = asc.get_block_idx() * tiles * TILE
    xg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x + base, tiles * TILE)
    yg.set_global_buffer(y + base, tiles * TILE)
    zg.set_global_buffer(z + base, tiles * TILE)
    for i in range(tiles):
        x_local = asc.LocalTensorAuto(asc.float32, TILE)
        y_local = asc.LocalTensorAuto(asc.float32, [TILE])
        z_local = asc.LocalTensorAuto(asc.float32, TILE)
        copy_in(x_local, xg[i * TILE:], TILE)
        copy_in(y_local, yg[i * TILE:], TILE)
        compute(z_local, x_local, y_local, TILE)
        asc.data_copy(zg[i * TILE:], z_local, TILE)


def test_vadd_with_local_tensor_auto_and_device_functions(monkeypatch: pytest.MonkeyPatch,
                                                          tmp_path: Path) -> None:
    dump = _dump(monkeypatch, tmp_path)
    rng = np.random.default_rng(1)
    x = rng.standard_normal(4 * 8 * TILE).astype(np.float32)
    y = rng.standard_normal(4 * 8 * TILE).astype(np.float32)
    z = np.zeros_like(x)
    auto_vadd[4](x, y, z, 8)
    np.testing.assert_array_equal(z, x + y)
    cpp = (_only(dump) / "ascendc.cpp").read_text()
    # One TPipe, a depth-1 queue per input and output, the queue protocol in the loop.
    assert cpp.count("AscendC::TPipe ") == 1
    assert cpp.count("AscendC::TQue<AscendC::TPosition::VECIN, 1>") == 2
    assert cpp.count("AscendC::TQue<AscendC::TPosition::VECOUT, 1>") == 1
    assert cpp.count(".EnQue(") == 3 and cpp.count(".DeQue<float>()") == 3
    assert cpp.count(".AllocTensor<float>()") == 3 and cpp.count(".FreeTensor(") == 3
    assert "SetFlag" not in cpp and "PipeBarrier" not in cpp
    assert "local_tensor_auto" in (_only(dump) / "codegen.mlir").read_text()
    after = (_only(dump) / "ascir.mlir").read_text()
    assert "local_tensor_auto" not in after and "asc.enque" in after


# -- a scalar read from GM, duplicate, add -------------------------------------------------------------

@asc.jit(always_compile=True)
def add_scalar_from_gm(x: asc.GlobalAddress, s: asc.GlobalAddress, z: asc.GlobalAddress, tiles: int):
    xg = asc.GlobalTensor()
    sg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x, tiles * TILE)
    sg.set_global_buffer(s, 8)
    zg.set_global_buffer(z, tiles * TILE)
    value = sg.get_value(0)
    for i in range(tiles):
        a = asc.LocalTensorAuto(asc.float32, TILE)
        b = asc.LocalTensorAuto(asc.float32, TILE)
        c = asc.LocalTensorAuto(asc.float32, TILE)
        asc.data_copy(a, xg[i * TILE:], TILE)
        asc.duplicate(b, value, TILE)
        asc.add(c, a, b, TILE)
        asc.data_copy(zg[i * TILE:], c, TILE)


def test_get_value_from_gm_then_duplicate_and_add(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    dump = _dump(monkeypatch, tmp_path)
    x = np.arange(3 * TILE, dtype=np.float32)
    s = np.full(8, 2.5, dtype=np.float32)
    z = np.zeros_like(x)
    add_scalar_from_gm[1](x, s, z, 3)
    np.testing.assert_array_equal(z, x + 2.5)
    cpp = (_only(dump) / "ascendc.cpp").read_text()
    # b is scratch (VECCALC, a TBuf); a is VECIN, c is VECOUT.
    assert "AscendC::TBuf<AscendC::TPosition::VECCALC>" in cpp
    assert cpp.count("AscendC::TQue<AscendC::TPosition::VECIN, 1>") == 1


# -- quant-style scaling, dynamic 2-D shape -----------------------------------------------------------

@asc.jit(always_compile=True)
def scale_to_half(x: asc.GlobalAddress, y: asc.GlobalAddress, rows: int, cols: int, scale: float):
    xg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    xg.set_global_buffer(x, rows * cols)
    yg.set_global_buffer(y, rows * cols)
    src = asc.LocalTensorAuto(asc.float32, (rows, cols))
    scaled = asc.LocalTensorAuto(asc.float32, (rows, cols))
    out = asc.LocalTensorAuto(asc.float16, (rows, cols))
    asc.data_copy(src, xg, rows * cols)
    asc.muls(scaled, src, scale, rows * cols)
    asc.cast(out, scaled, asc.RoundMode.CAST_NONE, rows * cols)
    asc.data_copy(yg, out, rows * cols)


@pytest.mark.parametrize("rows,cols", [(4, 64), (16, 128)])
def test_quant_scaling_with_dynamic_2d_shape(rows: int, cols: int, monkeypatch: pytest.MonkeyPatch,
                                             tmp_path: Path) -> None:
    dump = _dump(monkeypatch, tmp_path)
    rng = np.random.default_rng(rows)
    x = rng.standard_normal(rows * cols).astype(np.float32)
    y = np.zeros(rows * cols, dtype=np.float16)
    scale_to_half[1](x, y, rows, cols, 0.75)
    np.testing.assert_array_equal(y, (x * np.float32(0.75)).astype(np.float16))
    cpp = (_only(dump) / "ascendc.cpp").read_text()
    # The buffer sizes are computed from the runtime dimensions.
    assert "InitBuffer(" in cpp and "rows * cols" not in (_only(dump) / "codegen.mlir").read_text()


# -- capacity ----------------------------------------------------------------------------------------

@asc.jit(always_compile=True)
def too_big(x: asc.GlobalAddress):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x, 64)
    big = asc.LocalTensorAuto(asc.float32, (384, 128))
    other = asc.LocalTensorAuto(asc.float32, (128, 128))
    asc.data_copy(big, xg, 64)
    asc.add(other, big, big, 64)
    asc.data_copy(xg, other, 64)


def test_local_tensor_auto_beyond_ub_names_tensors_and_sizes() -> None:
    with pytest.raises(CapacityError) as info:
        too_big[1](np.zeros(64, dtype=np.float32))
    text = str(info.value)
    assert ("LocalTensorAuto: the LocalTensorAuto tensors of this kernel need 262144 bytes of the Unified "
            "Buffer, which has 196608 ('big' float32[384, 128]: 196608 bytes, 'other' float32[128, 128]: "
            "65536 bytes); each tensor has its own buffer for the whole kernel") in text
    assert info.value.location.line == too_big.fn.__code__.co_firstlineno + 5


# -- auto_sync: what bisheng's --cce-auto-sync inserts, simulated -----------------------------------

def _scalar_after_vector(auto_sync: bool, mte2_flag: bool = True):
    @asc.jit(auto_sync=auto_sync, always_compile=True)
    def scalar_after_vector(x: asc.GlobalAddress, z: asc.GlobalAddress):
        xg = asc.GlobalTensor()
        zg = asc.GlobalTensor()
        xg.set_global_buffer(x, 64)
        zg.set_global_buffer(z, 64)
        a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 64)
        b = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 256, 64)
        asc.data_copy(a, xg, 64)
        if mte2_flag:
            asc.set_flag(asc.HardEvent.MTE2_V, 0)
            asc.wait_flag(asc.HardEvent.MTE2_V, 0)
        asc.adds(b, a, 1.0, 64)
        v = b.get_value(3)  # a scalar read of a vector result, no V_S flag
        zg.set_value(0, v)

    return scalar_after_vector


def test_auto_sync_true_orders_a_scalar_read_after_a_vector_write() -> None:
    x = np.arange(64, dtype=np.float32)
    z = np.zeros(64, dtype=np.float32)
    _scalar_after_vector(True)[1](x, z)
    assert z[0] == 4.0


def test_auto_sync_false_reports_the_scalar_read_as_a_race() -> None:
    kernel = _scalar_after_vector(False)
    x = np.arange(64, dtype=np.float32)
    with pytest.raises(KernelError) as info:
        kernel[1](x, np.zeros(64, dtype=np.float32))
    assert info.value.category == "race"
    assert "RAW hazard on UB" in info.value.message and "S get_value" in info.value.message
    assert info.value.location.line == kernel.fn.__code__.co_firstlineno + 13


def test_auto_sync_true_still_reports_a_missing_mte2_v_flag() -> None:
    kernel = _scalar_after_vector(True, mte2_flag=False)
    with pytest.raises(KernelError) as info:
        kernel[1](np.arange(64, dtype=np.float32), np.zeros(64, dtype=np.float32))
    assert info.value.category == "race"
    assert "MTE2 data_copy" in info.value.message and "V adds" in info.value.message


@asc.jit(auto_sync=True, always_compile=True)
def scalar_after_cached_copies(x: asc.GlobalAddress, z: asc.GlobalAddress):
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x, 256)
    zg.set_global_buffer(z, 64)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 64)
    for i in range(4):
        asc.data_copy(a, xg[i * 64:], 64)  # from the second iteration on: the cached plan
        v = a.get_value(3)  # no MTE2_S flag: auto_sync's wait
        zg.set_value(i, v)


def test_auto_sync_true_orders_a_scalar_read_after_a_cached_copy() -> None:
    # The simulator issues a call site's later copies from the plan of its first (the ABI's
    # call-free path): auto_sync must note their ranges all the same.
    x = np.arange(256, dtype=np.float32)
    z = np.zeros(64, dtype=np.float32)
    scalar_after_cached_copies[1](x, z)
    np.testing.assert_array_equal(z[:4], [3.0, 67.0, 131.0, 195.0])


@asc.jit(auto_sync=True, always_compile=True)
def scalar_after_cached_vector_ops(x: asc.GlobalAddress, z: asc.GlobalAddress):
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x, 64)
    zg.set_global_buffer(z, 64)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 64)
    b = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 256, 64)
    asc.data_copy(a, xg, 64)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    for i in range(4):
        asc.adds(b, a, 1.0, 64)  # from the second iteration on: the cached plan
        v = b.get_value(i)  # no V_S flag: auto_sync's wait for the add's write
        zg.set_value(i, v)


def test_auto_sync_true_orders_a_scalar_read_after_a_cached_vector_op() -> None:
    # A call site's later vector ops are issued from the plan of its first: auto_sync must note
    # their writes as writes (a read of b after a noted read of b would not wait, and race).
    x = np.arange(64, dtype=np.float32)
    z = np.zeros(64, dtype=np.float32)
    scalar_after_cached_vector_ops[1](x, z)
    np.testing.assert_array_equal(z[:4], [1.0, 2.0, 3.0, 4.0])


# -- insert_sync with auto_sync=False inserts the scalar flags itself ----------------------------------

@asc.jit(auto_sync=False, always_compile=True)
def strict_scalar_from_auto(x: asc.GlobalAddress, z: asc.GlobalAddress):
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x, TILE)
    zg.set_global_buffer(z, TILE)
    a = asc.LocalTensorAuto(asc.float32, TILE)
    b = asc.LocalTensorAuto(asc.float32, TILE)
    asc.data_copy(a, xg, TILE)
    asc.adds(b, a, 1.0, TILE)
    first = b.get_value(0)
    b.set_value(1, first)
    asc.muls(b, b, 2.0, TILE)
    asc.data_copy(zg, b, TILE)


def test_insert_sync_without_auto_sync_inserts_scalar_flags(monkeypatch: pytest.MonkeyPatch,
                                                            tmp_path: Path) -> None:
    dump = _dump(monkeypatch, tmp_path)
    x = np.arange(TILE, dtype=np.float32)
    z = np.zeros_like(x)
    strict_scalar_from_auto[1](x, z)
    want = (x + 1) * 2
    want[1] = want[0]
    np.testing.assert_array_equal(z, want)
    cpp = (_only(dump) / "ascendc.cpp").read_text()
    assert "AscendC::SetFlag<AscendC::HardEvent::V_S>" in cpp
    assert "AscendC::SetFlag<AscendC::HardEvent::S_V>" in cpp
    # The adds -> get_value -> set_value -> muls chain is ordered by V_S and S_V: no PIPE_V barrier.
    assert "PipeBarrier" not in cpp


# -- insert_sync removes the user's flags --------------------------------------------------------------

@asc.jit(insert_sync=True, always_compile=True)
def hand_synced(x: asc.GlobalAddress, z: asc.GlobalAddress):
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x, TILE)
    zg.set_global_buffer(z, TILE)
    a = asc.LocalTensorAuto(asc.float32, TILE)
    asc.data_copy(a, xg, TILE)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)  # removed by insert_sync (docs/sync.md)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    b = asc.LocalTensorAuto(asc.float32, TILE)
    asc.muls(b, a, 3.0, TILE)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(zg, b, TILE)


def test_insert_sync_replaces_user_flags(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    dump = _dump(monkeypatch, tmp_path)
    x = np.arange(TILE, dtype=np.float32)
    z = np.zeros_like(x)
    hand_synced[1](x, z)
    np.testing.assert_array_equal(z, x * 3)
    cpp = (_only(dump) / "ascendc.cpp").read_text()
    assert "SetFlag" not in cpp and "PipeBarrier" not in cpp and cpp.count(".EnQue(") == 2


@asc.jit(insert_sync=False, always_compile=True)
def auto_without_insert_sync(x: asc.GlobalAddress, z: asc.GlobalAddress):
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x, TILE)
    zg.set_global_buffer(z, TILE)
    a = asc.LocalTensorAuto(asc.float32, TILE)
    b = asc.LocalTensorAuto(asc.float32, TILE)
    asc.data_copy(a, xg, TILE)
    asc.muls(b, a, 3.0, TILE)
    asc.data_copy(zg, b, TILE)


def test_insert_sync_false_leaves_synchronisation_to_the_user() -> None:
    with pytest.raises(KernelError) as info:
        auto_without_insert_sync[1](np.arange(TILE, dtype=np.float32), np.zeros(TILE, dtype=np.float32))
    assert info.value.category == "race"
    assert "MTE2 data_copy" in info.value.message and "V muls" in info.value.message


# -- verify_sync --------------------------------------------------------------------------------------

def _queue_kernel(case: str):
    @asc.jit(verify_sync=True, always_compile=True)
    def queue_misuse(x: asc.GlobalAddress):
        xg = asc.GlobalTensor()
        xg.set_global_buffer(x, 64)
        pipe = asc.TPipe()
        q = asc.TQue(asc.TPosition.VECIN, 2)
        pipe.init_buffer(q, 2, 256)
        t = q.alloc_tensor(asc.float32)
        asc.data_copy(t, xg, 64)
        if case == "double_free":
            q.enque(t)
            u = q.deque(asc.float32)
            q.free_tensor(u)
            q.free_tensor(u)
        elif case == "no_free":
            q.enque(t)
            u = q.deque(asc.float32)
            asc.adds(u, u, 1.0, 64)
        elif case == "no_deque":
            q.enque(t)
        elif case == "deque_first":
            u = q.deque(asc.float32)
            q.free_tensor(u)
            q.free_tensor(t)
        elif case == "use_while_queued":
            q.enque(t)
            asc.adds(t, t, 1.0, 64)
            u = q.deque(asc.float32)
            q.free_tensor(u)

    return queue_misuse


@pytest.mark.parametrize("case,offset,message", [
    ("double_free", 13, "free_tensor of tensor 't' that was already freed (double free)"),
    ("no_free", 7, "tensor 't' is allocated and never freed (free_tensor) in this block"),
    ("no_deque", 19, "tensor 't' is enqueued and never dequeued in this block"),
    ("deque_first", 21, "deque from a queue that nothing was enqueued to in this block (enque before deque)"),
    ("use_while_queued", 26, "tensor 't' is used between its enque and its deque; use the tensor deque "
                             "returns"),
])
def test_verify_sync_warns_at_the_line(case: str, offset: int, message: str) -> None:
    kernel = _queue_kernel(case)
    line = kernel.fn.__code__.co_firstlineno + offset
    with pytest.warns(SyncWarning) as record:
        try:
            kernel[1](np.zeros(64, dtype=np.float32))
        except KernelError:
            pass  # the simulator also stops some of these kernels; the warning came first
    texts = [str(w.message) for w in record if issubclass(w.category, SyncWarning)]
    assert f"{kernel.file}:{line}: verify_sync: {message}" in texts


def test_verify_sync_is_quiet_on_the_passes_queue_operations() -> None:
    import warnings

    # The kernel insert_sync synchronised follows the queue protocol in every block.
    checked = asc.jit(verify_sync=True, always_compile=True)(auto_vadd.fn)
    x = np.arange(8 * TILE, dtype=np.float32)
    z = np.zeros_like(x)
    with warnings.catch_warnings():
        warnings.simplefilter("error", SyncWarning)
        checked[1](x, x, z, 8)
    np.testing.assert_array_equal(z, x + x)


def test_shape_info_of_local_tensor_auto() -> None:
    @asc.jit(always_compile=True)
    def shapes(x: asc.GlobalAddress, rows: int):
        xg = asc.GlobalTensor()
        xg.set_global_buffer(x, 64)
        t = asc.LocalTensorAuto(asc.float32, (rows, 16))
        info = t.get_shape_info()
        asc.static_assert(info.shape_dim == 2)
        asc.static_assert(info.shape(1) == 16)
        t.set_shape_info(asc.ShapeInfo([4, 16], data_format=asc.DataFormat.ND))
        n = asc.get_shape_size(t.get_shape_info())
        asc.static_assert(n == 64)
        asc.data_copy(t, xg, asc.get_shape_size(info))  # rows * 16, a runtime value
        asc.muls(t, t, 2.0, n)
        asc.data_copy(xg, t, n)

    x = np.arange(64, dtype=np.float32)
    shapes[1](x, 4)
    np.testing.assert_array_equal(x, np.arange(64, dtype=np.float32) * 2)


def test_compile_error_when_a_runtime_dimension_is_computed_in_a_loop() -> None:
    @asc.jit(always_compile=True)
    def dims_in_loop(x: asc.GlobalAddress, n: int):
        xg = asc.GlobalTensor()
        xg.set_global_buffer(x, 64)
        for i in range(n):
            t = asc.LocalTensorAuto(asc.float32, (i + 1) * 64)
            asc.data_copy(t, xg, 64)
            asc.data_copy(xg, t, 64)

    with pytest.raises(CompileError, match="dimension 0 of the shape is computed inside a loop or branch"):
        dims_in_loop[1](np.zeros(64, dtype=np.float32), 2)


@asc.jit(insert_sync=True, always_compile=True)
def static_tensors_resynchronised(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, tiles: int):
    xg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x, tiles * TILE)
    yg.set_global_buffer(y, tiles * TILE)
    zg.set_global_buffer(z, tiles * TILE)
    xl = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 2 * TILE)
    yl = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 2 * TILE * 4, 2 * TILE)
    zl = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 4 * TILE * 4, 2 * TILE)
    for i in range(tiles):
        b = i % 2
        asc.data_copy(xl[b * TILE:], xg[i * TILE:], TILE)
        asc.data_copy(yl[b * TILE:], yg[i * TILE:], TILE)
        asc.set_flag(asc.HardEvent.MTE2_V, b)  # erased; the pass inserts its own
        asc.wait_flag(asc.HardEvent.MTE2_V, b)
        asc.add(zl[b * TILE:], xl[b * TILE:], yl[b * TILE:], TILE)
        asc.data_copy(zg[i * TILE:], zl[b * TILE:], TILE)


def test_insert_sync_on_static_tensors(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    dump = _dump(monkeypatch, tmp_path)
    rng = np.random.default_rng(5)
    x = rng.standard_normal(6 * TILE).astype(np.float32)
    y = rng.standard_normal(6 * TILE).astype(np.float32)
    z = np.zeros_like(x)
    static_tensors_resynchronised[1](x, y, z, 6)
    np.testing.assert_array_equal(z, x + y)
    cpp = (_only(dump) / "ascendc.cpp").read_text()
    # No queues here: every cross-pipe dependence became a fetched-id flag pair.
    for event in ("MTE2_V", "V_MTE3", "V_MTE2", "MTE3_V"):
        assert f"AscendC::SetFlag<AscendC::HardEvent::{event}>" in cpp, event
    assert "SetFlag<AscendC::HardEvent::MTE2_V>(b)" not in cpp


# -- row softmax with asc.adv.softmax on LocalTensorAuto (pyasc's insert_sync softmax shape) ----------

SOFTMAX_COLS = 64
SOFTMAX_TMP = asc.adv.get_softmax_tmp_size((8, SOFTMAX_COLS), asc.float32)[1]


@asc.jit(always_compile=True, kernel_type=asc.runtime.config.KernelType.AIV_ONLY)
def row_softmax(x: asc.GlobalAddress, y: asc.GlobalAddress, rows: int):
    xg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    xg.set_global_buffer(x, rows * SOFTMAX_COLS)
    yg.set_global_buffer(y, rows * SOFTMAX_COLS)
    src = asc.LocalTensorAuto(asc.float32, (rows, SOFTMAX_COLS))
    dst = asc.LocalTensorAuto(asc.float32, (rows, SOFTMAX_COLS))
    # Per row, 8 float32 (32 bytes) of sum and of max.
    sums = asc.LocalTensorAuto(asc.float32, (rows, 8))
    maxs = asc.LocalTensorAuto(asc.float32, (rows, 8))
    tmp = asc.LocalTensorAuto(asc.uint8, SOFTMAX_TMP)
    tiling = asc.adv.softmax_tiling((rows, SOFTMAX_COLS), asc.float32, SOFTMAX_TMP)
    for _ in asc.range(2):  # twice: the second pass reuses every buffer
        asc.data_copy(src, xg, rows * SOFTMAX_COLS)
        asc.adv.softmax(dst, sums, maxs, src, tiling, tmp)
        asc.data_copy(yg, dst, rows * SOFTMAX_COLS)


def test_row_softmax_with_local_tensor_auto(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    dump = _dump(monkeypatch, tmp_path)
    rows = 8
    x = np.random.default_rng(3).standard_normal((rows, SOFTMAX_COLS)).astype(np.float32)
    y = np.zeros_like(x)
    row_softmax[1](x, y, rows)
    e = np.exp(x.astype(np.float64) - x.max(axis=1, keepdims=True))
    np.testing.assert_allclose(y, e / e.sum(axis=1, keepdims=True), rtol=2e-6, atol=1e-7)
    cpp = (_only(dump) / "ascendc.cpp").read_text()
    # insert_sync put the tensors in queues and ordered the pipes; no user flag is in the source.
    assert "EnQue(" in cpp and "DeQue<" in cpp and "SoftMax" in cpp
    assert "SetFlag<" not in cpp.split("SoftMax")[0].split("InitBuffer(")[0]


@asc.jit(always_compile=True, kernel_type=asc.runtime.config.KernelType.AIV_ONLY)
def row_softmax_no_tmp(x: asc.GlobalAddress, y: asc.GlobalAddress, rows: int):
    xg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    xg.set_global_buffer(x, rows * SOFTMAX_COLS)
    yg.set_global_buffer(y, rows * SOFTMAX_COLS)
    src = asc.LocalTensorAuto(asc.float32, (rows, SOFTMAX_COLS))
    dst = asc.LocalTensorAuto(asc.float32, (rows, SOFTMAX_COLS))
    sums = asc.LocalTensorAuto(asc.float32, (rows, 8))
    maxs = asc.LocalTensorAuto(asc.float32, (rows, 8))
    tiling = asc.adv.softmax_tiling((rows, SOFTMAX_COLS), asc.float32, SOFTMAX_TMP)
    asc.data_copy(src, xg, rows * SOFTMAX_COLS)
    asc.adv.softmax(dst, sums, maxs, src, tiling)
    asc.data_copy(yg, dst, rows * SOFTMAX_COLS)


def test_row_softmax_without_a_temp_buffer(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """pyasc's insert_sync softmax passes no temp buffer: the call works in the UB above the TPipe."""
    dump = _dump(monkeypatch, tmp_path)
    rows = 8
    x = np.random.default_rng(4).standard_normal((rows, SOFTMAX_COLS)).astype(np.float32)
    y = np.zeros_like(x)
    row_softmax_no_tmp[1](x, y, rows)
    e = np.exp(x.astype(np.float64) - x.max(axis=1, keepdims=True))
    np.testing.assert_allclose(y, e / e.sum(axis=1, keepdims=True), rtol=2e-6, atol=1e-7)
    cpp = (_only(dump) / "ascendc.cpp").read_text()
    call = next(line.strip() for line in cpp.splitlines() if "AscendC::SoftMax<" in line)
    assert call == "AscendC::SoftMax<float, false, false, false>(v5, sums_3, maxs_1, v6, v3);"  # no temp buffer


# -- a Matmul epilogue with LocalTensorAuto (pyasc's insert_sync matmul shape) -------------------------
# C = LeakyReLU(A @ B + bias) per base block: the AIVs fetch each block of C into a LocalTensorAuto
# (get_tensor_c: the AIV's MTE2 copies it from the workspace), apply leaky_relu into another and copy it
# to its place in C. insert_sync creates the UB queues after register_matmul (the AIC of the MIX kernel
# serves the Matmul there and leaves the kernel) and orders MTE2 -> V -> MTE3 with the queue protocol.

MM_BASE = 64
MM_WORKSPACE = 16 * 1024 * 1024


def _mm_epilogue(a: asc.GlobalAddress, b: asc.GlobalAddress, bias: asc.GlobalAddress, c: asc.GlobalAddress,
                 workspace: asc.GlobalAddress, tiling: asc.adv.TCubeTiling, alpha: float):
    if asc.get_block_idx() < tiling.used_core_num:
        a_gm = asc.GlobalTensor()
        b_gm = asc.GlobalTensor()
        bias_gm = asc.GlobalTensor()
        c_gm = asc.GlobalTensor()
        a_gm.set_global_buffer(a, tiling.m * tiling.k_a)
        b_gm.set_global_buffer(b, tiling.k_b * tiling.n)
        bias_gm.set_global_buffer(bias, tiling.n)
        c_gm.set_global_buffer(c, tiling.m * tiling.n)
        pipe = asc.TPipe()
        in_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
        c_type = asc.adv.MatmulType(asc.TPosition.VECCALC, asc.CubeFormat.ND, asc.float32)
        bias_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)
        mm = asc.adv.Matmul(in_type, in_type, c_type, bias_type)
        asc.adv.register_matmul(pipe, workspace, mm, tiling)
        m_blocks = (tiling.m + tiling.single_core_m - 1) // tiling.single_core_m
        m_idx = asc.get_block_idx() % m_blocks
        n_idx = asc.get_block_idx() // m_blocks
        mm.set_tensor_a(a_gm[m_idx * tiling.single_core_m * tiling.k_a:])
        mm.set_tensor_b(b_gm[n_idx * tiling.single_core_n:])
        mm.set_bias(bias_gm[n_idx * tiling.single_core_n:])
        block_rows = tiling.single_core_m // MM_BASE
        with mm.iterate() as count:
            block = asc.LocalTensorAuto(asc.float32, (MM_BASE, MM_BASE))
            out = asc.LocalTensorAuto(asc.float32, (MM_BASE, MM_BASE))
            mm.get_tensor_c(block, en_sequential_write=True)
            asc.leaky_relu(out, block, alpha, count=MM_BASE * MM_BASE)
            row = m_idx * tiling.single_core_m + (count % block_rows) * MM_BASE
            col = n_idx * tiling.single_core_n + (count // block_rows) * MM_BASE
            params = asc.DataCopyParams(MM_BASE, MM_BASE * 4 // 32, 0, (tiling.n - MM_BASE) * 4 // 32)
            asc.data_copy(c_gm[row * tiling.n + col:], out, repeat_params=params)
        mm.end()


mm_epilogue_auto = asc.jit(always_compile=True)(_mm_epilogue)
mm_epilogue_unsynced = asc.jit(always_compile=True, insert_sync=False)(_mm_epilogue)


def _epilogue_tiling(m: int, n: int, k: int, clients: int, bias: bool = True) -> asc.adv.TCubeTiling:
    api = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    api.set_dim(clients)
    api.set_a_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16)
    api.set_b_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16)
    api.set_c_type(host.TPosition.VECCALC if bias else host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    api.set_bias_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    api.set_org_shape(m, n, k)
    api.set_shape(m, n, k)
    api.enable_bias(bias)
    api.set_traverse(host.MatrixTraverse.FIRSTM)
    api.set_fix_split(MM_BASE, MM_BASE, -1)
    tiling = asc.adv.TCubeTiling()
    assert api.get_tiling(tiling) != -1
    assert tiling.single_core_m % MM_BASE == 0 and tiling.single_core_n % MM_BASE == 0
    return tiling


def _epilogue_inputs(m: int, n: int, k: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    rng = np.random.default_rng(m + n + k)
    a = rng.uniform(-1, 1, (m, k)).astype(np.float16)
    b = rng.uniform(-1, 1, (k, n)).astype(np.float16)
    bias = rng.uniform(-1, 1, n).astype(np.float32)
    return a, b, bias


@pytest.mark.parametrize("m,n,k,clients", [(256, 128, 64, 2), (256, 256, 128, 4)])
def test_matmul_leaky_relu_epilogue_with_local_tensor_auto(m: int, n: int, k: int, clients: int,
                                                           monkeypatch: pytest.MonkeyPatch,
                                                           tmp_path: Path) -> None:
    dump = _dump(monkeypatch, tmp_path)
    a, b, bias = _epilogue_inputs(m, n, k)
    tiling = _epilogue_tiling(m, n, k, clients)
    c = np.zeros((m, n), dtype=np.float32)
    alpha = 0.125
    # MIX: blockDim ceil(clients / 2), two AIV clients per AI Core (sim/MATMUL.md); races raise.
    mm_epilogue_auto[(tiling.used_core_num + 1) // 2](a, b, bias, c, np.zeros(MM_WORKSPACE, np.uint8), tiling,
                                                       alpha)
    ref = a.astype(np.float64) @ b.astype(np.float64) + bias
    np.testing.assert_allclose(c, np.where(ref > 0, ref, alpha * ref), rtol=1e-5, atol=1e-5)
    cpp = (_only(dump) / "ascendc.cpp").read_text()
    # The queues get their memory after the registration (never on the AIC), the block travels
    # MTE2 -> V through a VECIN queue and V -> MTE3 through a VECOUT one, with no flag of its own.
    after = cpp.split("REGIST_MATMUL_OBJ(")[1]
    assert "InitBuffer(" not in cpp.split("REGIST_MATMUL_OBJ(")[0]
    assert after.count("InitBuffer(") == 2
    assert "AscendC::TQue<AscendC::TPosition::VECIN, 1> block" in cpp
    assert "AscendC::TQue<AscendC::TPosition::VECOUT, 1> out" in cpp
    loop = after.split("while (true)")[1]
    assert loop.index("mm.GetTensorC<true>(") < loop.index("block.EnQue(") < loop.index("block.DeQue<float>()") \
        < loop.index("AscendC::LeakyRelu(") < loop.index("out.EnQue(") < loop.index("out.DeQue<float>()")
    assert "SetFlag" not in cpp and "PipeBarrier" not in cpp


def test_matmul_epilogue_without_insert_sync_is_a_race() -> None:
    """The same kernel with insert_sync=False: nothing orders the LeakyReLU's write of the output block
    before its copy to GM. (The block's MTE2 copy is ordered already: get_tensor_c waits for it, MTE2 -> S,
    before it returns, so the slot can take the next block.)"""
    m, n, k = 128, 64, 64
    a, b, bias = _epilogue_inputs(m, n, k)
    tiling = _epilogue_tiling(m, n, k, 2)
    with pytest.raises(KernelError) as info:
        mm_epilogue_unsynced[1](a, b, bias, np.zeros((m, n), np.float32), np.zeros(MM_WORKSPACE, np.uint8), tiling,
                                0.5)
    assert info.value.category == "race"
    assert "RAW hazard on UB" in info.value.message
    assert "V leaky_relu" in info.value.message and "MTE3 data_copy" in info.value.message


@asc.jit(always_compile=True)
def mm_scaled_a_from_ub(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, ws: asc.GlobalAddress,
                        tiling: asc.adv.TCubeTiling, size: asc.ConstExpr[int]):
    """C = (2 A) @ B with 2 A computed on the AIV into a LocalTensorAuto and passed as the Matmul's A
    (MatmulType VECIN): set_tensor_a stages it into the workspace with the AIV's MTE3."""
    if asc.get_block_idx() < 1:
        a_gm = asc.GlobalTensor()
        b_gm = asc.GlobalTensor()
        c_gm = asc.GlobalTensor()
        a_gm.set_global_buffer(a, size)
        b_gm.set_global_buffer(b, size)
        c_gm.set_global_buffer(c, tiling.m * tiling.n)
        pipe = asc.TPipe()
        gm = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
        ub = asc.adv.MatmulType(asc.TPosition.VECIN, asc.CubeFormat.ND, asc.float16)
        mm = asc.adv.Matmul(ub, gm, asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32))
        asc.adv.register_matmul(pipe, ws, mm, tiling)
        raw = asc.LocalTensorAuto(asc.float16, size)
        scaled = asc.LocalTensorAuto(asc.float16, size)
        asc.data_copy(raw, a_gm, size)
        asc.muls(scaled, raw, 2.0, size)
        mm.set_tensor_a(scaled)
        mm.set_tensor_b(b_gm)
        mm.iterate_all(c_gm)
        mm.end()


def test_matmul_operand_from_local_tensor_auto(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    dump = _dump(monkeypatch, tmp_path)
    m = n = k = 64
    rng = np.random.default_rng(8)
    a = rng.uniform(-1, 1, (m, k)).astype(np.float16)
    b = rng.uniform(-1, 1, (k, n)).astype(np.float16)
    tiling = _epilogue_tiling(m, n, k, 1, bias=False)
    c = np.zeros((m, n), dtype=np.float32)
    mm_scaled_a_from_ub[1](a, b, c, np.zeros(MM_WORKSPACE, np.uint8), tiling, m * k)
    np.testing.assert_allclose(c, (2 * a.astype(np.float64)) @ b, rtol=1e-3, atol=1e-2)
    cpp = (_only(dump) / "ascendc.cpp").read_text()
    # raw: filled by MTE2, read by V (VECIN); scaled: written by V, read by set_tensor_a's MTE3 (VECOUT).
    assert "AscendC::TQue<AscendC::TPosition::VECIN, 1> raw" in cpp
    assert "AscendC::TQue<AscendC::TPosition::VECOUT, 1> scaled" in cpp
    body = cpp.split("REGIST_MATMUL_OBJ(")[1]
    assert body.index("AscendC::Muls(") < body.index("scaled.EnQue(") < body.index("scaled.DeQue<half>()") \
        < body.index("mm.SetTensorA(")

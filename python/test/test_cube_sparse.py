"""load_data_with_sparse / mmad_with_sparse (4:2 sparse int8 weights) on the simulator, against a numpy model.

B (k x n int8) has at most two non-zeros in every group of four along K. What is stored is half of it, k / 2 x n
(the two kept values of each group, in order), laid out like a dense int8 B in L0B (Zn: fractal (k1', n1) at
k1' * N1 + n1, 16 rows n x 32 stored values), with a 2-bit index per stored value (its position in the group;
128 bytes per 512-byte fractal, four fields a byte, the first in the low bits). load_data_with_sparse moves both
from B1 into B2 (and the index into the L0B index store); mmad_with_sparse multiplies A (m x k, Zz) by the B they
describe (sim/CUBE.md). Bad input: wrong dtypes / positions are compile errors at the line; a B that was not loaded
by load_data_with_sparse is an error naming its bytes."""

from __future__ import annotations

import inspect

import numpy as np
import pytest

import asc
import asc.lib.runtime as rt
from asc.runtime.errors import KernelError

A_BYTES = 4096  # up to 32 x 128 int8 (8 fractals)
B_BYTES = 2048  # up to 4 fractals of stored values
I_BYTES = 512  # their index


@asc.jit(always_compile=True)
def sparse_matmul(a: asc.GlobalAddress, b: asc.GlobalAddress, idx: asc.GlobalAddress, c: asc.GlobalAddress,
                  m: asc.ConstExpr[int], n: asc.ConstExpr[int], k: asc.ConstExpr[int]):
    ga = asc.GlobalTensor()
    gb = asc.GlobalTensor()
    gi = asc.GlobalTensor()
    gc = asc.GlobalTensor()
    ga.set_global_buffer(a, A_BYTES)
    gb.set_global_buffer(b, B_BYTES)
    gi.set_global_buffer(idx, I_BYTES)
    gc.set_global_buffer(c, 32 * 32)
    b1 = asc.LocalTensor(asc.int8, asc.TPosition.B1, 0, B_BYTES)
    i1 = asc.LocalTensor(asc.uint8, asc.TPosition.B1, B_BYTES, I_BYTES)
    asc.data_copy(b1, gb, asc.Nd2NzParams(1, B_BYTES // 32, 32, 0, 32, B_BYTES // 32, 1, 1))  # rows as they are
    asc.data_copy(i1, gi, asc.Nd2NzParams(1, I_BYTES // 32, 32, 0, 32, I_BYTES // 32, 1, 1))
    a2 = asc.LocalTensor(asc.int8, asc.TPosition.A2, 0, A_BYTES)
    asc.load_data(a2, ga, asc.LoadData2DParams(0, A_BYTES // 512, 1, 0, 0, False, 0))
    asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE1, 0)
    b2 = asc.LocalTensor(asc.int8, asc.TPosition.B2, 0, B_BYTES)
    asc.load_data_with_sparse(b2, b1, i1, asc.LoadData2DParams(0, B_BYTES // 512, 1, 0, 0, False, 0))
    asc.set_flag(asc.HardEvent.MTE1_M, 0)
    asc.wait_flag(asc.HardEvent.MTE1_M, 0)
    asc.set_flag(asc.HardEvent.MTE2_M, 0)
    asc.wait_flag(asc.HardEvent.MTE2_M, 0)
    co1 = asc.LocalTensor(asc.int32, asc.TPosition.CO1, 0, 1024)
    asc.mmad_with_sparse(co1, a2, b2, asc.MmadParams(m, n, k))
    asc.set_flag(asc.HardEvent.M_FIX, 0)
    asc.wait_flag(asc.HardEvent.M_FIX, 0)
    asc.fixpipe(gc, co1, asc.FixpipeParamsV220(n, m, (m + 15) // 16 * 16, n))


def zz(a: np.ndarray, m1: int, k1: int) -> np.ndarray:
    """A (m x k int8) in Zz fractals: (m1, k1) at m1 * K1 + k1, 16 x 32 each."""
    pad = np.zeros((m1 * 16, k1 * 32), dtype=np.int8)
    pad[:a.shape[0], :a.shape[1]] = a
    return pad.reshape(m1, 16, k1, 32).transpose(0, 2, 1, 3).reshape(-1)


def make_sparse(rng: np.random.Generator, k: int, n: int, same_position: bool) -> tuple[np.ndarray, np.ndarray]:
    """Stored values (k/2 x n, padded to whole groups of 64 K) and their positions in each group of four."""
    groups = (k + 63) // 64 * 16
    vals = rng.integers(-128, 128, size=(2 * groups, n)).astype(np.int8)
    pos = np.empty((2 * groups, n), dtype=np.uint8)
    for g in range(groups):
        for col in range(n):
            if same_position:
                p = rng.integers(0, 4)
                pos[2 * g, col] = pos[2 * g + 1, col] = p
            else:
                pos[2 * g:2 * g + 2, col] = np.sort(rng.choice(4, size=2, replace=False))
    return vals, pos


def pack(vals: np.ndarray, pos: np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray]:
    """The stored values as Zn fractals (k1', n1) at k1' * N1 + n1 (16 rows n x 32 stored k), and their index
    bytes in the same order, four 2-bit fields a byte, the first in the low bits."""
    sk1, n1 = vals.shape[0] // 32, (n + 15) // 16
    v = np.zeros((sk1 * 32, n1 * 16), dtype=np.int8)
    p = np.zeros((sk1 * 32, n1 * 16), dtype=np.uint8)
    v[:, :n] = vals
    p[:, :n] = pos
    order = (sk1, 32, n1, 16)
    fv = v.reshape(order).transpose(0, 2, 3, 1).reshape(-1)  # fractal, row n, stored column
    fp = p.reshape(order).transpose(0, 2, 3, 1).reshape(-1, 4).astype(np.uint8)
    packed = fp[:, 0] | fp[:, 1] << 2 | fp[:, 2] << 4 | fp[:, 3] << 6
    return fv, packed.astype(np.uint8)


def reference(a: np.ndarray, vals: np.ndarray, pos: np.ndarray, k: int) -> np.ndarray:
    """C = A x B, B the sparse matrix the stored values describe: every stored value multiplies the A column of
    its position (so two values at one position both count); positions at or past k are padding."""
    m, n = a.shape[0], vals.shape[1]
    c = np.zeros((m, n), dtype=np.int64)
    for s in range(vals.shape[0]):
        for col in range(n):
            kk = 4 * (s // 2) + int(pos[s, col])
            if kk < k:
                c[:, col] += a[:, kk].astype(np.int64) * int(vals[s, col])
    return c.astype(np.int32)


def densify(vals: np.ndarray, pos: np.ndarray, k: int) -> np.ndarray:
    """The dense k x n B of stored values at distinct positions."""
    b = np.zeros((vals.shape[0] * 2, vals.shape[1]), dtype=np.int8)
    for s in range(vals.shape[0]):
        for col in range(vals.shape[1]):
            b[4 * (s // 2) + pos[s, col], col] = vals[s, col]
    return b[:k]


def run(m: int, n: int, k: int, same_position: bool, seed: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    a = rng.integers(-128, 128, size=(m, k)).astype(np.int8)
    vals, pos = make_sparse(rng, k, n, same_position)
    fv, fi = pack(vals, pos, n)
    ga = np.zeros(A_BYTES, dtype=np.int8)
    za = a.reshape(-1) if m == 1 else zz(a, (m + 15) // 16, (k + 31) // 32)  # GEMV: 1 x K contiguous
    ga[:za.size] = za
    gb = np.zeros(B_BYTES, dtype=np.int8)
    gb[:fv.size] = fv
    gi = np.zeros(I_BYTES, dtype=np.uint8)
    gi[:fi.size] = fi
    c = np.full(32 * 32, 7, dtype=np.int32)
    sparse_matmul[1](ga, gb, gi, c, m, n, k)
    return c[:m * n].reshape(m, n), reference(a, vals, pos, k) if same_position else (
        a.astype(np.int32) @ densify(vals, pos, k).astype(np.int32))


@pytest.mark.values("load_data_with_sparse", "mmad_with_sparse")
@pytest.mark.parametrize(("m", "n", "k"), [(32, 32, 128), (20, 16, 96), (1, 16, 64)])
def test_sparse_mmad_is_a_times_the_densified_b(m: int, n: int, k: int) -> None:
    got, want = run(m, n, k, same_position=False, seed=m * 1000 + n * 10 + k)
    np.testing.assert_array_equal(got, want)


def test_the_sparse_mmad_costs_an_int8_mmad_of_the_stored_half_of_k() -> None:
    # docs/timing.md: ceil(32/16) * ceil(32/16) * ceil(64/32) = 8 fractal cycles + 10 issue + 20 latency, where
    # a dense int8 Mmad of k = 128 takes 16 + 30. The PIPE_M waits cost nothing.
    run(32, 32, 128, same_position=False, seed=3)
    assert rt.last_launch().pipe_busy_cycles["M"] == 8 + 10 + 20


@pytest.mark.values("mmad_with_sparse")
def test_two_values_at_one_position_both_multiply_that_a_column() -> None:
    got, want = run(32, 32, 128, same_position=True, seed=5)
    np.testing.assert_array_equal(got, want)


@asc.jit(always_compile=True)
def sparse_matmul_reversed(a: asc.GlobalAddress, b: asc.GlobalAddress, idx: asc.GlobalAddress,
                           c: asc.GlobalAddress):
    """32 x 32 x 128 with B's four fractals stored in L1 in reverse order, loaded one call each
    (start_index 3 - f into B2 fractal f), and K split in two accumulating Mmads of 64."""
    ga = asc.GlobalTensor()
    gb = asc.GlobalTensor()
    gi = asc.GlobalTensor()
    gc = asc.GlobalTensor()
    ga.set_global_buffer(a, A_BYTES)
    gb.set_global_buffer(b, B_BYTES)
    gi.set_global_buffer(idx, I_BYTES)
    gc.set_global_buffer(c, 32 * 32)
    b1 = asc.LocalTensor(asc.int8, asc.TPosition.B1, 0, B_BYTES)
    i1 = asc.LocalTensor(asc.uint8, asc.TPosition.B1, B_BYTES, I_BYTES)
    asc.data_copy(b1, gb, asc.Nd2NzParams(1, B_BYTES // 32, 32, 0, 32, B_BYTES // 32, 1, 1))
    asc.data_copy(i1, gi, asc.Nd2NzParams(1, I_BYTES // 32, 32, 0, 32, I_BYTES // 32, 1, 1))
    a2 = asc.LocalTensor(asc.int8, asc.TPosition.A2, 0, A_BYTES)
    asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE1, 0)
    b2 = asc.LocalTensor(asc.int8, asc.TPosition.B2, 0, B_BYTES)
    for f in range(4):
        asc.load_data_with_sparse(b2[f * 512:], b1, i1, asc.LoadData2DParams(3 - f, 1, 1, 0, 0, False, 0))
    # A's two K halves (64 each) as two Zz matrices of 2 x 2 fractals, each loaded from GM.
    for h in range(2):
        asc.load_data(a2[h * 2048:], ga[h * 2048:], asc.LoadData2DParams(0, 4, 1, 0, 0, False, 0))
    asc.set_flag(asc.HardEvent.MTE1_M, 0)
    asc.wait_flag(asc.HardEvent.MTE1_M, 0)
    asc.set_flag(asc.HardEvent.MTE2_M, 0)
    asc.wait_flag(asc.HardEvent.MTE2_M, 0)
    co1 = asc.LocalTensor(asc.int32, asc.TPosition.CO1, 0, 1024)
    asc.mmad_with_sparse(co1, a2, b2, asc.MmadParams(32, 32, 64))
    asc.pipe_barrier(asc.PipeID.PIPE_M)
    asc.mmad_with_sparse(co1, a2[2048:], b2[1024:], asc.MmadParams(32, 32, 64, cmatrix_init_val=False))
    asc.set_flag(asc.HardEvent.M_FIX, 0)
    asc.wait_flag(asc.HardEvent.M_FIX, 0)
    asc.fixpipe(gc, co1, asc.FixpipeParamsV220(32, 32, 32, 32))


@pytest.mark.values("load_data_with_sparse", "mmad_with_sparse")
def test_start_index_picks_the_fractals_index_and_a_k_loop_accumulates() -> None:
    m, n, k = 32, 32, 128
    rng = np.random.default_rng(11)
    a = rng.integers(-128, 128, size=(m, k)).astype(np.int8)
    vals, pos = make_sparse(rng, k, n, same_position=False)
    fv, fi = pack(vals, pos, n)  # fractal f = (k1', n1) at 2 k1' + n1
    gb = fv.reshape(4, 512)[::-1].reshape(-1).copy()  # L1 fractal 3 - f holds fractal f
    gi = fi.reshape(4, 128)[::-1].reshape(-1).copy()
    ga = np.concatenate([zz(a[:, :64], 2, 2), zz(a[:, 64:], 2, 2)])
    c = np.full(32 * 32, 7, dtype=np.int32)
    sparse_matmul_reversed[1](ga, gb, gi, c)
    want = a.astype(np.int32) @ densify(vals, pos, k).astype(np.int32)
    np.testing.assert_array_equal(c.reshape(m, n), want)


@asc.jit(always_compile=True)
def sparse_mmad_dense_b(c: asc.GlobalAddress):
    a2 = asc.LocalTensor(asc.int8, asc.TPosition.A2, 0, 1024)
    b1 = asc.LocalTensor(asc.int8, asc.TPosition.B1, 0, 512)
    b2 = asc.LocalTensor(asc.int8, asc.TPosition.B2, 0, 1024)
    asc.load_data(b2, b1, asc.LoadData2DParams(0, 1, 1, 0, 0, False, 0))
    asc.set_flag(asc.HardEvent.MTE1_M, 0)
    asc.wait_flag(asc.HardEvent.MTE1_M, 0)
    co1 = asc.LocalTensor(asc.int32, asc.TPosition.CO1, 0, 256)
    asc.mmad_with_sparse(co1, a2, b2, asc.MmadParams(16, 16, 64))


def test_a_b_not_loaded_by_load_data_with_sparse_is_an_error() -> None:
    with pytest.raises(KernelError) as info:
        sparse_mmad_dense_b[1](np.zeros(256, dtype=np.int32))
    text = str(info.value)
    assert ("mmad_with_sparse: the B matrix's L0B bytes [0, 512) were not written by load_data_with_sparse, so "
            "they have no sparse index; load B with load_data_with_sparse (ceil(k / 64) * ceil(n / 16) "
            "fractals)") in text
    assert "test_cube_sparse.py:" in text and "asc.mmad_with_sparse(" in text


@asc.jit(always_compile=True)
def sparse_load_f16(c: asc.GlobalAddress):
    b1 = asc.LocalTensor(asc.float16, asc.TPosition.B1, 0, 256)
    i1 = asc.LocalTensor(asc.uint8, asc.TPosition.B1, 512, 128)
    b2 = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, 256)
    asc.load_data_with_sparse(b2, b1, i1, asc.LoadData2DParams(0, 1, 1, 0, 0, False, 0))


@asc.jit(always_compile=True)
def sparse_load_into_a2(c: asc.GlobalAddress):
    b1 = asc.LocalTensor(asc.int8, asc.TPosition.B1, 0, 512)
    i1 = asc.LocalTensor(asc.uint8, asc.TPosition.B1, 512, 128)
    a2 = asc.LocalTensor(asc.int8, asc.TPosition.A2, 0, 512)
    asc.load_data_with_sparse(a2, b1, i1, asc.LoadData2DParams(0, 1, 1, 0, 0, False, 0))


@asc.jit(always_compile=True)
def sparse_mmad_f16(c: asc.GlobalAddress):
    a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, 256)
    b2 = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, 256)
    co1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, 256)
    asc.mmad_with_sparse(co1, a2, b2, asc.MmadParams(16, 16, 16))


@asc.jit(always_compile=True)
def sparse_load_transposed(c: asc.GlobalAddress):
    b1 = asc.LocalTensor(asc.int8, asc.TPosition.B1, 0, 512)
    i1 = asc.LocalTensor(asc.uint8, asc.TPosition.B1, 512, 128)
    b2 = asc.LocalTensor(asc.int8, asc.TPosition.B2, 0, 512)
    asc.load_data_with_sparse(b2, b1, i1, asc.LoadData2DParams(0, 1, 1, 0, 0, True, 0))


def compile_error(kernel) -> str:
    with pytest.raises(Exception) as info:
        kernel[1](np.zeros(256, dtype=np.int32))
    return str(info.value)


def test_sparse_load_of_float16_is_a_compile_error() -> None:
    text = compile_error(sparse_load_f16)
    assert ("compile error: load_data_with_sparse: 'dst' holds float16, but load_data_with_sparse supports int8 "
            "on Ascend 910B/910C") in text
    lines, first = inspect.getsourcelines(sparse_load_f16.fn)
    assert f"test_cube_sparse.py:{first + len(lines) - 1}:5: compile error" in text


def test_sparse_load_into_a2_is_a_compile_error() -> None:
    text = compile_error(sparse_load_into_a2)
    assert ("compile error: load_data_with_sparse: 'dst' must be a tensor in L0B (B2), but it is in position A2 "
            "(L0A)") in text


def test_sparse_mmad_of_float16_is_a_compile_error() -> None:
    text = compile_error(sparse_mmad_f16)
    assert ("compile error: mmad_with_sparse: 'dst' holds float32, but mmad_with_sparse supports int32 on Ascend "
            "910B/910C") in text


def test_a_transposing_sparse_load_is_refused_at_its_line() -> None:
    with pytest.raises(KernelError) as info:
        sparse_load_transposed[1](np.zeros(256, dtype=np.int32))
    text = str(info.value)
    assert "load_data_with_sparse: the sparse load does not transpose; 'if_transpose' must be false" in text
    assert "asc.load_data_with_sparse(" in text

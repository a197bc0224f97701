"""The Matmul's sparse path (`set_sparse_index`, sim/MATMUL.md "Sparse B") on the simulator, against numpy.

B (K x N int8) is 4:2 sparse: at most two non-zeros in every group of four along K. The kernel gets its stored
half transposed, N x K/2 (row n: the two kept values of every group of column n, in K order; B's MatmulType
`is_trans=True`), and its index: a uint8 tensor of ceil(K/64) x N x 8 bytes, byte (g, n, j) holding the 2-bit
positions (0-3 in the group) of stored values 32g + 4j ... 32g + 4j + 3 of column n, the first in the low bits.
C (int32) = A @ the densified B."""

from __future__ import annotations

import inspect

import numpy as np
import pytest

import asc
import asc.lib.host as host
import asc.lib.runtime as rt
from asc.codegen.errors import CompileError
from asc.runtime.errors import KernelError

pytestmark = [pytest.mark.values("adv.Matmul.set_sparse_index")]

WORKSPACE = 16 * 1024 * 1024


def sparse_b(rng: np.random.Generator, k: int, n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A random 4:2 sparse B (k x n int8), its stored half transposed (n x 2*ceil(k/4)) and its index."""
    kp = (k + 3) // 4 * 4
    dense = np.zeros((kp, n), np.int8)
    pos = np.zeros((n, kp // 2), np.uint8)
    vals = np.zeros((n, kp // 2), np.int8)
    for col in range(n):
        for g in range(kp // 4):
            p = np.sort(rng.choice(4, 2, replace=False))
            p = p[p < k - 4 * g] if 4 * g + 4 > k else p  # the padding rows of a K tail stay zero
            v = rng.integers(-128, 128, 2).astype(np.int8)
            dense[4 * g + p, col] = v[:p.size]
            pos[col, 2 * g:2 * g + p.size] = p
            vals[col, 2 * g:2 * g + p.size] = v[:p.size]
    return dense[:k], vals, pack_index(pos, k)


def pack_index(pos: np.ndarray, k: int) -> np.ndarray:
    """The index of stored positions `pos` (n x stored K, 0-3): ceil(k/64) x n x 8 bytes, four fields a byte."""
    n, groups = pos.shape[0], (k + 63) // 64
    pad = np.zeros((n, groups * 32), np.uint8)
    pad[:, :pos.shape[1]] = pos
    f = pad.reshape(n, groups, 8, 4)
    packed = f[..., 0] | f[..., 1] << 2 | f[..., 2] << 4 | f[..., 3] << 6
    return np.ascontiguousarray(packed.transpose(1, 0, 2)).reshape(-1)


def hand_tiling(m: int, n: int, k: int, base: tuple[int, int, int], depth: tuple[int, int] = (2, 2),
                step_k: tuple[int, int] = (1, 1)) -> asc.adv.TCubeTiling:
    t = asc.adv.TCubeTiling()
    t.used_core_num = 1
    t.m, t.n, t.k_a, t.k_b = m, n, k, k
    t.single_core_m, t.single_core_n, t.single_core_k = m, n, k
    t.base_m, t.base_n, t.base_k = base
    t.depth_a1, t.depth_b1 = depth
    t.step_m = t.step_n = 1
    t.step_k_a, t.step_k_b = step_k
    t.db_l0a = t.db_l0b = 2
    t.db_l0c = 1
    return t


def host_tiling(m: int, n: int, k: int, clients: int, **fix: int) -> asc.adv.TCubeTiling:
    api = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    assert api.set_dim(clients) == 0
    api.set_a_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_INT8)
    api.set_b_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_INT8, True)
    api.set_c_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_INT32)
    api.set_bias_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_INT32)
    api.set_org_shape(m, n, k)
    api.set_shape(m, n, k)
    api.enable_bias(False)
    assert api.set_sparse(True) == 0
    if fix:
        api.set_fix_split(fix.get("base_m", -1), fix.get("base_n", -1), fix.get("base_k", -1))
    t = asc.adv.TCubeTiling()
    assert api.get_tiling(t) == 0
    return t


def sparse_body(a: asc.GlobalAddress, b: asc.GlobalAddress, idx: asc.GlobalAddress, c: asc.GlobalAddress,
                tiling: asc.adv.TCubeTiling, idx_bytes: int):
    """C = A @ densify(B) on this client's block of C: A's rows, B's (stored, transposed) rows and the index's
    columns of the block."""
    if asc.get_block_idx() < tiling.used_core_num:
        stored_k = (tiling.k_b + 3) // 4 * 2
        a_gm = asc.GlobalTensor()
        b_gm = asc.GlobalTensor()
        i_gm = asc.GlobalTensor()
        c_gm = asc.GlobalTensor()
        a_gm.set_global_buffer(a, tiling.m * tiling.k_a)
        b_gm.set_global_buffer(b, tiling.n * stored_k)
        i_gm.set_global_buffer(idx, idx_bytes)
        c_gm.set_global_buffer(c, tiling.m * tiling.n)
        pipe = asc.TPipe()
        mm = asc.adv.Matmul(asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.int8),
                            asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.int8, True),
                            asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.int32))
        asc.adv.register_matmul(pipe, asc.get_sys_workspace(), mm, tiling)
        m_blocks = (tiling.m + tiling.single_core_m - 1) // tiling.single_core_m
        m_idx = asc.get_block_idx() % m_blocks
        n_idx = asc.get_block_idx() // m_blocks
        rest_m = tiling.m - m_idx * tiling.single_core_m
        rest_n = tiling.n - n_idx * tiling.single_core_n
        tail_m = tiling.single_core_m if rest_m > tiling.single_core_m else rest_m
        tail_n = tiling.single_core_n if rest_n > tiling.single_core_n else rest_n
        mm.set_tensor_a(a_gm[m_idx * tiling.single_core_m * tiling.k_a:])
        mm.set_tensor_b(b_gm[n_idx * tiling.single_core_n * stored_k:])
        mm.set_sparse_index(i_gm[n_idx * tiling.single_core_n * 8:])
        mm.set_tail(tail_m, tail_n)
        mm.iterate_all(c_gm[m_idx * tiling.single_core_m * tiling.n + n_idx * tiling.single_core_n:])
        mm.end()


mm_sparse_mix = asc.jit(sparse_body)
mm_sparse_cube = asc.jit(matmul_cube_only=True)(sparse_body)


def run(m: int, n: int, k: int, t: asc.adv.TCubeTiling, cube_only: bool, seed: int = 0) -> None:
    rng = np.random.default_rng(seed)
    a = rng.integers(-128, 128, (m, k)).astype(np.int8)
    dense, stored, idx = sparse_b(rng, k, n)
    c = np.full((m, n), 7, np.int32)
    kernel = mm_sparse_cube if cube_only else mm_sparse_mix
    blocks = t.used_core_num if cube_only else (t.used_core_num + 1) // 2
    kernel[blocks, rt.current_stream()](a, stored, idx, c, t, idx.size)
    np.testing.assert_array_equal(c, a.astype(np.int32) @ dense.astype(np.int32))



def test_one_core_with_a_hand_built_tiling() -> None:
    """64 x 64 x 128 on one AIC, two K steps of 64. The engine reads A, the stored half of B and the index
    once each, and its two sparse Mmads cost the stored half of K (docs/timing.md: 4 x 4 x ceil(32 / 32)
    fractal cycles + 10 issue + 20 latency each, where a dense int8 Mmad of k = 64 takes 4 x 4 x 2)."""
    run(64, 64, 128, hand_tiling(64, 64, 128, (64, 64, 64)), cube_only=True)
    launch = rt.last_launch()
    assert launch.gm_read_bytes == 64 * 128 + 64 * 64 + 2 * 64 * 8
    assert launch.pipe_busy_cycles["M"] == 2 * (4 * 4 * 1 + 10 + 20)


@pytest.mark.parametrize(("m", "n", "k", "base", "step_k"), [
    (48, 80, 256, (32, 48, 64), (1, 1)),    # M and N tails in the blocks
    (40, 36, 200, (32, 32, 128), (1, 1)),   # a K tail (200 = 128 + 72: a partial group of 64 and of 4)
    (32, 64, 512, (32, 64, 64), (4, 2)),    # several K steps per L1 tile
    (16, 32, 100, (16, 32, 64), (2, 2)),    # K not a multiple of 64 in one whole-K tile
])
def test_one_core_shapes_and_tails(m: int, n: int, k: int, base: tuple[int, int, int],
                                   step_k: tuple[int, int]) -> None:
    depth = (step_k[0] * 2, step_k[1] * 2)
    run(m, n, k, hand_tiling(m, n, k, base, depth, step_k), cube_only=True, seed=m + n + k)


@pytest.mark.parametrize("cube_only", [True, False], ids=["cube_only", "mix"])
def test_host_tiling_with_set_sparse_on_several_cores(cube_only: bool) -> None:
    m, n, k = 128, 256, 512
    t = host_tiling(m, n, k, 4)
    assert t.used_core_num == 4 and t.base_k % 64 == 0
    run(m, n, k, t, cube_only, seed=5)


def test_host_tiling_tails_on_three_clients() -> None:
    """MIX, an odd client count, N = 36 (16 + 16 + 4 columns per client) and K = 102 (not a multiple of 4)."""
    t = host_tiling(40, 36, 102, 3)
    assert t.used_core_num == 3
    run(40, 36, 102, t, cube_only=False, seed=9)



@asc.jit(always_compile=True)
def sparse_a_from_ub(a: asc.GlobalAddress, b: asc.GlobalAddress, idx: asc.GlobalAddress, c: asc.GlobalAddress,
                     ws: asc.GlobalAddress, tiling: asc.adv.TCubeTiling, idx_bytes: int, size: asc.ConstExpr[int]):
    """MIX: A from the AIV's UB (staged through the workspace), the sparse B and its index from GM."""
    if asc.get_block_idx() < 1:
        a_gm = asc.GlobalTensor()
        b_gm = asc.GlobalTensor()
        i_gm = asc.GlobalTensor()
        c_gm = asc.GlobalTensor()
        a_gm.set_global_buffer(a, size)
        b_gm.set_global_buffer(b, tiling.n * tiling.k_b // 2)
        i_gm.set_global_buffer(idx, idx_bytes)
        c_gm.set_global_buffer(c, tiling.m * tiling.n)
        pipe = asc.TPipe()
        mm = asc.adv.Matmul(asc.adv.MatmulType(asc.TPosition.VECIN, asc.CubeFormat.ND, asc.int8),
                            asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.int8, True),
                            asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.int32))
        asc.adv.register_matmul(pipe, ws, mm, tiling)
        local = asc.LocalTensor(asc.int8, asc.TPosition.VECIN, 0, size)
        asc.data_copy(local, a_gm, size)
        asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
        asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
        mm.set_tensor_a(local)
        mm.set_tensor_b(b_gm)
        mm.set_sparse_index(i_gm)
        mm.iterate_all(c_gm)
        mm.end()


def test_a_from_the_unified_buffer() -> None:
    m, n, k = 64, 64, 128
    rng = np.random.default_rng(4)
    a = rng.integers(-128, 128, (m, k)).astype(np.int8)
    dense, stored, idx = sparse_b(rng, k, n)
    c = np.zeros((m, n), np.int32)
    sparse_a_from_ub[1, rt.current_stream()](a, stored, idx, c, np.zeros(1 << 16, np.uint8), host_tiling(m, n, k, 1),
                                             idx.size, m * k)
    np.testing.assert_array_equal(c, a.astype(np.int32) @ dense.astype(np.int32))

# -- misuse: errors at the line, saying what to do ----------------------------------------------------------

@asc.jit(always_compile=True, matmul_cube_only=True)
def sparse_misuse(a: asc.GlobalAddress, b: asc.GlobalAddress, idx: asc.GlobalAddress, c: asc.GlobalAddress,
                  tiling: asc.adv.TCubeTiling, idx_bytes: int, which: asc.ConstExpr[int]):
    a_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    i_gm = asc.GlobalTensor()
    i8_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a, tiling.m * tiling.k_a)
    b_gm.set_global_buffer(b, tiling.n * tiling.k_b // 2)
    i_gm.set_global_buffer(idx, idx_bytes)
    i8_gm.set_global_buffer(b, tiling.n * tiling.k_b // 2)
    c_gm.set_global_buffer(c, tiling.m * tiling.n)
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.int8),
                        asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.int8, which != 2 and which != 6),
                        asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.int32))
    asc.adv.register_matmul(pipe, asc.get_sys_workspace(), mm, tiling)
    mm.set_tensor_a(a_gm)
    mm.set_tensor_b(b_gm, which == 6)  # 6: transposed at the call, not in the MatmulType
    if which == 0:
        mm.set_sparse_index(i8_gm)  # int8, not uint8
    else:
        mm.set_sparse_index(i_gm)
    if which == 3:
        mm.set_bias(c_gm)
    if which == 5:
        mm.iterate_batch(c_gm, 1, 1, False)
    else:
        mm.iterate_all(c_gm)
    mm.end()


@asc.jit(always_compile=True, matmul_cube_only=True)
def sparse_float_matmul(b: asc.GlobalAddress, idx: asc.GlobalAddress, tiling: asc.adv.TCubeTiling):
    b_gm = asc.GlobalTensor()
    i_gm = asc.GlobalTensor()
    b_gm.set_global_buffer(b, 64)
    i_gm.set_global_buffer(idx, 64)
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                        asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, True),
                        asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32))
    asc.adv.register_matmul(pipe, asc.get_sys_workspace(), mm, tiling)
    mm.set_tensor_b(b_gm)
    mm.set_sparse_index(i_gm)
    mm.end()


def _line(fn, marker: str) -> int:
    lines, first = inspect.getsourcelines(fn)
    return first + next(i for i, text in enumerate(lines) if marker in text)


def _misuse(which: int, t: asc.adv.TCubeTiling | None = None, idx_bytes: int | None = None) -> None:
    m, n, k = 32, 48, 128
    t = t or hand_tiling(m, n, k, (32, 48, 64))
    rng = np.random.default_rng(3)
    a = rng.integers(-128, 128, (m, k)).astype(np.int8)
    dense, stored, idx = sparse_b(rng, k, n)
    c = np.zeros((m, n), np.int32)
    sparse_misuse[1, rt.current_stream()](a, stored, idx, c, t, idx.size if idx_bytes is None else idx_bytes, which)
    np.testing.assert_array_equal(c, a.astype(np.int32) @ dense.astype(np.int32))


def test_b_transposed_at_set_tensor_b_instead_of_its_matmul_type() -> None:
    """An int8 B whose MatmulType is not transposed has its L0B tiles' N aligned to 32 (sim/MATMUL.md); the
    sparse path follows it when the transpose comes with set_tensor_b."""
    _misuse(6)


def test_an_index_that_is_not_uint8_is_a_compile_error_at_the_line() -> None:
    with pytest.raises(CompileError) as info:
        _misuse(0)
    assert info.value.message == ("set_sparse_index: the index is a uint8 GlobalTensor (four 2-bit positions a "
                                  "byte), got int8; declare it as uint8")
    assert info.value.location.line == _line(sparse_misuse, "mm.set_sparse_index(i8_gm)")


def test_a_sparse_matmul_of_non_int8_inputs_is_a_compile_error_at_the_line() -> None:
    with pytest.raises(CompileError) as info:
        sparse_float_matmul[1, rt.current_stream()](np.zeros(64, np.float16), np.zeros(64, np.uint8),
                                                    hand_tiling(16, 16, 64, (16, 16, 64)))
    assert info.value.message == (
        "set_sparse_index: the sparse Matmul is int8 A x int8 sparse B -> int32 C (mmad_with_sparse), but A is "
        "float16, B is float16, C is float32; declare A and B int8 and C int32 in their MatmulTypes")
    assert info.value.location.line == _line(sparse_float_matmul, "mm.set_sparse_index(i_gm)")


@pytest.mark.parametrize(("which", "marker", "message"), [
    (2, "mm.iterate_all(c_gm)",
     "Matmul with SetSparseIndex (a 4:2 sparse B): B is given as its stored half transposed, N x K/2: declare "
     "B's MatmulType with isTrans = true or pass isTransposeB = true to SetTensorB (sim/MATMUL.md \"Sparse B\")"),
    (3, "mm.iterate_all(c_gm)",
     "Matmul with SetSparseIndex (a 4:2 sparse B): MmadWithSparse adds no bias; call DisableBias (or add the "
     "bias to C afterwards) (sim/MATMUL.md \"Sparse B\")"),
    (5, "mm.iterate_batch(c_gm, 1, 1, False)",
     "Matmul::IterateBatch: a batch of sparse matmuls (after SetSparseIndex) is not supported by the "
     "simulator's Matmul; run one IterateAll per matrix (sim/MATMUL.md \"Sparse B\")"),
])
def test_refused_forms_are_errors_at_the_line(which: int, marker: str, message: str) -> None:
    with pytest.raises(KernelError) as info:
        _misuse(which)
    assert message in info.value.message
    assert f"test_matmul_sparse.py:{_line(sparse_misuse, marker)}" in str(info.value)


def test_a_base_k_that_is_not_a_multiple_of_64_is_an_error() -> None:
    with pytest.raises(KernelError) as info:
        _misuse(1, hand_tiling(32, 48, 128, (32, 48, 32)))
    assert ("Matmul with SetSparseIndex (a 4:2 sparse B): TCubeTiling.baseK = 32 must be a multiple of 64 (one "
            "fractal of stored values covers 64 of K; the host tiling with set_sparse(True) chooses one)"
            ) in info.value.message


@pytest.mark.parametrize("idx_bytes", [0, 200])
def test_a_missing_or_short_index_is_an_error_naming_its_size(idx_bytes: int) -> None:
    """The index of 128 x 48 is 2 x 48 x 8 = 768 bytes; an empty or short one is refused before any copy."""
    with pytest.raises(KernelError) as info:
        _misuse(1, idx_bytes=idx_bytes)
    assert (f"Matmul: the sparse index (SetSparseIndex) holds {idx_bytes} bytes, but K [0, 64) x N [0, 48) of B "
            "needs bytes up to 384: the index of a sparse K x N B is ceil(K/64) x N x 8 bytes (sim/MATMUL.md "
            "\"Sparse B\")") in info.value.message
    assert f"test_matmul_sparse.py:{_line(sparse_misuse, 'mm.iterate_all(c_gm)')}" in str(info.value)


# -- the host tiling's set_sparse -------------------------------------------------------------------------------

def test_set_sparse_keeps_base_k_and_a_split_k_in_64s() -> None:
    """Without set_sparse the solver may pick an int8 baseK of 32 (here fixed); with it, 32 is refused and the
    free choice is a multiple of 64, also for a split K."""
    plain = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    sparse = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    for api in (plain, sparse):
        api.set_dim(1)
        api.set_a_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_INT8)
        api.set_b_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_INT8, True)
        api.set_c_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_INT32)
        api.set_shape(64, 64, 256)
        api.set_fix_split(-1, -1, 32)
    assert sparse.set_sparse(is_sparse_in=True) == 0  # the keyword of pyasc's stub (pyasc_api.md)
    assert plain.get_tiling(asc.adv.TCubeTiling()) == 0
    assert sparse.get_tiling(asc.adv.TCubeTiling()) == -1
    sparse.set_fix_split(-1, -1, -1)
    t = asc.adv.TCubeTiling()
    assert sparse.get_tiling(t) == 0 and t.base_k % 64 == 0
    split = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    split.set_dim(4)
    split.set_a_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_INT8)
    split.set_b_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_INT8, True)
    split.set_c_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_INT32)
    split.set_shape(32, 32, 4096 + 96)
    split.enable_multi_core_split_k(True)
    split.set_sparse(True)
    t = asc.adv.TCubeTiling()
    assert split.get_tiling(t) == 0
    assert t.single_core_k % 64 == 0 and t.base_k % 64 == 0


@pytest.mark.parametrize(("change", "reason"), [
    (lambda api: api.set_c_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16),
     "set_sparse(True): the sparse Matmul is int8 A x int8 B -> int32 C, got int8 x int8 -> float16"),
    (lambda api: api.set_b_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_INT8),
     "set_sparse(True): a sparse B is given as its stored half transposed (N x K/2); call "
     "set_b_type(pos, format, DT_INT8, is_trans=True)"),
    (lambda api: api.enable_bias(True),
     "set_sparse(True): the sparse Matmul adds no bias (mmad_with_sparse has none); call enable_bias(False)"),
    (lambda api: api.set_b_type(host.TPosition.VECIN, host.CubeFormat.ND, host.DataType.DT_INT8, True),
     "set_sparse(True): a sparse B comes from GM (set_b_type(TPosition.GM, ...))"),
])
def test_set_sparse_refuses_what_the_sparse_path_refuses(caplog, change, reason: str) -> None:
    import logging

    api = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    api.set_dim(1)
    api.set_a_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_INT8)
    api.set_b_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_INT8, True)
    api.set_c_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_INT32)
    api.set_bias_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_INT32)
    api.set_shape(64, 64, 128)
    api.set_sparse(True)
    assert api.get_tiling(asc.adv.TCubeTiling()) == 0
    change(api)
    with caplog.at_level(logging.ERROR, logger="asc.lib.host"):
        assert api.get_tiling(asc.adv.TCubeTiling()) == -1
    assert reason in caplog.text


def test_the_solver_costs_a_sparse_b_at_its_stored_half() -> None:
    """The estimate of one tiling: a sparse B moves 5/8 of a dense int8 B's bytes (values + index) and its
    Mmads multiply the stored half of K, so the same tiling is estimated cheaper than for a dense B."""
    from dataclasses import replace

    import asc.lib.host.solver as solver

    dense = solver.Problem(m=128, n=256, k=512, a_dtype="int8", b_dtype="int8", c_dtype="int32",
                           bias_dtype="int32", b_trans=True, dim=4)
    sparse = replace(dense, sparse=True)
    hw = solver.hardware_from_table()
    t = solver.solve(sparse, hw)
    assert solver.b_bytes_per_element(sparse) == 5 / 8 and solver.k_per_cycle(sparse) == 64
    assert solver.estimate(sparse, t, hw) < solver.estimate(dense, t, hw)


def test_set_sparse_refuses_a_batch_tiling(caplog) -> None:
    import logging

    api = host.BatchMatmulTiling(host.get_ascendc_platform())
    api.set_dim(1)
    api.set_a_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_INT8)
    api.set_b_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_INT8, True)
    api.set_c_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_INT32)
    api.set_shape(64, 64, 128)
    api.set_batch_num(2)
    assert api.get_tiling(asc.adv.TCubeTiling()) == 0
    api.set_sparse(True)
    with caplog.at_level(logging.ERROR, logger="asc.lib.host"):
        assert api.get_tiling(asc.adv.TCubeTiling()) == -1
    assert ("set_sparse(True): a batch of sparse matmuls is not supported; tile one matrix with MatmulApiTiling or "
            "MultiCoreMatmulTiling") in caplog.text


@asc.jit(always_compile=True, matmul_cube_only=True)
def sparse_without_its_index(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
                             tiling: asc.adv.TCubeTiling):
    """A sparse Matmul that forgets set_sparse_index: dense, it reads N x K of the N x K/2 stored half."""
    a_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a, tiling.m * tiling.k_a)
    b_gm.set_global_buffer(b, tiling.n * tiling.k_b // 2)
    c_gm.set_global_buffer(c, tiling.m * tiling.n)
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.int8),
                        asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.int8, True),
                        asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.int32))
    asc.adv.register_matmul(pipe, asc.get_sys_workspace(), mm, tiling)
    mm.set_tensor_a(a_gm)
    mm.set_tensor_b(b_gm)
    mm.iterate_all(c_gm)
    mm.end()


@pytest.mark.parametrize("tiling", ["hand", "host"])
def test_a_sparse_b_without_set_sparse_index_hints_at_it(tiling: str) -> None:
    """The stored half (64 x 64 bytes) read as a dense transposed B of 64 x 128: the bounds error at iterate_all
    names the argument and, as its last note, the likely cause. The host tiling's set_sparse(True) leaves no
    mark in the TCubeTiling (as in CANN), so the hint comes from B's form: int8 and transposed."""
    m, n, k = 64, 64, 128
    t = hand_tiling(m, n, k, (64, 64, 64)) if tiling == "hand" else host_tiling(m, n, k, 1)
    rng = np.random.default_rng(1)
    a = rng.integers(-128, 128, (m, k)).astype(np.int8)
    _, stored, _ = sparse_b(rng, k, n)
    with pytest.raises(KernelError) as info:
        sparse_without_its_index[1, rt.current_stream()](a, stored, np.zeros((m, n), np.int32), t)
    error = info.value
    assert error.message.startswith("kernel 'sparse_without_its_index' (block 0): data_copy reads GM bytes [0, ")
    assert error.message.endswith(" relative to argument 'b', which has 4096 int8 elements (4096 bytes); the "
                                  "access is outside every argument array")
    assert error.location.line == _line(sparse_without_its_index, "mm.iterate_all(c_gm)")
    assert error.notes[-1].message == (
        "if B is the stored half of a 4:2 sparse B (N x K/2 int8, transposed), call SetSparseIndex (pyasc: "
        "mm.set_sparse_index(index_gm)) before Iterate / IterateAll: without it the Matmul is dense and reads N x "
        "K of B (sim/MATMUL.md \"Sparse B\")")


def test_a_dense_matmul_out_of_bounds_gets_no_sparse_hint() -> None:
    """A float16 B read past its end: the plain bounds error, without the int8 hint."""
    m, n, k = 32, 32, 64
    rng = np.random.default_rng(2)
    a = rng.standard_normal((m, k)).astype(np.float16)
    b = rng.standard_normal((n, k // 2)).astype(np.float16)  # transposed, half the K
    with pytest.raises(KernelError) as info:
        dense_transposed_b[1, rt.current_stream()](a, b, np.zeros((m, n), np.float32),
                                                   hand_tiling(m, n, k, (32, 32, 32)))
    assert " relative to argument 'b', which has 1024 float16 elements (2048 bytes)" in info.value.message
    assert all("SetSparseIndex" not in note.message for note in info.value.notes)


@asc.jit(always_compile=True, matmul_cube_only=True)
def dense_transposed_b(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, tiling: asc.adv.TCubeTiling):
    a_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a, tiling.m * tiling.k_a)
    b_gm.set_global_buffer(b, tiling.n * tiling.k_b // 2)
    c_gm.set_global_buffer(c, tiling.m * tiling.n)
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                        asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, True),
                        asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32))
    asc.adv.register_matmul(pipe, asc.get_sys_workspace(), mm, tiling)
    mm.set_tensor_a(a_gm)
    mm.set_tensor_b(b_gm)
    mm.iterate_all(c_gm)
    mm.end()


@asc.jit(matmul_cube_only=True)
def mm_sparse_two_indexes(a: asc.GlobalAddress, b: asc.GlobalAddress, idx: asc.GlobalAddress,
                          idx2: asc.GlobalAddress, c: asc.GlobalAddress, c2: asc.GlobalAddress,
                          tiling: asc.adv.TCubeTiling, idx_bytes: int):
    """The same A and stored B with two indexes: IterateAll with the first, then with the second."""
    stored_k = (tiling.k_b + 3) // 4 * 2
    a_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    i_gm = asc.GlobalTensor()
    i2_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    c2_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a, tiling.m * tiling.k_a)
    b_gm.set_global_buffer(b, tiling.n * stored_k)
    i_gm.set_global_buffer(idx, idx_bytes)
    i2_gm.set_global_buffer(idx2, idx_bytes)
    c_gm.set_global_buffer(c, tiling.m * tiling.n)
    c2_gm.set_global_buffer(c2, tiling.m * tiling.n)
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.int8),
                        asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.int8, True),
                        asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.int32))
    asc.adv.register_matmul(pipe, asc.get_sys_workspace(), mm, tiling)
    mm.set_tensor_a(a_gm)
    mm.set_tensor_b(b_gm)
    mm.set_sparse_index(i_gm)
    mm.iterate_all(c_gm)
    mm.set_sparse_index(i2_gm)
    mm.iterate_all(c2_gm)
    mm.end()


def test_a_new_index_rereads_the_b_tile_that_stays_in_l1() -> None:
    """B's tile holds the whole K (step_k_b x base_k = K) and stays in L1 while M moves (two blocks), so the
    second IterateAll would hit it. Its key named B's address and layout but not the index, so only
    SetSparseIndex clearing the L1 cache kept the tile read with the first index from being used with the
    second (with the clearing removed, this test failed: C2 = A @ B densified with the first index). The key
    names the index's address and row stride; the clearing stays (as SetTensorB's: new bytes at the same
    address)."""
    m, n, k = 64, 32, 128
    rng = np.random.default_rng(3)
    a = rng.integers(-128, 128, (m, k)).astype(np.int8)
    dense, stored, idx = sparse_b(rng, k, n)
    # The same stored values at other positions: a second dense B.
    pos2 = np.zeros((n, k // 2), np.uint8)
    dense2 = np.zeros((k, n), np.int8)
    for col in range(n):
        for g in range(k // 4):
            p = np.sort(rng.choice(4, 2, replace=False))
            pos2[col, 2 * g:2 * g + 2] = p
            dense2[4 * g + p, col] = stored[col, 2 * g:2 * g + 2]
    idx2 = pack_index(pos2, k)
    assert not np.array_equal(dense, dense2)
    c = np.zeros((m, n), np.int32)
    c2 = np.zeros((m, n), np.int32)
    t = hand_tiling(m, n, k, (32, 32, 64), depth=(2, 2), step_k=(1, 2))
    mm_sparse_two_indexes[1, rt.current_stream()](a, stored, idx, idx2, c, c2, t, idx.size)
    np.testing.assert_array_equal(c, a.astype(np.int32) @ dense.astype(np.int32))
    np.testing.assert_array_equal(c2, a.astype(np.int32) @ dense2.astype(np.int32))

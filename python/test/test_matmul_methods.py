"""Matmul methods with an effect on the values that the tutorials' forms do not use: disable_bias,
set_hf32, set_quant_scalar (a GM kernel), async_get_tensor_c / wait_get_tensor_c and set_workspace
(a MIX kernel with C in the Unified Buffer) — each against numpy."""

from __future__ import annotations

import numpy as np
import pytest
from test_matmul_e2e import gm_operands, host_tiling

import asc
import asc.lib.host as host
import asc.lib.runtime as rt

DISABLE_BIAS, HF32_ON, HF32_OFF, QUANT_SCALAR, ASYNC_ALL = range(5)


def _tiling(m: int, n: int, k: int, in_dt, c_dt, bias_dt, bias: bool = False,
            dequant: bool = False) -> asc.adv.TCubeTiling:
    return host_tiling(m, n, k, in_dt, c_dt, 1, bias, bias_dtype=bias_dt,
                       dequant=host.DequantType.SCALAR if dequant else None)


@asc.jit
def mm_method_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, bias: asc.GlobalAddress, c: asc.GlobalAddress,
                     ws: asc.GlobalAddress, tiling: asc.adv.TCubeTiling, scale_word: int,
                     which: asc.ConstExpr[int]):
    if asc.get_block_idx() < 1:
        a_gm, b_gm, c_gm = gm_operands(a, b, c, tiling)
        bias_gm = asc.GlobalTensor()
        bias_gm.set_global_buffer(bias, tiling.n)
        pipe = asc.TPipe()
        in_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, a.dtype)
        mm = asc.adv.Matmul(in_type, in_type, asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, c.dtype),
                            asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, bias.dtype))
        asc.adv.register_matmul(pipe, ws, mm, tiling)
        mm.set_tensor_a(a_gm)
        mm.set_tensor_b(b_gm)
        if which == DISABLE_BIAS:
            mm.set_bias(bias_gm)
            mm.disable_bias()
        elif which == HF32_ON:
            mm.set_hf32(True, 0)
        elif which == HF32_OFF:
            mm.set_hf32(False)
        elif which == QUANT_SCALAR:
            mm.set_quant_scalar(scale_word)
        if which == ASYNC_ALL:
            mm.iterate_all(c_gm, sync=False)
            mm.wait_iterate_all()
        else:
            mm.iterate_all(c_gm)
        mm.end()


@pytest.mark.values("adv.Matmul.disable_bias")
def test_disable_bias_drops_the_bias_set_before() -> None:
    m, n, k = 64, 48, 96
    rng = np.random.default_rng(21)
    a = rng.uniform(-1, 1, (m, k)).astype(np.float16)
    b = rng.uniform(-1, 1, (k, n)).astype(np.float16)
    bias = rng.uniform(2, 3, n).astype(np.float32)  # large: a kept bias could not pass the tolerance
    c = np.zeros((m, n), np.float32)
    t = _tiling(m, n, k, np.float16, np.float32, np.float32, bias=True)
    mm_method_kernel[1, rt.current_stream()](a, b, bias, c, np.zeros(1 << 16, np.uint8), t, 0, DISABLE_BIAS)
    np.testing.assert_allclose(c, a.astype(np.float64) @ b, rtol=1e-3, atol=1e-2)


@pytest.mark.values("adv.Matmul.wait_iterate_all")
def test_iterate_all_async_then_wait() -> None:
    m, n, k = 64, 64, 128
    rng = np.random.default_rng(24)
    a = rng.uniform(-1, 1, (m, k)).astype(np.float16)
    b = rng.uniform(-1, 1, (k, n)).astype(np.float16)
    c = np.zeros((m, n), np.float32)
    t = _tiling(m, n, k, np.float16, np.float32, np.float32)
    mm_method_kernel[1, rt.current_stream()](a, b, np.zeros(n, np.float32), c, np.zeros(1 << 16, np.uint8), t, 0,
                                             ASYNC_ALL)
    np.testing.assert_allclose(c, a.astype(np.float64) @ b, rtol=1e-3, atol=1e-2)


@pytest.mark.values("adv.Matmul.set_hf32")
def test_set_hf32_rounds_the_float32_operands() -> None:
    """1 + 2^-13 is not an HF32 value (11 fraction bits; sim/CUBE.md): with HF32 on every A element is
    1 and C = k exactly; with it off C = k · (1 + 2^-13)."""
    m, n, k = 32, 32, 64
    a = np.full((m, k), 1 + 2.0**-13, np.float32)
    b = np.ones((k, n), np.float32)
    t = _tiling(m, n, k, np.float32, np.float32, np.float32)
    bias = np.zeros(n, np.float32)
    on = np.zeros((m, n), np.float32)
    off = np.zeros((m, n), np.float32)
    mm_method_kernel[1, rt.current_stream()](a, b, bias, on, np.zeros(1 << 16, np.uint8), t, 0, HF32_ON)
    mm_method_kernel[1, rt.current_stream()](a, b, bias, off, np.zeros(1 << 16, np.uint8), t, 0, HF32_OFF)
    np.testing.assert_array_equal(on, np.full((m, n), k, np.float32))
    np.testing.assert_array_equal(off, np.full((m, n), np.float32(k * (1 + 2.0**-13)), np.float32))


@pytest.mark.values("adv.Matmul.set_quant_scalar")
def test_set_quant_scalar_scales_the_int32_sums() -> None:
    m, n, k = 32, 64, 64
    rng = np.random.default_rng(22)
    a = rng.integers(-8, 8, (m, k)).astype(np.int8)
    b = rng.integers(-8, 8, (k, n)).astype(np.int8)
    scale = np.float32(0.0078125)
    word = int(np.array([scale], np.float32).view(np.uint32)[0])  # the float32 bits in the low 32 bits
    t = _tiling(m, n, k, np.int8, np.float16, np.int32, dequant=True)
    c = np.zeros((m, n), np.float16)
    mm_method_kernel[1, rt.current_stream()](a, b, np.zeros(n, np.int32), c, np.zeros(1 << 16, np.uint8), t,
                                             word, QUANT_SCALAR)
    ref = (a.astype(np.int64) @ b.astype(np.int64)).astype(np.float32) * scale
    np.testing.assert_array_equal(c, ref.astype(np.float16))


# -- C into UB: AsyncGetTensorC + WaitGetTensorC, the workspace set by SetWorkspace ----------------------


@asc.jit
def mm_async_ub_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, small: asc.GlobalAddress,
                       ws: asc.GlobalAddress, tiling: asc.adv.TCubeTiling, base_m: asc.ConstExpr[int],
                       base_n: asc.ConstExpr[int]):
    """Registered with a workspace too small for C in UB (`small`), then given the real one by
    set_workspace: C reaches UB only if set_workspace took effect."""
    if asc.get_block_idx() < 1:
        a_gm, b_gm, c_gm = gm_operands(a, b, c, tiling)
        pipe = asc.TPipe()
        in_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, a.dtype)
        mm = asc.adv.Matmul(in_type, in_type, asc.adv.MatmulType(asc.TPosition.VECCALC, asc.CubeFormat.ND, c.dtype))
        asc.adv.register_matmul(pipe, small, mm, tiling)
        mm.set_workspace(ws, 16 << 20)
        que = asc.TQue(asc.TPosition.VECIN, 1)
        pipe.init_buffer(que=que, num=1, len=base_m * base_n * 4)
        mm.set_tensor_a(a_gm)
        mm.set_tensor_b(b_gm)
        with mm.iterate():
            blk = que.alloc_tensor(asc.float32)
            mm.async_get_tensor_c(blk)
            mm.wait_get_tensor_c()
            que.enque(blk)
            blk = que.deque(asc.float32)
            off = mm.get_offset_c()  # where this block of C goes
            asc.data_copy(c_gm[off.row * tiling.n + off.col:], blk,
                          repeat_params=asc.DataCopyParams(base_m, base_n * 4 // 32, 0, (tiling.n - base_n) * 4 // 32))
            que.free_tensor(blk)
            asc.set_flag(asc.HardEvent.MTE3_MTE2, 0)  # the next block lands where this one leaves from
            asc.wait_flag(asc.HardEvent.MTE3_MTE2, 0)
        mm.end()


@pytest.mark.values("adv.Matmul.async_get_tensor_c", "adv.Matmul.wait_get_tensor_c", "adv.Matmul.set_workspace",
                    "adv.Matmul.get_offset_c")
def test_async_get_tensor_c_into_ub_with_set_workspace() -> None:
    m, n, k = 64, 64, 64
    rng = np.random.default_rng(23)
    a = rng.uniform(-1, 1, (m, k)).astype(np.float32)
    b = rng.uniform(-1, 1, (k, n)).astype(np.float32)
    t = asc.adv.TCubeTiling(used_core_num=1, m=m, n=n, k_a=k, k_b=k, single_core_m=m, single_core_n=n,
                            single_core_k=k, base_m=32, base_n=32, base_k=32, depth_a1=2, depth_b1=2, step_m=1,
                            step_n=1, step_k_a=2, step_k_b=2, is_bias=0, iterate_order=0, db_l0a=2, db_l0b=2,
                            db_l0c=1, trans_length=32 * 32 * 4)
    c = np.zeros((m, n), np.float32)
    mm_async_ub_kernel[1, rt.current_stream()](a, b, c, np.zeros(32, np.uint8), np.zeros(16 << 20, np.uint8), t,
                                               32, 32)
    np.testing.assert_allclose(c, a.astype(np.float64) @ b, rtol=1e-4, atol=1e-4)


@asc.jit(always_compile=True)
def mm_workspace_bad(ws: asc.GlobalAddress, tiling: asc.adv.TCubeTiling, which: asc.ConstExpr[int]):
    pipe = asc.TPipe()
    in_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
    mm = asc.adv.Matmul(in_type, in_type, asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32))
    asc.adv.register_matmul(pipe, ws, mm, tiling)
    if which == 0:
        mm.set_workspace(ws)  # BAD
    else:
        g = asc.GlobalTensor()
        g.set_global_buffer(ws, 1024)
        mm.set_workspace(g, 1024)  # BAD
    mm.end()


@pytest.mark.parametrize("which, message", [
    (0, "set_workspace: with a GlobalAddress, pass the workspace's size in bytes too (set_workspace(addr, size), "
        "Ascend C's SetWorkspace(addr, size)), or pass a GlobalTensor"),
    (1, "set_workspace: a GlobalTensor carries its size; pass 'size' only with a GlobalAddress"),
])
def test_set_workspace_forms_are_checked(which: int, message: str) -> None:
    from asc.codegen.errors import CompileError

    t = _tiling(32, 32, 32, np.float16, np.float32, np.float32)
    with pytest.raises(CompileError) as info:
        mm_workspace_bad[1, rt.current_stream()](np.zeros(1024, np.uint8), t, which)
    assert message in str(info.value)
    src = open(__file__).read().splitlines()
    assert info.value.location is not None and src[info.value.location.line - 1].endswith("# BAD")


# -- init again: a second tiling for the same Matmul object ------------------------------------------------


@asc.jit
def mm_init_again(a: asc.GlobalAddress, b: asc.GlobalAddress, bias: asc.GlobalAddress, c: asc.GlobalAddress,
                  c2: asc.GlobalAddress, ws: asc.GlobalAddress, t1: asc.adv.TCubeTiling, t2: asc.adv.TCubeTiling,
                  has_bias: asc.ConstExpr[bool]):
    """C = A @ B (+ bias) with `t1`, then again into `c2` after init(t2)."""
    if asc.get_block_idx() < 1:
        a_gm, b_gm, c_gm = gm_operands(a, b, c, t1)
        c2_gm = asc.GlobalTensor()
        c2_gm.set_global_buffer(c2, t1.m * t1.n)
        bias_gm = asc.GlobalTensor()
        bias_gm.set_global_buffer(bias, t1.n)
        pipe = asc.TPipe()
        in_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
        f32 = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)
        mm = asc.adv.Matmul(in_type, in_type, f32, f32)
        asc.adv.register_matmul(pipe, ws, mm)
        mm.init(t1)
        mm.set_tensor_a(a_gm)
        mm.set_tensor_b(b_gm)
        if has_bias:
            mm.set_bias(bias_gm)
        mm.iterate_all(c_gm)
        mm.init(t2)
        mm.set_tensor_a(a_gm)
        mm.set_tensor_b(b_gm)
        if has_bias:
            mm.set_bias(bias_gm)
        mm.iterate_all(c2_gm)
        mm.end()


def _one_core(m: int, n: int, k: int, base_m: int, base_n: int, base_k: int, bias: bool) -> asc.adv.TCubeTiling:
    return asc.adv.TCubeTiling(used_core_num=1, m=m, n=n, k_a=k, k_b=k, single_core_m=m, single_core_n=n,
                               single_core_k=k, base_m=base_m, base_n=base_n, base_k=base_k, depth_a1=2, depth_b1=2,
                               step_m=1, step_n=1, step_k_a=1, step_k_b=1, is_bias=int(bias), iterate_order=0,
                               db_l0a=2, db_l0b=2, db_l0c=2)


def _init_again(t1: asc.adv.TCubeTiling, t2: asc.adv.TCubeTiling, m: int, n: int, k: int, bias: bool):
    rng = np.random.default_rng(23)
    a = rng.uniform(-1, 1, (m, k)).astype(np.float16)
    b = rng.uniform(-1, 1, (k, n)).astype(np.float16)
    bi = rng.uniform(-1, 1, n).astype(np.float32)
    c = np.zeros((m, n), np.float32)
    c2 = np.zeros((m, n), np.float32)
    mm_init_again[1, rt.current_stream()](a, b, bi, c, c2, np.zeros(1 << 16, np.uint8), t1, t2, bias)
    return c, c2, a.astype(np.float64) @ b + (bi if bias else 0)


@pytest.mark.values("adv.Matmul.init")
def test_init_again_with_a_smaller_base_k() -> None:
    """The second tiling's K steps (32) do not divide the first's L1 tiles (48 of K): the Matmul kept the
    first Init's tile geometry, so its second K step read K 32..63 of a 48-deep tile, the rest in the next
    L1 slot (a RAW hazard on L1). Each Init's tiling now sets the tile sizes its blocks use."""
    m, n, k = 64, 64, 96
    c, c2, ref = _init_again(_one_core(m, n, k, 64, 64, 48, False), _one_core(m, n, k, 64, 64, 32, False), m, n, k,
                             False)
    np.testing.assert_allclose(c, ref, rtol=1e-3, atol=1e-2)
    np.testing.assert_allclose(c2, ref, rtol=1e-3, atol=1e-2)


@pytest.mark.values("adv.Matmul.init")
def test_init_again_with_a_wider_bias_is_refused() -> None:
    """base 64 x 32 then 32 x 64 (base K 32 then 16: every L0 tile fits the first Init's buffers), with a
    bias: the bias buffers (32 elements) were not checked, and the second tiling's 64-element bias overran
    them."""
    m, n, k = 64, 64, 64
    with pytest.raises(asc.runtime.errors.KernelError,
                       match=r"Matmul::Init again with a tiling whose tiles are larger than the first Init's"):
        _init_again(_one_core(m, n, k, 64, 32, 32, True), _one_core(m, n, k, 32, 64, 16, True), m, n, k, True)


# -- init after end: End is the Matmul's last call -----------------------------------------------------------


@asc.jit
def mm_init_after_end(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, ws: asc.GlobalAddress,
                      t: asc.adv.TCubeTiling):
    if asc.get_block_idx() < 1:
        a_gm, b_gm, c_gm = gm_operands(a, b, c, t)
        pipe = asc.TPipe()
        in_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
        f32 = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)
        mm = asc.adv.Matmul(in_type, in_type, f32, f32)
        asc.adv.register_matmul(pipe, ws, mm)
        mm.init(t)
        mm.set_tensor_a(a_gm)
        mm.set_tensor_b(b_gm)
        mm.iterate_all(c_gm)
        mm.end()
        mm.init(t)  # AGAIN
        mm.set_tensor_a(a_gm)
        mm.set_tensor_b(b_gm)
        mm.iterate_all(c_gm)
        mm.end()


@pytest.mark.values("adv.Matmul.end")
def test_init_after_end_is_refused_at_the_init() -> None:
    """End is the Matmul's last call (in a MIX kernel the AIC stops serving the AIV at its End, so a later
    request would wait forever on the device): init after end was taken, and the next call failed as
    'Matmul::SetTensorA after End' at the set_tensor_a line."""
    m, n, k = 32, 32, 32
    z = np.zeros((m, k), np.float16)
    with pytest.raises(asc.runtime.errors.KernelError) as info:
        mm_init_after_end[1, rt.current_stream()](z, z, np.zeros((m, n), np.float32), np.zeros(1 << 16, np.uint8),
                                                  _one_core(m, n, k, 32, 32, 32, False))
    assert info.value.category == "argument"
    assert info.value.message.endswith(
        "Matmul::Init after End: End is the Matmul's last call (in a MIX kernel the AIC stops serving this AIV "
        "at End); call End once, after the Matmul's last use")
    src = open(__file__).read().splitlines()
    assert info.value.location is not None and src[info.value.location.line - 1].endswith("# AGAIN")


@asc.jit
def mm_end_twice(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, ws: asc.GlobalAddress,
                 t: asc.adv.TCubeTiling):
    if asc.get_block_idx() < 1:
        a_gm, b_gm, c_gm = gm_operands(a, b, c, t)
        pipe = asc.TPipe()
        in_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
        f32 = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)
        mm = asc.adv.Matmul(in_type, in_type, f32, f32)
        asc.adv.register_matmul(pipe, ws, mm, t)
        mm.set_tensor_a(a_gm)
        mm.set_tensor_b(b_gm)
        mm.iterate_all(c_gm)
        mm.end()
        mm.end()  # TWICE


@pytest.mark.values("adv.Matmul.end")
def test_end_twice_is_refused_at_the_second_end() -> None:
    """End is the Matmul's last call, so a second End is a call after End (MIX: the AIC has stopped serving
    the AIV at the first): it was taken silently (the AIV sent nothing, a cube-only Matmul drained again)."""
    m, n, k = 32, 32, 32
    z = np.zeros((m, k), np.float16)
    with pytest.raises(asc.runtime.errors.KernelError) as info:
        mm_end_twice[1, rt.current_stream()](z, z, np.zeros((m, n), np.float32), np.zeros(1 << 16, np.uint8),
                                             _one_core(m, n, k, 32, 32, 32, False))
    assert info.value.category == "argument"
    assert info.value.message.endswith(
        "Matmul::End after End: End is the Matmul's last call (in a MIX kernel the AIC stops serving this AIV "
        "at End); call End once, after the Matmul's last use")
    src = open(__file__).read().splitlines()
    assert info.value.location is not None and src[info.value.location.line - 1].endswith("# TWICE")


# -- two register_matmul calls in a MIX kernel ----------------------------------------------------------------


@asc.jit
def mm_registered_twice(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, c2: asc.GlobalAddress,
                        ws: asc.GlobalAddress, t: asc.adv.TCubeTiling):
    a_gm, b_gm, c_gm = gm_operands(a, b, c, t)
    c2_gm = asc.GlobalTensor()
    c2_gm.set_global_buffer(c2, t.m * t.n)
    pipe = asc.TPipe()
    in_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
    f32 = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)
    mm = asc.adv.Matmul(in_type, in_type, f32, f32)
    mm2 = asc.adv.Matmul(in_type, in_type, f32, f32)
    asc.adv.register_matmul(pipe, ws, mm, t)
    asc.adv.register_matmul(pipe, ws, mm2, t)  # SECOND
    if asc.get_block_idx() < 1:
        mm.set_tensor_a(a_gm)
        mm.set_tensor_b(b_gm)
        mm2.set_tensor_a(a_gm)
        mm2.set_tensor_b(b_gm)
        mm.iterate_all(c_gm)
        mm2.iterate_all(c2_gm)
        mm.end()
        mm2.end()


@pytest.mark.values("adv.register_matmul")
def test_a_second_register_matmul_in_a_mix_kernel_is_refused() -> None:
    """The AIC of a MIX kernel serves the objects of its first REGIST_MATMUL_OBJ and leaves the kernel: the
    second object was never registered there and its requests (object index 0 again) reached the first object,
    so both C were wrong without an error (two 200 x 150 x 700 objects with their own A and B: 29 783 of the
    30 000 elements of the first C wrong)."""
    m, n, k = 32, 32, 32
    z = np.zeros((m, k), np.float16)
    with pytest.raises(asc.runtime.errors.KernelError) as info:
        mm_registered_twice[1, rt.current_stream()](z, z, np.zeros((m, n), np.float32), np.zeros((m, n), np.float32),
                                                    np.zeros(1 << 16, np.uint8), _one_core(m, n, k, 32, 32, 32, False))
    assert info.value.category == "argument"
    assert info.value.message.endswith(
        "REGIST_MATMUL_OBJ again in a MIX kernel: the AIC serves only the Matmul objects of the first "
        "REGIST_MATMUL_OBJ and leaves the kernel when they end, so these would never be served; register every "
        "object in one REGIST_MATMUL_OBJ(&pipe, workspace, mm1, &tiling1, mm2, &tiling2) (pyasc's "
        "asc.adv.register_matmul takes one object: a MIX kernel there uses one Matmul object)")
    src = open(__file__).read().splitlines()
    assert info.value.location is not None and src[info.value.location.line - 1].endswith("# SECOND")

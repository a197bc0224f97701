"""UB -> L1 copies with ND -> NZ: `data_copy(dst, src, intri_params: Nd2NzParams)` and `data_copy_pad(dst, src,
data_copy_params, nd2nz_params)` with a UB source and an L1 destination (pyasc_api.md Appendix A; ascendc_api.md
DataCopy row 13, DataCopyPad "UB -> L1" rows).

On Ascend 910B/910C no core has both memories: the Unified Buffer belongs to the vector cores (AIV), L1 to the
cube core (AIC), and Ascend C emulates the copy through GM only for the Matmul API's TSCM operands (hardware.md
§5.3), which pyasc cannot declare. So both forms are accepted with the spec's keywords and refused by the
verifier at the kernel's line with what to write instead; hand-written Ascend C is refused by the simulator at
the call. The last test runs what the message says to write (AIV: UB -> GM and a cross-core flag; AIC: GM -> L1
ND -> NZ, LoadData, Mmad, Fixpipe) against numpy."""

from __future__ import annotations

import numpy as np
import pytest

import asc
import asc.lib.runtime as rt
from asc.codegen.errors import CompileTypeError
from asc.runtime.ascendc_kernel import run_ascendc
from asc.runtime.config import KernelType
from asc.runtime.errors import KernelError

REFUSAL = ("cannot copy TPosition.VECIN (UB) to TPosition.{dst} (L1) with ND to NZ on Ascend 910B/910C: the "
           "Unified Buffer belongs to the vector cores (AIV) and L1 to the cube core (AIC), so no kernel type has "
           "both on one core (AIV_ONLY has no L1, AIC_ONLY no UB, and a MIX kernel's AIV and AIC are different "
           "cores); on the AIV copy the tile to GM (data_copy or data_copy_pad) and raise a cross-core flag "
           "(cross_core_set_flag, mode 2), and on the AIC wait for it (cross_core_wait_flag) and copy GM to L1 "
           "with data_copy(dst, src, Nd2NzParams)")


@asc.jit(always_compile=True)
def copy_ub_to_l1(a: asc.GlobalAddress):
    ga = asc.GlobalTensor()
    ga.set_global_buffer(a, 256)
    ub = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 256)
    a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 256)
    asc.data_copy(ub, ga, 256)
    asc.data_copy(dst=a1, src=ub, intri_params=asc.Nd2NzParams(1, 16, 16, 0, 16, 16, 1, 1))


def _ub_to_l1_kernel(kernel_type: KernelType) -> asc.runtime.jit.JITFunction:
    @asc.jit(always_compile=True, kernel_type=kernel_type)
    def ub_to_l1(a: asc.GlobalAddress):
        ga = asc.GlobalTensor()
        ga.set_global_buffer(a, 256)
        ub = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 256)
        a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 256)
        if asc.ascend_is_aiv():
            asc.data_copy(ub, ga, 256)
            asc.data_copy(a1, ub, asc.Nd2NzParams(1, 16, 16, 0, 16, 16, 1, 1))

    return ub_to_l1


@asc.jit(always_compile=True)
def pad_ub_to_l1_params(a: asc.GlobalAddress):
    ga = asc.GlobalTensor()
    ga.set_global_buffer(a, 256)
    ub = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 256)
    b1 = asc.LocalTensor(asc.float16, asc.TPosition.B1, 0, 256)
    asc.data_copy(ub, ga, 256)
    asc.data_copy_pad(b1, ub, asc.DataCopyParams(16, 32, 0, 0), asc.Nd2NzParams(1, 16, 16, 0, 16, 16, 1, 1))


@asc.jit(always_compile=True)
def pad_ub_to_l1_ext_keywords(a: asc.GlobalAddress):
    ga = asc.GlobalTensor()
    ga.set_global_buffer(a, 256)
    ub = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 256)
    a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 256)
    asc.data_copy(ub, ga, 256)
    asc.data_copy_pad(dst=a1, src=ub, data_copy_params=asc.DataCopyExtParams(16, 32, 0, 0, 0),
                      nd2nz_params=asc.Nd2NzParams(1, 16, 16, 0, 16, 16, 1, 1))


@asc.jit(always_compile=True)
def pad_nd2nz_wrong_direction(a: asc.GlobalAddress):
    ga = asc.GlobalTensor()
    ga.set_global_buffer(a, 256)
    ub = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 0, 256)
    a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 256)
    asc.data_copy(a1, ga, 256)
    asc.data_copy_pad(ub, a1, asc.DataCopyParams(16, 32, 0, 0), asc.Nd2NzParams(1, 16, 16, 0, 16, 16, 1, 1))


@asc.jit(always_compile=True)
def nd2nz_ub_to_ub(a: asc.GlobalAddress):
    ga = asc.GlobalTensor()
    ga.set_global_buffer(a, 256)
    x = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 256)
    y = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 512, 256)
    asc.data_copy(x, ga, 256)
    asc.data_copy(y, x, asc.Nd2NzParams(1, 16, 16, 0, 16, 16, 1, 1))


@asc.jit(always_compile=True)
def count_ub_to_l1(a: asc.GlobalAddress):
    ga = asc.GlobalTensor()
    ga.set_global_buffer(a, 256)
    ub = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 256)
    a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 256)
    asc.data_copy(ub, ga, 256)
    asc.data_copy(a1, ub, 256)


@asc.jit(always_compile=True)
def params_ub_to_l1(a: asc.GlobalAddress):
    ga = asc.GlobalTensor()
    ga.set_global_buffer(a, 256)
    ub = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 0, 256)
    b1 = asc.LocalTensor(asc.float16, asc.TPosition.B1, 0, 256)
    asc.data_copy(ub, ga, 256)
    asc.data_copy(dst=b1, src=ub, repeat_params=asc.DataCopyParams(1, 16, 0, 0))


def _refused(kernel: asc.runtime.jit.JITFunction, line: str) -> str:
    """The verifier's message for `kernel`, checked to be at the kernel line starting with `line`."""
    with pytest.raises(CompileTypeError) as info:
        kernel[1](np.zeros(256, np.float16))
    text = str(info.value)
    assert f"test_copy_ub_l1_nd2nz.py:{_line_of(line)}:" in text, text
    assert line in text, text
    return text.split("compile error: ", 1)[1].split("\n", 1)[0]


def _line_of(code: str) -> int:
    lines = open(__file__).read().splitlines()
    hits = [i + 1 for i, s in enumerate(lines) if s.lstrip().startswith(code)]  # the kernel's line
    assert len(hits) == 1, (code, hits)
    return hits[0]


def test_data_copy_ub_to_l1_with_nd2nz_is_refused_at_the_line_with_what_to_do() -> None:
    message = _refused(copy_ub_to_l1, "asc.data_copy(dst=a1, src=ub, intri_params=")
    assert message == "data_copy: " + REFUSAL.format(dst="A1")


@pytest.mark.parametrize("kernel_type", [KernelType.MIX_AIC_1_2, KernelType.MIX_AIC_1_1, KernelType.AIV_ONLY,
                                         KernelType.AIC_ONLY], ids=lambda t: t.name)
def test_the_refusal_is_the_same_in_every_kernel_type(kernel_type: KernelType) -> None:
    message = _refused(_ub_to_l1_kernel(kernel_type), "asc.data_copy(a1, ub, asc.Nd2NzParams(")
    assert message == "data_copy: " + REFUSAL.format(dst="A1")


def test_data_copy_pad_ub_to_l1_with_data_copy_params_is_refused() -> None:
    message = _refused(pad_ub_to_l1_params, "asc.data_copy_pad(b1, ub, asc.DataCopyParams(")
    assert message == "data_copy_pad: " + REFUSAL.format(dst="B1")


def test_data_copy_pad_ub_to_l1_takes_the_spec_keywords_and_is_refused() -> None:
    message = _refused(pad_ub_to_l1_ext_keywords, "asc.data_copy_pad(dst=a1, src=ub,")
    assert message == "data_copy_pad: " + REFUSAL.format(dst="A1")


def test_data_copy_pad_with_nd2nz_params_names_its_direction() -> None:
    message = _refused(pad_nd2nz_wrong_direction, "asc.data_copy_pad(ub, a1, asc.DataCopyParams(")
    assert message == ("data_copy_pad: cannot copy ND to NZ from TPosition.A1 (L1) to TPosition.VECOUT (UB); "
                       "data_copy_pad with 'nd2nz_params' copies VECIN/VECOUT/VECCALC (UB) to A1/B1/C1 (L1)")


M = N = K = 32
ROWS = M // 2  # rows of A per AIV


@asc.jit(always_compile=True)
def ub_tile_through_gm_into_l1(a: asc.GlobalAddress, b: asc.GlobalAddress, ws: asc.GlobalAddress,
                               c: asc.GlobalAddress):
    ga = asc.GlobalTensor()
    gb = asc.GlobalTensor()
    gw = asc.GlobalTensor()
    gc = asc.GlobalTensor()
    ga.set_global_buffer(a, M * K)
    gb.set_global_buffer(b, K * N)
    gw.set_global_buffer(ws, M * K)
    gc.set_global_buffer(c, M * N)
    if asc.ascend_is_aiv():
        # The UB tile (A + 1, ND rows of K elements) that the spec's UB -> L1 form would copy: to GM instead.
        sub = asc.get_sub_block_idx()
        x = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 0, ROWS * K)
        asc.data_copy(x, ga[sub * ROWS * K:], ROWS * K)
        asc.set_flag(asc.HardEvent.MTE2_V, 0)
        asc.wait_flag(asc.HardEvent.MTE2_V, 0)
        asc.adds(x, x, 1.0, ROWS * K)
        asc.set_flag(asc.HardEvent.V_MTE3, 0)
        asc.wait_flag(asc.HardEvent.V_MTE3, 0)
        asc.data_copy_pad(gw[sub * ROWS * K:], x, asc.DataCopyExtParams(ROWS, K * 2, 0, 0, 0))
        asc.cross_core_set_flag(3, 2, asc.PipeID.PIPE_MTE3)
    else:
        a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, M * K)
        b1 = asc.LocalTensor(asc.float16, asc.TPosition.B1, 4096, K * N)
        asc.cross_core_wait_flag(3, 2, asc.PipeID.PIPE_S)
        asc.data_copy(a1, gw, asc.Nd2NzParams(1, M, K, 0, K, M, 1, 1))  # GM -> L1 with ND -> NZ
        asc.data_copy(b1, gb, asc.Nd2NzParams(1, K, N, 0, N, K, 1, 1))
        asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)
        asc.wait_flag(asc.HardEvent.MTE2_MTE1, 0)
        a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, M * K)
        b2 = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, K * N)
        for i in range(2):
            asc.load_data(a2[i * 512:], a1, asc.LoadData2DParams(i, 2, 2, 0, 0, False, 0))
            asc.load_data(b2[i * 512:], b1, asc.LoadData2DParams(i, 2, 2, 0, 0, True, 0))
        asc.set_flag(asc.HardEvent.MTE1_M, 0)
        asc.wait_flag(asc.HardEvent.MTE1_M, 0)
        c1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, M * N)
        asc.mmad(c1, a2, b2, asc.MmadParams(M, N, K, cmatrix_init_val=True))
        asc.set_flag(asc.HardEvent.M_FIX, 0)
        asc.wait_flag(asc.HardEvent.M_FIX, 0)
        asc.fixpipe(gc, c1, asc.FixpipeParamsV220(N, M, M, N))


@pytest.mark.values("data_copy", "data_copy_pad")
def test_what_the_refusal_says_to_write_computes_a_matmul_of_the_ub_tile() -> None:
    rng = np.random.default_rng(23)
    a = rng.integers(-3, 4, (M, K)).astype(np.float16)
    b = rng.integers(-3, 4, (K, N)).astype(np.float16)
    ws = np.zeros((M, K), dtype=np.float16)
    c = np.zeros((M, N), dtype=np.float32)
    ub_tile_through_gm_into_l1[1](a, b, ws, c)
    np.testing.assert_array_equal(ws, a + np.float16(1))
    np.testing.assert_array_equal(c, (a.astype(np.float32) + 1) @ b.astype(np.float32))  # small ints: exact
    assert rt.last_launch().kernel_type == "MIX_AIC_1_2"


HAND_WRITTEN = """
#include "kernel_operator.h"
extern "C" __global__ __aicore__ void ub_to_l1(GM_ADDR x) {
  AscendC::GlobalTensor<half> g;
  g.SetGlobalBuffer((__gm__ half *)x, 256);
  AscendC::LocalTensor<half> u(AscendC::TPosition::VECIN, 0, 256);
  AscendC::LocalTensor<half> l1(AscendC::TPosition::B1, 0, 256);
  AscendC::DataCopy(u, g, 256);
  AscendC::PipeBarrier<PIPE_ALL>();
  FORM;
}
"""
SIM_REFUSAL = ("{api}: cannot copy VECIN (UB) to B1 (L1) with ND -> NZ on Ascend 910B/910C: the Unified Buffer "
               "belongs to the vector cores (AIV) and L1 to the cube core (AIC), and this core is an AIV (kernel type "
               "AIV_ONLY); on the AIV copy the tile to GM (DataCopy or DataCopyPad) and raise a cross-core flag "
               "(CrossCoreSetFlag, mode 2), and on the AIC wait for it (CrossCoreWaitFlag) and copy GM to L1 with "
               "DataCopy(dst, src, Nd2NzParams)")


@pytest.mark.parametrize(("api", "form"), [
    ("data_copy", "AscendC::DataCopy(l1, u, AscendC::Nd2NzParams(1, 16, 16, 0, 16, 16, 1, 1))"),
    ("data_copy_pad", "AscendC::DataCopyPad(l1, u, AscendC::DataCopyParams(16, 32, 0, 0), "
                      "AscendC::Nd2NzParams(1, 16, 16, 0, 16, 16, 1, 1))"),
    ("data_copy_pad", "AscendC::DataCopyPad(l1, u, AscendC::DataCopyExtParams(16, 32, 0, 0, 0), "
                      "AscendC::Nd2NzParams(1, 16, 16, 0, 16, 16, 1, 1))"),
], ids=["data_copy", "pad_params", "pad_ext_params"])
def test_hand_written_ascend_c_is_refused_at_the_call(api: str, form: str) -> None:
    with pytest.raises(KernelError) as info:
        run_ascendc(HAND_WRITTEN.replace("FORM", form), "ub_to_l1", 1, np.zeros(256, np.float16))
    text = str(info.value)
    assert SIM_REFUSAL.format(api=api) in text, text
    assert ":10" in text, text  # the FORM line of HAND_WRITTEN


def test_data_copy_with_nd2nz_params_between_two_ub_tensors_names_the_directions() -> None:
    # Before the UB -> L1 overload this was "no overload of data_copy() matches"; now the verifier says which
    # directions ND -> NZ has.
    message = _refused(nd2nz_ub_to_ub, "asc.data_copy(y, x, asc.Nd2NzParams(")
    assert message == ("data_copy: cannot copy ND to NZ from TPosition.VECIN (UB) to TPosition.VECOUT (UB); "
                       "supported directions are GM to A1/B1/C1 and GM to VECIN/VECCALC")


# The count and DataCopyParams forms UB -> L1 get the same explanation, with the GM -> L1 copy of their form.
PLAIN_REFUSAL = REFUSAL.replace(" with ND to NZ", "").replace(
    "data_copy(dst, src, Nd2NzParams)", "data_copy(dst, src, count) or data_copy(dst, src, DataCopyParams)")


@pytest.mark.parametrize(("kernel", "line", "dst", "src"), [
    (count_ub_to_l1, "asc.data_copy(a1, ub, 256)", "A1", "VECIN"),
    (params_ub_to_l1, "asc.data_copy(dst=b1, src=ub, repeat_params=", "B1", "VECCALC"),
], ids=["count", "repeat_params"])
def test_data_copy_ub_to_l1_without_nd2nz_is_refused_with_what_to_do(kernel, line: str, dst: str, src: str) -> None:
    message = _refused(kernel, line)
    assert message == "data_copy: " + PLAIN_REFUSAL.format(dst=dst).replace("TPosition.VECIN", f"TPosition.{src}")

"""DataCopy with DataCopyEnhancedParams on the cube core's L1 (ascendc_api.md §5.1 rows 8-10): on Ascend
910B/910C these forms behave as rows 4-6, the DataCopyParams form, in the same directions: GM -> A1/B1/C1 (MTE2)
and A1/B1 -> GM (MTE3). The enhanced part is ignored there, so a constant cube-path mode (ReLU, a block mode,
dequantisation, padding) is refused as for UB copies; C1 -> GM stays refused as in the DataCopyParams form."""

from __future__ import annotations

import numpy as np
import pytest

import asc
import asc.lib.runtime as rt
from asc.codegen.errors import CompileError

N = 512


@asc.jit(always_compile=True)
def enhanced_round_trip(x: asc.GlobalAddress, c: asc.GlobalAddress, b1: asc.ConstExpr[bool],
                        in_blocks: asc.ConstExpr[int], count: asc.ConstExpr[int], length: asc.ConstExpr[int],
                        src_gap: asc.ConstExpr[int], dst_gap: asc.ConstExpr[int]):
    gx = asc.GlobalTensor()
    gx.set_global_buffer(x, N)
    gc = asc.GlobalTensor()
    gc.set_global_buffer(c, N)
    l1 = asc.LocalTensor(gx.dtype, asc.TPosition.B1 if b1 else asc.TPosition.A1, 0, N)
    asc.data_copy(l1, gx, asc.DataCopyParams(in_blocks, 1, 0, 0), asc.DataCopyEnhancedParams())
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(gc, l1, repeat_params=asc.DataCopyParams(block_count=count, block_len=length,
                                                            src_stride=src_gap, dst_stride=dst_gap),
                  enhanced_params=asc.DataCopyEnhancedParams())


def _blocks_ref(x: np.ndarray, count: int, length: int, src_gap: int, dst_gap: int) -> np.ndarray:
    per_block = 32 // x.itemsize
    ref = np.full_like(x, 9)
    for i in range(count):
        s = i * (length + src_gap) * per_block
        d = i * (length + dst_gap) * per_block
        ref[d:d + length * per_block] = x[s:s + length * per_block]
    return ref


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.int8])
@pytest.mark.parametrize("b1", [False, True], ids=["A1", "B1"])
@pytest.mark.parametrize("count,length,src_gap,dst_gap", [(1, 4, 0, 0), (3, 2, 1, 2), (0, 4, 0, 0)])
def test_enhanced_form_to_and_from_l1_is_the_params_form(dtype: type, b1: bool, count: int, length: int,
                                                         src_gap: int, dst_gap: int) -> None:
    x = (np.arange(N) % 100 + 1).astype(dtype)
    c = np.full(N, 9, dtype)
    # GM -> L1 in blocks of 32 bytes, one block apart (the whole tensor), then L1 -> GM in the blocks asked.
    enhanced_round_trip[1](x, c, b1, N * x.itemsize // 32, count, length, src_gap, dst_gap)
    np.testing.assert_array_equal(c, _blocks_ref(x, count, length, src_gap, dst_gap))
    assert rt.last_launch().kernel_type == "AIC_ONLY"


@asc.jit(always_compile=True)
def params_into_l1(x: asc.GlobalAddress, c: asc.GlobalAddress, count: asc.ConstExpr[int],
                   length: asc.ConstExpr[int], src_gap: asc.ConstExpr[int], dst_gap: asc.ConstExpr[int]):
    gx = asc.GlobalTensor()
    gx.set_global_buffer(x, N)
    gc = asc.GlobalTensor()
    gc.set_global_buffer(c, N)
    b1 = asc.LocalTensor(gx.dtype, asc.TPosition.B1, 0, N)
    asc.init_const_value(b1, asc.InitConstValueParams(N * 2 // 32, 1, 0, 9))
    asc.set_flag(asc.HardEvent.MTE1_MTE2, 0)
    asc.wait_flag(asc.HardEvent.MTE1_MTE2, 0)
    asc.data_copy(b1, gx, asc.DataCopyParams(count, length, src_gap, dst_gap))
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(gc, b1, N)


@pytest.mark.parametrize("count,length,src_gap,dst_gap", [(1, 4, 0, 0), (3, 2, 1, 2), (4, 1, 3, 0)])
def test_params_form_into_l1(count: int, length: int, src_gap: int, dst_gap: int) -> None:
    # Row 4 (GM -> A1/B1/C1 with DataCopyParams) on the AIC's MTE2: the simulator refused it as "not supported on
    # a vector core (AIV)" in an AIC_ONLY kernel.
    x = (np.arange(N) % 100 + 1).astype(np.float16)
    c = np.zeros(N, np.float16)
    params_into_l1[1](x, c, count, length, src_gap, dst_gap)
    np.testing.assert_array_equal(c, _blocks_ref(x, count, length, src_gap, dst_gap))
    assert rt.last_launch().diagnostics == []


@asc.jit(always_compile=True)
def enhanced_relu_from_l1(c: asc.GlobalAddress):
    gc = asc.GlobalTensor()
    gc.set_global_buffer(c, N)
    a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, N)
    asc.data_copy(gc, a1, asc.DataCopyParams(1, 1, 0, 0), asc.DataCopyEnhancedParams(is_relu_in=True))  # RELU


@asc.jit(always_compile=True)
def enhanced_from_c1(c: asc.GlobalAddress):
    gc = asc.GlobalTensor()
    gc.set_global_buffer(c, N)
    c1 = asc.LocalTensor(asc.float16, asc.TPosition.C1, 0, N)
    asc.data_copy(gc, c1, asc.DataCopyParams(1, 1, 0, 0), asc.DataCopyEnhancedParams())  # C1


@pytest.mark.parametrize(("kernel", "marker", "message"), [
    (enhanced_relu_from_l1, "# RELU",
     "data_copy: DataCopyEnhancedParams 'is_relu_in' is ignored on Ascend 910B/910C (A2/A3), but got True, a "
     "cube-path mode the copy would silently not apply; use the default, or data_copy(dst, src, repeat_params) and "
     "vector instructions"),
    (enhanced_from_c1, "# C1",
     "data_copy: cannot copy from TPosition.C1 to TPosition.GM; supported directions are GM to "
     "VECIN/VECOUT/VECCALC/A1/B1/C1, VECIN/VECOUT/VECCALC/A1/B1 to GM, and between VECIN/VECOUT/VECCALC"),
], ids=["relu", "c1"])
def test_what_the_enhanced_form_refuses_on_l1(kernel, marker: str, message: str) -> None:
    with pytest.raises(CompileError) as info:
        kernel[1](np.zeros(N, np.float16))
    text = str(info.value)
    assert message in text, text
    assert marker in text, text

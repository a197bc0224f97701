"""The sort family against numpy: Sort32, Sort (full and per 32), MrgSort (both forms, with and without
exhausted suspension, and its counts), Concat/Extract (asc.adv), GetSortLen/GetSortOffset, and the region-
proposal instructions A2/A3 reject. Order: descending score, NaN first, equal scores (+0 = -0) in input
order; in a merge the lower list first."""

from __future__ import annotations

import numpy as np
import pytest

import asc
import asc.adv
from asc.codegen.errors import CompileError
from asc.runtime.ascendc_kernel import compile_ascendc
from asc.runtime.errors import KernelError

pytestmark = pytest.mark.values(
    "get_mrg_sort_result", "get_sort_len", "get_sort_offset", "mrg_sort", "sort", "sort32", "adv.concat",
    "adv.extract")

UB_B = 64 * 1024  # byte offset of the second UB region, third at 2 * UB_B


def ref_order(scores: np.ndarray) -> list[int]:
    """Indices of `scores` in the order the sort instructions output them."""
    return sorted(range(len(scores)), key=lambda e: (0, 0.0) if np.isnan(scores[e]) else (1, -float(scores[e])))


def pairs(out: np.ndarray, dtype) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(scores, indices, padding) of the 8-byte pairs in `out`."""
    raw = out.view(np.uint8).reshape(-1, 8)
    size = np.dtype(dtype).itemsize
    scores = raw[:, :size].copy().view(dtype).reshape(-1)
    pad = raw[:, size:4].copy()
    idx = raw[:, 4:].copy().view(np.uint32).reshape(-1)
    return scores, idx, pad


def random_scores(n: int, dtype, rng) -> np.ndarray:
    s = rng.integers(-20, 20, n).astype(dtype)  # many ties
    s[rng.integers(0, n, max(1, n // 16))] = np.inf
    s[rng.integers(0, n, max(1, n // 16))] = -np.inf
    s[rng.integers(0, n, max(1, n // 32))] = np.nan
    s[rng.integers(0, n, max(1, n // 16))] = -0.0
    return s


@asc.jit
def sort_kernel(scores: asc.GlobalAddress, index: asc.GlobalAddress, out: asc.GlobalAddress, n: int,
                mode: asc.ConstExpr[int]):
    per = 8 // scores.dtype.sizeof()
    sg = asc.GlobalTensor()
    ig = asc.GlobalTensor()
    og = asc.GlobalTensor()
    sg.set_global_buffer(scores, n)
    ig.set_global_buffer(index, n)
    og.set_global_buffer(out, n * per)
    s = asc.LocalTensor(scores.dtype, asc.TPosition.VECIN, 0, n)
    i = asc.LocalTensor(asc.uint32, asc.TPosition.VECIN, 16384, n)
    d = asc.LocalTensor(scores.dtype, asc.TPosition.VECOUT, 32768, n * per)
    t = asc.LocalTensor(scores.dtype, asc.TPosition.VECCALC, 98304, n * per)
    asc.data_copy(s, sg, n)
    asc.data_copy(i, ig, n)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    if mode == 0:
        asc.sort32(d, s, i, n // 32)
    elif mode == 1:
        asc.sort(d, s, i, t, n // 32)
    else:
        asc.sort(d, s, i, t, n // 32, is_full_sort=True)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(og, d, n * per)


@pytest.mark.parametrize("dtype", [np.float32, np.float16])
@pytest.mark.parametrize("mode,n", [(0, 96), (1, 64), (2, 32), (2, 160), (2, 640)])
def test_sort_orders_pairs_like_numpy(dtype, mode: int, n: int) -> None:
    rng = np.random.default_rng(n + mode)
    scores = random_scores(n, dtype, rng)
    index = (np.arange(n) * 7 + 3).astype(np.uint32)
    out = np.zeros(n * 8 // np.dtype(dtype).itemsize, dtype)
    sort_kernel[1](scores, index, out, n, mode)
    got_s, got_i, pad = pairs(out, dtype)
    groups = [np.arange(n)] if mode == 2 else [np.arange(g, g + 32) for g in range(0, n, 32)]
    want = np.concatenate([g[ref_order(scores[g])] for g in groups])
    np.testing.assert_array_equal(got_i, index[want])
    np.testing.assert_array_equal(got_s.view(np.uint8), scores[want].view(np.uint8))  # -0 stays -0
    assert not pad.any()


@asc.jit
def merge_kernel(scores: asc.GlobalAddress, out: asc.GlobalAddress, counts: asc.GlobalAddress, n0: int, n1: int,
                 n2: int, lists: asc.ConstExpr[int], suspend: asc.ConstExpr[bool], info: asc.ConstExpr[bool]):
    per = 8 // scores.dtype.sizeof()
    n = 96
    sg = asc.GlobalTensor()
    og = asc.GlobalTensor()
    cg = asc.GlobalTensor()
    sg.set_global_buffer(scores, n * per)
    og.set_global_buffer(out, n * per)
    cg.set_global_buffer(counts, 4)
    s = asc.LocalTensor(scores.dtype, asc.TPosition.VECIN, 0, n * per)
    d = asc.LocalTensor(scores.dtype, asc.TPosition.VECOUT, 32768, n * per)
    asc.data_copy(s, sg, n * per)
    asc.data_copy(d, og, n * per)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    src = asc.MrgSortSrcList(scores.dtype, s, s[32 * per:], s[64 * per:])
    valid = 3 if lists == 2 else 7
    if info:
        asc.mrg_sort(d, src, asc.MrgSort4Info([n0, n1, n2, 0], suspend, valid, 1))
    else:
        asc.mrg_sort(d, src, [n0, n1, n2, 0], [0, 0, 0, 0], valid, 1, suspend)
    a, b, c, e = asc.get_mrg_sort_result()
    cg.set_value(0, a)
    cg.set_value(1, b)
    cg.set_value(2, c)
    cg.set_value(3, e)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(og, d, n * per)


def sorted_pairs(scores: np.ndarray, index: np.ndarray, dtype) -> np.ndarray:
    """The 8-byte pairs of `scores` (already in order) as an array of `dtype`."""
    raw = np.zeros((len(scores), 8), np.uint8)
    size = np.dtype(dtype).itemsize
    raw[:, :size] = scores.astype(dtype).view(np.uint8).reshape(-1, size)
    raw[:, 4:] = index.astype(np.uint32).view(np.uint8).reshape(-1, 4)
    return raw.reshape(-1).view(dtype)


@pytest.mark.parametrize("dtype", [np.float32, np.float16])
@pytest.mark.parametrize("lists,lengths,suspend,info", [(2, (32, 20, 0), False, False), (3, (10, 32, 5), False, True),
                                                        (3, (30, 4, 12), True, False), (2, (32, 32, 0), True, True)])
def test_mrg_sort_merges_lists(dtype, lists: int, lengths: tuple[int, ...], suspend: bool, info: bool) -> None:
    rng = np.random.default_rng(sum(lengths) + lists)
    blocks, keys = [], []
    for k in range(3):
        s = rng.integers(-8, 8, 32).astype(dtype)
        order = ref_order(s)
        s = s[order]
        blocks.append(sorted_pairs(s, np.arange(32) + 100 * k, dtype))
        keys.append([(float(s[e]), 100 * k + e) for e in range(lengths[k])])
    per = 8 // np.dtype(dtype).itemsize
    out = np.full(96 * per, 7, dtype)
    counts = np.zeros(4, np.int32)
    merge_kernel[1](np.concatenate(blocks), out, counts, *lengths, lists, suspend, info)
    # Reference merge: highest score first, on ties the lower list.
    pos, got = [0] * lists, []
    while True:
        heads = [(keys[k][pos[k]][0], k) for k in range(lists) if pos[k] < lengths[k]]
        if not heads or (suspend and len(heads) < lists):
            break
        _score, k = min(heads, key=lambda h: (-h[0], h[1]))
        got.append(keys[k][pos[k]][1])
        pos[k] += 1
    np.testing.assert_array_equal(counts, pos + [0] * (4 - lists))
    _s, idx, _pad = pairs(out, dtype)
    np.testing.assert_array_equal(idx[:len(got)], got)
    assert (out[len(got) * per:] == 7).all()  # nothing written past the merged pairs


@asc.jit
def concat_extract_kernel(scores: asc.GlobalAddress, values: asc.GlobalAddress, index: asc.GlobalAddress, n: int):
    per = 8 // scores.dtype.sizeof()
    sg = asc.GlobalTensor()
    vg = asc.GlobalTensor()
    ig = asc.GlobalTensor()
    sg.set_global_buffer(scores, n)
    vg.set_global_buffer(values, n)
    ig.set_global_buffer(index, n)
    s = asc.LocalTensor(scores.dtype, asc.TPosition.VECIN, 0, n)
    c = asc.LocalTensor(scores.dtype, asc.TPosition.VECCALC, 8192, n)
    i = asc.LocalTensor(asc.uint32, asc.TPosition.VECCALC, 16384, n)
    d = asc.LocalTensor(scores.dtype, asc.TPosition.VECCALC, 32768, n * per)
    t = asc.LocalTensor(scores.dtype, asc.TPosition.VECCALC, 65536, n * per)
    v = asc.LocalTensor(scores.dtype, asc.TPosition.VECOUT, 98304, n)
    x = asc.LocalTensor(asc.uint32, asc.TPosition.VECOUT, 114688, n)
    asc.data_copy(s, sg, n)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    for k in range(n):
        i.set_value(k, k)
    asc.set_flag(asc.HardEvent.S_V, 0)
    asc.wait_flag(asc.HardEvent.S_V, 0)
    asc.adv.concat(c, s, t, n // 16)
    asc.sort(d, c, i, t, n // 32, True)
    asc.adv.extract(v, x, d, n // 32)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(vg, v, n)
    asc.data_copy(ig, x, n)


@pytest.mark.parametrize("dtype", [np.float32, np.float16])
def test_concat_sort_extract_is_a_descending_argsort(dtype) -> None:
    n = 256
    scores = random_scores(n, dtype, np.random.default_rng(5))
    values = np.zeros(n, dtype)
    index = np.zeros(n, np.uint32)
    concat_extract_kernel[1](scores, values, index, n)
    want = ref_order(scores)
    np.testing.assert_array_equal(index, want)
    np.testing.assert_array_equal(values.view(np.uint8), scores[want].view(np.uint8))


@asc.jit
def sort_len_kernel(out: asc.GlobalAddress, n: int):
    og = asc.GlobalTensor()
    og.set_global_buffer(out, 4)
    og.set_value(0, asc.get_sort_len(n))
    og.set_value(1, asc.get_sort_len(n, asc.float16))
    og.set_value(2, asc.get_sort_offset(n))
    og.set_value(3, asc.get_sort_offset(elem_offset=n, dtype=asc.float16))


def test_sort_len_and_offset_count_elements_of_t() -> None:
    out = np.zeros(4, np.int32)
    sort_len_kernel[1](out, 10)
    np.testing.assert_array_equal(out, [20, 40, 20, 40])


@asc.jit
def full_sort_small_tmp_kernel(scores: asc.GlobalAddress, n: int):
    s = asc.LocalTensor(scores.dtype, asc.TPosition.VECIN, 0, n)
    i = asc.LocalTensor(asc.uint32, asc.TPosition.VECIN, 16384, n)
    d = asc.LocalTensor(scores.dtype, asc.TPosition.VECOUT, 32768, n * 2)
    t = asc.LocalTensor(scores.dtype, asc.TPosition.VECCALC, 98304, n)
    asc.duplicate(s, 1.0, n)
    asc.duplicate(i.reinterpret_cast(asc.float32), 0.0, n)
    asc.sort(d, s, i, t, n // 32, is_full_sort=True)


def test_full_sort_with_a_small_tmp_buffer_names_the_minimum() -> None:
    with pytest.raises(KernelError, match=r"sort: a full sort of 64 elements needs a tmp buffer of at least 128 elements "
                             r"\(512 bytes: get_sort_len\(64\)\), but it holds 64"):
        full_sort_small_tmp_kernel[1](np.zeros(64, np.float32), 64)


@asc.jit
def mrg_sort4_kernel(x: asc.GlobalAddress):
    s = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 256)
    asc.mrg_sort4(s, asc.MrgSortSrcList(asc.float16, s, s), asc.MrgSort4Info([16, 16, 0, 0], False, 3, 1))


@asc.jit
def rp_sort16_kernel(x: asc.GlobalAddress):
    s = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 256)
    asc.rp_sort16(s, s, 1)


@pytest.mark.parametrize("kernel,cxx", [(mrg_sort4_kernel, "MrgSort4"), (rp_sort16_kernel, "RpSort16")])
def test_region_proposal_instructions_are_rejected_on_a2(kernel, cxx: str) -> None:
    with pytest.raises(CompileError, match=rf"AscendC::{cxx} is not supported on Ascend910B1 \(Ascend 910B/910C, A2/A3\)"):
        kernel[1](np.zeros(4, np.float16))


REGION_PROPOSALS = """
#include "kernel_operator.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void region_proposals(GM_ADDR x, int32_t mode) {
  (void)x;
  LocalTensor<half> s(TPosition::VECIN, 0, 256);
  if (mode == 0)
    MrgSort4(s, MrgSortSrcList<half>(s, s, s, s), MrgSort4Info()); // MODE 0
  if (mode == 1)
    RpSort16(s, s, 1); // MODE 1
  if (mode == 2)
    ProposalConcat(s, s, 1, 0); // MODE 2
  if (mode == 3)
    ProposalExtract(s, s, 1, 0); // MODE 3
}
"""


@pytest.mark.parametrize("mode,name", [(0, "mrg_sort4"), (1, "rp_sort16"), (2, "proposal_concat"),
                                       (3, "proposal_extract")])
def test_region_proposal_instructions_fail_in_a_hand_written_kernel(mode: int, name: str) -> None:
    """The Python front end refuses them at compile time (above); a C++ kernel reaches the header's refusal."""
    with pytest.raises(KernelError) as e:
        compile_ascendc(REGION_PROPOSALS, "region_proposals")(1, np.zeros(4, np.float16), mode)
    assert e.value.category == "argument"
    assert e.value.message == (f"kernel 'region_proposals' (block 0): {name}: Ascend 910B/910C (A2/A3) do not "
                               f"implement the region-proposal instructions (ascendc_api.md 6.9); use Sort32 and "
                               f"MrgSort")
    line = next(n for n, text in enumerate(REGION_PROPOSALS.split("\n"), 1) if text.endswith(f"// MODE {mode}"))
    assert e.value.location.line == line

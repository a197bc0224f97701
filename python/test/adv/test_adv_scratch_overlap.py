"""asc.adv calls without a temp_buffer under a TPipe work in the Unified Buffer above the TPipe's buffers:
the simulator reports that scratch overlapping a static LocalTensor at a hand-chosen address (a warning
for another tensor, which may be dead there; an error for an operand of the call), docs/debugging.md
"asc.adv scratch and static tensors"."""

from __future__ import annotations

import inspect
import warnings

import numpy as np
import pytest

import asc
import asc.adv
from asc.runtime.errors import KernelError, KernelWarning

N = 1024  # float32 elements: each queue buffer is 4 KiB, so the TPipe's buffers end at UB byte 0x2000


@asc.jit
def sin_plus_static(x: asc.GlobalAddress, y: asc.GlobalAddress, n: asc.ConstExpr[int], tiles: int,
                    keep_at: asc.ConstExpr[int], with_temp: asc.ConstExpr[bool]):
    """y = sin(x) + 3 per tile, the 3 kept in a static tensor at byte `keep_at` across the asc.adv.sin call."""
    gx = asc.GlobalTensor()
    gy = asc.GlobalTensor()
    gx.set_global_buffer(x, n * tiles)
    gy.set_global_buffer(y, n * tiles)
    pipe = asc.TPipe()
    qi = asc.TQue(asc.TPosition.VECIN, 1)
    qo = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(que=qi, num=1, len=n * 4)
    pipe.init_buffer(que=qo, num=1, len=n * 4)
    keep = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, keep_at, n)  # KEEP
    for i in range(tiles):
        asc.duplicate(keep, 3.0, n)
        a = qi.alloc_tensor(asc.float32)
        asc.data_copy(a, gx[i * n:], n)
        qi.enque(a)
        a = qi.deque(asc.float32)
        b = qo.alloc_tensor(asc.float32)
        if with_temp:
            tmp = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 0x20000, 16384)
            asc.adv.sin(b, a, n, temp_buffer=tmp)
        else:
            asc.adv.sin(b, a, n)  # ADV
        asc.add(b, b, keep, n)
        qo.enque(b)
        qi.free_tensor(a)
        b = qo.deque(asc.float32)
        asc.data_copy(gy[i * n:], b, n)
        qo.free_tensor(b)


@asc.jit
def sin_of_static(x: asc.GlobalAddress, y: asc.GlobalAddress, n: asc.ConstExpr[int]):
    """asc.adv.sin's source is a static tensor right above the TPipe's buffers, where its scratch starts."""
    gx = asc.GlobalTensor()
    gy = asc.GlobalTensor()
    gx.set_global_buffer(x, n)
    gy.set_global_buffer(y, n)
    pipe = asc.TPipe()
    qo = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(que=qo, num=1, len=n * 4)
    src = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, n * 4, n)  # KEEP
    asc.data_copy(src, gx, n)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    b = qo.alloc_tensor(asc.float32)
    asc.adv.sin(b, src, n)  # ADV
    qo.enque(b)
    b = qo.deque(asc.float32)
    asc.data_copy(gy, b, n)
    qo.free_tensor(b)


def _line(kernel, mark: str) -> int:
    lines, first = inspect.getsourcelines(kernel.fn)
    (line,) = [first + i for i, text in enumerate(lines) if f"# {mark}" in text]
    return line


def _x(tiles: int = 1) -> np.ndarray:
    return np.linspace(-3.0, 3.0, tiles * N).astype(np.float32)


def test_scratch_over_a_static_tensor_warns_at_the_call_once() -> None:
    x = _x(3)
    y = np.zeros_like(x)
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter("always")  # a warning per iteration would show
        sin_plus_static[1](x, y, N, 3, 3 * N * 4, False)
    assert all(w.category is KernelWarning for w in record)
    adv, keep = _line(sin_plus_static, "ADV"), _line(sin_plus_static, "KEEP")
    assert [str(w.message) for w in record] == [
        f"{__file__}:{adv}: asc.adv.sin without a temp_buffer used UB[0x2000, 0x5000) above the TPipe's buffers "
        f"as its scratch, which overlaps the static LocalTensor at UB[0x3000, 0x4000) (created at {__file__}:{keep}): "
        "its values in the overlap are overwritten, wrong if it is read later. Pass temp_buffer (a LocalTensor of "
        "its own), or place the tensor outside UB[0x2000, 0x5000)"]
    # As on the NPU: the kernel reads the overwritten tensor afterwards, so its result is wrong.
    assert not np.allclose(y, np.sin(x) + 3.0, atol=1e-4)


@pytest.mark.parametrize("keep_at,with_temp", [(0x10000, False), (3 * N * 4, True)],
                         ids=["tensor_above_the_scratch", "temp_buffer"])
def test_no_overlap_no_report(keep_at: int, with_temp: bool) -> None:
    x = _x(2)
    y = np.zeros_like(x)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        sin_plus_static[1](x, y, N, 2, keep_at, with_temp)
    np.testing.assert_allclose(y, np.sin(x) + 3.0, atol=1e-4)


def test_scratch_over_an_operand_is_an_error() -> None:
    x = _x()
    with pytest.raises(KernelError) as info:
        sin_of_static[1](x, np.zeros_like(x), N)
    err = info.value
    assert err.category == "scratch"
    assert err.location is not None and err.location.file == __file__
    assert err.location.line == _line(sin_of_static, "ADV")
    keep = _line(sin_of_static, "KEEP")
    assert err.message == (
        "kernel 'sin_of_static' (block 0): asc.adv.sin without a temp_buffer used UB[0x1000, 0x4000) above the "
        "TPipe's buffers as its scratch, which overlaps the static LocalTensor at UB[0x1000, 0x2000) (created at "
        f"{__file__}:{keep}), an operand of the call: the scratch overwrites it while the call computes. Pass "
        "temp_buffer (a LocalTensor of its own), or place the tensor outside UB[0x1000, 0x4000)")
    assert [(n.location.line, n.message) for n in err.notes] == [(keep, "the overlapping LocalTensor")]

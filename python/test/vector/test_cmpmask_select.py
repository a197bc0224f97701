"""Every select form, the compare register form, get/set_cmp_mask, and the controls set_pad_value,
set_atomic_type and set_vector_mask (keyword forms), through real kernels on the simulator against
numpy, plus their errors (exact text)."""

from __future__ import annotations

import re
import warnings

import numpy as np
import pytest

import asc
import asc.lib.runtime as rt
from asc.codegen.errors import CompileError
from asc.runtime.errors import KernelError

pytestmark = pytest.mark.values(
    "compare", "data_copy", "data_copy_pad", "duplicate", "get_cmp_mask", "reset_mask", "select",
    "set_atomic_add", "set_atomic_none", "set_atomic_type", "set_cmp_mask", "set_pad_value",
    "set_vector_mask")

N_BITS = 128  # bytes of selection bits (up to 8 float32 / 4 float16 repeats with continuous bits)
MAX_REPEAT = {np.float16: 4, np.float32: 8}


def lanes(dtype) -> int:
    return 256 // np.dtype(dtype).itemsize


# -- select in every form --------------------------------------------------------------------------


@asc.jit
def select_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, k: asc.GlobalAddress, z: asc.GlobalAddress,
                  g: asc.GlobalAddress, n: int, repeat: int, mask: int, hi: int, lo: int,
                  form: asc.ConstExpr[int], es: asc.ConstExpr[int]):
    """Loads x, y, the selection bits k and the old dst z; runs one select form; stores z and the
    CMPMASK read back into g (forms that use the register)."""
    xg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    kg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    gg = asc.GlobalTensor()
    xg.set_global_buffer(x, n)
    yg.set_global_buffer(y, n)
    kg.set_global_buffer(k, 128)
    zg.set_global_buffer(z, n)
    gg.set_global_buffer(g, 128)
    a = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, n)
    b = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 32768, n)
    m = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 65536, 128)
    c = asc.LocalTensor(x.dtype, asc.TPosition.VECOUT, 98304, n)
    s = asc.LocalTensor(x.dtype, asc.TPosition.VECCALC, 131072, 32 // es)
    r = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 131104, 128)
    addr = asc.LocalTensor(asc.uint64, asc.TPosition.VECCALC, 131072, 4)
    asc.data_copy(a, xg, n)
    asc.data_copy(b, yg, n)
    asc.data_copy(m, kg, 128)
    asc.data_copy(c, zg, n)
    asc.data_copy(r, gg, 128)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    params = asc.BinaryRepeatParams(1, 1, 1, 8, 8, 8)
    if form == 0:
        asc.select(c, m, a, b, asc.SelMode.VSEL_TENSOR_TENSOR_MODE, n)
    elif form == 1:
        asc.select(c, m, a, 2.5, asc.SelMode.VSEL_TENSOR_SCALAR_MODE, n)
    elif form == 2:
        asc.select(c, m, a, b, asc.SelMode.VSEL_CMPMASK_SPR, mask, repeat, params)
    elif form == 3:
        asc.select(c, m, a, b, asc.SelMode.VSEL_TENSOR_TENSOR_MODE, [lo, hi], repeat, params)
    elif form == 4:
        asc.select(c, m, a, -1.25, asc.SelMode.VSEL_TENSOR_SCALAR_MODE, mask, repeat, params)
    elif form == 5:
        asc.select(dst=c, sel_mask=m, src0=a, src1=0.5, sel_mode=asc.SelMode.VSEL_TENSOR_SCALAR_MODE,
                   mask=[lo, hi], repeat_times=repeat, repeat_params=params, is_set_mask=True)
    elif form == 6:  # mode 1 without src1: the scalar comes from CMPMASK
        for i in range(16 // es):  # SetCmpMask reads 16 bytes; the scalar is the first element
            s.set_value(i, 3.0)
        asc.set_flag(asc.HardEvent.S_V, 0)
        asc.wait_flag(asc.HardEvent.S_V, 0)
        asc.set_cmp_mask(s)
        asc.set_vector_mask(mask, dtype=x.dtype, mode=asc.MaskMode.NORMAL)
        asc.select(c, m, a, repeat, params)
        asc.reset_mask()
    elif form == 7:  # mode 0 from the register, loaded by the compare register form
        asc.compare(a, b, asc.CMPMODE.GT, [lo, hi], params)
        asc.set_vector_mask(hi, lo, dtype=x.dtype, mode=asc.MaskMode.NORMAL)
        asc.select(c, a, b, repeat, params, asc.SelMode.VSEL_CMPMASK_SPR)
        asc.reset_mask()
        asc.get_cmp_mask(r)
    elif form == 8:  # mode 2 from the register: CMPMASK holds the UB address of the bits
        addr.set_value(0, 65536)
        addr.set_value(1, 0)
        asc.set_flag(asc.HardEvent.S_V, 0)
        asc.wait_flag(asc.HardEvent.S_V, 0)
        asc.set_cmp_mask(src=addr)
        asc.set_vector_mask(hi, lo, x.dtype)
        asc.select(dst=c, src0=a, src1=b, repeat_times=repeat, repeat_params=params,
                   sel_mode=asc.SelMode.VSEL_TENSOR_TENSOR_MODE)
        asc.reset_mask()
    elif form == 9:  # the compare register form by keyword, read back
        asc.compare(src0=a, src1=b, cmp_mode=asc.CMPMODE.LE, mask=mask, repeat_params=params, is_set_mask=False)
        asc.get_cmp_mask(dst=r)
    else:  # a select with a scalar leaves the scalar in CMPMASK (the NPU loads it through SetCmpMask)
        asc.select(c, m, a, 6.0, asc.SelMode.VSEL_TENSOR_SCALAR_MODE, mask, repeat, params)
        asc.get_cmp_mask(r)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, c, n)
    asc.data_copy(gg, r, 128)


def enabled_lanes(form: int, p: int, mask: int, hi: int, lo: int) -> np.ndarray:
    """The lanes of one repeat a form enables (normal mode)."""
    if form in (2, 4, 6, 10):  # continuous mask: the first `mask` lanes
        return np.arange(p) < mask
    bits = [(lo >> e) & 1 if e < 64 else (hi >> (e - 64)) & 1 for e in range(p)]
    return np.array(bits, dtype=bool)


def reference(form, x, y, k_bits, z, n, repeat, mask, hi, lo, dtype):
    """dst after the form: bit 1 -> x, bit 0 -> y or the scalar; masked-off lanes keep z."""
    p = lanes(dtype)
    want = z.copy()
    scalar = {1: 2.5, 4: -1.25, 5: 0.5, 6: 3.0, 10: 6.0}.get(form)
    if form in (0, 1):  # count forms: n elements, bits consumed continuously
        sel = k_bits[:n].astype(bool)
        other = y[:n] if scalar is None else np.full(n, scalar, dtype=dtype)
        want[:n] = np.where(sel, x[:n], other)
        return want
    on = enabled_lanes(form, p, mask, hi, lo)
    cmp_bits = x[:p] > y[:p]
    for r in range(repeat):
        for e in np.nonzero(on)[0]:
            i = r * p + e
            if form == 2:
                bit = k_bits[e]  # VSEL_CMPMASK_SPR: the same bits every repeat
            elif form == 7:
                bit = cmp_bits[e]
            else:
                bit = k_bits[i]
            if bit:
                want[i] = x[i]
            else:
                want[i] = y[i] if scalar is None else dtype(scalar)
    return want


@pytest.mark.parametrize("dtype", [np.float16, np.float32])
@pytest.mark.parametrize("form", range(11))
def test_select_forms(dtype, form):
    rng = np.random.default_rng(100 + form)
    p = lanes(dtype)
    n = p * MAX_REPEAT[dtype]
    x = rng.integers(-4, 5, n).astype(dtype)
    y = rng.integers(-4, 5, n).astype(dtype)
    z = rng.standard_normal(n).astype(dtype)
    k = rng.integers(0, 256, 128, dtype=np.uint8)
    g = np.full(128, 0xAB, dtype=np.uint8)
    repeat = int(rng.integers(1, MAX_REPEAT[dtype] + 1))
    mask = int(rng.integers(1, p + 1))
    lo = int(rng.integers(1, 2**63)) | 1
    hi = int(rng.integers(0, 2**63)) if p == 128 else 0
    if form == 7:
        repeat = int(rng.integers(1, 3))
    k_bits = np.unpackbits(k, bitorder="little")
    zz = z.copy()
    select_kernel[1, rt.current_stream()](x, y, k, zz, g, n, repeat, mask, np.int64(hi), np.int64(lo), form,
                                         np.dtype(dtype).itemsize)
    if form != 9:
        want = reference(form, x, y, k_bits, z, n, repeat, mask, hi, lo, dtype)
        assert zz.tobytes() == want.tobytes(), np.nonzero(zz.view(np.uint8) != want.view(np.uint8))
    words = g[:16].view(np.uint64)
    if form == 7:
        bits = np.packbits((x[:p] > y[:p]).astype(np.uint8), bitorder="little")
        assert g[:p // 8].tobytes() == bits.tobytes()
        assert not g[p // 8:16].any()
    elif form == 9:  # CMPMODE.LE over one repeat; the mask is reserved on A2/A3
        bits = np.packbits((x[:p] <= y[:p]).astype(np.uint8), bitorder="little")
        assert g[:p // 8].tobytes() == bits.tobytes()
        assert (g[16:] == 0xAB).all()
    elif form == 10:
        assert words[0] == int(np.array([6.0], dtype=dtype).view(np.uint16 if dtype == np.float16
                                                                  else np.uint32)[0])
        assert words[1] == 0


# -- set/get_cmp_mask round trip over element types -------------------------------------------------


@asc.jit
def cmp_mask_roundtrip(x: asc.GlobalAddress, z: asc.GlobalAddress, n: asc.ConstExpr[int]):
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x, n)
    zg.set_global_buffer(z, n)
    a = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, n)
    c = asc.LocalTensor(x.dtype, asc.TPosition.VECOUT, 1024, n)
    asc.data_copy(a, xg, n)
    asc.data_copy(c, zg, n)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.set_cmp_mask(a)
    asc.get_cmp_mask(c)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, c, n)


@pytest.mark.parametrize("dtype", [np.int8, np.uint16, np.float32, np.int64])
def test_set_then_get_cmp_mask(dtype):
    rng = np.random.default_rng(7)
    x = rng.integers(0, 256, 256, dtype=np.uint8).view(dtype).copy()
    z = np.full(256, 0x5A, dtype=np.uint8).view(dtype).copy()
    cmp_mask_roundtrip[1, rt.current_stream()](x, z, len(x))
    zb = z.view(np.uint8)
    assert zb[:16].tobytes() == x.view(np.uint8)[:16].tobytes()
    assert (zb[16:] == 0x5A).all()


# -- set_pad_value with data_copy_pad -------------------------------------------------------------------


@asc.jit
def pad_value_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int, rows: int, row_len: int,
                     left: asc.ConstExpr[int], right: asc.ConstExpr[int], padded_blocks: int,
                     pad: asc.ConstExpr[float]):
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x, n)
    zg.set_global_buffer(z, n)
    a = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, n)
    asc.set_pad_value(pad)
    # is_pad = False: the pads take the set_pad_value value, not padding_value (0 here).
    asc.data_copy_pad(a, xg, asc.DataCopyExtParams(rows, row_len, 0, 0, 0),
                      asc.DataCopyPadExtParams(x.dtype, False, left, right, 0))
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(zg, a, asc.DataCopyParams(rows, padded_blocks, 0, 0))


@pytest.mark.parametrize("dtype,row_elems,left,right,pad", [
    (np.int32, 5, 1, 0, 77), (np.float32, 3, 0, 2, 1.5), (np.int16, 7, 0, 0, -9), (np.uint8, 37, 4, 5, 200),
    # a typed value: SetPadValue<half> (a Python float would be float32, see the test below)
    (np.float16, 11, 2, 3, np.float16(-2.5)),
])
def test_set_pad_value_fills_data_copy_pad(dtype, row_elems, left, right, pad):
    rng = np.random.default_rng(row_elems)
    es = np.dtype(dtype).itemsize
    n = 2048 // es
    rows = 5
    x = rng.integers(-100, 100, n).astype(dtype)
    z = np.zeros(n, dtype=dtype)
    padded = -(-((left + right + row_elems) * es) // 32) * 32
    pitch = padded // es
    launch_pad = pad_value_kernel[1, rt.current_stream()]
    launch_pad(x, z, n, rows, row_elems * es, left, right, padded // 32, pad)
    want = np.zeros(n, dtype=dtype)
    for i in range(rows):
        want[i * pitch:(i + 1) * pitch] = dtype(pad)
        want[i * pitch + left:i * pitch + left + row_elems] = x[i * row_elems:(i + 1) * row_elems]
    assert z.tobytes() == want.tobytes()


PAD_WIDTH_WARNING = ("data_copy_pad pads float16 elements with a 4-byte value set by set_pad_value; the NPU uses "
                     "its low 2 bytes \N{EM DASH} pass a value of the copy's dtype, e.g. "
                     "asc.set_pad_value(np.float16(-2.5))")


def test_set_pad_value_of_another_width_warns():
    """A Python float is float32 (SetPadValue<float>): a float16 copy pads with the low 16 bits of its
    pattern, as on the NPU (0x0000 for -2.5), and the simulator warns at the data_copy_pad line."""
    n, es = 1024, 2
    x = np.arange(n, dtype=np.float16)
    z = np.full(n, 7, dtype=np.float16)
    with pytest.warns(RuntimeWarning) as record:
        pad_value_kernel[1, rt.current_stream()](x, z, n, 5, 11 * es, 2, 3, 1, -2.5)
    messages = [str(w.message) for w in record if "data_copy_pad pads" in str(w.message)]
    assert len(messages) == 1, messages
    path, line, text = messages[0].split(":", 2)
    assert text.strip() == PAD_WIDTH_WARNING
    assert path == __file__ and "asc.data_copy_pad(" in open(path).read().splitlines()[int(line) - 1]
    pitch = 16
    want = np.zeros(n, dtype=np.float16)
    for i in range(5):
        want[i * pitch + 2:i * pitch + 13] = x[i * 11:(i + 1) * 11]
    want[5 * pitch:] = 7
    assert z.tobytes() == want.tobytes()


@asc.jit
def typed_pad_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int, form: asc.ConstExpr[int]):
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x, n)
    zg.set_global_buffer(z, n)
    a = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, n)
    if form == 0:
        asc.set_pad_value(np.float16(-2.5))
    elif form == 1:
        asc.set_pad_value(asc.number(-2.5, asc.float16))
    else:
        asc.set_pad_value(0.0)  # float32, but its low 16 bits are float16 0.0 too: no warning
    asc.data_copy_pad(a, xg, asc.DataCopyExtParams(1, 22, 0, 0, 0), asc.DataCopyPadExtParams(x.dtype, False, 2, 3, 0))
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(zg, a, asc.DataCopyParams(1, 1, 0, 0))


@pytest.mark.parametrize("form,pad", [(0, -2.5), (1, -2.5), (2, 0.0)])
def test_set_pad_value_typed_in_kernel(form, pad):
    """np.float16(...) and asc.number(..., asc.float16) inside the kernel give SetPadValue<half>."""
    x = np.arange(16, dtype=np.float16)
    z = np.zeros(16, dtype=np.float16)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        typed_pad_kernel[1, rt.current_stream()](x, z, 16, form)
    want = np.full(16, pad, dtype=np.float16)
    want[2:13] = x[:11]
    assert z.tobytes() == want.tobytes()


# -- set_atomic_type switches the element type of an enabled atomic add --------------------------------


@asc.jit
def atomic_type_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x + asc.get_block_idx() * n, n)
    zg.set_global_buffer(z, n)
    a = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, n)
    asc.data_copy(a, xg, n)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.set_atomic_add(asc.float16)
    asc.set_atomic_type(dtype=x.dtype)  # accumulate in the data's type after all
    asc.data_copy(zg, a, n)
    asc.set_atomic_none()


@pytest.mark.parametrize("dtype", [np.float32, np.int32])
def test_set_atomic_type(dtype, monkeypatch):
    monkeypatch.setenv("PYASC_SIM_THREADS", "1")
    blocks, n = 3, 256
    rng = np.random.default_rng(5)
    x = rng.integers(-1000, 1000, (blocks, n)).astype(dtype)  # exact sums in float32 too
    z = rng.integers(-50, 50, n).astype(dtype)
    want = z + x.sum(axis=0).astype(dtype)
    atomic_type_kernel[blocks, rt.current_stream()](x, z, n)
    assert z.tobytes() == want.astype(dtype).tobytes()


# -- errors ---------------------------------------------------------------------------------------------


@asc.jit
def bad_cmpsel(x: asc.GlobalAddress, which: asc.ConstExpr[int]):
    a = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, 128)
    m = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 4096, 128)
    f = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 8192, 64)
    d = asc.LocalTensor(asc.float64, asc.TPosition.VECCALC, 12288, 32)
    params = asc.BinaryRepeatParams()
    if which == 0:
        asc.select(a, m, a, 1.0, asc.SelMode.VSEL_TENSOR_TENSOR_MODE, 128)
    elif which == 1:
        asc.select(a, m, a, a, asc.SelMode.VSEL_TENSOR_SCALAR_MODE, 64, 1, params)
    elif which == 2:
        asc.select(a, f, a, a, asc.SelMode.VSEL_CMPMASK_SPR, 128)
    elif which == 3:
        asc.compare(a, a, asc.CMPMODE.LT, 64, params)
    elif which == 4:
        asc.get_cmp_mask(d)
    elif which == 5:
        asc.select(a, a, a, 1, params, asc.SelMode.VSEL_TENSOR_SCALAR_MODE)
    elif which == 6:
        asc.select(a, m, a, 1, params, 2)
    else:
        asc.set_cmp_mask(x)


@pytest.mark.parametrize("dtype,which,message", [
    (np.float32, 0, "select: a scalar 'src1' needs SelMode.VSEL_TENSOR_SCALAR_MODE, but 'sel_mode' is "
                    "SelMode.VSEL_TENSOR_TENSOR_MODE"),
    (np.float16, 1, "select: a tensor 'src1' needs SelMode.VSEL_CMPMASK_SPR or SelMode.VSEL_TENSOR_TENSOR_MODE, "
                    "but 'sel_mode' is SelMode.VSEL_TENSOR_SCALAR_MODE"),
    (np.float32, 2, "select: 'sel_mask' holds float32, but select supports uint8, uint16, uint32, uint64 on "
                    "Ascend 910B/910C"),
    (np.int32, 3, "compare: int32 sources support only CMPMODE.EQ on Ascend 910B/910C, but 'cmp_mode' is "
                  "CMPMODE.LT"),
    (np.float32, 4, "get_cmp_mask: 'dst' holds float64, but get_cmp_mask supports int8, uint8, int16, uint16, "
                    "int32, uint32, int64, uint64, float16, bfloat16, float32 on Ascend 910B/910C"),
    (np.float32, 5, "select: a tensor 'src1' needs SelMode.VSEL_CMPMASK_SPR or SelMode.VSEL_TENSOR_TENSOR_MODE, "
                    "but 'sel_mode' is SelMode.VSEL_TENSOR_SCALAR_MODE"),
    (np.float32, 6, r"no overload of select\(\) matches"),
    (np.float32, 7, r"no overload of set_cmp_mask\(\) matches"),
])
def test_cmpsel_errors(dtype, which: int, message: str) -> None:
    x = np.zeros(128, dtype=dtype)
    with pytest.raises(CompileError, match=message):
        bad_cmpsel[1](x, which)


@asc.jit
def bad_cmp_mask_runtime(x: asc.GlobalAddress, which: asc.ConstExpr[int]):
    small = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 0, 64)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 4096, 64)
    c = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 8192, 64)
    addr = asc.LocalTensor(asc.uint64, asc.TPosition.VECCALC, 12288, 4)
    asc.duplicate(a, 1.0, 64)
    if which == 0:
        asc.get_cmp_mask(small)
    else:
        addr.set_value(0, 200000)  # beyond the 192 KiB Unified Buffer
        addr.set_value(1, 0)
        asc.set_flag(asc.HardEvent.S_V, 0)
        asc.wait_flag(asc.HardEvent.S_V, 0)
        asc.set_cmp_mask(addr)
        asc.select(c, a, a, 1, asc.BinaryRepeatParams(), asc.SelMode.VSEL_TENSOR_TENSOR_MODE)


@pytest.mark.parametrize("which,message", [
    (0, "get_cmp_mask: the destination holds 64 bytes, but GetCmpMask needs at least 128 bytes"),
    (1, "select: the selection mask address in CMPMASK (UB byte 200000, set through set_cmp_mask) puts bit 0 "
        "outside the Unified Buffer (196608 bytes)"),
])
def test_cmp_mask_runtime_errors(which: int, message: str) -> None:
    x = np.zeros(64, dtype=np.float32)
    with pytest.raises(KernelError, match=re.escape(message)):
        bad_cmp_mask_runtime[1, rt.current_stream()](x, which)

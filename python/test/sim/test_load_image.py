"""load_image_to_local (LoadImageToLocal) through the AIPP stages on the simulator, observed with
asc.dump_tensor of the A1/B1 (L1) destination, against an independent numpy model of the semantics
documented in sim/VECTOR.md ("AIPP / LoadImageToLocal"); plus every error message."""

from __future__ import annotations

import re

import numpy as np
import pytest

import asc
import asc.lib.runtime as rt
from asc.codegen.errors import CapacityError, CompileError
from asc.runtime.errors import KernelError

pytestmark = pytest.mark.values("load_image_to_local", "set_aipp_functions")

RNG_SEED = 20260711
RGB888, XRGB8888, YUV420SP, YUV400 = 4, 1, 0, 9
DST_ELEMS = 32768  # elements of the static L1 destination


@asc.jit
def load_kernel(img: asc.GlobalAddress, uv: asc.GlobalAddress, n: int, m: int,
                hs: int, vs: int, x0: int, y0: int, pitch: int, tp: int, bp: int, lp: int, rp: int,
                mean0: int, mean1: int, mean2: int, min0: float, min1: float, min2: float,
                var0: float, var1: float, var2: float, round_mode: int, pad_mode: int, c_mode: int,
                c00: int, c01: int, c02: int, c10: int, c11: int, c12: int, c20: int, c21: int, c22: int,
                bi0: int, bi1: int, bi2: int, bo0: int, bo1: int, bo2: int, out_elems: int,
                half: asc.ConstExpr[int], fmt: asc.ConstExpr[int], two_src: asc.ConstExpr[int],
                rb: asc.ConstExpr[int], uvs: asc.ConstExpr[int], ax: asc.ConstExpr[int],
                csc: asc.ConstExpr[int], single: asc.ConstExpr[int],
                pv0: asc.ConstExpr[float], pv1: asc.ConstExpr[float], pv2: asc.ConstExpr[float],
                pv3: asc.ConstExpr[float], cpv: asc.ConstExpr[float], pos_b1: asc.ConstExpr[int]):
    src0 = asc.GlobalTensor()
    src0.set_global_buffer(img, n)
    src1 = asc.GlobalTensor()
    src1.set_global_buffer(uv, m)
    dt = asc.float16 if half else asc.int8
    cfg = asc.AippParams(
        dt,
        padding_params=asc.AippPaddingParams(pad_mode, pv0, pv1, pv2, pv3),
        swap_params=asc.AippSwapParams(rb == 1, uvs == 1, ax == 1),
        single_line_params=asc.AippSingleLineParams(single == 1),
        dtc_params=asc.AippDataTypeConvParams(mean0, mean1, mean2, min0, min1, min2, var0, var1, var2,
                                              round_mode),
        c_padding_params=asc.AippChannelPaddingParams(c_mode, cpv),
        csc_params=asc.AippColorSpaceConvParams(csc == 1, c00, c01, c02, c10, c11, c12, c20, c21, c22,
                                                bi0, bi1, bi2, bo0, bo1, bo2))
    if two_src == 1:
        asc.set_aipp_functions(src0, src1, asc.AippInputFormat(fmt), cfg)
    else:
        asc.set_aipp_functions(src0, asc.AippInputFormat(fmt), cfg)
    dst = asc.LocalTensor(dt, asc.TPosition.B1 if pos_b1 else asc.TPosition.A1, 0, DST_ELEMS)
    asc.load_image_to_local(dst, asc.LoadImageToLocalParams(hs, vs, x0, y0, pitch, tp, bp, lp, rp))
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.dump_tensor(dst, 5, out_elems)


# --------------------------------------------------------------------------- the numpy model

def _to_out(v: np.ndarray, half: bool, mode: int) -> np.ndarray:
    """Float64 values -> output elements: round (0 nearest even, 1 toward zero), int8 saturates."""
    if half:
        with np.errstate(over="ignore"):
            h = v.astype(np.float16)
        if mode == 1:
            away = np.abs(h.astype(np.float64)) > np.abs(v)
            h = np.where(away, np.nextafter(h, np.float16(0)), h)
        return h
    r = np.trunc(v) if mode == 1 else np.rint(v)
    return np.clip(r, -128, 127).astype(np.int8)


def reference(case: dict) -> np.ndarray:
    p, c = case["p"], case["cfg"]
    fmt, half = case["fmt"], case["half"]
    img, uv = case["img"].astype(np.int64), case["uv"].astype(np.int64)
    w, s = p["hs"], p["pitch"]
    h = 1 if c["single"] else p["vs"]
    rows = np.arange(p["y0"], p["y0"] + h)[:, None]
    cols = np.arange(p["x0"], p["x0"] + w)[None, :]
    if fmt == RGB888:
        px = img.reshape(-1, s, 3)[rows, cols]
        ch = px[..., [2, 1, 0]] if c["rb"] else px
    elif fmt == XRGB8888:
        px = img.reshape(-1, s, 4)[rows, cols]
        rgb, x = (px[..., 0:3], px[..., 3:4]) if c["ax"] else (px[..., 1:4], px[..., 0:1])
        if c["rb"]:
            rgb = rgb[..., ::-1]
        ch = np.concatenate([rgb, x], axis=-1)
    elif fmt == YUV420SP:
        y = img.reshape(-1, s)[rows, cols]
        plane = uv.reshape(-1, s)
        u = plane[rows // 2, (cols // 2) * 2]
        v = plane[rows // 2, (cols // 2) * 2 + 1]
        if c["uvs"]:
            u, v = v, u
        ch = np.stack([y, u, v], axis=-1)
    else:
        ch = img.reshape(-1, s)[rows, cols][..., None]
    nch = ch.shape[-1]
    if c["csc"] and nch >= 3:
        m = np.array(c["matrix"], dtype=np.int64).reshape(3, 3)
        acc = (ch[..., :3] - np.array(c["bias_in"])) @ m.T
        conv = np.clip(np.floor_divide(acc, 256) + np.array(c["bias_out"]), 0, 255)
        ch = np.concatenate([conv, ch[..., 3:]], axis=-1)
    vals = ch.astype(np.float64)
    for k in range(min(nch, 3)):
        mn = float(np.float16(c["min"][k]))
        var = float(np.float16(c["var"][k]))
        vals[..., k] = (vals[..., k] - c["mean"][k] - mn) * var
    image = _to_out(vals, half, c["round_mode"])
    pads = ((p["tp"], p["bp"]), (p["lp"], p["rp"]), (0, 0))
    if c["pad_mode"] == 1:
        padded = np.pad(image, pads, mode="edge")
    else:
        fill = _to_out(np.array(c["pad_values"][:nch], dtype=np.float64), half, 0)
        padded = np.empty((h + p["tp"] + p["bp"], w + p["lp"] + p["rp"], nch), dtype=image.dtype)
        padded[...] = fill
        padded[p["tp"]:p["tp"] + h, p["lp"]:p["lp"] + w] = image
    slots = 4 if c["c_mode"] == 1 else (16 if half else 32)
    out = np.empty(padded.shape[:2] + (slots,), dtype=image.dtype)
    out[...] = _to_out(np.array([c["c_value"]], dtype=np.float64), half, 0)[0]
    out[..., :nch] = padded
    return out.reshape(-1)


# --------------------------------------------------------------------------- running a case

def _dumped(text: str, half: bool) -> np.ndarray:
    values: list[float] = []
    body = text.split("DumpTensor:", 1)[1].split("\n", 1)[1]
    for line in body.splitlines():
        m = re.match(r"\[block \d+\] \[\d+\] (.*)$", line)
        if m:
            values += [float(v) for v in m.group(1).split(", ")]
    return np.array(values).astype(np.float16 if half else np.int8)


def _args(case: dict) -> tuple:
    p, c = case["p"], case["cfg"]
    out = reference(case)
    return (case["img"], case["uv"], case["img"].size, case["uv"].size,
            p["hs"], p["vs"], p["x0"], p["y0"], p["pitch"], p["tp"], p["bp"], p["lp"], p["rp"],
            *c["mean"], *c["min"], *c["var"], c["round_mode"], c["pad_mode"], c["c_mode"],
            *c["matrix"], *c["bias_in"], *c["bias_out"], out.size,
            int(case["half"]), case["fmt"], int(case["fmt"] == YUV420SP), int(c["rb"]), int(c["uvs"]),
            int(c["ax"]), int(c["csc"]), int(c["single"]), *c["pad_values"], c["c_value"],
            int(case.get("b1", False)))


def _run(case: dict) -> None:
    load_kernel[1](*_args(case))
    got = _dumped(rt.last_launch().output[0][1], case["half"])
    want = reference(case)
    assert got.shape == want.shape
    if case["half"]:
        np.testing.assert_array_equal(got.view(np.uint16), want.view(np.uint16))
    else:
        np.testing.assert_array_equal(got, want)


def _case(rng: np.random.Generator, fmt: int, half: bool, **over) -> dict:
    pitch = int(rng.integers(4, 13))
    if fmt == YUV420SP:
        pitch += pitch % 2  # U/V pairs
    w = int(rng.integers(2, pitch + 1))
    h_img = int(rng.integers(2, 7))
    x0 = int(rng.integers(0, pitch - w + 1))
    y0 = int(rng.integers(0, 3))
    rows = y0 + h_img + 1
    bpp = {RGB888: 3, XRGB8888: 4}.get(fmt, 1)
    img = rng.integers(0, 256, rows * pitch * bpp).astype(np.uint8)
    uv = rng.integers(0, 256, ((rows + 1) // 2) * pitch).astype(np.uint8) if fmt == YUV420SP else \
        np.zeros(32, dtype=np.uint8)
    var_span = 2.0 if half else 0.6
    if half:
        pad_values = [float(np.float16(v)) for v in rng.uniform(-100, 100, 4)]
        c_value = float(np.float16(rng.uniform(-10, 10)))
    else:
        pad_values = [int(v) for v in rng.integers(-128, 128, 4)]
        c_value = int(rng.integers(-128, 128))
    cfg = dict(
        mean=[int(v) for v in rng.integers(0, 256, 3)],
        min=[float(np.float16(v)) for v in rng.uniform(-40, 40, 3)],
        var=[float(np.float16(v)) for v in rng.uniform(-var_span, var_span, 3)],
        round_mode=int(rng.integers(0, 2)), pad_mode=int(rng.integers(0, 2)), c_mode=int(rng.integers(0, 2)),
        matrix=[int(v) for v in rng.integers(-400, 400, 9)],
        bias_in=[int(v) for v in rng.integers(0, 256, 3)], bias_out=[int(v) for v in rng.integers(0, 256, 3)],
        rb=bool(rng.integers(0, 2)), uvs=bool(rng.integers(0, 2)), ax=bool(rng.integers(0, 2)),
        csc=bool(rng.integers(0, 2)), single=False, pad_values=pad_values, c_value=c_value)
    p = dict(hs=w, vs=h_img, x0=x0, y0=y0, pitch=pitch, tp=int(rng.integers(0, 4)), bp=int(rng.integers(0, 4)),
             lp=int(rng.integers(0, 4)), rp=int(rng.integers(0, 4)))
    case = dict(fmt=fmt, half=half, img=img, uv=uv, p=p, cfg=cfg)
    for k, v in over.items():
        (cfg if k in cfg else p if k in p else case)[k] = v
    return case


FORMATS = [RGB888, XRGB8888, YUV420SP, YUV400]


@pytest.mark.parametrize("half", [True, False], ids=["float16", "int8"])
@pytest.mark.parametrize("fmt", FORMATS, ids=["rgb888", "xrgb8888", "yuv420sp", "yuv400"])
def test_randomized_against_the_numpy_model(fmt: int, half: bool) -> None:
    rng = np.random.default_rng(RNG_SEED + fmt * 2 + int(half))
    for _ in range(3):
        _run(_case(rng, fmt, half))


def test_identity_rgb_is_the_cropped_image() -> None:
    """Default parameters: the crop's RGB values land in channels 0-2 of 16-element (32-B) pixels."""
    rng = np.random.default_rng(RNG_SEED)
    case = _case(rng, RGB888, True, mean=[0, 0, 0], min=[0.0, 0.0, 0.0], var=[1.0, 1.0, 1.0], csc=False,
                 rb=False, tp=0, bp=0, lp=0, rp=0, c_mode=0, c_value=0.0)
    want = reference(case).reshape(case["p"]["vs"], case["p"]["hs"], 16)
    p = case["p"]
    crop = case["img"].reshape(-1, p["pitch"], 3)[p["y0"]:p["y0"] + p["vs"], p["x0"]:p["x0"] + p["hs"]]
    np.testing.assert_array_equal(want[..., :3], crop.astype(np.float16))
    assert not want[..., 3:].any()
    _run(case)


def test_largest_paddings_single_line_and_b1() -> None:
    rng = np.random.default_rng(RNG_SEED + 99)
    _run(_case(rng, YUV400, False, tp=32, bp=32, lp=32, rp=32, hs=2, x0=0, pitch=4, c_mode=1))
    _run(_case(rng, RGB888, True, single=True, b1=True))


def test_csc_yuv_to_rgb_bt601() -> None:
    """The usual BT.601 YUV -> RGB matrix (Q8) with input biases 16/128/128."""
    rng = np.random.default_rng(RNG_SEED + 5)
    _run(_case(rng, YUV420SP, True, csc=True, matrix=[298, 0, 409, 298, -100, -208, 298, 516, 0],
               bias_in=[16, 128, 128], bias_out=[0, 0, 0], mean=[0, 0, 0], min=[0.0, 0.0, 0.0],
               var=[1.0, 1.0, 1.0]))


# --------------------------------------------------------------------------- L1 through the framework

@asc.jit
def tque_a1_kernel(img: asc.GlobalAddress, n: int, out_elems: int):
    src = asc.GlobalTensor()
    src.set_global_buffer(img, n)
    asc.set_aipp_functions(src, asc.AippInputFormat.YUV400_U8, asc.AippParams(asc.float16))
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.A1, 1)
    pipe.init_buffer(q, 1, 4 * 2 * 32)
    t = q.alloc_tensor(asc.float16)
    asc.load_image_to_local(t, asc.LoadImageToLocalParams(4, 2, 0, 0, 4))
    q.enque(t)
    d = q.deque(asc.float16)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.dump_tensor(d, 1, out_elems)
    q.free_tensor(d)


def test_tque_a1_buffer() -> None:
    img = np.arange(8, dtype=np.uint8) * 3
    tque_a1_kernel[1](img, 8, 128)
    got = _dumped(rt.last_launch().output[0][1], True).reshape(8, 16)
    np.testing.assert_array_equal(got[:, 0], img.astype(np.float16))
    assert not got[:, 1:].any()


@asc.jit
def data_copy_a1_kernel(x: asc.GlobalAddress, n: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(x, n)
    a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 512, n)
    asc.data_copy(a1, g, n)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.dump_tensor(a1, 2, n)


def test_data_copy_gm_to_a1() -> None:
    x = np.random.default_rng(RNG_SEED + 7).uniform(-4, 4, 64).astype(np.float16)
    data_copy_a1_kernel[1](x, 64)
    got = _dumped(rt.last_launch().output[0][1], True)
    np.testing.assert_array_equal(got.view(np.uint16), x.view(np.uint16))


@asc.jit
def l1_capacity_kernel(x: asc.GlobalAddress):
    asc.LocalTensor(asc.int8, asc.TPosition.A1, 0, 512 * 1024)


def test_static_l1_tensor_beyond_total_l1_size() -> None:
    with pytest.raises(CapacityError, match=re.escape(
            "LocalTensor: the tensor occupies bytes [0, 524288) of Hardware.L1, but Hardware.L1 has only 524160 "
            "bytes")):
        l1_capacity_kernel[1](np.zeros(8, dtype=np.int8))


# --------------------------------------------------------------------------- errors

def _msg(e: KernelError) -> str:
    """The simulator's message without the "kernel 'name' (block N): " prefix."""
    return e.message.split("): ", 1)[1]


def _base(**over) -> dict:
    return _case(np.random.default_rng(RNG_SEED + 11), RGB888, True, **over)


@pytest.mark.parametrize("field,value,lo,hi", [
    ("hs", 1, 2, 4095), ("vs", 4096, 2, 4095), ("pitch", 1, 2, 4095), ("tp", 33, 0, 32), ("bp", 40, 0, 32),
    ("lp", 33, 0, 32), ("rp", 255, 0, 32)])
def test_runtime_size_and_pad_ranges(field: str, value: int, lo: int, hi: int) -> None:
    names = dict(hs="horiz_size", vs="vert_size", pitch="src_horiz_size", tp="top_pad_size",
                 bp="bot_pad_size", lp="left_pad_size", rp="right_pad_size")
    case = _base(x0=0)
    case["p"][field] = value
    if field == "pitch":
        case["p"]["hs"] = 2
    args = list(_raw_args(case))
    with pytest.raises(KernelError) as e:
        load_kernel[1](*args)
    assert e.value.category == "argument"
    assert _msg(e.value) == f"load_image_to_local: '{names[field]}' must be in [{lo}, {hi}], got {value}"


def _raw_args(case: dict) -> tuple:
    p, c = case["p"], case["cfg"]
    return (case["img"], case["uv"], case["img"].size, case["uv"].size,
            p["hs"], p["vs"], p["x0"], p["y0"], p["pitch"], p["tp"], p["bp"], p["lp"], p["rp"],
            *c["mean"], *c["min"], *c["var"], c["round_mode"], c["pad_mode"], c["c_mode"],
            *c["matrix"], *c["bias_in"], *c["bias_out"], 16,
            int(case["half"]), case["fmt"], int(case["fmt"] == YUV420SP), int(c["rb"]), int(c["uvs"]),
            int(c["ax"]), int(c["csc"]), int(c["single"]), *c["pad_values"], c["c_value"], 0)


def _error(case: dict, category: str, message: str) -> None:
    with pytest.raises(KernelError) as e:
        load_kernel[1](*_raw_args(case))
    assert (e.value.category, _msg(e.value)) == (category, message)


def test_crop_beyond_the_source_row() -> None:
    _error(_base(x0=3, hs=4, pitch=6), "argument",
           "load_image_to_local: columns [3, 7) (horiz_start_pos + horiz_size) lie beyond the source rows of "
           "src_horiz_size = 6 pixels")


def test_unsupported_modes() -> None:
    _error(_base(round_mode=2), "argument",
           "load_image_to_local: dtc_round_mode 2 is not supported; use 0 (round to nearest even) or 1 "
           "(round toward zero)")
    _error(_base(pad_mode=3), "argument",
           "load_image_to_local: padding_mode 3 is not supported; use 0 (constant padding values) or 1 "
           "(replicate the edge pixels)")
    _error(_base(c_mode=2), "argument",
           "load_image_to_local: c_padding_mode 2 is not supported; use 0 (pad every pixel to 32 bytes) or 1 "
           "(pad to 4 channels)")


def test_yuv420sp_needs_an_even_row_pitch() -> None:
    case = _case(np.random.default_rng(RNG_SEED), YUV420SP, True, pitch=5, hs=2, x0=0)
    _error(case, "argument",
           "load_image_to_local: YUV420SP_U8 rows hold U/V pairs; src_horiz_size must be even, got 5")


def test_yuv420sp_needs_the_uv_plane() -> None:
    case = _base()
    args = list(_raw_args(case))
    args[42], args[43] = YUV420SP, 0  # fmt, two_src
    with pytest.raises(KernelError) as e:
        load_kernel[1](*args)
    assert _msg(e.value) == ("load_image_to_local: YUV420SP_U8 needs the UV plane as a second source: "
                               "set_aipp_functions(src0, src1, ...)")


def test_image_beyond_its_gm_array_is_a_bounds_error() -> None:
    case = _base(y0=0, vs=2, pitch=4, hs=2, x0=0)
    case["img"] = case["img"][:12]  # 4 pixels: one row of the two
    with pytest.raises(KernelError) as e:
        load_kernel[1](*_raw_args(case))
    assert e.value.category == "bounds" and "load_image_to_local reads GM" in e.value.message


def test_destination_view_too_small() -> None:
    with pytest.raises(KernelError) as e:
        small_dst_kernel[1](np.zeros(64, dtype=np.uint8))
    assert (e.value.category, _msg(e.value)) == (
        "bounds", "load_image_to_local writes 64 float16 elements (128 bytes) of its destination, but that "
                  "LocalTensor view holds only 32 float16 elements (64 bytes)")


@asc.jit
def small_dst_kernel(x: asc.GlobalAddress):
    g = asc.GlobalTensor()
    g.set_global_buffer(x, 64)
    asc.set_aipp_functions(g, asc.AippInputFormat.YUV400_U8, asc.AippParams(asc.float16))
    asc.load_image_to_local(asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 32),
                            asc.LoadImageToLocalParams(2, 2, 0, 0, 2))


@asc.jit
def no_aipp_kernel(x: asc.GlobalAddress):
    asc.load_image_to_local(asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 64), asc.LoadImageToLocalParams())


def test_without_set_aipp_functions() -> None:
    with pytest.raises(KernelError) as e:
        no_aipp_kernel[1](np.zeros(8, dtype=np.uint8))
    assert (e.value.category, _msg(e.value)) == (
        "argument", "load_image_to_local: no AIPP configuration on this core; call set_aipp_functions before "
                    "loading an image")


@asc.jit
def vecin_dst_kernel(x: asc.GlobalAddress):
    asc.load_image_to_local(asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 64),
                            asc.LoadImageToLocalParams())


@asc.jit
def float_dst_kernel(x: asc.GlobalAddress):
    asc.load_image_to_local(asc.LocalTensor(asc.float32, asc.TPosition.A1, 0, 64), asc.LoadImageToLocalParams())


@asc.jit
def params_type_kernel(x: asc.GlobalAddress):
    asc.load_image_to_local(asc.LocalTensor(asc.int8, asc.TPosition.A1, 0, 64), asc.DataCopyParams())


@asc.jit
def static_range_kernel(x: asc.GlobalAddress):
    asc.LoadImageToLocalParams(top_pad_size=33)


@asc.jit
def static_crop_kernel(x: asc.GlobalAddress):
    asc.LoadImageToLocalParams(horiz_size=4, horiz_start_pos=1, src_horiz_size=4)


@asc.jit
def sid_kernel(x: asc.GlobalAddress):
    asc.LoadImageToLocalParams(sid=-1)


@pytest.mark.parametrize("kernel,message", [
    (vecin_dst_kernel, "load_image_to_local: 'dst' must be at TPosition.A1 or TPosition.B1 (L1), not "
                       "TPosition.VECIN"),
    (float_dst_kernel, "load_image_to_local: 'dst' holds float32, but load_image_to_local writes int8 or float16"),
    (params_type_kernel, "load_image_to_local: 'load_data_params' must be an asc.LoadImageToLocalParams, got "
                         "DataCopyParams"),
    (static_range_kernel, "LoadImageToLocalParams: 'top_pad_size' must be in [0, 32], but got 33"),
    (static_crop_kernel, "LoadImageToLocalParams: 'horiz_start_pos' + 'horiz_size' (5) exceeds 'src_horiz_size' "
                         "(4)"),
    (sid_kernel, "LoadImageToLocalParams: 'sid' must be an int in [0, 255], got -1"),
])
def test_compile_time_errors(kernel, message: str) -> None:
    with pytest.raises(CompileError) as e:
        kernel[1](np.zeros(8, dtype=np.uint8))
    assert message in str(e.value)


# --------------------------------------------------------------------------- L1 race and init checks

@asc.jit(auto_sync=False)  # strict: with auto_sync the scalar would wait for MTE2 first
def unsynced_dump_kernel(img: asc.GlobalAddress):
    src = asc.GlobalTensor()
    src.set_global_buffer(img, 64)
    asc.set_aipp_functions(src, asc.AippInputFormat.YUV400_U8, asc.AippParams(asc.float16))
    dst = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 64)
    asc.load_image_to_local(dst, asc.LoadImageToLocalParams(2, 2, 0, 0, 2))
    asc.dump_tensor(dst, 1, 64)


@asc.jit
def uninit_l1_kernel(img: asc.GlobalAddress):
    asc.dump_tensor(asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 64), 1, 16)


def test_l1_race_and_uninitialised_read() -> None:
    with pytest.raises(KernelError) as e:
        unsynced_dump_kernel[1](np.zeros(64, dtype=np.uint8))
    assert e.value.category == "race"
    assert "RAW hazard on L1[0x0000,0x0080): MTE2 load_image_to_local" in e.value.message
    with pytest.warns(RuntimeWarning, match=r"dump_tensor reads L1\[0, 32\) through its tensor, but 32 of those "
                                            r"32 bytes \(the first at L1 byte 0\) were never written"):
        uninit_l1_kernel[1](np.zeros(8, dtype=np.uint8))

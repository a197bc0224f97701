"""A numpy integer is an enum value wherever the API takes a Python int for an enum: the enum fields of the
parameter structs refused one ("TransposeParamsExt: 'transpose_type' must be an asc.TransposeType known at
compile time, got int32", "FixpipeParamsV220: 'quant_pre' must be an asc.QuantModes, got int32") while they
took the same value as a Python int. The host-side enum arguments (MatmulConfig and its getters, the
asc.lib.host tiling setters, asc.lib.runtime) already took numpy integers; they are swept here so that none
regresses. An out-of-range numpy value keeps the message of the Python int. (The kernel APIs whose enum
argument is a template argument, e.g. set_flag's HardEvent, take only the enum's members, Python ints
neither.)"""

from __future__ import annotations

import re

import numpy as np
import pytest
from conftest import dumped

import asc
import asc.lib.host as host
import asc.lib.runtime as rt
from asc import _C
from asc.language.adv import matmul_config as mc
from asc.runtime.compiler import CompileError

# Every enum-typed field of a parameter struct: struct, field, its C++ member, a valid value and the enumerator
# the C++ prints for it.
ENUM_FIELDS = [
    ("TransposeParamsExt", "transpose_type", "transposeType", 11, "AscendC::TransposeType::TRANSPOSE_NCHW2NHWC"),
    ("DataCopyEnhancedParams", "block_mode", "blockMode", 1, "AscendC::BlockMode::BLOCK_MODE_MATRIX"),
    ("DataCopyEnhancedParams", "deq_scale", "deqScale", 2, "AscendC::DeqScale::VDEQ"),
    ("DataCopyEnhancedParams", "pad_mode_in", "padMode", 3, "pad_t::PAD_MODE3"),
    ("FixpipeParamsV220", "quant_pre", "quantPre", 1, "QuantMode_t::F322F16"),
    ("DataCopyCO12DstParams", "quant_pre", "quantPre", 1, "QuantMode_t::F322F16"),
]
FIELD_IDS = [f"{s}.{f}" for s, f, *_ in ENUM_FIELDS]
NUMPY_INTS = [np.int8, np.uint8, np.int32, np.uint32, np.int64, np.uint64]


@asc.jit(always_compile=True)  # each test reads the C++ of its compile
def enum_field(c: asc.GlobalAddress, which: asc.ConstExpr[int], value: asc.ConstExpr[int],
               numpy_type: asc.ConstExpr[str]):
    v = value
    if numpy_type == "int8":
        v = np.int8(value)
    elif numpy_type == "uint8":
        v = np.uint8(value)
    elif numpy_type == "int32":
        v = np.int32(value)
    elif numpy_type == "uint32":
        v = np.uint32(value)
    elif numpy_type == "int64":
        v = np.int64(value)
    elif numpy_type == "uint64":
        v = np.uint64(value)
    gc = asc.GlobalTensor()
    gc.set_global_buffer(c, 256)
    c1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, 256)
    if which == 0:
        asc.TransposeParamsExt(1, 1, 16, 16, transpose_type=v)
    elif which == 1:
        asc.DataCopyEnhancedParams(block_mode=v)
    elif which == 2:
        asc.DataCopyEnhancedParams(deq_scale=v)
    elif which == 3:
        asc.DataCopyEnhancedParams(pad_mode_in=v)
    elif which == 4:
        asc.fixpipe(gc, c1, asc.FixpipeParamsV220(16, 16, 16, 16, quant_pre=v))
    else:
        asc.data_copy(gc, c1, asc.DataCopyCO12DstParams(16, 16, 16, 16, quant_pre=v, nz2nd_en=True))


def _cpp(tmp_path, monkeypatch, which: int, value: int, numpy_type: str) -> list[str]:
    folder = tmp_path / numpy_type
    monkeypatch.setenv("PYASC_DUMP_PATH", str(folder))
    enum_field[1](np.zeros(256, np.float16), which, value, numpy_type)
    text = (dumped(folder, "enum_field") / "ascendc.cpp").read_text()
    return [line for line in text.splitlines() if not line.startswith("#line")]


@pytest.mark.parametrize("numpy_type", [t.__name__ for t in NUMPY_INTS])
@pytest.mark.parametrize("which", range(len(ENUM_FIELDS)), ids=FIELD_IDS)
def test_enum_struct_fields_take_numpy_integers(tmp_path, monkeypatch, which: int, numpy_type: str) -> None:
    # compiled only (DRY_RUN): the C++ equals that of the Python int but for the #line directives
    monkeypatch.setenv("DRY_RUN", "1")
    *_, value, enumerator = ENUM_FIELDS[which]
    with_int = _cpp(tmp_path, monkeypatch, which, value, "int")
    assert any(enumerator in line for line in with_int)
    assert _cpp(tmp_path, monkeypatch, which, value, numpy_type) == with_int


def test_the_sweep_names_every_enum_member_of_the_structs() -> None:
    # the members of enum type (`Type name = Type::ENUMERATOR;`) of the C++ structs kernels compile against,
    # generated from the same ODS records as the Python structs
    text = (_C.SIM_INCLUDE_DIR / "ascsim" / "gen" / "ParamStructs.h").read_text()
    members = {(struct.group(1), member.group(2))
               for struct in re.finditer(r"^struct (\w+) \{(.*?)^\};", text, re.S | re.M)
               for member in re.finditer(r"^  (\w+) (\w+) = \1::\w+;", struct.group(2), re.M)}
    assert members == {(s, m) for s, _f, m, *_ in ENUM_FIELDS}


QUANT_MODES_9 = (r"must be an asc.QuantModes: one of NoQuant \(0\), F322F16 \(1\), F322BF16 \(2\), DEQF16 \(3\), "
                 r"VDEQF16 \(4\), QF322B8_PRE \(5\), VQF322B8_PRE \(6\), REQ8 \(7\), VREQ8 \(8\); got 9")
OUT_OF_RANGE = [
    (0, 13, r"TransposeParamsExt: 'transpose_type' must be an asc.TransposeType value in \[0, 12\], but got 13"),
    (1, 5, r"DataCopyEnhancedParams: 'block_mode' must be an asc.BlockMode value in \[0, 4\], but got 5"),
    (2, 7, r"DataCopyEnhancedParams: 'deq_scale' must be an asc.DeqScale value in \[0, 6\], but got 7"),
    (3, 9, r"DataCopyEnhancedParams: 'pad_mode_in' must be an asc.pad_t value in \[0, 8\], but got 9"),
    (4, 9, r"FixpipeParamsV220: 'quant_pre' " + QUANT_MODES_9),
    (5, 9, r"DataCopyCO12DstParams: 'quant_pre' " + QUANT_MODES_9),
]


@pytest.mark.parametrize("numpy_type", ["int", "uint8", "int64"])
@pytest.mark.parametrize(("which", "value", "message"), OUT_OF_RANGE, ids=FIELD_IDS)
def test_out_of_range_enum_fields_keep_their_message(which: int, value: int, message: str, numpy_type: str) -> None:
    with pytest.raises(CompileError, match=message):
        enum_field[1](np.zeros(256, np.float16), which, value, numpy_type)


# Host-side enum arguments that take a Python int: name -> the enum, a call returning what the value made
# (comparable with ==).
HOST_ENUM_ARGS = {
    "MatmulConfig.batch_mode": (mc.BatchMode, lambda v: _set(asc.adv.get_normal_config(), "batch_mode", v)),
    "MatmulConfig.iterate_mode": (mc.IterateMode, lambda v: _set(asc.adv.get_normal_config(), "iterate_mode", v)),
    "MatmulConfig.iterate_order": (mc.IterateOrder, lambda v: _set(asc.adv.get_normal_config(), "iterate_order", v)),
    "MatmulConfig.schedule_type": (mc.ScheduleType, lambda v: _set(asc.adv.get_normal_config(), "schedule_type", v)),
    "get_normal_config(bmm_mode)": (mc.BatchMode, lambda v: asc.adv.get_normal_config(bmm_mode=v)),
    "get_normal_config(iterate_order)": (mc.IterateOrder, lambda v: asc.adv.get_normal_config(iterate_order=v)),
    "get_normal_config(schedule_type)": (mc.ScheduleType, lambda v: asc.adv.get_normal_config(schedule_type=v)),
    "get_basic_config(bmm_mode)": (mc.BatchMode, lambda v: asc.adv.get_basic_config(16, 16, 16, bmm_mode=v)),
    "get_special_basic_config(bmm_mode)": (
        mc.BatchMode, lambda v: asc.adv.get_special_basic_config(16, 16, 16, 32, 32, 32, 1, 1, bmm_mode=v)),
    "get_ib_share_norm_config(bmm_mode)": (mc.BatchMode, lambda v: asc.adv.get_ib_share_norm_config(bmm_mode=v)),
    "MatmulBatchParams(batch_mode)": (mc.BatchMode, lambda v: vars(mc.MatmulBatchParams(batch_mode=v))),
    "MatmulFuncParams(iterate_order)": (mc.IterateOrder, lambda v: vars(mc.MatmulFuncParams(iterate_order=v))),
    "MatmulFuncParams(schedule_type)": (mc.ScheduleType, lambda v: vars(mc.MatmulFuncParams(schedule_type=v))),
    "host set_a_type(pos)": (host.TPosition, lambda v: _tiling("set_a_type", v, host.CubeFormat.ND,
                                                                host.DataType.DT_FLOAT16).a.__dict__),
    "host set_b_type(type)": (host.CubeFormat, lambda v: _tiling("set_b_type", host.TPosition.GM, v,
                                                                 host.DataType.DT_FLOAT16).b.__dict__),
    "host set_c_type(data_type)": (host.DataType, lambda v: _tiling("set_c_type", host.TPosition.GM,
                                                                    host.CubeFormat.ND, v).c.__dict__),
    "host set_bias_type(pos)": (host.TPosition, lambda v: _tiling("set_bias_type", v, host.CubeFormat.ND,
                                                                   host.DataType.DT_FLOAT).bias.__dict__),
    "host set_traverse": (host.MatrixTraverse, lambda v: _tiling("set_traverse", v).traverse),
    "host set_mad_type": (host.MatrixMadType, lambda v: _tiling("set_mad_type", v).mad_type),
    "host set_dequant_type": (host.DequantType, lambda v: _tiling("set_dequant_type", v).dequant),
    "host set_matmul_config_params": (host.ScheduleType, lambda v: vars(
        _tiling("set_matmul_config_params", 1, False, v, host.MatrixTraverse.FIRSTM).config_params)),
    "host MatmulConfigParams(traverse)": (host.MatrixTraverse, lambda v: vars(host.MatmulConfigParams(traverse=v))),
    "host get_core_mem_size": (host.CoreMemType, lambda v: host.get_ascendc_platform().get_core_mem_size(v)),
    "runtime device_info(module_type)": (
        rt.DeviceModuleType, lambda v: rt.device_info(v, rt.DeviceInfoType.INFO_TYPE_CORE_NUM)),
}


def _set(config, name: str, value):
    setattr(config, name, value)
    return config


def _tiling(method: str, *args):
    t = host.MatmulApiTiling(host.get_ascendc_platform())
    assert getattr(t, method)(*args) in (0, None)
    return t


@pytest.mark.parametrize("name", HOST_ENUM_ARGS)
def test_host_enum_arguments_take_numpy_integers(name: str) -> None:
    enum, call = HOST_ENUM_ARGS[name]
    members = list(enum)
    # a member other than the default where there is one (device_info answers the AI Core's count)
    member = enum(4) if enum is rt.DeviceModuleType else members[1 if len(members) > 1 else 0]
    want = call(member)
    assert call(int(member)) == want
    for t in NUMPY_INTS:
        assert call(t(int(member))) == want, t.__name__
    bad = max(int(m) for m in members) + 1
    with pytest.raises((ValueError, TypeError), match=rf"{enum.__name__}\b"):
        call(np.int64(bad))

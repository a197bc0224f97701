"""The simulator's parameter structs against the Python ones: one declaration, two consumers.

`asc._C._ods.PARAM_STRUCTS` gives each parameter struct's fields (pyasc's keywords, in the order the
emitter passes them to the C++ constructor) and pyasc's defaults; `ascsim/gen/ParamStructs.h` is the C++
struct kernels compile against. Both are generated from the same ODS record, so this test compiles one
translation unit that, for every struct, (1) constructs it from distinct values in PARAM_STRUCTS order
and reads each back from the member the field names, and (2) default-constructs it and compares each
member with pyasc's default — except where Ascend C's initialiser differs (`CXX_DEFAULTS`, from
ascendc_api.md §4). Member names are the fields in camelCase except `CXX_NAMES`.
"""

from __future__ import annotations

import shutil
import subprocess

import pytest

from asc import _C
from asc._C import _ods

# ascendc_api.md §4.2: DataCopyEnhancedParams' members drop the `_in` of pyasc's keywords.
CXX_NAMES = {"DataCopyEnhancedParams": {"deq_value_in": "deqValue", "sid_store_mode_in": "sidStoreMode",
                                        "is_relu_in": "isRelu", "pad_mode_in": "padMode",
                                        "pad_value_in": "padValue"}}
# ascendc_api.md §4.1-§4.3: member initialisers that are not pyasc's defaults (pyasc_api.md §1.4), and
# those of the fields pyasc requires.
_ZERO_3D = {f: 0 for f in ("l1_h", "l1_w")}
CXX_DEFAULTS = {"CopyRepeatParams": {"dst_repeat_size": 8, "src_repeat_size": 8},
                "GatherMaskParams": {"repeat_times": 0, "src0_repeat_stride": 8, "src1_repeat_stride": 8},
                "LoadImageToLocalParams": {"horiz_size": 0, "vert_size": 0, "src_horiz_size": 0},
                "LoadData2DParams": {"repeat_times": 0},
                "LoadData2dTransposeParams": {"repeat_times": 0},
                "LoadData3DParamsV1": {**_ZERO_3D, **{f: 0 for f in (
                    "stride_w", "stride_h", "filter_w", "filter_h", "dilation_filter_w", "dilation_filter_h",
                    "jump_stride", "repeat_time")}},
                "LoadData3DParamsV2": {**_ZERO_3D, "channel_size": 0, "k_extension": 0, "m_extension": 0},
                "FixpipeParamsV220": {"n_size": 0, "m_size": 0, "src_stride": 0, "dst_stride": 0},
                "DataCopyCO12DstParams": {"n_size": 0, "m_size": 0, "dst_stride": 0, "src_stride": 0},
                "Nd2NzParams": {f: 0 for f in ("nd_num", "n_value", "d_value", "src_nd_matrix_stride",
                                               "src_d_value", "dst_nz_c0_stride", "dst_nz_n_stride",
                                               "dst_nz_matrix_stride")},
                "Nz2NdParamsFull": {"nd_num": 1, "n_value": 0, "d_value": 0, "src_nd_matrix_stride": 1,
                                    "src_n_stride": 0, "dst_d_stride": 0, "dst_nd_matrix_stride": 1}}
# ascendc_api.md §4.3: members Ascend C leaves uninitialised.
CXX_UNINITIALISED = {"FixpipeParamsV220": {"deq_scalar"}}
TEMPLATE_ARGS = {"DataCopyPadExtParams": "<float>", "LoadData3DParamsV1": "<float>",
                 "LoadData3DParamsV2": "<float>", "InitConstValueParams": "<float>"}
# ascendc_api.md §4.3: MmadParams has no constructor taking all its fields (two take a part each).
NO_FIELD_CONSTRUCTOR = {"MmadParams"}


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(p[:1].upper() + p[1:] for p in rest)


def _value(v: int | bool) -> str:
    return str(v).lower() if isinstance(v, bool) else str(v)


def _checks(name: str, fields: tuple[str, ...], defaults: tuple) -> list[str]:
    cls = f"AscendC::{name}{TEMPLATE_ARGS.get(name, '')}"
    members = [CXX_NAMES.get(name, {}).get(f, _camel(f)) for f in fields]
    # Distinct values that fit every field (1-bit fields alternate) and every enum of the structs; an
    # array field gets an array variable of distinct values.
    values = [("true" if i % 2 == 0 else "false") if isinstance(d, bool) else str(i + 2)
              for i, d in enumerate(defaults)]
    lines = ["  {"]
    args = []
    for _f, m, v, d in zip(fields, members, values, defaults):
        if isinstance(d, tuple):
            lines.append(f"    const uint8_t {m}Arg[{len(d)}] = {{{', '.join(str(int(v) + j) for j in range(len(d)))}}};")
            args.append(f"{m}Arg")
        else:
            args.append(f"static_cast<decltype({cls}::{m})>({v})")
    if name in NO_FIELD_CONSTRUCTOR:
        lines.append(f"    {cls} p;")
        lines += [f"    p.{m} = {a};" for m, a in zip(members, args)]
    else:
        lines.append(f"    const {cls} p({', '.join(args)});")
    for f, m, v, d in zip(fields, members, values, defaults):
        if isinstance(d, tuple):
            for j in range(len(d)):
                lines.append(f'    check(p.{m}[{j}] == {int(v) + j}, "{name}(..., {f}[{j}]={int(v) + j}, ...) differs");')
        else:
            lines.append(f'    check(p.{m} == static_cast<decltype(p.{m})>({v}), '
                         f'"{name}(..., {f}={v}, ...).{m} is not {v}");')
    lines.append(f"    const {cls} d;")
    for f, m, d in zip(fields, members, defaults):
        if f in CXX_UNINITIALISED.get(name, ()):
            continue
        want = CXX_DEFAULTS.get(name, {}).get(f, d)
        assert want is not _ods.NO_DEFAULT, f"{name}.{f}: pyasc requires it; say its C++ initialiser in CXX_DEFAULTS"
        if isinstance(want, tuple):
            for j, w in enumerate(want):
                lines.append(f'    check(d.{m}[{j}] == {w}, "{name}().{m}[{j}] is not {w}");')
            continue
        want = _value(want)
        lines.append(f'    check(d.{m} == static_cast<decltype(d.{m})>({want}), "{name}().{m} is not {want}");')
    return lines + ["  }"]


def test_generated_structs_match_param_structs(tmp_path) -> None:
    cxx = shutil.which("c++") or shutil.which("g++")
    if cxx is None:
        pytest.skip("no C++ compiler")
    header = _C.SIM_INCLUDE_DIR / "ascsim" / "gen" / "ParamStructs.h"
    text = header.read_text()
    body = []
    for name, (_builder, _mnemonic, fields, defaults) in _ods.PARAM_STRUCTS.items():
        assert f"struct {name} {{" in text, f"{name} is not generated into {header}"
        assert defaults, f"{name}: pyasc has no defaults (extend this test)"
        body += _checks(name, fields, defaults)
    src = tmp_path / "param_structs.cpp"
    src.write_text('#include <cstdio>\n#include "ascsim/gen/ParamStructs.h"\n\nstatic int failures = 0;\n'
                   'static void check(bool ok, const char *what) {\n'
                   '  if (!ok) { std::printf("%s\\n", what); ++failures; }\n}\n\n'
                   "int main() {\n" + "\n".join(body) + "\n  return failures;\n}\n")
    exe = tmp_path / "param_structs"
    build = subprocess.run([cxx, "-std=c++17", "-Wall", "-Werror", f"-I{_C.SIM_INCLUDE_DIR}", str(src), "-o",
                            str(exe)], capture_output=True, text=True)
    assert build.returncode == 0, build.stderr
    run = subprocess.run([str(exe)], capture_output=True, text=True)
    assert run.returncode == 0, "C++ struct differs from PARAM_STRUCTS:\n" + run.stdout

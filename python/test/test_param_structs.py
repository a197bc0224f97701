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
# ascendc_api.md §4.1-§4.3: member initialisers that are not pyasc's defaults (pyasc_api.md §1.4).
CXX_DEFAULTS = {"CopyRepeatParams": {"dst_repeat_size": 8, "src_repeat_size": 8},
                "GatherMaskParams": {"repeat_times": 0, "src0_repeat_stride": 8, "src1_repeat_stride": 8},
                "LoadImageToLocalParams": {"horiz_size": 0, "vert_size": 0, "src_horiz_size": 0}}
TEMPLATE_ARGS = {"DataCopyPadExtParams": "<float>"}


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(p[:1].upper() + p[1:] for p in rest)


def _value(v: int | bool) -> str:
    return str(v).lower() if isinstance(v, bool) else str(v)


def _checks(name: str, fields: tuple[str, ...], defaults: tuple) -> list[str]:
    cls = f"AscendC::{name}{TEMPLATE_ARGS.get(name, '')}"
    members = [CXX_NAMES.get(name, {}).get(f, _camel(f)) for f in fields]
    # Distinct values that fit every field (1-bit fields alternate) and every enum of the structs.
    values = [("true" if i % 2 == 0 else "false") if isinstance(d, bool) else str(i + 2)
              for i, d in enumerate(defaults)]
    args = ", ".join(f"static_cast<decltype({cls}::{m})>({v})" for m, v in zip(members, values))
    lines = [f"  {{ const {cls} p({args});"]
    lines += [f'    check(p.{m} == static_cast<decltype(p.{m})>({v}), "{name}(..., {f}={v}, ...).{m} is not {v}");'
              for f, m, v in zip(fields, members, values)]
    lines.append(f"    const {cls} d;")
    for f, m, d in zip(fields, members, defaults):
        want = _value(CXX_DEFAULTS.get(name, {}).get(f, d))
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

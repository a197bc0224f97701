"""GE registration (asc.tools.opgen): the generated CANN custom-operator project of a jit kernel
matches the golden files, its host code compiles against the stub headers of opgen/stubs, and its
kernel source runs on the simulator against numpy.

After an intended change of the generated text, regenerate the golden files with
`python -m asc.tools.opgen opgen/axpy.py:axpy_kernel opgen/axpy_custom.json opgen/golden/AxpyCustom`
(from python/test) and review the diff."""

from __future__ import annotations

import json
import shutil
import struct
import subprocess
from pathlib import Path

import numpy as np
import pytest

from asc.runtime.ascendc_kernel import run_ascendc
from asc.tools import opgen

HERE = Path(__file__).resolve().parent / "opgen"
GOLDEN = HERE / "golden" / "AxpyCustom"


def _kernel():
    from opgen.axpy import axpy_kernel  # python/test is on sys.path (conftest)

    return axpy_kernel


def _spec() -> opgen.OpSpec:
    return opgen.OpSpec.from_json(json.loads((HERE / "axpy_custom.json").read_text()))


def test_generated_project_matches_golden_files() -> None:
    files = opgen.render(_kernel(), _spec())
    golden = {str(p.relative_to(GOLDEN)): p.read_text() for p in sorted(GOLDEN.rglob("*")) if p.is_file()}
    assert sorted(files) == sorted(golden)
    for rel, text in files.items():
        assert text == golden[rel], rel


def test_command_line_writes_the_project(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    out = tmp_path / "AxpyCustom"
    assert opgen.main([f"{HERE / 'axpy.py'}:axpy_kernel", str(HERE / "axpy_custom.json"), str(out)]) == 0
    written = capsys.readouterr().out.split()
    assert written == [str(out / rel) for rel in opgen.render(_kernel(), _spec())]
    assert (out / "build.sh").stat().st_mode & 0o111
    assert (out / "op_kernel/axpy_custom.cpp").read_text() == (GOLDEN / "op_kernel/axpy_custom.cpp").read_text()


@pytest.mark.parametrize("source", ["op_host/axpy_custom.cpp", "op_proto/axpy_custom_proto.cpp"])
def test_host_code_compiles_against_the_stub_headers(source: str) -> None:
    from asc.runtime.launcher import compiler

    proc = subprocess.run([compiler(), "-std=c++17", "-fsyntax-only", "-Wall", "-Werror", f"-I{HERE / 'stubs'}",
                           f"-I{GOLDEN / 'op_host'}", f"-I{GOLDEN / 'op_proto'}", str(GOLDEN / source)],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


def test_generated_kernel_runs_on_the_simulator(tmp_path: Path) -> None:
    n, blocks, alpha = 8 * 1024, 8, 2.5
    rng = np.random.default_rng(1)
    x = rng.random(n, dtype=np.float32)
    y = rng.random(n, dtype=np.float32)
    z = np.zeros_like(x)
    # The tiling data as the host serialises it: block_length (int32), alpha (float).
    tiling = np.frombuffer(struct.pack("<if", n // blocks, alpha), dtype=np.uint8).copy()
    workspace = np.zeros(32, dtype=np.uint8)
    shutil.copy(GOLDEN / "op_kernel/axpy_custom.cpp", tmp_path / "axpy_custom.cpp")
    run_ascendc(tmp_path / "axpy_custom.cpp", "axpy_custom", blocks, x, y, z, workspace, tiling)
    np.testing.assert_allclose(z, x + np.float32(alpha) * y, rtol=1e-6)


def test_tensors_must_be_the_kernel_pointer_parameters() -> None:
    spec = _spec()
    bad = opgen.OpSpec(spec.op_type, [spec.inputs[1], spec.inputs[0]], spec.outputs, 8, spec.tiling, spec.attrs)
    with pytest.raises(opgen.OpSpecError, match=r"^kernel 'axpy_kernel' takes the tensors \['x', 'y', 'z'\], but "
                                                r"the operator's inputs then outputs are \['y', 'x', 'z'\]"):
        opgen.render(_kernel(), bad)


def test_scalar_parameter_needs_a_tiling_expression_or_attribute() -> None:
    spec = _spec()
    bad = opgen.OpSpec(spec.op_type, spec.inputs, spec.outputs, 8, {}, spec.attrs)
    with pytest.raises(opgen.OpSpecError, match=r"^kernel parameter 'block_length' is a scalar: give its value in "
                                                r"tiling"):
        opgen.render(_kernel(), bad)


def test_bad_description_on_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    spec = tmp_path / "spec.json"
    spec.write_text(json.dumps({"op_type": "AxpyCustom", "inputs": []}))
    assert opgen.main([f"{HERE / 'axpy.py'}:axpy_kernel", str(spec), str(tmp_path / "out")]) == 2
    assert capsys.readouterr().err.startswith("opgen: bad operator description: KeyError('outputs')")


def test_unreadable_description_on_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    kernel = f"{HERE / 'axpy.py'}:axpy_kernel"
    assert opgen.main([kernel, str(tmp_path / "missing.json"), str(tmp_path / "out")]) == 2
    assert capsys.readouterr().err == (f"opgen: cannot read the operator description {tmp_path}/missing.json: "
                                       "No such file or directory\n")
    spec = tmp_path / "spec.json"
    spec.write_text('{"op_type": "AxpyCustom",\n "inputs": [,]}')
    assert opgen.main([kernel, str(spec), str(tmp_path / "out")]) == 2
    assert capsys.readouterr().err == (f"opgen: {spec}:2:13: the operator description is not valid JSON: "
                                       "Expecting value\n")


def test_missing_kernel_file_or_module_on_the_command_line(tmp_path: Path) -> None:
    spec = str(HERE / "axpy_custom.json")
    with pytest.raises(SystemExit) as e:
        opgen.main([f"{tmp_path}/kernels.py:axpy_kernel", spec, str(tmp_path / "out")])
    assert str(e.value) == f"opgen: the kernel file {tmp_path}/kernels.py does not exist"
    with pytest.raises(SystemExit) as e:
        opgen.main(["no_such_kernels:axpy_kernel", spec, str(tmp_path / "out")])
    assert str(e.value).startswith("opgen: no module named 'no_such_kernels' (the kernel "
                                   "'no_such_kernels:axpy_kernel' is looked up from ")
    assert str(e.value).endswith("and sys.path; give path/to/file.py:function instead)")

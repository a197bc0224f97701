"""A kernel's file edited while a process that imported it runs (a notebook, a REPL, a test run): the old
function object compiles from the text its decorator saw (asc.runtime.source, as Triton does), so it runs
what Python compiled, at the right lines, under its own cache key; a reload picks up the new text. A kernel
decorated after its file changed (in a factory) is a compile error saying so."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from asc.codegen.errors import CompileError

HEAD = "import asc\n\nN = 256\n"
KERNEL = '''
@asc.jit
def scale(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    {a}_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    {a}_gm.set_global_buffer(x, n)
    z_gm.set_global_buffer(z, n)
    {a}_local = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, N)
    z_local = asc.LocalTensor(x.dtype, asc.TPosition.VECOUT, N * 4, N)
    asc.data_copy({a}_local, {a}_gm, n)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.adds(z_local, {a}_local, {k}, n)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(z_gm, z_local, n)
'''
#: The edit: three lines more above the kernel, a local renamed, another constant.
EDITED = HEAD + "\n\n\n" + KERNEL.format(a="b", k="2.0")


def load(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[path.stem] = module
    spec.loader.exec_module(module)
    return module


def module(tmp_path: Path, name: str, k: str = "1.0") -> tuple[Path, ModuleType]:
    path = tmp_path / f"{name}.py"
    path.write_text(HEAD + KERNEL.format(a="a", k=k))
    return path, load(path)


def launch(kernel, **options) -> np.ndarray:
    x = np.arange(256, dtype=np.float32)
    z = np.zeros_like(x)
    kernel[1](x, z, 256, **options)
    return z - x


@pytest.mark.parametrize("options", [{}, {"always_compile": True}], ids=["cached", "always_compile"])
def test_a_launched_kernel_runs_its_old_text_after_an_edit(tmp_path: Path, options: dict) -> None:
    path, mod = module(tmp_path, f"edited_after_launch_{len(options)}")
    assert (launch(mod.scale) == 1).all()
    path.write_text(EDITED)
    assert (launch(mod.scale, **options) == 1).all()


def test_a_kernel_first_launched_after_an_edit_compiles_its_old_text(tmp_path: Path) -> None:
    """Nothing compiled before the edit (a cold cache): still the text Python compiled; the reloaded module
    compiles the new one, under another cache key (no stale binary)."""
    path, mod = module(tmp_path, "edited_before_launch")
    path.write_text(EDITED)
    assert (launch(mod.scale) == 1).all()
    assert (launch(load(path).scale) == 2).all()
    assert (launch(mod.scale) == 1).all()


def test_a_compile_error_shows_the_text_the_kernel_was_compiled_from(tmp_path: Path) -> None:
    path, mod = module(tmp_path, "edited_with_an_error", k="undefined_name")
    path.write_text(EDITED)
    with pytest.raises(CompileError) as info:
        launch(mod.scale)
    assert str(info.value) == (
        f"{path}:16:32: compile error: name 'undefined_name' is not defined\n"
        "  13 |     asc.data_copy(a_local, a_gm, n)\n"
        "  14 |     asc.set_flag(asc.HardEvent.MTE2_V, 0)\n"
        "  15 |     asc.wait_flag(asc.HardEvent.MTE2_V, 0)\n"
        "  16 |     asc.adds(z_local, a_local, undefined_name, n)\n"
        "     |                                ^")


def test_a_kernel_decorated_after_its_file_changed_is_an_error_saying_so(tmp_path: Path) -> None:
    path = tmp_path / "factory_edited.py"
    body = KERNEL.format(a="a", k="1.0").replace("\n", "\n    ")
    path.write_text(HEAD + "\n\ndef make():" + body + "return scale\n")
    mod = load(path)
    path.write_text(path.read_text().replace("N = 256\n", "N = 256\n\n\n"))
    kernel = mod.make()  # decorated now, from the edited file
    with pytest.raises(CompileError) as info:
        launch(kernel)
    assert info.value.message == (
        "the source of kernel 'scale' changed after Python compiled the function: this line of its file no "
        "longer holds `def scale(...)` (the file was edited after it was imported); reload its module "
        "(importlib.reload) or restart the process")
    assert str(info.value.location) == f"{path}:7"  # the first line of the old function: its decorator

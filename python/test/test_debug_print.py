"""Compile-time checks of printf / print / logging inside kernels (the output is tested in sim/)."""

from __future__ import annotations

import inspect
import logging

import numpy as np
import pytest
from conftest import dumped

import asc
from asc.codegen.errors import CompileError, CompileTypeError

X = np.zeros(64, dtype=np.float32)


def _line_of(kernel, text: str) -> int:
    lines, first = inspect.getsourcelines(kernel.fn)
    return first + next(i for i, line in enumerate(lines) if text in line)


@asc.jit
def bad_specifier(x: asc.GlobalAddress, n: int):
    asc.printf("n=%q\n", n)


@asc.jit
def tensor_argument(x: asc.GlobalAddress, n: int):
    t = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, n)
    asc.printf("t=%f\n", t)


@asc.jit
def print_tensor(x: asc.GlobalAddress, n: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(x, n)
    print(f"g={g}")


@asc.jit
def float_as_int(x: asc.GlobalAddress, n: int):
    v = n.cast(asc.float32)
    asc.printf("v=%d\n", v)


@asc.jit
def argument_count(x: asc.GlobalAddress, n: int):
    asc.printf("%d %d\n", n)


@asc.jit
def logging_too_few(x: asc.GlobalAddress, n: int):
    logging.critical("n=%d of %s", n)


@asc.jit
def float_precision_without_type(x: asc.GlobalAddress, n: int):
    v = n.cast(asc.float32)
    print(f"v={v:.3}")


@pytest.mark.parametrize("kernel,marker,cls,message", [
    (float_precision_without_type, "v={v:.3}", CompileError, "format spec '.3': a float precision without a type "
                                                             "has no printf form; write '.3g' or '.3f'"),
    (logging_too_few, "logging.critical", CompileTypeError, "logging message 'n=%d of %s' has more conversions "
                                                            "than the 1 argument(s) given"),
    (bad_specifier, "%q", CompileError, "printf: unsupported format specifier '%q'"),
    (tensor_argument, 't=%f', CompileTypeError, "printf: cannot print a LocalTensor"),
    (print_tensor, 'print(f"g={g}")', CompileTypeError, "cannot print a GlobalTensor"),
    (float_as_int, "v=%d", CompileTypeError, "printf: '%d' needs an integer value, but argument 1 is a float32 "
                                             "value"),
    (argument_count, '"%d %d', CompileError, "printf: the format has 2 conversion(s), but 1 argument(s) were "
                                             "given"),
])
def test_bad_printf_is_a_compile_error_at_the_line(kernel, marker, cls, message) -> None:
    with pytest.raises(cls) as e:
        kernel[1](X, 64)
    assert message in e.value.message
    assert e.value.location.line == _line_of(kernel, marker)


def test_format_string_from_fstring_with_runtime_values() -> None:
    from asc.codegen.debug_print import FormatString, as_format

    assert as_format("100%") == FormatString("100%%", [])
    assert as_format(3.5, ".1f") == FormatString("3.5", [])


@asc.jit
def logs(x: asc.GlobalAddress, n: int):
    logging.debug(f"debug n={n}")
    logging.warning(f"warning n={n}")


def test_disabled_logging_level_emits_nothing(monkeypatch: pytest.MonkeyPatch, tmp_path, capsys) -> None:
    monkeypatch.setenv("PYASC_DUMP_PATH", str(tmp_path))
    root = logging.getLogger()
    old = root.level
    root.setLevel(logging.WARNING)
    try:
        logs[1](X, 64)
    finally:
        root.setLevel(old)
    ir = (dumped(tmp_path, "logs") / "codegen.mlir").read_text()
    assert 'asc.printf "WARNING: warning n=%d\\0A", %arg1 : i32' in ir
    assert "debug n=" not in ir


@asc.jit
def dump_without_dims(x: asc.GlobalAddress, n: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(x, n)
    asc.dump_tensor(g, 1, n, asc.ShapeInfo())


@asc.jit
def dump_with_a_list(x: asc.GlobalAddress, n: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(x, n)
    asc.dump_tensor(g, 1, n, [2, 4])


@asc.jit
def dump_nine_dims(x: asc.GlobalAddress, n: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(x, n)
    asc.dump_tensor(g, 1, n, asc.ShapeInfo([1] * 9))


@asc.jit
def dump_negative_desc(x: asc.GlobalAddress, n: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(x, n)
    asc.dump_tensor(g, -1, n)


@asc.jit
def dump_negative_desc_with_shape(x: asc.GlobalAddress, n: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(x, n)
    asc.dump_tensor(g, -2, n, asc.ShapeInfo([n]))


@pytest.mark.parametrize("kernel,message", [
    (dump_negative_desc, "dump_tensor: 'desc' must not be negative (it is printed as an unsigned 32-bit number), "
                         "but got -1"),
    (dump_negative_desc_with_shape, "dump_tensor: 'desc' must not be negative (it is printed as an unsigned 32-bit "
                                    "number), but got -2"),
    (dump_without_dims, "dump_tensor: 'shape_info' has no dimensions; give its shape, e.g. asc.ShapeInfo([rows, "
                        "cols])"),
    (dump_with_a_list, "dump_tensor: 'shape_info' must be an asc.ShapeInfo, got list"),
    (dump_nine_dims, "dump_tensor: the ShapeInfo's shape has 9 dimensions; a ShapeInfo holds 1 to 8"),
])
def test_bad_dump_arguments_are_compile_errors_at_the_line(kernel, message) -> None:
    with pytest.raises(CompileError) as e:
        kernel[1](X, 64)
    assert message in e.value.message
    assert e.value.location.line == _line_of(kernel, "asc.dump_tensor(")

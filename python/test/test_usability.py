"""Places where a new user got stuck (issue 21): kernels without a source file, pyasc names not
implemented yet, bad environment variables, slices that cannot be right."""

from __future__ import annotations

import inspect
import linecache

import numpy as np
import pytest
from conftest import run_python
from gm_kernels import copy_kernel

import asc
import asc.runtime.launcher as launcher
from asc.codegen.errors import CompileError, CompileTypeError
from asc.errors import AscError, EnvironmentVariableError
from asc.runtime.errors import LaunchTypeError

KERNEL = """
import asc, numpy as np
@asc.jit
def k(z: asc.GlobalAddress):
    g = asc.GlobalTensor()
    g.set_global_buffer(z, 1)
    g.set_value(0, 1)
try:
    k[1](np.zeros(1, np.float32))
except asc.codegen.errors.CompileError as e:
    print(type(e).__name__, e.message)
"""


@pytest.mark.parametrize("how", ["-c", "stdin"])
def test_kernel_without_a_source_file(how: str) -> None:
    if how == "-c":
        proc = run_python("-c", KERNEL)
        origin = "<string>"
    else:
        proc = run_python("-", input=KERNEL)
        origin = "<stdin>"
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == (
        f"CompileError the source of kernel 'k' is not available: Python keeps source only for functions "
        f"defined in a file, and this one comes from {origin} (`python -c`, standard input, exec() or the "
        "interactive prompt); put the kernel in a .py file and import it\n")


@pytest.fixture
def pretend_missing(monkeypatch: pytest.MonkeyPatch) -> str:
    """A pyasc name this version does not implement (every basic name is implemented now): the
    answer to a missing name is tested on a pretend one."""
    from asc import _pyasc_names

    monkeypatch.setitem(_pyasc_names.PYASC_BASIC, "pretend", "PretendDesc")
    return "PretendDesc"


def test_pyasc_names_not_implemented_point_at_the_coverage_page(pretend_missing: str) -> None:
    with pytest.raises(AttributeError) as e:
        asc.PretendDesc  # noqa: B018
    assert str(e.value) == ("asc.PretendDesc is part of pyasc's API but not implemented in this version yet; "
                            "docs/api_coverage.md lists what is")
    assert asc.adv.Matmul is not None  # every advanced name of pyasc exists now
    with pytest.raises(AttributeError, match="^module 'asc.adv' has no attribute 'no_such_name'$"):
        asc.adv.no_such_name  # noqa: B018
    assert not hasattr(asc, "softmax")  # the advanced API is not re-exported at asc.*
    with pytest.raises(AttributeError, match="^module 'asc' has no attribute 'no_such_name'$"):
        asc.no_such_name  # noqa: B018
    assert not hasattr(asc, "PretendDesc")
    assert asc.TensorDesc is not None and asc.ListTensorDesc is not None  # the last two basic names


@asc.jit(always_compile=True)
def uses_unimplemented(x: asc.GlobalAddress):
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 64)
    asc.PretendDesc(t)


def test_unimplemented_name_in_a_kernel(pretend_missing: str) -> None:
    with pytest.raises(CompileTypeError) as e:
        uses_unimplemented[1](np.zeros(4, np.float32))
    assert e.value.message == ("asc.PretendDesc is part of pyasc's API but not implemented in this version "
                               "yet; docs/api_coverage.md lists what is")
    lines, first = inspect.getsourcelines(uses_unimplemented.fn)
    assert e.value.location.line == first + 3


@pytest.mark.parametrize("variable,value,valid", [
    ("PYASC_SIM_THREADS", "abc", "a whole number of host threads (0 or empty: one per host core)"),
    ("PYASC_SIM_THREADS", "-1", "a whole number of host threads (0 or empty: one per host core)"),
    ("PYASC_RACE_CHECK", "bogus", "raise, warn or off"),
    ("PYASC_SIM_TRACE", "maybe", "1, true, yes or on to switch it on; 0, false, no, off or empty to switch "
                                 "it off"),
])
def test_bad_environment_variables_are_named(variable: str, value: str, valid: str,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(variable, value)
    x = np.ones(8, np.float32)
    for _ in range(2):  # every launch says the same, not a raw ValueError
        with pytest.raises(EnvironmentVariableError) as e:
            copy_kernel[1](x, np.zeros_like(x), 8)
        assert str(e.value) == f"environment variable {variable}={value!r} is not valid: expected {valid}"
        assert isinstance(e.value, AscError) and isinstance(e.value, ValueError)


def test_good_environment_values_still_work(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYASC_SIM_THREADS", " 2 ")
    monkeypatch.setenv("PYASC_RACE_CHECK", "WARN")
    monkeypatch.setenv("PYASC_SIM_TRACE", "off")
    x = np.arange(8, dtype=np.float32)
    y = np.zeros_like(x)
    copy_kernel[1](x, y, 8)
    np.testing.assert_array_equal(y, x)


def test_bad_sim_report_switch(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(launcher, "SIM_REPORT", None)
    monkeypatch.setenv("PYASC_SIM_REPORT", "yes please")
    x = np.ones(8, np.float32)
    with pytest.raises(EnvironmentVariableError, match=r"^environment variable PYASC_SIM_REPORT='yes please' "):
        copy_kernel[1](x, np.zeros_like(x), 8)


@asc.jit
def negative_start(x: asc.GlobalAddress):
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 256)
    asc.duplicate(t[-8:], 1.0, 8)


@asc.jit
def start_past_the_end(x: asc.GlobalAddress):
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 256)
    u = t[200:]
    asc.duplicate(u[64:], 1.0, 8)


@asc.jit
def start_at_the_end(z: asc.GlobalAddress):
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 256)
    g = asc.GlobalTensor()
    g.set_global_buffer(z, 2)
    g.set_value(0, t[256:].get_size())
    g.set_value(1, t[250:].get_size())


@pytest.mark.parametrize("kernel,message,offset", [
    (negative_start, "t[i:]: the start index -8 is negative; negative starts (counting from the end) are not "
                     "supported: write the start as a count from the beginning", 3),
    (start_past_the_end, "t[i:]: the start index 64 is past the end of the 56-element tensor", 4),
])
def test_constant_slice_starts_are_checked_at_compile_time(kernel, message: str, offset: int) -> None:
    with pytest.raises(CompileError) as e:
        kernel[1](np.zeros(4, np.float32))
    assert e.value.message == message
    lines, first = inspect.getsourcelines(kernel.fn)
    assert e.value.location.line == first + offset


def test_a_view_at_the_end_is_empty_not_an_error() -> None:
    z = np.full(2, 99, np.int32)
    start_at_the_end[1](z)
    assert z.tolist() == [0, 6]


@pytest.mark.parametrize("env,message", [
    ({"CXX": "/no/such/g++"}, "CXX='/no/such/g++' is not an executable on PATH; the simulator builds each kernel "
                              "with the host C++ compiler $CXX names: point CXX at one (e.g. CXX=g++) or unset "
                              "it to use g++"),
    ({"CXX": "", "PATH": "/nonexistent"}, "no host C++ compiler found (tried g++, c++, clang++; CXX is not set): "
                                          "the simulator builds each kernel with one; install g++ (Debian/Ubuntu: "
                                          "apt-get install g++; Fedora: dnf install gcc-c++) or set CXX to a C++17 "
                                          "compiler"),
])
def test_missing_host_compiler_is_said_at_the_first_launch(env: dict, message: str,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    fresh = asc.jit(always_compile=True)(copy_kernel.fn)  # not loaded in this process yet
    x = np.ones(8, np.float32)
    with pytest.raises(launcher.HostCompilerError) as e:
        fresh[1](x, np.zeros_like(x), 8)
    assert str(e.value) == message
    assert isinstance(e.value, AscError)


SCALE = np.float32(2.5)
LIMIT = np.int32(3)


@asc.jit
def numpy_constants(z: asc.GlobalAddress, n: asc.ConstExpr[int], f: float):
    g = asc.GlobalTensor()
    g.set_global_buffer(z, n)
    g.set_value(0, f * SCALE)
    g.set_value(1, n + LIMIT)
    g.set_value(2, np.float32(1.5))  # a numpy scalar built in the kernel stays a typed constant
    g.set_value(3, SCALE * f)


def test_numpy_scalars_are_their_python_values() -> None:
    z = np.zeros(4, np.float32)
    numpy_constants[1](z, np.int64(4), 2.0)  # a numpy int for a ConstExpr[int]
    assert z.tolist() == [5.0, 7.0, 1.5, 5.0]
    numpy_constants[1](z, 4, 2.0)
    assert len(numpy_constants._kernels) == 1  # np.int64(4) and 4 are the same specialisation


def test_kernel_in_a_function_reports_the_real_column() -> None:
    def make():
        @asc.jit
        def nested(z: asc.GlobalAddress, n: int):
            g = asc.GlobalTensor()
            g.set_global_buffer(z, 1)
            g.set_value(0, n.nothing)
        return nested

    kernel = make()
    with pytest.raises(CompileTypeError) as e:
        kernel[1](np.zeros(1, np.float32), 3)
    lines, first = inspect.getsourcelines(kernel.fn)
    line = lines[4]
    assert e.value.location.line == first + 4
    assert e.value.location.col == line.index("n.nothing") + 1


class Tiling(asc.Struct):
    n = asc.Field(asc.int32, default=0)
    small = asc.Field(asc.int8, default=0)


class Other(asc.Struct):
    m = asc.Field(asc.int32, default=0)


@asc.jit
def annotated(z: asc.GlobalAddress, n: int, f: float, t: Tiling):
    g = asc.GlobalTensor()
    g.set_global_buffer(z, 4)
    g.set_value(0, n)
    g.set_value(1, f / 2)
    g.set_value(2, t.n)


def test_annotations_convert_what_python_allows() -> None:
    z = np.zeros(4, np.float32)
    annotated[1](z, np.int16(3), 3, Tiling(n=5))  # an int for `f: float` is a float: 3 / 2 = 1.5
    assert z[:3].tolist() == [3.0, 1.5, 5.0]
    annotated[1](z, True, np.float32(1.0), Tiling(n=6))
    assert z[:3].tolist() == [1.0, 0.5, 6.0]


@pytest.mark.parametrize("args,message", [
    (("Z", 64.0, 1.0, "T"), "kernel 'annotated': argument 'n' is annotated int but got float 64.0"),
    (("Z", 3, "x", "T"), "kernel 'annotated': argument 'f' is annotated float but got str"),
    ((3, 3, 1.0, "T"), "kernel 'annotated': argument 'z' is annotated asc.GlobalAddress (an array in Global Memory) but "
                       "got int 3; pass a numpy array or a torch tensor"),
    (("Z", 3, 1.0, Tiling), "kernel 'annotated': argument 't' is the Struct class Tiling itself; pass an instance, e.g. "
                            "Tiling(...)"),
    (("Z", 3, 1.0, Other()), "kernel 'annotated': argument 't' is annotated Tiling but got Other"),
])
def test_annotations_are_checked_at_the_launch(args: tuple, message: str) -> None:
    z = np.zeros(4, np.float32)
    args = tuple(z if a == "Z" else Tiling(n=1) if a == "T" else a for a in args)
    with pytest.raises(LaunchTypeError) as e:
        annotated[1](*args)  # LAUNCH
    assert e.value.message == message
    assert (e.value.location.file, linecache.getline(__file__, e.value.location.line).strip()) == \
        (__file__, "annotated[1](*args)  # LAUNCH")


@asc.jit
def unannotated_struct(z: asc.GlobalAddress, t):
    g = asc.GlobalTensor()
    g.set_global_buffer(z, 1)
    g.set_value(0, t.n)


def test_wrong_struct_without_annotation_is_named_in_the_kernel() -> None:
    with pytest.raises(CompileTypeError) as e:
        unannotated_struct[1](np.zeros(1, np.float32), Other())
    assert e.value.message == "Other has no field 'n' (this Other is what the kernel received)"
    with pytest.raises(LaunchTypeError) as e:
        unannotated_struct[1](np.zeros(1, np.float32), Other)
    assert e.value.message == ("kernel 'unannotated_struct': argument 't' is the Struct class Other itself; pass "
                               "an instance, e.g. Other(...)")


@pytest.mark.parametrize("kw,error,message", [
    ({"small": 300}, OverflowError, "Tiling.small (int8) holds -128..127, got 300"),
    ({"small": -129}, OverflowError, "Tiling.small (int8) holds -128..127, got -129"),
    ({"n": 1.5}, TypeError, "Tiling.n (int32) must be an int, got float"),
])
def test_struct_fields_refuse_values_that_do_not_fit(kw: dict, error: type, message: str) -> None:
    with pytest.raises(error) as e:
        Tiling(**kw)
    assert str(e.value) == message
    t = Tiling(small=np.int8(-128))
    assert t.small == -128


@asc.jit
def breaks(z: asc.GlobalAddress, n: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(z, 4)
    for i in range(n):
        if i > 2:
            break
        g.set_value(i, i)


@asc.jit
def continues(z: asc.GlobalAddress, n: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(z, 4)
    for i in range(n):
        if i > 2:
            continue
        g.set_value(i, i)


@pytest.mark.parametrize("kernel,message", [
    (breaks, "`break` is not supported in a kernel (its loops become scf.for/scf.while, which have no early exit): "
             "loop with `while` on a condition you clear instead"),
    (continues, "`continue` is not supported in a kernel (its loops become scf.for/scf.while, which have no early "
                "exit): put the rest of the body under an `if`"),
])
def test_break_and_continue_say_what_to_write(kernel, message: str) -> None:
    from asc.codegen.errors import UnsupportedSyntaxError

    with pytest.raises(UnsupportedSyntaxError) as e:
        kernel[1](np.zeros(4, np.float32), 4)
    assert e.value.message == message
    lines, first = inspect.getsourcelines(kernel.fn)
    assert e.value.location.line == first + 6


@asc.jit
def mixed(z: asc.GlobalAddress, n: int, f: float):
    g = asc.GlobalTensor()
    g.set_global_buffer(z, 4)
    g.set_value(0, n * f)
    g.set_value(1, float(n) * f)
    g.set_value(2, n * int(f))
    g.set_value(3, f * n)


def test_a_float_truncated_by_the_left_operand_rule_warns_at_the_line() -> None:
    from asc.codegen.errors import CompileWarning

    z = np.zeros(4, np.float32)
    with pytest.warns(CompileWarning) as record:
        mixed[1](z, 3, 2.5)
    assert z.tolist() == [6.0, 7.5, 6.0, 7.5]  # 3 * int32(2.5): pyasc's rule, kept
    lines, first = inspect.getsourcelines(mixed.fn)
    assert [(w.filename, w.lineno) for w in record] == [(__file__, first + 4)]
    assert str(record[0].message) == (
        "'*': the float32 operand is converted to int32, the type of the left runtime operand, and loses its "
        "fraction; wrap the int operand in float(...) for a float result, or the float one in int(...) to keep "
        "an int without this warning")


def test_the_stream_is_validated() -> None:
    import asc.lib.runtime as rt

    x = np.arange(8, dtype=np.float32)
    y = np.zeros_like(x)
    copy_kernel[1, rt.current_stream()](x, y, 8)
    np.testing.assert_array_equal(y, x)
    with pytest.raises(LaunchTypeError) as e:
        copy_kernel[1, "notastream"](x, y, 8)
    assert e.value.message == ("kernel 'copy_kernel': the stream must be an asc.lib.runtime.Stream (e.g. "
                            "rt.current_stream() or rt.create_stream()) or omitted, got str")


@asc.jit
def vecin_straight_to_gm(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int):
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, n * 4)
    g = asc.GlobalTensor()
    g.set_global_buffer(x, n)
    h = asc.GlobalTensor()
    h.set_global_buffer(y, n)
    t = q.alloc_tensor(asc.float32)
    asc.data_copy(t, g, n)
    q.enque(t)
    u = q.deque(asc.float32)
    asc.data_copy(h, u, n)
    q.free_tensor(u)


def test_a_race_from_queue_misuse_suggests_the_queue_level_fix() -> None:
    from asc.runtime.errors import KernelError

    x = np.arange(64, dtype=np.float32)
    with pytest.raises(KernelError) as e:
        vecin_straight_to_gm[1](x, np.zeros_like(x), 64)
    lines, first = inspect.getsourcelines(vecin_straight_to_gm.fn)
    assert e.value.category == "race"
    assert e.value.location.line == first + 13
    hint = e.value.notes[-1]
    assert hint.message == (
        f"the bytes belong to the VECIN queue (1 x 256 bytes, initialised at {__file__}:{first + 4}), whose "
        "enque/deque orders MTE2 -> V only; to copy the data from GM straight back to GM, use a "
        "TQueBind(VECIN, VECOUT) queue, whose enque/deque orders MTE2 -> MTE3, or go through a VECOUT queue "
        "after a vector instruction")
    assert (hint.location.file, hint.location.line) == (__file__, first + 4)


@asc.jit
def copy_five(x: asc.GlobalAddress, z: asc.GlobalAddress):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x, 64)
    t = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 64)
    asc.data_copy(t, xg, 5)


def test_an_unaligned_copy_count_says_what_to_give() -> None:
    with pytest.raises(CompileError) as e:
        copy_five[1](np.zeros(64, np.float16), np.zeros(64, np.float16))
    assert e.value.message == ("data_copy: 'count' = 5 float16 elements span 10 bytes, which is not a multiple of "
                               "32 bytes: give a multiple of 16 elements (data_copy_pad copies any number)")
    lines, first = inspect.getsourcelines(copy_five.fn)
    assert e.value.location.line == first + 5

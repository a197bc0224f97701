"""The fault corpus: one small kernel per class of fault, each asserted to fail with the right error
class (and simulator category) at the right Python line, with the message naming the fault.

The kernels live in `run_kernels.py` (faults found while the kernel runs on the simulator: a
`KernelError` and its category), `compile_kernels.py` (a `CompileError` subclass), and
`name_kernels.py` (names that clash with C symbols or C++ keywords: they must simply work); bad
launches are below. The faulting line carries the comment `# FAULT`. docs/reliability.md tables
every class, what catches it and the test.
"""

from __future__ import annotations

import inspect

import numpy as np
import pytest

from asc.codegen.errors import (
    CapacityError,
    CompileError,
    CompileTypeError,
    SyncError,
    UnsupportedSyntaxError,
)
from asc.runtime.errors import KernelError, LaunchTypeError, LaunchValueError

from . import compile_kernels, name_kernels, run_kernels

N = 256  # float32 elements per block


def apart(*lengths: int) -> list[np.ndarray]:
    """float32 arrays of `lengths` elements, 64 KiB apart in one allocation.

    A GM access outside every argument is reported relative to the nearest argument, and one that lands
    inside another argument is no fault at all (the hardware allows it): where the allocator happens to
    put separately made arrays must not decide what these tests see.
    """
    gap = 16 * 1024
    pool = np.zeros(sum(lengths) + gap * len(lengths), dtype=np.float32)
    starts = [sum(lengths[:i]) + gap * i for i in range(len(lengths))]
    return [pool[start:start + length] for start, length in zip(starts, lengths)]


def fault_line(kernel) -> int:
    lines, first = inspect.getsourcelines(kernel.fn)
    (line,) = [first + i for i, text in enumerate(lines) if "# FAULT" in text]
    return line


# name, category, words the message must contain, blocks
RUN_FAULTS = [
    # races on UB across pipes
    ("raw_mte2_v", "race", "RAW hazard on UB[0x0000,0x0400): MTE2 data_copy", 1),
    ("raw_v_mte3", "race", "RAW hazard on UB[0x1000,0x1400): V adds", 1),
    ("raw_mte2_mte3", "race", "RAW hazard on UB[0x0000,0x0400): MTE2 data_copy", 1),
    ("raw_v_scalar", "race", "RAW hazard on UB[0x1004,0x1008): V adds", 1),
    ("war_mte3_mte2", "race", "WAR hazard on UB[0x0000,0x0400): MTE3 data_copy", 1),
    ("war_v_mte2", "race", "WAR hazard on UB[0x0000,0x0400): V adds", 1),
    ("war_mte3_v", "race", "WAR hazard on UB[0x1000,0x1400): MTE3 data_copy", 1),
    ("waw_mte2_v", "race", "WAW hazard on UB[0x0000,0x0400): MTE2 data_copy", 1),
    ("waw_v_mte2", "race", "WAW hazard on UB[0x0000,0x0400): V duplicate", 1),
    # races within a pipe, in a loop, on GM
    ("waw_within_mte2", "race", "WAW hazard on UB[0x0100,0x0200): MTE2 data_copy", 1),
    ("ping_pong_without_mte3_mte2", "race", "WAR hazard on UB[0x0000,0x0100): MTE3 data_copy", 1),
    ("gm_raw_mte3_mte2", "race", "RAW hazard on GM[z+0x0000,z+0x0400): MTE3 data_copy", 1),
    ("cross_core_waw", "race", "cross-core WAW hazard on GM[z+0x0000,z+0x0400): block 0 MTE3 data_copy", 2),
    ("cross_core_raw", "race", "cross-core RAW hazard on GM[z+0x0000,z+0x0400): block 0 MTE3 data_copy", 2),
    # out of bounds
    ("gm_read_past_end", "bounds", "data_copy reads GM bytes [0, 2048) = elements [0, 512) relative to argument 'x'", 1),
    ("gm_write_past_end", "bounds", "data_copy writes GM bytes [512, 1536) = elements [128, 384) relative to "
     "argument 'z'", 1),
    ("gm_write_past_end_in_block_1", "bounds", "(block 1): data_copy writes GM bytes [1024, 2048)", 2),
    ("gm_get_value_past_end", "bounds", "get_value reads GM bytes [1056, 1060) = elements [264, 265)", 1),
    ("gm_set_value_past_end", "bounds", "set_value writes GM bytes [4096, 4100) = elements [1024, 1025)", 1),
    ("gm_negative_offset", "bounds", "data_copy reads GM bytes [-256, 768) = elements [-64, 192)", 1),
    ("ub_view_past_end", "bounds", "data_copy writes UB bytes [197376, 198400) through its destination, beyond the "
     "Unified Buffer (196608 bytes)", 1),
    ("ub_get_value_past_tile", "bounds", "get_value reads 257 float32 elements (1028 bytes) of its tensor, but that "
     "LocalTensor view holds only 32", 1),
    ("ub_set_value_past_ub", "bounds", "set_value writes UB bytes [1024000, 1024004)", 1),
    ("vector_count_past_tile", "bounds", "duplicate writes 256 float32 elements (1024 bytes) of its destination, but "
     "that LocalTensor view holds only 64", 1),
    ("vector_count_past_ub", "bounds", "duplicate writes UB bytes [0, 1048576) through its destination", 1),
    # over capacity
    ("ub_tensor_over_capacity", "capacity", "LocalTensor of 262144 elements (1048576 bytes) at UB address 0", 1),
    ("ub_queue_over_capacity", "capacity", "init_buffer of 2 buffers of 131072 bytes needs 262144 bytes of UB", 1),
    ("ub_tbuf_over_capacity", "capacity", "init_buffer of 1 buffer of 262144 bytes needs 262144 bytes of UB", 1),
    # misalignment
    ("misaligned_ub_copy", "alignment", "data_copy: the destination UB address 16 is not 32-byte aligned", 1),
    ("misaligned_copy_length", "alignment", "data_copy of 5 float32 elements (20 bytes) is not a multiple of 32 "
     "bytes", 1),
    ("misaligned_vector_operand", "alignment", "duplicate: the destination UB address 16 is not 32-byte aligned", 1),
    # flags
    ("wait_without_set", "deadlock", "deadlock: wait_flag(MTE2_V, 4) in PIPE_V waits forever", 1),
    ("wait_on_another_event", "deadlock", "deadlock: wait_flag(V_MTE3, 1) in PIPE_MTE3 waits forever", 1),
    ("leaked_flag", "sync", "flag MTE2_V id 2 set at", 1),
    ("leaked_flag_in_a_branch", "sync", "flag V_MTE3 id 5 set at", 1),
    ("double_set", "sync", "set_flag(MTE2_V, 0) is called again before a matching wait_flag", 1),
    ("flag_counter_overflow", "sync", "set_flag(S_V, 4) is called again before a matching wait_flag", 1),
    # integer arithmetic
    ("int_division_by_zero", "arithmetic", "integer division by zero: 256 / 0 (int32)", 1),
    ("int_modulo_by_zero", "arithmetic", "integer modulo by zero: 256 % 0 (int32)", 1),
    ("int_min_divided_by_minus_one", "arithmetic", "integer division overflows: -2147483648 / -1 does not fit in "
     "int32", 1),
    ("unsigned_division_by_zero", "arithmetic", "integer division by zero: 256 / 0 (uint32)", 1),
    ("division_by_zero_in_a_device_function", "arithmetic", "integer division by zero: 256 / 0 (int32)", 1),
    ("range_step_zero", "argument", "range() arg 3 must not be zero: the loop's step is 0 at run time", 1),
    # the watchdog and atomics
    ("endless_loop", "watchdog", "ran more than 10000 steps (API calls and loop iterations), the watchdog's "
     "budget per block", 1),
    ("atomic_add_vs_plain_read", "race", "(block 1): cross-core RAW hazard on GM[z+0x0000,z+0x0400): block 0 MTE3 "
     "data_copy (atomic add float32)", 2),
    ("atomic_add_vs_atomic_max", "race", "(block 1): cross-core WAW hazard on GM[z+0x0000,z+0x0400): block 0 MTE3 "
     "data_copy (atomic add float32)", 2),
    ("atomic_add_then_copy_in", "race", "RAW hazard on GM[z+0x0000,z+0x0400): MTE3 data_copy (atomic add "
     "float32)", 1),
]


# The device function whose line faults, for a kernel that calls it.
FAULT_IN = {"division_by_zero_in_a_device_function": "_ratio"}


@pytest.mark.parametrize("name,category,words,blocks", RUN_FAULTS, ids=[c[0] for c in RUN_FAULTS])
def test_run_fault(name: str, category: str, words: str, blocks: int) -> None:
    kernel = getattr(run_kernels, name)
    x, z = apart(blocks * N, N if name == "gm_write_past_end_in_block_1" else blocks * N)
    x[:] = np.arange(blocks * N)
    with pytest.raises(KernelError) as info:
        kernel[blocks](x, z, N)
    err = info.value
    assert err.category == category
    assert err.location is not None and err.location.file == run_kernels.__file__
    assert err.location.line == fault_line(getattr(run_kernels, FAULT_IN.get(name, name)))
    assert words in err.message


# name, error class, message
COMPILE_FAULTS = [
    ("ub_over_capacity_constant", CapacityError,
     "LocalTensor: the tensor occupies bytes [0, 200000) of Hardware.UB, but Hardware.UB has only 196608 bytes"),
    ("event_id_out_of_range", SyncError, "set_flag: 'event_id' must be in [0, 7], but got 8"),
    ("constant_division_by_zero", CompileError, "integer division by zero: 7 / 0 with constant operands; the result "
     "is undefined"),
    ("constant_range_step_zero", CompileTypeError, "range() arg 3 must not be zero: the loop's step is 0"),
    ("number_of_void", CompileTypeError, "number: 'dtype' must be a numeric data type (e.g. asc.int32), got asc.void"),
    ("local_tensor_of_void", CompileTypeError, "LocalTensor expects an element data type first (e.g. asc.float32), "
     "got asc.void"),
    ("vector_op_of_unsupported_dtype", CompileTypeError, "abs: 'dst' holds uint8, but abs supports float16, float32 "
     "on Ascend 910B/910C"),
    ("mixed_element_types", CompileTypeError, "add: 'src1' holds int16 but 'dst' holds float32; element types must "
     "match"),
    ("float_modulo", CompileTypeError, "'%' on floating-point runtime values is not supported"),
    ("constant_does_not_fit", CompileError, "the constant 300 does not fit in int8"),
    ("lambda_in_kernel", UnsupportedSyntaxError, "unsupported Python syntax in a kernel: Lambda"),
    ("comprehension", UnsupportedSyntaxError, "unsupported Python syntax in a kernel: ListComp"),
    ("try_except", UnsupportedSyntaxError, "unsupported Python syntax in a kernel: Try"),
    ("for_else", UnsupportedSyntaxError, "`for ... else` is not supported in a kernel"),
    ("chained_comparison", UnsupportedSyntaxError, "chained comparisons are not supported; use `and`"),
    ("starred_assignment", UnsupportedSyntaxError, "starred assignment (`a, *b = ...`) is not supported in a kernel"),
    ("nested_function", UnsupportedSyntaxError, "nested function definitions are not supported in a kernel; define "
     "the function at module level with @asc.jit and call it"),
    ("runtime_power", CompileTypeError, "'**' is not supported on runtime values"),
    ("wrong_argument_types", CompileTypeError, "no overload of data_copy() matches the arguments (int, int, int)"),
    ("wrong_argument_count_to_a_device_function", CompileTypeError, "_pair(): missing a required argument: 'b'"),
    ("variable_changes_type_in_a_loop", CompileTypeError, "variable 'v' changes type inside the loop: int32 before, "
     "float32 after; a variable must keep its type"),
    ("static_range_too_long", CompileError, "asc.static_range unrolls its body at compile time, and 1000000000 "
     "iterations are more than 4096; use range(...) for a runtime loop"),
    ("undefined_name", CompileError, "name 'no_such_name' is not defined"),
    ("runtime_assert", CompileTypeError, "assert needs a compile-time condition in a kernel"),
    ("tensor_as_condition", CompileTypeError, "a LocalTensor cannot be used as a condition"),
]


@pytest.mark.parametrize("name,cls,message", COMPILE_FAULTS, ids=[c[0] for c in COMPILE_FAULTS])
def test_compile_fault(name: str, cls: type, message: str) -> None:
    kernel = getattr(compile_kernels, name)
    with pytest.raises(CompileError) as info:
        kernel[1](np.zeros(N, dtype=np.float32), np.zeros(N, dtype=np.float32), N)
    err = info.value
    assert type(err) is cls
    assert err.location is not None and err.location.file == compile_kernels.__file__
    assert err.location.line == fault_line(kernel)
    assert err.message.startswith(message)


def _x() -> np.ndarray:
    return np.zeros(N, dtype=np.float32)


K = name_kernels.exp  # any correct kernel: the launch is what is wrong
# Each launch is one line: the error must name it.
LAUNCH_FAULTS = [
    ("no_blocks", LaunchValueError, "the number of blocks must be a positive int no larger than 65535 (the NPU's "
     "limit), got 0",
     lambda: K[0](_x(), _x(), N)),
    ("too_many_blocks", LaunchValueError, "no larger than 65535 (the NPU's limit), got 65536",
     lambda: K[65536](_x(), _x(), N)),
    ("blocks_not_an_int", LaunchValueError, "the number of blocks must be a positive int no larger than 65535 (the "
     "NPU's limit), got 1.5",
     lambda: K[1.5](_x(), _x(), N)),
    ("missing_argument", LaunchTypeError, "missing a required argument: 'n'",
     lambda: K[1](_x(), _x())),
    ("unknown_keyword", LaunchTypeError, "got an unexpected keyword argument 'm'",
     lambda: K[1](_x(), _x(), N, m=3)),
    ("string_for_an_array", LaunchTypeError, "argument 'x' is annotated asc.GlobalAddress (an array in Global "
                                             "Memory) but got str",
     lambda: K[1]("hello", _x(), N)),
    ("complex_array", LaunchTypeError, "argument 'x'",
     lambda: K[1](np.zeros(N, dtype=np.complex64), _x(), N)),
    ("non_contiguous_array", LaunchTypeError, "argument 'x' is a non-contiguous numpy array",
     lambda: K[1](np.zeros(2 * N, dtype=np.float32)[::2], _x(), N)),
    ("scalar_out_of_range", LaunchTypeError, "argument 'n'",
     lambda: K[1](_x(), _x(), 1 << 70)),
    ("bad_grid", LaunchValueError, "launch with kernel[num_blocks] or kernel[num_blocks, stream]",
     lambda: K[1, None, 3](_x(), _x(), N)),
]


@pytest.mark.parametrize("name,cls,words,launch", LAUNCH_FAULTS, ids=[c[0] for c in LAUNCH_FAULTS])
def test_launch_fault(name: str, cls: type, words: str, launch) -> None:
    with pytest.raises(cls) as info:
        launch()
    err = info.value
    assert err.location is not None and err.location.file == __file__
    assert err.location.line == launch.__code__.co_firstlineno
    assert words in err.message


@pytest.mark.parametrize("name", ["exp", "memcpy", "switch", "template"])
def test_kernel_named_like_a_c_symbol_or_keyword_runs(name: str) -> None:
    x = np.arange(N, dtype=np.float32)
    z = np.zeros(N, dtype=np.float32)
    getattr(name_kernels, name)[1](x, z, N)
    np.testing.assert_array_equal(z, 2 * x)
    np.testing.assert_array_equal(x, np.arange(N, dtype=np.float32))  # memcpy once overwrote its input


def test_corpus_size() -> None:
    assert len(RUN_FAULTS) + len(COMPILE_FAULTS) + len(LAUNCH_FAULTS) + 4 >= 60

"""Kernels of the fault corpus that must not compile: each raises a CompileError subclass at the line
marked `# FAULT`. They take (x, z, n) like the kernels of `run_kernels.py`."""

from __future__ import annotations

import asc


@asc.jit
def _pair(a, b):
    return a + b


@asc.jit
def ub_over_capacity_constant(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 50000)  # FAULT
    t.set_value(0, 1.0)


@asc.jit
def event_id_out_of_range(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    asc.set_flag(asc.HardEvent.MTE2_V, 8)  # FAULT
    asc.wait_flag(asc.HardEvent.MTE2_V, 8)


@asc.jit
def constant_division_by_zero(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z, n)
    zg.set_value(0, (asc.number(7, asc.int32) // 0).cast(asc.float32))  # FAULT


@asc.jit
def constant_range_step_zero(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z, n)
    for i in range(n, 0, 0):  # FAULT
        zg.set_value(0, i.cast(asc.float32))


@asc.jit
def number_of_void(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    v = asc.number(1, asc.void)  # FAULT  # noqa: F841


@asc.jit
def local_tensor_of_void(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    t = asc.LocalTensor(asc.void, asc.TPosition.VECIN, 0, 32)  # FAULT  # noqa: F841


@asc.jit
def vector_op_of_unsupported_dtype(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    t = asc.LocalTensor(asc.uint8, asc.TPosition.VECIN, 0, 64)
    asc.abs(t, t, 64)  # FAULT


@asc.jit
def mixed_element_types(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 64)
    b = asc.LocalTensor(asc.int16, asc.TPosition.VECIN, 256, 64)
    asc.add(a, a, b, 64)  # FAULT


@asc.jit
def float_modulo(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    f = n.cast(asc.float32)
    g = f % 2.0  # FAULT  # noqa: F841


@asc.jit
def constant_does_not_fit(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    v = asc.number(300, asc.int8)  # FAULT  # noqa: F841


@asc.jit
def lambda_in_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    f = lambda q: q  # FAULT  # noqa: E731, F841


@asc.jit
def comprehension(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    v = [q for q in range(3)]  # FAULT  # noqa: F841


@asc.jit
def try_except(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    try:  # FAULT
        pass
    except Exception:
        pass


@asc.jit
def for_else(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    for _i in range(n):  # FAULT
        pass
    else:
        pass


@asc.jit
def chained_comparison(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    if 0 < n < 9:  # FAULT
        pass


@asc.jit
def starred_assignment(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    a, *b = (1, 2, 3)  # FAULT  # noqa: F841


@asc.jit
def nested_function(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    def inner():  # FAULT
        pass


@asc.jit
def runtime_power(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    v = n ** 2  # FAULT  # noqa: F841


@asc.jit
def wrong_argument_types(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    asc.data_copy(1, 2, 3)  # FAULT


@asc.jit
def wrong_argument_count_to_a_device_function(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    v = _pair(n)  # FAULT  # noqa: F841


@asc.jit
def variable_changes_type_in_a_loop(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    v = n
    for _i in range(3):  # FAULT
        v = v.cast(asc.float32)


@asc.jit
def static_range_too_long(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    for _i in asc.static_range(10 ** 9):  # FAULT
        pass


@asc.jit
def undefined_name(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    v = no_such_name  # FAULT  # noqa: F821, F841


@asc.jit
def runtime_assert(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    assert n == 3  # FAULT


@asc.jit
def tensor_as_condition(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 32)
    if t:  # FAULT
        pass

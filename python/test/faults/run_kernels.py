"""Kernels of the fault corpus that fail while they run on the simulator (`KernelError`). The line
each must be reported at carries the comment `# FAULT`. Every kernel takes (x, z, n): two float32
arrays of `n` elements per block (N = 256 elements = 1 KiB per block) and n."""

from __future__ import annotations

import asc

# ----------------------------------------------------------------------------- helpers


@asc.jit
def _tensors(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x, n)
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z, n)
    return xg, zg


# ----------------------------------------------------------------------------- UB races across pipes


@asc.jit
def raw_mte2_v(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    """RAW: V reads what MTE2 writes, without MTE2_V."""
    xg, zg = _tensors(x, z, n)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n)
    b = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 4096, n)
    asc.data_copy(a, xg, n)
    asc.adds(b, a, 1.0, n)  # FAULT
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, b, n)


@asc.jit
def raw_v_mte3(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    """RAW: MTE3 reads what V writes, without V_MTE3."""
    xg, zg = _tensors(x, z, n)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n)
    b = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 4096, n)
    asc.data_copy(a, xg, n)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.adds(b, a, 1.0, n)
    asc.data_copy(zg, b, n)  # FAULT


@asc.jit
def raw_mte2_mte3(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    """RAW: MTE3 copies out what MTE2 copies in, without MTE2_MTE3."""
    xg, zg = _tensors(x, z, n)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n)
    asc.data_copy(a, xg, n)
    asc.data_copy(zg, a, n)  # FAULT


@asc.jit(auto_sync=False)
def raw_v_scalar(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    """RAW: the scalar unit reads what V writes, without V_S (a race when the NPU compiler's automatic
    synchronisation is off; with auto_sync=True, the default, bisheng inserts the V_S wait)."""
    xg, zg = _tensors(x, z, n)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n)
    b = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 4096, n)
    asc.data_copy(a, xg, n)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.adds(b, a, 1.0, n)
    zg.set_value(0, b.get_value(1))  # FAULT
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)


@asc.jit
def war_mte3_mte2(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    """WAR: MTE2 overwrites a buffer MTE3 is still copying out, without MTE3_MTE2."""
    xg, zg = _tensors(x, z, n)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n)
    asc.data_copy(a, xg, n)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(zg, a, n)
    asc.data_copy(a, xg, n)  # FAULT
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)


@asc.jit
def war_v_mte2(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    """WAR: MTE2 overwrites a buffer V is still reading, without V_MTE2."""
    xg, zg = _tensors(x, z, n)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n)
    b = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 4096, n)
    asc.data_copy(a, xg, n)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.adds(b, a, 1.0, n)
    asc.data_copy(a, xg, n)  # FAULT
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)


@asc.jit
def war_mte3_v(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    """WAR: V overwrites a buffer MTE3 is still copying out, without MTE3_V."""
    xg, zg = _tensors(x, z, n)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n)
    b = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 4096, n)
    asc.data_copy(a, xg, n)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.adds(b, a, 1.0, n)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, b, n)
    asc.adds(b, a, 2.0, n)  # FAULT
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)


@asc.jit
def waw_mte2_v(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    """WAW across pipes: V writes a buffer MTE2 is still writing, without MTE2_V."""
    xg, zg = _tensors(x, z, n)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n)
    asc.data_copy(a, xg, n)
    asc.duplicate(a, 1.0, n)  # FAULT
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(zg, a, n)


@asc.jit
def waw_v_mte2(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    """WAW across pipes: MTE2 writes a buffer V is still writing, without V_MTE2."""
    xg, zg = _tensors(x, z, n)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n)
    asc.duplicate(a, 1.0, n)
    asc.data_copy(a, xg, n)  # FAULT
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(zg, a, n)


@asc.jit
def waw_within_mte2(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    """WAW within a pipe: two overlapping MTE2 copies without pipe_barrier(PIPE_MTE2)."""
    xg, zg = _tensors(x, z, n)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n)
    asc.data_copy(a, xg, n)
    asc.data_copy(a[64:], xg, 64)  # FAULT
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(zg, a, n)


@asc.jit
def ping_pong_without_mte3_mte2(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    """WAR in a loop: copy-in of tile i+2 overwrites the buffer copy-out i still reads."""
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x, n)
    zg.set_global_buffer(z, n)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 128)
    for i in range(n // 64):
        buf = i % 2
        asc.data_copy(a[buf * 64:], xg[i * 64:], 64)  # FAULT
        asc.set_flag(asc.HardEvent.MTE2_MTE3, buf)
        asc.wait_flag(asc.HardEvent.MTE2_MTE3, buf)
        asc.data_copy(zg[i * 64:], a[buf * 64:], 64)


# ----------------------------------------------------------------------------- GM races


@asc.jit
def gm_raw_mte3_mte2(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    """RAW on GM within a core: MTE2 reads back what MTE3 writes, without MTE3_MTE2."""
    xg, zg = _tensors(x, z, n)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n)
    b = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 4096, n)
    asc.data_copy(a, xg, n)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(zg, a, n)
    asc.data_copy(b, zg, n)  # FAULT
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)


@asc.jit
def cross_core_waw(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    """WAW on GM across cores: every block writes the same part of z."""
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x + asc.get_block_idx() * n, n)
    zg.set_global_buffer(z, n)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n)
    asc.data_copy(a, xg, n)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(zg, a, n)  # FAULT


@asc.jit
def cross_core_raw(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    """RAW on GM across cores: block 1 reads what block 0 writes."""
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z, n)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n)
    if asc.get_block_idx() == 0:
        asc.duplicate(a, 1.0, n)
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)
        asc.data_copy(zg, a, n)
    else:
        asc.data_copy(a, zg, n)  # FAULT
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)


# ----------------------------------------------------------------------------- memory bounds


@asc.jit
def gm_read_past_end(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    xg, zg = _tensors(x, z, n)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n * 2)
    asc.data_copy(a, xg, n * 2)  # FAULT
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)


@asc.jit
def gm_write_past_end(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    xg, zg = _tensors(x, z, n)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n)
    asc.data_copy(a, xg, n)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(zg[n // 2:], a, n)  # FAULT


@asc.jit
def gm_write_past_end_in_block_1(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x, n)
    zg.set_global_buffer(z + asc.get_block_idx() * n, n)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n)
    asc.data_copy(a, xg, n)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(zg, a, n)  # FAULT


@asc.jit
def gm_get_value_past_end(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    xg, zg = _tensors(x, z, n)
    zg.set_value(0, xg.get_value(n + 8))  # FAULT


@asc.jit
def gm_set_value_past_end(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    xg, zg = _tensors(x, z, n)
    zg.set_value(n * 4, 1.0)  # FAULT


@asc.jit
def gm_negative_offset(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x + (asc.get_block_idx() - 64), n)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n)
    asc.data_copy(a, xg, n)  # FAULT
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)


@asc.jit
def ub_view_past_end(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    xg, zg = _tensors(x, z, n)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 196608 - 256, 64)
    asc.data_copy(t[n:], xg, n)  # FAULT
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)


@asc.jit
def ub_get_value_past_tile(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    xg, zg = _tensors(x, z, n)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 32)
    t.set_value(0, 1.0)
    zg.set_value(0, t.get_value(n))  # FAULT


@asc.jit
def ub_set_value_past_ub(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 32)
    t.set_value(n * 1000, 1.0)  # FAULT


@asc.jit
def vector_count_past_tile(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 64)
    asc.duplicate(a, 1.0, n)  # FAULT
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)


@asc.jit
def vector_count_past_ub(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 64)
    asc.duplicate(a[0:], 1.0, n * 1024)  # FAULT
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)


# ----------------------------------------------------------------------------- capacity


@asc.jit
def ub_tensor_over_capacity(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n * 1024)  # FAULT
    t.set_value(0, 1.0)


@asc.jit
def ub_queue_over_capacity(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(que=q, num=2, len=n * 512)  # FAULT


@asc.jit
def ub_tbuf_over_capacity(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, n * 1024)  # FAULT


# ----------------------------------------------------------------------------- alignment


@asc.jit
def misaligned_ub_copy(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    xg, zg = _tensors(x, z, n)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n)
    asc.data_copy(a[n // 64:], xg, 64)  # FAULT
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)


@asc.jit
def misaligned_copy_length(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    xg, zg = _tensors(x, z, n)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n)
    asc.data_copy(a, xg, n // 64 + 1)  # FAULT
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)


@asc.jit
def misaligned_vector_operand(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n)
    asc.duplicate(a[n // 64:], 1.0, 64)  # FAULT
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)


# ----------------------------------------------------------------------------- flags


@asc.jit
def wait_without_set(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    asc.wait_flag(asc.HardEvent.MTE2_V, n // 64)  # FAULT


@asc.jit
def wait_on_another_event(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    asc.set_flag(asc.HardEvent.MTE2_V, 1)
    asc.wait_flag(asc.HardEvent.V_MTE3, 1)  # FAULT


@asc.jit
def leaked_flag(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    asc.set_flag(asc.HardEvent.MTE2_V, 2)  # FAULT


@asc.jit
def leaked_flag_in_a_branch(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    asc.set_flag(asc.HardEvent.V_MTE3, 5)  # FAULT
    if n > 1000:
        asc.wait_flag(asc.HardEvent.V_MTE3, 5)


@asc.jit
def double_set(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)  # FAULT
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)


@asc.jit
def flag_counter_overflow(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    for _i in range(n):
        asc.set_flag(asc.HardEvent.S_V, 4)  # FAULT
    for _i in range(n):
        asc.wait_flag(asc.HardEvent.S_V, 4)


# ----------------------------------------------------------------------------- arithmetic


@asc.jit
def int_division_by_zero(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    xg, zg = _tensors(x, z, n)
    d = n - 256
    zg.set_value(0, (n // d).cast(asc.float32))  # FAULT


@asc.jit
def int_modulo_by_zero(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    xg, zg = _tensors(x, z, n)
    d = n - 256
    zg.set_value(0, (n % d).cast(asc.float32))  # FAULT


@asc.jit
def int_min_divided_by_minus_one(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    xg, zg = _tensors(x, z, n)
    m = asc.number(-2147483648, asc.int32) + (n - 256)
    zg.set_value(0, (m // (255 - n)).cast(asc.float32))  # FAULT


@asc.jit
def range_step_zero(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    xg, zg = _tensors(x, z, n)
    for i in range(n, 0, n - 256):  # FAULT
        zg.set_value(0, i.cast(asc.float32))


@asc.jit
def unsigned_division_by_zero(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    xg, zg = _tensors(x, z, n)
    u = n.cast(asc.uint32)
    zg.set_value(0, (u // (u - 256)).cast(asc.float32))  # FAULT


@asc.jit
def division_by_zero_in_a_device_function(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    xg, zg = _tensors(x, z, n)
    zg.set_value(0, _ratio(n, n - 256).cast(asc.float32))  # the call (the fault is in _ratio)


@asc.jit
def _ratio(a, b):
    return a // b  # FAULT (the division's line, though the function is inlined into the call)


# ----------------------------------------------------------------------------- watchdog and atomics


@asc.jit(sim_budget=10_000)
def endless_loop(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    """The body never changes `m`: the watchdog stops the block at the loop's line."""
    xg, zg = _tensors(x, z, n)
    m = n
    k = n
    while m > 0:  # FAULT
        k = k + 1
    zg.set_value(0, k.cast(asc.float32))


@asc.jit
def atomic_add_vs_plain_read(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    """Cross-core RAW: block 0 accumulates into z atomically while block 1 reads z plainly."""
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z, n)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n)
    if asc.get_block_idx() == 0:
        asc.duplicate(a, 1.0, n)
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)
        asc.set_atomic_add(asc.float32)
        asc.data_copy(zg, a, n)
        asc.set_atomic_none()
    else:
        asc.data_copy(a, zg, n)  # FAULT
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)


@asc.jit
def atomic_add_vs_atomic_max(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    """Cross-core WAW: two blocks accumulate into z with different atomic operations."""
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z, n)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n)
    asc.duplicate(a, 1.0, n)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    if asc.get_block_idx() == 0:
        asc.set_atomic_add(asc.float32)
        asc.data_copy(zg, a, n)
    else:
        asc.set_atomic_max(asc.float32)
        asc.data_copy(zg, a, n)  # FAULT
    asc.set_atomic_none()
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)


@asc.jit
def atomic_add_then_copy_in(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    """RAW on GM in a core: MTE2 reads z back before the atomic add by MTE3 is ordered before it."""
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z, n)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n)
    b = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 4096, n)
    asc.duplicate(a, 1.0, n)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.set_atomic_add(asc.float32)
    asc.data_copy(zg, a, n)
    asc.set_atomic_none()
    asc.data_copy(b, zg, n)  # FAULT
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)

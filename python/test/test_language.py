"""Language features end to end: device functions, ConstExpr, loops, branches, scalars."""

from __future__ import annotations

import numpy as np
import pytest

import asc
from asc.codegen.errors import CompileError, CompileTypeError, UnsupportedSyntaxError

TILE = 64  # float32 elements per tile (256 bytes)


@asc.jit
def load(dst: asc.LocalTensor, src: asc.GlobalTensor, offset, count: asc.ConstExpr[int] = TILE):
    asc.data_copy(dst, src[offset:], count)


@asc.jit
def sync(event: asc.HardEvent, event_id=0):
    asc.set_flag(event, event_id)
    asc.wait_flag(event, event_id)


@asc.jit
def tile_range(index, tiles_per_block: asc.ConstExpr[int]):
    first = index * tiles_per_block
    return first, first + tiles_per_block


@asc.jit
def copy_tiles(x: asc.GlobalAddress, y: asc.GlobalAddress, tiles_per_block: asc.ConstExpr[int]):
    """y = x, tile by tile, through device functions returning a tuple."""
    gx = asc.GlobalTensor()
    gy = asc.GlobalTensor()
    gx.set_global_buffer(x)
    gy.set_global_buffer(y)
    buf = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, TILE)
    first, last = tile_range(asc.get_block_idx(), tiles_per_block)
    t = first
    while t < last:
        load(buf, gx, t * TILE)
        sync(asc.HardEvent.MTE2_MTE3)
        asc.data_copy(gy[t * TILE:], buf, TILE)
        sync(asc.HardEvent.MTE3_MTE2, event_id=1)
        t += 1


def test_device_functions_tuples_defaults_and_while() -> None:
    x = np.arange(4 * 3 * TILE, dtype=np.float32)
    y = np.zeros_like(x)
    copy_tiles[4](x, y, 3)
    np.testing.assert_array_equal(x, y)


@asc.jit
def scaled_copy(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int, twice: bool):
    """Copies the first n (or 2n, when `twice`) tiles; exercises runtime if/else and if-expressions."""
    gx = asc.GlobalTensor()
    gy = asc.GlobalTensor()
    gx.set_global_buffer(x)
    gy.set_global_buffer(y)
    buf = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, TILE)
    if twice:
        count = n * 2
    else:
        count = n
    limit = count if count < 6 else 6
    for i in range(limit):
        asc.data_copy(buf, gx[i * TILE:], TILE)
        sync(asc.HardEvent.MTE2_MTE3)
        asc.data_copy(gy[i * TILE:], buf, TILE)
        sync(asc.HardEvent.MTE3_MTE2)


@pytest.mark.parametrize("n,twice,copied", [(1, False, 1), (2, True, 4), (4, True, 6), (3, False, 3)])
def test_runtime_if_and_if_expression(n: int, twice: bool, copied: int) -> None:
    x = np.arange(8 * TILE, dtype=np.float32) + 1
    y = np.zeros_like(x)
    scaled_copy[1](x, y, n, twice)
    expect = np.where(np.arange(x.size) < copied * TILE, x, 0)
    np.testing.assert_array_equal(y, expect)


@asc.jit
def static_loop(x: asc.GlobalAddress, y: asc.GlobalAddress, reps: asc.ConstExpr[int]):
    asc.static_assert(reps <= 4, "at most 4 repetitions")
    gx = asc.GlobalTensor()
    gy = asc.GlobalTensor()
    gx.set_global_buffer(x)
    gy.set_global_buffer(y)
    for k in asc.static_range(reps):
        buf = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, k * TILE * 4, TILE)
        asc.data_copy(buf, gx[k * TILE:], TILE)
        sync(asc.HardEvent.MTE2_MTE3, k)
        asc.data_copy(gy[k * TILE:], buf, TILE)


def test_static_range_and_static_assert() -> None:
    x = np.arange(4 * TILE, dtype=np.float32)
    y = np.zeros_like(x)
    static_loop[1](x, y, 3)
    np.testing.assert_array_equal(y[:3 * TILE], x[:3 * TILE])
    assert not y[3 * TILE:].any()
    with pytest.raises(CompileError, match="static assertion failed: at most 4 repetitions"):
        static_loop[1](x, y, 5)


@asc.jit
def returns_in_loop_helper(n):
    for i in range(n):
        return i


@asc.jit
def calls_bad_helper(x: asc.GlobalAddress, n: int):
    returns_in_loop_helper(n)


def test_return_inside_loop_is_rejected_with_call_site_note() -> None:
    x = np.zeros(64, dtype=np.float32)
    with pytest.raises(UnsupportedSyntaxError) as e:
        calls_bad_helper[1](x, 3)
    assert "`return` is only supported as the last statement" in e.value.message
    assert "return i" in str(e.value)
    assert any("called from here" in n.message for n in e.value.notes)


@asc.jit
def unknown_keyword(x: asc.GlobalAddress, n: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(x, n)
    t = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, n)
    asc.data_copy(t, g, counts=n)


def test_unknown_keyword_to_an_api() -> None:
    x = np.zeros(64, dtype=np.float32)
    with pytest.raises(CompileTypeError, match="unexpected keyword argument 'counts'"):
        unknown_keyword[1](x, 64)


@asc.jit
def scalar_rules(x: asc.GlobalAddress, n: int):
    a = n * 3 + 1
    b = a // 2 - n % 4
    c = asc.ceildiv(n, 8)
    d = (a > b).logical_and(c != 0)
    e = a.cast(asc.float32) * 0.5
    g = asc.GlobalTensor()
    g.set_global_buffer(x, n)
    asc.static_assert(isinstance(d, asc.PlainValue))
    asc.static_assert(e.dtype == asc.float32)
    asc.static_assert(asc.number(3, asc.int16).dtype == asc.int16)


def test_scalar_rules_compile() -> None:
    scalar_rules[1](np.zeros(64, dtype=np.float32), 64)


class CopyTiling(asc.Struct, pack=8):
    tiles = asc.Field(asc.int32, default=1)
    tile = asc.Field(asc.int32, default=TILE)
    scale = asc.Field(asc.float32, default=1.0)


@asc.jit
def struct_copy(x: asc.GlobalAddress, y: asc.GlobalAddress, tiling: CopyTiling):
    gx = asc.GlobalTensor()
    gy = asc.GlobalTensor()
    gx.set_global_buffer(x)
    gy.set_global_buffer(y)
    tiling.tiles = tiling.tiles - 1  # the last tile is left out
    buf = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, TILE)
    for i in range(tiling.tiles):
        asc.data_copy(buf, gx[i * tiling.tile:], tiling.tile)
        sync(asc.HardEvent.MTE2_MTE3)
        asc.data_copy(gy[i * tiling.tile:], buf, tiling.tile)
        sync(asc.HardEvent.MTE3_MTE2)


def test_struct_argument_fields_and_assignment() -> None:
    x = np.arange(4 * TILE, dtype=np.float32) + 1
    y = np.zeros_like(x)
    tiling = CopyTiling(tiles=4, tile=TILE)
    assert CopyTiling().tile == TILE and tiling.pack()[:4] == (4).to_bytes(4, "little")
    struct_copy[1](x, y, tiling)
    np.testing.assert_array_equal(y[:3 * TILE], x[:3 * TILE])
    assert not y[3 * TILE:].any()


@asc.jit
def scalars_kernel(out: asc.GlobalAddress, a: int, b: float, c: bool, d, e):
    """Writes the scalar arguments (int32, float32, bool as int8, numpy float16 / int16) into `out`."""
    g = asc.GlobalTensor()
    g.set_global_buffer(out, 8)
    g.set_value(0, a.cast(asc.float32))
    g.set_value(1, b)
    g.set_value(2, c.cast(asc.float32))
    g.set_value(3, d.cast(asc.float32))
    g.set_value(4, e.cast(asc.float32))
    g.set_value(5, asc.property(asc.ONE_BLK_SIZE).cast(asc.float32))
    g.set_value(6, g.get_value(1) * 2)
    g.set_value(7, g[3].item() + 1)


def test_scalar_argument_kinds_and_get_set_value() -> None:
    out = np.zeros(8, dtype=np.float32)
    scalars_kernel[1](out, -7, 2.5, True, np.float16(1.5), np.int16(-300))
    np.testing.assert_array_equal(out, [-7, 2.5, 1, 1.5, -300, 32, 5.0, 2.5])

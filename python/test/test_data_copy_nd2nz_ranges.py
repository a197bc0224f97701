"""data_copy(dst, src, Nd2NzParams) GM -> L1 with parameters known only at run time: the simulator checks them
against the ranges of ascendc_api.md ("Nd2NzParams": src_d_value in [1, 65535], dst_nz_c0_stride and
dst_nz_n_stride in [1, 16384]) as the verifier checks constants, and reports a value outside at the line. A
src_d_value of 0 used to read every row from the first one, a dst_nz_n_stride of 0 to write every row over
the first one, without a word. A dst_nz_matrix_stride off the 32-byte blocks (with nd_num above 1) is the
simulator's alignment error when known at run time and a compile error at the data_copy when constant."""

from __future__ import annotations

import inspect

import numpy as np
import pytest

import asc
import asc.lib.runtime as rt
from asc.codegen.errors import CompileError
from asc.runtime.errors import KernelError


@asc.jit(always_compile=True)
def nd2nz_into_l1(a: asc.GlobalAddress, src_d_value: int, dst_nz_c0_stride: int, dst_nz_n_stride: int):
    ga = asc.GlobalTensor()
    ga.set_global_buffer(a, 256)
    a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 256)
    asc.data_copy(a1, ga, asc.Nd2NzParams(1, 16, 16, 0, src_d_value, dst_nz_c0_stride, dst_nz_n_stride, 1))


@pytest.mark.parametrize(("args", "message"), [
    ((0, 16, 1), "data_copy: 'src_d_value' must be in [1, 65535], got 0"),
    ((16, 0, 1), "data_copy: 'dst_nz_c0_stride' must be in [1, 16384], got 0"),
    ((16, 16, 0), "data_copy: 'dst_nz_n_stride' must be in [1, 16384], got 0"),
    ((16, 16, 16385), "data_copy: 'dst_nz_n_stride' must be in [1, 16384], got 16385"),
], ids=["src_d_value", "dst_nz_c0_stride", "dst_nz_n_stride", "dst_nz_n_stride_high"])
def test_a_runtime_value_outside_the_range_is_an_error_at_the_line(args, message) -> None:
    with pytest.raises(KernelError) as info:
        nd2nz_into_l1[1](np.zeros(256, np.float16), *args)
    text = str(info.value)
    assert message in text, text
    assert "asc.data_copy(a1, ga, asc.Nd2NzParams(1, 16, 16, 0, src_d_value," in text, text


def test_values_inside_the_ranges_run() -> None:
    nd2nz_into_l1[1](np.zeros(256, np.float16), 16, 16, 1)
    assert rt.last_launch().diagnostics == []


# -- dst_nz_matrix_stride: the distance between the NZ matrices, used only with nd_num above 1 ----------------
# Two 16 x 32 float16 matrices, 512 elements apart in GM, into NZ in UB (two 16 x 16 fractals each).
ND_ROWS, ND_COLS = 16, 32


@asc.jit(always_compile=True)
def nd2nz_matrices(a: asc.GlobalAddress, y: asc.GlobalAddress, nd_num: asc.ConstExpr[int], stride: int):
    ga = asc.GlobalTensor()
    ga.set_global_buffer(a, 1024)
    gy = asc.GlobalTensor()
    gy.set_global_buffer(y, 1024)
    ub = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 1024)
    asc.data_copy(ub, ga, asc.Nd2NzParams(nd_num, 16, 32, 512, 32, 16, 1, stride))  # COPY
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(gy, ub, 512 * nd_num)


@asc.jit(always_compile=True)
def nd2nz_constant_stride(a: asc.GlobalAddress, y: asc.GlobalAddress, nd_num: asc.ConstExpr[int],
                          stride: asc.ConstExpr[int]):
    ga = asc.GlobalTensor()
    ga.set_global_buffer(a, 1024)
    gy = asc.GlobalTensor()
    gy.set_global_buffer(y, 1024)
    ub = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 1024)
    params = asc.Nd2NzParams(nd_num, 16, 32, 512, 32, 16, 1, stride)  # PARAMS
    asc.data_copy(ub, ga, params)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(gy, ub, 512 * nd_num)


def _nz(nd: np.ndarray) -> np.ndarray:
    """A rows x cols matrix in NZ: the 16-column blocks one after the other, each row by row."""
    rows, cols = nd.shape
    return nd.reshape(rows, cols // 16, 16).transpose(1, 0, 2).reshape(-1)


def _source() -> np.ndarray:
    return (np.arange(1024) % 2048).astype(np.float16)


@pytest.mark.parametrize("kernel", [nd2nz_matrices, nd2nz_constant_stride])
def test_one_matrix_takes_a_dst_nz_matrix_stride_of_0(kernel) -> None:
    a = _source()
    y = np.zeros(1024, np.float16)
    kernel[1](a, y, 1, 0)
    np.testing.assert_array_equal(y[:512], _nz(a[:512].reshape(ND_ROWS, ND_COLS)))


def test_two_matrices_land_dst_nz_matrix_stride_apart() -> None:
    a = _source()
    y = np.zeros(1024, np.float16)
    nd2nz_matrices[1](a, y, 2, 512)
    expected = np.concatenate([_nz(a[i * 512:(i + 1) * 512].reshape(ND_ROWS, ND_COLS)) for i in range(2)])
    np.testing.assert_array_equal(y, expected)


def test_two_matrices_with_a_runtime_dst_nz_matrix_stride_of_0_are_an_error_at_the_line() -> None:
    with pytest.raises(KernelError) as info:
        nd2nz_matrices[1](_source(), np.zeros(1024, np.float16), 2, 0)
    text = str(info.value)
    assert ("data_copy: 'dst_nz_matrix_stride' must be in [1, 65535] when 'nd_num' is above 1 (it is unused "
            "with one matrix), got 0") in text, text
    assert "asc.data_copy(ub, ga, asc.Nd2NzParams(nd_num, 16, 32, 512, 32, 16, 1, stride))  # COPY" in text, text


def test_two_matrices_with_a_constant_dst_nz_matrix_stride_of_0_are_a_compile_error() -> None:
    with pytest.raises(CompileError) as info:
        nd2nz_constant_stride[1](_source(), np.zeros(1024, np.float16), 2, 0)
    err = info.value
    assert err.message == ("Nd2NzParams: 'dst_nz_matrix_stride' must be in [1, 65535] when 'nd_num' is above 1 "
                           "(it is unused with one matrix), but got 0")
    lines, first = inspect.getsourcelines(nd2nz_constant_stride.fn)
    assert err.location.line == first + next(i for i, text in enumerate(lines) if "# PARAMS" in text)


# -- the NZ matrices start on 32-byte blocks: hardware.md §5.3 (L1 32-B aligned) ---------------------------
OFF_THE_BLOCKS = ("data_copy: 'dst_nz_matrix_stride' is 504 float16 elements (1008 bytes), which puts the NZ "
                  "matrices after the first off the 32-byte blocks the destination is written in (hardware.md "
                  "§5.3); use a multiple of 16 elements")


def test_a_runtime_dst_nz_matrix_stride_off_the_32_byte_blocks_is_an_error_at_the_line() -> None:
    # Matrix 1 would start 1008 bytes into the destination, inside a 32-byte block; it used to be written there
    # as if the destination allowed byte-granular NZ rows.
    with pytest.raises(KernelError) as info:
        nd2nz_matrices[1](_source(), np.zeros(1024, np.float16), 2, 504)
    assert info.value.category == "alignment"
    text = str(info.value)
    assert OFF_THE_BLOCKS in text, text
    assert "asc.data_copy(ub, ga, asc.Nd2NzParams(nd_num, 16, 32, 512, 32, 16, 1, stride))  # COPY" in text, text


def test_a_constant_dst_nz_matrix_stride_off_the_32_byte_blocks_is_a_compile_error_at_the_copy() -> None:
    # The element size is the copy's, so the data_copy line (not the struct's) is the one reported.
    with pytest.raises(CompileError) as info:
        nd2nz_constant_stride[1](_source(), np.zeros(1024, np.float16), 2, 504)
    err = info.value
    assert err.message == OFF_THE_BLOCKS
    lines, first = inspect.getsourcelines(nd2nz_constant_stride.fn)
    assert err.location.line == first + next(i for i, text in enumerate(lines) if "asc.data_copy(ub, ga, params)" in text)


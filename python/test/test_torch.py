"""PyTorch integration: CPU tensors as arguments, dtype mapping, and a kernel as a torch custom op."""

from __future__ import annotations

import numpy as np
import pytest

import asc

torch = pytest.importorskip("torch")

BLOCKS = 4
TILE = 256


@asc.jit
def copy_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, block_length: int):
    gx = asc.GlobalTensor()
    gy = asc.GlobalTensor()
    gx.set_global_buffer(x + asc.get_block_idx() * block_length, block_length)
    gy.set_global_buffer(y + asc.get_block_idx() * block_length, block_length)
    buf = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, block_length)
    asc.data_copy(buf, gx, block_length)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(gy, buf, block_length)


@asc.jit
def vadd_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, block_length: int):
    base = asc.get_block_idx() * block_length
    gx = asc.GlobalTensor()
    gy = asc.GlobalTensor()
    gz = asc.GlobalTensor()
    gx.set_global_buffer(x + base, block_length)
    gy.set_global_buffer(y + base, block_length)
    gz.set_global_buffer(z + base, block_length)
    bytes_ = block_length * x.dtype.sizeof()
    a = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, block_length)
    b = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, bytes_, block_length)
    c = asc.LocalTensor(x.dtype, asc.TPosition.VECOUT, 2 * bytes_, block_length)
    asc.data_copy(a, gx, block_length)
    asc.data_copy(b, gy, block_length)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.add(c, a, b, block_length)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(gz, c, block_length)


@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16, torch.float32, torch.int8, torch.int16,
                                   torch.int32])
def test_torch_dtypes_map_to_kernel_element_types(dtype) -> None:
    x = (torch.arange(BLOCKS * TILE) % 100).to(dtype)
    y = torch.zeros_like(x)
    copy_kernel[BLOCKS](x, y, TILE)
    assert torch.equal(x, y)


def test_torch_cuda_like_device_is_rejected() -> None:
    x = torch.zeros(BLOCKS * TILE, device="meta")
    with pytest.raises(TypeError, match="argument 'x' is a torch tensor on device 'meta'.*use .cpu()"):
        copy_kernel[BLOCKS](x, torch.zeros(BLOCKS * TILE), TILE)


@torch.library.custom_op("pyasc_test::vadd", mutates_args=())
def vadd_op(x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
    """z = x + y on the Ascend simulator (Model backend)."""
    x, y = x.contiguous(), y.contiguous()
    z = torch.empty_like(x)
    vadd_kernel[BLOCKS](x, y, z, x.numel() // BLOCKS)
    return z


@vadd_op.register_fake
def _(x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
    torch._check(x.shape == y.shape)
    return torch.empty_like(x)


def _inputs():
    return torch.rand(BLOCKS * TILE), torch.rand(BLOCKS * TILE)


def test_custom_op_eager() -> None:
    x, y = _inputs()
    assert torch.equal(torch.ops.pyasc_test.vadd(x, y), x + y)


def test_custom_op_under_torch_compile_fullgraph() -> None:
    @torch.compile(fullgraph=True)
    def f(x, y):
        return torch.ops.pyasc_test.vadd(x, y) * 2

    x, y = _inputs()
    assert torch.equal(f(x, y), (x + y) * 2)


def test_custom_op_opcheck() -> None:
    x, y = _inputs()
    torch.library.opcheck(vadd_op, (x, y))


def test_numpy_and_torch_share_the_compiled_kernel() -> None:
    x, y = _inputs()
    z = torch.zeros_like(x)
    vadd_kernel[BLOCKS](x, y, z, TILE)
    xn, yn = x.numpy(), y.numpy()
    zn = np.zeros_like(xn)
    vadd_kernel[BLOCKS](xn, yn, zn, TILE)
    np.testing.assert_array_equal(zn, z.numpy())


def test_tensor_subclass_is_an_address() -> None:
    """A torch.Tensor subclass (as torch_npu's tensors are) is accepted where a GlobalAddress is annotated."""
    from gm_kernels import copy_kernel

    class Tagged(torch.Tensor):
        pass

    x = torch.arange(8, dtype=torch.float32).as_subclass(Tagged)
    y = torch.zeros(8, dtype=torch.float32).as_subclass(Tagged)
    copy_kernel[1](x, y, 8)
    assert torch.equal(y.as_subclass(torch.Tensor), x.as_subclass(torch.Tensor))

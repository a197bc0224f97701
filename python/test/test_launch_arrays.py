"""Array launch arguments as a user passes them: views and numpy subclasses are written in place,
torch tensors that require grad or come from inference mode work, and a tensor without a dense
buffer is refused naming the parameter."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from gm_kernels import copy_kernel

from asc.runtime.errors import LaunchTypeError

torch = pytest.importorskip("torch")


def test_views_are_written_in_place() -> None:
    src = np.arange(128, dtype=np.float32)
    out = np.zeros(128, dtype=np.float32)
    copy_kernel[1](src[64:], out[32:96], 64)
    np.testing.assert_array_equal(out, np.concatenate([np.zeros(32), np.arange(64, 128), np.zeros(32)]))
    t = torch.zeros(128)
    copy_kernel[1](torch.arange(64, dtype=torch.float32), t[64:], 64)
    assert torch.equal(t, torch.cat([torch.zeros(64), torch.arange(64, dtype=torch.float32)]))


def test_a_memmap_is_written(tmp_path: Path) -> None:
    x = np.arange(64, dtype=np.float32)
    m = np.memmap(tmp_path / "out.bin", dtype=np.float32, mode="w+", shape=(64,))
    copy_kernel[1](x, m, 64)
    m.flush()
    np.testing.assert_array_equal(np.fromfile(tmp_path / "out.bin", dtype=np.float32), x)


def test_torch_tensors_that_require_grad_or_come_from_inference_mode() -> None:
    a = torch.arange(64, dtype=torch.float32, requires_grad=True)
    y = torch.zeros(64)
    copy_kernel[1](a, y, 64)
    assert torch.equal(y, a.detach())
    with torch.inference_mode():
        b = torch.arange(64, dtype=torch.float32)
        z = torch.zeros(64)
    copy_kernel[1](b, z, 64)
    assert torch.equal(z, b)


def test_a_sparse_tensor_is_refused_naming_the_parameter() -> None:
    with pytest.raises(LaunchTypeError) as e:
        copy_kernel[1](torch.arange(64, dtype=torch.float32).to_sparse(), torch.zeros(64), 64)
    assert e.value.message == ("kernel 'copy_kernel': argument 'x' is a torch tensor of layout torch.sparse_coo; "
                               "kernels address dense memory: pass x.to_dense()")

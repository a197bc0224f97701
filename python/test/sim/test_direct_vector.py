"""Instructions evaluated when they land, straight into their destination, when races raise
(docs/simulator.md): an in-place vector add and a large copy out to an unaligned GM address give
the bits of the staged evaluation (`PYASC_RACE_CHECK=off`) and of numpy."""

from __future__ import annotations

import numpy as np
import pytest

import asc

pytestmark = pytest.mark.values("add", "data_copy")

N = 4104  # 16,416 bytes of float32: the copy out is stored with non-temporal stores


@asc.jit
def add_in_place(x: asc.GlobalAddress, z: asc.GlobalAddress, n: asc.ConstExpr[int]):
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, n)
    z_gm.set_global_buffer(z, n)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n)
    b = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, n * 4, n)
    asc.data_copy(a, x_gm, n)
    asc.data_copy(b, z_gm, n)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.add(b, b, a, n)  # dst == src0
    asc.pipe_barrier(asc.PipeID.PIPE_V)
    asc.add(b, a, b, n)  # dst == src1
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(z_gm, b, n)


def _operands() -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(23)
    x = rng.standard_normal(N).astype(np.float32)
    z = rng.standard_normal(N).astype(np.float32)
    bits = np.array([0x7FC00001, 0xFFC12345, 0x7F800001, 0x7F800000, 0xFF800000], dtype=np.uint32)
    x[rng.integers(0, N, 40)] = rng.choice(bits, 40).view(np.float32)
    z[rng.integers(0, N, 40)] = rng.choice(bits, 40).view(np.float32)
    return x, z


def _run(monkeypatch: pytest.MonkeyPatch, mode: str) -> np.ndarray:
    monkeypatch.setenv("PYASC_RACE_CHECK", mode)
    x, z = _operands()
    backing = np.zeros(N + 1, dtype=np.float32)
    out = backing[1:]  # 4 bytes past numpy's 16-byte alignment: not 16-byte aligned
    out[:] = z
    add_in_place[1](x, out, N)
    return out.copy()


def test_in_place_add_and_unaligned_copy_out_match_staging_and_numpy(monkeypatch: pytest.MonkeyPatch) -> None:
    direct = _run(monkeypatch, "raise")
    staged = _run(monkeypatch, "off")
    np.testing.assert_array_equal(direct.view(np.uint32), staged.view(np.uint32))
    x, z = _operands()
    with np.errstate(invalid="ignore"):
        expected = x + (z + x)
    np.testing.assert_array_equal(direct, expected)  # NaN where numpy has NaN
    finite = ~np.isnan(expected)
    np.testing.assert_array_equal(direct[finite].view(np.uint32), expected[finite].view(np.uint32))

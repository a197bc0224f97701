"""A numpy bool is a bool wherever the API takes a compile-time bool: MatmulType's is_trans, the config
factories' flags, the advanced API's flags (is_reuse_source, reuse_source, ...), Matmul's sync, and
sync_all's is_aiv_only. Each refused np.True_ ("'is_trans' must be a compile-time bool, got np.True_",
or no overload matched). And a MatmulConfig enum field names itself and its members when given a value
that is not one (it said "99 is not a valid BatchMode", and took 1.5 as 1)."""

from __future__ import annotations

import numpy as np
import pytest

import asc

N = 64


@asc.jit(always_compile=True)
def floor_with_numpy_flag(x: asc.GlobalAddress, y: asc.GlobalAddress):
    asc.TPipe()  # floor's temp space is above the TPipe's buffers
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x, N)
    yg = asc.GlobalTensor()
    yg.set_global_buffer(y, N)
    s = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, N)
    d = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 1024, N)
    asc.data_copy(s, xg, N)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.adv.floor(d, s, N, is_reuse_source=np.bool_(False))
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(yg, d, N)


def test_an_advanced_api_flag_takes_a_numpy_bool() -> None:
    x = (np.arange(N, dtype=np.float32) - 31.5) * np.float32(0.37)
    y = np.zeros(N, np.float32)
    floor_with_numpy_flag[1](x, y)
    assert y.tolist() == np.floor(x).tolist()


@asc.jit(always_compile=True)
def soft_barrier_numpy_flag(ws: asc.GlobalAddress, out: asc.GlobalAddress):
    wg = asc.GlobalTensor()
    wg.set_global_buffer(ws, 2 * 8)
    og = asc.GlobalTensor()
    og.set_global_buffer(out, 8)
    u = asc.LocalTensor(asc.int32, asc.TPosition.VECCALC, 0, 2 * 8)
    asc.sync_all(wg, u, 0, is_aiv_only=np.bool_(True))
    og.set_value(asc.get_block_idx(), 7)


def test_sync_all_takes_a_numpy_bool(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("PYASC_DUMP_PATH", str(tmp_path))
    ws = np.zeros(2 * 8, np.int32)
    out = np.zeros(8, np.int32)
    soft_barrier_numpy_flag[2](ws, out)
    assert out.tolist() == [7, 7, 0, 0, 0, 0, 0, 0]
    assert ws.reshape(2, 8)[:, 0].tolist() == [1, 1]  # each block's slot counted its one barrier
    cpp = (next(tmp_path.glob("soft_barrier_numpy_flag-*")) / "ascendc.cpp").read_text()
    assert "AscendC::SyncAll<true>(" in cpp


def test_matmul_type_takes_a_numpy_bool() -> None:
    t = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, np.bool_(True))
    plain = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, True)
    assert t.is_trans is True
    assert t == plain and hash(t) == hash(plain)
    assert asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, np.bool_(False)).is_trans is False


def test_config_factories_take_numpy_bools() -> None:
    c = asc.adv.get_normal_config(intrinsics_limit=np.bool_(True), en_unit_flag=np.bool_(False))
    assert c.intrinsics_check is True and c.en_unit_flag is False
    assert c == asc.adv.get_normal_config(intrinsics_limit=True, en_unit_flag=False)


def test_a_matmul_config_enum_field_names_itself_and_its_members() -> None:
    c = asc.adv.MatmulConfig()
    c.batch_mode = np.int64(2)
    assert c.batch_mode == asc.adv.BatchMode(2)
    members = ", ".join(f"{m.name} ({int(m)})" for m in asc.adv.BatchMode)
    for bad in (99, 1.5, "1", True):
        with pytest.raises(ValueError) as e:
            c.batch_mode = bad
        assert str(e.value) == (f"MatmulConfig.batch_mode must be an asc.adv.BatchMode: one of {members}; "
                                f"got {bad!r}")
    assert c.batch_mode == asc.adv.BatchMode(2)  # unchanged by the refused values

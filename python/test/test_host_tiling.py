"""asc.lib.host: the platform, the tiling classes and the solver (docs/tiling.md)."""

from __future__ import annotations

import logging

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import asc
from asc.lib import host
from asc.lib.host import CubeFormat, DataType, TPosition, solver
from asc.runtime import config

DT = {"float16": DataType.DT_FLOAT16, "float32": DataType.DT_FLOAT, "int8": DataType.DT_INT8,
      "bfloat16": DataType.DT_BF16, "int32": DataType.DT_INT32}
C_OF = {"float16": "float32", "bfloat16": "float32", "float32": "float32", "int8": "int32"}


def _tiling(m: int, n: int, k: int, dtype: str = "float16", dim: int = 1, bias: bool = False,
            c_pos: TPosition = TPosition.GM, platform: str = "Ascend910B1", **fix: int) -> tuple[int, object, object]:
    config.set_platform(config.Backend.Model, platform)
    plat = host.get_ascendc_platform()
    api = host.MultiCoreMatmulTiling(plat)
    assert api.set_dim(dim) == 0
    api.set_a_type(TPosition.GM, CubeFormat.ND, DT[dtype])
    api.set_b_type(TPosition.GM, CubeFormat.ND, DT[dtype])
    api.set_c_type(c_pos, CubeFormat.ND, DT[C_OF[dtype]])
    api.set_bias_type(TPosition.GM, CubeFormat.ND, DT[C_OF[dtype]])
    api.set_org_shape(m, n, k)
    api.set_shape(m, n, k)
    api.enable_bias(bias)
    if fix:
        api.set_fix_split(fix.get("base_m", -1), fix.get("base_n", -1), fix.get("base_k", -1))
    t = asc.adv.TCubeTiling()
    return api.get_tiling(t), t, api


def _assert_valid(t: object, m: int, n: int, k: int, dtype: str, dim: int, bias: bool) -> None:
    """Every constraint docs/tiling.md lists."""
    info = config.platform_info()
    hw = solver.hardware_from_table()
    sz = solver.DTYPE_BYTES[dtype]
    k0 = max(16, 32 // sz)
    assert t.m == m and t.n == n and t.k_a == k and t.k_b == k
    assert 1 <= t.used_core_num <= dim
    assert t.base_m % 16 == 0 and t.base_n % 16 == 0 and t.base_k % k0 == 0
    # The split covers the shape with used_core_num blocks.
    blocks = -(-m // t.single_core_m) * -(-n // t.single_core_n) * -(-k // t.single_core_k)
    assert blocks == t.used_core_num
    assert t.single_core_m <= m and t.single_core_n <= n and t.single_core_k <= k
    # Buffers.
    assert t.db_l0a * t.base_m * t.base_k * sz <= info.l0a_bytes
    assert t.db_l0b * t.base_n * t.base_k * sz <= info.l0b_bytes
    assert t.db_l0c * t.base_m * t.base_n * 4 <= info.l0c_bytes
    l1 = t.depth_a1 * t.base_m * t.base_k * sz + t.depth_b1 * t.base_n * t.base_k * sz
    if bias:
        l1 += t.step_n * t.base_n * 4
        assert t.base_n * 4 <= hw.bt
    assert l1 <= info.l1_bytes
    assert t.depth_a1 % (t.step_m * t.step_k_a) == 0 and t.depth_b1 % (t.step_n * t.step_k_b) == 0
    assert t.trans_length <= info.ub_bytes
    assert t.is_bias == int(bias)
    assert t.iterate_order in (0, 1)


@settings(max_examples=40, deadline=None)
@given(m=st.integers(1, 2048), n=st.integers(1, 2048), k=st.integers(1, 2048),
       dtype=st.sampled_from(["float16", "float32", "int8", "bfloat16"]),
       dim=st.sampled_from([1, 2, 4, 8, 20, 24, 40, 48]), bias=st.booleans())
def test_every_tiling_fits(m: int, n: int, k: int, dtype: str, dim: int, bias: bool) -> None:
    rc, t, _ = _tiling(m, n, k, dtype, dim, bias)
    assert rc == 0
    _assert_valid(t, m, n, k, dtype, dim, bias)


@pytest.mark.parametrize("platform", ["Ascend910B1", "Ascend910B3", "Ascend910_9362"])
def test_platform_from_the_hardware_table(platform: str) -> None:
    config.set_platform(config.Backend.Model, platform)
    p = host.get_ascendc_platform()
    info = config.platform_info()
    assert p.get_soc_version() == platform
    assert p.get_core_num_aic() == info.aic_cores and p.get_core_num_aiv() == 2 * info.aic_cores
    assert p.get_core_num() == info.aiv_cores
    assert p.get_core_mem_size(host.CoreMemType.L1) == 512 * 1024 - 128
    assert p.get_core_mem_size(host.CoreMemType.L0_A) == 64 * 1024
    assert p.get_core_mem_size(host.CoreMemType.L0_C) == 128 * 1024
    assert p.get_core_mem_size(host.CoreMemType.UB) == 192 * 1024
    assert p.get_core_mem_size(host.CoreMemType.BT) == 1024
    assert p.calc_tsch_block_dim(8, p.get_core_num_aic(), p.get_core_num_aiv()) == 4
    config.set_platform(config.Backend.Model, "Ascend910B1")


def test_hand_checked_values() -> None:
    # pyasc's tutorial shape: f16 512x1024x512 on 2 clients -> two halves of M, the whole K per core.
    rc, t, api = _tiling(512, 1024, 512, "float16", dim=2)
    assert rc == 0
    assert (t.used_core_num, t.single_core_k) == (2, 512)
    assert {t.single_core_m, t.single_core_n} & {256, 512}
    assert api.get_core_num() == 2
    assert (api.get_base_m(), api.get_base_n(), api.get_base_k()) == (t.base_m, t.base_n, t.base_k)
    # One core, 256x64x128: the whole shape is one core's.
    rc, t, _ = _tiling(256, 64, 128, "float16", dim=1)
    assert rc == 0 and (t.single_core_m, t.single_core_n, t.single_core_k) == (256, 64, 128)
    # A fixed split is kept.
    rc, t, _ = _tiling(1024, 256, 512, "float32", dim=2, bias=True, base_m=128, base_n=128, base_k=32)
    assert rc == 0 and (t.base_m, t.base_n, t.base_k) == (128, 128, 32)
    # base_k: a multiple of 16 (f16, bf16, f32: whole 16 x 16 transpose blocks of a float32 B), 32 for int8.
    rc, t, _ = _tiling(64, 64, 100, "int8", dim=1)
    assert rc == 0 and t.base_k % 32 == 0


def test_impossible_requests_log_the_reason(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.ERROR, logger="asc.lib.host"):
        rc, _, _ = _tiling(1024, 1024, 1024, "float16", dim=1, base_m=512, base_n=512, base_k=16)
    assert rc == -1
    assert "baseM x baseN (2 x 512 x 512 x 4 bytes) needs 2097152 bytes of L0C, which has 131072" in caplog.text \
        or "needs 1048576 bytes of L0C, which has 131072" in caplog.text
    caplog.clear()
    with caplog.at_level(logging.ERROR, logger="asc.lib.host"):
        rc, _, _ = _tiling(256, 512, 256, "float32", dim=1, bias=True, base_n=512)
    assert rc == -1 and "bytes of BT (the bias table), which has 1024" in caplog.text
    caplog.clear()
    api = host.MatmulApiTiling(host.get_ascendc_platform())
    with caplog.at_level(logging.ERROR, logger="asc.lib.host"):
        assert api.get_tiling(asc.adv.TCubeTiling()) == -1
    assert "set_shape(m, n, k)" in caplog.text
    api.set_shape(64, 64, 64)
    api.set_buffer_space(l1_size=1 << 30)
    with caplog.at_level(logging.ERROR, logger="asc.lib.host"):
        assert api.get_tiling(asc.adv.TCubeTiling()) == -1
    assert "l1_size=1073741824 is more than the L1" in caplog.text


def test_batch_tiling_fills_the_layouts() -> None:
    api = host.BatchMatmulTiling(host.get_ascendc_platform())
    api.set_dim(1)
    for setter in (api.set_a_type, api.set_b_type):
        setter(TPosition.GM, CubeFormat.ND, DataType.DT_FLOAT)
    api.set_c_type(TPosition.GM, CubeFormat.ND, DataType.DT_FLOAT)
    api.set_shape(64, 64, 64)
    api.set_org_shape(64, 64, 64)
    api.set_a_layout(1, 64, 2, 1, 64)
    api.set_b_layout(1, 64, 2, 1, 64)
    api.set_c_layout(1, 64, 2, 1, 64)
    api.set_batch_num(2)
    t = asc.adv.TCubeTiling()
    assert api.get_tiling(t) == 0
    assert (t.batch_num, t.a_layout_info_s, t.a_layout_info_n, t.c_layout_info_s1) == (2, 64, 2, 64)
    assert api.get_core_num() == 1


def test_traverse_and_single_shape() -> None:
    config.set_platform(config.Backend.Model, "Ascend910B1")
    api = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    api.set_dim(4)
    api.set_a_type(TPosition.GM, CubeFormat.ND, DataType.DT_FLOAT16)
    api.set_b_type(TPosition.GM, CubeFormat.ND, DataType.DT_FLOAT16)
    api.set_c_type(TPosition.GM, CubeFormat.ND, DataType.DT_FLOAT)
    api.set_shape(512, 512, 256)
    api.set_traverse(host.MatrixTraverse.FIRSTN)
    api.set_single_shape(256, 256, 256)
    t = asc.adv.TCubeTiling()
    assert api.get_tiling(t) == 0
    assert t.iterate_order == 1 and (t.single_core_m, t.single_core_n) == (256, 256) and t.used_core_num == 4
    assert api.get_single_shape() == (256, 256, 256)


def test_the_stubs_keyword_names_are_accepted() -> None:
    """pyasc's generated stub (pyasc_api.md Appendix A) names the parameters base_m_in, org_ka_in, single_m_in,
    mm_config_type_in, config_params; its §1.8 text base_m, m, ... Both give the same tiling."""
    config.set_platform(config.Backend.Model, "Ascend910B1")

    def tiling(stub_names: bool) -> tuple[int, ...]:
        api = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
        api.set_dim(4)
        api.set_a_type(TPosition.GM, CubeFormat.ND, DataType.DT_FLOAT16)
        api.set_b_type(TPosition.GM, CubeFormat.ND, DataType.DT_FLOAT16)
        api.set_c_type(TPosition.GM, CubeFormat.ND, DataType.DT_FLOAT)
        api.set_shape(512, 512, 256)
        if stub_names:
            api.set_org_shape(org_m_in=512, org_n_in=512, org_ka_in=256, org_kb_in=256)
            api.set_fix_split(base_m_in=64, base_n_in=128, base_k_in=64)
            api.set_single_shape(single_m_in=256, single_n_in=256, single_k_in=256)
            api.set_matmul_config_params(mm_config_type_in=1, traverse_in=host.MatrixTraverse.FIRSTN)
        else:
            api.set_org_shape(512, 512, 256)
            api.set_fix_split(base_m=64, base_n=128, base_k=64)
            api.set_single_shape(m=256, n=256, k=256)
            api.set_matmul_config_params(host.MatmulConfigParams(1, False, host.ScheduleType.INNER_PRODUCT,
                                                                 host.MatrixTraverse.FIRSTN, False))
        t = asc.adv.TCubeTiling()
        assert api.get_tiling(t) == 0
        return (t.base_m, t.base_n, t.base_k, t.single_core_m, t.single_core_n, t.iterate_order, t.used_core_num)

    assert tiling(True) == tiling(False) == (64, 128, 64, 256, 256, 1, 4)
    api = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    with pytest.raises(TypeError, match=r"^set_fix_split\(\) got both 'base_m_in' and 'base_m': they are the same "
                                        r"parameter$"):
        api.set_fix_split(base_m=64, base_m_in=64)
    api.set_org_shape(org_m_in=64, org_n_in=32, org_k_in=16)
    assert api.org == (64, 32, 16, 16)
    api.set_matmul_config_params(config_params=host.MatmulConfigParams(2))
    assert api.config_params.mm_config_type == 2

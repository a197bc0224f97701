"""The six checks of a compile-time bool flag agree, through semantic.compile_time_bool: a bool or an int,
numpy ones included, is the flag (nonzero is True); anything else is refused with each check's own
message. sync_all / ib_set / ib_wait's `is_aiv_only` refused ints ("sync_all: 'is_aiv_only' must be a
compile-time bool, got int") where the config factories, MatmulType's is_trans and Matmul's `sync` took
them."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import dumped

import asc
from asc.language.adv import _common, matmul, matmul_config
from asc.language.basic import _api, block_sync


def _matmul_type(v):
    return asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, v).is_trans


# name -> (the check, the start of its message for a refused value)
CHECKS = {
    "matmul_config._bool": (lambda v: matmul_config._bool("intrinsics_limit", v),
                            "'intrinsics_limit' must be a compile-time bool, got "),
    "MatmulType": (_matmul_type, "MatmulType: 'is_trans' must be a compile-time bool, got "),
    "matmul._static_flag": (lambda v: matmul._static_flag(v, "iterate_all", "sync"),
                            "iterate_all: 'sync' must be a compile-time bool (it is a template argument), got "),
    "adv._common.flag": (lambda v: _common.flag("floor", "is_reuse_source", v),
                         "asc.adv.floor: 'is_reuse_source' must be a compile-time bool, got "),
    "block_sync._aiv_only": (lambda v: block_sync._aiv_only("sync_all", v),
                             "sync_all: 'is_aiv_only' must be a compile-time bool, got "),
    "_api._attribute": (lambda v: _api._attribute("cast_deq", "half_block", "bool", v),
                        "cast_deq: 'half_block' must be a compile-time bool, got "),
}
FLAGS = [True, False, np.True_, np.False_, 1, 0, np.int32(1), np.uint8(0), np.int64(1)]
NOT_FLAGS = [1.0, np.float32(0), "True", None]


@pytest.mark.parametrize("check", CHECKS)
def test_every_check_takes_bools_and_ints_alike(check: str) -> None:
    fn, _ = CHECKS[check]
    for value in FLAGS:
        result = fn(value)
        assert type(result) is bool and result == bool(value), (check, value)


@pytest.mark.parametrize("check", CHECKS)
def test_every_check_refuses_the_rest_with_its_message(check: str) -> None:
    fn, message = CHECKS[check]
    for value in NOT_FLAGS:
        with pytest.raises(TypeError) as e:
            fn(value)
        assert str(e.value).startswith(message), (check, value, str(e.value))


@asc.jit(always_compile=True)
def sync_all_int_flag(x: asc.GlobalAddress, is_aiv_only: asc.ConstExpr[int]):
    asc.sync_all(is_aiv_only=np.int64(is_aiv_only))


@pytest.mark.parametrize("value,template,kernel_type", [(1, "true", "mix_aiv_1_0"), (0, "false", "mix_aic_1_2")])
def test_sync_all_takes_an_int_is_aiv_only(tmp_path, monkeypatch, value: int, template: str,
                                           kernel_type: str) -> None:
    monkeypatch.setenv("PYASC_DUMP_PATH", str(tmp_path))
    sync_all_int_flag[2](np.zeros(8, dtype=np.float32), value)
    folder = dumped(tmp_path, "sync_all_int_flag")
    assert f"asc.kernel_type = #asc<kernel_type {kernel_type}>" in (folder / "ascir.mlir").read_text()
    assert f"AscendC::SyncAll<{template}>();" in (folder / "ascendc.cpp").read_text()

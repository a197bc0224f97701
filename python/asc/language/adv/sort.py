"""`asc.adv.concat` and `asc.adv.extract`: the helpers around `asc.sort` (Ascend C `Concat`, `Extract`)."""

from __future__ import annotations

from typing import Any

from ..._C import _ods
from ..basic._overload import INT, OverloadSet, Param, instance_of
from ..core import semantic
from ..core.builtin import builder_for
from ..core.dtype import int32
from ..core.tensor import LocalTensor
from ._registry import register

LOCAL = instance_of(LocalTensor)


def _concat_api() -> Any:
    d = OverloadSet("adv.concat")

    def form(dst: Any, src: Any, tmp: Any, repeat_time: Any) -> None:
        _ods.concat(builder_for("adv.concat"), dst.handle, src.handle, tmp.handle,
                    semantic.materialize(repeat_time, int32))

    d.add([Param("dst", LOCAL), Param("src", LOCAL), Param("tmp", LOCAL), Param("repeat_time", INT)], form,
          form="repeat")
    return register("concat", "Concat", d, "`AscendC::Concat`: prepare `repeat_time * 16` scores for "
                    "`asc.sort` (a copy on Ascend 910B/910C).", ("float16", "float32"))


def _extract_api() -> Any:
    d = OverloadSet("adv.extract")

    def form(dst_value: Any, dst_index: Any, src: Any, repeat_time: Any) -> None:
        _ods.extract(builder_for("adv.extract"), dst_value.handle, dst_index.handle, src.handle,
                     semantic.materialize(repeat_time, int32))

    d.add([Param("dst_value", LOCAL), Param("dst_index", LOCAL), Param("src", LOCAL), Param("repeat_time", INT)],
          form, form="repeat")
    return register("extract", "Extract", d, "`AscendC::Extract`: split `repeat_time * 32` sorted (score, "
                    "index) pairs into scores and uint32 indices.", ("float16", "float32"))


concat = _concat_api()
extract = _extract_api()

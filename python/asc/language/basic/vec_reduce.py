"""Reductions (`AscendC::ReduceSum/Max/Min`, `WholeReduce*`, `BlockReduce*`, `PairReduceSum`)."""

from __future__ import annotations

from ._families import block_reduce_api, reduce_api, repeat_reduce_sum_api, whole_reduce_api

reduce_sum = reduce_api("reduce_sum", "ReduceSum", with_index=False)
reduce_max = reduce_api("reduce_max", "ReduceMax", with_index=True)
reduce_min = reduce_api("reduce_min", "ReduceMin", with_index=True)
whole_reduce_sum = whole_reduce_api("whole_reduce_sum", "WholeReduceSum", with_order=False)
whole_reduce_max = whole_reduce_api("whole_reduce_max", "WholeReduceMax", with_order=True)
whole_reduce_min = whole_reduce_api("whole_reduce_min", "WholeReduceMin", with_order=True)
block_reduce_sum = block_reduce_api("block_reduce_sum", "BlockReduceSum")
block_reduce_max = block_reduce_api("block_reduce_max", "BlockReduceMax")
block_reduce_min = block_reduce_api("block_reduce_min", "BlockReduceMin")
pair_reduce_sum = block_reduce_api("pair_reduce_sum", "PairReduceSum", set_mask=True)
repeat_reduce_sum = repeat_reduce_sum_api()

__all__ = ["reduce_sum", "reduce_max", "reduce_min", "whole_reduce_sum", "whole_reduce_max", "whole_reduce_min",
           "block_reduce_sum", "block_reduce_max", "block_reduce_min", "pair_reduce_sum", "repeat_reduce_sum"]

"""A MIX Matmul whose AIC never serves (register_matmul only on the AIVs): each AIV's wait for its reply is a
`deadlock` error at the line, worded once ("... waits for the reply of Matmul object 0 (flag 0) forever: ...")."""

from __future__ import annotations

import inspect

import numpy as np
import pytest

import asc
from asc.runtime.errors import KernelError


@asc.jit(always_compile=True)
def no_server(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, ws: asc.GlobalAddress,
              tiling: asc.adv.TCubeTiling):
    a_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a, tiling.m * tiling.k_a)
    b_gm.set_global_buffer(b, tiling.k_b * tiling.n)
    c_gm.set_global_buffer(c, tiling.m * tiling.n)
    pipe = asc.TPipe()
    t = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)
    mm = asc.adv.Matmul(t, t, t)
    if asc.ascend_is_aiv():
        asc.adv.register_matmul(pipe, ws, mm, tiling)
        mm.set_tensor_a(a_gm)
        mm.set_tensor_b(b_gm)
        mm.iterate_all(c_gm)  # WAITS
        mm.end()


def test_an_aivs_endless_wait_for_its_reply_is_worded_once() -> None:
    # Before: "AIV 0 of block 0 waits for the reply of Matmul object 0 (flag 0) waits forever: ...".
    m = n = k = 64
    t = asc.adv.TCubeTiling(used_core_num=1, m=m, n=n, k_a=k, k_b=k, single_core_m=m, single_core_n=n,
                            single_core_k=k, base_m=64, base_n=64, base_k=32, depth_a1=1, depth_b1=1, step_m=1,
                            step_n=1, step_k_a=1, step_k_b=1, is_bias=0, iterate_order=0, db_l0a=1, db_l0b=1,
                            db_l0c=1)
    with pytest.raises(KernelError) as info:
        no_server[1](np.zeros((m, k), np.float32), np.zeros((k, n), np.float32), np.zeros((m, n), np.float32),
                     np.zeros(1 << 20, np.uint8), t)
    e = info.value
    assert e.category == "deadlock"
    assert e.message == ("kernel 'no_server' (block 0): AIV 0 of block 0 waits for the reply of Matmul object 0 "
                         "(flag 0) forever: no core that is still running can set it (every other core is blocked "
                         "in a cross-core wait or has finished)")
    lines, first = inspect.getsourcelines(no_server.fn)
    assert e.location.line == first + next(i for i, s in enumerate(lines) if "# WAITS" in s)
    assert [note.message for note in e.notes][:2] == [
        "the AIC of block 0 has finished (or stopped) and sets nothing more",
        "AIV 1 of block 0 waits for the reply of Matmul object 0 (flag 1) here"]

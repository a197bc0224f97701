"""`que.enque(t, src_user_pos, dst_user_pos)` and `que.deque(dtype, src_user_pos, dst_user_pos)` (pyasc_api.md
§1.6; Ascend C `EnQue<srcUserPos, dstUserPos>(t)`, `DeQue<srcUserPos, dstUserPos, T>()`): the queue's flag is
the event of the user positions' memories (hardware.md §3.5): GM→UB MTE2_V, UB→GM V_MTE3, UB→UB a PIPE_V
barrier. Results, the race detector's verdict, the emitted Ascend C and the misuse errors."""

from __future__ import annotations

import inspect
import warnings
from pathlib import Path

import numpy as np
import pytest

import asc
from asc.codegen.errors import CompileError, CompileTypeError
from asc.runtime.errors import KernelError, SyncWarning

TILE = 256


def _line_of(kernel, text: str) -> int:
    lines, first = inspect.getsourcelines(kernel.fn)
    return first + next(i for i, line in enumerate(lines) if text in line)


@asc.jit(always_compile=True)
def through_one_buffer(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    """z = x * 2 + 1 per tile, the tile staying in one buffer of a VECIN→VECOUT queue: in from GM, vector
    work, then out to GM, each step ordered by the user positions of that step (positional and keywords)."""
    gx = asc.GlobalTensor()
    gz = asc.GlobalTensor()
    gx.set_global_buffer(x, n)
    gz.set_global_buffer(z, n)
    pipe = asc.TPipe()
    q = asc.TQueBind(asc.TPosition.VECIN, asc.TPosition.VECOUT, 1)
    pipe.init_buffer(q, 1, TILE * 4)
    for i in range(n // TILE):
        t = q.alloc_tensor(asc.float32)
        asc.data_copy(t, gx[i * TILE:], TILE)
        q.enque(t, asc.TPosition.GM, asc.TPosition.VECIN)
        a = q.deque(asc.float32, asc.TPosition.GM, asc.TPosition.VECIN)
        asc.muls(a, a, 2.0, TILE)
        q.enque(a, src_user_pos=asc.TPosition.VECIN, dst_user_pos=asc.TPosition.VECOUT)
        b = q.deque(asc.float32, src_user_pos=asc.TPosition.VECIN, dst_user_pos=asc.TPosition.VECOUT)
        asc.adds(b, b, 1.0, TILE)
        q.enque(b, asc.TPosition.VECOUT, asc.TPosition.GM)
        c = q.deque(asc.float32, asc.TPosition.VECOUT, asc.TPosition.GM)
        asc.data_copy(gz[i * TILE:], c, TILE)
        q.free_tensor(c)


def test_one_buffer_in_a_runtime_loop_gives_numpys_result_without_a_race(monkeypatch: pytest.MonkeyPatch,
                                                                        tmp_path: Path) -> None:
    monkeypatch.setenv("PYASC_DUMP_PATH", str(tmp_path))
    x = np.random.default_rng(3).standard_normal(5 * TILE).astype(np.float32)
    z = np.zeros_like(x)
    through_one_buffer[1](x, z, x.size)  # the race detector is on: a race would raise
    np.testing.assert_array_equal(z, x * np.float32(2) + np.float32(1))
    (folder,) = [p for p in tmp_path.iterdir() if p.is_dir()]
    cpp = [line.strip() for line in (folder / "ascendc.cpp").read_text().splitlines()]
    assert "q.EnQue<AscendC::TPosition::GM, AscendC::TPosition::VECIN>(t);" in cpp
    assert ("AscendC::LocalTensor<float> a = q.DeQue<AscendC::TPosition::GM, AscendC::TPosition::VECIN, float>();"
            in cpp)
    assert "q.EnQue<AscendC::TPosition::VECIN, AscendC::TPosition::VECOUT>(a);" in cpp
    assert ("AscendC::LocalTensor<float> b = q.DeQue<AscendC::TPosition::VECIN, AscendC::TPosition::VECOUT, "
            "float>();" in cpp)
    assert "q.EnQue<AscendC::TPosition::VECOUT, AscendC::TPosition::GM>(b);" in cpp
    assert ("AscendC::LocalTensor<float> c = q.DeQue<AscendC::TPosition::VECOUT, AscendC::TPosition::GM, float>();"
            in cpp)


@asc.jit
def vector_then_out(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int, dst: asc.ConstExpr[int]):
    """A VECIN queue whose tensor, after the vector op, goes out to GM: user positions (VECCALC, GM) order
    V→MTE3 (V_MTE3); (VECCALC, VECOUT) is UB→UB, a PIPE_V barrier, which does not order the copy out."""
    gx = asc.GlobalTensor()
    gz = asc.GlobalTensor()
    gx.set_global_buffer(x, n)
    gz.set_global_buffer(z, n)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, TILE * 4)
    t = q.alloc_tensor(asc.float32)
    asc.data_copy(t, gx, TILE)
    q.enque(t)
    a = q.deque(asc.float32)
    asc.muls(a, a, 3.0, TILE)
    if dst == 0:
        q.enque(a, asc.TPosition.VECCALC, asc.TPosition.GM)
        c = q.deque(asc.float32, asc.TPosition.VECCALC, asc.TPosition.GM)
    else:
        q.enque(a, asc.TPosition.VECCALC, asc.TPosition.VECOUT)
        c = q.deque(asc.float32, asc.TPosition.VECCALC, asc.TPosition.VECOUT)
    asc.data_copy(gz, c, TILE)  # COPY-OUT
    q.free_tensor(c)


def test_user_positions_to_gm_order_the_vector_op_before_the_copy_out() -> None:
    x = np.random.default_rng(4).standard_normal(TILE).astype(np.float32)
    z = np.zeros_like(x)
    vector_then_out[1](x, z, x.size, 0)
    np.testing.assert_array_equal(z, x * np.float32(3))


def test_a_ub_to_ub_pair_before_a_copy_out_is_a_race_at_the_copy() -> None:
    x = np.ones(TILE, dtype=np.float32)
    with pytest.raises(KernelError) as e:
        vector_then_out[1](x, np.zeros_like(x), x.size, 1)
    assert e.value.category == "race"
    line = _line_of(vector_then_out, "# COPY-OUT")
    first = _line_of(vector_then_out, "asc.data_copy(t, gx, TILE)")
    assert e.value.message == (f"kernel 'vector_then_out' (block 0): RAW hazard on UB[0x0000,0x0400): MTE2 "
                               f"data_copy ({__file__}:{first}) → MTE3 data_copy ({__file__}:{line}), no "
                               "set_flag/wait_flag orders them")
    assert e.value.location.line == line


@asc.jit(verify_sync=True, always_compile=True)
def deque_other_positions(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    gx = asc.GlobalTensor()
    gz = asc.GlobalTensor()
    gx.set_global_buffer(x, n)
    gz.set_global_buffer(z, n)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, TILE * 4)
    t = q.alloc_tensor(asc.float32)
    asc.data_copy(t, gx, TILE)
    q.enque(t)
    a = q.deque(asc.float32)
    asc.muls(a, a, 3.0, TILE)
    q.enque(a, asc.TPosition.VECOUT, asc.TPosition.GM)  # ENQUE
    c = q.deque(asc.float32)  # DEQUE
    asc.data_copy(gz, c, TILE)
    q.free_tensor(c)


def test_deque_without_the_enques_user_positions_warns_and_is_a_kernel_error_at_the_line() -> None:
    """DeQue<T>() waits the queue's own event (MTE2_V), which EnQue<VECOUT, GM> did not set (it set V_MTE3):
    on the NPU the deque never returns. verify_sync says so at compile time, the simulator at the call."""
    enque, deque = _line_of(deque_other_positions, "# ENQUE"), _line_of(deque_other_positions, "# DEQUE")
    with warnings.catch_warnings(record=True) as record, pytest.raises(KernelError) as e:
        warnings.simplefilter("always")
        deque_other_positions[1](np.zeros(TILE, dtype=np.float32), np.zeros(TILE, dtype=np.float32), TILE)
    texts = [str(w.message) for w in record if issubclass(w.category, SyncWarning)]
    assert texts == [f"{__file__}:{deque}: verify_sync: deque without user positions of a tensor enqueued with "
                     f"user positions (TPosition.VECOUT, TPosition.GM) (line {enque}): a deque waits the event "
                     "of its own positions, not always the one the enque set; give deque the user positions "
                     "of its enque"]
    assert e.value.category == "queue"
    assert e.value.location.line == deque
    assert e.value.message.startswith("kernel 'deque_other_positions' (block 0): deque (the queue's own "
                                      "positions) on the VECIN queue (1 x 1024 bytes, initialised at ")
    assert e.value.message.endswith(
        "waits the MTE2_V flag, but the tensor was enqueued (user positions VECOUT, GM) with the V_MTE3 flag: "
        "that wait is never satisfied (the NPU hangs). Give deque the user positions the enque used")


@asc.jit
def misuse(x: asc.GlobalAddress, n: int, form: asc.ConstExpr[int]):
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, TILE * 4)
    t = q.alloc_tensor(asc.float32)
    if form == 0:
        q.enque(t, asc.TPosition.GM)  # FORM-0
    elif form == 1:
        q.enque(t, dst_user_pos=asc.TPosition.VECIN)  # FORM-1
    elif form == 2:
        q.enque(t, asc.TPosition.A1, asc.TPosition.VECIN)  # FORM-2
    elif form == 3:
        q.enque(t, asc.TPosition.GM, asc.TPosition.GM)  # FORM-3
    elif form == 4:
        q.deque(asc.float32, asc.TPosition.VECIN, asc.TPosition.CO1)  # FORM-4
    elif form == 5:
        l1 = asc.TQue(asc.TPosition.A1, 1)
        pipe.init_buffer(l1, 1, TILE * 4)
        u = l1.alloc_tensor(asc.float32)
        l1.enque(u, asc.TPosition.GM, asc.TPosition.VECIN)  # FORM-5


@pytest.mark.parametrize("form,message", [
    (0, "TQue.enque: give both 'src_user_pos' and 'dst_user_pos', or neither"),
    (1, "TQue.enque: give both 'src_user_pos' and 'dst_user_pos', or neither"),
    (2, "TQue.enque: 'src_user_pos' must be GM, VECIN, VECCALC or VECOUT, but got TPosition.A1"),
    (3, "TQue.enque: 'src_user_pos' and 'dst_user_pos' cannot both be GM"),
    (4, "TQue.deque: 'dst_user_pos' must be GM, VECIN, VECCALC or VECOUT, but got TPosition.CO1"),
    (5, "TQue.enque: user positions name a path through the Unified Buffer, but the queue's buffers are at "
        "TPosition.A1, in Hardware.L1"),
])
def test_illegal_user_positions_are_a_compile_error_at_the_line(form: int, message: str) -> None:
    with pytest.raises(CompileError) as e:
        misuse[1](np.zeros(TILE, dtype=np.float32), 2, form)
    assert e.value.message == message
    assert e.value.location.file == __file__
    assert e.value.location.line == _line_of(misuse, f"# FORM-{form}")


@asc.jit
def wrong_types(x: asc.GlobalAddress, n: int, form: asc.ConstExpr[int]):
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, TILE * 4)
    t = q.alloc_tensor(asc.float32)
    if form == 0:
        q.enque(t, 1, 2)  # FORM-0
    else:
        q.deque(t, asc.TPosition.GM, asc.TPosition.VECIN)  # FORM-1


@pytest.mark.parametrize("form,message", [
    (0, "enque: 'src_user_pos' must be an asc.TPosition, got 1"),
    (1, "deque: the user positions go with a data type, deque(dtype, src_user_pos, dst_user_pos); the "
        "in-place deque(tensor) takes none"),
])
def test_user_positions_of_the_wrong_kind_are_a_type_error_at_the_line(form: int, message: str) -> None:
    with pytest.raises(CompileError) as e:
        wrong_types[1](np.zeros(TILE, dtype=np.float32), 2, form)
    assert isinstance(e.value, CompileTypeError)
    assert e.value.message == message
    assert e.value.location.line == _line_of(wrong_types, f"# FORM-{form}")

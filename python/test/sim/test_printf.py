"""Output from inside kernels on the simulator: asc.printf, asc.dump_tensor, print(f"..."),
logging.<level>(f"...") — the exact text (docs/debugging.md, section 1), its order across blocks
whatever the host thread count, and the errors."""

from __future__ import annotations

import inspect
import logging
import os

import numpy as np
import pytest

import asc
import asc.lib.runtime as rt
from asc.runtime.ascendc_kernel import run_ascendc
from asc.runtime.errors import KernelError

pytestmark = pytest.mark.values("printf", "dump_tensor", "get_block_num")

# Imported at collection, before any launch: every block of the session also checks that the Unified
# Buffer its host thread reuses was reset (sim/README.md, "Reuse across blocks and launches").
os.environ.setdefault("ASCSIM_CHECK_UB_RESET", "1")


def line_of(kernel, text: str) -> int:
    lines, first = inspect.getsourcelines(kernel.fn)
    return first + next(i for i, line in enumerate(lines) if text in line)


# ----------------------------------------------------------------------------- hand-written Ascend C
# (the binding and the format, independent of the compiler)

PRINTING = r"""
#include "kernel_operator.h"
extern "C" __global__ __aicore__ void printing(GM_ADDR x, int32_t n) {
  AscendC::GlobalTensor<float> xg;
  xg.SetGlobalBuffer((__gm__ float *)x, n);
  AscendC::LocalTensor<float> t(AscendC::TPosition::VECIN, 64, n);
  AscendC::DataCopy(t, xg, n);
  AscendC::SetFlag<AscendC::HardEvent::MTE2_S>(0);
  AscendC::WaitFlag<AscendC::HardEvent::MTE2_S>(0);
  half h = 2.5f;
  AscendC::printf("block %d: n=%d h=%.2f %s\n", (int)AscendC::GetBlockIdx(), n, h, "ok");
  AscendC::DumpTensor(t, 5, 10);
  AscendC::printf("bytes \xff end\n");
}
"""


def _dump_text(block: int, blocks: int, x: np.ndarray) -> str:
    p = f"[block {block}] "
    return (f"{p}block {block}: n=16 h=2.50 ok\n"
            f"{p}DumpHead: block_idx={block}, core_type=AIV, total_blocks={blocks}\n"
            f"{p}DumpTensor: desc=5, addr=0x40, data_type=float32, position=VECIN, dump_size=10\n"
            f"{p}[0] {', '.join(f'{v:g}' for v in x[:8])}\n"
            f"{p}[8] {', '.join(f'{v:g}' for v in x[8:10])}\n"
            f"{p}bytes \ufffd end\n")


def test_launch_result_output_of_a_hand_written_kernel() -> None:
    x = np.arange(16, dtype=np.float32) * np.float32(0.5) - 2
    r = run_ascendc(PRINTING, "printing", 3, x, 16)
    assert r.ok and r.diagnostics == []
    assert r.output == [(b, _dump_text(b, 3, x)) for b in range(3)]


def test_hand_written_kernel_output_does_not_depend_on_host_threads() -> None:
    import asc.runtime.config as config
    from asc.runtime import launcher

    x = np.arange(16, dtype=np.float32)
    outputs = []
    for threads in (1, 2, 4):
        cfg = launcher.sim_config(config.current_platform())
        cfg = type(cfg)(ub_bytes=cfg.ub_bytes, aiv_cores=cfg.aiv_cores, clock_mhz=cfg.clock_mhz,
                        host_threads=threads, hbm_gbps=cfg.hbm_gbps,
                        launch_overhead_us=cfg.launch_overhead_us, race_check=cfg.race_check,
                        init_check=cfg.init_check, trace=cfg.trace)
        outputs.append(run_ascendc(PRINTING, "printing", 6, x, 16, config=cfg).output)
    assert outputs[0] == outputs[1] == outputs[2]
    assert [b for b, _ in outputs[0]] == list(range(6))


# ----------------------------------------------------------------------------- pyasc kernels


@asc.jit
def hello(x: asc.GlobalAddress, n: int):
    asc.printf("block %d of %d: n=%d\n", asc.get_block_idx(), asc.get_block_num(), n)


def test_printf_prints_every_block_in_order(capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    hello[3](np.zeros(8, dtype=np.float32), 8)
    assert capsys.readouterr().out == ("[block 0] block 0 of 3: n=8\n"
                                       "[block 1] block 1 of 3: n=8\n"
                                       "[block 2] block 2 of 3: n=8\n")
    assert rt.last_launch().output == [(b, f"[block {b}] block {b} of 3: n=8\n") for b in range(3)]


@pytest.mark.parametrize("threads", ["1", "2", "3"])
def test_output_order_does_not_depend_on_host_threads(threads: str, monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("PYASC_SIM_THREADS", threads)
    capsys.readouterr()
    hello[5](np.zeros(8, dtype=np.float32), 8)
    assert capsys.readouterr().out == "".join(f"[block {b}] block {b} of 5: n=8\n" for b in range(5))


@asc.jit
def dump(x: asc.GlobalAddress, n: int):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x, n)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 256, n)
    asc.data_copy(t, xg, n)
    asc.set_flag(asc.HardEvent.MTE2_S, 0)
    asc.wait_flag(asc.HardEvent.MTE2_S, 0)
    asc.printf("x0=%f\n", t.get_value(0))
    asc.dump_tensor(t, 7, 12)
    asc.dump_tensor(xg, 8, 3)


def test_dump_tensor_format(capsys: pytest.CaptureFixture[str]) -> None:
    x = np.array([0.1, 1.5, -2, 1e10, np.nan, np.inf, -np.inf, -0.0, 1 / 3, 1e-7, 3, 4, 5, 6, 7, 8],
                 dtype=np.float32)
    capsys.readouterr()
    dump[1](x, 16)
    p = "[block 0] "
    assert capsys.readouterr().out == (
        f"{p}x0=0.100000\n"
        f"{p}DumpHead: block_idx=0, core_type=AIV, total_blocks=1\n"
        f"{p}DumpTensor: desc=7, addr=0x100, data_type=float32, position=VECIN, dump_size=12\n"
        f"{p}[0] 0.1, 1.5, -2, 1e+10, nan, inf, -inf, -0\n"
        f"{p}[8] 0.33333334, 1e-07, 3, 4\n"
        f"{p}DumpTensor: desc=8, addr={hex(x.ctypes.data)}, data_type=float32, position=GM, dump_size=3\n"
        f"{p}[0] 0.1, 1.5, -2\n")


@asc.jit
def f_strings(x: asc.GlobalAddress, n: int):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x, n)
    t = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, n)
    asc.data_copy(t, xg, n)
    asc.set_flag(asc.HardEvent.MTE2_S, 0)
    asc.wait_flag(asc.HardEvent.MTE2_S, 0)
    print(f"block {asc.get_block_idx()}: x0={t.get_value(0):.3f} n={n:x}")
    print("n", n, sep="=", end=";\n")
    logging.info(f"info n={n}")
    logging.debug(f"debug n={n}")


def test_print_and_logging_fstrings(capsys: pytest.CaptureFixture[str]) -> None:
    root = logging.getLogger()
    level = root.level
    root.setLevel(logging.INFO)  # decided when the kernel compiles: INFO on, DEBUG off
    try:
        capsys.readouterr()
        f_strings[2](np.full(32, 0.1, dtype=np.float16), 16)
    finally:
        root.setLevel(level)
    out = capsys.readouterr().out
    assert out == "".join(f"[block {b}] block {b}: x0=0.100 n=10\n"
                          f"[block {b}] n=16;\n"
                          f"[block {b}] INFO: info n=16\n" for b in range(2))


@asc.jit
def dump_too_much(x: asc.GlobalAddress, n: int):
    asc.printf("before\n")
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n)
    asc.dump_tensor(t, 1, n + 8)


def test_dump_beyond_the_tensor_is_a_bounds_error_and_earlier_output_is_printed(
        capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    with pytest.raises(KernelError) as e:
        dump_too_much[1](np.zeros(64, dtype=np.float32), 64)
    assert e.value.category == "bounds"
    assert e.value.location.line == line_of(dump_too_much, "asc.dump_tensor")
    assert "dump_tensor reads 72 float32 elements (288 bytes) of its tensor, but that LocalTensor view " \
           "holds only 64 float32 elements (256 bytes)" in e.value.message
    assert capsys.readouterr().out == "[block 0] before\n"


@asc.jit(auto_sync=False)  # with auto_sync, the compiler's MTE2_S wait orders the dump
def dump_unsynchronised(x: asc.GlobalAddress, n: int):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x, n)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n)
    asc.data_copy(t, xg, n)
    asc.dump_tensor(t, 1, n)  # needs MTE2_S first


def test_dump_without_sync_is_a_race() -> None:
    with pytest.raises(KernelError) as e:
        dump_unsynchronised[1](np.zeros(64, dtype=np.float32), 64)
    assert e.value.category == "race"
    assert e.value.location.line == line_of(dump_unsynchronised, "asc.dump_tensor")
    assert "MTE2 data_copy" in e.value.message and "S dump_tensor" in e.value.message


def test_dump_after_a_copy_with_auto_sync(capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    asc.jit(dump_unsynchronised.fn)[1](np.arange(8, dtype=np.float32), 8)
    assert capsys.readouterr().out.endswith("[block 0] [0] 0, 1, 2, 3, 4, 5, 6, 7\n")


@asc.jit
def cube_dump(c: asc.GlobalAddress):
    gc = asc.GlobalTensor()
    gc.set_global_buffer(c, 256)
    a1 = asc.LocalTensor(asc.float32, asc.TPosition.A1, 0, 256)
    asc.data_copy(a1, gc, 256)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.dump_tensor(a1, 3, 2)


def test_dump_head_names_the_cube_core(capsys: pytest.CaptureFixture[str]) -> None:
    """An AIC's DumpHead says core_type=AIC (it said AIV on every core)."""
    c = np.arange(256, dtype=np.float32)
    capsys.readouterr()
    cube_dump[2](c)
    assert rt.last_launch().kernel_type == "AIC_ONLY"
    assert capsys.readouterr().out == "".join(
        f"[block {b}] DumpHead: block_idx={b}, core_type=AIC, total_blocks=2\n"
        f"[block {b}] DumpTensor: desc=3, addr=0x0, data_type=float32, position=A1, dump_size=2\n"
        f"[block {b}] [0] 0, 1\n" for b in range(2))


@asc.jit(kernel_type=asc.runtime.config.KernelType.MIX_AIC_1_2)
def mix_hello(x: asc.GlobalAddress):
    if asc.ascend_is_aic():
        asc.printf("aic %d\n", asc.get_block_idx())
    else:
        asc.printf("aiv %d sub %d\n", asc.get_block_idx(), asc.get_sub_block_idx())


def test_mix_launch_labels_the_aic_lines(capsys: pytest.CaptureFixture[str]) -> None:
    """In a MIX_AIC_1_2 launch the AIC of AI Core 1 and AIV 1 of AI Core 0 both have get_block_idx() 1:
    the AIC's lines say so ("[block 1 AIC] "), each AI Core's AIC before its AIVs."""
    capsys.readouterr()
    mix_hello[2](np.zeros(8, dtype=np.float32))
    assert rt.last_launch().kernel_type == "MIX_AIC_1_2"
    expected = ["[block 0 AIC] aic 0\n", "[block 0] aiv 0 sub 0\n", "[block 1] aiv 1 sub 1\n",
                "[block 1 AIC] aic 1\n", "[block 2] aiv 2 sub 0\n", "[block 3] aiv 3 sub 1\n"]
    assert capsys.readouterr().out == "".join(expected)
    assert rt.last_launch().output == [(int(text[7]), text) for text in expected]


@asc.jit
def logging_percent_args(x: asc.GlobalAddress, n: int, f: float):
    logging.warning("n=%s f=%s", n, f)
    logging.warning("%s is %d, %r %5.1f %-3d|", "n", n, "q", f, 7)
    logging.warning("100%% of %x", n)


def test_logging_percent_style_arguments_follow_python(capsys: pytest.CaptureFixture[str]) -> None:
    """logging's %-style arguments are formatted as Python does: %s of a runtime value is its
    default conversion, a compile-time argument is formatted at compile time (%s of a str works)."""
    capsys.readouterr()
    logging_percent_args[1](np.zeros(8, dtype=np.float32), 26, 2.5)
    assert capsys.readouterr().out == ("[block 0] WARNING: n=26 f=2.500000\n"
                                       "[block 0] WARNING: n is 26, 'q'   2.5 7  |\n"
                                       "[block 0] WARNING: 100% of 1a\n")


@asc.jit
def format_specs(x: asc.GlobalAddress, n: int, f: float):
    print(f"[{n:-5}] [{n:<5}] [{n:>5}] [{n:+}] [{n:o}] [{n:#X}] [{n:05}] [{f:.3g}] [{f:10.4e}] [{f:<9.1f}]")


def test_fstring_format_specs_follow_python(capsys: pytest.CaptureFixture[str]) -> None:
    """A runtime value's f-string spec means what it means in Python: '-' is the sign option (right-aligned),
    '<' left-aligns (it printed '%-5d' for '-5', and refused '<5', 'o', '+')."""
    n, f = 26, np.float32(1234.5)
    capsys.readouterr()
    format_specs[1](np.zeros(8, dtype=np.float32), n, float(f))
    expected = f"[{n:-5}] [{n:<5}] [{n:>5}] [{n:+}] [{n:o}] [{n:#X}] [{n:05}] [{f:.3g}] [{f:10.4e}] [{f:<9.1f}]"
    assert expected == "[   26] [26   ] [   26] [+26] [32] [0X1A] [00026] [1.23e+03] [1.2345e+03] [1234.5   ]"
    assert capsys.readouterr().out == f"[block 0] {expected}\n"


@asc.jit
def dump_shaped(x: asc.GlobalAddress, n: int, rows: int):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x, n)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n)
    asc.data_copy(t, xg, n)
    asc.dump_tensor(t, 1, n, asc.ShapeInfo([rows, 4]))  # a runtime dimension; auto_sync waits for MTE2
    asc.dump_tensor(xg, 2, 6, shape_info=asc.ShapeInfo([2, 2, 2], [8], asc.DataFormat.NZ))


@pytest.mark.values("dump_tensor")
def test_dump_tensor_with_shape_info_prints_rows(capsys: pytest.CaptureFixture[str]) -> None:
    """dump_tensor's spec'd shape_info: one row of the last dimension per line, after its multi-index; the
    header names the shape (and the original shape and format where they differ from the default)."""
    x = np.arange(8, dtype=np.float32)
    capsys.readouterr()
    dump_shaped[1](x, 8, 2)
    p = "[block 0] "
    assert capsys.readouterr().out == (
        f"{p}DumpHead: block_idx=0, core_type=AIV, total_blocks=1\n"
        f"{p}DumpTensor: desc=1, addr=0x0, data_type=float32, position=VECIN, dump_size=8, shape=[2, 4]\n"
        f"{p}[0, 0] 0, 1, 2, 3\n"
        f"{p}[1, 0] 4, 5, 6, 7\n"
        f"{p}DumpTensor: desc=2, addr={hex(x.ctypes.data)}, data_type=float32, position=GM, dump_size=6, "
        "shape=[2, 2, 2], original_shape=[8], data_format=NZ\n"
        f"{p}[0, 0, 0] 0, 1\n"
        f"{p}[0, 1, 0] 2, 3\n"
        f"{p}[1, 0, 0] 4, 5\n")


def test_dump_tensor_beyond_its_shape_is_an_argument_error() -> None:
    with pytest.raises(KernelError) as e:
        dump_shaped[1](np.arange(16, dtype=np.float32), 16, 2)
    assert e.value.category == "argument"
    assert e.value.location.line == line_of(dump_shaped, "asc.dump_tensor(t, 1")
    assert ("dump_tensor: 'dump_size' 16 is more than the 8 elements of its ShapeInfo's shape [2, 4], which lays "
            "the values out; dump at most that many") in e.value.message


@asc.jit
def dump_negative(x: asc.GlobalAddress, n: int, which: asc.ConstExpr[int]):
    g = asc.GlobalTensor()
    g.set_global_buffer(x, n)
    if which == 0:
        asc.dump_tensor(g, 1, n - 9)
    else:
        asc.dump_acc_chk_point(g, 1, n - 9, 2)


@pytest.mark.parametrize("which,message", [
    (0, "dump_tensor: 'dump_size' is -1 (4294967295 as Ascend C's uint32_t); it must be a count of elements, 0 "
        "or more"),
    (1, "dump_acc_chk_point: 'count_off' is -1 (4294967295 as Ascend C's uint32_t); it must be an element "
        "offset, 0 or more"),
])
def test_a_negative_runtime_count_is_named_as_negative(which: int, message: str) -> None:
    """A negative runtime dump_size / count_off said '4294967295 elements reads beyond the GlobalTensor'."""
    with pytest.raises(KernelError) as e:
        dump_negative[1](np.zeros(8, dtype=np.float32), 8, which)
    assert e.value.category == "argument"
    assert message in e.value.message

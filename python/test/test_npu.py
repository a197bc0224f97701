"""The NPU backend against the fake CANN of python/test/fake_cann: the recorded bisheng / ld.lld
command lines per kernel type, the exact runtime call sequence of a launch, and the errors (CANN
partially present, bisheng failing, a runtime call failing, tensors on other devices)."""

from __future__ import annotations

import json
import os
import re
import shutil
import struct
import sys
from pathlib import Path

import numpy as np
import pytest
from conftest import ACCEPTANCE, run_python
from fake_cann import VERSION, cached_tree
from gm_kernels import copy_kernel

import asc
import asc.lib.runtime as rt
import asc.runtime.config as config
from asc.runtime.backends import npu, npu_runtime
from asc.runtime.config import KernelType
from asc.runtime.errors import LaunchTypeError

FIXED = ["-std=c++17", "-fwrapv", "--cce-disable-kernel-global-attr-check", "-mllvm", "-cce-aicore-stack-size=0x8000",
         "-mllvm", "-cce-aicore-function-stack-size=0x8000", "-mllvm", "-cce-aicore-dcci-insert-for-scalar=false"]


@pytest.fixture(scope="session")
def fake_root(request: pytest.FixtureRequest) -> Path:
    return cached_tree(Path(request.config.cache.mkdir("fake_cann")))


@pytest.fixture
def logs(tmp_path: Path) -> Path:
    d = tmp_path / "logs"
    d.mkdir()
    return d


@pytest.fixture
def fake(fake_root: Path, logs: Path, monkeypatch: pytest.MonkeyPatch):
    """The fake CANN on ASCEND_HOME_PATH with its logs in `logs`, a fresh runtime, NPU selected."""
    monkeypatch.setenv("ASCEND_HOME_PATH", str(fake_root))
    monkeypatch.setenv("FAKE_CANN_LOG_DIR", str(logs))
    for var in ("PYASC_COMPILER", "PYASC_LINKER", "FAKE_CANN_FAIL", "FAKE_BISHENG_FAIL", "FAKE_CANN_SOC"):
        monkeypatch.delenv(var, raising=False)
    npu_runtime._close_all()
    (logs / "runtime.log").unlink(missing_ok=True)
    yield fake_root
    npu_runtime._close_all()
    config.set_platform(config.Backend.Model, config.Platform.Ascend910B1)


def runtime_log(logs: Path) -> list[str]:
    return (logs / "runtime.log").read_text().splitlines()


def tool_calls(logs: Path) -> list[tuple[str, list[str]]]:
    path = logs / "tools.jsonl"
    if not path.exists():
        return []
    return [(r["tool"], r["argv"]) for r in map(json.loads, path.read_text().splitlines())]


def expected_bisheng(root: Path, workdir: str, arch: str, obj: str, extra: list[str], opt: str = "-O3") -> list[str]:
    tik = root / "compiler/tikcpp/tikcfw"
    return ["-c", "-x", "cce", opt, f"{workdir}/copy_kernel.cpp", f"--cce-aicore-arch={arch}", "--cce-aicore-only",
            "-o", f"{workdir}/{obj}", "-include", str(root / "include/version/cann_version.h"), f"-I{tik}",
            f"-I{tik}/impl", f"-I{tik}/interface", *FIXED, *extra]


def test_vector_kernel_commands_and_runtime_calls(fake: Path, logs: Path) -> None:
    config.set_platform(config.Backend.NPU, config.Platform.Ascend910B1)
    x = np.arange(1024, dtype=np.float32)
    y = np.zeros(1024, dtype=np.float32)
    copy_kernel[1](x, y, 1024)
    np.testing.assert_array_equal(y, x)
    calls = tool_calls(logs)
    assert [c[0] for c in calls] == ["bisheng", "ld.lld"]
    bisheng = calls[0][1]
    workdir = str(Path(bisheng[4]).parent)
    assert Path(workdir).name.startswith("pyasc_compiler_") and not Path(workdir).exists()  # removed after
    assert bisheng == expected_bisheng(fake, workdir, "dav-c220-vec", "output_aiv.o", [
        "-DASCENDC_DUMP=0", "--cce-auto-sync", "-mllvm", "-api-deps-filter", "-D__NPU_TILING__", "-DTILING_KEY_VAR=0"])
    assert calls[1][1] == ["-m", "aicorelinux", "-Ttext=0", f"{workdir}/output_aiv.o", "-static", "-o",
                           f"{workdir}/output.o"]
    log = runtime_log(logs)
    length = int(re.search(r"length=(\d+)", log[4]).group(1))
    # 4096-byte arrays come from huge pages, the 8-byte ffts_addr buffer does not; every buffer is
    # its size + 512, used from the next 512-byte boundary (the fake allocates 16 bytes past one).
    assert log == [
        "aclInit(NULL)",
        "rtGetSocVersion() -> Ascend910B1",
        "rtSetDevice(0)",
        "rtStreamCreate(priority=0) -> stream0",
        f"rtDevBinaryRegister(magic=0x41415246, version=0, length={length}) -> bin0",
        "rtFunctionRegister(bin0, stub=name, name=pyasc_copy_kernel, info=pyasc_copy_kernel, mode=0)",
        "rtGetC2cCtrlAddr() -> 0xe7ffe8064000",
        "rtMalloc(size=4608, type=HBM|HUGE_PAGE_ONLY, module=33) -> dev0",
        "rtMemcpy(dst=dev0+496, max=4096, src=host, count=4096, H2D)",
        "rtMalloc(size=4608, type=HBM|HUGE_PAGE_ONLY, module=33) -> dev1",
        "rtMemcpy(dst=dev1+496, max=4096, src=host, count=4096, H2D)",
        "rtMalloc(size=520, type=HBM, module=33) -> dev2",
        "rtMemcpy(dst=dev2+496, max=8, src=host, count=8, H2D)",
        # x, y (8 bytes each), n (4 bytes, then 4 of padding before the pointer), ffts_addr
        "rtKernelLaunch(pyasc_copy_kernel, blockDim=1, argsSize=32, args=[dev0+496, dev1+496, 1024, dev2+496], "
        "smDesc=NULL, stream0)",
        "rtStreamSynchronize(stream0)",
        "rtMemcpy(dst=host, max=4096, src=dev0+496, count=4096, D2H)",
        "rtMemcpy(dst=host, max=4096, src=dev1+496, count=4096, D2H)",
        "rtMemcpy(dst=host, max=8, src=dev2+496, count=8, D2H)",
        "rtFree(dev0)", "rtFree(dev1)", "rtFree(dev2)",
    ]
    # A second launch: the binary stays registered, nothing is compiled again.
    copy_kernel[1](y, x, 16)
    assert [c[0] for c in tool_calls(logs)] == ["bisheng", "ld.lld"]
    assert not any("Register" in line for line in runtime_log(logs)[len(log):])
    npu_runtime._close_all()
    assert runtime_log(logs)[-4:] == ["rtDevBinaryUnRegister(bin0)", "rtStreamDestroy(stream0)", "rtDeviceReset(0)",
                                      "aclFinalize()"]


def test_binary_is_cached_with_the_cann_version(fake: Path, logs: Path, tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYASC_CACHE_DIR", str(tmp_path / "cache"))
    config.set_platform(config.Backend.NPU)
    x = np.arange(16, dtype=np.int32)
    y = np.zeros(16, dtype=np.int32)
    copy_kernel._kernels.clear()
    copy_kernel[1](x, y, 16)
    copy_kernel._kernels.clear()  # a new process: the disk cache only
    copy_kernel[1](x, y, 16)
    assert [c[0] for c in tool_calls(logs)] == ["bisheng", "ld.lld"]
    # Another CANN version (version.cfg) builds again.
    other = tmp_path / "cann"
    shutil.copytree(fake, other, symlinks=True)
    (other / "version.cfg").write_text(VERSION.replace("8.0", "8.1"))
    monkeypatch.setenv("ASCEND_HOME_PATH", str(other))
    copy_kernel._kernels.clear()
    npu_runtime._close_all()
    copy_kernel[1](x, y, 16)
    np.testing.assert_array_equal(y, x)
    assert [c[0] for c in tool_calls(logs)] == ["bisheng", "ld.lld"] * 2


def test_compile_flags_follow_options_and_kernel_type(fake: Path) -> None:
    cann = npu.require_cann()
    src, work = Path("/k/kernel.cpp"), Path("/k")
    settings = npu.CompileSettings(opt_level=1, debug=True, auto_sync=True, auto_sync_log="sync.log",
                                   bisheng_options=("-DUSER=1", "-Wall"), dump=True)
    tail = ["-DASCENDC_DUMP=1", "-g", "-mllvm", "--cce-aicore-jump-expand=true", "--cce-auto-sync", "-mllvm",
            "-api-deps-filter", "-cce-auto-sync-log=sync.log"]
    tiling = ["-D__NPU_TILING__", "-DTILING_KEY_VAR=0"]

    def cmds(kind: KernelType, s: npu.CompileSettings = settings) -> list[tuple[str, str, list[str]]]:
        out = []
        for c in npu.compile_commands(cann, src, work, kind, s):
            fixed_at = c.index("-std=c++17")
            assert c[fixed_at - 2:fixed_at] == ["-DUSER=1", "-Wall"] or not s.bisheng_options
            assert c[fixed_at:fixed_at + len(FIXED)] == FIXED
            out.append((c[6], Path(c[9]).name, c[fixed_at + len(FIXED):]))
        return out

    assert cmds(KernelType.AIV_ONLY) == [("--cce-aicore-arch=dav-c220-vec", "output_aiv.o", tail + tiling)]
    assert cmds(KernelType.MIX_AIV_1_0) == [("--cce-aicore-arch=dav-c220-vec", "output_mix_aiv.o", tail + tiling)]
    assert cmds(KernelType.AIC_ONLY) == [("--cce-aicore-arch=dav-c220-cube", "output_aic.o", tail + tiling)]
    assert cmds(KernelType.MIX_AIC_HARD_SYNC) == [("--cce-aicore-arch=dav-c220-cube", "output_mix_aic.o",
                                                   tail + tiling)]
    mix = ["-cce-enable-mix", "-D__MIX_CORE_MACRO__=1"]
    assert cmds(KernelType.MIX_AIC_1_2) == [("--cce-aicore-arch=dav-c220-cube", "output_mix_aic.o", tail + mix + tiling),
                                            ("--cce-aicore-arch=dav-c220-vec", "output_mix_aiv.o", tail + mix + tiling)]
    ration = mix + ["-D__MIX_CORE_AIC_RATION__=1"]
    assert [c[2] for c in cmds(KernelType.MIX_AIC_1_1)] == [tail + ration + tiling] * 2
    plain = npu.CompileSettings(auto_sync=False)
    assert cmds(KernelType.AIV_ONLY, plain) == [("--cce-aicore-arch=dav-c220-vec", "output_aiv.o",
                                                 ["-DASCENDC_DUMP=0", *tiling])]
    assert npu.compile_commands(cann, src, work, KernelType.AIV_ONLY, plain)[0][4] == "-O3"
    assert [npu.build_plan(k).magic for k in (KernelType.AIV_ONLY, KernelType.AIC_ONLY, KernelType.MIX_AIC_1_2)] == [
        0x41415246, 0x41494343, 0x43554245]
    # The family comes from the part's architecture in the hardware table.
    assert {npu.arch_family(info) for info in config.PLATFORMS.values()} == {"c220"}
    assert npu.compile_commands(cann, src, work, KernelType.AIC_ONLY, plain, "c310")[0][6] == \
        "--cce-aicore-arch=dav-c310-cube"


def test_mix_kernel_compiles_both_halves_and_links_them(fake: Path, logs: Path) -> None:
    cann = npu.require_cann()
    source = '#include "kernel_operator.h"\nextern "C" __global__ __aicore__ void k(GM_ADDR x) {}\n'
    binary = npu.build_binary(cann, source, "k", KernelType.MIX_AIC_1_2, npu.CompileSettings())
    calls = tool_calls(logs)
    assert [(t, a[5] if t == "bisheng" else a[3:5]) for t, a in calls] == [
        ("bisheng", "--cce-aicore-arch=dav-c220-cube"), ("bisheng", "--cce-aicore-arch=dav-c220-vec"),
        ("ld.lld", [calls[0][1][8], calls[1][1][8]])]
    assert binary[:8] == b"FAKEPACK" and struct.unpack("<I", binary[8:12]) == (2,)
    assert b"output_mix_aic.o" in binary and b"output_mix_aiv.o" in binary


def test_jit_options_reach_bisheng(fake: Path, logs: Path) -> None:
    config.set_platform(config.Backend.NPU)

    @asc.jit(opt_level=2, auto_sync=False, bisheng_options=("-DPYASC_TEST=1",), kernel_type=KernelType.MIX_AIV_1_0)
    def opts_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int):
        copy_kernel_inline(x, y, n)

    x = np.arange(32, dtype=np.float32)
    y = np.zeros(32, dtype=np.float32)
    opts_kernel[1](x, y, 32)
    np.testing.assert_array_equal(y, x)
    (tool, argv), _ = tool_calls(logs)
    assert argv[3] == "-O2" and argv[5] == "--cce-aicore-arch=dav-c220-vec" and argv[8].endswith("output_mix_aiv.o")
    assert argv[argv.index("-std=c++17") - 1] == "-DPYASC_TEST=1"
    assert "--cce-auto-sync" not in argv
    assert "rtDevBinaryRegister(magic=0x41415246" in runtime_log(logs)[4]


@asc.jit
def copy_kernel_inline(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(x, n)
    h = asc.GlobalTensor()
    h.set_global_buffer(y, n)
    t = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, n)
    asc.data_copy(t, g, n)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(h, t, n)


@asc.jit
def print_kernel(x: asc.GlobalAddress, n: int):
    asc.printf("n=%d\n", n)


def test_printing_kernel_gets_the_dump_buffer(fake: Path, logs: Path, capfd: pytest.CaptureFixture) -> None:
    config.set_platform(config.Backend.NPU)
    x = np.zeros(8, dtype=np.float32)
    print_kernel[1](x, 7)
    argv = tool_calls(logs)[0][1]
    assert "-DASCENDC_DUMP=1" in argv
    log = runtime_log(logs)
    assert "rtMalloc(size=78643712, type=HBM|HUGE_PAGE_ONLY, module=33) -> dev2" in log
    assert "rtKernelLaunch(pyasc_print_kernel, blockDim=1, argsSize=32, args=[dev0+496, 7, dev1+496, dev2+496], " \
           "smDesc=NULL, stream0)" in log
    # The dump buffer is printed, not copied back.
    assert log[log.index("rtStreamSynchronize(stream0)") + 1:] == [
        "rtMemcpy(dst=host, max=32, src=dev0+496, count=32, D2H)",
        "rtMemcpy(dst=host, max=8, src=dev1+496, count=8, D2H)",
        "AdumpPrintWorkSpace(size=78643200, opType=print_kernel)",
        "rtFree(dev0)", "rtFree(dev1)", "rtFree(dev2)"]
    assert "n=7" in capfd.readouterr().out


@asc.jit
def checkpoint_kernel(x: asc.GlobalAddress, n: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(x, n)
    asc.dump_acc_chk_point(g, 1, 0, n)


def test_a_kernel_dumping_only_checkpoints_gets_the_dump_buffer(fake: Path, logs: Path) -> None:
    """DumpAccChkPoint writes the same dump buffer as DumpTensor: without -DASCENDC_DUMP=1 and the buffer
    it compiled to nothing on the NPU."""
    config.set_platform(config.Backend.NPU)
    checkpoint_kernel[1](np.zeros(8, dtype=np.float32), 8)
    assert "-DASCENDC_DUMP=1" in tool_calls(logs)[0][1]
    assert "AdumpPrintWorkSpace(size=78643200, opType=checkpoint_kernel)" in runtime_log(logs)


def test_ascendc_dump_off_builds_a_printing_kernel_without_the_buffer(fake: Path, logs: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ASCENDC_DUMP", "0")
    config.set_platform(config.Backend.NPU)
    print_kernel[1](np.zeros(8, dtype=np.float32), 3)
    assert "-DASCENDC_DUMP=0" in tool_calls(logs)[0][1]
    log = runtime_log(logs)
    assert "rtKernelLaunch(pyasc_print_kernel, blockDim=1, argsSize=24, args=[dev0+496, 3, dev1+496], " \
           "smDesc=NULL, stream0)" in log
    assert not any(line.startswith("Adump") for line in log)


def test_bisheng_licm_failure_is_retried_once(fake: Path, logs: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FAKE_BISHENG_FAIL", "licm")
    config.set_platform(config.Backend.NPU)
    x = np.arange(16, dtype=np.int16)
    y = np.zeros(16, dtype=np.int16)
    copy_kernel[1](x, y, 16)
    np.testing.assert_array_equal(y, x)
    first, retry, link = tool_calls(logs)
    assert (first[0], retry[0], link[0]) == ("bisheng", "bisheng", "ld.lld")
    assert retry[1] == first[1][:-2] + ["-mllvm", "-disable-machine-licm"] + first[1][-2:]


def test_bisheng_failure_shows_stderr_and_the_source(fake: Path, logs: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FAKE_BISHENG_FAIL", "always")
    config.set_platform(config.Backend.NPU)
    x = np.arange(8, dtype=np.uint8)
    with pytest.raises(npu.BishengError) as e:
        copy_kernel[1](x, x, 8)
    msg = str(e.value)
    source = Path(re.search(r"the emitted Ascend C is kept at (\S+\.cpp)\.", msg).group(1))
    assert msg.startswith("bisheng failed to compile kernel 'copy_kernel' (exit code 1)")
    assert "fake bisheng: error: the machine LICM pass crashed (injected by FAKE_BISHENG_FAIL)" in msg
    assert "void pyasc_copy_kernel(" in source.read_text()
    assert len(tool_calls(logs)) == 2  # the compile and its one retry; no link
    shutil.rmtree(source.parent)


SIMULATOR = ("run the kernel on pyasc's simulator, which names the failing line: "
             "`asc.runtime.config.set_platform(asc.runtime.config.Backend.Model)` (for the tutorials: `-r Model`)")
LOG = "CANN's log (under $ASCEND_PROCESS_LOG_PATH, by default ~/ascend/log) says why"


@pytest.mark.parametrize("call, code, what", [
    ("rtMalloc", 207001, " (device memory could not be allocated) (kernel 'copy_kernel'): the device has not "
                         "enough free memory for the kernel's arguments: pass smaller arrays, or free device memory "
                         "(other processes on the NPU: `npu-smi info`)"),
    ("rtKernelLaunch", 107000, f" (an invalid argument) (kernel 'copy_kernel'): the runtime refused the launch; {LOG}; "
                               f"check num_blocks and the kernel type, and {SIMULATOR}"),
    ("rtKernelLaunch", 507899, f" (kernel 'copy_kernel'): the runtime refused the launch; {LOG}; check num_blocks and "
                               f"the kernel type, and {SIMULATOR}"),
    ("rtStreamSynchronize", 507011, f" (kernel 'copy_kernel'): the kernel failed on the device; {SIMULATOR}; {LOG}"),
    ("rtMemcpy", 507899, f" (kernel 'copy_kernel'): {LOG}"),
])
def test_failing_runtime_call_names_call_code_and_what_to_do(fake: Path, logs: Path, monkeypatch: pytest.MonkeyPatch,
                                                            call: str, code: int, what: str) -> None:
    """A failing call said only `... failed with error code 107000 (kernel 'copy_kernel')`."""
    config.set_platform(config.Backend.NPU)
    x = np.arange(8, dtype=np.float32)
    monkeypatch.setenv("FAKE_CANN_FAIL", f"{call}={code}")
    with pytest.raises(npu_runtime.NpuRuntimeError) as e:
        copy_kernel[1](x, x, 8)
    assert str(e.value) == f"CANN runtime call {call} failed with error code {code}{what}"
    assert (e.value.call, e.value.code) == (call, code)
    log = runtime_log(logs)
    # Whatever was allocated is freed.
    assert len([line for line in log if line.startswith("rtMalloc")]) == len(
        [line for line in log if line.startswith("rtFree")])


def test_kernel_fault_surfaces_at_synchronisation(fake: Path, logs: Path, capfd: pytest.CaptureFixture) -> None:
    config.set_platform(config.Backend.NPU)
    x = np.arange(8, dtype=np.float32)
    with pytest.raises(npu_runtime.NpuRuntimeError) as e:
        copy_kernel[1](x, x, 64)  # 64 elements of an 8-element array
    assert str(e.value) == ("CANN runtime call rtStreamSynchronize failed with error code 507015 (the kernel raised "
                            "an exception on the AI Core, e.g. an access outside its memory) (kernel 'copy_kernel'): "
                            f"the kernel failed on the device; {SIMULATOR}; {LOG}")
    assert "bounds" in capfd.readouterr().err


def test_partial_cann_lists_everything_missing(fake: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    partial = tmp_path / "cann"
    shutil.copytree(fake, partial, symlinks=True)
    (partial / "compiler/ccec_compiler/bin/bisheng").unlink()
    (partial / "lib64/libruntime.so").unlink()
    shutil.rmtree(partial / "include/experiment/runtime")
    monkeypatch.setenv("ASCEND_HOME_PATH", str(partial))
    monkeypatch.setenv("PATH", "/usr/bin:/bin")
    with pytest.raises(npu.NpuUnavailableError) as e:
        config.set_platform(config.Backend.NPU)
    assert str(e.value) == (
        f"the NPU backend needs Huawei CANN, which was not found complete in {partial}; missing:\n"
        f"  - the kernel compiler (bisheng: not on PATH nor in {partial}/compiler/ccec_compiler/bin)\n"
        f"  - the runtime headers (runtime/rt.h under {partial}/include or {partial}/include/experiment)\n"
        f"  - the runtime library {partial}/lib64/libruntime.so\n"
        "To run on pyasc's built-in simulator instead, select the Model backend: "
        "`asc.runtime.config.set_platform(asc.runtime.config.Backend.Model, ...)` (for the tutorials: `-r Model`).")
    assert config.current_backend() is config.Backend.Model
    config.set_backend(config.Backend.NPU, check=False)
    assert not rt.is_available()


def test_cann_root_that_is_not_a_directory_is_named(fake: Path, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    # A typo in ASCEND_HOME_PATH must not be reported as "ASCEND_HOME_PATH is not set".
    monkeypatch.setattr(npu, "DEFAULT_ROOT", str(tmp_path / "default"))
    monkeypatch.setenv("ASCEND_HOME_PATH", str(tmp_path / "typo"))
    monkeypatch.delenv("ASCEND_TOOLKIT_HOME", raising=False)
    with pytest.raises(npu.NpuUnavailableError) as e:
        config.set_platform(config.Backend.NPU)
    assert str(e.value) == (
        f"the NPU backend needs Huawei CANN, which was not found: ASCEND_HOME_PATH={tmp_path}/typo is not a "
        f"directory and {tmp_path}/default does not exist. To run on pyasc's built-in simulator instead, select "
        "the Model backend: `asc.runtime.config.set_platform(asc.runtime.config.Backend.Model, ...)` "
        "(for the tutorials: `-r Model`).")
    monkeypatch.delenv("ASCEND_HOME_PATH")
    monkeypatch.setenv("ASCEND_TOOLKIT_HOME", str(tmp_path / "kit"))
    with pytest.raises(npu.NpuUnavailableError, match=r"not found: ASCEND_TOOLKIT_HOME=\S+/kit is not a directory and"):
        config.set_platform(config.Backend.NPU)


def test_npu_launch_leaves_no_simulator_report(fake: Path) -> None:
    x = np.arange(8, dtype=np.float32)
    config.set_platform(config.Backend.Model, config.Platform.Ascend910B1)
    copy_kernel[1](x, x, 8)
    assert rt.last_launch() is not None
    config.set_platform(config.Backend.NPU)
    y = np.zeros(8, dtype=np.float32)
    copy_kernel[1](x, y, 8)
    np.testing.assert_array_equal(y, x)
    assert rt.last_launch() is None


def test_missing_compiler_named_by_env_says_so(fake: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # PYASC_COMPILER/PYASC_LINKER are looked up on PATH only: the message must not claim the toolkit was searched.
    monkeypatch.setenv("PYASC_COMPILER", "no-such-bisheng")
    monkeypatch.setenv("PYASC_LINKER", "/nowhere/ld.lld")
    with pytest.raises(npu.NpuUnavailableError) as e:
        config.set_platform(config.Backend.NPU)
    assert str(e.value).splitlines()[1:3] == [
        "  - the kernel compiler (PYASC_COMPILER=no-such-bisheng: not an executable nor on PATH)",
        "  - the kernel linker (PYASC_LINKER=/nowhere/ld.lld: not an executable nor on PATH)"]


def test_is_available_only_when_a_launch_can_happen(fake: Path, monkeypatch: pytest.MonkeyPatch,
                                                    tmp_path: Path) -> None:
    config.set_platform(config.Backend.NPU)
    assert rt.is_available() and rt.device_count() == 1
    monkeypatch.setenv("ASCEND_HOME_PATH", str(tmp_path / "nothing"))
    monkeypatch.delenv("ASCEND_TOOLKIT_HOME", raising=False)
    assert not rt.is_available()


def test_platform_is_read_from_the_device(fake: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FAKE_CANN_SOC", "Ascend910B4")
    config.set_platform(config.Backend.NPU)
    assert config.current_platform() is config.Platform.Ascend910B4
    with pytest.raises(ValueError, match="^set_platform asked for Ascend910B1, but the NPU is Ascend910B4$"):
        config.set_platform(config.Backend.NPU, config.Platform.Ascend910B1)


def test_an_ascend_950_npu_is_refused_by_name(fake: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A c310 device is an error naming it, never compiled for as c220."""
    monkeypatch.setenv("FAKE_CANN_SOC", "Ascend950PR_9579")
    with pytest.raises(ValueError, match=r"^the NPU is 'Ascend950PR_9579', an Ascend 950 part "
                                         r"\(CompilationArch\.C310\), which pyasc does not support: its compiler "
                                         r"and simulator target the c220 parts \(Ascend 910B, 910_93\) only; known "
                                         r"parts: \['Ascend910B1', "):
        config.set_platform(config.Backend.NPU)
    assert config.current_backend() is config.Backend.Model


def test_pkg_inc_layout(request: pytest.FixtureRequest, logs: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = cached_tree(Path(request.config.cache.mkdir("fake_cann")), layout="pkg_inc")
    monkeypatch.setenv("ASCEND_HOME_PATH", str(root))
    monkeypatch.setenv("FAKE_CANN_LOG_DIR", str(logs))
    cann = npu.require_cann()
    assert cann.layout == "pkg_inc" and cann.header_flags[-1] == "-DSEPARATE_PKG_ARCH"
    npu_runtime._close_all()
    try:
        config.set_platform(config.Backend.NPU)
        x = np.arange(8, dtype=np.float32)
        y = np.zeros(8, dtype=np.float32)
        copy_kernel[1](x, y, 8)
        np.testing.assert_array_equal(y, x)
    finally:
        npu_runtime._close_all()


def test_argument_blob_layout() -> None:
    blob = npu_runtime.argument_blob([("scalar", b"\x01"), ("pointer", 0x1122), ("scalar", b"\x02\x00"),
                                      ("scalar", (3).to_bytes(8, "little")), ("scalar", b"\x04\x00\x00\x00")])
    assert blob == (b"\x01\0\0\0" + b"\0" * 4 + (0x1122).to_bytes(8, "little") + b"\x02\0\0\0" + b"\0" * 4
                    + (3).to_bytes(8, "little") + b"\x04\0\0\0" + b"\0" * 4)


def test_torch_cpu_tensors_are_copied(fake: Path, logs: Path) -> None:
    torch = pytest.importorskip("torch")
    config.set_platform(config.Backend.NPU)
    x = torch.arange(64, dtype=torch.float32)
    y = torch.zeros(64, dtype=torch.float32)
    copy_kernel[1](x, y, 64)
    assert torch.equal(y, x)
    log = runtime_log(logs)
    assert "rtMemcpy(dst=dev0+496, max=256, src=host, count=256, H2D)" in log
    assert "rtMemcpy(dst=host, max=256, src=dev1+496, count=256, D2H)" in log


def test_torch_tensor_on_another_device_is_a_clear_error(fake: Path) -> None:
    torch = pytest.importorskip("torch")
    config.set_platform(config.Backend.NPU)
    x = torch.zeros(8, device="meta")
    with pytest.raises(LaunchTypeError) as e:
        copy_kernel[1](x, x, 8)
    assert e.value.message == ("kernel 'copy_kernel': argument 'x' is a torch tensor on device 'meta'; the NPU "
                               "backend takes NPU tensors (torch_npu), which are passed as they are, and CPU "
                               "tensors, which are copied to the device and back")
    assert e.value.location.line == sys._getframe().f_lineno - 4


@pytest.mark.parametrize("case, message", [
    ("non_contiguous", "argument 'x' is a non-contiguous numpy array; pass np.ascontiguousarray(x) (kernels "
                       "address memory linearly)"),
    ("read_only", "argument 'y' is a read-only numpy array; kernels may write to it"),
    ("complex", "argument 'x': element type 'complex64' is not supported by pyasc kernels"),
    ("too_big", "argument 'n': 1099511627776 does not fit in int32"),
])
def test_npu_argument_errors_are_launch_errors_at_the_line(fake: Path, logs: Path, case: str, message: str) -> None:
    """On the NPU these were bare TypeErrors without the kernel's name or the launch line (the Model backend's
    are LaunchTypeErrors naming both); nothing reaches the runtime."""
    config.set_platform(config.Backend.NPU)
    x, y, n = np.zeros(16, np.float32), np.zeros(16, np.float32), 16
    if case == "non_contiguous":
        x = np.zeros(32, np.float32)[::2]
    elif case == "read_only":
        y.flags.writeable = False
    elif case == "complex":
        x, y = x.astype(np.complex64), y.astype(np.complex64)
    else:
        n = 1 << 40
    with pytest.raises(LaunchTypeError) as e:
        copy_kernel[1](x, y, n)
    assert (e.value.location.file, e.value.location.line) == (__file__, sys._getframe().f_lineno - 1)
    assert e.value.message == f"kernel 'copy_kernel': {message}"
    assert str(e.value).startswith(f"{__file__}:{e.value.location.line}: launch error: kernel 'copy_kernel': ")
    assert not any(line.startswith(("rtMalloc", "rtKernelLaunch")) for line in runtime_log(logs))


@pytest.mark.skipif(not (ACCEPTANCE / "add.py").exists(), reason="../shared/acceptance is not next to the checkout")
def test_acceptance_add_runs_on_the_fake_npu(fake: Path, logs: Path) -> None:
    """`add.py -r NPU` end to end: the fake torch_npu's tensors are device memory, passed as they are."""
    proc = run_python(str(ACCEPTANCE / "add.py"), "-r", "NPU", "-v", "Ascend910B1",
                      env={"PYTHONPATH": os.pathsep.join([str(fake / "python"), str(Path(__file__).parent)])})
    assert proc.returncode == 0, proc.stderr
    assert "[INFO] Sample add run success." in proc.stderr
    log = runtime_log(logs)
    launch = next(line for line in log if line.startswith("rtKernelLaunch"))
    tensors = re.findall(r"-> (dev\d+)", "\n".join(log[:log.index(launch)]))[:3]
    assert launch == (f"rtKernelLaunch(pyasc_vadd_kernel, blockDim=8, argsSize=40, args=[{tensors[0]}, {tensors[1]}, "
                      f"{tensors[2]}, 2048, dev3+496], smDesc=NULL, stream0)")
    # Only the ffts_addr buffer is copied: the tensors are already on the device.
    assert [line for line in log if line.startswith("rtMemcpy")] == [
        "rtMemcpy(dst=dev3+496, max=8, src=host, count=8, H2D)", "rtMemcpy(dst=host, max=8, src=dev3+496, count=8, D2H)"]


def test_dump_path_keeps_the_binary_and_dry_run_does_not_launch(fake: Path, logs: Path, tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYASC_DUMP_PATH", str(tmp_path / "dump"))
    monkeypatch.setenv("DRY_RUN", "1")
    config.set_platform(config.Backend.NPU)
    x = np.arange(8, dtype=np.uint32)
    y = np.zeros(8, dtype=np.uint32)
    copy_kernel[1](x, y, 8)
    assert not y.any()
    assert not any(line.startswith(("rtMalloc", "rtKernelLaunch")) for line in runtime_log(logs))
    (folder,) = (tmp_path / "dump").iterdir()
    assert folder.name.startswith("copy_kernel-")
    assert (folder / "binary.o").read_bytes()[:8] == b"FAKEPACK"
    assert "__gm__ uint32_t* y, int32_t n, GM_ADDR ffts_addr) {" in (folder / "ascendc.cpp").read_text()


def test_bisheng_settings_reject_options_that_would_do_nothing() -> None:
    from asc.runtime.options import JitOptions

    with pytest.raises(ValueError, match=r"^auto_sync_log names the log of bisheng's automatic synchronisation; "
                                         r"it needs auto_sync=True$"):
        npu.CompileSettings.of(JitOptions().merged(auto_sync=False, auto_sync_log="x.log"), False)
    with pytest.raises(TypeError, match=r"^bisheng_options must be a tuple of strings, got '-O0'$"):
        npu.CompileSettings.of(JitOptions().merged(bisheng_options="-O0"), False)
    settings = npu.CompileSettings.of(JitOptions().merged(opt_level=2, debug=True, bisheng_options=("-v",)), True)
    assert settings == npu.CompileSettings(2, True, True, "", ("-v",), True)


def test_a_list_tensor_is_refused_on_the_npu(fake: Path) -> None:
    from asc.runtime import list_tensor

    config.set_platform(config.Backend.NPU)
    with pytest.raises(LaunchTypeError) as e:
        copy_kernel[1](list_tensor([np.zeros(4, np.float32)]), np.zeros(8, np.uint64), 8)
    assert e.value.message == ("kernel 'copy_kernel': argument 'x' is an asc.runtime.ListTensor, which only the "
                               "Model backend (simulator) runs: its descriptor holds host addresses, not device ones")


def test_low_level_binary_register_and_launch(fake: Path, logs: Path) -> None:
    """asc.lib.runtime's register_device_binary_kernel / register_function / launch_kernel / synchronize /
    unregister_device_binary_kernel / c2c_ctrl_addr / device_info reach the CANN calls in order."""
    config.set_platform(config.Backend.NPU, config.Platform.Ascend910B1)
    x = np.arange(16, dtype=np.float32)
    copy_kernel[1](x, x.copy(), 16)  # builds the binary the low-level calls register again
    built = npu_runtime.runtime(npu.require_cann()).kernels[0]
    assert rt.is_initialized()
    start = len(runtime_log(logs))
    kernel = rt.register_device_binary_kernel(built.binary, rt.magic_elf_value(rt.CoreType.VectorCore))
    fn = rt.register_function(kernel, built.symbol, 0)
    stream = rt.create_stream()
    y = np.zeros_like(x)
    ffts = np.zeros(1, dtype=np.uint64)
    # The fake's device memory is host memory: the arrays' addresses stand for device addresses.
    rt.launch_kernel(fn, 1, [x.ctypes.data, y.ctypes.data, 16, ffts.ctypes.data], stream_handle=stream)
    rt.synchronize(stream)
    np.testing.assert_array_equal(y, x)
    with pytest.raises(ValueError, match=r"^launch_kernel: block_num is an int from 1 to 65535, got 0$"):
        rt.launch_kernel(fn, 0, [])
    with pytest.raises(TypeError, match=r"^launch_kernel: args\[1\] is a 64-bit argument word .*, got -1$"):
        rt.launch_kernel(fn, 1, [0, -1])
    with pytest.raises(ValueError, match=r"^launch_kernel: num_args \(3\) is more than the 2 args given$"):
        rt.launch_kernel(fn, 1, [0, 1], num_args=3)
    assert rt.c2c_ctrl_addr() == 0xE7FFE8064000
    rt.unregister_device_binary_kernel(kernel)
    with pytest.raises(ValueError, match=r"^launch_kernel: fn_handle is not a function of register_function"):
        rt.launch_kernel(fn, 1, [])
    with pytest.raises(ValueError, match=r"^register_function: pyasc registers functions with mode 0 only, got 1$"):
        rt.register_function(kernel, built.symbol, 1)
    assert rt.device_info(rt.DeviceModuleType.RT_MODULE_TYPE_VECTOR_CORE, rt.DeviceInfoType.INFO_TYPE_CORE_NUM) == 48
    assert runtime_log(logs)[start:] == [
        f"rtDevBinaryRegister(magic=0x41415246, version=0, length={len(built.binary)}) -> bin1",
        "rtFunctionRegister(bin1, stub=name, name=pyasc_copy_kernel, info=pyasc_copy_kernel, mode=0)",
        "rtStreamCreate(priority=0) -> stream1",
        "rtKernelLaunch(pyasc_copy_kernel, blockDim=1, argsSize=32, args=[host, host, 16, host], smDesc=NULL, "
        "stream1)",
        "rtStreamSynchronize(stream1)",
        "rtGetC2cCtrlAddr() -> 0xe7ffe8064000",
        "rtDevBinaryUnRegister(bin1)",
    ]
    fn2 = rt.register_function(rt.register_device_binary_kernel(built.binary, 0x41415246), built.symbol, 0)
    rt.reset_device()
    assert runtime_log(logs)[-4:] == ["rtDevBinaryUnRegister(bin0)", "rtStreamDestroy(stream0)",
                                      "rtStreamDestroy(stream1)", "rtDeviceReset(0)"]
    assert stream.destroyed
    with pytest.raises(ValueError, match=r"^launch_kernel: fn_handle is not a function of register_function"):
        rt.launch_kernel(fn2, 1, [])  # the device reset dropped its binary


def test_destroy_stream_destroys_its_cann_stream(fake: Path, logs: Path) -> None:
    """rt.destroy_stream on the NPU releases the CANN stream a launch created for it (rtStreamDestroy) at once,
    not at exit; a stream no launch used has none to destroy."""
    config.set_platform(config.Backend.NPU, config.Platform.Ascend910B1)
    x = np.arange(16, dtype=np.float32)
    stream = rt.create_stream()
    copy_kernel[1, stream](x, x.copy(), 16)
    start = len(runtime_log(logs))
    rt.destroy_stream(stream)
    rt.destroy_stream(rt.create_stream())  # never launched on: no CANN call
    assert runtime_log(logs)[start:] == ["rtStreamDestroy(stream0)"]
    npu_runtime._close_all()
    assert runtime_log(logs)[-3:] == ["rtDevBinaryUnRegister(bin0)", "rtDeviceReset(0)", "aclFinalize()"]


#: Every tutorial: the fake runs the cube object of an AIC_ONLY binary (06, 08) on the simulator's cube
#: cores, the vector object of the others (the mix ones, 07 and 09, start both).
NPU_TUTORIALS = ["01_add/add.py", "02_add_framework/add_framework.py", "03_gelu/gelu.py", "04_softmax/softmax.py",
                 "05_cast_scale/cast_scale.py", "06_matmul_basic/matmul_basic.py", "07_matmul_mix/matmul_mix.py",
                 "08_matmul_cube_only/matmul_cube_only.py", "09_matmul_leakyrelu/matmul_leakyrelu.py",
                 "10_rmsnorm_softmax/rmsnorm_softmax.py", "11_topk/topk.py"]


@pytest.mark.parametrize("script", NPU_TUTORIALS, ids=[s.split("/")[0] for s in NPU_TUTORIALS])
def test_tutorial_runs_on_the_fake_npu(fake: Path, logs: Path, script: str) -> None:
    """`-r NPU` as the tutorials document it: the NPU has no simulator report (last_launch() is None),
    so a tutorial checks its result and succeeds without printing an estimate. The cube tutorials
    register cube (06, 08: AIC_ONLY) and mix (07, 09: MIX_AIC_1_2) binaries."""
    proc = run_python(str(Path(__file__).resolve().parents[1] / "tutorials" / script), "-r", "NPU", "-v",
                      "Ascend910B1", env={"PYTHONPATH": os.pathsep.join([str(fake / "python"),
                                                                         str(Path(__file__).parent)])})
    assert proc.returncode == 0, proc.stderr[-3000:]
    number = script[:2]
    assert f"Tutorial {number} " in proc.stderr and " run success" in proc.stderr
    assert "estimated NPU time" not in proc.stderr
    magics = {re.search(r"magic=(0x[0-9a-f]+)", line).group(1) for line in runtime_log(logs)
              if line.startswith("rtDevBinaryRegister")}
    assert magics == {{"06": "0x41494343", "08": "0x41494343", "07": "0x43554245",
                       "09": "0x43554245"}.get(number, "0x41415246")}

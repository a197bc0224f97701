"""The CANN runtime through pyasc's shim (npu_shim.cpp), and the launch sequence of one kernel.

The shim is compiled on first use with the host C++ compiler against the CANN headers and
libraries found, cached like a kernel (the key holds its source, the CANN root, version.cfg and
the flags) and loaded with ctypes. Each wrapped call returns the runtime's code; a non-zero code
raises `NpuRuntimeError` naming the CANN function and the code.

One launch (`NpuRuntime.launch`): the device and pyasc's stream on first use (`rtSetDevice`,
`rtStreamCreate`); the binary and its function registered once per kernel
(`rtDevBinaryRegister`, `rtFunctionRegister`); for every memory argument - the user's arrays and
tensors in order, then the one-word `ffts_addr` buffer (`rtGetC2cCtrlAddr`), then the 75 MiB
debug buffer of a kernel that prints - `rtMalloc` of its size plus 512 bytes, the pointer
rounded up to 512, and `rtMemcpy` host to device; the argument blob; `rtKernelLaunch`;
`rtStreamSynchronize`; every buffer copied back into its numpy array / CPU tensor / struct
(`rtMemcpy` device to host; the debug buffer is printed instead) and freed. NPU tensors
(torch_npu) are passed by their device address, without copies. At exit: the binaries
unregistered, the streams destroyed, the device reset, ACL finalised.
"""

from __future__ import annotations

import atexit
import ctypes
import struct
import subprocess
import sys
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from ...language.core import dtype as dt
from ..specialize import ArgSpec, spec_of, struct_buffer
from .npu import Cann, NpuKernel, NpuUnavailableError

SHIM_SOURCE = Path(__file__).with_name("npu_shim.cpp")
#: Device buffers are rounded up to this alignment (and allocated this much larger).
ALIGNMENT = 512
#: Buffers larger than this are allocated from huge pages.
HUGE_PAGE_THRESHOLD = 2048
#: The debug dump buffer of a kernel that prints: 75 slices of 1 MiB.
DUMP_BUFFER_BYTES = 75 * 1024 * 1024
#: pyasc's module id in the runtime's memory accounting.
MODULE_ID = 33


#: What a few CANN runtime error codes mean (CANN's ACL_ERROR_RT_* codes; the others are named only by
#: number, and CANN's log says what they mean).
ERROR_MEANINGS = {
    107000: "an invalid argument",
    207001: "device memory could not be allocated",
    507014: "the AI Core timed out: the kernel hangs, e.g. on a wait no core sets or an all-core sync with more "
            "blocks than cores",
    507015: "the kernel raised an exception on the AI Core, e.g. an access outside its memory",
}

#: What to do when a call fails, by call.
_SIMULATOR = ("run the kernel on pyasc's simulator, which names the failing line: "
              "`asc.runtime.config.set_platform(asc.runtime.config.Backend.Model)` (for the tutorials: "
              "`-r Model`)")
_LOG = "CANN's log (under $ASCEND_PROCESS_LOG_PATH, by default ~/ascend/log) says why"
ERROR_ADVICE = {
    "rtMalloc": "the device has not enough free memory for the kernel's arguments: pass smaller arrays, or "
                "free device memory (other processes on the NPU: `npu-smi info`)",
    "rtKernelLaunch": f"the runtime refused the launch; {_LOG}; check num_blocks and the kernel type, and "
                      f"{_SIMULATOR}",
    "rtStreamSynchronize": f"the kernel failed on the device; {_SIMULATOR}; {_LOG}",
    "rtSetDevice": "the device is not available: check the device id (`npu-smi info` lists the devices) and "
                   "that no other process holds it",
}


class NpuRuntimeError(RuntimeError):
    """A CANN runtime call returned an error code: the message names the call, the code (with its meaning
    when pyasc knows it), the kernel, and what to do."""

    def __init__(self, call: str, code: int, context: str = "") -> None:
        meaning = ERROR_MEANINGS.get(code)
        advice = ERROR_ADVICE.get(call, _LOG)
        super().__init__(f"CANN runtime call {call} failed with error code {code}"
                         f"{f' ({meaning})' if meaning else ''}{context}: {advice}")
        self.call = call
        self.code = code


# -- arguments ------------------------------------------------------------------------------------

@dataclass
class Arg:
    """One launch argument. Memory: `host` (address, bytes) copied in and out, or `device` (an NPU
    tensor's address, passed as is). Scalar: its little-endian bytes and width."""

    name: str
    kind: str  # "memory" | "device" | "scalar"
    address: int = 0
    nbytes: int = 0
    scalar: bytes = b""
    keep: Any = None  # an object that must live until the launch is over (a struct's buffer)
    copy_back: bool = True


def _torch() -> Any:
    return sys.modules.get("torch")


def prepare(name: str, value: Any, constexpr: bool) -> tuple[ArgSpec, Arg | None]:
    """The compile-time spec of one argument and its launch form (None for a ConstExpr)."""
    from ..specialize import _tensor_info

    torch = _torch()
    if not constexpr and torch is not None and isinstance(value, torch.Tensor) and value.device.type != "cpu":
        if value.device.type != "npu":
            raise TypeError(f"argument '{name}' is a torch tensor on device '{value.device}'; the NPU backend "
                            "takes NPU tensors (torch_npu), which are passed as they are, and CPU tensors, "
                            "which are copied to the device and back")
        if not value.is_contiguous():
            raise TypeError(f"argument '{name}' is a non-contiguous torch tensor; pass {name}.contiguous() "
                            "(kernels address memory linearly)")
        try:
            spec = ArgSpec("pointer", dt.from_numpy_name(str(value.dtype)).name)
        except TypeError as e:
            raise TypeError(f"argument '{name}': {e}") from None
        return spec, Arg(name, "device", address=value.data_ptr(), nbytes=value.numel() * value.element_size(),
                         keep=value)
    spec = spec_of(name, value, constexpr)
    if spec.kind == "constexpr":
        return spec, None
    if spec.kind == "pointer":
        info = _tensor_info(name, value)
        assert info is not None
        return spec, Arg(name, "memory", address=info[0], nbytes=info[1], keep=value)
    if spec.kind == "struct":
        buffer = struct_buffer(value)
        return spec, Arg(name, "memory", address=buffer.ctypes.data, nbytes=buffer.nbytes, keep=buffer)
    try:
        return spec, Arg(name, "scalar", scalar=scalar_bytes(value, spec.dtype))
    except (OverflowError, struct.error) as e:
        raise TypeError(f"argument '{name}': {e}") from None


def scalar_bytes(value: Any, dtype: str) -> bytes:
    """The little-endian bytes of a scalar of DataType `dtype`."""
    from ..specialize import pack_scalar

    width = dt.DataType(dtype).bitwidth // 8
    return pack_scalar(value, dtype).to_bytes(max(width, 1), "little")


def argument_blob(words: list[tuple[str, bytes | int]]) -> bytes:
    """The kernel's argument blob from ("pointer", address) and ("scalar", bytes) items, in order:
    little-endian; scalars under 4 bytes padded to 4, between 4 and 8 to 8, 8-byte scalars and
    pointers (u64) 8-byte aligned; the whole padded to a multiple of 8."""
    blob = bytearray()
    for kind, item in words:
        if kind == "pointer":
            assert isinstance(item, int)
            data = item.to_bytes(8, "little")
        else:
            assert isinstance(item, bytes)
            size = 4 if len(item) <= 4 else 8
            data = item.ljust(size, b"\0")
        if len(data) == 8 and len(blob) % 8:
            blob += b"\0" * (8 - len(blob) % 8)
        blob += data
    if len(blob) % 8:
        blob += b"\0" * (8 - len(blob) % 8)
    return bytes(blob)


# -- the shim -------------------------------------------------------------------------------------

#: The shim's functions: (ctypes argument types, CANN call named in errors).
_VP, _U32, _U64, _I32 = ctypes.c_void_p, ctypes.c_uint32, ctypes.c_uint64, ctypes.c_int32
_FUNCTIONS: dict[str, tuple[list, str]] = {
    "pyasc_acl_init": ([], "aclInit"),
    "pyasc_acl_finalize": ([], "aclFinalize"),
    "pyasc_get_soc_version": ([ctypes.c_char_p, _U32], "rtGetSocVersion"),
    "pyasc_get_device_count": ([ctypes.POINTER(_I32)], "rtGetDeviceCount"),
    "pyasc_set_device": ([_I32], "rtSetDevice"),
    "pyasc_device_reset": ([_I32], "rtDeviceReset"),
    "pyasc_stream_create": ([ctypes.POINTER(_VP), _I32], "rtStreamCreate"),
    "pyasc_stream_destroy": ([_VP], "rtStreamDestroy"),
    "pyasc_stream_synchronize": ([_VP], "rtStreamSynchronize"),
    "pyasc_binary_register": ([_U32, _VP, _U64, ctypes.POINTER(_VP)], "rtDevBinaryRegister"),
    "pyasc_binary_unregister": ([_VP], "rtDevBinaryUnRegister"),
    "pyasc_function_register": ([_VP, _VP], "rtFunctionRegister"),
    "pyasc_malloc": ([ctypes.POINTER(_VP), _U64, ctypes.c_int], "rtMalloc"),
    "pyasc_free": ([_VP], "rtFree"),
    "pyasc_memcpy_to_device": ([_VP, _U64, _VP, _U64], "rtMemcpy"),
    "pyasc_memcpy_to_host": ([_VP, _U64, _VP, _U64], "rtMemcpy"),
    "pyasc_kernel_launch": ([_VP, _U32, _VP, _U32, _VP], "rtKernelLaunch"),
    "pyasc_get_c2c_ctrl_addr": ([ctypes.POINTER(_U64)], "rtGetC2cCtrlAddr"),
    "pyasc_has_print": ([], ""),
    "pyasc_print_workspace": ([_VP, _U64, _VP, ctypes.c_char_p], "Adx::AdumpPrintWorkSpace"),
}


def shim_command(cann: Cann, source: Path, output: Path) -> list[str]:
    from ..launcher import compiler

    cmd = [compiler(), "-w", "-std=c++17", "-shared", "-fPIC", str(source), *cann.header_flags]
    if cann.with_adump:
        cmd.append("-DPYASC_WITH_ADUMP")
    cmd += [f"-L{cann.lib_dir}", *(f"-l{lib}" for lib in cann.libraries), f"-Wl,-rpath,{cann.lib_dir}",
            "-o", str(output)]
    return cmd


def build_shim(cann: Cann) -> Path:
    """The shim compiled against `cann` (cached: source, CANN root, version.cfg, flags, compiler)."""
    import shutil
    import tempfile

    from ..cache import FileCache, make_key
    from ..launcher import compiler_identity

    text = SHIM_SOURCE.read_text()
    probe_cmd = shim_command(cann, Path("shim.cpp"), Path("shim.so"))
    key = make_key("npu-shim", text, str(cann.root), cann.version, " ".join(probe_cmd[1:]), compiler_identity())
    disk = FileCache()
    entry = disk.get(key, "the NPU runtime shim")
    if entry is not None:
        return entry / "libpyasc_npu_shim.so"
    workdir = Path(tempfile.mkdtemp(prefix="pyasc_npu_shim_"))
    try:
        source, output = workdir / "npu_shim.cpp", workdir / "libpyasc_npu_shim.so"
        source.write_text(text)
        cmd = shim_command(cann, source, output)
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode != 0:
            raise NpuUnavailableError(
                f"pyasc's runtime shim did not build against the CANN in {cann.root} (its headers or "
                f"libraries do not match what the shim uses).\ncommand: {' '.join(cmd)}\n{proc.stderr[-4000:]}")
        return disk.put(key, {"libpyasc_npu_shim.so": output}) / "libpyasc_npu_shim.so"
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


class Shim:
    """The loaded shim: `call(name, *args)` raises NpuRuntimeError on a non-zero code."""

    def __init__(self, path: Path) -> None:
        try:
            self.lib = ctypes.CDLL(str(path), mode=ctypes.RTLD_LOCAL)
        except OSError as e:
            raise NpuUnavailableError(f"pyasc's NPU runtime shim {path} does not load: {e}") from None
        for name, (argtypes, _) in _FUNCTIONS.items():
            fn = getattr(self.lib, name)
            fn.argtypes = argtypes
            fn.restype = ctypes.c_int

    def call(self, name: str, *args: Any, context: str = "") -> None:
        code = getattr(self.lib, name)(*args)
        if code != 0:
            raise NpuRuntimeError(_FUNCTIONS[name][1], code, context)


# -- the runtime ----------------------------------------------------------------------------------

@dataclass
class _Registration:
    handle: int
    stub: Any  # the ctypes buffer holding the function name; its address is the stub


class NpuRuntime:
    """The CANN runtime of this process: device, streams, registered kernels."""

    def __init__(self, cann: Cann) -> None:
        self.cann = cann
        self.shim = Shim(build_shim(cann))
        self.shim.call("pyasc_acl_init")
        self.device: int | None = None
        self.streams: dict[int, tuple[Any, int]] = {}  # id(Stream) -> (Stream, handle)
        self.kernels: list[NpuKernel] = []
        self.closed = False
        #: One launch at a time: registration, buffers and the stream map are shared.
        self.lock = threading.Lock()

    # -- queries ----------------------------------------------------------------------------------
    def soc_version(self) -> str:
        buffer = ctypes.create_string_buffer(64)
        self.shim.call("pyasc_get_soc_version", buffer, 64)
        return buffer.value.decode()

    def device_count(self) -> int:
        count = ctypes.c_int32(0)
        self.shim.call("pyasc_get_device_count", ctypes.byref(count))
        return count.value

    # -- device and streams -----------------------------------------------------------------------
    def ensure_device(self, device: int) -> None:
        if self.device == device:
            return
        if self.device is not None:
            self._release_device()
        self.shim.call("pyasc_set_device", device)
        self.device = device

    def stream_handle(self, stream: Any) -> int:
        from ...lib import runtime as rt

        if stream is None:
            stream = rt.current_stream()
        found = self.streams.get(id(stream))
        if found is not None and found[0] is stream:
            return found[1]
        handle = ctypes.c_void_p()
        self.shim.call("pyasc_stream_create", ctypes.byref(handle), int(getattr(stream, "priority", 0)))
        assert handle.value is not None
        self.streams[id(stream)] = (stream, handle.value)
        return handle.value

    def destroy_stream(self, stream: Any) -> None:
        """rt.destroy_stream: the CANN stream behind `stream`, if one was created, is destroyed now."""
        with self.lock:
            found = self.streams.get(id(stream))
            if found is not None and found[0] is stream:
                del self.streams[id(stream)]
                self.shim.call("pyasc_stream_destroy", found[1])

    def _release_device(self) -> None:
        for kernel in self.kernels:
            if kernel.registration is not None:
                self.shim.call("pyasc_binary_unregister", kernel.registration.handle)
                kernel.registration = None
        self.kernels.clear()
        for _, handle in self.streams.values():
            self.shim.call("pyasc_stream_destroy", handle)
        self.streams.clear()
        assert self.device is not None
        self.shim.call("pyasc_device_reset", self.device)
        self.device = None

    def close(self) -> None:
        """At exit: binaries unregistered, streams destroyed, device reset, ACL finalised."""
        if self.closed:
            return
        self.closed = True
        if self.device is not None:
            self._release_device()
        self.shim.call("pyasc_acl_finalize")

    # -- one launch -------------------------------------------------------------------------------
    def register(self, kernel: NpuKernel) -> _Registration:
        if kernel.registration is None:
            data = ctypes.create_string_buffer(kernel.binary, len(kernel.binary))
            handle = ctypes.c_void_p()
            self.shim.call("pyasc_binary_register", kernel.magic, data, len(kernel.binary), ctypes.byref(handle))
            assert handle.value is not None
            stub = ctypes.create_string_buffer(kernel.symbol.encode())
            self.shim.call("pyasc_function_register", handle.value, stub)
            kernel.registration = _Registration(handle.value, stub)
            self.kernels.append(kernel)
        return kernel.registration

    def ffts_address(self) -> int:
        address = ctypes.c_uint64(0)
        self.shim.call("pyasc_get_c2c_ctrl_addr", ctypes.byref(address))
        return address.value

    def launch(self, kernel: NpuKernel, num_blocks: int, stream: Any, args: list[Arg]) -> None:
        with self.lock:
            self._launch(kernel, num_blocks, stream, args)

    def _launch(self, kernel: NpuKernel, num_blocks: int, stream: Any, args: list[Arg]) -> None:
        from .. import config

        context = f" (kernel '{kernel.name}')"
        self.ensure_device(config.current_device())
        stream_handle = self.stream_handle(stream)
        registration = self.register(kernel)
        ffts = np.array([self.ffts_address()], dtype=np.uint64)
        args = [*args, Arg("ffts_addr", "memory", address=ffts.ctypes.data, nbytes=ffts.nbytes, keep=ffts)]
        dump = None
        if kernel.dump:
            if not self.shim.lib.pyasc_has_print():
                raise NpuUnavailableError(
                    f"kernel '{kernel.name}' prints (printf / dump_tensor), but libascend_dump and its header "
                    f"adump/adump_pub.h were not found in {self.cann.root}; set ASCENDC_DUMP=0 to build it "
                    "without printing")
            dump = np.zeros(DUMP_BUFFER_BYTES, dtype=np.int8)
            args.append(Arg("dump_addr", "memory", address=dump.ctypes.data, nbytes=dump.nbytes, keep=dump,
                            copy_back=False))
        allocations: list[tuple[Arg, int, int]] = []  # (arg, allocated pointer, aligned pointer)
        try:
            words: list[tuple[str, bytes | int]] = []
            for arg in args:
                if arg.kind == "scalar":
                    words.append(("scalar", arg.scalar))
                elif arg.kind == "device":
                    words.append(("pointer", arg.address))
                else:
                    pointer = ctypes.c_void_p()
                    self.shim.call("pyasc_malloc", ctypes.byref(pointer), arg.nbytes + ALIGNMENT,
                                   int(arg.nbytes > HUGE_PAGE_THRESHOLD), context=context)
                    assert pointer.value is not None
                    aligned = (pointer.value + ALIGNMENT - 1) // ALIGNMENT * ALIGNMENT
                    allocations.append((arg, pointer.value, aligned))
                    self.shim.call("pyasc_memcpy_to_device", aligned, arg.nbytes, arg.address, arg.nbytes,
                                   context=context)
                    words.append(("pointer", aligned))
            blob = argument_blob(words)
            buffer = ctypes.create_string_buffer(blob, len(blob))
            self.shim.call("pyasc_kernel_launch", ctypes.addressof(registration.stub), num_blocks, buffer,
                           len(blob), stream_handle, context=context)
            self.shim.call("pyasc_stream_synchronize", stream_handle, context=context)
            for arg, _, aligned in allocations:
                if arg.copy_back:
                    self.shim.call("pyasc_memcpy_to_host", arg.address, arg.nbytes, aligned, arg.nbytes,
                                   context=context)
                else:
                    self.shim.call("pyasc_print_workspace", aligned, arg.nbytes, stream_handle,
                                   kernel.name.encode(), context=context)
        finally:
            errors = []
            for _, pointer, _ in allocations:
                try:
                    self.shim.call("pyasc_free", pointer, context=context)
                except NpuRuntimeError as e:
                    errors.append(e)
            if errors and sys.exc_info()[0] is None:
                raise errors[0]


_RUNTIMES: dict[Path, NpuRuntime] = {}
_RUNTIMES_LOCK = threading.Lock()


def runtime(cann: Cann) -> NpuRuntime:
    """The runtime of the CANN at `cann.root`, set up on first use (one per process and root)."""
    found = _RUNTIMES.get(cann.root)
    if found is None:
        with _RUNTIMES_LOCK:
            found = _RUNTIMES.get(cann.root)
            if found is None:
                found = _RUNTIMES[cann.root] = NpuRuntime(cann)
    return found


def live_runtimes() -> list[NpuRuntime]:
    """The runtimes set up so far (none unless an NPU launch or call needed one)."""
    return list(_RUNTIMES.values())


@atexit.register
def _close_all() -> None:
    for rt_ in _RUNTIMES.values():
        try:
            rt_.close()
        except NpuRuntimeError as e:  # at exit there is no caller left to raise to
            print(f"pyasc: {e} while releasing the NPU", file=sys.stderr)
    _RUNTIMES.clear()

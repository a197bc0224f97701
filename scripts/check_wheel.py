"""Builds pyasc's wheel and checks that it installs and runs anywhere (`make wheel-test`).

1. `pip wheel .` (the wheel build: MLIR/LLVM linked statically, see pyproject.toml), into build/dist;
2. `auditwheel show` on it, and the wheel's own check: every shared object in it needs only system
   libraries (libc, libm, libstdc++, libgcc_s, ...) or libraries in the wheel, with no RUNPATH
   outside it;
3. a fresh virtual environment (no system site-packages) gets the wheel (and numpy) by pip;
   `ldd` of every installed shared object must find all its libraries, none from an LLVM;
4. a kernel written to a temporary folder is compiled and run there by the fresh environment's
   Python in isolated mode (`-I`: neither the source tree nor PYTHONPATH is on sys.path), with
   the result compared against numpy. Where a mount namespace can be made (`unshare -rm`), the
   source tree, /usr/lib/llvm-19 and every libLLVM/libMLIR of the loader's cache are hidden from
   it; in any case the kernel's process checks that it loaded pyasc from the fresh environment and
   that no LLVM/MLIR library is mapped into it.

Exits non-zero on the first failed check. The wheel build reuses build/wheel (incremental).
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "build" / "dist"

#: Libraries every Linux has (the manylinux policies' list, less the X11/GL ones pyasc never needs).
SYSTEM_LIBS = {
    "libc.so.6", "libm.so.6", "libdl.so.2", "librt.so.1", "libpthread.so.0", "libutil.so.1",
    "libstdc++.so.6", "libgcc_s.so.1", "ld-linux-x86-64.so.2",
}

#: The files the package needs at run time besides its Python sources.
REQUIRED_FILES = [
    "asc/_C/_ods.py",
    "asc/_C/_ods_ops.py",
    "asc/_C/_ods_info.py",
    "asc/_C/libascsim.so",
    "asc/_C/include/kernel_operator.h",
    "asc/_C/include/ascsim/gen/Hardware.h",
    "asc/_C/pch/kernel_operator.h.gch",
    "asc/runtime/backends/npu_shim.cpp",
]

KERNEL = '''
import sys
from pathlib import Path

import numpy as np

import asc
import asc.lib.runtime as rt
import asc.runtime.config as config

BUFFER_NUM = 2


@asc.jit
def scaled_add(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, block_length: int,
               scale: float, tile_length: asc.ConstExpr[int]):
    offset = asc.get_block_idx() * block_length
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset, block_length)
    y_gm.set_global_buffer(y + offset, block_length)
    z_gm.set_global_buffer(z + offset, block_length)
    pipe = asc.TPipe()
    in_x = asc.TQue(asc.TPosition.VECIN, BUFFER_NUM)
    in_y = asc.TQue(asc.TPosition.VECIN, BUFFER_NUM)
    out_z = asc.TQue(asc.TPosition.VECOUT, BUFFER_NUM)
    tile_bytes = tile_length * x.dtype.sizeof()
    pipe.init_buffer(que=in_x, num=BUFFER_NUM, len=tile_bytes)
    pipe.init_buffer(que=in_y, num=BUFFER_NUM, len=tile_bytes)
    pipe.init_buffer(que=out_z, num=BUFFER_NUM, len=tile_bytes)
    for i in range(block_length // tile_length):
        x_local = in_x.alloc_tensor(x.dtype)
        y_local = in_y.alloc_tensor(x.dtype)
        asc.data_copy(x_local, x_gm[i * tile_length:], tile_length)
        asc.data_copy(y_local, y_gm[i * tile_length:], tile_length)
        in_x.enque(x_local)
        in_y.enque(y_local)
        x_local = in_x.deque(x.dtype)
        y_local = in_y.deque(x.dtype)
        z_local = out_z.alloc_tensor(x.dtype)
        asc.add(z_local, x_local, y_local, tile_length)
        asc.muls(z_local, z_local, scale, tile_length)
        out_z.enque(z_local)
        in_x.free_tensor(x_local)
        in_y.free_tensor(y_local)
        z_local = out_z.deque(x.dtype)
        asc.data_copy(z_gm[i * tile_length:], z_local, tile_length)
        out_z.free_tensor(z_local)


package = Path(asc.__file__).resolve().parent
assert package.is_relative_to(Path(sys.prefix).resolve()), f"asc imported from {package}, not {sys.prefix}"
config.set_platform("Model", "Ascend910B1")
blocks, tile = 4, 256
rng = np.random.default_rng(0)
x = rng.random(blocks * 4 * tile, dtype=np.float32)
y = rng.random(blocks * 4 * tile, dtype=np.float32)
z = np.zeros_like(x)
scaled_add[blocks, rt.current_stream()](x, y, z, x.size // blocks, 1.5, tile)
np.testing.assert_allclose(z, (x + y) * np.float32(1.5), rtol=1e-6)
maps = Path("/proc/self/maps").read_text()
loaded = sorted({line.split()[-1] for line in maps.splitlines() if line.split()[-1].startswith("/")})
assert any(p.endswith(".so") and "/asc/_C/_asc" in p for p in loaded), "the compiler module was not loaded"
llvm = [p for p in loaded if "llvm" in p.lower() or "mlir" in p.lower()]
assert not llvm, f"LLVM/MLIR libraries loaded: {llvm}"
print(f"kernel ok: {x.size} float32 elements, pyasc from {package}, no LLVM/MLIR library mapped")
'''


def run(cmd: list[str], **kwargs) -> subprocess.CompletedProcess:
    print("+", " ".join(cmd), flush=True)
    return subprocess.run(cmd, check=True, **kwargs)


def fail(message: str) -> None:
    sys.exit(f"check_wheel: FAILED: {message}")


def build_wheel() -> Path:
    DIST.mkdir(parents=True, exist_ok=True)
    for old in DIST.glob("pyasc-*.whl"):
        old.unlink()
    run([sys.executable, "-m", "pip", "wheel", "--no-build-isolation", "--no-deps", "-w", str(DIST), str(ROOT)])
    wheels = list(DIST.glob("pyasc-*.whl"))
    if len(wheels) != 1:
        fail(f"expected one wheel in {DIST}, found {wheels}")
    return wheels[0]


def elf_dynamic(path: Path) -> tuple[list[str], list[str]]:
    """NEEDED and RUNPATH/RPATH entries of a shared object."""
    out = subprocess.run(["readelf", "-d", str(path)], check=True, capture_output=True, text=True).stdout
    needed = re.findall(r"\(NEEDED\)\s+Shared library: \[(.+?)\]", out)
    paths = re.findall(r"\((?:RUNPATH|RPATH)\)\s+Library (?:runpath|rpath): \[(.+?)\]", out)
    return needed, [p for entry in paths for p in entry.split(":")]


def check_contents(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
        missing = [f for f in REQUIRED_FILES if f not in names]
        if missing:
            fail(f"the wheel lacks {missing}")
        with tempfile.TemporaryDirectory() as tmp:
            objects = [n for n in names if n.endswith(".so")]
            in_wheel = {Path(n).name for n in objects}
            for name in objects:
                zf.extract(name, tmp)
                needed, paths = elf_dynamic(Path(tmp) / name)
                foreign = [lib for lib in needed if lib not in SYSTEM_LIBS and lib not in in_wheel]
                if foreign:
                    fail(f"{name} needs {foreign}, neither system libraries nor in the wheel")
                outside = [p for p in paths if not p.startswith("$ORIGIN")]
                if outside:
                    fail(f"{name} has run paths outside the wheel: {outside}")
                print(f"  {name}: needs {', '.join(needed)}")
    print(f"wheel contents ok: {len(names)} files, {len(objects)} shared objects")


def auditwheel_show(wheel: Path) -> None:
    out = run([sys.executable, "-m", "auditwheel", "show", str(wheel)], capture_output=True, text=True).stdout
    print(out)
    # A library outside the manylinux policy (libLLVM, libz, ...) makes it say "linux_x86_64".
    verdict = re.search(r'consistent with the following platform tag: "([^"]+)"', " ".join(out.split()))
    if not verdict or not verdict.group(1).startswith("manylinux_"):
        fail("auditwheel finds the wheel needs libraries outside the manylinux policy")


def hiding_script() -> str:
    """Shell commands (for a private mount namespace) hiding LLVM/MLIR and the source tree."""
    hide = [f"mount -t tmpfs none {shlex.quote(str(ROOT))}"]
    if Path("/usr/lib/llvm-19").is_dir():
        hide.append("mount -t tmpfs none /usr/lib/llvm-19")
    cache = subprocess.run(["ldconfig", "-p"], capture_output=True, text=True).stdout
    libs = sorted(set(re.findall(r"=> (\S*lib(?:LLVM|MLIR)[^/\s]*)$", cache, re.M)))
    hide += [f"mount --bind /dev/null {shlex.quote(lib)}" for lib in libs if Path(lib).exists()]
    return " && ".join(hide)


def can_hide(hide: str) -> bool:
    """Whether this machine lets an unprivileged process make a mount namespace and hide them."""
    unshare = shutil.which("unshare")
    return bool(unshare) and subprocess.run([unshare, "-rm", "sh", "-c", hide], capture_output=True).returncode == 0


def check_installed(python: Path) -> None:
    """`ldd` of every shared object of the installed package: all found, none from an LLVM."""
    site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['platlib'])"],
                          check=True, capture_output=True, text=True).stdout.strip()
    objects = sorted((Path(site) / "asc").rglob("*.so"))
    if not objects:
        fail(f"no shared object installed under {site}/asc")
    for so in objects:
        out = subprocess.run(["ldd", str(so)], check=True, capture_output=True, text=True).stdout
        bad = [line.strip() for line in out.splitlines()
               if "not found" in line or "llvm" in line.lower() or "mlir" in line.lower()]
        if bad:
            fail(f"ldd {so}: {bad}")
    print(f"installed shared objects ok (ldd): {', '.join(so.name for so in objects)}")


def run_kernel(python: Path, workdir: Path) -> None:
    script = workdir / "scaled_add.py"
    script.write_text(KERNEL)
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("PYTHON", "PYASC_", "VIRTUAL_ENV", "LD_LIBRARY_PATH"))}
    env["PYASC_HOME"] = str(workdir / "pyasc-home")
    cmd = [str(python), "-I", str(script)]
    hide = hiding_script()
    if can_hide(hide):
        print(f"hiding from the kernel's process: {hide}")
        cmd = ["unshare", "-rm", "sh", "-c", f'{hide} && exec "$0" "$@"', *cmd]
    else:
        print("no mount namespace here (`unshare -rm` fails): LLVM and the source tree stay visible; "
              "the kernel's process checks what it loaded")
    run(cmd, cwd=workdir, env=env)


def main() -> None:
    start = time.monotonic()
    wheel = build_wheel()
    built = time.monotonic()
    print(f"built {wheel.name}: {wheel.stat().st_size / 1e6:.1f} MB in {built - start:.0f} s")
    check_contents(wheel)
    auditwheel_show(wheel)
    with tempfile.TemporaryDirectory(prefix="pyasc-wheel-") as tmp:
        workdir = Path(tmp)
        venv = workdir / "venv"
        run([sys.executable, "-m", "venv", str(venv)])
        python = venv / "bin" / "python"
        run([str(python), "-m", "pip", "install", "-q", str(wheel)])
        check_installed(python)
        run_kernel(python, workdir)
    print(f"check_wheel: OK ({wheel.name}, {wheel.stat().st_size / 1e6:.1f} MB; build {built - start:.0f} s, "
          f"total {time.monotonic() - start:.0f} s)")


if __name__ == "__main__":
    main()

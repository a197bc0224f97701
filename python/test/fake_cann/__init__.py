"""A fake CANN installation for testing the NPU backend without an NPU (docs/npu.md).

`build(dest)` lays out a directory like ASCEND_HOME_PATH:

* `compiler/ccec_compiler/bin/bisheng` (bisheng.py) and `ld.lld` (ld_lld.py): record their command
  lines in `$FAKE_CANN_LOG_DIR/tools.jsonl`; bisheng compiles the Ascend C with the host compiler
  against pyasc's simulator headers, ld.lld packs the objects;
* `include/acl/acl.h`, `include/adump/adump_pub.h` and `runtime/rt.h` (under `include/experiment`,
  or `<arch>-linux/pkg_inc` with `layout="pkg_inc"`): the entry points pyasc's shim calls, written
  for these tests;
* `lib64/libruntime.so`, `libascendcl.so`, `libascend_dump.so` (src/): log every call to
  `$FAKE_CANN_LOG_DIR/runtime.log`, keep device memory in host memory and run launched kernels on
  the simulator (the cube object of a cube-magic binary, else the vector one); `$FAKE_CANN_FAIL=<call>=<code>`
  makes a call fail;
* `version.cfg`, `include/version/cann_version.h`, `compiler/tikcpp/tikcfw/{impl,interface}`;
* `python/torch_npu`: a stand-in for torch_npu (fake_torch_npu.py) whose "npu" tensors live in
  host memory, which is the fake's device memory.

`cached_tree()` builds it once per source state under the pytest cache directory.
"""

from __future__ import annotations

import hashlib
import json
import os
import platform
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
VERSION = "Version=8.0.fake\n"


def _sources() -> list[Path]:
    return sorted(p for p in HERE.rglob("*") if p.is_file() and "__pycache__" not in p.parts)


def _config() -> dict:
    from asc import _C
    from asc.runtime import launcher
    from asc.runtime.kernel_flags import CXX_FLAGS

    return {"cxx": launcher.compiler(), "cxx_flags": list(CXX_FLAGS), "pch": launcher._pch_include(False),
            "sim_include": str(_C.SIM_INCLUDE_DIR), "sim_lib": str(_C.NATIVE_DIR)}


def _install_script(source: Path, target: Path, config: dict) -> None:
    text = source.read_text().replace(
        'CONFIG = json.loads(os.environ.get("FAKE_CANN_CONFIG", "{}")) or {}  # replaced when installed',
        f"CONFIG = {json.dumps(config)!r}\nCONFIG = json.loads(CONFIG)")
    target.write_text(f"#!{sys.executable}\n{text}")
    target.chmod(0o755)


def build(dest: Path, layout: str = "experiment") -> Path:
    """Builds the fake tree in `dest` (which must not exist); returns `dest`."""
    config = _config()
    tmp = dest.with_name(dest.name + ".partial")
    shutil.rmtree(tmp, ignore_errors=True)
    bin_dir = tmp / "compiler" / "ccec_compiler" / "bin"
    bin_dir.mkdir(parents=True)
    _install_script(HERE / "bisheng.py", bin_dir / "bisheng", config)
    _install_script(HERE / "ld_lld.py", bin_dir / "ld.lld", config)
    for sub in ("impl", "interface"):
        (tmp / "compiler" / "tikcpp" / "tikcfw" / sub).mkdir(parents=True)
    include = tmp / "include"
    shutil.copytree(HERE / "include" / "acl", include / "acl")
    shutil.copytree(HERE / "include" / "adump", include / "adump")
    runtime_dir = (include / "experiment" if layout == "experiment"
                   else tmp / f"{platform.machine()}-linux" / "pkg_inc")
    shutil.copytree(HERE / "include" / "runtime", runtime_dir / "runtime")
    (include / "version").mkdir()
    (include / "version" / "cann_version.h").write_text('#define FAKE_CANN_VERSION "8.0.fake"\n')
    (tmp / "version.cfg").write_text(VERSION)
    shutil.copytree(HERE / "torch_npu", tmp / "python" / "torch_npu")
    lib = tmp / "lib64"
    lib.mkdir()
    common = [config["cxx"], "-std=c++17", "-O1", "-shared", "-fPIC", "-w", f"-I{HERE / 'include'}",
              f"-I{HERE / 'src'}"]
    builds = [("libruntime.so", "fake_runtime.cpp", [f"-I{config['sim_include']}", f"-L{config['sim_lib']}",
                                                      "-lascsim", f"-Wl,-rpath,{config['sim_lib']}"]),
              ("libascendcl.so", "fake_acl.cpp", []), ("libascend_dump.so", "fake_adump.cpp", [])]
    for name, source, extra in builds:
        subprocess.run([*common, str(HERE / "src" / source), *extra, "-o", str(lib / name)], check=True)
    os.rename(tmp, dest)
    return dest


def cached_tree(cache_root: Path, layout: str = "experiment") -> Path:
    """The fake tree of the current sources and pyasc build, built once under `cache_root`."""
    from asc import _C

    h = hashlib.sha256(f"{layout}\n{sys.executable}\n".encode())
    for path in [*_sources(), _C.SIM_LIBRARY]:
        st = path.stat()
        h.update(f"{path}:{st.st_size}:{st.st_mtime_ns}\n".encode())
    dest = cache_root / f"fake_cann_{layout}_{h.hexdigest()[:16]}"
    if not dest.is_dir():
        cache_root.mkdir(parents=True, exist_ok=True)
        build(dest, layout)
    return dest


if __name__ == "__main__":  # python python/test/fake_cann <dest> [layout]
    print(build(Path(sys.argv[1]).resolve(), *sys.argv[2:3]))

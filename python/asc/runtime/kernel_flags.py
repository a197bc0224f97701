"""The host compiler flags of simulator kernel builds, in one place: the launcher compiles with them,
and the build (sim/CMakeLists.txt) runs this file to precompile `kernel_operator.h` with the same
flags. No imports: the build runs it before the package exists."""

from __future__ import annotations

#: Flags that change the produced object; part of the cache keys. Hidden visibility: a kernel
#: library exports only its entry points (ascsim_entry.h), so no kernel symbol can collide with,
#: or be resolved to, a symbol of the process. -fwrapv: the kernel's integers wrap around, as the
#: IR they come from defines; without it the compiler may assume that signed arithmetic never
#: overflows (it folded `n + 2147483647 < n` to false for n = 1).
CXX_FLAGS = ("-std=c++17", "-O1", "-fwrapv", "-fPIC", "-shared", "-fvisibility=hidden")
#: With @asc.jit(debug=True): no optimisation and a line table that points at the user's .py
#: (through the emitted #line directives), so gdb can break at `kernel.py:<line>`.
CXX_DEBUG_FLAGS = ("-std=c++17", "-O0", "-g", "-fwrapv", "-fPIC", "-shared", "-fvisibility=hidden")

#: The libraries a kernel library is linked with, after libascsim. Not libstdc++: the g++ driver's
#: default link reads its whole symbol table, which took most of the link (≈100 of 120 ms at load
#: 4, 2026-12-03). The kernel's few references into it (the exception personality routine, a
#: guard) bind when the kernel is loaded, through libascsim's own dependency on libstdc++; the
#: start files (crti, crtbeginS) stay, as with any shared library.
LINK_FLAGS = ("-nodefaultlibs", "-lm", "-lc", "-lgcc", "-lgcc_s")

#: The precompiled kernel_operator.h (built with CXX_FLAGS by the build, installed as
#: asc/_C/pch/kernel_operator.h.gch). g++ uses it for a kernel whose first include is
#: kernel_operator.h when the flags and the compiler match, and ignores it otherwise.
PCH_DIR_NAME = "pch"

if __name__ == "__main__":
    # For the build: the flags of a precompiled header (no -shared), as a CMake list.
    print(";".join(f for f in CXX_FLAGS if f != "-shared"), end="")

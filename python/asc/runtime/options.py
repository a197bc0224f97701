"""Option records accepted by `@asc.jit(...)` (pyasc's field names and defaults).

What each option does on each backend is documented in docs/runtime.md ("Options").
"""

from __future__ import annotations

from typing import Any

from .._record import Record, factory


def _require_bool(name: str, value: Any) -> None:
    if not isinstance(value, bool):
        raise TypeError(f"{name} must be True or False, but got {value!r}")


class CodegenOptions(Record, frozen=True):
    capture_exceptions: bool = True
    ir_multithreading: bool = True

    def __post_init__(self) -> None:
        _require_bool("capture_exceptions", self.capture_exceptions)
        _require_bool("ir_multithreading", self.ir_multithreading)


class CompileOptions(Record, frozen=True):
    debug: bool = False
    strip_loc: bool = False
    verify_sync: bool = False
    print_ir_before_all: bool = False
    run_passes: bool = True
    kernel_type: Any = None
    opt_level: int = 3
    auto_sync: bool = True
    auto_sync_log: str = ""
    bisheng_options: tuple | None = None
    always_compile: bool = False
    matmul_cube_only: bool = False
    insert_sync: bool | None = None

    def __post_init__(self) -> None:
        if isinstance(self.opt_level, bool) or self.opt_level not in (1, 2, 3):
            raise ValueError(f"opt_level must be 1, 2 or 3, but got {self.opt_level!r}")
        for name in ("debug", "strip_loc", "verify_sync", "print_ir_before_all", "run_passes", "auto_sync",
                     "always_compile", "matmul_cube_only"):
            _require_bool(name, getattr(self, name))
        if self.insert_sync is not None:
            _require_bool("insert_sync", self.insert_sync)
        extra = self.bisheng_options
        if extra is not None:
            if not isinstance(extra, (tuple, list)) or not all(isinstance(o, str) for o in extra):
                raise TypeError(f"bisheng_options must be a tuple of strings, got {extra!r}")
            if isinstance(extra, list):  # hashable, as the cache key needs
                object.__setattr__(self, "bisheng_options", tuple(extra))
        if not isinstance(self.auto_sync_log, str):
            raise TypeError(f"auto_sync_log must be a file name (str), but got {self.auto_sync_log!r}")
        if self.kernel_type is not None:
            from .config import KernelType

            if not isinstance(self.kernel_type, KernelType):
                raise TypeError(f"kernel_type must be an asc.runtime.config.KernelType (e.g. KernelType.AIC_ONLY) "
                                f"or None to infer it, but got {self.kernel_type!r}")


class LaunchOptions(Record, frozen=True):
    core_num: int = 0
    stream: Any = None


class SimOptions(Record, frozen=True):
    """Options of the simulator's launches (not part of the compiled kernel).

    `sim_budget`: the watchdog's step budget per block (API calls and loop iterations; 0 = no
    limit); None takes PYASC_SIM_BUDGET, or the simulator's default of 100,000,000."""

    sim_budget: int | None = None

    def __post_init__(self) -> None:
        b = self.sim_budget
        if b is not None and (isinstance(b, bool) or not isinstance(b, int) or b < 0):
            raise ValueError(f"sim_budget must be a non-negative int (0 = no limit), but got {b!r}")


class JitOptions(Record, frozen=True):
    codegen: CodegenOptions = factory(CodegenOptions)
    compile: CompileOptions = factory(CompileOptions)
    sim: SimOptions = factory(SimOptions)

    @staticmethod
    def field_names() -> set[str]:
        return {*CodegenOptions.fields(), *CompileOptions.fields(), *SimOptions.fields()}

    def merged(self, **overrides: Any) -> JitOptions:
        """Options with `overrides` applied; unknown names raise (listing the valid ones)."""
        unknown = set(overrides) - self.field_names()
        if unknown:
            raise TypeError(f"unknown option(s) {sorted(unknown)} for @asc.jit; valid options: "
                            f"{sorted(self.field_names())}")
        cg = {k: v for k, v in overrides.items() if k in CodegenOptions.fields()}
        sim = {k: v for k, v in overrides.items() if k in SimOptions.fields()}
        cp = {k: v for k, v in overrides.items() if k not in cg and k not in sim}
        return JitOptions(self.codegen.replace(**cg), self.compile.replace(**cp), self.sim.replace(**sim))

    def key(self) -> tuple:
        """What the compiled kernel depends on (the simulator's launch options are not)."""
        return (self.codegen.astuple(), self.compile.astuple())

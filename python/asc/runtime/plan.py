"""Launch plans: the argument packing of one kernel signature, decided once and reused.

The general launch path (`JITFunction._launch`) classifies every argument on every launch (its kind,
dtype, layout, range), finds the compiled kernel and packs the launch words in Python. A plan records
the outcome of that work for one signature — per argument: a numpy array of a given dtype object, a
Python int / float / bool scalar, or a ConstExpr value — and the kernel it selected. Later launches
hand the arguments themselves to the simulator binding (`Kernel.launch_planned`), which checks each
against the plan and packs it natively; at the first argument that does not fit (another type or
dtype, a non-contiguous or read-only array, an int outside int32, another ConstExpr value) it runs
nothing and the general path takes over, specialising again or raising the error that names the
argument. Triton caches its argument binder the same way.

Everything else a plan depends on is compared on every launch, by its native guard
(`asc._C.sim.Guard`, one call): the backend and the platform (the runtime state's entries), the
simulator knobs (os.environ's own dictionary) and, when they alone decide the dependency key
(`Watch.plain`), the names the kernel reads in its module; each must still be the very object it was
when the plan was made (or still absent). Otherwise (a closure, attribute chains, device functions,
loggers) the dependency key is compared in Python too (`Plan.deps`). A rebinding, even to an equal
object, takes the general path once, which plans again.
"""

from __future__ import annotations

import os
from typing import Any

import numpy as np

from .._record import Record
from .specialize import ArgSpec

#: Kinds of `asc._C.sim.ArgPlan` (python/src/sim.cpp).
ARRAY, INT32, FLOAT32, BOOL, SAME = 0, 1, 2, 3, 4

#: Plans kept per kernel (most recent first): a few signatures launched in turn all stay planned.
MAX_PLANS = 4

#: ConstExpr values a plan may match by value (immutable; equal values specialise alike).
_CONSTANT_TYPES = (int, float, str, bool, type(None))


class Plan(Record, frozen=True, eq=False):
    native: Any  # asc._C.sim.ArgPlan
    kernel: Any  # jit.LoadedKernel (its `handle` is read at each launch)
    guard: Any  # asc._C.sim.Guard: True while the backend, platform, knobs (and names) are unchanged
    deps: tuple | None  # the dependency key, compared by identity; None when the guard covers it
    config: Any  # asc._C.sim.Config


def native_plan(names: tuple[str, ...], args: tuple, specs: list[ArgSpec], constexprs: set[str]) -> Any:
    """The native ArgPlan of these arguments, or None when one of them has no planned form
    (torch tensors, numpy scalars, structs, ConstExpr values of other types)."""
    kinds: list[int] = []
    expected: list[Any] = []
    for name, value, spec in zip(names, args, specs):
        kind, want = _kind(name, value, spec, constexprs)
        if kind is None:
            return None
        kinds.append(kind)
        expected.append(want)
    from .. import _C

    return _C.sim.ArgPlan(kinds, expected, list(names), np.ndarray)


def _kind(name: str, value: Any, spec: ArgSpec, constexprs: set[str]) -> tuple[int | None, Any]:
    if name in constexprs:
        return (SAME, value) if type(value) in _CONSTANT_TYPES else (None, None)
    kind = type(value)
    if kind is np.ndarray and spec.kind == "pointer":
        return ARRAY, value.dtype
    if kind is bool and spec.dtype == "bool":
        return BOOL, None
    if kind is int and spec.dtype == "int32":
        return INT32, None
    if kind is float and spec.dtype == "float32":
        return FLOAT32, None
    return None, None


#: os.environ's own dictionary (encoded keys and values; os.environ.get encodes each key, about 0.5 µs a
#: read): the plans' guards look the simulator knobs up there. None where it is not a dict of bytes.
_ENV: dict | None = getattr(os.environ, "_data", None)
if not (isinstance(_ENV, dict) and os.name == "posix"):
    _ENV = None

#: Whether launches can be planned on this host (the guards need `_ENV`).
AVAILABLE = _ENV is not None


def guard(state: dict, state_keys: tuple[str, ...], env_keys: tuple[str, ...],
          names: tuple[tuple[str, Any], ...], namespace: dict) -> Any:
    """The native guard of a plan made now: `state_keys` of `state` (the runtime state's attributes),
    the environment's `env_keys` and `names` (name, value or MISSING) of `namespace`, each held to
    the object it has now (`asc._C.sim.Guard`)."""
    from .. import _C
    from .dependencies import MISSING

    assert _ENV is not None
    entries: list[tuple[dict, Any, Any]] = [(state, k, state.get(k, MISSING)) for k in state_keys]
    entries += [(_ENV, key, _ENV.get(key, MISSING)) for key in map(os.fsencode, env_keys)]
    entries += [(namespace, name, value) for name, value in names]
    return _C.sim.Guard(entries, MISSING)

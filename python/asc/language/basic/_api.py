"""The basic API: functions generated from ODS, and the registry of every basic API function.

`asc._C._ods.APIS` (generated from the dialect's ODS at build time; loaded with the op builders by the first
compile, `_ods.API_NAMES` names the APIs without loading them) lists, for each API whose call forms are asc ops (`add` = `asc.add`, `asc.add_l0`, `asc.add_l1`), each form's parameters with their
pyasc keyword names, Python kinds and defaults. `generated_api` turns one entry into the Python
function users call: an `OverloadSet` with pyasc's overload rules whose handlers convert the
arguments (Python numbers to IR constants, tensors to their handles) and call the op's generated
builder. Nothing about an individual op is written here.

Checks follow the check policy (docs/language.md, "Errors"): this layer checks only what Python alone
knows (argument kinds and arity, compile-time-ness, list lengths) and, from ODS `pyUnsupportedArchs`,
that the configured part implements the API; element types, positions and value ranges are the
verifier's, with pyasc-worded messages.

Hand-written API functions (data movement, system control, ...) register with `publish_all`,
`publish_overloads` or `register_overloads` when their module is imported; a generated one is built on
its first read (`function(name)`, through the package's `__getattr__`), so importing the basic API does not build
~80 OverloadSets a kernel mostly never calls. The package exports exactly `names()`; `registry()` builds
and returns every entry (docs/api_coverage.md, the tests).
"""

from __future__ import annotations

import _thread
from collections.abc import Callable
from typing import Any

from ..._C import _ods
from ..core import semantic
from ..core.builtin import builder_for, builtin
from ..core.dtype import DataType
from ..core.ir_value import described
from ..core.tensor import GlobalTensor, LocalTensor
from ._overload import BOOL, INT, INT_LIST, NUMBER, Kind, OverloadSet, Param, instance_of, instance_of_later

_U64 = DataType("int64")  # mask words: 64-bit signless in IR, uint64_t in C++


class ApiInfo:
    """One basic API function: its name, Ascend C name, element types and call forms (`forms` for an
    API without an OverloadSet; `generated` when its forms come from ODS)."""

    __slots__ = ("name", "cxx", "dtypes", "summary", "overloads", "forms", "generated")

    def __init__(self, name: str, cxx: str, dtypes: tuple[DataType, ...] = (), summary: str = "",
                 overloads: OverloadSet | None = None, forms: tuple[str, ...] = (), generated: bool = False) -> None:
        self.name = name
        self.cxx = cxx
        self.dtypes = dtypes
        self.summary = summary
        self.overloads = overloads
        self.forms = forms
        self.generated = generated

    def __repr__(self) -> str:
        return f"ApiInfo({self.name!r}, {self.cxx!r}, forms={self.registered_forms!r})"

    @property
    def registered_forms(self) -> tuple[str, ...]:
        """The forms that have a handler ("?" for a handler without a form tag)."""
        if self.overloads is None:
            return self.forms
        return self.overloads.forms + (("?",) if self.overloads.untagged() else ())


#: The basic API functions built so far, generated or hand-written, by Python name (`registry()` builds
#: them all).
REGISTRY: dict[str, ApiInfo] = {}
#: The functions themselves (what `asc.<name>` is), as REGISTRY.
FUNCTIONS: dict[str, Callable[..., Any]] = {}


def _publish(info: ApiInfo, fn: Callable[..., Any]) -> Callable[..., Any]:
    if info.name in REGISTRY:
        raise RuntimeError(f"basic API '{info.name}' is defined twice")
    REGISTRY[info.name] = info
    FUNCTIONS[info.name] = fn
    return fn


def publish_all(namespace: dict[str, Any], names: tuple[tuple[str, str], ...],
                forms: tuple[str, ...] = ("-",), dtypes: tuple[DataType, ...] = ()) -> None:
    """Registers the hand-written builtins `namespace[name]` under their Ascend C names."""
    for name, cxx in names:
        fn = namespace[name]
        _publish(ApiInfo(name, cxx, dtypes, (fn.__doc__ or "").split("\n")[0], forms=forms), fn)


def publish_overloads(namespace: dict[str, Any], items: tuple[tuple[str, str, OverloadSet], ...]) -> None:
    """Registers hand-written builtins `namespace[name]` that dispatch through `overloads`."""
    for name, cxx, overloads in items:
        fn = namespace[name]
        _publish(ApiInfo(name, cxx, (), (fn.__doc__ or "").split("\n")[0], overloads), fn)


def register_overloads(name: str, cxx: str, overloads: OverloadSet, doc: str = "",
                       dtypes: tuple[DataType, ...] = ()) -> Callable[..., Any]:
    """Publishes a hand-written OverloadSet as the basic API function `name`."""

    @builtin
    def fn(*args: Any, **kwargs: Any) -> Any:
        return overloads(*args, **kwargs)

    _name(fn, name, doc or f"`AscendC::{cxx}`.", overloads)
    return _publish(ApiInfo(name, cxx, dtypes, doc, overloads), fn)


def operand_dtypes(op: str, operand: str) -> tuple[DataType, ...]:
    """The element types ODS allows for tensor operand `operand` of op `op` (for the registry of a
    hand-written API)."""
    return tuple(DataType(t) for t in _ods.OPERAND_DTYPES[op][operand])


def _name(fn: Callable[..., Any], name: str, doc: str, overloads: OverloadSet) -> None:
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = doc + "\n\nForms:\n" + "\n".join("  " + c.signature(name) for c in overloads.candidates)


# ---------------------------------------------------------------------------------------------------
# Parameter kinds of the generated table
# ---------------------------------------------------------------------------------------------------

_LOCAL = instance_of(LocalTensor)
_DTYPE = instance_of(DataType, "DataType")
_GLOBAL = instance_of(GlobalTensor)
_TENSOR = instance_of((LocalTensor, GlobalTensor), "Union[LocalTensor, GlobalTensor]")


#: The modules of asc.language.core defining the parameter structs ODS names (`struct:<Name>` kinds).
_STRUCT_MODULES = ("types", "layout_types", "cube_types", "aipp_types")


def _struct_kind(name: str) -> Kind:
    """The kind of parameter struct `name`: checked through `instance_of_later`, so building a function that
    takes one (every `l0`/`l1` form takes a repeat-parameter struct) does not import the struct's module;
    the first read of the struct's name does (asc.language.core, `EXPORTS`)."""
    from .. import core

    module = core.module_of(name)
    if module not in _STRUCT_MODULES:
        raise RuntimeError(f"ODS names parameter struct {name}, which asc.language does not define")
    return instance_of_later(f"{core.__name__}.{module}", name)


def _kind(kind: str) -> Kind:
    if kind == "local":
        return _LOCAL
    if kind == "global":
        return _GLOBAL
    if kind == "tensor":
        return _TENSOR
    if kind in ("int", "u64"):
        return INT
    if kind == "mask_list":
        return INT_LIST
    if kind == "scalar":
        return NUMBER
    if kind == "bool":
        return BOOL
    if kind.startswith("value:"):
        t = kind.split(":")[1]
        return BOOL if t == "i1" else INT if t.startswith(("i", "ui")) else NUMBER
    if kind.startswith("struct:"):
        return _struct_kind(kind.split(":")[1])
    if kind.startswith("enum:"):
        return instance_of(getattr(_ods, kind.split(":")[1]))
    if kind == "type":
        return _DTYPE
    raise RuntimeError(f"unknown parameter kind {kind!r} in the generated API table")


def _dtype_of(mlir: str) -> DataType:
    return DataType.from_ir(mlir)  # i1 is int1, the IR's truth values


def _operand(api_name: str, name: str, kind: str, value: Any, bound: dict[str, Any],
             scalar_of: str) -> list[Any]:
    """The IR operands of one argument (a bit mask list gives two)."""
    if kind in ("local", "global", "tensor"):
        if isinstance(value, GlobalTensor) and value.dtype is None:
            raise ValueError(f"{api_name}: '{name}' is a GlobalTensor that set_global_buffer never bound")
        return [value.handle]
    if kind == "int":
        return [semantic.materialize(value, _dtype_of("i32"))]
    if kind == "u64":
        return [semantic.materialize(value, _U64)]
    if kind == "mask_list":
        words = list(value)
        if not 1 <= len(words) <= 2:
            raise ValueError(f"{api_name}: a bit mask is a list of one or two 64-bit words, got {len(words)}")
        words += [0] * (2 - len(words))
        return [semantic.materialize(w, _U64) for w in words]
    if kind == "scalar":
        return [semantic.materialize(value, bound[scalar_of].dtype)]
    if kind.startswith("value:"):
        return [semantic.materialize(value, _dtype_of(kind.split(":")[1]))]
    return [value.handle]  # struct, object


def _attribute(api_name: str, name: str, kind: str, value: Any) -> Any:
    if kind == "bool":
        # The overload resolution let through a bool, a numpy bool or a runtime bool (_overload.BOOL).
        flag = semantic.compile_time_bool(value)
        if flag is None:
            raise TypeError(f"{api_name}: '{name}' must be a compile-time bool, got {described(value)}")
        return flag
    if kind == "type":
        return value.to_ir()
    return value  # enums: the builder converts them


def _check_platform(api_name: str, cxx: str, unsupported: dict[str, str], hint: str) -> None:
    """Rejects an API the configured part does not implement (ODS `pyUnsupportedArchs`): the IR and the
    simulator could express it, but the NPU has no such instruction."""
    from ...runtime.config import current_platform, platform_info

    platform = current_platform()
    parts = unsupported.get(platform_info(platform).arch)
    if parts is not None:
        raise NotImplementedError(f"{api_name}: AscendC::{cxx} is not supported on {platform.value} ({parts}); "
                                  f"{hint}")


def _handler(api_name: str, builder: Callable[..., Any], params: tuple) -> Callable[..., Any]:
    attrs = {p[0] for p in params if p[1] in ("bool", "type") or p[1].startswith("enum:")}

    def handle(**bound: Any) -> Any:
        b = builder_for(api_name)
        operands: list[Any] = []
        keywords: dict[str, Any] = {}
        for name, kind, _default, scalar_of, ignored in params:
            if ignored:
                continue
            if name in attrs:
                keywords[name] = _attribute(api_name, name, kind, bound[name])
            else:
                operands += _operand(api_name, name, kind, bound[name], bound, scalar_of)
        return builder(b, *operands, **keywords)

    return handle


def generated_api(name: str) -> Callable[..., Any]:
    """The Python function of API `name` from its ODS forms (see the module docstring)."""
    spec = _ods.APIS[name]
    overloads = OverloadSet(name)
    for builder, form, params in spec["forms"]:
        overloads.add([Param(p, _kind(k), d) if d is not _ods.NO_DEFAULT else Param(p, _kind(k))
                       for p, k, d, _s, _i in params], _handler(name, builder, params), form=form)
    unsupported, hint = spec["unsupported"], spec["unsupported_hint"]

    @builtin
    def fn(*args: Any, **kwargs: Any) -> Any:
        if unsupported:
            _check_platform(name, spec["cxx"], unsupported, hint)
        return overloads(*args, **kwargs)

    dtypes = tuple(DataType(t) for t in spec["dtypes"])
    doc = f"`AscendC::{spec['cxx']}`: {spec['summary']}; element types: {', '.join(t.name for t in dtypes)}."
    _name(fn, name, doc, overloads)
    return _publish(ApiInfo(name, spec["cxx"], dtypes, spec["summary"], overloads, generated=True), fn)


#: Hand-written API names whose module is imported on their first read -> that module (set by the
#: package, `asc.language.basic.LAZY_MODULES`).
LAZY: dict[str, str] = {}


#: Held while a function is imported or built, so that two threads reading a new name build it once.
_BUILDING = _thread.RLock()


def function(name: str) -> Callable[..., Any] | None:
    """The basic API function `name`, imported (hand-written, `LAZY`) or built (generated) on this first
    read; None if there is none. A hand-written function of the same name as a generated one wins."""
    fn = FUNCTIONS.get(name)
    if fn is not None or (name not in LAZY and name not in _ods.API_NAMES):
        return fn
    with _BUILDING:
        fn = FUNCTIONS.get(name)
        if fn is None and name in LAZY:
            import importlib

            importlib.import_module(LAZY[name])
            fn = FUNCTIONS.get(name)
            if fn is None:
                raise RuntimeError(f"{LAZY[name]} does not define the basic API function '{name}' it is listed for")
        if fn is None and name in _ods.API_NAMES:
            fn = generated_api(name)
    return fn


def names() -> list[str]:
    """Every basic API name, hand-written or generated (imported, built or not)."""
    return sorted(FUNCTIONS.keys() | LAZY.keys() | _ods.API_NAMES)


def registry() -> dict[str, ApiInfo]:
    """Every basic API function's entry, importing the hand-written modules and building the generated
    functions not read yet."""
    for name in (*LAZY, *_ods.APIS):  # hand-written modules first, as function() prefers them
        function(name)
    return REGISTRY

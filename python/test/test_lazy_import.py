"""`import asc` loads jit and the launch path only (asc._lazy, docs/contributing.md "Import structure"):
the exact modules it imports, what a warm start adds, and that every public name still resolves."""

from __future__ import annotations

import enum
import json
import pickle
import sys

import pytest
from conftest import run_python

import asc
from asc._record import FrozenRecordError, Record, factory

#: Every asc module `import asc` imports. A module added here makes every `import asc` slower:
#: import it where it is used instead (issue 20: `import asc` ≤ 1.3× `import numpy`). The basic API
#: (asc.language.basic, the ODS op surface asc._C._ods under it) is not here: a warm start (disk hit)
#: builds no IR, so it is imported by the first compile (or the first read of an API name); its
#: ~13 M instructions moved from `import asc` into the cold compile (benchmarks/results.md, "Import,
#: round 7"), which had the room (88 of 150 ms).
EAGER = [
    "asc", "asc._C", "asc._C._ascsim", "asc._lazy", "asc._record", "asc.codegen",
    "asc.codegen.errors", "asc.codegen.prototype", "asc.errors", "asc.language",
    "asc.language.core", "asc.language.core.builtin", "asc.language.core.dtype",
    "asc.language.core.ir_value", "asc.language.core.range", "asc.language.core.semantic",
    "asc.language.core.struct", "asc.lib", "asc.lib.runtime", "asc.lib.runtime.support", "asc.runtime",
    "asc.runtime.annotations", "asc.runtime.cache", "asc.runtime.config", "asc.runtime.dependencies",
    "asc.runtime.env", "asc.runtime.errors", "asc.runtime.jit", "asc.runtime.kernel_flags", "asc.runtime.launcher",
    "asc.runtime.list_tensor", "asc.runtime.options", "asc.runtime.plan", "asc.runtime.source",
    "asc.runtime.specialize",
]
#: Standard-library modules numpy does not import and pyasc imports only where they are used.
DEFERRED_STDLIB = ["base64", "bz2", "dataclasses", "hashlib", "json", "logging", "lzma", "pathlib", "re",
                   "shutil", "subprocess", "tempfile", "threading", "traceback", "urllib.parse", "uuid"]

_NEW_MODULES = """
import json, sys
before = set(sys.modules)
import asc
print(json.dumps(sorted(set(sys.modules) - before)))
"""


def _new_modules(script: str, env: dict | None = None) -> list[str]:
    proc = run_python("-c", script, env=env)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout.splitlines()[-1])


def test_import_asc_loads_the_launch_path_only() -> None:
    new = _new_modules(_NEW_MODULES)
    assert [m for m in new if m.split(".")[0] == "asc"] == EAGER
    assert [m for m in DEFERRED_STDLIB if m in new] == []


_ORDER = """
import json, sys
import asc
names = list(sys.modules)  # in the order the imports began
print(json.dumps([names.index("numpy"), names.index("asc._C._ascsim")]))
"""


def test_numpy_is_imported_before_the_native_simulator_module() -> None:
    """Imported after `asc._C._ascsim`, numpy's own import took ~18 ms more (~1,850 more page faults;
    benchmarks/results.md, "The 19:55 UTC run above")."""
    proc = run_python("-c", _ORDER)
    assert proc.returncode == 0, proc.stderr
    numpy_at, ascsim_at = json.loads(proc.stdout.splitlines()[-1])
    assert numpy_at < ascsim_at


_WARM = """
import json, sys
import numpy as np
import asc
from gm_kernels import copy_kernel
x = np.arange(64, dtype=np.float32)
y = np.zeros_like(x)
before = set(sys.modules)
copy_kernel[1](x, y, 64)
assert (y == x).all()
print(json.dumps(sorted(m for m in set(sys.modules) - before if m.startswith("asc"))))
"""


def test_warm_start_does_not_load_the_compiler_or_the_op_surface(tmp_path) -> None:
    """A launch from the disk cache compiles nothing: the MLIR compiler and its Python side stay
    unimported (the dependency key must not resolve lazy names, not even a `__qualname__` probe)."""
    env = {"PYASC_CACHE_DIR": str(tmp_path)}
    cold = _new_modules(_WARM, env)
    assert {"asc._C._asc", "asc._C._ods", "asc._C._ods_ops", "asc.language.basic", "asc.runtime.compiler"} <= set(cold)
    assert _new_modules(_WARM, env) == ["asc.runtime.toolchain"]


_BASIC_LATER = """
import json, sys
import asc
loaded = lambda: [m in sys.modules for m in ("asc.language.basic", "asc._C._ods", "asc._C._ods_ops")]
first = loaded()
add = asc.add
print(json.dumps([first, loaded(), add is asc.language.basic.add, add.__name__, "add" in asc.__all__]))
"""


def test_the_basic_api_is_imported_on_first_read() -> None:
    """`import asc` imports neither the basic API nor the op surface; the first read of an API name imports
    them (and builds that function). The first compile in a fresh process imports them too: the test
    above, whose cold launch checks its result."""
    proc = run_python("-c", _BASIC_LATER)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout.splitlines()[-1]) == [[False, False, False], [True, True, True], True, "add",
                                                        True]


_OPS = """
import json, sys
import asc
from asc._C import _ods
loaded = lambda: "asc._C._ods_ops" in sys.modules
first = [loaded(), "APIS" in vars(_ods), sorted(asc.language.basic.__all__) == asc.language.basic._api.names()]
probes = [hasattr(_ods, name) for name in ("__path__", "__file__", "__wrapped__")] + [loaded()]
asc.add, asc.data_copy  # noqa: B018 - a generated API built, a hand-written one read
second = loaded()
from asc._C import _ods_ops
print(json.dumps([first, probes, second, _ods.add_l0 is _ods_ops.add_l0, _ods.APIS is _ods_ops.APIS,
                  _ods.API_NAMES == set(_ods.APIS), "add_l0" in dir(_ods)]))
"""


def test_the_op_builders_are_loaded_by_the_first_compile() -> None:
    """`import asc` does not import `asc._C._ods_ops` (the ~460 op builders and the tables naming them), nor
    does a dunder probe of `_ods` or reading a hand-written API; building a generated API does, and `_ods`
    then holds the same objects. `_ods.API_NAMES` (what `asc.language.basic` exports) names the APIs of
    `APIS`. (That a warm start does not load it and the first compile does: the test above.)"""
    proc = run_python("-c", _OPS)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout.splitlines()[-1]) == [[False, False, True], [False, True, False, False], True,
                                                        True, True, True, True]


_BUILT = """
import json, sys
import asc
from asc.language.basic import _api
built = sorted(n for n, info in _api.REGISTRY.items() if info.generated)
before = "asc.language.basic.sort" in sys.modules
asc.add, asc.language.basic.sub, asc.get_sort_len  # noqa: B018
types = "asc.language.core.types" in sys.modules
print(json.dumps([built, sorted(n for n, info in _api.REGISTRY.items() if info.generated),
                  before, "asc.language.basic.sort" in sys.modules, "asc.language.basic.cache" in sys.modules,
                  types]))
"""


def test_basic_api_functions_are_built_on_first_read() -> None:
    """`import asc` builds none of the ODS-generated API functions and imports none of the hand-written
    modules of LAZY_MODULES; reading a name builds or imports that one only. Building `add` (its l0/l1 forms
    take a BinaryRepeatParams) does not import the parameter structs' module."""
    proc = run_python("-c", _BUILT)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout.splitlines()[-1]) == [[], ["add", "sub"], False, True, False, False]


def test_struct_kinds_check_the_struct_classes() -> None:
    """A generated function's `struct:` parameter kind (instance_of_later) accepts the struct's class once its
    module is imported, and names it in the candidates; an unknown struct is an error of the table."""
    from asc.language.basic import _api

    kind = _api._kind("struct:BinaryRepeatParams")
    assert repr(kind) == "BinaryRepeatParams" and not kind.check(object())
    params = object.__new__(asc.BinaryRepeatParams)  # made outside a kernel: no IR
    assert kind.check(params) and not kind.check(object.__new__(asc.UnaryRepeatParams))
    assert _api._kind("struct:Nd2NzParams").check(object.__new__(asc.Nd2NzParams))
    with pytest.raises(RuntimeError, match="ODS names parameter struct NoSuchParams, which asc.language does not"):
        _api._kind("struct:NoSuchParams")
    with pytest.raises(RuntimeError, match="ODS names parameter struct GlobalTensor"):
        _api._kind("struct:GlobalTensor")  # exported by asc.language.core, but not a parameter struct


_PLATFORM_ROWS = """
import json
import asc
from asc.runtime import config
first = ["PLATFORMS" in vars(config), len(config._INFOS)]
info = config.platform_info()
second = [len(config._INFOS), info is config.platform_info(config.DEFAULT_PLATFORM), "PLATFORMS" in vars(config)]
rows = config.PLATFORMS
print(json.dumps([first, second, len(rows), rows[config.DEFAULT_PLATFORM] is info,
                  [p.value for p in rows] == [p.value for p in config.Platform]]))
"""


def test_platform_rows_are_made_on_first_use() -> None:
    """`import asc` makes the default part's PlatformInfo only (a launch reads its part's): `platform_info`
    makes the row it is asked for, `config.PLATFORMS` every row, the same objects."""
    proc = run_python("-c", _PLATFORM_ROWS)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout.splitlines()[-1]) == [[False, 1], [1, True, False], 13, True, True]


_LATER_KIND = """
import json, sys
import asc
from asc.language.basic._overload import instance_of_later
kind = instance_of_later("asc.language.core.cube_types", "Nd2NzParams")
first = [kind.check(object()), "asc.language.core.cube_types" in sys.modules]
params = object.__new__(asc.Nd2NzParams)  # made outside a kernel: no IR
print(json.dumps(first + [kind.check(params), kind.check(object()), repr(kind)]))
"""


def test_instance_of_later_imports_nothing() -> None:
    """A kind of a class whose module is not imported (the cube and layout structs data_copy takes) is false
    for every value and imports nothing; once the module is there it checks the class."""
    proc = run_python("-c", _LATER_KIND)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout.splitlines()[-1]) == [False, False, True, False, "Nd2NzParams"]


_REGISTERS = """
import importlib, json
import asc
from asc.language import basic
from asc.language.basic import _api
found = {}
for module in basic.LAZY_MODULES:
    before = set(_api.FUNCTIONS)
    importlib.import_module(f"asc.language.basic.{module}")
    found[module] = sorted(set(_api.FUNCTIONS) - before)
print(json.dumps(found))
"""


def test_lazy_basic_modules_list_what_they_register() -> None:
    from asc.language import basic

    proc = run_python("-c", _REGISTERS)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout.splitlines()[-1]) == {m: sorted(n) for m, n in basic.LAZY_MODULES.items()}
    assert set(asc.language.basic.__all__) == set(basic._api.registry())


def test_lazy_names_resolve_to_the_same_objects() -> None:
    from asc.language.core import tensor

    range_module = sys.modules["asc.language.core.range"]

    assert asc.LocalTensor is tensor.LocalTensor is asc.language.LocalTensor is asc.language.core.LocalTensor
    assert asc.range is range_module.range is asc.language.core.range  # the name, not the submodule
    assert asc.add is asc.language.basic.add
    assert asc.BatchMode is asc.adv.BatchMode
    assert asc.TPipe is asc.language.fwk.TPipe
    assert asc.runtime.config.KernelType is asc._C._ods.KernelType


def test_public_surface_is_complete() -> None:
    namespace: dict = {}
    exec("from asc import *", namespace)
    assert sorted(n for n in namespace if not n.startswith("__")) == sorted(asc.__all__)
    assert set(asc.__all__) | {"adv", "lib", "runtime"} <= set(dir(asc))
    assert set(asc.language.core.__all__) <= set(asc.language.__all__) <= set(asc.__all__)
    for name in asc.__all__:
        assert getattr(asc, name) is namespace[name]


def test_import_asc_adv_is_asc_language_adv() -> None:
    import asc.adv

    assert asc.adv is asc.language.adv
    assert asc.adv.softmax is asc.language.adv.softmax


def test_missing_names_and_probes(monkeypatch: pytest.MonkeyPatch) -> None:
    # Every pyasc name exists now; a submodule entry stands in for one not implemented: the pointer
    # to the coverage page, through the lazy __getattr__.
    from asc import _pyasc_names

    monkeypatch.setitem(_pyasc_names.PYASC_SUBMODULES, "not_here", "a test entry")
    with pytest.raises(AttributeError, match=r"asc\.not_here \(a test entry\) .* docs/api_coverage\.md"):
        asc.not_here  # noqa: B018
    with pytest.raises(AttributeError, match="module 'asc' has no attribute 'no_such_name'"):
        asc.no_such_name  # noqa: B018
    assert getattr(asc, "__qualname__", None) is None
    assert getattr(asc.language, "__wrapped__", None) is None
    with pytest.raises(AttributeError, match="has no attribute 'nothing'"):
        asc.language.core.nothing  # noqa: B018


def test_enums_pickle() -> None:
    for value in (asc.TPosition.VECIN, asc.HardEvent.MTE2_V, asc.CacheMode.CACHE_MODE_DISABLE, asc.BatchMode.NONE):
        assert pickle.loads(pickle.dumps(value)) is value


def _enum_facts(cls: type) -> tuple:
    members = list(cls.__members__.items())
    return (cls.__name__, cls.__qualname__, cls.__module__, cls.__doc__, cls.__mro__[1:], sorted(dir(cls)),
            [(name, int(m), m.name, m.value, repr(m), str(m), format(m), f"{m:>4}", hash(m), cls(int(m)) is m,
              cls[name] is m, getattr(cls, name) is m, type(m) is cls) for name, m in members],
            [m.name for m in cls], len(cls))


def test_generated_enums_are_int_enums() -> None:
    """The ODS enums are made by `_ods._enum_class` (the standard library's fast `enum._simple_enum` where
    it exists): an IntEnum class the same as the class statement, or the functional API, would make."""
    from asc._C import _ods

    made = [getattr(_ods, name) for name in _ods.ENUMS]
    assert len(made) >= 28
    for cls in made:
        assert issubclass(cls, enum.IntEnum), cls
        body = {"__module__": cls.__module__, "__qualname__": cls.__qualname__, "__doc__": cls.__doc__,
                **{name: int(m) for name, m in cls.__members__.items()}}
        stated = enum.EnumMeta(cls.__name__, (enum.IntEnum,), _enum_body(cls.__name__, body))
        functional = _ods._enum_from_class(enum.IntEnum)(type(cls.__name__, (), body))
        assert _enum_facts(cls) == _enum_facts(stated) == _enum_facts(functional), cls
    with pytest.raises(ValueError, match="99 is not a valid TPosition"):
        asc.TPosition(99)
    assert isinstance(asc.TPosition.VECIN, enum.IntEnum) and asc.TPosition.VECIN == 9


_ENUMS_MADE = """
import json
import asc
from asc._C import _ods
made = lambda: [n for n in _ods.ENUMS if n in vars(_ods)]
first = made()
asc.HardEvent.MTE2_V, asc.pad_t  # noqa: B018
second = made()
from asc._C._ods import RoundMode
third = made()
_ods.whole_reduce_max_l0  # noqa: B018 - the first builder read loads the builders, whose defaults name three enums
print(json.dumps([first, second, third, made(), _ods.enum_keyword(asc.HardEvent.V_MTE3), RoundMode.__module__]))
"""


def test_generated_enums_are_made_on_first_read() -> None:
    """Importing `asc._C._ods` makes no enum; each is made on its first read, once (`_ods.ENUMS`, module
    `__getattr__`), the three a builder's default names when the builders (`asc._C._ods_ops`) are loaded."""
    proc = run_python("-c", _ENUMS_MADE)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout.splitlines()[-1]) == [
        [], ["HardEvent", "pad_t"], ["HardEvent", "RoundMode", "pad_t"],
        ["HardEvent", "RoundMode", "pad_t", "ReduceOrder", "MaskMode", "CO2Layout"], "v_mte3", "asc._C._ods"]
    from asc._C import _ods

    assert asc.HardEvent is _ods.HardEvent is asc.language.core.enums.HardEvent
    assert _ods.ENUM_ATTRS[asc.HardEvent] == _ods.ENUM_KEYWORDS["HardEvent"]
    assert set(_ods.ENUMS) <= set(dir(_ods))
    with pytest.raises(KeyError):  # a class of the same name that is not the dialect's
        _ods.enum_keyword(asc.CacheMode.CACHE_MODE_DISABLE)
    with pytest.raises(AttributeError, match="has no attribute 'NoSuchEnum'"):
        _ods.NoSuchEnum  # noqa: B018


_OWN_ENUMS_MADE = """
import json
import asc
from asc.language.core import enums
first = [n for n in enums.LATER_ENUMS if n in vars(enums)]
made = asc.DataFormat
print(json.dumps([first, [n for n in enums.LATER_ENUMS if n in vars(enums)], made is enums.DataFormat]))
"""


def test_own_enums_are_made_on_first_read() -> None:
    """pyasc's own enums no launch path names (`enums.LATER_ENUMS`) are made on their first read, once, and are
    the IntEnum classes the class statement makes."""
    proc = run_python("-c", _OWN_ENUMS_MADE)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout.splitlines()[-1]) == [[], ["DataFormat"], True]
    from asc.language.core import enums

    for name, members in enums.LATER_ENUMS.items():
        cls = getattr(enums, name)
        assert cls is getattr(asc, name) is getattr(enums, name)
        body = {"__module__": cls.__module__, "__qualname__": name, "__doc__": cls.__doc__, **dict(members)}
        stated = enum.EnumMeta(name, (enum.IntEnum,), _enum_body(name, body))
        assert _enum_facts(cls) == _enum_facts(stated), cls
    assert [(m.name, int(m)) for m in asc.DataFormat] == [("ND", 0), ("NZ", 1), ("NCHW", 2), ("NC1HWC0", 3),
                                                           ("NHWC", 4)]
    with pytest.raises(AttributeError, match="has no attribute 'NoSuchEnum'"):
        enums.NoSuchEnum  # noqa: B018


def _enum_body(name: str, body: dict) -> dict:
    namespace = enum.EnumMeta.__prepare__(name, (enum.IntEnum,))
    for key, value in body.items():
        namespace[key] = value
    return namespace


class _Point(Record, frozen=True):
    x: int
    y: int = 0


class _Bag(Record):
    items: list = factory(list)
    checked: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.checked, bool):
            raise TypeError("checked must be a bool")


class _Handle(Record, frozen=True, eq=False):
    value: int = 0


def test_record_semantics() -> None:
    p = _Point(1, y=2)
    assert (p.x, p.y, repr(p)) == (1, 2, "_Point(x=1, y=2)")
    assert p == _Point(1, 2) and hash(p) == hash(_Point(1, 2)) and p != _Point(2, 2)
    assert p.replace(y=5) == _Point(1, 5) and p.astuple() == (1, 2) and _Point.fields() == ("x", "y")
    with pytest.raises(FrozenRecordError, match="cannot assign to field 'x' of a frozen _Point"):
        p.x = 3  # type: ignore[misc]
    with pytest.raises(TypeError, match=r"_Point\(\) missing required argument: 'x'"):
        _Point()
    with pytest.raises(TypeError, match=r"_Point\(\) got an unexpected keyword argument 'z'"):
        _Point(1, z=2)
    with pytest.raises(TypeError, match=r"_Point\(\) got multiple values for argument 'x'"):
        _Point(1, x=2)
    with pytest.raises(TypeError, match=r"_Point\(\) takes 2 positional arguments but 3 were given"):
        _Point(1, 2, 3)
    a, b = _Bag(), _Bag()
    assert a.items is not b.items and a == b
    with pytest.raises(TypeError):
        hash(a)  # mutable with eq: unhashable, as a dataclass
    with pytest.raises(TypeError, match="checked must be a bool"):
        a.replace(checked=1)
    h = _Handle(1)
    assert h != _Handle(1) and hash(h) == object.__hash__(h)
    assert pickle.loads(pickle.dumps(p)) == p


def test_builtin_wraps_as_functools_does() -> None:
    """`builtin` copies what functools.wraps copies (by plain assignments: ~50 functions are wrapped at import),
    and its wrapper refuses to run outside a kernel."""
    import functools

    from asc.language.core.builtin import builtin, is_builtin

    def api(dst: int, count: int = 1) -> None:
        """The docstring."""

    api.marker = "kept"  # type: ignore[attr-defined]
    wrapped = builtin(api)
    reference = functools.wraps(api)(lambda: None)
    names = (*functools.WRAPPER_ASSIGNMENTS, "__dict__", "__wrapped__")
    assert [getattr(wrapped, n) for n in names if n != "__dict__"] == [
        getattr(reference, n) for n in names if n != "__dict__"]
    assert {k: v for k, v in vars(wrapped).items() if k != "__asc_builtin__"} == vars(reference)
    assert is_builtin(wrapped) and not is_builtin(api) and wrapped.__wrapped__ is api
    with pytest.raises(RuntimeError, match="'api' cannot be called without initialization of global builder"):
        wrapped(1)

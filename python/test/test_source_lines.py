"""asc.runtime.source.source_lines finds a kernel's lines from its code object; it must return
exactly what inspect.getsourcelines returns, for every shape of function."""

from __future__ import annotations

import importlib.util
import inspect
import sys
from pathlib import Path

import pytest

from asc.runtime import source
from asc.runtime.source import source_lines

CASES = '''
import functools


def deco(*args, **kwargs):
    def wrap(fn):
        return fn
    return wrap


def plain(a, b):
    c = a + b
    return c


@deco(1,
      2)
def decorated(a):
    return a


def trailing_pass(a):
    if a:
        a += 1
    else:
        pass
    # a trailing comment, indented

# a comment at column 0
def multiline_string(a):
    s = """
text at column 0
"""
    return s


def nested(a):
    def inner(b):
        return (b +
                1)
    return inner(a)


def one_liner(a): return a
def right_after(a):
    return [a,
            a]


class Holder:
    @staticmethod
    def method(a):
        x = a

        return x


def ends_with_string(a):
    a += 1
    """a bare string at the end
of the body, at column 0"""


def only_docstring():
    """nothing else"""


def body_call(a):
    return dict(
        a=a,
    )
'''


@pytest.fixture(scope="module")
def cases(tmp_path_factory: pytest.TempPathFactory):
    path = tmp_path_factory.mktemp("src") / "source_cases.py"
    path.write_text(CASES)
    spec = importlib.util.spec_from_file_location("source_cases", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["source_cases"] = module
    spec.loader.exec_module(module)
    yield module
    del sys.modules["source_cases"]


NAMES = ["plain", "decorated", "trailing_pass", "multiline_string", "nested", "one_liner", "right_after",
         "only_docstring", "body_call"]


@pytest.fixture
def no_fallback(monkeypatch: pytest.MonkeyPatch) -> None:
    """source_lines must find these without inspect (the fast path is the point)."""
    def fail(fn):
        raise AssertionError(f"fell back to inspect for {fn.__name__}")
    monkeypatch.setattr(source.inspect, "getsourcelines", fail)


def expected(fn) -> tuple[list[str], int]:
    return inspect.getsourcelines(fn)


@pytest.mark.parametrize("name", NAMES)
def test_same_as_inspect(cases, name: str, request: pytest.FixtureRequest) -> None:
    fn = getattr(cases, name)
    want = expected(fn)
    request.getfixturevalue("no_fallback")
    assert source_lines(fn) == want


def test_method(cases, no_fallback: None) -> None:
    fn = cases.Holder.method
    assert source_lines(fn) == (["    @staticmethod\n", "    def method(a):\n", "        x = a\n", "\n",
                                 "        return x\n"], 51)


def test_string_at_column_0_ending_the_body_falls_back(cases) -> None:
    """A bare string ends the body and has no instruction; its continuation line at column 0 looks
    like the end of the function, the cut text does not parse, and inspect takes over."""
    fn = cases.ends_with_string
    assert source_lines(fn) == expected(fn)
    assert source_lines(fn)[0][-1] == 'of the body, at column 0"""\n'


def test_every_kernel_of_the_tutorials() -> None:
    """The repository's own kernels: tutorials and the benchmarks' kernels."""
    from asc.runtime.jit import JITFunction

    root = Path(__file__).resolve().parents[2]
    files = sorted(root.glob("python/tutorials/*/*.py")) + [root / "benchmarks" / "kernels.py"]
    checked = 0
    for i, path in enumerate(files):
        spec = importlib.util.spec_from_file_location(f"_src_case_{i}", path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.path.insert(0, str(path.parent))
        try:
            spec.loader.exec_module(module)
        finally:
            sys.path.pop(0)
        for value in vars(module).values():
            if isinstance(value, JITFunction):
                assert source_lines(value.fn) == inspect.getsourcelines(value.fn), (path, value.fn.__name__)
                checked += 1
    assert checked >= 10


def test_unavailable_source_raises_as_inspect() -> None:
    namespace: dict = {}
    exec("def f(a):\n    return a\n", namespace)
    with pytest.raises(OSError):
        source_lines(namespace["f"])

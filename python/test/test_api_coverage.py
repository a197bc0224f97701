"""docs/api_coverage.md is generated from the code and must be current."""

from __future__ import annotations

from conftest import REPO, run_python


def test_api_coverage_doc_is_current() -> None:
    proc = run_python(str(REPO / "scripts" / "gen_api_coverage.py"), "--check")
    assert proc.returncode == 0, proc.stderr


def test_declared_forms_have_handlers() -> None:
    """A form declared with `ApiInfo(forms=...)` must have a handler in the API's OverloadSet, and every
    handler must carry a form (derived from its `count`/`mask` parameter or given with `d.add(..., form=)`),
    so docs/api_coverage.md lists exactly the registered forms."""
    from asc.language.basic._families import REGISTRY

    import asc  # noqa: F401  (registers every API)

    problems = []
    for name, info in sorted(REGISTRY.items()):
        if info.overloads is None:
            continue
        missing = info.missing_forms()
        if missing:
            problems.append(f"{name}: declared forms {list(missing)} have no handler "
                            f"(registered: {list(info.overloads.forms)})")
        for c in info.overloads.untagged():
            problems.append(f"{name}: handler {c.signature(name)} has no form: pass d.add(..., form=...)")
    assert not problems, "\n".join(problems)


def test_forms_derive_from_handlers() -> None:
    from asc.language.basic._families import ApiInfo

    from asc.language.basic._overload import INT, INT_LIST, OverloadSet, Param

    def handler(**_: object) -> None:
        return None

    d = OverloadSet("f")
    d.add([Param("mask", INT_LIST)], handler)
    d.add([Param("x", INT)], handler, form="special")
    d.add([Param("mask", INT)], handler)
    d.add([Param("count", INT)], handler)
    d.add([Param("mask", INT), Param("y", INT)], handler, form="register")  # an explicit form wins
    assert d.forms == ("count", "l0", "l1", "special", "register")
    info = ApiInfo("f", "F", "test", (), forms=("count", "l0", "l1", "bogus"), overloads=d)
    assert info.registered_forms == d.forms
    assert info.missing_forms() == ("bogus",)
    # without an OverloadSet the declaration is all there is
    assert ApiInfo("g", "G", "test", (), forms=("-",)).registered_forms == ("-",)


def test_compare_scalar_lists_its_real_forms() -> None:
    from asc.language.basic._families import REGISTRY

    assert REGISTRY["compare_scalar"].registered_forms == ("count", "l0", "l1")

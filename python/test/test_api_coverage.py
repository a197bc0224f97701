"""docs/api_coverage.md is generated from the code and must be current; the registry lists real forms."""

from __future__ import annotations

from conftest import REPO, run_python


def test_api_coverage_doc_is_current() -> None:
    proc = run_python(str(REPO / "scripts" / "gen_api_coverage.py"), "--check")
    assert proc.returncode == 0, proc.stderr


def test_every_handler_has_a_form() -> None:
    """Every handler of an API's OverloadSet carries a form (derived from its `count`/`mask` parameter,
    given with `d.add(..., form=)` or, for generated APIs, the ODS `pyForm`), so docs/api_coverage.md lists
    exactly the registered forms."""
    from asc.language.basic._api import registry

    problems = [f"{name}: handler {c.signature(name)} has no form: pass d.add(..., form=...)"
                for name, info in sorted(registry().items()) if info.overloads is not None
                for c in info.overloads.untagged()]
    assert not problems, "\n".join(problems)


def test_generated_apis_have_exactly_their_ods_forms() -> None:
    from asc._C import _ods
    from asc.language.basic._api import registry

    assert len(_ods.APIS) >= 60
    for name, spec in _ods.APIS.items():
        info = registry()[name]
        assert info.generated, name
        assert set(info.registered_forms) == {form for _builder, form, _params in spec["forms"]}, name


def test_forms_derive_from_handlers() -> None:
    from asc.language.basic._api import ApiInfo
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
    assert ApiInfo("f", "F", overloads=d).registered_forms == d.forms
    d.add([Param("z", INT)], handler)  # no form given or derivable
    assert ApiInfo("f", "F", overloads=d).registered_forms == d.forms + ("?",)
    # without an OverloadSet the declaration is all there is
    assert ApiInfo("g", "G", forms=("-",)).registered_forms == ("-",)


def test_compare_scalar_lists_its_real_forms() -> None:
    from asc.language.basic._api import registry

    assert registry()["compare_scalar"].registered_forms == ("count", "l0", "l1")

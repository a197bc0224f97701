#!/usr/bin/env python3
"""Generates docs/api_coverage.md from the code: every name of pyasc's basic and advanced API with its status.

A name is *implemented* when `asc.<name>` (`asc.adv.<name>`) exists; *rejected* when the configured
architecture lacks it (ODS `pyUnsupportedArchs`: the call is a compile error saying so); *tested* when a
test checks the values it computes: a test (function, class or module) under python/test carries the marker
`@pytest.mark.values("name", ...)` (`"adv.name"` for the advanced API) naming it. The markers are read
statically (string literals only); a substring match does not count. Forms and element types come from the
registries (`asc.language.basic._api.registry()`, `asc.language.adv._registry.REGISTRY`), forms being those of
the handlers actually registered. Run `python scripts/gen_api_coverage.py` to rewrite the file; `--check`
fails if it is stale.
"""

from __future__ import annotations

import argparse
import ast
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
OUT = REPO / "docs" / "api_coverage.md"


def _marker_names(node: ast.AST) -> list[str]:
    """The string arguments of every `pytest.mark.values(...)` call under `node`."""
    names = []
    for call in ast.walk(node):
        if (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr == "values"
                and isinstance(call.func.value, ast.Attribute) and call.func.value.attr == "mark"):
            names += [a.value for a in call.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
    return names


def value_tested_names() -> set[str]:
    found: set[str] = set()
    for path in (REPO / "python" / "test").rglob("*.py"):
        found.update(_marker_names(ast.parse(path.read_text(), str(path))))
    return found


def _rejected(name: str) -> str | None:
    """Why the configured architecture rejects API `name` (ODS pyUnsupportedArchs), if it does."""
    from asc._C import _ods
    from asc.runtime.config import current_platform, platform_info

    spec = _ods.APIS.get(name) or _ods.OP_INFO.get(name)
    if not spec or not spec.get("unsupported"):
        return None
    parts = spec["unsupported"].get(platform_info(current_platform()).arch)
    return f"rejected on {parts}" if parts else None


def _section(lines: list[str], category: str, rows: list[tuple[str, str, str, str]]) -> None:
    lines += [f"## {category}", "", "| name | status | forms | element types |", "|---|---|---|---|"]
    lines += [f"| `{n}` | {s} | {f} | {d} |" for n, s, f, d in rows]
    lines.append("")


#: Matmul methods the simulator refuses, with the reason (sim/MATMUL.md "Refused").
MATMUL_REFUSED: dict[str, str] = {}
#: What a Matmul method's status needs said beside it (sim/MATMUL.md).
MATMUL_NOTES = {
    "set_self_define_data": "stored as on the NPU; read by nothing: pyasc declares no MM_CB callback",
    "set_user_def_info": "stored as on the NPU; read by nothing: pyasc declares no MM_CB callback",
    "set_sparse_index": "int8 x 4:2 sparse int8 -> int32: B as its stored half transposed plus a uint8 index; "
                        "no bias, no batch (sim/MATMUL.md \"Sparse B\")",
}


def _matmul_methods(tested: set[str]) -> list[str]:
    """The `asc.adv.Matmul` methods: value-tested when a test is marked `values("adv.Matmul.<method>")`."""
    from asc.language.adv.matmul import Matmul

    lines = ["## adv: Matmul methods", "", "| method | status |", "|---|---|"]
    for name in sorted(n for n in vars(Matmul) if not n.startswith("_") and callable(vars(Matmul)[n])):
        status = MATMUL_REFUSED.get(name) or ("implemented + tested" if f"adv.Matmul.{name}" in tested
                                              else "implemented")
        note = MATMUL_NOTES.get(name)
        lines.append(f"| `{name}` | {status} ({note}) |" if note else f"| `{name}` | {status} |")
    return lines + [""]


def render() -> str:
    sys.path.insert(0, str(REPO / "python"))
    import asc
    import asc.adv
    from asc._pyasc_names import PYASC_ADV, PYASC_BASIC  # the one list of names; asc.__getattr__ reads it too
    from asc.language.adv._registry import REGISTRY as ADV_REGISTRY
    from asc.language.basic._api import registry

    tested = value_tested_names()
    counts = {"basic": [0, 0, 0, 0], "adv": [0, 0, 0, 0]}  # total, implemented, tested, rejected

    def status(kind: str, has: bool, key: str, name: str) -> str:
        c = counts[kind]
        c[0] += 1
        if not has:
            return "not yet"
        c[1] += 1
        why = _rejected(name) if kind == "basic" else None
        if why:
            c[3] += 1
            return why
        if key in tested:
            c[2] += 1
            return "implemented + tested"
        return "implemented"

    body: list[str] = []
    for category, names in PYASC_BASIC.items():
        rows = []
        for name in names.split():
            info = registry().get(name)
            rows.append((name, status("basic", hasattr(asc, name), name, name),
                         ", ".join(info.registered_forms) if info else "",
                         ", ".join(d.name for d in info.dtypes) if info else ""))
        _section(body, category, rows)
    body += ["# pyasc advanced API (`asc.adv`)", ""]
    for category, names in PYASC_ADV.items():
        rows = []
        for name in names.split():
            info = ADV_REGISTRY.get(name)
            forms = ", ".join(info.overloads.forms) if info and info.overloads else ""
            rows.append((name, status("adv", hasattr(asc.adv, name), f"adv.{name}", name), forms,
                         ", ".join(info.dtypes) if info else ""))
        _section(body, f"adv: {category}", rows)
    body += _matmul_methods(tested)
    b, a = counts["basic"], counts["adv"]
    head = [
        "# pyasc API coverage",
        "",
        "Generated by `scripts/gen_api_coverage.py` from the code (do not edit by hand). *implemented*: "
        "`asc.<name>` (`asc.adv.<name>`) exists; *rejected*: Ascend 910B/910C do not implement it, so calling it "
        "is a compile error saying so (ODS `pyUnsupportedArchs`); *tested*: a test marked "
        "`@pytest.mark.values(\"<name>\")` checks the values it computes against a reference; forms are those "
        "with a registered handler and element types those of the API's registry entry.",
        "",
        f"**Basic API: {b[1]} of {b[0]} names implemented, {b[2]} of them value-tested, {b[3]} rejected by the "
        f"hardware. Advanced API: {a[1]} of {a[0]} names implemented, {a[2]} of them value-tested.**",
        "",
    ]
    return "\n".join(head + body)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--check", action="store_true", help="fail if docs/api_coverage.md is out of date")
    args = parser.parse_args()
    text = render()
    if args.check:
        if not OUT.exists() or OUT.read_text() != text:
            print(f"{OUT} is out of date: run python scripts/gen_api_coverage.py", file=sys.stderr)
            return 1
        return 0
    OUT.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())

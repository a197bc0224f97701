"""One source per fact: hand-written Python never names an asc op or spells an asc type.

Ops are created through the builders ODS generates into `asc._C._ods` (`_ods.add_l0(b, ...)`, defined in
`asc._C._ods_ops`), types through its type builders (`_ods.local_tensor_type(pos, dtype)`), so renaming an op
or changing a type in ODS is a build error or a test failure here, never a silently stale string.
"""

from __future__ import annotations

import ast
from pathlib import Path

from conftest import REPO

from asc._C import _ods_ops

PACKAGE = REPO / "python" / "asc"
GENERATED = PACKAGE / "_C" / "_ods.py"


def _op_names() -> set[str]:
    """Every asc op name (`asc.add_l0`), read from the generated builders' docstrings (the module `_ods` reads
    them from on first use)."""
    names = set()
    for value in vars(_ods_ops).values():
        doc = getattr(value, "__doc__", None) or ""
        if callable(value) and doc.startswith("`asc."):
            names.add(doc[1:doc.index("`", 1)])
    return names


def _violations(path: Path, op_names: set[str]) -> list[str]:
    tree = ast.parse(path.read_text(), str(path))
    docstrings = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant)}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "attr", "") in ("create", "create1") and node.args:
            name = node.args[0]
            # b.create(f"asc.{api}", ...) builds an op name.
            if isinstance(name, ast.JoinedStr) and isinstance(name.values[0], ast.Constant) and \
                    str(name.values[0].value).startswith("asc."):
                found.append(f"{path}:{node.lineno}: op name built in an f-string")
        if not isinstance(node, ast.Constant) or not isinstance(node.value, str) or id(node) in docstrings:
            continue
        if node.value in op_names:
            found.append(f"{path}:{node.lineno}: op name {node.value!r}")
        if "!asc." in node.value:
            found.append(f"{path}:{node.lineno}: type text {node.value!r}")
    return found


def test_no_op_or_type_names_in_hand_written_python() -> None:
    op_names = _op_names()
    assert {"asc.add_l0", "asc.tpipe_init_buffer", "asc.set_flag"} <= op_names
    problems = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path != GENERATED:
            problems += _violations(path, op_names)
    assert not problems, "use the generated builders of asc._C._ods:\n" + "\n".join(problems)


def test_the_scan_finds_what_it_forbids(tmp_path: Path) -> None:
    """The scan itself: each forbidden spelling is reported, a message naming an API is not."""
    sample = tmp_path / "sample.py"
    sample.write_text('b.create("asc.set_flag", [])\n'
                      'b.create1(f"asc.{api}", [], "i32")\n'
                      't = f"!asc.tque<{pos}, 2>"\n'
                      'u = "!asc.tpipe"\n'
                      'msg = "print an element or use asc.dump_tensor"\n')
    found = _violations(sample, _op_names())
    assert sorted(int(line.split(":")[1]) for line in found) == [1, 2, 3, 4], found

"""docs/api_coverage.md is generated from the code and must be current."""

from __future__ import annotations

from conftest import REPO, run_python


def test_api_coverage_doc_is_current() -> None:
    proc = run_python(str(REPO / "scripts" / "gen_api_coverage.py"), "--check")
    assert proc.returncode == 0, proc.stderr

"""Fuzzing (hypothesis): random kernels of pyasc's Python subset and random bad inputs.

Every case runs in a worker process (`runner.Worker`), so that a crash or a hang is reported as one
instead of ending the test run. The properties (`properties.py`): a valid kernel computes what the
reference interpreter computes, or fails with the error it predicts; a bad input fails with a pyasc
error at the user's line; nothing ever crashes, hangs, leaks an internal message or warns.

The case counts keep `make test` near a minute (the cases are deterministic: `derandomize`);
`scripts/fuzz.py` runs the same properties with fresh random cases, as many as one wants.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import hypothesis.strategies as st
import pytest
from hypothesis import HealthCheck, Phase, given, settings

from . import properties
from .runner import Worker

#: Cases per property in `make test` (500 in all; PYASC_FUZZ_SCALE multiplies them).
SCALE = float(os.environ.get("PYASC_FUZZ_SCALE", "1"))
CASES = {"run": 30, "compile": 90, "bad_statements": 280, "bad_launches": 100}


def cases(kind: str) -> int:
    return max(1, int(CASES[kind] * SCALE))


def fuzz_settings(kind: str):
    # No shrinking: a failure reports the case as drawn (its generated module is in the message);
    # `scripts/fuzz.py --shrink` minimises one.
    return settings(max_examples=cases(kind), deadline=None, derandomize=True, database=None,
                    phases=[Phase.explicit, Phase.generate], suppress_health_check=list(HealthCheck))


def test_case_count() -> None:
    assert sum(CASES.values()) >= 500


@pytest.fixture(scope="module")
def worker() -> Iterator[Worker]:
    with Worker() as w:
        yield w


@pytest.fixture(scope="module")
def directory(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fuzz")


@fuzz_settings("run")
@given(data=st.data())
def test_random_kernels_compute_what_the_interpreter_computes(worker: Worker, directory: Path, data) -> None:
    problems = properties.kernels_run(worker, directory, data)
    assert not problems, "\n".join(problems)


@fuzz_settings("compile")
@given(data=st.data())
def test_random_kernels_compile_or_fail_as_predicted(worker: Worker, directory: Path, data) -> None:
    problems = properties.kernels_compile(worker, directory, data)
    assert not problems, "\n".join(problems)


@fuzz_settings("bad_statements")
@given(data=st.data())
def test_bad_statements_fail_at_their_line(worker: Worker, directory: Path, data) -> None:
    problems = properties.bad_statements(worker, directory, data)
    assert not problems, "\n".join(problems)


@fuzz_settings("bad_launches")
@given(data=st.data())
def test_bad_launches_are_launch_errors(worker: Worker, directory: Path, data) -> None:
    problems = properties.bad_launches(worker, directory, data)
    assert not problems, "\n".join(problems)

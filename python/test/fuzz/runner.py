"""Runs generated kernels in a worker process (`worker.py`) with a timeout per job.

A worker that dies (a crash in native code) or does not answer in time (a hang) is reported as such
and replaced; the next job gets a fresh one.
"""

from __future__ import annotations

import os
import select
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from .worker import read_message, write_message

WORKER = Path(__file__).with_name("worker.py")


class Worker:
    """One worker process; `run` sends a job and waits for its reply."""

    def __init__(self, env: dict[str, str] | None = None) -> None:
        self.env = dict(os.environ, **(env or {}))
        self.proc: subprocess.Popen | None = None
        self.stderr: Any = None
        self.started = 0

    def _start(self) -> None:
        self.stderr = tempfile.TemporaryFile()
        self.proc = subprocess.Popen([sys.executable, str(WORKER)], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=self.stderr, env=self.env)
        self.started += 1
        reply = self._read(120.0)
        if reply.get("status") != "ready":
            raise RuntimeError(f"the fuzz worker did not start: {reply}")

    def _stderr_tail(self) -> str:
        if self.stderr is None:
            return ""
        self.stderr.seek(0)
        return self.stderr.read()[-4000:].decode(errors="replace")

    def _read(self, timeout: float) -> dict[str, Any]:
        assert self.proc is not None and self.proc.stdout is not None
        ready, _, _ = select.select([self.proc.stdout], [], [], timeout)
        if not ready:
            self.stop()
            return {"status": "hang", "timeout": timeout}
        reply = read_message(self.proc.stdout)
        if reply is None:
            code = self.proc.wait()
            tail = self._stderr_tail()
            self.proc = None
            return {"status": "crash", "returncode": code, "stderr": tail}
        return reply

    def run(self, job: dict[str, Any], timeout: float) -> dict[str, Any]:
        if self.proc is None:
            self._start()
        assert self.proc is not None and self.proc.stdin is not None
        started = time.monotonic()
        try:
            write_message(self.proc.stdin, job)
        except BrokenPipeError:
            self.proc = None
            return {"status": "crash", "returncode": None, "stderr": self._stderr_tail()}
        reply = self._read(timeout)
        reply["seconds"] = time.monotonic() - started
        return reply

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait()
            self.proc = None

    def __enter__(self) -> Worker:
        return self

    def __exit__(self, *exc: Any) -> None:
        if self.proc is not None and self.proc.stdin is not None:
            self.proc.stdin.close()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.stop()
        self.proc = None

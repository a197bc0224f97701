"""Formatting of the results table, the machine description, and the update of results.md.

results.md keeps hand-written analysis; only the part between the markers below is
rewritten by `run.py --write-results`.
"""

from __future__ import annotations

import datetime
import os
import platform
import subprocess
from collections.abc import Sequence
from pathlib import Path

from common import REPO, Section

BEGIN, END = "<!-- results:begin (written by run.py --write-results) -->", "<!-- results:end -->"


def _first_line(cmd: Sequence[str]) -> str:
    try:
        out = subprocess.run(list(cmd), capture_output=True, text=True, cwd=REPO, timeout=30).stdout
    except (OSError, subprocess.TimeoutExpired):
        return "?"
    return out.splitlines()[0].strip() if out.strip() else "?"


def machine() -> dict[str, str]:
    cpu = "?"
    for line in Path("/proc/cpuinfo").read_text().splitlines():
        if line.startswith("model name"):
            cpu = line.split(":", 1)[1].strip()
            break
    mem_kib = 0
    for line in Path("/proc/meminfo").read_text().splitlines():
        if line.startswith("MemTotal:"):
            mem_kib = int(line.split()[1])
    dirty = _first_line(["git", "status", "--porcelain", "--untracked-files=no"])
    return {
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "nproc": str(os.cpu_count()),
        "cpu": cpu,
        "memory": f"{mem_kib / 2**20:.1f} GiB",
        "load average at start": " ".join(f"{v:.2f}" for v in os.getloadavg()),
        "python": platform.python_version(),
        "host compiler": _first_line([os.environ.get("CXX", "g++"), "--version"]),
        "pyasc revision": _first_line(["git", "rev-parse", "--short", "HEAD"])
        + (" (+ uncommitted changes)" if dirty != "?" else ""),
    }


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def table(sections: Sequence[Section]) -> str:
    lines = ["| # | metric | ours | reference | ratio | target | status | note |",
             "|---|---|---|---|---|---|---|---|"]
    for section in sections:
        for r in section.rows:
            ratio = "" if r.ratio is None else f"{r.ratio:.3g}×"
            lines.append("| " + " | ".join(_cell(c) for c in (r.bench, r.metric, r.ours, r.reference, ratio,
                                                                r.target, r.status, r.note)) + " |")
    return "\n".join(lines)


def details(sections: Sequence[Section]) -> str:
    return "\n".join(line for s in sections for line in s.details)


def render(sections: Sequence[Section], quick: bool, wall: float) -> str:
    m = machine()
    mode = "--quick" if quick else "full"
    head = (f"- run: {mode}, {wall:.0f} s, {m['date']}\n"
            f"- machine: nproc {m['nproc']}, {m['cpu']}, {m['memory']} RAM; load average at start "
            f"{m['load average at start']}\n"
            f"- software: Python {m['python']}, {m['host compiler']}, pyasc {m['pyasc revision']}\n")
    return f"{head}\n{table(sections)}\n\nDetails:\n\n```\n{details(sections)}\n```\n"


def write_results(path: Path, text: str) -> None:
    block = f"{BEGIN}\n{text}{END}"
    if path.exists():
        old = path.read_text()
        if BEGIN in old and END in old:
            start, end = old.index(BEGIN), old.index(END) + len(END)
            path.write_text(old[:start] + block + old[end:])
            return
        path.write_text(old.rstrip() + "\n\n" + block + "\n")
        return
    path.write_text(f"# Benchmark results\n\n{block}\n")

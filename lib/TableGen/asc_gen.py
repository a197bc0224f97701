#!/usr/bin/env python3
"""Generates the tables derived from the asc dialect's ODS (see lib/TableGen/CMakeLists.txt).

    asc_gen.py --json AscOps.json --python out/_ods.py [--cpp-op-info out/AscOpInfo.inc]

Each output is written only when its content changes, so an unchanged .td file does not rebuild its
consumers.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ascgen import emit_cpp, emit_python, emit_sim  # noqa: E402
from ascgen.model import Dialect  # noqa: E402
from ascgen.records import Records  # noqa: E402


def write_if_changed(path: Path, text: str) -> None:
    if path.exists() and path.read_text() == text:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(text)
    tmp.replace(path)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--json", type=Path, required=True, help="llvm-tblgen --dump-json of AscOps.td")
    p.add_argument("--python", type=Path,
                   help="write the Python op surface (_ods.py) here, its op builders (_ods_ops.py) and op facts "
                        "(_ods_info.py) beside it")
    p.add_argument("--cpp-op-info", type=Path, help="write the dialect's op table (AscOpInfo.inc) here")
    p.add_argument("--sim-include", type=Path,
                   help="write the simulator's generated headers (ascsim/gen/*.h) under this directory")
    args = p.parse_args(argv)
    dialect = Dialect(Records.load(args.json))
    if args.python:
        write_if_changed(args.python, emit_python.emit(dialect))
        write_if_changed(args.python.with_name("_ods_ops.py"), emit_python.emit_ops(dialect))
        write_if_changed(args.python.with_name("_ods_info.py"), emit_python.emit_info(dialect))
    if args.cpp_op_info:
        write_if_changed(args.cpp_op_info, emit_cpp.emit(dialect))
    if args.sim_include:
        gen = args.sim_include / "ascsim" / "gen"
        write_if_changed(gen / "Hardware.h", emit_sim.emit_hardware(dialect))
        write_if_changed(gen / "Enums.h", emit_sim.emit_enums(dialect))
        write_if_changed(gen / "VecOps.def", emit_sim.emit_vec_ops(dialect))
        write_if_changed(gen / "ParamStructs.h", emit_sim.emit_param_structs(dialect))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Generators over the asc dialect's ODS records (`llvm-tblgen --dump-json` of AscOps.td).

One model (`model.Dialect`) feeds every generated table: the Python op surface (`emit_python`), the
dialect's operand rules (`emit_cpp`) and the simulator's op, enum and hardware tables (`emit_sim`).
"""

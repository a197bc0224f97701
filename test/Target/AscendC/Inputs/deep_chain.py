"""Prints a function whose result is a chain of N single-use arith.addi (deep-expression.mlir)."""

import sys

n = int(sys.argv[1])
print("func.func private @chain(%a: i32, %b: i32) -> i32 {")
print("  %v0 = arith.addi %a, %b : i32")
for i in range(1, n):
    # Alternate the side the chain continues on: both operands recurse.
    lhs, rhs = (f"%v{i - 1}", "%b") if i % 2 else ("%a", f"%v{i - 1}")
    print(f"  %v{i} = arith.addi {lhs}, {rhs} : i32")
print(f"  return %v{n - 1} : i32")
print("}")

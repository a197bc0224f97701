// RUN: ascir-translate --mlir-to-ascendc -split-input-file -verify-diagnostics %s

// Symbols that are not C++ identifiers are rejected, not printed as invalid C++.
// expected-error@+1 {{'func.func' op cannot emit function 'my kernel-1': its name is not a C++ identifier (ASCII letters, digits and '_', not starting with a digit); rename it}}
func.func @"my kernel-1"() attributes {asc.kernel} {
  return
}

// -----

// expected-error@+1 {{'func.func' op cannot emit function '9lives': its name is not a C++ identifier}}
func.func private @"9lives"() {
  return
}

// -----

// expected-error@+1 {{'func.func' op cannot emit function 'café': its name is not a C++ identifier}}
func.func @"café"() attributes {asc.kernel} {
  return
}

// -----

// A declaration names a function defined elsewhere: it cannot be renamed.
// expected-error@+1 {{'func.func' op cannot emit the declaration of 'int': the name is reserved in C++ or Ascend C; rename it}}
func.func private @int(i32)

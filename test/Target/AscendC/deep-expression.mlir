// RUN: %python %S/Inputs/deep_chain.py 10000 | ascir-translate --mlir-to-ascendc --asc-line-directives=false | FileCheck %s
// RUN: %python %S/Inputs/deep_chain.py 10000 | ascir-translate --mlir-to-ascendc | c++ -std=c++17 -fsyntax-only -x c++ -I %sim_include -
// RUN: %python %S/Inputs/deep_chain.py 64 | ascir-translate --mlir-to-ascendc --asc-line-directives=false | FileCheck %s --check-prefix=SHORT

// A chain of 10,000 single-use ops used to overflow the emitter's stack (one
// recursion of emitOperand per level). Expressions are now cut into
// temporaries every 64 levels: the first temporary holds the 65th op, whose
// expression nests 64 deep, and one every 65 ops after it: 153 for 10,000.
// CHECK-LABEL: int32_t chain(
// CHECK-NEXT:    int32_t [[T1:v[0-9]+]] = {{.*}};
// CHECK-COUNT-152: int32_t {{v[0-9]+}} = {{.*}};
// CHECK-NEXT:    return {{.*}};
// CHECK-NEXT:  }

// 64 levels print as one expression, as before.
// SHORT-LABEL: int32_t chain(
// SHORT-NEXT:    return {{.*}};
// SHORT-NEXT:  }

// RUN: ascir-translate --mlir-to-ascendc --asc-line-directives=false -split-input-file %s | FileCheck %s

// Integer bounds give a C for loop; the induction variable is i, j, ... by
// nesting depth when the frontend gave no name.
// CHECK-LABEL: void nested(
// CHECK-SAME:  int32_t [[N:v[0-9]+]])
// CHECK-NEXT:    for (int32_t i = 0; i < [[N]] / 2; i += 1) {
// CHECK-NEXT:      pyasc::loop_tick();
// CHECK-NEXT:      for (int32_t j = i; j < [[N]]; j += 4) {
// CHECK-NEXT:        pyasc::loop_tick();
// CHECK-NEXT:        use(i + j);
// CHECK-NEXT:      }
// CHECK-NEXT:    }
func.func @nested(%n: i32) {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c4 = arith.constant 4 : i32
  %c0 = arith.constant 0 : i32
  %half = arith.divsi %n, %c2 : i32
  scf.for %i = %c0 to %half step %c1 : i32 {
    scf.for %j = %i to %n step %c4 : i32 {
      %s = arith.addi %i, %j : i32
      func.call @use(%s) : (i32) -> ()
    }
  }
  return
}
func.func private @use(i32)

// -----

// Loop-carried values are variables declared before the loop and updated at
// the end of the body; the loop's results are those variables.
// CHECK-LABEL: float sum(
// CHECK-SAME:  int32_t [[N:v[0-9]+]], float [[X:v[0-9]+]])
// CHECK-NEXT:    float [[ACC:v[0-9]+]] = 0.0f;
// CHECK-NEXT:    for (int32_t i = 0; i < [[N]]; i += 1) {
// CHECK-NEXT:      pyasc::loop_tick();
// CHECK-NEXT:      [[ACC]] = [[ACC]] + [[X]];
// CHECK-NEXT:    }
// CHECK-NEXT:    return [[ACC]];
func.func @sum(%n: i32, %x: f32) -> f32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) : i32 {
    %next = arith.addf %acc, %x : f32
    scf.yield %next : f32
  }
  return %r : f32
}

// -----

// Values that read each other's variables are updated through temporaries.
// CHECK-LABEL: int32_t swap(
// CHECK-SAME:  int32_t [[N:v[0-9]+]])
// CHECK-NEXT:    int32_t [[A:v[0-9]+]] = 0;
// CHECK-NEXT:    int32_t [[B:v[0-9]+]] = 1;
// CHECK-NEXT:    for (int32_t i = 0; i < [[N]]; i += 1) {
// CHECK-NEXT:      pyasc::loop_tick();
// CHECK-NEXT:      int32_t [[A]]_next = [[B]];
// CHECK-NEXT:      int32_t [[B]]_next = [[A]] + [[B]];
// CHECK-NEXT:      [[A]] = [[A]]_next;
// CHECK-NEXT:      [[B]] = [[B]]_next;
// CHECK-NEXT:    }
func.func @swap(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %c0, %b = %c1) -> (i32, i32) : i32 {
    %s = arith.addi %a, %b : i32
    scf.yield %b, %s : i32, i32
  }
  return %r#0 : i32
}

// -----

// CHECK-LABEL: void if_else(
// CHECK-SAME:  bool [[C:v[0-9]+]])
// CHECK-NEXT:    if ([[C]]) {
// CHECK-NEXT:      first();
// CHECK-NEXT:    } else {
// CHECK-NEXT:      second();
// CHECK-NEXT:    }
func.func @if_else(%c: i1) {
  scf.if %c {
    func.call @first() : () -> ()
  } else {
    func.call @second() : () -> ()
  }
  return
}
func.func private @first()
func.func private @second()

// -----

// Results of scf.if are declared first and assigned in each branch.
// CHECK-LABEL: int32_t if_result(
// CHECK-SAME:  int32_t [[A:v[0-9]+]], int32_t [[B:v[0-9]+]])
// CHECK-NEXT:    int32_t [[R:v[0-9]+]];
// CHECK-NEXT:    if ([[A]] < [[B]]) {
// CHECK-NEXT:      [[R]] = [[B]] - [[A]];
// CHECK-NEXT:    } else {
// CHECK-NEXT:      [[R]] = [[A]];
// CHECK-NEXT:    }
// CHECK-NEXT:    return [[R]];
func.func @if_result(%a: i32, %b: i32) -> i32 {
  %lt = arith.cmpi slt, %a, %b : i32
  %r = scf.if %lt -> (i32) {
    %d = arith.subi %b, %a : i32
    scf.yield %d : i32
  } else {
    scf.yield %a : i32
  }
  return %r : i32
}

// -----

// scf.while: the before-region arguments are variables updated at the end
// of each iteration; forwarded values live in the result variables.
// CHECK-LABEL: int32_t count_up(
// CHECK-SAME:  int32_t [[N:v[0-9]+]])
// CHECK-NEXT:    int32_t [[V:v[0-9]+]] = 0;
// CHECK-NEXT:    int32_t [[R:v[0-9]+]];
// CHECK-NEXT:    while (true) {
// CHECK-NEXT:      pyasc::loop_tick();
// CHECK-NEXT:      [[R]] = [[V]];
// CHECK-NEXT:      if (!([[V]] < [[N]])) {
// CHECK-NEXT:        break;
// CHECK-NEXT:      }
// CHECK-NEXT:      [[V]] = [[R]] + 3;
// CHECK-NEXT:    }
// CHECK-NEXT:    return [[R]];
func.func @count_up(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c3 = arith.constant 3 : i32
  %w = scf.while (%v = %c0) : (i32) -> i32 {
    %lt = arith.cmpi slt, %v, %n : i32
    scf.condition(%lt) %v : i32
  } do {
  ^bb0(%u: i32):
    %next = arith.addi %u, %c3 : i32
    scf.yield %next : i32
  }
  return %w : i32
}

// -----

// Tensors are cheap to copy: they may be loop-carried through nested loops
// and be results of scf.if.
// CHECK-LABEL: void tensors(
// CHECK-SAME:  AscendC::LocalTensor<float> [[A:v[0-9]+]], AscendC::LocalTensor<float> [[B:v[0-9]+]], AscendC::GlobalTensor<float> [[G:v[0-9]+]], int32_t [[N:v[0-9]+]])
// CHECK-NEXT:    AscendC::LocalTensor<float> [[X:v[0-9]+]] = [[A]];
// CHECK-NEXT:    AscendC::LocalTensor<float> [[Y:v[0-9]+]] = [[B]];
// CHECK-NEXT:    for (int32_t i = 0; i < [[N]]; i += 1) {
// CHECK-NEXT:      pyasc::loop_tick();
// CHECK-NEXT:      AscendC::GlobalTensor<float> [[H:v[0-9]+]] = [[G]];
// CHECK-NEXT:      for (int32_t j = 0; j < [[N]]; j += 1) {
// CHECK-NEXT:        pyasc::loop_tick();
// CHECK-NEXT:        AscendC::DataCopy([[H]], [[X]], 64);
// CHECK-NEXT:        [[H]] = [[H]][64];
// CHECK-NEXT:      }
// CHECK-NEXT:      AscendC::LocalTensor<float> [[S:v[0-9]+]];
// CHECK-NEXT:      if (i < 1) {
// CHECK-NEXT:        [[S]] = [[X]];
// CHECK-NEXT:      } else {
// CHECK-NEXT:        [[S]] = [[Y]][8];
// CHECK-NEXT:      }
// CHECK-NEXT:      [[X]] = [[Y]];
// CHECK-NEXT:      [[Y]] = [[S]];
// CHECK-NEXT:    }
func.func @tensors(%a: !asc.local_tensor<vecin, f32>, %b: !asc.local_tensor<vecin, f32>,
                   %g: !asc.global_tensor<f32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c8 = arith.constant 8 : i32
  %c64 = arith.constant 64 : i32
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %b)
      -> (!asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f32>) : i32 {
    %gs = scf.for %j = %c0 to %n step %c1 iter_args(%h = %g) -> (!asc.global_tensor<f32>) : i32 {
      asc.data_copy %h, %x, %c64 : !asc.global_tensor<f32>, !asc.local_tensor<vecin, f32>, i32
      %next = asc.subview %h[%c64] : !asc.global_tensor<f32>, i32
      scf.yield %next : !asc.global_tensor<f32>
    }
    %first = arith.cmpi slt, %i, %c1 : i32
    %s = scf.if %first -> (!asc.local_tensor<vecin, f32>) {
      scf.yield %x : !asc.local_tensor<vecin, f32>
    } else {
      %v = asc.subview %y[%c8] : !asc.local_tensor<vecin, f32>, i32
      scf.yield %v : !asc.local_tensor<vecin, f32>
    }
    scf.yield %y, %s : !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f32>
  }
  return
}

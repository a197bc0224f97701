// RUN: ascir-translate --mlir-to-ascendc -split-input-file -verify-diagnostics %s

func.func @no_printer(%a: i32, %b: i32) -> i32 {
  // expected-error@+1 {{'arith.ceildivsi' op cannot emit operation 'arith.ceildivsi' as Ascend C: no printer}}
  %0 = arith.ceildivsi %a, %b : i32
  return %0 : i32
}

// -----

// expected-error@+1 {{cannot emit type 'vector<4xf32>' as Ascend C}}
func.func @unsupported_type(%v: vector<4xf32>) {
  return
}

// -----

// expected-error@+1 {{cannot emit type '!asc.global_tensor<none>' as Ascend C}}
func.func @unbound_global_tensor(%g: !asc.global_tensor<none>) {
  return
}

// -----

func.func @unsupported_attribute() -> f32 {
  // expected-error@+1 {{cannot emit attribute 1.000000e+00 : f80 as Ascend C}}
  %c = arith.constant 1.0 : f80
  %0 = arith.truncf %c : f80 to f32
  return %0 : f32
}

// -----

// expected-error@+1 {{'func.func' op cannot emit a function with 2 blocks: only structured control flow (scf) is supported}}
func.func @unstructured(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb1
^bb1:
  return
}

// -----

// expected-error@+1 {{cannot copy a value of type '!asc.tque<vecin, 2>': Ascend C framework objects are only passed by reference}}
func.func @returns_queue(%q: !asc.tque<vecin, 2>) -> !asc.tque<vecin, 2> {
  return %q : !asc.tque<vecin, 2>
}

// -----

// expected-error@+1 {{cannot emit two different structs named 'S': '!asc.struct<"S", ["a" : i32]>' and '!asc.struct<"S", ["b" : f32]>'}}
module {
  func.func private @first(!asc.struct<"S", ["a" : i32]>)
  func.func private @second(!asc.struct<"S", ["b" : f32]>)
}

// -----

// expected-error@+1 {{cannot emit struct 'S': name 'class' is reserved in C++ or Ascend C}}
module {
  func.func private @reserved(!asc.struct<"S", ["class" : i32]>)
}

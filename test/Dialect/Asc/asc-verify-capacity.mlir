// RUN: ascir-opt %s -split-input-file -asc-verify-capacity -verify-diagnostics | FileCheck %s
// RUN: ascir-opt %s -split-input-file -asc-verify-capacity="ub-size=262144 l1-size=1048576" | FileCheck %s --check-prefix=LARGE

// The pass changes nothing; with larger memories nothing overflows.
// LARGE-COUNT-4: asc.local_tensor

// CHECK-LABEL: func.func @fits_end_of_ub
func.func @fits_end_of_ub() {
  %addr = arith.constant 196352 : i32
  %n = arith.constant 64 : i32
  // CHECK: asc.local_tensor
  %t = asc.local_tensor %addr, %n : i32, i32 -> !asc.local_tensor<vecout, f32>
  return
}

// -----

func.func @overflows_ub() {
  %addr = arith.constant 196480 : i32
  %n = arith.constant 64 : i32
  // expected-error@+1 {{static local tensor occupies bytes [196480, 196736) of ub but ub has only 196608 bytes}}
  %t = asc.local_tensor %addr, %n : i32, i32 -> !asc.local_tensor<vecin, f32>
  return
}

// -----

func.func @overflows_l1() {
  %addr = arith.constant 524256 : i32
  %n = arith.constant 32 : i32
  // expected-error@+1 {{static local tensor occupies bytes [524256, 524320) of l1 but l1 has only 524288 bytes}}
  %t = asc.local_tensor %addr, %n : i32, i32 -> !asc.local_tensor<b1, f16>
  return
}

// -----

// Only constant placements can be checked.
// CHECK-LABEL: func.func @dynamic_address
func.func @dynamic_address(%addr: i32) {
  %n = arith.constant 1048576 : i32
  // CHECK: asc.local_tensor
  %t = asc.local_tensor %addr, %n : i32, i32 -> !asc.local_tensor<vecin, f32>
  return
}

// RUN: ascir-opt %s -split-input-file -canonicalize | FileCheck %s
// RUN: ascir-opt %s -split-input-file -cse | FileCheck %s --check-prefix=CSE

// Flags and barriers touch the sync resource: identical ones are neither
// merged nor dropped, and stay in order.
// CHECK-LABEL: func.func @sync_is_kept
// CHECK-NEXT:    asc.set_flag mte2_v
// CHECK-NEXT:    asc.set_flag mte2_v
// CHECK-NEXT:    asc.wait_flag mte2_v
// CHECK-NEXT:    asc.pipe_barrier all
// CHECK-NEXT:    asc.pipe_barrier all
// CSE-LABEL: func.func @sync_is_kept
// CSE-COUNT-2: asc.set_flag mte2_v
// CSE-COUNT-2: asc.pipe_barrier all
func.func @sync_is_kept(%id: i32) {
  asc.set_flag mte2_v, %id : i32
  asc.set_flag mte2_v, %id : i32
  asc.wait_flag mte2_v, %id : i32
  asc.pipe_barrier all
  asc.pipe_barrier all
  return
}

// -----

// Each tensor creation is a distinct tensor; unused ones disappear.
// CHECK-LABEL: func.func @tensors_are_distinct
// CHECK-COUNT-2: asc.local_tensor
// CHECK-COUNT-2: asc.global_tensor
// CSE-LABEL: func.func @tensors_are_distinct
// CSE-COUNT-2: asc.local_tensor
// CSE-COUNT-2: asc.global_tensor
func.func @tensors_are_distinct(%a: i32, %n: i32) -> (!asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f32>, !asc.global_tensor<f32>, !asc.global_tensor<f32>) {
  %t0 = asc.local_tensor %a, %n : i32, i32 -> !asc.local_tensor<vecin, f32>
  %t1 = asc.local_tensor %a, %n : i32, i32 -> !asc.local_tensor<vecin, f32>
  %unused = asc.local_tensor %a, %n : i32, i32 -> !asc.local_tensor<vecin, f32>
  %g0 = asc.global_tensor : !asc.global_tensor<f32>
  %g1 = asc.global_tensor : !asc.global_tensor<f32>
  return %t0, %t1, %g0, %g1 : !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f32>, !asc.global_tensor<f32>, !asc.global_tensor<f32>
}

// -----

// Views and queries are pure: CSE merges them, canonicalize drops dead ones;
// copies stay.
// CSE-LABEL: func.func @views_are_pure
// CSE-COUNT-1: asc.subview
// CSE-NOT: asc.subview
// CHECK-LABEL: func.func @views_are_pure
// CHECK-NOT: asc.get_block_idx
// CHECK-COUNT-2: asc.data_copy
func.func @views_are_pure(%t: !asc.local_tensor<vecin, f32>, %g: !asc.global_tensor<f32>, %i: i32) {
  %dead = asc.get_block_idx : i32
  %v0 = asc.subview %t[%i] : !asc.local_tensor<vecin, f32>, i32
  %v1 = asc.subview %t[%i] : !asc.local_tensor<vecin, f32>, i32
  asc.data_copy %v0, %g, %i : !asc.local_tensor<vecin, f32>, !asc.global_tensor<f32>, i32
  asc.data_copy %v1, %g, %i : !asc.local_tensor<vecin, f32>, !asc.global_tensor<f32>, i32
  return
}

// -----

// A TPipe is kept even when unused (its constructor initialises the core);
// each queue is a distinct object, unused ones disappear.
// CHECK-LABEL: func.func @framework_objects
// CHECK-NEXT:    asc.tpipe
// CHECK-COUNT-2: asc.tque :
// CHECK-NOT:     asc.tbuf
// CSE-LABEL: func.func @framework_objects
// CSE-COUNT-2: asc.tque :
func.func @framework_objects() -> (!asc.tque<vecin, 2>, !asc.tque<vecin, 2>) {
  %unused_pipe = asc.tpipe : !asc.tpipe
  %q0 = asc.tque : !asc.tque<vecin, 2>
  %q1 = asc.tque : !asc.tque<vecin, 2>
  %unused_buf = asc.tbuf : !asc.tbuf<veccalc>
  return %q0, %q1 : !asc.tque<vecin, 2>, !asc.tque<vecin, 2>
}

// -----

// Queue operations wait for and set flags: none is merged or dropped.
// Queries only read: CSE merges them unless a queue operation intervenes.
// CHECK-LABEL: func.func @queue_ops_are_kept
// CHECK-COUNT-2: asc.alloc_tensor
// CHECK-COUNT-2: asc.free_tensor
// CSE-LABEL: func.func @queue_ops_are_kept
// CSE:         asc.alloc_tensor
// CSE-NEXT:    asc.alloc_tensor
// CSE-NEXT:    asc.free_tensor
// CSE-NEXT:    asc.free_tensor
// CSE-NEXT:    asc.vacant_in_que
// CSE-NEXT:    asc.enque
// CSE-NEXT:    asc.vacant_in_que
// CSE-NEXT:    return
func.func @queue_ops_are_kept(%q: !asc.tque<vecout, 2>) -> (i1, i1, i1) {
  %t0 = asc.alloc_tensor %q : !asc.tque<vecout, 2> -> !asc.local_tensor<vecout, f32>
  %t1 = asc.alloc_tensor %q : !asc.tque<vecout, 2> -> !asc.local_tensor<vecout, f32>
  asc.free_tensor %q, %t0 : !asc.tque<vecout, 2>, !asc.local_tensor<vecout, f32>
  asc.free_tensor %q, %t1 : !asc.tque<vecout, 2>, !asc.local_tensor<vecout, f32>
  %a = asc.vacant_in_que %q : !asc.tque<vecout, 2> -> i1
  %b = asc.vacant_in_que %q : !asc.tque<vecout, 2> -> i1
  asc.enque %q, %t1 : !asc.tque<vecout, 2>, !asc.local_tensor<vecout, f32>
  %c = asc.vacant_in_que %q : !asc.tque<vecout, 2> -> i1
  return %a, %b, %c : i1, i1, i1
}

// -----

// Reading a field folds to the value last written to it, looking through
// writes of other fields.
// CHECK-LABEL: func.func @struct_get_of_set
// CHECK-SAME:  (%[[S:.+]]: !asc.struct<{{.*}}>, %[[X:.+]]: i32, %[[Y:.+]]: f32)
// CHECK-NEXT:    %[[OLD:.+]] = asc.struct_get %[[S]]["n"]
// CHECK-NEXT:    return %[[X]], %[[OLD]]
func.func @struct_get_of_set(%s: !asc.struct<"S", ["n" : i32, "m" : i32, "f" : f32]>, %x: i32, %y: f32) -> (i32, i32) {
  %s1 = asc.struct_set %s["m"], %x : !asc.struct<"S", ["n" : i32, "m" : i32, "f" : f32]>, i32
  %s2 = asc.struct_set %s1["f"], %y : !asc.struct<"S", ["n" : i32, "m" : i32, "f" : f32]>, f32
  %m = asc.struct_get %s2["m"] : !asc.struct<"S", ["n" : i32, "m" : i32, "f" : f32]> -> i32
  %n = asc.struct_get %s2["n"] : !asc.struct<"S", ["n" : i32, "m" : i32, "f" : f32]> -> i32
  return %m, %n : i32, i32
}

// -----

// Debug output writes the Debug resource: identical printf and DumpTensor
// calls are neither merged nor dropped, and stay in order.
// CHECK-LABEL: func.func @debug_is_kept
// CHECK-NEXT:    asc.printf "x\0A"
// CHECK-NEXT:    asc.dump_tensor
// CHECK-NEXT:    asc.printf "x\0A"
// CHECK-NEXT:    asc.dump_tensor
// CHECK-NEXT:    return
// CSE-LABEL: func.func @debug_is_kept
// CSE-NEXT:      asc.printf "x\0A"
// CSE-NEXT:      asc.dump_tensor
// CSE-NEXT:      asc.printf "x\0A"
// CSE-NEXT:      asc.dump_tensor
func.func @debug_is_kept(%t: !asc.local_tensor<vecin, f32>, %n: i32) {
  asc.printf "x\n"
  asc.dump_tensor %t, %n, %n : !asc.local_tensor<vecin, f32>, i32, i32
  asc.printf "x\n"
  asc.dump_tensor %t, %n, %n : !asc.local_tensor<vecin, f32>, i32, i32
  return
}

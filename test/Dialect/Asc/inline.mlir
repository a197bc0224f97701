// RUN: ascir-opt %s -inline | FileCheck %s

// Every asc op is legal to inline: a device function that takes framework
// objects and tensors, and returns several values, disappears into its
// caller.
// CHECK-LABEL: func.func @kernel
// CHECK-SAME:  (%[[G:.+]]: !asc.global_tensor<f32>, %[[I:.+]]: i32)
// CHECK:         %[[PIPE:.+]] = asc.tpipe
// CHECK-NEXT:    %[[Q:.+]] = asc.tque : !asc.tque<vecin, 2>
// CHECK-NEXT:    %[[T:.+]] = asc.alloc_tensor %[[Q]]
// CHECK-NEXT:    %[[V:.+]] = asc.subview %[[G]][%[[I]]]
// CHECK-NEXT:    asc.data_copy %[[T]], %[[V]]
// CHECK-NEXT:    asc.enque %[[Q]], %[[T]]
// CHECK-NEXT:    %[[ID:.+]] = asc.tpipe_fetch_event_id %[[PIPE]]
// CHECK-NEXT:    asc.set_flag mte2_v, %[[ID]]
// CHECK-NOT:     call
// CHECK-NOT:   func.func private @copy_in
func.func private @copy_in(%pipe: !asc.tpipe, %q: !asc.tque<vecin, 2>, %g: !asc.global_tensor<f32>, %i: i32)
    -> (!asc.local_tensor<vecin, f32>, i32) {
  %c64 = arith.constant 64 : i32
  %t = asc.alloc_tensor %q : !asc.tque<vecin, 2> -> !asc.local_tensor<vecin, f32>
  %v = asc.subview %g[%i] : !asc.global_tensor<f32>, i32
  asc.data_copy %t, %v, %c64 : !asc.local_tensor<vecin, f32>, !asc.global_tensor<f32>, i32
  asc.enque %q, %t : !asc.tque<vecin, 2>, !asc.local_tensor<vecin, f32>
  %id = asc.tpipe_fetch_event_id %pipe, mte2_v : i32
  return %t, %id : !asc.local_tensor<vecin, f32>, i32
}
func.func @kernel(%g: !asc.global_tensor<f32>, %i: i32) {
  %pipe = asc.tpipe : !asc.tpipe
  %q = asc.tque : !asc.tque<vecin, 2>
  %t, %id = func.call @copy_in(%pipe, %q, %g, %i)
      : (!asc.tpipe, !asc.tque<vecin, 2>, !asc.global_tensor<f32>, i32) -> (!asc.local_tensor<vecin, f32>, i32)
  asc.set_flag mte2_v, %id : i32
  return
}

// RUN: ascir-translate --mlir-to-ascendc --asc-line-directives=false %s | FileCheck %s

// Inter-block sync through a GM flag area: IBSet/IBWait and the software
// SyncAll take `is_aiv_only` as their template argument;
// NotifyNextBlock/WaitPreBlock are plain calls.

// CHECK-LABEL: void block_sync(
// CHECK-SAME:   AscendC::GlobalTensor<int32_t> [[GM:v[0-9]+]], int32_t [[B:v[0-9]+]])
// CHECK-NEXT: AscendC::LocalTensor<int32_t> [[UB:v[0-9]+]](AscendC::TPosition::VECCALC, 0, 64);
// CHECK-NEXT: AscendC::IBSet<true>([[GM]], [[UB]], [[B]], 0);
// CHECK-NEXT: AscendC::IBWait<true>([[GM]], [[UB]], [[B]], 0);
// CHECK-NEXT: AscendC::SyncAll<true>([[GM]], [[UB]], 0);
// CHECK-NEXT: AscendC::NotifyNextBlock([[GM]], [[UB]]);
// CHECK-NEXT: AscendC::WaitPreBlock([[GM]], [[UB]]);
func.func @block_sync(%gm: !asc.global_tensor<i32>, %b: i32) {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %ub = asc.local_tensor %c0, %c64 : i32, i32 -> !asc.local_tensor<veccalc, i32>
  asc.ib_set %gm, %ub, %b, %c0 : !asc.global_tensor<i32>, !asc.local_tensor<veccalc, i32>, i32, i32
  asc.ib_wait %gm, %ub, %b, %c0 {is_aiv_only = true} : !asc.global_tensor<i32>, !asc.local_tensor<veccalc, i32>, i32, i32
  asc.sync_all_soft %gm, %ub, %c0 : !asc.global_tensor<i32>, !asc.local_tensor<veccalc, i32>, i32
  asc.notify_next_block %gm, %ub : !asc.global_tensor<i32>, !asc.local_tensor<veccalc, i32>
  asc.wait_pre_block %gm, %ub : !asc.global_tensor<i32>, !asc.local_tensor<veccalc, i32>
  return
}

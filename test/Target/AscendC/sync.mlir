// RUN: ascir-translate --mlir-to-ascendc --asc-line-directives=false %s | FileCheck %s

// Events and pipes are template arguments.
// CHECK-LABEL: void flags(
// CHECK-SAME:  int32_t [[ID:v[0-9]+]])
// CHECK-NEXT:    AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(0);
// CHECK-NEXT:    AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(0);
// CHECK-NEXT:    AscendC::SetFlag<AscendC::HardEvent::V_MTE3>([[ID]] % 2);
// CHECK-NEXT:    AscendC::WaitFlag<AscendC::HardEvent::FIX_MTE1>([[ID]]);
// CHECK-NEXT:    AscendC::PipeBarrier<PIPE_ALL>();
// CHECK-NEXT:    AscendC::PipeBarrier<PIPE_MTE2>();
func.func @flags(%id: i32) {
  %c0 = arith.constant 0 : i32
  %c2 = arith.constant 2 : i32
  asc.set_flag mte2_v, %c0 : i32
  asc.wait_flag mte2_v, %c0 : i32
  %slot = arith.remsi %id, %c2 : i32
  asc.set_flag v_mte3, %slot : i32
  asc.wait_flag fix_mte1, %id : i32
  asc.pipe_barrier all
  asc.pipe_barrier mte2
  return
}

// DataSyncBarrier takes its MemDsbT as the template argument.
// CHECK-LABEL: void data_sync_barriers(
// CHECK-NEXT:    AscendC::DataSyncBarrier<AscendC::MemDsbT::ALL>();
// CHECK-NEXT:    AscendC::DataSyncBarrier<AscendC::MemDsbT::DDR>();
// CHECK-NEXT:    AscendC::DataSyncBarrier<AscendC::MemDsbT::UB>();
// CHECK-NEXT:    AscendC::DataSyncBarrier<AscendC::MemDsbT::SEQ>();
func.func @data_sync_barriers() {
  asc.data_sync_barrier all
  asc.data_sync_barrier ddr
  asc.data_sync_barrier ub
  asc.data_sync_barrier seq
  return
}

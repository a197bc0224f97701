// RUN: ascir-translate --mlir-to-ascendc --asc-line-directives=false %s | FileCheck %s

// Hardware constants convert to the result type (the C++ constants have
// their own types); static-tensor kernels initialise the SoC first.
// CHECK-LABEL: void system(
// CHECK-NEXT:    AscendC::InitSocState();
// CHECK-NEXT:    use(static_cast<int16_t>(AscendC::ONE_BLK_SIZE), static_cast<int32_t>(AscendC::DEFAULT_C0_SIZE) * 2, static_cast<int32_t>(AscendC::TOTAL_L1_SIZE), static_cast<int32_t>(AscendC::TOTAL_L0C_SIZE));
func.func @system() {
  asc.init_soc_state
  %c2 = arith.constant 2 : i32
  %blk = asc.property one_blk_size : i16
  %c0 = asc.property default_c0_size : i32
  %twice = arith.muli %c0, %c2 : i32
  %l1 = asc.property total_l1_size : i32
  %l0c = asc.property total_l0c_size : i32
  func.call @use(%blk, %twice, %l1, %l0c) : (i16, i32, i32, i32) -> ()
  return
}
func.func private @use(i16, i32, i32, i32)

// RUN: ascir-translate --mlir-to-ascendc --asc-line-directives=false --asc-npu-launch-params %s | FileCheck %s
// RUN: ascir-translate --mlir-to-ascendc --asc-line-directives=false --asc-npu-launch-params --asc-dump-buffer %s | FileCheck %s --check-prefix=DUMP
// RUN: ascir-translate --mlir-to-ascendc --asc-line-directives=false %s | FileCheck %s --check-prefix=OFF
// RUN: ascir-translate --mlir-to-ascendc --asc-npu-launch-params --asc-dump-buffer %s | c++ -std=c++17 -fsyntax-only -x c++ -I %sim_include -

// The NPU launcher passes the cross-core synchronisation address after the
// user's arguments, then the debug dump buffer when the kernel prints; the
// kernel initialises printing with that buffer first. Device functions keep
// their signatures.
// CHECK:      extern "C" __global__ __aicore__ void pyasc_scale(__gm__ float* x, int32_t n, GM_ADDR ffts_addr) {
// CHECK-NEXT:   helper(n);
// CHECK:      extern "C" __global__ __aicore__ void pyasc_none(GM_ADDR ffts_addr) {
// CHECK-NOT:  InitDump

// DUMP:      __aicore__ inline void helper(int32_t
// DUMP:      extern "C" __global__ __aicore__ void pyasc_scale(__gm__ float* x, int32_t n, GM_ADDR ffts_addr, GM_ADDR dump_addr) {
// DUMP-NEXT: #ifndef ASCSIM
// DUMP-NEXT: AscendC::InitDump(false, dump_addr, 1048576);
// DUMP-NEXT: #endif
// DUMP-NEXT:   helper(n);
// DUMP:      void pyasc_none(GM_ADDR ffts_addr, GM_ADDR dump_addr) {

// OFF:     void pyasc_scale(__gm__ float* x, int32_t n) {
// OFF-NOT: ffts_addr
func.func @scale(%x: !asc.gm_addr<f32> loc("x"("/src/k.py":3:0)),
                 %n: i32 loc("n"("/src/k.py":3:0))) attributes {asc.kernel} {
  func.call @helper(%n) : (i32) -> () loc("/src/k.py":4:4)
  return loc("/src/k.py":3:0)
} loc("/src/k.py":3:0)
func.func @none() attributes {asc.kernel} {
  return
}
func.func private @helper(%n: i32) {
  asc.printf "%d\n", %n : i32
  return
} loc("/src/k.py":10:0)

// RUN: ascir-translate --mlir-to-ascendc --asc-line-directives=false --asc-simulator-entry -split-input-file %s | FileCheck %s
// RUN: ascir-translate --mlir-to-ascendc -split-input-file %s | c++ -std=c++17 -fsyntax-only -x c++ -I %sim_include -

// A kernel is extern "C": its C++ symbol is `pyasc_<name>`, so a kernel named
// like a C library function (exp, memcpy, exit) or a C++ keyword (new, union,
// main) neither resolves to the library's function nor breaks the C++. The
// simulator entry calls the prefixed name.
// CHECK-LABEL: extern "C" __global__ __aicore__ void pyasc_exp(int32_t v1) {
// CHECK:       ASCSIM_ENTRY(pyasc_exp)
func.func @exp(%n: i32) attributes {asc.kernel} {
  return
}

// -----

// CHECK-LABEL: extern "C" __global__ __aicore__ void pyasc_new(int32_t v1) {
// CHECK:       ASCSIM_ENTRY(pyasc_new)
func.func @new(%n: i32) attributes {asc.kernel} {
  return
}

// -----

// CHECK-LABEL: extern "C" __global__ __aicore__ void pyasc_main() {
// CHECK:       ASCSIM_ENTRY(pyasc_main)
func.func @main() attributes {asc.kernel} {
  return
}

// -----

// Device functions are private to the module: one whose name C++ reserves is
// renamed, and its calls follow; one that takes a kernel's C++ name gets a
// suffix.
// CHECK:       __aicore__ inline void int_fn(int32_t v1) {
// CHECK:       __aicore__ inline void main_fn() {
// CHECK:       __aicore__ inline void pyasc_union_1() {
// CHECK:       extern "C" __global__ __aicore__ void pyasc_union(int32_t v1) {
// CHECK-NEXT:    int_fn(v1);
// CHECK-NEXT:    main_fn();
// CHECK-NEXT:    pyasc_union_1();
// CHECK:       ASCSIM_ENTRY(pyasc_union)
func.func @union(%n: i32) attributes {asc.kernel} {
  func.call @int(%n) : (i32) -> ()
  func.call @main() : () -> ()
  func.call @pyasc_union() : () -> ()
  return
}
func.func private @int(%n: i32) {
  return
}
func.func private @main() {
  return
}
func.func private @pyasc_union() {
  return
}

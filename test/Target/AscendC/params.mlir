// RUN: ascir-translate --mlir-to-ascendc --asc-line-directives=false %s | FileCheck %s

// Parameter structs are declared with their constructor; a field that is
// neither a literal nor of the field's C++ type is converted, so clang
// accepts the code even where braces would reject narrowing. A run-time
// value its 8- to 32-bit member may not hold (signed into unsigned, or
// wider) is converted by pyasc::param_field, which the simulator checks
// (ascsim/param_field.h) and the NPU defines as the plain conversion.
// CHECK:       #ifdef ASCSIM
// CHECK-NEXT:  #include "ascsim/param_field.h"
// CHECK-NEXT:  #else
// CHECK-NEXT:  namespace pyasc {
// CHECK-NEXT:  template <typename To, typename From>
// CHECK-NEXT:  __aicore__ inline To param_field(From value, const char *, const char *, long long, long long,
// CHECK-NEXT:                                   const char * = nullptr) {
// CHECK-NEXT:    return static_cast<To>(value);
// CHECK-LABEL: void structs(
// CHECK-SAME:  int32_t [[A:v[0-9]+]], int64_t [[B:v[0-9]+]])
// CHECK-NEXT:    AscendC::GatherRepeatParams [[GR:v[0-9]+]](1, pyasc::param_field<uint8_t>([[A]], "GatherRepeatParams", "dst_rep_stride", 0, -1));
// CHECK-NEXT:    AscendC::CopyRepeatParams [[CR:v[0-9]+]](pyasc::param_field<uint16_t>([[A]], "CopyRepeatParams", "dst_stride", 0, -1), 0, 8, 8);
// CHECK-NEXT:    AscendC::GatherMaskParams [[GM:v[0-9]+]](1, pyasc::param_field<uint16_t>([[A]] + 1, "GatherMaskParams", "repeat_times", 0, -1), 8, 8);
// CHECK-NEXT:    AscendC::DataCopyPadParams [[PP:v[0-9]+]](false, 0, 0, static_cast<uint64_t>([[B]]));
// CHECK-NEXT:    use([[GR]], [[CR]], [[GM]], [[PP]]);
func.func @structs(%a: i32, %b: i64) {
  %false = arith.constant false
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c8 = arith.constant 8 : i32
  %0 = asc.gather_repeat_params %c1, %a : i32, i32
  %1 = asc.copy_repeat_params %a, %c0, %c8, %c8 : i32, i32, i32, i32
  %next = arith.addi %a, %c1 : i32
  %2 = asc.gather_mask_params %c1, %next, %c8, %c8 : i32, i32, i32, i32
  %3 = asc.data_copy_pad_params %false, %c0, %c0, %b : i1, i32, i32, i64
  func.call @use(%0, %1, %2, %3) : (!asc.gather_repeat_params, !asc.copy_repeat_params, !asc.gather_mask_params, !asc.data_copy_pad_params) -> ()
  return
}
func.func private @use(!asc.gather_repeat_params, !asc.copy_repeat_params, !asc.gather_mask_params, !asc.data_copy_pad_params)

// CHECK-LABEL: void unused(
// CHECK-NEXT:  }
func.func @unused() {
  %c1 = arith.constant 1 : i32
  %0 = asc.brcb_repeat_params %c1, %c1 : i32, i32
  return
}

// A run-time value of a field Ascend 910B/910C ignore (ODS ignoredFields)
// goes through pyasc::param_field with the hint, which the simulator warns
// with; a constant one is assigned as is (the verifier warned).
// CHECK-LABEL: void mmad_ignored(
// CHECK-SAME:  int32_t [[F:v[0-9]+]])
// CHECK:         [[P:v[0-9]+]].fmOffset = pyasc::param_field<int32_t>([[F]], "MmadParams", "fm_offset", 0, -1, "the cube reads L0A from the tensor's start: pass a tensor view (a2[offset:]) to start elsewhere");
// CHECK-NEXT:    AscendC::MmadParams [[Q:v[0-9]+]];
// CHECK:         [[Q]].fmOffset = 5;
func.func @mmad_ignored(%f: i32) {
  %false = arith.constant false
  %true = arith.constant true
  %c0 = arith.constant 0 : i32
  %c5 = arith.constant 5 : i32
  %c16 = arith.constant 16 : i32
  %0 = asc.mmad_params %c16, %c16, %c16, %false, %f, %false, %false, %false, %c0, %false, %true : i32, i32, i32, i1, i32, i1, i1, i1, i32, i1, i1
  %1 = asc.mmad_params %c16, %c16, %c16, %false, %c5, %false, %false, %false, %c0, %false, %true : i32, i32, i32, i1, i32, i1, i1, i1, i32, i1, i1
  func.call @use_mmad(%0, %1) : (!asc.mmad_params, !asc.mmad_params) -> ()
  return
}
func.func private @use_mmad(!asc.mmad_params, !asc.mmad_params)

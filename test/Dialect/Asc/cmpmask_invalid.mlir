// RUN: ascir-opt %s -split-input-file -verify-diagnostics

// One case per verifier message of the CMPMASK ops and the select mask forms.

func.func @compare_cmpmask_int32_mode(%x: !asc.local_tensor<vecin, i32>, %m: i64, %p: !asc.binary_repeat_params) {
  // expected-error@+1 {{compare: int32 sources support only CMPMODE.EQ on Ascend 910B/910C, but 'cmp_mode' is CMPMODE.LT}}
  asc.compare_cmpmask_l0 lt, %x, %x, %m, %p : !asc.local_tensor<vecin, i32>, !asc.local_tensor<vecin, i32>, i64, !asc.binary_repeat_params
  return
}

// -----

func.func @compare_cmpmask_mask(%x: !asc.local_tensor<vecin, f32>, %p: !asc.binary_repeat_params) {
  %m = arith.constant 65 : i64
  // expected-error@+1 {{compare: 'mask' (a continuous mask) must be in [1, 64] for 32-bit elements, but got 65}}
  asc.compare_cmpmask_l0 eq, %x, %x, %m, %p : !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f32>, i64, !asc.binary_repeat_params
  return
}

// -----

func.func @compare_cmpmask_bits(%x: !asc.local_tensor<vecin, f16>, %p: !asc.binary_repeat_params) {
  %z = arith.constant 0 : i64
  // expected-error@+1 {{compare: 'mask' (a bit mask) must enable at least one lane, but both words are 0}}
  asc.compare_cmpmask_l1 eq, %x, %x, %z, %z, %p : !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, i64, i64, !asc.binary_repeat_params
  return
}

// -----

func.func @compare_cmpmask_types(%x: !asc.local_tensor<vecin, f32>, %y: !asc.local_tensor<vecin, f16>, %m: i64, %p: !asc.binary_repeat_params) {
  // expected-error@+1 {{compare: 'src1' holds float16 but 'src0' holds float32; element types must match}}
  asc.compare_cmpmask_l0 eq, %x, %y, %m, %p : !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f16>, i64, !asc.binary_repeat_params
  return
}

// -----

func.func @set_cmp_mask_type(%x: !asc.local_tensor<vecin, i1>) {
  // expected-error@+1 {{set_cmp_mask: 'src' holds bool, but set_cmp_mask supports int8, uint8, int16, uint16, int32, uint32, int64, uint64, float16, bfloat16, float32 on Ascend 910B/910C}}
  asc.set_cmp_mask %x : !asc.local_tensor<vecin, i1>
  return
}

// -----

func.func @select_cmpmask_mode(%z: !asc.local_tensor<vecout, f32>, %x: !asc.local_tensor<vecin, f32>, %r: i32, %p: !asc.binary_repeat_params) {
  // expected-error@+1 {{select: a tensor 'src1' needs SelMode.VSEL_CMPMASK_SPR or SelMode.VSEL_TENSOR_TENSOR_MODE, but 'sel_mode' is SelMode.VSEL_TENSOR_SCALAR_MODE}}
  asc.select_cmpmask vsel_tensor_scalar_mode, %z, %x, %x, %r, %p : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f32>, i32, !asc.binary_repeat_params
  return
}

// -----

func.func @select_cmpmask_repeat(%z: !asc.local_tensor<vecout, f32>, %x: !asc.local_tensor<vecin, f32>, %p: !asc.binary_repeat_params) {
  %r = arith.constant 256 : i32
  // expected-error@+1 {{select: 'repeat_times' must be in [0, 255], but got 256}}
  asc.select_cmpmask vsel_cmpmask_spr, %z, %x, %x, %r, %p : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f32>, i32, !asc.binary_repeat_params
  return
}

// -----

func.func @select_cmpmask_scalar_repeat(%z: !asc.local_tensor<vecout, f32>, %b: !asc.local_tensor<veccalc, ui8>, %x: !asc.local_tensor<vecin, f32>, %p: !asc.binary_repeat_params) {
  %r = arith.constant -1 : i32
  // expected-error@+1 {{select: 'repeat_times' must be in [0, 255], but got -1}}
  asc.select_cmpmask_scalar %z, %b, %x, %r, %p : !asc.local_tensor<vecout, f32>, !asc.local_tensor<veccalc, ui8>, !asc.local_tensor<vecin, f32>, i32, !asc.binary_repeat_params
  return
}

// -----

func.func @select_l0_mode(%z: !asc.local_tensor<vecout, f32>, %b: !asc.local_tensor<veccalc, ui8>, %x: !asc.local_tensor<vecin, f32>, %m: i64, %r: i32, %p: !asc.binary_repeat_params) {
  // expected-error@+1 {{select: a tensor 'src1' needs SelMode.VSEL_CMPMASK_SPR or SelMode.VSEL_TENSOR_TENSOR_MODE, but 'sel_mode' is SelMode.VSEL_TENSOR_SCALAR_MODE}}
  asc.select_l0 vsel_tensor_scalar_mode, %z, %b, %x, %x, %m, %r, %p : !asc.local_tensor<vecout, f32>, !asc.local_tensor<veccalc, ui8>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f32>, i64, i32, !asc.binary_repeat_params
  return
}

// -----

func.func @select_scalar_l1_mode(%z: !asc.local_tensor<vecout, f32>, %b: !asc.local_tensor<veccalc, ui8>, %x: !asc.local_tensor<vecin, f32>, %s: f32, %lo: i64, %hi: i64, %r: i32, %p: !asc.binary_repeat_params) {
  // expected-error@+1 {{select: a scalar 'src1' needs SelMode.VSEL_TENSOR_SCALAR_MODE, but 'sel_mode' is SelMode.VSEL_TENSOR_TENSOR_MODE}}
  asc.select_scalar_l1 vsel_tensor_tensor_mode, %z, %b, %x, %s, %lo, %hi, %r, %p : !asc.local_tensor<vecout, f32>, !asc.local_tensor<veccalc, ui8>, !asc.local_tensor<vecin, f32>, f32, i64, i64, i32, !asc.binary_repeat_params
  return
}

// -----

func.func @select_l0_mask(%z: !asc.local_tensor<vecout, f16>, %b: !asc.local_tensor<veccalc, ui8>, %x: !asc.local_tensor<vecin, f16>, %r: i32, %p: !asc.binary_repeat_params) {
  %m = arith.constant 129 : i64
  // expected-error@+1 {{select: 'mask' (a continuous mask) must be in [1, 128] for 16-bit elements, but got 129}}
  asc.select_l0 vsel_cmpmask_spr, %z, %b, %x, %x, %m, %r, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<veccalc, ui8>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, i64, i32, !asc.binary_repeat_params
  return
}

// -----

func.func @select_l1_high_word(%z: !asc.local_tensor<vecout, f32>, %b: !asc.local_tensor<veccalc, ui8>, %x: !asc.local_tensor<vecin, f32>, %lo: i64, %r: i32, %p: !asc.binary_repeat_params) {
  %hi = arith.constant 1 : i64
  // expected-error@+1 {{select: 'mask[1]' must be 0 for 32-bit elements, which have 64 lanes per repeat, but got 1}}
  asc.select_l1 vsel_tensor_tensor_mode, %z, %b, %x, %x, %lo, %hi, %r, %p : !asc.local_tensor<vecout, f32>, !asc.local_tensor<veccalc, ui8>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f32>, i64, i64, i32, !asc.binary_repeat_params
  return
}

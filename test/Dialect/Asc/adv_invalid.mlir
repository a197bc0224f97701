// RUN: ascir-opt %s -split-input-file -verify-diagnostics

// One case per verifier message of the advanced API ops.

func.func @tanh_int(%d: !asc.local_tensor<vecout, i32>, %t: !asc.local_tensor<veccalc, ui8>, %n: i32) {
  // expected-error@+1 {{adv.tanh: 'dst' holds int32, but adv.tanh supports float16, float32 on Ascend 910B/910C}}
  asc.adv_tanh %d, %d, %t, %n : !asc.local_tensor<vecout, i32>, !asc.local_tensor<vecout, i32>, !asc.local_tensor<veccalc, ui8>, i32
  return
}

// -----

func.func @tanh_temp_type(%d: !asc.local_tensor<vecout, f32>, %t: !asc.local_tensor<veccalc, f32>, %n: i32) {
  // expected-error@+1 {{adv.tanh: 'temp_buffer' holds float32, but adv.tanh supports uint8 on Ascend 910B/910C}}
  asc.adv_tanh %d, %d, %t, %n : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecout, f32>, !asc.local_tensor<veccalc, f32>, i32
  return
}

// -----

func.func @softmax_nz(%d: !asc.local_tensor<vecout, f32>, %t: !asc.local_tensor<veccalc, ui8>, %tl: !asc.struct<"SoftmaxTiling", ["srcM" : i32], pack = 4>) {
  // expected-error@+1 {{adv.softmax: 'data_format_nz' (rows in the NZ fractal layout) is not implemented; pass the rows in ND layout}}
  asc.adv_softmax %d, %d, %d, %d, %t, %tl {data_format_nz = true} : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecout, f32>, !asc.local_tensor<veccalc, ui8>, !asc.struct<"SoftmaxTiling", ["srcM" : i32], pack = 4>
  return
}

// -----

func.func @softmax_tiling_type(%d: !asc.local_tensor<vecout, f32>, %t: !asc.local_tensor<veccalc, ui8>, %tl: !asc.struct<"RmsNormTiling", ["bLength" : i32], pack = 4>) {
  // expected-error@+1 {{adv.softmax: 'tiling' must be an asc.adv.SoftmaxTiling, but it is a RmsNormTiling}}
  asc.adv_softmax %d, %d, %d, %d, %t, %tl : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecout, f32>, !asc.local_tensor<veccalc, ui8>, !asc.struct<"RmsNormTiling", ["bLength" : i32], pack = 4>
  return
}

// -----

func.func @exp_level(%d: !asc.local_tensor<vecout, f16>, %t: !asc.local_tensor<veccalc, ui8>, %n: i32) {
  // expected-error@+1 {{adv.exp: 'taylor_expand_level' must be in [0, 30] (beyond 30 terms add nothing in float32), but got 31}}
  asc.adv_exp %d, %d, %t, %n {taylor_expand_level = 31 : i32} : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecout, f16>, !asc.local_tensor<veccalc, ui8>, i32
  return
}

// -----

func.func @xor_float(%d: !asc.local_tensor<vecout, f16>, %t: !asc.local_tensor<veccalc, ui8>, %n: i32) {
  // expected-error@+1 {{adv.xor: 'dst' holds float16, but adv.xor supports int16, uint16 on Ascend 910B/910C}}
  asc.adv_xor %d, %d, %d, %t, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecout, f16>, !asc.local_tensor<veccalc, ui8>, i32
  return
}

// -----

func.func @quant_dst(%d: !asc.local_tensor<vecout, f16>, %t: !asc.local_tensor<veccalc, ui8>, %f: f32, %n: i32) {
  // expected-error@+1 {{adv.quant: 'dst' holds float16, but adv.quant supports int8 on Ascend 910B/910C}}
  asc.adv_quant %d, %d, %t, %f, %f, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecout, f16>, !asc.local_tensor<veccalc, ui8>, f32, f32, i32
  return
}

// -----

// Without the (optional) temp buffer, epsilon is still the operand checked.
func.func @rmsnorm_epsilon_type(%d: !asc.local_tensor<vecout, f32>, %h: f16, %rt: !asc.struct<"RmsNormTiling", ["bLength" : i32], pack = 4>) {
  // expected-error@+1 {{adv.rmsnorm: 'epsilon' is a float16 value, but 'src' holds float32}}
  asc.adv_rmsnorm %d, %d, %d, %h, %rt : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecout, f32>, f16, !asc.struct<"RmsNormTiling", ["bLength" : i32], pack = 4>
  return
}

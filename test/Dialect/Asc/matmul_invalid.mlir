// RUN: ascir-opt %s -split-input-file -verify-diagnostics

// One case per verifier message of the Matmul type and ops.

// expected-error@+1 {{MatmulType: the c matrix cannot be in TPosition.A1; C and the bias may be in GM or VECIN/VECCALC/VECOUT (UB)}}
func.func @c_in_l1(%m: !asc.matmul<gm, nd, f16, false, none, gm, nd, f16, false, none, a1, nd, f32, false, none, gm, nd, f32, false, none, {}>) {
  return
}

// -----

// expected-error@+1 {{MatmulType: the b matrix cannot have format CubeFormat.VECTOR; it may be ND, NZ or SCALAR}}
func.func @b_vector(%m: !asc.matmul<gm, nd, f16, false, none, gm, vector, f16, false, none, gm, nd, f32, false, none, gm, nd, f32, false, none, {}>) {
  return
}

// -----

// expected-error@+1 {{MatmulType: A and B must have the same element type, but A holds float16 and B float32}}
func.func @mixed(%m: !asc.matmul<gm, nd, f16, false, none, gm, nd, f32, false, none, gm, nd, f32, false, none, gm, nd, f32, false, none, {}>) {
  return
}

// -----

// expected-error@+1 {{MatmulType: a int8 Matmul writes C as int32, float16 or int8, not float32}}
func.func @int8_c(%m: !asc.matmul<gm, nd, i8, false, none, gm, nd, i8, false, none, gm, nd, f32, false, none, gm, nd, i32, false, none, {}>) {
  return
}

// -----

// expected-error@+1 {{MatmulType: only A and B can be transposed, not the c matrix}}
func.func @c_trans(%m: !asc.matmul<gm, nd, f16, false, none, gm, nd, f16, false, none, gm, nd, f32, true, none, gm, nd, f32, false, none, {}>) {
  return
}

// -----

func.func @a_dtype(%a: !asc.global_tensor<f32>) {
  %m = asc.matmul : !asc.matmul<gm, nd, f16, false, none, gm, nd, f16, false, none, gm, nd, f32, false, none, gm, nd, f32, false, none, {}>
  // expected-error@+1 {{adv.Matmul: set_tensor_a: the A matrix's MatmulType holds float16, but the tensor holds float32}}
  asc.matmul_call %m, "SetTensorA"(%a : !asc.global_tensor<f32>) : !asc.matmul<gm, nd, f16, false, none, gm, nd, f16, false, none, gm, nd, f32, false, none, gm, nd, f32, false, none, {}>
  return
}

// -----

func.func @a_position(%a: !asc.local_tensor<vecin, f16>) {
  %m = asc.matmul : !asc.matmul<gm, nd, f16, false, none, gm, nd, f16, false, none, gm, nd, f32, false, none, gm, nd, f32, false, none, {}>
  // expected-error@+1 {{adv.Matmul: set_tensor_a: the A matrix's MatmulType is in TPosition.GM (GM), but the tensor is in UB}}
  asc.matmul_call %m, "SetTensorA"(%a : !asc.local_tensor<vecin, f16>) : !asc.matmul<gm, nd, f16, false, none, gm, nd, f16, false, none, gm, nd, f32, false, none, gm, nd, f32, false, none, {}>
  return
}

// -----

func.func @c_dtype(%c: !asc.global_tensor<f16>) {
  %m = asc.matmul : !asc.matmul<gm, nd, f16, false, none, gm, nd, f16, false, none, gm, nd, f32, false, none, gm, nd, f32, false, none, {}>
  // expected-error@+1 {{adv.Matmul: iterate_all: the C matrix's MatmulType holds float32, but the tensor holds float16}}
  asc.matmul_call %m, "IterateAll"(%c : !asc.global_tensor<f16>) : !asc.matmul<gm, nd, f16, false, none, gm, nd, f16, false, none, gm, nd, f32, false, none, gm, nd, f32, false, none, {}>
  return
}

// -----

func.func @arity() {
  %m = asc.matmul : !asc.matmul<gm, nd, f16, false, none, gm, nd, f16, false, none, gm, nd, f32, false, none, gm, nd, f32, false, none, {}>
  // expected-error@+1 {{adv.Matmul: set_single_shape takes 3 arguments, got 0}}
  asc.matmul_call %m, "SetSingleShape" : !asc.matmul<gm, nd, f16, false, none, gm, nd, f16, false, none, gm, nd, f32, false, none, gm, nd, f32, false, none, {}>
  return
}

// -----

func.func @unknown() {
  %m = asc.matmul : !asc.matmul<gm, nd, f16, false, none, gm, nd, f16, false, none, gm, nd, f32, false, none, gm, nd, f32, false, none, {}>
  // expected-error@+1 {{adv.Matmul: Matmul has no method 'Frobnicate'}}
  asc.matmul_call %m, "Frobnicate" : !asc.matmul<gm, nd, f16, false, none, gm, nd, f16, false, none, gm, nd, f32, false, none, gm, nd, f32, false, none, {}>
  return
}

// -----

func.func @iterate_result() {
  %m = asc.matmul : !asc.matmul<gm, nd, f16, false, none, gm, nd, f16, false, none, gm, nd, f32, false, none, gm, nd, f32, false, none, {}>
  // expected-error@+1 {{adv.Matmul: iterate returns a bool (i1)}}
  asc.matmul_call %m, "Iterate" : !asc.matmul<gm, nd, f16, false, none, gm, nd, f16, false, none, gm, nd, f32, false, none, gm, nd, f32, false, none, {}>
  return
}

// -----

func.func @tiling_type(%p: !asc.tpipe, %w: !asc.gm_addr<ui8>, %t: !asc.struct<"Other", ["x" : i32], pack = 4>) {
  %m = asc.matmul : !asc.matmul<gm, nd, f16, false, none, gm, nd, f16, false, none, gm, nd, f32, false, none, gm, nd, f32, false, none, {}>
  // expected-error@+1 {{adv.register_matmul: register_matmul: the tiling must be an asc.adv.TCubeTiling}}
  asc.regist_matmul %p, %w, %m, %t : !asc.tpipe, !asc.gm_addr<ui8>, !asc.matmul<gm, nd, f16, false, none, gm, nd, f16, false, none, gm, nd, f32, false, none, gm, nd, f32, false, none, {}>, !asc.struct<"Other", ["x" : i32], pack = 4>
  return
}

// -----

func.func @quant_vector(%q: !asc.global_tensor<f32>) {
  %m = asc.matmul : !asc.matmul<gm, nd, f16, false, none, gm, nd, f16, false, none, gm, nd, f32, false, none, gm, nd, f32, false, none, {}>
  // expected-error@+1 {{adv.Matmul: set_quant_vector: the quantisation vector is a GlobalTensor of uint64}}
  asc.matmul_call %m, "SetQuantVector"(%q : !asc.global_tensor<f32>) : !asc.matmul<gm, nd, f16, false, none, gm, nd, f16, false, none, gm, nd, f32, false, none, gm, nd, f32, false, none, {}>
  return
}

// -----

func.func @get_tensor_c_form() {
  %m = asc.matmul : !asc.matmul<gm, nd, f16, false, none, gm, nd, f16, false, none, gm, nd, f32, false, none, gm, nd, f32, false, none, {}>
  %c0 = arith.constant 0 : i8
  // expected-error@+1 {{adv.Matmul: get_tensor_c: pass the tensor C is written to, or use the form that returns a GlobalTensor}}
  asc.matmul_call %m, "GetTensorC"(%c0 : i8) : !asc.matmul<gm, nd, f16, false, none, gm, nd, f16, false, none, gm, nd, f32, false, none, gm, nd, f32, false, none, {}>
  return
}

// RUN: ascir-opt %s -split-input-file -verify-diagnostics

// expected-error@+1 {{element type 'f64' is not an Ascend C element type (expected f16, bf16, f32, i1, i8, i16, i32, i64, ui8, ui16, ui32 or ui64)}}
func.func private @unsupported_element_type(!asc.gm_addr<f64>)

// -----

func.func @global_tensor_never_bound() {
  // expected-error@+1 {{'asc.global_tensor' op global tensor is never bound to memory: call set_global_buffer on it before use}}
  %g = asc.global_tensor : !asc.global_tensor<none>
  return
}

// -----

func.func @set_global_buffer_element_mismatch(%g: !asc.global_tensor<f32>, %x: !asc.gm_addr<f16>) {
  // expected-error@+1 {{'asc.set_global_buffer' op failed to verify that address element type matches tensor element type}}
  asc.set_global_buffer %g, %x : !asc.global_tensor<f32>, !asc.gm_addr<f16>
  return
}

// -----

func.func @local_tensor_in_gm(%addr: i32, %n: i32) {
  // expected-error@+1 {{'asc.local_tensor' op position gm is not on chip; a local tensor needs one of vecin, vecout, veccalc, a1, a2, b1, b2, c1, c2, co1}}
  %t = asc.local_tensor %addr, %n : i32, i32 -> !asc.local_tensor<gm, f32>
  return
}

// -----

func.func @local_tensor_negative_address(%n: i32) {
  %addr = arith.constant -32 : i32
  // expected-error@+1 {{'asc.local_tensor' op address must be non-negative, but got -32}}
  %t = asc.local_tensor %addr, %n : i32, i32 -> !asc.local_tensor<vecin, f32>
  return
}

// -----

func.func @local_tensor_misaligned_l0a(%n: i32) {
  %addr = arith.constant 256 : i32
  // expected-error@+1 {{'asc.local_tensor' op address 256 in l0a must be aligned to 512 bytes}}
  %t = asc.local_tensor %addr, %n : i32, i32 -> !asc.local_tensor<a2, f16>
  return
}

// -----

func.func @local_tensor_empty(%addr: i32) {
  %n = arith.constant 0 : i32
  // expected-error@+1 {{'asc.local_tensor' op length must be positive, but got 0}}
  %t = asc.local_tensor %addr, %n : i32, i32 -> !asc.local_tensor<vecin, f32>
  return
}

// -----

func.func @local_tensor_partial_block(%addr: i32) {
  %n = arith.constant 7 : i32
  // expected-error@+1 {{'asc.local_tensor' op length 7 of 'f32' spans 28 bytes, which is not a multiple of 32 bytes}}
  %t = asc.local_tensor %addr, %n : i32, i32 -> !asc.local_tensor<vecin, f32>
  return
}

// -----

func.func @data_copy_gm_to_gm(%a: !asc.global_tensor<f32>, %b: !asc.global_tensor<f32>, %n: i32) {
  // expected-error@+1 {{'asc.data_copy' op cannot copy from gm to gm; supported directions are gm to vecin/vecout/veccalc/a1/b1/c1, vecin/vecout/veccalc to gm, and between vecin/vecout/veccalc}}
  asc.data_copy %a, %b, %n : !asc.global_tensor<f32>, !asc.global_tensor<f32>, i32
  return
}

// -----

func.func @data_copy_l1_to_ub(%dst: !asc.local_tensor<vecin, f32>, %src: !asc.local_tensor<a1, f32>, %n: i32) {
  // expected-error@+1 {{'asc.data_copy' op cannot copy from a1 to vecin; supported directions are gm to vecin/vecout/veccalc/a1/b1/c1, vecin/vecout/veccalc to gm, and between vecin/vecout/veccalc}}
  asc.data_copy %dst, %src, %n : !asc.local_tensor<vecin, f32>, !asc.local_tensor<a1, f32>, i32
  return
}

// -----

func.func @data_copy_zero_count(%dst: !asc.local_tensor<vecin, f32>, %src: !asc.global_tensor<f32>) {
  %n = arith.constant 0 : i32
  // expected-error@+1 {{'asc.data_copy' op count must be positive, but got 0}}
  asc.data_copy %dst, %src, %n : !asc.local_tensor<vecin, f32>, !asc.global_tensor<f32>, i32
  return
}

// -----

func.func @data_copy_partial_block(%dst: !asc.local_tensor<vecin, f16>, %src: !asc.global_tensor<f16>) {
  %n = arith.constant 24 : i32
  // expected-error@+1 {{'asc.data_copy' op count 24 of 'f16' spans 48 bytes, which is not a multiple of 32 bytes}}
  asc.data_copy %dst, %src, %n : !asc.local_tensor<vecin, f16>, !asc.global_tensor<f16>, i32
  return
}

// -----

func.func @data_copy_element_mismatch(%dst: !asc.local_tensor<vecin, f16>, %src: !asc.global_tensor<f32>, %n: i32) {
  // expected-error@+1 {{'asc.data_copy' op requires all tensor operands to have the same element type, but operand #0 has 'f16' and operand #1 has 'f32'}}
  asc.data_copy %dst, %src, %n : !asc.local_tensor<vecin, f16>, !asc.global_tensor<f32>, i32
  return
}

// -----

func.func @add_outside_ub(%z: !asc.local_tensor<a1, f32>, %x: !asc.local_tensor<vecin, f32>, %n: i32) {
  // expected-error@+1 {{'asc.add' op operand #0 must be local tensor in a UB position (vecin, vecout or veccalc) of 16-bit float or 32-bit float or 16-bit signless integer or 32-bit signless integer, but got '!asc.local_tensor<a1, f32>'}}
  asc.add %z, %x, %x, %n : !asc.local_tensor<a1, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f32>, i32
  return
}

// -----

func.func @div_unsupported_dtype(%z: !asc.local_tensor<vecout, i32>, %x: !asc.local_tensor<vecin, i32>, %n: i32) {
  // expected-error@+1 {{'asc.div' op operand #0 must be local tensor in a UB position (vecin, vecout or veccalc) of 16-bit float or 32-bit float, but got '!asc.local_tensor<vecout, i32>'}}
  asc.div %z, %x, %x, %n : !asc.local_tensor<vecout, i32>, !asc.local_tensor<vecin, i32>, !asc.local_tensor<vecin, i32>, i32
  return
}

// -----

func.func @add_element_mismatch(%z: !asc.local_tensor<vecout, f32>, %x: !asc.local_tensor<vecin, f16>, %n: i32) {
  // expected-error@+1 {{'asc.add' op requires all tensor operands to have the same element type, but operand #0 has 'f32' and operand #1 has 'f16'}}
  asc.add %z, %x, %x, %n : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, i32
  return
}

// -----

func.func @set_flag_max_event(%id: i32) {
  // expected-error@+1 {{'asc.set_flag' op event max is only an end marker, not a hardware event}}
  asc.set_flag max, %id : i32
  return
}

// -----

func.func @wait_flag_id_out_of_range() {
  %id = arith.constant 8 : i32
  // expected-error@+1 {{'asc.wait_flag' op flag id must be in [0, 7], but got 8}}
  asc.wait_flag mte2_v, %id : i32
  return
}

// -----

func.func @pipe_barrier_scalar() {
  // expected-error@+1 {{'asc.pipe_barrier' op pipe s cannot take a barrier: scalar instructions are ordered automatically}}
  asc.pipe_barrier s
  return
}

// -----

// expected-error@+1 {{attribute 'asc.kernel' must be a unit attribute, but got 1 : i32}}
func.func @kernel_attr_not_unit() attributes {asc.kernel = 1 : i32} {
  return
}

// -----

// expected-error@+1 {{attribute 'asc.kernel' is only valid on functions, not on 'builtin.module'}}
module @kernel_attr_on_module attributes {asc.kernel} {
}

// -----

// expected-error@+1 {{kernel function must return nothing, but it returns 1 value(s)}}
func.func @kernel_returns_value() -> i32 attributes {asc.kernel} {
  %0 = arith.constant 0 : i32
  return %0 : i32
}

// -----

// expected-error@+1 {{unknown attribute 'asc.kernal' of the asc dialect}}
func.func @unknown_asc_attribute() attributes {asc.kernal} {
  return
}

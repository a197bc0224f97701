// RUN: ascir-opt %s -split-input-file -verify-diagnostics

// expected-error@+1 {{element type 'index' is not an Ascend C element type (expected f16, bf16, f32, f64, i1, i8, i16, i32, i64, ui8, ui16, ui32 or ui64)}}
func.func private @unsupported_element_type(!asc.gm_addr<index>)

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
  // expected-error@+1 {{data_copy: 'src' holds float32 but 'dst' holds float16; element types must match}}
  asc.data_copy %dst, %src, %n : !asc.local_tensor<vecin, f16>, !asc.global_tensor<f32>, i32
  return
}

// -----

func.func @add_outside_ub(%z: !asc.local_tensor<a1, f32>, %x: !asc.local_tensor<vecin, f32>, %n: i32) {
  // expected-error@+1 {{add: 'dst' must be a tensor in the Unified Buffer (VECIN, VECOUT or VECCALC), but it is in position A1 (L1)}}
  asc.add %z, %x, %x, %n : !asc.local_tensor<a1, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f32>, i32
  return
}

// -----

func.func @div_unsupported_dtype(%z: !asc.local_tensor<vecout, i32>, %x: !asc.local_tensor<vecin, i32>, %n: i32) {
  // expected-error@+1 {{div: 'dst' holds int32, but div supports float16, float32 on Ascend 910B/910C}}
  asc.div %z, %x, %x, %n : !asc.local_tensor<vecout, i32>, !asc.local_tensor<vecin, i32>, !asc.local_tensor<vecin, i32>, i32
  return
}

// -----

func.func @add_element_mismatch(%z: !asc.local_tensor<vecout, f32>, %x: !asc.local_tensor<vecin, f16>, %n: i32) {
  // expected-error@+1 {{add: 'src0' holds float16 but 'dst' holds float32; element types must match}}
  asc.add %z, %x, %x, %n : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, i32
  return
}

// -----

func.func @continuous_mask_too_wide(%z: !asc.local_tensor<vecout, f32>, %x: !asc.local_tensor<vecin, f32>,
                                    %r: i32, %p: !asc.binary_repeat_params) {
  %m = arith.constant 65 : i64
  // expected-error@+1 {{'asc.mul_l0' op continuous mask must be in [1, 64] for 32-bit elements, but got 65}}
  asc.mul_l0 %z, %x, %x, %m, %r, %p : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f32>, i64, i32, !asc.binary_repeat_params
  return
}

// -----

func.func @bit_mask_empty(%z: !asc.local_tensor<vecout, f16>, %x: !asc.local_tensor<vecin, f16>,
                          %r: i32, %p: !asc.unary_repeat_params) {
  %zero = arith.constant 0 : i64
  // expected-error@+1 {{'asc.exp_l1' op bit mask must enable at least one lane, but both words are 0}}
  asc.exp_l1 %z, %x, %zero, %zero, %r, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, i64, i64, i32, !asc.unary_repeat_params
  return
}

// -----

func.func @bit_mask_high_word_32_bit(%z: !asc.local_tensor<vecout, f32>, %x: !asc.local_tensor<vecin, f32>,
                                     %lo: i64, %r: i32) {
  %hi = arith.constant 1 : i64
  %c1 = arith.constant 1 : i32
  %c8 = arith.constant 8 : i32
  // expected-error@+1 {{'asc.whole_reduce_sum_l1' op bit mask word 1 must be 0 for 32-bit elements, which have 64 lanes per repeat, but got 1}}
  asc.whole_reduce_sum_l1 %z, %x, %lo, %hi, %r, %c1, %c1, %c8 : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, i64, i64, i32, i32, i32, i32
  return
}

// -----

func.func @repeat_too_large(%z: !asc.local_tensor<vecout, f16>, %x: !asc.local_tensor<vecin, f16>,
                            %p: !asc.brcb_repeat_params) {
  %r = arith.constant 256 : i32
  // expected-error@+1 {{'asc.brcb' op repeat count must be in [0, 255], but got 256}}
  asc.brcb %z, %x, %r, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, i32, !asc.brcb_repeat_params
  return
}

// -----

func.func @scalar_type_mismatch(%z: !asc.local_tensor<vecout, f16>, %x: !asc.local_tensor<vecin, f16>, %s: f32,
                                %n: i32) {
  // expected-error@+1 {{adds: 'scalar' is a float32 value, but 'src' holds float16}}
  asc.adds %z, %x, %s, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, f32, i32
  return
}

// -----

func.func @mul_add_dst_narrowing(%z: !asc.local_tensor<vecout, f16>, %x: !asc.local_tensor<vecin, f32>, %n: i32) {
  // expected-error@+1 {{'asc.mul_add_dst' op cannot write 'f16' results from 'f32' sources; supported (destination, source) element types are (f16, f16), (f32, f32) and (f32, f16)}}
  asc.mul_add_dst %z, %x, %x, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f32>, i32
  return
}

// -----

func.func @cast_unsupported_pair(%z: !asc.local_tensor<vecout, bf16>, %x: !asc.local_tensor<vecin, f16>, %n: i32) {
  // expected-error@+1 {{'asc.cast' op cannot cast f16 to bf16 on A2/A3; f16 converts to i8, ui8, i16, i32, f32}}
  asc.cast cast_rint, %z, %x, %n : !asc.local_tensor<vecout, bf16>, !asc.local_tensor<vecin, f16>, i32
  return
}

// -----

func.func @cast_unsupported_round_mode(%z: !asc.local_tensor<vecout, f32>, %x: !asc.local_tensor<vecin, f16>,
                                       %n: i32) {
  // expected-error@+1 {{'asc.cast' op cast from f16 to f32 supports round modes cast_none, but got cast_floor}}
  asc.cast cast_floor, %z, %x, %n : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f16>, i32
  return
}

// -----

func.func @compare_i32_ordering(%b: !asc.local_tensor<veccalc, ui8>, %x: !asc.local_tensor<vecin, i32>, %n: i32) {
  // expected-error@+1 {{'asc.compare' op i32 sources can only be compared with eq, but got lt}}
  asc.compare lt, %b, %x, %x, %n : !asc.local_tensor<veccalc, ui8>, !asc.local_tensor<vecin, i32>, !asc.local_tensor<vecin, i32>, i32
  return
}

// -----

func.func @compare_partial_repeat(%b: !asc.local_tensor<veccalc, ui8>, %x: !asc.local_tensor<vecin, f32>) {
  %n = arith.constant 32 : i32
  // expected-error@+1 {{'asc.compare' op count 32 of 'f32' spans 128 bytes, which is not a multiple of 256 bytes}}
  asc.compare gt, %b, %x, %x, %n : !asc.local_tensor<veccalc, ui8>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f32>, i32
  return
}

// -----

func.func @compare_sources_mismatch(%b: !asc.local_tensor<veccalc, ui8>, %x: !asc.local_tensor<vecin, f32>,
                                    %y: !asc.local_tensor<vecin, f16>, %n: i32) {
  // expected-error@+1 {{compare: 'src1' holds float16 but 'src0' holds float32; element types must match}}
  asc.compare eq, %b, %x, %y, %n : !asc.local_tensor<veccalc, ui8>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f16>, i32
  return
}

// -----

func.func @select_scalar_mode(%z: !asc.local_tensor<vecout, f32>, %b: !asc.local_tensor<veccalc, ui8>,
                              %x: !asc.local_tensor<vecin, f32>, %s: f32, %n: i32) {
  // expected-error@+1 {{'asc.select_scalar' op a selection from a tensor and a scalar needs mode vsel_tensor_scalar_mode, but got vsel_cmpmask_spr}}
  asc.select_scalar vsel_cmpmask_spr, %z, %b, %x, %s, %n : !asc.local_tensor<vecout, f32>, !asc.local_tensor<veccalc, ui8>, !asc.local_tensor<vecin, f32>, f32, i32
  return
}

// -----

func.func @select_tensor_mode(%z: !asc.local_tensor<vecout, f32>, %b: !asc.local_tensor<veccalc, ui8>,
                              %x: !asc.local_tensor<vecin, f32>, %n: i32) {
  // expected-error@+1 {{'asc.select' op a selection from two tensors needs mode vsel_cmpmask_spr or vsel_tensor_tensor_mode, but got vsel_tensor_scalar_mode}}
  asc.select vsel_tensor_scalar_mode, %z, %b, %x, %x, %n : !asc.local_tensor<vecout, f32>, !asc.local_tensor<veccalc, ui8>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f32>, i32
  return
}

// -----

func.func @set_vector_mask_counter_high(%lo: i64) {
  %hi = arith.constant 1 : i64
  // expected-error@+1 {{'asc.set_vector_mask' op mask_high must be 0 in counter mode, but got 1}}
  asc.set_vector_mask f32, counter, %hi, %lo : i64, i64
  return
}

// -----

func.func @set_vector_mask_len_normal() {
  %len = arith.constant 129 : i32
  // expected-error@+1 {{'asc.set_vector_mask_len' op length must be in [1, 128] for 16-bit elements in normal mode, but got 129}}
  asc.set_vector_mask_len f16, normal, %len : i32
  return
}

// -----

func.func @set_vector_mask_len_counter() {
  %len = arith.constant -1 : i32
  // expected-error@+1 {{'asc.set_vector_mask_len' op element count must be non-negative, but got -1}}
  asc.set_vector_mask_len f16, counter, %len : i32
  return
}

// -----

func.func @set_atomic_unsupported_type() {
  // expected-error@+1 {{'asc.set_atomic_add' op attribute 'dtype' failed to satisfy constraint: type attribute of 8-bit signless integer or 16-bit signless integer or 16-bit float or bfloat16 type or 32-bit signless integer or 32-bit float}}
  asc.set_atomic_add f64
  return
}

// -----

func.func @param_field_out_of_range(%a: i32) {
  %len = arith.constant 70000 : i32
  // expected-error@+1 {{'asc.data_copy_params' op field 'block_len' must be in [0, 65535] (uint16_t), but got 70000}}
  %p = asc.data_copy_params %a, %len, %a, %a : i32, i32, i32, i32
  return
}

// -----

func.func @param_field_element_type(%t: i1, %a: i32, %v: f16) {
  // expected-error@+1 {{'asc.data_copy_pad_ext_params' op field 'padding_value' has type 'f16', but the struct holds 'f32'}}
  %p = asc.data_copy_pad_ext_params %t, %a, %a, %v : i1, i32, i32, f16 -> !asc.data_copy_pad_ext_params<f32>
  return
}

// -----

func.func @data_copy_pad_direction(%dst: !asc.local_tensor<vecout, f32>, %src: !asc.local_tensor<vecin, f32>,
                                   %p: !asc.data_copy_params) {
  // expected-error@+1 {{'asc.data_copy_pad' op cannot copy from vecin to vecout with padding; supported directions are gm to vecin/vecout/veccalc and vecin/vecout/veccalc to gm}}
  asc.data_copy_pad %dst, %src, %p : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, !asc.data_copy_params
  return
}

// -----

func.func @data_copy_pad_into_ub_without_padding(%dst: !asc.local_tensor<vecin, f32>, %src: !asc.global_tensor<f32>,
                                                 %p: !asc.data_copy_ext_params) {
  // expected-error@+1 {{'asc.data_copy_pad' op a copy into UB needs padding parameters}}
  asc.data_copy_pad %dst, %src, %p : !asc.local_tensor<vecin, f32>, !asc.global_tensor<f32>, !asc.data_copy_ext_params
  return
}

// -----

func.func @data_copy_pad_into_gm_with_padding(%dst: !asc.global_tensor<f32>, %src: !asc.local_tensor<vecout, f32>,
                                              %p: !asc.data_copy_params, %pad: !asc.data_copy_pad_params) {
  // expected-error@+1 {{'asc.data_copy_pad' op a copy into GM takes no padding parameters}}
  asc.data_copy_pad %dst, %src, %p, %pad : !asc.global_tensor<f32>, !asc.local_tensor<vecout, f32>, !asc.data_copy_params, !asc.data_copy_pad_params
  return
}

// -----

func.func @data_copy_pad_params_mismatch(%dst: !asc.local_tensor<vecin, f32>, %src: !asc.global_tensor<f32>,
                                         %p: !asc.data_copy_ext_params, %pad: !asc.data_copy_pad_params) {
  // expected-error@+1 {{'asc.data_copy_pad' op '!asc.data_copy_ext_params' pairs with !asc.data_copy_pad_ext_params<T>, but got '!asc.data_copy_pad_params'}}
  asc.data_copy_pad %dst, %src, %p, %pad : !asc.local_tensor<vecin, f32>, !asc.global_tensor<f32>, !asc.data_copy_ext_params, !asc.data_copy_pad_params
  return
}

// -----

func.func @data_copy_pad_element_mismatch(%dst: !asc.local_tensor<vecin, f32>, %src: !asc.global_tensor<f32>,
                                          %p: !asc.data_copy_ext_params,
                                          %pad: !asc.data_copy_pad_ext_params<f16>) {
  // expected-error@+1 {{'asc.data_copy_pad' op padding parameters hold 'f16', but the tensors hold 'f32'}}
  asc.data_copy_pad %dst, %src, %p, %pad : !asc.local_tensor<vecin, f32>, !asc.global_tensor<f32>, !asc.data_copy_ext_params, !asc.data_copy_pad_ext_params<f16>
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

// -----

// expected-error@+1 {{queue depth must be non-negative, but got -1}}
func.func private @queue_negative_depth(!asc.tque<vecin, -1>)

// -----

// expected-error@+1 {{queue position gm is not a buffer position}}
func.func private @queue_in_gm(!asc.tque<gm, 1>)

// -----

// expected-error@+1 {{queue binds gm to co2; one of its positions must be on chip}}
func.func private @queue_bind_off_chip(!asc.tque_bind<gm, co2, 1>)

// -----

// expected-error@+1 {{buffer position gm is not on chip}}
func.func private @tbuf_in_gm(!asc.tbuf<gm>)

// -----

// expected-error@+1 {{buffer pool position a2 is in l0a, but pools must be in ub or l1}}
func.func private @pool_in_l0a(!asc.tbuf_pool<a2, 4>)

// -----

// expected-error@+1 {{buffer pool size must be in [1, 16], but got 17}}
func.func private @pool_too_large(!asc.tbuf_pool<vecin, 17>)

// -----

// expected-error@+1 {{allocator memory gm is not on chip}}
func.func private @allocator_in_gm(!asc.local_mem_allocator<gm>)

// -----

// expected-error@+1 {{struct name 'my struct' is not a C++ identifier}}
func.func private @struct_name_not_identifier(!asc.struct<"my struct", ["a" : i32]>)

// -----

// expected-error@+1 {{struct 'Empty' has no fields}}
func.func private @struct_without_fields(!asc.struct<"Empty", []>)

// -----

// expected-error@+1 {{struct pack must be 1, 2, 4, 8 or 16, but got 3}}
func.func private @struct_bad_pack(!asc.struct<"S", ["a" : i32], pack = 3>)

// -----

// expected-error@+1 {{field name '1st' of struct 'S' is not a C++ identifier}}
func.func private @field_name_not_identifier(!asc.struct<"S", ["1st" : i32]>)

// -----

// expected-error@+1 {{struct 'S' has two fields named 'a'}}
func.func private @duplicate_field(!asc.struct<"S", ["a" : i32, "a" : f32]>)

// -----

// expected-error@+1 {{field 'v' of struct 'S' has type 'vector<4xf32>', which is neither an Ascend C element type nor a struct}}
func.func private @field_not_scalar(!asc.struct<"S", ["v" : vector<4xf32>]>)

// -----

func.func @init_buffer_count(%pipe: !asc.tpipe, %q: !asc.tque<vecin, 2>, %len: i32) {
  %c0 = arith.constant 0 : i32
  // expected-error@+1 {{'asc.tpipe_init_buffer' op buffer count must be in [1, 64], but got 0}}
  asc.tpipe_init_buffer %pipe, %q, %c0, %len : !asc.tque<vecin, 2>, i32, i32
  return
}

// -----

func.func @init_tbuf_length(%pipe: !asc.tpipe, %b: !asc.tbuf<veccalc>) {
  %c0 = arith.constant 0 : i32
  // expected-error@+1 {{'asc.tpipe_init_tbuf' op length must be positive, but got 0}}
  asc.tpipe_init_tbuf %pipe, %b, %c0 : !asc.tbuf<veccalc>, i32
  return
}

// -----

func.func @alloc_tensor_position(%q: !asc.tque<vecin, 2>) {
  // expected-error@+1 {{'asc.alloc_tensor' op tensor position vecout does not match the queue's position vecin}}
  %t = asc.alloc_tensor %q : !asc.tque<vecin, 2> -> !asc.local_tensor<vecout, f32>
  return
}

// -----

func.func @deque_depth_zero(%q: !asc.tque<vecin, 0>) {
  // expected-error@+1 {{'asc.deque' op needs a queue of depth at least 1, but the queue has depth 0}}
  %t = asc.deque %q : !asc.tque<vecin, 0> -> !asc.local_tensor<vecin, f32>
  return
}

// -----

func.func @tbuf_get_position(%b: !asc.tbuf<veccalc>) {
  // expected-error@+1 {{'asc.tbuf_get' op tensor position vecin does not match the buffer's position veccalc}}
  %t = asc.tbuf_get %b : !asc.tbuf<veccalc> -> !asc.local_tensor<vecin, f32>
  return
}

// -----

func.func @tbuf_get_with_offset_size(%b: !asc.tbuf<veccalc>, %off: i32) {
  %c0 = arith.constant 0 : i32
  // expected-error@+1 {{'asc.tbuf_get_with_offset' op size must be positive, but got 0}}
  %t = asc.tbuf_get_with_offset %b, %c0, %off : !asc.tbuf<veccalc>, i32, i32 -> !asc.local_tensor<veccalc, f32>
  return
}

// -----

func.func @tbuf_get_with_offset_unaligned(%b: !asc.tbuf<veccalc>, %n: i32) {
  %c16 = arith.constant 16 : i32
  // expected-error@+1 {{'asc.tbuf_get_with_offset' op offset must be a non-negative multiple of 32 bytes, but got 16}}
  %t = asc.tbuf_get_with_offset %b, %n, %c16 : !asc.tbuf<veccalc>, i32, i32 -> !asc.local_tensor<veccalc, f32>
  return
}

// -----

func.func @pool_memory_mismatch(%pool: !asc.tbuf_pool<vecin, 4>, %q: !asc.tque<a1, 1>, %n: i32) {
  // expected-error@+1 {{'asc.tbuf_pool_init_buffer' op position a1 is in l1, but the pool is in ub}}
  asc.tbuf_pool_init_buffer %pool, %q, %n, %n : !asc.tbuf_pool<vecin, 4>, !asc.tque<a1, 1>, i32, i32
  return
}

// -----

func.func @allocator_memory_mismatch(%a: !asc.local_mem_allocator<ub>, %n: i32) {
  // expected-error@+1 {{'asc.local_mem_allocator_alloc' op tensor position a1 is in l1, but the allocator allocates from ub}}
  %t = asc.local_mem_allocator_alloc %a, %n : !asc.local_mem_allocator<ub>, i32 -> !asc.local_tensor<a1, f32>
  return
}

// -----

func.func @property_type() {
  // expected-error@+1 {{'asc.property' op property one_blk_size is 'i16', but the result type is 'i32'}}
  %c = asc.property one_blk_size : i32
  return
}

// -----

func.func @get_value_type(%t: !asc.local_tensor<vecin, f16>, %i: i32) {
  // expected-error@+1 {{get_value: 'result' is a float32 value, but 'tensor' holds float16}}
  %v = asc.get_value %t, %i : !asc.local_tensor<vecin, f16>, i32 -> f32
  return
}

// -----

func.func @struct_load_not_struct(%p: !asc.gm_addr<f32>) {
  // expected-error@+1 {{'asc.struct_load' op operand #0 must be GM pointer to a struct, but got '!asc.gm_addr<f32>'}}
  %s = "asc.struct_load"(%p) : (!asc.gm_addr<f32>) -> !asc.struct<"S", ["a" : f32]>
  return
}

// -----

func.func @struct_get_unknown_field(%s: !asc.struct<"Tiling", ["total" : i32]>) {
  // expected-error@+1 {{'asc.struct_get' op struct 'Tiling' has no field 'tile'}}
  %f = asc.struct_get %s["tile"] : !asc.struct<"Tiling", ["total" : i32]> -> i32
  return
}

// -----

func.func @struct_set_type(%s: !asc.struct<"Tiling", ["total" : i32]>, %x: f32) {
  // expected-error@+1 {{'asc.struct_set' op field 'total' of struct 'Tiling' has type 'i32', but the value has type 'f32'}}
  %s2 = asc.struct_set %s["total"], %x : !asc.struct<"Tiling", ["total" : i32]>, f32
  return
}

// -----

func.func @printf_unsupported_specifier(%x: i32) {
  // expected-error@+1 {{'asc.printf' op unsupported format specifier '%5q'; use %d %i %u %o %x %X %c, %f %F %e %E %g %G or %% (with flags, width, precision and length)}}
  asc.printf "x = %5q\n", %x : i32
  return
}

// -----

func.func @printf_incomplete_specifier(%x: i32) {
  // expected-error@+1 {{'asc.printf' op unsupported format specifier '%-'}}
  asc.printf "%d %-", %x : i32
  return
}

// -----

func.func @printf_nul() {
  // expected-error@+1 {{'asc.printf' op the format contains a NUL character}}
  asc.printf "a\00b"
  return
}

// -----

func.func @printf_count(%x: i32) {
  // expected-error@+1 {{'asc.printf' op the format has 2 conversion(s), but 1 operand(s) were given}}
  asc.printf "%d%% of %d\n", %x : i32
  return
}

// -----

func.func @printf_int_for_float(%x: f32) {
  // expected-error@+1 {{'asc.printf' op '%5d' needs an integer operand, but operand #0 is 'f32'}}
  asc.printf "%5d", %x : f32
  return
}

// -----

func.func @printf_float_for_int(%x: i32, %y: i1) {
  // expected-error@+1 {{'asc.printf' op '%.3e' needs a floating-point operand, but operand #1 is 'i1'}}
  asc.printf "%d %.3e", %x, %y : i32, i1
  return
}

// -----

func.func @printf_string(%x: i64) {
  // expected-error@+1 {{'asc.printf' op '%s' needs a string, but operand #0 is 'i64'; write text into the format itself}}
  asc.printf "%s", %x : i64
  return
}

// -----

func.func @printf_pointer(%x: i64) {
  // expected-error@+1 {{'asc.printf' op '%p' needs a pointer, but operand #0 is 'i64'; write text into the format itself}}
  asc.printf "%p", %x : i64
  return
}

// -----

func.func @printf_operand_type(%x: index) {
  // expected-error@+1 {{'asc.printf' op operand #0 must be variadic of integer, f16, bf16, f32 or f64 scalar, but got 'index'}}
  asc.printf "%d", %x : index
  return
}

// -----

func.func @gather_unsupported_type(%z: !asc.local_tensor<vecout, i8>, %x: !asc.local_tensor<vecin, i8>, %o: !asc.local_tensor<veccalc, ui32>, %b: i32, %n: i32) {
  // expected-error@+1 {{gather: 'dst' holds int8, but gather supports int16, uint16, int32, uint32, float16, bfloat16, float32 on Ascend 910B/910C}}
  asc.gather %z, %x, %o, %b, %n : !asc.local_tensor<vecout, i8>, !asc.local_tensor<vecin, i8>, !asc.local_tensor<veccalc, ui32>, i32, i32
  return
}

// -----

func.func @gather_offset_type(%z: !asc.local_tensor<vecout, f16>, %x: !asc.local_tensor<vecin, f16>, %o: !asc.local_tensor<veccalc, i32>, %b: i32, %n: i32) {
  // expected-error@+1 {{gather: 'src_offset' holds int32, but gather supports uint32 on Ascend 910B/910C}}
  asc.gather %z, %x, %o, %b, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, i32>, i32, i32
  return
}

// -----

func.func @gather_type_mismatch(%z: !asc.local_tensor<vecout, f16>, %x: !asc.local_tensor<vecin, i16>, %o: !asc.local_tensor<veccalc, ui32>, %b: i32, %n: i32) {
  // expected-error@+1 {{gather: 'src' holds int16 but 'dst' holds float16; element types must match}}
  asc.gather %z, %x, %o, %b, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, i16>, !asc.local_tensor<veccalc, ui32>, i32, i32
  return
}

// -----

func.func @gather_repeat(%z: !asc.local_tensor<vecout, f16>, %x: !asc.local_tensor<vecin, f16>, %o: !asc.local_tensor<veccalc, ui32>, %b: i32, %m: i64, %dr: i32) {
  %r = arith.constant 256 : i32
  // expected-error@+1 {{'asc.gather_l0' op repeat count must be in [0, 255], but got 256}}
  asc.gather_l0 %z, %x, %o, %b, %m, %r, %dr : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, ui32>, i32, i64, i32, i32
  return
}

// -----

func.func @gather_mask(%z: !asc.local_tensor<vecout, f32>, %x: !asc.local_tensor<vecin, f32>, %o: !asc.local_tensor<veccalc, ui32>, %b: i32, %lo: i64, %r: i32, %dr: i32) {
  %hi = arith.constant 1 : i64
  // expected-error@+1 {{'asc.gather_l1' op bit mask word 1 must be 0 for 32-bit elements, which have 64 lanes per repeat, but got 1}}
  asc.gather_l1 %z, %x, %o, %b, %lo, %hi, %r, %dr : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<veccalc, ui32>, i32, i64, i64, i32, i32
  return
}

// -----

func.func @gatherb_unsupported_type(%z: !asc.local_tensor<vecout, f16>, %x: !asc.local_tensor<vecin, f16>, %o: !asc.local_tensor<veccalc, ui32>, %r: i32, %p: !asc.gather_repeat_params) {
  // expected-error@+1 {{gatherb: 'dst' holds float16, but gatherb supports uint16, uint32 on Ascend 910B/910C}}
  asc.gatherb %z, %x, %o, %r, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, ui32>, i32, !asc.gather_repeat_params
  return
}

// -----

func.func @gatherb_repeat(%z: !asc.local_tensor<vecout, ui16>, %x: !asc.local_tensor<vecin, ui16>, %o: !asc.local_tensor<veccalc, ui32>, %p: !asc.gather_repeat_params) {
  %r = arith.constant 300 : i32
  // expected-error@+1 {{'asc.gatherb' op repeat count must be in [0, 255], but got 300}}
  asc.gatherb %z, %x, %o, %r, %p : !asc.local_tensor<vecout, ui16>, !asc.local_tensor<vecin, ui16>, !asc.local_tensor<veccalc, ui32>, i32, !asc.gather_repeat_params
  return
}

// -----

func.func @copy_not_ub(%z: !asc.local_tensor<a1, f16>, %x: !asc.local_tensor<vecin, f16>, %m: i64, %r: i32, %p: !asc.copy_repeat_params) {
  // expected-error@+1 {{copy: 'dst' must be a tensor in the Unified Buffer (VECIN, VECOUT or VECCALC), but it is in position A1 (L1)}}
  asc.copy_l0 %z, %x, %m, %r, %p : !asc.local_tensor<a1, f16>, !asc.local_tensor<vecin, f16>, i64, i32, !asc.copy_repeat_params
  return
}

// -----

func.func @copy_unsupported_type(%z: !asc.local_tensor<vecout, i8>, %x: !asc.local_tensor<vecin, i8>, %lo: i64, %hi: i64, %r: i32, %p: !asc.copy_repeat_params) {
  // expected-error@+1 {{copy: 'dst' holds int8, but copy supports int16, uint16, int32, uint32, float16, bfloat16, float32 on Ascend 910B/910C}}
  asc.copy_l1 %z, %x, %lo, %hi, %r, %p : !asc.local_tensor<vecout, i8>, !asc.local_tensor<vecin, i8>, i64, i64, i32, !asc.copy_repeat_params
  return
}

// -----

func.func @copy_repeat(%z: !asc.local_tensor<vecout, f32>, %x: !asc.local_tensor<vecin, f32>, %m: i64, %p: !asc.copy_repeat_params) {
  %r = arith.constant 256 : i32
  // expected-error@+1 {{'asc.copy_l0' op repeat count must be in [0, 255], but got 256}}
  asc.copy_l0 %z, %x, %m, %r, %p : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, i64, i32, !asc.copy_repeat_params
  return
}

// -----

func.func @copy_mask(%z: !asc.local_tensor<vecout, f32>, %x: !asc.local_tensor<vecin, f32>, %r: i32, %p: !asc.copy_repeat_params) {
  %m = arith.constant 65 : i64
  // expected-error@+1 {{'asc.copy_l0' op continuous mask must be in [1, 64] for 32-bit elements, but got 65}}
  asc.copy_l0 %z, %x, %m, %r, %p : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, i64, i32, !asc.copy_repeat_params
  return
}

// -----

func.func @copy_type_mismatch(%z: !asc.local_tensor<vecout, f32>, %x: !asc.local_tensor<vecin, i32>, %m: i64, %r: i32, %p: !asc.copy_repeat_params) {
  // expected-error@+1 {{copy: 'src' holds int32 but 'dst' holds float32; element types must match}}
  asc.copy_l0 %z, %x, %m, %r, %p : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, i32>, i64, i32, !asc.copy_repeat_params
  return
}

// -----

func.func @set_pad_value_position(%v: f16) {
  // expected-error@+1 {{'asc.set_pad_value' op position must be a UB position (vecin, vecout or veccalc), but got a1}}
  asc.set_pad_value %v {position = #asc<position a1>} : f16
  return
}

// -----

func.func @set_pad_value_64_bit() {
  %v = arith.constant 1 : i64
  // expected-error@+1 {{'asc.set_pad_value' op a 64-bit pad value must be 0, but got 1}}
  asc.set_pad_value %v : i64
  return
}

// -----

func.func @set_pad_value_type(%v: index) {
  // expected-error@+1 {{'asc.set_pad_value' op operand #0 must be Ascend C element type (f16, bf16, f32, f64, i1, i8-i64, ui8-ui64), but got 'index'}}
  asc.set_pad_value %v : index
  return
}

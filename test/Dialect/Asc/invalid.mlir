// RUN: ascir-opt %s -split-input-file -verify-diagnostics

// expected-error@+1 {{GlobalAddress: element type index is not an Ascend C element type (expected float16, bfloat16, float32, float64, bool, int8, int16, int32, int64, uint8, uint16, uint32 or uint64)}}
func.func private @unsupported_element_type(!asc.gm_addr<index>)

// -----

func.func @global_tensor_never_bound() {
  // expected-error@+1 {{GlobalTensor: the tensor is never bound to memory: call set_global_buffer on it before use}}
  %g = asc.global_tensor : !asc.global_tensor<none>
  return
}

// -----

func.func @set_global_buffer_element_mismatch(%g: !asc.global_tensor<f32>, %x: !asc.gm_addr<f16>) {
  // expected-error@+1 {{GlobalTensor.set_global_buffer: the buffer holds float16 but the GlobalTensor holds float32; element types must match}}
  asc.set_global_buffer %g, %x : !asc.global_tensor<f32>, !asc.gm_addr<f16>
  return
}

// -----

func.func @local_tensor_in_gm(%addr: i32, %n: i32) {
  // expected-error@+1 {{LocalTensor: 'pos' TPosition.GM is not on chip; a LocalTensor needs one of TPosition.VECIN, VECOUT, VECCALC, A1, A2, B1, B2, C1, C2 or CO1}}
  %t = asc.local_tensor %addr, %n : i32, i32 -> !asc.local_tensor<gm, f32>
  return
}

// -----

func.func @local_tensor_negative_address(%n: i32) {
  %addr = arith.constant -32 : i32
  // expected-error@+1 {{LocalTensor: 'addr' must be non-negative, but got -32}}
  %t = asc.local_tensor %addr, %n : i32, i32 -> !asc.local_tensor<vecin, f32>
  return
}

// -----

func.func @local_tensor_misaligned_l0a(%n: i32) {
  %addr = arith.constant 256 : i32
  // expected-error@+1 {{LocalTensor: 'addr' 256 in Hardware.L0A must be a multiple of 512 bytes}}
  %t = asc.local_tensor %addr, %n : i32, i32 -> !asc.local_tensor<a2, f16>
  return
}

// -----

func.func @local_tensor_empty(%addr: i32) {
  %n = arith.constant 0 : i32
  // expected-error@+1 {{LocalTensor: 'tile_size' must be positive, but got 0}}
  %t = asc.local_tensor %addr, %n : i32, i32 -> !asc.local_tensor<vecin, f32>
  return
}

// -----

func.func @local_tensor_partial_block(%addr: i32) {
  %n = arith.constant 7 : i32
  // expected-error@+1 {{LocalTensor: 'tile_size' = 7 float32 elements span 28 bytes, which is not a multiple of 32 bytes}}
  %t = asc.local_tensor %addr, %n : i32, i32 -> !asc.local_tensor<vecin, f32>
  return
}

// -----

func.func @data_copy_gm_to_gm(%a: !asc.global_tensor<f32>, %b: !asc.global_tensor<f32>, %n: i32) {
  // expected-error@+1 {{data_copy: cannot copy from TPosition.GM to TPosition.GM; supported directions are GM to VECIN/VECOUT/VECCALC/A1/B1/C1, VECIN/VECOUT/VECCALC/A1/B1 to GM, and between VECIN/VECOUT/VECCALC}}
  asc.data_copy %a, %b, %n : !asc.global_tensor<f32>, !asc.global_tensor<f32>, i32
  return
}

// -----

func.func @data_copy_l1_to_ub(%dst: !asc.local_tensor<vecin, f32>, %src: !asc.local_tensor<a1, f32>, %n: i32) {
  // expected-error@+1 {{data_copy: cannot copy from TPosition.A1 to TPosition.VECIN; supported directions are GM to VECIN/VECOUT/VECCALC/A1/B1/C1, VECIN/VECOUT/VECCALC/A1/B1 to GM, and between VECIN/VECOUT/VECCALC}}
  asc.data_copy %dst, %src, %n : !asc.local_tensor<vecin, f32>, !asc.local_tensor<a1, f32>, i32
  return
}

// -----

func.func @data_copy_c1_to_gm(%dst: !asc.global_tensor<f32>, %src: !asc.local_tensor<c1, f32>, %n: i32) {
  // expected-error@+1 {{data_copy: cannot copy from TPosition.C1 to TPosition.GM; supported directions are GM to VECIN/VECOUT/VECCALC/A1/B1/C1, VECIN/VECOUT/VECCALC/A1/B1 to GM, and between VECIN/VECOUT/VECCALC, and C1 to C2 (float32 or int32 bias)}}
  asc.data_copy %dst, %src, %n : !asc.global_tensor<f32>, !asc.local_tensor<c1, f32>, i32
  return
}

// -----

func.func @data_copy_bias_f16(%dst: !asc.local_tensor<c2, f16>, %src: !asc.local_tensor<c1, f16>, %n: i32) {
  // expected-error@+1 {{data_copy: a copy into the BiasTable (C2) takes float32 or int32 elements, but got float16}}
  asc.data_copy %dst, %src, %n : !asc.local_tensor<c2, f16>, !asc.local_tensor<c1, f16>, i32
  return
}

// -----

func.func @data_copy_l1_to_l0a(%dst: !asc.local_tensor<a2, f32>, %src: !asc.local_tensor<a1, f32>, %n: i32) {
  // expected-error@+1 {{data_copy: cannot copy from TPosition.A1 to TPosition.A2; supported directions are GM to VECIN/VECOUT/VECCALC/A1/B1/C1, VECIN/VECOUT/VECCALC/A1/B1 to GM, and between VECIN/VECOUT/VECCALC, and C1 to C2 (float32 or int32 bias)}}
  asc.data_copy %dst, %src, %n : !asc.local_tensor<a2, f32>, !asc.local_tensor<a1, f32>, i32
  return
}

// -----

func.func @data_copy_zero_count(%dst: !asc.local_tensor<vecin, f32>, %src: !asc.global_tensor<f32>) {
  %n = arith.constant 0 : i32
  // expected-error@+1 {{data_copy: 'count' must be positive, but got 0}}
  asc.data_copy %dst, %src, %n : !asc.local_tensor<vecin, f32>, !asc.global_tensor<f32>, i32
  return
}

// -----

func.func @data_copy_partial_block(%dst: !asc.local_tensor<vecin, f16>, %src: !asc.global_tensor<f16>) {
  %n = arith.constant 24 : i32
  // expected-error@+1 {{data_copy: 'count' = 24 float16 elements span 48 bytes, which is not a multiple of 32 bytes}}
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
  // expected-error@+1 {{mul: 'mask' (a continuous mask) must be in [1, 64] for 32-bit elements, but got 65}}
  asc.mul_l0 %z, %x, %x, %m, %r, %p : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f32>, i64, i32, !asc.binary_repeat_params
  return
}

// -----

func.func @bit_mask_empty(%z: !asc.local_tensor<vecout, f16>, %x: !asc.local_tensor<vecin, f16>,
                          %r: i32, %p: !asc.unary_repeat_params) {
  %zero = arith.constant 0 : i64
  // expected-error@+1 {{exp: 'mask' (a bit mask) must enable at least one lane, but both words are 0}}
  asc.exp_l1 %z, %x, %zero, %zero, %r, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, i64, i64, i32, !asc.unary_repeat_params
  return
}

// -----

func.func @bit_mask_high_word_32_bit(%z: !asc.local_tensor<vecout, f32>, %x: !asc.local_tensor<vecin, f32>,
                                     %lo: i64, %r: i32) {
  %hi = arith.constant 1 : i64
  %c1 = arith.constant 1 : i32
  %c8 = arith.constant 8 : i32
  // expected-error@+1 {{whole_reduce_sum: 'mask[1]' must be 0 for 32-bit elements, which have 64 lanes per repeat, but got 1}}
  asc.whole_reduce_sum_l1 %z, %x, %lo, %hi, %r, %c1, %c1, %c8 : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, i64, i64, i32, i32, i32, i32
  return
}

// -----

func.func @repeat_too_large(%z: !asc.local_tensor<vecout, f16>, %x: !asc.local_tensor<vecin, f16>,
                            %p: !asc.brcb_repeat_params) {
  %r = arith.constant 256 : i32
  // expected-error@+1 {{brcb: 'repeat_times' must be in [0, 255], but got 256}}
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
  // expected-error@+1 {{mul_add_dst: 'dst' holds float16 and 'src0' holds float32, but supported (dst, src0) element types are (float16, float16), (float32, float32) and (float32, float16)}}
  asc.mul_add_dst %z, %x, %x, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f32>, i32
  return
}

// -----

func.func @cast_unsupported_pair(%z: !asc.local_tensor<vecout, bf16>, %x: !asc.local_tensor<vecin, f16>, %n: i32) {
  // expected-error@+1 {{cast: cannot cast float16 to bfloat16 on Ascend 910B/910C; float16 converts to int8, uint8, int16, int32, float32}}
  asc.cast cast_rint, %z, %x, %n : !asc.local_tensor<vecout, bf16>, !asc.local_tensor<vecin, f16>, i32
  return
}

// -----

func.func @cast_unsupported_round_mode(%z: !asc.local_tensor<vecout, f32>, %x: !asc.local_tensor<vecin, f16>,
                                       %n: i32) {
  // expected-error@+1 {{cast: a cast from float16 to float32 supports RoundMode.CAST_NONE, but 'round_mode' is RoundMode.CAST_FLOOR}}
  asc.cast cast_floor, %z, %x, %n : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f16>, i32
  return
}

// -----

func.func @compare_i32_ordering(%b: !asc.local_tensor<veccalc, ui8>, %x: !asc.local_tensor<vecin, i32>, %n: i32) {
  // expected-error@+1 {{compare: int32 sources support only CMPMODE.EQ on Ascend 910B/910C, but 'cmp_mode' is CMPMODE.LT}}
  asc.compare lt, %b, %x, %x, %n : !asc.local_tensor<veccalc, ui8>, !asc.local_tensor<vecin, i32>, !asc.local_tensor<vecin, i32>, i32
  return
}

// -----

func.func @compare_partial_repeat(%b: !asc.local_tensor<veccalc, ui8>, %x: !asc.local_tensor<vecin, f32>) {
  %n = arith.constant 32 : i32
  // expected-error@+1 {{compare: 'count' = 32 float32 elements span 128 bytes, which is not a multiple of 256 bytes (one repeat)}}
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
  // expected-error@+1 {{select: a scalar 'src1' needs SelMode.VSEL_TENSOR_SCALAR_MODE, but 'sel_mode' is SelMode.VSEL_CMPMASK_SPR}}
  asc.select_scalar vsel_cmpmask_spr, %z, %b, %x, %s, %n : !asc.local_tensor<vecout, f32>, !asc.local_tensor<veccalc, ui8>, !asc.local_tensor<vecin, f32>, f32, i32
  return
}

// -----

func.func @select_tensor_mode(%z: !asc.local_tensor<vecout, f32>, %b: !asc.local_tensor<veccalc, ui8>,
                              %x: !asc.local_tensor<vecin, f32>, %n: i32) {
  // expected-error@+1 {{select: a tensor 'src1' needs SelMode.VSEL_CMPMASK_SPR or SelMode.VSEL_TENSOR_TENSOR_MODE, but 'sel_mode' is SelMode.VSEL_TENSOR_SCALAR_MODE}}
  asc.select vsel_tensor_scalar_mode, %z, %b, %x, %x, %n : !asc.local_tensor<vecout, f32>, !asc.local_tensor<veccalc, ui8>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f32>, i32
  return
}

// -----

func.func @set_vector_mask_counter_high(%lo: i64) {
  %hi = arith.constant 1 : i64
  // expected-error@+1 {{set_vector_mask: 'mask_high' must be 0 in MaskMode.COUNTER mode, but got 1}}
  asc.set_vector_mask f32, counter, %hi, %lo : i64, i64
  return
}

// -----

func.func @set_vector_mask_len_normal() {
  %len = arith.constant 129 : i32
  // expected-error@+1 {{set_vector_mask: 'length' must be in [1, 128] for float16 in MaskMode.NORMAL mode, but got 129}}
  asc.set_vector_mask_len f16, normal, %len : i32
  return
}

// -----

func.func @set_vector_mask_len_counter() {
  %len = arith.constant -1 : i32
  // expected-error@+1 {{set_vector_mask: 'length' (an element count in MaskMode.COUNTER mode) must be non-negative, but got -1}}
  asc.set_vector_mask_len f16, counter, %len : i32
  return
}

// -----

func.func @set_atomic_unsupported_type() {
  // expected-error@+1 {{set_atomic_add: 'dtype' is float64, but set_atomic_add supports int8, int16, int32, float16, bfloat16, float32 on Ascend 910B/910C}}
  asc.set_atomic_add f64
  return
}

// -----

func.func @param_field_out_of_range(%a: i32) {
  %len = arith.constant 70000 : i32
  // expected-error@+1 {{DataCopyParams: 'block_len' must be in [0, 65535] (uint16_t), but got 70000}}
  %p = asc.data_copy_params %a, %len, %a, %a : i32, i32, i32, i32
  return
}

// -----

func.func @param_field_element_type(%t: i1, %a: i32, %v: f16) {
  // expected-error@+1 {{DataCopyPadExtParams: 'padding_value' is a float16 value, but the struct holds float32}}
  %p = asc.data_copy_pad_ext_params %t, %a, %a, %v : i1, i32, i32, f16 -> !asc.data_copy_pad_ext_params<f32>
  return
}

// -----

func.func @data_copy_pad_direction(%dst: !asc.local_tensor<vecout, f32>, %src: !asc.local_tensor<vecin, f32>,
                                   %p: !asc.data_copy_params) {
  // expected-error@+1 {{data_copy_pad: cannot copy from TPosition.VECIN to TPosition.VECOUT; supported directions are GM to VECIN/VECOUT/VECCALC and VECIN/VECOUT/VECCALC to GM}}
  asc.data_copy_pad %dst, %src, %p : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, !asc.data_copy_params
  return
}

// -----

func.func @data_copy_pad_into_ub_without_padding(%dst: !asc.local_tensor<vecin, f32>, %src: !asc.global_tensor<f32>,
                                                 %p: !asc.data_copy_ext_params) {
  // expected-error@+1 {{data_copy_pad: a copy into the Unified Buffer needs 'pad_params'}}
  asc.data_copy_pad %dst, %src, %p : !asc.local_tensor<vecin, f32>, !asc.global_tensor<f32>, !asc.data_copy_ext_params
  return
}

// -----

func.func @data_copy_pad_into_gm_with_padding(%dst: !asc.global_tensor<f32>, %src: !asc.local_tensor<vecout, f32>,
                                              %p: !asc.data_copy_params, %pad: !asc.data_copy_pad_params) {
  // expected-error@+1 {{data_copy_pad: a copy into GM takes no 'pad_params'}}
  asc.data_copy_pad %dst, %src, %p, %pad : !asc.global_tensor<f32>, !asc.local_tensor<vecout, f32>, !asc.data_copy_params, !asc.data_copy_pad_params
  return
}

// -----

func.func @data_copy_pad_params_mismatch(%dst: !asc.local_tensor<vecin, f32>, %src: !asc.global_tensor<f32>,
                                         %p: !asc.data_copy_ext_params, %pad: !asc.data_copy_pad_params) {
  // expected-error@+1 {{data_copy_pad: 'data_copy_params' is a DataCopyExtParams, so 'pad_params' must be a DataCopyPadExtParams, but it is a DataCopyPadParams}}
  asc.data_copy_pad %dst, %src, %p, %pad : !asc.local_tensor<vecin, f32>, !asc.global_tensor<f32>, !asc.data_copy_ext_params, !asc.data_copy_pad_params
  return
}

// -----

func.func @data_copy_pad_element_mismatch(%dst: !asc.local_tensor<vecin, f32>, %src: !asc.global_tensor<f32>,
                                          %p: !asc.data_copy_ext_params,
                                          %pad: !asc.data_copy_pad_ext_params<f16>) {
  // expected-error@+1 {{data_copy_pad: 'pad_params' hold float16 but 'dst' holds float32; element types must match}}
  asc.data_copy_pad %dst, %src, %p, %pad : !asc.local_tensor<vecin, f32>, !asc.global_tensor<f32>, !asc.data_copy_ext_params, !asc.data_copy_pad_ext_params<f16>
  return
}

// -----

func.func @set_flag_max_event(%id: i32) {
  // expected-error@+1 {{set_flag: 'event' HardEvent.MAX is only an end marker, not a hardware event}}
  asc.set_flag max, %id : i32
  return
}

// -----

func.func @wait_flag_id_out_of_range() {
  %id = arith.constant 8 : i32
  // expected-error@+1 {{wait_flag: 'event_id' must be in [0, 7], but got 8}}
  asc.wait_flag mte2_v, %id : i32
  return
}

// -----

func.func @pipe_barrier_scalar() {
  // expected-error@+1 {{pipe_barrier: PipeID.PIPE_S cannot take a barrier: scalar instructions are ordered automatically}}
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

// expected-error@+1 {{asc.jit: a kernel must return nothing, but it returns 1 value(s)}}
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

// expected-error@+1 {{TQue: 'depth' must be non-negative, but got -1}}
func.func private @queue_negative_depth(!asc.tque<vecin, -1>)

// -----

// expected-error@+1 {{TQue: 'pos' must be a buffer position, not TPosition.GM}}
func.func private @queue_in_gm(!asc.tque<gm, 1>)

// -----

// expected-error@+1 {{TQueBind: binds TPosition.GM to TPosition.CO2; 'src' or 'dst' must be an on-chip position}}
func.func private @queue_bind_off_chip(!asc.tque_bind<gm, co2, 1>)

// -----

// expected-error@+1 {{TBuf: 'pos' must be an on-chip position, not TPosition.GM}}
func.func private @tbuf_in_gm(!asc.tbuf<gm>)

// -----

// expected-error@+1 {{TBufPool: 'pos' TPosition.A2 is in Hardware.L0A, but pools must be in Hardware.UB or Hardware.L1}}
func.func private @pool_in_l0a(!asc.tbuf_pool<a2, 4>)

// -----

// expected-error@+1 {{TBufPool: 'buf_id_size' must be in [1, 16], but got 17}}
func.func private @pool_too_large(!asc.tbuf_pool<vecin, 17>)

// -----

// expected-error@+1 {{LocalMemAllocator: 'hard' must be an on-chip memory, not Hardware.GM}}
func.func private @allocator_in_gm(!asc.local_mem_allocator<gm>)

// -----

// expected-error@+1 {{struct name 'my struct' is not a C++ identifier}}
func.func private @struct_name_not_identifier(!asc.struct<"my struct", ["a" : i32]>)

// -----

// expected-error@+1 {{Struct: struct Empty has no fields}}
func.func private @struct_without_fields(!asc.struct<"Empty", []>)

// -----

// expected-error@+1 {{Struct: struct S: 'pack' must be 1, 2, 4, 8 or 16, but got 3}}
func.func private @struct_bad_pack(!asc.struct<"S", ["a" : i32], pack = 3>)

// -----

// expected-error@+1 {{Struct: field name '1st' of struct S is not a C++ identifier}}
func.func private @field_name_not_identifier(!asc.struct<"S", ["1st" : i32]>)

// -----

// expected-error@+1 {{Struct: struct S has two fields named 'a'}}
func.func private @duplicate_field(!asc.struct<"S", ["a" : i32, "a" : f32]>)

// -----

// expected-error@+1 {{Struct: field 'v' of struct S is vector<4xf32>, which is neither an Ascend C element type nor a struct}}
func.func private @field_not_scalar(!asc.struct<"S", ["v" : vector<4xf32>]>)

// -----

func.func @init_buffer_count(%pipe: !asc.tpipe, %q: !asc.tque<vecin, 2>, %len: i32) {
  %c0 = arith.constant 0 : i32
  // expected-error@+1 {{TPipe.init_buffer: 'num' (the number of buffers) must be in [1, 64], but got 0}}
  asc.tpipe_init_buffer %pipe, %q, %c0, %len : !asc.tque<vecin, 2>, i32, i32
  return
}

// -----

func.func @init_tbuf_length(%pipe: !asc.tpipe, %b: !asc.tbuf<veccalc>) {
  %c0 = arith.constant 0 : i32
  // expected-error@+1 {{TPipe.init_buffer: 'num' must be positive, but got 0}}
  asc.tpipe_init_tbuf %pipe, %b, %c0 : !asc.tbuf<veccalc>, i32
  return
}

// -----

func.func @alloc_tensor_position(%q: !asc.tque<vecin, 2>) {
  // expected-error@+1 {{TQue.alloc_tensor: the tensor's position TPosition.VECOUT does not match the queue's position TPosition.VECIN}}
  %t = asc.alloc_tensor %q : !asc.tque<vecin, 2> -> !asc.local_tensor<vecout, f32>
  return
}

// -----

func.func @enque_one_user_position(%q: !asc.tque<vecin, 1>, %t: !asc.local_tensor<vecin, f32>) {
  // expected-error@+1 {{TQue.enque: give both 'src_user_pos' and 'dst_user_pos', or neither}}
  asc.enque %q, %t {src_user_pos = #asc<position gm>} : !asc.tque<vecin, 1>, !asc.local_tensor<vecin, f32>
  return
}

// -----

func.func @deque_one_user_position(%q: !asc.tque<vecin, 1>) {
  // expected-error@+1 {{TQue.deque: give both 'src_user_pos' and 'dst_user_pos', or neither}}
  %t = asc.deque %q {dst_user_pos = #asc<position vecin>} : !asc.tque<vecin, 1> -> !asc.local_tensor<vecin, f32>
  return
}

// -----

func.func @enque_user_position_off_the_ub_path(%q: !asc.tque<vecin, 1>, %t: !asc.local_tensor<vecin, f32>) {
  // expected-error@+1 {{TQue.enque: 'dst_user_pos' must be GM, VECIN, VECCALC or VECOUT, but got TPosition.A1}}
  asc.enque %q, %t {src_user_pos = #asc<position gm>, dst_user_pos = #asc<position a1>} : !asc.tque<vecin, 1>, !asc.local_tensor<vecin, f32>
  return
}

// -----

func.func @deque_user_positions_both_gm(%q: !asc.tque<vecout, 1>) {
  // expected-error@+1 {{TQue.deque: 'src_user_pos' and 'dst_user_pos' cannot both be GM}}
  %t = asc.deque %q {src_user_pos = #asc<position gm>, dst_user_pos = #asc<position gm>} : !asc.tque<vecout, 1> -> !asc.local_tensor<vecout, f32>
  return
}

// -----

func.func @enque_user_positions_on_an_l1_queue(%q: !asc.tque<a1, 1>, %t: !asc.local_tensor<a1, f16>) {
  // expected-error@+1 {{TQue.enque: user positions name a path through the Unified Buffer, but the queue's buffers are at TPosition.A1, in Hardware.L1}}
  asc.enque %q, %t {src_user_pos = #asc<position gm>, dst_user_pos = #asc<position vecin>} : !asc.tque<a1, 1>, !asc.local_tensor<a1, f16>
  return
}

// -----

func.func @deque_depth_zero(%q: !asc.tque<vecin, 0>) {
  // expected-error@+1 {{TQue.deque: needs a queue of depth at least 1, but the queue has depth 0}}
  %t = asc.deque %q : !asc.tque<vecin, 0> -> !asc.local_tensor<vecin, f32>
  return
}

// -----

func.func @alloc_tensor_value_form_depth_zero(%q: !asc.tque<vecin, 0>) {
  // expected-error@+1 {{TQue.alloc_tensor: needs a queue of depth at least 1, but the queue has depth 0 (a queue of depth 0 takes the in-place forms alloc_tensor(t) and deque(t))}}
  %t = asc.alloc_tensor %q : !asc.tque<vecin, 0> -> !asc.local_tensor<vecin, f32>
  return
}

// -----

func.func @alloc_tensor_in_place_depth_one(%q: !asc.tque<vecin, 1>) {
  // expected-error@+1 {{TQue.alloc_tensor: the in-place form is Ascend C's for a queue of depth 0, but the queue has depth 1}}
  %t = asc.alloc_tensor %q {in_place} : !asc.tque<vecin, 1> -> !asc.local_tensor<vecin, f32>
  return
}

// -----

func.func @deque_in_place_depth_two(%q: !asc.tque<vecin, 2>, %t: !asc.local_tensor<vecin, f32>) {
  // expected-error@+1 {{TQue.deque: the in-place form is Ascend C's for a queue of depth 0, but the queue has depth 2}}
  %d = asc.deque %q from %t : !asc.local_tensor<vecin, f32> : !asc.tque<vecin, 2> -> !asc.local_tensor<vecin, f32>
  return
}

// -----

func.func @deque_in_place_type(%q: !asc.tque<vecin, 0>, %t: !asc.local_tensor<vecin, f16>) {
  // expected-error@+1 {{TQue.deque: the in-place deque's tensor and result differ in type}}
  %d = asc.deque %q from %t : !asc.local_tensor<vecin, f16> : !asc.tque<vecin, 0> -> !asc.local_tensor<vecin, f32>
  return
}

// -----

func.func @deque_in_place_user_positions(%q: !asc.tque<vecin, 0>, %t: !asc.local_tensor<vecin, f32>) {
  // expected-error@+1 {{TQue.deque: the in-place deque(t) takes no user positions}}
  %d = asc.deque %q from %t : !asc.local_tensor<vecin, f32> {src_user_pos = #asc<position gm>, dst_user_pos = #asc<position vecin>} : !asc.tque<vecin, 0> -> !asc.local_tensor<vecin, f32>
  return
}

// -----

func.func @query_depth_zero(%q: !asc.tque<vecin, 0>) {
  // expected-error@+1 {{needs a queue of depth at least 1, but the queue has depth 0 (a queue of depth 0 has no query methods and no free_all_event)}}
  %0 = asc.vacant_in_que %q : !asc.tque<vecin, 0> -> i1
  return
}

// -----

func.func @tbuf_get_position(%b: !asc.tbuf<veccalc>) {
  // expected-error@+1 {{TBuf.get: the tensor's position TPosition.VECIN does not match the buffer's position TPosition.VECCALC}}
  %t = asc.tbuf_get %b : !asc.tbuf<veccalc> -> !asc.local_tensor<vecin, f32>
  return
}

// -----

func.func @tbuf_get_with_offset_size(%b: !asc.tbuf<veccalc>, %off: i32) {
  %c0 = arith.constant 0 : i32
  // expected-error@+1 {{TBuf.get_with_offset: 'size' must be positive, but got 0}}
  %t = asc.tbuf_get_with_offset %b, %c0, %off : !asc.tbuf<veccalc>, i32, i32 -> !asc.local_tensor<veccalc, f32>
  return
}

// -----

func.func @tbuf_get_with_offset_unaligned(%b: !asc.tbuf<veccalc>, %n: i32) {
  %c16 = arith.constant 16 : i32
  // expected-error@+1 {{TBuf.get_with_offset: 'buf_offset' must be a non-negative multiple of 32 bytes, but got 16}}
  %t = asc.tbuf_get_with_offset %b, %n, %c16 : !asc.tbuf<veccalc>, i32, i32 -> !asc.local_tensor<veccalc, f32>
  return
}

// -----

func.func @pool_memory_mismatch(%pool: !asc.tbuf_pool<vecin, 4>, %q: !asc.tque<a1, 1>, %n: i32) {
  // expected-error@+1 {{TBufPool.init_buffer: TPosition.A1 is in Hardware.L1, but the pool (TPosition.VECIN) is in Hardware.UB}}
  asc.tbuf_pool_init_buffer %pool, %q, %n, %n : !asc.tbuf_pool<vecin, 4>, !asc.tque<a1, 1>, i32, i32
  return
}

// -----

func.func @allocator_memory_mismatch(%a: !asc.local_mem_allocator<ub>, %n: i32) {
  // expected-error@+1 {{LocalMemAllocator.alloc: 'pos' TPosition.A1 is in Hardware.L1, but the allocator allocates from Hardware.UB}}
  %t = asc.local_mem_allocator_alloc %a, %n : !asc.local_mem_allocator<ub>, i32 -> !asc.local_tensor<a1, f32>
  return
}

// -----

func.func @property_type() {
  // expected-error@+1 {{property: Property.ONE_BLK_SIZE is int16, but the result type is int32}}
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
  // expected-error@+1 {{Struct: struct Tiling has no field 'tile'}}
  %f = asc.struct_get %s["tile"] : !asc.struct<"Tiling", ["total" : i32]> -> i32
  return
}

// -----

func.func @struct_set_type(%s: !asc.struct<"Tiling", ["total" : i32]>, %x: f32) {
  // expected-error@+1 {{Struct: field 'total' of struct Tiling holds int32, but the value is float32}}
  %s2 = asc.struct_set %s["total"], %x : !asc.struct<"Tiling", ["total" : i32]>, f32
  return
}

// -----

func.func @printf_unsupported_specifier(%x: i32) {
  // expected-error@+1 {{printf: unsupported format specifier '%5q'; use %d %i %u %o %x %X %c, %f %F %e %E %g %G or %% (with flags, width, precision and length)}}
  asc.printf "x = %5q\n", %x : i32
  return
}

// -----

func.func @printf_incomplete_specifier(%x: i32) {
  // expected-error@+1 {{printf: unsupported format specifier '%-'; use %d %i %u %o %x %X %c, %f %F %e %E %g %G or %% (with flags, width, precision and length)}}
  asc.printf "%d %-", %x : i32
  return
}

// -----

func.func @printf_nul() {
  // expected-error@+1 {{printf: the format contains a NUL character}}
  asc.printf "a\00b"
  return
}

// -----

func.func @printf_count(%x: i32) {
  // expected-error@+1 {{printf: the format has 2 conversion(s), but 1 argument(s) were given}}
  asc.printf "%d%% of %d\n", %x : i32
  return
}

// -----

func.func @printf_int_for_float(%x: f32) {
  // expected-error@+1 {{printf: '%5d' needs an integer value, but argument 1 is a float32 value}}
  asc.printf "%5d", %x : f32
  return
}

// -----

func.func @printf_float_for_int(%x: i32, %y: i1) {
  // expected-error@+1 {{printf: '%.3e' needs a floating-point value, but argument 2 is a bool value}}
  asc.printf "%d %.3e", %x, %y : i32, i1
  return
}

// -----

func.func @printf_string(%x: i64) {
  // expected-error@+1 {{printf: '%s' needs a string, but argument 1 is an int64 value; write text into the format itself}}
  asc.printf "%s", %x : i64
  return
}

// -----

func.func @printf_pointer(%x: i64) {
  // expected-error@+1 {{printf: '%p' needs a pointer, but argument 1 is an int64 value; write text into the format itself}}
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
  // expected-error@+1 {{gather: 'repeat_times' must be in [0, 255], but got 256}}
  asc.gather_l0 %z, %x, %o, %b, %m, %r, %dr : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, ui32>, i32, i64, i32, i32
  return
}

// -----

func.func @cast_negative_count(%z: !asc.local_tensor<vecout, i32>, %x: !asc.local_tensor<vecin, f32>) {
  %n = arith.constant -64 : i32
  // expected-error@+1 {{cast: 'count' must be non-negative, but got -64}}
  asc.cast cast_rint, %z, %x, %n : !asc.local_tensor<vecout, i32>, !asc.local_tensor<vecin, f32>, i32
  return
}

// -----

func.func @gather_rep_stride_range(%z: !asc.local_tensor<vecout, f16>, %x: !asc.local_tensor<vecin, f16>, %o: !asc.local_tensor<veccalc, ui32>, %b: i32, %m: i64, %r: i32) {
  %dr = arith.constant 65536 : i32
  // expected-error@+1 {{gather: 'dst_rep_stride' must be in [0, 65535] (uint16_t), but got 65536}}
  asc.gather_l0 %z, %x, %o, %b, %m, %r, %dr : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, ui32>, i32, i64, i32, i32
  return
}

// -----

func.func @gather_base_range(%z: !asc.local_tensor<vecout, f16>, %x: !asc.local_tensor<vecin, f16>, %o: !asc.local_tensor<veccalc, ui32>, %n: i32) {
  %b = arith.constant -2 : i32
  // expected-error@+1 {{gather: 'src_base' must be in [0, 4294967295] (uint32_t), but got -2}}
  asc.gather %z, %x, %o, %b, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, ui32>, i32, i32
  return
}

// -----

func.func @duplicate_rep_stride_range(%z: !asc.local_tensor<vecout, f32>, %s: f32, %m: i64, %r: i32, %bs: i32) {
  %rs = arith.constant 300 : i32
  // expected-error@+1 {{duplicate: 'dst_repeat_stride' must be in [0, 255] (uint8_t), but got 300}}
  asc.duplicate_l0 %z, %s, %m, %r, %bs, %rs : !asc.local_tensor<vecout, f32>, f32, i64, i32, i32, i32
  return
}

// -----

func.func @duplicate_blk_stride_range(%z: !asc.local_tensor<vecout, f16>, %s: f16, %lo: i64, %hi: i64, %r: i32, %rs: i32) {
  %bs = arith.constant -1 : i32
  // expected-error@+1 {{duplicate: 'dst_block_stride' must be in [0, 65535] (uint16_t), but got -1}}
  asc.duplicate_l1 %z, %s, %lo, %hi, %r, %bs, %rs : !asc.local_tensor<vecout, f16>, f16, i64, i64, i32, i32, i32
  return
}

// -----

func.func @gather_mask(%z: !asc.local_tensor<vecout, f32>, %x: !asc.local_tensor<vecin, f32>, %o: !asc.local_tensor<veccalc, ui32>, %b: i32, %lo: i64, %r: i32, %dr: i32) {
  %hi = arith.constant 1 : i64
  // expected-error@+1 {{gather: 'mask[1]' must be 0 for 32-bit elements, which have 64 lanes per repeat, but got 1}}
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
  // expected-error@+1 {{gatherb: 'repeat_times' must be in [0, 255], but got 300}}
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
  // expected-error@+1 {{copy: 'repeat_time' must be in [0, 255], but got 256}}
  asc.copy_l0 %z, %x, %m, %r, %p : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, i64, i32, !asc.copy_repeat_params
  return
}

// -----

func.func @copy_mask(%z: !asc.local_tensor<vecout, f32>, %x: !asc.local_tensor<vecin, f32>, %r: i32, %p: !asc.copy_repeat_params) {
  %m = arith.constant 65 : i64
  // expected-error@+1 {{copy: 'mask' (a continuous mask) must be in [1, 64] for 32-bit elements, but got 65}}
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
  // expected-error@+1 {{set_pad_value: 'pos' must be a Unified Buffer position (TPosition.VECIN, TPosition.VECOUT or TPosition.VECCALC), but got TPosition.A1}}
  asc.set_pad_value %v {position = #asc<position a1>} : f16
  return
}

// -----

func.func @set_pad_value_64_bit() {
  %v = arith.constant 1 : i64
  // expected-error@+1 {{set_pad_value: a 64-bit 'padding_value' must be 0, but got 1}}
  asc.set_pad_value %v : i64
  return
}

// -----

func.func @set_pad_value_type(%v: index) {
  // expected-error@+1 {{'asc.set_pad_value' op operand #0 must be Ascend C element type (f16, bf16, f32, f64, i1, i8-i64, ui8-ui64), but got 'index'}}
  asc.set_pad_value %v : index
  return
}

// -----

func.func @local_tensor_empty_off_chip() {
  // expected-error@+1 {{LocalTensor: 'pos' TPosition.GM is not on chip; a LocalTensor needs one of TPosition.VECIN, VECOUT, VECCALC, A1, A2, B1, B2, C1, C2 or CO1}}
  %t = asc.local_tensor_empty : !asc.local_tensor<gm, f32>
  return
}

// -----

func.func @pad_value_bool(%b: i1) {
  // expected-error@+1 {{set_pad_value: 'padding_value' is a bool value, but set_pad_value takes an 8- to 64-bit value}}
  asc.set_pad_value %b : i1
  return
}

// -----

func.func @subview_negative_start(%t: !asc.local_tensor<vecin, f32>) {
  %c = arith.constant -8 : i32
  // expected-error@+1 {{t[i:]: the start index -8 is negative; negative starts (counting from the end) are not supported: write the start as a count from the beginning}}
  %v = asc.subview %t[%c] : !asc.local_tensor<vecin, f32>, i32
  return
}

// -----

func.func @subview_past_the_end() {
  %a = arith.constant 0 : i32
  %n = arith.constant 256 : i32
  %o = arith.constant 200 : i32
  %p = arith.constant 57 : i32
  %t = asc.local_tensor %a, %n : i32, i32 -> !asc.local_tensor<vecin, f32>
  %v = asc.subview %t[%o] : !asc.local_tensor<vecin, f32>, i32
  // expected-error@+1 {{t[i:]: the start index 57 is past the end of the 56-element tensor}}
  %w = asc.subview %v[%p] : !asc.local_tensor<vecin, f32>, i32
  return
}

// -----

// A use of the empty descriptor itself always runs on no buffer: the error is
// at the use and names the operand.
func.func @local_tensor_empty_used(%g: !asc.global_tensor<f32>) {
  %n = arith.constant 64 : i32
  %t = asc.local_tensor_empty : !asc.local_tensor<vecin, f32>
  // expected-error@+1 {{data_copy: 'dst' is a LocalTensor declared by asc.LocalTensor(dtype), which has no buffer yet: give it one first with que.alloc_tensor(t), que.deque(t) or t.set_addr_with_offset(src, offset)}}
  asc.data_copy %t, %g, %n : !asc.local_tensor<vecin, f32>, !asc.global_tensor<f32>, i32
  return
}

// -----

// Carried out of a loop the value may have been given a buffer (the
// simulator checks that use); only direct uses are compile errors.
func.func @local_tensor_empty_carried(%q: !asc.tque<vecin, 1>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = asc.local_tensor_empty : !asc.local_tensor<vecin, f32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %t) -> (!asc.local_tensor<vecin, f32>) {
    %b = asc.alloc_tensor %q : !asc.tque<vecin, 1> -> !asc.local_tensor<vecin, f32>
    scf.yield %b : !asc.local_tensor<vecin, f32>
  }
  asc.free_tensor %q, %r : !asc.tque<vecin, 1>, !asc.local_tensor<vecin, f32>
  return
}

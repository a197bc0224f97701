// RUN: ascir-opt %s -split-input-file -verify-diagnostics

// One case per verifier message of the cube path's ops and structs.

func.func @mmad_dst_position(%m: !asc.mmad_params) {
  %c0 = arith.constant 0 : i32
  %c512 = arith.constant 512 : i32
  %a2 = asc.local_tensor %c0, %c512 : i32, i32 -> !asc.local_tensor<a2, f16>
  %b2 = asc.local_tensor %c0, %c512 : i32, i32 -> !asc.local_tensor<b2, f16>
  %ub = asc.local_tensor %c0, %c512 : i32, i32 -> !asc.local_tensor<vecout, f32>
  // expected-error@+1 {{mmad: 'dst' must be a tensor in L0C (CO1), but it is in position VECOUT (UB)}}
  asc.mmad %ub, %a2, %b2, %m : !asc.local_tensor<vecout, f32>, !asc.local_tensor<a2, f16>, !asc.local_tensor<b2, f16>, !asc.mmad_params
  return
}

// -----

func.func @mmad_accumulator(%m: !asc.mmad_params) {
  %c0 = arith.constant 0 : i32
  %c512 = arith.constant 512 : i32
  %a2 = asc.local_tensor %c0, %c512 : i32, i32 -> !asc.local_tensor<a2, f16>
  %b2 = asc.local_tensor %c0, %c512 : i32, i32 -> !asc.local_tensor<b2, f16>
  %c = asc.local_tensor %c0, %c512 : i32, i32 -> !asc.local_tensor<co1, i32>
  // expected-error@+1 {{mmad: float16 x float16 accumulates in float32, but 'dst' is int32 (supported: float16, bfloat16 and float32 into float32, int8 into int32)}}
  asc.mmad %c, %a2, %b2, %m : !asc.local_tensor<co1, i32>, !asc.local_tensor<a2, f16>, !asc.local_tensor<b2, f16>, !asc.mmad_params
  return
}

// -----

func.func @mmad_mixed(%m: !asc.mmad_params) {
  %c0 = arith.constant 0 : i32
  %c512 = arith.constant 512 : i32
  %a2 = asc.local_tensor %c0, %c512 : i32, i32 -> !asc.local_tensor<a2, f16>
  %b2 = asc.local_tensor %c0, %c512 : i32, i32 -> !asc.local_tensor<b2, bf16>
  %c = asc.local_tensor %c0, %c512 : i32, i32 -> !asc.local_tensor<co1, f32>
  // expected-error@+1 {{mmad: 'fm' is float16 but 'filter' is bfloat16; Mmad multiplies matrices of one type}}
  asc.mmad %c, %a2, %b2, %m : !asc.local_tensor<co1, f32>, !asc.local_tensor<a2, f16>, !asc.local_tensor<b2, bf16>, !asc.mmad_params
  return
}

// -----

func.func @mmad_bias_type(%m: !asc.mmad_params) {
  %c0 = arith.constant 0 : i32
  %c512 = arith.constant 512 : i32
  %a2 = asc.local_tensor %c0, %c512 : i32, i32 -> !asc.local_tensor<a2, i8>
  %b2 = asc.local_tensor %c0, %c512 : i32, i32 -> !asc.local_tensor<b2, i8>
  %c = asc.local_tensor %c0, %c512 : i32, i32 -> !asc.local_tensor<co1, i32>
  %bias = asc.local_tensor %c0, %c512 : i32, i32 -> !asc.local_tensor<c2, f32>
  // expected-error@+1 {{mmad: 'bias' is float32, but the result is int32}}
  asc.mmad_bias %c, %a2, %b2, %bias, %m : !asc.local_tensor<co1, i32>, !asc.local_tensor<a2, i8>, !asc.local_tensor<b2, i8>, !asc.local_tensor<c2, f32>, !asc.mmad_params
  return
}

// -----

func.func @mmad_dst_alignment(%m: !asc.mmad_params) {
  %c0 = arith.constant 0 : i32
  %c512 = arith.constant 512 : i32
  %a2 = asc.local_tensor %c0, %c512 : i32, i32 -> !asc.local_tensor<a2, f16>
  %b2 = asc.local_tensor %c0, %c512 : i32, i32 -> !asc.local_tensor<b2, f16>
  %c = asc.local_tensor %c512, %c512 : i32, i32 -> !asc.local_tensor<co1, f32>
  // expected-error@+1 {{mmad: 'dst' starts at byte 512 of L0C, but Mmad writes from a multiple of 1024 bytes}}
  asc.mmad %c, %a2, %b2, %m : !asc.local_tensor<co1, f32>, !asc.local_tensor<a2, f16>, !asc.local_tensor<b2, f16>, !asc.mmad_params
  return
}

// -----

func.func @mmad_params_range() {
  %c0 = arith.constant 0 : i32
  %c16 = arith.constant 16 : i32
  %c4096 = arith.constant 4096 : i32
  %false = arith.constant false
  %true = arith.constant true
  // expected-error@+1 {{MmadParams: 'k' must be in [0, 4095], but got 4096}}
  %m = asc.mmad_params %c16, %c16, %c4096, %false, %c0, %false, %false, %false, %c0, %false, %true : i32, i32, i32, i1, i32, i1, i1, i1, i32, i1, i1
  return
}

// -----

// SetLoadDataRepeat: repeat_mode 0 (along M) or 1 (along K).
func.func @load_data_repeat_mode_range() {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  // expected-error@+1 {{LoadDataRepeatParam: 'repeat_mode' must be in [0, 1], but got 2}}
  %p = asc.load_data_repeat_param %c0, %c1, %c2 : i32, i32, i32
  return
}

// -----

// ascendc_api.md §5.16: LoadData2DParams sid and addrMode are reserved (0).
func.func @load_data_2d_params_sid_reserved() {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %false = arith.constant false
  // expected-error@+1 {{LoadData2DParams: 'sid' must be in [0, 0], but got 1}}
  %p = asc.load_data_2d_params %c0, %c1, %c0, %c1, %c0, %false, %c0 : i32, i32, i32, i32, i32, i1, i32
  return
}

// -----

func.func @load_data_2d_params_addr_mode_reserved() {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %false = arith.constant false
  // expected-error@+1 {{LoadData2DParams: 'addr_mode' must be in [0, 0], but got 1}}
  %p = asc.load_data_2d_params %c0, %c1, %c0, %c0, %c0, %false, %c1 : i32, i32, i32, i32, i32, i1, i32
  return
}

// -----

// ascendc_api.md §6.3: block_count [0, 4095].
func.func @data_copy_params_block_count_range() {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4096 = arith.constant 4096 : i32
  // expected-error@+1 {{DataCopyParams: 'block_count' must be in [0, 4095], but got 4096}}
  %p = asc.data_copy_params %c4096, %c1, %c0, %c0 : i32, i32, i32, i32
  return
}

// -----

// ascendc_api.md §6.3: DataCopyExtParams block_count [1, 4095], block_len
// [1, 2097151] bytes.
func.func @data_copy_ext_params_block_count_range() {
  %c0 = arith.constant 0 : i32
  %c32 = arith.constant 32 : i32
  // expected-error@+1 {{DataCopyExtParams: 'block_count' must be in [1, 4095], but got 0}}
  %p = asc.data_copy_ext_params %c0, %c32, %c0, %c0, %c0 : i32, i32, i32, i32, i32
  return
}

// -----

func.func @data_copy_ext_params_block_len_range() {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %big = arith.constant 2097152 : i32
  // expected-error@+1 {{DataCopyExtParams: 'block_len' must be in [1, 2097151], but got 2097152}}
  %p = asc.data_copy_ext_params %c1, %big, %c0, %c0, %c0 : i32, i32, i32, i32, i32
  return
}

// -----

func.func @load_direction(%p: !asc.load_data_2d_params) {
  %c0 = arith.constant 0 : i32
  %c512 = arith.constant 512 : i32
  %a2 = asc.local_tensor %c0, %c512 : i32, i32 -> !asc.local_tensor<a2, f16>
  %ub = asc.local_tensor %c0, %c512 : i32, i32 -> !asc.local_tensor<vecin, f16>
  // expected-error@+1 {{load_data: cannot load from TPosition.VECIN (UB) to TPosition.A2 (L0A); supported directions are A1/B1 or GM to A2/B2, and GM to A1/B1}}
  asc.load_data_2d %a2, %ub, %p : !asc.local_tensor<a2, f16>, !asc.local_tensor<vecin, f16>, !asc.load_data_2d_params
  return
}

// -----

func.func @load_dtype(%p: !asc.load_data_2d_params) {
  %c0 = arith.constant 0 : i32
  %c512 = arith.constant 512 : i32
  %a2 = asc.local_tensor %c0, %c512 : i32, i32 -> !asc.local_tensor<a2, i64>
  %a1 = asc.local_tensor %c0, %c512 : i32, i32 -> !asc.local_tensor<a1, i64>
  // expected-error@+1 {{load_data: 'dst' is int64, but it must be one of uint8, int8, uint16, int16, float16, bfloat16, uint32, int32, float32}}
  asc.load_data_2d %a2, %a1, %p : !asc.local_tensor<a2, i64>, !asc.local_tensor<a1, i64>, !asc.load_data_2d_params
  return
}

// -----

func.func @load_transpose_8bit() {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c512 = arith.constant 512 : i32
  %true = arith.constant true
  %p = asc.load_data_2d_params %c0, %c1, %c0, %c0, %c0, %true, %c0 : i32, i32, i32, i32, i32, i1, i32
  %a2 = asc.local_tensor %c0, %c512 : i32, i32 -> !asc.local_tensor<a2, i8>
  %a1 = asc.local_tensor %c0, %c512 : i32, i32 -> !asc.local_tensor<a1, i8>
  // expected-error@+1 {{load_data: 'if_transpose' needs 16-bit elements, but the tensors hold int8}}
  asc.load_data_2d %a2, %a1, %p : !asc.local_tensor<a2, i8>, !asc.local_tensor<a1, i8>, !asc.load_data_2d_params
  return
}

// -----

func.func @load3d_params_type(%p: !asc.load_data_3d_params_v2<f32>) {
  %c0 = arith.constant 0 : i32
  %c512 = arith.constant 512 : i32
  %a2 = asc.local_tensor %c0, %c512 : i32, i32 -> !asc.local_tensor<a2, f16>
  %a1 = asc.local_tensor %c0, %c512 : i32, i32 -> !asc.local_tensor<a1, f16>
  // expected-error@+1 {{load_data: 'params' is a struct of float32, but the tensors hold float16}}
  asc.load_data_3d_v2 %a2, %a1, %p : !asc.local_tensor<a2, f16>, !asc.local_tensor<a1, f16>, !asc.load_data_3d_params_v2<f32>
  return
}

// -----

func.func @load3d_b2_int8(%p: !asc.load_data_3d_params_v2<i8>) {
  %c0 = arith.constant 0 : i32
  %c512 = arith.constant 512 : i32
  %b2 = asc.local_tensor %c0, %c512 : i32, i32 -> !asc.local_tensor<b2, i8>
  %b1 = asc.local_tensor %c0, %c512 : i32, i32 -> !asc.local_tensor<b1, i8>
  // expected-error@+1 {{load_data: 'dst' is int8 in B2, but it must be one of float16, bfloat16, uint32, int32, float32}}
  asc.load_data_3d_v2 %b2, %b1, %p : !asc.local_tensor<b2, i8>, !asc.local_tensor<b1, i8>, !asc.load_data_3d_params_v2<i8>
  return
}

// -----

func.func @init_const_position(%p: !asc.init_const_value_params<f16>) {
  %c0 = arith.constant 0 : i32
  %c512 = arith.constant 512 : i32
  %ub = asc.local_tensor %c0, %c512 : i32, i32 -> !asc.local_tensor<vecin, f16>
  // expected-error@+1 {{init_const_value: 'dst' must be in A1/B1 (L1) or A2/B2 (L0A/L0B), but it is in TPosition.VECIN (UB)}}
  asc.init_const_value %ub, %p : !asc.local_tensor<vecin, f16>, !asc.init_const_value_params<f16>
  return
}

// -----

func.func @init_const_type(%p: !asc.init_const_value_params<f32>) {
  %c0 = arith.constant 0 : i32
  %c512 = arith.constant 512 : i32
  %a2 = asc.local_tensor %c0, %c512 : i32, i32 -> !asc.local_tensor<a2, f16>
  // expected-error@+1 {{init_const_value: 'init_const_value_params' is a struct of float32, but 'dst' holds float16}}
  asc.init_const_value %a2, %p : !asc.local_tensor<a2, f16>, !asc.init_const_value_params<f32>
  return
}

// -----

func.func @boundary() {
  %c512 = arith.constant 512 : i32
  // expected-error@+1 {{set_load_data_boundary: 'boundary' must be 0 (no boundary) or in [1024, 4294967295] bytes, but got 512}}
  asc.set_load_data_boundary %c512 : i32
  return
}

// -----

func.func @padding_value(%v: f64) {
  // expected-error@+1 {{set_load_data_padding_value: 'pad_value' is a float64 value, but it must be an 8-, 16- or 32-bit integer, float16, bfloat16 or float32}}
  asc.set_load_data_padding_value %v : f64
  return
}

// -----

func.func @fixpipe_src(%gm: !asc.global_tensor<f32>, %p: !asc.fixpipe_params_v220) {
  %c0 = arith.constant 0 : i32
  %c512 = arith.constant 512 : i32
  %ub = asc.local_tensor %c0, %c512 : i32, i32 -> !asc.local_tensor<vecout, f32>
  // expected-error@+1 {{fixpipe: 'src' must be a tensor in L0C (CO1), but it is in position VECOUT (UB)}}
  asc.fixpipe %gm, %ub, %p : !asc.global_tensor<f32>, !asc.local_tensor<vecout, f32>, !asc.fixpipe_params_v220
  return
}

// -----

func.func @fixpipe_dst(%p: !asc.fixpipe_params_v220) {
  %c0 = arith.constant 0 : i32
  %c512 = arith.constant 512 : i32
  %c = asc.local_tensor %c0, %c512 : i32, i32 -> !asc.local_tensor<co1, f32>
  %ub = asc.local_tensor %c0, %c512 : i32, i32 -> !asc.local_tensor<vecin, f32>
  // expected-error@+1 {{fixpipe: 'dst' must be in GM or A1/B1 (L1), but it is in TPosition.VECIN (UB)}}
  asc.fixpipe %ub, %c, %p : !asc.local_tensor<vecin, f32>, !asc.local_tensor<co1, f32>, !asc.fixpipe_params_v220
  return
}

// -----

func.func @fixpipe_out_type(%gm: !asc.global_tensor<i16>, %p: !asc.fixpipe_params_v220) {
  %c0 = arith.constant 0 : i32
  %c512 = arith.constant 512 : i32
  %c = asc.local_tensor %c0, %c512 : i32, i32 -> !asc.local_tensor<co1, f32>
  // expected-error@+1 {{fixpipe: 'dst' is int16 for a float32 source, but it must be one of int8, uint8, float16, bfloat16, float32}}
  asc.fixpipe %gm, %c, %p : !asc.global_tensor<i16>, !asc.local_tensor<co1, f32>, !asc.fixpipe_params_v220
  return
}

// -----

func.func @fixpipe_quant(%gm: !asc.global_tensor<f16>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c16 = arith.constant 16 : i32
  %c512 = arith.constant 512 : i32
  %c0_64 = arith.constant 0 : i64
  %false = arith.constant false
  %f = asc.fixpipe_params_v220 %c16, %c16, %c16, %c16, %false, %c2, %c0_64, %c1, %c0, %c0, %c0, %false : i32, i32, i32, i32, i1, i32, i64, i32, i32, i32, i32, i1
  %c = asc.local_tensor %c0, %c512 : i32, i32 -> !asc.local_tensor<co1, f32>
  // expected-error@+1 {{fixpipe: quant_pre QuantModes.F322BF16 writes bfloat16, but 'dst' is float16}}
  asc.fixpipe %gm, %c, %f : !asc.global_tensor<f16>, !asc.local_tensor<co1, f32>, !asc.fixpipe_params_v220
  return
}

// -----

func.func @fixpipe_quant_source(%gm: !asc.global_tensor<f16>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %c16 = arith.constant 16 : i32
  %c512 = arith.constant 512 : i32
  %c0_64 = arith.constant 0 : i64
  %false = arith.constant false
  %f = asc.fixpipe_params_v220 %c16, %c16, %c16, %c16, %false, %c3, %c0_64, %c1, %c0, %c0, %c0, %false : i32, i32, i32, i32, i1, i32, i64, i32, i32, i32, i32, i1
  %c = asc.local_tensor %c0, %c512 : i32, i32 -> !asc.local_tensor<co1, f32>
  // expected-error@+1 {{fixpipe: quant_pre QuantModes.DEQF16 converts int32, but 'src' is float32}}
  asc.fixpipe %gm, %c, %f : !asc.global_tensor<f16>, !asc.local_tensor<co1, f32>, !asc.fixpipe_params_v220
  return
}

// -----

func.func @fixpipe_vector_quant(%gm: !asc.global_tensor<f16>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %c16 = arith.constant 16 : i32
  %c512 = arith.constant 512 : i32
  %c0_64 = arith.constant 0 : i64
  %false = arith.constant false
  %f = asc.fixpipe_params_v220 %c16, %c16, %c16, %c16, %false, %c4, %c0_64, %c1, %c0, %c0, %c0, %false : i32, i32, i32, i32, i1, i32, i64, i32, i32, i32, i32, i1
  %c = asc.local_tensor %c0, %c512 : i32, i32 -> !asc.local_tensor<co1, i32>
  // expected-error@+1 {{fixpipe: quant_pre QuantModes.VDEQF16 reads per-channel scales: pass them as 'cbuf_workspace' (fixpipe(dst, src, cbuf_workspace, params))}}
  asc.fixpipe %gm, %c, %f : !asc.global_tensor<f16>, !asc.local_tensor<co1, i32>, !asc.fixpipe_params_v220
  return
}

// -----

func.func @fixpipe_workspace_unused(%gm: !asc.global_tensor<f32>, %p: !asc.fixpipe_params_v220) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c16 = arith.constant 16 : i32
  %c512 = arith.constant 512 : i32
  %c0_64 = arith.constant 0 : i64
  %false = arith.constant false
  %f = asc.fixpipe_params_v220 %c16, %c16, %c16, %c16, %false, %c0, %c0_64, %c1, %c0, %c0, %c0, %false : i32, i32, i32, i32, i1, i32, i64, i32, i32, i32, i32, i1
  %c = asc.local_tensor %c0, %c512 : i32, i32 -> !asc.local_tensor<co1, f32>
  %ws = asc.local_tensor %c0, %c16 : i32, i32 -> !asc.local_tensor<c1, ui64>
  // expected-error@+1 {{fixpipe: 'cbuf_workspace' is only read by the vector quantisation modes (VDEQF16, VQF322B8_PRE, VREQ8), but quant_pre is QuantModes.NoQuant}}
  asc.fixpipe_workspace %gm, %c, %ws, %f : !asc.global_tensor<f32>, !asc.local_tensor<co1, f32>, !asc.local_tensor<c1, ui64>, !asc.fixpipe_params_v220
  return
}

// -----

func.func @fixpipe_column_major(%gm: !asc.global_tensor<f32>, %p: !asc.fixpipe_params_v220) {
  %c0 = arith.constant 0 : i32
  %c512 = arith.constant 512 : i32
  %c = asc.local_tensor %c0, %c512 : i32, i32 -> !asc.local_tensor<co1, f32>
  // expected-error@+1 {{fixpipe: config CO2Layout.COLUMN_MAJOR is not supported on Ascend 910B/910C; use FixpipeConfig.cfg_row_major() or cfg_nz()}}
  asc.fixpipe %gm, %c, %p {config = #asc<co2_layout column_major>} : !asc.global_tensor<f32>, !asc.local_tensor<co1, f32>, !asc.fixpipe_params_v220
  return
}

// -----

func.func @fixpipe_params_n() {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c24 = arith.constant 24 : i32
  %c16 = arith.constant 16 : i32
  %c0_64 = arith.constant 0 : i64
  %false = arith.constant false
  // expected-error@+1 {{FixpipeParamsV220: 'n_size' must be a multiple of 16, but got 24}}
  %f = asc.fixpipe_params_v220 %c24, %c16, %c16, %c16, %false, %c0, %c0_64, %c1, %c0, %c0, %c0, %false : i32, i32, i32, i32, i1, i32, i64, i32, i32, i32, i32, i1
  return
}

// -----

func.func @nd2nz_direction(%p: !asc.nd2nz_params) {
  %c0 = arith.constant 0 : i32
  %c512 = arith.constant 512 : i32
  %a1 = asc.local_tensor %c0, %c512 : i32, i32 -> !asc.local_tensor<a1, f16>
  %a2 = asc.local_tensor %c0, %c512 : i32, i32 -> !asc.local_tensor<a2, f16>
  // expected-error@+1 {{data_copy: cannot copy ND to NZ from TPosition.A1 (L1) to TPosition.A2 (L0A); supported directions are GM to A1/B1/C1 and GM to VECIN/VECCALC}}
  asc.data_copy_nd2nz %a2, %a1, %p : !asc.local_tensor<a2, f16>, !asc.local_tensor<a1, f16>, !asc.nd2nz_params
  return
}

// -----

// UB -> L1 with ND -> NZ: no core of Ascend 910B/910C has both memories.
func.func @nd2nz_ub_to_l1(%p: !asc.nd2nz_params) {
  %c0 = arith.constant 0 : i32
  %c512 = arith.constant 512 : i32
  %a1 = asc.local_tensor %c0, %c512 : i32, i32 -> !asc.local_tensor<a1, f16>
  %x = asc.local_tensor %c0, %c512 : i32, i32 -> !asc.local_tensor<vecin, f16>
  // expected-error@+1 {{data_copy: cannot copy TPosition.VECIN (UB) to TPosition.A1 (L1) with ND to NZ on Ascend 910B/910C: the Unified Buffer belongs to the vector cores (AIV) and L1 to the cube core (AIC), so no kernel type has both on one core (AIV_ONLY has no L1, AIC_ONLY no UB, and a MIX kernel's AIV and AIC are different cores); on the AIV copy the tile to GM (data_copy or data_copy_pad) and raise a cross-core flag (cross_core_set_flag, mode 2), and on the AIC wait for it (cross_core_wait_flag) and copy GM to L1 with data_copy(dst, src, Nd2NzParams)}}
  asc.data_copy_nd2nz %a1, %x, %p : !asc.local_tensor<a1, f16>, !asc.local_tensor<vecin, f16>, !asc.nd2nz_params
  return
}

// -----

func.func @pad_nd2nz_ub_to_l1(%d: !asc.data_copy_ext_params, %p: !asc.nd2nz_params) {
  %c0 = arith.constant 0 : i32
  %c512 = arith.constant 512 : i32
  %b1 = asc.local_tensor %c0, %c512 : i32, i32 -> !asc.local_tensor<b1, f16>
  %x = asc.local_tensor %c0, %c512 : i32, i32 -> !asc.local_tensor<vecin, f16>
  // expected-error@+1 {{data_copy_pad: cannot copy TPosition.VECIN (UB) to TPosition.B1 (L1) with ND to NZ on Ascend 910B/910C: the Unified Buffer belongs to the vector cores (AIV) and L1 to the cube core (AIC), so no kernel type has both on one core (AIV_ONLY has no L1, AIC_ONLY no UB, and a MIX kernel's AIV and AIC are different cores); on the AIV copy the tile to GM (data_copy or data_copy_pad) and raise a cross-core flag (cross_core_set_flag, mode 2), and on the AIC wait for it (cross_core_wait_flag) and copy GM to L1 with data_copy(dst, src, Nd2NzParams)}}
  asc.data_copy_pad_nd2nz %b1, %x, %d, %p : !asc.local_tensor<b1, f16>, !asc.local_tensor<vecin, f16>, !asc.data_copy_ext_params, !asc.nd2nz_params
  return
}

// -----

func.func @pad_nd2nz_direction(%d: !asc.data_copy_params, %p: !asc.nd2nz_params) {
  %c0 = arith.constant 0 : i32
  %c512 = arith.constant 512 : i32
  %a1 = asc.local_tensor %c0, %c512 : i32, i32 -> !asc.local_tensor<a1, f16>
  %y = asc.local_tensor %c0, %c512 : i32, i32 -> !asc.local_tensor<vecout, f16>
  // expected-error@+1 {{data_copy_pad: cannot copy ND to NZ from TPosition.A1 (L1) to TPosition.VECOUT (UB); data_copy_pad with 'nd2nz_params' copies VECIN/VECOUT/VECCALC (UB) to A1/B1/C1 (L1)}}
  asc.data_copy_pad_nd2nz %y, %a1, %d, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<a1, f16>, !asc.data_copy_params, !asc.nd2nz_params
  return
}

// -----

func.func @co12_src(%gm: !asc.global_tensor<f32>, %p: !asc.data_copy_co12_dst_params) {
  %c0 = arith.constant 0 : i32
  %c512 = arith.constant 512 : i32
  %ub = asc.local_tensor %c0, %c512 : i32, i32 -> !asc.local_tensor<vecout, f32>
  // expected-error@+1 {{data_copy: 'src' must be in CO1 (L0C), but it is in TPosition.VECOUT (UB)}}
  asc.data_copy_co12 %gm, %ub, %p : !asc.global_tensor<f32>, !asc.local_tensor<vecout, f32>, !asc.data_copy_co12_dst_params
  return
}

// -----

func.func @cross_core_flag_id() {
  %c16 = arith.constant 16 : i32
  // expected-error@+1 {{cross_core_set_flag: 'flag_id' must be in [0, 15], but got 16}}
  asc.cross_core_set_flag %c16, 0, mte3 : i32
  return
}

// -----

func.func @cross_core_mode(%id: i32) {
  // expected-error@+1 {{cross_core_wait_flag: 'mode_id' must be 0 (all AICs or all AIVs), 1 (the AIVs of one AI Core) or 2 (an AIC and its AIVs) on Ascend 910B/910C, but got 4}}
  asc.cross_core_wait_flag %id, 4, s : i32
  return
}

// -----

func.func @cross_core_pipe(%id: i32) {
  // expected-error@+1 {{cross_core_set_flag: 'pipe' PipeID.PIPE_S cannot set a cross-core flag; use PIPE_V, PIPE_M, PIPE_MTE1, PIPE_MTE2, PIPE_MTE3 or PIPE_FIX}}
  asc.cross_core_set_flag %id, 2, s : i32
  return
}

// -----

// dst_nz_matrix_stride is the distance between the NZ matrices: at least 1
// when there are several, unused (0 allowed, cube_ops.mlir) with one.
func.func @nd2nz_matrix_stride_zero() {
  %c0 = arith.constant 0 : i32
  %c2 = arith.constant 2 : i32
  %c16 = arith.constant 16 : i32
  // expected-error@+1 {{Nd2NzParams: 'dst_nz_matrix_stride' must be in [1, 65535] when 'nd_num' is above 1 (it is unused with one matrix), but got 0}}
  %p = asc.nd2nz_params %c2, %c16, %c16, %c0, %c16, %c16, %c16, %c0 : i32, i32, i32, i32, i32, i32, i32, i32
  return
}

// -----

// The count and DataCopyParams forms UB -> L1 get the same explanation.
func.func @copy_ub_to_l1(%d: !asc.data_copy_params) {
  %c0 = arith.constant 0 : i32
  %c256 = arith.constant 256 : i32
  %a1 = asc.local_tensor %c0, %c256 : i32, i32 -> !asc.local_tensor<a1, f16>
  %x = asc.local_tensor %c0, %c256 : i32, i32 -> !asc.local_tensor<vecin, f16>
  // expected-error@+1 {{data_copy: cannot copy TPosition.VECIN (UB) to TPosition.A1 (L1) on Ascend 910B/910C: the Unified Buffer belongs to the vector cores (AIV) and L1 to the cube core (AIC), so no kernel type has both on one core (AIV_ONLY has no L1, AIC_ONLY no UB, and a MIX kernel's AIV and AIC are different cores); on the AIV copy the tile to GM (data_copy or data_copy_pad) and raise a cross-core flag (cross_core_set_flag, mode 2), and on the AIC wait for it (cross_core_wait_flag) and copy GM to L1 with data_copy(dst, src, count) or data_copy(dst, src, DataCopyParams)}}
  asc.data_copy %a1, %x, %c256 : !asc.local_tensor<a1, f16>, !asc.local_tensor<vecin, f16>, i32
  return
}

// -----

func.func @copy_params_ub_to_l1(%d: !asc.data_copy_params) {
  %c0 = arith.constant 0 : i32
  %c256 = arith.constant 256 : i32
  %a1 = asc.local_tensor %c0, %c256 : i32, i32 -> !asc.local_tensor<a1, f16>
  %x = asc.local_tensor %c0, %c256 : i32, i32 -> !asc.local_tensor<vecin, f16>
  // expected-error@+1 {{data_copy: cannot copy TPosition.VECIN (UB) to TPosition.A1 (L1) on Ascend 910B/910C: the Unified Buffer belongs to the vector cores (AIV) and L1 to the cube core (AIC), so no kernel type has both on one core (AIV_ONLY has no L1, AIC_ONLY no UB, and a MIX kernel's AIV and AIC are different cores); on the AIV copy the tile to GM (data_copy or data_copy_pad) and raise a cross-core flag (cross_core_set_flag, mode 2), and on the AIC wait for it (cross_core_wait_flag) and copy GM to L1 with data_copy(dst, src, count) or data_copy(dst, src, DataCopyParams)}}
  asc.data_copy_params_form %a1, %x, %d : !asc.local_tensor<a1, f16>, !asc.local_tensor<vecin, f16>, !asc.data_copy_params
  return
}

// -----

// Constant nd_num and dst_nz_matrix_stride: the NZ matrices after the first
// must start on the 32-byte blocks the destination is written in (the
// simulator checks run-time values; hardware.md §5.3).
func.func @nd2nz_matrix_stride_off_the_blocks(%a: !asc.global_tensor<f16>) {
  %c0 = arith.constant 0 : i32
  %c2 = arith.constant 2 : i32
  %c16 = arith.constant 16 : i32
  %c504 = arith.constant 504 : i32
  %c1024 = arith.constant 1024 : i32
  %a1 = asc.local_tensor %c0, %c1024 : i32, i32 -> !asc.local_tensor<a1, f16>
  %p = asc.nd2nz_params %c2, %c16, %c16, %c0, %c16, %c16, %c16, %c504 : i32, i32, i32, i32, i32, i32, i32, i32
  // expected-error@+1 {{data_copy: 'dst_nz_matrix_stride' is 504 float16 elements (1008 bytes), which puts the NZ matrices after the first off the 32-byte blocks the destination is written in (hardware.md §5.3); use a multiple of 16 elements}}
  asc.data_copy_nd2nz %a1, %a, %p : !asc.local_tensor<a1, f16>, !asc.global_tensor<f16>, !asc.nd2nz_params
  return
}

// -----

// An enum field out of its members names the enum and its members as Python
// spells them (its C++ type is QuantMode_t, not the integer width it is
// carried in).
func.func @fixpipe_params_quant_pre_not_a_member() {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c9 = arith.constant 9 : i32
  %c16 = arith.constant 16 : i32
  %c0_64 = arith.constant 0 : i64
  %false = arith.constant false
  // expected-error@+1 {{FixpipeParamsV220: 'quant_pre' must be an asc.QuantModes: one of NoQuant (0), F322F16 (1), F322BF16 (2), DEQF16 (3), VDEQF16 (4), QF322B8_PRE (5), VQF322B8_PRE (6), REQ8 (7), VREQ8 (8); got 9}}
  %f = asc.fixpipe_params_v220 %c16, %c16, %c16, %c16, %false, %c9, %c0_64, %c1, %c0, %c0, %c0, %false : i32, i32, i32, i32, i1, i32, i64, i32, i32, i32, i32, i1
  return
}

// -----

func.func @fixpipe_params_quant_pre_negative() {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %cm1 = arith.constant -1 : i32
  %c16 = arith.constant 16 : i32
  %c0_64 = arith.constant 0 : i64
  %false = arith.constant false
  // expected-error@+1 {{FixpipeParamsV220: 'quant_pre' must be an asc.QuantModes: one of NoQuant (0), F322F16 (1), F322BF16 (2), DEQF16 (3), VDEQF16 (4), QF322B8_PRE (5), VQF322B8_PRE (6), REQ8 (7), VREQ8 (8); got -1}}
  %f = asc.fixpipe_params_v220 %c16, %c16, %c16, %c16, %false, %cm1, %c0_64, %c1, %c0, %c0, %c0, %false : i32, i32, i32, i32, i1, i32, i64, i32, i32, i32, i32, i1
  return
}

// -----

func.func @co12_dst_params_quant_pre_not_a_member() {
  %c16 = arith.constant 16 : i32
  %c0 = arith.constant 0 : i32
  %c300 = arith.constant 300 : i32
  %false = arith.constant false
  %true = arith.constant true
  // expected-error@+1 {{DataCopyCO12DstParams: 'quant_pre' must be an asc.QuantModes: one of NoQuant (0), F322F16 (1), F322BF16 (2), DEQF16 (3), VDEQF16 (4), QF322B8_PRE (5), VQF322B8_PRE (6), REQ8 (7), VREQ8 (8); got 300}}
  %p = asc.data_copy_co12_dst_params %c16, %c16, %c16, %c16, %c300, %c0, %false, %true : i32, i32, i32, i32, i32, i32, i1, i1
  return
}

// RUN: ascir-translate --mlir-to-ascendc --asc-line-directives=false %s | FileCheck %s

// Descriptor setters copy the tensor and call the setter on the copy (the
// source value keeps its meaning); an empty tensor is a plain declaration;
// SetAddrWithOffset takes a variable (non-const reference), so a view passed
// to it is not inlined; getters and ReinterpretCast print inline.

// CHECK-LABEL: void local_descriptor(
// CHECK-SAME:      AscendC::LocalTensor<half> [[W:v[0-9]+]], int32_t [[N:v[0-9]+]], __gm__ int32_t* [[OUT:v[0-9]+]])
// CHECK:         AscendC::LocalTensor<half> [[V:v[0-9]+]] = [[W]][[[N]]];
// CHECK-NEXT:    AscendC::LocalTensor<int16_t> [[U:v[0-9]+]];
// CHECK-NEXT:    [[U]].SetAddrWithOffset([[V]], 16);
// CHECK-NEXT:    AscendC::LocalTensor<int16_t> [[S:v[0-9]+]] = [[U]];
// CHECK-NEXT:    [[S]].SetSize([[N]]);
// CHECK-NEXT:    AscendC::LocalTensor<int16_t> [[L:v[0-9]+]] = [[S]];
// CHECK-NEXT:    [[L]].SetBufferLen(64);
// CHECK-NEXT:    [[W]].SetUserTag(7);
// CHECK-NEXT:    int32_t [[TAG:v[0-9]+]] = static_cast<int32_t>([[W]].GetUserTag());
// CHECK-NEXT:    AscendC::LocalTensor<int32_t> [[E:v[0-9]+]];
// CHECK:         static_cast<int32_t>([[L]].ReinterpretCast<float>().GetSize())
// CHECK-SAME:    static_cast<int32_t>([[U]].GetLength())
// CHECK-SAME:    static_cast<int32_t>([[E]].GetPosition())
func.func @local_descriptor(%w: !asc.local_tensor<veccalc, f16>, %n: i32, %out: !asc.gm_addr<i32>) {
  %c7 = arith.constant 7 : i32
  %c16 = arith.constant 16 : i32
  %c64 = arith.constant 64 : i32
  %v = asc.subview %w[%n] : !asc.local_tensor<veccalc, f16>, i32
  %u = asc.local_tensor_set_addr_with_offset %v, %c16 : !asc.local_tensor<veccalc, f16>, i32 -> !asc.local_tensor<veccalc, i16>
  %s = asc.local_tensor_set_size %u, %n : !asc.local_tensor<veccalc, i16>, i32
  %l = asc.local_tensor_set_buffer_len %s, %c64 : !asc.local_tensor<veccalc, i16>, i32
  asc.local_tensor_set_user_tag %w, %c7 : !asc.local_tensor<veccalc, f16>, i32
  %tag = asc.local_tensor_get_user_tag %w : !asc.local_tensor<veccalc, f16> -> i32
  %e = asc.local_tensor_empty : !asc.local_tensor<vecout, i32>
  %r = asc.local_tensor_reinterpret_cast %l : !asc.local_tensor<veccalc, i16> -> !asc.local_tensor<veccalc, f32>
  %size = asc.local_tensor_get_size %r : !asc.local_tensor<veccalc, f32> -> i32
  %len = asc.local_tensor_get_length %u : !asc.local_tensor<veccalc, i16> -> i32
  %pos = asc.local_tensor_get_position %e : !asc.local_tensor<vecout, i32> -> i32
  %a = arith.addi %size, %len : i32
  %b = arith.addi %a, %pos : i32
  %c = arith.addi %b, %tag : i32
  %g = asc.global_tensor : !asc.global_tensor<i32>
  asc.set_global_buffer %g, %out : !asc.global_tensor<i32>, !asc.gm_addr<i32>
  asc.set_value %g, %n, %c : !asc.global_tensor<i32>, i32, i32
  return
}

// GlobalTensor getters read GM (set_global_buffer rewrites the descriptor in
// place), so they get their own variables instead of being inlined later.

// CHECK-LABEL: void global_descriptor(
// CHECK:         __gm__ float* [[P:v[0-9]+]] = [[G:v[0-9]+]].GetPhyAddr(4);
// CHECK-NEXT:    int64_t [[SZ:v[0-9]+]] = static_cast<int64_t>([[G]].GetSize());
// CHECK-NEXT:    [[G]].SetGlobalBuffer({{v[0-9]+}}, 8);
// CHECK-NEXT:    AscendC::GlobalTensor<float> {{v[0-9]+}};
// CHECK-NEXT:    {{v[0-9]+}}.SetGlobalBuffer([[P]], [[SZ]]);
func.func @global_descriptor(%x: !asc.gm_addr<f32>, %y: !asc.gm_addr<f32>) {
  %c4 = arith.constant 4 : i32
  %c8 = arith.constant 8 : i32
  %c16 = arith.constant 16 : i32
  %g = asc.global_tensor : !asc.global_tensor<f32>
  asc.set_global_buffer %g, %x, %c16 : !asc.global_tensor<f32>, !asc.gm_addr<f32>, i32
  %p = asc.global_tensor_get_phy_addr %g, %c4 : !asc.global_tensor<f32>, i32 -> !asc.gm_addr<f32>
  %size = asc.global_tensor_get_size %g : !asc.global_tensor<f32> -> i64
  asc.set_global_buffer %g, %y, %c8 : !asc.global_tensor<f32>, !asc.gm_addr<f32>, i32
  %h = asc.global_tensor : !asc.global_tensor<f32>
  asc.set_global_buffer %h, %p, %size : !asc.global_tensor<f32>, !asc.gm_addr<f32>, i64
  return
}

// CacheMode by name (pyasc's Python enum numbers it differently); the access
// kind is the template argument.
// CHECK-LABEL: void l2_cache_hint(
// CHECK:         [[H:v[0-9]+]].SetL2CacheHint<AscendC::CacheRwMode::RW>(AscendC::CacheMode::CACHE_MODE_DISABLE);
// CHECK-NEXT:    [[H]].SetL2CacheHint<AscendC::CacheRwMode::READ>(AscendC::CacheMode::CACHE_MODE_NORMAL);
func.func @l2_cache_hint(%x: !asc.gm_addr<f32>) {
  %c16 = arith.constant 16 : i32
  %g = asc.global_tensor : !asc.global_tensor<f32>
  asc.set_global_buffer %g, %x, %c16 : !asc.global_tensor<f32>, !asc.gm_addr<f32>, i32
  asc.global_tensor_set_l2_cache_hint %g, cache_mode_disable, rw : !asc.global_tensor<f32>
  asc.global_tensor_set_l2_cache_hint %g, cache_mode_normal, read : !asc.global_tensor<f32>
  return
}

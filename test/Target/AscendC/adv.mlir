// RUN: ascir-translate --mlir-to-ascendc --asc-line-directives=false -split-input-file %s | FileCheck %s

// The advanced API: one call each, T and the bool attributes as template
// arguments; scalars converted to T; a struct built in the kernel.
// CHECK-LABEL: void adv_calls(
// CHECK-NEXT: AscendC::Tanh<float, false>(v1, v2, v3, v4);
// CHECK-NEXT: AscendC::Exp<float, 10, true>(v1, v2, v3, v4);
// CHECK-NEXT: AscendC::Power<float, false>(v1, v2, v2, v3, v4);
// CHECK-NEXT: AscendC::Axpy<float, float, false>(v1, v2, v5, v3, v4);
// CHECK-NEXT: AscendC::AscendQuant<float, false>(v6, v2, v3, v5, v5, v4);
// CHECK-NEXT: SoftmaxTiling v8{};
// CHECK-NEXT: AscendC::SoftMax<float, false, true, false>(v1, v1, v1, v2, v3, v8);
// CHECK-NEXT: AscendC::RmsNorm<float, false>(v1, v2, v2, v3, v5, v7);
func.func @adv_calls(%d: !asc.local_tensor<vecout, f32>, %s: !asc.local_tensor<vecin, f32>,
                     %t: !asc.local_tensor<veccalc, ui8>, %n: i32, %f: f32,
                     %q: !asc.local_tensor<vecout, i8>,
                     %rt: !asc.struct<"RmsNormTiling", ["bLength" : i32, "sLength" : i32, "hLength" : i32, "originalHLength" : i32, "reciprocalOfHLength" : f32], pack = 4>) {
  asc.adv_tanh %d, %s, %t, %n : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<veccalc, ui8>, i32
  asc.adv_exp %d, %s, %t, %n {taylor_expand_level = 10 : i32, is_reuse_source = true} : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<veccalc, ui8>, i32
  asc.adv_power %d, %s, %s, %t, %n : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<veccalc, ui8>, i32
  asc.adv_axpy %d, %s, %f, %t, %n : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, f32, !asc.local_tensor<veccalc, ui8>, i32
  asc.adv_quant %q, %s, %t, %f, %f, %n : !asc.local_tensor<vecout, i8>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<veccalc, ui8>, f32, f32, i32
  %tl = asc.struct_zero : !asc.struct<"SoftmaxTiling", ["srcM" : i32], pack = 4>
  asc.adv_softmax %d, %d, %d, %s, %t, %tl {basic_block = true} : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<veccalc, ui8>, !asc.struct<"SoftmaxTiling", ["srcM" : i32], pack = 4>
  asc.adv_rmsnorm %d, %s, %s, %t, %f, %rt : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<veccalc, ui8>, f32, !asc.struct<"RmsNormTiling", ["bLength" : i32, "sLength" : i32, "hLength" : i32, "originalHLength" : i32, "reciprocalOfHLength" : f32], pack = 4>
  return
}

// -----

// Without a temp buffer: the Ascend C forms that work in the Unified Buffer
// above the TPipe's buffers (PopStackBuffer).
// CHECK-LABEL: void adv_stack(
// CHECK-NEXT: AscendC::Tanh<float, false>(v1, v2, v3);
// CHECK-NEXT: AscendC::Power<float, false>(v1, v2, v2, v3);
// CHECK-NEXT: SoftmaxTiling v6{};
// CHECK-NEXT: AscendC::SoftMax<float, false, false, false>(v1, v1, v1, v2, v6);
// CHECK-NEXT: AscendC::RmsNorm<float, false>(v1, v2, v2, v4, v5);
func.func @adv_stack(%d: !asc.local_tensor<vecout, f32>, %s: !asc.local_tensor<vecin, f32>, %n: i32, %f: f32,
                     %rt: !asc.struct<"RmsNormTiling", ["bLength" : i32], pack = 4>) {
  asc.adv_tanh %d, %s, %n : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, i32
  asc.adv_power %d, %s, %s, %n : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f32>, i32
  %tl = asc.struct_zero : !asc.struct<"SoftmaxTiling", ["srcM" : i32], pack = 4>
  asc.adv_softmax %d, %d, %d, %s, %tl : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, !asc.struct<"SoftmaxTiling", ["srcM" : i32], pack = 4>
  asc.adv_rmsnorm %d, %s, %s, %f, %rt : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f32>, f32, !asc.struct<"RmsNormTiling", ["bLength" : i32], pack = 4>
  return
}

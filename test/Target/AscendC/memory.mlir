// RUN: ascir-translate --mlir-to-ascendc --asc-line-directives=false -split-input-file %s | FileCheck %s

// GM pointer arithmetic and global tensors.
// CHECK-LABEL: void bind(
// CHECK-SAME:  __gm__ float* [[X:v[0-9]+]], int32_t [[N:v[0-9]+]])
// CHECK-NEXT:    AscendC::GlobalTensor<float> [[G:v[0-9]+]];
// CHECK-NEXT:    [[G]].SetGlobalBuffer([[X]] + [[N]] * 2, [[N]]);
// CHECK-NEXT:    [[G]].SetGlobalBuffer([[X]]);
func.func @bind(%x: !asc.gm_addr<f32>, %n: i32) {
  %c2 = arith.constant 2 : i32
  %g = asc.global_tensor : !asc.global_tensor<f32>
  %off = arith.muli %n, %c2 : i32
  %p = asc.ptr_offset %x, %off : !asc.gm_addr<f32>, i32
  asc.set_global_buffer %g, %p, %n : !asc.global_tensor<f32>, !asc.gm_addr<f32>, i32
  asc.set_global_buffer %g, %x : !asc.global_tensor<f32>, !asc.gm_addr<f32>
  return
}

// -----

// Static local tensors: position, byte address, element count.
// CHECK-LABEL: void local(
// CHECK-SAME:  int32_t [[N:v[0-9]+]])
// CHECK-NEXT:    AscendC::LocalTensor<half> [[A:v[0-9]+]](AscendC::TPosition::VECCALC, 0, [[N]]);
// CHECK-NEXT:    AscendC::LocalTensor<int32_t> [[B:v[0-9]+]](AscendC::TPosition::A1, 1024, [[N]] * 4);
func.func @local(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1024 = arith.constant 1024 : i32
  %c4 = arith.constant 4 : i32
  %a = asc.local_tensor %c0, %n : i32, i32 -> !asc.local_tensor<veccalc, f16>
  %len = arith.muli %n, %c4 : i32
  %b = asc.local_tensor %c1024, %len : i32, i32 -> !asc.local_tensor<a1, i32>
  func.call @use(%a, %b) : (!asc.local_tensor<veccalc, f16>, !asc.local_tensor<a1, i32>) -> ()
  return
}
func.func private @use(!asc.local_tensor<veccalc, f16>, !asc.local_tensor<a1, i32>)

// -----

// Copies in all legal directions; sub-tensor views index the tensor.
// CHECK-LABEL: void copies(
// CHECK-SAME:  AscendC::GlobalTensor<float> [[G:v[0-9]+]], AscendC::LocalTensor<float> [[I:v[0-9]+]], AscendC::LocalTensor<float> [[O:v[0-9]+]], int32_t [[K:v[0-9]+]])
// CHECK-NEXT:    AscendC::DataCopy([[I]], [[G]][[[K]] * 64], 64);
// CHECK-NEXT:    AscendC::DataCopy([[O]][32], [[I]], 64);
// CHECK-NEXT:    AscendC::DataCopy([[G]], [[O]], 64);
func.func @copies(%g: !asc.global_tensor<f32>, %in: !asc.local_tensor<vecin, f32>,
                  %out: !asc.local_tensor<vecout, f32>, %k: i32) {
  %c32 = arith.constant 32 : i32
  %c64 = arith.constant 64 : i32
  %off = arith.muli %k, %c64 : i32
  %gv = asc.subview %g[%off] : !asc.global_tensor<f32>, i32
  asc.data_copy %in, %gv, %c64 : !asc.local_tensor<vecin, f32>, !asc.global_tensor<f32>, i32
  %ov = asc.subview %out[%c32] : !asc.local_tensor<vecout, f32>, i32
  asc.data_copy %ov, %in, %c64 : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, i32
  asc.data_copy %g, %out, %c64 : !asc.global_tensor<f32>, !asc.local_tensor<vecout, f32>, i32
  return
}

// -----

// A view used twice becomes a variable of the tensor type.
// CHECK-LABEL: void shared_view(
// CHECK-SAME:  AscendC::LocalTensor<float> [[T:v[0-9]+]], AscendC::GlobalTensor<float> [[G:v[0-9]+]])
// CHECK-NEXT:    AscendC::LocalTensor<float> [[V:v[0-9]+]] = [[T]][64];
// CHECK-NEXT:    AscendC::DataCopy([[V]], [[G]], 64);
// CHECK-NEXT:    AscendC::DataCopy([[G]], [[V]], 64);
func.func @shared_view(%t: !asc.local_tensor<vecin, f32>, %g: !asc.global_tensor<f32>) {
  %c64 = arith.constant 64 : i32
  %v = asc.subview %t[%c64] : !asc.local_tensor<vecin, f32>, i32
  asc.data_copy %v, %g, %c64 : !asc.local_tensor<vecin, f32>, !asc.global_tensor<f32>, i32
  asc.data_copy %g, %v, %c64 : !asc.global_tensor<f32>, !asc.local_tensor<vecin, f32>, i32
  return
}

// -----

// CHECK-LABEL: int32_t block_info()
// CHECK-NEXT:    return static_cast<int32_t>(AscendC::GetBlockIdx()) + static_cast<int32_t>(AscendC::GetBlockNum());
func.func @block_info() -> i32 {
  %0 = asc.get_block_idx : i32
  %1 = asc.get_block_num : i32
  %2 = arith.addi %0, %1 : i32
  return %2 : i32
}

// -----

// Scalar access to local and global tensors. Values have the element type
// exactly: half constants are cast, doubles are plain literals.
// CHECK-LABEL: void scalar_access(
// CHECK-SAME:  AscendC::LocalTensor<half> [[L:v[0-9]+]], AscendC::GlobalTensor<double> [[G:v[0-9]+]], AscendC::LocalTensor<bfloat16_t> [[B:v[0-9]+]], int32_t [[I:v[0-9]+]])
// CHECK-NEXT:    half [[H:v[0-9]+]] = [[L]].GetValue([[I]]);
// CHECK-NEXT:    [[L]].SetValue([[I]] + 1, [[H]]);
// CHECK-NEXT:    [[L]].SetValue(0, static_cast<half>(1.5f));
// CHECK-NEXT:    [[G]][[[I]]].SetValue(0, 2.25);
// CHECK-NEXT:    double [[D:v[0-9]+]] = [[G]].GetValue(3);
// CHECK-NEXT:    [[B]].SetValue(1, static_cast<bfloat16_t>(0.5f));
// CHECK-NEXT:    use([[D]]);
func.func @scalar_access(%l: !asc.local_tensor<vecin, f16>, %g: !asc.global_tensor<f64>,
                         %b: !asc.local_tensor<veccalc, bf16>, %i: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %h = asc.get_value %l, %i : !asc.local_tensor<vecin, f16>, i32 -> f16
  %next = arith.addi %i, %c1 : i32
  asc.set_value %l, %next, %h : !asc.local_tensor<vecin, f16>, i32, f16
  %half = arith.constant 1.5 : f16
  asc.set_value %l, %c0, %half : !asc.local_tensor<vecin, f16>, i32, f16
  %gv = asc.subview %g[%i] : !asc.global_tensor<f64>, i32
  %d225 = arith.constant 2.25 : f64
  asc.set_value %gv, %c0, %d225 : !asc.global_tensor<f64>, i32, f64
  %d = asc.get_value %g, %c3 : !asc.global_tensor<f64>, i32 -> f64
  %bv = arith.constant 0.5 : bf16
  asc.set_value %b, %c1, %bv : !asc.local_tensor<veccalc, bf16>, i32, bf16
  func.call @use(%d) : (f64) -> ()
  return
}
func.func private @use(f64)

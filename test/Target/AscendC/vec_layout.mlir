// RUN: ascir-translate --mlir-to-ascendc --asc-line-directives=false -split-input-file %s | FileCheck %s

// Transpose: the 16x16 call and TransposeParamsExt, whose constant
// transpose type prints as its enumerator.
// CHECK-LABEL: void transpose_forms(
// CHECK-NEXT: AscendC::Transpose(v1, v2);
// CHECK-NEXT: AscendC::TransposeParamsExt v5(static_cast<uint16_t>(v4), 1, 16, 16, AscendC::TransposeType::TRANSPOSE_NCHW2NHWC);
// CHECK-NEXT: AscendC::Transpose(v1, v2, v3, v5);
// CHECK-NEXT: AscendC::TransposeParamsExt v6(static_cast<uint16_t>(v4), 1, 16, 16, static_cast<AscendC::TransposeType>(v4));
// CHECK-NEXT: AscendC::Transpose(v1, v2, v3, v6);
// CHECK-NEXT: }
func.func @transpose_forms(%z: !asc.local_tensor<vecout, f16>, %x: !asc.local_tensor<vecin, f16>, %tmp: !asc.local_tensor<veccalc, ui8>, %n: i32) {
  %c1 = arith.constant 1 : i32
  %c16 = arith.constant 16 : i32
  %c11 = arith.constant 11 : i32
  asc.transpose %z, %x : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>
  %p = asc.transpose_params_ext %n, %c1, %c16, %c16, %c11 : i32, i32, i32, i32, i32
  asc.transpose_ext %z, %x, %tmp, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, ui8>, !asc.transpose_params_ext
  %q = asc.transpose_params_ext %n, %c1, %c16, %c16, %n : i32, i32, i32, i32, i32
  asc.transpose_ext %z, %x, %tmp, %q : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, ui8>, !asc.transpose_params_ext
  return
}

// -----

// TransDataTo5HD: arrays of 16 tensors (T deduced), of 16 addresses and
// address tensors (T explicit).
// CHECK-LABEL: void trans_data_to_5hd_forms(
// CHECK-NEXT: AscendC::TransDataTo5HDParams v5(false, false, 1, 0, 0);
// CHECK-NEXT: AscendC::LocalTensor<half> dst_list[16] = {v1[0], v1[16], v1[32], v1[48], v1[64], v1[80], v1[96], v1[112], v1[128], v1[144], v1[160], v1[176], v1[192], v1[208], v1[224], v1[240]};
// CHECK-NEXT: AscendC::LocalTensor<half> src_list[16] = {v2[0], v2[16], v2[32], v2[48], v2[64], v2[80], v2[96], v2[112], v2[128], v2[144], v2[160], v2[176], v2[192], v2[208], v2[224], v2[240]};
// CHECK-NEXT: AscendC::TransDataTo5HD(dst_list, src_list, v5);
// CHECK-NEXT: uint64_t dst_list_1[16] = {static_cast<uint64_t>(static_cast<int64_t>(v1.GetPhyAddr(0))), static_cast<uint64_t>(static_cast<int64_t>(v1.GetPhyAddr(16))), static_cast<uint64_t>(static_cast<int64_t>(v1.GetPhyAddr(32))), static_cast<uint64_t>(static_cast<int64_t>(v1.GetPhyAddr(48))), static_cast<uint64_t>(static_cast<int64_t>(v1.GetPhyAddr(64))), static_cast<uint64_t>(static_cast<int64_t>(v1.GetPhyAddr(80))), static_cast<uint64_t>(static_cast<int64_t>(v1.GetPhyAddr(96))), static_cast<uint64_t>(static_cast<int64_t>(v1.GetPhyAddr(112))), static_cast<uint64_t>(static_cast<int64_t>(v1.GetPhyAddr(128))), static_cast<uint64_t>(static_cast<int64_t>(v1.GetPhyAddr(144))), static_cast<uint64_t>(static_cast<int64_t>(v1.GetPhyAddr(160))), static_cast<uint64_t>(static_cast<int64_t>(v1.GetPhyAddr(176))), static_cast<uint64_t>(static_cast<int64_t>(v1.GetPhyAddr(192))), static_cast<uint64_t>(static_cast<int64_t>(v1.GetPhyAddr(208))), static_cast<uint64_t>(static_cast<int64_t>(v1.GetPhyAddr(224))), static_cast<uint64_t>(static_cast<int64_t>(v1.GetPhyAddr(240)))};
// CHECK-NEXT: uint64_t src_list_1[16] = {static_cast<uint64_t>(static_cast<int64_t>(v2.GetPhyAddr(0))), static_cast<uint64_t>(static_cast<int64_t>(v2.GetPhyAddr(16))), static_cast<uint64_t>(static_cast<int64_t>(v2.GetPhyAddr(32))), static_cast<uint64_t>(static_cast<int64_t>(v2.GetPhyAddr(48))), static_cast<uint64_t>(static_cast<int64_t>(v2.GetPhyAddr(64))), static_cast<uint64_t>(static_cast<int64_t>(v2.GetPhyAddr(80))), static_cast<uint64_t>(static_cast<int64_t>(v2.GetPhyAddr(96))), static_cast<uint64_t>(static_cast<int64_t>(v2.GetPhyAddr(112))), static_cast<uint64_t>(static_cast<int64_t>(v2.GetPhyAddr(128))), static_cast<uint64_t>(static_cast<int64_t>(v2.GetPhyAddr(144))), static_cast<uint64_t>(static_cast<int64_t>(v2.GetPhyAddr(160))), static_cast<uint64_t>(static_cast<int64_t>(v2.GetPhyAddr(176))), static_cast<uint64_t>(static_cast<int64_t>(v2.GetPhyAddr(192))), static_cast<uint64_t>(static_cast<int64_t>(v2.GetPhyAddr(208))), static_cast<uint64_t>(static_cast<int64_t>(v2.GetPhyAddr(224))), static_cast<uint64_t>(static_cast<int64_t>(v2.GetPhyAddr(240)))};
// CHECK-NEXT: AscendC::TransDataTo5HD<half>(dst_list_1, src_list_1, v5);
// CHECK-NEXT: AscendC::TransDataTo5HD<int8_t>(v3, v4, v5);
// CHECK-NEXT: }
func.func @trans_data_to_5hd_forms(%z: !asc.local_tensor<vecout, f16>, %x: !asc.local_tensor<vecin, f16>, %da: !asc.local_tensor<veccalc, ui64>, %sa: !asc.local_tensor<veccalc, ui64>) {
  %false = arith.constant false
  %c1 = arith.constant 1 : i32
  %c0 = arith.constant 0 : i32
  %p = asc.trans_data_to_5hd_params %false, %false, %c1, %c0, %c0 : i1, i1, i32, i32, i32
  %k0 = arith.constant 0 : i32
  %d0 = asc.subview %z[%k0] : !asc.local_tensor<vecout, f16>, i32
  %s0 = asc.subview %x[%k0] : !asc.local_tensor<vecin, f16>, i32
  %k1 = arith.constant 16 : i32
  %d1 = asc.subview %z[%k1] : !asc.local_tensor<vecout, f16>, i32
  %s1 = asc.subview %x[%k1] : !asc.local_tensor<vecin, f16>, i32
  %k2 = arith.constant 32 : i32
  %d2 = asc.subview %z[%k2] : !asc.local_tensor<vecout, f16>, i32
  %s2 = asc.subview %x[%k2] : !asc.local_tensor<vecin, f16>, i32
  %k3 = arith.constant 48 : i32
  %d3 = asc.subview %z[%k3] : !asc.local_tensor<vecout, f16>, i32
  %s3 = asc.subview %x[%k3] : !asc.local_tensor<vecin, f16>, i32
  %k4 = arith.constant 64 : i32
  %d4 = asc.subview %z[%k4] : !asc.local_tensor<vecout, f16>, i32
  %s4 = asc.subview %x[%k4] : !asc.local_tensor<vecin, f16>, i32
  %k5 = arith.constant 80 : i32
  %d5 = asc.subview %z[%k5] : !asc.local_tensor<vecout, f16>, i32
  %s5 = asc.subview %x[%k5] : !asc.local_tensor<vecin, f16>, i32
  %k6 = arith.constant 96 : i32
  %d6 = asc.subview %z[%k6] : !asc.local_tensor<vecout, f16>, i32
  %s6 = asc.subview %x[%k6] : !asc.local_tensor<vecin, f16>, i32
  %k7 = arith.constant 112 : i32
  %d7 = asc.subview %z[%k7] : !asc.local_tensor<vecout, f16>, i32
  %s7 = asc.subview %x[%k7] : !asc.local_tensor<vecin, f16>, i32
  %k8 = arith.constant 128 : i32
  %d8 = asc.subview %z[%k8] : !asc.local_tensor<vecout, f16>, i32
  %s8 = asc.subview %x[%k8] : !asc.local_tensor<vecin, f16>, i32
  %k9 = arith.constant 144 : i32
  %d9 = asc.subview %z[%k9] : !asc.local_tensor<vecout, f16>, i32
  %s9 = asc.subview %x[%k9] : !asc.local_tensor<vecin, f16>, i32
  %k10 = arith.constant 160 : i32
  %d10 = asc.subview %z[%k10] : !asc.local_tensor<vecout, f16>, i32
  %s10 = asc.subview %x[%k10] : !asc.local_tensor<vecin, f16>, i32
  %k11 = arith.constant 176 : i32
  %d11 = asc.subview %z[%k11] : !asc.local_tensor<vecout, f16>, i32
  %s11 = asc.subview %x[%k11] : !asc.local_tensor<vecin, f16>, i32
  %k12 = arith.constant 192 : i32
  %d12 = asc.subview %z[%k12] : !asc.local_tensor<vecout, f16>, i32
  %s12 = asc.subview %x[%k12] : !asc.local_tensor<vecin, f16>, i32
  %k13 = arith.constant 208 : i32
  %d13 = asc.subview %z[%k13] : !asc.local_tensor<vecout, f16>, i32
  %s13 = asc.subview %x[%k13] : !asc.local_tensor<vecin, f16>, i32
  %k14 = arith.constant 224 : i32
  %d14 = asc.subview %z[%k14] : !asc.local_tensor<vecout, f16>, i32
  %s14 = asc.subview %x[%k14] : !asc.local_tensor<vecin, f16>, i32
  %k15 = arith.constant 240 : i32
  %d15 = asc.subview %z[%k15] : !asc.local_tensor<vecout, f16>, i32
  %s15 = asc.subview %x[%k15] : !asc.local_tensor<vecin, f16>, i32
  asc.trans_data_to_5hd [%d0, %d1, %d2, %d3, %d4, %d5, %d6, %d7, %d8, %d9, %d10, %d11, %d12, %d13, %d14, %d15], [%s0, %s1, %s2, %s3, %s4, %s5, %s6, %s7, %s8, %s9, %s10, %s11, %s12, %s13, %s14, %s15], %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, !asc.trans_data_to_5hd_params
  %a0 = asc.local_tensor_get_phy_addr %z, %k0 : !asc.local_tensor<vecout, f16>, i32 -> i64
  %b0 = asc.local_tensor_get_phy_addr %x, %k0 : !asc.local_tensor<vecin, f16>, i32 -> i64
  %a1 = asc.local_tensor_get_phy_addr %z, %k1 : !asc.local_tensor<vecout, f16>, i32 -> i64
  %b1 = asc.local_tensor_get_phy_addr %x, %k1 : !asc.local_tensor<vecin, f16>, i32 -> i64
  %a2 = asc.local_tensor_get_phy_addr %z, %k2 : !asc.local_tensor<vecout, f16>, i32 -> i64
  %b2 = asc.local_tensor_get_phy_addr %x, %k2 : !asc.local_tensor<vecin, f16>, i32 -> i64
  %a3 = asc.local_tensor_get_phy_addr %z, %k3 : !asc.local_tensor<vecout, f16>, i32 -> i64
  %b3 = asc.local_tensor_get_phy_addr %x, %k3 : !asc.local_tensor<vecin, f16>, i32 -> i64
  %a4 = asc.local_tensor_get_phy_addr %z, %k4 : !asc.local_tensor<vecout, f16>, i32 -> i64
  %b4 = asc.local_tensor_get_phy_addr %x, %k4 : !asc.local_tensor<vecin, f16>, i32 -> i64
  %a5 = asc.local_tensor_get_phy_addr %z, %k5 : !asc.local_tensor<vecout, f16>, i32 -> i64
  %b5 = asc.local_tensor_get_phy_addr %x, %k5 : !asc.local_tensor<vecin, f16>, i32 -> i64
  %a6 = asc.local_tensor_get_phy_addr %z, %k6 : !asc.local_tensor<vecout, f16>, i32 -> i64
  %b6 = asc.local_tensor_get_phy_addr %x, %k6 : !asc.local_tensor<vecin, f16>, i32 -> i64
  %a7 = asc.local_tensor_get_phy_addr %z, %k7 : !asc.local_tensor<vecout, f16>, i32 -> i64
  %b7 = asc.local_tensor_get_phy_addr %x, %k7 : !asc.local_tensor<vecin, f16>, i32 -> i64
  %a8 = asc.local_tensor_get_phy_addr %z, %k8 : !asc.local_tensor<vecout, f16>, i32 -> i64
  %b8 = asc.local_tensor_get_phy_addr %x, %k8 : !asc.local_tensor<vecin, f16>, i32 -> i64
  %a9 = asc.local_tensor_get_phy_addr %z, %k9 : !asc.local_tensor<vecout, f16>, i32 -> i64
  %b9 = asc.local_tensor_get_phy_addr %x, %k9 : !asc.local_tensor<vecin, f16>, i32 -> i64
  %a10 = asc.local_tensor_get_phy_addr %z, %k10 : !asc.local_tensor<vecout, f16>, i32 -> i64
  %b10 = asc.local_tensor_get_phy_addr %x, %k10 : !asc.local_tensor<vecin, f16>, i32 -> i64
  %a11 = asc.local_tensor_get_phy_addr %z, %k11 : !asc.local_tensor<vecout, f16>, i32 -> i64
  %b11 = asc.local_tensor_get_phy_addr %x, %k11 : !asc.local_tensor<vecin, f16>, i32 -> i64
  %a12 = asc.local_tensor_get_phy_addr %z, %k12 : !asc.local_tensor<vecout, f16>, i32 -> i64
  %b12 = asc.local_tensor_get_phy_addr %x, %k12 : !asc.local_tensor<vecin, f16>, i32 -> i64
  %a13 = asc.local_tensor_get_phy_addr %z, %k13 : !asc.local_tensor<vecout, f16>, i32 -> i64
  %b13 = asc.local_tensor_get_phy_addr %x, %k13 : !asc.local_tensor<vecin, f16>, i32 -> i64
  %a14 = asc.local_tensor_get_phy_addr %z, %k14 : !asc.local_tensor<vecout, f16>, i32 -> i64
  %b14 = asc.local_tensor_get_phy_addr %x, %k14 : !asc.local_tensor<vecin, f16>, i32 -> i64
  %a15 = asc.local_tensor_get_phy_addr %z, %k15 : !asc.local_tensor<vecout, f16>, i32 -> i64
  %b15 = asc.local_tensor_get_phy_addr %x, %k15 : !asc.local_tensor<vecin, f16>, i32 -> i64
  asc.trans_data_to_5hd_addr [%a0, %a1, %a2, %a3, %a4, %a5, %a6, %a7, %a8, %a9, %a10, %a11, %a12, %a13, %a14, %a15], [%b0, %b1, %b2, %b3, %b4, %b5, %b6, %b7, %b8, %b9, %b10, %b11, %b12, %b13, %b14, %b15], %p {element_type = f16} : (i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64), (i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64)
  asc.trans_data_to_5hd_ub %da, %sa, %p {element_type = i8} : !asc.local_tensor<veccalc, ui64>, !asc.local_tensor<veccalc, ui64>, !asc.trans_data_to_5hd_params
  return
}

// -----

// Scatter (emitted for completeness; the frontend rejects it on A2/A3).
// CHECK-LABEL: void scatter_forms(
// CHECK-NEXT: AscendC::Scatter(v1, v2, v3, v4, v6);
// CHECK-NEXT: AscendC::Scatter(v1, v2, v3, v4, v5, v6, v6);
// CHECK-NEXT: uint64_t mask[] = {static_cast<uint64_t>(v5), static_cast<uint64_t>(v5)};
// CHECK-NEXT: AscendC::Scatter(v1, v2, v3, v4, mask, v6, v6);
// CHECK-NEXT: }
func.func @scatter_forms(%z: !asc.local_tensor<vecout, f32>, %x: !asc.local_tensor<vecin, f32>, %o: !asc.local_tensor<veccalc, ui32>, %b: i32, %m: i64, %r: i32) {
  asc.scatter %z, %x, %o, %b, %r : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<veccalc, ui32>, i32, i32
  asc.scatter_l0 %z, %x, %o, %b, %m, %r, %r : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<veccalc, ui32>, i32, i64, i32, i32
  asc.scatter_l1 %z, %x, %o, %b, %m, %m, %r, %r : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<veccalc, ui32>, i32, i64, i64, i32, i32
  return
}

// -----

// DataCopy with SliceInfo arrays, and with DataCopyEnhancedParams.
// CHECK-LABEL: void data_copy_forms(
// CHECK-NEXT: AscendC::SliceInfo v4(0, 47, 0, 3, 48);
// CHECK-NEXT: AscendC::SliceInfo v5(0, 1, 0, 1, 2);
// CHECK-NEXT: AscendC::SliceInfo dst_slices[2] = {v4, v5};
// CHECK-NEXT: AscendC::SliceInfo src_slices[2] = {v4, v5};
// CHECK-NEXT: AscendC::DataCopy(v2, v1, dst_slices, src_slices, 2);
// CHECK-NEXT: AscendC::DataCopyEnhancedParams v6(AscendC::BlockMode::BLOCK_MODE_NORMAL, AscendC::DeqScale::DEQ_NONE, 0, 0, false, pad_t::PAD_NONE, 0);
// CHECK-NEXT: AscendC::DataCopy(v1, v2, v3, v6);
// CHECK-NEXT: }
func.func @data_copy_forms(%l: !asc.local_tensor<vecin, f16>, %g: !asc.global_tensor<f16>, %p: !asc.data_copy_params) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c47 = arith.constant 47 : i32
  %c48 = arith.constant 48 : i32
  %c3 = arith.constant 3 : i32
  %false = arith.constant false
  %s0 = asc.slice_info %c0, %c47, %c0, %c3, %c48 : i32, i32, i32, i32, i32
  %s1 = asc.slice_info %c0, %c1, %c0, %c1, %c2 : i32, i32, i32, i32, i32
  asc.data_copy_slice %g, %l, [%s0, %s1], [%s0, %s1], %c2 : !asc.global_tensor<f16>, !asc.local_tensor<vecin, f16>, i32
  %e = asc.data_copy_enhanced_params %c0, %c0, %c0, %c0, %false, %c0, %c0 : i32, i32, i32, i32, i1, i32, i32
  asc.data_copy_enhanced %l, %g, %p, %e : !asc.local_tensor<vecin, f16>, !asc.global_tensor<f16>, !asc.data_copy_params, !asc.data_copy_enhanced_params
  return
}

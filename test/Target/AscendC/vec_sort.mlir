// RUN: ascir-translate --mlir-to-ascendc --asc-line-directives=false -split-input-file %s | FileCheck %s

// Sort32, Sort (template arguments T, isFullSort), GetSortLen/GetSortOffset
// (T explicit; pure, so printed inline), Concat and Extract: plain calls.
// CHECK-LABEL: void sort_calls(
// CHECK-NEXT: AscendC::Sort32(v1, v2, v3, v5);
// CHECK-NEXT: AscendC::Sort<float, true>(v1, v2, v3, v4, v5);
// CHECK-NEXT: AscendC::Sort<float, false>(v1, v2, v3, v4, v5);
// CHECK-NEXT: AscendC::Concat(v4, v2, v4, static_cast<int32_t>(AscendC::GetSortOffset<float>(static_cast<int32_t>(AscendC::GetSortLen<half>(v5)))));
// CHECK-NEXT: AscendC::Extract(v2, v3, v1, v5);
// CHECK-NEXT: }
func.func @sort_calls(%d: !asc.local_tensor<vecout, f32>, %s: !asc.local_tensor<vecin, f32>,
                      %i: !asc.local_tensor<vecin, ui32>, %t: !asc.local_tensor<veccalc, f32>, %r: i32) {
  asc.sort32 %d, %s, %i, %r : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, ui32>, i32
  asc.sort %d, %s, %i, %t, %r {is_full_sort = true} : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, ui32>, !asc.local_tensor<veccalc, f32>, i32
  asc.sort %d, %s, %i, %t, %r : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, ui32>, !asc.local_tensor<veccalc, f32>, i32
  %l = asc.get_sort_len %r {element_type = f16} : i32 -> i32
  %o = asc.get_sort_offset %l {element_type = f32} : i32 -> i32
  asc.concat %t, %s, %t, %o : !asc.local_tensor<veccalc, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<veccalc, f32>, i32
  asc.extract %s, %i, %d, %r : !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, ui32>, !asc.local_tensor<vecout, f32>, i32
  return
}

// -----

// MrgSort: the count arrays (uint16_t, uint32_t) and the source list are
// declared at the call; the MrgSort4Info forms declare the struct.
// CHECK-LABEL: void mrg_sort_forms(
// CHECK-NEXT: uint16_t element_count_list[4] = {static_cast<uint16_t>(v4), static_cast<uint16_t>(v4), 0, 0};
// CHECK-NEXT: uint32_t sorted_num[4] = {0, 0, 0, 0};
// CHECK-NEXT: AscendC::MrgSort<half, true>(v1, AscendC::MrgSortSrcList<half>(v2, v3, v2, v2), element_count_list, sorted_num, 3, 1);
// CHECK-NEXT: uint16_t element_lengths[4] = {static_cast<uint16_t>(v4), static_cast<uint16_t>(v4), static_cast<uint16_t>(v4), 0};
// CHECK-NEXT: AscendC::MrgSort4Info mrg_sort_info(element_lengths, false, 7, 1);
// CHECK-NEXT: AscendC::MrgSort(v1, AscendC::MrgSortSrcList<half>(v2, v3, v2, v2), mrg_sort_info);
// CHECK-NEXT: uint16_t element_lengths_1[4] = {static_cast<uint16_t>(v4), static_cast<uint16_t>(v4), static_cast<uint16_t>(v4), 0};
// CHECK-NEXT: AscendC::MrgSort4Info mrg_sort_info_1(element_lengths_1, false, 7, 1);
// CHECK-NEXT: AscendC::MrgSort4(v1, AscendC::MrgSortSrcList<half>(v2, v3, v2, v2), mrg_sort_info_1);
// CHECK-NEXT: uint16_t mrg_sort_list, mrg_sort_list_1, mrg_sort_list_2, mrg_sort_list_3;
// CHECK-NEXT: AscendC::GetMrgSortResult(mrg_sort_list, mrg_sort_list_1, mrg_sort_list_2, mrg_sort_list_3);
// CHECK-NEXT: int32_t v5 = static_cast<int32_t>(mrg_sort_list);
// CHECK-NEXT: int32_t v6 = static_cast<int32_t>(mrg_sort_list_1);
// CHECK-NEXT: int32_t v7 = static_cast<int32_t>(mrg_sort_list_2);
// CHECK-NEXT: int32_t v8 = static_cast<int32_t>(mrg_sort_list_3);
func.func @mrg_sort_forms(%d: !asc.local_tensor<vecout, f16>, %a: !asc.local_tensor<vecin, f16>,
                          %b: !asc.local_tensor<vecin, f16>, %n: i32) -> (i32, i32, i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %c7 = arith.constant 7 : i32
  %false = arith.constant false
  asc.mrg_sort %d, [%a, %b, %a, %a], [%n, %n, %c0, %c0], [%c0, %c0, %c0, %c0], %c3, %c1 {is_exhausted_suspension = true} : !asc.local_tensor<vecout, f16>, (!asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>), (i32, i32, i32, i32), (i32, i32, i32, i32), i32, i32
  asc.mrg_sort_info %d, [%a, %b, %a, %a], [%n, %n, %n, %c0], %false, %c7, %c1 : !asc.local_tensor<vecout, f16>, (!asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>), (i32, i32, i32, i32), i32, i32
  asc.mrg_sort4 %d, [%a, %b, %a, %a], [%n, %n, %n, %c0], %false, %c7, %c1 : !asc.local_tensor<vecout, f16>, (!asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>), (i32, i32, i32, i32), i32, i32
  %r:4 = asc.get_mrg_sort_result : i32, i32, i32, i32
  return %r#0, %r#1, %r#2, %r#3 : i32, i32, i32, i32
}

// -----

// The region-proposal instructions of older parts print as plain calls.
// CHECK-LABEL: void proposals(
// CHECK-NEXT: AscendC::RpSort16(v1, v2, v3);
// CHECK-NEXT: AscendC::ProposalConcat(v1, v2, v3, v3);
// CHECK-NEXT: AscendC::ProposalExtract(v1, v2, v3, v3);
func.func @proposals(%d: !asc.local_tensor<vecout, f16>, %s: !asc.local_tensor<vecin, f16>, %r: i32) {
  asc.rp_sort16 %d, %s, %r : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, i32
  asc.proposal_concat %d, %s, %r, %r : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, i32, i32
  asc.proposal_extract %d, %s, %r, %r : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, i32, i32
  return
}

// RUN: ascir-translate --mlir-to-ascendc --asc-line-directives=false %s | FileCheck %s

// System control, cache and scalar helpers (AscControlOps.td): template
// arguments, out-parameter variables and the g_coreType tests.

// CHECK-LABEL: void scalar(
// CHECK-NEXT:    use(AscendC::ScalarCast<float, half, AscendC::RoundMode::CAST_ODD>(v1), AscendC::ScalarCast<float, int32_t, AscendC::RoundMode::CAST_ROUND>(v1), static_cast<int64_t>(AscendC::ScalarGetSFFValue<1>(v2)), static_cast<int64_t>(AscendC::ScalarGetCountOfValue<0>(v2)), static_cast<int64_t>(AscendC::ScalarCountLeadingZero(v2)), static_cast<int64_t>(AscendC::CountBitsCntSameAsSignBit(v2)));
// CHECK-NEXT:  }
func.func @scalar(%x: f32, %v: i64) {
  %h = asc.scalar_cast %x, cast_odd : f32 -> f16
  %i = asc.scalar_cast %x, cast_round : f32 -> i32
  %a = asc.scalar_get_sff_value %v, 1 : i64 -> i64
  %b = asc.scalar_get_count_of_value %v, 0 : i64 -> i64
  %c = asc.scalar_count_leading_zero %v : i64 -> i64
  %d = asc.count_bits_cnt_same_as_sign_bit %v : i64 -> i64
  func.call @use(%h, %i, %a, %b, %c, %d) : (f16, i32, i64, i64, i64, i64) -> ()
  return
}
func.func private @use(f16, i32, i64, i64, i64, i64)

// CHECK-LABEL: void control(
// CHECK-NEXT:    AscendC::SetStoreAtomicConfig<AscendC::AtomicDtype::ATOMIC_F16, AscendC::AtomicOp::ATOMIC_SUM>();
// CHECK-NEXT:    uint16_t atomic_type_bits;
// CHECK-NEXT:    uint16_t atomic_op_bits;
// CHECK-NEXT:    AscendC::GetStoreAtomicConfig(atomic_type_bits, atomic_op_bits);
// CHECK-NEXT:    int32_t v5 = static_cast<int32_t>(atomic_type_bits);
// CHECK-NEXT:    int32_t v6 = static_cast<int32_t>(atomic_op_bits);
// CHECK-NEXT:    use2(v5, v6);
// CHECK-NEXT:    AscendC::SetHF32Mode(v2);
// CHECK-NEXT:    AscendC::SetHF32TransMode(v2);
// CHECK-NEXT:    AscendC::SetMMLayoutTransform(v2);
// CHECK-NEXT:    AscendC::SetSysWorkspace(v1);
// CHECK-NEXT:    __gm__ uint8_t* v7 = GetSysWorkSpacePtr();
// CHECK-NEXT:    AscendC::SetHcclContext<1>(v7);
// CHECK-NEXT:    __gm__ uint8_t* v8 = AscendC::GetHcclContext<1>();
// CHECK-NEXT:    use_addr(v8);
// CHECK-NEXT:    AscendC::DataCacheCleanAndInvalid<float, AscendC::CacheLine::SINGLE_CACHE_LINE, AscendC::DcciDst::CACHELINE_OUT>(v3);
// CHECK-NEXT:    AscendC::DataCacheCleanAndInvalid<float, AscendC::CacheLine::ENTIRE_DATA_CACHE>(v3);
// CHECK-NEXT:    AscendC::DataCachePreload<int64_t>(v4, 64);
// CHECK-NEXT:    AscendC::ICachePreLoad(2);
// CHECK-NEXT:    int64_t v9 = static_cast<int64_t>(AscendC::GetICachePreloadStatus());
// CHECK-NEXT:    int64_t v10 = static_cast<int64_t>(AscendC::GetProgramCounter());
// CHECK-NEXT:    int64_t v11 = static_cast<int64_t>(AscendC::GetSystemCycle());
// CHECK-NEXT:    use3(v9, v10, v11);
// CHECK-NEXT:    use4(static_cast<int32_t>(AscendC::GetSubBlockIdx()), static_cast<int32_t>(AscendC::GetSubBlockNum()), static_cast<int32_t>(AscendC::GetTaskRatio()), static_cast<int32_t>(AscendC::GetDataBlockSizeInBytes()));
// CHECK-NEXT:    uint32_t arch_version = 0;
// CHECK-NEXT:    AscendC::GetArchVersion(arch_version);
// CHECK-NEXT:    int32_t v12 = static_cast<int32_t>(arch_version);
// CHECK-NEXT:    use5(v12, static_cast<int8_t>(g_coreType == AscendC::AIC), g_coreType == AscendC::AIV);
// CHECK-NEXT:    AscendC::CheckLocalMemoryIAParam v13(0, 256, 512, false, false, true, true, false, false, true);
// CHECK-NEXT:    AscendC::CheckLocalMemoryIA(v13);
// CHECK-NEXT:    AscendC::InitSocState();
// CHECK-NEXT:    AscendC::Trap();
// CHECK-NEXT:  }
func.func @control(%w: !asc.gm_addr<ui8>, %on: i1, %g: !asc.global_tensor<f32>,
                   %g64: !asc.global_tensor<ui64>) {
  asc.set_store_atomic_config atomic_f16, atomic_sum
  %type, %op = asc.get_store_atomic_config : i32, i32
  func.call @use2(%type, %op) : (i32, i32) -> ()
  asc.set_hf32_mode %on : i1
  asc.set_hf32_trans_mode %on : i1
  asc.set_mm_layout_transform %on : i1
  asc.set_sys_workspace %w : !asc.gm_addr<ui8>
  %ws = asc.get_sys_workspace : !asc.gm_addr<ui8>
  asc.set_hccl_context 1, %ws : !asc.gm_addr<ui8>
  %ctx = asc.get_hccl_context 1 : !asc.gm_addr<ui8>
  func.call @use_addr(%ctx) : (!asc.gm_addr<ui8>) -> ()
  asc.data_cache_clean_and_invalid single_cache_line, %g {dcci_dst = #asc<dcci_dst cacheline_out>} : !asc.global_tensor<f32>
  asc.data_cache_clean_and_invalid entire_data_cache, %g : !asc.global_tensor<f32>
  %off = arith.constant 64 : i64
  asc.data_cache_preload %g64, %off : !asc.global_tensor<ui64>, i64
  %n = arith.constant 2 : i64
  asc.icache_preload %n : i64
  %s = asc.get_icache_preload_status : i64
  %pc = asc.get_program_counter : i64
  %cyc = asc.get_system_cycle : i64
  func.call @use3(%s, %pc, %cyc) : (i64, i64, i64) -> ()
  %sub = asc.get_sub_block_idx : i32
  %subn = asc.get_sub_block_num : i32
  %ratio = asc.get_task_ratio : i32
  %blk = asc.get_data_block_size_in_bytes : i32
  func.call @use4(%sub, %subn, %ratio, %blk) : (i32, i32, i32, i32) -> ()
  %c0 = arith.constant 0 : i32
  %ver = asc.get_arch_version %c0 : i32 -> i32
  %aic = asc.ascend_is_aic : i8
  %aiv = asc.ascend_is_aiv : i1
  func.call @use5(%ver, %aic, %aiv) : (i32, i8, i1) -> ()
  %t = arith.constant true
  %f = arith.constant false
  %start = arith.constant 256 : i32
  %end = arith.constant 512 : i32
  %p = asc.check_local_memory_ia_param %c0, %start, %end, %f, %f, %t, %t, %f, %f, %t : i32, i32, i32, i1, i1, i1, i1, i1, i1, i1
  asc.check_local_memory_ia %p
  asc.init_soc_state
  asc.trap
  return
}
func.func private @use2(i32, i32)
func.func private @use_addr(!asc.gm_addr<ui8>)
func.func private @use3(i64, i64, i64)
func.func private @use4(i32, i32, i32, i32)
func.func private @use5(i32, i8, i1)

// AippParams<U> is a nested aggregate: brace-initialised; literals that fit
// their field print as they are (braces reject narrowing).
// CHECK-LABEL: void aipp(
// CHECK-NEXT:    AscendC::AippParams<uint8_t> v3{{[{][{]}}0, 200, 200, 200, 200}, {true, false, false}, {false}, {200, 0, 0, static_cast<half>(0.0f), static_cast<half>(0.0f), static_cast<half>(0.0f), static_cast<half>(1.0f), static_cast<half>(1.0f), static_cast<half>(1.0f), 0}, {0, 200}, {true, -3, -3, -3, -3, -3, -3, -3, -3, -3, 0, 0, 0, 0, 0, 0}};
// CHECK-NEXT:    AscendC::SetAippFunctions(v1, AscendC::AippInputFormat::RGB888_U8, v3);
// CHECK-NEXT:    AscendC::SetAippFunctions(v1, v2, AscendC::AippInputFormat::YUV420SP_U8, v3);
// CHECK-NEXT:  }
func.func @aipp(%img: !asc.global_tensor<ui8>, %uv: !asc.global_tensor<ui8>) {
  %c0 = arith.constant 0 : i32
  %c200 = arith.constant 200 : i32
  %t = arith.constant true
  %f = arith.constant false
  %h0 = arith.constant 0.0 : f16
  %h1 = arith.constant 1.0 : f16
  %s = arith.constant -3 : i16
  %cfg = asc.aipp_params %c0, %c200, %c200, %c200, %c200, %t, %f, %f, %f, %c200, %c0, %c0, %h0, %h0, %h0, %h1, %h1, %h1, %c0, %c0, %c200, %t, %s, %s, %s, %s, %s, %s, %s, %s, %s, %c0, %c0, %c0, %c0, %c0, %c0 : i32, i32, i32, i32, i32, i1, i1, i1, i1, i32, i32, i32, f16, f16, f16, f16, f16, f16, i32, i32, i32, i1, i16, i16, i16, i16, i16, i16, i16, i16, i16, i32, i32, i32, i32, i32, i32 -> !asc.aipp_params<ui8>
  asc.set_aipp_functions rgb888_u8, %cfg, %img : !asc.aipp_params<ui8>, !asc.global_tensor<ui8>
  asc.set_aipp_functions yuv420sp_u8, %cfg, %img, %uv : !asc.aipp_params<ui8>, !asc.global_tensor<ui8>, !asc.global_tensor<ui8>
  return
}

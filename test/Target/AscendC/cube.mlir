// RUN: ascir-translate --mlir-to-ascendc --asc-line-directives=false %s | FileCheck %s

// The cube path: parameter structs (MmadParams has no constructor taking
// all its fields: default-constructed, then the members that differ from
// their initialisers are assigned; enum fields print as enumerators),
// LoadData, Mmad, Fixpipe with its configuration constant as a template
// argument, the cube DataCopy forms, the load registers and cross-core
// flags with their mode and pipe as template arguments.

// CHECK-LABEL: void cube(
// CHECK:      AscendC::Nd2NzParams [[ND:v[0-9]+]](1, 16, 32, 0, 32, 16, 1, 1);
// CHECK-NEXT: AscendC::DataCopy([[A1:v[0-9]+]], [[GH:v[0-9]+]], [[ND]]);
// CHECK-NEXT: AscendC::LoadData2DParams [[P2:v[0-9]+]](0, 2, 1, 0, 0, true, 0);
// CHECK-NEXT: AscendC::LoadData([[A2:v[0-9]+]], [[A1]], [[P2]]);
// CHECK-NEXT: AscendC::MmadParams [[M:v[0-9]+]];
// CHECK-NEXT: [[M]].m = 16;
// CHECK-NEXT: [[M]].n = pyasc::param_field<uint16_t>([[N:v[0-9]+]], "MmadParams", "n", 0, 4095);
// CHECK-NEXT: [[M]].k = 32;
// CHECK-NEXT: [[M]].cmatrixInitVal = false;
// CHECK-NEXT: AscendC::Mmad([[CO1:v[0-9]+]], [[A2]], [[B2:v[0-9]+]], [[M]]);
// CHECK-NEXT: AscendC::FixpipeParamsV220 [[F:v[0-9]+]](32, 16, 16, 32, false, QuantMode_t::F322F16, 0, 1, 0, 0, 0, false);
// CHECK-NEXT: AscendC::Fixpipe<half, float, AscendC::CFG_ROW_MAJOR>([[GH]], [[CO1]], [[F]]);
// CHECK-NEXT: AscendC::FixpipeParamsV220 [[F2:v[0-9]+]](32, 16, 16, 32, true, QuantMode_t::NoQuant, 0, 1, 0, 0, 0, false);
// CHECK-NEXT: AscendC::Fixpipe<float, float, AscendC::CFG_NZ>([[GF:v[0-9]+]], [[CO1]], [[F2]]);
// CHECK-NEXT: AscendC::DataCopyCO12DstParams [[D:v[0-9]+]](16, 16, 16, 16, QuantMode_t::NoQuant, 0, false, true);
// CHECK-NEXT: AscendC::DataCopy([[GF]], [[CO1]], [[D]]);
// CHECK-NEXT: AscendC::InitConstValueParams<half> [[PI:v[0-9]+]](1, 2, 0, static_cast<half>(0.0f));
// CHECK-NEXT: AscendC::InitConstValue([[A2]], [[PI]]);
// CHECK-NEXT: AscendC::SetLoadDataBoundary(1024);
// CHECK-NEXT: AscendC::SetLoadDataPaddingValue<half>(static_cast<half>(0.0f));
// CHECK-NEXT: AscendC::LoadDataRepeatParam [[PR:v[0-9]+]](16, 2, 1);
// CHECK-NEXT: AscendC::SetLoadDataRepeat([[PR]]);
// CHECK-NEXT: AscendC::SetFixpipePreQuantFlag(0);
// CHECK-NEXT: AscendC::CrossCoreSetFlag<2, PIPE_FIX>(1);
// CHECK-NEXT: AscendC::CrossCoreWaitFlag<2, PIPE_S>(1);
// CHECK-NEXT: AscendC::SyncAll<false>();
func.func @cube(%gh: !asc.global_tensor<f16>, %gf: !asc.global_tensor<f32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c16 = arith.constant 16 : i32
  %c32 = arith.constant 32 : i32
  %c512 = arith.constant 512 : i32
  %c1024 = arith.constant 1024 : i32
  %c0_64 = arith.constant 0 : i64
  %false = arith.constant false
  %true = arith.constant true
  %zero = arith.constant 0.0 : f16
  %a1 = asc.local_tensor %c0, %c512 : i32, i32 -> !asc.local_tensor<a1, f16>
  %a2 = asc.local_tensor %c0, %c512 : i32, i32 -> !asc.local_tensor<a2, f16>
  %b2 = asc.local_tensor %c0, %c512 : i32, i32 -> !asc.local_tensor<b2, f16>
  %co1 = asc.local_tensor %c0, %c512 : i32, i32 -> !asc.local_tensor<co1, f32>
  %nd = asc.nd2nz_params %c1, %c16, %c32, %c0, %c32, %c16, %c1, %c1 : i32, i32, i32, i32, i32, i32, i32, i32
  asc.data_copy_nd2nz %a1, %gh, %nd : !asc.local_tensor<a1, f16>, !asc.global_tensor<f16>, !asc.nd2nz_params
  %p2 = asc.load_data_2d_params %c0, %c2, %c1, %c0, %c0, %true, %c0 : i32, i32, i32, i32, i32, i1, i32
  asc.load_data_2d %a2, %a1, %p2 : !asc.local_tensor<a2, f16>, !asc.local_tensor<a1, f16>, !asc.load_data_2d_params
  %m = asc.mmad_params %c16, %n, %c32, %false, %c0, %false, %false, %false, %c0, %false, %false : i32, i32, i32, i1, i32, i1, i1, i1, i32, i1, i1
  asc.mmad %co1, %a2, %b2, %m : !asc.local_tensor<co1, f32>, !asc.local_tensor<a2, f16>, !asc.local_tensor<b2, f16>, !asc.mmad_params
  %f = asc.fixpipe_params_v220 %c32, %c16, %c16, %c32, %false, %c1, %c0_64, %c1, %c0, %c0, %c0, %false : i32, i32, i32, i32, i1, i32, i64, i32, i32, i32, i32, i1
  asc.fixpipe %gh, %co1, %f : !asc.global_tensor<f16>, !asc.local_tensor<co1, f32>, !asc.fixpipe_params_v220
  %f2 = asc.fixpipe_params_v220 %c32, %c16, %c16, %c32, %true, %c0, %c0_64, %c1, %c0, %c0, %c0, %false : i32, i32, i32, i32, i1, i32, i64, i32, i32, i32, i32, i1
  asc.fixpipe %gf, %co1, %f2 {config = #asc<co2_layout nz>} : !asc.global_tensor<f32>, !asc.local_tensor<co1, f32>, !asc.fixpipe_params_v220
  %d = asc.data_copy_co12_dst_params %c16, %c16, %c16, %c16, %c0, %c0, %false, %true : i32, i32, i32, i32, i32, i32, i1, i1
  asc.data_copy_co12 %gf, %co1, %d : !asc.global_tensor<f32>, !asc.local_tensor<co1, f32>, !asc.data_copy_co12_dst_params
  %pi = asc.init_const_value_params %c1, %c2, %c0, %zero : i32, i32, i32, f16 -> !asc.init_const_value_params<f16>
  asc.init_const_value %a2, %pi : !asc.local_tensor<a2, f16>, !asc.init_const_value_params<f16>
  asc.set_load_data_boundary %c1024 : i32
  asc.set_load_data_padding_value %zero : f16
  %pr = asc.load_data_repeat_param %c16, %c2, %c1 : i32, i32, i32
  asc.set_load_data_repeat %pr : !asc.load_data_repeat_param
  asc.set_fix_pipe_pre_quant_flag %c0_64 : i64
  asc.cross_core_set_flag %c1, 2, fix : i32
  asc.cross_core_wait_flag %c1, 2, s : i32
  asc.sync_all {is_aiv_only = false}
  return
}

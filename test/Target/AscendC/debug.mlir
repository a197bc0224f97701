// RUN: ascir-translate --mlir-to-ascendc --asc-line-directives=false %s | FileCheck %s

// The format is printed as an escaped C string literal: short escapes for
// quotes, backslashes and the usual control characters, three-digit octal
// for other bytes (which never absorb the next character, unlike hex), and
// `??` split so that it cannot start a trigraph. Each argument has exactly
// the C++ type of its operand, literals included, since AscendC::printf
// deduces it.
// CHECK-LABEL: void debug(
// CHECK-SAME:    AscendC::LocalTensor<float> [[L:v[0-9]+]], AscendC::GlobalTensor<int16_t> [[G:v[0-9]+]], int32_t [[I:v[0-9]+]], bool [[B:v[0-9]+]], half [[H:v[0-9]+]], bfloat16_t [[BF:v[0-9]+]], double [[D:v[0-9]+]], uint8_t [[U:v[0-9]+]])
// CHECK-NEXT:    AscendC::printf("hello\n");
// CHECK-NEXT:    AscendC::printf("say \"hi\" \\ 100%% %d\n\ttab", [[I]]);
// CHECK-NEXT:    AscendC::printf("\001bell\177 caf\303\251 ?\?= ?\?\?/ %d", [[I]]);
// CHECK-NEXT:    AscendC::printf("%d %+08.2f %-3x %e %g %hhu %c\n", [[B]], [[H]], [[I]], [[BF]], [[D]], [[U]], [[I]]);
// CHECK-NEXT:    AscendC::printf("%d %ld %d %f %f\n", 7, static_cast<int64_t>(5000000000LL), true, static_cast<half>(1.5f), 2.5f);
// CHECK-NEXT:    AscendC::DumpTensor([[L]], [[I]], 16);
// CHECK-NEXT:    AscendC::DumpTensor([[G]], 0, [[I]]);
// CHECK-NEXT:    uint32_t [[S:shape[0-9_]*]][2] = {static_cast<uint32_t>([[I]]), 4};
// CHECK-NEXT:    uint32_t [[O:original_shape[0-9_]*]][1] = {8};
// CHECK-NEXT:    AscendC::DumpTensor([[L]], 1, 8, AscendC::ShapeInfo(2, [[S]], 1, [[O]], AscendC::DataFormat::NZ));
// CHECK-NEXT:  }
func.func @debug(%l: !asc.local_tensor<vecin, f32>, %g: !asc.global_tensor<i16>, %i: i32, %b: i1, %h: f16,
                 %bf: bf16, %d: f64, %u: ui8) {
  asc.printf "hello\n"
  asc.printf "say \"hi\" \\ 100%% %d\n\ttab", %i : i32
  asc.printf "\01bell\7F caf\C3\A9 ??= ???/ %d", %i : i32
  asc.printf "%d %+08.2f %-3x %e %g %hhu %c\n", %b, %h, %i, %bf, %d, %u, %i : i1, f16, i32, bf16, f64, ui8, i32
  %c7 = arith.constant 7 : i32
  %big = arith.constant 5000000000 : i64
  %true = arith.constant true
  %half = arith.constant 1.5 : f16
  %float = arith.constant 2.5 : f32
  asc.printf "%d %ld %d %f %f\n", %c7, %big, %true, %half, %float : i32, i64, i1, f16, f32
  %c0 = arith.constant 0 : i32
  %c16 = arith.constant 16 : i32
  asc.dump_tensor %l, %i, %c16 : !asc.local_tensor<vecin, f32>, i32, i32
  asc.dump_tensor %g, %c0, %i : !asc.global_tensor<i16>, i32, i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %c8 = arith.constant 8 : i32
  asc.dump_tensor_shape %l, %c1, %c8 shape [%i, %c4] original [%c8] {data_format = 1 : i32} : !asc.local_tensor<vecin, f32>, i32, i32, (i32, i32), (i32)
  return
}

// The debug extras: DumpAccChkPoint (a dump from an element offset),
// PrintTimeStamp and the msprof region markers.
// CHECK-LABEL: void debug_extras(
// CHECK-SAME:    AscendC::LocalTensor<float> [[L:v[0-9]+]], AscendC::GlobalTensor<int16_t> [[G:v[0-9]+]], int32_t [[I:v[0-9]+]])
// CHECK-NEXT:    AscendC::DumpAccChkPoint([[L]], 3, 8, [[I]]);
// CHECK-NEXT:    AscendC::DumpAccChkPoint([[G]], [[I]], 16, 4);
// CHECK-NEXT:    AscendC::PrintTimeStamp(65536);
// CHECK-NEXT:    AscendC::MetricsProfStart();
// CHECK-NEXT:    AscendC::PrintTimeStamp([[I]]);
// CHECK-NEXT:    AscendC::MetricsProfStop();
// CHECK-NEXT:  }
func.func @debug_extras(%l: !asc.local_tensor<vecin, f32>, %g: !asc.global_tensor<i16>, %i: i32) {
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %c8 = arith.constant 8 : i32
  %c16 = arith.constant 16 : i32
  %stamp = arith.constant 65536 : i32
  asc.dump_acc_chk_point %l, %c3, %c8, %i : !asc.local_tensor<vecin, f32>, i32, i32, i32
  asc.dump_acc_chk_point %g, %i, %c16, %c4 : !asc.global_tensor<i16>, i32, i32, i32
  asc.print_time_stamp %stamp : i32
  asc.metrics_prof_start
  asc.print_time_stamp %i : i32
  asc.metrics_prof_stop
  return
}

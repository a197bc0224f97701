// RUN: ascir-translate --mlir-to-ascendc --asc-line-directives=false %s | FileCheck %s

// Every vector binary op prints through the generic API-call printer.
// CHECK-LABEL: void binary(
// CHECK-SAME:  AscendC::LocalTensor<half> [[Z:v[0-9]+]], AscendC::LocalTensor<half> [[X:v[0-9]+]], AscendC::LocalTensor<half> [[Y:v[0-9]+]], int32_t [[N:v[0-9]+]])
// CHECK-NEXT:    AscendC::Add([[Z]], [[X]], [[Y]], [[N]]);
// CHECK-NEXT:    AscendC::Sub([[Z]], [[X]], [[Y]], [[N]]);
// CHECK-NEXT:    AscendC::Mul([[Z]], [[X]], [[Y]], [[N]]);
// CHECK-NEXT:    AscendC::Div([[Z]], [[X]], [[Y]], [[N]]);
// CHECK-NEXT:    AscendC::Max([[Z]], [[X]], [[Y]], [[N]]);
// CHECK-NEXT:    AscendC::Min([[Z]][128], [[X]][128], [[Y]], [[N]] - 128);
func.func @binary(%z: !asc.local_tensor<vecout, f16>, %x: !asc.local_tensor<vecin, f16>,
                  %y: !asc.local_tensor<veccalc, f16>, %n: i32) {
  asc.add %z, %x, %y, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, f16>, i32
  asc.sub %z, %x, %y, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, f16>, i32
  asc.mul %z, %x, %y, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, f16>, i32
  asc.div %z, %x, %y, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, f16>, i32
  asc.max %z, %x, %y, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, f16>, i32
  %c128 = arith.constant 128 : i32
  %zv = asc.subview %z[%c128] : !asc.local_tensor<vecout, f16>, i32
  %xv = asc.subview %x[%c128] : !asc.local_tensor<vecin, f16>, i32
  %rest = arith.subi %n, %c128 : i32
  asc.min %zv, %xv, %y, %rest : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, f16>, i32
  return
}

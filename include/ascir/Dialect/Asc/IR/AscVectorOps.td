//===- AscVectorOps.td - vector compute ops ----------------*- tablegen -*-===//
//
// Memory-vector instructions on UB tensors (PIPE_V). Each binary op is one
// line: the base class fixes operands, effects, assembly and verification.
//
//===----------------------------------------------------------------------===//

#ifndef ASCIR_DIALECT_ASC_IR_ASCVECTOROPS_TD
#define ASCIR_DIALECT_ASC_IR_ASCVECTOROPS_TD

//===----------------------------------------------------------------------===//
// Binary ops, count form: dst[i] = src0[i] op src1[i] for i < count
//===----------------------------------------------------------------------===//

// `dtypes` are the element types the instruction supports on A2/A3
// (hardware.md §4.3).
class Asc_VecBinaryOp<string mnemonic, string callee, string what,
                      list<Type> dtypes>
    : Asc_ApiOp<mnemonic, callee, [Asc_SameTensorElementType]> {
  let summary = "elementwise " # what # " of two UB tensors (count form)";
  let description = [{
    Computes `}] # what # [{` elementwise over the first `count` elements.
    All tensors are in UB positions and share one element type.

    ```mlir
    asc.}] # mnemonic # [{ %z, %x, %y, %n : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f32>, i32
    ```
    ```c++
    }] # callee # [{(z, x, y, n);
    ```
  }];
  let arguments = (ins
    Arg<Asc_UBTensorOf<dtypes>, "destination", [MemWrite<Asc_UBResource>]>:
        $dst,
    Arg<Asc_UBTensorOf<dtypes>, "first source", [MemRead<Asc_UBResource>]>:
        $src0,
    Arg<Asc_UBTensorOf<dtypes>, "second source", [MemRead<Asc_UBResource>]>:
        $src1,
    Arg<AnySignlessInteger, "number of elements">:$count
  );
  let assemblyFormat = [{
    $dst `,` $src0 `,` $src1 `,` $count attr-dict `:` qualified(type($dst))
    `,` qualified(type($src0)) `,` qualified(type($src1)) `,` type($count)
  }];
}

def Asc_AddOp : Asc_VecBinaryOp<"add", "AscendC::Add", "addition",
                                [F16, F32, I16, I32]>;
def Asc_SubOp : Asc_VecBinaryOp<"sub", "AscendC::Sub", "subtraction",
                                [F16, F32, I16, I32]>;
def Asc_MulOp : Asc_VecBinaryOp<"mul", "AscendC::Mul", "multiplication",
                                [F16, F32, I16, I32]>;
def Asc_DivOp : Asc_VecBinaryOp<"div", "AscendC::Div", "division",
                                [F16, F32]>;
def Asc_MaxOp : Asc_VecBinaryOp<"max", "AscendC::Max", "maximum",
                                [F16, F32, I16, I32]>;
def Asc_MinOp : Asc_VecBinaryOp<"min", "AscendC::Min", "minimum",
                                [F16, F32, I16, I32]>;

#endif // ASCIR_DIALECT_ASC_IR_ASCVECTOROPS_TD

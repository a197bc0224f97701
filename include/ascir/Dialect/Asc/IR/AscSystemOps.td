//===- AscSystemOps.td - system information ops ------------*- tablegen -*-===//
//
// Ops that query the launch (block index and block count) and the
// hardware (constants), and the SoC initialisation of static-tensor kernels.
//
//===----------------------------------------------------------------------===//

#ifndef ASCIR_DIALECT_ASC_IR_ASCSYSTEMOPS_TD
#define ASCIR_DIALECT_ASC_IR_ASCSYSTEMOPS_TD

// Shared by get_block_idx and get_block_num: no operands, one integer result.
class Asc_SystemQueryOp<string mnemonic, string callee>
    : Asc_ApiOp<mnemonic, callee, [Pure]> {
  let results = (outs AnySignlessInteger:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

//===----------------------------------------------------------------------===//
// GetBlockIdxOp
//===----------------------------------------------------------------------===//

def Asc_GetBlockIdxOp
    : Asc_SystemQueryOp<"get_block_idx", "AscendC::GetBlockIdx"> {
  let summary = "index of the core running this kernel instance";
  let description = [{
    Returns the block index in `[0, num_blocks)`, converted to the result
    type.

    ```mlir
    %0 = asc.get_block_idx : i32
    ```
    ```c++
    static_cast<int32_t>(AscendC::GetBlockIdx())
    ```
  }];
}

//===----------------------------------------------------------------------===//
// GetBlockNumOp
//===----------------------------------------------------------------------===//

def Asc_GetBlockNumOp
    : Asc_SystemQueryOp<"get_block_num", "AscendC::GetBlockNum"> {
  let summary = "number of blocks of the launch";
  let description = [{
    ```mlir
    %0 = asc.get_block_num : i32
    ```
    ```c++
    static_cast<int32_t>(AscendC::GetBlockNum())
    ```
  }];
}

//===----------------------------------------------------------------------===//
// PropertyOp
//===----------------------------------------------------------------------===//

def Asc_PropertyOp : Asc_Op<"property", [Pure]> {
  let summary = "an Ascend C hardware constant";
  let description = [{
    Python `asc.property(asc.ONE_BLK_SIZE)`. The result type is fixed by the
    constant: `default_c0_size` i32, `one_blk_size` i16, `total_l1_size`
    i32, `total_l0c_size` i32.

    ```mlir
    %c = asc.property one_blk_size : i16
    ```
    ```c++
    static_cast<int16_t>(AscendC::ONE_BLK_SIZE)
    ```
  }];
  let arguments = (ins Asc_PropertyAttr:$property);
  let results = (outs AnySignlessInteger:$result);
  let assemblyFormat = "$property attr-dict `:` type($result)";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The integer type of `property`'s C++ constant.
    static ::mlir::Type getPropertyType(::mlir::MLIRContext *context,
                                        ::mlir::asc::Property property);
  }];
}

//===----------------------------------------------------------------------===//
// InitSocStateOp
//===----------------------------------------------------------------------===//

def Asc_InitSocStateOp : Asc_ApiOp<"init_soc_state", "AscendC::InitSocState",
                                   [Asc_QueueEffects]> {
  let summary = "initialise the core for static-tensor programming";
  let description = [{
    Kernels that use no TPipe call it first (a TPipe does it itself).

    ```mlir
    asc.init_soc_state
    ```
    ```c++
    AscendC::InitSocState();
    ```
  }];
  let assemblyFormat = "attr-dict";
}

#endif // ASCIR_DIALECT_ASC_IR_ASCSYSTEMOPS_TD

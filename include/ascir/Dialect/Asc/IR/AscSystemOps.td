//===- AscSystemOps.td - system information ops ------------*- tablegen -*-===//
//
// Ops that query the launch: block index and block count.
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

#endif // ASCIR_DIALECT_ASC_IR_ASCSYSTEMOPS_TD

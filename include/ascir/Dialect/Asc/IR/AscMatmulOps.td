//===- AscMatmulOps.td - the Matmul advanced API -----------*- tablegen -*-===//
//
// pyasc's asc.adv.Matmul (pyasc_api.md §1.7): the object, its registration
// with the TPipe and its methods. The kernel calls Ascend C's Matmul API
// (lib/matmul_intf.h); the simulator's headers implement it with the basic
// cube instructions (GM->L1 ND->NZ, LoadData, Mmad, Fixpipe and the flags
// between them), in a MIX kernel as a server on the AIC answering the AIVs'
// requests over cross-core flags (sim/MATMUL.md). A kernel holding a Matmul
// is a MIX_AIC_1_2 kernel, or AIC_ONLY with matmul_cube_only
// (asc-kernel-type).
//
//===----------------------------------------------------------------------===//

#ifndef ASCIR_DIALECT_ASC_IR_ASCMATMULOPS_TD
#define ASCIR_DIALECT_ASC_IR_ASCMATMULOPS_TD

// A Matmul call moves data between GM, UB, L1 and the L0 buffers and uses
// the cross-core flags: nothing is reordered across it.
def Asc_MatmulEffects : MemoryEffects<[
    MemRead<Asc_GMResource>, MemWrite<Asc_GMResource>,
    MemRead<Asc_UBResource>, MemWrite<Asc_UBResource>,
    MemRead<Asc_L1Resource>, MemWrite<Asc_L1Resource>,
    MemRead<Asc_PipeResource>, MemWrite<Asc_PipeResource>,
    MemRead<Asc_SyncResource>, MemWrite<Asc_SyncResource>]>;

def Asc_MatmulOp : Asc_Op<"matmul", [Asc_MatmulEffects]> {
  let pyName = "adv.Matmul";
  let summary = "declares a Matmul object (AscendC::Matmul<A, B, C, Bias, CFG>)";
  let description = [{
    The object of the Matmul high-level API; its type carries the four
    MatmulTypes and the MatmulConfig. The emitter declares it and its
    config (`constexpr static MatmulConfig` at file scope).

    ```mlir
    %mm = asc.matmul : !asc.matmul<gm, nd, f16, false, none, ...>
    ```
    ```c++
    AscendC::Matmul<AscendC::MatmulType<...>, ..., PYASC_MM_CFG_...> mm;
    ```
  }];
  let results = (outs Asc_MatmulType:$result);
  let assemblyFormat = "attr-dict `:` qualified(type($result))";
}

def Asc_RegistMatmulOp : Asc_Op<"regist_matmul", [Asc_MatmulEffects]> {
  let pyName = "adv.register_matmul";
  let summary = "registers a Matmul with the TPipe (REGIST_MATMUL_OBJ)";
  let description = [{
    `REGIST_MATMUL_OBJ(&pipe, workspace, mm[, &tiling])`: with a tiling it
    also initialises the Matmul. On the AIC of a MIX kernel it serves the
    AIVs' requests and leaves the kernel when they have ended.

    ```mlir
    asc.regist_matmul %pipe, %ws, %mm, %tiling : !asc.tpipe, !asc.gm_addr<ui8>, !asc.matmul<...>, !asc.struct<"TCubeTiling", ...>
    ```
    ```c++
    REGIST_MATMUL_OBJ(&pipe, (GM_ADDR)(ws), mm, &tiling);
    ```
  }];
  let arguments = (ins
    Asc_TPipeType:$pipe,
    Asc_GMAddrType:$workspace,
    Asc_MatmulType:$matmul,
    Optional<Asc_StructType>:$tiling
  );
  let assemblyFormat = [{
    $pipe `,` $workspace `,` $matmul (`,` $tiling^)? attr-dict `:`
    qualified(type($pipe)) `,` qualified(type($workspace)) `,`
    qualified(type($matmul)) (`,` qualified(type($tiling))^)?
  }];
  let hasVerifier = 1;
}

def Asc_MatmulCallOp : Asc_Op<"matmul_call", [Asc_MatmulEffects]> {
  let pyName = "adv.Matmul";
  let summary = "calls a method of a Matmul object";
  let description = [{
    `mm.<method>[<sync>](args...)` with Ascend C's method names and
    overloads: Init, End, SetTensorA, SetTensorB, SetBias, DisableBias,
    SetOrgShape, SetSingleShape, SetTail, SetBatchNum, SetWorkspace,
    SetQuantScalar, SetQuantVector, SetHF32, SetSparseIndex,
    SetSelfDefineData, SetUserDefInfo, Iterate (result i1), IterateAll,
    WaitIterateAll, IterateBatch, WaitIterateBatch, IterateNBatch,
    GetTensorC (with a tensor, or returning a GlobalTensor),
    AsyncGetTensorC, WaitGetTensorC, GetBatchTensorC, GetOffsetC (result:
    the MatrixOffset struct). `sync` is the methods' `bool sync` template
    argument, `wait` the `waitIterateBatch` template argument of
    IterateBatch and IterateNBatch; at most one result. The verifier checks the number of arguments and that the
    tensors passed for A, B, the bias and C hold the element type of their
    MatmulType and live where it says (GM: a GlobalTensor; VECIN/VECCALC/
    VECOUT: a UB LocalTensor; TSCM: an L1 LocalTensor). A struct argument
    (the tiling of Init) is passed by address.

    ```mlir
    asc.matmul_call %mm, "SetTensorA"(%a, %false : !asc.global_tensor<f16>, i1) : !asc.matmul<...>
    %more = asc.matmul_call %mm, "Iterate" {sync = true} : !asc.matmul<...> -> i1
    ```
    ```c++
    mm.SetTensorA(a, false);
    bool more = mm.Iterate<true>();
    ```
  }];
  let arguments = (ins
    Asc_MatmulType:$matmul,
    StrAttr:$method,
    Variadic<AnyType>:$args,
    OptionalAttr<BoolAttr>:$sync,
    OptionalAttr<BoolAttr>:$wait
  );
  let results = (outs Variadic<AnyType>:$results);
  let assemblyFormat = [{
    $matmul `,` $method (`(` $args^ `:` qualified(type($args)) `)`)?
    attr-dict `:` qualified(type($matmul)) (`->` qualified(type($results))^)?
  }];
  let hasVerifier = 1;
}

#endif // ASCIR_DIALECT_ASC_IR_ASCMATMULOPS_TD

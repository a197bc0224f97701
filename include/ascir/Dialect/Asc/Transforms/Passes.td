//===- Passes.td - asc dialect passes ----------------------*- tablegen -*-===//
//
// Verification and transformation passes on asc IR. Create functions and
// option structs are generated (no `constructor`).
//
//===----------------------------------------------------------------------===//

#ifndef ASCIR_DIALECT_ASC_TRANSFORMS_PASSES_TD
#define ASCIR_DIALECT_ASC_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def AscVerifyCapacity : Pass<"asc-verify-capacity"> {
  let summary = "check that on-chip buffers fit in on-chip memory";
  let description = [{
    Checks on ops whose sizes and addresses are constants:

    * Every static local tensor occupies bytes of the memory its position
      maps to: `asc.local_tensor` the bytes `[addr, addr + length *
      sizeof(T))`; `asc.local_mem_allocator_alloc` the next `size *
      sizeof(T)` bytes of its allocator, which hands out its memory from
      byte 0 in order, apart from any TPipe. The pass reports each tensor
      that ends beyond the memory.
    * Per function and per memory, a TPipe places the buffers it hands out
      one after the other from byte 0 (as the simulator's framework does;
      our reading of Ascend C's TPipe, which fills each memory from its
      start and hands out what is above its buffers by PopStackBuffer):
      `asc.tpipe_init_buffer` (`num × len`, `len` rounded up to 32 bytes),
      `asc.tpipe_init_tbuf` and `asc.tpipe_init_buf_pool` (`len` rounded up
      to 32), in program order, so they take `[0, end)`. The first op that
      brings `end` beyond the capacity gets an error, with a note on each
      earlier buffer. Static tensors do not add to `end`: they lie where
      they are placed. `asc.tpipe_reset` and `asc.tpipe_destroy` start the
      count again. Buffers carved from a pool are part of the pool and not
      counted again.
    * A static tensor that shares bytes with the TPipe's buffers `[0, end)`
      gets a warning (category capacity), at whichever of the two comes
      later in program order, with a note at the other: the queues and the
      tensor may overwrite each other. A warning, not an error, because the
      program can be right (the tensor may be dead while the buffers are in
      use, as for the adv-scratch warning of the simulator); each tensor is
      warned about once.

    Capacities default to the usable A2/A3 sizes of the hardware table
    (AscHardware.td; L1 without its 128 reserved bytes). The IR is not
    changed.

    Example (UB is 196608 bytes):

    ```mlir
    %a = arith.constant 196480 : i32
    %n = arith.constant 64 : i32
    // error: the tensor occupies bytes [196480, 196736) of Hardware.UB, but
    // Hardware.UB has only 196608 bytes
    %t = asc.local_tensor %a, %n : i32, i32 -> !asc.local_tensor<vecin, f32>

    %c2 = arith.constant 2 : i32
    %len = arith.constant 65536 : i32
    asc.tpipe_init_buffer %pipe, %qx, %c2, %len : !asc.tque<vecin, 2>, i32, i32
    // error: init_buffer of 2 × 65536 bytes for a TPosition.VECOUT queue
    // brings Hardware.UB use to 262144 bytes; Hardware.UB has 196608
    // note: init_buffer of 2 × 65536 bytes for a TPosition.VECIN queue
    asc.tpipe_init_buffer %pipe, %qz, %c2, %len : !asc.tque<vecout, 2>, i32, i32
    // In a kernel whose queues fit (a function of its own): fine, the queue
    // takes [0, 4096), the tensor [192512, 192768).
    %c2048 = arith.constant 2048 : i32
    asc.tpipe_init_buffer %pipe, %qy, %c2, %c2048 : !asc.tque<vecin, 2>, i32, i32
    %b = arith.constant 192512 : i32
    %u = asc.local_tensor %b, %n : i32, i32 -> !asc.local_tensor<veccalc, f32>
    ```
  }];
  // Defaults: the usable capacities of AscHardware.td (ascsim/gen/Hardware.h;
  // L1 without the 128 bytes reserved for KFC messages).
  let options = [
    Option<"ubSize", "ub-size", "uint64_t",
           /*default=*/"::ascsim::hw::usableBytes(::ascsim::hw::kMemUB)",
           "Unified buffer capacity in bytes (vecin, vecout, veccalc)">,
    Option<"l1Size", "l1-size", "uint64_t",
           /*default=*/"::ascsim::hw::usableBytes(::ascsim::hw::kMemL1)",
           "L1 capacity in bytes (a1, b1, c1)">,
    Option<"l0aSize", "l0a-size", "uint64_t",
           /*default=*/"::ascsim::hw::usableBytes(::ascsim::hw::kMemL0A)",
           "L0A capacity in bytes (a2)">,
    Option<"l0bSize", "l0b-size", "uint64_t",
           /*default=*/"::ascsim::hw::usableBytes(::ascsim::hw::kMemL0B)",
           "L0B capacity in bytes (b2)">,
    Option<"l0cSize", "l0c-size", "uint64_t",
           /*default=*/"::ascsim::hw::usableBytes(::ascsim::hw::kMemL0C)",
           "L0C capacity in bytes (co1)">,
    Option<"biasSize", "bias-size", "uint64_t",
           /*default=*/"::ascsim::hw::usableBytes(::ascsim::hw::kMemBIAS)",
           "Bias table capacity in bytes (c2)">,
  ];
  let statistics = [
    Statistic<"numTensorsChecked", "num-tensors-checked",
              "Number of static local tensors checked">,
    Statistic<"numBuffersChecked", "num-buffers-checked",
              "Number of framework buffer allocations counted">,
    Statistic<"numOverflows", "num-overflows",
              "Number of tensors and buffers that do not fit">,
  ];
}

def AscPrivatizeDeviceFunctions
    : Pass<"asc-privatize-device-functions", "::mlir::ModuleOp"> {
  let summary = "make every function that is not a kernel private";
  let description = [{
    Device functions are called only from kernels of the same module. Once
    private, `inline` inlines them into their callers and `symbol-dce`
    deletes the ones no longer called. Kernels (`asc.kernel`) stay public;
    declarations are private already.

    Before:

    ```mlir
    func.func @copy_in(%q: !asc.tque<vecin, 2>) { ... }
    func.func @kernel() attributes {asc.kernel} { ... }
    ```

    After:

    ```mlir
    func.func private @copy_in(%q: !asc.tque<vecin, 2>) { ... }
    func.func @kernel() attributes {asc.kernel} { ... }
    ```
  }];
  let statistics = [
    Statistic<"numPrivatized", "num-privatized",
              "Number of device functions made private">,
  ];
}

def AscLoopInvariantCodeMotion : Pass<"asc-licm"> {
  let summary = "loop-invariant code motion that keeps checked remainders and shifts in place";
  let description = [{
    Upstream `loop-invariant-code-motion`, with one difference: an integer
    remainder (`arith.remsi`, `arith.remui`) whose divisor is not a non-zero
    constant stays in its loop. Upstream treats the remainder as total (no
    undefined behaviour), so it hoists `c % x` in front of a loop that may run
    no iteration; our remainder is checked (a divisor of 0 is a kernel error
    at the line in the simulator, as Python's ZeroDivisionError), so hoisted it
    would report an error the program never makes. The same holds for a
    shift (`arith.shli`, `arith.shrsi`, `arith.shrui`) whose count is not a
    constant in 0 .. width - 1: a negative count is a kernel error in the
    simulator. Divisions are conditionally speculatable upstream already and
    need no exception.

    ```mlir
    scf.for %i = %lb to %ub step %c1 {
      %r = arith.remsi %c, %x : i32   // stays: %x may be 0
      %s = arith.remsi %c, %c7 : i32  // hoisted
      %t = arith.shrsi %c, %x : i32   // stays: %x may be negative
      ...
    }
    ```
  }];
  let statistics = [
    Statistic<"numKept", "num-kept",
              "Number of loop-invariant remainders and shifts kept in their loop">,
  ];
}

def AscKernelType : Pass<"asc-kernel-type", "::mlir::ModuleOp"> {
  let summary = "infer or check each kernel's type (AIV, AIC or MIX)";
  let description = [{
    A kernel's type decides which cores a launch starts (hardware.md §1.3):
    AIV_ONLY the vector cores, AIC_ONLY the cube cores, MIX_AIC_1_1 and
    MIX_AIC_1_2 one AIC with one or two AIVs per block. The pass classifies
    every op of a kernel and of the device functions it calls: one using an L1, L0A, L0B, L0C or BiasTable
    tensor, queue or buffer, or configuring the cube unit, runs on the cube
    core; one using the Unified Buffer runs on the vector core; the others
    (scalar code, GM, synchronisation) on both.

    With `kernel-type` empty the type is inferred: cube and vector ops make
    MIX_AIC_1_2 (pyasc's type for mixed kernels), cube ops alone AIC_ONLY,
    otherwise AIV_ONLY; a Matmul (asc.matmul) makes MIX_AIC_1_2 (its client
    on the AIVs, its server on the AIC), or AIC_ONLY with
    `matmul-cube-only`; cross-core flags of mode 1 or 2 need MIX_AIC_1_2,
    mode 0 a MIX type of the unit used (MIX_AIC_1_0, MIX_AIV_1_0). With a
    `kernel-type` (pyasc's KernelType, lower case: aiv_only, aic_only,
    mix_aiv_hard_sync, mix_aic_hard_sync, mix_aiv_1_0, mix_aic_1_0,
    mix_aic_1_1, mix_aic_1_2) the pass reports the first op the type's cores
    cannot run. Whatever the type, an op of one unit in a branch that only
    the other core type takes (an scf.if whose condition
    asc.ascend_is_aiv / asc.ascend_is_aic decides) is an error: an AIV has
    only the Unified Buffer, the AIC no Unified Buffer.
    The result is the kernel's `asc.kernel_type`, the Ascend C
    KernelMetaType the emitter declares (the HARD_SYNC types are the 1_0
    types of their unit).

    ```mlir
    // asc-kernel-type{kernel-type=aiv_only}
    // error: mmad runs on the cube core (AIC), but the kernel type is
    // KernelType.AIV_ONLY, whose blocks have no cube core
    asc.mmad %c, %a, %b, %p : ...
    ```
    An inferred type:
    ```mlir
    func.func @k(...) attributes {asc.kernel,
                                  asc.kernel_type = #asc<kernel_type aic_only>}
    ```
  }];
  let options = [
    Option<"kernelType", "kernel-type", "std::string", /*default=*/"\"\"",
           "pyasc KernelType of every kernel (empty: infer it)">,
    Option<"matmulCubeOnly", "matmul-cube-only", "bool", /*default=*/"false",
           "a kernel with a Matmul is AIC_ONLY (@asc.jit(matmul_cube_only))">,
  ];
}

include "ascir/Dialect/Asc/Transforms/SyncPasses.td"

#endif // ASCIR_DIALECT_ASC_TRANSFORMS_PASSES_TD

//===- SyncPasses.td - LocalTensorAuto and synchronisation -*- tablegen -*-===//
//
// The passes behind @asc.jit(insert_sync=...) and verify_sync (pyasc_api.md
// §3.4, passes 15-19 and 26; docs/sync.md). In pipeline order:
//
//   asc-erase-sync               (insert_sync)
//   asc-auto-tensor-position     (LocalTensorAuto present)
//   asc-materialize-auto-tensors (LocalTensorAuto present)
//   asc-hoist-queue-creation     (insert_sync)
//   asc-unify-pipe               (LocalTensorAuto present or insert_sync)
//   asc-insert-sync              (insert_sync)
//   asc-verify-sync              (verify_sync)
//
//===----------------------------------------------------------------------===//

#ifndef ASCIR_DIALECT_ASC_TRANSFORMS_SYNCPASSES_TD
#define ASCIR_DIALECT_ASC_TRANSFORMS_SYNCPASSES_TD

include "mlir/Pass/PassBase.td"

def AscEraseSync : Pass<"asc-erase-sync", "::mlir::ModuleOp"> {
  let summary = "delete the synchronisation the user wrote";
  let description = [{
    With `insert_sync`, the compiler owns intra-core synchronisation: every
    `asc.set_flag`, `asc.wait_flag` and `asc.pipe_barrier` is deleted (the
    ids they used are left alone); `asc-insert-sync` then inserts what the
    kernel needs. The queue operations of the user's own TQue objects
    (`alloc_tensor`, `enque`, `deque`, `free_tensor`) are kept: they manage
    buffers as well as flags.
  }];
  let statistics = [
    Statistic<"numErased", "num-erased", "Number of sync ops deleted">,
  ];
}

def AscAutoTensorPosition : Pass<"asc-auto-tensor-position", "::mlir::ModuleOp"> {
  let summary = "decide the position of each LocalTensorAuto";
  let description = [{
    A LocalTensorAuto (or any view of it) written by a GM->UB copy (MTE2)
    is an input, one read by a UB->GM copy (MTE3) an output; a Matmul's
    GetTensorC / IterateAll / IterateBatch into a UB tensor is an MTE2
    write, its SetTensorA / SetTensorB / SetBias from one an MTE3 read (the
    AIV's copies from and to the workspace). Inputs that are
    not outputs become `vecin`, outputs that are not inputs `vecout`, every
    other tensor `veccalc`. The position is written into the tensor's type
    and the types of its views (subviews, reinterpret casts, descriptor
    setters). A tensor carried through a loop or branch result is an error.

    ```mlir
    %x = asc.local_tensor_auto %c256 : i32 -> !asc.local_tensor<veccalc, f32>
    asc.data_copy %x, %gx, %c256 : !asc.local_tensor<veccalc, f32>, !asc.global_tensor<f32>, i32
    // becomes
    %x = asc.local_tensor_auto %c256 : i32 -> !asc.local_tensor<vecin, f32>
    ```
  }];
  let statistics = [
    Statistic<"numInputs", "num-inputs", "Tensors placed in VECIN">,
    Statistic<"numOutputs", "num-outputs", "Tensors placed in VECOUT">,
    Statistic<"numScratch", "num-scratch", "Tensors placed in VECCALC">,
  ];
}

def AscMaterializeAutoTensors
    : Pass<"asc-materialize-auto-tensors", "::mlir::ModuleOp"> {
  let summary = "give every LocalTensorAuto a queue or a buffer";
  let description = [{
    Per kernel, one `asc.tpipe` (the kernel's own if it has one). A `vecin`
    or `vecout` tensor gets a `TQue<pos, 1>`, `InitBuffer(que, 1, bytes)`,
    an `alloc_tensor` where it was declared and a `free_tensor` before the
    terminator of the block that declared it; a `veccalc` tensor gets a
    `TBuf<VECCALC>`, `InitBuffer(buf, bytes)` and `buf.Get<T>()`. The
    bytes are the product of the dimensions times the element size, rounded
    up to 32; runtime dimensions are multiplied in the IR (they must be
    defined outside every loop and branch of the kernel). The queue, buffer
    and InitBuffer are created at the kernel's entry, or after the last
    runtime dimension is defined. In a kernel with an `asc.regist_matmul`
    they are created right after it, in its block (the AIC of a MIX kernel
    serves the Matmul there and leaves the kernel; it has no Unified
    Buffer): a LocalTensorAuto declared elsewhere is an error.

    The tensors with constant sizes must fit in the Unified Buffer together
    (the framework hands out buffers without reusing them): otherwise the
    error names every tensor, its shape and its bytes.

    The allocation and free ops carry the unit attribute `asc.auto_tensor`,
    which `asc-insert-sync` follows.
  }];
  let options = [
    Option<"ubSize", "ub-size", "uint64_t",
           /*default=*/"::ascsim::hw::usableBytes(::ascsim::hw::kMemUB)",
           "Unified buffer capacity in bytes">,
  ];
  let statistics = [
    Statistic<"numQueues", "num-queues", "TQue objects created">,
    Statistic<"numBuffers", "num-buffers", "TBuf objects created">,
  ];
}

def AscHoistQueueCreation
    : Pass<"asc-hoist-queue-creation", "::mlir::ModuleOp"> {
  let summary = "create queues and buffers once, at the kernel's entry";
  let description = [{
    `asc.tque`, `asc.tque_bind` and `asc.tbuf` declarations, and the
    `tpipe_init_buffer` / `tpipe_init_tbuf` calls that give them memory,
    move out of loops and branches to the kernel's entry block (after the
    definitions of their operands), so that a queue declared inside a loop
    body is initialised once, as Ascend C requires. In a kernel with an
    `asc.regist_matmul` the InitBuffers move right after it instead (the
    AIC of a MIX kernel leaves the kernel there). An InitBuffer whose
    operands are defined inside the loop stays (and is reported by the
    simulator if it runs twice).
  }];
  let statistics = [
    Statistic<"numHoisted", "num-hoisted", "Ops moved to the entry block">,
  ];
}

def AscUnifyPipe : Pass<"asc-unify-pipe", "::mlir::ModuleOp"> {
  let summary = "one TPipe per kernel";
  let description = [{
    Every `asc.tpipe` of a function is replaced by the first one, which
    moves to the start of the entry block: Ascend C allows one live TPipe
    per core, and queues created by different passes must share it.
  }];
  let statistics = [
    Statistic<"numMerged", "num-merged", "TPipe objects merged away">,
  ];
}

def AscInsertSync : Pass<"asc-insert-sync", "::mlir::ModuleOp"> {
  let summary = "insert the synchronisation between pipes";
  let description = [{
    Walks each kernel in program order and tracks, per local tensor (the
    root of its views; UB, L1, L0A/B/C, BiasTable, Fixpipe buffer), which
    pipes accessed it since they were last ordered: S (`get_value`,
    `set_value`, `dump_tensor`), else the pipe of the move the op makes
    (hardware.md §3.1, autosync::pipeOfMove): V (vector ops, UB to UB
    copies), MTE2 (GM to UB, L1, L0A/L0B), MTE3 (UB or L1 to GM), MTE1 (L1
    to L0A/L0B/BiasTable, init_const_value), M (mmad), FIX (L0C to GM or
    L1, L1 to the Fixpipe buffer).

    * A LocalTensorAuto with a queue (`asc.auto_tensor` alloc) follows the
      queue protocol: its producer pipe (MTE2 for VECIN, V for VECOUT)
      writes it between `alloc_tensor` and `enque`, its consumer pipe (V,
      MTE3) uses it after `deque`, and a producer access after consumer
      accesses first frees and re-allocates it (the free event orders the
      reads before the next write).
    * Every other dependence (a write involved) between two pipes gets
      `fetch_event_id`, `set_flag` and `wait_flag` of that event before the
      later access (`pipe_barrier all` where no HardEvent joins the two);
      two dependent accesses of MTE2, MTE3, MTE1, M or FIX get
      `pipe_barrier` (between accumulating mmads always). A loop body's
      dependences on what precedes the loop (tensors without a queue) are
      synchronised before the loop. With `auto-sync=true` (bisheng's `--cce-auto-sync`,
      the default) the S<->{V, MTE2, MTE3} flags and the PIPE_V barriers are
      left to the compiler; with `auto-sync=false` they are inserted too.

    A flag or a queue event orders every earlier access of its source pipe,
    so one sync serves every tensor. Loop bodies are analysed with the
    state their previous iteration leaves; branches and loop bodies leave
    the queue protocol where they found it.
  }];
  let options = [
    Option<"autoSync", "auto-sync", "bool", /*default=*/"true",
           "Leave PIPE_V barriers and scalar flags to the compiler">,
  ];
  let statistics = [
    Statistic<"numQueueOps", "num-queue-ops", "enque/deque/alloc/free inserted">,
    Statistic<"numFlags", "num-flags", "set_flag/wait_flag pairs inserted">,
    Statistic<"numBarriers", "num-barriers", "pipe_barrier ops inserted">,
  ];
}

def AscVerifySync : Pass<"asc-verify-sync", "::mlir::ModuleOp"> {
  let summary = "warn about queue misuse";
  let description = [{
    Per queue and per block, in program order (loops and branches are
    checked on their own), warns at the user's line about:
    a tensor allocated and never freed; a tensor freed twice; a tensor
    enqueued and never dequeued; a `deque` with nothing enqueued; a `deque`
    whose user positions are not those of the matching `enque`; and a use
    of a tensor between its `enque` and the matching `deque`. The IR is not
    changed and the pass never fails.
  }];
  let statistics = [
    Statistic<"numWarnings", "num-warnings", "Warnings emitted">,
  ];
}

#endif // ASCIR_DIALECT_ASC_TRANSFORMS_SYNCPASSES_TD

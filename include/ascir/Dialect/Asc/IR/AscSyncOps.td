//===- AscSyncOps.td - intra-core synchronisation ops ------*- tablegen -*-===//
//
// Hardware flags between pipes and pipe barriers (hardware.md §3.3). All of
// them read and write the sync resource.
//
//===----------------------------------------------------------------------===//

#ifndef ASCIR_DIALECT_ASC_IR_ASCSYNCOPS_TD
#define ASCIR_DIALECT_ASC_IR_ASCSYNCOPS_TD

// Shared by set_flag and wait_flag: the event is the template argument, the
// flag id (0..7) the call argument.
class Asc_FlagOp<string mnemonic, string callee>
    : Asc_ApiOp<mnemonic, callee, [Asc_SyncEffects], /*hasTemplateArgs=*/1> {
  let arguments = (ins
    Asc_HardEventAttr:$event,
    Arg<AnySignlessInteger, "flag id in [0, 7]">:$id
  );
  let assemblyFormat = "$event `,` $id attr-dict `:` type($id)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// SetFlagOp
//===----------------------------------------------------------------------===//

def Asc_SetFlagOp : Asc_FlagOp<"set_flag", "AscendC::SetFlag"> {
  let summary = "set a hardware flag once the source pipe is done";
  let description = [{
    Issued in the event's source pipe; sets flag (event, id) after all earlier
    instructions of that pipe completed. Must be paired with a `wait_flag` of
    the same event and id.

    ```mlir
    asc.set_flag mte2_v, %id : i32
    ```
    ```c++
    AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(id);
    ```
  }];
}

//===----------------------------------------------------------------------===//
// WaitFlagOp
//===----------------------------------------------------------------------===//

def Asc_WaitFlagOp : Asc_FlagOp<"wait_flag", "AscendC::WaitFlag"> {
  let summary = "block the destination pipe until a hardware flag is set";
  let description = [{
    Issued in the event's destination pipe; later instructions of that pipe
    wait until flag (event, id) is set, then the flag is cleared.

    ```mlir
    asc.wait_flag mte2_v, %id : i32
    ```
    ```c++
    AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(id);
    ```
  }];
}

//===----------------------------------------------------------------------===//
// PipeBarrierOp
//===----------------------------------------------------------------------===//

def Asc_PipeBarrierOp : Asc_ApiOp<"pipe_barrier", "AscendC::PipeBarrier",
                                  [Asc_SyncEffects], /*hasTemplateArgs=*/1> {
  let summary = "wait until all earlier instructions of a pipe completed";
  let description = [{
    `all` waits for every pipe. `s` is rejected: scalar ordering is
    automatic.

    ```mlir
    asc.pipe_barrier all
    ```
    ```c++
    AscendC::PipeBarrier<PIPE_ALL>();
    ```
  }];
  let arguments = (ins Asc_PipeAttr:$pipe);
  let assemblyFormat = "$pipe attr-dict";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// DataSyncBarrierOp
//===----------------------------------------------------------------------===//

def Asc_DataSyncBarrierOp : Asc_ApiOp<"data_sync_barrier",
    "AscendC::DataSyncBarrier", [Asc_SyncEffects], /*hasTemplateArgs=*/1> {
  let summary = "wait until earlier memory accesses of the scalar completed";
  let description = [{
    `DataSyncBarrier<arg0>()` (hardware.md §3.3): blocks until the earlier
    memory accesses of GM (`ddr`), UB (`ub`), both (`all`) or all in
    sequence (`seq`) have completed; it orders the scalar's own memory
    accesses, not the pipes' instructions (flags and pipe barriers do).

    ```mlir
    asc.data_sync_barrier ddr
    ```
    ```c++
    AscendC::DataSyncBarrier<AscendC::MemDsbT::DDR>();
    ```
  }];
  let arguments = (ins Asc_MemDsbTAttr:$arg0);
  let assemblyFormat = "$arg0 attr-dict";
}

#endif // ASCIR_DIALECT_ASC_IR_ASCSYNCOPS_TD

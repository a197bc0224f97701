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
  let summary = "check that static local tensors fit in on-chip memory";
  let description = [{
    Every `asc.local_tensor` whose address and length are constants occupies
    the bytes `[addr, addr + length * sizeof(T))` of the memory its position
    maps to. The pass reports an error on each tensor that ends beyond the
    memory's capacity and then fails. Capacities default to the A2/A3 sizes
    (hardware.md §2.1). The IR is not changed.

    Example (UB is 196608 bytes):

    ```mlir
    %a = arith.constant 196480 : i32
    %n = arith.constant 64 : i32
    // error: static local tensor occupies bytes [196480, 196736) of ub but
    // ub has only 196608 bytes
    %t = asc.local_tensor %a, %n : i32, i32 -> !asc.local_tensor<vecin, f32>
    ```
  }];
  let options = [
    Option<"ubSize", "ub-size", "uint64_t", /*default=*/"196608",
           "Unified buffer capacity in bytes (vecin, vecout, veccalc)">,
    Option<"l1Size", "l1-size", "uint64_t", /*default=*/"524288",
           "L1 capacity in bytes (a1, b1, c1)">,
    Option<"l0aSize", "l0a-size", "uint64_t", /*default=*/"65536",
           "L0A capacity in bytes (a2)">,
    Option<"l0bSize", "l0b-size", "uint64_t", /*default=*/"65536",
           "L0B capacity in bytes (b2)">,
    Option<"l0cSize", "l0c-size", "uint64_t", /*default=*/"131072",
           "L0C capacity in bytes (co1)">,
    Option<"biasSize", "bias-size", "uint64_t", /*default=*/"1024",
           "Bias table capacity in bytes (c2)">,
  ];
  let statistics = [
    Statistic<"numTensorsChecked", "num-tensors-checked",
              "Number of static local tensors checked">,
    Statistic<"numOverflows", "num-overflows",
              "Number of static local tensors that do not fit">,
  ];
}

#endif // ASCIR_DIALECT_ASC_TRANSFORMS_PASSES_TD

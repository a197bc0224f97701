// RUN: ascir-translate --mlir-to-ascendc --asc-simulator-entry -verify-diagnostics %s

// The simulator loads one kernel per shared object, and each kernel's entry
// points would define the same symbols.
func.func @first() attributes {asc.kernel} {
  return
}
// expected-error@+1 {{'func.func' op cannot emit the simulator entry of kernel 'second': kernel 'first' in the same module has it, and the simulator loads one kernel per shared object; put each kernel in its own module or translate without the simulator entry}}
func.func @second() attributes {asc.kernel} {
  return
}

//===- sim_module.cpp - The _ascsim extension module entry point -*- C++
//-*-===//
//
// The simulator's own module: no MLIR, so loading it (every launch of a cached
// kernel needs it) is cheap.
//
//===----------------------------------------------------------------------===//

#include <nanobind/nanobind.h>

void init_sim(nanobind::module_ &m);

NB_MODULE(_ascsim, m) {
  m.doc() = "pyasc simulator: the CPU model of the Ascend AI Core";
  init_sim(m);
}

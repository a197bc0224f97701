//===- Ascsim.cpp - The libascsim.so shared library -------------*- C++ -*-===//
//
// The shared library is the union of the runtime modules (see README.md);
// this file only anchors the target. Kernels link against it (the ABI of
// ascsim/abi.h) and so does the Python extension (ascsim/runtime.h).
//
//===----------------------------------------------------------------------===//

#include "ascsim/abi.h"

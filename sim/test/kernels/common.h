//===- common.h - Shared test kernel pieces ---------------------*- C++ -*-===//
//
// Every test kernel includes kernel_operator.h first, like an emitted kernel.
// `AC` shortens the namespace in these hand-written files only.
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_TEST_KERNELS_COMMON_H
#define ASCSIM_TEST_KERNELS_COMMON_H

#include "kernel_operator.h"
#include "ascsim_entry.h"

namespace AC = AscendC;
using AscendC::HardEvent;
using AscendC::TPosition;

#endif // ASCSIM_TEST_KERNELS_COMMON_H

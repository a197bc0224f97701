//===- lib/matmul_intf.h - Ascend C's Matmul high-level API -----*- C++ -*-===//
//
// The include path Ascend C kernels use for the Matmul API
// (`#include "lib/matmul_intf.h"`). The simulator's implementation is
// ascsim/matmul_api.h; sim/MATMUL.md documents the surface and the MIX
// protocol.
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_LIB_MATMUL_INTF_H
#define ASCSIM_LIB_MATMUL_INTF_H

#include "kernel_operator.h"
#include "ascsim/matmul_api.h"

#endif // ASCSIM_LIB_MATMUL_INTF_H

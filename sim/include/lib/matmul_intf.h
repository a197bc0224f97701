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

// Only when the kernel has not included it yet: a kernel built with the
// precompiled kernel_operator.h must not make g++ search for it again
// (it would find the .gch directory first and refuse the second use).
#ifndef ASCSIM_KERNEL_OPERATOR_H
#include "kernel_operator.h"
#endif
#include "ascsim/matmul_api.h"

#endif // ASCSIM_LIB_MATMUL_INTF_H

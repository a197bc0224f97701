//===- kernel_operator.h - Ascend C API for the simulator -------*- C++ -*-===//
//
// The single header an Ascend C kernel includes. This implementation targets
// the pyasc CPU simulator: it is declaration-only (class templates and inline
// forwarders over <cstdint>), and the simulator library libascsim.so does the
// work. Supported: A2/A3 (__NPU_ARCH__ 2201) vector cores (AIV).
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_KERNEL_OPERATOR_H
#define ASCSIM_KERNEL_OPERATOR_H

// Defined only here, not by CANN's kernel_operator.h: emitted code puts what
// only the simulator needs (its entry points) under #ifdef ASCSIM.
#define ASCSIM 1

#include "ascsim/abi.h"
#include "ascsim/adv_api.h"
#include "ascsim/api.h"
#include "ascsim/copy_forms_api.h"
#include "ascsim/cube_api.h"
#include "ascsim/debug.h"
#include "ascsim/enums.h"
#include "ascsim/float16.h"
#include "ascsim/framework.h"
#include "ascsim/layout_api.h"
#include "ascsim/quant_api.h"
#include "ascsim/sort_api.h"
#include "ascsim/sys_api.h"
#include "ascsim/tensor.h"
#include "ascsim/vector_api.h"

#endif // ASCSIM_KERNEL_OPERATOR_H

//===- ascsim/matmul_abi.h - The Matmul message channel ---------*- C++ -*-===//
//
// What the Matmul high-level API (ascsim/matmul_api.h) needs from the
// simulator library besides the cube instructions: the kernel type of the
// calling core, and the message channel between the AIVs (Matmul clients)
// and the AIC (Matmul server) of one AI Core in a MIX launch (sim/MATMUL.md
// "MIX mode"). A message is a byte block; it is delivered `latency` cycles
// after the sender's scalar unit sent it. C++17, PODs only.
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_MATMUL_ABI_H
#define ASCSIM_MATMUL_ABI_H

#include "ascsim/abi.h"

namespace ascsim {

/// The calling core: KernelMetaType value, cube or vector core, MIX kernel.
struct MmRole {
  uint8_t kernelType;
  bool aic;
  bool mixed;
  bool hasAic; // the launch has cube cores (AIC_ONLY, MIX_AIC_*)
  uint8_t subBlockIdx;
  uint8_t aivPerBlock;
};

namespace abi {
ASCSIM_API MmRole mmRole();
/// "AIV_ONLY", "MIX_AIC_1_2", ... of a KernelMetaType value.
ASCSIM_API const char *mmKernelTypeName(uint8_t kernelType);
/// Sends `bytes` bytes: from an AIV to the AIC of its block (`toSub`
/// ignored), from an AIC to its AIV `toSub`. Needs a MIX_AIC_1_1/1_2 kernel.
ASCSIM_API void mmSend(uint32_t toSub, const void *data, uint32_t bytes,
                       uint32_t latency, Loc loc);
/// Blocks until a message arrives and copies it into `buf` (at most `cap`
/// bytes); returns its size and the sender's sub-block index (0 from the
/// AIC). On an AIC, returns -1 once every AIV of the block has finished and
/// no message is queued. `what` says what the core waits for ("waits for a
/// Matmul request (flags 0-3)"), for deadlock reports.
ASCSIM_API int32_t mmReceive(void *buf, uint32_t cap, uint32_t *fromSub,
                             const char *what, Loc loc);
} // namespace abi
} // namespace ascsim

#endif // ASCSIM_MATMUL_ABI_H

//===- device/MatmulChannel.cpp - The Matmul message channel ----*- C++ -*-===//
//
// ascsim/matmul_abi.h: the kernel type query and the AIV <-> AIC message
// channel the Matmul high-level API runs its client/server protocol on in a
// MIX launch (sim/MATMUL.md). Messages ride on the launch's CrossCoreDomain,
// so a core waiting for one takes part in the deadlock detection.
//
//===----------------------------------------------------------------------===//

#include "ascsim/matmul_abi.h"

#include "device/Core.h"
#include "device/CrossCore.h"
#include "support/Fault.h"

#include <algorithm>
#include <cstring>

namespace ascsim {

void Core::mmSend(uint32_t toSub, const void *data, uint32_t bytes,
                  uint32_t latency, Loc loc) {
  beginCall(loc);
  if (!role_.mixed || !role_.xc || !role_.xc->hasAic() ||
      role_.xc->aivPerBlock() == 0)
    fail("argument",
         std::string("the Matmul client/server protocol needs a MIX_AIC_1_1 "
                     "or MIX_AIC_1_2 kernel; this kernel is ") +
             kernelTypeName(role_.kernelType),
         loc);
  const uint64_t at = scalar_ + latency;
  // A release: the lazy copies land first (pipes/Engine.h setUb).
  engine_.materialiseLazy();
  // A release by the scalar: it orders the GM accesses the scalar knows
  // complete (the library waits for its copies before it sends).
  std::vector<uint32_t> clock;
  if (race_) {
    ensureHbClock();
    VectorClock knows;
    race_->flagClock(Pipe::S, knows);
    clock = releaseClock(&knows, gmEpoch_ + 1);
    nextEpoch();
  }
  if (role_.aic)
    role_.xc->sendToAiv(role_.coreId, toSub, data, bytes, at, clock);
  else
    role_.xc->sendToAic(role_.coreId, data, bytes, at, clock);
  scalar_ += 1;
}

int32_t Core::mmReceive(void *buf, uint32_t cap, uint32_t *fromSub,
                        const char *what, Loc loc) {
  beginCall(loc);
  if (!role_.mixed || !role_.xc)
    fail("argument",
         std::string("the Matmul client/server protocol needs a MIX kernel; "
                     "this kernel is ") +
             kernelTypeName(role_.kernelType),
         loc);
  // This core's own cross-core sets fire first (the peer may wait for them).
  Stall stall;
  stall.loc = loc;
  stall.drainFor = "matmul";
  scalar_ = std::max(scalar_, engine_.runUntilCrossSetsFired(stall));
  CrossCoreDomain::Message msg;
  if (!role_.xc->receive(role_.coreId, msg, what, loc))
    return -1;
  scalar_ = std::max(scalar_, msg.cycle + 1);
  if (race_) {
    ensureHbClock();
    race_->pruneGmEpochs();
    acquireClock(msg.clock);
  }
  if (fromSub)
    *fromSub = msg.from;
  uint32_t n = static_cast<uint32_t>(std::min<size_t>(cap, msg.data.size()));
  std::memcpy(buf, msg.data.data(), n);
  return static_cast<int32_t>(n);
}

namespace abi {
MmRole mmRole() {
  const CoreRole &r = currentCore().role();
  MmRole out{};
  out.kernelType = r.kernelType;
  out.aic = r.aic;
  out.mixed = r.mixed;
  out.hasAic = r.aic || (r.xc && r.xc->hasAic());
  out.subBlockIdx = static_cast<uint8_t>(r.subBlockIdx);
  out.aivPerBlock =
      r.mixed && r.xc ? static_cast<uint8_t>(r.xc->aivPerBlock()) : 0;
  return out;
}
const char *mmKernelTypeName(uint8_t kernelType) {
  return kernelTypeName(kernelType);
}
void mmSend(uint32_t toSub, const void *data, uint32_t bytes, uint32_t latency,
            Loc loc) {
  currentCore().mmSend(toSub, data, bytes, latency, loc);
}
int32_t mmReceive(void *buf, uint32_t cap, uint32_t *fromSub, const char *what,
                  Loc loc) {
  return currentCore().mmReceive(buf, cap, fromSub, what, loc);
}
} // namespace abi
} // namespace ascsim

//===- device/SysState.h - Per-core system-control state --------*- C++ -*-===//
//
// The registers and pointers the system-control calls of ascsim/sys_api.h
// set and read on one core (device/SysControl.cpp): core type, Mmad control
// bits, workspace and HCCL context pointers, the ICache preload, the UB
// access-range watch channels (CheckLocalMemoryIA) and the AIPP
// configuration. A Core is fresh for every block, so all of it is per core
// and per launch.
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_DEVICE_SYSSTATE_H
#define ASCSIM_DEVICE_SYSSTATE_H

#include "ascsim/sys_abi.h"

#include <cstdint>

namespace ascsim {

/// One CheckLocalMemoryIA channel.
struct WatchChannel {
  bool enabled = false;
  MemoryWatch param{};
  Loc loc{nullptr, 0}; // where it was set
};

struct SysRegs {
  static constexpr int kWatchChannels = 4;
  int32_t coreType = 2; // AscendC::AIV (AIC = 1 for a cube core, Core::setRole)
  double clockMhz = 0;  // set from the launch's LaunchConfig
  // CTRL bits 46/47/51: recorded only (they steer the cube path).
  bool hf32Mode = false, hf32TransMode = false, mmLayoutTransform = false;
  uint64_t sysWorkspace = 0;
  uint64_t hcclContext[2] = {0, 0};
  uint64_t icacheReady = 0; // scalar cycle the last ICache preload completes
  WatchChannel watch[kWatchChannels];
  bool anyWatch = false;
  bool aippSet = false;
  AippConfig aipp{};
};

} // namespace ascsim

#endif // ASCSIM_DEVICE_SYSSTATE_H

//===- options/Options.cpp - Platform parameters of a launch ----*- C++ -*-===//

#include "options/Options.h"

#include <algorithm>
#include <cmath>
#include <thread>

namespace ascsim {

std::optional<std::string> LaunchConfig::validate() const {
  if (ub_bytes < 32 || ub_bytes % 32 != 0 || ub_bytes > (1ull << 32))
    return "ub_bytes must be a positive multiple of 32 below 4 GiB, but got " +
           std::to_string(ub_bytes);
  if (aiv_cores < 1)
    return "aiv_cores must be at least 1, but got " + std::to_string(aiv_cores);
  if (!(clock_mhz > 0.0) || !std::isfinite(clock_mhz))
    return "clock_mhz must be a positive finite number, but got " +
           std::to_string(clock_mhz);
  if (!(hbm_gbps > 0.0) || !std::isfinite(hbm_gbps))
    return "hbm_gbps must be a positive finite number, but got " +
           std::to_string(hbm_gbps);
  if (!(launch_overhead_us >= 0.0) || !std::isfinite(launch_overhead_us))
    return "launch_overhead_us must be a non-negative finite number, but "
           "got " +
           std::to_string(launch_overhead_us);
  if (static_cast<uint8_t>(race_check) > static_cast<uint8_t>(RaceCheck::Off))
    return "race_check must be raise, warn or off";
  if (host_threads > 4096)
    return "host_threads must be at most 4096 (0 = hardware concurrency), but "
           "got " +
           std::to_string(host_threads);
  return std::nullopt;
}

std::optional<LaunchConfig> platformConfig(const std::string &soc) {
  struct Row {
    const char *name;
    uint32_t aiv;
    double mhz;
    double hbmGbps;
  };
  // Vector core counts from the CANN platform ini files; 1850 MHz is read for
  // 910B1 only, 1800 MHz is used for every other part (hardware.md §1.2).
  // HBM: 1612 GB/s fitted to the 910B Add measurements (docs/timing.md);
  // 1250 GB/s for A3 dies, the one published A3 read+write measurement
  // (hardware.md §7.2, third party, on a 9362 die).
  static const Row kRows[] = {
      {"Ascend910B1", 48, 1850.0, 1612.0},
      {"Ascend910B2", 48, 1800.0, 1612.0},
      {"Ascend910B2C", 48, 1800.0, 1612.0},
      {"Ascend910B3", 40, 1800.0, 1612.0},
      {"Ascend910B4", 40, 1800.0, 1612.0},
      {"Ascend910B4-1", 40, 1800.0, 1612.0},
      {"Ascend910_9362", 40, 1800.0, 1250.0},
      {"Ascend910_9363", 40, 1800.0, 1250.0},
      {"Ascend910_9372", 40, 1800.0, 1250.0},
      {"Ascend910_9381", 48, 1800.0, 1250.0},
      {"Ascend910_9382", 48, 1800.0, 1250.0},
      {"Ascend910_9391", 48, 1800.0, 1250.0},
      {"Ascend910_9392", 48, 1800.0, 1250.0},
  };
  for (const Row &r : kRows) {
    if (soc == r.name) {
      LaunchConfig c;
      c.ub_bytes = 196608;
      c.aiv_cores = r.aiv;
      c.clock_mhz = r.mhz;
      c.hbm_gbps = r.hbmGbps;
      return c;
    }
  }
  return std::nullopt;
}

uint64_t capacityOf(Mem m, const LaunchConfig &config) {
  switch (m) {
  case Mem::UB:
    return config.ub_bytes;
  case Mem::L1:
    // TOTAL_L1_SIZE (hardware.md §2.1): 512 KiB minus the 128 bytes the
    // framework reserves for KFC messages.
    return 512 * 1024 - 128;
  case Mem::L0A:
  case Mem::L0B:
    return 65536;
  case Mem::L0C:
    return 131072;
  case Mem::BT:
    return 1024;
  case Mem::FB:
    return 7168;
  default:
    return 0;
  }
}

uint32_t effectiveHostThreads(const LaunchConfig &config, uint32_t numBlocks) {
  // hardware_concurrency() reads /sys on every call (glibc get_nprocs):
  // once per process.
  static const uint32_t hardware =
      std::max(1u, std::thread::hardware_concurrency());
  uint32_t n = config.host_threads;
  if (n == 0)
    n = hardware;
  return std::max(1u, std::min(n, numBlocks));
}

} // namespace ascsim

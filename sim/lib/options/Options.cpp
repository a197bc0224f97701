//===- options/Options.cpp - Platform parameters of a launch ----*- C++ -*-===//

#include "options/Options.h"

#include "ascsim/gen/Hardware.h"

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
  if (aic_cores < 1)
    return "aic_cores must be at least 1, but got " + std::to_string(aic_cores);
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
  // The platform rows of the hardware table (AscHardware.td).
  for (const hw::PlatformFacts &p : hw::kPlatforms) {
    if (soc != p.name)
      continue;
    LaunchConfig c;
    c.ub_bytes = hw::usableBytes(hw::kMemUB);
    c.aiv_cores = p.aivCores;
    c.aic_cores = p.aicCores;
    c.clock_mhz = p.clockMhz;
    c.hbm_gbps = p.hbmGbps;
    c.l2_bytes = p.l2Bytes;
    return c;
  }
  return std::nullopt;
}

uint64_t capacityOf(Mem m, const LaunchConfig &config) {
  if (m == Mem::UB)
    return config.ub_bytes; // a launch may model a smaller UB
  auto index = static_cast<unsigned>(m);
  return m == Mem::GM || index >= hw::kNumMemories ? 0 : hw::usableBytes(index);
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

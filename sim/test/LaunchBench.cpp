//===- LaunchBench.cpp - Native launch overhead -----------------*- C++ -*-===//
//
// Host time of Kernel::launch for the benchmarks' launch case (tutorial 01,
// 1 block x 256 float32 elements), without Python:
//
//   ascsim_launch_bench [launches=10000] [raise|warn|off][+auto] [blocks=1]
//                       [tiles]
//
// Prints the best of 5 rounds in microseconds per launch. Not a test; for
// profiling, e.g. `valgrind --tool=callgrind ascsim_launch_bench 300`.
// With `tiles` it launches kernels/tiles_add.cpp instead: the same loop over
// `tiles` tiles of 16 elements per block (10 simulated instructions a tile;
// tiles = 16 is the default launch), to split the host cost of a launch into
// a fixed part and a part per simulated instruction. "+auto" turns on
// LaunchConfig::auto_sync, as every pyasc kernel launches by default
// (@asc.jit(auto_sync=True)).
//
//===----------------------------------------------------------------------===//

#include "ascsim/runtime.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

using namespace ascsim;

int main(int argc, char **argv) {
  int launches = argc > 1 ? std::atoi(argv[1]) : 10000;
  std::string race = argc > 2 ? argv[2] : "raise";
  const std::string autoSuffix = "+auto";
  const bool autoSync = race.size() > autoSuffix.size() &&
                        race.compare(race.size() - autoSuffix.size(),
                                     autoSuffix.size(), autoSuffix) == 0;
  if (autoSync)
    race.resize(race.size() - autoSuffix.size());
  uint32_t blocks = argc > 3 ? static_cast<uint32_t>(std::atoi(argv[3])) : 1;
  int tiles = argc > 4 ? std::atoi(argv[4]) : -1;
  if (argc > 4 && tiles < 0) {
    std::fprintf(stderr, "tiles must be >= 0\n");
    return 1;
  }
  std::string error;
  std::unique_ptr<Kernel> k = Kernel::load(
      tiles < 0 ? ASCSIM_KERNEL_SEED_ADD : ASCSIM_KERNEL_TILES_ADD, error);
  if (!k) {
    std::fprintf(stderr, "%s\n", error.c_str());
    return 1;
  }
  const uint64_t n = tiles < 0 ? 256 : 16 * static_cast<uint64_t>(tiles);
  std::vector<float> x(n * blocks, 1.f), y(n * blocks, 2.f), z(n * blocks);
  auto addr = [](std::vector<float> &v) {
    return reinterpret_cast<uint64_t>(v.data());
  };
  std::vector<uint64_t> args{addr(x), addr(y), addr(z), n};
  if (tiles >= 0)
    args = {addr(x), addr(y), addr(z), 16, static_cast<uint64_t>(tiles)};
  std::vector<GmRegion> regions{{addr(x), x.size() * 4, "x"},
                                {addr(y), y.size() * 4, "y"},
                                {addr(z), z.size() * 4, "z"}};
  LaunchConfig config;
  config.race_check = race == "off"    ? RaceCheck::Off
                      : race == "warn" ? RaceCheck::Warn
                                       : RaceCheck::Raise;
  config.auto_sync = autoSync;
  for (int i = 0; i < 100; ++i)
    k->launch(blocks, args, regions, config);
  double best = 1e30;
  for (int round = 0; round < 5; ++round) {
    auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < launches; ++i) {
      LaunchResult r = k->launch(blocks, args, regions, config);
      if (!r.ok || !r.diagnostics.empty()) {
        std::fprintf(stderr, "unexpected diagnostics\n%s", summary(r).c_str());
        return 1;
      }
    }
    std::chrono::duration<double, std::micro> t =
        std::chrono::steady_clock::now() - t0;
    best = std::min(best, t.count() / launches);
  }
  for (size_t i = 0; i < z.size(); ++i)
    if (z[i] != 3.f) {
      std::fprintf(stderr, "wrong result at %zu\n", i);
      return 1;
    }
  std::printf("%.2f us per launch (%u block(s), race_check=%s%s, best of 5 "
              "x %d)\n",
              best, blocks, race.c_str(), autoSync ? ", auto_sync" : "",
              launches);
  return 0;
}

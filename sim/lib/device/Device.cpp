//===- device/Device.cpp - Running blocks on host threads -------*- C++ -*-===//

#include "device/Device.h"

#include "device/Core.h"
#include "support/Fault.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <memory>
#include <thread>

namespace ascsim {

BlockOutcome runBlock(EntryFn entry, const uint64_t *args, int64_t blockIdx,
                      int64_t blockNum, const LaunchConfig &config,
                      const GmMap &gm) {
  auto core = std::make_unique<Core>(blockIdx, blockNum, config, gm);
  {
    CoreScope scope(*core);
    try {
      entry(args);
      core->finish();
    } catch (Fault &f) {
      core->record(std::move(f.diag));
    } catch (const std::exception &e) {
      core->record(makeDiagnostic(
          "internal",
          std::string("the kernel raised a C++ exception: ") + e.what(),
          Loc{nullptr, 0}));
    } catch (...) {
      core->record(makeDiagnostic("internal",
                                  "the kernel raised an unknown C++ exception",
                                  Loc{nullptr, 0}));
    }
  }
  BlockOutcome out;
  out.timing = core->timing();
  out.diagnostics = core->takeDiagnostics();
  out.gmAccesses = core->takeGmAccesses();
  out.trace = core->takeTrace();
  return out;
}

void parallelFor(uint32_t n, uint32_t threads,
                 const std::function<void(uint32_t)> &fn) {
  std::atomic<uint32_t> next{0};
  auto worker = [&] {
    for (uint32_t i = next.fetch_add(1); i < n; i = next.fetch_add(1))
      fn(i);
  };
  std::vector<std::thread> pool;
  uint32_t extra = threads > 1 ? std::min(threads, n) - 1 : 0;
  pool.reserve(extra);
  for (uint32_t t = 0; t < extra; ++t)
    pool.emplace_back(worker);
  worker();
  for (std::thread &t : pool)
    t.join();
}

} // namespace ascsim

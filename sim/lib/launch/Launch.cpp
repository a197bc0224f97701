//===- launch/Launch.cpp - Loading and launching kernels --------*- C++ -*-===//
//
// Implements ascsim::Kernel (ascsim/runtime.h): dlopen the kernel once, run
// its blocks through the device layer, and fold the per-block outcomes into
// one deterministic LaunchResult.
//
//===----------------------------------------------------------------------===//

#include "ascsim/runtime.h"

#include "device/Core.h"
#include "device/CrossCore.h"
#include "device/Device.h"
#include "options/Options.h"
#include "race/Race.h"
#include "support/Fault.h"
#include "trace/Trace.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <dlfcn.h>
#include <functional>
#include <thread>

namespace ascsim {

namespace {
// KernelMetaType values (ascsim_entry.h ASCSIM_KERNEL_TYPE).
constexpr uint8_t kKernelTypeAicOnly = 1, kKernelTypeMixAiv10 = 2,
                  kKernelTypeMixAic10 = 3, kKernelTypeMixAic11 = 4,
                  kKernelTypeMixAic12 = 5;
/// The pipes of a vector core ([0]) and of a cube core ([1]).
const std::vector<Pipe> kCorePipes[2] = {
    {Pipe::S, Pipe::V, Pipe::MTE2, Pipe::MTE3},
    {Pipe::S, Pipe::M, Pipe::MTE1, Pipe::MTE2, Pipe::MTE3, Pipe::FIX}};

/// `pipes` in the order of their names, the key order of the result's
/// per-pipe maps (PipeMap::insert appends).
std::vector<Pipe> byName(std::vector<Pipe> pipes) {
  std::sort(pipes.begin(), pipes.end(), [](Pipe a, Pipe b) {
    return std::strcmp(pipeName(a), pipeName(b)) < 0;
  });
  return pipes;
}
const std::vector<Pipe> kCorePipesByName[2] = {byName(kCorePipes[0]),
                                               byName(kCorePipes[1])};
/// The pipes of a launch's summary, indexed by the core types it ran
/// (1: vector cores, 2: cube cores, 3: both): the vector core's pipes, then
/// the cube core's others. The bound pipe is the first of the busiest.
std::vector<Pipe> launchPipes(int used) {
  std::vector<Pipe> pipes;
  if (used & 1)
    pipes = kCorePipes[0];
  if (used & 2)
    for (Pipe p : kCorePipes[1])
      if (std::find(pipes.begin(), pipes.end(), p) == pipes.end())
        pipes.push_back(p);
  return pipes;
}
const std::vector<Pipe> kLaunchPipes[4] = {launchPipes(0), launchPipes(1),
                                           launchPipes(2), launchPipes(3)};
const std::vector<Pipe> kLaunchPipesByName[4] = {
    byName(kLaunchPipes[0]), byName(kLaunchPipes[1]), byName(kLaunchPipes[2]),
    byName(kLaunchPipes[3])};
} // namespace

std::unique_ptr<Kernel> Kernel::load(const std::string &path,
                                     std::string &error) {
  dlerror();
  void *handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char *e = dlerror();
    error = e ? e : ("cannot load " + path);
    return nullptr;
  }
  void *sym = dlsym(handle, "ascsim_entry");
  if (!sym) {
    const char *e = dlerror();
    error = std::string(e ? e : "symbol not found") +
            " (the kernel library must export extern \"C\" void "
            "ascsim_entry(const uint64_t *))";
    dlclose(handle);
    return nullptr;
  }
  auto kernel = std::unique_ptr<Kernel>(
      new Kernel(path, handle, reinterpret_cast<EntryFn>(sym)));
  // The kernel type (ASCSIM_KERNEL_TYPE in ascsim_entry.h); absent = AIV_ONLY.
  if (void *kt = dlsym(handle, "ascsim_kernel_type"))
    kernel->kernelType_ = reinterpret_cast<uint8_t (*)()>(kt)();
  // ascsim::detail::BlockSyncUse<0>::used (ascsim/cube_api.h): exported by a
  // library that calls an inter-block sync API.
  kernel->blockSync_ =
      dlsym(handle, "_ZN6ascsim6detail12BlockSyncUseILi0EE4usedE") != nullptr;
  return kernel;
}

Kernel::Kernel(std::string path, void *handle, EntryFn entry)
    : path_(std::move(path)), handle_(handle), entry_(entry) {}

Kernel::~Kernel() {
  if (handle_)
    dlclose(handle_);
}

LaunchResult Kernel::launch(uint32_t numBlocks,
                            const std::vector<uint64_t> &args,
                            const std::vector<GmRegion> &regions,
                            const LaunchConfig &config) const {
  LaunchResult result;
  auto launchError = [&](std::string msg) {
    Diagnostic d = makeDiagnostic("config", std::move(msg), Loc{nullptr, 0});
    result.diagnostics.push_back(std::move(d));
    result.ok = false;
    return result;
  };
  if (std::optional<std::string> err = config.validate())
    return launchError(*err);
  if (numBlocks == 0)
    return launchError("num_blocks must be at least 1, but got 0");

  // The kernel type's launch mapping (hardware.md §1.3): per block an AIC
  // (AIC_ONLY, MIX_AIC_*) and `aivPer` AIVs.
  const uint8_t kt = kernelType_;
  if (kt > kKernelTypeMixAic12)
    return launchError(std::string("kernel type ") + kernelTypeName(kt) +
                       " is not supported by the simulator; use AIV_ONLY, "
                       "AIC_ONLY, MIX_AIV_1_0, MIX_AIC_1_0, MIX_AIC_1_1 or "
                       "MIX_AIC_1_2");
  const bool hasAic = kt == kKernelTypeAicOnly || kt == kKernelTypeMixAic10 ||
                      kt == kKernelTypeMixAic11 || kt == kKernelTypeMixAic12;
  const uint32_t aivPer =
      kt == kKernelTypeMixAic12                               ? 2
      : kt == kKernelTypeAicOnly || kt == kKernelTypeMixAic10 ? 0
                                                              : 1;
  const bool mixed = kt >= kKernelTypeMixAiv10;
  std::unique_ptr<CrossCoreDomain> xc;
  if (mixed || blockSync_) // a non-MIX domain carries only the GM flags
    xc = std::make_unique<CrossCoreDomain>(
        numBlocks, hasAic, mixed ? aivPer : (hasAic ? 0 : 1), mixed);
  // A core run and its outcome, in one vector (one allocation per launch,
  // made once: its size is known).
  struct CoreTask {
    int64_t blockIdx;
    CoreRole role;
    BlockOutcome outcome;
  };
  std::vector<CoreTask> tasks;
  tasks.reserve(static_cast<size_t>(numBlocks) * ((hasAic ? 1 : 0) + aivPer));
  for (uint32_t b = 0; b < numBlocks; ++b) {
    if (hasAic) {
      CoreRole r;
      r.aic = true;
      r.mixed = mixed;
      r.kernelType = kt;
      r.subBlockIdx = 0;
      r.subBlockNum = aivPer == 0 ? 1 : aivPer;
      r.block = b;
      r.coreId = xc ? xc->aicId(b) : 0;
      r.xc = xc.get();
      r.task = static_cast<uint32_t>(tasks.size());
      tasks.push_back({b, r, {}});
    }
    for (uint32_t sub = 0; sub < aivPer; ++sub) {
      CoreRole r;
      r.mixed = mixed;
      r.kernelType = kt;
      r.subBlockIdx = sub;
      r.subBlockNum = aivPer;
      r.taskRatio = kt == kKernelTypeMixAic12 ? 2 : 1;
      r.block = b;
      r.coreId = xc ? xc->aivId(b, sub) : 0;
      r.xc = xc.get();
      r.task = static_cast<uint32_t>(tasks.size());
      tasks.push_back({static_cast<int64_t>(b) * aivPer + sub, r, {}});
    }
  }

  GmMap gm(regions);
  static const uint64_t kNoArgs[1] = {0};
  // A valid pointer for kernels without parameters.
  const uint64_t *argv = args.empty() ? kNoArgs : args.data();
  const uint32_t numTasks = static_cast<uint32_t>(tasks.size());
  LaunchControl control(numTasks);
  auto run = [&](uint32_t t) {
    tasks[t].outcome = runCore(entry_, argv, tasks[t].blockIdx, numBlocks,
                               tasks[t].role, config, gm, control);
  };
  if (xc) {
    // Cross-core and inter-block waits block a core until another sets the
    // flag: every core of a MIX launch (or of one using inter-block sync)
    // runs at once, each on a thread of its own.
    std::vector<std::thread> threads;
    threads.reserve(numTasks);
    for (uint32_t t = 0; t < numTasks; ++t)
      threads.emplace_back(run, t);
    for (std::thread &th : threads)
      th.join();
  } else {
    // By reference: the lambda's captures exceed std::function's local
    // storage (a heap copy per launch); a reference_wrapper fits in it.
    parallelFor(numTasks, effectiveHostThreads(config, numTasks),
                std::ref(run));
  }
  // Blocks stopped by another block's watchdog, or by an interrupt, report
  // "interrupted": dropped when a watchdog error says why; else one
  // launch-level diagnostic replaces them.
  // Of the watchdog errors, the lowest block's (higher blocks may or may
  // not have reached their budget before it stopped them).
  uint32_t stopped = 0;
  bool watchdog = false;
  for (CoreTask &task : tasks) {
    BlockOutcome &o = task.outcome;
    stopped += o.stopped;
    if (watchdog)
      o.diagnostics.erase(std::remove_if(o.diagnostics.begin(),
                                         o.diagnostics.end(),
                                         [](const Diagnostic &d) {
                                           return d.category == "watchdog";
                                         }),
                          o.diagnostics.end());
    for (const Diagnostic &d : o.diagnostics)
      watchdog |= d.category == "watchdog";
  }
  if (stopped) {
    for (CoreTask &task : tasks) {
      std::vector<Diagnostic> &ds = task.outcome.diagnostics;
      ds.erase(std::remove_if(ds.begin(), ds.end(),
                              [](const Diagnostic &d) {
                                return d.category == "interrupted";
                              }),
               ds.end());
    }
    if (!watchdog) {
      result.interrupted = true;
      Diagnostic d = makeDiagnostic(
          "interrupted",
          "the launch was interrupted: " + std::to_string(stopped) + " of " +
              std::to_string(numTasks) +
              " blocks stopped before their end (the results are partial)",
          Loc{nullptr, 0});
      result.diagnostics.push_back(std::move(d));
    }
  }

  // The timings of the vector and of the cube cores. With one core per
  // block (every kernel type but MIX_AIC_1_1 and _1_2) they are read in
  // place, every task's; else moved into a vector per core type.
  const bool oneCoreType = (hasAic ? 1 : 0) + aivPer == 1;
  std::vector<CoreTiming> aivTimings, aicTimings;
  if (!oneCoreType) {
    aicTimings.reserve(numBlocks);
    aivTimings.reserve(static_cast<size_t>(numBlocks) * aivPer);
  }
  result.blocks.reserve(numTasks);
  uint64_t gmBytes = 0, gmTransfers = 0;
  uint64_t bypassBytes = 0, bypassTransfers = 0, readTransfers = 0;
  std::vector<std::pair<uint64_t, uint64_t>> bypassRanges, readRanges;
  // A block's ranges are moved when they are the first (a launch of one
  // block copies none).
  auto append = [](std::vector<std::pair<uint64_t, uint64_t>> &to,
                   std::vector<std::pair<uint64_t, uint64_t>> &from) {
    if (to.empty())
      to = std::move(from);
    else
      to.insert(to.end(), from.begin(), from.end());
  };
  for (uint32_t t = 0; t < numTasks; ++t) {
    BlockOutcome &o = tasks[t].outcome;
    const bool aic = tasks[t].role.aic;
    BlockTiming bt;
    bt.cycles = o.timing.cycles;
    bt.core_type = aic ? "AIC" : "AIV";
    for (Pipe p : kCorePipesByName[aic])
      bt.pipe_busy_cycles.insert(pipeName(p),
                                 o.timing.busy[static_cast<int>(p)]);
    result.blocks.push_back(std::move(bt));
    result.gm_read_bytes += o.timing.gmReadBytes;
    result.gm_write_bytes += o.timing.gmWriteBytes;
    gmTransfers += o.timing.gmTransfers;
    bypassBytes += o.timing.bypassReadBytes;
    bypassTransfers += o.timing.bypassTransfers;
    readTransfers += o.timing.gmReadTransfers;
    append(bypassRanges, o.timing.bypassRanges);
    append(readRanges, o.timing.readRanges);
    if (!oneCoreType)
      (aic ? aicTimings : aivTimings).push_back(std::move(o.timing));
    for (Diagnostic &d : o.diagnostics)
      result.diagnostics.push_back(std::move(d));
  }
  for (uint32_t t = 0; t < numTasks; ++t)
    if (!tasks[t].outcome.output.empty())
      result.output.emplace_back(static_cast<uint32_t>(tasks[t].blockIdx),
                                 std::move(tasks[t].outcome.output));
  gmBytes = result.gm_read_bytes + result.gm_write_bytes;
  // Cross-core GM races: every core of the launch (a MIX block's AIC and
  // AIVs each on its own) against every other, ordered by the sync they
  // used: cross-core flags, Matmul messages, the GM-flag sync.
  if (config.race_check != RaceCheck::Off && numTasks > 1 && !stopped) {
    std::vector<const std::vector<GmAccess> *> logs;
    std::vector<CrossCoreName> names;
    logs.reserve(numTasks);
    names.reserve(numTasks);
    const bool perCore = xc && xc->numCores() > numBlocks;
    for (uint32_t t = 0; t < numTasks; ++t) {
      logs.push_back(&tasks[t].outcome.gmAccesses);
      names.push_back({perCore ? xc->coreName(tasks[t].role.coreId)
                               : "block " + std::to_string(tasks[t].role.block),
                       tasks[t].blockIdx, perCore});
    }
    Severity sev = config.race_check == RaceCheck::Raise ? Severity::Error
                                                         : Severity::Warning;
    // Sync orders accesses: a happens before b when b's epoch clock has
    // seen a's epoch of a's core.
    std::vector<const std::vector<std::vector<uint32_t>> *> clocks;
    if (xc) {
      clocks.assign(xc->numCores(), nullptr);
      for (uint32_t t = 0; t < numTasks; ++t)
        clocks[tasks[t].role.coreId] = &tasks[t].outcome.epochClocks;
    }
    auto ordered = [&](const GmAccess &a, const GmAccess &b) {
      if (b.core >= clocks.size() || !clocks[b.core] ||
          b.epoch >= clocks[b.core]->size())
        return false;
      // One component per core and pipe: the epochs of that pipe's GM
      // accesses ordered before.
      const std::vector<uint32_t> &vc = (*clocks[b.core])[b.epoch];
      const size_t i = a.core * kNumPipes + static_cast<size_t>(a.pipe);
      return i < vc.size() && vc[i] > a.epoch;
    };
    for (Diagnostic &d : crossCoreRaces(logs, sev, gm, ordered, names))
      result.diagnostics.push_back(std::move(d));
  }
  std::stable_sort(result.diagnostics.begin(), result.diagnostics.end(),
                   [](const Diagnostic &a, const Diagnostic &b) {
                     return a.block != b.block ? a.block < b.block
                                               : a.order < b.order;
                   });
  for (const Diagnostic &d : result.diagnostics)
    if (d.severity == Severity::Error)
      result.ok = false;

  // Vector and cube cores are list-scheduled separately onto their physical
  // cores; the later of the two ends the kernel.
  // The schedule (each core run's start and physical core) only for the
  // trace.
  TimingList aivList = aivTimings, aicList = aicTimings;
  if (oneCoreType)
    (hasAic ? aicList : aivList) =
        TimingList(&tasks[0].outcome.timing, numTasks, sizeof(CoreTask));
  KernelTiming kv =
      estimateKernel(aivList, config.aiv_cores, config.clock_mhz, config.trace);
  KernelTiming kc =
      estimateKernel(aicList, config.aic_cores, config.clock_mhz, config.trace);
  struct {
    uint64_t cycles;
    std::array<uint64_t, kNumPipes> busy;
  } k{std::max(kv.cycles, kc.cycles), {}};
  for (int p = 0; p < kNumPipes; ++p)
    k.busy[p] = std::max(kv.busy[p], kc.busy[p]);
  // The L2 working-set model (docs/timing.md): the GM bytes the L2 keeps
  // are the launch's buffers less the ranges read past it
  // (SetL2CacheHint(CACHE_MODE_DISABLE)). When they fit, the L2 starts cold:
  // the first read of each byte misses (HBM), re-reads hit, writes are
  // absorbed (written back after the kernel), and the bypassing reads go
  // to HBM. When they do not fit (or the buffers are unknown: no regions),
  // the stream thrashes the L2 and all traffic goes to HBM.
  auto bytesInRegions = [&](std::vector<std::pair<uint64_t, uint64_t>> &v) {
    std::sort(v.begin(), v.end());
    uint64_t n = 0, covered = 0;
    for (const auto &r : v) {
      uint64_t lo = std::max(r.first, covered);
      if (r.second <= lo)
        continue;
      for (const GmRegion &g : gm.regions()) {
        uint64_t a = std::max(lo, g.address),
                 b = std::min(r.second, g.address + g.bytes);
        if (b > a)
          n += b - a;
      }
      covered = r.second;
    }
    return n;
  };
  const uint64_t bypassed = bytesInRegions(bypassRanges);
  const uint64_t cached = gm.unionBytes() - std::min(bypassed, gm.unionBytes());
  result.l2_resident = gm.checking() && cached <= config.l2_bytes;
  uint64_t hbmBytes = gmBytes, hbmTransfers = gmTransfers;
  if (result.l2_resident) {
    // First-touch reads: the footprint of the cached reads (at most the
    // bytes read), in transfers of the launch's mean read size.
    const uint64_t cachedReads = result.gm_read_bytes - bypassBytes;
    const uint64_t misses = std::min(bytesInRegions(readRanges), cachedReads);
    const uint64_t cachedTransfers = readTransfers - bypassTransfers;
    hbmBytes = bypassBytes + misses;
    hbmTransfers =
        bypassTransfers +
        (cachedReads ? static_cast<uint64_t>(
                           static_cast<double>(cachedTransfers) * misses /
                               static_cast<double>(cachedReads) +
                           0.5)
                     : 0);
  }
  // The chip's shared HBM caps streaming kernels, its L2 the cached
  // traffic.
  result.hbm_cycles =
      hbmCycles(hbmBytes, hbmTransfers, config.hbm_gbps, config.clock_mhz);
  const uint64_t l2c = result.l2_resident
                           ? l2Cycles(gmBytes - bypassBytes, config.aic_cores)
                           : 0;
  result.hbm_bound = result.hbm_cycles > k.cycles && result.hbm_cycles >= l2c;
  result.cycles = std::max({k.cycles, result.hbm_cycles, l2c});
  const uint64_t chipCycles = std::max(result.hbm_cycles, l2c);
  if (chipCycles > k.cycles && gmBytes > 0) {
    // HBM (or L2) time is carried by MTE2 (reads) and MTE3 (writes) in
    // proportion to their traffic.
    double readShare = static_cast<double>(result.gm_read_bytes) /
                       static_cast<double>(gmBytes);
    uint64_t &m2 = k.busy[static_cast<int>(Pipe::MTE2)];
    uint64_t &m3 = k.busy[static_cast<int>(Pipe::MTE3)];
    m2 = std::max<uint64_t>(
        m2, static_cast<uint64_t>(chipCycles * readShare + 0.5));
    m3 = std::max<uint64_t>(
        m3, static_cast<uint64_t>(chipCycles * (1 - readShare) + 0.5));
  }
  result.clock_mhz = config.clock_mhz;
  result.launch_overhead_us = config.launch_overhead_us;
  result.num_blocks = numBlocks;
  result.kernel_type = kernelTypeName(kt);
  result.cores_used =
      std::min(static_cast<uint32_t>(aivList.size()), config.aiv_cores) +
      std::min(static_cast<uint32_t>(aicList.size()), config.aic_cores);
  result.duration_us = static_cast<double>(result.cycles) / config.clock_mhz +
                       config.launch_overhead_us;
  uint64_t best = 0;
  const int used = (aivList.empty() ? 0 : 1) | (aicList.empty() ? 0 : 2);
  for (Pipe p : kLaunchPipes[used]) {
    uint64_t b = k.busy[static_cast<int>(p)];
    if (b > best) {
      best = b;
      result.bound_pipe = pipeName(p);
    }
  }
  for (Pipe p : kLaunchPipesByName[used]) {
    uint64_t b = k.busy[static_cast<int>(p)];
    const char *name = pipeName(p);
    result.pipe_busy_cycles.insert(name, b);
    result.pipe_busy_us.insert(name, static_cast<double>(b) / config.clock_mhz);
    result.pipe_ratio.insert(name, result.cycles
                                       ? static_cast<double>(b) /
                                             static_cast<double>(result.cycles)
                                       : 0.0);
  }

  if (config.trace) {
    auto data = std::make_shared<TraceData>();
    data->clockMhz = config.clock_mhz;
    // One trace block per core run; cube cores after the vector cores.
    size_t iv = 0, ic = 0;
    for (uint32_t t = 0; t < numTasks; ++t) {
      TraceData::Block tb;
      tb.block = static_cast<uint32_t>(tasks[t].blockIdx);
      if (tasks[t].role.aic) {
        tb.aic = true;
        tb.index = kc.blockCore[ic];
        tb.core = config.aiv_cores + tb.index;
        tb.start = kc.blockStart[ic++];
      } else {
        tb.index = kv.blockCore[iv];
        tb.core = tb.index;
        tb.start = kv.blockStart[iv++];
      }
      tb.sink = std::move(tasks[t].outcome.trace);
      data->blocks.push_back(std::move(tb));
    }
    data->internFiles();
    result.trace = std::move(data);
  }
  return result;
}

} // namespace ascsim

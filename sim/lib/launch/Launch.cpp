//===- launch/Launch.cpp - Loading and launching kernels --------*- C++ -*-===//
//
// Implements ascsim::Kernel (ascsim/runtime.h): dlopen the kernel once, run
// its blocks through the device layer, and fold the per-block outcomes into
// one deterministic LaunchResult.
//
//===----------------------------------------------------------------------===//

#include "ascsim/runtime.h"

#include "device/Device.h"
#include "options/Options.h"
#include "race/Race.h"
#include "support/Fault.h"
#include "trace/Trace.h"

#include <algorithm>
#include <dlfcn.h>

namespace ascsim {

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
  return std::unique_ptr<Kernel>(
      new Kernel(path, handle, reinterpret_cast<EntryFn>(sym)));
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

  GmMap gm(regions);
  std::vector<uint64_t> argv = args;
  if (argv.empty())
    argv.push_back(0); // a valid pointer for kernels without parameters
  std::vector<BlockOutcome> outcomes(numBlocks);
  LaunchControl control(numBlocks);
  parallelFor(numBlocks, effectiveHostThreads(config, numBlocks),
              [&](uint32_t b) {
                outcomes[b] = runBlock(entry_, argv.data(), b, numBlocks,
                                       config, gm, control);
              });
  // Blocks stopped by another block's watchdog, or by an interrupt, report
  // "interrupted": dropped when a watchdog error says why; else one
  // launch-level diagnostic replaces them.
  // Of the watchdog errors, the lowest block's (higher blocks may or may
  // not have reached their budget before it stopped them).
  uint32_t stopped = 0;
  bool watchdog = false;
  for (BlockOutcome &o : outcomes) {
    stopped += o.stopped;
    if (watchdog)
      o.diagnostics.erase(
          std::remove_if(
              o.diagnostics.begin(), o.diagnostics.end(),
              [](const Diagnostic &d) { return d.category == "watchdog"; }),
          o.diagnostics.end());
    for (const Diagnostic &d : o.diagnostics)
      watchdog |= d.category == "watchdog";
  }
  if (stopped) {
    for (BlockOutcome &o : outcomes)
      o.diagnostics.erase(
          std::remove_if(o.diagnostics.begin(), o.diagnostics.end(),
                         [](const Diagnostic &d) {
                           return d.category == "interrupted";
                         }),
          o.diagnostics.end());
    if (!watchdog) {
      result.interrupted = true;
      Diagnostic d = makeDiagnostic(
          "interrupted",
          "the launch was interrupted: " + std::to_string(stopped) + " of " +
              std::to_string(numBlocks) +
              " blocks stopped before their end (the results are partial)",
          Loc{nullptr, 0});
      result.diagnostics.push_back(std::move(d));
    }
  }

  std::vector<CoreTiming> timings;
  timings.reserve(numBlocks);
  uint64_t gmBytes = 0, gmTransfers = 0;
  for (BlockOutcome &o : outcomes) {
    timings.push_back(o.timing);
    BlockTiming bt;
    bt.cycles = o.timing.cycles;
    for (Pipe p : {Pipe::S, Pipe::V, Pipe::MTE2, Pipe::MTE3})
      bt.pipe_busy_cycles[pipeName(p)] = o.timing.busy[static_cast<int>(p)];
    result.blocks.push_back(std::move(bt));
    result.gm_read_bytes += o.timing.gmReadBytes;
    result.gm_write_bytes += o.timing.gmWriteBytes;
    gmTransfers += o.timing.gmTransfers;
    for (Diagnostic &d : o.diagnostics)
      result.diagnostics.push_back(std::move(d));
  }
  for (uint32_t b = 0; b < numBlocks; ++b)
    if (!outcomes[b].output.empty())
      result.output.emplace_back(b, std::move(outcomes[b].output));
  gmBytes = result.gm_read_bytes + result.gm_write_bytes;
  if (config.race_check != RaceCheck::Off && numBlocks > 1 && !stopped) {
    std::vector<const std::vector<GmAccess> *> logs;
    for (BlockOutcome &o : outcomes)
      logs.push_back(&o.gmAccesses);
    Severity sev = config.race_check == RaceCheck::Raise ? Severity::Error
                                                         : Severity::Warning;
    for (Diagnostic &d : crossCoreRaces(logs, sev, gm))
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

  KernelTiming k = estimateKernel(timings, config.aiv_cores, config.clock_mhz);
  // The chip's shared HBM caps streaming kernels (docs/timing.md).
  result.hbm_cycles =
      hbmCycles(gmBytes, gmTransfers, config.hbm_gbps, config.clock_mhz);
  result.hbm_bound = result.hbm_cycles > k.cycles;
  result.cycles = std::max(k.cycles, result.hbm_cycles);
  if (result.hbm_bound && gmBytes > 0) {
    // HBM time is carried by MTE2 (reads) and MTE3 (writes) in proportion
    // to their traffic.
    double readShare = static_cast<double>(result.gm_read_bytes) /
                       static_cast<double>(gmBytes);
    uint64_t &m2 = k.busy[static_cast<int>(Pipe::MTE2)];
    uint64_t &m3 = k.busy[static_cast<int>(Pipe::MTE3)];
    m2 = std::max<uint64_t>(
        m2, static_cast<uint64_t>(result.hbm_cycles * readShare + 0.5));
    m3 = std::max<uint64_t>(
        m3, static_cast<uint64_t>(result.hbm_cycles * (1 - readShare) + 0.5));
  }
  result.clock_mhz = config.clock_mhz;
  result.launch_overhead_us = config.launch_overhead_us;
  result.num_blocks = numBlocks;
  result.cores_used = std::min(numBlocks, config.aiv_cores);
  result.duration_us = static_cast<double>(result.cycles) / config.clock_mhz +
                       config.launch_overhead_us;
  uint64_t best = 0;
  for (Pipe p : {Pipe::S, Pipe::V, Pipe::MTE2, Pipe::MTE3}) {
    uint64_t b = k.busy[static_cast<int>(p)];
    result.pipe_busy_cycles[pipeName(p)] = b;
    result.pipe_busy_us[pipeName(p)] =
        static_cast<double>(b) / config.clock_mhz;
    result.pipe_ratio[pipeName(p)] =
        result.cycles
            ? static_cast<double>(b) / static_cast<double>(result.cycles)
            : 0.0;
    if (b > best) {
      best = b;
      result.bound_pipe = pipeName(p);
    }
  }

  if (config.trace) {
    auto data = std::make_shared<TraceData>();
    data->clockMhz = config.clock_mhz;
    for (uint32_t b = 0; b < numBlocks; ++b) {
      TraceData::Block tb;
      tb.block = b;
      tb.core = k.blockCore[b];
      tb.start = k.blockStart[b];
      tb.sink = std::move(outcomes[b].trace);
      data->blocks.push_back(std::move(tb));
    }
    data->internFiles();
    result.trace = std::move(data);
  }
  return result;
}

} // namespace ascsim

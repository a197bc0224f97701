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
#include "support/Fault.h"

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
  parallelFor(
      numBlocks, effectiveHostThreads(config, numBlocks), [&](uint32_t b) {
        outcomes[b] = runBlock(entry_, argv.data(), b, numBlocks, config, gm);
      });

  std::vector<CoreTiming> timings;
  timings.reserve(numBlocks);
  for (BlockOutcome &o : outcomes) {
    timings.push_back(o.timing);
    BlockTiming bt;
    bt.cycles = o.timing.cycles;
    for (Pipe p : {Pipe::S, Pipe::V, Pipe::MTE2, Pipe::MTE3})
      bt.pipe_busy_cycles[pipeName(p)] = o.timing.busy[static_cast<int>(p)];
    result.blocks.push_back(std::move(bt));
    for (Diagnostic &d : o.diagnostics)
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
  result.cycles = k.cycles;
  result.duration_us = k.durationUs;
  for (Pipe p : {Pipe::S, Pipe::V, Pipe::MTE2, Pipe::MTE3})
    result.pipe_busy_cycles[pipeName(p)] = k.busy[static_cast<int>(p)];
  result.bound_pipe =
      k.boundPipe < 0 ? "" : pipeName(static_cast<Pipe>(k.boundPipe));
  return result;
}

} // namespace ascsim

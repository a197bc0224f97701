//===- options/Options.h - Platform parameters of a launch ------*- C++ -*-===//
//
// LaunchConfig (declared in ascsim/runtime.h) is validated here, once, before
// anything runs; the platform table maps SoC names to their parameters
// (hardware.md §1.2).
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_OPTIONS_OPTIONS_H
#define ASCSIM_OPTIONS_OPTIONS_H

#include "ascsim/runtime.h"
#include "support/Isa.h"

namespace ascsim {

/// Byte capacity of a per-core memory on this platform (0 = not modelled).
uint64_t capacityOf(Mem m, const LaunchConfig &config);
/// Host threads to use for `numBlocks` blocks.
uint32_t effectiveHostThreads(const LaunchConfig &config, uint32_t numBlocks);

} // namespace ascsim

#endif // ASCSIM_OPTIONS_OPTIONS_H

//===- memory/Memory.h - Simulated memories and bounds checks ---*- C++ -*-===//
//
// The memories one simulated core can touch: Global Memory (the user's host
// arrays, zero copy, registered as named regions) and the core's own Unified
// Buffer. Every access is resolved to a host pointer here, after checking
// position, alignment, the tensor view and the memory's capacity; a failed
// check throws a Fault naming the user's line.
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_MEMORY_MEMORY_H
#define ASCSIM_MEMORY_MEMORY_H

#include "ascsim/runtime.h"
#include "support/Isa.h"

#include <cstdint>
#include <vector>

namespace ascsim {

/// Describes one operand access for checks and messages.
struct Access {
  const char *api;  // user-facing API name: "data_copy", "add", "get_value"
  const char *role; // "source", "destination", "source 0", ...
  bool write;
  DType type;
  /// Require the 32-byte alignment of vector/DMA operands in local memory.
  bool blockAligned = true;
};

/// The registered GM arrays of a launch (immutable, shared by all cores).
class GmMap {
public:
  explicit GmMap(std::vector<GmRegion> regions);
  bool checking() const { return !regions_.empty(); }
  /// Throws a "bounds" Fault unless [addr, addr + bytes) lies inside one
  /// registered region.
  void check(uint64_t addr, uint64_t bytes, const Access &a, Loc loc) const;
  /// The region containing `addr`, or null.
  const GmRegion *find(uint64_t addr) const;

private:
  std::vector<GmRegion> regions_; // sorted by address
};

/// Byte value the Unified Buffer is filled with when a core starts, so that
/// reading never-written memory shows (0xFF.. is a NaN for every float type).
constexpr uint8_t kUninitialisedByte = 0xFF;

/// The per-core memories and the resolution of operands into host pointers.
class CoreMemory {
public:
  CoreMemory(const GmMap &gm, const LaunchConfig &config);

  /// Checks a static LocalTensor(pos, addr, elems) of `elemBytes` elements.
  void checkStaticTensor(uint8_t pos, uint32_t addr, uint32_t elems,
                         uint32_t elemBytes, Loc loc) const;

  /// Resolves `bytes` bytes starting `offset` bytes into operand `op`.
  uint8_t *resolve(const Operand &op, uint64_t offset, uint64_t bytes,
                   const Access &a, Loc loc);

  uint64_t ubBytes() const { return ub_.size(); }
  /// Byte offset of a resolved UB pointer.
  uint64_t ubOffset(const uint8_t *p) const {
    return static_cast<uint64_t>(p - ub_.data());
  }
  bool isUb(const uint8_t *p) const {
    return p >= ub_.data() && p < ub_.data() + ub_.size();
  }

  /// Initialisation tracking (LaunchConfig::init_check): UB bytes some
  /// instruction has written, in program order.
  void enableInitTracking() { written_.assign((ub_.size() + 63) / 64, 0); }
  bool initTracking() const { return !written_.empty(); }
  void markWritten(uint64_t addr, uint64_t bytes);
  /// Number of bytes of [addr, addr + bytes) never written; `first` gets the
  /// first such byte.
  uint64_t unwritten(uint64_t addr, uint64_t bytes, uint64_t &first) const;

private:
  uint8_t *resolveLocal(const Operand &op, uint64_t offset, uint64_t bytes,
                        const Access &a, Loc loc);

  const GmMap &gm_;
  const LaunchConfig &config_;
  std::vector<uint8_t> ub_;
  std::vector<uint64_t> written_; // one bit per UB byte
};

} // namespace ascsim

#endif // ASCSIM_MEMORY_MEMORY_H

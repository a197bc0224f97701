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
#include <memory>
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
  /// The API may address L1 (A1/B1/C1/TSCM positions): LoadImageToLocal,
  /// DataCopy GM->L1, DumpTensor. Every other API rejects L1 operands.
  bool allowL1 = false;
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

/// A Unified Buffer with its written-bytes bitmap, kept per host thread and
/// reused by every block that thread runs (allocating and filling 192 KiB per
/// block dominated the launch of small kernels). Between two users the bytes
/// are kUninitialisedByte and the bitmap is zero: a user marks the chunks it
/// may have touched dirty (every resolved UB operand view, every markWritten)
/// and release() re-fills only those.
class UbBuffer {
public:
  /// Dirty-tracking granularity in bytes.
  static constexpr uint64_t kChunk = 1024;

  /// Makes the buffer `bytes` long and clean.
  void prepare(uint64_t bytes);
  /// Re-fills the dirty chunks.
  void release();
  /// Whether every byte is kUninitialisedByte and the bitmap is zero (the
  /// self-check enabled by ASCSIM_CHECK_UB_RESET=1).
  bool clean() const;

  uint8_t *data() { return bytes_.data(); }
  uint64_t size() const { return bytes_.size(); }
  uint64_t *written() { return written_.data(); }
  void markDirty(uint64_t addr, uint64_t end) {
    if (end > bytes_.size())
      end = bytes_.size();
    for (uint64_t c = addr / kChunk; c * kChunk < end; ++c)
      dirty_[c / 64] |= 1ull << (c % 64);
  }

  bool inUse = false;

private:
  std::vector<uint8_t> bytes_;
  std::vector<uint64_t> written_; // one bit per byte
  std::vector<uint64_t> dirty_;   // one bit per kChunk bytes
};

/// The per-core memories and the resolution of operands into host pointers.
class CoreMemory {
public:
  /// Uses the calling thread's UbBuffer (or a private one if a core of this
  /// thread already holds it).
  CoreMemory(const GmMap &gm, const LaunchConfig &config);
  ~CoreMemory();
  CoreMemory(const CoreMemory &) = delete;
  CoreMemory &operator=(const CoreMemory &) = delete;

  /// Checks a static LocalTensor(pos, addr, elems) of `elemBytes` elements.
  void checkStaticTensor(uint8_t pos, uint32_t addr, uint32_t elems,
                         uint32_t elemBytes, Loc loc) const;

  /// Resolves `bytes` bytes starting `offset` bytes into operand `op`.
  uint8_t *resolve(const Operand &op, uint64_t offset, uint64_t bytes,
                   const Access &a, Loc loc);

  uint64_t ubBytes() const { return ubSize_; }
  /// L1 (TOTAL_L1_SIZE bytes, filled with kUninitialisedByte), allocated on
  /// first use: kernels that never touch L1 pay nothing.
  uint64_t l1Bytes() const { return l1Size_; }
  bool isL1(const uint8_t *p) const {
    return l1_ && p >= l1_ && p < l1_ + l1Size_;
  }
  uint64_t l1Offset(const uint8_t *p) const {
    return static_cast<uint64_t>(p - l1_);
  }
  /// The memory a resolved pointer lies in (UB, L1, else GM).
  Mem memOf(const uint8_t *p) const {
    return isUb(p) ? Mem::UB : isL1(p) ? Mem::L1 : Mem::GM;
  }
  /// Byte offset of a resolved pointer in its memory `m` (= memOf(p)); the
  /// host address for GM.
  uint64_t offsetOf(const uint8_t *p, Mem m) const {
    return m == Mem::UB   ? ubOffset(p)
           : m == Mem::L1 ? l1Offset(p)
                          : static_cast<uint64_t>(reinterpret_cast<uintptr_t>(p));
  }
  /// Byte offset of a resolved UB pointer.
  uint64_t ubOffset(const uint8_t *p) const {
    return static_cast<uint64_t>(p - ub_);
  }
  bool isUb(const uint8_t *p) const { return p >= ub_ && p < ub_ + ubSize_; }

  /// Initialisation tracking (LaunchConfig::init_check): UB bytes some
  /// instruction has written, in program order.
  void enableInitTracking() { tracking_ = true; }
  bool initTracking() const { return tracking_; }
  void markWritten(uint64_t addr, uint64_t bytes);
  /// Number of bytes of [addr, addr + bytes) never written; `first` gets the
  /// first such byte.
  uint64_t unwritten(uint64_t addr, uint64_t bytes, uint64_t &first) const;
  /// The same for L1 bytes.
  void markWrittenL1(uint64_t addr, uint64_t bytes);
  uint64_t unwrittenL1(uint64_t addr, uint64_t bytes, uint64_t &first) const;

private:
  uint8_t *resolveLocal(const Operand &op, uint64_t offset, uint64_t bytes,
                        const Access &a, Loc loc);

  const GmMap &gm_;
  const LaunchConfig &config_;
  std::unique_ptr<UbBuffer> own_; // when the thread's buffer is taken
  UbBuffer *buf_;
  uint8_t *ub_;
  uint64_t ubSize_;
  uint64_t *written_; // one bit per UB byte
  bool tracking_ = false;
  uint8_t *l1Data(); // allocates L1 on first use
  std::unique_ptr<uint8_t[]> l1Buf_;
  std::vector<uint64_t> l1Written_; // one bit per L1 byte
  uint8_t *l1_ = nullptr;
  uint64_t l1Size_;
};

} // namespace ascsim

#endif // ASCSIM_MEMORY_MEMORY_H

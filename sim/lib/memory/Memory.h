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
  /// A cube-path instruction (device/CubeAbi.cpp): L1, L0A, L0B, L0C,
  /// BiasTable and the Fixpipe buffer are addressable, each with its own
  /// alignment (hw::kMemories) instead of the 32-byte block.
  bool cube = false;
};

/// The registered GM arrays of a launch (immutable, shared by all cores).
class GmMap {
public:
  explicit GmMap(std::vector<GmRegion> regions);
  bool checking() const { return !regions_.empty(); }
  /// Throws a "bounds" Fault unless [addr, addr + bytes) lies inside one
  /// registered region; `hint`, when given, is the Fault's last note (what
  /// the caller knows of a likely cause).
  void check(uint64_t addr, uint64_t bytes, const Access &a, Loc loc,
             const char *hint = nullptr) const;
  /// Whether check() passes, trying region `hint` first (set to the region
  /// that holds the range; a call site's accesses stay in one array).
  bool contains(uint64_t addr, uint64_t bytes, uint32_t &hint) const {
    if (!checking())
      return true;
    const uint64_t end = addr + bytes;
    auto in = [&](const GmRegion &r) {
      return addr >= r.address && end <= r.address + r.bytes;
    };
    if (hint < regions_.size() && in(regions_[hint]))
      return true;
    for (uint32_t i = 0; i < regions_.size(); ++i)
      if (in(regions_[i])) {
        hint = i;
        return true;
      }
    return false;
  }
  /// The region containing `addr`, or null.
  const GmRegion *find(uint64_t addr) const;
  const std::vector<GmRegion> &regions() const { return regions_; }
  /// Bytes of the union of the regions (the launch's GM working set, for
  /// the L2 model of docs/timing.md).
  uint64_t unionBytes() const { return unionBytes_; }

private:
  std::vector<GmRegion> regions_; // sorted by address
  uint64_t unionBytes_ = 0;
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
  /// Bytes per bit of the full() summary.
  static constexpr uint64_t kFullBytes = 512;
  /// One bit per kFullBytes bytes, set only when every byte of them is
  /// marked in written() (it may be clear when they all are): markWritten
  /// and unwritten skip such chunks a summary word at a time.
  uint64_t *full() { return full_.data(); }
  /// Marks the chunks of [addr, end) dirty, a bitmap word at a time (a
  /// resolved L1 view of a few hundred KiB is one or a few words).
  void markDirty(uint64_t addr, uint64_t end) {
    if (end > bytes_.size())
      end = bytes_.size();
    if (addr >= end)
      return;
    const uint64_t c0 = addr / kChunk, c1 = (end - 1) / kChunk; // inclusive
    if (c0 == c1) { // one chunk (a small tile's view): its bit
      dirty_[c0 / 64] |= 1ull << (c0 % 64);
      return;
    }
    for (uint64_t w = c0 / 64; w <= c1 / 64; ++w) {
      const uint64_t lo = w == c0 / 64 ? c0 % 64 : 0;
      const uint64_t hi = w == c1 / 64 ? c1 % 64 : 63;
      dirty_[w] |= (~0ull >> (63 - hi)) & (~0ull << lo);
    }
  }

  bool inUse = false;

private:
  std::vector<uint8_t> bytes_;
  std::vector<uint64_t> written_; // one bit per byte
  std::vector<uint64_t> full_;    // one bit per kFullBytes bytes
  std::vector<uint64_t> dirty_;   // one bit per kChunk bytes
};

/// L1 and the cube memories (Mem::L1 .. Mem::FB), kept per host thread like
/// the UbBuffer and reused by every block that thread runs: each is filled
/// with kUninitialisedByte when first prepared, and between two users only
/// the chunks the previous one resolved or marked written are re-filled
/// (filling 768 KiB per AIC block was 3 % of a matmul's launch).
struct LocalArena {
  static constexpr int kFirst = static_cast<int>(Mem::L1);
  static constexpr int kEnd = static_cast<int>(Mem::FB) + 1;
  UbBuffer mem[kEnd - kFirst];
  bool inUse = false;
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

  /// The launch's registered GM arrays.
  const GmMap &gm() const { return gm_; }

  /// Checks a static LocalTensor(pos, addr, elems) of `elemBytes` elements.
  void checkStaticTensor(uint8_t pos, uint32_t addr, uint32_t elems,
                         uint32_t elemBytes, Loc loc) const;

  /// Resolves `bytes` bytes starting `offset` bytes into operand `op`.
  uint8_t *resolve(const Operand &op, uint64_t offset, uint64_t bytes,
                   const Access &a, Loc loc);

  /// True if `addr` lies in an argument array of the launch (or the launch
  /// registered none, so nothing is checked): memory to access through
  /// resolve(), not host memory such as a kernel's stack.
  bool isGmArgument(uint64_t addr) const {
    return !gm_.checking() || gm_.find(addr) != nullptr;
  }
  /// GmMap::check of [addr, addr + bytes), with `hint` as its last note.
  void checkGm(uint64_t addr, uint64_t bytes, const Access &a, Loc loc,
               const char *hint) const {
    gm_.check(addr, bytes, a, loc, hint);
  }

  uint64_t ubBytes() const { return ubSize_; }
  /// The core is a cube core (AIC): it has L1, L0A/L0B/L0C, BiasTable and
  /// the Fixpipe buffer but no Unified Buffer.
  void setAic(bool aic) { aic_ = aic; }
  bool aic() const { return aic_; }
  /// L1 (TOTAL_L1_SIZE bytes) and the cube memories, each filled with
  /// kUninitialisedByte and allocated on first use: kernels that never
  /// touch them pay nothing.
  uint64_t l1Bytes() const { return local(Mem::L1).size; }
  bool isL1(const uint8_t *p) const { return in(local(Mem::L1), p); }
  uint64_t l1Offset(const uint8_t *p) const {
    return static_cast<uint64_t>(p - local(Mem::L1).data);
  }
  /// The memory a resolved pointer lies in (UB, L1, a cube memory, else GM).
  Mem memOf(const uint8_t *p) const {
    if (isUb(p))
      return Mem::UB;
    for (int m = kFirstLocal; m < kEndLocal; ++m)
      if (in(locals_[m - kFirstLocal], p))
        return static_cast<Mem>(m);
    return Mem::GM;
  }
  /// Byte offset of a resolved pointer in its memory `m` (= memOf(p)); the
  /// host address for GM.
  uint64_t offsetOf(const uint8_t *p, Mem m) const {
    if (m == Mem::UB)
      return ubOffset(p);
    if (m == Mem::GM)
      return static_cast<uint64_t>(reinterpret_cast<uintptr_t>(p));
    return static_cast<uint64_t>(p - local(m).data);
  }
  /// resolve() of a GM operand's first `bytes` bytes, trying GM region
  /// `hint` first (GmMap::contains); resolve() reports a failure.
  uint8_t *resolveGm(const Operand &op, uint64_t bytes, const Access &a,
                     Loc loc, uint32_t &hint) {
    if (!misaligned(op.addr, dtypeSize(a.type)) &&
        gm_.contains(op.addr, bytes, hint))
      return reinterpret_cast<uint8_t *>(static_cast<uintptr_t>(op.addr));
    return resolve(op, 0, bytes, a, loc);
  }
  /// GM region `index`'s host addresses [lo, hi) in this launch; an empty
  /// range (lo = ~0, hi = 0: no range [a, a + n) with n > 0 passes
  /// a >= lo && a + n <= hi, even wrapped) when there is no such region
  /// (or GM is not checked).
  void gmRegionBounds(uint32_t index, uint64_t &lo, uint64_t &hi) const {
    lo = ~0ull;
    hi = 0;
    if (index >= gm_.regions().size())
      return;
    const GmRegion &r = gm_.regions()[index];
    lo = r.address;
    hi = r.address + r.bytes;
  }
  /// Marks the UB chunks of [addr, end) dirty, as resolve() does for the
  /// view it resolves (device/Core.h PlanStore: a plan's first use on a
  /// core).
  void markUbDirty(uint64_t addr, uint64_t end) { buf_->markDirty(addr, end); }
  /// Host pointer of UB byte 0.
  uint8_t *ubData() const { return ub_; }
  /// Byte offset of a resolved UB pointer.
  uint64_t ubOffset(const uint8_t *p) const {
    return static_cast<uint64_t>(p - ub_);
  }
  bool isUb(const uint8_t *p) const { return p >= ub_ && p < ub_ + ubSize_; }

  /// Initialisation tracking (LaunchConfig::init_check): UB bytes some
  /// instruction has written, in program order.
  void enableInitTracking() { tracking_ = true; }
  bool initTracking() const { return tracking_; }
  /// Marks [addr, addr + bytes) written (and its chunks dirty). A range
  /// inside one bitmap word (a small tile) is that word's bits, set here
  /// with no call: 64 bytes hold no whole kFullBytes summary chunk, so
  /// markBits would set only them.
  void markWritten(uint64_t addr, uint64_t bytes) {
    const uint64_t end = addr + bytes;
    if (bytes != 0 && end <= ubSize_ && addr / 64 == (end - 1) / 64) {
      buf_->markDirty(addr, end);
      written_[addr / 64] |= wordBits(addr % 64, bytes);
      return;
    }
    markWrittenRange(addr, bytes);
  }
  /// Number of bytes of [addr, addr + bytes) never written; `first` gets the
  /// first such byte.
  uint64_t unwritten(uint64_t addr, uint64_t bytes, uint64_t &first) const;
  /// Whether unwritten(addr, bytes) is 0; a range inside one bitmap word
  /// is tested here with no call.
  bool allWritten(uint64_t addr, uint64_t bytes) const {
    const uint64_t end = addr + bytes;
    if (bytes != 0 && end <= ubSize_ && addr / 64 == (end - 1) / 64) {
      const uint64_t want = wordBits(addr % 64, bytes);
      return (written_[addr / 64] & want) == want;
    }
    uint64_t first = 0;
    return unwritten(addr, bytes, first) == 0;
  }
  /// The same for L1 bytes.
  void markWrittenL1(uint64_t addr, uint64_t bytes) {
    markWrittenLocal(Mem::L1, addr, bytes);
  }
  uint64_t unwrittenL1(uint64_t addr, uint64_t bytes, uint64_t &first) const {
    return unwrittenLocal(Mem::L1, addr, bytes, first);
  }
  /// The same for L1 and the cube memories.
  void markWrittenLocal(Mem m, uint64_t addr, uint64_t bytes);
  uint64_t unwrittenLocal(Mem m, uint64_t addr, uint64_t bytes,
                          uint64_t &first) const;
  /// Host pointer of byte 0 of L1 or a cube memory (allocated on demand).
  uint8_t *localData(Mem m);

private:
  /// L1 and the cube memories, Mem::L1 .. Mem::FB.
  static constexpr int kFirstLocal = static_cast<int>(Mem::L1);
  static constexpr int kEndLocal = static_cast<int>(Mem::FB) + 1;
  struct Local {
    UbBuffer *buf = nullptr;     // in arena_, prepared on first use
    uint64_t *written = nullptr; // one bit per byte
    uint64_t *full = nullptr;    // UbBuffer::full()
    uint8_t *data = nullptr;
    uint64_t size = 0;
  };
  static bool in(const Local &l, const uint8_t *p) {
    return l.data && p >= l.data && p < l.data + l.size;
  }
  const Local &local(Mem m) const {
    return locals_[static_cast<int>(m) - kFirstLocal];
  }
  Local &local(Mem m) { return locals_[static_cast<int>(m) - kFirstLocal]; }

  uint8_t *resolveLocal(const Operand &op, uint64_t offset, uint64_t bytes,
                        const Access &a, Loc loc);

  const GmMap &gm_;
  const LaunchConfig &config_;
  std::unique_ptr<UbBuffer> own_; // when the thread's buffer is taken
  /// Bits [bit, bit + n) of a bitmap word (1 <= n, bit + n <= 64).
  static uint64_t wordBits(uint64_t bit, uint64_t n) {
    return n >= 64 ? ~0ull : ((1ull << n) - 1) << bit;
  }
  void markWrittenRange(uint64_t addr, uint64_t bytes);
  UbBuffer *buf_;
  std::unique_ptr<LocalArena> ownLocals_; // when the thread's arena is taken
  LocalArena *arena_;
  uint8_t *ub_;
  uint64_t ubSize_;
  uint64_t *written_; // one bit per UB byte
  uint64_t *full_;    // UbBuffer::full() of the UB
  bool tracking_ = false;
  bool aic_ = false;
  Local locals_[kEndLocal - kFirstLocal];
};

} // namespace ascsim

#endif // ASCSIM_MEMORY_MEMORY_H

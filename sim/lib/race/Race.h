//===- race/Race.h - Happens-before race detector ---------------*- C++ -*-===//
//
// Finds pairs of memory accesses that no synchronisation orders (hardware.md
// §3.7, §10.3). Happens-before edges inside a core:
//  - issue order: an instruction knows everything the scalar unit knew when
//    it issued it (the scalar is in order);
//  - set_flag -> wait_flag: a set carries its pipe's knowledge plus the
//    completion of every earlier instruction of that pipe; the wait merges it;
//  - pipe_barrier(p): later instructions of p know all earlier ones of p;
//    PIPE_ALL: the scalar knows everything;
//  - in-pipe order only where documented: the scalar unit and PIPE_V (where
//    the compiler inserts PIPE_V barriers) are in order; MTE2 and MTE3
//    instructions may overlap, so two DataCopy with overlapping destinations
//    need a barrier (hardware.md §3.3, §5.1).
// Accesses are checked FastTrack-style against per-byte-range shadow state
// (last write, last read per pipe) held in interval maps, so the cost is per
// distinct buffer range, not per byte. GM accesses are also logged for the
// cross-core check at the end of a launch: blocks of one launch are never
// ordered with each other, so overlapping GM accesses from two blocks with a
// write among them are a race.
//
// The detector exists only when race checks are on (no clocks otherwise).
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_RACE_RACE_H
#define ASCSIM_RACE_RACE_H

#include "ascsim/runtime.h"
#include "clock/Clock.h"
#include "memory/Memory.h"
#include "support/Isa.h"

#include <array>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace ascsim {

/// One contiguous byte range an instruction reads or writes. UB addresses are
/// byte offsets in the core's Unified Buffer, GM addresses host addresses.
struct ByteRange {
  Mem mem = Mem::UB;
  uint64_t start = 0;
  uint64_t end = 0;
  bool write = false;
};

/// Everything an instruction touches (a list: strided and masked forms have
/// several ranges per operand).
using Footprint = std::vector<ByteRange>;

/// A GM access kept for the cross-core check.
struct GmAccess {
  uint64_t start = 0;
  uint64_t end = 0;
  bool write = false;
  Pipe pipe = Pipe::S;
  const char *op = "";
  Loc loc{nullptr, 0};
};

class RaceDetector {
public:
  RaceDetector(Severity severity, const GmMap &gm);

  /// Instruction start in pipe p: merge the scalar's knowledge at issue.
  void merge(Pipe p, const VectorClock &issue) { clocks_[idx(p)].join(issue); }
  /// A memory-touching instruction of pipe p (program-order number `seq`).
  void access(Pipe p, const Footprint &fp, const char *op, Loc loc,
              uint64_t seq);
  /// The knowledge a set_flag executing now in pipe p carries: p's clock
  /// plus the completion of every earlier instruction of p.
  VectorClock flagClock(Pipe p) const;
  /// The flag becomes set (at its fire time) carrying `c`.
  void publishFlag(uint8_t event, uint8_t id, const VectorClock &c) {
    flagClocks_[event * kNumEventIds + id] = c;
  }
  void waitFlag(Pipe p, uint8_t event, uint8_t id);
  /// pipe_barrier(p) (also the completion semantics of PIPE_V barriers).
  void barrier(Pipe p);
  /// pipe_barrier(PIPE_ALL) / a drain: the scalar knows everything.
  void drainAll();
  const VectorClock &clock(Pipe p) const { return clocks_[idx(p)]; }

  std::vector<Diagnostic> takeDiagnostics();
  const std::vector<GmAccess> &gmAccesses() const { return gmLog_; }
  std::vector<GmAccess> takeGmAccesses() { return std::move(gmLog_); }

private:
  struct Entry {
    Pipe pipe;
    uint32_t stamp;
    bool write;
    Mem mem;
    uint64_t start, end;
    const char *op;
    Loc loc;
    uint64_t seq; // program order
  };
  struct Seg {
    uint64_t end = 0;
    int32_t w = -1;
    std::array<int32_t, kNumPipes> r;
    Seg() { r.fill(-1); }
    bool sameState(const Seg &o) const { return w == o.w && r == o.r; }
  };
  using Shadow = std::map<uint64_t, Seg>;

  static int idx(Pipe p) { return static_cast<int>(p); }
  void check(Shadow &sh, int32_t entry, const VectorClock &knows);
  void split(Shadow &sh, uint64_t at);
  /// Records the unordered pair (a, b), oriented by program order.
  void report(const Entry &a, const Entry &b);
  Diagnostic diagnose(const Entry &prev, const Entry &cur) const;
  std::string where(Mem mem, uint64_t start, uint64_t end) const;

  Severity severity_;
  const GmMap &gm_;
  std::array<VectorClock, kNumPipes> clocks_{};
  std::array<uint32_t, kNumPipes> pending_{}; // last stamp per pipe
  std::array<VectorClock, kNumEvents * kNumEventIds> flagClocks_{};
  std::vector<Entry> log_;
  Shadow ub_, gm_local_;
  std::vector<GmAccess> gmLog_;
  std::set<std::string> reported_;
  /// Racing pairs (earlier, later in program order), deduplicated by lines;
  /// turned into diagnostics by takeDiagnostics.
  std::vector<std::pair<Entry, Entry>> races_;
};

/// The cross-core check: every pair of overlapping GM accesses from two
/// different blocks with at least one write. `logs[b]` is block b's log.
std::vector<Diagnostic>
crossCoreRaces(const std::vector<const std::vector<GmAccess> *> &logs,
               Severity severity, const GmMap &gm);

/// "UB[0x0400,0x0800)" / "GM[z+0x0400,z+0x0800)".
std::string formatRange(Mem mem, uint64_t start, uint64_t end,
                        const GmMap &gm);

} // namespace ascsim

#endif // ASCSIM_RACE_RACE_H

//===- device/SortAbi.cpp - Sort32, MrgSort, GetMrgSortResult ---*- C++ -*-===//
//
// Implements ascsim/sort_abi.h on a core: checks each call (score type,
// repeat count, valid bits, list layout, alignment, bounds, overlap), plans
// it as an ops::SortInstr with its exact read and write footprints and
// issues it into PIPE_V with the cost of the VBITSORT class (hardware.md
// §7.1: VBITSORT and VMRGSORT4 share it). GetMrgSortResult makes the scalar
// wait for the last MrgSort, whose counts are data dependent.
//
//===----------------------------------------------------------------------===//

#include "ascsim/sort_abi.h"

#include "device/Core.h"
#include "ops/SortOps.h"
#include "support/Fault.h"

#include <algorithm>
#include <string>

namespace ascsim {

namespace abi {
uint64_t sortOp(const SortCall &call, Loc loc) {
  return currentCore().sortOp(call, loc);
}
void apiFault(const char *category, const char *message, Loc loc) {
  currentCore().apiFault(category, message, loc);
}
void noBufferFault(const char *api, const char *role, Loc loc) {
  currentCore().noBufferFault(api, role, loc);
}
} // namespace abi

void Core::apiFault(const char *category, const char *message, Loc loc) {
  beginCall(loc);
  fail(category, message, loc);
}

void Core::noBufferFault(const char *api, const char *role, Loc loc) {
  beginCall(loc);
  failNoBuffer(api, role, loc);
}

/// Plans and issues sort instructions with access to the core's state.
class SortIssuer {
public:
  SortIssuer(Core &core, const SortCall &c, Loc loc)
      : core_(core), c_(c), loc_(loc),
        api_(c.kind == SortKind::Sort32 ? "sort32" : "mrg_sort"),
        in_(std::make_shared<SortInstr>()) {
    in_->op = VecOp::Sort32; // the instruction kind of the engine
    in_->kind = c.kind;
    in_->dt = in_->st = in_->scoreType = c.type;
    in_->form = MaskForm::None;
    in_->loc = loc;
  }

  void sort32();
  void mrgSort();

private:
  struct Use {
    const char *role;
    uint8_t *base;
    Span read, write; // one range each (empty: none)
  };

  [[noreturn]] void error(const char *category, const std::string &msg) {
    fail(category, std::string(api_) + ": " + msg, loc_);
  }
  void checkType() {
    if (c_.type != DType::F16 && c_.type != DType::F32)
      error("dtype", std::string("does not support ") + dtypeName(c_.type) +
                         " scores on Ascend 910B/910C (A2/A3); supported: "
                         "float16, float32");
  }
  uint8_t *use(const Operand &o, const char *role, Span read, Span write,
               DType t) {
    Mem m = memOfPosition(o.pos);
    if (m != Mem::UB) {
      requireBuffer(o, api_, role, loc_);
      error("argument", std::string("the ") + role + " is at position " +
                            positionName(o.pos) + " (" + memName(m) +
                            "); it must be in the Unified Buffer (VECIN, "
                            "VECOUT, VECCALC)");
    }
    if (o.addr % 32 != 0)
      error("alignment", std::string("the ") + role + " UB address " +
                             std::to_string(o.addr) +
                             " is not 32-byte aligned");
    uint64_t lo = read.end > read.start ? read.start : write.start;
    uint64_t hi = std::max(read.end, write.end);
    if (read.end > read.start && write.end > write.start)
      lo = std::min(read.start, write.start);
    Access a{api_, role, write.end > write.start, t, /*blockAligned=*/false};
    uint8_t *p = core_.mem_.resolve(o, lo, hi - lo, a, loc_) - lo;
    uses_.push_back({role, p, read, write});
    return p;
  }
  void issue(uint64_t repeats);

  Core &core_;
  const SortCall &c_;
  Loc loc_;
  const char *api_;
  std::shared_ptr<SortInstr> in_;
  std::vector<Use> uses_;
};

uint64_t Core::sortOp(const SortCall &call, Loc loc) {
  beginCall(loc);
  if (call.kind == SortKind::MrgSortResult) {
    if (!lastMrgSort_)
      return 0;
    Stall stall;
    stall.loc = loc;
    stall.whatLiteral = "the scalar unit stalls here: get_mrg_sort_result "
                        "waits for the last mrg_sort to complete";
    scalar_ = std::max(scalar_, engine_.runUntilPipeDone(Pipe::V, stall));
    uint64_t packed = 0;
    for (int i = 0; i < 4; ++i)
      packed |= uint64_t(lastMrgSort_->taken[i] & 0xFFFF) << (16 * i);
    return packed;
  }
  SortIssuer s(*this, call, loc);
  if (call.kind == SortKind::Sort32)
    s.sort32();
  else
    s.mrgSort();
  return 0;
}

void SortIssuer::issue(uint64_t repeats) {
  SortInstr &in = *in_;
  // One written operand (dst): staging covers its written range densely.
  const Use &d = uses_.back();
  in.out = d.base + d.write.start;
  in.stagingBytes = d.write.end - d.write.start;
  in.dense = true;
  in.segs.clear();
  uintptr_t rlo = ~uintptr_t(0), rhi = 0;
  for (const Use &u : uses_)
    if (u.read.end > u.read.start) {
      rlo = std::min(rlo, reinterpret_cast<uintptr_t>(u.base + u.read.start));
      rhi = std::max(rhi, reinterpret_cast<uintptr_t>(u.base + u.read.end));
    }
  uintptr_t wlo = reinterpret_cast<uintptr_t>(in.out);
  in.hulls[0] = {wlo, wlo + in.stagingBytes};
  in.hulls[1] = rhi ? std::make_pair(rlo, rhi)
                    : std::make_pair(uintptr_t(0), uintptr_t(0));
  in.hulls[2] = {0, 0};

  Instr instr;
  instr.kind = InstrKind::Work;
  instr.pipe = Pipe::V;
  instr.site.seq = core_.seq_;
  instr.site.loc = loc_;
  instr.site.name = api_;
  instr.cost = timing::vectorOp(VecOp::Sort32, c_.type, c_.type,
                                {std::max<uint64_t>(1, repeats)});
  instr.work.kind = WorkKind::Vector;
  instr.work.type = c_.type;
  instr.work.dst = in.out;
  CoreMemory &mem = core_.mem_;
  for (int pass = 0; pass < 2; ++pass)
    for (const Use &u : uses_) {
      const Span &s = pass == 0 ? u.read : u.write;
      if (s.end <= s.start)
        continue;
      uint64_t base = mem.ubOffset(u.base);
      if (core_.race_)
        instr.fp.push_back(
            ByteRange{Mem::UB, base + s.start, base + s.end, pass == 1});
      if (!mem.initTracking())
        continue;
      if (pass == 1)
        mem.markWritten(base + s.start, s.end - s.start);
      else
        core_.checkInit(api_, u.role, base + s.start, s.end - s.start, loc_);
    }
  instr.work.vec = in_;
  core_.issue(std::move(instr));
}

void SortIssuer::sort32() {
  checkType();
  if (c_.repeat < 0 || c_.repeat > 255)
    error("argument", "repeat_time must be in [0, 255], but got " +
                          std::to_string(c_.repeat));
  const uint64_t reps = static_cast<uint64_t>(c_.repeat);
  if (reps == 0)
    return;
  const uint32_t es = dtypeSize(c_.type);
  in_->reps = reps;
  in_->scores = use(c_.src[0], "scores", {0, reps * 32 * es}, {}, c_.type);
  in_->indices = use(c_.index, "indices", {0, reps * 32 * 4}, {}, DType::U32);
  in_->dst = use(c_.dst, "destination", {}, {0, reps * 256}, c_.type);
  issue(reps);
}

void SortIssuer::mrgSort() {
  checkType();
  uint32_t n = c_.validBit == 3    ? 2
               : c_.validBit == 7  ? 3
               : c_.validBit == 15 ? 4
                                   : 0;
  if (n == 0)
    error("argument", "valid_bit must be 3 (0b11), 7 (0b111) or 15 (0b1111), "
                      "but got " +
                          std::to_string(c_.validBit));
  if (c_.repeat < 1 || c_.repeat > 255)
    error("argument", "the repeat count must be in [1, 255], but got " +
                          std::to_string(c_.repeat));
  const uint64_t reps = static_cast<uint64_t>(c_.repeat);
  uint64_t total = 0;
  for (uint32_t i = 0; i < n; ++i)
    total += c_.lengths[i];
  if (reps > 1)
    for (uint32_t i = 0; i < n; ++i) {
      if (c_.lengths[i] != c_.lengths[0])
        error("argument", "with more than one repeat the lists must have "
                          "equal lengths, but list 1 holds " +
                              std::to_string(c_.lengths[0]) + " and list " +
                              std::to_string(i + 1) + " " +
                              std::to_string(c_.lengths[i]));
      if (i > 0 && c_.src[i].addr !=
                       c_.src[i - 1].addr + uint64_t(c_.lengths[i - 1]) * 8)
        error("argument", "with more than one repeat the lists must be "
                          "contiguous, but list " +
                              std::to_string(i + 1) +
                              " does not start where list " +
                              std::to_string(i) + " ends");
    }
  in_->reps = reps;
  in_->numLists = n;
  in_->repeatBytes = total * 8;
  in_->exhaustedSuspension = c_.exhaustedSuspension;
  const uint64_t outBytes = reps * total * 8;
  static const char *const kRole[4] = {"list 1", "list 2", "list 3", "list 4"};
  for (uint32_t i = 0; i < n; ++i) {
    in_->lengths[i] = c_.lengths[i];
    uint64_t len = uint64_t(c_.lengths[i]) * 8;
    // Repeats shift every list by the total (contiguous lists).
    Span read{0, len + (reps - 1) * total * 8};
    if (c_.lengths[i] == 0)
      read = {0, 0};
    // Lists must not overlap the destination.
    uint64_t a = c_.src[i].addr, b = a + read.end;
    uint64_t da = c_.dst.addr, db = da + outBytes;
    if (read.end > 0 && c_.src[i].pos == c_.dst.pos && a < db && da < b)
      error("argument", std::string(kRole[i]) +
                            " overlaps the destination; merge into a "
                            "separate buffer");
    in_->lists[i] = use(c_.src[i], kRole[i], read, {}, c_.type);
  }
  if (outBytes == 0)
    return;
  // What is written is data dependent with is_exhausted_suspension: the
  // whole possible output is reported.
  in_->dst = use(c_.dst, "destination", {}, {0, outBytes}, c_.type);
  core_.lastMrgSort_ = in_;
  issue((outBytes + 255) / 256);
}

} // namespace ascsim

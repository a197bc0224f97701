//===- device/LayoutAbi.cpp - GatherMask, Transpose, 5HD, Scatter -*- C++
//-*-===//
//
// Implements ascsim/layout_abi.h on a core: checks each call (dtypes,
// parameters, alignment, bounds), plans it as an ops::LayoutInstr (exact
// read/write footprints, the element moves of the static layouts) and issues
// it into PIPE_V. GatherMask makes the scalar wait for the instruction to
// complete, since it returns the kept count.
//
//===----------------------------------------------------------------------===//

#include "ascsim/layout_abi.h"

#include "device/Core.h"
#include "ops/LayoutOps.h"
#include "support/Fault.h"

#include <algorithm>
#include <string>

namespace ascsim {

namespace abi {
uint64_t layoutOp(const LayoutCall &call, Loc loc) {
  return currentCore().layoutOp(call, loc);
}
} // namespace abi

namespace {

Spans merged(Spans s) {
  std::sort(s.begin(), s.end(),
            [](const Span &a, const Span &b) { return a.start < b.start; });
  Spans m;
  for (const Span &x : s) {
    if (x.start >= x.end)
      continue;
    if (!m.empty() && x.start <= m.back().end)
      m.back().end = std::max(m.back().end, x.end);
    else
      m.push_back(x);
  }
  return m;
}

bool oneOf(DType t, std::initializer_list<DType> ts) {
  return std::find(ts.begin(), ts.end(), t) != ts.end();
}

std::string names(std::initializer_list<DType> ts) {
  std::string s;
  for (DType t : ts)
    s += (s.empty() ? "" : ", ") + std::string(dtypeName(t));
  return s;
}

} // namespace

/// Plans and issues layout instructions with access to the core's state.
class LayoutIssuer {
public:
  LayoutIssuer(Core &core, const LayoutCall &c, Loc loc)
      : core_(core), c_(c), loc_(loc), api_(layoutOpName(c.op)),
        li_(std::make_shared<LayoutInstr>()) {
    li_->op = VecOp::Layout;
    li_->lop = c.op;
    li_->dt = li_->st = c.type;
    li_->form = MaskForm::None;
    li_->loc = loc;
    uses_.reserve(40); // use() hands out references into it
  }

  uint64_t run();

private:
  /// One resolved operand: its host base and exact footprints.
  struct Use {
    const char *role;
    uint8_t *base;
    Spans reads, writes;
  };

  [[noreturn]] void error(const char *category, const std::string &msg) {
    fail(category, std::string(api_) + ": " + msg, loc_);
  }
  void checkRepeat(int64_t r, const char *name) {
    if (r < 0 || r > 255)
      error("argument", std::string(name) + " must be in [0, 255], but got " +
                            std::to_string(r));
  }
  /// Resolves a UB operand over the hull of its footprints.
  uint8_t *resolve(const Operand &o, const char *role, const Spans &reads,
                   const Spans &writes, DType t, uint32_t align = 32) {
    Mem m = memOfPosition(o.pos);
    if (m != Mem::UB) {
      requireBuffer(o, api_, role, loc_);
      error("argument", std::string("the ") + role + " is at position " +
                            positionName(o.pos) + " (" + memName(m) +
                            "); it must be in the Unified Buffer (VECIN, "
                            "VECOUT, VECCALC)");
    }
    if (o.addr % align != 0)
      error("alignment", std::string("the ") + role + " UB address " +
                             std::to_string(o.addr) + " is not " +
                             std::to_string(align) + "-byte aligned");
    Span r = hull(reads), w = hull(writes);
    uint64_t lo = 0, hi = 0;
    if (!reads.empty() || !writes.empty()) {
      lo = reads.empty()    ? w.start
           : writes.empty() ? r.start
                            : std::min(r.start, w.start);
      hi = std::max(r.end, w.end);
    }
    Access a{api_, role, !writes.empty(), t, /*blockAligned=*/false};
    uint8_t *p = core_.mem_.resolve(o, lo, hi - lo, a, loc_);
    return p - lo;
  }
  Use &use(const Operand &o, const char *role, Spans reads, Spans writes,
           DType t, uint32_t align = 32) {
    reads = merged(std::move(reads));
    writes = merged(std::move(writes));
    uint8_t *b = resolve(o, role, reads, writes, t, align);
    uses_.push_back({role, b, std::move(reads), std::move(writes)});
    return uses_.back();
  }
  /// An operand given as a raw UB address: its view is the rest of the UB.
  Operand rawUb(uint64_t addr) const {
    uint64_t ub = core_.mem_.ubBytes();
    return Operand{addr, addr < ub ? ub - addr : 0,
                   static_cast<uint8_t>(9) /* VECIN */};
  }

  uint64_t gatherMask();
  void transpose();
  void transposeExt();
  void trans5hd();
  void scatter();
  void issue(uint64_t repeats);

  Core &core_;
  const LayoutCall &c_;
  Loc loc_;
  const char *api_;
  std::shared_ptr<LayoutInstr> li_;
  std::vector<Use> uses_;
};

uint64_t Core::layoutOp(const LayoutCall &call, Loc loc) {
  beginCall(loc);
  if (call.op == LayoutOp::RemainCount)
    return gatherMaskRemain_;
  return LayoutIssuer(*this, call, loc).run();
}

uint64_t LayoutIssuer::run() {
  switch (c_.op) {
  case LayoutOp::GatherMask:
    return gatherMask();
  case LayoutOp::Transpose:
    transpose();
    return 0;
  case LayoutOp::TransposeExt:
    transposeExt();
    return 0;
  case LayoutOp::TransData5HD:
    trans5hd();
    return 0;
  case LayoutOp::Scatter:
    scatter();
    return 0;
  case LayoutOp::RemainCount:
    break;
  }
  return 0;
}

//===----------------------------------------------------------------------===//
// Issue
//===----------------------------------------------------------------------===//

void LayoutIssuer::issue(uint64_t repeats) {
  LayoutInstr &in = *li_;
  // The written bytes of every operand, in host addresses, merged: the
  // staging buffer covers their hull densely.
  std::vector<std::pair<uint8_t *, uint8_t *>> w;
  uintptr_t rlo = ~static_cast<uintptr_t>(0), rhi = 0;
  for (const Use &u : uses_) {
    for (const Span &s : u.writes)
      w.push_back({u.base + s.start, u.base + s.end});
    for (const Span &s : u.reads) {
      rlo = std::min(rlo, reinterpret_cast<uintptr_t>(u.base + s.start));
      rhi = std::max(rhi, reinterpret_cast<uintptr_t>(u.base + s.end));
    }
  }
  std::sort(w.begin(), w.end());
  in.dense = true;
  in.segs.clear();
  if (w.empty()) {
    in.out = nullptr;
    in.stagingBytes = 0;
  } else {
    uint8_t *lo = w.front().first, *hi = w.front().second;
    std::vector<std::pair<uint8_t *, uint8_t *>> m;
    for (auto &x : w) {
      if (!m.empty() && x.first <= m.back().second)
        m.back().second = std::max(m.back().second, x.second);
      else
        m.push_back(x);
      hi = std::max(hi, x.second);
    }
    in.out = lo;
    in.stagingBytes = static_cast<uint64_t>(hi - lo);
    for (auto &x : m) {
      uint64_t off = static_cast<uint64_t>(x.first - lo);
      in.segs.push_back({off, off, static_cast<uint64_t>(x.second - x.first)});
    }
  }
  uintptr_t wlo = reinterpret_cast<uintptr_t>(in.out);
  in.hulls[0] = {wlo, wlo + in.stagingBytes};
  in.hulls[1] = rhi ? std::make_pair(rlo, rhi)
                    : std::make_pair(uintptr_t(0), uintptr_t(0));
  in.hulls[2] = {0, 0};

  // Assumed VCOPY class (hardware.md §7.1 lists VREDUCEV2, GatherMask's
  // instruction, there too).
  Cost cost = timing::vectorOp(VecOp::Copy, c_.type, c_.type,
                               {std::max<uint64_t>(1, repeats)});
  Instr instr;
  instr.kind = InstrKind::Work;
  instr.pipe = Pipe::V;
  instr.site.seq = core_.seq_;
  instr.site.loc = loc_;
  instr.site.name = api_;
  instr.cost = cost;
  instr.work.kind = WorkKind::Vector;
  instr.work.type = c_.type;
  instr.work.dst = in.out;
  CoreMemory &mem = core_.mem_;
  for (int pass = 0; pass < 2; ++pass)
    for (const Use &u : uses_) {
      uint64_t base = mem.ubOffset(u.base);
      for (const Span &s : pass == 0 ? u.reads : u.writes) {
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
    }
  instr.work.vec = li_;
  core_.issue(std::move(instr));
}

//===----------------------------------------------------------------------===//
// GatherMask
//===----------------------------------------------------------------------===//

uint64_t LayoutIssuer::gatherMask() {
  LayoutInstr &in = *li_;
  const DType t = c_.type;
  const bool builtin = c_.pattern != 0;
  static const std::initializer_list<DType> k16 = {DType::I16, DType::U16,
                                                   DType::F16, DType::BF16};
  static const std::initializer_list<DType> k32 = {DType::I32, DType::U32};
  bool ok = oneOf(t, k16) || oneOf(t, k32);
  if (ok && !builtin)
    ok = c_.patternType == (oneOf(t, k16) ? DType::U16 : DType::U32);
  if (!ok)
    error("dtype",
          std::string("does not support ") + dtypeName(t) + " sources" +
              (builtin ? std::string()
                       : std::string(" with a ") + dtypeName(c_.patternType) +
                             " pattern") +
              " on Ascend 910B/910C (A2/A3); supported (src0, pattern): "
              "(int16, uint16), (uint16, uint16), (float16, uint16), "
              "(bfloat16, uint16), (int32, uint32), (uint32, uint32)");
  if (builtin && (c_.pattern < 1 || c_.pattern > 7))
    error("argument", "a built-in pattern must be in [1, 7], but got " +
                          std::to_string(c_.pattern == 0xFF ? 0 : c_.pattern));
  checkRepeat(c_.repeat, "params.repeat_times");

  // The mask mode afterwards (ascendc_api.md §5.8): normal; the counter-mode
  // form set the mask register to the per-repeat count.
  VecRegs &regs = core_.vecRegs_;
  regs.counter = false;
  if (c_.reduceMode) {
    regs.maskHi = 0;
    regs.maskLo = c_.mask;
  }

  const uint32_t es = dtypeSize(t), epb = 32 / es;
  in.es = es;
  in.pattern = builtin ? c_.pattern : 0;
  in.reps = static_cast<uint64_t>(c_.repeat);
  in.perRep = c_.reduceMode ? c_.mask : 256 / es;
  in.src0Blk = static_cast<uint64_t>(c_.src0Blk);
  in.src0Rep = static_cast<uint64_t>(c_.src0Rep);
  in.src1Rep = builtin ? 0 : static_cast<uint64_t>(c_.src1Rep);
  if (in.reps == 0 || in.perRep == 0) {
    core_.gatherMaskRemain_ = 0;
    return 0;
  }
  // Before their sizes, which an empty tensor has 0 elements of.
  requireBuffer(c_.src0, api_, "source 0", loc_);
  requireBuffer(c_.dst, api_, "destination", loc_);
  // A counter-mode repeat walks blocks beyond the eighth: reject what cannot
  // fit before enumerating it.
  uint64_t srcElems = c_.src0.bytes / es;
  if (in.src0Blk > 0 && in.perRep > srcElems)
    error("bounds", "mask = " + std::to_string(in.perRep) +
                        " elements per repeat, but the source tensor holds " +
                        std::to_string(srcElems));
  if (in.perRep > core_.mem_.ubBytes() / es)
    error("argument", "mask = " + std::to_string(in.perRep) +
                          " elements per repeat exceeds the Unified Buffer");

  Spans src, pat, dst;
  uint64_t blocks = (in.perRep + epb - 1) / epb;
  for (uint64_t r = 0; r < in.reps; ++r) {
    for (uint64_t b = 0; b < blocks; ++b) {
      uint64_t n = std::min<uint64_t>(epb, in.perRep - b * epb);
      uint64_t a = (r * in.src0Rep + b * in.src0Blk) * 32;
      src.push_back({a, a + n * es});
    }
    if (!builtin) {
      uint64_t a = r * in.src1Rep * 32;
      pat.push_back({a, a + (in.perRep + 7) / 8});
    }
  }
  in.dstCapacity = c_.dst.bytes / es;
  uint64_t most = in.reps * in.perRep;
  if (builtin) { // the count is static
    uint64_t perRepKept = 0;
    for (uint64_t e = 0; e < std::min<uint64_t>(in.perRep, 4); ++e)
      if (builtinPatternBit(in.pattern, e))
        perRepKept += (in.perRep - e + 3) / 4;
    most = perRepKept * in.reps;
    if (most > in.dstCapacity)
      error("bounds", "built-in pattern " + std::to_string(in.pattern) +
                          " keeps " + std::to_string(most) +
                          " elements, but the destination tensor holds " +
                          std::to_string(in.dstCapacity));
  }
  // Data dependent (tensor pattern): reported as writing every element it
  // could keep that fits the view; a kept element beyond the view is a
  // run-time bounds fault.
  uint64_t out = std::min(most, in.dstCapacity);
  if (out)
    dst.push_back({0, out * es});

  Use &s0 = use(c_.src0, "source 0", src, {}, t);
  in.src0 = s0.base;
  if (!builtin)
    in.patternBase = use(c_.src1, "pattern", pat, {}, c_.patternType).base;
  Use &d = use(c_.dst, "destination", {}, dst, t);
  uint8_t *dstBase = d.base;
  issue(in.reps * blocks / 8 + (in.reps * blocks % 8 != 0));
  if (in.out != nullptr && in.out != dstBase)
    error("internal", "unexpected staging layout");

  // The scalar receives the count once the instruction has completed.
  Stall stall;
  stall.loc = loc_;
  stall.whatLiteral = "the scalar unit stalls here: gather_mask waits for "
                      "PIPE_V to return the kept count";
  core_.scalar_ =
      std::max(core_.scalar_, core_.engine_.runUntilPipeDone(Pipe::V, stall));
  core_.gatherMaskRemain_ = li_->kept;
  return li_->kept;
}

//===----------------------------------------------------------------------===//
// Transpose
//===----------------------------------------------------------------------===//

void LayoutIssuer::transpose() {
  const DType t = c_.type;
  if (!oneOf(t, {DType::I16, DType::U16, DType::F16}))
    error("dtype", std::string("the 16x16 form does not support ") +
                       dtypeName(t) +
                       " on Ascend 910B/910C (A2/A3); supported: " +
                       names({DType::I16, DType::U16, DType::F16}));
  Use &s = use(c_.src0, "source", {{0, 512}}, {}, t);
  Use &d = use(c_.dst, "destination", {}, {{0, 512}}, t);
  for (uint32_t i = 0; i < 16; ++i)
    for (uint32_t j = 0; j < 16; ++j)
      li_->moves.push_back(
          {s.base + (j * 16 + i) * 2, d.base + (i * 16 + j) * 2, 2});
  issue(2);
}

void LayoutIssuer::transposeExt() {
  const DType t = c_.type;
  const uint32_t es = dtypeSize(t);
  const uint8_t type = c_.transposeType;
  constexpr uint8_t kNd2NdB16 = 10, kNchw2Nhwc = 11, kNhwc2Nchw = 12;
  if (type != kNd2NdB16 && type != kNchw2Nhwc && type != kNhwc2Nchw)
    error(
        "argument",
        "transpose type " + std::to_string(type) +
            " is not implemented on Ascend 910B/910C (A2/A3); use "
            "TRANSPOSE_ND2ND_B16, TRANSPOSE_NCHW2NHWC or TRANSPOSE_NHWC2NCHW");
  const uint64_t n = c_.n, ch = c_.c, hw = uint64_t(c_.h) * c_.w;
  if (type == kNd2NdB16) {
    if (es != 2)
      error("dtype", std::string("TRANSPOSE_ND2ND_B16 needs a 2-byte type, "
                                 "not ") +
                         dtypeName(t));
    if (c_.h != 16 || c_.w != 16)
      error("argument", "TRANSPOSE_ND2ND_B16 needs h_size = w_size = 16, but "
                        "got " +
                            std::to_string(c_.h) + " and " +
                            std::to_string(c_.w));
    uint64_t tiles = n * ch;
    if (tiles == 0)
      return;
    Use &s = use(c_.src0, "source", {{0, tiles * 512}}, {}, t);
    Use &d = use(c_.dst, "destination", {}, {{0, tiles * 512}}, t);
    for (uint64_t k = 0; k < tiles; ++k)
      for (uint32_t i = 0; i < 16; ++i)
        for (uint32_t j = 0; j < 16; ++j)
          li_->moves.push_back({s.base + k * 512 + (j * 16 + i) * 2,
                                d.base + k * 512 + (i * 16 + j) * 2, 2});
    issue(tiles * 2);
    return;
  }
  static const std::initializer_list<DType> kTypes = {
      DType::I8,  DType::U8,  DType::I16, DType::U16,
      DType::F16, DType::I32, DType::U32, DType::F32};
  if (!oneOf(t, kTypes))
    error("dtype",
          std::string("NCHW/NHWC transposes do not support ") + dtypeName(t) +
              " on Ascend 910B/910C (A2/A3); supported: " + names(kTypes));
  if (ch > 4095)
    error("argument",
          "c_size must be at most 4095, but got " + std::to_string(ch));
  if (hw > 4095)
    error("argument", "h_size * w_size must be at most 4095, but got " +
                          std::to_string(hw));
  if (hw * es % 32 != 0)
    error("alignment", "h_size * w_size * sizeof(" + std::string(dtypeName(t)) +
                           ") = " + std::to_string(hw * es) +
                           " bytes is not a multiple of 32");
  uint64_t h0 = es == 1 ? 32 : 16, w0 = 32 / es;
  uint64_t tmpNeed = (type == kNchw2Nhwc ? ch + 2 : 2 * ch + 1) * h0 * w0 * es;
  // Before its size, which an empty tensor has 0 bytes of.
  requireBuffer(c_.src1, api_, "shared tmp buffer", loc_);
  if (c_.src1.bytes < tmpNeed)
    error("bounds", "the shared tmp buffer holds " +
                        std::to_string(c_.src1.bytes) + " bytes, but " +
                        (type == kNchw2Nhwc ? "(c + 2)" : "(2c + 1)") +
                        " * h0 * w0 * sizeof(T) = " + std::to_string(tmpNeed) +
                        " are needed");
  uint64_t total = n * ch * hw;
  if (total == 0)
    return;
  Use &s = use(c_.src0, "source", {{0, total * es}}, {}, t);
  Use &d = use(c_.dst, "destination", {}, {{0, total * es}}, t);
  // The scratch buffer is clobbered: reported as written (contents kept).
  use(c_.src1, "shared tmp buffer", {}, {{0, tmpNeed}}, DType::U8);
  for (uint64_t b = 0; b < n; ++b)
    for (uint64_t k = 0; k < ch; ++k)
      for (uint64_t p = 0; p < hw; ++p) {
        uint64_t nchw = (b * ch + k) * hw + p, nhwc = (b * hw + p) * ch + k;
        uint64_t from = type == kNchw2Nhwc ? nchw : nhwc;
        uint64_t to = type == kNchw2Nhwc ? nhwc : nchw;
        li_->moves.push_back({s.base + from * es, d.base + to * es, es});
      }
  issue((total * es + 255) / 256 * 2);
}

//===----------------------------------------------------------------------===//
// TransDataTo5HD
//===----------------------------------------------------------------------===//

void LayoutIssuer::trans5hd() {
  const DType t = c_.type;
  const uint32_t es = dtypeSize(t);
  static const std::initializer_list<DType> kTypes = {
      DType::I8,  DType::U8,  DType::I16, DType::U16,
      DType::F16, DType::I32, DType::U32, DType::F32};
  if (!oneOf(t, kTypes))
    error("dtype",
          std::string("does not support ") + dtypeName(t) +
              " on Ascend 910B/910C (A2/A3); supported: " + names(kTypes));
  if (es != 1 && (c_.dstHighHalf || c_.srcHighHalf))
    error("argument", "dst_high_half/src_high_half apply only to int8/uint8, "
                      "not " +
                          std::string(dtypeName(t)));
  checkRepeat(c_.repeat, "params.repeat_times");
  if (c_.dstRep < 0 || c_.src0Rep < 0)
    error("argument", "the repeat strides must be non-negative");
  const uint64_t reps = static_cast<uint64_t>(c_.repeat);
  if (reps == 0)
    return;
  // The 16 + 16 block addresses.
  Operand lists[32];
  if (c_.listForm == ListForm::UbTensor) {
    uint64_t words[32];
    for (int k = 0; k < 2; ++k) {
      const Operand &o = k == 0 ? c_.dst : c_.src0;
      const char *role =
          k == 0 ? "destination address list" : "source address list";
      Mem m = memOfPosition(o.pos);
      if (m != Mem::UB) {
        requireBuffer(o, api_, role, loc_);
        error("argument", std::string("the ") + role +
                              " must be a LocalTensor in the Unified Buffer");
      }
      Access a{api_, role, false, DType::U64, /*blockAligned=*/false};
      // A scalar read of the 16 addresses (PIPE_S), in program order.
      core_.engine_.runUntil(core_.scalar_);
      uint8_t *p = core_.mem_.resolve(o, 0, 128, a, loc_);
      core_.scalarAccess(p, 128, false, api_, loc_, core_.seq_);
      for (int i = 0; i < 16; ++i) {
        uint64_t v = 0;
        for (int b = 0; b < 8; ++b)
          v |= uint64_t(p[i * 8 + b]) << (8 * b);
        words[k * 16 + i] = v;
      }
    }
    for (int i = 0; i < 32; ++i)
      lists[i] = rawUb(words[i]);
  } else if (c_.listForm == ListForm::Addresses) {
    for (int i = 0; i < 32; ++i)
      lists[i] = rawUb(c_.lists[i].addr);
  } else {
    for (int i = 0; i < 32; ++i)
      lists[i] = c_.lists[i];
  }
  // Repeat r uses list + r * stride blocks; with one repeat the stride is
  // still applied once (ascendc_api.md §5.9).
  auto step = [&](uint64_t r, int64_t stride) {
    return (reps == 1 ? 1 : r) * static_cast<uint64_t>(stride) * 32;
  };
  const uint64_t half = es == 1 ? 16 : 0;
  // Per list entry: the bytes it reads / writes.
  uint8_t *base[32];
  for (int i = 0; i < 32; ++i) {
    bool isDst = i < 16;
    Spans sp;
    for (uint64_t r = 0; r < reps; ++r) {
      uint64_t a = step(r, isDst ? c_.dstRep : c_.src0Rep);
      if (es == 1 && isDst)
        a += c_.dstHighHalf ? half : 0;
      if (es == 1 && !isDst)
        a += c_.srcHighHalf ? half : 0;
      sp.push_back({a, a + (es == 1 ? 16 : 32)});
    }
    static const char *const kDst[16] = {
        "destination 0",  "destination 1",  "destination 2",  "destination 3",
        "destination 4",  "destination 5",  "destination 6",  "destination 7",
        "destination 8",  "destination 9",  "destination 10", "destination 11",
        "destination 12", "destination 13", "destination 14", "destination 15"};
    static const char *const kSrc[16] = {
        "source 0",  "source 1",  "source 2",  "source 3",
        "source 4",  "source 5",  "source 6",  "source 7",
        "source 8",  "source 9",  "source 10", "source 11",
        "source 12", "source 13", "source 14", "source 15"};
    Use &u = isDst ? use(lists[i], kDst[i], {}, sp, t)
                   : use(lists[i], kSrc[i - 16], sp, {}, t);
    base[i] = u.base;
  }
  for (uint64_t r = 0; r < reps; ++r) {
    uint64_t ds = step(r, c_.dstRep), ss = step(r, c_.src0Rep);
    for (int j = 0; j < 16; ++j)
      for (int i = 0; i < 16; ++i) {
        if (es == 2) { // dst block j, element i = src block i, element j
          li_->moves.push_back(
              {base[16 + i] + ss + j * 2, base[j] + ds + i * 2, 2});
        } else if (es == 1) {
          li_->moves.push_back(
              {base[16 + i] + ss + (c_.srcHighHalf ? 16 : 0) + j,
               base[j] + ds + (c_.dstHighHalf ? 16 : 0) + i, 1});
        } else if (j < 8) { // b32: column j of the 16x8 source matrix fills
                            // destination blocks 2j (rows 0-7), 2j+1 (8-15)
          li_->moves.push_back({base[16 + i] + ss + j * 4,
                                base[2 * j + i / 8] + ds + (i % 8) * 4, 4});
        }
      }
  }
  issue(reps * 2);
}

//===----------------------------------------------------------------------===//
// Scatter
//===----------------------------------------------------------------------===//

void LayoutIssuer::scatter() {
  LayoutInstr &in = *li_;
  const DType t = c_.type;
  const uint32_t es = dtypeSize(t);
  static const std::initializer_list<DType> kTypes = {
      DType::F16, DType::BF16, DType::U16, DType::I16,
      DType::F32, DType::U32,  DType::I32};
  if (!oneOf(t, kTypes))
    error("dtype", std::string("does not support ") + dtypeName(t) +
                       "; supported: " + names(kTypes));
  in.es = es;
  in.perRep = 256 / es;
  uint64_t hi = 0, lo = 0, count = 0;
  bool counter = false;
  if (c_.maskForm == MaskForm::Count) {
    counter = true;
    count = c_.maskBits[0];
    in.reps = (count + in.perRep - 1) / in.perRep;
    in.src0Rep = 8;
  } else {
    checkRepeat(c_.repeat, "repeat_times");
    in.reps = static_cast<uint64_t>(c_.repeat);
    in.src0Rep = static_cast<uint64_t>(c_.src0Rep);
    if (c_.maskForm == MaskForm::Continuous) {
      uint64_t n = c_.maskBits[0];
      if (n > in.perRep)
        error("argument", "a continuous mask selects the first n elements of "
                          "each repeat, n in [1, " +
                              std::to_string(in.perRep) + "], but got " +
                              std::to_string(n));
      lo = n >= 64 ? ~0ull : (n == 0 ? 0 : (~0ull >> (64 - n)));
      hi = n <= 64 ? 0 : (n >= 128 ? ~0ull : (~0ull >> (128 - n)));
    } else {
      lo = c_.maskBits[0];
      hi = c_.maskBits[1];
    }
    if (in.perRep <= 64) {
      hi = 0;
      if (in.perRep < 64)
        lo &= (1ull << in.perRep) - 1;
    }
  }
  Spans src, off;
  for (uint64_t r = 0; r < in.reps; ++r)
    for (uint64_t e = 0; e < in.perRep; ++e) {
      bool on = counter ? r * in.perRep + e < count
                        : ((e < 64 ? lo >> e : hi >> (e - 64)) & 1);
      if (!on)
        continue;
      in.lanes.push_back((r << 32) | e);
      uint64_t a = r * in.src0Rep * 32 + e * es;
      src.push_back({a, a + es});
      uint64_t o = (r * in.perRep + e) * 4;
      off.push_back({o, o + 4});
    }
  if (in.lanes.empty())
    return;
  in.src0 = use(c_.src0, "source", src, {}, t).base;
  in.offsets = use(c_.src1, "offset tensor", off, {}, DType::U32).base;
  // Data dependent: the whole destination view is reported as written.
  in.dstView = c_.dst.bytes;
  in.base = c_.base;
  in.dstBase = use(c_.dst, "destination", {}, {{0, in.dstView}}, t).base;
  issue(in.reps);
}

} // namespace ascsim

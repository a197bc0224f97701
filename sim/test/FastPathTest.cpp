//===- test/FastPathTest.cpp - Fast paths against the general ones --------===//
//
// ops/FastPaths.cpp and the run-wise footprints of ops/VectorOps.cpp must be
// bit-identical to the general paths: randomized instructions (forms, masks,
// strides, aliasing) on random data with NaN payloads, infinities, -0,
// subnormals and integer wraparound are evaluated with the fast paths on and
// off, and every footprint is compared with a per-element reference.
//
//===----------------------------------------------------------------------===//

#include "ops/FastPaths.h"
#include "ops/Ops.h"
#include "ops/VectorOps.h"
#include "support/Isa.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <random>
#include <set>
#include <vector>

using namespace ascsim;

namespace {

struct FastOff {
  FastOff() { fastPathsEnabled() = false; }
  ~FastOff() { fastPathsEnabled() = true; }
};

/// Random element bits with special values mixed in.
uint64_t specialBits(std::mt19937_64 &rng, DType t) {
  static const uint32_t f32[] = {0x00000000, 0x80000000, 0x7f800000, 0xff800000,
                                 0x7fc00000, 0xffc12345, 0x7f800001, 0x00000001,
                                 0x807fffff, 0x7f7fffff, 0xff7fffff, 0x3f800000,
                                 0x00800000, 0x33800000};
  static const uint16_t f16[] = {0x0000, 0x8000, 0x7c00, 0xfc00, 0x7e00,
                                 0xfe55, 0x7c01, 0x0001, 0x83ff, 0x7bff,
                                 0xfbff, 0x3c00, 0x0400, 0x7800, 0xf800};
  static const int32_t i32[] = {0, 1, -1, INT32_MAX, INT32_MIN, 65536};
  static const int16_t i16[] = {0, 1, -1, INT16_MAX, INT16_MIN, 256};
  uint64_t r = rng();
  bool special = (r & 3) == 0;
  r >>= 2;
  switch (t) {
  case DType::F32:
    if (special)
      return f32[r % (sizeof f32 / sizeof f32[0])];
    // mostly moderate magnitudes, sometimes any bits
    if (r & 1)
      return static_cast<uint32_t>(r >> 1);
    {
      float f =
          static_cast<float>(static_cast<int64_t>(r >> 8) % 2000001 - 1000000) /
          static_cast<float>(1 + (r & 0xff));
      uint32_t b;
      std::memcpy(&b, &f, 4);
      return b;
    }
  case DType::F16:
    if (special)
      return f16[r % (sizeof f16 / sizeof f16[0])];
    return static_cast<uint16_t>(r);
  case DType::I32:
    return static_cast<uint32_t>(special ? i32[r % 6]
                                         : static_cast<int32_t>(r));
  case DType::I16:
    return static_cast<uint16_t>(special ? i16[r % 6]
                                         : static_cast<int16_t>(r));
  default:
    return r;
  }
}

void fill(std::mt19937_64 &rng, uint8_t *p, uint64_t bytes, DType t) {
  uint32_t es = dtypeSize(t);
  for (uint64_t i = 0; i + es <= bytes; i += es) {
    uint64_t b = specialBits(rng, t);
    std::memcpy(p + i, &b, es);
  }
}

/// Per-element reference of the footprint of an element-walking operand:
/// the canonical (sorted, merged) ranges of every enabled element's bytes.
Spans referenceSpans(const VecInstr &in, Role role, bool all) {
  const VecOperand &o = in.operand(role);
  std::set<uint64_t> bytes;
  uint32_t epb = o.epb ? o.epb : 32 / o.es;
  for (uint32_t r = 0; r < in.repeats; ++r) {
    uint32_t n = in.perRepeat;
    if (in.counter) {
      uint64_t done = static_cast<uint64_t>(r) * in.perRepeat;
      n = static_cast<uint32_t>(
          std::min<uint64_t>(in.count > done ? in.count - done : 0, n));
    }
    for (uint32_t e = 0; e < n; ++e) {
      bool on = all || in.counter ||
                (e < 64 ? (in.maskLo >> e) & 1 : (in.maskHi >> (e - 64)) & 1);
      if (!on)
        continue;
      uint64_t a = (static_cast<uint64_t>(r) * o.rep +
                    static_cast<uint64_t>(e / epb) * o.blk) *
                       32 +
                   o.inOff + static_cast<uint64_t>(e % epb) * o.es;
      for (uint32_t k = 0; k < o.es; ++k)
        bytes.insert(a + k);
    }
  }
  Spans out;
  for (uint64_t b : bytes) {
    if (!out.empty() && out.back().end == b)
      out.back().end = b + 1;
    else
      out.push_back({b, b + 1});
  }
  return out;
}

/// A random instruction plan (no addresses).
VecInstr randomPlan(std::mt19937_64 &rng, VecOp op, DType t, bool dense) {
  VecInstr in;
  in.op = op;
  in.dt = in.st = t;
  if (op == VecOp::Compare || op == VecOp::CompareScalar)
    in.dt = DType::U8;
  in.perRepeat = elementsPerRepeat(op, in.dt, in.st);
  const uint32_t P = in.perRepeat;
  int form = static_cast<int>(rng() % 4);
  if (form == 0) { // count form
    in.form = MaskForm::Count;
    in.counter = true;
    in.count = 1 + rng() % (P * 12);
    in.repeats = static_cast<uint32_t>((in.count + P - 1) / P);
  } else {
    in.form = MaskForm::Bits;
    in.repeats = 1 + static_cast<uint32_t>(rng() % 12);
    if (form == 1 || dense) {
      in.maskLo = in.maskHi = ~0ull;
    } else if (form == 2) { // continuous
      uint64_t n = 1 + rng() % P;
      in.maskLo = n >= 64 ? ~0ull : (~0ull >> (64 - n));
      in.maskHi = n <= 64 ? 0 : (n >= 128 ? ~0ull : (~0ull >> (128 - n)));
    } else {
      in.maskLo = rng() & rng();
      in.maskHi = rng() | rng();
    }
    if (P <= 64) {
      in.maskHi = 0;
      if (P < 64)
        in.maskLo &= (1ull << P) - 1;
    }
    if (in.maskLo == 0 && in.maskHi == 0)
      in.maskLo = 1;
  }
  for (int k = 0; k < kNumRoles; ++k) {
    Role role = static_cast<Role>(k);
    VecOperand &o = in.opnd[k];
    if (!vecUses(op, role))
      continue;
    o.used = true;
    o.es = operandElemSize(op, role, in.dt, in.st);
    if (in.form == MaskForm::Count || dense) {
      o.blk = 1;
      o.rep = static_cast<int64_t>(P) * o.es / 32;
    } else {
      o.blk = static_cast<int64_t>(rng() % 4);
      o.rep = static_cast<int64_t>(rng() % 17);
    }
  }
  if (op == VecOp::ReduceSum)
    in.opnd[1].blk = in.form == MaskForm::Count ? 1 : in.opnd[1].blk;
  return in;
}

} // namespace

TEST(FastPathTest, RunFootprintsEqualPerElementFootprints) {
  std::mt19937_64 rng(7);
  const VecOp ops[] = {VecOp::Add,
                       VecOp::Adds,
                       VecOp::Abs,
                       VecOp::ReduceSum,
                       VecOp::ReduceMax,
                       VecOp::WholeReduceSum,
                       VecOp::BlockReduceMax,
                       VecOp::PairReduceSum,
                       VecOp::Compare,
                       VecOp::CompareScalar};
  const DType types[] = {DType::F32, DType::F16};
  for (int it = 0; it < 4000; ++it) {
    VecOp op = ops[rng() % (sizeof ops / sizeof ops[0])];
    DType t = types[rng() % 2];
    VecInstr in = randomPlan(rng, op, t, false);
    bool all = op == VecOp::Compare;
    for (Role role : {Role::Src0, Role::Src1}) {
      if (!in.operand(role).used)
        continue;
      Spans got = footprint(in, role, false);
      Spans want = referenceSpans(in, role, all);
      ASSERT_EQ(got.size(), want.size()) << "iteration " << it;
      for (size_t i = 0; i < got.size(); ++i) {
        ASSERT_EQ(got[i].start, want[i].start) << "iteration " << it;
        ASSERT_EQ(got[i].end, want[i].end) << "iteration " << it;
      }
    }
    if (op == VecOp::Add || op == VecOp::Adds || op == VecOp::Abs) {
      Spans got = footprint(in, Role::Dst, true);
      Spans want = referenceSpans(in, Role::Dst, false);
      ASSERT_EQ(got.size(), want.size()) << "iteration " << it;
      for (size_t i = 0; i < got.size(); ++i) {
        ASSERT_EQ(got[i].start, want[i].start);
        ASSERT_EQ(got[i].end, want[i].end);
      }
    }
  }
}

namespace {

/// Evaluates `in` (addresses inside `ub`) with the fast paths on and off;
/// returns whether the staging buffers are identical.
::testing::AssertionResult sameResult(VecInstr &in) {
  Spans dw = footprint(in, Role::Dst, true);
  Spans tw =
      in.operand(Role::Src2).used ? footprint(in, Role::Src2, true) : Spans{};
  planResult(in, dw, tw);
  std::vector<uint8_t> fast(in.stagingBytes + 1, 0xA5),
      slow(in.stagingBytes + 1, 0xA5);
  evaluateVector(in, fast.data(), in.loc);
  {
    FastOff off;
    evaluateVector(in, slow.data(), in.loc);
  }
  for (size_t i = 0; i < fast.size(); ++i)
    if (fast[i] != slow[i])
      return ::testing::AssertionFailure()
             << "byte " << i << " of " << in.stagingBytes << ": fast 0x"
             << std::hex << int(fast[i]) << ", general 0x" << int(slow[i]);
  return ::testing::AssertionSuccess();
}

} // namespace

/// Sometimes a count form of up to 150 float32 repeats (more than 64: the
/// repeat sums are summed in two tree levels).
// The ops and types the elementwise fast path (and its direct form) takes.
const VecOp kElementwiseOps[] = {
    VecOp::Add, VecOp::Sub,  VecOp::Mul,  VecOp::Div,  VecOp::Max,
    VecOp::Min, VecOp::Adds, VecOp::Muls, VecOp::Maxs, VecOp::Mins};
const DType kElementwiseTypes[] = {DType::F32, DType::F16, DType::I16,
                                   DType::I32};

// An elementwise instruction of a random op and type, dense three times in
// four; false for an integer Div (not an instruction).
bool randomElementwise(std::mt19937_64 &rng, VecInstr &in, VecOp &op,
                       DType &t) {
  op = kElementwiseOps[rng() % 10];
  t = kElementwiseTypes[rng() % 4];
  if (op == VecOp::Div && (t == DType::I16 || t == DType::I32))
    return false;
  in = randomPlan(rng, op, t, /*dense=*/rng() % 4 != 0);
  return true;
}

// Places the used operands of `in` in `ub`, 32-B aligned in 8-KiB slots
// (offsets from ub + 8192 in `slot`: dst, src0, src1), and points in.ub at
// it. Returns the aliasing drawn: 0 apart, 1 dst == src0, 2 dst == src1,
// 3 src0 partly over dst, 4 src1 == src0.
int placeOperands(std::mt19937_64 &rng, VecInstr &in, std::vector<uint8_t> &ub,
                  uint64_t slot[3]) {
  slot[0] = 0;
  slot[1] = 8192 * 2;
  slot[2] = 8192 * 4;
  const int alias = static_cast<int>(rng() % 5);
  if (alias == 1)
    slot[1] = slot[0];
  else if (alias == 2)
    slot[2] = slot[0];
  else if (alias == 3)
    slot[1] = slot[0] + 32 * (1 + rng() % 8);
  else if (alias == 4)
    slot[2] = slot[1];
  for (int k = 0; k < 3; ++k)
    if (in.opnd[k].used)
      in.opnd[k].base = ub.data() + slot[k] + 8192;
  in.ub = ub.data();
  return alias;
}

void widenCount(std::mt19937_64 &rng, VecInstr &in) {
  if (!in.counter || rng() % 4 != 0)
    return;
  in.count = 1 + rng() % (64 * 150);
  in.repeats =
      static_cast<uint32_t>((in.count + in.perRepeat - 1) / in.perRepeat);
}

/// Runs a test body with the AVX2 builds of the fast paths (where the host
/// has AVX2: the ReduceSum tree, the float32 + - * / loop) and without them.
struct IsaLevel : ::testing::TestWithParam<bool> {
  void SetUp() override { avx2Enabled() = GetParam(); }
  void TearDown() override { avx2Enabled() = true; }
};
INSTANTIATE_TEST_SUITE_P(FastPathTest, IsaLevel, ::testing::Bool(),
                         [](const ::testing::TestParamInfo<bool> &i) {
                           return i.param ? "Avx2" : "Sse2";
                         });

TEST_P(IsaLevel, ElementwiseFastPathIsBitExact) {
  std::mt19937_64 rng(11);
  std::vector<uint8_t> ub(1 << 16);
  for (int it = 0; it < 3000; ++it) {
    VecOp op;
    DType t;
    VecInstr in;
    if (!randomElementwise(rng, in, op, t))
      continue;
    fill(rng, ub.data(), ub.size(), t);
    in.scalar = specialBits(rng, t);
    // Sometimes in place, sometimes one source twice, sometimes partially
    // overlapping (the fast path must decline those).
    uint64_t slot[3];
    placeOperands(rng, in, ub, slot);
    in.ubBytes = ub.size();
    ASSERT_TRUE(sameResult(in))
        << "iteration " << it << " op " << vecOpName(op) << " " << dtypeName(t);
  }
}

TEST_P(IsaLevel, ReduceSumFastPathIsBitExact) {
  std::mt19937_64 rng(13);
  std::vector<uint8_t> ub(1 << 16);
  for (int it = 0; it < 3000; ++it) {
    DType t = rng() % 2 ? DType::F32 : DType::F16;
    VecInstr in = randomPlan(rng, VecOp::ReduceSum, t, rng() % 2 == 0);
    widenCount(rng, in);
    fill(rng, ub.data(), ub.size(), t);
    if (rng() % 3 == 0) // finite sums (overflow / saturation of float16)
      for (size_t i = 0; i < ub.size(); i += 2)
        ub[i + 1] &= t == DType::F16 ? 0x7b : 0xff;
    in.opnd[0].base = ub.data() + 1024; // dst (only sizeof(T) aligned)
    in.opnd[1].base = ub.data() + 8192;
    in.opnd[3].base = ub.data() + 2048; // tmp
    if (rng() % 8 == 0) // the tmp buffer inside the source: fast path declines
      in.opnd[3].base = in.opnd[1].base;
    in.ub = ub.data();
    in.ubBytes = ub.size();
    ASSERT_TRUE(sameResult(in)) << "iteration " << it << " " << dtypeName(t);
  }
}

// float32 sources without NaNs take the plain float tree (FastPaths.cpp
// treePlain): still bit for bit the general path, rounding, subnormals,
// overflow and the NaNs inf - inf makes included.
TEST_P(IsaLevel, ReduceSumWithoutNanOperandsIsBitExact) {
  std::mt19937_64 rng(17);
  std::vector<uint8_t> ub(1 << 16);
  for (int it = 0; it < 3000; ++it) {
    VecInstr in = randomPlan(rng, VecOp::ReduceSum, DType::F32, rng() % 2 == 0);
    widenCount(rng, in);
    fill(rng, ub.data(), ub.size(), DType::F32);
    const uint64_t mode = rng() % 3;
    for (size_t i = 0; i + 4 <= ub.size(); i += 4) {
      uint32_t b;
      std::memcpy(&b, &ub[i], 4);
      if ((b & 0x7f800000u) == 0x7f800000u && (b & 0x7fffffu) != 0)
        b &= 0xff800000u; // a NaN becomes the infinity of its sign
      if (mode == 1)
        b &= 0xbfffffffu; // |x| < 2: finite, subnormals and rounding
      else if (mode == 2 && (b & 0x7f800000u) == 0x7f800000u)
        b &= 0xbfffffffu; // no infinities: finite sums that may overflow
      std::memcpy(&ub[i], &b, 4);
    }
    in.opnd[0].base = ub.data() + 1024;
    in.opnd[1].base = ub.data() + 8192;
    in.opnd[3].base = ub.data() + 2048;
    in.ub = ub.data();
    in.ubBytes = ub.size();
    ASSERT_TRUE(sameResult(in)) << "iteration " << it << " mode " << mode;
  }
}

// A direct elementwise instruction (races raise: Work::direct) is evaluated
// into its destination when it lands: the UB afterwards must be the one the
// staging path leaves (evaluate into staging, then commit), in place and
// with NaN operands included (the NaN repair of an in-place + - * / must
// still read the sources).
TEST_P(IsaLevel, DirectElementwiseEqualsStagingThenCommit) {
  std::mt19937_64 rng(19);
  std::vector<uint8_t> staged(1 << 16), direct(1 << 16);
  int directCount = 0, inPlace = 0;
  for (int it = 0; it < 3000; ++it) {
    VecOp op;
    DType t;
    VecInstr in;
    if (!randomElementwise(rng, in, op, t))
      continue;
    if (in.counter && rng() % 2) { // up to 16 KiB: several in-place chunks
      in.count = 1 + rng() % (16384 / dtypeSize(t));
      in.repeats =
          static_cast<uint32_t>((in.count + in.perRepeat - 1) / in.perRepeat);
    }
    fill(rng, staged.data(), staged.size(), t);
    direct = staged;
    in.scalar = specialBits(rng, t);
    uint64_t slot[3];
    const int alias = placeOperands(rng, in, staged, slot); // 3: staged
    in.ubBytes = staged.size();
    Spans dw = footprint(in, Role::Dst, true);
    planResult(in, dw, Spans{});
    const bool isDirect = elementwiseDirect(in);
    if (alias == 3 && slot[1] - slot[0] < in.stagingBytes)
      ASSERT_FALSE(isDirect) << "iteration " << it; // overlaps, not equal
    std::vector<uint8_t> stg(in.stagingBytes);
    evaluateVector(in, stg.data(), in.loc);
    commitVector(in, stg.data());
    if (!isDirect)
      continue;
    ++directCount;
    inPlace += alias == 1 || alias == 2;
    for (int k = 0; k < 3; ++k)
      if (in.opnd[k].used)
        in.opnd[k].base = direct.data() + (in.opnd[k].base - staged.data());
    in.out = direct.data() + (in.out - staged.data());
    evaluateElementwiseDirect(in);
    ASSERT_TRUE(staged == direct)
        << "iteration " << it << " op " << vecOpName(op) << " " << dtypeName(t)
        << " alias " << alias;
  }
  // Enough of both kinds for the comparison to mean something.
  EXPECT_GT(directCount, 1000);
  EXPECT_GT(inPlace, 300);
}

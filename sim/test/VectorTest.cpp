//===- VectorTest.cpp - Vector API breadth, bit-exact -----------*- C++ -*-===//
//
// Randomized (seeded) tests of the mask/repeat/count forms of the vector
// instructions against reference implementations written here from the
// hardware facts (hardware.md §4): one generic driver kernel
// (kernels/vec_driver.cpp) executes a single instruction described by a
// descriptor; this file draws descriptors over dtypes, call forms, masks
// (continuous, bit, register, counter mode), strides and repeat counts,
// computes the expected UB contents byte for byte and compares.
//
//===----------------------------------------------------------------------===//

#include "TestSupport.h"
#include "ascsim/float16.h"
#include "ascsim/runtime.h"
#include "ascsim/vector_abi.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <vector>

using namespace ascsim;

namespace {

//===----------------------------------------------------------------------===//
// Harness
//===----------------------------------------------------------------------===//

enum Form { kCount = 0, kCont, kBits, kRegNorm, kRegCounter };

struct Desc {
  VecOp op = VecOp::Add;
  DType dt = DType::F32, st = DType::F32;
  int form = kCount;
  int64_t count = 0;
  uint64_t mask0 = 0, mask1 = 0;
  int64_t repeat = 1;
  int64_t dstBlk = 1, src0Blk = 1, src1Blk = 1, dstRep = 8, src0Rep = 8,
          src1Rep = 8;
  uint64_t scalar = 0;
  int64_t mode = 0;
  int64_t aux = 0;
  std::vector<uint8_t> A, B, D, E; // UB operands (D = old dst contents)

  std::vector<int64_t> words() const {
    std::vector<int64_t> w(24, 0);
    w[0] = static_cast<int64_t>(op);
    w[1] = static_cast<int64_t>(dt);
    w[2] = static_cast<int64_t>(st);
    w[3] = form;
    w[4] = count;
    w[5] = static_cast<int64_t>(mask0);
    w[6] = static_cast<int64_t>(mask1);
    w[7] = repeat;
    w[8] = dstBlk;
    w[9] = src0Blk;
    w[10] = src1Blk;
    w[11] = dstRep;
    w[12] = src0Rep;
    w[13] = src1Rep;
    w[14] = static_cast<int64_t>(scalar);
    w[15] = mode;
    w[16] = aux;
    w[17] = static_cast<int64_t>(A.size());
    w[18] = static_cast<int64_t>(B.size());
    w[19] = static_cast<int64_t>(D.size());
    w[20] = static_cast<int64_t>(E.size());
    return w;
  }
};

std::string dump(const LaunchResult &r) {
  return test::dumpDiagnostics(r, /*withPlace=*/true);
}

Kernel &driver() { return test::cachedKernel(ASCSIM_KERNEL_VEC_DRIVER); }

using RunOut = test::VecRun;

RunOut launch(const Desc &d) {
  return test::launchVec(driver(), d.words(), d.A, d.B, d.E, d.D, d.E);
}

//===----------------------------------------------------------------------===//
// Reference semantics (hardware.md §4), written independently of the library
//===----------------------------------------------------------------------===//

uint32_t sizeOf(DType t) {
  switch (t) {
  case DType::I8:
  case DType::U8:
  case DType::Bool:
    return 1;
  case DType::I16:
  case DType::U16:
  case DType::F16:
  case DType::BF16:
    return 2;
  case DType::I64:
  case DType::U64:
  case DType::F64:
    return 8;
  default:
    return 4;
  }
}
bool isFloatT(DType t) {
  return t == DType::F16 || t == DType::BF16 || t == DType::F32;
}

double getF(const uint8_t *p, DType t) {
  if (t == DType::F16) {
    uint16_t b;
    std::memcpy(&b, p, 2);
    return static_cast<float>(Half::fromBits(b));
  }
  if (t == DType::BF16) {
    uint16_t b;
    std::memcpy(&b, p, 2);
    return static_cast<float>(BFloat16::fromBits(b));
  }
  if (t == DType::F32) {
    float f;
    std::memcpy(&f, p, 4);
    return f;
  }
  switch (t) {
  case DType::I8:
    return static_cast<int8_t>(*p);
  case DType::U8:
    return *p;
  case DType::I16: {
    int16_t v;
    std::memcpy(&v, p, 2);
    return v;
  }
  case DType::U16: {
    uint16_t v;
    std::memcpy(&v, p, 2);
    return v;
  }
  case DType::I32: {
    int32_t v;
    std::memcpy(&v, p, 4);
    return v;
  }
  case DType::U32: {
    uint32_t v;
    std::memcpy(&v, p, 4);
    return v;
  }
  case DType::I64: {
    int64_t v;
    std::memcpy(&v, p, 8);
    return static_cast<double>(v);
  }
  default:
    return 0;
  }
}
int64_t getI(const uint8_t *p, DType t) {
  switch (t) {
  case DType::I8:
    return static_cast<int8_t>(*p);
  case DType::U8:
    return *p;
  case DType::I16: {
    int16_t v;
    std::memcpy(&v, p, 2);
    return v;
  }
  case DType::U16: {
    uint16_t v;
    std::memcpy(&v, p, 2);
    return v;
  }
  case DType::I32: {
    int32_t v;
    std::memcpy(&v, p, 4);
    return v;
  }
  case DType::U32: {
    uint32_t v;
    std::memcpy(&v, p, 4);
    return v;
  }
  default: {
    int64_t v;
    std::memcpy(&v, p, 8);
    return v;
  }
  }
}
/// Round-to-nearest-even store of a double into a float type (via the
/// public half/bfloat16 classes and the C++ float conversion).
void putF(uint8_t *p, DType t, double v) {
  if (t == DType::F16) {
    uint16_t b = Half(v).bits();
    std::memcpy(p, &b, 2);
  } else if (t == DType::BF16) {
    uint16_t b = BFloat16(v).bits();
    std::memcpy(p, &b, 2);
  } else {
    float f = static_cast<float>(v);
    std::memcpy(p, &f, 4);
  }
}
void putI(uint8_t *p, DType t, int64_t v) { std::memcpy(p, &v, sizeOf(t)); }
double rnd(double v, DType t) {
  uint8_t b[8];
  putF(b, t, v);
  return getF(b, t);
}

struct Geo {
  uint32_t es;
  int64_t blk, rep;
  uint64_t off(uint32_t r, uint32_t e) const {
    uint32_t epb = 32 / es;
    return (r * rep + (e / epb) * blk) * 32 + (e % epb) * es;
  }
};

/// The executed (repeat, element) pairs and the mask semantics.
struct Mask {
  bool counter = false;
  uint64_t count = 0, lo = ~0ull, hi = ~0ull;
  uint32_t per = 0, repeats = 0;
  uint32_t n(uint32_t r) const {
    if (!counter)
      return per;
    uint64_t done = static_cast<uint64_t>(r) * per;
    return static_cast<uint32_t>(
        std::min<uint64_t>(count > done ? count - done : 0, per));
  }
  bool on(uint32_t r, uint32_t e) const {
    if (e >= n(r))
      return false;
    if (counter)
      return true;
    return e < 64 ? (lo >> e) & 1 : (hi >> (e - 64)) & 1;
  }
};

Mask maskOf(const Desc &d, uint32_t per) {
  Mask m;
  m.per = per;
  switch (d.form) {
  case kCount:
    m.counter = true;
    m.count = static_cast<uint64_t>(d.count);
    break;
  case kRegCounter:
    m.counter = true;
    m.count = d.mask0;
    break;
  case kCont:
    m.lo = d.mask0 >= 64 ? ~0ull : (1ull << d.mask0) - 1;
    m.hi = d.mask0 <= 64
               ? 0
               : (d.mask0 >= 128 ? ~0ull : (1ull << (d.mask0 - 64)) - 1);
    break;
  default:
    m.lo = d.mask0;
    m.hi = d.mask1;
  }
  if (!m.counter && per <= 64) {
    m.hi = 0;
    if (per < 64)
      m.lo &= (1ull << per) - 1;
  }
  m.repeats = m.counter ? static_cast<uint32_t>((m.count + per - 1) / per)
                        : static_cast<uint32_t>(d.repeat);
  return m;
}

uint32_t perRepeatOf(const Desc &d) {
  switch (d.op) {
  case VecOp::Compare:
  case VecOp::CompareScalar:
    return 256 / sizeOf(d.st);
  case VecOp::Cast:
  case VecOp::MulAddDst:
  case VecOp::Axpy:
    return 256 / std::max(sizeOf(d.dt), sizeOf(d.st));
  case VecOp::Brcb:
  case VecOp::Gatherb:
    return 8;
  default:
    return 256 / sizeOf(d.dt);
  }
}

/// Operand geometry as the call form defines it (count forms: contiguous).
Geo geo(const Desc &d, uint32_t es, int64_t blk, int64_t rep) {
  if (d.form == kCount)
    return Geo{es, 1, static_cast<int64_t>(perRepeatOf(d)) * es / 32};
  return Geo{es, blk, rep};
}

double relu(double v) { return v > 0 || std::isnan(v) ? v : 0.0; }
// max/min: NaN propagates, -0 orders below +0.
double fmaxN(double a, double b) {
  if (std::isnan(a) || std::isnan(b))
    return NAN;
  if (a == 0 && b == 0)
    return std::signbit(a) && std::signbit(b) ? -0.0 : 0.0;
  return std::max(a, b);
}
double fminN(double a, double b) {
  if (std::isnan(a) || std::isnan(b))
    return NAN;
  if (a == 0 && b == 0)
    return std::signbit(a) || std::signbit(b) ? -0.0 : 0.0;
  return std::min(a, b);
}
int64_t wrap(int64_t v, DType t) {
  uint8_t b[8];
  putI(b, t, v);
  return getI(b, t);
}

//--- Cast reference: the two representable neighbours of the exact value,
//--- then the round mode picks one (independent of the library's encoder).

uint64_t fbits(double v, DType t) {
  uint8_t b[8] = {0};
  putF(b, t, v);
  uint64_t r = 0;
  std::memcpy(&r, b, sizeOf(t));
  return r;
}
double fval(uint64_t bits, DType t) {
  uint8_t b[8];
  std::memcpy(b, &bits, 8);
  return getF(b, t);
}
uint64_t stepUp(uint64_t b, DType t) { // next toward +inf
  uint64_t sign = 1ull << (8 * sizeOf(t) - 1);
  if (b == sign)
    return 1; // -0 -> +min subnormal
  return (b & sign) ? b - 1 : b + 1;
}
uint64_t stepDown(uint64_t b, DType t) {
  uint64_t sign = 1ull << (8 * sizeOf(t) - 1);
  if (b == 0)
    return sign | 1; // +0 -> -min subnormal
  return (b & sign) ? b + 1 : b - 1;
}
uint64_t roundFloat(double v, DType t, int mode) {
  uint64_t rn = fbits(v, t);
  if (std::isnan(v) || std::isinf(v))
    return rn;
  double vr = fval(rn, t);
  if (vr == v && std::signbit(vr) == std::signbit(v))
    return rn;
  if (vr == v)
    return rn;
  uint64_t lo, hi;
  if (vr < v)
    lo = rn, hi = stepUp(rn, t);
  else
    lo = stepDown(rn, t), hi = rn;
  switch (mode) {
  case 0:
  case 1:
    return rn;
  case 2:
    return lo;
  case 3:
    return hi;
  case 5:
    return v > 0 ? lo : hi;
  case 4: {
    if (std::isinf(fval(rn, t)))
      return rn;
    double dl = v - fval(lo, t), dh = fval(hi, t) - v;
    if (dl < dh)
      return lo;
    if (dh < dl)
      return hi;
    return v > 0 ? hi : lo;
  }
  default:
    return (lo & 1) ? lo : hi; // round to odd
  }
}
uint64_t castRef(uint64_t bits, DType dt, DType st, int mode, uint16_t deq) {
  uint8_t b[8];
  std::memcpy(b, &bits, 8);
  if (st == DType::I32 && dt == DType::F16)
    return fbits(getF(b, st) * static_cast<float>(Half::fromBits(deq)), dt);
  if (!isFloatT(dt)) {
    int64_t lo, hi;
    switch (dt) {
    case DType::I8:
      lo = -128, hi = 127;
      break;
    case DType::U8:
      lo = 0, hi = 255;
      break;
    case DType::I16:
      lo = -32768, hi = 32767;
      break;
    case DType::I32:
      lo = INT32_MIN, hi = INT32_MAX;
      break;
    default:
      lo = INT64_MIN, hi = INT64_MAX;
      break;
    }
    int64_t r;
    if (isFloatT(st)) {
      double v = getF(b, st);
      if (std::isnan(v))
        r = 0;
      else {
        switch (mode) {
        case 2:
          v = std::floor(v);
          break;
        case 3:
          v = std::ceil(v);
          break;
        case 4:
          v = std::round(v);
          break;
        case 5:
          v = std::trunc(v);
          break;
        default:
          v = std::nearbyint(v);
          break;
        }
        r = v <= static_cast<double>(lo)   ? lo
            : v >= static_cast<double>(hi) ? hi
                                           : static_cast<int64_t>(v);
      }
    } else {
      int64_t v = getI(b, st);
      r = std::min(std::max(v, lo), hi);
    }
    uint64_t out = 0;
    std::memcpy(&out, &r, sizeOf(dt));
    return out;
  }
  double v = getF(b, st);
  if (st == dt) { // float32 -> float32: round to an integral value
    if (!std::isfinite(v) || std::fabs(v) >= 8388608.0)
      return bits & 0xffffffffull;
    switch (mode) {
    case 2:
      v = std::floor(v);
      break;
    case 3:
      v = std::ceil(v);
      break;
    case 4:
      v = std::round(v);
      break;
    case 5:
      v = std::trunc(v);
      break;
    default:
      v = std::nearbyint(v);
      break;
    }
    return fbits(v, dt);
  }
  return roundFloat(v, dt, mode);
}

/// Expected dst contents of an elementwise instruction.
void refElementwise(const Desc &d, std::vector<uint8_t> &D) {
  uint32_t per = perRepeatOf(d);
  Mask m = maskOf(d, per);
  Geo gd = geo(d, sizeOf(d.dt), d.dstBlk, d.dstRep);
  uint32_t ss = (d.op == VecOp::Select || d.op == VecOp::SelectScalar)
                    ? sizeOf(d.dt)
                    : sizeOf(d.st);
  Geo ga = geo(d, ss, d.src0Blk, d.src0Rep);
  Geo gb = geo(d, ss, d.src1Blk, d.src1Rep);
  DType st =
      (d.op == VecOp::Select || d.op == VecOp::SelectScalar) ? d.dt : d.st;
  std::vector<uint8_t> old = D;
  for (uint32_t r = 0; r < m.repeats; ++r)
    for (uint32_t e = 0; e < per; ++e) {
      if (!m.on(r, e))
        continue;
      const uint8_t *pa = d.A.data() + ga.off(r, e);
      const uint8_t *pb = d.B.data() + gb.off(r, e);
      uint8_t *pd = D.data() + gd.off(r, e);
      const uint8_t *po = old.data() + gd.off(r, e);
      uint8_t sbuf[8];
      std::memcpy(sbuf, &d.scalar, 8);
      switch (d.op) {
      case VecOp::Cast: {
        uint64_t in = 0;
        std::memcpy(&in, pa, ga.es);
        uint64_t o = castRef(in, d.dt, d.st, static_cast<int>(d.mode), 0x3C00);
        std::memcpy(pd, &o, gd.es);
        continue;
      }
      case VecOp::Copy:
        std::memcpy(pd, pa, gd.es);
        continue;
      case VecOp::Duplicate:
        std::memcpy(pd, sbuf, gd.es);
        continue;
      case VecOp::Select:
      case VecOp::SelectScalar: {
        uint64_t bit = d.mode == 0 ? e : static_cast<uint64_t>(r) * per + e;
        bool one = (d.E[bit / 8] >> (bit % 8)) & 1;
        std::memcpy(pd, one ? pa : (d.op == VecOp::Select ? pb : sbuf), gd.es);
        continue;
      }
      default:
        break;
      }
      if (isFloatT(d.dt)) {
        double a = getF(pa, st), b = getF(pb, st), o = getF(po, d.dt),
               s = getF(sbuf, st), v = 0;
        auto fma1 = [&](double x, double y, double z) {
          return d.dt == DType::F32
                     ? static_cast<double>(std::fmaf(static_cast<float>(x),
                                                     static_cast<float>(y),
                                                     static_cast<float>(z)))
                     : std::fma(x, y, z);
        };
        switch (d.op) {
        case VecOp::Add:
          v = a + b;
          break;
        case VecOp::Sub:
          v = a - b;
          break;
        case VecOp::Mul:
          v = a * b;
          break;
        case VecOp::Div:
          v = a / b;
          break;
        case VecOp::Max:
          v = fmaxN(a, b);
          break;
        case VecOp::Min:
          v = fminN(a, b);
          break;
        case VecOp::AddRelu:
          v = relu(a + b);
          break;
        case VecOp::SubRelu:
          v = relu(a - b);
          break;
        case VecOp::FusedMulAdd:
          v = fma1(a, o, b);
          break;
        case VecOp::FusedMulAddRelu:
          v = relu(fma1(a, o, b));
          break;
        case VecOp::MulAddDst:
          v = fma1(a, b, o);
          break;
        case VecOp::Adds:
          v = a + s;
          break;
        case VecOp::Muls:
          v = a * s;
          break;
        case VecOp::Maxs:
          v = fmaxN(a, s);
          break;
        case VecOp::Mins:
          v = fminN(a, s);
          break;
        case VecOp::LeakyRelu:
          v = a >= 0 ? a : a * s;
          break;
        case VecOp::Axpy:
          v = fma1(a, s, o);
          break;
        case VecOp::Abs:
          v = std::fabs(a);
          break;
        case VecOp::Exp:
          v = std::exp(a);
          break;
        case VecOp::Ln:
          v = std::log(a);
          break;
        case VecOp::Sqrt:
          v = std::sqrt(a);
          break;
        case VecOp::Rsqrt:
          v = 1.0 / std::sqrt(a);
          break;
        case VecOp::Reciprocal:
          v = 1.0 / a;
          break;
        case VecOp::Relu:
          v = relu(a);
          break;
        default:
          ADD_FAILURE() << "no float reference";
          break;
        }
        putF(pd, d.dt, v);
        continue;
      }
      int64_t a = getI(pa, st), b = getI(pb, st), s = getI(sbuf, st), v = 0;
      int w = static_cast<int>(sizeOf(d.dt)) * 8;
      switch (d.op) {
      case VecOp::Add:
        v = a + b;
        break;
      case VecOp::Sub:
        v = a - b;
        break;
      case VecOp::Mul:
        v = static_cast<int64_t>(static_cast<uint64_t>(a) *
                                 static_cast<uint64_t>(b));
        break;
      case VecOp::Max:
        v = std::max(a, b);
        break;
      case VecOp::Min:
        v = std::min(a, b);
        break;
      case VecOp::AddRelu:
        v = std::max<int64_t>(wrap(a + b, d.dt), 0);
        break;
      case VecOp::SubRelu:
        v = std::max<int64_t>(wrap(a - b, d.dt), 0);
        break;
      case VecOp::And:
        v = a & b;
        break;
      case VecOp::Or:
        v = a | b;
        break;
      case VecOp::Not:
        v = ~a;
        break;
      case VecOp::Adds:
        v = a + s;
        break;
      case VecOp::Muls:
        v = static_cast<int64_t>(static_cast<uint64_t>(a) *
                                 static_cast<uint64_t>(s));
        break;
      case VecOp::Maxs:
        v = std::max(a, s);
        break;
      case VecOp::Mins:
        v = std::min(a, s);
        break;
      case VecOp::ShiftLeft:
        v = (s < 0 || s >= w)
                ? 0
                : static_cast<int64_t>(static_cast<uint64_t>(a) << s);
        break;
      case VecOp::ShiftRight:
        if (s < 0 || s >= w)
          v = a < 0 ? -1 : 0;
        else
          v = (a >> s) + ((d.mode && s > 0) ? ((a >> (s - 1)) & 1) : 0);
        break;
      case VecOp::Relu:
        v = std::max<int64_t>(a, 0);
        break;
      default:
        ADD_FAILURE() << "no int reference";
        break;
      }
      putI(pd, d.dt, v);
    }
}

//===----------------------------------------------------------------------===//
// Random descriptors
//===----------------------------------------------------------------------===//

struct Rng {
  std::mt19937_64 g;
  explicit Rng(uint64_t seed) : g(seed) {}
  int64_t in(int64_t lo, int64_t hi) {
    return std::uniform_int_distribution<int64_t>(lo, hi)(g);
  }
  bool coin(int pct = 50) { return in(0, 99) < pct; }
  uint64_t bits() { return g(); }
};

/// A value of type t for operand data: finite, spread over magnitudes,
/// sometimes special.
void randomValue(Rng &rng, uint8_t *p, DType t, bool positive = false) {
  if (isFloatT(t)) {
    double v;
    int k = static_cast<int>(rng.in(0, 99));
    if (k < 3)
      v = 0.0;
    else if (k < 5)
      v = -0.0;
    else if (k < 80)
      v = std::ldexp(static_cast<double>(rng.in(-(1 << 20), 1 << 20)) /
                         (1 << 20),
                     static_cast<int>(rng.in(-6, 6)));
    else
      v = static_cast<double>(rng.in(-300, 300)) / 8.0;
    if (positive)
      v = std::fabs(v) + (v == 0 ? 0.5 : 0);
    putF(p, t, v);
    return;
  }
  uint64_t b = rng.bits();
  if (rng.coin(30)) // small values too
    b = static_cast<uint64_t>(rng.in(-40, 40));
  std::memcpy(p, &b, sizeOf(t));
}

std::vector<uint8_t> randomBuffer(Rng &rng, uint64_t bytes, DType t,
                                  bool positive = false) {
  bytes = std::max<uint64_t>(32, (bytes + 31) / 32 * 32);
  std::vector<uint8_t> v(bytes);
  uint32_t es = sizeOf(t);
  for (uint64_t i = 0; i + es <= bytes; i += es)
    randomValue(rng, v.data() + i, t, positive);
  return v;
}

/// Picks the call form, mask, repeat and strides for an elementwise op whose
/// repeat holds `per` elements; `nSrc` sources. Returns the byte extents.
void randomShape(Rng &rng, Desc &d, uint32_t per, bool blockStrides = true) {
  d.form = static_cast<int>(rng.in(0, 4));
  d.repeat = rng.in(0, 6);
  if (rng.coin(5))
    d.repeat = rng.in(20, 40);
  d.count = rng.in(0, per * 4 + 7);
  if (d.form == kCont)
    d.mask0 = static_cast<uint64_t>(rng.in(0, std::min<uint32_t>(per, 128)));
  else {
    d.mask0 = rng.bits() & (rng.coin(30) ? 0x00ff00ff00ff00ffull : ~0ull);
    d.mask1 = rng.bits();
    if (d.form == kRegCounter)
      d.mask0 = static_cast<uint64_t>(rng.in(0, per * 4 + 7)), d.mask1 = 0;
  }
  d.dstBlk = blockStrides ? rng.in(1, 2) : 1;
  d.dstRep = rng.in(7 * d.dstBlk + 1, 7 * d.dstBlk + 9);
  d.src0Blk = blockStrides ? rng.in(0, 3) : 1;
  d.src0Rep = rng.in(0, 16);
  d.src1Blk = blockStrides ? rng.in(0, 3) : 1;
  d.src1Rep = rng.in(0, 16);
}

/// Bytes an operand spans over the shape.
uint64_t extent(const Desc &d, uint32_t es, int64_t blk, int64_t rep,
                uint32_t per) {
  Mask m = maskOf(d, per);
  Geo g = geo(d, es, blk, rep);
  uint64_t hi = 0;
  for (uint32_t r = 0; r < m.repeats; ++r)
    hi = std::max(hi, g.off(r, per - 1) + es);
  return hi;
}

using RefFn = std::function<void(const Desc &, std::vector<uint8_t> &D,
                                 std::vector<uint8_t> &E)>;

/// Compares the run with the reference, byte by byte, with context.
void check(const Desc &d, const RefFn &ref, const std::string &what) {
  RunOut run = launch(d);
  ASSERT_TRUE(run.res.ok) << what << "\n" << dump(run.res);
  std::vector<uint8_t> D = d.D, E = d.E;
  ref(d, D, E);
  for (size_t i = 0; i < D.size(); ++i)
    ASSERT_EQ(static_cast<int>(run.D[i]), static_cast<int>(D[i]))
        << what << ": dst byte " << i << " (form " << d.form << ", repeat "
        << d.repeat << ", count " << d.count << ", mask " << std::hex << d.mask0
        << ":" << d.mask1 << std::dec << ")";
  for (size_t i = 0; i < E.size(); ++i)
    ASSERT_EQ(static_cast<int>(run.E[i]), static_cast<int>(E[i]))
        << what << ": src2 byte " << i;
}

std::string name(const Desc &d, int i) {
  return std::string("case ") + std::to_string(i) + " op " +
         std::to_string(static_cast<int>(d.op)) + " dt " +
         std::to_string(static_cast<int>(d.dt)) + " st " +
         std::to_string(static_cast<int>(d.st));
}

/// Randomized elementwise family: ops x dtypes x shapes.
void elementwiseFamily(const std::vector<VecOp> &ops,
                       const std::vector<std::pair<DType, DType>> &types,
                       int cases, uint64_t seed, bool scalarOp = false,
                       bool positive = false) {
  Rng rng(seed);
  for (int i = 0; i < cases; ++i) {
    Desc d;
    d.op = ops[static_cast<size_t>(rng.in(0, ops.size() - 1))];
    auto tp = types[static_cast<size_t>(rng.in(0, types.size() - 1))];
    d.dt = tp.first;
    d.st = tp.second;
    uint32_t per = perRepeatOf(d);
    randomShape(rng, d, per);
    uint32_t ds = sizeOf(d.dt), ss = sizeOf(d.st);
    d.A = randomBuffer(
        rng, extent(d, ss, d.src0Blk, d.src0Rep, per) + 32 * rng.in(0, 2), d.st,
        positive);
    d.B = randomBuffer(rng, extent(d, ss, d.src1Blk, d.src1Rep, per) + 32, d.st,
                       positive);
    d.D = randomBuffer(rng, extent(d, ds, d.dstBlk, d.dstRep, per) + 32, d.dt);
    d.E = randomBuffer(rng, 32, DType::U8);
    if (scalarOp) {
      uint8_t sb[8] = {0};
      randomValue(rng, sb, d.st);
      if (d.op == VecOp::ShiftLeft || d.op == VecOp::ShiftRight) {
        int64_t s = rng.in(0, static_cast<int64_t>(ss) * 8 + 1);
        std::memcpy(sb, &s, 8);
        d.mode = rng.coin() && d.form != kCount
                     ? 1
                     : 0; // no roundEn in the count form
      }
      std::memcpy(&d.scalar, sb, 8);
    }
    check(
        d,
        [](const Desc &dd, std::vector<uint8_t> &D, std::vector<uint8_t> &) {
          refElementwise(dd, D);
        },
        name(d, i));
  }
}

//===----------------------------------------------------------------------===//
// Binary / scalar / unary
//===----------------------------------------------------------------------===//

using P = std::pair<DType, DType>;
const P kF16{DType::F16, DType::F16}, kF32{DType::F32, DType::F32},
    kI16{DType::I16, DType::I16}, kI32{DType::I32, DType::I32},
    kU16{DType::U16, DType::U16}, kU32{DType::U32, DType::U32};

TEST(VectorTest, BinaryArithmeticAllFormsBitExact) {
  elementwiseFamily(
      {VecOp::Add, VecOp::Sub, VecOp::Mul, VecOp::Max, VecOp::Min},
      {kF16, kF32, kI16, kI32}, 300, 1);
}

TEST(VectorTest, DivAndReluBinariesBitExact) {
  elementwiseFamily({VecOp::Div}, {kF16, kF32}, 80, 2);
  elementwiseFamily({VecOp::AddRelu, VecOp::SubRelu}, {kF16, kF32, kI16}, 120,
                    3);
}

TEST(VectorTest, BitwiseAndOr) {
  elementwiseFamily({VecOp::And, VecOp::Or}, {kI16, kU16}, 80, 4);
}

TEST(VectorTest, FusedMultiplyAddFamilyRoundsOnce) {
  elementwiseFamily({VecOp::FusedMulAdd, VecOp::FusedMulAddRelu}, {kF16, kF32},
                    120, 5);
  elementwiseFamily({VecOp::MulAddDst}, {kF16, kF32, {DType::F32, DType::F16}},
                    120, 6);
}

TEST(VectorTest, ScalarOps) {
  elementwiseFamily({VecOp::Adds, VecOp::Muls, VecOp::Maxs, VecOp::Mins},
                    {kF16, kF32, kI16, kI32}, 200, 7, /*scalarOp=*/true);
  elementwiseFamily({VecOp::LeakyRelu}, {kF16, kF32}, 60, 8, true);
  elementwiseFamily({VecOp::ShiftLeft, VecOp::ShiftRight},
                    {kI16, kU16, kI32, kU32}, 120, 9, true);
  elementwiseFamily({VecOp::Axpy}, {kF16, kF32, {DType::F32, DType::F16}}, 100,
                    10, true);
}

TEST(VectorTest, UnaryOps) {
  elementwiseFamily({VecOp::Abs, VecOp::Relu, VecOp::Exp, VecOp::Reciprocal},
                    {kF16, kF32}, 150, 11);
  elementwiseFamily({VecOp::Ln, VecOp::Sqrt, VecOp::Rsqrt}, {kF16, kF32}, 120,
                    12, false, /*positive=*/true);
  elementwiseFamily({VecOp::Relu}, {kI32}, 40, 13);
  elementwiseFamily({VecOp::Not}, {kI16, kU16}, 40, 14);
}

TEST(VectorTest, DuplicateAndCopy) {
  Rng rng(15);
  for (int i = 0; i < 80; ++i) {
    Desc d;
    d.op = rng.coin() ? VecOp::Duplicate : VecOp::Copy;
    static const DType kT[] = {DType::I16, DType::U16, DType::F16, DType::BF16,
                               DType::I32, DType::U32, DType::F32};
    d.dt = d.st = kT[rng.in(0, 6)];
    uint32_t per = perRepeatOf(d);
    randomShape(rng, d, per);
    if (d.op == VecOp::Copy && d.form == kCount)
      d.form = kCont,
      d.mask0 = static_cast<uint64_t>(rng.in(0, per)); // no count form
    uint32_t es = sizeOf(d.dt);
    d.A = randomBuffer(rng, extent(d, es, d.src0Blk, d.src0Rep, per), d.st);
    d.B = randomBuffer(rng, 32, d.st);
    d.D = randomBuffer(rng, extent(d, es, d.dstBlk, d.dstRep, per) + 32, d.dt);
    d.E = randomBuffer(rng, 32, DType::U8);
    d.scalar = rng.bits();
    check(
        d,
        [](const Desc &dd, std::vector<uint8_t> &D, std::vector<uint8_t> &) {
          refElementwise(dd, D);
        },
        name(d, i));
  }
}

TEST(VectorTest, RepeatZeroAndMaskZeroAreNops) {
  Desc d;
  d.op = VecOp::Add;
  d.dt = d.st = DType::F32;
  Rng rng(16);
  d.A = randomBuffer(rng, 256, d.st);
  d.B = randomBuffer(rng, 256, d.st);
  d.D = randomBuffer(rng, 256, d.dt);
  d.E = randomBuffer(rng, 32, DType::U8);
  for (int form : {kCont, kBits}) {
    d.form = form;
    d.repeat = 0;
    d.mask0 = 64;
    RunOut r = launch(d);
    ASSERT_TRUE(r.res.ok) << dump(r.res);
    EXPECT_EQ(r.D, d.D);
    d.repeat = 1;
    d.mask0 = 0;
    d.mask1 = 0;
    r = launch(d);
    ASSERT_TRUE(r.res.ok) << dump(r.res);
    EXPECT_EQ(r.D, d.D);
  }
}

//===----------------------------------------------------------------------===//
// Cast
//===----------------------------------------------------------------------===//

struct CastCase {
  DType src, dst;
  std::vector<int> modes;
};

TEST(VectorTest, CastAllPairsAndRoundModesBitExact) {
  const std::vector<int> five{1, 2, 3, 4, 5};
  std::vector<int> fiveN = five;
  fiveN.push_back(0);
  std::vector<int> f2h = fiveN;
  f2h.push_back(6);
  const std::vector<CastCase> cases = {
      {DType::F16, DType::F32, {0}},   {DType::F32, DType::F16, f2h},
      {DType::F16, DType::I32, five},  {DType::F16, DType::I16, five},
      {DType::F16, DType::I8, fiveN},  {DType::F16, DType::U8, fiveN},
      {DType::I8, DType::F16, {0}},    {DType::U8, DType::F16, {0}},
      {DType::I16, DType::F16, fiveN}, {DType::I16, DType::F32, {0}},
      {DType::I32, DType::F32, fiveN}, {DType::I32, DType::I16, {0}},
      {DType::I32, DType::F16, {0}},   {DType::I32, DType::I64, {0}},
      {DType::F32, DType::I32, five},  {DType::F32, DType::I16, five},
      {DType::F32, DType::I64, five},  {DType::F32, DType::BF16, five},
      {DType::F32, DType::F32, five},  {DType::BF16, DType::F32, {0}},
      {DType::BF16, DType::I32, five}, {DType::I64, DType::I32, {0}},
      {DType::I64, DType::F32, five},
  };
  Rng rng(20);
  int i = 0;
  for (const CastCase &cc : cases)
    for (int mode : cc.modes)
      for (int k = 0; k < 6; ++k, ++i) {
        Desc d;
        d.op = VecOp::Cast;
        d.dt = cc.dst;
        d.st = cc.src;
        d.mode = mode;
        uint32_t per = perRepeatOf(d);
        randomShape(rng, d, per);
        uint32_t ds = sizeOf(d.dt), ss = sizeOf(d.st);
        // Source: every bit pattern is fair (NaN, inf, subnormals, ties),
        // plus values near the integer/halfway points.
        uint64_t bytes = extent(d, ss, d.src0Blk, d.src0Rep, per) + 32;
        d.A.assign(std::max<uint64_t>(32, (bytes + 31) / 32 * 32), 0);
        for (size_t j = 0; j + ss <= d.A.size(); j += ss) {
          uint64_t b = rng.bits();
          if (isFloatT(d.st) && rng.coin(40)) {
            double v = static_cast<double>(rng.in(-4000, 4000)) / 4.0;
            if (rng.coin(20))
              v = std::ldexp(static_cast<double>(rng.in(1, 1 << 20)),
                             static_cast<int>(rng.in(-30, 130)));
            b = 0;
            uint8_t t[8] = {0};
            putF(t, d.st, v);
            std::memcpy(&b, t, 8);
          }
          if (d.st == DType::I64)
            b = static_cast<uint64_t>(rng.in(-(1ll << 52), 1ll << 52)) >>
                (rng.in(0, 40));
          std::memcpy(d.A.data() + j, &b, ss);
        }
        d.B = randomBuffer(rng, 32, DType::U8);
        d.D = randomBuffer(rng, extent(d, ds, d.dstBlk, d.dstRep, per) + 32,
                           d.dt);
        d.E = randomBuffer(rng, 32, DType::U8);
        check(
            d,
            [](const Desc &dd, std::vector<uint8_t> &D,
               std::vector<uint8_t> &) { refElementwise(dd, D); },
            name(d, i) + " mode " + std::to_string(mode));
      }
}

TEST(VectorTest, CastRoundModeExamples) {
  // Spot values (float32 -> float16): 1 + 2^-11 is the tie between 1 and
  // 1 + 2^-10; 65520 is the tie to overflow.
  auto one = [](float v, int mode) {
    uint64_t in = 0;
    std::memcpy(&in, &v, 4);
    return castRef(in, DType::F16, DType::F32, mode, 0x3C00);
  };
  float tie = 1.0f + std::ldexp(1.0f, -11);
  EXPECT_EQ(one(tie, 1), 0x3C00u);  // RINT: even
  EXPECT_EQ(one(tie, 4), 0x3C01u);  // ROUND: away
  EXPECT_EQ(one(tie, 5), 0x3C00u);  // TRUNC
  EXPECT_EQ(one(tie, 3), 0x3C01u);  // CEIL
  EXPECT_EQ(one(-tie, 2), 0xBC01u); // FLOOR
  EXPECT_EQ(one(tie, 6), 0x3C01u);  // ODD
  EXPECT_EQ(one(65520.f, 1), 0x7C00u);
  EXPECT_EQ(one(65520.f, 5), 0x7BFFu);
  EXPECT_EQ(one(1e6f, 6), 0x7BFFu);
}

//===----------------------------------------------------------------------===//
// Compare / select
//===----------------------------------------------------------------------===//

void refCompare(const Desc &d, std::vector<uint8_t> &D) {
  uint32_t per = perRepeatOf(d);
  Mask m = maskOf(d, per);
  Geo ga = geo(d, sizeOf(d.st), d.src0Blk, d.src0Rep);
  Geo gb = geo(d, sizeOf(d.st), d.src1Blk, d.src1Rep);
  uint8_t sb[8];
  std::memcpy(sb, &d.scalar, 8);
  for (uint32_t r = 0; r < m.repeats; ++r) {
    std::vector<uint8_t> bits(per / 8, 0);
    for (uint32_t e = 0; e < m.n(r); ++e) {
      if (d.op == VecOp::CompareScalar && !m.on(r, e))
        continue; // Compare ignores the mask on A2/A3
      double a = getF(d.A.data() + ga.off(r, e), d.st);
      double b = d.op == VecOp::Compare ? getF(d.B.data() + gb.off(r, e), d.st)
                                        : getF(sb, d.st);
      bool v = false;
      switch (d.mode) {
      case 0:
        v = a < b;
        break;
      case 1:
        v = a > b;
        break;
      case 2:
        v = a == b;
        break;
      case 3:
        v = a <= b;
        break;
      case 4:
        v = a >= b;
        break;
      default:
        v = a != b;
        break;
      }
      if (v)
        bits[e / 8] |= static_cast<uint8_t>(1u << (e % 8));
    }
    std::memcpy(D.data() + static_cast<size_t>(r) * per / 8, bits.data(),
                per / 8);
  }
}

TEST(VectorTest, CompareAndCompareScalarBitMasks) {
  Rng rng(30);
  for (int i = 0; i < 200; ++i) {
    Desc d;
    d.op = rng.coin() ? VecOp::Compare : VecOp::CompareScalar;
    static const DType kT[] = {DType::F16, DType::F32, DType::I32};
    d.st = kT[rng.in(0, 2)];
    d.dt = DType::U8;
    d.mode = d.st == DType::I32 ? 2 : rng.in(0, 5);
    uint32_t per = perRepeatOf(d);
    randomShape(rng, d, per);
    if (d.form == kCount)
      d.count = per * rng.in(0, 4);
    uint32_t ss = sizeOf(d.st);
    d.A = randomBuffer(rng, extent(d, ss, d.src0Blk, d.src0Rep, per), d.st);
    d.B = randomBuffer(rng, extent(d, ss, d.src1Blk, d.src1Rep, per), d.st);
    // Equal values are common so that EQ/LE/GE matter.
    for (size_t j = 0; j + ss <= std::min(d.A.size(), d.B.size()); j += ss)
      if (rng.coin(30))
        std::memcpy(d.B.data() + j, d.A.data() + j, ss);
    Mask m = maskOf(d, per);
    d.D = randomBuffer(rng, static_cast<uint64_t>(m.repeats) * per / 8 + 32,
                       DType::U8);
    d.E = randomBuffer(rng, 32, DType::U8);
    std::memcpy(&d.scalar, d.A.data(), ss);
    check(
        d,
        [](const Desc &dd, std::vector<uint8_t> &D, std::vector<uint8_t> &) {
          refCompare(dd, D);
        },
        name(d, i));
  }
}

TEST(VectorTest, SelectModes) {
  Rng rng(31);
  for (int i = 0; i < 200; ++i) {
    Desc d;
    d.op = rng.coin() ? VecOp::Select : VecOp::SelectScalar;
    d.dt = rng.coin() ? DType::F16 : DType::F32;
    d.st = DType::U8; // selection mask element type
    d.mode = d.op == VecOp::SelectScalar ? 1 : (rng.coin() ? 0 : 2);
    uint32_t per = perRepeatOf(d);
    randomShape(rng, d, per);
    uint32_t es = sizeOf(d.dt);
    d.A = randomBuffer(rng, extent(d, es, d.src0Blk, d.src0Rep, per), d.dt);
    d.B = randomBuffer(rng, extent(d, es, d.src1Blk, d.src1Rep, per), d.dt);
    d.D = randomBuffer(rng, extent(d, es, d.dstBlk, d.dstRep, per) + 32, d.dt);
    Mask m = maskOf(d, per);
    d.E = randomBuffer(rng, (static_cast<uint64_t>(m.repeats) + 1) * per / 8,
                       DType::U8);
    std::memcpy(&d.scalar, d.A.data(), es);
    check(
        d,
        [](const Desc &dd, std::vector<uint8_t> &D, std::vector<uint8_t> &) {
          refElementwise(dd, D);
        },
        name(d, i));
  }
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

/// Adjacent-pairs binary tree; every partial sum rounded to t (float16
/// saturates at 65504 when finite operands overflow).
double tree(std::vector<double> x, DType t) {
  while (x.size() > 1) {
    std::vector<double> y(x.size() / 2);
    for (size_t i = 0; i < y.size(); ++i) {
      double s = rnd(x[2 * i] + x[2 * i + 1], t);
      if (t == DType::F16 && std::isinf(s) && std::isfinite(x[2 * i]) &&
          std::isfinite(x[2 * i + 1]))
        s = s > 0 ? 65504.0 : -65504.0;
      y[i] = s;
    }
    x.swap(y);
  }
  return x[0];
}

void refReduce(const Desc &d, std::vector<uint8_t> &D,
               std::vector<uint8_t> &E) {
  const DType t = d.dt;
  const uint32_t es = sizeOf(t), per = 256 / es;
  Mask m = maskOf(d, per);
  Geo ga{es, d.src0Blk, d.src0Rep};
  if (d.op == VecOp::ReduceSum || d.op == VecOp::ReduceMax ||
      d.op == VecOp::ReduceMin)
    ga = d.form == kCount ? Geo{es, 1, 8} : Geo{es, 1, d.src0Rep};
  auto val = [&](uint32_t r, uint32_t e) {
    return getF(d.A.data() + ga.off(r, e), t);
  };
  auto idxBits = [&](uint64_t i) {
    return es == 2 ? (i & 0xffff) : (i & 0xffffffff);
  };
  auto put = [&](std::vector<uint8_t> &buf, uint64_t off, double v) {
    putF(buf.data() + off, t, v);
  };
  auto putIdx = [&](std::vector<uint8_t> &buf, uint64_t off, uint64_t i) {
    uint64_t b = idxBits(i);
    std::memcpy(buf.data() + off, &b, es);
  };
  const bool isMax = d.op == VecOp::WholeReduceMax ||
                     d.op == VecOp::BlockReduceMax || d.op == VecOp::ReduceMax;
  // Best (first occurrence of the max/min) over the enabled elements [lo, hi).
  auto best = [&](uint32_t r, uint32_t lo, uint32_t hi, double &v,
                  uint32_t &at) {
    bool any = false;
    for (uint32_t e = lo; e < hi; ++e) {
      if (!m.on(r, e))
        continue;
      double x = val(r, e);
      if (!any || (isMax ? x > v : x < v))
        v = x, at = e, any = true;
    }
    return any;
  };
  switch (d.op) {
  case VecOp::WholeReduceSum:
  case VecOp::RepeatReduceSum:
    for (uint32_t r = 0; r < m.repeats; ++r) {
      std::vector<double> x(per);
      for (uint32_t e = 0; e < per; ++e)
        x[e] = m.on(r, e) ? val(r, e) : 0.0;
      put(D, static_cast<uint64_t>(r) * d.dstRep * es, tree(x, t));
    }
    return;
  case VecOp::WholeReduceMax:
  case VecOp::WholeReduceMin:
    for (uint32_t r = 0; r < m.repeats; ++r) {
      double v = 0;
      uint32_t at = 0;
      best(r, 0, per, v, at);
      uint64_t unit = d.mode <= 1 ? 2 * es : es, off = r * d.dstRep * unit;
      if (d.mode == 0)
        put(D, off, v), putIdx(D, off + es, at);
      else if (d.mode == 1)
        putIdx(D, off, at), put(D, off + es, v);
      else if (d.mode == 2)
        put(D, off, v);
      else
        putIdx(D, off, at);
    }
    return;
  case VecOp::BlockReduceSum:
  case VecOp::BlockReduceMax:
  case VecOp::BlockReduceMin:
  case VecOp::PairReduceSum: {
    uint32_t g = d.op == VecOp::PairReduceSum ? 2 : 32 / es, outs = per / g;
    for (uint32_t r = 0; r < m.repeats; ++r)
      for (uint32_t k = 0; k < outs; ++k) {
        std::vector<double> x(g);
        bool any = false;
        for (uint32_t j = 0; j < g; ++j) {
          bool on = m.on(r, k * g + j);
          any |= on;
          x[j] = on ? val(r, k * g + j) : 0.0;
        }
        if (!any)
          continue;
        double v = 0;
        uint32_t at = 0;
        if (d.op == VecOp::BlockReduceSum || d.op == VecOp::PairReduceSum)
          v = tree(x, t);
        else
          best(r, k * g, (k + 1) * g, v, at);
        put(D, (static_cast<uint64_t>(r) * d.dstRep * outs + k) * es, v);
      }
    return;
  }
  default: {
    bool tmp = d.form != kCount;
    if (d.op == VecOp::ReduceSum) {
      std::vector<double> part;
      for (uint32_t r = 0; r < m.repeats; ++r) {
        std::vector<double> x(per);
        for (uint32_t e = 0; e < per; ++e)
          x[e] = m.on(r, e) ? val(r, e) : 0.0;
        part.push_back(tree(x, t));
        if (tmp)
          put(E, r * es, part.back());
      }
      while (part.size() > 1) {
        std::vector<double> next;
        for (size_t i = 0; i < part.size(); i += per) {
          std::vector<double> x(per, 0.0);
          for (size_t j = 0; j < per && i + j < part.size(); ++j)
            x[j] = part[i + j];
          next.push_back(tree(x, t));
        }
        part.swap(next);
      }
      put(D, 0, part[0]);
      return;
    }
    double bv = 0;
    uint64_t bi = 0;
    bool any = false;
    for (uint32_t r = 0; r < m.repeats; ++r) {
      double v = 0;
      uint32_t at = 0;
      bool has = best(r, 0, per, v, at);
      if (has && (!any || (isMax ? v > bv : v < bv)))
        bv = v, bi = r * per + at, any = true;
      if (tmp)
        put(E, 2 * r * es, v), putIdx(E, (2 * r + 1) * es, at);
    }
    put(D, 0, bv);
    if (d.mode)
      putIdx(D, es, bi);
    return;
  }
  }
}

TEST(VectorTest, Reductions) {
  Rng rng(40);
  const VecOp ops[] = {
      VecOp::WholeReduceSum, VecOp::WholeReduceMax,  VecOp::WholeReduceMin,
      VecOp::BlockReduceSum, VecOp::BlockReduceMax,  VecOp::BlockReduceMin,
      VecOp::PairReduceSum,  VecOp::RepeatReduceSum, VecOp::ReduceSum,
      VecOp::ReduceMax,      VecOp::ReduceMin};
  for (int i = 0; i < 400; ++i) {
    Desc d;
    d.op = ops[rng.in(0, 10)];
    d.dt = d.st = rng.coin() ? DType::F16 : DType::F32;
    uint32_t es = sizeOf(d.dt), per = 256 / es;
    bool all = d.op == VecOp::ReduceSum || d.op == VecOp::ReduceMax ||
               d.op == VecOp::ReduceMin;
    randomShape(rng, d, per);
    if (!all && d.form == kCount)
      d.form = kCont;
    if (all && d.form >= kRegNorm)
      d.form = kBits;
    if (d.op == VecOp::RepeatReduceSum && d.form == kBits)
      d.form = kCont;
    if (d.form == kCont)
      d.mask0 = static_cast<uint64_t>(rng.in(1, per));
    if (all && d.form != kCount && d.repeat == 0)
      d.repeat = 1;
    if (all && d.form == kCount && d.count == 0)
      d.count = 1;
    if (rng.coin(10) && d.form == kCount)
      d.count = rng.in(1, 40) * per + rng.in(0, per);
    d.mode = (d.op == VecOp::WholeReduceMax || d.op == VecOp::WholeReduceMin)
                 ? rng.in(0, 3)
             : (d.op == VecOp::ReduceMax || d.op == VecOp::ReduceMin)
                 ? rng.in(0, 1)
                 : 0;
    d.dstRep = rng.in(1, 3);
    d.dstBlk = 1;
    Geo ga = all ? (d.form == kCount ? Geo{es, 1, 8} : Geo{es, 1, d.src0Rep})
                 : Geo{es, d.src0Blk, d.src0Rep};
    Mask m = maskOf(d, per);
    uint64_t hi = 0;
    for (uint32_t r = 0; r < m.repeats; ++r)
      hi = std::max(hi, ga.off(r, per - 1) + es);
    d.A = randomBuffer(rng, hi, d.st);
    if (rng.coin(20)) // float16 overflow in partial sums
      for (size_t j = 0; j + es <= d.A.size(); j += es)
        putF(d.A.data() + j, d.dt, 60000.0);
    d.B = randomBuffer(rng, 32, d.st);
    d.D = randomBuffer(
        rng, (static_cast<uint64_t>(m.repeats) + 1) * d.dstRep * per * es + 64,
        d.dt);
    d.E = randomBuffer(
        rng, (static_cast<uint64_t>(m.repeats) + 1) * 2 * es + 64, d.dt);
    check(d, refReduce, name(d, i));
  }
}

//===----------------------------------------------------------------------===//
// Brcb, Gather, Gatherb
//===----------------------------------------------------------------------===//

TEST(VectorTest, BrcbGatherGatherb) {
  Rng rng(50);
  for (int i = 0; i < 200; ++i) {
    Desc d;
    int kind = static_cast<int>(rng.in(0, 2));
    static const DType kT[] = {DType::I16, DType::U16, DType::F16, DType::BF16,
                               DType::I32, DType::U32, DType::F32};
    d.op = kind == 0 ? VecOp::Brcb : kind == 1 ? VecOp::Gather : VecOp::Gatherb;
    d.dt = d.st =
        kind == 2 ? (rng.coin() ? DType::U16 : DType::U32) : kT[rng.in(0, 6)];
    uint32_t es = sizeOf(d.dt);
    uint32_t per = perRepeatOf(d);
    d.repeat = rng.in(0, 6);
    d.dstBlk = rng.in(1, 2);
    d.dstRep = rng.in(8 * d.dstBlk, 8 * d.dstBlk + 4);
    d.form = kind == 1 ? static_cast<int>(rng.in(0, 2)) : kCont;
    if (kind == 1) {
      d.dstBlk = 1;
      d.count = rng.in(0, 3 * per);
      d.mask0 =
          d.form == kCont ? static_cast<uint64_t>(rng.in(1, per)) : rng.bits();
      d.mask1 = rng.bits();
    }
    Mask m = maskOf(d, per);
    d.A = randomBuffer(rng, 64 * 32, d.st);
    d.B = randomBuffer(rng, 32, d.st);
    Geo gd = d.form == kCount ? Geo{es, 1, 8} : Geo{es, d.dstBlk, d.dstRep};
    d.D = randomBuffer(
        rng, (static_cast<uint64_t>(m.repeats) + 1) * gd.rep * 32 + 256, d.dt);
    uint64_t nOff = static_cast<uint64_t>(m.repeats + 1) * per;
    d.E.assign((nOff * 4 + 31) / 32 * 32 + 32, 0);
    d.aux = kind == 1 ? 32 * rng.in(0, 4) : 0;
    for (uint64_t j = 0; j < d.E.size() / 4; ++j) {
      uint32_t o = kind == 2 ? 32 * static_cast<uint32_t>(rng.in(0, 63))
                             : es * static_cast<uint32_t>(
                                        rng.in(0, (64 * 32 - d.aux) / es - 1));
      std::memcpy(d.E.data() + 4 * j, &o, 4);
    }
    check(
        d,
        [](const Desc &dd, std::vector<uint8_t> &D, std::vector<uint8_t> &) {
          uint32_t es = sizeOf(dd.dt), per = perRepeatOf(dd);
          Mask m = maskOf(dd, per);
          for (uint32_t r = 0; r < m.repeats; ++r)
            for (uint32_t b = 0; b < (dd.op == VecOp::Gather ? per : 8); ++b) {
              if (dd.op == VecOp::Brcb) {
                uint8_t *blk = D.data() + (r * dd.dstRep + b * dd.dstBlk) * 32;
                for (uint32_t k = 0; k < 32; k += es)
                  std::memcpy(blk + k, dd.A.data() + (r * 8 + b) * es, es);
              } else if (dd.op == VecOp::Gatherb) {
                uint32_t o;
                std::memcpy(&o, dd.E.data() + (r * 8 + b) * 4, 4);
                std::memcpy(D.data() + (r * dd.dstRep + b * dd.dstBlk) * 32,
                            dd.A.data() + o, 32);
              } else if (m.on(r, b)) {
                uint32_t o;
                std::memcpy(
                    &o, dd.E.data() + (static_cast<uint64_t>(r) * per + b) * 4,
                    4);
                Geo g =
                    dd.form == kCount ? Geo{es, 1, 8} : Geo{es, 1, dd.dstRep};
                std::memcpy(D.data() + g.off(r, b), dd.A.data() + dd.aux + o,
                            es);
              }
            }
        },
        name(d, i));
  }
}

} // namespace

namespace {

// Core::vecOp reuses a call site's plan when the call and the vector
// registers it reads are the same: four iterations of the same calls, the
// mask register changed between iterations 1 and 2, must compute what
// planning every call afresh computes (kernels/vec_plan_cache.cpp).
TEST(VectorPlanCache, IdenticalCallsFollowTheMaskRegister) {
  std::string error;
  std::unique_ptr<Kernel> k = Kernel::load(ASCSIM_KERNEL_VEC_PLAN_CACHE, error);
  ASSERT_TRUE(k) << error;
  std::vector<float> x(64), y(64), z(4 * 192, -1.f);
  for (int i = 0; i < 64; ++i) {
    x[i] = static_cast<float>(i);
    y[i] = 100.f;
  }
  auto addr = [](std::vector<float> &v) {
    return reinterpret_cast<uint64_t>(v.data());
  };
  for (RaceCheck rc : {RaceCheck::Raise, RaceCheck::Off}) {
    std::fill(z.begin(), z.end(), -1.f);
    LaunchConfig config;
    config.race_check = rc;
    LaunchResult r = k->launch(1, {addr(x), addr(y), addr(z)},
                               {{addr(x), 256, "x"},
                                {addr(y), 256, "y"},
                                {addr(z), z.size() * 4, "z"}},
                               config);
    ASSERT_TRUE(r.ok) << test::dumpDiagnostics(r);
    ASSERT_TRUE(r.diagnostics.empty()) << test::dumpDiagnostics(r);
    for (int it = 0; it < 4; ++it) {
      const int lanes = it < 2 ? 4 : 8; // SetVectorMask(0, 0xF / 0xFF)
      for (int i = 0; i < 64; ++i) {
        const float sum = x[i] + y[i];
        EXPECT_EQ(z[it * 192 + i], i < lanes ? sum : 0.f)
            << "d, iteration " << it << ", element " << i;
        EXPECT_EQ(z[it * 192 + 64 + i], sum)
            << "e, iteration " << it << ", element " << i;
        EXPECT_EQ(z[it * 192 + 128 + i], sum) // the count form reset the mask
            << "f, iteration " << it << ", element " << i;
      }
    }
  }
}

} // namespace

//===- ops/QuantEval.cpp - Quantisation and fused casts ---------*- C++ -*-===//
//
// Element results of AddReluCast, SubReluCast, MulCast, AddDeqRelu and
// CastDeq, and the DEQSCALE packing. Every result is computed exactly (in
// int64, or in double with the rounding error of the one inexact step kept as
// a sticky bit) and rounded once into the destination type; see the
// "Quantisation" table of sim/VECTOR.md.
//
//===----------------------------------------------------------------------===//

#include "ops/QuantOps.h"

#include "ops/VectorMath.h"
#include "ops/VectorOps.h"
#include "support/Isa.h"

#include <cmath>
#include <cstring>
#include <limits>

namespace ascsim {

using namespace vm;

namespace {

const DeqState kDefaultDeq; // VecInstr::deq when absent

double valueOf(uint64_t bits, DType t) {
  uint8_t buf[8];
  std::memcpy(buf, &bits, 8);
  return loadF(buf, t);
}

/// `s` is a rounded result and `err` the (exact) rounding error; nudging `s`
/// one double ulp towards `err` keeps the error as a sticky bit, so that a
/// later rounding to a much narrower type (float16) rounds as the exact value
/// would.
double sticky(double s, double err) {
  if (err == 0 || !std::isfinite(s))
    return s;
  return std::nextafter(s, err > 0 ? std::numeric_limits<double>::infinity()
                                   : -std::numeric_limits<double>::infinity());
}

/// a + b (or a - b) as a double that rounds like the exact sum.
double exactSum(double a, double b) {
  double s = a + b;
  if (!std::isfinite(s))
    return s;
  double bb = s - a;
  double err = (a - (s - bb)) + (b - bb);
  return sticky(s, err);
}

/// a * b as a double that rounds like the exact product.
double exactProduct(double a, double b) {
  double p = a * b;
  if (!std::isfinite(p))
    return p;
  return sticky(p, std::fma(a, b, -p));
}

/// max(v, +0); NaN stays NaN (as Relu).
double relu(double v) { return v > 0 || std::isnan(v) ? v : 0.0; }

/// Rounds to an integer (nearest, ties to even), saturates to [lo, hi];
/// NaN -> 0.
int64_t toIntSat(double v, int64_t lo, int64_t hi) {
  if (std::isnan(v))
    return 0;
  double r = std::nearbyint(v); // default rounding: nearest even
  if (r <= static_cast<double>(lo))
    return lo;
  if (r >= static_cast<double>(hi))
    return hi;
  return static_cast<int64_t>(r);
}

int64_t lowOf(DType t) { return t == DType::I8 ? -128 : 0; }
int64_t highOf(DType t) { return t == DType::I8 ? 127 : 255; }

float floatOf(uint32_t bits) {
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

} // namespace

uint64_t packDeqGroup(const DeqGroup &g) {
  uint32_t bits;
  std::memcpy(&bits, &g.scale, 4);
  return static_cast<uint64_t>(bits) |
         (static_cast<uint64_t>(static_cast<uint16_t>(g.offset)) << 32) |
         (static_cast<uint64_t>(g.signMode ? 1 : 0) << 48);
}

DeqGroup unpackDeqGroup(uint64_t word) {
  DeqGroup g;
  g.scale = floatOf(static_cast<uint32_t>(word));
  g.offset = static_cast<int16_t>(static_cast<uint16_t>(word >> 32));
  g.signMode = (word >> 48) & 1;
  return g;
}

bool deqControl(VecCtl what, uint64_t a, uint64_t b, DeqState &deq,
                uint16_t &deqScaleF16, std::string &error) {
  switch (what) {
  case VecCtl::SetDeqScale: // half scale: offset 0, signMode kept
    deqScaleF16 = static_cast<uint16_t>(a);
    deq.scalar.scale = static_cast<float>(valueOf(a, DType::F16));
    deq.scalar.offset = 0;
    return true;
  case VecCtl::SetDeqScaleEx:
  case VecCtl::SetVdeqGroup: {
    DeqGroup g = unpackDeqGroup(what == VecCtl::SetDeqScaleEx ? a : b);
    if (g.offset < -256 || g.offset > 255) {
      error = "set_deq_scale: the offset is a 9-bit signed value in [-256, "
              "255], but got " +
              std::to_string(g.offset);
      return false;
    }
    if (what == VecCtl::SetVdeqGroup) {
      if (a >= 16) {
        error = "set_deq_scale: vdeq group index " + std::to_string(a) +
                " is outside [0, 16)";
        return false;
      }
      deq.groups[a] = g;
      deq.groupsSet = true;
      return true;
    }
    deq.scalar = g;
    deqScaleF16 = static_cast<uint16_t>(roundBits(g.scale, DType::F16));
    return true;
  }
  default:
    return true;
  }
}

bool isQuantOp(VecOp op) {
  return op == VecOp::AddReluCast || op == VecOp::SubReluCast ||
         op == VecOp::MulCast || op == VecOp::AddDeqRelu ||
         op == VecOp::CastDeq;
}

uint64_t quantCompute(const VecInstr &in, uint64_t a, uint64_t b, uint32_t e) {
  const DType dt = in.dt, st = in.st;
  switch (in.op) {
  case VecOp::AddReluCast:
  case VecOp::SubReluCast: {
    bool add = in.op == VecOp::AddReluCast;
    if (st == DType::I16) { // exact: no int16 wrap-around in between
      int64_t x = static_cast<int64_t>(valueOf(a, st));
      int64_t y = static_cast<int64_t>(valueOf(b, st));
      int64_t v = add ? x + y : x - y;
      return static_cast<uint64_t>(toIntSat(v > 0 ? v : 0, -128, 127)) & 0xff;
    }
    double x = valueOf(a, st), y = valueOf(b, st);
    double v = relu(exactSum(x, add ? y : -y));
    if (dt == DType::F16) // float32 -> float16
      return roundBits(v, DType::F16);
    return static_cast<uint64_t>(toIntSat(v, -128, 127)) & 0xff;
  }
  case VecOp::MulCast: {
    double v = valueOf(a, st) * valueOf(b, st); // exact (11 x 11 bits)
    return static_cast<uint64_t>(toIntSat(v, lowOf(dt), highOf(dt))) & 0xff;
  }
  case VecOp::AddDeqRelu: {
    int64_t sum = static_cast<int64_t>(valueOf(a, st)) +
                  static_cast<int64_t>(valueOf(b, st)); // exact, 33 bits
    double scale = valueOf(in.deqScale, DType::F16);
    return roundBits(relu(exactProduct(static_cast<double>(sum), scale)),
                     DType::F16);
  }
  case VecOp::CastDeq: {
    bool vec = in.mode & 1;
    const DeqState &deq = in.deq ? *in.deq : kDefaultDeq;
    const DeqGroup &g = vec ? deq.groups[e % 16] : deq.scalar;
    double x = valueOf(a, st);
    double v = exactProduct(x, static_cast<double>(g.scale));
    if (dt == DType::F16) // int32 -> half: x * scale, rounded once
      return roundBits(v, DType::F16);
    // int16 -> int8 / uint8: round, add the offset, saturate as signMode
    // says (the element type only decides how the byte is read back).
    if (std::isnan(v))
      return 0;
    double r = std::nearbyint(v) + g.offset;
    int64_t lo = g.signMode ? -128 : 0, hi = g.signMode ? 127 : 255;
    return static_cast<uint64_t>(toIntSat(r, lo, hi)) & 0xff;
  }
  default:
    return 0;
  }
}

} // namespace ascsim

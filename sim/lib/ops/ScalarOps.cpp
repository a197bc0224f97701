//===- ops/ScalarOps.cpp - Scalar-unit bit helpers ------------------------===//

#include "ops/ScalarOps.h"

#include "ops/VectorMath.h"

namespace ascsim {
namespace scalar {

int64_t sffValue(uint64_t value, int bit) {
  uint64_t v = bit ? value : ~value;
  if (v == 0)
    return -1;
  return __builtin_ctzll(v);
}

int64_t countOfValue(uint64_t value, int bit) {
  int ones = __builtin_popcountll(value);
  return bit ? ones : 64 - ones;
}

int64_t countLeadingZero(uint64_t value) {
  return value == 0 ? 64 : __builtin_clzll(value);
}

int64_t countSignBits(int64_t value) {
  uint64_t v = static_cast<uint64_t>(value);
  // Bits equal to the sign bit become 0 after the xor with the value shifted
  // by one; the leading zeros of that (bit 63 always 0) minus the sign bit.
  uint64_t x = (v ^ (v << 1)) | 1; // bit 0 set: at most 63 equal bits
  return __builtin_clzll(x);
}

namespace {
// RoundMode values (CAST_NONE = 0 ... CAST_ODD = 6).
constexpr uint8_t kRint = 1, kTrunc = 5, kOdd = 6;
} // namespace

bool castSupported(DType dst, uint8_t mode, const char *&modes) {
  if (dst == DType::F16) {
    modes = "CAST_NONE, CAST_RINT, CAST_FLOOR, CAST_CEIL, CAST_ROUND, "
            "CAST_TRUNC, CAST_ODD";
    return mode <= kOdd;
  }
  if (dst == DType::I32) {
    modes = "CAST_RINT, CAST_FLOOR, CAST_CEIL, CAST_ROUND, CAST_TRUNC";
    return mode >= kRint && mode <= kTrunc;
  }
  modes = "";
  return false;
}

uint64_t castFloat(uint32_t bits, DType dst, uint8_t mode) {
  return vm::castBits(bits, dst, DType::F32, mode, /*deqScale=*/0x3C00);
}

} // namespace scalar
} // namespace ascsim

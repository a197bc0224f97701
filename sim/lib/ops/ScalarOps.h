//===- ops/ScalarOps.h - Scalar-unit bit helpers ----------------*- C++ -*-===//
//
// What ScalarGetSFFValue, ScalarGetCountOfValue, ScalarCountLeadingZero,
// CountBitsCntSameAsSignBit and ScalarCast compute (ascendc_api.md §5.16).
// Pure functions of their operands, tested in test/ScalarOpsTest.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_OPS_SCALAROPS_H
#define ASCSIM_OPS_SCALAROPS_H

#include "ascsim/abi.h"

#include <cstdint>

namespace ascsim {
namespace scalar {

/// Position (from bit 0) of the first bit equal to `bit`, -1 if none.
int64_t sffValue(uint64_t value, int bit);
/// Number of bits equal to `bit`.
int64_t countOfValue(uint64_t value, int bit);
/// Leading zero bits (64 for 0).
int64_t countLeadingZero(uint64_t value);
/// Consecutive bits from bit 62 down that equal bit 63 (0 and -1: 63).
int64_t countSignBits(int64_t value);
/// float32 bits -> `dst` (F16 or I32) bits in RoundMode `mode`, as Cast
/// (ops/VectorMath.h castBits).
uint64_t castFloat(uint32_t bits, DType dst, uint8_t mode);
/// Whether ScalarCast supports float -> `dst` in `mode`; `modes` lists the
/// supported modes.
bool castSupported(DType dst, uint8_t mode, const char *&modes);

} // namespace scalar
} // namespace ascsim

#endif // ASCSIM_OPS_SCALAROPS_H

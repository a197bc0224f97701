//===- ops/SortOps.h - Sort32 and MrgSort -----------------------*- C++ -*-===//
//
// The functional model of the sort instructions of ascsim/sort_api.h. A
// SortInstr is a VecInstr (the engine stages and commits it like any vector
// instruction: `out` covers the written bytes) planned at issue and
// evaluated when it starts. Order: descending score; NaN above +inf; equal
// scores (+0 and -0 are equal) keep their input order in Sort32, and in
// MrgSort the lower-numbered list goes first.
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_OPS_SORTOPS_H
#define ASCSIM_OPS_SORTOPS_H

#include "ascsim/sort_abi.h"
#include "ops/VectorOps.h"

#include <array>
#include <cstdint>

namespace ascsim {

struct SortInstr : VecInstr {
  SortKind kind = SortKind::Sort32;
  DType scoreType = DType::F32;
  uint64_t reps = 0;
  uint8_t *dst = nullptr; // host address of dst byte 0
  // Sort32: scores and uint32 indices.
  const uint8_t *scores = nullptr;
  const uint8_t *indices = nullptr;
  // MrgSort: the enabled lists, their lengths (pairs), and the stride of
  // one repeat (bytes: all lists together).
  std::array<const uint8_t *, 4> lists{};
  std::array<uint32_t, 4> lengths{};
  uint32_t numLists = 0;
  uint64_t repeatBytes = 0;
  bool exhaustedSuspension = false;
  /// Pairs taken from each list (summed over repeats); set when the
  /// instruction starts.
  mutable std::array<uint32_t, 4> taken{};
};

/// Computes the result into `staging` (a snapshot of the written hull at
/// `in.out`) when the instruction starts.
void evaluateSort(const VecInstr &in, uint8_t *staging);

/// The order of two scores: true if `a` goes before `b` (NaN first).
bool sortsBefore(double a, double b);

} // namespace ascsim

#endif // ASCSIM_OPS_SORTOPS_H

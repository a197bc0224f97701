//===- ops/SortOps.cpp - Sort32 and MrgSort ---------------------*- C++ -*-===//

#include "ops/SortOps.h"

#include "ops/VectorMath.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

namespace ascsim {

bool sortsBefore(double a, double b) {
  if (std::isnan(a))
    return !std::isnan(b);
  if (std::isnan(b))
    return false;
  return a > b;
}

namespace {

/// One 8-byte pair: the score's bytes, then the index.
struct Pair {
  double key;
  uint8_t bytes[8];
};

Pair loadPair(const uint8_t *p, DType t) {
  Pair x;
  std::memcpy(x.bytes, p, 8);
  x.key = vm::loadF(p, t);
  return x;
}

void evalSort32(const SortInstr &in, uint8_t *st) {
  const uint32_t es = dtypeSize(in.scoreType);
  uint8_t *base = st + (in.dst - in.out);
  std::vector<Pair> v(32);
  for (uint64_t r = 0; r < in.reps; ++r) {
    for (uint32_t e = 0; e < 32; ++e) {
      Pair &x = v[e];
      std::memset(x.bytes, 0, 8);
      const uint8_t *s = in.scores + (r * 32 + e) * es;
      std::memcpy(x.bytes, s, es);
      std::memcpy(x.bytes + 4, in.indices + (r * 32 + e) * 4, 4);
      x.key = vm::loadF(s, in.scoreType);
    }
    std::stable_sort(v.begin(), v.end(), [](const Pair &a, const Pair &b) {
      return sortsBefore(a.key, b.key);
    });
    for (uint32_t e = 0; e < 32; ++e)
      std::memcpy(base + (r * 32 + e) * 8, v[e].bytes, 8);
  }
}

void evalMrgSort(const SortInstr &in, uint8_t *st) {
  uint8_t *base = st + (in.dst - in.out);
  in.taken = {0, 0, 0, 0};
  for (uint64_t r = 0; r < in.reps; ++r) {
    const uint64_t shift = r * in.repeatBytes;
    std::array<uint32_t, 4> pos{0, 0, 0, 0};
    uint64_t k = 0;
    for (;;) {
      int best = -1;
      Pair bestPair{};
      bool anyEmpty = false;
      for (uint32_t i = 0; i < in.numLists; ++i) {
        if (pos[i] >= in.lengths[i]) {
          anyEmpty = true;
          continue;
        }
        Pair p =
            loadPair(in.lists[i] + shift + uint64_t(pos[i]) * 8, in.scoreType);
        if (best < 0 || sortsBefore(p.key, bestPair.key)) {
          best = static_cast<int>(i);
          bestPair = p;
        }
      }
      if (best < 0 || (anyEmpty && in.exhaustedSuspension))
        break;
      std::memcpy(base + shift + k * 8, bestPair.bytes, 8);
      ++k;
      ++pos[best];
    }
    for (uint32_t i = 0; i < 4; ++i)
      in.taken[i] += pos[i];
  }
}

} // namespace

void evaluateSort(const VecInstr &base, uint8_t *staging) {
  const SortInstr &in = static_cast<const SortInstr &>(base);
  if (in.kind == SortKind::Sort32)
    evalSort32(in, staging);
  else
    evalMrgSort(in, staging);
}

} // namespace ascsim

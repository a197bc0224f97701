//===- clock/Clock.h - Vector clocks over one core's pipes ------*- C++ -*-===//
//
// A vector clock with one component per pipe of a core (S, V, M, MTE1, MTE2,
// MTE3, FIX). Component p = k means "the first k instructions of pipe p have
// completed" (knowledge is always prefix-closed: it travels only through
// set_flag, barriers and in-order pipes, which all imply completion of every
// earlier instruction of the source pipe). Cores are not ordered with each
// other inside a launch, so no cross-core components exist.
//
// Depends on nothing.
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_CLOCK_CLOCK_H
#define ASCSIM_CLOCK_CLOCK_H

#include <array>
#include <cstdint>
#include <cstring>

namespace ascsim {

class VectorClock {
public:
  static constexpr int kComponents = 7;

  uint32_t operator[](int i) const { return c_[i]; }
  uint32_t &operator[](int i) { return c_[i]; }

  /// Pointwise maximum.
  void join(const VectorClock &o) {
    for (int i = 0; i < kComponents; ++i)
      if (o.c_[i] > c_[i])
        c_[i] = o.c_[i];
  }
  /// Whether instruction number `stamp` of component `i` is known complete.
  bool knows(int i, uint32_t stamp) const { return c_[i] >= stamp; }

  bool operator==(const VectorClock &o) const { return c_ == o.c_; }
  /// operator== in a few wide compares (no memcmp call, no loop).
  bool sameAs(const VectorClock &o) const {
    uint64_t x[3], y[3];
    std::memcpy(x, c_.data(), sizeof(x));
    std::memcpy(y, o.c_.data(), sizeof(y));
    return ((x[0] ^ y[0]) | (x[1] ^ y[1]) | (x[2] ^ y[2]) |
            (c_[6] ^ o.c_[6])) == 0;
  }

private:
  static_assert(kComponents == 7, "sameAs() compares 3 x 8 + 4 bytes");
  std::array<uint32_t, kComponents> c_{};
};

} // namespace ascsim

#endif // ASCSIM_CLOCK_CLOCK_H

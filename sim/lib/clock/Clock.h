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
  /// A number naming this value of the clock among the values one owner
  /// gave it (the race detector numbers the scalar's clock each time it
  /// changes: a copy taken at issue tells by its number whether a pipe
  /// merged that value already). Not part of the value: join() and
  /// operator== ignore it.
  uint32_t generation() const { return gen_; }
  void setGeneration(uint32_t g) { gen_ = g; }

private:
  std::array<uint32_t, kComponents> c_{};
  uint32_t gen_ = 0;
};

} // namespace ascsim

#endif // ASCSIM_CLOCK_CLOCK_H

//===- ascsim/float16.h - half and bfloat16_t value types -------*- C++ -*-===//
//
// `half` (IEEE 754 binary16) and `bfloat16_t` for host compilation. On the NPU
// both are compiler built-in arithmetic types; here they are 16-bit value
// classes that convert implicitly to and from the arithmetic types, with
// bit-exact round-to-nearest-even conversions done in software (no hardware
// half support or libgcc helpers needed). Arithmetic on two values goes
// through float and rounds once: float carries >= 2p+2 significand bits for
// both formats, so +, -, *, / are correctly rounded.
//
// The conversion routines are shared with the simulator library, which uses
// them to execute float16 vector instructions.
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_FLOAT16_H
#define ASCSIM_FLOAT16_H

#include <cstdint>

namespace ascsim {

//===----------------------------------------------------------------------===//
// Minimal traits (kept local so the kernel TU does not need <type_traits>)
//===----------------------------------------------------------------------===//

template <bool B, class T = void> struct EnableIf {};
template <class T> struct EnableIf<true, T> {
  using type = T;
};
template <bool B, class T = void>
using EnableIfT = typename EnableIf<B, T>::type;

template <class A, class B> struct IsSame {
  static constexpr bool value = false;
};
template <class A> struct IsSame<A, A> {
  static constexpr bool value = true;
};

template <class T> struct RemoveCv {
  using type = T;
};
template <class T> struct RemoveCv<const T> {
  using type = T;
};
template <class T> struct RemoveCv<volatile T> {
  using type = T;
};
template <class T> struct RemoveCv<const volatile T> {
  using type = T;
};

template <class T> struct IsIntegralImpl {
  static constexpr bool value = false;
};
#define ASCSIM_INTEGRAL(T)                                                     \
  template <> struct IsIntegralImpl<T> {                                       \
    static constexpr bool value = true;                                        \
  };
ASCSIM_INTEGRAL(bool)
ASCSIM_INTEGRAL(char)
ASCSIM_INTEGRAL(signed char)
ASCSIM_INTEGRAL(unsigned char)
ASCSIM_INTEGRAL(short)
ASCSIM_INTEGRAL(unsigned short)
ASCSIM_INTEGRAL(int)
ASCSIM_INTEGRAL(unsigned int)
ASCSIM_INTEGRAL(long)
ASCSIM_INTEGRAL(unsigned long)
ASCSIM_INTEGRAL(long long)
ASCSIM_INTEGRAL(unsigned long long)
#undef ASCSIM_INTEGRAL

template <class T> struct IsIntegral {
  static constexpr bool value =
      IsIntegralImpl<typename RemoveCv<T>::type>::value;
};
template <class T> struct IsFloatingPoint {
  using U = typename RemoveCv<T>::type;
  static constexpr bool value = IsSame<U, float>::value ||
                                IsSame<U, double>::value ||
                                IsSame<U, long double>::value;
};
template <class T> struct IsArithmetic {
  static constexpr bool value =
      IsIntegral<T>::value || IsFloatingPoint<T>::value;
};
template <class T> struct IsPointer {
  static constexpr bool value = false;
};
template <class T> struct IsPointer<T *> {
  static constexpr bool value = true;
};

//===----------------------------------------------------------------------===//
// Bit-exact conversions
//===----------------------------------------------------------------------===//

namespace fp {

inline uint64_t bitsOf(double d) {
  uint64_t x;
  __builtin_memcpy(&x, &d, sizeof x);
  return x;
}
inline float floatOf(uint32_t x) {
  float f;
  __builtin_memcpy(&f, &x, sizeof f);
  return f;
}

/// Rounds `d` to nearest-even in a binary format with `E` exponent bits and
/// `M` stored significand bits (half: 5/10, bfloat16: 8/7), handling
/// subnormals, overflow to infinity and NaN (quietened, payload top bits kept).
/// Rounding from double directly avoids double rounding.
template <int E, int M> inline uint16_t fromDouble(double d) {
  constexpr int kBias = (1 << (E - 1)) - 1;
  constexpr uint16_t kInf = static_cast<uint16_t>(((1u << E) - 1u) << M);
  uint64_t x = bitsOf(d);
  uint16_t sign = static_cast<uint16_t>((x >> 63) << (E + M));
  int e = static_cast<int>((x >> 52) & 0x7ff);
  uint64_t f = x & 0xfffffffffffffull;
  if (e == 0x7ff) {
    if (f == 0)
      return static_cast<uint16_t>(sign | kInf);
    return static_cast<uint16_t>(sign | kInf | (1u << (M - 1)) |
                                 static_cast<uint16_t>(f >> (52 - M)));
  }
  if (e == 0) // zero or double subnormal: far below every target subnormal
    return sign;
  int ue = e - 1023;
  if (ue > kBias)
    return static_cast<uint16_t>(sign | kInf);
  uint64_t m = f | (1ull << 52);
  int shift = 52 - M;
  int expField = ue + kBias;
  if (expField <= 0) { // subnormal in the target format
    shift += 1 - expField;
    expField = 0;
    if (shift > 63)
      return sign;
  }
  uint64_t q = m >> shift;
  uint64_t rem = m & ((1ull << shift) - 1);
  uint64_t halfway = 1ull << (shift - 1);
  if (rem > halfway || (rem == halfway && (q & 1)))
    ++q;
  if (expField == 0) // q <= 2^M; q == 2^M encodes the smallest normal
    return static_cast<uint16_t>(sign | q);
  if (q == (1ull << (M + 1))) {
    q >>= 1;
    ++expField;
  }
  if (expField >= (1 << E) - 1)
    return static_cast<uint16_t>(sign | kInf);
  return static_cast<uint16_t>(sign | (static_cast<uint32_t>(expField) << M) |
                               (q & ((1u << M) - 1)));
}

/// Exact widening of a small binary format to float.
template <int E, int M> inline float toFloat(uint16_t h) {
  if constexpr (E == 8 && M == 7) // bfloat16 is the top half of a float
    return floatOf(static_cast<uint32_t>(h) << 16);
  constexpr int kBias = (1 << (E - 1)) - 1;
  uint32_t sign = static_cast<uint32_t>(h >> (E + M)) << 31;
  uint32_t e = (h >> M) & ((1u << E) - 1);
  uint32_t m = h & ((1u << M) - 1);
  if (e == 0) {
    // value = m * 2^(1 - bias - M), exact in float for both formats.
    float v = static_cast<float>(m);
    int scale = 1 - kBias - M;
    while (scale < 0) {
      int s = scale < -60 ? -60 : scale;
      v *= floatOf(static_cast<uint32_t>(127 + s) << 23);
      scale -= s;
    }
    return sign ? -v : v;
  }
  if (e == (1u << E) - 1)
    return floatOf(sign | 0x7f800000u | (m << (23 - M)));
  return floatOf(sign | ((e - kBias + 127) << 23) | (m << (23 - M)));
}

} // namespace fp

//===----------------------------------------------------------------------===//
// SmallFloat<E, M>
//===----------------------------------------------------------------------===//

/// A 16-bit binary floating-point value type. Trivially copyable; the default
/// constructor leaves the bits uninitialised, like the NPU built-in type.
template <int E, int M> class SmallFloat {
public:
  SmallFloat() = default;
  /// Implicit conversion from any arithmetic type (round to nearest even).
  template <class T, class = EnableIfT<IsArithmetic<T>::value>>
  SmallFloat(T v) : bits_(fp::fromDouble<E, M>(static_cast<double>(v))) {}
  /// Explicit conversion from the other 16-bit format.
  template <int E2, int M2>
  explicit SmallFloat(SmallFloat<E2, M2> o)
      : bits_(
            fp::fromDouble<E, M>(static_cast<double>(static_cast<float>(o)))) {}

  operator float() const { return fp::toFloat<E, M>(bits_); }

  static SmallFloat fromBits(uint16_t b) {
    SmallFloat r;
    r.bits_ = b;
    return r;
  }
  uint16_t bits() const { return bits_; }

  friend SmallFloat operator+(SmallFloat v) { return v; }
  friend SmallFloat operator-(SmallFloat v) {
    return fromBits(static_cast<uint16_t>(v.bits_ ^ (1u << (E + M))));
  }

#define ASCSIM_SF_ARITH(OP)                                                    \
  friend SmallFloat operator OP(SmallFloat a, SmallFloat b) {                  \
    return SmallFloat(static_cast<float>(a) OP static_cast<float>(b));         \
  }                                                                            \
  template <class T, EnableIfT<IsFloatingPoint<T>::value, int> = 0>            \
  friend T operator OP(SmallFloat a, T b) {                                    \
    return static_cast<T>(static_cast<float>(a)) OP b;                         \
  }                                                                            \
  template <class T, EnableIfT<IsFloatingPoint<T>::value, int> = 0>            \
  friend T operator OP(T a, SmallFloat b) {                                    \
    return a OP static_cast<T>(static_cast<float>(b));                         \
  }                                                                            \
  template <class T, EnableIfT<IsIntegral<T>::value, int> = 0>                 \
  friend SmallFloat operator OP(SmallFloat a, T b) {                           \
    return SmallFloat(static_cast<double>(static_cast<float>(a))               \
                          OP static_cast<double>(b));                          \
  }                                                                            \
  template <class T, EnableIfT<IsIntegral<T>::value, int> = 0>                 \
  friend SmallFloat operator OP(T a, SmallFloat b) {                           \
    return SmallFloat(static_cast<double>(a)                                   \
                          OP static_cast<double>(static_cast<float>(b)));      \
  }                                                                            \
  template <class T> SmallFloat &operator OP##=(T b) {                         \
    *this = SmallFloat(*this OP b);                                            \
    return *this;                                                              \
  }
  ASCSIM_SF_ARITH(+)
  ASCSIM_SF_ARITH(-)
  ASCSIM_SF_ARITH(*)
  ASCSIM_SF_ARITH(/)
#undef ASCSIM_SF_ARITH

#define ASCSIM_SF_CMP(OP)                                                      \
  friend bool operator OP(SmallFloat a, SmallFloat b) {                        \
    return static_cast<float>(a) OP static_cast<float>(b);                     \
  }                                                                            \
  template <class T, EnableIfT<IsArithmetic<T>::value, int> = 0>               \
  friend bool operator OP(SmallFloat a, T b) {                                 \
    return static_cast<double>(static_cast<float>(a))                          \
        OP static_cast<double>(b);                                             \
  }                                                                            \
  template <class T, EnableIfT<IsArithmetic<T>::value, int> = 0>               \
  friend bool operator OP(T a, SmallFloat b) {                                 \
    return static_cast<double>(a)                                              \
        OP static_cast<double>(static_cast<float>(b));                         \
  }
  ASCSIM_SF_CMP(==)
  ASCSIM_SF_CMP(!=)
  ASCSIM_SF_CMP(<)
  ASCSIM_SF_CMP(<=)
  ASCSIM_SF_CMP(>)
  ASCSIM_SF_CMP(>=)
#undef ASCSIM_SF_CMP

private:
  uint16_t bits_;
};

using Half = SmallFloat<5, 10>;
using BFloat16 = SmallFloat<8, 7>;

} // namespace ascsim

/// IEEE 754 binary16 (a compiler built-in type on the NPU).
using half = ::ascsim::Half;
/// bfloat16: 8 exponent bits, 7 stored significand bits.
using bfloat16_t = ::ascsim::BFloat16;

#endif // ASCSIM_FLOAT16_H

//===- ascsim_entry.h - Kernel entry stub support ---------------*- C++ -*-===//
//
// The backend appends an entry stub to each emitted kernel:
//
//   #include "ascsim_entry.h"
//   extern "C" void ascsim_entry(const uint64_t *a) {
//     vadd_kernel(ascsim::arg<__gm__ float *>(a[0]), ...,
//                 ascsim::arg<int32_t>(a[3]));
//   }
//
// The launcher calls ascsim_entry with one 64-bit word per kernel argument.
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_ENTRY_H
#define ASCSIM_ENTRY_H

#include "ascsim/float16.h"

#include <cstdint>

namespace ascsim {

/// Decodes one argument word: pointers from the address, integers (and
/// enums) truncated to their width, float/double from their IEEE bit pattern
/// (float: low 32 bits), half/bfloat16_t from the low 16 bits.
template <class T> inline T arg(uint64_t bits) {
  if constexpr (IsPointer<T>::value) {
    return reinterpret_cast<T>(static_cast<uintptr_t>(bits));
  } else if constexpr (IsSame<T, float>::value) {
    uint32_t lo = static_cast<uint32_t>(bits);
    float f;
    __builtin_memcpy(&f, &lo, sizeof f);
    return f;
  } else if constexpr (IsSame<T, double>::value) {
    double d;
    __builtin_memcpy(&d, &bits, sizeof d);
    return d;
  } else if constexpr (IsSame<T, Half>::value || IsSame<T, BFloat16>::value) {
    return T::fromBits(static_cast<uint16_t>(bits));
  } else {
    return static_cast<T>(bits);
  }
}

} // namespace ascsim

#endif // ASCSIM_ENTRY_H

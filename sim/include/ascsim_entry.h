//===- ascsim_entry.h - Kernel entry stub support ---------------*- C++ -*-===//
//
// The simulator loads a kernel through two extern "C" functions that
// ASCSIM_ENTRY(kernel) defines after the kernel (and a third, the kernel
// type, that ASCSIM_KERNEL_TYPE(type) defines):
//
//   #include "ascsim_entry.h"
//   ASCSIM_ENTRY(add_custom)
//
// The Ascend C emitter prints these lines after each kernel (under
// #ifdef ASCSIM, so bisheng skips them); asc.runtime.ascendc_kernel appends
// them to hand-written kernels. The launcher calls ascsim_entry with one
// 64-bit word per kernel argument.
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

//===----------------------------------------------------------------------===//
// Entry points
//===----------------------------------------------------------------------===//
//
// invoke() decodes each word by the parameter's own C++ type, so the stub
// never spells a type; paramTypes() names the types ("pointer,int32,float32")
// so the caller can encode the words.

template <unsigned... I> struct Indices {};
template <unsigned N, unsigned... I>
struct MakeIndices : MakeIndices<N - 1, N - 1, I...> {};
template <unsigned... I> struct MakeIndices<0, I...> {
  using type = Indices<I...>;
};

template <class... P, unsigned... I>
inline void invokeWith(void (*f)(P...), const uint64_t *a, Indices<I...>) {
  f(arg<P>(a[I])...);
  (void)a;
}

template <class... P> inline void invoke(void (*f)(P...), const uint64_t *a) {
  invokeWith(f, a, typename MakeIndices<sizeof...(P)>::type{});
}

/// numpy-style name of a parameter type, "pointer" for pointers.
template <class T> constexpr const char *paramTypeName() {
  using U = typename RemoveCv<T>::type;
  if constexpr (IsPointer<U>::value)
    return "pointer";
  else if constexpr (IsSame<U, bool>::value)
    return "bool";
  else if constexpr (IsSame<U, Half>::value)
    return "float16";
  else if constexpr (IsSame<U, BFloat16>::value)
    return "bfloat16";
  else if constexpr (IsSame<U, float>::value)
    return "float32";
  else if constexpr (IsSame<U, double>::value)
    return "float64";
  else if constexpr (static_cast<U>(-1) < static_cast<U>(0))
    return sizeof(U) == 1   ? "int8"
           : sizeof(U) == 2 ? "int16"
           : sizeof(U) == 4 ? "int32"
                            : "int64";
  else
    return sizeof(U) == 1   ? "uint8"
           : sizeof(U) == 2 ? "uint16"
           : sizeof(U) == 4 ? "uint32"
                            : "uint64";
}

template <class... P> inline const char *paramTypes(void (*)(P...)) {
  static const char *const names[] = {paramTypeName<P>()..., nullptr};
  static char buf[1024];
  unsigned n = 0;
  for (unsigned i = 0; names[i]; ++i) {
    if (i && n + 1 < sizeof buf)
      buf[n++] = ',';
    for (const char *c = names[i]; *c && n + 1 < sizeof buf; ++c)
      buf[n++] = *c;
  }
  buf[n] = 0;
  return buf;
}

} // namespace ascsim

/// `ascsim_entry(words)` runs `kernel` with its arguments decoded from one
/// 64-bit word each; `ascsim_param_types()` names its parameter types. Kernels
/// are built with -fvisibility=hidden, so these two are the only symbols a
/// kernel library exports, and the call to `kernel` binds inside the library:
/// a kernel named like a function of the process (`exp`, `exit`) never
/// resolves to it.
#define ASCSIM_ENTRY(kernel)                                                   \
  extern "C" __attribute__((visibility("default"))) void ascsim_entry(         \
      const uint64_t *a) {                                                     \
    ascsim::invoke(kernel, a);                                                 \
  }                                                                            \
  extern "C" __attribute__((visibility("default"))) const char *               \
  ascsim_param_types() {                                                       \
    return ascsim::paramTypes(kernel);                                         \
  }

/// `ascsim_kernel_type()` returns the kernel's type, a KernelMetaType value
/// (KERNEL_TYPE_AIV_ONLY = 0, AIC_ONLY = 1, MIX_AIV_1_0 = 2, MIX_AIC_1_0 =
/// 3, MIX_AIC_1_1 = 4, MIX_AIC_1_2 = 5): which cores a launch starts
/// (docs/simulator.md). The emitter prints ASCSIM_KERNEL_TYPE(value) next
/// to ASCSIM_ENTRY; a kernel library without it is AIV-only.
#define ASCSIM_KERNEL_TYPE(type)                                               \
  extern "C" __attribute__((visibility("default"))) uint8_t                    \
  ascsim_kernel_type() {                                                       \
    return static_cast<uint8_t>(type);                                         \
  }

#endif // ASCSIM_ENTRY_H

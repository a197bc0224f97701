//===- ascsim/sort_abi.h - ABI of the sort instructions ---------*- C++ -*-===//
//
// The kernel-to-simulator ABI of ascsim/sort_api.h: Sort32 and the 4-way
// MrgSort (ascendc_api.md §5.12) as one plain descriptor per call, checked
// and executed by sim/lib/device/SortAbi.cpp, plus the faults the headers'
// instruction sequences (Sort, the advanced API, Matmul) raise for arguments
// only they can check, with faultf to format a message. Includes only
// <cstdint> (through vector_abi.h): faultf uses the compiler's builtins, not
// <cstdarg> and <cstdio>.
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_SORT_ABI_H
#define ASCSIM_SORT_ABI_H

#include "ascsim/vector_abi.h"

namespace ascsim {

/// Instructions of the sort ABI (values are part of the ABI: append only).
enum class SortKind : uint8_t {
  Sort32 = 0,    // dst, src[0] = scores, index = uint32 indices
  MrgSort,       // dst, src[0..3] = sorted lists, lengths, validBit
  MrgSortResult, // GetMrgSortResult: the counts of the last MrgSort
};

/// One call. A sorted element is an 8-byte (score, index) pair: a float
/// score in bytes 0-3, a half score in bytes 0-1 (2-3 zero), the uint32
/// index in bytes 4-7.
struct SortCall {
  SortKind kind;
  DType type; // the score type (half / float)
  Operand dst;
  Operand src[4];
  Operand index;
  int64_t repeat;
  uint32_t lengths[4]; // MrgSort: pairs in each list
  uint32_t validBit;   // MrgSort: 0b11, 0b111, 0b1111
  bool exhaustedSuspension;
};

namespace abi {
/// Checks, plans and issues one sort instruction (PIPE_V). MrgSortResult
/// returns the four 16-bit counts packed (list i in bits 16i..16i+15) once
/// the last MrgSort has completed (the scalar unit waits for it).
ASCSIM_API uint64_t sortOp(const SortCall &call, Loc loc);
/// A fault of `category` ("argument", "bounds", "dtype", ...) raised by an
/// API that the headers build from other instructions (the message starts
/// with its pyasc name).
ASCSIM_API void apiFault(const char *category, const char *message, Loc loc);
/// The `argument` fault of `role` of `api` being a LocalTensor with no
/// buffer on this path (pos kNoBufferPos), worded as the library's own.
[[noreturn]] ASCSIM_API void noBufferFault(const char *api, const char *role,
                                           Loc loc);
} // namespace abi

/// abi::noBufferFault if `op` is a LocalTensor with no buffer: for an API the
/// headers build from other instructions, which would otherwise report the
/// empty tensor under an instruction's name or as holding 0 elements.
inline void requireBufferIn(const Operand &op, const char *api,
                            const char *role, Loc loc) {
  if (__builtin_expect(op.pos == kNoBufferPos, 0))
    abi::noBufferFault(api, role, loc);
}

/// A message formatted by printf's rules, with room for any check's.
struct Text {
  char str[1024];
};

__attribute__((format(printf, 1, 0))) inline Text
vtextf(const char *format, __builtin_va_list args) {
  Text text;
  __builtin_vsnprintf(text.str, sizeof text.str, format, args);
  return text;
}

/// A part of a message (the reason a shared check words).
__attribute__((format(printf, 1, 2))) inline Text textf(const char *format,
                                                        ...) {
  __builtin_va_list args;
  __builtin_va_start(args, format);
  Text text = vtextf(format, args);
  __builtin_va_end(args);
  return text;
}

/// abi::apiFault with a message formatted by printf's rules (the format
/// attribute makes the compiler check it against the arguments), so a
/// header's check is one call.
[[noreturn]] __attribute__((format(printf, 3, 4))) inline void
faultf(const char *category, Loc loc, const char *format, ...) {
  __builtin_va_list args;
  __builtin_va_start(args, format);
  Text text = vtextf(format, args);
  __builtin_va_end(args);
  abi::apiFault(category, text.str, loc);
  __builtin_unreachable();
}

} // namespace ascsim

#endif // ASCSIM_SORT_ABI_H

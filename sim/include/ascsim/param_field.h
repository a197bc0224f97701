//===- ascsim/param_field.h - Run-time fields of parameter structs -*- C++ -*-//
//
// pyasc::param_field<To>(value, "Struct", "field", lo, hi): the conversion
// of a run-time value to the narrower C++ member of an Ascend C parameter
// struct (InitConstValueParams::repeatTimes is a uint16_t). A value the
// member cannot hold (a negative repeat_times, a stride of 70000) would reach
// the simulator's checks as its truncation (65535, 4464), which names a
// value the kernel never passed or even passes them; here it stops the core
// with an "argument" error at the struct's line naming the value as the
// kernel computed it and the range Ascend C accepts ([lo, hi]: ODS
// `fieldRanges`, else the member's type). On the NPU the emitted source
// defines param_field as the plain static_cast.
//
// Included by emitted kernels only (under #ifdef ASCSIM); C++17, <cstdint>.
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_PARAM_FIELD_H
#define ASCSIM_PARAM_FIELD_H

#include "ascsim/cube_abi.h" // ignoredField
#include "ascsim/sort_abi.h" // faultf

namespace pyasc {

namespace param_field_detail {
/// `v` in decimal, with its sign if its type has one.
template <class V> inline void formatInt(char (&out)[32], V v) {
  if (V(-1) < V(0))
    __builtin_snprintf(out, sizeof out, "%lld", static_cast<long long>(v));
  else
    __builtin_snprintf(out, sizeof out, "%llu",
                       static_cast<unsigned long long>(v));
}
} // namespace param_field_detail

/// `lo` > `hi`: ODS gives no range (the instruction checks its own).
/// `ignored`: the field is one Ascend 910B/910C ignore (ODS `ignoredFields`,
/// default 0) and this is the hint of the warning a value other than 0 gets
/// (once per line and field), as the verifier's for a constant.
template <class To, class From>
inline To param_field(From value, const char *structName, const char *field,
                      long long lo, long long hi, const char *ignored = nullptr,
                      ::ascsim::Loc loc = ::ascsim::here()) {
  if (ignored && value != From(0))
    ::ascsim::abi::ignoredField(
        structName, field, static_cast<long long>(value), false, ignored, loc);
  const To narrowed = static_cast<To>(value);
  const bool toSigned = To(-1) < To(0), fromSigned = From(-1) < From(0);
  // The value survives iff it converts back to itself with its sign (a
  // negative value into an unsigned member does not).
  const bool negative = fromSigned && value < From(0);
  const bool narrowedNegative = toSigned && narrowed < To(0);
  if (__builtin_expect(static_cast<From>(narrowed) == value &&
                           negative == narrowedNegative,
                       1))
    return narrowed;
  char wrote[32], held[32], range[64] = "";
  param_field_detail::formatInt(wrote, value);
  param_field_detail::formatInt(held, narrowed);
  if (lo <= hi)
    __builtin_snprintf(range, sizeof range, "; it must be in [%lld, %lld]", lo,
                       hi);
  ::ascsim::faultf("argument", loc,
                   "%s: '%s' is %s, which Ascend C's %sint%d_t member cannot "
                   "hold (it would hold %s)%s",
                   structName, field, wrote, toSigned ? "" : "u",
                   static_cast<int>(sizeof(To) * 8), held, range);
}

} // namespace pyasc

#endif // ASCSIM_PARAM_FIELD_H

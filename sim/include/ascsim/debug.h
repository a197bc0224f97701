//===- ascsim/debug.h - printf and DumpTensor inside kernels ----*- C++ -*-===//
//
// AscendC::printf / PRINTF and AscendC::DumpTensor. The header packs the
// arguments into a small typed array and makes one ABI call; formatting, the
// per-core output buffer and the checks are in the library
// (sim/lib/device/Debug.cpp). Both execute on the scalar unit in program
// order: a DumpTensor of a Unified Buffer tensor reads it when the scalar
// reaches the call, so it needs the producing pipe's <pipe>_S event first,
// as on the NPU.
//
// Part of every kernel TU: <cstdint> only, PODs, inline templates.
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_DEBUG_H
#define ASCSIM_DEBUG_H

#include "ascsim/abi.h"
#include "ascsim/float16.h"
#include "ascsim/tensor.h"

namespace ascsim {

/// One printf argument. Numbers: `type` is the C++ argument's element type
/// and `bits` its value (integers sign- or zero-extended to 64 bits, float
/// and double as the IEEE bits of a double, half and bfloat16 as their own
/// 16 bits). Strings and pointers: `bits` is the address.
struct PrintArg {
  enum Kind : uint8_t { Number = 0, String, Pointer };
  uint8_t kind;
  DType type;
  uint64_t bits;
};

/// A printf format string with the location of the printf call (the
/// implicit conversion from the literal runs at the call site).
struct PrintFormat {
  const char *text;
  Loc loc;
  PrintFormat(const char *t, Loc l = here()) : text(t), loc(l) {}
};

/// The layout a DumpTensor with a ShapeInfo prints by: `rank` dimensions
/// (1-8, outermost first), the original shape and the DataFormat value.
struct DumpShape {
  uint32_t rank;
  const uint32_t *dims;
  uint32_t originalRank;
  const uint32_t *originalDims;
  uint32_t dataFormat;
};

namespace abi {
/// printf: formats `fmt` with `args` into the core's output buffer.
ASCSIM_API void printf(const char *fmt, const PrintArg *args, uint32_t nargs,
                       Loc loc);
/// DumpTensor: `dumpSize` elements of `tensor` (a LocalTensor's view, or a
/// GlobalTensor whose `bytes` is 0 when its size was not given), laid out
/// by `shape` when it is not null.
ASCSIM_API void dumpTensor(const Operand &tensor, DType type, uint32_t desc,
                           uint32_t dumpSize, const DumpShape *shape, Loc loc);
/// DumpAccChkPoint: `dumpSize` elements from element `countOff` on.
ASCSIM_API void dumpAccChkPoint(const Operand &tensor, DType type,
                                uint32_t index, uint32_t countOff,
                                uint32_t dumpSize, Loc loc);
/// PrintTimeStamp: records the scalar unit's cycle with `descId`.
ASCSIM_API void printTimeStamp(uint32_t descId, Loc loc);
/// MetricsProfStart (`start`) / MetricsProfStop.
ASCSIM_API void metricsProf(bool start, Loc loc);
} // namespace abi

namespace detail {
inline uint64_t doubleBits(double d) {
  uint64_t b;
  __builtin_memcpy(&b, &d, sizeof b);
  return b;
}
#define ASCSIM_PRINT_INT(T, D)                                                 \
  inline PrintArg printArg(T v) {                                              \
    return PrintArg{PrintArg::Number, DType::D,                                \
                    static_cast<uint64_t>(static_cast<int64_t>(v))};           \
  }
#define ASCSIM_PRINT_UINT(T, D)                                                \
  inline PrintArg printArg(T v) {                                              \
    return PrintArg{PrintArg::Number, DType::D, static_cast<uint64_t>(v)};     \
  }
ASCSIM_PRINT_UINT(bool, Bool)
ASCSIM_PRINT_INT(char, I8)
ASCSIM_PRINT_INT(signed char, I8)
ASCSIM_PRINT_UINT(unsigned char, U8)
ASCSIM_PRINT_INT(short, I16)
ASCSIM_PRINT_UINT(unsigned short, U16)
ASCSIM_PRINT_INT(int, I32)
ASCSIM_PRINT_UINT(unsigned int, U32)
ASCSIM_PRINT_INT(long, I64)
ASCSIM_PRINT_UINT(unsigned long, U64)
ASCSIM_PRINT_INT(long long, I64)
ASCSIM_PRINT_UINT(unsigned long long, U64)
#undef ASCSIM_PRINT_INT
#undef ASCSIM_PRINT_UINT
inline PrintArg printArg(float v) {
  return PrintArg{PrintArg::Number, DType::F32, doubleBits(v)};
}
inline PrintArg printArg(double v) {
  return PrintArg{PrintArg::Number, DType::F64, doubleBits(v)};
}
inline PrintArg printArg(Half v) {
  return PrintArg{PrintArg::Number, DType::F16, v.bits()};
}
inline PrintArg printArg(BFloat16 v) {
  return PrintArg{PrintArg::Number, DType::BF16, v.bits()};
}
inline PrintArg printArg(const char *s) {
  return PrintArg{PrintArg::String, DType::U8, reinterpret_cast<uint64_t>(s)};
}
inline PrintArg printArg(char *s) {
  return PrintArg{PrintArg::String, DType::U8, reinterpret_cast<uint64_t>(s)};
}
template <class T> inline PrintArg printArg(T *p) {
  return PrintArg{PrintArg::Pointer, DType::U64, reinterpret_cast<uint64_t>(p)};
}
} // namespace detail

} // namespace ascsim

namespace AscendC {

/// Formats like C printf (%d %i %u %o %x %X %c %f %F %e %E %g %G %s %p %%,
/// flags, width, precision, length modifiers) into this core's output,
/// printed after the launch with a "[block N] " prefix on every line.
/// half and bfloat16_t arguments print their value with %f/%e/%g.
template <class... Args>
inline void printf(::ascsim::PrintFormat fmt, Args... args) {
  const ::ascsim::PrintArg packed[sizeof...(Args) + 1] = {
      ::ascsim::detail::printArg(args)..., ::ascsim::PrintArg{}};
  ::ascsim::abi::printf(fmt.text, packed,
                        static_cast<uint32_t>(sizeof...(Args)), fmt.loc);
}
template <class... Args>
inline void PRINTF(::ascsim::PrintFormat fmt, Args... args) {
  const ::ascsim::PrintArg packed[sizeof...(Args) + 1] = {
      ::ascsim::detail::printArg(args)..., ::ascsim::PrintArg{}};
  ::ascsim::abi::printf(fmt.text, packed,
                        static_cast<uint32_t>(sizeof...(Args)), fmt.loc);
}

enum class DataFormat : uint8_t { ND = 0, NZ, NCHW, NC1HWC0, NHWC };

constexpr uint32_t K_MAX_SHAPE_DIM = 8;

/// A tensor's logical shape (its original shape and format too): what
/// DumpTensor lays the printed values out by.
struct ShapeInfo {
  ShapeInfo() = default;
  ShapeInfo(uint8_t inputShapeDim, const uint32_t inputShape[],
            uint8_t inputOriginalShapeDim, const uint32_t inputOriginalShape[],
            DataFormat inputFormat)
      : shapeDim(inputShapeDim), originalShapeDim(inputOriginalShapeDim),
        dataFormat(inputFormat) {
    for (uint32_t i = 0; i < inputShapeDim && i < K_MAX_SHAPE_DIM; ++i)
      shape[i] = inputShape[i];
    for (uint32_t i = 0; i < inputOriginalShapeDim && i < K_MAX_SHAPE_DIM; ++i)
      originalShape[i] = inputOriginalShape[i];
  }
  ShapeInfo(uint8_t inputShapeDim, const uint32_t inputShape[],
            DataFormat inputFormat = DataFormat::ND)
      : ShapeInfo(inputShapeDim, inputShape, inputShapeDim, inputShape,
                  inputFormat) {}

  uint8_t shapeDim = 0;
  uint8_t originalShapeDim = 0;
  uint32_t shape[K_MAX_SHAPE_DIM] = {};
  uint32_t originalShape[K_MAX_SHAPE_DIM] = {};
  DataFormat dataFormat = DataFormat::ND;
};

/// Writes a header naming `desc`, the address, element type and position,
/// then the first `dumpSize` elements of the tensor (one row of the last
/// dimension per line with a `shapeInfo`).
template <typename T>
inline void DumpTensor(const LocalTensor<T> &tensor, uint32_t desc,
                       uint32_t dumpSize,
                       ::ascsim::Loc loc = ::ascsim::here()) {
  ::ascsim::abi::dumpTensor(tensor.operand(), ::ascsim::dtypeOf<T>(), desc,
                            dumpSize, nullptr, loc);
}
template <typename T>
inline void DumpTensor(const GlobalTensor<T> &tensor, uint32_t desc,
                       uint32_t dumpSize,
                       ::ascsim::Loc loc = ::ascsim::here()) {
  ::ascsim::abi::dumpTensor(tensor.operand(), ::ascsim::dtypeOf<T>(), desc,
                            dumpSize, nullptr, loc);
}
namespace dump_detail {
/// The simulator's view of a ShapeInfo (both DumpTensor forms that take one).
inline ::ascsim::DumpShape shapeOf(const ShapeInfo &shapeInfo) {
  return {shapeInfo.shapeDim, shapeInfo.shape, shapeInfo.originalShapeDim,
          shapeInfo.originalShape, static_cast<uint32_t>(shapeInfo.dataFormat)};
}
} // namespace dump_detail
template <typename T>
inline void DumpTensor(const LocalTensor<T> &tensor, uint32_t desc,
                       uint32_t dumpSize, const ShapeInfo &shapeInfo,
                       ::ascsim::Loc loc = ::ascsim::here()) {
  const ::ascsim::DumpShape shape = dump_detail::shapeOf(shapeInfo);
  ::ascsim::abi::dumpTensor(tensor.operand(), ::ascsim::dtypeOf<T>(), desc,
                            dumpSize, &shape, loc);
}
template <typename T>
inline void DumpTensor(const GlobalTensor<T> &tensor, uint32_t desc,
                       uint32_t dumpSize, const ShapeInfo &shapeInfo,
                       ::ascsim::Loc loc = ::ascsim::here()) {
  const ::ascsim::DumpShape shape = dump_detail::shapeOf(shapeInfo);
  ::ascsim::abi::dumpTensor(tensor.operand(), ::ascsim::dtypeOf<T>(), desc,
                            dumpSize, &shape, loc);
}

/// Like DumpTensor, from element `countOff` on (its address keeps the
/// memory's alignment: 32 bytes in UB and L1); `index` names the dump.
template <typename T>
inline void DumpAccChkPoint(const LocalTensor<T> &tensor, uint32_t index,
                            uint32_t countOff, uint32_t dumpSize,
                            ::ascsim::Loc loc = ::ascsim::here()) {
  ::ascsim::abi::dumpAccChkPoint(tensor.operand(), ::ascsim::dtypeOf<T>(),
                                 index, countOff, dumpSize, loc);
}
template <typename T>
inline void DumpAccChkPoint(const GlobalTensor<T> &tensor, uint32_t index,
                            uint32_t countOff, uint32_t dumpSize,
                            ::ascsim::Loc loc = ::ascsim::here()) {
  ::ascsim::abi::dumpAccChkPoint(tensor.operand(), ::ascsim::dtypeOf<T>(),
                                 index, countOff, dumpSize, loc);
}

/// Records the scalar unit's cycle with `descId` in the core's output (the
/// NPU records it only in builds with ASCENDC_TIME_STAMP_ON).
inline void PrintTimeStamp(uint32_t descId,
                           ::ascsim::Loc loc = ::ascsim::here()) {
  ::ascsim::abi::printTimeStamp(descId, loc);
}
/// Open / close a profiled region: the simulator prints its time and the
/// busy time of each pipe in the core's output.
inline void MetricsProfStart(::ascsim::Loc loc = ::ascsim::here()) {
  ::ascsim::abi::metricsProf(true, loc);
}
inline void MetricsProfStop(::ascsim::Loc loc = ::ascsim::here()) {
  ::ascsim::abi::metricsProf(false, loc);
}

} // namespace AscendC

#endif // ASCSIM_DEBUG_H

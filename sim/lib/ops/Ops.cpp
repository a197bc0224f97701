//===- ops/Ops.cpp - Functional semantics of instructions -------*- C++ -*-===//

#include "ops/Ops.h"

#include "ascsim/float16.h"
#include "ops/ElementOps.h"
#include "ops/FastPaths.h"
#include "ops/VectorOps.h"
#include "support/Isa.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>

namespace ascsim {

namespace {

template <class T> T load(const uint8_t *p, uint64_t i) {
  T v;
  std::memcpy(&v, p + i * sizeof(T), sizeof(T));
  return v;
}
template <class T> void store(uint8_t *p, uint64_t i, T v) {
  std::memcpy(p + i * sizeof(T), &v, sizeof(T));
}

/// One element of `op` (ops/ElementOps.h), the op chosen at run time.
template <class T> T applyInt(BinOp op, T a, T b) {
  return vm::withBinOp(op, [&](auto k) { return vm::intOp<decltype(k)::value>(a, b); });
}

template <class F> F applyFloat(BinOp op, F a, F b) {
  return vm::withBinOp(op,
                       [&](auto k) { return vm::floatOp<decltype(k)::value>(a, b); });
}

template <class T> void binaryInt(const Work &w, uint8_t *out) {
  for (uint64_t i = 0; i < w.count; ++i)
    store<T>(out, i, applyInt<T>(w.op, load<T>(w.src0, i), load<T>(w.src1, i)));
}

template <class T> void binaryFloat(const Work &w, uint8_t *out) {
  for (uint64_t i = 0; i < w.count; ++i)
    store<T>(out, i,
             applyFloat<T>(w.op, load<T>(w.src0, i), load<T>(w.src1, i)));
}

/// 16-bit floats: widen exactly to float, operate, round once.
template <int E, int M> void binarySmall(const Work &w, uint8_t *out) {
  for (uint64_t i = 0; i < w.count; ++i) {
    float a = fp::toFloat<E, M>(load<uint16_t>(w.src0, i));
    float b = fp::toFloat<E, M>(load<uint16_t>(w.src1, i));
    store<uint16_t>(out, i,
                    fp::fromDouble<E, M>(applyFloat<float>(w.op, a, b)));
  }
}

void evaluateBinary(const Work &w, uint8_t *out) {
  switch (w.type) {
  case DType::I8:
    return binaryInt<int8_t>(w, out);
  case DType::U8:
  case DType::Bool:
    return binaryInt<uint8_t>(w, out);
  case DType::I16:
    return binaryInt<int16_t>(w, out);
  case DType::U16:
    return binaryInt<uint16_t>(w, out);
  case DType::I32:
    return binaryInt<int32_t>(w, out);
  case DType::U32:
    return binaryInt<uint32_t>(w, out);
  case DType::I64:
    return binaryInt<int64_t>(w, out);
  case DType::U64:
    return binaryInt<uint64_t>(w, out);
  case DType::F16:
    return binarySmall<5, 10>(w, out);
  case DType::BF16:
    return binarySmall<8, 7>(w, out);
  case DType::F32:
    return binaryFloat<float>(w, out);
  case DType::F64:
    return binaryFloat<double>(w, out);
  }
}

} // namespace

uint64_t resultBytes(const Work &w) {
  if (w.kind == WorkKind::Vector)
    return w.vec->stagingBytes;
  return w.count * dtypeSize(w.type);
}

void evaluate(const Work &w, uint8_t *staging) {
  switch (w.kind) {
  case WorkKind::Copy:
    std::memcpy(staging, w.src0, resultBytes(w));
    return;
  case WorkKind::Binary:
    if (!fastBinary(w, staging))
      evaluateBinary(w, staging);
    return;
  case WorkKind::Vector:
    evaluateVector(*w.vec, staging, w.vec->loc);
    return;
  }
}

const char *binOpName(BinOp op) {
  switch (op) {
  case BinOp::Add:
    return "add";
  case BinOp::Sub:
    return "sub";
  case BinOp::Mul:
    return "mul";
  case BinOp::Div:
    return "div";
  case BinOp::Max:
    return "max";
  case BinOp::Min:
    return "min";
  }
  return "?";
}

bool supports(BinOp op, DType type) {
  bool isFloat = type == DType::F16 || type == DType::F32;
  bool isInt = type == DType::I16 || type == DType::I32;
  if (op == BinOp::Div)
    return isFloat;
  return isFloat || isInt;
}

std::string supportedTypes(BinOp op) {
  return op == BinOp::Div ? "float16, float32"
                          : "float16, float32, int16, int32";
}

} // namespace ascsim

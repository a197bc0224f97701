//===- ops/Ops.h - Functional semantics of instructions ---------*- C++ -*-===//
//
// What an instruction computes, independent of when: a Work item names
// resolved host pointers and a count; evaluate() reads the sources and writes
// the result into a staging buffer (at the instruction's start), and the
// pipe engine copies the staging buffer to the destination when the
// instruction completes. Results are bit-exact: float16 goes through float
// with a single round-to-nearest-even, integers wrap.
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_OPS_OPS_H
#define ASCSIM_OPS_OPS_H

#include "ascsim/abi.h"

#include <cstdint>
#include <memory>
#include <string>

namespace ascsim {

struct VecInstr; // ops/VectorOps.h

/// Vector: a mask/repeat instruction or parameterised copy (ops/VectorOps.h):
/// `vec` plans it; staging and the written bytes are not contiguous.
enum class WorkKind : uint8_t { Copy, Binary, Vector };

struct Work {
  WorkKind kind = WorkKind::Copy;
  BinOp op = BinOp::Add;
  DType type = DType::F32;
  uint8_t *dst = nullptr;
  const uint8_t *src0 = nullptr;
  const uint8_t *src1 = nullptr;
  uint64_t count = 0; // elements
  std::shared_ptr<const VecInstr> vec; // WorkKind::Vector
};

/// Bytes written to `dst`.
uint64_t resultBytes(const Work &w);
/// Reads the sources and writes resultBytes(w) bytes into `staging`.
void evaluate(const Work &w, uint8_t *staging);

/// User-facing name of a binary op ("add").
const char *binOpName(BinOp op);
/// Whether A2/A3 supports `op` on `type` (hardware.md §4.3).
bool supports(BinOp op, DType type);
/// "float16, float32, int16, int32" for messages.
std::string supportedTypes(BinOp op);

} // namespace ascsim

#endif // ASCSIM_OPS_OPS_H

//===- ops/Ops.h - Functional semantics of instructions ---------*- C++ -*-===//
//
// What an instruction computes, independent of when: a Work item names
// resolved host pointers (a plain copy) or a planned VecInstr; evaluate()
// reads the sources and writes the result into a staging buffer (at the
// instruction's start), and the pipe engine copies the staging buffer to the
// destination when the instruction completes (ops/VectorOps.h has the
// bit-exact semantics of the vector instructions).
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_OPS_OPS_H
#define ASCSIM_OPS_OPS_H

#include "ascsim/abi.h"

#include <cstdint>
#include <memory>

namespace ascsim {

struct VecInstr; // ops/VectorOps.h
namespace cube {
struct CubeInstr; // ops/CubeOps.h
}

/// Copy: a contiguous count-form DataCopy (src0 -> dst, `count` elements).
/// Vector: a vector instruction or parameterised copy (ops/VectorOps.h):
/// `vec` plans it; staging and the written bytes need not be contiguous.
/// Cube: a cube-path instruction (ops/CubeOps.h): `cube` plans it.
enum class WorkKind : uint8_t { Copy, Vector, Cube };

struct Work {
  WorkKind kind = WorkKind::Copy;
  DType type = DType::F32;
  uint8_t *dst = nullptr;
  const uint8_t *src0 = nullptr;
  uint64_t count = 0; // elements (Copy)
  /// Read the sources when the instruction completes, straight into dst,
  /// instead of into a staging buffer at its start: a Copy (set by
  /// Core::issueDataCopy when races raise) or a Vector instruction of
  /// fastElementwise's form (ops/FastPaths.h elementwiseDirect; set by
  /// Core::issueVecInstr when races raise). pipes/Engine.h says why that is
  /// exact.
  bool direct = false;
  std::shared_ptr<const VecInstr> vec;         // WorkKind::Vector
  std::shared_ptr<const cube::CubeInstr> cube; // WorkKind::Cube
};

/// Bytes written to `dst`.
uint64_t resultBytes(const Work &w);
/// Reads the sources and writes resultBytes(w) bytes into `staging`.
void evaluate(const Work &w, uint8_t *staging);

} // namespace ascsim

#endif // ASCSIM_OPS_OPS_H

//===- ops/Ops.cpp - Functional semantics of instructions -------*- C++ -*-===//

#include "ops/Ops.h"

#include "ops/CubeOps.h"
#include "ops/VectorOps.h"
#include "support/Isa.h"

#include <cstring>

namespace ascsim {

uint64_t resultBytes(const Work &w) {
  if (w.kind == WorkKind::Vector)
    return w.vec->stagingBytes;
  if (w.kind == WorkKind::Cube)
    return w.cube->stagingBytes;
  return w.count * dtypeSize(w.type);
}

void evaluate(const Work &w, uint8_t *staging) {
  switch (w.kind) {
  case WorkKind::Copy:
    std::memcpy(staging, w.src0, resultBytes(w));
    return;
  case WorkKind::Vector:
    evaluateVector(*w.vec, staging, w.vec->loc);
    return;
  case WorkKind::Cube:
    cube::evaluateCube(*w.cube, staging);
    return;
  }
}

} // namespace ascsim

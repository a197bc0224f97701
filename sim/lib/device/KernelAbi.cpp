//===- device/KernelAbi.cpp - The kernel-facing ABI -------------*- C++ -*-===//
//
// Implements ascsim/abi.h by forwarding each call to the core bound to the
// calling thread. Nothing else belongs here.
//
//===----------------------------------------------------------------------===//

#include "ascsim/abi.h"

#include "device/Core.h"

namespace ascsim {
namespace abi {

void checkLocalTensor(uint8_t pos, uint32_t addr, uint32_t elems,
                      uint32_t elemBytes, Loc loc) {
  currentCore().checkLocalTensor(pos, addr, elems, elemBytes, loc);
}

void dataCopy(const Operand &dst, const Operand &src, uint32_t count,
              DType type, Loc loc) {
  currentCore().dataCopy(dst, src, count, type, loc);
}

void vecBinary(BinOp op, DType type, const Operand &dst, const Operand &src0,
               const Operand &src1, int32_t count, Loc loc) {
  currentCore().vecBinary(op, type, dst, src0, src1, count, loc);
}

void setFlag(uint8_t event, int32_t id, Loc loc) {
  currentCore().setFlag(event, id, loc);
}

void waitFlag(uint8_t event, int32_t id, Loc loc) {
  currentCore().waitFlag(event, id, loc);
}

void pipeBarrier(uint8_t pipe, Loc loc) {
  currentCore().pipeBarrier(pipe, loc);
}

void scalarRead(const Operand &src, uint64_t index, DType type, void *out,
                Loc loc) {
  currentCore().scalarRead(src, index, type, out, loc);
}

void scalarWrite(const Operand &dst, uint64_t index, DType type, const void *in,
                 Loc loc) {
  currentCore().scalarWrite(dst, index, type, in, loc);
}

int64_t blockIdx() { return currentCore().blockIdx(); }
int64_t blockNum() { return currentCore().blockNum(); }
void initSocState(Loc loc) { currentCore().initSocState(loc); }

} // namespace abi
} // namespace ascsim

//===- device/KernelAbi.cpp - The kernel-facing ABI -------------*- C++ -*-===//
//
// Implements ascsim/abi.h by forwarding each call to the core bound to the
// calling thread. Nothing else belongs here. The entries of a tile's loop
// are beside the Core functions inlined into them: data_copy, set_flag and
// wait_flag in device/Core.cpp, the vector ops in device/VectorAbi.cpp.
//
//===----------------------------------------------------------------------===//

#include "ascsim/abi.h"

#include "device/Core.h"
#include "support/Fault.h"

namespace ascsim {
namespace abi {

void checkLocalTensor(uint8_t pos, uint32_t addr, uint32_t elems,
                      uint32_t elemBytes, Loc loc) {
  currentCore().checkLocalTensor(pos, addr, elems, elemBytes, loc);
}

void pipeBarrier(uint8_t pipe, Loc loc) {
  currentCore().pipeBarrier(pipe, loc);
}

void setL2CacheHint(uint64_t addr, uint64_t bytes, bool bypass) {
  currentCore().setL2CacheHint(addr, bytes, bypass);
}

void scalarReadAs(const char *api, const Operand &src, uint64_t index,
                  DType type, void *out, Loc loc) {
  currentCore().scalarRead(src, index, type, out, loc, api);
}

void scalarWriteAs(const char *api, const Operand &dst, uint64_t index,
                   DType type, const void *in, Loc loc) {
  currentCore().scalarWrite(dst, index, type, in, loc, api);
}

bool isGmArgument(uint64_t addr) { return currentCore().isGmArgument(addr); }

void checkGmRead(const char *api, uint64_t addr, uint64_t bytes, DType type,
                 const char *hint, Loc loc) {
  currentCore().checkGmRead(api, addr, bytes, type, hint, loc);
}

void dataSyncBarrier(uint8_t mem, Loc loc) {
  currentCore().dataSyncBarrier(mem, loc);
}

void scalarRead(const Operand &src, uint64_t index, DType type, void *out,
                Loc loc) {
  currentCore().scalarRead(src, index, type, out, loc);
}

void scalarWrite(const Operand &dst, uint64_t index, DType type, const void *in,
                 Loc loc) {
  currentCore().scalarWrite(dst, index, type, in, loc);
}

void loopTick(Loc loc) { currentCore().loopTick(loc); }

void pipeCreate(void *pipe, Loc loc) { currentCore().pipeCreate(pipe, loc); }
void pipeRelease(void *pipe, Loc loc) { currentCore().pipeRelease(pipe, loc); }
void pipeInit(void *pipe, Loc loc) { currentCore().pipeInit(pipe, loc); }
void pipeDestroy(void *pipe, Loc loc) { currentCore().pipeDestroy(pipe, loc); }
void pipeReset(void *pipe, Loc loc) { currentCore().pipeReset(pipe, loc); }
void *currentPipe() { return currentCore().currentPipe(); }
void *tpipePtr(Loc loc) {
  void *pipe = currentCore().lastPipe();
  if (!pipe)
    fail("queue",
         "get_tpipe_ptr() before any TPipe was created on this core: there "
         "is no current TPipe (on the NPU GetTPipePtr() returns a null "
         "pointer). Create one with asc.TPipe() first",
         loc);
  return pipe;
}

int32_t queueInit(int32_t pool, uint8_t src, uint8_t dst, int32_t depth,
                  int32_t num, uint32_t len, bool tbuf, Loc loc) {
  return currentCore().queueInit(pool, src, dst, depth, num, len, tbuf, loc);
}

int32_t poolInit(int32_t parent, uint8_t pos, uint32_t maxBufs, uint32_t len,
                 int32_t share, Loc loc) {
  return currentCore().poolInit(parent, pos, maxBufs, len, share, loc);
}

void poolReset(int32_t pool, Loc loc) { currentCore().poolReset(pool, loc); }

BufferView queueAlloc(int32_t queue, bool inPlace, Loc loc) {
  return currentCore().queueAlloc(queue, inPlace, loc);
}

void queueEnque(int32_t queue, uint64_t buffer, uint8_t srcUser,
                uint8_t dstUser, Loc loc) {
  currentCore().queueEnque(queue, buffer, srcUser, dstUser, loc);
}

BufferView queueDeque(int32_t queue, bool inPlace, uint64_t buffer,
                      uint8_t srcUser, uint8_t dstUser, Loc loc) {
  return currentCore().queueDeque(queue, inPlace, buffer, srcUser, dstUser,
                                  loc);
}

void queueFree(int32_t queue, uint64_t buffer, Loc loc) {
  currentCore().queueFree(queue, buffer, loc);
}

BufferView stackBuffer(const char *api, Loc loc) {
  return currentCore().stackBuffer(api, loc);
}

BufferView advScratchBegin(const char *api, const uint32_t *ranges, int n,
                           Loc loc) {
  return currentCore().advScratchBegin(api, ranges, n, loc);
}

void advScratchEnd() { currentCore().advScratchEnd(); }

BufferView bufGet(int32_t queue, uint32_t offset, uint64_t bytes, bool whole,
                  const char *api, Loc loc) {
  return currentCore().bufGet(queue, offset, bytes, whole, api, loc);
}

int32_t queueQuery(int32_t queue, QueueQuery what, uint64_t buffer, Loc loc) {
  return currentCore().queueQuery(queue, what, buffer, loc);
}

void queueFreeAllEvent(int32_t queue, Loc loc) {
  currentCore().queueFreeAllEvent(queue, loc);
}

int32_t bufferUserTag(uint64_t buffer, bool set, int32_t tag, const char *api,
                      Loc loc) {
  return currentCore().bufferUserTag(buffer, set, tag, api, loc);
}

int32_t eventAlloc(uint8_t event, bool reserve, Loc loc) {
  return currentCore().eventAlloc(event, reserve, loc);
}

void eventRelease(uint8_t event, int32_t id, Loc loc) {
  currentCore().eventRelease(event, id, loc);
}

int64_t blockIdx() { return currentCore().blockIdx(); }
int64_t blockNum() { return currentCore().blockNum(); }
void initSocState(Loc loc) { currentCore().initSocState(loc); }

} // namespace abi
} // namespace ascsim

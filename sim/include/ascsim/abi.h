//===- ascsim/abi.h - Kernel-to-simulator internal ABI ----------*- C++ -*-===//
//
// The small binary interface between a kernel translation unit (compiled by
// the host g++ against kernel_operator.h) and the prebuilt simulator library
// libascsim.so. Everything the Ascend C API does is forwarded here: operands
// are plain structs, element types travel as the DType enum, and every entry
// carries the call site's Loc so that diagnostics name the user's Python line.
//
// This header is part of every kernel TU, so it includes only <cstdint> and
// declares nothing but PODs and functions (architecture.md, "Keep the kernel's
// translation unit lean"). It must stay C++17.
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_ABI_H
#define ASCSIM_ABI_H

#include <cstdint>

#if defined(__GNUC__)
#define ASCSIM_API __attribute__((visibility("default")))
#else
#define ASCSIM_API
#endif

namespace ascsim {

//===----------------------------------------------------------------------===//
// Source locations
//===----------------------------------------------------------------------===//

/// A call site: the file/line the compiler saw, i.e. the user's Python file
/// and line when the emitted source carries `#line N "user.py"` directives.
struct Loc {
  const char *file;
  unsigned line;
};

/// Returns the location of the *caller*. Used as the default value of a
/// trailing `Loc loc = here()` parameter on every API entry: the builtins are
/// evaluated at the call site of the API function because they are default
/// arguments of this helper (writing `Loc{__builtin_FILE(), __builtin_LINE()}`
/// directly as the default argument would record this header instead).
static inline Loc here(const char *f = __builtin_FILE(),
                       unsigned l = __builtin_LINE()) {
  return Loc{f, l};
}

//===----------------------------------------------------------------------===//
// Element types (values are part of the ABI: append only)
//===----------------------------------------------------------------------===//

enum class DType : uint8_t {
  Bool = 0,
  I8,
  U8,
  I16,
  U16,
  I32,
  U32,
  I64,
  U64,
  F16,
  BF16,
  F32,
  F64,
};

/// A tensor operand as the library sees it. `pos` is the AscendC::TPosition
/// value (0 = GM). For GM, `addr` is the host address; for local memories it
/// is the byte address inside the position's physical memory and `bytes` is
/// the byte length of the LocalTensor view.
struct Operand {
  uint64_t addr;
  uint64_t bytes;
  uint8_t pos;
};

/// The `pos` (LocalTensor::address_.logicPos) of a LocalTensor that has no
/// buffer: default-constructed (pyasc's `asc.LocalTensor(dtype)`) and not
/// yet given one. Not a TPosition, so the library reports its use as such
/// (a plain 0 would read as a GM address), at no cost to valid operands.
constexpr uint8_t kNoBufferPos = 0xFE;
/// The queue-buffer handle of such a tensor (LocalTensor::handle()).
constexpr uint64_t kNoBufferHandle = ~uint64_t{0};

/// A buffer handed out by the TPipe framework (AllocTensor, DeQue, TBuf::Get):
/// byte address and length in the memory of `pos`, and an opaque handle that
/// names the queue buffer (stored in LocalTensor's bufferHandle).
struct BufferView {
  uint32_t addr;
  uint32_t bytes;
  uint64_t handle;
  uint8_t pos;
};

/// TQue / TBuf queries (TQueBind::VacantInQue etc.).
enum class QueueQuery : uint8_t {
  Vacant = 0,
  HasTensor,
  TensorCount,
  HasIdleBuffer,
  State, // of the buffer named by the extra handle argument
};

//===----------------------------------------------------------------------===//
// Entry points (implemented in sim/lib/device/KernelAbi.cpp)
//===----------------------------------------------------------------------===//
//
// Each call runs on the simulated core bound to the calling host thread. A
// detected error throws out of the call (the kernel is compiled with
// exceptions) and stops that core; the launcher records the diagnostic.

namespace abi {

/// Validates a static LocalTensor(pos, addr, elems) of `elemBytes`-byte
/// elements: position usable on this core, 32-B alignment, capacity.
ASCSIM_API void checkLocalTensor(uint8_t pos, uint32_t addr, uint32_t elems,
                                 uint32_t elemBytes, Loc loc);
/// DataCopy count form; the path (GM->UB, UB->GM, UB->UB) follows the
/// operand positions.
ASCSIM_API void dataCopy(const Operand &dst, const Operand &src, uint32_t count,
                         DType type, Loc loc);
/// SetFlag / WaitFlag with an AscendC::HardEvent value.
ASCSIM_API void setFlag(uint8_t event, int32_t id, Loc loc);
ASCSIM_API void waitFlag(uint8_t event, int32_t id, Loc loc);
/// PipeBarrier with a pipe_t value.
ASCSIM_API void pipeBarrier(uint8_t pipe, Loc loc);
/// DataSyncBarrier with a MemDsbT value.
ASCSIM_API void dataSyncBarrier(uint8_t mem, Loc loc);
/// Scalar (PIPE_S) element access at `index` elements past the operand.
ASCSIM_API void scalarRead(const Operand &src, uint64_t index, DType type,
                           void *out, Loc loc);
ASCSIM_API void scalarWrite(const Operand &dst, uint64_t index, DType type,
                            const void *in, Loc loc);
/// GlobalTensor::SetL2CacheHint: `bypass` (CACHE_MODE_DISABLE) marks the GM
/// bytes [addr, addr + bytes) as read past the L2 (timing only,
/// docs/timing.md); false caches them again.
/// The same, for an API the headers build from scalar accesses: `api` (its
/// pyasc name) names the access in diagnostics instead of get_value /
/// set_value.
ASCSIM_API void scalarReadAs(const char *api, const Operand &src,
                             uint64_t index, DType type, void *out, Loc loc);
ASCSIM_API void scalarWriteAs(const char *api, const Operand &dst,
                              uint64_t index, DType type, const void *in,
                              Loc loc);
/// True if `addr` lies in an argument array of the launch (or the launch
/// registered none): GM that scalarRead/scalarWrite check, not host memory
/// such as the kernel's stack (ListTensorDesc's shape buffers may be either).
ASCSIM_API bool isGmArgument(uint64_t addr);
/// The bounds check of a GM read of `bytes` bytes at `addr` that an API the
/// headers build from instructions is about to issue (`api`: its pyasc
/// name): the same "bounds" error as the instruction's own check, with
/// `hint` (what the API knows of a likely cause) as its last note. No
/// instruction, no time: a passing check leaves no trace.
ASCSIM_API void checkGmRead(const char *api, uint64_t addr, uint64_t bytes,
                            DType type, const char *hint, Loc loc);
ASCSIM_API void setL2CacheHint(uint64_t addr, uint64_t bytes, bool bypass);
/// One iteration of a loop of an emitted kernel (pyasc::loop_tick, at the
/// loop's line): a step of the watchdog and a point where an interrupt stops
/// the block, so that loops without API calls are bounded too.
ASCSIM_API void loopTick(Loc loc);

// The TPipe framework (hardware.md §3.5). Queue, TBuf and TBufPool objects
// hold an int32 handle returned by the library (0 = not initialised); pool 0
// is the core's TPipe itself.

/// TPipe constructor: registers `pipe` as this core's pipe (one live TPipe
/// per core) and initialises its event-id pools.
ASCSIM_API void pipeCreate(void *pipe, Loc loc);
/// TPipe destructor: Destroy() unless already destroyed. Does nothing while
/// an error unwinds the kernel.
ASCSIM_API void pipeRelease(void *pipe, Loc loc);
ASCSIM_API void pipeInit(void *pipe, Loc loc);
ASCSIM_API void pipeDestroy(void *pipe, Loc loc);
ASCSIM_API void pipeReset(void *pipe, Loc loc);
/// The live TPipe of this core (GetTPipePtr), or null.
ASCSIM_API void *currentPipe();
/// GetTPipePtr(): the TPipe created last on this core (also once
/// destroyed, to Init() again); an error at `loc` when there is none (a null
/// pointer on the NPU).
ASCSIM_API void *tpipePtr(Loc loc);
/// InitBuffer(que, num, len) on pool `pool` (0 = the TPipe): a queue bound
/// src -> dst (TPosition values) of the given depth; tbuf = TBuf (no sync).
ASCSIM_API int32_t queueInit(int32_t pool, uint8_t src, uint8_t dst,
                             int32_t depth, int32_t num, uint32_t len,
                             bool tbuf, Loc loc);
/// InitBufPool(pool, len[, share]) on `parent` (0 = the TPipe); `share` is
/// the handle of the pool whose memory is reused, or 0.
ASCSIM_API int32_t poolInit(int32_t parent, uint8_t pos, uint32_t maxBufs,
                            uint32_t len, int32_t share, Loc loc);
ASCSIM_API void poolReset(int32_t pool, Loc loc);
/// AllocTensor; inPlace = the in-place AllocTensor(t) (depth-0 queues).
ASCSIM_API BufferView queueAlloc(int32_t queue, bool inPlace, Loc loc);
/// EnQue; srcUser/dstUser are the user positions of EnQue<src, dst> or MAX.
ASCSIM_API void queueEnque(int32_t queue, uint64_t buffer, uint8_t srcUser,
                           uint8_t dstUser, Loc loc);
/// DeQue; srcUser/dstUser are the user positions of DeQue<src, dst, T> or
/// MAX; inPlace = DeQue(t) of the buffer `buffer` (depth-0 queues).
ASCSIM_API BufferView queueDeque(int32_t queue, bool inPlace, uint64_t buffer,
                                 uint8_t srcUser, uint8_t dstUser, Loc loc);
ASCSIM_API void queueFree(int32_t queue, uint64_t buffer, Loc loc);
/// PopStackBuffer: the Unified Buffer above the TPipe's buffers, for `api`
/// (named in the error when no TPipe is live).
ASCSIM_API BufferView stackBuffer(const char *api, Loc loc);
/// stackBuffer for an asc.adv call without a temp buffer; `ranges` holds
/// `n` (UB address, bytes) pairs, the call's operands. advScratchEnd after
/// the call checks the scratch it used against the static UB tensors.
ASCSIM_API BufferView advScratchBegin(const char *api, const uint32_t *ranges,
                                      int n, Loc loc);
ASCSIM_API void advScratchEnd();
/// TBuf::Get / GetWithOffset: `bytes` bytes at byte `offset` (whole = the
/// entire buffer); `api` is the pyasc name the errors use.
ASCSIM_API BufferView bufGet(int32_t queue, uint32_t offset, uint64_t bytes,
                             bool whole, const char *api, Loc loc);
ASCSIM_API int32_t queueQuery(int32_t queue, QueueQuery what, uint64_t buffer,
                              Loc loc);
ASCSIM_API void queueFreeAllEvent(int32_t queue, Loc loc);
/// LocalTensor::SetUserTag (set) / GetUserTag: the tag of the queue buffer
/// named by `buffer` (a LocalTensor's handle()); `api` is the pyasc name the
/// errors use.
ASCSIM_API int32_t bufferUserTag(uint64_t buffer, bool set, int32_t tag,
                                 const char *api, Loc loc);
/// TPipe::AllocEventID (reserve) / FetchEventID (peek) of a HardEvent.
ASCSIM_API int32_t eventAlloc(uint8_t event, bool reserve, Loc loc);
ASCSIM_API void eventRelease(uint8_t event, int32_t id, Loc loc);

ASCSIM_API int64_t blockIdx();
ASCSIM_API int64_t blockNum();
ASCSIM_API void initSocState(Loc loc);

} // namespace abi
} // namespace ascsim

#endif // ASCSIM_ABI_H

//===- device/Core.h - One simulated vector core ----------------*- C++ -*-===//
//
// A Core is the state of one block's run: its Unified Buffer, flags, pipe
// engine and the scalar unit's clock. The kernel's code runs on a host thread
// with the core bound to it (CoreScope); every Ascend C call reaches the
// bound core through the ABI (KernelAbi.cpp). That thread-local binding is
// the only global mutable state of the simulator.
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_DEVICE_CORE_H
#define ASCSIM_DEVICE_CORE_H

#include "ascsim/cube_abi.h"
#include "device/AutoSyncLog.h"
#include "device/SysState.h"
#include "flags/Flags.h"
#include "framework/Framework.h"
#include "memory/Memory.h"
#include "ops/VectorOps.h"
#include "pipes/Engine.h"
#include "support/Fifo.h"
#include "timing/Timing.h"

#include <array>
#include <deque>
#include <initializer_list>
#include <memory>
#include <set>
#include <tuple>
#include <vector>

namespace ascsim {

class LaunchControl;   // device/Device.h
struct PrintArg;       // ascsim/debug.h
struct DumpShape;      // ascsim/debug.h
struct LayoutCall;     // ascsim/layout_api.h
struct SortCall;       // ascsim/sort_abi.h
struct SortInstr;      // ops/SortOps.h
class CrossCoreDomain; // device/CrossCore.h
namespace cube {
struct CubeInstr;
struct CubeRuns;
struct ByteRun;
} // namespace cube

/// Which core of its AI Core a Core simulates (the kernel type's launch
/// mapping, docs/simulator.md "Kernel types").
struct CoreRole {
  bool aic = false;
  /// A MIX kernel: flags of the other core type are dropped, as the NPU's
  /// per-core-type builds drop them; cross-core flags are available.
  bool mixed = false;
  uint8_t kernelType = 0; // KernelMetaType value
  int64_t subBlockIdx = 0, subBlockNum = 1, taskRatio = 1;
  /// The block (AI Core) this core belongs to, and its id in the domain.
  int64_t block = 0;
  uint32_t coreId = 0;
  /// Index of this core run in the launch (LaunchControl's block index).
  uint32_t task = 0;
  /// The launch's cross-core flags (null for AIV_ONLY / AIC_ONLY kernels).
  CrossCoreDomain *xc = nullptr;
};
/// "AIV_ONLY", "MIX_AIC_1_2", ... of a KernelMetaType value.
const char *kernelTypeName(uint8_t type);

class Core {
public:
  Core(int64_t blockIdx, int64_t blockNum, const LaunchConfig &config,
       const GmMap &gm, LaunchControl *control = nullptr);
  ~Core();
  Core(const Core &) = delete;
  Core &operator=(const Core &) = delete;

  int64_t blockIdx() const { return blockIdx_; }
  int64_t blockNum() const { return blockNum_; }
  /// Makes this core a cube or vector core of a kernel type (before the
  /// kernel runs).
  void setRole(const CoreRole &role);
  const CoreRole &role() const { return role_; }

  // The cube path (device/CubeAbi.cpp; ascsim/cube_abi.h).
  void cubeLoadData(const Operand &dst, const Operand &src, const Operand &idx,
                    DType type, const LoadData2DDesc &d, Loc loc);
  void cubeNd2Nz(const Operand &dst, const Operand &src, DType type,
                 const Nd2NzDesc &d, Loc loc);
  void cubeNz2Nd(const Operand &dst, const Operand &src, DType type,
                 const Nz2NdDesc &d, Loc loc);
  /// DataCopyPad(dst, src, DataCopy(Ext)Params, Nd2NzParams): UB -> L1,
  /// which no core of Ascend 910B/910C can issue (refused at the call).
  void cubeNd2NzPad(const Operand &dst, const Operand &src, Loc loc);
  void cubeInitConst(const Operand &dst, DType type, const InitConstDesc &d,
                     Loc loc);
  void cubeBiasLoad(const Operand &dst, const Operand &src, DType srcType,
                    uint32_t count, Loc loc);
  void cubeMmad(const Operand &dst, const Operand &a, const Operand &b,
                const Operand &bias, const MmadDesc &d, Loc loc);
  void cubeFixpipe(const Operand &dst, const Operand &src,
                   const Operand &workspace, const FixpipeDesc &d, Loc loc,
                   const char *api = "fixpipe");
  void cubeCo12Copy(const Operand &dst, const Operand &src,
                    const FixpipeDesc &d, Loc loc);
  void cubeControl(CubeCtl what, uint64_t a, uint64_t b, Loc loc);
  void cubeLoadSparse(const Operand &dst, const Operand &src,
                      const Operand &idx, DType type, const LoadData2DDesc &d,
                      Loc loc, uint64_t seq);
  void cubeLoad3D(const Operand &dst, const Operand &src, DType type,
                  const Load3DDesc &d, Loc loc);
  // Cross-core flags (device/CrossCore.cpp).
  void crossCoreSetFlag(uint8_t mode, uint8_t pipeT, uint32_t flagId, Loc loc);
  void crossCoreWaitFlag(uint32_t flagId, Loc loc);
  /// A cross-core set of this core fired (Engine's cross-core callback):
  /// posts it to the domain with its happens-before clock.
  void crossSetFired(uint8_t id, uint64_t cycle, Loc loc, Pipe pipe,
                     const VectorClock *knows);
  void syncAll(bool aivOnly, Loc loc);
  // Software inter-block sync through GM flags (device/BlockSync.cpp).
  void ibSync(bool wait, bool aivOnly, const Operand &gm, const Operand &ub,
              int64_t blockIdx, int64_t eventId, Loc loc);
  void syncAllSoft(bool aivOnly, const Operand &gm, const Operand &ub,
                   int64_t usedCores, Loc loc);
  void blockOrder(bool notify, const Operand &gm, const Operand &ub, Loc loc);
  /// The happens-before clock of each sync epoch of this core (epoch k's
  /// clock; component core * kNumPipes + pipe: the number of that core's
  /// epochs whose GM accesses in that pipe happen before): the launch
  /// orders GM accesses of different cores by them (crossCoreRaces).
  std::vector<std::vector<uint32_t>> takeEpochClocks() {
    return std::move(epochClocks_);
  }
  // The Matmul message channel (device/MatmulChannel.cpp).
  void mmSend(uint32_t toSub, const void *data, uint32_t bytes,
              uint32_t latency, Loc loc);
  int32_t mmReceive(void *buf, uint32_t cap, uint32_t *fromSub,
                    const char *what, Loc loc);

  // Ascend C entry points (see ascsim/abi.h). Checks throw a Fault.
  void checkLocalTensor(uint8_t pos, uint32_t addr, uint32_t elems,
                        uint32_t elemBytes, Loc loc);
  // A tile's loop is made of these four: each is inlined into its ABI
  // entry (abi::dataCopy ... in the same file), one call and its register
  // saves less per call; only that entry calls them.
  [[gnu::always_inline]] void dataCopy(const Operand &dst, const Operand &src,
                                       uint32_t count, DType type, Loc loc);
  [[gnu::always_inline]] void setFlag(uint8_t event, int32_t id, Loc loc);
  [[gnu::always_inline]] void waitFlag(uint8_t event, int32_t id, Loc loc);
  void pipeBarrier(uint8_t pipeT, Loc loc);
  /// GlobalTensor::SetL2CacheHint: with `bypass`, DMA reads of GM
  /// [addr, addr + bytes) are served by HBM and not kept in L2
  /// (CACHE_MODE_DISABLE); without, the range is cached again.
  void setL2CacheHint(uint64_t addr, uint64_t bytes, bool bypass);
  void dataSyncBarrier(uint8_t mem, Loc loc);
  /// Scalar (PIPE_S) element accesses; `api` names the access in
  /// diagnostics (an API that the headers build from scalar accesses).
  void scalarRead(const Operand &src, uint64_t index, DType type, void *out,
                  Loc loc, const char *api = "get_value");
  void scalarWrite(const Operand &dst, uint64_t index, DType type,
                   const void *in, Loc loc, const char *api = "set_value");
  void initSocState(Loc loc);
  /// An iteration of an emitted loop (abi::loopTick).
  void loopTick(Loc loc) {
    loopLoc_ = loc;
    step(loc);
  }
  /// The line of the last API call (for faults caught by the signal guard).
  Loc lastLoc() const { return lastLoc_; }
  /// The innermost loop that last ran an iteration (line 0: none).
  Loc loopLoc() const { return loopLoc_; }
  // The vector API breadth (device/VectorAbi.cpp).
  [[gnu::always_inline]] void vecOp(const VecCall &call, Loc loc);
  void vecControl(VecCtl what, DType type, uint64_t a, uint64_t b, Loc loc);
  void dataCopyEx(const CopyCall &call, Loc loc);
  // System control, scalar helpers, caches (device/SysControl.cpp).
  uint64_t scalarOp(ScalarOp op, uint64_t value, uint64_t arg, Loc loc);
  void sysControl(SysCtl what, uint64_t a, uint64_t b, Loc loc);
  int64_t sysQuery(SysQuery what, uint64_t a, Loc loc);
  int32_t coreType() const { return sys_.coreType; }
  void checkLocalMemoryIA(const MemoryWatch &watch, Loc loc);
  void setAipp(const AippConfig &config, Loc loc);
  // LoadImageToLocal (device/ImageLoad.cpp).
  void loadImageToLocal(const Operand &dst, DType type, const ImageLoad &p,
                        Loc loc);
  // GatherMask, Transpose, TransDataTo5HD, Scatter (device/LayoutAbi.cpp).
  uint64_t layoutOp(const LayoutCall &call, Loc loc);
  // Sort32, MrgSort, GetMrgSortResult (device/SortAbi.cpp).
  uint64_t sortOp(const SortCall &call, Loc loc);
  /// A fault raised by an API the headers build from instructions.
  bool isGmArgument(uint64_t addr) const { return mem_.isGmArgument(addr); }
  /// A GM read the headers are about to issue as instructions, checked
  /// first so that its bounds error can carry `hint` (device/KernelAbi.cpp).
  void checkGmRead(const char *api, uint64_t addr, uint64_t bytes, DType type,
                   const char *hint, Loc loc);
  [[noreturn]] void apiFault(const char *category, const char *message,
                             Loc loc);
  [[noreturn]] void noBufferFault(const char *api, const char *role, Loc loc);

  // printf and DumpTensor (device/Debug.cpp).
  void print(const char *fmt, const PrintArg *args, uint32_t nargs, Loc loc);
  void dumpTensor(const Operand &tensor, DType type, uint32_t desc,
                  uint32_t dumpSize, Loc loc, const char *api = "dump_tensor",
                  uint32_t countOff = 0, const DumpShape *shape = nullptr);
  void printTimeStamp(uint32_t descId, Loc loc);
  void metricsProf(bool start, Loc loc);
  /// This core's printf/DumpTensor text, every line prefixed "[block N] ".
  std::string takeOutput();

  // The TPipe framework (ascsim/framework.h).
  void pipeCreate(void *pipe, Loc loc);
  void pipeRelease(void *pipe, Loc loc);
  void pipeInit(void *pipe, Loc loc);
  void pipeDestroy(void *pipe, Loc loc);
  void pipeReset(void *pipe, Loc loc);
  void *currentPipe() const { return fw_.pipe(); }
  void *lastPipe() const { return fw_.lastPipe(); }
  int32_t queueInit(int32_t pool, uint8_t src, uint8_t dst, int32_t depth,
                    int32_t num, uint32_t len, bool tbuf, Loc loc);
  int32_t poolInit(int32_t parent, uint8_t pos, uint32_t maxBufs, uint32_t len,
                   int32_t share, Loc loc);
  void poolReset(int32_t pool, Loc loc);
  BufferView queueAlloc(int32_t q, bool inPlace, Loc loc);
  void queueEnque(int32_t q, uint64_t buffer, uint8_t srcUser, uint8_t dstUser,
                  Loc loc);
  BufferView queueDeque(int32_t q, bool inPlace, uint64_t buffer,
                        uint8_t srcUser, uint8_t dstUser, Loc loc);
  void queueFree(int32_t q, uint64_t buffer, Loc loc);
  BufferView stackBuffer(const char *api, Loc loc);
  /// asc.adv's forms without a temp buffer: stackBuffer for `api`, and
  /// until advScratchEnd the UB bytes its instructions touch above the
  /// TPipe's buffers (outside `ranges`, the call's operands: `n` pairs of
  /// UB address and bytes) are its scratch. advScratchEnd checks that
  /// scratch against the static UB tensors (docs/debugging.md "asc.adv
  /// scratch and static tensors").
  BufferView advScratchBegin(const char *api, const uint32_t *ranges, int n,
                             Loc loc);
  void advScratchEnd();
  BufferView bufGet(int32_t q, uint32_t offset, uint64_t bytes, bool whole,
                    const char *api, Loc loc);
  int32_t queueQuery(int32_t q, QueueQuery what, uint64_t buffer, Loc loc);
  void queueFreeAllEvent(int32_t q, Loc loc);
  int32_t bufferUserTag(uint64_t buffer, bool set, int32_t tag, const char *api,
                        Loc loc);
  int32_t eventAlloc(uint8_t event, bool reserve, Loc loc);
  void eventRelease(uint8_t event, int32_t id, Loc loc);

  /// The kernel function returned: run the pipes dry (deadlock -> Fault),
  /// then record every flag left set.
  void finish();
  /// Records a diagnostic of this core (fills block and program order).
  void record(Diagnostic d);
  /// abi::ignoredField: a warning once per line and field.
  void warnIgnoredField(const char *api, const char *field, int64_t value,
                        bool isBool, const char *hint, Loc loc);
  /// Every diagnostic of the core, including race and init reports.
  std::vector<Diagnostic> takeDiagnostics();
  CoreTiming timing() const;
  /// timing() at the core's end: its GM range lists are moved out, not
  /// copied.
  CoreTiming takeTiming();
  /// GM accesses for the cross-core race check (empty when races are off).
  std::vector<GmAccess> takeGmAccesses() {
    return race_ ? race_->takeGmAccesses() : std::vector<GmAccess>{};
  }
  /// The recorded timeline (null unless LaunchConfig::trace).
  std::unique_ptr<TraceSink> takeTrace() { return std::move(trace_); }

private:
  // device/VectorAbi.cpp: a vector call is checked, planned, then issued.
  /// A planned vector instruction: the record the engine evaluates, the
  /// bytes it reads and writes through each operand role, and its cost (one
  /// per core, reused: its span lists keep their capacity).
  struct VecPlan {
    std::shared_ptr<VecInstr> instr;
    Spans reads[kNumRoles], writes[kNumRoles];
    std::vector<uint64_t> levels; // repeats per level (timing::vectorOp)
    Cost cost;
    // Names planVec looked up, for issueVec's bookkeeping.
    const char *api = nullptr;
    const char *roles[kNumRoles] = {};
  };
  /// The call's own rules (dtype, mode, repeat, mask, strides); throws the
  /// Fault and changes nothing, so a rejected call leaves no state behind.
  void checkVec(const VecCall &call, Loc loc) const;
  /// Sets in.counter/count/mask/repeats from the call and the mask register
  /// (which mask forms and count forms write); false for a NOP.
  bool resolveMask(const VecCall &call, VecInstr &in);
  /// Builds the instruction: mask, operands and strides, UB placement
  /// (position, alignment, bounds of the exact footprints), result plan and
  /// cost, all at issue, so that the engine only evaluates; false for a NOP.
  bool planVec(const VecCall &call, Loc loc, VecPlan &plan);
  /// Race footprint, init tracking and UB watch of the plan, then PIPE_V:
  /// the bookkeeping an issued instruction shares with the copies. `keep`:
  /// the plan stays usable (a cached plan shares its VecInstr, which the
  /// engine only reads).
  /// `initTracked`: the plan was issued before from the same line, so its
  /// init tracking would change and report nothing (CachedVecPlan).
  /// Returns the issued instruction (valid until the next issue).
  Instr &issueVec(VecPlan &plan, uint64_t seq, Loc loc, bool keep = false,
                  bool initTracked = false);
  /// planVec's result for a call site, kept for the next identical call.
  /// planVec is a function of the call, its location, the mask register and
  /// mode and the dequant scale (the ops that read CMPMASK or the other
  /// dequant state are not cached), the core's fixed UB size and role; its
  /// only effect on the core is the mask register it writes (replayed from
  /// maskOut) and the UB chunks it marks dirty (marked by each core's first
  /// use, PlanStore). So a hit issues exactly what planning again
  /// would, without the operand placement, footprints and cost (~1.9k host
  /// instructions of an add's ~2.9k). The loop of a kernel repeats the same
  /// few calls (tutorial 01: one add per double-buffer slot).
  struct MaskRegs {
    bool counter;
    uint64_t maskHi, maskLo;
    bool operator==(const MaskRegs &o) const {
      return counter == o.counter && maskHi == o.maskHi && maskLo == o.maskLo;
    }
  };
  struct CachedVecPlan {
    bool valid = false;
    VecCall call{};
    Loc loc{nullptr, 0};
    MaskRegs maskIn{}, maskOut{};
    uint16_t deqScale = 0;
    VecPlan plan;
    /// The plan was issued once: its UB bytes' init tracking is done. The
    /// same bytes marked written again change nothing; the same bytes
    /// checked again at the same line report nothing (the first check found
    /// them written, and written bits are only cleared when the core ends,
    /// or it reported the line, which reports once).
    bool initTracked = false;
    /// The first issue's race footprint (empty when races are off) and
    /// Work::direct: a function of the plan and the core's race severity.
    Footprint fp;
    bool direct = false;
    /// fp and direct are kept (an issue of the plan completed; a fault in
    /// the first one leaves them unset).
    bool kept = false;
    /// The init tracking a core's first use of a kept plan redoes, and
    /// auto_sync's notes of each issue (keepFirstUse, from the plan's
    /// spans): issueVec's of its spans in its order (reads first, by role),
    /// flat: one loop over a few entries instead of the walk over roles and
    /// span lists.
    struct InitOp {
      uint64_t start, bytes;
      const char *role;
      bool write;
    };
    std::vector<InitOp> initOps;
  };
  /// Fills e.initOps (when e is kept).
  void keepFirstUse(CachedVecPlan &e) const;
  /// Issues a cached plan whose init tracking is done, with no UB watch:
  /// auto_sync's bookkeeping of its spans and the queue entry (issueVec has
  /// nothing else to do for it).
  /// (Inlined, with findVecPlan, into vecOp and so into abi::vecOp: the
  /// loop's adds; the other cases are out of line.)
  [[gnu::always_inline]] void issueCachedVec(const CachedVecPlan &e,
                                             uint64_t seq, Loc loc);
  /// A cached plan's issue through issueVec: its first use on this core,
  /// or with a UB watch.
  [[gnu::noinline]] void issueVecPlan(CachedVecPlan &e, uint64_t seq, Loc loc);
  /// A call without a cached plan: checked, planned (and cached when
  /// `cacheable`), issued.
  [[gnu::noinline]] void planAndIssueVec(const VecCall &c, Loc loc,
                                         uint64_t seq, bool cacheable);
  static constexpr size_t kVecPlanCache = 4; // most recent, round robin
  static bool cacheableVecOp(VecOp op);
  [[gnu::always_inline]] CachedVecPlan *findVecPlan(const VecCall &call,
                                                    Loc loc);
  void issueCopy(const CopyCall &call, uint64_t seq, Loc loc);
  /// A plain DataCopy between GM and the Unified Buffer, planned once per
  /// call site: the UB operand, count, type and direction decide the pipe,
  /// the cost and the resolved UB offset; only the GM address varies (a
  /// loop's tiles). A repeat resolves and checks its GM side, counts the GM
  /// traffic and auto_sync's bookkeeping and issues; it skips what repeats
  /// unchanged: the UB side's checks and dirty marking (idempotent for the
  /// core's lifetime; redone by each core's first use, PlanStore) and its
  /// init tracking. Marking the same UB bytes written again changes
  /// nothing; checking the same UB bytes at the same line again reports
  /// nothing (the first check found them all written, and written bits are
  /// only cleared when the core ends, or it reported the line, which
  /// reports once). Not used with a UB watch (its bookkeeping runs per
  /// call and may stop the core), nor for atomic stores (issueCopy).
  struct CachedCopy {
    Loc loc{nullptr, 0};
    Operand ub{}; // the UB operand; the GM one's position in gmPos
    uint8_t gmPos = 0;
    bool toGm = false; // MTE3 (UB -> GM), else MTE2 (GM -> UB)
    DType type = DType::F32;
    uint32_t count = 0;     // 0: the slot is empty
    uint32_t elemBytes = 0; // dtypeSize(type)
    uint64_t bytes = 0;     // count * elemBytes
    Cost cost;
    uint64_t ubOffset = 0;
    uint32_t gmRegion = 0; // the GM region the last call hit (a hint)
    /// Region gmRegion's host addresses in this launch (set by bindPlans
    /// and cachedCopyGm; empty, ~0 and 0, when unknown) and the GM
    /// address's alignment mask (elemBytes - 1): copyFromPlan's test of the
    /// GM operand is two compares and a mask, not a walk through the
    /// launch's GmMap to the region.
    uint64_t gmLo = ~0ull, gmHi = 0;
    uint64_t alignMask = 0;
    /// A GM operand at `addr` in the hint's region and aligned:
    /// resolveGm's result without its call (GmMap::contains's test on the
    /// kept bounds).
    bool inKeptRegion(uint64_t addr) const {
      return addr >= gmLo && addr + bytes <= gmHi && (addr & alignMask) == 0;
    }
    /// This core made or used the plan: its UB chunks are marked dirty and
    /// its init tracking is done (PlanStore).
    bool coreReady = false;
  };
  static constexpr size_t kCopyPlanCache = 8; // most recent, round robin
  /// Issues data_copy's Work instruction: `count` elements of `type` from
  /// `from` to `to` on `pipe` (the caller adds the race footprint).
  [[gnu::always_inline]] Instr &
  issuePlainCopy(Pipe pipe, uint64_t seq, Loc loc, Cost cost, DType type,
                 uint32_t count, const uint8_t *from, uint8_t *to);
  /// dataCopy without a cached plan: checks, plans and issues the copy, and
  /// caches its plan when it is a plain GM <-> UB copy.
  [[gnu::noinline]] void planCopy(const Operand &dst, const Operand &src,
                                  uint32_t count, DType type, uint64_t seq,
                                  Loc loc);
  /// Issues a cached copy of this call site (true), or does nothing (false).
  /// Inlined into dataCopy (and so into abi::dataCopy), its rare steps out
  /// of line: a copy is 3 of a tile's 10 instructions.
  [[gnu::always_inline]] bool copyFromPlan(const Operand &dst,
                                           const Operand &src, uint32_t count,
                                           DType type, uint64_t seq, Loc loc);
  /// The cached copy plan of this call (copyFromPlan's search and its
  /// preconditions: a count, no UB watch, no atomic store), or null.
  [[gnu::always_inline]] CachedCopy *findCopyPlan(const Operand &dst,
                                                  const Operand &src,
                                                  uint32_t count, DType type,
                                                  Loc loc);
  /// data_copy when its call-free path does not apply (dataCopy): the
  /// general path, beginCall then copyFromPlan or planCopy. The count and
  /// the type in one argument (count | type << 32): six arguments in
  /// registers make the call a jump.
  [[gnu::noinline]] void dataCopyGeneral(const Operand &dst, const Operand &src,
                                         uint64_t countType, Loc loc);
  /// dataCopy's issue of a cached copy `e` (its GM operand at `gmAddr`
  /// tested): into a free slot (InSlot: the plan ready on this core, no
  /// call but the last), or after this core's first use of the plan and
  /// makeRoom. `countType` as dataCopyGeneral's.
  template <bool InSlot>
  [[gnu::always_inline]] void issueCachedCopy(CachedCopy &e, uint64_t gmAddr,
                                              uint64_t countType, Loc loc);
  /// issueCachedCopy when the queue has no free slot (the scalar stalls)
  /// or this core has not used the plan yet (cachedCopyFirstUse first).
  [[gnu::noinline]] void cachedCopyAfterRoom(CachedCopy &e, uint64_t gmAddr,
                                             uint64_t countType, Loc loc);
  /// Fills a plain copy's Instr `in` (issuePlainCopy's fields).
  [[gnu::always_inline]] void fillPlainCopy(Instr &in, Pipe pipe, Cost cost,
                                            DType type, uint32_t count,
                                            const uint8_t *from, uint8_t *to);
  /// copyFromPlan's GM operand outside the launch's regions (a fault, or a
  /// pointer to classify): its host pointer, null when it is not GM.
  [[gnu::noinline]] uint8_t *cachedCopyGm(CachedCopy &e, const Operand &gmOp,
                                          DType type, Loc loc);
  /// A cached copy's first use on this core (PlanStore): what planCopy's
  /// UB resolve and track() did to the core.
  [[gnu::noinline]] void cachedCopyFirstUse(CachedCopy &e, const Operand &ubOp,
                                            Loc loc);
  /// auto_sync's bookkeeping of a cached copy (track()'s calls: the
  /// source, then the destination).
  void cachedCopyAutoSync(const CachedCopy &e, uint64_t gmAddr) {
    const uint64_t u = e.ubOffset, bytes = e.bytes; // > 0: a cached copy
    AutoSyncLog &log = *autoSyncLogOf(e.toGm ? Pipe::MTE3 : Pipe::MTE2);
    if (e.toGm) {
      log.note(Mem::UB, u, u + bytes, false);
      log.note(Mem::GM, gmAddr, gmAddr + bytes, true);
    } else {
      log.note(Mem::GM, gmAddr, gmAddr + bytes, false);
      log.note(Mem::UB, u, u + bytes, true);
    }
  }
  /// One operand's byte spans at `base` (a UB offset, or a GM host address)
  /// in `mem`. `role` names it in init-check messages; null for a
  /// data-dependent read, which reports its whole view.
  struct SpanUse {
    Mem mem;
    uint64_t base;
    const Spans *spans;
    bool write;
    const char *role;
  };
  /// Issues a planned vector instruction or parameterised copy into `pipe`
  /// after the bookkeeping of its operand spans, in the order of `uses`
  /// (reads first, as the race detector expects): UB watch, race footprint,
  /// init tracking, GM traffic.
  Instr &issueVecInstr(std::shared_ptr<VecInstr> vi, Pipe pipe, Cost cost,
                       uint64_t seq, const char *api, Loc loc,
                       const SpanUse *uses, size_t count);
  /// A SetFlag or WaitFlag instruction of flag (event, id) into pipe `p`
  /// (the FlagTable's bookkeeping is the caller's).
  [[gnu::always_inline]] void issueFlagInstr(InstrKind kind, Pipe p,
                                             uint8_t event, uint8_t id,
                                             uint64_t seq, Loc loc,
                                             const char *api) {
    Instr &in = issueInPlace(kind, p, seq, loc, api);
    in.event = event;
    in.id = id;
  }
  // The ABI entries' call-free paths (set/wait_flag, data_copy) test, before
  // any side effect, that this call's step reaches no checkpoint
  // (stepsLeft_ != 1) and that the queue has a free slot (no runUntilRoom,
  // no grow), and otherwise take their general path as a tail call: with no
  // call on the fast path, the compiler saves fewer registers for it.

  /// beginCall on a call-free path: the step reaches no checkpoint.
  uint64_t beginCallFree(Loc loc) {
    --stepsLeft_;
    lastLoc_ = loc;
    scalar_ += timing::kScalarIssue;
    scalarBusy_ += timing::kScalarIssue;
    return ++seq_;
  }
  /// issueFlagInstr into `at`, p's free slot (Engine::slotOf).
  void issueFlagAt(void *at, InstrKind kind, Pipe p, uint8_t event, uint8_t id,
                   uint64_t seq, Loc loc, const char *api) {
    Instr &in =
        engine_.emplaceFlagAt(at, kind, p, event, id, seq, scalar_, loc, api);
    if (race_) {
      in.issueClock = race_->clock(Pipe::S);
      in.gmEpoch = gmEpoch_;
    }
  }
  /// set_flag (K = SetFlag) or wait_flag (WaitFlag) on the call-free path
  /// when it applies (a valid plain flag, no checkpoint due, a free slot):
  /// whether it was issued.
  template <InstrKind K> bool issueFlagFree(uint8_t event, int32_t id, Loc loc);
  /// set_flag (K = SetFlag) or wait_flag (WaitFlag) when the call-free
  /// path does not apply (a plain flag, no checkpoint due, a free slot):
  /// beginCall, then makeRoom or the rare cases.
  template <InstrKind K>
  [[gnu::noinline]] void issueFlagGeneral(uint8_t event, int32_t id, Loc loc);
  /// Per HardEvent value, the pipe a set_flag (wait_flag) of a valid
  /// event on this core type, not V_V and not scalar-side issues into as
  /// is (the loop's flags, told from the rare cases by one load); Pipe::S
  /// for the other cases. Rows of a table per core type (bindFlagPipes:
  /// after the core is built and when setRole changes its type).
  const Pipe *plainSet_ = nullptr, *plainWait_ = nullptr;
  void bindFlagPipes();
  /// set/wait_flag's other cases after beginCall: a dropped event, an
  /// invalid one (the Fault), V_V (a PIPE_V barrier), a scalar-side flag.
  [[gnu::noinline]] void setFlagRare(uint8_t event, int32_t id, uint64_t seq,
                                     Loc loc);
  [[gnu::noinline]] void waitFlagRare(uint8_t event, int32_t id, uint64_t seq,
                                      Loc loc);
  /// A flag of the other core type's pipes in a MIX kernel (dropped).
  bool droppedEvent(uint8_t event) const;
  /// FlagTable::validate for this core's type (its Fault when invalid).
  const EventInfo &flagEvent(const char *api, uint8_t event, int32_t id,
                             Loc loc) const;
  /// The event table (eventInfo(0): indexed by HardEvent value).
  const EventInfo *events_ = eventInfo(0);
  /// device/CubeAbi.cpp: fails unless this is a cube core.
  void requireAic(const char *api, Loc loc) const;
  /// Refuses a copy from L1 to GM unless its source is A1 or B1 (not C1 or
  /// TSCM, ascendc_api.md §5.1 row 2) and it runs on the AIC.
  void requireL1ToGm(const char *api, const Operand &src, Loc loc) const;
  [[noreturn]] void refuseUbToL1(const char *api, const Operand &dst,
                                 const Operand &src, Loc loc) const;
  /// Checks, tracks and issues a planned cube instruction: `ops` are the
  /// resolved starts of src, src1, src2 and dst (null = unused), `runs`
  /// their byte runs (the dst runs are moved into the instruction).
  void issueCube(std::shared_ptr<cube::CubeInstr> ci, Pipe pipe, Cost cost,
                 uint64_t seq, const char *api, Loc loc, cube::CubeRuns &runs);
  /// device/SysControl.cpp: stops the core when a UB access [start, end) of
  /// `pipe` hits an enabled CheckLocalMemoryIA channel (call sites test
  /// sys_.anyWatch first).
  void watchUb(Pipe pipe, uint64_t start, uint64_t end, bool write,
               const char *api, Loc loc);
  /// device/Debug.cpp: appends text to the output buffer (prefixes, the
  /// per-core limit).
  void appendOutput(const std::string &text, Loc loc);
  /// An API call's start: the step, its line, one scalar issue cycle; its
  /// program-order number. (Inline: every API file calls it.)
  uint64_t beginCall(Loc loc) {
    step(loc);
    lastLoc_ = loc;
    scalar_ += timing::kScalarIssue;
    scalarBusy_ += timing::kScalarIssue;
    return ++seq_;
  }
  /// Counts a step (an API call or a loop iteration); every kStepsPerCheck
  /// steps, or at the budget, checkpoint() looks at the stop request and the
  /// watchdog budget.
  void step(Loc loc) {
    // A countdown (one decrement and branch per call): steps_ is brought
    // up to date at each checkpoint.
    if (__builtin_expect(--stepsLeft_ == 0, 0))
      checkpoint(loc);
  }
  static constexpr uint64_t kStepsPerCheck = 1024;
  /// Throws the Fault that stops the core when the launch is stopped or the
  /// budget is spent.
  [[gnu::cold, gnu::noinline]] void checkpoint(Loc loc);
  /// Before a float atomic store: wait until the lower-numbered blocks have
  /// finished (LaunchControl), so float accumulation is in block order.
  void orderFloatAtomics(Loc loc);
  /// Stalls the scalar until `p`'s queue has room for `name`.
  void makeRoom(Pipe p, const char *name, Loc loc) {
    if (engine_.queued(p) >= Engine::kQueueDepth)
      waitForRoom(p, name, loc);
  }
  /// makeRoom's stall: runs the engine until the full queue has room.
  void waitForRoom(Pipe p, const char *name, Loc loc);
  void issue(Instr &&instr);
  /// Makes room, then appends an instruction to `p`'s queue and returns it
  /// to be filled in place (an Instr is a few hundred bytes: building it on
  /// the stack and moving it in cost more than the rest of a flag). Nothing
  /// may throw between this and the end of the filling.
  [[gnu::always_inline]] Instr &issueInPlace(InstrKind kind, Pipe p,
                                             uint64_t seq, Loc loc,
                                             const char *name) {
    makeRoom(p, name, loc);
    Instr &in = engine_.emplace(kind, p, seq, scalar_, loc, name);
    if (race_) {
      in.issueClock = race_->clock(Pipe::S);
      in.gmEpoch = gmEpoch_;
    }
    return in;
  }
  /// One operand of an instruction, for race footprints, init checks and
  /// GM traffic accounting.
  struct Use {
    const uint8_t *ptr;
    uint64_t bytes;
    bool write;
    const char *role;
  };
  /// UB watch, init tracking and GM traffic of an instruction's operands,
  /// reads first (before it is issued: a watch hit stops the core).
  void track(Pipe pipe, const char *api, Loc loc,
             std::initializer_list<Use> uses);
  /// The race footprint of the same operands in the same order (after the
  /// instruction is in its queue; nothing when races are off).
  void raceFootprint(Footprint &fp, std::initializer_list<Use> uses) const;
  void checkInit(const char *api, const char *role, uint64_t addr,
                 uint64_t bytes, Loc loc, Mem mem = Mem::UB);
  /// Init tracking of one access to local memory `m` (GM is not tracked):
  /// a write marks the bytes written, a read reports unwritten ones.
  void trackInit(Mem m, bool write, const char *api, const char *role,
                 uint64_t addr, uint64_t bytes, Loc loc);
  /// trackInit of a UB range with init tracking on, inline (a kept plan's
  /// first use on a core): a range already all written costs no call.
  void trackUbInit(bool write, const char *api, const char *role, uint64_t addr,
                   uint64_t bytes, Loc loc) {
    if (write)
      mem_.markWritten(addr, bytes);
    else if (!mem_.allWritten(addr, bytes))
      checkInit(api, role, addr, bytes, loc);
  }
  /// A kept copy plan's GM region bounds (copyFromPlan's fast test) from
  /// this launch's GmMap: region gmRegion's, or empty for an element size
  /// that is not a power of two (no alignment mask: cachedCopyGm always).
  void bindCopyBounds(CachedCopy &e) const {
    const bool mask = (e.elemBytes & (e.elemBytes - 1)) == 0;
    mem_.gmRegionBounds(mask ? e.gmRegion : ~0u, e.gmLo, e.gmHi);
  }
  void scalarAccess(const uint8_t *p, uint64_t bytes, bool write,
                    const char *api, Loc loc, uint64_t seq);
  /// LaunchConfig::auto_sync: the bytes pipe `p` touched since the scalar
  /// last waited for it, and the wait before a dependent scalar access.
  void noteAutoSync(Pipe p, Mem m, uint64_t start, uint64_t end, bool write) {
    if (end <= start)
      return;
    if (AutoSyncLog *log = autoSyncLogOf(p))
      log->note(m, start, end, write);
  }
  /// Pipe p's auto_sync log; null for S, M, MTE1 and FIX: only V, MTE2 and
  /// MTE3 are logged, the pipes bisheng's --cce-auto-sync makes the scalar
  /// wait for (hardware.md §3.4; autoSyncBefore).
  AutoSyncLog *autoSyncLogOf(Pipe p) {
    switch (p) {
    case Pipe::V:
      return &autoSyncLog_[0];
    case Pipe::MTE2:
      return &autoSyncLog_[1];
    case Pipe::MTE3:
      return &autoSyncLog_[2];
    default:
      return nullptr;
    }
  }
  void autoSyncBefore(Mem m, uint64_t start, uint64_t end, bool write,
                      const char *api, Loc loc);
  void issueBarrier(Pipe p, uint64_t seq, Loc loc, const char *name);
  // Inlined into setFlag / waitFlag and runSync (a flag is 6 of a
  // tile's 10 instructions: one call and its register saves less).
  /// `api`: the queue operation issuing it (FlagTable::issueSet).
  [[gnu::always_inline]] void issueSetFlag(const EventInfo &info, uint8_t event,
                                           uint8_t id, uint64_t seq, Loc loc,
                                           const char *api = nullptr);
  [[gnu::always_inline]] void issueWaitFlag(const EventInfo &info,
                                            uint8_t event, uint8_t id,
                                            uint64_t seq, Loc loc);
  /// issueWaitFlag's wait on the scalar unit (a stall until the flag is
  /// set).
  [[gnu::noinline]] void scalarWaitFlag(uint8_t event, uint8_t id, uint64_t seq,
                                        Loc loc);
  void drainAll(Loc loc, const char *what);
  /// Issues the flags of a framework call `api` (one scalar cycle each).
  void runSync(const std::vector<SyncOp> &ops, uint64_t seq, Loc loc,
               const char *api = nullptr);
  /// The (cleared) list a framework call fills; kept to avoid an allocation
  /// per call.
  std::vector<SyncOp> &syncOps() {
    syncOps_.clear();
    return syncOps_;
  }

  int64_t blockIdx_;
  int64_t blockNum_;
  CoreMemory mem_;
  FlagTable flags_;
  Engine engine_;
  Framework fw_;
  std::unique_ptr<RaceDetector> race_;
  std::unique_ptr<TraceSink> trace_;
  std::set<std::pair<const char *, uint32_t>> initReported_;
  // (file, line, field) of the ignored-field warnings already issued.
  std::set<std::tuple<const char *, uint32_t, const char *>> ignoredWarned_;
  std::set<std::pair<const char *, uint32_t>> padWidthReported_;
  uint64_t gmRead_ = 0, gmWrite_ = 0, gmTransfers_ = 0;
  /// GM ranges marked CACHE_MODE_DISABLE (host addresses) and the DMA reads
  /// of them.
  std::vector<std::pair<uint64_t, uint64_t>> bypass_;
  uint64_t bypassRead_ = 0, bypassTransfers_ = 0, gmReadTransfers_ = 0;
  /// Hulls of the cached GM bytes DMA read (host addresses), for the
  /// L2 model's first-touch misses (docs/timing.md).
  std::vector<std::pair<uint64_t, uint64_t>> reads_;
  size_t lastRead_ = 0;
  /// Counts one DMA transfer of `bytes` GM bytes within host addresses
  /// [lo, hi).
  void countGm(uint64_t lo, uint64_t hi, uint64_t bytes, bool write);
  /// timing()'s counters and cycles (all but the range lists).
  void timingCounts(CoreTiming &t) const;
  void noteRead(uint64_t lo, uint64_t hi);
  /// noteRead of a range no kept range touches (appended, or merged).
  [[gnu::noinline]] void noteNewRead(uint64_t lo, uint64_t hi);
  // Inter-block sync (device/BlockSync.cpp): the core's happens-before
  // clock, the clocks of its epochs, its software sync_all rounds.
  /// The current epoch (an index into epochClocks_; 0 before any sync):
  /// the GM accesses of the instructions issued now are tagged with it.
  uint32_t gmEpoch_ = 0;
  /// Per pipe, the epochs the cross-core sets not yet fired were issued in
  /// (race check on).
  std::array<Fifo<uint32_t>, kNumPipes> crossSetEpochs_;
  std::vector<uint32_t> hbClock_;
  std::vector<std::vector<uint32_t>> epochClocks_;
  uint32_t syncAllRounds_ = 0;
  uint32_t aivCores_ = 0; // LaunchConfig::aiv_cores
  /// Checks a software sync call's core, workspaces and sizes, drains the
  /// pipes; returns the GM flag area's host pointer of `gmBytes` bytes.
  int32_t *gmSyncEnter(const char *api, bool aivOnly, const Operand &gm,
                       uint64_t gmBytes, const std::string &gmWhy,
                       const Operand &ub, uint64_t ubBytes, Loc loc);
  /// The core's next epoch starts (after a release or an acquire).
  void nextEpoch();
  /// The clock exists (all zero, epoch 0 recorded) once the core syncs.
  void ensureHbClock();
  /// The clock a release by the scalar or by a pipe knowing `knows`
  /// carries: hbClock_ with its own components (one per pipe) the number of
  /// epochs (at most `upTo`) whose GM accesses in that pipe `knows` covers
  /// (null: all of them, the pipes are drained).
  std::vector<uint32_t> releaseClock(const VectorClock *knows, uint32_t upTo);
  /// An acquire of `clock` (a completed cross-core wait, a Matmul message):
  /// joins it, then the next epoch.
  void acquireClock(const std::vector<uint32_t> &clock);
  /// Stores `value` into the GM flag `word` as a release (time and clock
  /// stamp), then the next epoch.
  void release(int32_t *word, int32_t value);
  /// A GM-flag wait was satisfied by a set of cycle `cycle` whose setters
  /// knew `clock`: time and clocks, then the next epoch.
  void acquired(uint64_t cycle, const std::vector<uint32_t> &clock);
  uint64_t scalar_ = 0; // the scalar unit's cycle
  /// Cycles the scalar spent accessing, and issuing other than an API
  /// call's kScalarIssue: each call (seq_) adds those when timing() reads
  /// the figure (one add less per call).
  uint64_t scalarBusy_ = 0;
  uint64_t seq_ = 0; // API calls so far (program order)
  Loc lastLoc_{nullptr, 0};
  Loc loopLoc_{nullptr, 0};
  LaunchControl *control_;
  uint64_t steps_ = 0;          // API calls and loop iterations at the last
                                // checkpoint (nextCheck_ - stepsLeft_ now)
  uint64_t nextCheck_;          // steps_ at which step() calls checkpoint()
  uint64_t stepsLeft_;          // steps until then (>= 1)
  uint64_t budget_;             // LaunchConfig::step_budget (0: none)
  bool atomicsOrdered_ = false; // the lower blocks have finished
  std::vector<Diagnostic> diags_;
  std::vector<SyncOp> syncOps_;
  bool autoSync_ = false;
  std::array<AutoSyncLog, 3> autoSyncLog_; // autoSyncLogOf
  // printf / DumpTensor output (device/Debug.cpp).
  std::string output_;
  bool outputAtLineStart_ = true;
  bool outputFull_ = false;
  bool dumpHeadWritten_ = false;
  // The open metrics_prof region: where and when it started, the busy
  // cycles of each pipe then.
  Loc profLoc_{nullptr, 0};
  uint64_t profStart_ = 0;
  std::array<uint64_t, kNumPipes> profBusy_{};
  CoreRole role_;
  uint32_t controlIdx_ = 0; // role_.task (blockIdx_ before setRole)
  /// The last Mmad's L0C bytes, for the PIPE_M barrier rule of accumulation
  /// (hardware.md §3.3); cleared by pipe_barrier(PIPE_M) / PIPE_ALL.
  struct LastMmad {
    bool valid = false;
    uint64_t start = 0, end = 0;
    Loc loc{nullptr, 0};
  } lastMmad_;
  /// UnitFlag (sim/CUBE.md): one bit per 512-B L0C block, in program
  /// order, with the instruction that toggled it last (its seq, API and
  /// line). Sized (256 blocks) by the first unit flag.
  struct UnitBit {
    bool set = false;
    uint64_t seq = 0; // 0: never toggled
    const char *api = "";
    Loc loc{nullptr, 0};
  };
  std::vector<UnitBit> unitBits_;
  /// Checks and applies a unit flag `mode` (2 or 3) of a Mmad (`mmad`) or
  /// Fixpipe on the L0C runs `runs` at L0C byte `base`: fills ci.unit.
  void applyUnitFlag(cube::CubeInstr &ci, uint8_t mode, bool mmad,
                     uint64_t base, const std::vector<cube::ByteRun> &runs,
                     uint64_t seq, const char *api, Loc loc);
  /// The Fixpipe scalar quant register (SetFixpipePreQuantFlag).
  uint64_t preQuant_ = 0;
  /// The 3-D load registers: repeat (SetLoadDataRepeat) and padding value.
  uint32_t repeatTime_ = 1, repeatStride_ = 0, repeatMode_ = 0;
  uint64_t padValue_ = 0;
  /// The type SetLoadDataPaddingValue gave the padding value (padTyped_
  /// false: set by a 3-D load, of its own type).
  bool padTyped_ = false;
  DType padType_ = DType::F16;
  /// The feature-map register (SetFmatrix, or a LoadData3DParamsV2 load
  /// with the default config) and the load boundary (SetLoadDataBoundary).
  struct Fmatrix {
    bool valid = false;
    uint32_t l1H = 0, l1W = 0;
    uint8_t pad[4] = {0, 0, 0, 0};
  } fmatrix_;
  uint32_t boundary_ = 0;
  /// The sparse-index store of L0B (128 bytes per 512-B fractal, allocated
  /// by the first sparse load) and which fractals LoadDataWithSparse wrote
  /// last (device/CubeAbi.cpp).
  std::vector<uint8_t> sparseIdx_, sparseLoaded_;
  uint8_t *sparseIndexStore(uint64_t l0bOffset);
  VecRegs vecRegs_; // mask register/mode, atomic store config, pad value
  /// What a cached plan is a function of besides its key: the Unified
  /// Buffer (a plan holds host pointers into it and was bounds-checked
  /// against its size), the core type (a cube core has no UB), the DMA
  /// rates of the L2 model (a copy's cost) and the race check's mode (a
  /// vector plan's footprint and Work::direct).
  struct PlanContext {
    const uint8_t *ub = nullptr;
    uint64_t ubBytes = 0;
    bool aic = false;
    uint64_t readRate = 0, writeRate = 0;
    int race = -1; // -1: no detector, else its Severity
    bool operator==(const PlanContext &o) const {
      return ub == o.ub && ubBytes == o.ubBytes && aic == o.aic &&
             readRate == o.readRate && writeRate == o.writeRate &&
             race == o.race;
    }
  };
  /// The planned call sites, kept from one core to the next on a thread
  /// (one per thread; a nested core has its own): a launch's loop repeats
  /// the previous launch's calls, and a plan made by an earlier core under
  /// the same PlanContext is the plan this core would make. What a plan's
  /// first call also did to its core is redone by each core's first use
  /// of it: the UB chunks marked dirty (the buffer is reset after each
  /// core) and the init tracking (CachedCopy::coreReady,
  /// CachedVecPlan::initTracked, cleared by bindPlans()).
  struct PlanStore {
    bool inUse = false;
    bool bound = false; // ctx holds a context
    PlanContext ctx;
    VecPlan vecPlan; // the vector instruction being planned
    std::array<CachedVecPlan, kVecPlanCache> vecCache;
    std::array<CachedCopy, kCopyPlanCache> copyCache;
    uint32_t copyNext = 0; // the slot the next cached copy replaces
    uint32_t vecNext = 0;  // the slot the next cached plan replaces
  };
  static PlanStore &threadPlans();
  /// Checks the store's context against this core's: keeps the plans and
  /// clears their per-core state when it matches, drops them when not
  /// (after the core is built and again when setRole changes its type).
  void bindPlans();
  /// A cached vector plan's first use on this core: the UB chunks its
  /// operands' views cover marked dirty, as planVec's resolve did.
  void markPlanDirty(const CachedVecPlan &e);
  PlanStore *plans_ = nullptr;
  std::unique_ptr<PlanStore> ownPlans_; // a nested core's
  SysRegs sys_; // core type, control bits, pointers, UB watch, AIPP
  /// sys_.anyWatch from the watch channels and an open adv scratch (which
  /// watches every UB access as a channel does).
  void refreshAnyWatch();
  /// A UB access [start, end) while an adv scratch is open.
  void noteAdvScratch(uint64_t start, uint64_t end);
  /// The static UB tensors made so far (checkLocalTensor), one per line and
  /// range, for the adv scratch check.
  struct StaticUbTensor {
    uint32_t addr, end;
    Loc loc;
  };
  std::vector<StaticUbTensor> staticUb_;
  struct AdvScratch {
    const char *api = nullptr; // null: none open
    Loc loc{nullptr, 0};
    uint64_t base = 0, hi = 0; // touched: [base, hi) (hi == base: none)
    static constexpr int kMaxOperands = 6;
    uint32_t ops[kMaxOperands][2] = {};
    int numOps = 0;
  };
  AdvScratch advScratch_;
  /// (call line, staticUb_ index) pairs warned about: once each, not per
  /// iteration of a loop.
  std::vector<std::pair<Loc, size_t>> advWarned_;
  uint64_t gatherMaskRemain_ = 0;                // GetGatherMaskRemainCount
  friend class LayoutIssuer;                     // device/LayoutAbi.cpp
  std::shared_ptr<const SortInstr> lastMrgSort_; // GetMrgSortResult
  friend class SortIssuer;                       // device/SortAbi.cpp
};

/// Binds `core` to the calling thread while alive.
class CoreScope {
public:
  explicit CoreScope(Core &core);
  ~CoreScope();
  CoreScope(const CoreScope &) = delete;
  CoreScope &operator=(const CoreScope &) = delete;

private:
  Core *previous_;
};

namespace detail {
/// The core bound to the calling thread (CoreScope). `__thread`: read
/// inline by every API call, with no TLS wrapper call (the files that read
/// it use TLS descriptors, sim/lib/CMakeLists.txt).
extern __thread Core *tlsCore;
[[noreturn, gnu::cold]] void noCurrentCore();
} // namespace detail
/// The core bound to the calling thread; throws std::logic_error if the
/// kernel runs outside a launch.
inline Core &currentCore() {
  Core *c = detail::tlsCore;
  if (__builtin_expect(!c, 0))
    detail::noCurrentCore();
  return *c;
}

} // namespace ascsim

#endif // ASCSIM_DEVICE_CORE_H

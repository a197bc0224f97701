//===- device/SysControl.cpp - System control on a core ---------*- C++ -*-===//
//
// Implements ascsim/sys_abi.h: scalar bit helpers and ScalarCast (one scalar
// instruction each), the store-atomic configuration (the same state as
// SetAtomicAdd/Max/Min/None, device/VectorAbi.cpp), Mmad control bits,
// workspace / HCCL pointers, cache maintenance (timing only: the simulator
// has no data or instruction cache), system variables, Trap, the faults of
// checked integer division, of a negative shift count and of a range step
// of 0, the UB access watch of CheckLocalMemoryIA and the AIPP record.
//
//===----------------------------------------------------------------------===//

#include "ascsim/sys_abi.h"

#include "device/Core.h"
#include "ops/ScalarOps.h"
#include "support/Fault.h"

#include <cstdio>
#include <string>

namespace ascsim {

/// The message of a pyasc::div/rem fault (SysCtl::IntegerDivision).
static std::string integerFaultMessage(uint64_t a, uint64_t dividendBits) {
  auto fault = static_cast<IntegerFault>(a & 0xff);
  unsigned bits = static_cast<unsigned>((a >> 8) & 0xff);
  bool isSigned = (a >> 16) & 1;
  std::string type = (isSigned ? "int" : "uint") + std::to_string(bits);
  switch (fault) {
  case IntegerFault::DivideByZero:
  case IntegerFault::RemainderByZero: {
    // Sign-extend the dividend from its width for the message.
    uint64_t mask = bits >= 64 ? ~uint64_t(0) : (uint64_t(1) << bits) - 1;
    uint64_t value = dividendBits & mask;
    std::string dividend =
        isSigned && bits < 64 && (value >> (bits - 1)) & 1
            ? std::to_string(static_cast<int64_t>(value | ~mask))
        : isSigned ? std::to_string(static_cast<int64_t>(value))
                   : std::to_string(value);
    bool remainder = fault == IntegerFault::RemainderByZero;
    return std::string("integer ") + (remainder ? "modulo" : "division") +
           " by zero: " + dividend + (remainder ? " % 0" : " / 0") + " (" +
           type + "); on the NPU the result is undefined: check the divisor";
  }
  case IntegerFault::DivideOverflow:
  case IntegerFault::RemainderOverflow: {
    std::string min = "-" + std::to_string(uint64_t(1) << (bits - 1));
    bool remainder = fault == IntegerFault::RemainderOverflow;
    return "integer " + std::string(remainder ? "modulo" : "division") +
           " overflows: " + min + (remainder ? " % -1" : " / -1") +
           " does not fit in " + type + "; on the NPU the result is undefined";
  }
  }
  return "integer division fault";
}

/// The message of a pyasc::shl/shr by a negative count (SysCtl::NegativeShift).
static std::string negativeShiftMessage(uint64_t a, uint64_t count) {
  unsigned bits = static_cast<unsigned>(a & 0xff);
  bool isSigned = (a >> 8) & 1;
  bool left = (a >> 9) & 1;
  std::string type = (isSigned ? "int" : "uint") + std::to_string(bits);
  return "negative shift count " + std::to_string(static_cast<int64_t>(count)) +
         " in '" + (left ? "<<" : ">>") + "' on " + type +
         ": a shift count must be 0 or more, as in Python (ValueError); on "
         "the NPU a negative count shifts every bit out";
}

namespace abi {
uint64_t scalarOp(ScalarOp op, uint64_t value, uint64_t arg, Loc loc) {
  return currentCore().scalarOp(op, value, arg, loc);
}
void sysControl(SysCtl what, uint64_t a, uint64_t b, Loc loc) {
  currentCore().sysControl(what, a, b, loc);
}
int64_t sysQuery(SysQuery what, uint64_t a, Loc loc) {
  return currentCore().sysQuery(what, a, loc);
}
int32_t coreType() { return currentCore().coreType(); }
void checkLocalMemoryIA(const MemoryWatch &watch, Loc loc) {
  currentCore().checkLocalMemoryIA(watch, loc);
}
void setAipp(const AippConfig &config, Loc loc) {
  currentCore().setAipp(config, loc);
}
} // namespace abi

namespace {

// Costs in core cycles beyond the scalar issue cycle (assumed: hardware.md
// gives no figures). A DCCI of one 64-B line writes it back at the GM rate
// (~44 B/cycle) plus a scalar-load latency; the entire 32-KiB DCache is 512
// lines. An ICache preload fetches 2-KiB units at the GM rate, in the
// background.
constexpr uint64_t kDcciLine = 8;
constexpr uint64_t kDcciEntire = 512 * 2 + 6;
constexpr uint64_t kICacheUnitCycles = 2048 / 44 + 1;
// AIV ICache is 16 KiB: preFetchLen < 16 KiB / 2 KiB (ascendc_api.md §5.15).
constexpr int64_t kICacheUnits = 8;
// The system counter GetSystemCycle reads (hardware.md §7).
constexpr double kSystemCounterMhz = 50.0;
// GetArchVersion on 2201 (assumed encoding of __NPU_ARCH__ as hex digits).
constexpr int64_t kArchVersion = 0x2201;
// GetProgramCounter: a synthetic code address advancing per API call.
constexpr int64_t kCodeBase = 0x100000;

std::string hex(uint64_t v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
  return buf;
}

std::string ubRange(uint64_t start, uint64_t end) {
  return "UB[" + hex(start) + ", " + hex(end) + ")";
}

} // namespace

//===----------------------------------------------------------------------===//
// Scalar helpers
//===----------------------------------------------------------------------===//

uint64_t Core::scalarOp(ScalarOp op, uint64_t value, uint64_t arg, Loc loc) {
  beginCall(loc);
  switch (op) {
  case ScalarOp::Cast: {
    DType dst = static_cast<DType>(arg & 0xFF);
    uint8_t mode = static_cast<uint8_t>(arg >> 8);
    const char *modes = "";
    if (dst != DType::F16 && dst != DType::I32)
      fail("dtype",
           std::string("scalar_cast: float32 -> ") + dtypeName(dst) +
               " is not supported; the target must be float16 or int32",
           loc);
    if (!scalar::castSupported(dst, mode, modes))
      fail("argument",
           std::string("scalar_cast: float32 -> ") + dtypeName(dst) +
               " supports round modes " + modes + ", not RoundMode value " +
               std::to_string(mode),
           loc);
    return scalar::castFloat(static_cast<uint32_t>(value), dst, mode);
  }
  case ScalarOp::SffValue:
    return static_cast<uint64_t>(scalar::sffValue(value, arg ? 1 : 0));
  case ScalarOp::CountOfValue:
    return static_cast<uint64_t>(scalar::countOfValue(value, arg ? 1 : 0));
  case ScalarOp::CountLeadingZero:
    return static_cast<uint64_t>(scalar::countLeadingZero(value));
  case ScalarOp::CountSignBits:
    return static_cast<uint64_t>(
        scalar::countSignBits(static_cast<int64_t>(value)));
  }
  fail("internal", "unknown scalar helper", loc);
}

//===----------------------------------------------------------------------===//
// Control
//===----------------------------------------------------------------------===//

void Core::sysControl(SysCtl what, uint64_t a, uint64_t b, Loc loc) {
  beginCall(loc);
  switch (what) {
  case SysCtl::HF32Mode:
    sys_.hf32Mode = a != 0;
    return;
  case SysCtl::HF32TransMode:
    sys_.hf32TransMode = a != 0;
    return;
  case SysCtl::MMLayoutTransform:
    sys_.mmLayoutTransform = a != 0;
    return;
  case SysCtl::StoreAtomicConfig: {
    static const DType kTypes[] = {DType::F32, DType::F32, DType::F16,
                                   DType::I16, DType::I32, DType::I8,
                                   DType::BF16};
    if (a > 6)
      fail("argument",
           "set_store_atomic_config: atomic_type must be an AtomicDtype "
           "(0-6), but got " +
               std::to_string(a),
           loc);
    if (b != 0)
      fail("argument",
           "set_store_atomic_config: atomic_op must be AtomicOp.ATOMIC_SUM "
           "(0), the only store-atomic operation of Ascend 910B/910C, but "
           "got " +
               std::to_string(b),
           loc);
    if (a == 0) {
      vecRegs_.atomic = AtomicKind::None;
    } else {
      vecRegs_.atomic = AtomicKind::Add;
      vecRegs_.atomicType = kTypes[a];
    }
    return;
  }
  case SysCtl::SetSysWorkspace:
    sys_.sysWorkspace = a;
    return;
  case SysCtl::SetHcclContext:
    // Indices other than 0 and 1 are ignored (ascendc_api.md §2.9).
    if (a < 2)
      sys_.hcclContext[a] = b;
    return;
  case SysCtl::DataCachePreload:
    if (a == 0)
      fail("argument",
           "data_cache_preload: the source GlobalTensor has no "
           "buffer (SetGlobalBuffer was not called)",
           loc);
    return; // a hint: the prefetch runs in the background
  case SysCtl::DataCacheCleanInvalid: {
    uint64_t entire = b & 0xFF, dcci = (b >> 8) & 0xFF;
    bool hasDcci = (b >> 16) & 1;
    if (entire > 1)
      fail("argument",
           "data_cache_clean_and_invalid: entire_type must be a CacheLine "
           "(0-1), but got " +
               std::to_string(entire),
           loc);
    if (hasDcci && dcci > 3)
      fail("argument",
           "data_cache_clean_and_invalid: dcci_dst must be a DcciDst (0-3), "
           "but got " +
               std::to_string(dcci),
           loc);
    if (hasDcci && dcci == 3)
      fail("argument",
           "data_cache_clean_and_invalid: DcciDst.CACHELINE_ATOMIC is not "
           "supported on Ascend 910B/910C (A2/A3)",
           loc);
    if (entire == 0 && a == 0)
      fail("argument",
           "data_cache_clean_and_invalid: SINGLE_CACHE_LINE needs a "
           "GlobalTensor with a buffer (SetGlobalBuffer was not called)",
           loc);
    uint64_t cost = entire ? kDcciEntire : kDcciLine;
    scalar_ += cost;
    scalarBusy_ += cost;
    return;
  }
  case SysCtl::ICachePreload: {
    int64_t len = static_cast<int64_t>(a);
    if (len < 0 || len >= kICacheUnits)
      fail("argument",
           "icache_preload: pre_fetch_len is in 2-KiB units and must be in "
           "[0, " +
               std::to_string(kICacheUnits) +
               ") on a vector core (16-KiB ICache), but got " +
               std::to_string(len),
           loc);
    uint64_t ready = scalar_ + static_cast<uint64_t>(len) * kICacheUnitCycles;
    if (ready > sys_.icacheReady)
      sys_.icacheReady = ready;
    return;
  }
  case SysCtl::Trap:
    fail("trap",
         "trap(): the kernel stopped the AI Core (AscendC::Trap); on the NPU "
         "the task fails with an exception",
         loc);
  case SysCtl::IntegerDivision:
    fail("arithmetic", integerFaultMessage(a, b), loc);
  case SysCtl::NegativeShift:
    fail("arithmetic", negativeShiftMessage(a, b), loc);
  case SysCtl::RangeStepZero:
    fail("argument",
         "range() arg 3 must not be zero: the loop's step is 0 at run time; "
         "use a positive step to count up or a negative one to count down "
         "(on the NPU the loop makes no iterations)",
         loc);
  }
}

//===----------------------------------------------------------------------===//
// Queries
//===----------------------------------------------------------------------===//

int64_t Core::sysQuery(SysQuery what, uint64_t a, Loc loc) {
  uint64_t seq = beginCall(loc);
  switch (what) {
  // The kernel type's launch mapping (hardware.md §1.3; device/Core.h
  // CoreRole): the AIV's index inside its AI Core, the AIVs per AI Core,
  // and GetTaskRation (2 on an AIV of a MIX_AIC_1_2 kernel).
  case SysQuery::SubBlockIdx:
    return role_.subBlockIdx;
  case SysQuery::SubBlockNum:
    return role_.subBlockNum;
  case SysQuery::TaskRatio:
    return role_.taskRatio;
  case SysQuery::ProgramCounter:
    return kCodeBase + 8 * static_cast<int64_t>(seq);
  case SysQuery::SystemCycle:
    return static_cast<int64_t>(static_cast<double>(scalar_) *
                                kSystemCounterMhz / sys_.clockMhz);
  case SysQuery::ArchVersion:
    return kArchVersion;
  case SysQuery::SysWorkspace:
    return static_cast<int64_t>(sys_.sysWorkspace);
  case SysQuery::HcclContext:
    return a < 2 ? static_cast<int64_t>(sys_.hcclContext[a]) : 0;
  case SysQuery::ICachePreloadStatus:
    // 1 while a preload is still fetching, 0 once it is complete.
    return scalar_ < sys_.icacheReady ? 1 : 0;
  case SysQuery::StoreAtomicType: {
    if (vecRegs_.atomic == AtomicKind::None)
      return 0;
    switch (vecRegs_.atomicType) {
    case DType::F32:
      return 1;
    case DType::F16:
      return 2;
    case DType::I16:
      return 3;
    case DType::I32:
      return 4;
    case DType::I8:
      return 5;
    case DType::BF16:
      return 6;
    default:
      return 0;
    }
  }
  case SysQuery::StoreAtomicOp:
    // ATOMIC_SUM = 0; max and min (SetAtomicMax/Min) read back as 1 and 2.
    return vecRegs_.atomic == AtomicKind::Max   ? 1
           : vecRegs_.atomic == AtomicKind::Min ? 2
                                                : 0;
  }
  fail("internal", "unknown system query", loc);
}

//===----------------------------------------------------------------------===//
// CheckLocalMemoryIA
//===----------------------------------------------------------------------===//

void Core::checkLocalMemoryIA(const MemoryWatch &w, Loc loc) {
  beginCall(loc);
  if (w.enableBit >= static_cast<uint32_t>(SysRegs::kWatchChannels))
    fail("argument",
         "check_local_memory_ia: enable_bit selects one of the " +
             std::to_string(SysRegs::kWatchChannels) +
             " watch channels (0-3), but got " + std::to_string(w.enableBit),
         loc);
  WatchChannel &ch = sys_.watch[w.enableBit];
  if (w.enable) {
    if (w.startAddr >= w.endAddr)
      fail("argument",
           "check_local_memory_ia: start_addr (" + std::to_string(w.startAddr) +
               ") must be below end_addr (" + std::to_string(w.endAddr) + ")",
           loc);
    if (w.endAddr > mem_.ubBytes())
      fail("argument",
           "check_local_memory_ia: end_addr " + std::to_string(w.endAddr) +
               " is beyond the Unified Buffer (" +
               std::to_string(mem_.ubBytes()) + " bytes)",
           loc);
  }
  ch.enabled = w.enable;
  ch.param = w;
  ch.loc = loc;
  refreshAnyWatch();
}

void Core::refreshAnyWatch() {
  sys_.anyWatch = advScratch_.api != nullptr;
  for (const WatchChannel &c : sys_.watch)
    sys_.anyWatch = sys_.anyWatch || c.enabled;
}

void Core::watchUb(Pipe pipe, uint64_t start, uint64_t end, bool write,
                   const char *api, Loc loc) {
  if (advScratch_.api)
    noteAdvScratch(start, end);
  for (int i = 0; i < SysRegs::kWatchChannels; ++i) {
    const WatchChannel &ch = sys_.watch[i];
    if (!ch.enabled)
      continue;
    const MemoryWatch &w = ch.param;
    const char *kind;
    bool on;
    if (pipe == Pipe::S) {
      kind = "scalar";
      on = write ? w.scalarWrite : w.scalarRead;
    } else if (pipe == Pipe::V) {
      kind = "vector";
      on = write ? w.vectorWrite : w.vectorRead;
    } else {
      kind = "MTE";
      on = write ? w.mteWrite : w.mteRead;
    }
    if (!on || end <= w.startAddr || start >= w.endAddr)
      continue;
    uint64_t lo = start > w.startAddr ? start : w.startAddr;
    uint64_t hi = end < w.endAddr ? end : w.endAddr;
    fail("access_check",
         std::string(kind) + (write ? " write" : " read") + " of " +
             ubRange(start, end) + " by " + api + " touches " +
             ubRange(lo, hi) + ", watched by check_local_memory_ia channel " +
             std::to_string(i) + " (" + ubRange(w.startAddr, w.endAddr) + ")",
         loc,
         {makeNote("check_local_memory_ia channel " + std::to_string(i) +
                       " was enabled here",
                   ch.loc)});
  }
}

//===----------------------------------------------------------------------===//
// AIPP
//===----------------------------------------------------------------------===//

void Core::setAipp(const AippConfig &c, Loc loc) {
  beginCall(loc);
  if (c.inputFormat != 0 && c.inputFormat != 1 && c.inputFormat != 4 &&
      c.inputFormat != 9)
    fail("argument",
         "set_aipp_functions: input_format must be an AippInputFormat "
         "(YUV420SP_U8, XRGB8888_U8, RGB888_U8, YUV400_U8), but got " +
             std::to_string(c.inputFormat),
         loc);
  if (c.paramType != DType::U8 && c.paramType != DType::I8 &&
      c.paramType != DType::F16)
    fail("dtype",
         std::string("set_aipp_functions: AippParams supports uint8, int8 "
                     "and float16 outputs, not ") +
             dtypeName(c.paramType),
         loc);
  if (c.src0 == 0)
    fail("argument",
         "set_aipp_functions: src0 has no buffer (SetGlobalBuffer was not "
         "called)",
         loc);
  sys_.aipp = c;
  sys_.aippSet = true;
}

//===----------------------------------------------------------------------===//
// asc.adv scratch without a temp buffer vs static UB tensors
//===----------------------------------------------------------------------===//

BufferView Core::advScratchBegin(const char *api, const uint32_t *ranges, int n,
                                 Loc loc) {
  BufferView v = stackBuffer(api, loc);
  if (staticUb_.empty()) // nothing to overlap: no watch, no slow paths
    return v;
  AdvScratch &s = advScratch_;
  s.api = api;
  s.loc = loc;
  s.base = v.addr;
  s.hi = v.addr;
  s.numOps = 0;
  for (int i = 0; i < n && i < AdvScratch::kMaxOperands; ++i) {
    s.ops[i][0] = ranges[2 * i];
    s.ops[i][1] = ranges[2 * i] + ranges[2 * i + 1];
    ++s.numOps;
  }
  refreshAnyWatch();
  return v;
}

void Core::noteAdvScratch(uint64_t start, uint64_t end) {
  AdvScratch &s = advScratch_;
  if (end <= s.base || end <= s.hi)
    return;
  // An access within one of the call's own operands is not scratch (a
  // static operand may lie above the TPipe's buffers).
  for (int i = 0; i < s.numOps; ++i)
    if (start >= s.ops[i][0] && end <= s.ops[i][1])
      return;
  s.hi = end;
}

void Core::advScratchEnd() {
  AdvScratch s = advScratch_;
  if (!s.api)
    return;
  advScratch_.api = nullptr;
  refreshAnyWatch();
  if (s.hi <= s.base)
    return;
  const std::string scratch = s.api +
                              std::string(" without a temp_buffer "
                                          "used ") +
                              ubRange(s.base, s.hi) +
                              " above the TPipe's buffers as its scratch";
  for (size_t ti = 0; ti < staticUb_.size(); ++ti) {
    const StaticUbTensor &t = staticUb_[ti];
    if (t.end <= s.base || t.addr >= s.hi)
      continue;
    bool operand = false;
    for (int i = 0; i < s.numOps; ++i)
      operand = operand || (t.addr < s.ops[i][1] && s.ops[i][0] < t.end);
    const std::string tensor = "the static LocalTensor at " +
                               ubRange(t.addr, t.end) + " (created at " +
                               formatLoc(t.loc) + ")";
    if (operand)
      fail("scratch",
           scratch + ", which overlaps " + tensor +
               ", an operand of the call: the scratch overwrites it while the "
               "call computes. Pass temp_buffer (a LocalTensor of its own), "
               "or place the tensor outside " +
               ubRange(s.base, s.hi),
           s.loc, {makeNote("the overlapping LocalTensor", t.loc)});
    bool warned = false;
    for (const auto &[at, index] : advWarned_)
      warned = warned ||
               (index == ti && at.line == s.loc.line && at.file == s.loc.file);
    if (warned)
      continue;
    advWarned_.emplace_back(s.loc, ti);
    Diagnostic d = makeDiagnostic(
        "scratch",
        scratch + ", which overlaps " + tensor +
            ": its values in the overlap are overwritten, wrong if it is read "
            "later. Pass temp_buffer (a LocalTensor of its own), or place the "
            "tensor outside " +
            ubRange(s.base, s.hi),
        s.loc);
    d.severity = Severity::Warning;
    record(std::move(d));
  }
}

} // namespace ascsim

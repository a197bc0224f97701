//===- device/Debug.cpp - printf and DumpTensor -----------------*- C++ -*-===//
//
// AscendC::printf and AscendC::DumpTensor (ascsim/debug.h). Both are scalar
// (PIPE_S) instructions executed in program order. The text goes to the
// core's output buffer (1 MiB, like the NPU's per-core printf buffer), every
// line prefixed with "[block N] "; the launcher returns each block's text in
// LaunchResult::output, in block order, so the output does not depend on the
// number of host threads. Formatting uses the "C" locale.
//
//===----------------------------------------------------------------------===//

#include "ascsim/debug.h"

#include "device/Core.h"
#include "device/CrossCore.h"
#include "support/Fault.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <locale.h>
#include <string>
#include <vector>

namespace ascsim {

namespace {

/// Bytes of output one core may produce (the NPU's default printf buffer).
constexpr size_t kOutputLimit = 1u << 20;
/// Values per line of a DumpTensor record.
constexpr uint32_t kDumpPerLine = 8;

/// Switches the calling thread to the "C" locale while alive (snprintf and
/// strtod must not depend on the host process's LC_NUMERIC).
class CLocale {
public:
  CLocale() {
    static locale_t c = newlocale(LC_ALL_MASK, "C", static_cast<locale_t>(0));
    previous_ = c ? uselocale(c) : static_cast<locale_t>(0);
  }
  ~CLocale() {
    if (previous_)
      uselocale(previous_);
  }

private:
  locale_t previous_;
};

std::string hex(uint64_t v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
  return buf;
}

bool isFloat(DType t) {
  return t == DType::F16 || t == DType::BF16 || t == DType::F32 ||
         t == DType::F64;
}

/// The value of a number argument as a double.
double floatValue(const PrintArg &a) {
  switch (a.type) {
  case DType::F16:
    return static_cast<float>(Half::fromBits(static_cast<uint16_t>(a.bits)));
  case DType::BF16:
    return static_cast<float>(
        BFloat16::fromBits(static_cast<uint16_t>(a.bits)));
  default: {
    double d;
    std::memcpy(&d, &a.bits, sizeof d);
    return d;
  }
  }
}

/// An integer argument's bits at its own width, sign- or zero-extended as
/// the conversion wants (C reads %d/%u as int/unsigned of that width).
uint64_t intValue(const PrintArg &a, bool asSigned) {
  uint32_t bits = dtypeSize(a.type) * 8;
  if (bits >= 64)
    return a.bits;
  uint64_t v = a.bits & ((1ull << bits) - 1);
  if (asSigned && (v >> (bits - 1)) & 1)
    v |= ~0ull << bits;
  return v;
}

std::string argName(const PrintArg &a) {
  switch (a.kind) {
  case PrintArg::String:
    return "a string";
  case PrintArg::Pointer:
    return "a pointer";
  default:
    return dtypeName(a.type);
  }
}

template <class T>
void appendFormatted(std::string &out, const char *spec, T v) {
  char buf[128];
  int n = std::snprintf(buf, sizeof buf, spec, v);
  if (n < 0)
    return;
  if (static_cast<size_t>(n) < sizeof buf) {
    out.append(buf, static_cast<size_t>(n));
    return;
  }
  std::string big(static_cast<size_t>(n) + 1, '\0');
  std::snprintf(&big[0], big.size(), spec, v);
  out.append(big.data(), static_cast<size_t>(n));
}

/// C printf formatting of `fmt` with typed arguments; a malformed or
/// unsupported conversion, or an argument that does not fit it, is an
/// "argument" error at `loc`.
std::string formatPrintf(const char *fmt, const PrintArg *args, uint32_t nargs,
                         Loc loc) {
  if (!fmt)
    fail("argument", "printf: the format string is null", loc);
  CLocale cLocale;
  std::string out;
  uint32_t next = 0;
  for (const char *p = fmt; *p;) {
    if (*p != '%') {
      const char *q = p;
      while (*q && *q != '%')
        ++q;
      out.append(p, static_cast<size_t>(q - p));
      p = q;
      continue;
    }
    const char *start = p++;
    if (*p == '%') {
      out += '%';
      ++p;
      continue;
    }
    std::string spec = "%";
    while (*p && std::strchr("-+ #0", *p))
      spec += *p++;
    while (*p >= '0' && *p <= '9')
      spec += *p++;
    bool star = *p == '*';
    if (*p == '.') {
      spec += *p++;
      star = star || *p == '*';
      while (*p >= '0' && *p <= '9')
        spec += *p++;
    }
    // Length modifiers: the argument's own type decides.
    while (*p && std::strchr("hljztL", *p))
      ++p;
    char conv = *p;
    std::string whole(start, static_cast<size_t>((conv ? p + 1 : p) - start));
    if (!conv)
      fail("argument",
           "printf: the format \"" + std::string(fmt) +
               "\" ends in an incomplete conversion '" + whole + "'",
           loc);
    ++p;
    if (star || conv == 'n' || !std::strchr("diouxXcfFeEgGaAsp", conv))
      fail("argument",
           "printf: the conversion '" + whole +
               "' is not supported; use %d %i %u %o %x %X %c %f %e %g %s %p "
               "or %% (with flags, width and precision)",
           loc);
    if (next >= nargs)
      fail("argument",
           "printf: the format \"" + std::string(fmt) +
               "\" has more conversions than the " + std::to_string(nargs) +
               " argument(s) given",
           loc);
    const PrintArg &a = args[next++];
    auto mismatch = [&](const char *wants) {
      fail("argument",
           "printf: '" + whole + "' needs " + wants + ", but argument " +
               std::to_string(next) + " is " + argName(a),
           loc);
    };
    switch (conv) {
    case 'd':
    case 'i':
    case 'u':
    case 'o':
    case 'x':
    case 'X':
    case 'c': {
      if (a.kind != PrintArg::Number || isFloat(a.type))
        mismatch("an integer");
      bool isSigned = conv == 'd' || conv == 'i';
      uint64_t v = intValue(a, isSigned);
      if (conv == 'c') {
        appendFormatted(out, (spec + 'c').c_str(), static_cast<int>(v & 0xff));
      } else if (isSigned) {
        appendFormatted(out, (spec + "ll" + conv).c_str(),
                        static_cast<long long>(v));
      } else {
        appendFormatted(out, (spec + "ll" + conv).c_str(),
                        static_cast<unsigned long long>(v));
      }
      break;
    }
    case 's':
      if (a.kind != PrintArg::String)
        mismatch("a string");
      appendFormatted(out, (spec + 's').c_str(),
                      reinterpret_cast<const char *>(a.bits));
      break;
    case 'p':
      if (a.kind == PrintArg::Number)
        mismatch("a pointer");
      appendFormatted(out, (spec + 'p').c_str(),
                      reinterpret_cast<const void *>(a.bits));
      break;
    default: // f F e E g G a A
      if (a.kind != PrintArg::Number || !isFloat(a.type))
        mismatch("a floating-point value");
      appendFormatted(out, (spec + conv).c_str(), floatValue(a));
      break;
    }
  }
  if (next < nargs)
    fail("argument",
         "printf: " + std::to_string(nargs) +
             " argument(s) given, but the format \"" + std::string(fmt) +
             "\" uses only " + std::to_string(next),
         loc);
  return out;
}

/// The shortest %g spelling that reads back as the same value of `type`
/// ("nan", "inf", "-inf" for the special values).
std::string formatFloatElement(double v, DType type) {
  if (std::isnan(v))
    return "nan";
  if (std::isinf(v))
    return v < 0 ? "-inf" : "inf";
  int maxPrec = type == DType::F64 ? 17 : type == DType::F32 ? 9 : 5;
  char buf[48];
  for (int prec = 1; prec <= maxPrec; ++prec) {
    std::snprintf(buf, sizeof buf, "%.*g", prec, v);
    double back = std::strtod(buf, nullptr);
    bool same;
    switch (type) {
    case DType::F16:
      same = Half(back).bits() == Half(v).bits();
      break;
    case DType::BF16:
      same = BFloat16(back).bits() == BFloat16(v).bits();
      break;
    case DType::F32:
      same = static_cast<float>(back) == static_cast<float>(v);
      break;
    default:
      same = back == v;
      break;
    }
    if (same)
      break;
  }
  return buf;
}

/// One element of a dumped tensor.
std::string formatElement(const uint8_t *p, DType type) {
  auto load = [&](auto zero) {
    decltype(zero) v;
    std::memcpy(&v, p, sizeof v);
    return v;
  };
  switch (type) {
  case DType::Bool:
    return load(uint8_t()) ? "1" : "0";
  case DType::I8:
    return std::to_string(load(int8_t()));
  case DType::U8:
    return std::to_string(load(uint8_t()));
  case DType::I16:
    return std::to_string(load(int16_t()));
  case DType::U16:
    return std::to_string(load(uint16_t()));
  case DType::I32:
    return std::to_string(load(int32_t()));
  case DType::U32:
    return std::to_string(load(uint32_t()));
  case DType::I64:
    return std::to_string(load(int64_t()));
  case DType::U64:
    return std::to_string(load(uint64_t()));
  case DType::F16:
    return formatFloatElement(
        static_cast<float>(Half::fromBits(load(uint16_t()))), type);
  case DType::BF16:
    return formatFloatElement(
        static_cast<float>(BFloat16::fromBits(load(uint16_t()))), type);
  case DType::F32:
    return formatFloatElement(load(float()), type);
  case DType::F64:
    return formatFloatElement(load(double()), type);
  }
  return "?";
}

} // namespace

//===----------------------------------------------------------------------===//
// Core
//===----------------------------------------------------------------------===//

void Core::appendOutput(const std::string &text, Loc loc) {
  if (outputFull_ || text.empty())
    return;
  // In a launch with AICs and AIVs, the AIC of AI Core 1 and AIV 1 of AI
  // Core 0 both have block index 1: the AIC's lines say which core they are.
  bool aicBesideAivs = role_.aic && role_.xc && role_.xc->aivPerBlock() > 0;
  std::string prefix = "[block " + std::to_string(blockIdx_) +
                       (aicBesideAivs ? " AIC] " : "] ");
  std::string add;
  add.reserve(text.size() + prefix.size());
  bool atStart = outputAtLineStart_;
  for (char c : text) {
    if (atStart)
      add += prefix;
    add += c;
    atStart = c == '\n';
  }
  if (output_.size() + add.size() > kOutputLimit) {
    outputFull_ = true;
    if (!outputAtLineStart_)
      output_ += '\n';
    output_ += prefix +
               "[output truncated: the 1 MiB printf buffer of this core is "
               "full]\n";
    outputAtLineStart_ = true;
    Diagnostic d = makeDiagnostic(
        "capacity",
        "printf/dump_tensor output of block " + std::to_string(blockIdx_) +
            " exceeds the per-core buffer of " + std::to_string(kOutputLimit) +
            " bytes (1 MiB, as on the NPU); this and all later output of the "
            "block is dropped",
        loc);
    d.severity = Severity::Warning;
    record(std::move(d));
    return;
  }
  output_ += add;
  outputAtLineStart_ = atStart;
}

std::string Core::takeOutput() {
  if (!outputAtLineStart_) {
    output_ += '\n';
    outputAtLineStart_ = true;
  }
  return std::move(output_);
}

void Core::print(const char *fmt, const PrintArg *args, uint32_t nargs,
                 Loc loc) {
  uint64_t seq = beginCall(loc);
  std::string text = formatPrintf(fmt, args, nargs, loc);
  if (trace_)
    trace_->slices.push_back({Pipe::S, scalar_, scalar_ + timing::kScalarIssue,
                              "printf", loc, seq, 0});
  appendOutput(text, loc);
}

namespace {

std::string dimList(const uint32_t *dims, uint32_t rank) {
  std::string s = "[";
  for (uint32_t i = 0; i < rank; ++i)
    s += (i ? ", " : "") + std::to_string(dims[i]);
  return s + "]";
}

/// The header fields of a ShapeInfo: its shape, then the original shape
/// and the format where they say more than the shape does.
std::string shapeFields(const DumpShape &shape) {
  static const char *const kFormats[] = {"ND", "NZ", "NCHW", "NC1HWC0",
                                         "NHWC"};
  std::string s = ", shape=" + dimList(shape.dims, shape.rank);
  bool sameOriginal =
      shape.originalRank == shape.rank &&
      std::equal(shape.dims, shape.dims + shape.rank, shape.originalDims);
  if (!sameOriginal)
    s += ", original_shape=" +
         dimList(shape.originalDims, shape.originalRank);
  if (shape.dataFormat != 0)
    s += std::string(", data_format=") +
         (shape.dataFormat < 5 ? kFormats[shape.dataFormat] : "invalid");
  return s;
}

} // namespace

void Core::dumpTensor(const Operand &t, DType type, uint32_t desc,
                      uint32_t dumpSize, Loc loc, const char *api,
                      uint32_t countOff, const DumpShape *shape) {
  uint64_t seq = beginCall(loc);
  requireBuffer(t, api, "tensor", loc); // also when nothing is read
  const bool chk = countOff != 0 || std::string(api) != "dump_tensor";
  // A negative count reaches the uint32_t parameters as a huge one: name it
  // as the user wrote it rather than as an access of 4 Gi elements. The
  // compiler refuses a negative constant 'desc' / 'index' (printed as an
  // unsigned number); a negative run-time one is refused here alike.
  struct Count {
    const char *what;
    uint32_t value;
    const char *meaning;
  };
  for (const Count &c :
       {Count{"dump_size", dumpSize, "a count of elements"},
        Count{"count_off", countOff, "an element offset"},
        Count{chk ? "index" : "desc", desc,
              "a label (printed as an unsigned 32-bit number)"}})
    if (static_cast<int32_t>(c.value) < 0)
      fail("argument",
           std::string(api) + ": '" + c.what + "' is " +
               std::to_string(static_cast<int32_t>(c.value)) + " (" +
               std::to_string(c.value) +
               " as Ascend C's uint32_t); it must be " + c.meaning +
               ", 0 or more",
           loc);
  // A ShapeInfo lays the printed values out; it must hold them all.
  uint64_t shapeElements = 0;
  if (shape) {
    if (shape->rank == 0 || shape->rank > 8 || shape->originalRank > 8)
      fail("argument",
           std::string(api) + ": the ShapeInfo has " +
               std::to_string(shape->rank == 0 || shape->rank > 8
                                  ? shape->rank
                                  : shape->originalRank) +
               " dimensions; a ShapeInfo holds 1 to 8",
           loc);
    shapeElements = 1;
    for (uint32_t i = 0; i < shape->rank; ++i)
      shapeElements *= shape->dims[i];
    if (dumpSize > shapeElements)
      fail("argument",
           std::string(api) + ": 'dump_size' " + std::to_string(dumpSize) +
               " is more than the " + std::to_string(shapeElements) +
               " elements of its ShapeInfo's shape " +
               dimList(shape->dims, shape->rank) +
               ", which lays the values out; dump at most that many",
           loc);
  }
  uint32_t es = dtypeSize(type);
  uint64_t bytes = static_cast<uint64_t>(dumpSize) * es;
  uint64_t offBytes = static_cast<uint64_t>(countOff) * es;
  Mem m = memOfPosition(t.pos);
  const uint8_t *p = nullptr;
  // DumpAccChkPoint: the offset address keeps the memory's alignment.
  if (m != Mem::GM && offBytes % 32 != 0)
    fail("alignment",
         std::string(api) + ": 'count_off' " + std::to_string(countOff) +
             " puts the first element " + std::to_string(offBytes) +
             " bytes into the tensor; in " + memName(m) +
             " the offset must be a multiple of 32 bytes (" +
             std::to_string(32 / es) + " " + dtypeName(type) + " elements)",
         loc);
  if (bytes > 0) {
    if (m == Mem::GM && t.bytes > 0 && offBytes + bytes > t.bytes)
      fail("bounds",
           std::string(api) + " of " + std::to_string(dumpSize) +
               " elements" +
               (countOff ? " from element " + std::to_string(countOff) : "") +
               " reads beyond the GlobalTensor, which holds " +
               std::to_string(t.bytes / es) + " " + dtypeName(type) +
               " elements",
           loc);
    // L1 tensors (A1/B1) are dumpable too: the way to look at what
    // load_image_to_local or a GM -> L1 copy wrote (a scalar read of L1 in
    // the simulator; sync with the MTE2 write first, e.g. PIPE_ALL).
    Access a{api, "tensor", false, type, /*blockAligned=*/false,
             /*allowL1=*/true};
    p = mem_.resolve(t, offBytes, bytes, a, loc);
    // Like get_value: the scalar reads memory as the pipes have left it by
    // now, and the race detector sees a scalar read.
    engine_.runUntil(scalar_);
    scalarAccess(p, bytes, false, api, loc, seq);
    scalar_ += timing::kScalarLoad;
    scalarBusy_ += timing::kScalarLoad;
  }

  std::string text;
  if (!outputAtLineStart_)
    text += '\n';
  if (!dumpHeadWritten_) {
    dumpHeadWritten_ = true;
    text += "DumpHead: block_idx=" + std::to_string(blockIdx_) +
            ", core_type=" + (role_.aic ? "AIC" : "AIV") +
            ", total_blocks=" + std::to_string(blockNum_) + "\n";
  }
  if (chk)
    text += "DumpAccChkPoint: index=" + std::to_string(desc) +
            ", count_off=" + std::to_string(countOff);
  else
    text += "DumpTensor: desc=" + std::to_string(desc);
  text += ", addr=" + hex(t.addr + offBytes) +
          ", data_type=" + dtypeName(type) +
          ", position=" + positionName(t.pos) +
          ", dump_size=" + std::to_string(dumpSize) +
          (shape ? shapeFields(*shape) : std::string()) + "\n";
  {
    CLocale cLocale;
    // Without a shape, 8 values a line after the index of the first; with
    // one, a row of the last dimension a line after its multi-index.
    uint64_t perLine = shape ? shape->dims[shape->rank - 1] : kDumpPerLine;
    for (uint64_t i = 0; i < dumpSize; i += perLine) {
      if (shape) {
        std::vector<uint32_t> index(shape->rank);
        for (uint64_t rest = i, d = shape->rank; d-- > 0;) {
          index[d] = static_cast<uint32_t>(rest % shape->dims[d]);
          rest /= shape->dims[d];
        }
        text += dimList(index.data(), shape->rank);
      } else {
        text += "[" + std::to_string(countOff + i) + "]";
      }
      for (uint64_t j = i; j < dumpSize && j < i + perLine; ++j) {
        text += j == i ? " " : ", ";
        text += formatElement(p + j * es, type);
      }
      text += '\n';
    }
  }
  appendOutput(text, loc);
}

void Core::printTimeStamp(uint32_t descId, Loc loc) {
  uint64_t seq = beginCall(loc);
  // Ascend C reserves ids up to 0xffff for the framework's own stamps. The
  // compiler refuses a constant one; a run-time one is caught here.
  if (descId <= 0xffff)
    fail("argument",
         "print_time_stamp: 'desc_id' " + std::to_string(descId) +
             " is reserved: ids 0-65535 (0xffff) are the framework's; use an "
             "id from 65536 (0x10000) to 4294967295 (0xffffffff)",
         loc);
  if (trace_)
    trace_->slices.push_back({Pipe::S, scalar_, scalar_ + timing::kScalarIssue,
                              "print_time_stamp", loc, seq, 0});
  std::string text;
  if (!outputAtLineStart_)
    text += '\n';
  text += "TimeStamp: desc_id=" + std::to_string(descId) +
          ", cycle=" + std::to_string(scalar_) + "\n";
  appendOutput(text, loc);
}

void Core::metricsProf(bool start, Loc loc) {
  const char *api = start ? "metrics_prof_start" : "metrics_prof_stop";
  beginCall(loc);
  if (start && profLoc_.line)
    fail("argument",
         std::string(api) + ": a region is already open (metrics_prof_start at " +
             formatLoc(profLoc_) + "); close it with metrics_prof_stop first",
         loc);
  if (!start && !profLoc_.line)
    fail("argument",
         std::string(api) + ": no region is open; call metrics_prof_start first",
         loc);
  // The region's instructions complete inside it: both ends wait for the
  // core's pipes, like pipe_barrier(PIPE_ALL).
  drainAll(loc, api);
  CoreTiming now = timing();
  if (start) {
    profLoc_ = loc.line ? loc : Loc{loc.file, 1};
    profStart_ = scalar_;
    profBusy_ = now.busy;
    return;
  }
  std::string text;
  if (!outputAtLineStart_)
    text += '\n';
  text += "MetricsProf: " + formatLoc(profLoc_) + " to " + formatLoc(loc) +
          ": " + std::to_string(scalar_ - profStart_) + " cycles";
  static const Pipe kPipes[] = {Pipe::S,    Pipe::V,    Pipe::M,  Pipe::MTE1,
                                Pipe::MTE2, Pipe::MTE3, Pipe::FIX};
  for (Pipe p : kPipes) {
    uint64_t busy = now.busy[static_cast<int>(p)] -
                    profBusy_[static_cast<int>(p)];
    if (busy || p == Pipe::S)
      text += std::string(", ") + pipeName(p) + " busy " +
              std::to_string(busy);
  }
  text += "\n";
  profLoc_ = Loc{nullptr, 0};
  appendOutput(text, loc);
}

//===----------------------------------------------------------------------===//
// ABI
//===----------------------------------------------------------------------===//

namespace abi {

void printf(const char *fmt, const PrintArg *args, uint32_t nargs, Loc loc) {
  currentCore().print(fmt, args, nargs, loc);
}

void dumpTensor(const Operand &tensor, DType type, uint32_t desc,
                uint32_t dumpSize, const DumpShape *shape, Loc loc) {
  currentCore().dumpTensor(tensor, type, desc, dumpSize, loc, "dump_tensor",
                           0, shape);
}

void dumpAccChkPoint(const Operand &tensor, DType type, uint32_t index,
                     uint32_t countOff, uint32_t dumpSize, Loc loc) {
  currentCore().dumpTensor(tensor, type, index, dumpSize, loc,
                           "dump_acc_chk_point", countOff);
}

void printTimeStamp(uint32_t descId, Loc loc) {
  currentCore().printTimeStamp(descId, loc);
}

void metricsProf(bool start, Loc loc) { currentCore().metricsProf(start, loc); }

} // namespace abi

} // namespace ascsim

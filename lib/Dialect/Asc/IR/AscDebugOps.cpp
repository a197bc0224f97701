//===- AscDebugOps.cpp - printf and DumpTensor ----------------------------===//
//
// The format-string verifier and call arguments of asc.printf, and the
// memory effects of asc.dump_tensor.
//
//===----------------------------------------------------------------------===//

#include "ascir/Dialect/Asc/IR/AscOps.h"

using namespace mlir;
using namespace mlir::asc;

//===----------------------------------------------------------------------===//
// PrintfOp
//===----------------------------------------------------------------------===//

namespace {
/// One conversion of a printf format: its whole text (`%-8.3f`) and its
/// conversion character.
struct Conversion {
  StringRef text;
  char kind;
};
} // namespace

/// Splits `format` into its conversions (without `%%`). On an unsupported
/// or incomplete conversion, returns its text so far in `bad`.
static LogicalResult parseFormat(StringRef format,
                                 SmallVectorImpl<Conversion> &conversions,
                                 StringRef &bad) {
  size_t pos = 0;
  while ((pos = format.find('%', pos)) != StringRef::npos) {
    size_t start = pos++;
    if (pos < format.size() && format[pos] == '%') {
      ++pos;
      continue;
    }
    auto skip = [&](StringRef chars) {
      while (pos < format.size() && chars.contains(format[pos]))
        ++pos;
    };
    skip("-+ #0");
    skip("0123456789");
    if (pos < format.size() && format[pos] == '.') {
      ++pos;
      skip("0123456789");
    }
    for (StringRef length : {"hh", "ll", "h", "l", "z"}) {
      if (format.substr(pos).starts_with(length)) {
        pos += length.size();
        break;
      }
    }
    size_t end = std::min(pos + 1, format.size());
    StringRef text = format.slice(start, end);
    if (pos >= format.size() ||
        !StringRef("diouxXcfFeEgGsp").contains(format[pos])) {
      bad = text;
      return failure();
    }
    conversions.push_back({text, format[pos]});
    pos = end;
  }
  return success();
}

LogicalResult PrintfOp::verify() {
  // The C string would end there, hiding the rest from AscendC::printf.
  if (getFormat().contains('\0'))
    return emitApiError(*this, DiagCategory::Argument)
           << "the format contains a NUL character";
  SmallVector<Conversion> conversions;
  StringRef bad;
  if (failed(parseFormat(getFormat(), conversions, bad)))
    return emitApiError(*this, DiagCategory::Argument)
           << "unsupported format specifier '" << bad
           << "'; use %d %i %u %o %x %X %c, %f %F %e %E %g %G or %% (with "
              "flags, width, precision and length)";
  if (conversions.size() != getArgs().size())
    return emitApiError(*this, DiagCategory::Argument)
           << "the format has " << conversions.size() << " conversion(s), but "
           << getArgs().size() << " argument(s) were given";
  for (auto [index, conversion, arg] :
       llvm::enumerate(conversions, getArgs())) {
    Type type = arg.getType();
    char kind = conversion.kind;
    if (kind == 's' || kind == 'p')
      return emitApiError(*this, DiagCategory::Argument)
             << "'" << conversion.text << "' needs "
             << (kind == 's' ? "a string" : "a pointer") << ", but argument "
             << index + 1 << " is " << getPyValueName(type)
             << "; write text into the format itself";
    bool wantsFloat = StringRef("fFeEgG").contains(kind);
    if (wantsFloat != isa<FloatType>(type))
      return emitApiError(*this, DiagCategory::DType)
             << "'" << conversion.text << "' needs "
             << (wantsFloat ? "a floating-point" : "an integer")
             << " value, but argument " << index + 1 << " is "
             << getPyValueName(type);
  }
  return success();
}

void PrintfOp::getCallArguments(SmallVectorImpl<ApiArgument> &args) {
  args.push_back(ApiArgument::attribute(getFormatAttr()));
  // AscendC::printf deduces each argument's type: pass exactly the
  // operand's type, so that the output does not depend on how a value is
  // spelled (a literal would otherwise be an int or a double).
  for (Value arg : getArgs())
    args.push_back(ApiArgument::operand(arg, arg.getType()));
}

//===----------------------------------------------------------------------===//
// DumpTensorOp
//===----------------------------------------------------------------------===//

void DumpTensorOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  effects.emplace_back(MemoryEffects::Read::get(), &getTensorMutable(),
                       getResource(getTensorHardware(getTensor().getType())));
  effects.emplace_back(MemoryEffects::Write::get(), DebugResource::get());
}

/// DumpTensor's `desc` (DumpAccChkPoint's `index`) is a uint32_t: a negative
/// constant would print as 4294967295 and the like.
static LogicalResult verifyDesc(Operation *op, Value desc,
                                StringRef name = "desc") {
  if (std::optional<int64_t> v = getConstantInt(desc); v && *v < 0)
    return emitApiError(op, DiagCategory::Argument)
           << "'" << name
           << "' must not be negative (it is printed as an unsigned "
              "32-bit number), but got "
           << *v;
  return success();
}

LogicalResult DumpTensorOp::verify() { return verifyDesc(*this, getDesc()); }

//===----------------------------------------------------------------------===//
// DumpTensorShapeOp
//===----------------------------------------------------------------------===//

void DumpTensorShapeOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  effects.emplace_back(MemoryEffects::Read::get(), &getTensorMutable(),
                       getResource(getTensorHardware(getTensor().getType())));
  effects.emplace_back(MemoryEffects::Write::get(), DebugResource::get());
}

LogicalResult DumpTensorShapeOp::verify() {
  if (failed(verifyDesc(*this, getDesc())))
    return failure();
  // Ascend C's ShapeInfo holds K_MAX_SHAPE_DIM (8) dimensions.
  constexpr size_t kMaxDims = 8;
  for (auto [what, dims] :
       {std::pair<StringRef, OperandRange>{"shape", getShape()},
        {"original_shape", getOriginalShape()}}) {
    if (dims.empty() || dims.size() > kMaxDims)
      return emitApiError(*this, DiagCategory::Argument)
             << "the ShapeInfo's " << what << " has " << dims.size()
             << " dimensions; a ShapeInfo holds 1 to 8";
    for (Value dim : dims)
      if (std::optional<int64_t> v = getConstantInt(dim); v && *v < 0)
        return emitApiError(*this, DiagCategory::Argument)
               << "the ShapeInfo's " << what << " has a negative dimension, "
               << *v;
  }
  if (getDataFormat() < 0 || getDataFormat() > 4)
    return emitApiError(*this, DiagCategory::Argument)
           << "'data_format' " << getDataFormat()
           << " is not a DataFormat (ND 0, NZ 1, NCHW 2, NC1HWC0 3, NHWC 4)";
  return success();
}

//===----------------------------------------------------------------------===//
// DumpAccChkPointOp, PrintTimeStampOp
//===----------------------------------------------------------------------===//

void DumpAccChkPointOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  effects.emplace_back(MemoryEffects::Read::get(), &getTensorMutable(),
                       getResource(getTensorHardware(getTensor().getType())));
  effects.emplace_back(MemoryEffects::Write::get(), DebugResource::get());
}

LogicalResult DumpAccChkPointOp::verify() {
  if (failed(verifyDesc(*this, getIndex(), "index")))
    return failure();
  if (std::optional<int64_t> off = getConstantInt(getCountOff()))
    if (*off < 0)
      return emitApiError(*this, DiagCategory::Argument)
             << "'count_off' must not be negative, but got " << *off;
  return success();
}

LogicalResult PrintTimeStampOp::verify() {
  if (std::optional<int64_t> id = getConstantInt(getDescId()))
    if (*id >= 0 && *id <= 0xffff)
      return emitApiError(*this, DiagCategory::Argument)
             << "'desc_id' " << *id
             << " is reserved: ids 0-65535 (0xffff) are the framework's; "
                "use an id above 0xffff";
  return success();
}

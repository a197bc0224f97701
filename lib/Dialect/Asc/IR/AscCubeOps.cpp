//===- AscCubeOps.cpp - cube path ops -------------------------------------===//
//
// Verifiers, memory effects and template arguments of the cube path's ops
// (AscCubeOps.td): the directions of the loads and copies, the element-type
// combinations of Mmad and Fixpipe (hardware.md §6.3-§6.4), and the
// cross-core flags' modes and pipes (hardware.md §3.6).
//
//===----------------------------------------------------------------------===//

#include "UbToL1.h"
#include "ascir/Dialect/Asc/IR/AscOps.h"

using namespace mlir;
using namespace mlir::asc;

/// "TPosition.A2 (L0A)" or "GM": a tensor's position for messages.
static std::string describePosition(Type tensorType) {
  if (isa<GlobalTensorType>(tensorType))
    return "GM";
  return "TPosition." +
         stringifyTPosition(getTensorPosition(tensorType)).upper() + " (" +
         stringifyHardware(getTensorHardware(tensorType)).upper() + ")";
}

static Type elementOf(Value tensor) {
  return getTensorElementType(tensor.getType());
}

static Hardware memoryOf(Value tensor) {
  return getTensorHardware(tensor.getType());
}

/// The effects of a cube op: it reads the memories of `reads` and writes
/// the memory of `write` (the GM writes also depend on the atomic
/// configuration).
static void getCubeEffects(
    OpOperand &write, MutableArrayRef<OpOperand> all,
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  for (OpOperand &operand : all) {
    if (&operand == &write ||
        !isa<GlobalTensorType, LocalTensorType>(operand.get().getType()))
      continue;
    effects.emplace_back(MemoryEffects::Read::get(), &operand,
                         getResource(memoryOf(operand.get())));
  }
  Hardware dst = memoryOf(write.get());
  effects.emplace_back(MemoryEffects::Write::get(), &write, getResource(dst));
  if (dst == Hardware::GM)
    effects.emplace_back(MemoryEffects::Read::get(),
                         VectorStateResource::get());
}

#define ASC_CUBE_EFFECTS(OpT)                                                  \
  void OpT::getEffects(                                                        \
      SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>      \
          &effects) {                                                          \
    getCubeEffects(getDstMutable(), getOperation()->getOpOperands(), effects); \
  }

ASC_CUBE_EFFECTS(LoadData2DOp)
ASC_CUBE_EFFECTS(LoadData3DV2Op)
ASC_CUBE_EFFECTS(LoadData3DV2ProOp)
ASC_CUBE_EFFECTS(LoadDataWithTransposeOp)
ASC_CUBE_EFFECTS(LoadDataWithTransposeV2Op)
ASC_CUBE_EFFECTS(LoadDataWithSparseOp)
ASC_CUBE_EFFECTS(MmadOp)
ASC_CUBE_EFFECTS(MmadBiasOp)
ASC_CUBE_EFFECTS(MmadWithSparseOp)
ASC_CUBE_EFFECTS(InitConstValueOp)
ASC_CUBE_EFFECTS(FixpipeOp)
ASC_CUBE_EFFECTS(FixpipeWorkspaceOp)
ASC_CUBE_EFFECTS(DataCopyNd2NzOp)
ASC_CUBE_EFFECTS(DataCopyPadNd2NzOp)
ASC_CUBE_EFFECTS(DataCopyNz2NdOp)
ASC_CUBE_EFFECTS(DataCopyCO12Op)

#undef ASC_CUBE_EFFECTS

/// Rejects an element type of `tensor` not in `allowed` (the op's own list,
/// where it depends on the direction).
static LogicalResult verifyElementType(Operation *op, StringRef name,
                                       Value tensor, ArrayRef<Type> allowed,
                                       StringRef where) {
  Type element = elementOf(tensor);
  if (llvm::is_contained(allowed, element))
    return success();
  InFlightDiagnostic diag = emitApiError(op, DiagCategory::DType);
  diag << "'" << name << "' is " << getPyTypeName(element);
  if (!where.empty())
    diag << " " << where;
  diag << ", but it must be one of ";
  llvm::interleave(
      allowed, diag, [&](Type t) { diag << getPyTypeName(t); }, ", ");
  return diag;
}

static SmallVector<Type> types(MLIRContext *ctx,
                               ArrayRef<std::pair<unsigned, int>> specs) {
  // (width, kind): kind 0 signless int, 1 unsigned, 2 float.
  SmallVector<Type> out;
  Builder b(ctx);
  for (auto [width, kind] : specs) {
    if (kind == 2)
      out.push_back(width == 16   ? b.getF16Type()
                    : width == 32 ? b.getF32Type()
                                  : b.getBF16Type());
    else
      out.push_back(IntegerType::get(ctx, width,
                                     kind == 1 ? IntegerType::Unsigned
                                               : IntegerType::Signless));
  }
  return out;
}

/// bf16 is width 17 in `types` (a tag, not a width).
static constexpr unsigned kBF16 = 17;

//===----------------------------------------------------------------------===//
// LoadData
//===----------------------------------------------------------------------===//

/// The directions of LoadData: L1 (A1/B1) to L0A/L0B; with `fromGM`, also
/// GM to L0A/L0B or to L1.
static LogicalResult verifyLoadDirection(Operation *op, Value dst, Value src,
                                         bool fromGM) {
  Hardware to = memoryOf(dst), from = memoryOf(src);
  bool toL0 = to == Hardware::L0A || to == Hardware::L0B;
  bool ok = (from == Hardware::L1 && toL0) ||
            (fromGM && from == Hardware::GM && (toL0 || to == Hardware::L1));
  if (ok)
    return success();
  return emitApiError(op, DiagCategory::Position)
         << "cannot load from " << describePosition(src.getType()) << " to "
         << describePosition(dst.getType()) << "; supported directions are "
         << (fromGM ? "A1/B1 or GM to A2/B2, and GM to A1/B1"
                    : "A1/B1 to A2/B2");
}

static LogicalResult verifyLoad2D(Operation *op, Value dst, Value src) {
  if (failed(verifyLoadDirection(op, dst, src, /*fromGM=*/true)))
    return failure();
  MLIRContext *ctx = op->getContext();
  return verifyElementType(op, "dst", dst,
                           types(ctx, {{8, 1},
                                       {8, 0},
                                       {16, 1},
                                       {16, 0},
                                       {16, 2},
                                       {kBF16, 2},
                                       {32, 1},
                                       {32, 0},
                                       {32, 2}}),
                           "");
}

LogicalResult LoadData2DOp::verify() {
  if (failed(verifyLoad2D(*this, getDst(), getSrc())))
    return failure();
  auto params = getParams().getDefiningOp<LoadData2DParamsOp>();
  if (!params)
    return success();
  std::optional<int64_t> transpose = getConstantInt(params.getIfTranspose());
  if (transpose && (*transpose & 1)) {
    if (memoryOf(getSrc()) != Hardware::L1)
      return emitApiError(*this, DiagCategory::Argument)
             << "'if_transpose' needs a source in A1/B1 (L1), but it is in "
             << describePosition(getSrc().getType());
    if (getElementByteSize(elementOf(getDst())) != 2)
      return emitApiError(*this, DiagCategory::DType)
             << "'if_transpose' needs 16-bit elements, but the tensors hold "
             << getPyTypeName(elementOf(getDst()));
  }
  return success();
}

/// img2col loads read L1 and write L0A/L0B; A2 takes u8, i8, f16, bf16,
/// u32, i32, f32, B2 f16, bf16, u32, i32, f32. The struct's element type is
/// the tensors'.
static LogicalResult verifyLoad3D(Operation *op, Value dst, Value src,
                                  Type paramsElement) {
  if (failed(verifyLoadDirection(op, dst, src, /*fromGM=*/false)))
    return failure();
  MLIRContext *ctx = op->getContext();
  SmallVector<Type> allowed =
      types(ctx, {{16, 2}, {kBF16, 2}, {32, 1}, {32, 0}, {32, 2}});
  bool toA = memoryOf(dst) == Hardware::L0A;
  if (toA)
    allowed.append(types(ctx, {{8, 1}, {8, 0}}));
  if (failed(
          verifyElementType(op, "dst", dst, allowed, toA ? "in A2" : "in B2")))
    return failure();
  if (paramsElement && paramsElement != elementOf(dst))
    return emitApiError(op, DiagCategory::DType)
           << "'params' is a struct of " << getPyTypeName(paramsElement)
           << ", but the tensors hold " << getPyTypeName(elementOf(dst));
  return success();
}

LogicalResult LoadData3DV2Op::verify() {
  if (failed(verifyLoad3D(*this, getDst(), getSrc(),
                          getParams().getType().getElementType())))
    return failure();
  auto params = getParams().getDefiningOp<LoadData3DParamsV2Op>();
  if (!params)
    return success();
  std::optional<int64_t> transpose = getConstantInt(params.getEnTranspose());
  if (transpose && (*transpose & 1) &&
      (memoryOf(getDst()) != Hardware::L0A || !elementOf(getDst()).isF16()))
    return emitApiError(*this, DiagCategory::Argument)
           << "'en_transpose' needs a float16 destination in A2 (L0A), but "
              "it is "
           << getPyTypeName(elementOf(getDst())) << " in "
           << describePosition(getDst().getType());
  return success();
}

LogicalResult LoadData3DV2ProOp::verify() {
  return verifyLoad3D(*this, getDst(), getSrc(), Type());
}

static LogicalResult verifyLoadWithTranspose(Operation *op, Value dst,
                                             Value src) {
  if (failed(verifyLoadDirection(op, dst, src, false)))
    return failure();
  return verifyElementType(
      op, "dst", dst,
      types(op->getContext(),
            {{8, 0}, {8, 1}, {16, 2}, {kBF16, 2}, {32, 2}, {32, 0}, {32, 1}}),
      "");
}

LogicalResult LoadDataWithTransposeOp::verify() {
  return verifyLoadWithTranspose(*this, getDst(), getSrc());
}

LogicalResult LoadDataWithTransposeV2Op::verify() {
  return verifyLoadWithTranspose(*this, getDst(), getSrc());
}

//===----------------------------------------------------------------------===//
// Mmad
//===----------------------------------------------------------------------===//

/// A x B -> C of A2/A3 (hardware.md §6.3), and the bias of C.
static LogicalResult verifyMmadTypes(Operation *op, Value dst, Value fm,
                                     Value filter, Value bias) {
  Type c = elementOf(dst), a = elementOf(fm), b = elementOf(filter);
  if (a != b)
    return emitApiError(op, DiagCategory::DType)
           << "'fm' is " << getPyTypeName(a) << " but 'filter' is "
           << getPyTypeName(b) << "; Mmad multiplies matrices of one type";
  Type want = a.isInteger(8) ? Type(IntegerType::get(op->getContext(), 32))
                             : Type(Float32Type::get(op->getContext()));
  if (c != want)
    return emitApiError(op, DiagCategory::DType)
           << getPyTypeName(a) << " x " << getPyTypeName(b)
           << " accumulates in " << getPyTypeName(want) << ", but 'dst' is "
           << getPyTypeName(c)
           << " (supported: float16, bfloat16 and float32 into float32, int8 "
              "into int32)";
  if (bias && elementOf(bias) != want)
    return emitApiError(op, DiagCategory::DType)
           << "'bias' is " << getPyTypeName(elementOf(bias))
           << ", but the result is " << getPyTypeName(want);
  return success();
}

/// Mmad writes L0C from a 1024-byte boundary (ascendc_api.md §7), beyond
/// L0C's 64-byte tensor alignment: checked on a static tensor's constant
/// address.
static constexpr int64_t kMmadDstAlign = 1024;

static LogicalResult verifyMmad(Operation *op, Value dst, Value fm,
                                Value filter, Value bias) {
  if (failed(verifyMmadTypes(op, dst, fm, filter, bias)))
    return failure();
  if (auto tensor = dst.getDefiningOp<LocalTensorOp>())
    if (std::optional<int64_t> addr = getConstantInt(tensor.getAddr()))
      if (*addr % kMmadDstAlign != 0)
        return emitApiError(op, DiagCategory::Alignment)
               << "'dst' starts at byte " << *addr
               << " of L0C, but Mmad writes from a multiple of "
               << kMmadDstAlign << " bytes";
  return success();
}

LogicalResult MmadOp::verify() {
  return verifyMmad(*this, getDst(), getFm(), getFilter(), Value());
}

LogicalResult MmadBiasOp::verify() {
  return verifyMmad(*this, getDst(), getFm(), getFilter(), getBias());
}

//===----------------------------------------------------------------------===//
// InitConstValue and the load registers
//===----------------------------------------------------------------------===//

LogicalResult InitConstValueOp::verify() {
  Hardware to = memoryOf(getDst());
  if (to != Hardware::L1 && to != Hardware::L0A && to != Hardware::L0B)
    return emitApiError(*this, DiagCategory::Position)
           << "'dst' must be in A1/B1 (L1) or A2/B2 (L0A/L0B), but it is in "
           << describePosition(getDst().getType());
  if (failed(verifyElementType(*this, "dst", getDst(),
                               types(getContext(), {{16, 2},
                                                    {16, 0},
                                                    {16, 1},
                                                    {kBF16, 2},
                                                    {32, 2},
                                                    {32, 0},
                                                    {32, 1}}),
                               "")))
    return failure();
  Type paramsElement = getInitConstValueParams().getType().getElementType();
  if (paramsElement != elementOf(getDst()))
    return emitApiError(*this, DiagCategory::DType)
           << "'init_const_value_params' is a struct of "
           << getPyTypeName(paramsElement) << ", but 'dst' holds "
           << getPyTypeName(elementOf(getDst()));
  return success();
}

LogicalResult SetLoadDataBoundaryOp::verify() {
  std::optional<int64_t> value = getConstantInt(getBoundary());
  if (value && *value != 0 && (*value < 1024 || *value > UINT32_MAX))
    return emitApiError(*this, DiagCategory::Argument)
           << "'boundary' must be 0 (no boundary) or in [1024, 4294967295] "
              "bytes, but got "
           << *value;
  return success();
}

LogicalResult SetLoadDataPaddingValueOp::verify() {
  Type t = getPadValue().getType();
  MLIRContext *ctx = getContext();
  SmallVector<Type> allowed = types(ctx, {{8, 0},
                                          {8, 1},
                                          {16, 2},
                                          {16, 0},
                                          {16, 1},
                                          {kBF16, 2},
                                          {32, 0},
                                          {32, 1},
                                          {32, 2}});
  // Scalars of unsigned element types are signless in IR.
  if (llvm::is_contained(allowed, t) ||
      isa<IntegerType>(t) &&
          (t.isInteger(8) || t.isInteger(16) || t.isInteger(32)))
    return success();
  return emitApiError(*this, DiagCategory::DType)
         << "'pad_value' is " << getPyValueName(t)
         << ", but it must be an 8-, 16- or 32-bit integer, float16, bfloat16 "
            "or float32";
}

void SetLoadDataPaddingValueOp::getTemplateArguments(
    SmallVectorImpl<Attribute> &args) {
  args.push_back(TypeAttr::get(getPadValue().getType()));
}

//===----------------------------------------------------------------------===//
// Fixpipe
//===----------------------------------------------------------------------===//

/// Whether a quantisation mode reads a scale vector (the V* modes).
static bool isVectorQuant(QuantMode mode) {
  return mode == QuantMode::VDEQF16 || mode == QuantMode::VQF322B8_PRE ||
         mode == QuantMode::VREQ8;
}

/// Out of CO1 (f32 or i32) into `dst`, converted by `mode` when it is known.
static LogicalResult verifyOutOfL0C(Operation *op, Value dst, Value src,
                                    std::optional<int64_t> quant,
                                    bool intoL1Excludes32) {
  Hardware to = memoryOf(dst);
  if (to != Hardware::GM && to != Hardware::L1)
    return emitApiError(op, DiagCategory::Position)
           << "'dst' must be in GM or A1/B1 (L1), but it is in "
           << describePosition(dst.getType());
  MLIRContext *ctx = op->getContext();
  Type s = elementOf(src), d = elementOf(dst);
  bool fromFloat = s.isF32();
  SmallVector<Type> allowed =
      fromFloat ? types(ctx, {{8, 0}, {8, 1}, {16, 2}, {kBF16, 2}, {32, 2}})
                : types(ctx, {{8, 0}, {8, 1}, {16, 2}, {16, 0}, {32, 0}});
  if (intoL1Excludes32 && to == Hardware::L1)
    allowed.pop_back();
  if (failed(verifyElementType(op, "dst", dst, allowed,
                               fromFloat ? "for a float32 source"
                                         : "for an int32 source")))
    return failure();
  if (!quant)
    return success();
  if (*quant < 0 || *quant > static_cast<int64_t>(getMaxEnumValForQuantMode()))
    return success(); // the struct's verifier reports it
  auto mode = static_cast<QuantMode>(*quant);
  // The conversion each mode makes: (source is float, destination types).
  SmallVector<Type> want;
  switch (mode) {
  case QuantMode::NoQuant:
    want.push_back(s);
    break;
  case QuantMode::F322F16:
    want = types(ctx, {{16, 2}});
    break;
  case QuantMode::F322BF16:
    want = types(ctx, {{kBF16, 2}});
    break;
  case QuantMode::DEQF16:
  case QuantMode::VDEQF16:
    want = types(ctx, {{16, 2}});
    break;
  case QuantMode::QF322B8_PRE:
  case QuantMode::VQF322B8_PRE:
  case QuantMode::REQ8:
  case QuantMode::VREQ8:
    want = types(ctx, {{8, 0}, {8, 1}});
    break;
  }
  bool wantsFloat = mode == QuantMode::F322F16 || mode == QuantMode::F322BF16 ||
                    mode == QuantMode::QF322B8_PRE ||
                    mode == QuantMode::VQF322B8_PRE;
  bool wantsInt = mode == QuantMode::DEQF16 || mode == QuantMode::VDEQF16 ||
                  mode == QuantMode::REQ8 || mode == QuantMode::VREQ8;
  std::string modeName = getPyEnumName(mode);
  if ((wantsFloat && !fromFloat) || (wantsInt && fromFloat))
    return emitApiError(op, DiagCategory::DType)
           << "quant_pre " << modeName << " converts "
           << (wantsFloat ? "float32" : "int32") << ", but 'src' is "
           << getPyTypeName(s);
  if (!llvm::is_contained(want, d)) {
    InFlightDiagnostic diag = emitApiError(op, DiagCategory::DType);
    diag << "quant_pre " << modeName << " writes ";
    llvm::interleave(
        want, diag, [&](Type t) { diag << getPyTypeName(t); }, " or ");
    return diag << ", but 'dst' is " << getPyTypeName(d);
  }
  return success();
}

static LogicalResult verifyFixpipe(Operation *op, Value dst, Value src,
                                   Value params, CO2Layout config,
                                   bool workspace) {
  if (config == CO2Layout::COLUMN_MAJOR)
    return emitApiError(op, DiagCategory::Argument)
           << "config CO2Layout.COLUMN_MAJOR is not supported on Ascend "
              "910B/910C; use FixpipeConfig.cfg_row_major() or cfg_nz()";
  std::optional<int64_t> quant;
  if (auto p = params.getDefiningOp<FixpipeParamsV220Op>())
    quant = getConstantInt(p.getQuantPre());
  if (failed(verifyOutOfL0C(op, dst, src, quant, false)))
    return failure();
  if (quant && *quant >= 0 &&
      *quant <= static_cast<int64_t>(getMaxEnumValForQuantMode())) {
    auto mode = static_cast<QuantMode>(*quant);
    if (isVectorQuant(mode) && !workspace)
      return emitApiError(op, DiagCategory::Argument)
             << "quant_pre " << getPyEnumName(mode)
             << " reads per-channel scales: pass them as 'cbuf_workspace' "
                "(fixpipe(dst, src, cbuf_workspace, params))";
    if (!isVectorQuant(mode) && workspace)
      return emitApiError(op, DiagCategory::Argument)
             << "'cbuf_workspace' is only read by the vector quantisation "
                "modes (VDEQF16, VQF322B8_PRE, VREQ8), but quant_pre is "
             << getPyEnumName(mode);
  }
  return success();
}

LogicalResult FixpipeOp::verify() {
  return verifyFixpipe(*this, getDst(), getSrc(), getParams(), getConfig(),
                       false);
}

LogicalResult FixpipeWorkspaceOp::verify() {
  return verifyFixpipe(*this, getDst(), getSrc(), getParams(), getConfig(),
                       true);
}

void FixpipeOp::getTemplateArguments(SmallVectorImpl<Attribute> &args) {
  args.push_back(TypeAttr::get(elementOf(getDst())));
  args.push_back(TypeAttr::get(elementOf(getSrc())));
  args.push_back(getConfigAttr());
}

void FixpipeWorkspaceOp::getTemplateArguments(
    SmallVectorImpl<Attribute> &args) {
  args.push_back(TypeAttr::get(elementOf(getDst())));
  args.push_back(TypeAttr::get(elementOf(getSrc())));
  args.push_back(getConfigAttr());
}

//===----------------------------------------------------------------------===//
// DataCopy forms
//===----------------------------------------------------------------------===//

/// UB -> L1 (ascendc_api.md §DataCopy rows 2 and 13 and the DataCopyPad
/// UB -> L1 rows): on Ascend 910B/910C the Unified Buffer is a vector core's
/// and L1 the cube core's, so no core can issue the copy; Ascend C emulates
/// it through GM for the Matmul API's TSCM operands only (hardware.md §5.3),
/// which pyasc cannot declare.
InFlightDiagnostic mlir::asc::detail::emitUbToL1Refusal(Operation *op, Type dst,
                                                        Type src, bool nd2nz) {
  return emitApiError(op, DiagCategory::Position)
         << "cannot copy " << describePosition(src) << " to "
         << describePosition(dst) << (nd2nz ? " with ND to NZ" : "")
         << " on Ascend 910B/910C: the Unified Buffer belongs "
            "to the vector cores (AIV) and L1 to the cube core (AIC), so no "
            "kernel type has both on one core (AIV_ONLY has no L1, AIC_ONLY "
            "no UB, and a MIX kernel's AIV and AIC are different cores); on "
            "the AIV copy the tile to GM (data_copy or data_copy_pad) and "
            "raise a cross-core flag (cross_core_set_flag, mode 2), and on "
            "the AIC wait for it (cross_core_wait_flag) and copy GM to L1 "
            "with "
         << (nd2nz ? "data_copy(dst, src, Nd2NzParams)"
                   : "data_copy(dst, src, count) or data_copy(dst, src, "
                     "DataCopyParams)");
}

LogicalResult DataCopyNd2NzOp::verify() {
  Hardware to = memoryOf(getDst()), from = memoryOf(getSrc());
  if (from == Hardware::UB && to == Hardware::L1)
    return mlir::asc::detail::emitUbToL1Refusal(
        *this, getDst().getType(), getSrc().getType(), /*nd2nz=*/true);
  if (from != Hardware::GM || (to != Hardware::L1 && to != Hardware::UB))
    return emitApiError(*this, DiagCategory::Position)
           << "cannot copy ND to NZ from "
           << describePosition(getSrc().getType()) << " to "
           << describePosition(getDst().getType())
           << "; supported directions are GM to A1/B1/C1 and GM to "
              "VECIN/VECCALC";
  if (elementOf(getDst()) != elementOf(getSrc()))
    return emitApiError(*this, DiagCategory::DType)
           << "'dst' is " << getPyTypeName(elementOf(getDst()))
           << " but 'src' is " << getPyTypeName(elementOf(getSrc()));
  if (failed(verifyElementType(*this, "dst", getDst(),
                               types(getContext(), {{8, 0},
                                                    {8, 1},
                                                    {16, 0},
                                                    {16, 1},
                                                    {32, 0},
                                                    {32, 1},
                                                    {16, 2},
                                                    {kBF16, 2},
                                                    {32, 2}}),
                               "")))
    return failure();
  // The destination is written in 32-byte blocks from a 32-byte aligned
  // start (hardware.md §5.3), so every NZ matrix must start on one; the
  // element size is the copy's, so the check is here, not on the struct.
  // The simulator checks the same for values known at run time.
  if (auto p = getIntriParams().getDefiningOp<Nd2NzParamsOp>()) {
    std::optional<int64_t> ndNum = getConstantInt(p.getNdNum());
    std::optional<int64_t> stride = getConstantInt(p.getDstNzMatrixStride());
    Type element = elementOf(getDst());
    int64_t bytes = stride ? *stride * getElementByteSize(element) : 0;
    if (ndNum && *ndNum > 1 && stride && bytes % 32 != 0)
      return emitApiError(*this, DiagCategory::Alignment)
             << "'dst_nz_matrix_stride' is " << *stride << " "
             << getPyTypeName(element) << " elements (" << bytes
             << " bytes), which puts the NZ matrices after the first off the "
                "32-byte blocks the destination is written in (hardware.md "
                "§5.3); use a multiple of "
             << 32 / getElementByteSize(element) << " elements";
  }
  return success();
}

LogicalResult DataCopyPadNd2NzOp::verify() {
  // The form's only direction is UB -> L1 (ascendc_api.md, DataCopyPad).
  if (memoryOf(getSrc()) != Hardware::UB || memoryOf(getDst()) != Hardware::L1)
    return emitApiError(*this, DiagCategory::Position)
           << "cannot copy ND to NZ from "
           << describePosition(getSrc().getType()) << " to "
           << describePosition(getDst().getType())
           << "; data_copy_pad with 'nd2nz_params' copies VECIN/VECOUT/VECCALC "
              "(UB) to A1/B1/C1 (L1)";
  return mlir::asc::detail::emitUbToL1Refusal(
      *this, getDst().getType(), getSrc().getType(), /*nd2nz=*/true);
}

LogicalResult DataCopyNz2NdOp::verify() {
  if (memoryOf(getSrc()) != Hardware::UB || memoryOf(getDst()) != Hardware::GM)
    return emitApiError(*this, DiagCategory::Position)
           << "cannot copy NZ to ND from "
           << describePosition(getSrc().getType()) << " to "
           << describePosition(getDst().getType())
           << "; the supported direction is VECOUT to GM";
  if (elementOf(getDst()) != elementOf(getSrc()))
    return emitApiError(*this, DiagCategory::DType)
           << "'dst' is " << getPyTypeName(elementOf(getDst()))
           << " but 'src' is " << getPyTypeName(elementOf(getSrc()));
  return verifyElementType(
      *this, "dst", getDst(),
      types(getContext(),
            {{16, 0}, {16, 1}, {32, 0}, {32, 1}, {16, 2}, {kBF16, 2}, {32, 2}}),
      "");
}

LogicalResult DataCopyCO12Op::verify() {
  if (memoryOf(getSrc()) != Hardware::L0C)
    return emitApiError(*this, DiagCategory::Position)
           << "'src' must be in CO1 (L0C), but it is in "
           << describePosition(getSrc().getType());
  Type s = elementOf(getSrc());
  if (!s.isF32() && !s.isInteger(32))
    return emitApiError(*this, DiagCategory::DType)
           << "'src' is " << getPyTypeName(s)
           << ", but CO1 holds float32 or int32";
  std::optional<int64_t> quant;
  if (auto p = getIntriParams().getDefiningOp<DataCopyCO12DstParamsOp>())
    quant = getConstantInt(p.getQuantPre());
  if (quant && *quant >= 0 &&
      *quant <= static_cast<int64_t>(getMaxEnumValForQuantMode()) &&
      isVectorQuant(static_cast<QuantMode>(*quant)))
    return emitApiError(*this, DiagCategory::Argument)
           << "quant_pre " << getPyEnumName(static_cast<QuantMode>(*quant))
           << " needs per-channel scales, which data_copy does not take; use "
              "fixpipe with a cbuf_workspace";
  return verifyOutOfL0C(*this, getDst(), getSrc(), quant,
                        /*intoL1Excludes32=*/true);
}

//===----------------------------------------------------------------------===//
// Cross-core flags
//===----------------------------------------------------------------------===//

/// Flag ids and modes of A2/A3 (hardware.md §3.6).
static constexpr int64_t kNumCrossCoreFlags = 16;

static LogicalResult verifyCrossCoreFlag(Operation *op, Value flagId,
                                         uint32_t mode, Pipe pipe, bool isSet) {
  if (std::optional<int64_t> id = getConstantInt(flagId))
    if (*id < 0 || *id >= kNumCrossCoreFlags)
      return emitApiError(op, DiagCategory::Sync)
             << "'flag_id' must be in [0, " << kNumCrossCoreFlags - 1
             << "], but got " << *id;
  if (mode > 2)
    return emitApiError(op, DiagCategory::Sync)
           << "'mode_id' must be 0 (all AICs or all AIVs), 1 (the AIVs of "
              "one AI Core) or 2 (an AIC and its AIVs) on Ascend 910B/910C, "
              "but got "
           << mode;
  if (isSet && !llvm::is_contained({Pipe::V, Pipe::M, Pipe::MTE1, Pipe::MTE2,
                                    Pipe::MTE3, Pipe::FIX},
                                   pipe))
    return emitApiError(op, DiagCategory::Sync)
           << "'pipe' " << getPyEnumName(pipe)
           << " cannot set a cross-core flag; use PIPE_V, PIPE_M, "
              "PIPE_MTE1, PIPE_MTE2, PIPE_MTE3 or PIPE_FIX";
  return success();
}

LogicalResult CrossCoreSetFlagOp::verify() {
  return verifyCrossCoreFlag(*this, getFlagId(), getModeId(), getPipe(), true);
}

LogicalResult CrossCoreWaitFlagOp::verify() {
  return verifyCrossCoreFlag(*this, getFlagId(), getModeId(), getPipe(), false);
}

void CrossCoreSetFlagOp::getTemplateArguments(
    SmallVectorImpl<Attribute> &args) {
  args.push_back(getModeIdAttr());
  args.push_back(getPipeAttr());
}

void SyncAllOp::getTemplateArguments(SmallVectorImpl<Attribute> &args) {
  args.push_back(getIsAivOnlyAttr());
}

void CrossCoreWaitFlagOp::getTemplateArguments(
    SmallVectorImpl<Attribute> &args) {
  args.push_back(getModeIdAttr());
  args.push_back(getPipeAttr());
}

//===----------------------------------------------------------------------===//
// Software inter-block synchronisation (IBSet/IBWait, SyncAll's software
// form, NotifyNextBlock/WaitPreBlock)
//===----------------------------------------------------------------------===//

/// A constant `value` of `name` must not be negative.
static LogicalResult verifyNonNegative(Operation *op, Value value,
                                       StringRef name) {
  if (std::optional<int64_t> v = getConstantInt(value))
    if (*v < 0)
      return emitApiError(op, DiagCategory::Sync)
             << "'" << name << "' must not be negative, but got " << *v;
  return success();
}

/// The software forms stage their flags through the Unified Buffer, which
/// only the vector cores have.
static LogicalResult verifyAivOnly(Operation *op, bool aivOnly) {
  if (!aivOnly)
    return emitApiError(op, DiagCategory::Sync)
           << "'is_aiv_only' must be True: the GM-flag form synchronises "
              "the vector cores (AIVs), which stage the flags through the "
              "Unified Buffer; use sync_all(is_aiv_only=False) (the "
              "hardware form) to include the cube cores";
  return success();
}

static LogicalResult verifyIBSync(Operation *op, Value blockIdx, Value eventId,
                                  bool aivOnly) {
  if (failed(verifyNonNegative(op, blockIdx, "block_idx")) ||
      failed(verifyNonNegative(op, eventId, "event_id")))
    return failure();
  return verifyAivOnly(op, aivOnly);
}

LogicalResult IBSetOp::verify() {
  return verifyIBSync(*this, getBlockIdx(), getEventId(), getIsAivOnly());
}

LogicalResult IBWaitOp::verify() {
  return verifyIBSync(*this, getBlockIdx(), getEventId(), getIsAivOnly());
}

void IBSetOp::getTemplateArguments(SmallVectorImpl<Attribute> &args) {
  args.push_back(getIsAivOnlyAttr());
}

void IBWaitOp::getTemplateArguments(SmallVectorImpl<Attribute> &args) {
  args.push_back(getIsAivOnlyAttr());
}

LogicalResult SyncAllSoftOp::verify() {
  if (failed(verifyNonNegative(*this, getUsedCores(), "used_cores")))
    return failure();
  return verifyAivOnly(*this, getIsAivOnly());
}

void SyncAllSoftOp::getTemplateArguments(SmallVectorImpl<Attribute> &args) {
  args.push_back(getIsAivOnlyAttr());
}

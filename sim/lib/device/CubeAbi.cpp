//===- device/CubeAbi.cpp - The cube path of a core -------------*- C++ -*-===//
//
// Checks and issue of the cube (AIC) instructions of ascsim/cube_abi.h:
// positions, dtypes, parameter ranges, alignment (hardware.md §2.2: L0A/L0B
// 512 B, L0C 64 B and 1024 B for an Mmad destination, BiasTable 64 B, L1
// 32 B), bounds and capacity of every cube memory, the PIPE_M barrier rule
// of Mmad accumulation; then the race footprint, init tracking and issue
// into MTE1 (L1 -> L0), MTE2 (GM -> L1/L0), M (Mmad) or FIX (Fixpipe). What
// each instruction computes is in ops/CubeOps.h.
//
//===----------------------------------------------------------------------===//

#include "device/Core.h"
#include "device/CrossCore.h"

#include "ops/CubeOps.h"
#include "ops/VectorMath.h"
#include "ops/VectorOps.h"
#include "race/Race.h"
#include "support/Fault.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>

namespace ascsim {

namespace {

constexpr uint8_t kPipeTM = 2;

bool isL0ab(Mem m) { return m == Mem::L0A || m == Mem::L0B; }

std::string memOfOperand(const Operand &op) {
  return std::string(positionName(op.pos)) + " (" +
         memName(memOfPosition(op.pos)) + ")";
}

void requirePos(const char *api, const char *role, const Operand &op,
                std::initializer_list<Mem> allowed, const char *wanted,
                Loc loc) {
  Mem m = memOfPosition(op.pos);
  for (Mem a : allowed)
    if (a == m)
      return;
  requireBuffer(op, api, role, loc);
  fail("argument",
       std::string(api) + ": the " + role + " must be in " + wanted +
           ", but it is at position " + memOfOperand(op),
       loc);
}

void requireRange(const char *api, const char *field, uint64_t v, uint64_t lo,
                  uint64_t hi, Loc loc) {
  if (v < lo || v > hi)
    fail("argument",
         std::string(api) + ": '" + field + "' must be in [" +
             std::to_string(lo) + ", " + std::to_string(hi) + "], got " +
             std::to_string(v),
         loc);
}

/// LoadData2DParams sid and addrMode are reserved (ascendc_api.md §5.16):
/// a non-zero value is refused rather than ignored, as ODS refuses a
/// constant one.
void requireReserved2D(const char *api, const LoadData2DDesc &d, Loc loc) {
  const char *field = d.sid ? "sid" : d.addrMode ? "addr_mode" : nullptr;
  if (field)
    fail("argument",
         std::string(api) + ": '" + field +
             "' is reserved and must be 0, but got " +
             std::to_string(d.sid ? d.sid : d.addrMode),
         loc);
}

/// The runs `r` (sorted, apart) of `mem` at `base` as race footprint
/// records: each maximal sequence of equal-length runs at a constant stride
/// (an ND -> NZ copy's GM source rows, a LoadData's L1 fractals, a
/// Fixpipe's GM destination rows) one record (ByteRange::rows; for GM the
/// grouping RaceDetector::access applies to listed rows). The footprint of
/// a cube instruction stays within its inline room: no allocation.
void rowRecords(Footprint &fp, Mem mem, uint64_t base, const cube::Runs &r,
                bool write, uint8_t atomic) {
  const size_t n = r.size();
  for (size_t i = 0; i < n;) {
    const uint64_t off = r[i].off, len = r[i].len;
    size_t j = i + 1;
    uint64_t stride = 0;
    if (j < n && r[j].len == len && r[j].off >= off + len) {
      stride = r[j].off - off;
      while (j < n && r[j].len == len && r[j].off == r[j - 1].off + stride)
        ++j;
    }
    fp.emplace_rows(mem, base + off, base + off + len, stride, j - i, write,
                    atomic);
    i = j;
  }
}

uint64_t total(const cube::Runs &r) {
  uint64_t n = 0;
  for (const cube::ByteRun &x : r)
    n += x.len;
  return n;
}

} // namespace

const char *kernelTypeName(uint8_t type) {
  static const char *const kNames[] = {
      "AIV_ONLY",    "AIC_ONLY",       "MIX_AIV_1_0", "MIX_AIC_1_0",
      "MIX_AIC_1_1", "MIX_AIC_1_2",    "AICORE",      "VECTORCORE",
      "MIX_AICORE",  "MIX_VECTOR_CORE"};
  return type < 10 ? kNames[type] : "invalid";
}

void Core::setRole(const CoreRole &role) {
  const bool wasAic = role_.aic;
  role_ = role;
  controlIdx_ = role.task;
  // The cores of a MIX launch (or of one with inter-block sync) wait for
  // each other (cross-core or GM flags): the
  // block order of float atomic stores (LaunchControl) could deadlock with
  // them, so their atomics land in host order (docs/simulator.md).
  if (role.mixed || role.xc)
    atomicsOrdered_ = true;
  if (role.xc && race_) // GM accesses carry the core's domain id
    race_->setGmEpoch(role.coreId, 0);
  // The cross-core check after the launch compares cores (a MIX block's AIC
  // and AIVs each on its own): a launch of one core needs no GM summary.
  // Its repeat is compared with its record (RaceDetector::useMemo).
  if (race_ && blockNum_ == 1 && !(role.xc && role.xc->numCores() > 1)) {
    race_->skipGmSummary();
    race_->useMemo();
  }
  sys_.coreType = role.aic ? 1 : 2; // AscendC::AIC / AIV
  mem_.setAic(role.aic);
  fw_.setAic(role.aic);
  fw_.setBothCoreTypes(role.mixed && role.xc && role.xc->hasAic() &&
                       role.xc->aivPerBlock() > 0);
  // The core type is part of the plans' context; the constructor bound
  // them with the rest of it (a vector core's) and nothing ran since.
  if (role.aic != wasAic) {
    bindPlans();
    bindFlagPipes();
  }
}

void Core::requireL1ToGm(const char *api, const Operand &src, Loc loc) const {
  // TPosition::A1 and B1 (kPositionNames).
  if (src.pos != 1 && src.pos != 3)
    fail("argument",
         std::string(api) + " from " + positionName(src.pos) +
             " (L1) to GM is not supported: only A1 and B1 copy to GM; "
             "copy the data through an A1 or B1 tensor",
         loc);
  requireAic((std::string(api) + " L1 -> GM").c_str(), loc);
}

void Core::requireAic(const char *api, Loc loc) const {
  if (role_.aic)
    return;
  std::string head = std::string(api) +
                     " is a cube (AIC) instruction, but it runs on a vector "
                     "core (AIV) and the kernel type is " +
                     kernelTypeName(role_.kernelType);
  // A MIX kernel has its AIC already: the instruction is on the wrong side.
  if (role_.mixed)
    fail("argument",
         head + "; run it on the AIC (guard cube code with ASCEND_IS_AIC) "
                "and pass data between the AIVs and the AIC through GM with "
                "cross-core flags (CrossCoreSetFlag / CrossCoreWaitFlag), or "
                "use the Matmul API",
         loc);
  fail("argument",
       head + "; declare the kernel AIC_ONLY or MIX "
              "(KERNEL_TASK_TYPE_DEFAULT) and guard cube code with "
              "ASCEND_IS_AIC",
       loc);
}

void Core::refuseUbToL1(const char *api, const Operand &dst, const Operand &src,
                        Loc loc) const {
  // Ascend C emulates the copy through GM and the Matmul server only
  // (hardware.md §5.3); a kernel of its own has nobody to do the AIC half.
  fail("argument",
       std::string(api) + ": cannot copy " + memOfOperand(src) + " to " +
           memOfOperand(dst) +
           " with ND -> NZ on Ascend 910B/910C: the Unified Buffer belongs "
           "to the vector cores (AIV) and L1 to the cube core (AIC), and "
           "this core is " +
           (role_.aic ? "the AIC" : "an AIV") + " (kernel type " +
           kernelTypeName(role_.kernelType) +
           "); on the AIV copy the tile to GM (DataCopy or "
           "DataCopyPad) and raise a cross-core flag (CrossCoreSetFlag, mode "
           "2), and on the AIC wait for it (CrossCoreWaitFlag) and copy GM "
           "to L1 with DataCopy(dst, src, Nd2NzParams)",
       loc);
}

void Core::issueCube(std::shared_ptr<cube::CubeInstr> ci, Pipe pipe, Cost cost,
                     uint64_t seq, const char *api, Loc loc,
                     cube::CubeRuns &runs) {
  // The operands as (resolved start, runs, role), reads first.
  struct Opd {
    const uint8_t *start;
    const cube::Runs *runs;
    bool write;
    const char *role;
  };
  const char *srcRole = ci->kind == cube::CubeKind::Mmad      ? "A matrix"
                        : ci->kind == cube::CubeKind::Fixpipe ? "source"
                                                              : "source";
  const char *src1Role =
      ci->kind == cube::CubeKind::Mmad ? "B matrix" : "index";
  const char *src2Role = ci->kind == cube::CubeKind::Mmad ? "bias"
                         : ci->kind == cube::CubeKind::Load3D
                             ? "source (past the load boundary)"
                             : "quant workspace";
  Opd opds[] = {{ci->src, &runs.src, false, srcRole},
                {ci->src1, &runs.src1, false, src1Role},
                {ci->src2, &runs.src2, false, src2Role},
                {ci->dst, &runs.dst, true, "destination"}};
  Instr instr;
  instr.kind = InstrKind::Work;
  instr.pipe = pipe;
  instr.site.seq = seq;
  instr.site.loc = loc;
  instr.site.name = api;
  instr.cost = cost;
  for (const Opd &o : opds) {
    if (!o.start || o.runs->empty())
      continue;
    Mem m = mem_.memOf(o.start);
    uint64_t base = mem_.offsetOf(o.start, m);
    // LoadData and Mmad move whole fractals whose padding rows nobody
    // wrote (ND -> NZ leaves them): only writes and Fixpipe's L0C reads are
    // init-tracked (docs/simulator.md).
    bool initTracked = o.write || ci->kind == cube::CubeKind::Fixpipe;
    // Which L0B fractals LoadDataWithSparse wrote last (their index is
    // known): MmadWithSparse checks its B against them.
    if (o.write && m == Mem::L0B && !sparseLoaded_.empty())
      for (const cube::ByteRun &r : *o.runs)
        for (uint64_t f = (base + r.off) / cube::kFractalBytes;
             f * cube::kFractalBytes < base + r.off + r.len &&
             f < sparseLoaded_.size();
             ++f)
          sparseLoaded_[f] = ci->sparse ? 1 : 0;
    if (initTracked)
      for (const cube::ByteRun &r : *o.runs)
        trackInit(m, o.write, api, o.role, base + r.off, r.len, loc);
    if (race_) {
      const uint8_t atomic = o.write && ci->atomic
                                 ? atomicClass(ci->atomic, ci->atomicType)
                                 : uint8_t(0);
      rowRecords(instr.fp, m, base, *o.runs, o.write, atomic);
    }
    if (m == Mem::GM) {
      uint64_t lo = ~0ull, hi = 0;
      for (const cube::ByteRun &r : *o.runs) {
        lo = std::min<uint64_t>(lo, base + r.off);
        hi = std::max<uint64_t>(hi, base + r.off + r.len);
      }
      countGm(lo, hi, total(*o.runs), o.write);
    }
  }
  // A Mmad reads the L0C it accumulates into.
  if (ci->kind == cube::CubeKind::Mmad && cube::mmadAccumulates(ci->mmad)) {
    uint64_t base = mem_.offsetOf(ci->dst, Mem::L0C);
    for (const cube::ByteRun &r : runs.dst) {
      if (race_)
        instr.fp.emplace_back(Mem::L0C, base + r.off, base + r.off + r.len,
                              false);
    }
  }
  ci->writes = std::move(runs.dst); // the caller's last use of runs
  ci->stagingBytes = cube::extent(ci->writes);
  // The data movers, Mmad without bias and Fixpipe evaluate straight into
  // their destination when races raise (CubeInstr::direct; staging +
  // commit otherwise).
  if (race_ && race_->severity() == Severity::Error &&
      (ci->kind == cube::CubeKind::Nd2Nz ||
       (ci->kind == cube::CubeKind::LoadData && !ci->sparse) ||
       (ci->kind == cube::CubeKind::Mmad && !ci->mmad.sparse &&
        !ci->mmad.hasBias) ||
       (ci->kind == cube::CubeKind::Fixpipe && !ci->atomic))) {
    ci->direct = true;
    ci->stagingBytes = 0;
  }
  // Unit flags: the engine's toggle records (InstrKind::UnitWork); a staged
  // Fixpipe that waits reads L0C when it lands, after the Mmad it waits
  // for (it starts before that Mmad has landed).
  bool unitWaits = false;
  for (const cube::CubeInstr::UnitBlock &u : ci->unit)
    unitWaits |= u.after != 0;
  if (unitWaits || ci->unitToggles)
    instr.kind = InstrKind::UnitWork;
  if (unitWaits && ci->kind == cube::CubeKind::Fixpipe && !ci->direct)
    ci->late = true;
  if (ci->sparse) // the index, staged after the values
    ci->stagingBytes +=
        ci->stagingBytes / cube::kFractalBytes * cube::kSparseIdxBytes;
  ci->loc = loc;
  instr.work.kind = WorkKind::Cube;
  instr.work.dst = ci->dst;
  instr.work.cube = std::move(ci);
  issue(std::move(instr));
}

//===----------------------------------------------------------------------===//
// Into L1 / L0
//===----------------------------------------------------------------------===//

void Core::cubeNd2Nz(const Operand &dst, const Operand &src, DType type,
                     const Nd2NzDesc &d, Loc loc) {
  uint64_t seq = beginCall(loc);
  const char *api = "data_copy";
  if (memOfPosition(src.pos) == Mem::UB && memOfPosition(dst.pos) == Mem::L1)
    refuseUbToL1(api, dst, src, loc);
  requirePos(api, "source", src, {Mem::GM}, "GM", loc);
  // L1 on a cube core; UB (VECIN / VECCALC) on a vector core, which has no
  // L1 (hardware.md §0, §3.1: its MTE2 moves GM to UB only).
  requirePos(api, "destination", dst, {Mem::L1, Mem::UB},
             "L1 (A1, B1 or C1) or UB (VECIN, VECCALC)", loc);
  if (memOfPosition(dst.pos) == Mem::L1)
    requireAic("data_copy GM -> L1 (ND -> NZ)", loc);
  uint32_t es = dtypeSize(type);
  if (es > 4)
    fail("dtype",
         std::string(api) + ": ND -> NZ moves 1-, 2- or 4-byte elements, not " +
             dtypeName(type),
         loc);
  requireRange(api, "nd_num", d.ndNum, 0, 4095, loc);
  requireRange(api, "n_value", d.nValue, 0, 16384, loc);
  if (d.ndNum == 0 || d.nValue == 0 || d.dValue == 0)
    return;
  // The checker's ranges (ascendc_api.md "Nd2NzParams"); the verifier
  // checks constants, this the values known at run time.
  requireRange(api, "src_d_value", d.srcDValue, 1, 65535, loc);
  requireRange(api, "dst_nz_c0_stride", d.dstNzC0Stride, 1, 16384, loc);
  requireRange(api, "dst_nz_n_stride", d.dstNzNStride, 1, 16384, loc);
  // The distance between the NZ matrices is used only with more than one
  // (the Matmul passes 0 with nd_num 1), as the verifier reads it.
  if (d.ndNum > 1 && (d.dstNzMatrixStride < 1 || d.dstNzMatrixStride > 65535))
    fail("argument",
         std::string(api) +
             ": 'dst_nz_matrix_stride' must be in [1, 65535] when 'nd_num' "
             "is above 1 (it is unused with one matrix), got " +
             std::to_string(d.dstNzMatrixStride),
         loc);
  // The destination is written in 32-byte blocks from a 32-byte aligned
  // start (hardware.md §5.3), so every matrix must start on one too (the
  // DataCopyNd2NzOp verifier refuses constants with the same message).
  const uint64_t matrixBytes = static_cast<uint64_t>(d.dstNzMatrixStride) * es;
  if (d.ndNum > 1 && matrixBytes % 32 != 0)
    fail("alignment",
         std::string(api) + ": 'dst_nz_matrix_stride' is " +
             std::to_string(d.dstNzMatrixStride) + " " + dtypeName(type) +
             " elements (" + std::to_string(matrixBytes) +
             " bytes), which puts the NZ matrices after the first off the "
             "32-byte blocks the destination is written in (hardware.md "
             "§5.3); use a multiple of " +
             std::to_string(32 / es) + " elements",
         loc);
  auto ci = std::make_shared<cube::CubeInstr>();
  ci->kind = cube::CubeKind::Nd2Nz;
  ci->type = type;
  ci->nd = d;
  cube::CubeRuns runs = cube::planCube(*ci);
  Access sa{api, "source", false, type, false};
  Access da{api, "destination", true, type, true};
  da.cube = true;
  ci->src = mem_.resolve(src, 0, cube::extent(runs.src), sa, loc);
  ci->dst = mem_.resolve(dst, 0, cube::extent(runs.dst), da, loc);
  issueCube(std::move(ci), Pipe::MTE2,
            timing::gmToLocal(std::max(total(runs.src), total(runs.dst))), seq,
            api, loc, runs);
}

void Core::cubeNd2NzPad(const Operand &dst, const Operand &src, Loc loc) {
  beginCall(loc);
  const char *api = "data_copy_pad";
  requirePos(api, "source", src, {Mem::UB}, "UB (VECIN, VECOUT, VECCALC)", loc);
  requirePos(api, "destination", dst, {Mem::L1}, "L1 (A1, B1 or C1)", loc);
  refuseUbToL1(api, dst, src, loc);
}

void Core::cubeNz2Nd(const Operand &dst, const Operand &src, DType type,
                     const Nz2NdDesc &d, Loc loc) {
  uint64_t seq = beginCall(loc);
  const char *api = "data_copy";
  requirePos(api, "source", src, {Mem::UB}, "UB (VECOUT)", loc);
  requirePos(api, "destination", dst, {Mem::GM}, "GM", loc);
  uint32_t es = dtypeSize(type);
  if ((es != 2 && es != 4) || type == DType::F64)
    fail("dtype",
         std::string(api) +
             ": NZ -> ND moves int16, uint16, int32, uint32, float16, "
             "bfloat16 or float32, not " +
             dtypeName(type),
         loc);
  requireRange(api, "nd_num", d.ndNum, 0, 4095, loc);
  if (d.ndNum == 0)
    return;
  requireRange(api, "n_value", d.nValue, 1, 8192, loc);
  requireRange(api, "d_value", d.dValue, 1, 8192, loc);
  if (d.dValue % 16 != 0)
    fail("argument",
         std::string(api) + ": 'd_value' must be a multiple of 16, got " +
             std::to_string(d.dValue),
         loc);
  requireRange(api, "src_nd_matrix_stride", d.srcNdMatrixStride, 1, 512, loc);
  requireRange(api, "src_n_stride", d.srcNStride, 0, 4096, loc);
  requireRange(api, "dst_d_stride", d.dstDStride, 1, 65535, loc);
  requireRange(api, "dst_nd_matrix_stride", d.dstNdMatrixStride, 1, 65535, loc);
  auto ci = std::make_shared<cube::CubeInstr>();
  ci->kind = cube::CubeKind::Nz2Nd;
  ci->type = type;
  ci->nz = d;
  cube::CubeRuns runs = cube::planCube(*ci);
  Access sa{api, "source", false, type, false};
  Access da{api, "destination", true, type, false};
  ci->src = mem_.resolve(src, 0, cube::extent(runs.src), sa, loc);
  ci->dst = mem_.resolve(dst, 0, cube::extent(runs.dst), da, loc);
  issueCube(std::move(ci), Pipe::MTE3, timing::localToGm(total(runs.dst)), seq,
            api, loc, runs);
}

void Core::cubeLoadData(const Operand &dst, const Operand &src,
                        const Operand &idx, DType type, const LoadData2DDesc &d,
                        Loc loc) {
  uint64_t seq = beginCall(loc);
  if (d.form == LoadForm::Sparse) {
    cubeLoadSparse(dst, src, idx, type, d, loc, seq);
    return;
  }
  bool transposeForm =
      d.form == LoadForm::Transpose || d.form == LoadForm::TransposeV2;
  const char *api = transposeForm ? "load_data_with_transpose" : "load_data";
  requireAic(api, loc);
  Mem sm = memOfPosition(src.pos), dm = memOfPosition(dst.pos);
  bool fromGm = sm == Mem::GM;
  if (fromGm)
    requirePos(api, "destination", dst, {Mem::L0A, Mem::L0B, Mem::L1},
               "L0A (A2), L0B (B2) or L1 (A1/B1)", loc);
  else
    requirePos(api, "source", src, {Mem::L1}, "L1 (A1/B1) or GM", loc);
  if (!fromGm)
    requirePos(api, "destination", dst, {Mem::L0A, Mem::L0B},
               "L0A (A2) or L0B (B2)", loc);
  if (d.form == LoadForm::PlainV2)
    fail("argument",
         std::string(api) +
             ": LoadData2DParamsV2 is not available on Ascend 910B/910C "
             "(A2/A3)",
         loc);
  if (d.form == LoadForm::Plain)
    requireReserved2D(api, d, loc);
  uint32_t es = dtypeSize(type);
  if (es > 4)
    fail("dtype", std::string(api) + ": cannot move " + dtypeName(type), loc);
  if (d.ifTranspose && (fromGm || es != 2))
    fail("argument",
         std::string(api) +
             ": if_transpose needs 16-bit data moved from L1 to L0A/L0B, got " +
             dtypeName(type) + (fromGm ? " from GM" : ""),
         loc);
  if (transposeForm && fromGm)
    fail("argument", std::string(api) + ": the source must be in L1, not GM",
         loc);
  if (d.repeatTimes == 0)
    return; // NOP (hardware.md §6.2)
  auto ci = std::make_shared<cube::CubeInstr>();
  ci->kind = cube::CubeKind::LoadData;
  ci->type = type;
  ci->load = d;
  ci->srcGm = fromGm;
  cube::CubeRuns runs = cube::planCube(*ci);
  Access sa{api, "source", false, type, false};
  sa.cube = true;
  Access da{api, "destination", true, type, true};
  da.cube = true;
  ci->src = mem_.resolve(src, 0, cube::extent(runs.src), sa, loc);
  ci->dst = mem_.resolve(dst, 0, cube::extent(runs.dst), da, loc);
  (void)idx;
  uint64_t bytes = total(runs.dst);
  Cost cost = fromGm ? timing::gmToLocal(bytes)
                     : timing::l1ToL0(bytes, dm == Mem::L0B, false);
  issueCube(std::move(ci), fromGm ? Pipe::MTE2 : Pipe::MTE1, cost, seq, api,
            loc, runs);
}

void Core::cubeLoadSparse(const Operand &dst, const Operand &src,
                          const Operand &idx, DType type,
                          const LoadData2DDesc &d, Loc loc, uint64_t seq) {
  const char *api = "load_data_with_sparse";
  requireAic(api, loc);
  requirePos(api, "source", src, {Mem::L1}, "L1 (B1)", loc);
  requirePos(api, "index", idx, {Mem::L1}, "L1 (B1)", loc);
  requirePos(api, "destination", dst, {Mem::L0B}, "L0B (B2)", loc);
  if (type != DType::I8)
    fail("dtype",
         std::string(api) + ": the weights must be int8, got " +
             dtypeName(type),
         loc);
  if (d.idxType != DType::U8)
    fail("dtype",
         std::string(api) +
             ": the index must be uint8 (four 2-bit fields a byte), got " +
             dtypeName(d.idxType),
         loc);
  requireReserved2D(api, d, loc);
  if (d.ifTranspose)
    fail("argument",
         std::string(api) + ": the sparse load does not transpose; "
                            "'if_transpose' must be false",
         loc);
  if (d.repeatTimes == 0)
    return; // NOP
  auto ci = std::make_shared<cube::CubeInstr>();
  ci->kind = cube::CubeKind::LoadData;
  ci->type = type;
  ci->load = d;
  ci->sparse = true;
  cube::CubeRuns runs = cube::planCube(*ci);
  Access sa{api, "source", false, type, false};
  sa.cube = true;
  Access ia{api, "index", false, DType::U8, false};
  ia.cube = true;
  Access da{api, "destination", true, type, true};
  da.cube = true;
  ci->src = mem_.resolve(src, 0, cube::extent(runs.src), sa, loc);
  ci->src1 = mem_.resolve(idx, 0, cube::extent(runs.src1), ia, loc);
  ci->dst = mem_.resolve(dst, 0, cube::extent(runs.dst), da, loc);
  uint64_t base = mem_.offsetOf(ci->dst, Mem::L0B);
  ci->sparseIdx = sparseIndexStore(base);
  // Cost: the values and the index through the L0B write port.
  uint64_t bytes = total(runs.dst) + total(runs.src1);
  issueCube(std::move(ci), Pipe::MTE1, timing::l1ToL0(bytes, true, false), seq,
            api, loc, runs);
}

uint8_t *Core::sparseIndexStore(uint64_t l0bOffset) {
  if (sparseIdx_.empty()) {
    uint64_t fractals = (64u << 10) / cube::kFractalBytes; // L0B: 64 KiB
    sparseIdx_.assign(fractals * cube::kSparseIdxBytes, 0);
    sparseLoaded_.assign(fractals, 0);
  }
  return sparseIdx_.data() +
         l0bOffset / cube::kFractalBytes * cube::kSparseIdxBytes;
}

void Core::cubeLoad3D(const Operand &dst, const Operand &src, DType type,
                      const Load3DDesc &d, Loc loc) {
  uint64_t seq = beginCall(loc);
  const char *api = "load_data";
  requireAic(api, loc);
  requirePos(api, "source", src, {Mem::L1}, "L1 (A1/B1)", loc);
  requirePos(api, "destination", dst, {Mem::L0A, Mem::L0B},
             "L0A (A2) or L0B (B2)", loc);
  if (d.v1)
    fail("argument",
         std::string(api) +
             ": Ascend 910B/910C (A2/A3) have no LoadData taking "
             "LoadData3DParamsV1; use LoadData3DParamsV2",
         loc);
  if (d.enSmallK || d.fMatrixCtrl)
    fail("argument",
         std::string(api) + ": Ascend 910B/910C (A2/A3) " +
             (d.enSmallK ? "do not support the small-K mode: 'en_small_k'"
                         : "do not support the fmatrix control bit: "
                           "'f_matrix_ctrl'") +
             " must be false (ascendc_api.md, LoadData 3D)",
         loc);
  if (d.enTranspose &&
      (memOfPosition(dst.pos) != Mem::L0A || type != DType::F16))
    fail("argument",
         std::string(api) +
             ": 'en_transpose' needs a float16 destination in A2 (L0A), but "
             "it is " +
             dtypeName(type) + " in " + memOfOperand(dst),
         loc);
  uint32_t es = dtypeSize(type);
  if (es > 4 || type == DType::I16 || type == DType::U16)
    fail("dtype",
         std::string(api) +
             ": the 3-D load moves int8, uint8, float16, "
             "bfloat16, int32, uint32 or float32, not " +
             dtypeName(type),
         loc);
  Load3DDesc eff = d;
  // The feature-map and padding registers: set from the parameters (the
  // default IsResetLoad3dConfig of a LoadData3DParamsV2 load) or read.
  if (d.setFmatrix) {
    requireRange(api, "l1_h", d.l1H, 1, 32767, loc);
    requireRange(api, "l1_w", d.l1W, 1, 32767, loc);
    fmatrix_.valid = true;
    fmatrix_.l1H = d.l1H;
    fmatrix_.l1W = d.l1W;
    for (int i = 0; i < 4; ++i)
      fmatrix_.pad[i] = d.padList[i];
  } else {
    if (!fmatrix_.valid)
      fail("argument",
           std::string(api) +
               ": this 3-D load takes the feature map (l1_h, l1_w, pad_list) "
               "from the register that a load_data with LoadData3DParamsV2 "
               "(or Ascend C's SetFmatrix) sets, and none has set it yet",
           loc);
    eff.l1H = fmatrix_.l1H;
    eff.l1W = fmatrix_.l1W;
    for (int i = 0; i < 4; ++i)
      eff.padList[i] = fmatrix_.pad[i];
  }
  if (d.setPadding) {
    padValue_ = d.padValue;
    padTyped_ = false;
  } else {
    // The register holds the value's bits, so a value of another size, or
    // of the same size but another kind (int16 for float16, float16 for
    // bfloat16), would pad with something else than was set. Signedness
    // alone keeps the bits' meaning modulo 2^n and is accepted.
    bool sameKind = vm::isFloat(padType_) == vm::isFloat(type) &&
                    (!vm::isFloat(type) || padType_ == type);
    if (padTyped_ && (dtypeSize(padType_) != es || !sameKind))
      fail("dtype",
           std::string(api) + ": the padding register holds a " +
               dtypeName(padType_) +
               " value (set_load_data_padding_value), but the load moves " +
               dtypeName(type) + "; set a " + dtypeName(type) + " value",
           loc);
    uint64_t mask = es == 4 ? 0xFFFFFFFFull : (1ull << (8 * es)) - 1;
    eff.padValue = padValue_ & mask;
  }
  requireRange(api, "stride_w", eff.strideW, 1, 63, loc);
  requireRange(api, "stride_h", eff.strideH, 1, 63, loc);
  // ascendc_api.md (LoadData 3D): the window starts on a C0 block, and a
  // 16-bit feature map's channels fill whole 16-channel blocks plus at most
  // one of 4 or 8.
  const uint32_t k0 = 32 / es;
  if (eff.kStartPt % k0 != 0)
    fail("argument",
         std::string(api) + ": 'k_start_pt' must be a multiple of " +
             std::to_string(k0) + " (K0, 32 bytes of " + dtypeName(type) +
             "), got " + std::to_string(eff.kStartPt),
         loc);
  const uint32_t tail = eff.channelSize % 16;
  if (es == 2 && !(tail == 0 || tail == 4 || tail == 8))
    fail("argument",
         std::string(api) + ": 'channel_size' of a " + dtypeName(type) +
             " load must be 4, 8, 16 N, 16 N + 4 or 16 N + 8 (ascendc_api.md, "
             "LoadData 3D), got " +
             std::to_string(eff.channelSize),
         loc);
  requireRange(api, "dilation_filter_w", eff.dilationW, 1, 255, loc);
  requireRange(api, "dilation_filter_h", eff.dilationH, 1, 255, loc);
  // Not a NOP like a zero Mmad size: the spec's range starts at 1.
  requireRange(api, "k_extension", eff.kExtension, 1, 65535, loc);
  requireRange(api, "m_extension", eff.mExtension, 1, 65535, loc);
  // filter_size_w/h are the ninth bit of the filter sizes.
  eff.filterW = d.filterW + (d.filterSizeW ? 256u : 0u);
  eff.filterH = d.filterH + (d.filterSizeH ? 256u : 0u);
  if (eff.filterW == 0 || eff.filterH == 0)
    fail("argument", std::string(api) + ": the filter size must be positive",
         loc);
  auto ci = std::make_shared<cube::CubeInstr>();
  ci->kind = cube::CubeKind::Load3D;
  ci->type = type;
  ci->load3d = eff;
  ci->target = memOfPosition(dst.pos) == Mem::L0A ? cube::Load3DTarget::L0A
                                                  : cube::Load3DTarget::L0B;
  ci->repeatTime = std::max<uint32_t>(1, repeatTime_);
  ci->repeatStride = repeatStride_;
  ci->repeatMode = repeatMode_;
  cube::CubeRuns runs = cube::planCube(*ci);
  Access sa{api, "source", false, type, false};
  sa.cube = true;
  Access da{api, "destination", true, type, false};
  da.cube = true;
  // SetLoadDataBoundary: the feature map's bytes at or past the boundary
  // are read from L1 byte (address mod boundary) (sim/CUBE.md).
  uint64_t hull = cube::extent(runs.src);
  if (boundary_ != 0 && src.addr + hull > boundary_) {
    if (src.addr >= boundary_)
      fail("argument",
           std::string(api) + ": the feature map starts at L1 byte " +
               std::to_string(src.addr) + ", at or past the load boundary " +
               std::to_string(boundary_) + " (set_load_data_boundary)",
           loc);
    uint64_t inside = boundary_ - src.addr;
    uint64_t wrapped = std::min<uint64_t>(hull - inside, boundary_);
    runs.src = {{0, inside}};
    runs.src2 = {{0, wrapped}};
    ci->boundary = boundary_;
    ci->srcL1 = src.addr;
    Access wa{api, "source (past the load boundary)", false, type, false};
    wa.cube = true;
    ci->src2 =
        mem_.resolve(Operand{0, boundary_, src.pos}, 0, wrapped, wa, loc);
  }
  ci->src = mem_.resolve(src, 0, cube::extent(runs.src), sa, loc);
  ci->dst = mem_.resolve(dst, 0, cube::extent(runs.dst), da, loc);
  Cost cost = timing::l1ToL0(cube::extent(runs.dst),
                             memOfPosition(dst.pos) == Mem::L0B, true);
  issueCube(std::move(ci), Pipe::MTE1, cost, seq, api, loc, runs);
}

void Core::cubeInitConst(const Operand &dst, DType type, const InitConstDesc &d,
                         Loc loc) {
  uint64_t seq = beginCall(loc);
  const char *api = "init_const_value";
  requireAic(api, loc);
  requirePos(api, "destination", dst, {Mem::L1, Mem::L0A, Mem::L0B},
             "L1 (A1/B1), L0A (A2) or L0B (B2)", loc);
  if (type != DType::F16 && type != DType::BF16 && type != DType::F32 &&
      type != DType::I16 && type != DType::U16 && type != DType::I32 &&
      type != DType::U32)
    fail("dtype",
         std::string(api) + ": fills 16- or 32-bit elements, not " +
             dtypeName(type),
         loc);
  requireRange(api, "repeat_times", d.repeatTimes, 0, 32767, loc);
  requireRange(api, "block_num", d.blockNum, 0, 32767, loc);
  requireRange(api, "dst_gap", d.dstGap, 0, 32767, loc);
  if (d.repeatTimes == 0 || d.blockNum == 0)
    return;
  Mem dm = memOfPosition(dst.pos);
  auto ci = std::make_shared<cube::CubeInstr>();
  ci->kind = cube::CubeKind::InitConst;
  ci->type = type;
  ci->init = d;
  ci->l0Blocks = isL0ab(dm);
  cube::CubeRuns runs = cube::planCube(*ci);
  Access da{api, "destination", true, type, true};
  da.cube = true;
  ci->dst = mem_.resolve(dst, 0, cube::extent(runs.dst), da, loc);
  issueCube(std::move(ci), Pipe::MTE1,
            timing::initConst(total(runs.dst), dm == Mem::L0B), seq, api, loc,
            runs);
}

void Core::cubeBiasLoad(const Operand &dst, const Operand &src, DType srcType,
                        uint32_t count, Loc loc) {
  uint64_t seq = beginCall(loc);
  const char *api = "data_copy";
  requireAic(api, loc);
  requirePos(api, "source", src, {Mem::L1}, "L1 (C1)", loc);
  requirePos(api, "destination", dst, {Mem::BT}, "the BiasTable (C2)", loc);
  if (srcType != DType::F16 && srcType != DType::BF16)
    fail("dtype",
         std::string(api) +
             ": L1 -> BiasTable converts a half or bfloat16 "
             "source to float32, not " +
             dtypeName(srcType),
         loc);
  if (count == 0)
    return;
  auto ci = std::make_shared<cube::CubeInstr>();
  ci->kind = cube::CubeKind::BiasLoad;
  ci->type = srcType;
  ci->count = count;
  cube::CubeRuns runs = cube::planCube(*ci);
  Access sa{api, "source", false, srcType, true};
  sa.cube = true;
  Access da{api, "destination", true, DType::F32, true};
  da.cube = true;
  ci->src = mem_.resolve(src, 0, cube::extent(runs.src), sa, loc);
  ci->dst = mem_.resolve(dst, 0, cube::extent(runs.dst), da, loc);
  issueCube(std::move(ci), Pipe::MTE1,
            timing::l1ToL0(cube::extent(runs.dst), false, false), seq, api, loc,
            runs);
}

//===----------------------------------------------------------------------===//
// UnitFlag
//===----------------------------------------------------------------------===//

void Core::applyUnitFlag(cube::CubeInstr &ci, uint8_t mode, bool mmad,
                         uint64_t base, const cube::Runs &runs, uint64_t seq,
                         const char *api, Loc loc) {
  constexpr uint64_t kBlock = 512; // one flag bit per 512-B L0C block
  if (unitBits_.empty())
    unitBits_.resize((128u << 10) / kBlock);
  // The blocks it touches, in the order of its runs, each once.
  std::array<uint64_t, 4> seen{};
  ci.unit.clear();
  for (const cube::ByteRun &r : runs) {
    if (r.len == 0)
      continue;
    for (uint64_t b = (base + r.off) / kBlock;
         b <= (base + r.off + r.len - 1) / kBlock; ++b) {
      if (seen[b / 64] >> (b % 64) & 1)
        continue;
      seen[b / 64] |= uint64_t(1) << (b % 64);
      ci.unit.push_back({static_cast<uint16_t>(b), 0});
    }
  }
  auto bytes = [&](uint64_t b) {
    return "L0C bytes [" + std::to_string(b * kBlock) + ", " +
           std::to_string((b + 1) * kBlock) + ")";
  };
  const std::string self =
      std::string(api) + " with unit_flag " + std::to_string(mode);
  // Program order decides (the hardware's bits would): a Mmad waits for
  // bit 0 of each block, a Fixpipe for bit 1.
  for (cube::CubeInstr::UnitBlock &u : ci.unit) {
    const UnitBit &bit = unitBits_[u.block];
    if (mmad && bit.set)
      fail("sync",
           self + " writes " + bytes(u.block) + ", whose unit flag the " +
               bit.api + " at " + formatLoc(bit.loc) +
               " set (unit_flag 3) and no fixpipe with unit_flag 3 has "
               "cleared since: on the NPU this mmad would wait for a fixpipe "
               "issued after it, which the simulator's program order cannot "
               "model; issue the fixpipe with unit_flag 3 that reads the "
               "block before this mmad, or write another L0C buffer",
           loc, {makeNote("the mmad that set the unit flag", bit.loc)});
    if (!mmad && !bit.set) {
      std::string why =
          bit.seq == 0
              ? std::string("no mmad with unit_flag 3 has written them")
              : "the " + std::string(bit.api) + " at " + formatLoc(bit.loc) +
                    " cleared it (unit_flag 3) and no mmad with unit_flag 3 "
                    "has written them since";
      std::vector<Note> notes;
      if (bit.seq != 0)
        notes.push_back(
            makeNote("the fixpipe that cleared the unit flag", bit.loc));
      fail("deadlock",
           "deadlock: " + self +
               " in PIPE_FIX waits forever for the unit "
               "flag of " +
               bytes(u.block) + ": " + why +
               "; give the last mmad that writes them unit_flag 3 (or use "
               "unit_flag 0 and set_flag/wait_flag(PIPE_M, PIPE_FIX)); the "
               "kernel would hang on the NPU",
           loc, std::move(notes));
    }
    // What it waits for: a Fixpipe the Mmad's toggle (bit 1), a Mmad the
    // Fixpipe's toggle that cleared the bit (none if never toggled).
    u.after = bit.seq;
  }
  if (mode != 3)
    return;
  ci.unitToggles = true;
  for (const cube::CubeInstr::UnitBlock &u : ci.unit)
    unitBits_[u.block] = {mmad, seq, api, loc};
}

//===----------------------------------------------------------------------===//
// Mmad
//===----------------------------------------------------------------------===//

void Core::cubeMmad(const Operand &dst, const Operand &a, const Operand &b,
                    const Operand &bias, const MmadDesc &d, Loc loc) {
  uint64_t seq = beginCall(loc);
  const char *api = d.sparse ? "mmad_with_sparse" : "mmad";
  requireAic(api, loc);
  requirePos(api, "destination", dst, {Mem::L0C}, "L0C (CO1)", loc);
  requirePos(api, "A matrix", a, {Mem::L0A}, "L0A (A2)", loc);
  requirePos(api, "B matrix", b, {Mem::L0B}, "L0B (B2)", loc);
  if (d.hasBias)
    requirePos(api, "bias", bias, {Mem::BT}, "the BiasTable (C2)", loc);
  // Type combinations of A2/A3 (hardware.md §6.3).
  bool ok = (d.a == DType::F16 && d.b == DType::F16 && d.dst == DType::F32) ||
            (d.a == DType::BF16 && d.b == DType::BF16 && d.dst == DType::F32) ||
            (d.a == DType::F32 && d.b == DType::F32 && d.dst == DType::F32) ||
            (d.a == DType::I8 && d.b == DType::I8 && d.dst == DType::I32);
  if (d.sparse &&
      !(d.a == DType::I8 && d.b == DType::I8 && d.dst == DType::I32))
    fail("dtype",
         std::string(api) + ": " + dtypeName(d.a) + " x " + dtypeName(d.b) +
             " -> " + dtypeName(d.dst) +
             " is not a sparse cube type combination; the sparse Mmad is "
             "int8 x int8 -> int32",
         loc);
  if (!ok)
    fail("dtype",
         std::string(api) + ": " + dtypeName(d.a) + " x " + dtypeName(d.b) +
             " -> " + dtypeName(d.dst) +
             " is not a cube type combination of A2/A3; use float16 x "
             "float16 -> float32, bfloat16 x bfloat16 -> float32, float32 x "
             "float32 -> float32 or int8 x int8 -> int32",
         loc);
  if (d.hasBias && d.bias != d.dst)
    fail("dtype",
         std::string(api) + ": the bias of a " + dtypeName(d.dst) +
             " result must be " + dtypeName(d.dst) + ", got " +
             dtypeName(d.bias),
         loc);
  requireRange(api, "m", d.m, 0, 4095, loc);
  requireRange(api, "n", d.n, 0, 4095, loc);
  requireRange(api, "k", d.k, 0, 4095, loc);
  if (d.unitFlag != 0 && d.unitFlag != 2 && d.unitFlag != 3)
    fail("argument",
         std::string(api) + ": 'unit_flag' must be 0, 2 or 3, got " +
             std::to_string(d.unitFlag),
         loc);
  // cmatrixSource starts C from the BiasTable: without a bias operand there
  // is no bias address, and the NPU would read whatever BT holds.
  if (!d.hasBias && d.cmatrixSource)
    fail("argument",
         std::string(api) +
             ": 'cmatrix_source' is true, which starts C from the bias in "
             "the BiasTable (C2), but no bias was given; pass it, mmad(dst, "
             "fm, filter, bias, params), or leave cmatrix_source False (C "
             "starts from 0, or from CO1 with cmatrix_init_val=False)",
         loc);
  if (d.m == 0 || d.n == 0 || d.k == 0)
    return; // NOP (hardware.md §6.3)
  if (dst.addr % cube::kL0cFractalBytes != 0)
    fail("alignment",
         std::string(api) + ": the destination L0C address " +
             std::to_string(dst.addr) +
             " is not 1024-byte aligned (an Mmad writes whole 16x16 float32 "
             "fractals; hardware.md §2.2)",
         loc);
  auto ci = std::make_shared<cube::CubeInstr>();
  ci->kind = cube::CubeKind::Mmad;
  ci->mmad = d;
  ci->mmad.hf32 =
      d.a == DType::F32 && sys_.hf32Mode ? (sys_.hf32TransMode ? 2 : 1) : 0;
  cube::CubeRuns runs = cube::planCube(*ci);
  Access aa{api, "A matrix", false, d.a, false};
  aa.cube = true;
  Access ba{api, "B matrix", false, d.b, false};
  ba.cube = true;
  Access ca{api, "destination", true, d.dst, false};
  ca.cube = true;
  ci->src = mem_.resolve(a, 0, cube::extent(runs.src), aa, loc);
  ci->src1 = mem_.resolve(b, 0, cube::extent(runs.src1), ba, loc);
  if (d.hasBias) {
    Access bia{api, "bias", false, d.bias, false};
    bia.cube = true;
    ci->src2 = mem_.resolve(bias, 0, cube::extent(runs.src2), bia, loc);
  }
  ci->dst = mem_.resolve(dst, 0, cube::extent(runs.dst), ca, loc);
  if (d.sparse) {
    // B's fractals must hold what LoadDataWithSparse loaded: their index.
    uint64_t base = mem_.offsetOf(ci->src1, Mem::L0B);
    ci->sparseIdx = sparseIndexStore(base);
    uint64_t end = base + cube::extent(runs.src1);
    for (uint64_t f = base / cube::kFractalBytes; f * cube::kFractalBytes < end;
         ++f)
      if (!sparseLoaded_[f])
        fail("argument",
             std::string(api) + ": the B matrix's L0B bytes [" +
                 std::to_string(f * cube::kFractalBytes) + ", " +
                 std::to_string((f + 1) * cube::kFractalBytes) +
                 ") were not written by load_data_with_sparse, so they "
                 "have no sparse index; load B with load_data_with_sparse "
                 "(ceil(k / 64) * ceil(n / 16) fractals)",
             loc);
  }
  // Back-to-back Mmads into the same L0C: the hardware orders them only
  // when ceil(m/16) * ceil(n/16) >= 10 (hardware.md §3.3, Mmad.md).
  uint64_t start = dst.addr, end = dst.addr + cube::extent(runs.dst);
  uint64_t fractals = ((d.m + 15) / 16) * ((d.n + 15) / 16);
  if (lastMmad_.valid && cube::mmadAccumulates(d) && start < lastMmad_.end &&
      lastMmad_.start < end && fractals < 10)
    fail("sync",
         std::string(api) + " accumulates into L0C[" + std::to_string(start) +
             ", " + std::to_string(end) +
             ") that the previous mmad writes, with no pipe_barrier(PIPE_M) "
             "between them: with ceil(m/16) * ceil(n/16) = " +
             std::to_string(fractals) +
             " < 10 fractals the hardware does not order the two "
             "(hardware.md §3.3)",
         loc, {makeNote("the previous mmad", lastMmad_.loc)});
  lastMmad_ = {true, start, end, loc};
  if (d.unitFlag != 0)
    applyUnitFlag(*ci, d.unitFlag, true, mem_.offsetOf(ci->dst, Mem::L0C),
                  runs.dst, seq, api, loc);
  // The sparse Mmad computes the stored half of K (sim/CUBE.md).
  uint32_t kEff = d.sparse ? (d.k + 1) / 2 : d.k;
  issueCube(std::move(ci), Pipe::M, timing::mmad(d.m, d.n, kEff, d.a), seq, api,
            loc, runs);
}

//===----------------------------------------------------------------------===//
// Fixpipe
//===----------------------------------------------------------------------===//

void Core::cubeCo12Copy(const Operand &dst, const Operand &src,
                        const FixpipeDesc &d, Loc loc) {
  FixpipeDesc with = d;
  with.deqScalar = preQuant_;
  if (cube::vectorQuant(d.quant))
    fail("argument",
         std::string("data_copy: quant mode ") + cube::quantModeName(d.quant) +
             " reads per-channel scales from a cbuf workspace; use fixpipe "
             "with a workspace",
         loc);
  cubeFixpipe(dst, src, Operand{0, 0, 0}, with, loc, "data_copy");
}

void Core::cubeFixpipe(const Operand &dst, const Operand &src,
                       const Operand &workspace, const FixpipeDesc &d, Loc loc,
                       const char *api) {
  uint64_t seq = beginCall(loc);
  // Fixpipe loads the register from its params in the scalar modes only:
  // elsewhere deqScalar is unused (uninitialised in C++) and the register
  // keeps what SetFixpipePreQuantFlag wrote.
  if (d.quant == cube::kDeqF16 || d.quant == cube::kQF322B8Pre ||
      d.quant == cube::kReq8)
    preQuant_ = d.deqScalar;
  requireAic(api, loc);
  requirePos(api, "source", src, {Mem::L0C}, "L0C (CO1)", loc);
  requirePos(api, "destination", dst, {Mem::GM, Mem::L1}, "GM or L1 (A1/B1/C1)",
             loc);
  if (d.src != DType::F32 && d.src != DType::I32)
    fail("dtype",
         std::string(api) + ": L0C holds float32 or int32, not " +
             dtypeName(d.src),
         loc);
  if (d.quant > cube::kVReq8) {
    // A run-time quant_pre (a constant one is refused at compile time with
    // the same words): name the value and the members.
    std::string members;
    for (uint8_t q = 0; q <= cube::kVReq8; ++q)
      members += std::string(q ? ", " : "") + cube::quantModeName(q) + " (" +
                 std::to_string(q) + ")";
    fail("argument",
         std::string(api) + ": 'quant_pre' must be an asc.QuantModes: one of " +
             members + "; got " + std::to_string(d.quant),
         loc);
  }
  std::string allowed;
  if (!cube::quantPairOk(d.quant, d.src, d.dst, allowed))
    fail("dtype",
         std::string(api) + ": quant mode " + cube::quantModeName(d.quant) +
             " cannot convert " + dtypeName(d.src) + " to " + dtypeName(d.dst) +
             "; it converts " + allowed,
         loc);
  requireRange(api, "n_size", d.nSize, 0, 4095, loc);
  requireRange(api, "m_size", d.mSize, 0, d.nz ? 65535 : 8192, loc);
  requireRange(api, "src_nd_stride", d.srcNdStride, 0, 512, loc);
  if (d.unitFlag != 0 && d.unitFlag != 2 && d.unitFlag != 3)
    fail("argument",
         std::string(api) + ": 'unit_flag' must be 0, 2 or 3, got " +
             std::to_string(d.unitFlag),
         loc);
  if (d.ndNum == 0 || d.nSize == 0 || d.mSize == 0)
    return;
  if (d.channelSplit && (d.src != DType::F32 || d.dst != DType::F32 || !d.nz))
    fail("argument",
         std::string(api) +
             ": is_channel_split splits float32 fractals into 16x8 ones; it "
             "needs float32 -> float32 and CFG_NZ",
         loc);
  if (d.nz && d.nSize % (d.channelSplit ? 8 : 16) != 0)
    fail("argument",
         std::string(api) + ": with CFG_NZ 'n_size' must be a multiple of " +
             (d.channelSplit ? "8" : "16") + ", got " + std::to_string(d.nSize),
         loc);
  if (d.nz && d.dstStride == 0)
    fail("argument",
         std::string(api) +
             ": 'dst_stride' (32-byte units between the NZ column blocks) "
             "must not be 0 (ascendc_api.md §6.4): the column blocks would "
             "overwrite each other",
         loc);
  // ascendc_api.md §6.4: quant params must not be inf/NaN/denormal. The
  // scalar modes' scale is known here; the vector modes' words are in L1,
  // checked when the Fixpipe reads them (cube::checkQuantWords).
  if (d.quant == cube::kDeqF16 || d.quant == cube::kQF322B8Pre ||
      d.quant == cube::kReq8) {
    const uint32_t bits = static_cast<uint32_t>(d.deqScalar);
    float scale;
    std::memcpy(&scale, &bits, sizeof scale);
    const std::string bad = cube::badQuantScale(scale);
    if (!bad.empty())
      fail("argument",
           std::string(api) + ": the " + cube::quantModeName(d.quant) +
               " scale, the low 32 bits of the " +
               (std::string(api) == "data_copy"
                    ? "pre-quant register (set_fix_pipe_pre_quant_flag)"
                    : "deq_scalar") +
               " as float32, is " + bad +
               "; it must be zero or a finite normal float (ascendc_api.md "
               "§6.4)",
           loc);
  }
  if (d.srcStride < d.mSize)
    fail("argument",
         std::string(api) + ": 'src_stride' (" + std::to_string(d.srcStride) +
             " rows between the L0C fractal columns) is smaller than "
             "'m_size' (" +
             std::to_string(d.mSize) +
             "): the columns would overlap; use ceil(m_size / 16) * 16",
         loc);
  if (!d.nz && d.dstStride < d.nSize)
    fail("argument",
         std::string(api) + ": 'dst_stride' (" + std::to_string(d.dstStride) +
             " elements per output row) is smaller than 'n_size' (" +
             std::to_string(d.nSize) + ")",
         loc);
  if (cube::vectorQuant(d.quant) && !d.hasWorkspace)
    fail("argument",
         std::string(api) + ": quant mode " + cube::quantModeName(d.quant) +
             " reads one scale per channel from a cbuf workspace in L1; pass "
             "it (fixpipe(dst, src, workspace, params))",
         loc);
  if (d.hasWorkspace)
    requirePos(api, "quant workspace", workspace, {Mem::L1}, "L1 (A1/B1/C1)",
               loc);
  bool toGm = memOfPosition(dst.pos) == Mem::GM;
  // NZ rows are whole 32-byte blocks: in GM they start on one of the
  // array's (ascendc_api.md alignment table; an ND output starts anywhere).
  // Relative to the array, as host arrays are only 16-byte aligned (and
  // not checked where no arrays are registered).
  if (toGm && d.nz) {
    const GmRegion *r = mem_.gm().find(dst.addr);
    const uint64_t into = r ? dst.addr - r->address : 0;
    if (into % 32 != 0)
      fail("alignment",
           std::string(api) +
               ": an NZ output to GM starts on a 32-byte block of its array "
               "(ascendc_api.md: Fixpipe NZ dst 32 B), but the destination "
               "is " +
               std::to_string(into) + " bytes into it",
           loc);
  }
  auto ci = std::make_shared<cube::CubeInstr>();
  ci->kind = cube::CubeKind::Fixpipe;
  ci->fix = d;
  // SetAtomicAdd/Max/Min: a Fixpipe to GM accumulates like an MTE3 store
  // (ascendc_api.md §5.13: "subsequent UB/L0C/L1->GM copies accumulate").
  if (toGm && vecRegs_.atomic != AtomicKind::None) {
    if (vecRegs_.atomicType != d.dst)
      fail("dtype",
           std::string(api) + ": the atomic store is configured for " +
               dtypeName(vecRegs_.atomicType) +
               " (SetAtomicAdd/Max/Min<T>), but the Fixpipe writes " +
               dtypeName(d.dst) + "; configure the output's type",
           loc);
    ci->atomic = static_cast<uint8_t>(vecRegs_.atomic);
    ci->atomicType = d.dst;
    if (vm::isFloat(d.dst))
      orderFloatAtomics(loc);
  }
  ci->fix.hasWorkspace = d.hasWorkspace && cube::vectorQuant(d.quant);
  cube::CubeRuns runs = cube::planCube(*ci);
  Access sa{api, "source", false, d.src, false};
  sa.cube = true;
  Access da{api, "destination", true, d.dst, false};
  da.cube = !toGm; // L1: 32-byte aligned start
  ci->src = mem_.resolve(src, 0, cube::extent(runs.src), sa, loc);
  if (ci->fix.hasWorkspace) {
    Access wa{api, "quant workspace", false, DType::U64, true};
    wa.cube = true;
    ci->src2 = mem_.resolve(workspace, 0, cube::extent(runs.src2), wa, loc);
  }
  ci->dst = mem_.resolve(dst, 0, cube::extent(runs.dst), da, loc);
  if (d.unitFlag != 0)
    applyUnitFlag(*ci, d.unitFlag, false, mem_.offsetOf(ci->src, Mem::L0C),
                  runs.src, seq, api, loc);
  issueCube(std::move(ci), Pipe::FIX,
            timing::fixpipe(total(runs.src), total(runs.dst), toGm), seq, api,
            loc, runs);
}

void Core::cubeControl(CubeCtl what, uint64_t a, uint64_t b, Loc loc) {
  beginCall(loc);
  (void)b;
  // CTRL registers: ordered with the instructions without sync
  // (hardware.md §3.3).
  switch (what) {
  case CubeCtl::PreQuant:
    requireAic("set_fixpipe_pre_quant_flag", loc);
    preQuant_ = a;
    return;
  case CubeCtl::Repeat:
    requireAic("set_load_data_repeat", loc);
    repeatStride_ = static_cast<uint32_t>(a & 0xFFFF);
    repeatTime_ = static_cast<uint32_t>((a >> 16) & 0xFF);
    repeatMode_ = static_cast<uint32_t>((a >> 24) & 0xFF);
    if (repeatMode_ > 1)
      fail("argument",
           "set_load_data_repeat: 'repeat_mode' must be 0 (along M) or 1 "
           "(along K), got " +
               std::to_string(repeatMode_),
           loc);
    return;
  case CubeCtl::PaddingValue:
    requireAic("set_load_data_padding_value", loc);
    padValue_ = a;
    padType_ = static_cast<DType>(b);
    padTyped_ = true;
    return;
  case CubeCtl::Boundary:
    requireAic("set_load_data_boundary", loc);
    if (a != 0 && a < 1024)
      fail("argument",
           "set_load_data_boundary: the boundary is 0 (none) or at least "
           "1024 bytes, got " +
               std::to_string(a),
           loc);
    // A boundary at or past the end of L1 bounds nothing.
    boundary_ = a >= (512u << 10) ? 0 : static_cast<uint32_t>(a);
    return;
  case CubeCtl::Fmatrix: {
    requireAic("SetFmatrix", loc);
    if ((a >> 32) != 0)
      fail("argument",
           "SetFmatrix: Ascend 910B/910C (A2/A3) have FMATRIX_LEFT only", loc);
    uint32_t h = a & 0xFFFF, w = (a >> 16) & 0xFFFF;
    requireRange("SetFmatrix", "l1H", h, 1, 32767, loc);
    requireRange("SetFmatrix", "l1W", w, 1, 32767, loc);
    fmatrix_.valid = true;
    fmatrix_.l1H = h;
    fmatrix_.l1W = w;
    for (int i = 0; i < 4; ++i)
      fmatrix_.pad[i] = static_cast<uint8_t>(b >> (8 * i));
    return;
  }
  default:
    break;
  }
  fail("argument",
       "cube control register " + std::to_string(static_cast<int>(what)) +
           " is not modelled by the simulator yet",
       loc);
}

namespace abi {
void loadData(const Operand &dst, const Operand &src, const Operand &idx,
              DType type, const LoadData2DDesc &desc, Loc loc) {
  currentCore().cubeLoadData(dst, src, idx, type, desc, loc);
}
void loadData3D(const Operand &dst, const Operand &src, DType type,
                const Load3DDesc &desc, Loc loc) {
  currentCore().cubeLoad3D(dst, src, type, desc, loc);
}
void nd2nz(const Operand &dst, const Operand &src, DType type,
           const Nd2NzDesc &desc, Loc loc) {
  currentCore().cubeNd2Nz(dst, src, type, desc, loc);
}
void nd2nzPad(const Operand &dst, const Operand &src, Loc loc) {
  currentCore().cubeNd2NzPad(dst, src, loc);
}
void nz2nd(const Operand &dst, const Operand &src, DType type,
           const Nz2NdDesc &desc, Loc loc) {
  currentCore().cubeNz2Nd(dst, src, type, desc, loc);
}
void initConst(const Operand &dst, DType type, const InitConstDesc &desc,
               Loc loc) {
  currentCore().cubeInitConst(dst, type, desc, loc);
}
void biasLoad(const Operand &dst, const Operand &src, DType srcType,
              uint32_t count, Loc loc) {
  currentCore().cubeBiasLoad(dst, src, srcType, count, loc);
}
void ignoredField(const char *api, const char *field, int64_t value,
                  bool isBool, const char *hint, Loc loc) {
  currentCore().warnIgnoredField(api, field, value, isBool, hint, loc);
}
void mmad(const Operand &dst, const Operand &a, const Operand &b,
          const Operand &bias, const MmadDesc &desc, Loc loc) {
  currentCore().cubeMmad(dst, a, b, bias, desc, loc);
}
void fixpipe(const Operand &dst, const Operand &src, const Operand &workspace,
             const FixpipeDesc &desc, Loc loc) {
  currentCore().cubeFixpipe(dst, src, workspace, desc, loc);
}
void cubeControl(CubeCtl what, uint64_t a, uint64_t b, Loc loc) {
  currentCore().cubeControl(what, a, b, loc);
}
void co12Copy(const Operand &dst, const Operand &src, const FixpipeDesc &desc,
              Loc loc) {
  currentCore().cubeCo12Copy(dst, src, desc, loc);
}
void crossCoreSetFlag(uint8_t mode, uint8_t pipe, uint32_t flagId, Loc loc) {
  currentCore().crossCoreSetFlag(mode, pipe, flagId, loc);
}
void crossCoreWaitFlag(uint32_t flagId, Loc loc) {
  currentCore().crossCoreWaitFlag(flagId, loc);
}
} // namespace abi

} // namespace ascsim

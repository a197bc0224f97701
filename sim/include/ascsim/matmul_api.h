//===- ascsim/matmul_api.h - The Matmul high-level API ----------*- C++ -*-===//
//
// Ascend C's Matmul (lib/matmul_intf.h), built from the simulator's cube
// instructions (ascsim/cube_api.h): DataCopy GM -> L1 with ND -> NZ,
// LoadData 2D (with transpose) L1 -> L0A/L0B, Mmad (bias from the
// BiasTable), Fixpipe L0C -> GM, with the TPipe framework's queues between
// them, so timing, traces and the race detector see the instruction stream.
// In a MIX_AIC_1_1/1_2 kernel the AIVs are clients and the AIC of their AI
// Core the server (the messages of ascsim/matmul_abi.h); in an AIC_ONLY
// (cube-only) kernel the AIC runs the Matmul itself. sim/MATMUL.md is the
// reference: every type, config field, method, the tiling fields and the
// protocol. C++17.
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_MATMUL_API_H
#define ASCSIM_MATMUL_API_H

#include "ascsim/matmul_abi.h"
#include "ascsim/sort_abi.h" // apiFault, faultf, textf
// Only when the kernel has not included it yet: a kernel built with the
// precompiled kernel_operator.h must not make g++ search for it again
// (it would find the .gch directory first and refuse the second use).
#ifndef ASCSIM_KERNEL_OPERATOR_H
#include "kernel_operator.h"
#endif

#include <algorithm>
#include <cstddef>
#include <cstdio>
#include <cstring>
#include <exception>
#include <tuple>
#include <type_traits>

//===----------------------------------------------------------------------===//
// TCubeTiling (global namespace, as CANN's kernel_tiling.h declares it)
//===----------------------------------------------------------------------===//

struct TCubeTiling {
  int32_t usedCoreNum;
  int32_t M;
  int32_t N;
  int32_t Ka;
  int32_t Kb;
  int32_t singleCoreM;
  int32_t singleCoreN;
  int32_t singleCoreK;
  int32_t baseM;
  int32_t baseN;
  int32_t baseK;
  int32_t depthA1;
  int32_t depthB1;
  int32_t stepM;
  int32_t stepN;
  int32_t isBias;
  int32_t transLength;
  int32_t iterateOrder;
  int32_t shareMode;
  int32_t shareL1Size;
  int32_t shareL0CSize;
  int32_t shareUbSize;
  int32_t batchM;
  int32_t batchN;
  int32_t singleBatchM;
  int32_t singleBatchN;
  int32_t stepKa;
  int32_t stepKb;
  int32_t depthAL1CacheUB;
  int32_t depthBL1CacheUB;
  int32_t dbL0A;
  int32_t dbL0B;
  int32_t dbL0C;
  int32_t ALayoutInfoB;
  int32_t ALayoutInfoS;
  int32_t ALayoutInfoN;
  int32_t ALayoutInfoG;
  int32_t ALayoutInfoD;
  int32_t BLayoutInfoB;
  int32_t BLayoutInfoS;
  int32_t BLayoutInfoN;
  int32_t BLayoutInfoG;
  int32_t BLayoutInfoD;
  int32_t CLayoutInfoB;
  int32_t CLayoutInfoS1;
  int32_t CLayoutInfoN;
  int32_t CLayoutInfoG;
  int32_t CLayoutInfoS2;
  int32_t BatchNum;
};
static_assert(sizeof(TCubeTiling) == 49 * 4, "TCubeTiling is 49 int32 fields");
static_assert(offsetof(TCubeTiling, baseM) == 8 * 4 &&
                  offsetof(TCubeTiling, stepKa) == 26 * 4 &&
                  offsetof(TCubeTiling, dbL0A) == 30 * 4 &&
                  offsetof(TCubeTiling, BatchNum) == 48 * 4,
              "TCubeTiling field order (pyasc's asc.adv.TCubeTiling)");

/// The format of a Matmul operand (MatmulType's second parameter).
enum class CubeFormat : int32_t {
  ND = 0,
  NZ,
  ZN,
  ZZ,
  NN,
  ND_ALIGN,
  SCALAR,
  VECTOR,
  ROW_MAJOR,
  COLUMN_MAJOR,
};

/// The batch layout of a Matmul operand (MatmulType's fifth parameter).
enum class LayoutMode : int32_t {
  NONE = 0,
  NORMAL = 1,
  BSNGD = 2,
  SBNGD = 3,
  BNGS1S2 = 4,
};

namespace AscendC {

//===----------------------------------------------------------------------===//
// Config enums and MatmulConfig
//===----------------------------------------------------------------------===//

enum class IterateOrder : int32_t { ORDER_M = 0, ORDER_N = 1, UNDEF = 2 };
enum class ScheduleType : int32_t { INNER_PRODUCT = 0, OUTER_PRODUCT = 1 };
enum class BatchMode : int32_t {
  NONE = 0,
  BATCH_LESS_THAN_L1 = 1,
  BATCH_LARGE_THAN_L1 = 2,
  SINGLE_LARGE_THAN_L1 = 3,
};
enum IterateMode : uint8_t {
  ITERATE_MODE_NORMAL = 0b00000001,
  ITERATE_MODE_ALL = 0b00000010,
  ITERATE_MODE_BATCH = 0b00000100,
  ITERATE_MODE_N_BATCH = 0b00001000,
  ITERATE_MODE_DEFAULT = 0b11111111,
};
enum class BatchOutMode : int32_t { SINGLE_BATCH = 0, MULTI_BATCH, DYNAMIC };
enum class MatmulConfigMode : int32_t {
  CONFIG_NORM = 1,
  CONFIG_MDL = 2,
  CONFIG_SPECIALMDL = 3,
  CONFIG_IBSHARE = 4,
};
enum class MatmulPolicy : int32_t {
  MatmulPolicy = 0,
  TrianUpperMatmulPolicy = 1,
  TrianLowerMatmulPolicy = 2,
  NBuffer33MatmulPolicy = 3,
};

constexpr uint32_t SHARED_CO1_BUFFER_SIZE = 64 * 1024;

/// Ascend C's MatmulConfig: 50 fields in Ascend C's order. Every field is a
/// literal, so a config is built and modified in a constexpr lambda.
struct MatmulConfig {
  bool doNorm = true;
  bool doBasicBlock = false;
  bool doMultiDataLoad = false;
  uint32_t basicM = 0;
  uint32_t basicN = 0;
  uint32_t basicK = 0;
  bool intrinsicsCheck = false;
  bool isNBatch = false;
  bool enVecND2NZ = false;
  bool doSpecialBasicBlock = false;
  uint32_t doMTE2Preload = 0;
  uint32_t singleCoreM = 0;
  uint32_t singleCoreN = 0;
  uint32_t singleCoreK = 0;
  uint32_t stepM = 0;
  uint32_t stepN = 0;
  uint32_t baseMN = 0;
  uint32_t singleCoreMN = 0;
  bool enUnitFlag = true;
  bool isPerTensor = false;
  bool hasAntiQuantOffset = false;
  bool doIBShareNorm = false;
  bool doSpecialMDL = false;
  bool enableInit = true;
  BatchMode batchMode = BatchMode::BATCH_LESS_THAN_L1;
  bool enableEnd = true;
  bool enableGetTensorC = true;
  bool enableSetOrgShape = true;
  bool enableSetBias = true;
  bool enableSetTail = true;
  bool enableQuantVector = true;
  bool enableSetDefineData = true;
  uint8_t iterateMode = ITERATE_MODE_DEFAULT;
  bool enableReuse = true;
  bool enableUBReuse = false;
  bool enableL1CacheUB = false;
  bool intraBlockPartSum = false;
  IterateOrder iterateOrder = IterateOrder::UNDEF;
  ScheduleType scheduleType = ScheduleType::INNER_PRODUCT;
  bool enableDoubleCache = false;
  bool isBiasBatch = true;
  bool enableStaticPadZeros = false;
  bool isPartialOutput = false;
  bool enableMixDualMaster = false;
  bool isA2B2Shared = false;
  bool isEnableChannelSplit = false;
  bool enableKdimReorderLoad = false;
  bool isCO1Shared = false;
  uint32_t sharedCO1BufferSize = SHARED_CO1_BUFFER_SIZE;
  BatchOutMode batchOutMode = BatchOutMode::SINGLE_BATCH;
};

constexpr MatmulConfig
GetNormalConfig(const bool intrinsicsLimit = false,
                const bool batchLoop = false, const bool isVecND2NZ = false,
                const BatchMode bmmMode = BatchMode::BATCH_LESS_THAN_L1,
                const bool isMsgReuse = true,
                const IterateOrder iterateOrder = IterateOrder::UNDEF,
                const ScheduleType scheduleType = ScheduleType::INNER_PRODUCT,
                const bool enUnitFlag = true,
                const bool enableMixDualMaster = false) {
  MatmulConfig c{};
  c.doNorm = true;
  c.intrinsicsCheck = intrinsicsLimit;
  c.isNBatch = batchLoop;
  c.enVecND2NZ = isVecND2NZ;
  c.batchMode = bmmMode;
  c.enableReuse = isMsgReuse;
  c.iterateOrder = iterateOrder;
  c.scheduleType = scheduleType;
  c.enUnitFlag = enUnitFlag;
  c.enableMixDualMaster = enableMixDualMaster;
  return c;
}

constexpr MatmulConfig
GetMDLConfig(const bool intrinsicsLimit = false, const bool batchLoop = false,
             const uint32_t doMTE2Preload = 0, const bool isVecND2NZ = false,
             bool isPerTensor = false, bool hasAntiQuantOffset = false,
             const bool enUnitFlag = false, const bool isMsgReuse = true,
             const bool enableUBReuse = true,
             const bool enableL1CacheUB = false,
             const bool enableMixDualMaster = false,
             const bool enableKdimReorderLoad = false) {
  MatmulConfig c{};
  c.doNorm = false;
  c.doMultiDataLoad = true;
  c.intrinsicsCheck = intrinsicsLimit;
  c.isNBatch = batchLoop;
  c.doMTE2Preload = doMTE2Preload;
  c.enVecND2NZ = isVecND2NZ;
  c.isPerTensor = isPerTensor;
  c.hasAntiQuantOffset = hasAntiQuantOffset;
  c.enUnitFlag = enUnitFlag;
  c.enableReuse = isMsgReuse;
  c.enableUBReuse = enableUBReuse;
  c.enableL1CacheUB = enableL1CacheUB;
  c.enableMixDualMaster = enableMixDualMaster;
  c.enableKdimReorderLoad = enableKdimReorderLoad;
  return c;
}

constexpr MatmulConfig GetSpecialMDLConfig(const bool intrinsicsLimit = false,
                                           const bool batchLoop = false,
                                           const uint32_t doMTE2Preload = 0,
                                           const bool isVecND2NZ = false,
                                           bool isPerTensor = false,
                                           bool hasAntiQuantOffset = false) {
  MatmulConfig c{};
  c.doNorm = false;
  c.doSpecialMDL = true;
  c.intrinsicsCheck = intrinsicsLimit;
  c.isNBatch = batchLoop;
  c.doMTE2Preload = doMTE2Preload;
  c.enVecND2NZ = isVecND2NZ;
  c.isPerTensor = isPerTensor;
  c.hasAntiQuantOffset = hasAntiQuantOffset;
  c.enUnitFlag = false;
  return c;
}

constexpr MatmulConfig
GetBasicConfig(const uint32_t basicM, const uint32_t basicN,
               const uint32_t basicK, const bool intrinsicsLimit = false,
               const bool batchLoop = false,
               const BatchMode bmmMode = BatchMode::BATCH_LESS_THAN_L1) {
  MatmulConfig c{};
  c.doNorm = false;
  c.doBasicBlock = true;
  c.basicM = basicM;
  c.basicN = basicN;
  c.basicK = basicK;
  c.intrinsicsCheck = intrinsicsLimit;
  c.isNBatch = batchLoop;
  c.batchMode = bmmMode;
  return c;
}

constexpr MatmulConfig GetSpecialBasicConfig(
    const uint32_t basicM, const uint32_t basicN, const uint32_t basicK,
    const uint32_t singleCoreM, const uint32_t singleCoreN,
    const uint32_t singleCoreK, const uint32_t stepM, const uint32_t stepN,
    const bool intrinsicsLimit = false, const bool batchLoop = false,
    const BatchMode bmmMode = BatchMode::BATCH_LESS_THAN_L1) {
  MatmulConfig c{};
  c.doNorm = false;
  c.doSpecialBasicBlock = true;
  c.basicM = basicM;
  c.basicN = basicN;
  c.basicK = basicK;
  c.singleCoreM = singleCoreM;
  c.singleCoreN = singleCoreN;
  c.singleCoreK = singleCoreK;
  c.stepM = stepM;
  c.stepN = stepN;
  c.intrinsicsCheck = intrinsicsLimit;
  c.isNBatch = batchLoop;
  c.batchMode = bmmMode;
  return c;
}

constexpr MatmulConfig GetIBShareNormConfig(
    const bool intrinsicsLimit = false, const bool batchLoop = false,
    const bool isVecND2NZ = false,
    const BatchMode bmmMode = BatchMode::BATCH_LESS_THAN_L1,
    const bool isDoubleCache = false, const bool enUnitFlag = true) {
  MatmulConfig c{};
  c.doNorm = false;
  c.doIBShareNorm = true;
  c.intrinsicsCheck = intrinsicsLimit;
  c.isNBatch = batchLoop;
  c.enVecND2NZ = isVecND2NZ;
  c.batchMode = bmmMode;
  c.enableDoubleCache = isDoubleCache;
  c.enUnitFlag = enUnitFlag;
  return c;
}

/// The parameter groups of GetMMConfig.
struct MatmulShapeParams {
  uint32_t singleCoreM = 0, singleCoreN = 0, singleCoreK = 0;
  uint32_t basicM = 0, basicN = 0, basicK = 0;
};
struct MatmulQuantParams {
  bool isPerTensor = false;
  bool hasAntiQuantOffset = false;
};
struct MatmulBatchParams {
  bool isNBatch = false;
  BatchMode batchMode = BatchMode::BATCH_LESS_THAN_L1;
  bool isBiasBatch = true;
};
struct MatmulFuncParams {
  bool intrinsicsLimit = false;
  bool enVecND2NZ = false;
  bool enableDoubleCache = false;
  bool enableL1CacheUB = false;
  uint32_t doMTE2Preload = 0;
  IterateOrder iterateOrder = IterateOrder::UNDEF;
  ScheduleType scheduleType = ScheduleType::INNER_PRODUCT;
  bool enableReuse = true;
  bool enableUBReuse = false;
  bool isPartialOutput = false;
  bool isA2B2Shared = false;
  bool isEnableChannelSplit = false;
  bool enableKdimReorderLoad = false;
};

namespace mm_detail {
constexpr void applyParam(MatmulConfig &c, const MatmulShapeParams &p) {
  c.singleCoreM = p.singleCoreM;
  c.singleCoreN = p.singleCoreN;
  c.singleCoreK = p.singleCoreK;
  c.basicM = p.basicM;
  c.basicN = p.basicN;
  c.basicK = p.basicK;
}
constexpr void applyParam(MatmulConfig &c, const MatmulQuantParams &p) {
  c.isPerTensor = p.isPerTensor;
  c.hasAntiQuantOffset = p.hasAntiQuantOffset;
}
constexpr void applyParam(MatmulConfig &c, const MatmulBatchParams &p) {
  c.isNBatch = p.isNBatch;
  c.batchMode = p.batchMode;
  c.isBiasBatch = p.isBiasBatch;
}
constexpr void applyParam(MatmulConfig &c, const MatmulFuncParams &p) {
  c.intrinsicsCheck = p.intrinsicsLimit;
  c.enVecND2NZ = p.enVecND2NZ;
  c.enableDoubleCache = p.enableDoubleCache;
  c.enableL1CacheUB = p.enableL1CacheUB;
  c.doMTE2Preload = p.doMTE2Preload;
  c.iterateOrder = p.iterateOrder;
  c.scheduleType = p.scheduleType;
  c.enableReuse = p.enableReuse;
  c.enableUBReuse = p.enableUBReuse;
  c.isPartialOutput = p.isPartialOutput;
  c.isA2B2Shared = p.isA2B2Shared;
  c.isEnableChannelSplit = p.isEnableChannelSplit;
  c.enableKdimReorderLoad = p.enableKdimReorderLoad;
}
} // namespace mm_detail

/// GetMMConfig<mode>(params...): the mode's base config, then each
/// parameter group (MatmulShapeParams, MatmulQuantParams, MatmulBatchParams,
/// MatmulFuncParams) applied in order.
template <MatmulConfigMode configMode, typename... ArgTypes>
constexpr MatmulConfig GetMMConfig(ArgTypes &&...args) {
  MatmulConfig c = configMode == MatmulConfigMode::CONFIG_MDL ? GetMDLConfig()
                   : configMode == MatmulConfigMode::CONFIG_SPECIALMDL
                       ? GetSpecialMDLConfig()
                   : configMode == MatmulConfigMode::CONFIG_IBSHARE
                       ? GetIBShareNormConfig()
                       : GetNormalConfig();
  (mm_detail::applyParam(c, args), ...);
  return c;
}

constexpr MatmulConfig CFG_NORM = GetNormalConfig();
constexpr MatmulConfig CFG_MDL = GetMDLConfig();
constexpr MatmulConfig CFG_IBSHARE_NORM = GetIBShareNormConfig();
constexpr MatmulConfig MM_CFG_BB = GetBasicConfig(128, 128, 128);

/// Where GetOffsetC says the last block lies in C.
struct MatrixOffset {
  int32_t offset;
  int32_t row, col;
  int32_t height, width;
};

/// A compile-time tiling (GetMatmulApiTiling): the TCubeTiling fields
/// without batchM/batchN/singleBatchM/singleBatchN, plus mxTypePara; -1 =
/// taken from the run-time TCubeTiling.
struct MatmulApiStaticTiling {
  int32_t usedCoreNum = -1;
  int32_t M = -1;
  int32_t N = -1;
  int32_t Ka = -1;
  int32_t Kb = -1;
  int32_t singleCoreM = -1;
  int32_t singleCoreN = -1;
  int32_t singleCoreK = -1;
  int32_t baseM = -1;
  int32_t baseN = -1;
  int32_t baseK = -1;
  int32_t depthA1 = -1;
  int32_t depthB1 = -1;
  int32_t stepM = -1;
  int32_t stepN = -1;
  int32_t isBias = -1;
  int32_t transLength = -1;
  int32_t iterateOrder = -1;
  int32_t shareMode = -1;
  int32_t shareL1Size = -1;
  int32_t shareL0CSize = -1;
  int32_t shareUbSize = -1;
  int32_t stepKa = -1;
  int32_t stepKb = -1;
  int32_t depthAL1CacheUB = -1;
  int32_t depthBL1CacheUB = -1;
  int32_t dbL0A = -1;
  int32_t dbL0B = -1;
  int32_t dbL0C = -1;
  int32_t ALayoutInfoB = -1;
  int32_t ALayoutInfoS = -1;
  int32_t ALayoutInfoN = -1;
  int32_t ALayoutInfoG = -1;
  int32_t ALayoutInfoD = -1;
  int32_t BLayoutInfoB = -1;
  int32_t BLayoutInfoS = -1;
  int32_t BLayoutInfoN = -1;
  int32_t BLayoutInfoG = -1;
  int32_t BLayoutInfoD = -1;
  int32_t CLayoutInfoB = -1;
  int32_t CLayoutInfoS1 = -1;
  int32_t CLayoutInfoN = -1;
  int32_t CLayoutInfoG = -1;
  int32_t CLayoutInfoS2 = -1;
  int32_t BatchNum = -1;
  int32_t mxTypePara = -1;
  MatmulConfig cfg{};
};

//===----------------------------------------------------------------------===//
// MatmulType
//===----------------------------------------------------------------------===//

template <TPosition POSITION, CubeFormat FORMAT, typename TYPE,
          bool ISTRANS = false, LayoutMode LAYOUT = LayoutMode::NONE,
          bool IBSHARE = false>
struct MatmulType {
  constexpr static TPosition pos = POSITION;
  constexpr static CubeFormat format = FORMAT;
  using T = TYPE;
  constexpr static bool isTrans = ISTRANS;
  constexpr static LayoutMode layout = LAYOUT;
  constexpr static bool ibShare = IBSHARE;
};

namespace mm_detail {
// Memory sizes of A2/A3 (hardware.md §2.1; every A2/A3 part has these).
constexpr uint32_t kL1Bytes = 512 * 1024 - 128;
constexpr uint32_t kL0ABytes = 64 * 1024;
constexpr uint32_t kL0BBytes = 64 * 1024;
constexpr uint32_t kL0CBytes = 128 * 1024;
constexpr uint32_t kBTBytes = 1024;
/// Cycles from a Matmul message's send to its arrival (a GM write of the
/// message plus the cross-core notification; sim/MATMUL.md).
constexpr uint32_t kMsgLatency = 200;

template <class T> constexpr uint32_t c0() { return 32 / sizeof(T); }
constexpr uint32_t ceilDiv(uint32_t a, uint32_t b) { return (a + b - 1) / b; }
constexpr uint32_t alignUp(uint32_t a, uint32_t b) { return ceilDiv(a, b) * b; }
constexpr bool isUb(TPosition p) {
  return p == TPosition::VECIN || p == TPosition::VECOUT ||
         p == TPosition::VECCALC;
}
template <class T> constexpr const MatmulConfig &cfgOf(const T &c) {
  if constexpr (std::is_same_v<T, MatmulApiStaticTiling>)
    return c.cfg;
  else
    return c;
}
} // namespace mm_detail

/// GetMatmulApiTiling<A, B, C, BIAS>(cfg, l1Size): a constant tiling from
/// the config's basic block (basicM/N/K) and single-core shape: one base
/// block deep in L1, double-buffered L0A/L0B, the rest from the run-time
/// tiling (-1).
template <class A_TYPE, class B_TYPE, class C_TYPE, class BIAS_TYPE>
constexpr MatmulApiStaticTiling
GetMatmulApiTiling(const MatmulConfig &mmCFG,
                   int32_t l1Size = static_cast<int32_t>(mm_detail::kL1Bytes)) {
  MatmulApiStaticTiling t{};
  t.cfg = mmCFG;
  if (mmCFG.basicM == 0 || mmCFG.basicN == 0 || mmCFG.basicK == 0)
    return t;
  t.baseM = static_cast<int32_t>(mmCFG.basicM);
  t.baseN = static_cast<int32_t>(mmCFG.basicN);
  t.baseK = static_cast<int32_t>(mmCFG.basicK);
  if (mmCFG.singleCoreM != 0)
    t.singleCoreM = static_cast<int32_t>(mmCFG.singleCoreM);
  if (mmCFG.singleCoreN != 0)
    t.singleCoreN = static_cast<int32_t>(mmCFG.singleCoreN);
  if (mmCFG.singleCoreK != 0)
    t.singleCoreK = static_cast<int32_t>(mmCFG.singleCoreK);
  const int32_t aBytes =
      t.baseM * t.baseK * static_cast<int32_t>(sizeof(typename A_TYPE::T));
  const int32_t bBytes =
      t.baseN * t.baseK * static_cast<int32_t>(sizeof(typename B_TYPE::T));
  const bool db = 2 * (aBytes + bBytes) <= l1Size;
  t.stepM = t.stepN = t.stepKa = t.stepKb = 1;
  t.depthA1 = t.depthB1 = db ? 2 : 1;
  t.dbL0A = 2 * aBytes <= static_cast<int32_t>(mm_detail::kL0ABytes) ? 2 : 1;
  t.dbL0B = 2 * bBytes <= static_cast<int32_t>(mm_detail::kL0BBytes) ? 2 : 1;
  t.dbL0C =
      2 * t.baseM * t.baseN * 4 <= static_cast<int32_t>(mm_detail::kL0CBytes)
          ? 2
          : 1;
  t.iterateOrder = mmCFG.iterateOrder == IterateOrder::ORDER_N ? 1 : 0;
  return t;
}

} // namespace AscendC

#include "ascsim/matmul_impl.h"

namespace matmul {
using namespace AscendC;
} // namespace matmul

#endif // ASCSIM_MATMUL_API_H

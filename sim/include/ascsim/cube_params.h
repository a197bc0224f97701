//===- ascsim/cube_params.h - Cube parameter structs (fallback) -*- C++ -*-===//
//
// TEMPORARY. The cube parameter structs and enums (LoadData2DParams,
// MmadParams, FixpipeParamsV220, Nd2NzParams, QuantMode_t, CO2Layout,
// FixpipeConfig, ...) are generated from the dialect's ODS into
// ascsim/gen/ParamStructs.h and ascsim/gen/Enums.h by the cube-front branch
// (issue 14). Until that lands, this header declares the subset the cube
// API headers use, with the same names, member types, order and defaults.
// When ParamStructs.h declares them, delete everything between the markers
// below (the generated headers are included by ascsim/enums.h and
// ascsim/vector_api.h already).
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_CUBE_PARAMS_H
#define ASCSIM_CUBE_PARAMS_H

#include <cstdint>

// --- fallback begin ---------------------------------------------------------

/// Quantisation on the way out of L0C (global unscoped enum on the NPU).
enum QuantMode_t {
  NoQuant = 0,
  F322F16 = 1,
  F322BF16 = 2,
  DEQF16 = 3,
  VDEQF16 = 4,
  QF322B8_PRE = 5,
  VQF322B8_PRE = 6,
  REQ8 = 7,
  VREQ8 = 8,
};

/// Kernel types of KERNEL_TASK_TYPE_DEFAULT (global unscoped enum).
enum KernelMetaType : uint8_t {
  KERNEL_TYPE_AIV_ONLY = 0,
  KERNEL_TYPE_AIC_ONLY = 1,
  KERNEL_TYPE_MIX_AIV_1_0 = 2,
  KERNEL_TYPE_MIX_AIC_1_0 = 3,
  KERNEL_TYPE_MIX_AIC_1_1 = 4,
  KERNEL_TYPE_MIX_AIC_1_2 = 5,
  KERNEL_TYPE_AICORE = 6,
  KERNEL_TYPE_VECTORCORE = 7,
  KERNEL_TYPE_MIX_AICORE = 8,
  KERNEL_TYPE_MIX_VECTOR_CORE = 9,
  KERNEL_TYPE_MAX = 10,
};

namespace AscendC {

enum class CO2Layout : uint8_t { NZ = 0, ROW_MAJOR = 1, COLUMN_MAJOR = 2 };

struct LoadData2DParams {
  LoadData2DParams() {}
  LoadData2DParams(const uint16_t startIndexIn, const uint8_t repeatTimesIn,
                   const uint16_t srcStrideIn, const uint8_t sidIn,
                   const uint16_t dstGapIn, const bool ifTransposeIn,
                   const uint8_t addrModeIn)
      : startIndex(startIndexIn), dstGap(dstGapIn), srcStride(srcStrideIn),
        ifTranspose(ifTransposeIn), repeatTimes(repeatTimesIn), sid(sidIn),
        addrMode(addrModeIn) {}
  uint16_t startIndex = 0;
  uint16_t dstGap = 0;
  uint16_t srcStride = 0;
  bool ifTranspose = false;
  uint8_t repeatTimes = 0;
  uint8_t sid = 0;
  uint8_t addrMode = 0;
};

struct LoadData2dTransposeParams {
  LoadData2dTransposeParams() {}
  LoadData2dTransposeParams(const uint16_t startIndexIn,
                            const uint8_t repeatTimesIn,
                            const uint16_t srcStrideIn, const uint16_t dstGapIn,
                            const uint16_t dstFracGapIn,
                            const uint8_t addrModeIn = 0)
      : startIndex(startIndexIn), repeatTimes(repeatTimesIn),
        srcStride(srcStrideIn), dstGap(dstGapIn), dstFracGap(dstFracGapIn),
        addrMode(addrModeIn) {}
  uint16_t startIndex = 0;
  uint8_t repeatTimes = 0;
  uint16_t srcStride = 0;
  uint16_t dstGap = 0;
  uint16_t dstFracGap = 0;
  uint8_t addrMode = 0;
};

struct LoadData2dTransposeParamsV2 {
  LoadData2dTransposeParamsV2() {}
  LoadData2dTransposeParamsV2(const uint16_t startIndexIn,
                              const uint8_t repeatTimesIn,
                              const uint16_t srcStrideIn,
                              const uint16_t dstGapIn,
                              const uint16_t dstFracGapIn,
                              const uint16_t srcFracGapIn,
                              const uint8_t addrModeIn = 0)
      : startIndex(startIndexIn), repeatTimes(repeatTimesIn),
        srcStride(srcStrideIn), dstGap(dstGapIn), dstFracGap(dstFracGapIn),
        srcFracGap(srcFracGapIn), addrMode(addrModeIn) {}
  uint16_t startIndex = 0;
  uint8_t repeatTimes = 0;
  uint16_t srcStride = 0;
  uint16_t dstGap = 0;
  uint16_t dstFracGap = 0;
  uint16_t srcFracGap = 0;
  uint8_t addrMode = 0;
};

struct DataCopyCO12DstParams {
  DataCopyCO12DstParams() {}
  DataCopyCO12DstParams(const uint16_t nSizeIn, const uint16_t mSizeIn,
                        const uint32_t dstStrideIn, const uint16_t srcStrideIn,
                        const QuantMode_t quantPreIn, const uint8_t reluPreIn,
                        const bool channelSplitIn, const bool nz2ndEnIn)
      : nSize(nSizeIn), mSize(mSizeIn), dstStride(dstStrideIn),
        srcStride(srcStrideIn), quantPre(quantPreIn), reluPre(reluPreIn),
        channelSplit(channelSplitIn), nz2ndEn(nz2ndEnIn) {}
  uint8_t sid = 0;
  uint16_t nSize = 0;
  uint16_t mSize = 0;
  uint32_t dstStride = 0;
  uint16_t srcStride = 0;
  uint8_t unitFlag = 0;
  uint8_t clipReluPre = 0;
  uint8_t eltWiseOp = 0;
  QuantMode_t quantPre = QuantMode_t::NoQuant;
  uint8_t reluPre = 0;
  bool channelSplit = false;
  bool nz2ndEn = false;
};

template <typename T> struct LoadData3DParamsV2 {
  LoadData3DParamsV2() {}
  LoadData3DParamsV2(const uint8_t padListIn[4], const uint16_t l1HIn,
                     const uint16_t l1WIn, const uint16_t channelSizeIn,
                     const uint16_t kExtensionIn, const uint16_t mExtensionIn,
                     const uint16_t kStartPtIn, const uint16_t mStartPtIn,
                     const uint8_t strideWIn, const uint8_t strideHIn,
                     const uint8_t filterWIn, const uint8_t filterHIn,
                     const uint8_t dilationFilterWIn,
                     const uint8_t dilationFilterHIn, const bool enTransposeIn,
                     const bool enSmallKIn, const T padValueIn,
                     const bool filterSizeWIn = false,
                     const bool filterSizeHIn = false,
                     const bool fMatrixCtrlIn = false)
      : l1H(l1HIn), l1W(l1WIn), channelSize(channelSizeIn),
        kExtension(kExtensionIn), mExtension(mExtensionIn),
        kStartPt(kStartPtIn), mStartPt(mStartPtIn), strideW(strideWIn),
        strideH(strideHIn), filterW(filterWIn), filterH(filterHIn),
        dilationFilterW(dilationFilterWIn), dilationFilterH(dilationFilterHIn),
        enTranspose(enTransposeIn), enSmallK(enSmallKIn), padValue(padValueIn),
        filterSizeW(filterSizeWIn), filterSizeH(filterSizeHIn),
        fMatrixCtrl(fMatrixCtrlIn) {
    for (int i = 0; i < 4; ++i)
      padList[i] = padListIn[i];
  }
  uint8_t padList[4] = {0};
  uint16_t l1H = 0;
  uint16_t l1W = 0;
  uint16_t channelSize = 0;
  uint16_t kExtension = 0;
  uint16_t mExtension = 0;
  uint16_t kStartPt = 0;
  uint16_t mStartPt = 0;
  uint8_t strideW = 1;
  uint8_t strideH = 1;
  uint8_t filterW = 1;
  uint8_t filterH = 1;
  uint8_t dilationFilterW = 1;
  uint8_t dilationFilterH = 1;
  bool enTranspose = false;
  bool enSmallK = false;
  T padValue = 0;
  bool filterSizeW = false;
  bool filterSizeH = false;
  bool fMatrixCtrl = false;
};

struct LoadDataRepeatParam {
  LoadDataRepeatParam() {}
  LoadDataRepeatParam(const uint16_t repeatStrideIn, const uint8_t repeatTimeIn,
                      const uint8_t repeatModeIn)
      : repeatStride(repeatStrideIn), repeatTime(repeatTimeIn),
        repeatMode(repeatModeIn) {}
  uint16_t repeatStride = 0;
  uint8_t repeatTime = 1;
  uint8_t repeatMode = 0;
  uint8_t reserved = 0;
};

struct MmadParams {
  MmadParams() {}
  MmadParams(const uint16_t mIn, const uint16_t nIn, const uint16_t kIn,
             const bool isBiasIn, const int32_t fmOffsetIn,
             const bool enSsparseIn, const bool enWinogradAIn,
             const bool enWinogradBIn)
      : m(mIn), n(nIn), k(kIn), isBias(isBiasIn), fmOffset(fmOffsetIn),
        enSsparse(enSsparseIn), enWinogradA(enWinogradAIn),
        enWinogradB(enWinogradBIn) {}
  MmadParams(const uint16_t mIn, const uint16_t nIn, const uint16_t kIn,
             const uint8_t unitFlagIn, const bool cmatrixSourceIn,
             const bool cmatrixInitValIn)
      : m(mIn), n(nIn), k(kIn), unitFlag(unitFlagIn),
        cmatrixSource(cmatrixSourceIn), cmatrixInitVal(cmatrixInitValIn) {}
  uint16_t m = 0;
  uint16_t n = 0;
  uint16_t k = 0;
  bool isBias = false;
  int32_t fmOffset = 0;
  bool enSsparse = false;
  bool enWinogradA = false;
  bool enWinogradB = false;
  uint8_t unitFlag = 0;
  bool kDirectionAlign = false;
  bool cmatrixSource = false;
  bool cmatrixInitVal = true;
};

template <typename T> struct InitConstValueParams {
  InitConstValueParams() {}
  InitConstValueParams(const uint16_t repeatTimesIn, const uint16_t blockNumIn,
                       const uint16_t dstGapIn, const T initValueIn)
      : repeatTimes(repeatTimesIn), blockNum(blockNumIn), dstGap(dstGapIn),
        initValue(initValueIn) {}
  InitConstValueParams(const uint16_t repeatTimesIn, const T initValueIn)
      : repeatTimes(repeatTimesIn), initValue(initValueIn) {}
  uint16_t repeatTimes = 0;
  uint16_t blockNum = 0;
  uint16_t dstGap = 0;
  T initValue = 0;
};

struct FixpipeParamsV220 {
  FixpipeParamsV220() {}
  FixpipeParamsV220(const uint16_t nSizeIn, const uint16_t mSizeIn,
                    const uint16_t srcStrideIn, const uint32_t dstStrideIn,
                    const bool reluEnIn)
      : nSize(nSizeIn), mSize(mSizeIn), srcStride(srcStrideIn),
        dstStride(dstStrideIn), reluEn(reluEnIn) {}
  FixpipeParamsV220(const uint16_t nSizeIn, const uint16_t mSizeIn,
                    const uint16_t srcStrideIn, const uint32_t dstStrideIn,
                    const bool reluEnIn, const QuantMode_t quantPreIn,
                    const uint64_t deqScalarIn, const uint16_t ndNumIn,
                    const uint16_t srcNdStrideIn, const uint16_t dstNdStrideIn,
                    const uint8_t unitFlagIn, const bool isChannelSplitIn = false)
      : nSize(nSizeIn), mSize(mSizeIn), srcStride(srcStrideIn),
        dstStride(dstStrideIn), quantPre(quantPreIn), deqScalar(deqScalarIn),
        ndNum(ndNumIn), srcNdStride(srcNdStrideIn), dstNdStride(dstNdStrideIn),
        reluEn(reluEnIn), unitFlag(unitFlagIn),
        isChannelSplit(isChannelSplitIn) {}
  uint16_t nSize = 0;
  uint16_t mSize = 0;
  uint16_t srcStride = 0;
  uint32_t dstStride = 0;
  QuantMode_t quantPre = QuantMode_t::NoQuant;
  uint64_t deqScalar;
  uint16_t ndNum = 1;
  uint16_t srcNdStride = 0;
  uint16_t dstNdStride = 0;
  bool reluEn = false;
  uint8_t unitFlag = 0;
  bool isChannelSplit = false;
};

struct Nd2NzParams {
  Nd2NzParams() {}
  Nd2NzParams(const uint16_t ndNumIn, const uint16_t nValueIn,
              const uint16_t dValueIn, const uint16_t srcNdMatrixStrideIn,
              const uint16_t srcDValueIn, const uint16_t dstNzC0StrideIn,
              const uint16_t dstNzNStrideIn, const uint16_t dstNzMatrixStrideIn)
      : ndNum(ndNumIn), nValue(nValueIn), dValue(dValueIn),
        srcNdMatrixStride(srcNdMatrixStrideIn), srcDValue(srcDValueIn),
        dstNzC0Stride(dstNzC0StrideIn), dstNzNStride(dstNzNStrideIn),
        dstNzMatrixStride(dstNzMatrixStrideIn) {}
  uint16_t ndNum = 0;
  uint16_t nValue = 0;
  uint16_t dValue = 0;
  uint16_t srcNdMatrixStride = 0;
  uint16_t srcDValue = 0;
  uint16_t dstNzC0Stride = 0;
  uint16_t dstNzNStride = 0;
  uint16_t dstNzMatrixStride = 0;
};

struct FixpipeConfig {
  CO2Layout format;
};
constexpr FixpipeConfig CFG_NZ = {CO2Layout::NZ};
constexpr FixpipeConfig CFG_ROW_MAJOR = {CO2Layout::ROW_MAJOR};
constexpr FixpipeConfig CFG_COLUMN_MAJOR = {CO2Layout::COLUMN_MAJOR};

} // namespace AscendC

// --- fallback end -----------------------------------------------------------

#endif // ASCSIM_CUBE_PARAMS_H

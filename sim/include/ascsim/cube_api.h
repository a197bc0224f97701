//===- ascsim/cube_api.h - The cube (AIC) API of Ascend C -------*- C++ -*-===//
//
// The basic (ISASI) cube path (ascendc_api.md §5.16, hardware.md §6):
// DataCopy GM -> L1 with ND -> NZ, LoadData 2D (L1 or GM -> L0A/L0B, with
// transpose), LoadDataWithTranspose, LoadDataWithSparse, InitConstValue,
// Mmad (with bias), MmadWithSparse,
// Fixpipe L0C -> GM / L1, the cube control registers and the cross-core
// flags (CrossCoreSetFlag / CrossCoreWaitFlag). Each call converts its
// parameter struct into one descriptor of ascsim/cube_abi.h; the library
// checks positions, dtypes, ranges, alignment and capacity.
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_CUBE_API_H
#define ASCSIM_CUBE_API_H

#include "ascsim/cube_abi.h"
#include "ascsim/gen/Enums.h"
#include "ascsim/gen/ParamStructs.h"
#include "ascsim/sort_abi.h" // apiFault
#include "ascsim/tensor.h"

#include <type_traits>

namespace AscendC {

namespace cube_detail {
inline ::ascsim::Operand none() { return ::ascsim::Operand{0, 0, 0}; }
template <typename T> inline uint64_t bitsOf(const T &v) {
  uint64_t bits = 0;
  __builtin_memcpy(&bits, &v, sizeof(T));
  return bits;
}
inline ::ascsim::LoadData2DDesc desc2D(const LoadData2DParams &p) {
  ::ascsim::LoadData2DDesc d{};
  d.form = ::ascsim::LoadForm::Plain;
  d.ifTranspose = p.ifTranspose;
  d.sid = p.sid;
  d.addrMode = p.addrMode;
  d.startIndex = p.startIndex;
  d.repeatTimes = p.repeatTimes;
  d.srcStride = p.srcStride;
  d.dstGap = p.dstGap;
  return d;
}
inline ::ascsim::Nd2NzDesc descNd2Nz(const Nd2NzParams &p) {
  return ::ascsim::Nd2NzDesc{
      p.ndNum,     p.nValue,        p.dValue,       p.srcNdMatrixStride,
      p.srcDValue, p.dstNzC0Stride, p.dstNzNStride, p.dstNzMatrixStride};
}
} // namespace cube_detail

//===----------------------------------------------------------------------===//
// Into L1 / L0
//===----------------------------------------------------------------------===//

/// GM -> L1 (A1/B1/C1) with ND -> NZ (MTE2).
template <typename T>
inline void DataCopy(const LocalTensor<T> &dst, const GlobalTensor<T> &src,
                     const Nd2NzParams &p,
                     ::ascsim::Loc loc = ::ascsim::here()) {
  ::ascsim::abi::nd2nz(dst.operand(), src.operand(), ::ascsim::dtypeOf<T>(),
                       cube_detail::descNd2Nz(p), loc);
}

/// UB -> L1 with ND -> NZ (the spec's form): no core of Ascend 910B/910C
/// has both memories, so the library refuses it at the call (sim/CUBE.md).
template <typename T>
inline void DataCopy(const LocalTensor<T> &dst, const LocalTensor<T> &src,
                     const Nd2NzParams &p,
                     ::ascsim::Loc loc = ::ascsim::here()) {
  ::ascsim::abi::nd2nz(dst.operand(), src.operand(), ::ascsim::dtypeOf<T>(),
                       cube_detail::descNd2Nz(p), loc);
}
/// DataCopyPad UB -> L1 with ND -> NZ: refused likewise.
template <typename T>
inline void DataCopyPad(const LocalTensor<T> &dst, const LocalTensor<T> &src,
                        const DataCopyParams &, const Nd2NzParams &,
                        ::ascsim::Loc loc = ::ascsim::here()) {
  ::ascsim::abi::nd2nzPad(dst.operand(), src.operand(), loc);
}
template <typename T>
inline void DataCopyPad(const LocalTensor<T> &dst, const LocalTensor<T> &src,
                        const DataCopyExtParams &, const Nd2NzParams &,
                        ::ascsim::Loc loc = ::ascsim::here()) {
  ::ascsim::abi::nd2nzPad(dst.operand(), src.operand(), loc);
}

/// UB (VECOUT) -> GM with NZ -> ND (MTE3): ndNum matrices of nValue rows x
/// dValue columns, stored as column blocks of 16 elements.
template <typename T>
inline void DataCopy(const GlobalTensor<T> &dst, const LocalTensor<T> &src,
                     const Nz2NdParamsFull &p,
                     ::ascsim::Loc loc = ::ascsim::here()) {
  ::ascsim::Nz2NdDesc d{
      p.ndNum,      p.nValue,     p.dValue,           p.srcNdMatrixStride,
      p.srcNStride, p.dstDStride, p.dstNdMatrixStride};
  ::ascsim::abi::nz2nd(dst.operand(), src.operand(), ::ascsim::dtypeOf<T>(), d,
                       loc);
}

/// LoadData 2D: L1 -> L0A/L0B (MTE1).
template <typename T>
inline void LoadData(const LocalTensor<T> &dst, const LocalTensor<T> &src,
                     const LoadData2DParams &p,
                     ::ascsim::Loc loc = ::ascsim::here()) {
  ::ascsim::abi::loadData(dst.operand(), src.operand(), cube_detail::none(),
                          ::ascsim::dtypeOf<T>(), cube_detail::desc2D(p), loc);
}
/// LoadData 2D: GM -> L0A/L0B or L1 (MTE2).
template <typename T>
inline void LoadData(const LocalTensor<T> &dst, const GlobalTensor<T> &src,
                     const LoadData2DParams &p,
                     ::ascsim::Loc loc = ::ascsim::here()) {
  ::ascsim::abi::loadData(dst.operand(), src.operand(), cube_detail::none(),
                          ::ascsim::dtypeOf<T>(), cube_detail::desc2D(p), loc);
}
/// LoadDataWithTranspose: L1 -> L0A/L0B, each fractal (two for 8- and
/// 32-bit data) transposed.
template <typename T>
inline void LoadDataWithTranspose(const LocalTensor<T> &dst,
                                  const LocalTensor<T> &src,
                                  const LoadData2dTransposeParams &p,
                                  ::ascsim::Loc loc = ::ascsim::here()) {
  ::ascsim::LoadData2DDesc d{};
  d.form = ::ascsim::LoadForm::Transpose;
  d.addrMode = p.addrMode;
  d.startIndex = p.startIndex;
  d.repeatTimes = p.repeatTimes;
  d.srcStride = p.srcStride;
  d.dstGap = p.dstGap;
  d.dstFracGap = p.dstFracGap;
  ::ascsim::abi::loadData(dst.operand(), src.operand(), cube_detail::none(),
                          ::ascsim::dtypeOf<T>(), d, loc);
}
/// LoadDataWithTranspose with a gap between the two source fractals of 8-
/// and 32-bit data (srcFracGap).
template <typename T>
inline void LoadDataWithTranspose(const LocalTensor<T> &dst,
                                  const LocalTensor<T> &src,
                                  const LoadData2dTransposeParamsV2 &p,
                                  ::ascsim::Loc loc = ::ascsim::here()) {
  ::ascsim::LoadData2DDesc d{};
  d.form = ::ascsim::LoadForm::TransposeV2;
  d.addrMode = p.addrMode;
  d.startIndex = p.startIndex;
  d.repeatTimes = p.repeatTimes;
  d.srcStride = p.srcStride;
  d.dstGap = p.dstGap;
  d.dstFracGap = p.dstFracGap;
  d.srcFracGap = p.srcFracGap;
  ::ascsim::abi::loadData(dst.operand(), src.operand(), cube_detail::none(),
                          ::ascsim::dtypeOf<T>(), d, loc);
}
/// Which registers a LoadData 3D with LoadData3DParamsV2 sets from its
/// parameters: the feature map (l1H, l1W, padList: the SetFmatrix register)
/// and the padding value (the SetLoadDataPaddingValue register). When false
/// the load uses the register instead.
struct IsResetLoad3dConfig {
  constexpr IsResetLoad3dConfig(bool setFMatrix = true, bool setPadding = true)
      : isSetFMatrix(setFMatrix), isSetPadding(setPadding) {}
  bool isSetFMatrix;
  bool isSetPadding;
};
constexpr IsResetLoad3dConfig IS_RESER_LOAD3D_DEFAULT_CONFIG = {true, true};
enum class FmatrixMode : uint8_t { FMATRIX_LEFT = 0, FMATRIX_RIGHT = 1 };

/// LoadData 3D (img2col, MTE1): the window [mStartPt, +mExtension) x
/// [kStartPt, +kExtension) of the img2col matrix of an NC1HWC0 feature map
/// in L1, into L0A (Zz) or L0B; repeated as SetLoadDataRepeat says. With
/// the default IsResetLoad3dConfig the feature map and padding value come
/// from the parameters and the load sets those registers; otherwise it
/// reads the registers (SetFmatrix, SetLoadDataPaddingValue).
template <
    typename T,
    const IsResetLoad3dConfig &defaultConfig = IS_RESER_LOAD3D_DEFAULT_CONFIG,
    typename U>
inline void LoadData(const LocalTensor<T> &dst, const LocalTensor<T> &src,
                     const LoadData3DParamsV2<U> &p,
                     ::ascsim::Loc loc = ::ascsim::here()) {
  ::ascsim::Load3DDesc d{};
  d.setFmatrix = defaultConfig.isSetFMatrix;
  d.setPadding = defaultConfig.isSetPadding;
  for (int i = 0; i < 4; ++i)
    d.padList[i] = p.padList[i];
  d.l1H = p.l1H;
  d.l1W = p.l1W;
  d.channelSize = p.channelSize;
  d.kExtension = p.kExtension;
  d.mExtension = p.mExtension;
  d.kStartPt = p.kStartPt;
  d.mStartPt = p.mStartPt;
  d.strideW = p.strideW;
  d.strideH = p.strideH;
  d.filterW = p.filterW;
  d.filterH = p.filterH;
  d.dilationW = p.dilationFilterW;
  d.dilationH = p.dilationFilterH;
  d.enTranspose = p.enTranspose;
  d.enSmallK = p.enSmallK;
  d.filterSizeW = p.filterSizeW;
  d.filterSizeH = p.filterSizeH;
  d.fMatrixCtrl = p.fMatrixCtrl;
  d.padValue = cube_detail::bitsOf(static_cast<T>(p.padValue));
  ::ascsim::abi::loadData3D(dst.operand(), src.operand(),
                            ::ascsim::dtypeOf<T>(), d, loc);
}
/// LoadData 3D with LoadData3DParamsV2Pro: the feature map and padding
/// value are the registers' (SetFmatrix or the last LoadData3DParamsV2
/// load, SetLoadDataPaddingValue); the window and filter are packed in two
/// words (sim/CUBE.md, our reading of the bit layout): extConfig =
/// kExtension | mExtension << 16 | kStartPt << 32 | mStartPt << 48,
/// filterConfig = strideW | strideH << 8 | filterW << 16 | filterH << 24 |
/// dilationW << 32 | dilationH << 40.
template <typename T>
inline void LoadData(const LocalTensor<T> &dst, const LocalTensor<T> &src,
                     const LoadData3DParamsV2Pro &p,
                     ::ascsim::Loc loc = ::ascsim::here()) {
  ::ascsim::Load3DDesc d{};
  d.pro = true;
  d.setFmatrix = false;
  d.setPadding = false;
  d.channelSize = p.channelSize;
  d.kExtension = static_cast<uint32_t>(p.extConfig & 0xFFFF);
  d.mExtension = static_cast<uint32_t>((p.extConfig >> 16) & 0xFFFF);
  d.kStartPt = static_cast<uint32_t>((p.extConfig >> 32) & 0xFFFF);
  d.mStartPt = static_cast<uint32_t>((p.extConfig >> 48) & 0xFFFF);
  d.strideW = static_cast<uint32_t>(p.filterConfig & 0xFF);
  d.strideH = static_cast<uint32_t>((p.filterConfig >> 8) & 0xFF);
  d.filterW = static_cast<uint32_t>((p.filterConfig >> 16) & 0xFF);
  d.filterH = static_cast<uint32_t>((p.filterConfig >> 24) & 0xFF);
  d.dilationW = static_cast<uint32_t>((p.filterConfig >> 32) & 0xFF);
  d.dilationH = static_cast<uint32_t>((p.filterConfig >> 40) & 0xFF);
  d.enTranspose = p.enTranspose;
  d.enSmallK = p.enSmallK;
  d.filterSizeW = p.filterSizeW;
  d.filterSizeH = p.filterSizeH;
  d.fMatrixCtrl = p.fMatrixCtrl;
  ::ascsim::abi::loadData3D(dst.operand(), src.operand(),
                            ::ascsim::dtypeOf<T>(), d, loc);
}
/// SetFmatrix: the feature-map register of the 3-D loads (l1H x l1W
/// pixels, padList = left, right, top, bottom); A2/A3 have FMATRIX_LEFT
/// only.
inline void SetFmatrix(uint16_t l1H, uint16_t l1W, const uint8_t padList[4],
                       const FmatrixMode &fmatrixMode,
                       ::ascsim::Loc loc = ::ascsim::here()) {
  uint64_t pads = 0;
  for (int i = 0; i < 4; ++i)
    pads |= static_cast<uint64_t>(padList[i]) << (8 * i);
  ::ascsim::abi::cubeControl(::ascsim::CubeCtl::Fmatrix,
                             static_cast<uint64_t>(l1H) |
                                 static_cast<uint64_t>(l1W) << 16 |
                                 static_cast<uint64_t>(fmatrixMode) << 32,
                             pads, loc);
}
/// SetLoadDataBoundary: the L1 byte address at which the 3-D loads' reads
/// wrap to address 0 (0: no boundary; else at least 1024).
inline void SetLoadDataBoundary(uint32_t boundaryValue,
                                ::ascsim::Loc loc = ::ascsim::here()) {
  ::ascsim::abi::cubeControl(::ascsim::CubeCtl::Boundary, boundaryValue, 0,
                             loc);
}
/// SetLoadDataRepeat: the repeat of the next LoadData 3D (repeatTime
/// windows, repeatStride fractals apart along M (mode 0) or K (mode 1)).
inline void SetLoadDataRepeat(const LoadDataRepeatParam &p,
                              ::ascsim::Loc loc = ::ascsim::here()) {
  ::ascsim::abi::cubeControl(::ascsim::CubeCtl::Repeat,
                             static_cast<uint64_t>(p.repeatStride) |
                                 static_cast<uint64_t>(p.repeatTime) << 16 |
                                 static_cast<uint64_t>(p.repeatMode) << 24,
                             0, loc);
}
/// SetLoadDataPaddingValue: the padding register of the 3-D loads (a
/// LoadData 3D with the default configuration sets it from its params; a
/// V2Pro load reads it).
template <typename T>
inline void SetLoadDataPaddingValue(const T padValue,
                                    ::ascsim::Loc loc = ::ascsim::here()) {
  ::ascsim::abi::cubeControl(
      ::ascsim::CubeCtl::PaddingValue, cube_detail::bitsOf(padValue),
      static_cast<uint64_t>(::ascsim::dtypeOf<T>()), loc);
}
/// DataCopy L1 (C1) -> BiasTable (C2) of a half / bfloat16 source into a
/// float BiasTable (ascendc_api.md §5.1 row 7): blockCount x blockLen 32-B
/// blocks of the source, each element widened to float32 (a block becomes
/// 64 B of the BiasTable). The blocks are contiguous (strides 0).
template <typename T, typename U,
          typename std::enable_if<std::is_same<T, float>::value &&
                                      (std::is_same<U, half>::value ||
                                       std::is_same<U, bfloat16_t>::value),
                                  int>::type = 0>
inline void DataCopy(const LocalTensor<T> &dst, const LocalTensor<U> &src,
                     const DataCopyParams &repeatParams,
                     ::ascsim::Loc loc = ::ascsim::here()) {
  if (repeatParams.blockCount > 1 &&
      (repeatParams.srcStride != 0 || repeatParams.dstStride != 0))
    ::ascsim::abi::apiFault(
        "argument",
        "data_copy: the L1 -> BiasTable copy of a half / bfloat16 source "
        "takes contiguous blocks (src_stride = dst_stride = 0)",
        loc);
  const uint32_t count = static_cast<uint32_t>(repeatParams.blockCount) *
                         repeatParams.blockLen * (32 / sizeof(U));
  ::ascsim::abi::biasLoad(dst.operand(), src.operand(), ::ascsim::dtypeOf<U>(),
                          count, loc);
}
/// InitConstValue: fills L1 (32-B blocks) or L0A/L0B (512-B blocks).
template <typename T, typename U>
inline void InitConstValue(const LocalTensor<T> &dst,
                           const InitConstValueParams<U> &p,
                           ::ascsim::Loc loc = ::ascsim::here()) {
  ::ascsim::InitConstDesc d{p.repeatTimes, p.blockNum, p.dstGap,
                            cube_detail::bitsOf(static_cast<T>(p.initValue))};
  ::ascsim::abi::initConst(dst.operand(), ::ascsim::dtypeOf<T>(), d, loc);
}

//===----------------------------------------------------------------------===//
// Mmad
//===----------------------------------------------------------------------===//

namespace cube_detail {
inline ::ascsim::MmadDesc mmadDesc(const MmadParams &p, ::ascsim::DType dst,
                                   ::ascsim::DType a, ::ascsim::DType b,
                                   ::ascsim::DType bias, bool hasBias) {
  ::ascsim::MmadDesc d{};
  d.m = p.m;
  d.n = p.n;
  d.k = p.k;
  d.dst = dst;
  d.a = a;
  d.b = b;
  d.bias = bias;
  d.hasBias = hasBias;
  d.sparse = false;
  d.isBias = p.isBias;
  d.cmatrixInitVal = p.cmatrixInitVal;
  d.cmatrixSource = p.cmatrixSource;
  d.kDirectionAlign = p.kDirectionAlign;
  d.unitFlag = p.unitFlag;
  return d;
}
} // namespace cube_detail

/// C (CO1, L0C) = A (A2, L0A) x B (B2, L0B), or C += A x B (PIPE_M).
template <typename T, typename U, typename S>
inline void Mmad(const LocalTensor<T> &dst, const LocalTensor<U> &fm,
                 const LocalTensor<S> &filter, const MmadParams &p,
                 ::ascsim::Loc loc = ::ascsim::here()) {
  ::ascsim::abi::mmad(
      dst.operand(), fm.operand(), filter.operand(), cube_detail::none(),
      cube_detail::mmadDesc(p, ::ascsim::dtypeOf<T>(), ::ascsim::dtypeOf<U>(),
                            ::ascsim::dtypeOf<S>(), ::ascsim::dtypeOf<T>(),
                            false),
      loc);
}
/// C = bias (C2, BiasTable) + A x B.
template <typename T, typename U, typename S, typename V>
inline void Mmad(const LocalTensor<T> &dst, const LocalTensor<U> &fm,
                 const LocalTensor<S> &filter, const LocalTensor<V> &bias,
                 const MmadParams &p, ::ascsim::Loc loc = ::ascsim::here()) {
  ::ascsim::abi::mmad(
      dst.operand(), fm.operand(), filter.operand(), bias.operand(),
      cube_detail::mmadDesc(p, ::ascsim::dtypeOf<T>(), ::ascsim::dtypeOf<U>(),
                            ::ascsim::dtypeOf<S>(), ::ascsim::dtypeOf<V>(),
                            true),
      loc);
}

/// LoadDataWithSparse: B1 (L1) -> B2 (L0B), MTE1. Each repeat moves one
/// 512-B fractal of the stored int8 weights of a 4:2 sparse B (two values
/// of every four along K) and the 128 bytes of their 2-bit index (one
/// field per stored value, the first in the low bits of its byte) from
/// `idx`; MmadWithSparse reads both (sim/CUBE.md).
template <typename T, typename U>
inline void
LoadDataWithSparse(const LocalTensor<T> &dst, const LocalTensor<T> &src,
                   const LocalTensor<U> &idx, const LoadData2DParams &p,
                   ::ascsim::Loc loc = ::ascsim::here()) {
  ::ascsim::LoadData2DDesc d = cube_detail::desc2D(p);
  d.form = ::ascsim::LoadForm::Sparse;
  d.idxType = ::ascsim::dtypeOf<U>();
  ::ascsim::abi::loadData(dst.operand(), src.operand(), idx.operand(),
                          ::ascsim::dtypeOf<T>(), d, loc);
}
/// MmadWithSparse: C (CO1, int32) = A (A2, m x k int8) x B (B2, the 4:2
/// sparse k x n int8 matrix that LoadDataWithSparse loaded: k / 2 stored
/// values per column and their index), PIPE_M.
template <typename T, typename U>
inline void MmadWithSparse(const LocalTensor<T> &dst, const LocalTensor<U> &fm,
                           const LocalTensor<U> &filter, const MmadParams &p,
                           ::ascsim::Loc loc = ::ascsim::here()) {
  ::ascsim::MmadDesc d = cube_detail::mmadDesc(
      p, ::ascsim::dtypeOf<T>(), ::ascsim::dtypeOf<U>(), ::ascsim::dtypeOf<U>(),
      ::ascsim::dtypeOf<T>(), false);
  d.sparse = true;
  ::ascsim::abi::mmad(dst.operand(), fm.operand(), filter.operand(),
                      cube_detail::none(), d, loc);
}

//===----------------------------------------------------------------------===//
// Fixpipe
//===----------------------------------------------------------------------===//

namespace cube_detail {
inline ::ascsim::FixpipeDesc fixDesc(const FixpipeParamsV220 &p,
                                     ::ascsim::DType dst, ::ascsim::DType src,
                                     bool nz, bool workspace) {
  ::ascsim::FixpipeDesc d{};
  d.dst = dst;
  d.src = src;
  d.nz = nz;
  d.reluEn = p.reluEn;
  d.channelSplit = p.isChannelSplit;
  d.hasWorkspace = workspace;
  d.quant = static_cast<uint8_t>(p.quantPre);
  d.unitFlag = p.unitFlag;
  d.nSize = p.nSize;
  d.mSize = p.mSize;
  d.srcStride = p.srcStride;
  d.dstStride = p.dstStride;
  d.deqScalar = p.deqScalar;
  d.ndNum = p.ndNum;
  d.srcNdStride = p.srcNdStride;
  d.dstNdStride = p.dstNdStride;
  return d;
}
template <const FixpipeConfig &config> constexpr bool isNz() {
  return config.format == CO2Layout::NZ;
}
} // namespace cube_detail

/// L0C (CO1) -> GM (PIPE_FIX): NZ -> ND (CFG_ROW_MAJOR) or NZ (CFG_NZ),
/// with the quantisation and ReLU of `p`.
template <typename T, typename U, const FixpipeConfig &config = CFG_ROW_MAJOR>
inline void Fixpipe(const GlobalTensor<T> &dst, const LocalTensor<U> &src,
                    const FixpipeParamsV220 &p,
                    ::ascsim::Loc loc = ::ascsim::here()) {
  ::ascsim::abi::fixpipe(
      dst.operand(), src.operand(), cube_detail::none(),
      cube_detail::fixDesc(p, ::ascsim::dtypeOf<T>(), ::ascsim::dtypeOf<U>(),
                           cube_detail::isNz<config>(), false),
      loc);
}
/// L0C -> L1 (A1/B1/C1).
template <typename T, typename U, const FixpipeConfig &config = CFG_ROW_MAJOR>
inline void Fixpipe(const LocalTensor<T> &dst, const LocalTensor<U> &src,
                    const FixpipeParamsV220 &p,
                    ::ascsim::Loc loc = ::ascsim::here()) {
  ::ascsim::abi::fixpipe(
      dst.operand(), src.operand(), cube_detail::none(),
      cube_detail::fixDesc(p, ::ascsim::dtypeOf<T>(), ::ascsim::dtypeOf<U>(),
                           cube_detail::isNz<config>(), false),
      loc);
}
/// The vector quant modes (VDEQF16, VQF322B8_PRE, VREQ8): one uint64 word
/// per output channel in `cbufWorkspace` (L1).
template <typename T, typename U, const FixpipeConfig &config = CFG_ROW_MAJOR>
inline void Fixpipe(const GlobalTensor<T> &dst, const LocalTensor<U> &src,
                    const LocalTensor<uint64_t> &cbufWorkspace,
                    const FixpipeParamsV220 &p,
                    ::ascsim::Loc loc = ::ascsim::here()) {
  ::ascsim::abi::fixpipe(
      dst.operand(), src.operand(), cbufWorkspace.operand(),
      cube_detail::fixDesc(p, ::ascsim::dtypeOf<T>(), ::ascsim::dtypeOf<U>(),
                           cube_detail::isNz<config>(), true),
      loc);
}
template <typename T, typename U, const FixpipeConfig &config = CFG_ROW_MAJOR>
inline void Fixpipe(const LocalTensor<T> &dst, const LocalTensor<U> &src,
                    const LocalTensor<uint64_t> &cbufWorkspace,
                    const FixpipeParamsV220 &p,
                    ::ascsim::Loc loc = ::ascsim::here()) {
  ::ascsim::abi::fixpipe(
      dst.operand(), src.operand(), cbufWorkspace.operand(),
      cube_detail::fixDesc(p, ::ascsim::dtypeOf<T>(), ::ascsim::dtypeOf<U>(),
                           cube_detail::isNz<config>(), true),
      loc);
}
/// SetFixpipePreQuantFlag: the scalar quantisation word of the CO1 copies
/// (DataCopy with DataCopyCO12DstParams reads it; Fixpipe sets it from
/// FixpipeParamsV220::deqScalar).
inline void SetFixpipePreQuantFlag(uint64_t config,
                                   ::ascsim::Loc loc = ::ascsim::here()) {
  ::ascsim::abi::cubeControl(::ascsim::CubeCtl::PreQuant, config, 0, loc);
}

namespace cube_detail {
inline ::ascsim::FixpipeDesc co12Desc(const DataCopyCO12DstParams &p,
                                      ::ascsim::DType dst,
                                      ::ascsim::DType src) {
  ::ascsim::FixpipeDesc d{};
  d.dst = dst;
  d.src = src;
  d.nz = !p.nz2ndEn;
  d.reluEn = p.reluPre != 0;
  d.channelSplit = p.channelSplit;
  d.quant = static_cast<uint8_t>(p.quantPre);
  d.unitFlag = p.unitFlag;
  d.nSize = p.nSize;
  d.mSize = p.mSize;
  d.srcStride = p.srcStride;
  d.dstStride = p.dstStride;
  d.ndNum = 1;
  d.deqScalar = 0;
  return d;
}
} // namespace cube_detail

/// DataCopy CO1 -> GM / L1 (PIPE_FIX) with DataCopyCO12DstParams: the
/// Fixpipe copy whose scalar quant word is the SetFixpipePreQuantFlag
/// register; NZ -> ND when nz2ndEn.
template <typename T, typename U>
inline void DataCopy(const GlobalTensor<T> &dst, const LocalTensor<U> &src,
                     const DataCopyCO12DstParams &p,
                     ::ascsim::Loc loc = ::ascsim::here()) {
  ::ascsim::abi::co12Copy(
      dst.operand(), src.operand(),
      cube_detail::co12Desc(p, ::ascsim::dtypeOf<T>(), ::ascsim::dtypeOf<U>()),
      loc);
}
template <typename T, typename U>
inline void DataCopy(const LocalTensor<T> &dst, const LocalTensor<U> &src,
                     const DataCopyCO12DstParams &p,
                     ::ascsim::Loc loc = ::ascsim::here()) {
  ::ascsim::abi::co12Copy(
      dst.operand(), src.operand(),
      cube_detail::co12Desc(p, ::ascsim::dtypeOf<T>(), ::ascsim::dtypeOf<U>()),
      loc);
}

//===----------------------------------------------------------------------===//
// Cross-core flags (hardware.md §3.6)
//===----------------------------------------------------------------------===//

/// Mode 0: all AICs (or all AIVs) of the launch; 1: the AIVs of one AI
/// Core; 2: an AIC and its AIVs. Sits in `pipe` and fires once its earlier
/// instructions are complete.
template <uint8_t modeId, pipe_t pipe>
inline void CrossCoreSetFlag(uint16_t flagId,
                             ::ascsim::Loc loc = ::ascsim::here()) {
  ::ascsim::abi::crossCoreSetFlag(modeId, static_cast<uint8_t>(pipe), flagId,
                                  loc);
}
/// Blocks the core's issue until flag `flagId`'s counter is non-zero, then
/// decrements it (the template arguments are ignored on A2/A3).
template <uint8_t modeId = 0, pipe_t pipe = PIPE_S>
inline void CrossCoreWaitFlag(uint16_t flagId,
                              ::ascsim::Loc loc = ::ascsim::here()) {
  ::ascsim::abi::crossCoreWaitFlag(flagId, loc);
}

/// SyncAll (hardware form, hardware.md §3.6): a barrier of every AIV of the
/// launch (isAIVOnly) or of every core, built on cross-core flags 11-14;
/// it needs a MIX kernel type.
template <bool isAIVOnly = true>
inline void SyncAll(::ascsim::Loc loc = ::ascsim::here()) {
  ::ascsim::abi::syncAll(isAIVOnly, loc);
}

} // namespace AscendC

namespace ascsim::detail {
/// Referenced by every inter-block sync API: a kernel library that uses one
/// exports this symbol, and the launcher then runs each of its blocks on a
/// host thread of its own (a waiting block blocks its thread; docs/sync.md).
template <int N> struct __attribute__((visibility("default"))) BlockSyncUse {
  static const volatile unsigned char used;
};
template <int N> const volatile unsigned char BlockSyncUse<N>::used = 1;
template <int N = 0> inline void noteBlockSync() {
  (void)BlockSyncUse<N>::used;
}
} // namespace ascsim::detail

namespace AscendC {

/// SyncAll's software form: a barrier of the first `usedCores` blocks (0:
/// all) through the int32 flag area `gmWorkspace` (get_block_num() * 32
/// bytes, zero before the launch), staged through `ubWorkspace` (as many
/// bytes). Vector cores only.
template <bool isAIVOnly = true>
inline void SyncAll(const GlobalTensor<int32_t> &gmWorkspace,
                    const LocalTensor<int32_t> &ubWorkspace,
                    const int32_t usedCores = 0,
                    ::ascsim::Loc loc = ::ascsim::here()) {
  ::ascsim::detail::noteBlockSync();
  ::ascsim::abi::syncAllSoft(isAIVOnly, gmWorkspace.operand(),
                             ubWorkspace.operand(), usedCores, loc);
}

/// IBSet: once the core's earlier instructions are done, sets the flag of
/// (blockIdx, eventID), 32-byte slot eventID * cores + blockIdx of the
/// zeroed int32 area `gmWorkspace` (cores = GetBlockNum(), twice that in a
/// MIX kernel); `ubWorkspace` holds at least 32 bytes.
template <bool isAIVOnly = true>
inline void IBSet(const GlobalTensor<int32_t> &gmWorkspace,
                  const LocalTensor<int32_t> &ubWorkspace, int32_t blockIdx,
                  int32_t eventID, ::ascsim::Loc loc = ::ascsim::here()) {
  ::ascsim::detail::noteBlockSync();
  ::ascsim::abi::ibSync(false, isAIVOnly, gmWorkspace.operand(),
                        ubWorkspace.operand(), blockIdx, eventID, loc);
}
/// IBWait: waits until the flag of (blockIdx, eventID) is set, clears it.
template <bool isAIVOnly = true>
inline void IBWait(const GlobalTensor<int32_t> &gmWorkspace,
                   const LocalTensor<int32_t> &ubWorkspace, int32_t blockIdx,
                   int32_t eventID, ::ascsim::Loc loc = ::ascsim::here()) {
  ::ascsim::detail::noteBlockSync();
  ::ascsim::abi::ibSync(true, isAIVOnly, gmWorkspace.operand(),
                        ubWorkspace.operand(), blockIdx, eventID, loc);
}

/// NotifyNextBlock: once the core's earlier instructions are done, sets
/// this block's flag (its 32-byte slot of the zeroed int32 area, at least
/// GetBlockNum() * 32 bytes), which the next block's WaitPreBlock waits for.
template <int = 0>
inline void NotifyNextBlock(GlobalTensor<int32_t> &gmWorkspace,
                            LocalTensor<int32_t> &ubWorkspace,
                            ::ascsim::Loc loc = ::ascsim::here()) {
  ::ascsim::detail::noteBlockSync();
  ::ascsim::abi::blockOrder(true, gmWorkspace.operand(), ubWorkspace.operand(),
                            loc);
}
/// WaitPreBlock: block 0 goes on; block b waits for block b - 1's flag.
template <int = 0>
inline void WaitPreBlock(GlobalTensor<int32_t> &gmWorkspace,
                         LocalTensor<int32_t> &ubWorkspace,
                         ::ascsim::Loc loc = ::ascsim::here()) {
  ::ascsim::detail::noteBlockSync();
  ::ascsim::abi::blockOrder(false, gmWorkspace.operand(), ubWorkspace.operand(),
                            loc);
}

} // namespace AscendC

#endif // ASCSIM_CUBE_API_H

//===- ascsim/cube_abi.h - ABI of the cube (AIC) instructions ---*- C++ -*-===//
//
// The part of the kernel-to-simulator ABI used by the cube path of
// ascsim/cube_api.h: LoadData (2D, with transpose, img2col 3D, sparse),
// DataCopy GM -> L1 with ND -> NZ, InitConstValue, Mmad, Fixpipe and the
// cube control registers. The header converts each Ascend C parameter struct
// into one plain descriptor below (all fields widened, in the struct's
// units); the library (sim/lib/device/CubeAbi.cpp) checks it, plans it and
// issues it, and sim/lib/ops/Cube*.cpp compute it. Like abi.h this header is
// part of every kernel TU: <cstdint> only, PODs and functions.
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_CUBE_ABI_H
#define ASCSIM_CUBE_ABI_H

#include "ascsim/abi.h"

namespace ascsim {

/// Which parameter struct a LoadData call came with.
enum class LoadForm : uint8_t {
  Plain = 0,   // LoadData(dst, src, LoadData2DParams)
  Transpose,   // LoadDataWithTranspose(dst, src, LoadData2dTransposeParams)
  TransposeV2, // LoadDataWithTranspose(..., LoadData2dTransposeParamsV2)
  PlainV2,     // LoadData(dst, src, LoadData2DParamsV2): not on A2/A3
  Sparse,      // LoadDataWithSparse(dst, src, idx, LoadData2DParams)
};

/// LoadData 2D (units: 512-B fractals), LoadDataWithTranspose and
/// LoadDataWithSparse.
struct LoadData2DDesc {
  LoadForm form;
  bool ifTranspose;
  uint8_t sid;      // Plain/Sparse: reserved, must be 0
  uint8_t addrMode; // Plain/Sparse: reserved, must be 0
  uint32_t startIndex;
  uint32_t repeatTimes;
  uint32_t srcStride;
  uint32_t dstGap;
  uint32_t dstFracGap; // transpose forms
  uint32_t srcFracGap; // TransposeV2
  DType idxType;       // Sparse: the index tensor's element type
};

/// DataCopy(dst, src, Nd2NzParams): GM -> L1 with ND -> NZ (elements unless
/// noted).
struct Nd2NzDesc {
  uint32_t ndNum, nValue, dValue;
  uint32_t srcNdMatrixStride, srcDValue;
  uint32_t dstNzC0Stride, dstNzNStride; // 32-B units
  uint32_t dstNzMatrixStride;
};

/// DataCopy(GM, UB, Nz2NdParamsFull): UB (NZ, 16-element columns blocks)
/// -> GM (ND). Units as the struct's (sim/CUBE.md).
struct Nz2NdDesc {
  uint32_t ndNum, nValue, dValue;
  uint32_t srcNdMatrixStride; // 256 elements
  uint32_t srcNStride;        // 16 elements (rows between column blocks)
  uint32_t dstDStride, dstNdMatrixStride; // elements
};

/// InitConstValue: `value` is the bit pattern of the element.
struct InitConstDesc {
  uint32_t repeatTimes, blockNum, dstGap;
  uint64_t value;
};

/// LoadData 3D (img2col) V2 and V2Pro, after the header unpacked V2Pro's
/// words. `setFmatrix`/`setPadding` = the template config's isSetFMatrix /
/// isSetPadding (false: the values of SetFmatrix / SetLoadDataPaddingValue).
struct Load3DDesc {
  bool pro; // the V2Pro form
  bool v1;  // LoadData3DParamsV1: not on A2/A3
  bool setFmatrix, setPadding;
  uint8_t padList[4]; // left, right, top, bottom
  uint32_t l1H, l1W, channelSize;
  uint32_t kExtension, mExtension, kStartPt, mStartPt;
  uint32_t strideW, strideH, filterW, filterH, dilationW, dilationH;
  bool enTranspose, enSmallK, filterSizeW, filterSizeH, fMatrixCtrl;
  uint64_t padValue; // bit pattern
};

/// Mmad / MmadWithSparse. `bias` operands have bytes == 0 when absent.
struct MmadDesc {
  uint32_t m, n, k;
  DType dst, a, b, bias;
  bool hasBias, sparse;
  bool isBias, cmatrixInitVal, cmatrixSource, kDirectionAlign;
  uint8_t unitFlag;
  /// HF32 mode of float32 inputs (filled by the library from the core's
  /// SetHF32Mode / SetHF32TransMode registers): 0 off, 1 round to nearest
  /// even, 2 round half away from zero (sim/CUBE.md).
  uint8_t hf32;
};

/// Fixpipe (FixpipeParamsV220). `nz` = CFG_NZ (else CFG_ROW_MAJOR, NZ -> ND);
/// `quant` is the QuantMode_t value; `workspace` operands (the
/// cbufWorkspace of vector quant modes) have bytes == 0 when absent.
struct FixpipeDesc {
  DType dst, src;
  bool nz;
  bool reluEn, channelSplit, hasWorkspace;
  uint8_t quant, unitFlag;
  uint32_t nSize, mSize, srcStride, dstStride;
  uint64_t deqScalar;
  uint32_t ndNum, srcNdStride, dstNdStride;
};

/// Cube control registers (issued by the scalar unit).
enum class CubeCtl : uint8_t {
  Fmatrix = 0,  // a = l1H | l1W << 16 | FmatrixMode << 32,
                // b = padList bytes (l, r, t, b)
  PaddingValue, // a = bit pattern, b = DType
  Boundary,     // a = boundary bytes (0 = none)
  Repeat,       // a = repeatStride | repeatTime << 16 | repeatMode << 24
  PreQuant,     // a = SetFixpipePreQuantFlag config
  Nz2nd,        // a = ndNum | srcNdStride << 16 | dstNdStride << 32
  FixConfig,    // a = L1 byte address of the quant vector (SetFixPipeConfig)
                //     b = L1 address of the relu vector + 1 (0 = none)
};

namespace abi {
/// A field of `api`'s parameter struct that Ascend 910B/910C ignore holds
/// `value`, not its default, at run time: a warning once per line and field
/// (the verifier warns for a constant; ODS `ignoredFields`).
ASCSIM_API void ignoredField(const char *api, const char *field, int64_t value,
                             bool isBool, const char *hint, Loc loc);
/// LoadData 2D / with transpose: L1 -> L0A/L0B (MTE1), GM -> L0A/L0B/L1
/// (MTE2). `idx` is the index tensor of LoadDataWithSparse (bytes 0 else).
ASCSIM_API void loadData(const Operand &dst, const Operand &src,
                         const Operand &idx, DType type,
                         const LoadData2DDesc &desc, Loc loc);
/// LoadData 3D (img2col): L1 -> L0A/L0B (MTE1).
ASCSIM_API void loadData3D(const Operand &dst, const Operand &src, DType type,
                           const Load3DDesc &desc, Loc loc);
/// DataCopy with Nd2NzParams: GM -> L1 or UB (MTE2); UB -> L1 is refused
/// (no core of Ascend 910B/910C has both).
ASCSIM_API void nd2nz(const Operand &dst, const Operand &src, DType type,
                      const Nd2NzDesc &desc, Loc loc);
/// DataCopyPad with DataCopy(Ext)Params and Nd2NzParams: UB -> L1, which
/// Ascend 910B/910C cannot run (no core has both): refused at the call.
ASCSIM_API void nd2nzPad(const Operand &dst, const Operand &src, Loc loc);
/// DataCopy with Nz2NdParamsFull: UB -> GM (MTE3).
ASCSIM_API void nz2nd(const Operand &dst, const Operand &src, DType type,
                      const Nz2NdDesc &desc, Loc loc);
/// InitConstValue: L1 (32-B blocks) or L0A/L0B (512-B blocks).
ASCSIM_API void initConst(const Operand &dst, DType type,
                          const InitConstDesc &desc, Loc loc);
/// DataCopy L1 (C1) -> BiasTable (C2) of a half / bfloat16 source: `count`
/// source elements, each widened to float32 (MTE1).
ASCSIM_API void biasLoad(const Operand &dst, const Operand &src, DType srcType,
                         uint32_t count, Loc loc);
/// Mmad / MmadWithSparse (PIPE_M).
ASCSIM_API void mmad(const Operand &dst, const Operand &a, const Operand &b,
                     const Operand &bias, const MmadDesc &desc, Loc loc);
/// Fixpipe: L0C -> GM or L1 (PIPE_FIX).
ASCSIM_API void fixpipe(const Operand &dst, const Operand &src,
                        const Operand &workspace, const FixpipeDesc &desc,
                        Loc loc);
ASCSIM_API void cubeControl(CubeCtl what, uint64_t a, uint64_t b, Loc loc);
/// DataCopy CO1 -> GM / L1 with DataCopyCO12DstParams: a Fixpipe whose
/// scalar quant word is the PreQuant register.
ASCSIM_API void co12Copy(const Operand &dst, const Operand &src,
                         const FixpipeDesc &desc, Loc loc);
/// CrossCoreSetFlag<mode, pipe>(flagId): `pipe` is a pipe_t value.
ASCSIM_API void crossCoreSetFlag(uint8_t mode, uint8_t pipe, uint32_t flagId,
                                 Loc loc);
/// SyncAll<isAIVOnly>() (the hardware form): every core of the launch (only
/// the AIVs when `aivOnly`) waits until all have reached it.
ASCSIM_API void syncAll(bool aivOnly, Loc loc);
/// CrossCoreWaitFlag(flagId) (its template arguments are ignored on A2/A3).
ASCSIM_API void crossCoreWaitFlag(uint32_t flagId, Loc loc);
/// IBSet (`wait` false) / IBWait (true) through the GM flag area `gm`.
ASCSIM_API void ibSync(bool wait, bool aivOnly, const Operand &gm,
                       const Operand &ub, int64_t blockIdx, int64_t eventId,
                       Loc loc);
/// SyncAll<aivOnly>(gm, ub, usedCores), the software form.
ASCSIM_API void syncAllSoft(bool aivOnly, const Operand &gm, const Operand &ub,
                            int64_t usedCores, Loc loc);
/// NotifyNextBlock (`notify`) / WaitPreBlock.
ASCSIM_API void blockOrder(bool notify, const Operand &gm, const Operand &ub,
                           Loc loc);
} // namespace abi

} // namespace ascsim

#endif // ASCSIM_CUBE_ABI_H

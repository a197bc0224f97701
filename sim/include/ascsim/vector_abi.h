//===- ascsim/vector_abi.h - ABI of the vector API breadth ------*- C++ -*-===//
//
// The part of the kernel-to-simulator ABI used by the vector instructions
// (count and mask/repeat forms), the data-movement parameter forms and the
// mask/atomic control calls (ascsim/vector_api.h). One plain descriptor per
// call: the header fills it inline, the library
// (sim/lib/device/VectorAbi.cpp) checks and executes it. Like abi.h this header
// is part of every kernel TU: it includes only <cstdint> (through abi.h) and
// declares PODs and functions.
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_VECTOR_ABI_H
#define ASCSIM_VECTOR_ABI_H

#include "ascsim/abi.h"

namespace ascsim {

/// Vector instructions: first the ops of the simulator's op table
/// (ascsim/gen/VecOps.def, generated from the dialect's ODS `simOp`s), then
/// the simulator's own instruction kinds. Kernels and libascsim are built
/// against the same headers (the kernel cache key covers them), so the
/// values need not be stable across versions.
///
/// How a VecCall carries each op's operands: tensor (+) tensor: dst, src0,
/// src1 (FusedMulAdd(Relu), MulAddDst and Axpy also read dst; MulAddDst and
/// Axpy may write a wider dst); tensor (+) scalar: dst, src0, scalar
/// (ShiftRight: mode = roundEn); unary: dst, src0; Cast: mode = RoundMode;
/// Compare(Scalar): dst = bit mask, mode = CMPMODE; Select(Scalar): dst,
/// src2 = selection mask, src0, src1 or scalar, mode = SELMODE; Duplicate:
/// dst, scalar; Gather(b): dst, src0, src2 = uint32 byte offsets, aux = base
/// address; ReduceSum/Max/Min: src2 = shared tmp buffer, mode = calIndex;
/// WholeReduceMax/Min: mode = ReduceOrder; CompareCmpMask: src0, src1 ->
/// CMPMASK, one repeat; Set/GetCmpMask: 16 bytes of src0 / dst;
/// SelectCmpMask: mode 0 bits in CMPMASK, mode 2 CMPMASK holds the UB address
/// of the selection mask; SelectCmpMaskScalar: src2 = selection mask, the
/// scalar in CMPMASK; quantising casts: dst narrower than the sources,
/// CastDeq mode bit 0 = isVecDeq, bit 1 = halfBlock; BilinearInterpolation:
/// src0 = blocks at data-dependent offsets, src1 = weights, src2 = block
/// offsets, repeat = vRepeat, aux = hRepeat, scalar = vROffset, mode =
/// repeatMode, dstBlk = dstBlkStride.
enum class VecOp : uint8_t {
#define ASCSIM_VEC_OP(NAME, ...) NAME,
#include "ascsim/gen/VecOps.def"
  // GatherMask, Transpose, TransDataTo5HD, Scatter: a LayoutInstr
  // (ascsim/layout_abi.h, ops/LayoutOps.h)
  Layout,
  // LoadImageToLocal: an AippInstr (ascsim/sys_api.h, ops/AippOps.h)
  Aipp,
};

/// How the instruction's mask was given.
enum class MaskForm : uint8_t {
  Count = 0,  // count form: mask[0] = element count (counter mode, 1 instr)
  Continuous, // uint64_t mask, isSetMask = true: mask[0] = n
  Bits,       // uint64_t mask[], isSetMask = true: mask[0] low, mask[1] high
  Register,   // isSetMask = false: the mask register (SetVectorMask)
  None,       // the instruction has no mask (Brcb, Gatherb)
};

/// One vector instruction. Unused operands have bytes == 0 and pos == 0xFF.
/// Strides are in 32-byte blocks except where an op documents otherwise.
struct VecCall {
  VecOp op;
  DType dstType;
  DType srcType;
  MaskForm maskForm;
  uint8_t mode; // RoundMode / CMPMODE / SELMODE / ReduceOrder / flags
  Operand dst, src0, src1, src2;
  uint64_t mask[2];
  int64_t repeat;
  int64_t dstBlk, src0Blk, src1Blk;
  int64_t dstRep, src0Rep, src1Rep;
  uint64_t scalar; // bit pattern of the scalar operand
  uint32_t aux;    // Gather: srcBaseAddr (bytes)
};

/// Mask, mode and store-configuration calls (issued by the scalar unit).
enum class VecCtl : uint8_t {
  SetMask = 0,  // a = high, b = low (SetVectorMask(maskHigh, maskLow))
  SetMaskLen,   // a = len, b = 1 if MaskMode::COUNTER (SetVectorMask(len))
  ResetMask,    // mask := all ones
  SetMaskCount, // counter mode
  SetMaskNorm,  // normal mode
  AtomicAdd,    // type = atomic element type
  AtomicMax,
  AtomicMin,
  AtomicType, // type only
  AtomicNone,
  SetPadValue,   // a = bit pattern of the pad value in `type`
  SetDeqScale,   // a = float16 bits of the scale (int32 -> half casts)
  SetDeqScaleEx, // a = packed (scale, offset, signMode): quant_api.h
  SetVdeqGroup,  // a = group index (0-15), b = packed (scale, offset, sign)
};

/// DataCopy with DataCopyParams (pad = false; units of 32-B blocks) or
/// DataCopyPad (pad = true; blockLen in bytes, GM-side stride in bytes,
/// UB-side stride in 32-B blocks) with its padding parameters.
struct CopyCall {
  DType type;
  bool pad;
  bool hasPadParams; // GM -> UB DataCopyPad carries DataCopyPad(Ext)Params
  bool extParams;    // DataCopyPad with DataCopyExtParams: counts from 1
  bool isPad;
  uint8_t leftPadding, rightPadding; // elements
  Operand dst, src;
  uint32_t blockCount;
  uint32_t blockLen;
  uint32_t srcStride;
  uint32_t dstStride;
  uint64_t padValue; // bit pattern in `type`
};

namespace abi {
/// Mask/repeat/count forms of the vector instructions (PIPE_V).
ASCSIM_API void vecOp(const VecCall &call, Loc loc);
/// SetVectorMask / ResetMask / SetMaskCount / SetMaskNorm / SetAtomic* /
/// SetPadValue / SetDeqScale.
ASCSIM_API void vecControl(VecCtl what, DType type, uint64_t a, uint64_t b,
                           Loc loc);
/// DataCopy(DataCopyParams) and DataCopyPad; the pipe follows the operands.
ASCSIM_API void dataCopyEx(const CopyCall &call, Loc loc);
} // namespace abi

} // namespace ascsim

#endif // ASCSIM_VECTOR_ABI_H

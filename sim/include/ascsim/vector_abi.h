//===- ascsim/vector_abi.h - ABI of the vector API breadth ------*- C++ -*-===//
//
// The part of the kernel-to-simulator ABI used by the vector instructions
// (count and mask/repeat forms), the data-movement parameter forms and the
// mask/atomic control calls (ascsim/vector_api.h). One plain descriptor per
// call: the header fills it inline, the library
// (sim/lib/device/VectorAbi.cpp) checks and executes it. Like abi.h this header is part of every kernel TU: it
// includes only <cstdint> (through abi.h) and declares PODs and functions.
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_VECTOR_ABI_H
#define ASCSIM_VECTOR_ABI_H

#include "ascsim/abi.h"

namespace ascsim {

/// Vector instructions of the breadth ABI (values are part of the ABI:
/// append only).
enum class VecOp : uint8_t {
  // tensor (+) tensor: dst, src0, src1
  Add = 0,
  Sub,
  Mul,
  Div,
  Max,
  Min,
  AddRelu,
  SubRelu,
  And,
  Or,
  FusedMulAdd,     // dst = src0 * dst + src1
  FusedMulAddRelu, // relu(src0 * dst + src1)
  MulAddDst,       // dst = src0 * src1 + dst   (dst type may be wider)
  // tensor (+) scalar: dst, src0, scalar
  Adds,
  Muls,
  Maxs,
  Mins,
  LeakyRelu,
  ShiftLeft,
  ShiftRight, // mode = roundEn
  Axpy,       // dst = src0 * scalar + dst  (dst type may be wider)
  // unary: dst, src0
  Abs,
  Exp,
  Ln,
  Sqrt,
  Rsqrt,
  Reciprocal,
  Relu,
  Not,
  Cast, // mode = RoundMode
  Copy,
  // compare / select
  Compare,       // dst (bit mask), src0, src1; mode = CMPMODE
  CompareScalar, // dst (bit mask), src0, scalar; mode = CMPMODE
  Select,        // dst, src2 = selMask, src0, src1; mode = SELMODE
  SelectScalar,  // dst, src2 = selMask, src0, scalar; mode = SELMODE
  // fill / broadcast / gather
  Duplicate, // dst, scalar
  Brcb,      // dst, src0
  Gather,    // dst, src0, src2 = offsets (uint32, bytes); aux = base address
  Gatherb,   // dst, src0, src2 = block offsets (uint32, bytes)
  // reductions
  ReduceSum, // dst, src0, src2 = shared tmp buffer
  ReduceMax, // mode = calIndex
  ReduceMin,
  WholeReduceSum,
  WholeReduceMax, // mode = ReduceOrder
  WholeReduceMin,
  BlockReduceSum,
  BlockReduceMax,
  BlockReduceMin,
  PairReduceSum,
  RepeatReduceSum,
  // the 128-bit CMPMASK register (ops/VectorCmpMask.cpp)
  CompareCmpMask,      // src0, src1 -> CMPMASK; mode = CMPMODE; one repeat
  SetCmpMask,          // src0 (16 bytes) -> CMPMASK
  GetCmpMask,          // CMPMASK -> dst (16 bytes)
  SelectCmpMask,       // dst, src0, src1; mode 0: bits in CMPMASK, mode 2:
                       // CMPMASK holds the UB address of the selection mask
  SelectCmpMaskScalar, // dst, src2 = selMask, src0; scalar in CMPMASK (mode 1)
  // quantisation and fused casts (ascsim/quant_api.h, ops/QuantEval.cpp)
  AddReluCast, // dst (narrower type), src0, src1: relu(src0 + src1)
  SubReluCast, // relu(src0 - src1)
  MulCast,     // src0 * src1
  AddDeqRelu,  // half dst, int32 sources: relu((src0 + src1) * DEQSCALE)
  CastDeq,     // dst, src0; mode bit 0 = isVecDeq, bit 1 = halfBlock
  // GatherMask, Transpose, TransDataTo5HD, Scatter: a LayoutInstr
  // (ascsim/layout_abi.h, ops/LayoutOps.h)
  Layout,
  // dst, src0 (blocks at data-dependent offsets), src1 = weights, src2 =
  // block offsets (uint32, bytes); repeat = vRepeat, aux = hRepeat, scalar
  // = vROffset (elements), mode = repeatMode, dstBlk = dstBlkStride
  // (ascsim/quant_api.h, ops/BilinearEval.cpp)
  BilinearInterpolation,
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
  SetMask = 0,   // a = high, b = low (SetVectorMask(maskHigh, maskLow))
  SetMaskLen,    // a = len, b = 1 if MaskMode::COUNTER (SetVectorMask(len))
  ResetMask,     // mask := all ones
  SetMaskCount,  // counter mode
  SetMaskNorm,   // normal mode
  AtomicAdd,     // type = atomic element type
  AtomicMax,
  AtomicMin,
  AtomicType,    // type only
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

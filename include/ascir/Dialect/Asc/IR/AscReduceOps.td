//===- AscReduceOps.td - reductions ------------------------*- tablegen -*-===//
//
// Reductions on UB tensors of f16 or f32, the result of the source type
// (ascendc_api.md §5.11): whole-tensor ReduceSum/Max/Min (instruction
// sequences using a scratch tensor), one result per repeat (WholeReduce*),
// per 32-byte block (BlockReduce*), per pair (PairReduceSum) and per
// repeat with block strides (RepeatReduceSum). The IR operand order is the
// C++ argument order, which differs between the families: BlockReduce*,
// PairReduceSum and RepeatReduceSum take the repeat count before the mask.
//
//===----------------------------------------------------------------------===//

#ifndef ASCIR_DIALECT_ASC_IR_ASCREDUCEOPS_TD
#define ASCIR_DIALECT_ASC_IR_ASCREDUCEOPS_TD

defvar Asc_ReduceTypes = [F16, F32];

// A UB tensor the op uses as scratch space.
class Asc_VecScratch<list<Type> dtypes>
    : Arg<Asc_UBTensorOf<dtypes>, "scratch space",
          [MemRead<Asc_UBResource>, MemWrite<Asc_UBResource>]>;

defvar Asc_ReduceExampleTypes =
    "!asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>";

//===----------------------------------------------------------------------===//
// Whole-tensor reductions
//===----------------------------------------------------------------------===//

defvar Asc_ReduceTail =
    (ins Arg<AnySignlessInteger, "repeat stride of src">:$src_rep_stride);

// `withIndex` adds the `cal_index` flag, passed as the last argument: the
// index of the extreme element is written to dst[1] (as the bit pattern of
// an index of the element type's width).
class Asc_ReduceOp<string name, string cxx, string what, bit withIndex,
                   Asc_VecForm form>
    : Asc_VecOp<name, cxx, what # " of a whole tensor",
        "Writes the " # what # " of the elements of `src` to `dst[0]`"
        # !if(withIndex, " and, with `cal_index`, its index to `dst[1]`", "")
        # ". `shared_tmp_buffer` is scratch space; all three tensors are in UB "
        "and share "
        "one element type. The repeat count of the masked forms is not "
        "limited to 255.",
        [Asc_SameTensorElementType],
        (ins Asc_VecDst<Asc_ReduceTypes>:$dst,
             Asc_VecSrc<Asc_ReduceTypes>:$src,
             Asc_VecScratch<Asc_ReduceTypes>:$shared_tmp_buffer),
        form, "%z, %x, %t",
        Asc_ReduceExampleTypes # ", !asc.local_tensor<veccalc, f32>",
        "z, x, t"> {
  let tailArgs = !if(withIndex,
      (ins DefaultValuedAttr<BoolAttr, "false">:$cal_index), (ins));
  let literal = !if(withIndex,
      "::mlir::BoolAttr::get(getContext(), getCalIndex())", "");
  let literalPos = "getOperation()->getNumOperands()";
  let exCxxTail = !if(withIndex, ", false", "");
}

multiclass Asc_ReduceOps<string name, string cxx, string what,
                         bit withIndex> {
  def Op : Asc_ReduceOp<name, cxx, what, withIndex, Asc_CountForm>;
  def L0Op : Asc_ReduceOp<name, cxx, what, withIndex,
      Asc_MaskForm<Asc_ReduceTail, ", %s", ", i32", /*setMask=*/0,
                   /*boundedRepeat=*/0, "repeat_time", "getRepeatTime">>;
  def L1Op : Asc_ReduceOp<name, cxx, what, withIndex,
      Asc_MaskArrayForm<Asc_ReduceTail, ", %s", ", i32", /*setMask=*/0,
                        /*boundedRepeat=*/0, "repeat_time", "getRepeatTime">>;
}

let simTiming = "VCADD" in
defm Asc_ReduceSum : Asc_ReduceOps<"reduce_sum", "ReduceSum", "sum", 0>;
let simTiming = "VCMAX" in
defm Asc_ReduceMax : Asc_ReduceOps<"reduce_max", "ReduceMax", "maximum", 1>;
let simTiming = "VCMAX" in
defm Asc_ReduceMin : Asc_ReduceOps<"reduce_min", "ReduceMin", "minimum", 1>;

//===----------------------------------------------------------------------===//
// Per-repeat reductions
//===----------------------------------------------------------------------===//

defvar Asc_ReduceStrides =
    (ins Arg<AnySignlessInteger, "repeat stride of dst">:$dst_rep_stride,
         Arg<AnySignlessInteger, "block stride of src">:$src_blk_stride,
         Arg<AnySignlessInteger, "repeat stride of src">:$src_rep_stride);

// `withOrder` adds the `order` of value and index in the output, passed as
// the last argument and printed first.
class Asc_WholeReduceOp<string name, string cxx, string what, bit withOrder,
                        Asc_VecForm form>
    : Asc_VecOp<name, cxx, what # " of each repeat",
        "Writes the " # what # " of the enabled elements of each repeat of "
        "`src` to `dst`"
        # !if(withOrder, ", with its index inside the repeat as `order` says",
              "") # ". Both tensors are in UB and share one element type.",
        [Asc_SameTensorElementType],
        (ins Asc_VecDst<Asc_ReduceTypes>:$dst,
             Asc_VecSrc<Asc_ReduceTypes>:$src),
        form, !if(withOrder, "order_value_index, %z, %x", "%z, %x"),
        Asc_ReduceExampleTypes, "z, x"> {
  let tailArgs = !if(withOrder,
      (ins DefaultValuedAttr<Asc_ReduceOrderAttr,
           "::mlir::asc::ReduceOrder::ORDER_VALUE_INDEX">:$order), (ins));
  let formatHead = !if(withOrder, "$order `,` ", "");
  let literal = !if(withOrder, "getOrderAttr()", "");
  let literalPos = "getOperation()->getNumOperands()";
  let exCxxTail = !if(withOrder, ", AscendC::ReduceOrder::ORDER_VALUE_INDEX",
                      "");
}

multiclass Asc_WholeReduceOps<string name, string cxx, string what,
                              bit withOrder> {
  def L0Op : Asc_WholeReduceOp<name, cxx, what, withOrder,
      Asc_MaskForm<Asc_ReduceStrides, ", %dr, %sb, %sr", ", i32, i32, i32", 1,
                   1, "repeat_time", "getRepeatTime">>;
  def L1Op : Asc_WholeReduceOp<name, cxx, what, withOrder,
      Asc_MaskArrayForm<Asc_ReduceStrides, ", %dr, %sb, %sr",
                        ", i32, i32, i32", 1, 1, "repeat_time",
                        "getRepeatTime">>;
}

let simTiming = "VCADD" in
defm Asc_WholeReduceSum : Asc_WholeReduceOps<"whole_reduce_sum",
                                             "WholeReduceSum", "sum", 0>;
let simTiming = "VCMAX" in
defm Asc_WholeReduceMax : Asc_WholeReduceOps<"whole_reduce_max",
                                             "WholeReduceMax", "maximum", 1>;
let simTiming = "VCMAX" in
defm Asc_WholeReduceMin : Asc_WholeReduceOps<"whole_reduce_min",
                                             "WholeReduceMin", "minimum", 1>;

//===----------------------------------------------------------------------===//
// Per-block and pairwise reductions
//===----------------------------------------------------------------------===//

// The forms of BlockReduce* and PairReduceSum: repeat count, then mask. The
// repeat count is `repeat` for BlockReduce*, `repeat_time` for
// PairReduceSum (pyasc's keywords).
class Asc_RepeatMaskForm<string repeatName, string repeatGetter>
    : Asc_VecForm<"_l0", "l0", "continuous-mask form",
    "Enables the first `mask` lanes of each of `" # repeatName # "` repeats "
    "(16-bit elements: 1-128 lanes, 32-bit: 1-64); `" # repeatName # "` is "
    "at most 255 and comes before the mask. With `is_set_mask = false` the "
    "mask operand is ignored and the mask of `asc.set_vector_mask` applies.",
    !con(!dag(ins, [Asc_VecRepeat], [repeatName]), (ins Asc_VecMask:$mask),
         Asc_ReduceStrides, (ins Asc_IsSetMask:$is_set_mask)),
    "::mlir::asc::detail::verifyVectorMask(*this, LANE, getMask(), {}, "
        # repeatGetter # "(), getIsSetMask())",
    1, 0, ", %r, %m, %dr, %sb, %sr", ", i32, i64, i32, i32, i32">;

class Asc_RepeatMaskArrayForm<string repeatName, string repeatGetter>
    : Asc_VecForm<"_l1", "l1", "bit-mask form",
    "Enables the lanes whose bits are set in `mask1:mask0` in each of `"
    # repeatName # "` repeats; 32-bit elements use `mask0` only; `"
    # repeatName # "` is at most 255 and comes before the mask. With "
    "`is_set_mask = false` the mask operands are ignored and the mask of "
    "`asc.set_vector_mask` applies.",
    !con(!dag(ins, [Asc_VecRepeat], [repeatName]),
         (ins Asc_VecMaskLow:$mask0, Asc_VecMaskHigh:$mask1), Asc_ReduceStrides,
         (ins Asc_IsSetMask:$is_set_mask)),
    "::mlir::asc::detail::verifyVectorMask(*this, LANE, getMask0(), "
        "getMask1(), " # repeatGetter # "(), getIsSetMask())",
    1, 1, ", %r, %lo, %hi, %dr, %sb, %sr", ", i32, i64, i64, i32, i32, i32">;

class Asc_BlockReduceOp<string name, string cxx, string what, string unit,
                        Asc_VecForm form>
    : Asc_VecOp<name, cxx, what # " of each " # unit,
        "Writes the " # what # " of each " # unit # " of the enabled "
        "elements of `src` to consecutive elements of `dst`. Both tensors "
        "are in UB and share one element type.",
        [Asc_SameTensorElementType],
        (ins Asc_VecDst<Asc_ReduceTypes>:$dst,
             Asc_VecSrc<Asc_ReduceTypes>:$src),
        form, "%z, %x", Asc_ReduceExampleTypes, "z, x">;

// pyasc's BlockReduce* take no `is_set_mask` (the ODS default, true,
// applies); PairReduceSum does.
multiclass Asc_BlockReduceOps<string name, string cxx, string what,
                              string unit, string repeatName = "repeat",
                              string repeatGetter = "getRepeat",
                              list<string> hidden = ["is_set_mask"]> {
  def L0Op : Asc_BlockReduceOp<name, cxx, what, unit,
      Asc_RepeatMaskForm<repeatName, repeatGetter>> {
    let pyHidden = hidden;
  }
  def L1Op : Asc_BlockReduceOp<name, cxx, what, unit,
      Asc_RepeatMaskArrayForm<repeatName, repeatGetter>> {
    let pyHidden = hidden;
  }
}

let simTiming = "VCGADD" in
defm Asc_BlockReduceSum : Asc_BlockReduceOps<"block_reduce_sum",
    "BlockReduceSum", "sum", "32-byte block">;
let simTiming = "VCGMAX" in
defm Asc_BlockReduceMax : Asc_BlockReduceOps<"block_reduce_max",
    "BlockReduceMax", "maximum", "32-byte block">;
let simTiming = "VCGMAX" in
defm Asc_BlockReduceMin : Asc_BlockReduceOps<"block_reduce_min",
    "BlockReduceMin", "minimum", "32-byte block">;
let simTiming = "VCGADD" in
defm Asc_PairReduceSum : Asc_BlockReduceOps<"pair_reduce_sum",
    "PairReduceSum", "sum", "pair of adjacent elements", "repeat_time",
    "getRepeatTime", []>;

//===----------------------------------------------------------------------===//
// Per-repeat sum with block strides
//===----------------------------------------------------------------------===//

// RepeatReduceSum has only a continuous-mask form, hence no `_l0` suffix;
// all strides are plain integers (C++ `int32_t`).
def Asc_RepeatReduceForm : Asc_VecForm<"", "l0", "continuous-mask form",
    "Enables the first `mask` lanes of each of `repeat_time` repeats (16-bit "
    "elements: 1-128 lanes, 32-bit: 1-64); `repeat_time` is at most 255 and "
    "comes before the mask. With `is_set_mask = false` the mask operand is "
    "ignored and the mask of `asc.set_vector_mask` applies.",
    (ins Asc_VecRepeat:$repeat_time, Asc_VecMask:$mask,
         Arg<AnySignlessInteger, "block stride of dst">:$dst_blk_stride,
         Arg<AnySignlessInteger, "block stride of src">:$src_blk_stride,
         Arg<AnySignlessInteger, "repeat stride of dst">:$dst_rep_stride,
         Arg<AnySignlessInteger, "repeat stride of src">:$src_rep_stride,
         Asc_IsSetMask:$is_set_mask),
    "::mlir::asc::detail::verifyVectorMask(*this, LANE, getMask(), {}, "
        "getRepeatTime(), getIsSetMask())",
    1, 0, ", %r, %m, %db, %sb, %dr, %sr", ", i32, i64, i32, i32, i32, i32"> {
  let maskArg = "getMaskMutable().getOperandNumber(), false";
}

let simTiming = "VCADD" in
def Asc_RepeatReduceSumOp : Asc_VecOp<"repeat_reduce_sum", "RepeatReduceSum",
    "sum of each repeat with block strides",
    "Writes the sum of the enabled elements of each repeat of `src`, read "
    "with the source block stride, to `dst`, written with the destination "
    "block and repeat strides. Both tensors are in UB and share one element "
    "type.",
    [Asc_SameTensorElementType],
    (ins Asc_VecDst<Asc_ReduceTypes>:$dst, Asc_VecSrc<Asc_ReduceTypes>:$src),
    Asc_RepeatReduceForm, "%z, %x", Asc_ReduceExampleTypes, "z, x">;

#endif // ASCIR_DIALECT_ASC_IR_ASCREDUCEOPS_TD

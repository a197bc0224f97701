//===- AscSortOps.td - sort and region-proposal ops --------*- tablegen -*-===//
//
// The sort family of ascendc_api.md §5.12 (PIPE_V; element types f16, f32):
// Sort32 and the 4-way MrgSort are instructions; Sort (Sort32 then merge
// passes through `tmp`), Concat and Extract are instruction sequences of the
// Ascend C headers. On A2/A3 a sorted element is an 8-byte (score, index)
// pair: an f32 score in bytes 0-3, an f16 score in bytes 0-1 (bytes 2-3
// zero), the ui32 index in bytes 4-7. The region-proposal instructions of
// older parts (MrgSort4, RpSort16, ProposalConcat, ProposalExtract) are
// declared for completeness and rejected on A2/A3 (ascendc_api.md §6.9).
//
//===----------------------------------------------------------------------===//

#ifndef ASCIR_DIALECT_ASC_IR_ASCSORTOPS_TD
#define ASCIR_DIALECT_ASC_IR_ASCSORTOPS_TD

defvar Asc_SortTypes = [F16, F32];
defvar Asc_A2Unsupported = ["dav-c220:Ascend 910B/910C, A2/A3"];

//===----------------------------------------------------------------------===//
// Sort32, Sort
//===----------------------------------------------------------------------===//

def Asc_Sort32Op : Asc_ApiOp<"sort32", "AscendC::Sort32",
    [Asc_SameElementType<"dst", "src0">, Asc_VectorStateEffects]> {
  let summary = "sort 32 (score, index) pairs per repeat, descending";
  let description = [{
    Each of `repeat_time` repeats reads 32 scores of `src0` and their 32
    ui32 indices of `src1` and writes the 32 (score, index) pairs, sorted by
    descending score, as 8-byte elements to `dst` (256 bytes per repeat).
    Equal scores keep their input order; NaN sorts above +inf. `dst` and
    `src0` share one element type (f16 or f32); `repeat_time` is at most 255.

    ```mlir
    asc.sort32 %d, %s, %i, %r : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, ui32>, i32
    ```
    ```c++
    AscendC::Sort32(d, s, i, r);
    ```
  }];
  let pyApi = "sort32";
  let pyForm = "repeat";
  let simOp = "Sort32";
  let simTiming = "VBITSORT";
  let arguments = (ins
    Asc_VecDst<Asc_SortTypes>:$dst,
    Asc_VecSrc<Asc_SortTypes, "scores">:$src0,
    Asc_VecSrc<[UI32], "indices">:$src1,
    Asc_VecRepeat:$repeat_time
  );
  let assemblyFormat = "operands attr-dict `:` qualified(type(operands))";
  let hasVerifier = 1;
}

def Asc_SortOp : Asc_ApiOp<"sort", "AscendC::Sort",
    [Asc_SameElementType<"dst", "concat">, Asc_SameElementType<"dst", "tmp">,
     Asc_VectorStateEffects], /*hasTemplateArgs=*/1> {
  let summary = "sort scores with their indices, descending";
  let description = [{
    Sorts the `repeat_time * 32` scores of `concat` with their ui32
    `index`es into (score, index) pairs of `dst` (8 bytes each), descending;
    equal scores keep their input order. Without `is_full_sort` each group
    of 32 is sorted on its own (Sort32); with it the whole range is sorted by
    4-way merges through `tmp`, which must hold `repeat_time * 32` pairs.
    `dst`, `concat` and `tmp` share one element type (f16 or f32).

    ```mlir
    asc.sort %d, %c, %i, %t, %r {is_full_sort = true} : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, ui32>, !asc.local_tensor<veccalc, f32>, i32
    ```
    ```c++
    AscendC::Sort<float, true>(d, c, i, t, r);
    ```
  }];
  let pyApi = "sort";
  let pyForm = "repeat";
  let arguments = (ins
    Asc_VecDst<Asc_SortTypes>:$dst,
    Asc_VecSrc<Asc_SortTypes, "scores">:$concat,
    Asc_VecSrc<[UI32], "indices">:$index,
    Asc_VecScratch<Asc_SortTypes>:$tmp,
    Asc_VecRepeat:$repeat_time,
    DefaultValuedAttr<BoolAttr, "false">:$is_full_sort
  );
  let assemblyFormat = "operands attr-dict `:` qualified(type(operands))";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// MrgSort
//===----------------------------------------------------------------------===//

def Asc_MrgSortOp : Asc_Op<"mrg_sort", [AttrSizedOperandSegments,
    Asc_VectorStateEffects,
    MemoryEffects<[MemRead<Asc_UBResource>, MemWrite<Asc_UBResource>]>]> {
  let pyName = "mrg_sort";
  let summary = "merge up to 4 sorted lists of (score, index) pairs";
  let description = [{
    Merges the lists of `sort_list` enabled by `valid_bit` (0b11, 0b111 or
    0b1111: the first 2, 3 or 4) into `dst`, descending; list i holds
    `element_count_list[i]` sorted 8-byte pairs. On equal scores the lower
    list goes first. With `is_exhausted_suspension` the merge stops when a
    list runs out. With `repeat_time` > 1 the lists must be contiguous and of
    equal length; repeat r merges the lists shifted by r times their total.
    `sorted_num` is passed to the C++ call (which fills it); read the counts
    with `asc.get_mrg_sort_result`. The emitter declares the arrays and the
    MrgSortSrcList.

    ```mlir
    asc.mrg_sort %d, [%a, %b, %a, %a], [%n0, %n1, %c0, %c0], [%c0, %c0, %c0, %c0], %c3, %c1 {is_exhausted_suspension = false} : !asc.local_tensor<vecout, f32>, ...
    ```
    ```c++
    uint16_t element_count_list[4] = {n0, n1, 0, 0};
    uint32_t sorted_num[4] = {0, 0, 0, 0};
    AscendC::MrgSort<float, false>(d, AscendC::MrgSortSrcList<float>(a, b, a, a), element_count_list, sorted_num, 3, 1);
    ```
  }];
  let arguments = (ins
    Asc_VecDst<Asc_SortTypes>:$dst,
    Arg<Variadic<Asc_UBTensorOf<Asc_SortTypes>>, "the 4 sorted lists",
        [MemRead<Asc_UBResource>]>:$sort_list,
    Variadic<AnySignlessInteger>:$element_count_list,
    Variadic<AnySignlessInteger>:$sorted_num,
    AnySignlessInteger:$valid_bit,
    AnySignlessInteger:$repeat_time,
    DefaultValuedAttr<BoolAttr, "false">:$is_exhausted_suspension
  );
  let assemblyFormat = [{
    $dst `,` `[` $sort_list `]` `,` `[` $element_count_list `]` `,`
    `[` $sorted_num `]` `,` $valid_bit `,` $repeat_time attr-dict `:`
    qualified(type($dst)) `,` `(` qualified(type($sort_list)) `)` `,`
    `(` type($element_count_list) `)` `,` `(` type($sorted_num) `)` `,`
    type($valid_bit) `,` type($repeat_time)
  }];
  let hasVerifier = 1;
}

// The MrgSort4Info forms: MrgSort (A2/A3) and MrgSort4 (region proposals of
// older parts).
class Asc_MrgSortInfoOpBase<string mnemonic, string cxx, string api,
                            string what>
    : Asc_Op<mnemonic, [AttrSizedOperandSegments, Asc_VectorStateEffects,
        MemoryEffects<[MemRead<Asc_UBResource>, MemWrite<Asc_UBResource>]>]> {
  let pyName = api;
  let summary = what;
  let description = "As `asc.mrg_sort` with the fields of an `AscendC::"
      "MrgSort4Info` (`element_lengths`, `if_exhausted_suspension`, "
      "`valid_bit`, `repeat_times`); the emitter declares the struct.\n\n"
      "```c++\nuint16_t element_lengths[4] = {n0, n1, 0, 0};\n"
      "AscendC::MrgSort4Info info(element_lengths, false, 3, 1);\n"
      "AscendC::" # cxx # "(d, AscendC::MrgSortSrcList<float>(a, b, a, a), "
      "info);\n```";
  let arguments = (ins
    Asc_VecDst<Asc_SortTypes>:$dst,
    Arg<Variadic<Asc_UBTensorOf<Asc_SortTypes>>, "the 4 sorted lists",
        [MemRead<Asc_UBResource>]>:$sort_list,
    Variadic<AnySignlessInteger>:$element_lengths,
    I1:$if_exhausted_suspension,
    AnySignlessInteger:$valid_bit,
    AnySignlessInteger:$repeat_times
  );
  let assemblyFormat = [{
    $dst `,` `[` $sort_list `]` `,` `[` $element_lengths `]` `,`
    $if_exhausted_suspension `,` $valid_bit `,` $repeat_times attr-dict `:`
    qualified(type($dst)) `,` `(` qualified(type($sort_list)) `)` `,`
    `(` type($element_lengths) `)` `,` type($valid_bit) `,`
    type($repeat_times)
  }];
  let hasVerifier = 1;
}

def Asc_MrgSortInfoOp : Asc_MrgSortInfoOpBase<"mrg_sort_info", "MrgSort",
    "mrg_sort", "merge up to 4 sorted lists (MrgSort4Info form)">;

def Asc_MrgSort4Op : Asc_MrgSortInfoOpBase<"mrg_sort4", "MrgSort4",
    "mrg_sort4", "merge up to 4 region-proposal lists"> {
  let pyUnsupportedArchs = Asc_A2Unsupported;
  let pyUnsupportedHint = "sort (score, index) pairs with asc.sort32 and "
      "merge them with asc.mrg_sort";
}

def Asc_GetMrgSortResultOp : Asc_Op<"get_mrg_sort_result",
    [MemoryEffects<[MemRead<Asc_VectorStateResource>]>]> {
  let pyName = "get_mrg_sort_result";
  let summary = "elements the last MrgSort took from each list";
  let description = [{
    The four counts (C++ `uint16_t` out-parameters) of the last
    `asc.mrg_sort` on this core; the scalar unit waits for it to complete.

    ```mlir
    %a, %b, %c, %d = asc.get_mrg_sort_result : i32, i32, i32, i32
    ```
    ```c++
    uint16_t n0, n1, n2, n3;
    AscendC::GetMrgSortResult(n0, n1, n2, n3);
    ```
  }];
  let results = (outs AnySignlessInteger:$list1, AnySignlessInteger:$list2,
                      AnySignlessInteger:$list3, AnySignlessInteger:$list4);
  let assemblyFormat = "attr-dict `:` type(results)";
}

//===----------------------------------------------------------------------===//
// GetSortLen, GetSortOffset
//===----------------------------------------------------------------------===//

class Asc_SortSizeOp<string mnemonic, string cxx, string what>
    : Asc_ApiOp<mnemonic, "AscendC::" # cxx, [Pure], /*hasTemplateArgs=*/1> {
  let pyName = mnemonic;
  let summary = what;
  let description = "`" # cxx # "<T>(n)`: the number of `T` elements that n "
      "sorted (score, index) pairs occupy (8 bytes each: n * 8 / sizeof(T)).\n"
      "\n```mlir\n%l = asc." # mnemonic # " %n {element_type = f32} : i32 -> "
      "i32\n```\n```c++\nstatic_cast<int32_t>(AscendC::" # cxx
      # "<float>(n))\n```";
  let arguments = (ins AnySignlessInteger:$value, TypeAttr:$element_type);
  let results = (outs AnySignlessInteger:$result);
  let assemblyFormat = "$value attr-dict `:` type($value) `->` type($result)";
  let hasVerifier = 1;
  let extraClassDefinition = [{
    void $cppClass::getTemplateArguments(
        ::llvm::SmallVectorImpl<::mlir::Attribute> &args) {
      args.push_back(getElementTypeAttr());
    }
  }];
}

def Asc_GetSortLenOp : Asc_SortSizeOp<"get_sort_len", "GetSortLen",
    "elements of T holding n sorted pairs">;
def Asc_GetSortOffsetOp : Asc_SortSizeOp<"get_sort_offset", "GetSortOffset",
    "offset in elements of T of sorted pair n">;

//===----------------------------------------------------------------------===//
// Concat, Extract (the advanced API's sort helpers, asc.adv)
//===----------------------------------------------------------------------===//

def Asc_ConcatOp : Asc_ApiOp<"concat", "AscendC::Concat",
    [Asc_SameTensorElementType, Asc_VectorStateEffects]> {
  let pyName = "adv.concat";
  let summary = "prepare scores for Sort";
  let description = [{
    Copies the `repeat_time * 16` scores of `src` into `concat`, the score
    input of `asc.sort` on A2/A3 (a vector copy; `tmp` is not used there).
    All three tensors share one element type (f16 or f32).

    ```mlir
    asc.concat %c, %s, %t, %r : !asc.local_tensor<veccalc, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<veccalc, f32>, i32
    ```
    ```c++
    AscendC::Concat(c, s, t, r);
    ```
  }];
  let arguments = (ins
    Asc_VecDst<Asc_SortTypes>:$concat,
    Asc_VecSrc<Asc_SortTypes>:$src,
    Asc_VecScratch<Asc_SortTypes>:$tmp,
    Asc_VecRepeat:$repeat_time
  );
  let assemblyFormat = "operands attr-dict `:` qualified(type(operands))";
  let hasVerifier = 1;
}

def Asc_ExtractOp : Asc_ApiOp<"extract", "AscendC::Extract",
    [Asc_SameElementType<"dst_value", "src">, Asc_VectorStateEffects]> {
  let pyName = "adv.extract";
  let summary = "split sorted pairs into scores and indices";
  let description = [{
    Writes the scores and the ui32 indices of the `repeat_time * 32` sorted
    (score, index) pairs of `src` to `dst_value` and `dst_index` (two
    GatherMask instructions). `dst_value` and `src` share one element type
    (f16 or f32).

    ```mlir
    asc.extract %v, %i, %s, %r : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecout, ui32>, !asc.local_tensor<veccalc, f32>, i32
    ```
    ```c++
    AscendC::Extract(v, i, s, r);
    ```
  }];
  let arguments = (ins
    Asc_VecDst<Asc_SortTypes>:$dst_value,
    Asc_VecDst<[UI32]>:$dst_index,
    Asc_VecSrc<Asc_SortTypes, "sorted pairs">:$src,
    Asc_VecRepeat:$repeat_time
  );
  let assemblyFormat = "operands attr-dict `:` qualified(type(operands))";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Region proposals (not on A2/A3)
//===----------------------------------------------------------------------===//

def Asc_RpSort16Op : Asc_ApiOp<"rp_sort16", "AscendC::RpSort16",
    [Asc_SameTensorElementType, Asc_VectorStateEffects]> {
  let summary = "sort 16 region proposals per repeat by score";
  let description = [{
    The region-proposal format of older parts; Ascend 910B/910C (A2/A3) do
    not implement it (ascendc_api.md §6.9) and the frontend rejects it there.

    ```mlir
    asc.rp_sort16 %d, %s, %r : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, i32
    ```
    ```c++
    AscendC::RpSort16(d, s, r);
    ```
  }];
  let pyApi = "rp_sort16";
  let pyForm = "repeat";
  let pyUnsupportedArchs = Asc_A2Unsupported;
  let pyUnsupportedHint = "use asc.sort32 (32 (score, index) pairs per "
      "repeat) and asc.mrg_sort";
  let arguments = (ins
    Asc_VecDst<Asc_SortTypes>:$dst,
    Asc_VecSrc<Asc_SortTypes>:$src,
    Asc_VecRepeat:$repeat_time
  );
  let assemblyFormat = "operands attr-dict `:` qualified(type(operands))";
  let hasVerifier = 1;
}

class Asc_ProposalOp<string mnemonic, string cxx, string what>
    : Asc_ApiOp<mnemonic, "AscendC::" # cxx,
        [Asc_SameTensorElementType, Asc_VectorStateEffects]> {
  let summary = what;
  let description = "`mode_number` selects the proposal field. The "
      "region-proposal format of older parts; Ascend 910B/910C (A2/A3) do "
      "not implement it (ascendc_api.md §6.9) and the frontend rejects it "
      "there.\n\n```c++\nAscendC::" # cxx # "(d, s, r, m);\n```";
  let pyApi = mnemonic;
  let pyForm = "repeat";
  let pyUnsupportedArchs = Asc_A2Unsupported;
  let pyUnsupportedHint = "A2/A3 sort (score, index) pairs: asc.sort32 takes "
      "the scores directly and asc.adv.extract splits the sorted pairs";
  let arguments = (ins
    Asc_VecDst<Asc_SortTypes>:$dst,
    Asc_VecSrc<Asc_SortTypes>:$src,
    Asc_VecRepeat:$repeat_time,
    AnySignlessInteger:$mode_number
  );
  let assemblyFormat = "operands attr-dict `:` qualified(type(operands))";
  let hasVerifier = 1;
}

def Asc_ProposalConcatOp : Asc_ProposalOp<"proposal_concat", "ProposalConcat",
    "pack 16 elements per repeat into a region-proposal field">;
def Asc_ProposalExtractOp : Asc_ProposalOp<"proposal_extract",
    "ProposalExtract",
    "extract 16 elements per repeat from a region-proposal field">;

#endif // ASCIR_DIALECT_ASC_IR_ASCSORTOPS_TD

//===- ascsim/sort_api.h - Sort32, MrgSort, Sort, Concat, Extract -*- C++
//-*-===//
//
// The sort family of ascendc_api.md §5.12 for A2/A3. Sort32 and MrgSort are
// instructions (forwarders filling one ascsim::SortCall; checks and
// semantics in sim/lib/device/SortAbi.cpp and sim/lib/ops/SortOps.cpp).
// Sort, Concat and Extract are built here from instructions, as the Ascend
// C library builds them: Sort is Sort32 followed by 4-way merge passes that
// alternate between dst and tmp; Concat is a vector copy (A2/A3 sort the
// scores directly); Extract is two GatherMask instructions. The region-
// proposal instructions of older parts (MrgSort4, RpSort16, ProposalConcat,
// ProposalExtract) are declared and fail: A2/A3 do not implement them.
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_SORT_API_H
#define ASCSIM_SORT_API_H

#include "ascsim/api.h"
#include "ascsim/layout_api.h"
#include "ascsim/sort_abi.h"
#include "ascsim/vector_api.h"

namespace AscendC {

#define ASCSIM_LOC ::ascsim::Loc loc = ::ascsim::here()

constexpr uint32_t MRG_SORT_ELEMENT_LEN = 4;

/// The four lists of a MrgSort (all four are required: repeat one for the
/// lists validBit leaves out).
template <typename T> struct MrgSortSrcList {
  MrgSortSrcList() {}
  MrgSortSrcList(const LocalTensor<T> &src1In, const LocalTensor<T> &src2In,
                 const LocalTensor<T> &src3In, const LocalTensor<T> &src4In)
      : src1(src1In), src2(src2In), src3(src3In), src4(src4In) {}
  LocalTensor<T> src1, src2, src3, src4;
};

struct MrgSort4Info {
  MrgSort4Info() {}
  MrgSort4Info(const uint16_t elementLengthsIn[MRG_SORT_ELEMENT_LEN],
               const bool ifExhaustedSuspensionIn, const uint16_t validBitIn,
               const uint16_t repeatTimesIn)
      : ifExhaustedSuspension(ifExhaustedSuspensionIn), validBit(validBitIn),
        repeatTimes(static_cast<uint8_t>(repeatTimesIn)) {
    for (uint32_t i = 0; i < MRG_SORT_ELEMENT_LEN; ++i)
      elementLengths[i] = elementLengthsIn[i];
  }
  uint16_t elementLengths[MRG_SORT_ELEMENT_LEN] = {0};
  bool ifExhaustedSuspension = false;
  uint16_t validBit = 0;
  uint8_t repeatTimes = 1;
};

namespace ascsim_detail {
template <typename T>
inline ::ascsim::SortCall sortCall(::ascsim::SortKind kind) {
  ::ascsim::SortCall c{};
  c.kind = kind;
  c.type = ::ascsim::dtypeOf<T>();
  c.dst = c.index = ::ascsim::vec::none();
  for (auto &s : c.src)
    s = ::ascsim::vec::none();
  c.repeat = 1;
  return c;
}

template <typename T>
inline void mrgSort(const LocalTensor<T> &dst, const MrgSortSrcList<T> &list,
                    const uint16_t lengths[MRG_SORT_ELEMENT_LEN],
                    uint16_t validBit, int32_t repeat, bool exhausted,
                    ::ascsim::Loc loc) {
  ::ascsim::SortCall c = sortCall<T>(::ascsim::SortKind::MrgSort);
  c.dst = dst.operand();
  c.src[0] = list.src1.operand();
  c.src[1] = list.src2.operand();
  c.src[2] = list.src3.operand();
  c.src[3] = list.src4.operand();
  for (uint32_t i = 0; i < MRG_SORT_ELEMENT_LEN; ++i)
    c.lengths[i] = lengths[i];
  c.validBit = validBit;
  c.repeat = repeat;
  c.exhaustedSuspension = exhausted;
  ::ascsim::abi::sortOp(c, loc);
}

[[noreturn]] inline void unsupported(const char *api, ::ascsim::Loc loc) {
  ::ascsim::faultf("argument", loc,
                   "%s: Ascend 910B/910C (A2/A3) do not implement the "
                   "region-proposal instructions (ascendc_api.md 6.9); "
                   "use Sort32 and MrgSort",
                   api);
}
} // namespace ascsim_detail

//===----------------------------------------------------------------------===//
// Instructions
//===----------------------------------------------------------------------===//

/// Per repeat: 32 (score, index) pairs sorted by descending score.
template <typename T>
inline void Sort32(const LocalTensor<T> &dst, const LocalTensor<T> &src0,
                   const LocalTensor<uint32_t> &src1, const int32_t repeatTime,
                   ASCSIM_LOC) {
  ::ascsim::SortCall c = ascsim_detail::sortCall<T>(::ascsim::SortKind::Sort32);
  c.dst = dst.operand();
  c.src[0] = src0.operand();
  c.index = src1.operand();
  c.repeat = repeatTime;
  ::ascsim::abi::sortOp(c, loc);
}

/// Merges the lists of `validBit` (sortedNum is left as given: read the
/// counts with GetMrgSortResult).
template <typename T, bool isExhaustedSuspension = false>
inline void MrgSort(const LocalTensor<T> &dst,
                    const MrgSortSrcList<T> &sortList,
                    const uint16_t elementCountList[4], uint32_t sortedNum[4],
                    uint16_t validBit, const int32_t repeatTime, ASCSIM_LOC) {
  (void)sortedNum;
  ascsim_detail::mrgSort(dst, sortList, elementCountList, validBit, repeatTime,
                         isExhaustedSuspension, loc);
}
template <typename T>
inline void MrgSort(const LocalTensor<T> &dst, const MrgSortSrcList<T> &src,
                    const MrgSort4Info &params, ASCSIM_LOC) {
  ascsim_detail::mrgSort(dst, src, params.elementLengths, params.validBit,
                         params.repeatTimes, params.ifExhaustedSuspension, loc);
}

/// The number of elements the last MrgSort took from each list.
inline void GetMrgSortResult(uint16_t &mrgSortList1, uint16_t &mrgSortList2,
                             uint16_t &mrgSortList3, uint16_t &mrgSortList4,
                             ASCSIM_LOC) {
  ::ascsim::SortCall c =
      ascsim_detail::sortCall<float>(::ascsim::SortKind::MrgSortResult);
  uint64_t packed = ::ascsim::abi::sortOp(c, loc);
  mrgSortList1 = static_cast<uint16_t>(packed);
  mrgSortList2 = static_cast<uint16_t>(packed >> 16);
  mrgSortList3 = static_cast<uint16_t>(packed >> 32);
  mrgSortList4 = static_cast<uint16_t>(packed >> 48);
}

/// Elements of T that `elemCount` sorted pairs (8 bytes each) occupy.
template <typename T> inline uint32_t GetSortLen(const uint32_t elemCount) {
  static_assert(sizeof(T) == 2 || sizeof(T) == 4,
                "GetSortLen: T is half or float");
  return elemCount * 8 / static_cast<uint32_t>(sizeof(T));
}
/// Offset, in elements of T, of sorted pair `elemOffset`.
template <typename T> inline uint32_t GetSortOffset(const uint32_t elemOffset) {
  static_assert(sizeof(T) == 2 || sizeof(T) == 4,
                "GetSortOffset: T is half or float");
  return elemOffset * 8 / static_cast<uint32_t>(sizeof(T));
}

namespace ascsim_detail {
/// The elements repeatTime repeats of `per` cover (a negative repeatTime is
/// an error: it used to do nothing).
inline uint32_t repeatCovers(const char *api, int32_t repeatTime, uint32_t per,
                             ::ascsim::Loc loc) {
  if (repeatTime >= 0)
    return static_cast<uint32_t>(repeatTime) * per;
  ::ascsim::faultf("argument", loc, "asc.adv.%s: repeat_time = %d is negative",
                   api, repeatTime);
}

/// Fails unless tensor `name` holds the `need` elements repeatTime covers
/// (`pairs`: a prefix naming the sorted pairs they are, or "").
inline void checkCovers(const char *api, int32_t repeatTime, uint32_t need,
                        uint32_t size, const char *name, const char *pairs,
                        ::ascsim::Loc loc) {
  if (need <= size)
    return;
  ::ascsim::faultf("bounds", loc,
                   "asc.adv.%s: repeat_time = %d covers %s%u elements, but "
                   "'%s' holds only %u",
                   api, repeatTime, pairs, need, name, size);
}
} // namespace ascsim_detail

//===----------------------------------------------------------------------===//
// Instruction sequences
//===----------------------------------------------------------------------===//

/// Sorts repeatTime * 32 (score, index) pairs descending: Sort32, then (full
/// sort) 4-way merge passes of runs of 32, 128, 512, ... that alternate
/// between dst and tmp; the last pass (or a copy) lands in dst.
template <typename T, bool isFullSort>
inline void Sort(const LocalTensor<T> &dst, const LocalTensor<T> &concat,
                 const LocalTensor<uint32_t> &index, LocalTensor<T> &tmp,
                 const int32_t repeatTime, ASCSIM_LOC) {
  if (repeatTime > 0) { // named here: Sort32 would report them as its own
    ::ascsim::requireBufferIn(dst.operand(), "sort", "destination", loc);
    ::ascsim::requireBufferIn(concat.operand(), "sort", "scores (concat)", loc);
    ::ascsim::requireBufferIn(index.operand(), "sort", "indices (index)", loc);
  }
  Sort32(dst, concat, index, repeatTime, loc);
  if (!isFullSort || repeatTime <= 1)
    return;
  const uint32_t n = static_cast<uint32_t>(repeatTime) * 32;
  const uint32_t perPair = 8 / static_cast<uint32_t>(sizeof(T));
  ::ascsim::requireBufferIn(tmp.operand(), "sort", "tmp buffer", loc);
  if (static_cast<uint64_t>(tmp.GetSize()) < uint64_t(n) * perPair)
    ::ascsim::faultf("bounds", loc,
                     "sort: a full sort of %u elements needs a tmp buffer "
                     "of at least %u elements (%u bytes: get_sort_len(%u)), "
                     "but it holds %u",
                     n, n * perPair, n * 8, n, tmp.GetSize());
  const LocalTensor<T> *from = &dst, *to = &tmp;
  for (uint32_t run = 32; run < n; run *= 4) {
    for (uint32_t start = 0; start < n; start += 4 * run) {
      uint16_t lens[4] = {0, 0, 0, 0};
      uint32_t lists = 0;
      for (uint32_t i = 0; i < 4; ++i) {
        uint32_t s = start + i * run;
        if (s < n) {
          lens[i] = static_cast<uint16_t>(n - s < run ? n - s : run);
          ++lists;
        }
      }
      LocalTensor<T> out = (*to)[start * perPair];
      if (lists == 1) { // a lone run: copied to its place
        DataCopy(out, (*from)[start * perPair], lens[0] * perPair, loc);
        continue;
      }
      LocalTensor<T> l[4];
      for (uint32_t i = 0; i < 4; ++i)
        l[i] = (*from)[(start + (i < lists ? i : 0) * run) * perPair];
      MrgSortSrcList<T> list(l[0], l[1], l[2], l[3]);
      const uint16_t valid = lists == 2 ? 0b11 : lists == 3 ? 0b111 : 0b1111;
      ascsim_detail::mrgSort(out, list, lens, valid, 1, false, loc);
    }
    const LocalTensor<T> *t = from;
    from = to;
    to = t;
  }
  if (from != &dst)
    DataCopy(dst, *from, n * perPair, loc);
}

/// A2/A3: the scores Sort takes are the values themselves; copies the
/// repeatTime * 16 elements of src (tmp is not used).
template <typename T>
inline void Concat(LocalTensor<T> &concat, const LocalTensor<T> &src,
                   const LocalTensor<T> &tmp, const int32_t repeatTime,
                   ASCSIM_LOC) {
  (void)tmp;
  const uint32_t n = ascsim_detail::repeatCovers("concat", repeatTime, 16, loc);
  if (n > 0) { // before the sizes, which an empty tensor has 0 of
    ::ascsim::requireBufferIn(concat.operand(), "asc.adv.concat", "destination",
                              loc);
    ::ascsim::requireBufferIn(src.operand(), "asc.adv.concat", "source", loc);
  }
  ascsim_detail::checkCovers("concat", repeatTime, n, concat.GetSize(), "dst",
                             "", loc);
  ascsim_detail::checkCovers("concat", repeatTime, n, src.GetSize(), "src", "",
                             loc);
  if (n == 0)
    return;
  DataCopy(concat, src, n, loc);
}

/// The scores and the indices of repeatTime * 32 sorted pairs (GatherMask
/// with the built-in patterns: float scores are the even 32-bit words, half
/// scores the first of every four 16-bit words, indices the odd 32-bit
/// words).
template <typename T>
inline void
Extract(const LocalTensor<T> &dstValue, const LocalTensor<uint32_t> &dstIndex,
        const LocalTensor<T> &sorted, const int32_t repeatTime, ASCSIM_LOC) {
  static_assert(sizeof(T) == 2 || sizeof(T) == 4,
                "Extract: T is half or float");
  const uint32_t n =
      ascsim_detail::repeatCovers("extract", repeatTime, 32, loc);
  if (n > 0) { // before the sizes, which an empty tensor has 0 of
    ::ascsim::requireBufferIn(dstValue.operand(), "asc.adv.extract",
                              "value destination (dst_value)", loc);
    ::ascsim::requireBufferIn(dstIndex.operand(), "asc.adv.extract",
                              "index destination (dst_index)", loc);
    ::ascsim::requireBufferIn(sorted.operand(), "asc.adv.extract", "source",
                              loc);
  }
  ascsim_detail::checkCovers("extract", repeatTime, n, dstValue.GetSize(),
                             "dst_value", "", loc);
  ascsim_detail::checkCovers("extract", repeatTime, n, dstIndex.GetSize(),
                             "dst_index", "", loc);
  // Each (score, index) pair is 8 bytes of src.
  const uint32_t words = n * 8 / static_cast<uint32_t>(sizeof(T));
  if (words > sorted.GetSize())
    ascsim_detail::checkCovers(
        "extract", repeatTime, words, sorted.GetSize(), "src",
        ::ascsim::textf("%u (score, index) pairs, ", n).str, loc);
  if (n == 0)
    return;
  uint64_t kept = 0;
  GatherMaskParams params(1, static_cast<uint16_t>(repeatTime), 8, 0);
  if (sizeof(T) == 4)
    GatherMask(dstValue.template ReinterpretCast<uint32_t>(),
               sorted.template ReinterpretCast<uint32_t>(),
               static_cast<uint8_t>(1), false, 0, params, kept, loc);
  else
    GatherMask(dstValue.template ReinterpretCast<uint16_t>(),
               sorted.template ReinterpretCast<uint16_t>(),
               static_cast<uint8_t>(3), false, 0, params, kept, loc);
  GatherMask(dstIndex, sorted.template ReinterpretCast<uint32_t>(),
             static_cast<uint8_t>(2), false, 0, params, kept, loc);
}

//===----------------------------------------------------------------------===//
// Region proposals (not on A2/A3)
//===----------------------------------------------------------------------===//

template <typename T>
inline void MrgSort4(const LocalTensor<T> &, const MrgSortSrcList<T> &,
                     const MrgSort4Info &, ASCSIM_LOC) {
  ascsim_detail::unsupported("mrg_sort4", loc);
}
template <typename T>
inline void RpSort16(const LocalTensor<T> &, const LocalTensor<T> &,
                     const int32_t, ASCSIM_LOC) {
  ascsim_detail::unsupported("rp_sort16", loc);
}
template <typename T>
inline void ProposalConcat(const LocalTensor<T> &, const LocalTensor<T> &,
                           const int32_t, const int32_t, ASCSIM_LOC) {
  ascsim_detail::unsupported("proposal_concat", loc);
}
template <typename T>
inline void ProposalExtract(const LocalTensor<T> &, const LocalTensor<T> &,
                            const int32_t, const int32_t, ASCSIM_LOC) {
  ascsim_detail::unsupported("proposal_extract", loc);
}

} // namespace AscendC

#endif // ASCSIM_SORT_API_H

//===- device/CopyForms.cpp - DataCopy with SliceInfo -----------*- C++ -*-===//
//
// Implements ascsim/copy_forms_abi.h. The NPU implements the slice form of
// DataCopy on top of DataCopyPad (hardware.md §5.2); so does the simulator:
// after checking the slices it issues one DataCopyPad per row of dimension 0
// (the bursts of that row are its blocks, the slice stride its gaps), so
// pipes, timing, race and bounds checks are those of DataCopyPad.
//
// Slice semantics (ascendc_api.md §4.2, §6.3; where they are silent, the
// choice is documented in sim/VECTOR.md): dimension d of a side, SliceInfo
// {start, end, stride, burstLen, shape}, selects the runs of `len` elements
// starting at start + k * (len + stride) that end at or before `end`, with
// len = burstLen * 32 / sizeof(T) for dimension 0 and 1 for the others
// (whose burstLen must be 1). An element index (i0, i1, ...) lies at
// i0 + i1 * shape0 + i2 * shape0 * shape1 + ... of the tensor. Both sides
// must select the same number of runs in every dimension; run k of the
// source lands in run k of the destination.
//
//===----------------------------------------------------------------------===//

#include "ascsim/copy_forms_abi.h"

#include "support/Fault.h"
#include "support/Isa.h"

#include <string>
#include <vector>

namespace ascsim {

namespace {

/// The runs one side selects in one dimension.
struct Runs {
  uint64_t first;  // index of run 0
  uint64_t step;   // index distance between runs
  uint64_t len;    // elements per run
  uint64_t count;  // number of runs
  uint64_t extent; // shape value (elements of this dimension)
};

std::string dimName(const char *side, uint32_t d) {
  return std::string(side) + "_slices[" + std::to_string(d) + "]";
}

Runs runsOf(const SliceDim &s, uint32_t d, uint32_t es, const char *side,
            Loc loc) {
  Runs r{};
  if (d > 0 && s.burstLen != 1)
    fail("argument",
         "data_copy: " + dimName(side, d) +
             ".burst_len must be 1 (only dimension 0 moves bursts), but got " +
             std::to_string(s.burstLen),
         loc);
  if (d == 0 && s.burstLen == 0)
    fail("argument", "data_copy: " + dimName(side, d) + ".burst_len is 0",
         loc);
  if (s.endIndex >= s.shapeValue)
    fail("argument",
         "data_copy: " + dimName(side, d) + ".end_index (" +
             std::to_string(s.endIndex) + ") must be below its shape_value (" +
             std::to_string(s.shapeValue) + ")",
         loc);
  r.first = s.startIndex;
  r.len = d == 0 ? uint64_t(s.burstLen) * 32 / es : 1;
  r.step = r.len + s.stride;
  r.extent = s.shapeValue;
  uint64_t lastStart = uint64_t(s.endIndex) + 1;
  r.count = lastStart >= r.first + r.len
                ? (lastStart - r.first - r.len) / r.step + 1
                : 0;
  return r;
}

Operand shifted(const Operand &o, uint64_t bytes, const char *role,
                Loc loc) {
  if (bytes > o.bytes)
    fail("bounds",
         std::string("data_copy: a slice of the ") + role + " starts " +
             std::to_string(bytes) + " bytes into a view of " +
             std::to_string(o.bytes) + " bytes",
         loc);
  return Operand{o.addr + bytes, o.bytes - bytes, o.pos};
}

} // namespace

namespace abi {
void dataCopySlice(const SliceCall &c, Loc loc) {
  requireBuffer(c.dst, "data_copy", "destination", loc);
  requireBuffer(c.src, "data_copy", "source", loc);
  const uint32_t es = dtypeSize(c.type);
  if (es == 8)
    fail("dtype",
         std::string("data_copy: slice copies support 1-, 2- and 4-byte "
                     "elements, not ") +
             dtypeName(c.type),
         loc);
  if (c.dims == 0 || c.dims > kMaxSliceDims)
    fail("argument",
         "data_copy: dim_value must be in [1, " +
             std::to_string(kMaxSliceDims) + "], but got " +
             std::to_string(c.dims),
         loc);
  const bool toUb = c.src.pos == 0;
  std::vector<Runs> dst, src;
  for (uint32_t d = 0; d < c.dims; ++d) {
    dst.push_back(runsOf(c.dstDims[d], d, es, "dst", loc));
    src.push_back(runsOf(c.srcDims[d], d, es, "src", loc));
    if (dst[d].count != src[d].count)
      fail("argument",
           "data_copy: dimension " + std::to_string(d) + " selects " +
               std::to_string(src[d].count) + " runs of the source but " +
               std::to_string(dst[d].count) + " of the destination",
           loc);
    if (dst[0].len != src[0].len)
      fail("argument",
           "data_copy: dst_slices[0].burst_len and src_slices[0].burst_len "
           "differ (" +
               std::to_string(c.dstDims[0].burstLen) + " and " +
               std::to_string(c.srcDims[0].burstLen) + ")",
           loc);
  }
  for (uint32_t d = 0; d < c.dims; ++d)
    if (dst[d].count == 0)
      return; // nothing selected
  // The UB side's row starts and gaps must be whole 32-byte blocks.
  const std::vector<Runs> &ub = toUb ? dst : src;
  const char *ubSide = toUb ? "dst" : "src";
  uint64_t ubGapBytes = (ub[0].step - ub[0].len) * es;
  if (ubGapBytes % 32 != 0)
    fail("alignment",
         "data_copy: " + dimName(ubSide, 0) + ".stride * sizeof(T) = " +
             std::to_string(ubGapBytes) +
             " bytes is not a multiple of 32 (the UB side moves whole blocks)",
         loc);
  // Row offsets (in elements) of every index tuple of dimensions >= 1.
  auto rowOffsets = [&](const std::vector<Runs> &side) {
    std::vector<uint64_t> rows{side[0].first};
    uint64_t pitch = side[0].extent;
    for (uint32_t d = 1; d < c.dims; ++d) {
      std::vector<uint64_t> next;
      next.reserve(rows.size() * side[d].count);
      // Dimension d varies slower than the ones before it.
      for (uint64_t k = 0; k < side[d].count; ++k)
        for (uint64_t r : rows)
          next.push_back(r + (side[d].first + k * side[d].step) * pitch);
      rows.swap(next);
      pitch *= side[d].extent;
    }
    return rows;
  };
  std::vector<uint64_t> dstRows = rowOffsets(dst), srcRows = rowOffsets(src);
  const Runs &gm0 = (toUb ? src : dst)[0];
  const uint64_t gmGapBytes = (gm0.step - gm0.len) * es;
  for (size_t i = 0; i < dstRows.size(); ++i) {
    uint64_t ubRow = (toUb ? dstRows[i] : srcRows[i]) * es;
    if (ubRow % 32 != 0)
      fail("alignment",
           std::string("data_copy: a row of the ") + ubSide +
               " slice starts at byte " + std::to_string(ubRow) +
               " of the UB tensor, not on a 32-byte boundary",
           loc);
    CopyCall p{};
    p.type = c.type;
    p.pad = true;
    p.hasPadParams = toUb;
    p.dst = shifted(c.dst, dstRows[i] * es, "destination", loc);
    p.src = shifted(c.src, srcRows[i] * es, "source", loc);
    p.blockCount = static_cast<uint32_t>(dst[0].count);
    p.blockLen = static_cast<uint32_t>(dst[0].len * es);
    // DataCopyPad gaps: GM side in bytes, UB side in 32-byte blocks.
    p.srcStride = static_cast<uint32_t>(toUb ? gmGapBytes : ubGapBytes / 32);
    p.dstStride = static_cast<uint32_t>(toUb ? ubGapBytes / 32 : gmGapBytes);
    dataCopyEx(p, loc);
  }
}
} // namespace abi

} // namespace ascsim

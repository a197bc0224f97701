//===- ops/CubeFormats.cpp - Cube data movement and formats -----*- C++ -*-===//
//
// The fractal-moving instructions of the cube path (DataCopy ND -> NZ,
// LoadData 2D / with transpose / with sparse, LoadData 3D img2col,
// InitConstValue), the byte runs every cube instruction touches, and the
// evaluate / commit pair the pipe engine calls. Layouts and readings:
// sim/CUBE.md.
//
//===----------------------------------------------------------------------===//

#include "ops/CubeOps.h"

#include "ascsim/float16.h"
#include "ops/Transpose16.h"
#include "ops/VectorOps.h"

#include "support/Isa.h"
#include "support/PerThread.h"

#include <algorithm>
#include <cstring>

namespace ascsim {
namespace cube {

void normalise(Runs &r) {
  if (r.size() < 2)
    return;
  bool sorted = true;
  for (size_t i = 1; i < r.size() && sorted; ++i)
    sorted = r[i - 1].off <= r[i].off;
  if (!sorted)
    std::sort(r.begin(), r.end(),
              [](const ByteRun &a, const ByteRun &b) { return a.off < b.off; });
  size_t out = 0;
  for (size_t i = 1; i < r.size(); ++i) {
    ByteRun &last = r[out];
    if (r[i].off <= last.off + last.len)
      last.len = std::max(last.len, r[i].off + r[i].len - last.off);
    else
      r[++out] = r[i];
  }
  r.resize(out + 1);
}

uint64_t extent(const Runs &r) {
  uint64_t e = 0;
  for (const ByteRun &x : r)
    e = std::max(e, x.off + x.len);
  return e;
}

namespace {

/// Appends [off, off + len), merging with the previous run when contiguous
/// (the common case: runs are generated in address order).
void add(Runs &r, uint64_t off, uint64_t len) {
  if (len == 0)
    return;
  if (!r.empty() && r.back().off + r.back().len == off) {
    r.back().len += len;
    return;
  }
  r.push_back({off, len});
}

/// Room for the runs an instruction may list (one allocation instead of one
/// per doubling; capped: contiguous runs merge, so the bound can be far
/// above the count).
void reserveRuns(Runs &r, uint64_t n) {
  r.reserve(static_cast<size_t>(std::min<uint64_t>(n, 1024)));
}

//===----------------------------------------------------------------------===//
// LoadData 2D
//===----------------------------------------------------------------------===//

/// Fractals one repeat moves: LoadDataWithTranspose of 8- and 32-bit data
/// moves two (a 32x32 int8 block, a 16x16 float32 block).
uint32_t fractalsPerRepeat(const LoadData2DDesc &d, uint32_t es) {
  bool pair =
      (d.form == LoadForm::Transpose || d.form == LoadForm::TransposeV2) &&
      es != 2;
  return pair ? 2 : 1;
}

/// Byte offsets of the fractals repeat r reads (src) and writes (dst).
struct RepeatPlace {
  uint64_t src[2], dst[2];
};

RepeatPlace place(const LoadData2DDesc &d, uint32_t es, uint32_t r) {
  RepeatPlace p{};
  uint32_t n = fractalsPerRepeat(d, es);
  uint64_t s = static_cast<uint64_t>(d.startIndex) +
               static_cast<uint64_t>(r) * d.srcStride;
  p.src[0] = s * kFractalBytes;
  p.src[1] = p.src[0] + (1ull + d.srcFracGap) * kFractalBytes;
  // One repeat's fractals (with dstFracGap between the two), then dstGap.
  uint64_t span = n == 2 ? 2ull + d.dstFracGap : 1ull;
  p.dst[0] = static_cast<uint64_t>(r) * (span + d.dstGap) * kFractalBytes;
  p.dst[1] = p.dst[0] + (1ull + d.dstFracGap) * kFractalBytes;
  return p;
}

/// Transposes a rows x cols matrix of `es`-byte elements (row-major at
/// `in`) into `out` (cols x rows, row-major).
void transposeBytes(const uint8_t *in, uint8_t *out, uint32_t rows,
                    uint32_t cols, uint32_t es) {
  if (es == 2 && rows == 16 && cols == 16) { // one 16-bit fractal
#if defined(__SSE2__) // unaligned vector loads and stores, no local copies
    transpose16x16(reinterpret_cast<const uint16_t *>(in),
                   reinterpret_cast<uint16_t *>(out));
#else // element by element: through aligned uint16_t copies
    uint16_t a[256], b[256];
    std::memcpy(a, in, 512);
    transpose16x16(a, b);
    std::memcpy(out, b, 512);
#endif
    return;
  }
  if (es == 2) { // no per-element memcpy
    uint16_t a[256], b[256];
    std::memcpy(a, in, static_cast<size_t>(rows) * cols * 2);
    for (uint32_t i = 0; i < rows; ++i)
      for (uint32_t j = 0; j < cols; ++j)
        b[j * rows + i] = a[i * cols + j];
    std::memcpy(out, b, static_cast<size_t>(rows) * cols * 2);
    return;
  }
  for (uint32_t i = 0; i < rows; ++i)
    for (uint32_t j = 0; j < cols; ++j)
      std::memcpy(out + (static_cast<size_t>(j) * rows + i) * es,
                  in + (static_cast<size_t>(i) * cols + j) * es, es);
}

} // namespace

void loadData2D(const LoadData2DDesc &d, DType t, bool sparse,
                const uint8_t *src, const uint8_t *idx, uint8_t *dst,
                uint8_t *idxDst) {
  uint32_t es = dtypeSize(t);
  bool transposeForm =
      d.form == LoadForm::Transpose || d.form == LoadForm::TransposeV2;
  uint8_t block[2 * kFractalBytes], out[2 * kFractalBytes];
  for (uint32_t r = 0; r < d.repeatTimes; ++r) {
    RepeatPlace p = place(d, es, r);
    if (sparse) { // the stored values as they are, and their index
      std::memcpy(dst + p.dst[0], src + p.src[0], kFractalBytes);
      uint64_t s = p.src[0] / kFractalBytes;
      if (idxDst)
        std::memcpy(idxDst + p.dst[0] / kFractalBytes * kSparseIdxBytes,
                    idx + s * kSparseIdxBytes, kSparseIdxBytes);
      continue;
    }
    if (!transposeForm && !d.ifTranspose) {
      std::memcpy(dst + p.dst[0], src + p.src[0], kFractalBytes);
      continue;
    }
    if (!transposeForm || es == 2) { // one 16x16 fractal of 16-bit data
      transposeBytes(src + p.src[0], dst + p.dst[0], 16, 16, 2);
      continue;
    }
    if (es == 1) {
      // A 32x32 int8 block: the two source fractals are its rows 0-15 and
      // 16-31; the transposed block's rows 0-15 and 16-31 are the two
      // destination fractals.
      std::memcpy(block, src + p.src[0], kFractalBytes);
      std::memcpy(block + kFractalBytes, src + p.src[1], kFractalBytes);
      transposeBytes(block, out, 32, 32, 1);
    } else {
      // A 16x16 float32 block: the two source fractals are its columns 0-7
      // and 8-15; the transposed block's columns 0-7 and 8-15 are the two
      // destination fractals.
      for (uint32_t i = 0; i < 16; ++i) {
        std::memcpy(block + i * 64, src + p.src[0] + i * 32, 32);
        std::memcpy(block + i * 64 + 32, src + p.src[1] + i * 32, 32);
      }
      uint8_t t16[2 * kFractalBytes];
      transposeBytes(block, t16, 16, 16, 4);
      for (uint32_t i = 0; i < 16; ++i) {
        std::memcpy(out + i * 32, t16 + i * 64, 32);
        std::memcpy(out + kFractalBytes + i * 32, t16 + i * 64 + 32, 32);
      }
    }
    std::memcpy(dst + p.dst[0], out, kFractalBytes);
    std::memcpy(dst + p.dst[1], out + kFractalBytes, kFractalBytes);
  }
}

//===----------------------------------------------------------------------===//
// ND -> NZ, InitConstValue
//===----------------------------------------------------------------------===//

void nd2nz(const Nd2NzDesc &d, uint32_t es, const uint8_t *src, uint8_t *dst) {
  uint32_t c0 = c0Of(es);
  uint32_t blocks = (d.dValue + c0 - 1) / c0;
  for (uint32_t i = 0; i < d.ndNum; ++i) {
    const uint8_t *m =
        src + static_cast<uint64_t>(i) * d.srcNdMatrixStride * es;
    uint8_t *out = dst + static_cast<uint64_t>(i) * d.dstNzMatrixStride * es;
    const uint64_t dstep = static_cast<uint64_t>(d.dstNzNStride) * 32;
    const uint64_t sstep = static_cast<uint64_t>(d.srcDValue) * es;
    for (uint32_t c = 0; c < blocks; ++c) {
      uint32_t cols = std::min(c0, d.dValue - c * c0);
      uint8_t *blk = out + static_cast<uint64_t>(c) * d.dstNzC0Stride * 32;
      const uint8_t *from = m + static_cast<uint64_t>(c) * c0 * es;
      if (cols == c0) { // whole 32-byte blocks: inlined copies, not calls
        for (uint32_t r = 0; r < d.nValue; ++r, blk += dstep, from += sstep)
          std::memcpy(blk, from, 32);
        continue;
      }
      for (uint32_t r = 0; r < d.nValue; ++r, blk += dstep, from += sstep) {
        std::memcpy(blk, from, static_cast<size_t>(cols) * es);
        // the last block's columns past dValue are zeros
        std::memset(blk + cols * es, 0, (c0 - cols) * es);
      }
    }
  }
}

/// Source (element) offset of row r of column block c of matrix i, and
/// destination offset of row r of matrix i, of a DataCopy NZ -> ND.
static uint64_t nz2ndSrc(const Nz2NdDesc &d, uint32_t i, uint32_t c,
                         uint32_t r) {
  return static_cast<uint64_t>(i) * d.srcNdMatrixStride * 256 +
         static_cast<uint64_t>(c) * d.srcNStride * 16 +
         static_cast<uint64_t>(r) * 16;
}
static uint64_t nz2ndDst(const Nz2NdDesc &d, uint32_t i, uint32_t r) {
  return static_cast<uint64_t>(i) * d.dstNdMatrixStride +
         static_cast<uint64_t>(r) * d.dstDStride;
}

void nz2nd(const Nz2NdDesc &d, uint32_t es, const uint8_t *src, uint8_t *dst) {
  for (uint32_t i = 0; i < d.ndNum; ++i)
    for (uint32_t r = 0; r < d.nValue; ++r)
      for (uint32_t c = 0; c < d.dValue / 16; ++c)
        std::memcpy(dst + (nz2ndDst(d, i, r) + c * 16) * es,
                    src + nz2ndSrc(d, i, c, r) * es, 16 * es);
}

void initConst(const InitConstDesc &d, uint32_t es, bool l0Blocks,
               uint8_t *dst) {
  uint32_t bb = l0Blocks ? kFractalBytes : 32;
  uint8_t pattern[kFractalBytes];
  for (uint32_t i = 0; i < bb; i += es)
    std::memcpy(pattern + i, &d.value, es);
  for (uint32_t r = 0; r < d.repeatTimes; ++r)
    for (uint32_t b = 0; b < d.blockNum; ++b)
      std::memcpy(
          dst + (static_cast<uint64_t>(r) * (d.blockNum + d.dstGap) + b) * bb,
          pattern, bb);
}

namespace {
/// DataCopy L1 -> BiasTable of a half / bfloat16 source: each element
/// widened to float32 (exact: both formats are subsets of float32).
void biasLoad(DType type, uint32_t count, const uint8_t *src, uint8_t *dst) {
  for (uint32_t i = 0; i < count; ++i) {
    uint16_t h;
    std::memcpy(&h, src + static_cast<uint64_t>(i) * 2, 2);
    const float f =
        type == DType::BF16 ? fp::toFloat<8, 7>(h) : fp::toFloat<5, 10>(h);
    std::memcpy(dst + static_cast<uint64_t>(i) * sizeof(float), &f,
                sizeof(float));
  }
}
} // namespace

//===----------------------------------------------------------------------===//
// LoadData 3D (img2col)
//===----------------------------------------------------------------------===//

namespace {

struct Img2Col {
  uint32_t c0, c1, ho, wo, es;
  int64_t padL, padT;
  const Load3DDesc *d;

  explicit Img2Col(const Load3DDesc &desc, uint32_t elemBytes)
      : c0(c0Of(elemBytes)), es(elemBytes), d(&desc) {
    c1 = (desc.channelSize + c0 - 1) / c0;
    padL = desc.padList[0];
    padT = desc.padList[2];
    int64_t effW =
        static_cast<int64_t>(desc.dilationW) * (desc.filterW - 1) + 1;
    int64_t effH =
        static_cast<int64_t>(desc.dilationH) * (desc.filterH - 1) + 1;
    int64_t w = static_cast<int64_t>(desc.l1W) + desc.padList[0] +
                desc.padList[1] - effW;
    int64_t h = static_cast<int64_t>(desc.l1H) + desc.padList[2] +
                desc.padList[3] - effH;
    wo = w < 0 ? 0 : static_cast<uint32_t>(w / desc.strideW + 1);
    ho = h < 0 ? 0 : static_cast<uint32_t>(h / desc.strideH + 1);
  }

  /// L1 byte offset of element (m, k) of the img2col matrix, or -1 for a
  /// padding position (outside the image, or m beyond the output).
  int64_t offset(uint64_t m, uint64_t k) const {
    if (m >= static_cast<uint64_t>(ho) * wo)
      return -1;
    uint64_t c0i = k % c0, rest = k / c0;
    uint64_t kw = rest % d->filterW;
    rest /= d->filterW;
    uint64_t kh = rest % d->filterH;
    uint64_t c1i = rest / d->filterH;
    if (c1i >= c1)
      return -1;
    int64_t y = static_cast<int64_t>(m / wo) * d->strideH - padT +
                static_cast<int64_t>(kh * d->dilationH);
    int64_t x = static_cast<int64_t>(m % wo) * d->strideW - padL +
                static_cast<int64_t>(kw * d->dilationW);
    if (y < 0 || x < 0 || y >= d->l1H || x >= d->l1W)
      return -1;
    return static_cast<int64_t>(
               ((c1i * d->l1H + static_cast<uint64_t>(y)) * d->l1W +
                static_cast<uint64_t>(x)) *
                   c0 +
               c0i) *
           es;
  }
};

/// Destination byte offset of element (i, j) of the extracted window (i: m,
/// j: k) in L0A (Zz) or L0B (Zn with n = m), M1 x K1 fractals per repeat.
/// With en_transpose (float16 into L0A, c0 = 16) L0A holds the window's
/// transpose (k x m) as Zz: fractal (j / 16, i / 16) at (j / 16) M1 + i / 16,
/// element (j % 16, i % 16) in it (sim/CUBE.md).
uint64_t load3DDst(Load3DTarget t, bool transpose, uint64_t i, uint64_t j,
                   uint32_t m1, uint32_t k1, uint32_t c0, uint32_t es) {
  if (transpose)
    return ((j / 16) * m1 + i / 16) * kFractalBytes +
           ((j % 16) * 16 + i % 16) * es;
  uint64_t frac =
      t == Load3DTarget::L0A ? (i / 16) * k1 + j / c0 : (j / c0) * m1 + i / 16;
  return frac * kFractalBytes + ((i % 16) * c0 + j % c0) * es;
}

} // namespace

void load3D(const CubeInstr &in, const uint8_t *src, uint8_t *dst) {
  const Load3DDesc &d = in.load3d;
  uint32_t es = dtypeSize(in.type);
  Img2Col ic(d, es);
  uint32_t m1 = (d.mExtension + 15) / 16,
           k1 = (d.kExtension + ic.c0 - 1) / ic.c0;
  uint64_t perRepeat = static_cast<uint64_t>(m1) * k1 * kFractalBytes;
  for (uint32_t rep = 0; rep < in.repeatTime; ++rep) {
    // Repeat mode 0 advances along the output positions (m) by repeatStride
    // x 16, mode 1 along K by repeatStride x K0.
    uint64_t mStart = d.mStartPt, kStart = d.kStartPt;
    if (in.repeatMode == 0)
      mStart += static_cast<uint64_t>(rep) * in.repeatStride * 16;
    else
      kStart += static_cast<uint64_t>(rep) * in.repeatStride * ic.c0;
    uint8_t *out = dst + rep * perRepeat;
    for (uint64_t i = 0; i < m1 * 16ull; ++i)
      for (uint64_t j = 0; j < k1 * static_cast<uint64_t>(ic.c0); ++j) {
        int64_t o = ic.offset(mStart + i, kStart + j);
        uint8_t *p =
            out + load3DDst(in.target, d.enTranspose, i, j, m1, k1, ic.c0, es);
        if (o < 0)
          std::memcpy(p, &d.padValue, es);
        else if (in.boundary && in.srcL1 + o >= in.boundary)
          std::memcpy(p, in.src2 + (in.srcL1 + o) % in.boundary, es);
        else
          std::memcpy(p, src + o, es);
      }
  }
}

//===----------------------------------------------------------------------===//
// Byte runs
//===----------------------------------------------------------------------===//

CubeRuns planCube(const CubeInstr &in) {
  CubeRuns r;
  uint32_t es = dtypeSize(in.type);
  switch (in.kind) {
  case CubeKind::LoadData: {
    const LoadData2DDesc &d = in.load;
    uint32_t n = fractalsPerRepeat(d, es);
    reserveRuns(r.src, static_cast<uint64_t>(d.repeatTimes) * n);
    reserveRuns(r.dst, static_cast<uint64_t>(d.repeatTimes) * n);
    for (uint32_t rep = 0; rep < d.repeatTimes; ++rep) {
      RepeatPlace p = place(d, es, rep);
      if (in.sparse) { // LoadDataWithSparse: a values fractal + its index
        add(r.src, p.src[0], kFractalBytes);
        add(r.src1, p.src[0] / kFractalBytes * kSparseIdxBytes,
            kSparseIdxBytes);
        add(r.dst, p.dst[0], kFractalBytes);
        continue;
      }
      for (uint32_t f = 0; f < n; ++f) {
        add(r.src, p.src[f], kFractalBytes);
        add(r.dst, p.dst[f], kFractalBytes);
      }
    }
    break;
  }
  case CubeKind::Nd2Nz: {
    const Nd2NzDesc &d = in.nd;
    uint32_t c0 = c0Of(es);
    uint32_t blocks = (d.dValue + c0 - 1) / c0;
    reserveRuns(r.src, static_cast<uint64_t>(d.ndNum) * d.nValue);
    reserveRuns(r.dst, static_cast<uint64_t>(d.ndNum) * blocks *
                           (d.dstNzNStride == 1 ? 1 : d.nValue));
    for (uint32_t i = 0; i < d.ndNum; ++i) {
      uint64_t sm = static_cast<uint64_t>(i) * d.srcNdMatrixStride * es;
      uint64_t dm = static_cast<uint64_t>(i) * d.dstNzMatrixStride * es;
      for (uint32_t row = 0; row < d.nValue; ++row)
        add(r.src, sm + static_cast<uint64_t>(row) * d.srcDValue * es,
            static_cast<uint64_t>(d.dValue) * es);
      for (uint32_t c = 0; c < blocks; ++c) {
        if (d.dstNzNStride == 1) { // the block's rows are contiguous
          add(r.dst, dm + static_cast<uint64_t>(c) * d.dstNzC0Stride * 32,
              static_cast<uint64_t>(d.nValue) * 32);
          continue;
        }
        for (uint32_t row = 0; row < d.nValue; ++row)
          add(r.dst,
              dm + static_cast<uint64_t>(c) * d.dstNzC0Stride * 32 +
                  static_cast<uint64_t>(row) * d.dstNzNStride * 32,
              32);
      }
    }
    break;
  }
  case CubeKind::Nz2Nd: {
    const Nz2NdDesc &d = in.nz;
    for (uint32_t i = 0; i < d.ndNum; ++i)
      for (uint32_t row = 0; row < d.nValue; ++row) {
        for (uint32_t c = 0; c < d.dValue / 16; ++c)
          add(r.src, nz2ndSrc(d, i, c, row) * es, 16ull * es);
        add(r.dst, nz2ndDst(d, i, row) * es,
            static_cast<uint64_t>(d.dValue) * es);
      }
    break;
  }
  case CubeKind::BiasLoad:
    add(r.src, 0, static_cast<uint64_t>(in.count) * es);
    add(r.dst, 0, static_cast<uint64_t>(in.count) * sizeof(float));
    break;
  case CubeKind::InitConst: {
    const InitConstDesc &d = in.init;
    uint64_t bb = in.l0Blocks ? kFractalBytes : 32;
    for (uint32_t rep = 0; rep < d.repeatTimes; ++rep)
      add(r.dst, static_cast<uint64_t>(rep) * (d.blockNum + d.dstGap) * bb,
          bb * d.blockNum);
    break;
  }
  case CubeKind::Load3D: {
    const Load3DDesc &d = in.load3d;
    Img2Col ic(d, es);
    uint32_t m1 = (d.mExtension + 15) / 16;
    uint32_t k1 = (d.kExtension + ic.c0 - 1) / ic.c0;
    // Source: the whole feature map (the window's reads are data
    // independent but scattered: its hull is what the hardware may touch).
    add(r.src, 0, static_cast<uint64_t>(ic.c1) * d.l1H * d.l1W * ic.c0 * es);
    add(r.dst, 0,
        static_cast<uint64_t>(m1) * k1 * kFractalBytes * in.repeatTime);
    break;
  }
  case CubeKind::Mmad: {
    const MmadDesc &d = in.mmad;
    if (d.m == 0 || d.n == 0 || d.k == 0)
      break;
    uint32_t m1 = (d.m + 15) / 16, n1 = (d.n + 15) / 16, k1 = mmadK1(d);
    if (d.m == 1) // GEMV: L0A holds 1 x K contiguously (hardware.md §6.2)
      add(r.src, 0, static_cast<uint64_t>(k1) * 32);
    else
      add(r.src, 0, static_cast<uint64_t>(m1) * k1 * kFractalBytes);
    // MmadWithSparse: B holds the stored half of K (64 K per fractal row).
    uint32_t bk1 = d.sparse ? (d.k + 63) / 64 : k1;
    add(r.src1, 0, static_cast<uint64_t>(bk1) * n1 * kFractalBytes);
    if (d.hasBias)
      add(r.src2, 0, static_cast<uint64_t>(d.n) * dtypeSize(d.bias));
    uint64_t c = static_cast<uint64_t>(m1) * n1 * kL0cFractalBytes;
    add(r.dst, 0, c);
    break;
  }
  case CubeKind::Fixpipe: {
    const FixpipeDesc &d = in.fix;
    uint32_t ses = dtypeSize(d.src), des = dtypeSize(d.dst);
    reserveRuns(r.src, static_cast<uint64_t>(d.ndNum) * ((d.nSize + 15) / 16));
    if (!d.nz)
      reserveRuns(r.dst, static_cast<uint64_t>(d.ndNum) * d.mSize);
    for (uint32_t i = 0; i < d.ndNum; ++i) {
      uint64_t sm = static_cast<uint64_t>(i) * d.srcNdStride * kL0cFractalBytes;
      for (uint32_t n1 = 0; n1 < (d.nSize + 15) / 16; ++n1)
        add(r.src, sm + static_cast<uint64_t>(n1) * d.srcStride * 16 * ses,
            static_cast<uint64_t>(d.mSize) * 16 * ses);
      uint64_t dm = static_cast<uint64_t>(i) * d.dstNdStride * des;
      if (!d.nz) {
        for (uint32_t m = 0; m < d.mSize; ++m)
          add(r.dst, dm + static_cast<uint64_t>(m) * d.dstStride * des,
              static_cast<uint64_t>(d.nSize) * des);
      } else {
        uint32_t c0 = d.channelSplit ? 8 : des == 1 ? 32 : 16;
        for (uint32_t c = 0; c * c0 < d.nSize; ++c) {
          uint32_t cols = std::min(c0, d.nSize - c * c0);
          uint64_t base = dm + static_cast<uint64_t>(c) * d.dstStride * 32;
          if (cols == c0)
            add(r.dst, base, static_cast<uint64_t>(d.mSize) * c0 * des);
          else
            for (uint32_t m = 0; m < d.mSize; ++m)
              add(r.dst, base + static_cast<uint64_t>(m) * c0 * des,
                  static_cast<uint64_t>(cols) * des);
        }
      }
    }
    if (d.hasWorkspace && vectorQuant(d.quant))
      add(r.src2, 0, static_cast<uint64_t>(d.nSize) * 8);
    break;
  }
  }
  normalise(r.src);
  normalise(r.src1);
  normalise(r.src2);
  normalise(r.dst);
  return r;
}

//===----------------------------------------------------------------------===//
// Evaluate / commit
//===----------------------------------------------------------------------===//

namespace {
void evaluateInto(const CubeInstr &in, uint8_t *staging);
} // namespace

void evaluateCube(const CubeInstr &in, uint8_t *staging) {
  if (!in.direct && !in.late)
    evaluateInto(in, staging);
}

void evaluateCubeLate(const CubeInstr &in, uint8_t *staging) {
  if (!in.direct)
    evaluateInto(in, staging);
}

namespace {
void evaluateInto(const CubeInstr &in, uint8_t *staging) {
  uint32_t es = dtypeSize(in.type);
  switch (in.kind) {
  case CubeKind::LoadData:
    // A sparse load stages its index after the values (issueCube sizes the
    // staging so), at a quarter of each fractal's offset.
    loadData2D(in.load, in.type, in.sparse, in.src, in.src1, staging,
               in.sparse ? staging + extent(in.writes) : nullptr);
    return;
  case CubeKind::Nd2Nz:
    nd2nz(in.nd, es, in.src, staging);
    return;
  case CubeKind::Nz2Nd:
    nz2nd(in.nz, es, in.src, staging);
    return;
  case CubeKind::InitConst:
    initConst(in.init, es, in.l0Blocks, staging);
    return;
  case CubeKind::BiasLoad:
    biasLoad(in.type, in.count, in.src, staging);
    return;
  case CubeKind::Load3D:
    load3D(in, in.src, staging);
    return;
  case CubeKind::Mmad:
    if (in.mmad.sparse)
      mmadSparse(in.mmad, in.src, in.src1, in.sparseIdx, staging);
    else
      mmad(in.mmad, in.src, in.src1, in.src2, staging);
    return;
  case CubeKind::Fixpipe:
    checkQuantWords(in.fix, in.src2, in.loc);
    fixpipe(in.fix, in.src, in.src2, staging);
    return;
  }
}
} // namespace

void commitCube(const CubeInstr &in, const uint8_t *staging) {
  if (in.direct) { // writes exactly the runs of in.writes, in their order
    if (in.kind == CubeKind::Mmad) // overwrites or adds, as mmadCommit
      mmadInto(in.mmad, in.src, in.src1, in.dst);
    else
      evaluateInto(in, in.dst);
    return;
  }
  if (in.kind == CubeKind::Mmad) {
    mmadCommit(in.mmad, staging, in.dst);
    return;
  }
  if (in.atomic) {
    for (const ByteRun &r : in.writes)
      commitAtomic(in.dst + r.off, staging + r.off, r.len,
                   static_cast<AtomicKind>(in.atomic), in.atomicType);
    return;
  }
  for (const ByteRun &r : in.writes)
    std::memcpy(in.dst + r.off, staging + r.off, r.len);
  if (in.kind == CubeKind::LoadData && in.sparse) {
    const uint8_t *idx = staging + extent(in.writes);
    for (const ByteRun &r : in.writes) // whole fractals
      std::memcpy(in.sparseIdx + r.off / kFractalBytes * kSparseIdxBytes,
                  idx + r.off / kFractalBytes * kSparseIdxBytes,
                  r.len / kFractalBytes * kSparseIdxBytes);
  }
}

//===----------------------------------------------------------------------===//
// MmadWithSparse
//===----------------------------------------------------------------------===//

bool densifySparse(const MmadDesc &d, const uint8_t *b, const uint8_t *idx,
                   uint8_t *dense0, uint8_t *dense1) {
  const uint32_t n1 = (d.n + 15) / 16, k1 = (d.k + 31) / 32;
  const uint32_t sk1 = (d.k + 63) / 64; // fractal rows of stored values
  const size_t bytes = static_cast<size_t>(k1) * n1 * kFractalBytes;
  std::memset(dense0, 0, bytes);
  if (dense1)
    std::memset(dense1, 0, bytes);
  for (uint32_t f1 = 0; f1 < sk1; ++f1)
    for (uint32_t nb = 0; nb < n1; ++nb) {
      const uint64_t f = static_cast<uint64_t>(f1) * n1 + nb;
      const uint8_t *vals = b + f * kFractalBytes;
      const uint8_t *fields = idx + f * kSparseIdxBytes;
      for (uint32_t i = 0; i < 512; i += 2) { // a pair: row i / 32, group
        uint32_t row = i / 32, j = i % 32;
        uint32_t p0 = (fields[i / 4] >> (2 * (i % 4))) & 3;
        uint32_t p1 = (fields[(i + 1) / 4] >> (2 * ((i + 1) % 4))) & 3;
        if (p0 == p1 && !dense1)
          return false;
        // Dense K of the group's first element: 64 per fractal row, 4 per
        // group (two stored columns).
        uint32_t kg = f1 * 64 + (j / 2) * 4;
        const uint32_t pos[2] = {p0, p1};
        for (uint32_t s = 0; s < 2; ++s) {
          uint32_t k = kg + pos[s];
          if (k >= d.k)
            continue; // beyond K: padding, ignored as Mmad does
          uint8_t *out = s == 1 && dense1 ? dense1 : dense0;
          out[(static_cast<uint64_t>(k / 32) * n1 + nb) * kFractalBytes +
              row * 32 + k % 32] = vals[i + s];
        }
      }
    }
  return true;
}

void mmadSparse(const MmadDesc &d, const uint8_t *a, const uint8_t *b,
                const uint8_t *idx, uint8_t *sum) {
  if (d.m == 0 || d.n == 0 || d.k == 0)
    return;
  MmadDesc dense = d;
  dense.sparse = false;
  const uint32_t n1 = (d.n + 15) / 16, k1 = (d.k + 31) / 32;
  struct Buffers {
    std::vector<uint8_t> b0, b1, part;
  };
  Buffers &bufs = perThread<Buffers>(); // support/PerThread.h
  std::vector<uint8_t> &b0 = bufs.b0, &b1 = bufs.b1, &part = bufs.part;
  b0.resize(static_cast<size_t>(k1) * n1 * kFractalBytes);
  if (densifySparse(d, b, idx, b0.data(), nullptr)) {
    mmad(dense, a, b0.data(), nullptr, sum);
    return;
  }
  // Two stored values of a group at one position: each multiplies that A
  // element, so the product is A x B0 + A x B1 (int32, wrapping).
  b1.resize(b0.size());
  densifySparse(d, b, idx, b0.data(), b1.data());
  mmad(dense, a, b0.data(), nullptr, sum);
  const size_t words = static_cast<size_t>((d.m + 15) / 16) * n1 * 256;
  part.resize(words * 4);
  mmad(dense, a, b1.data(), nullptr, part.data());
  for (size_t w = 0; w < words; ++w) {
    uint32_t x, y;
    std::memcpy(&x, sum + w * 4, 4);
    std::memcpy(&y, part.data() + w * 4, 4);
    x += y;
    std::memcpy(sum + w * 4, &x, 4);
  }
}

} // namespace cube
} // namespace ascsim

//===- ops/CubeMmad.cpp - Mmad and Fixpipe ----------------------*- C++ -*-===//
//
// The arithmetic of the cube path: Mmad (L0A Zz x L0B Zn -> L0C Nz, with
// bias, accumulation and the GEMV form) and Fixpipe (L0C Nz -> ND or NZ
// with ReLU, quantisation, channel split). The numerical model (the order
// of the fp32 accumulation, the quantisation formulas) is in sim/CUBE.md.
//
//===----------------------------------------------------------------------===//

#include "ops/CubeOps.h"

#include "ascsim/float16.h"
#include "ops/CubeGemm.h"
#include "ops/VectorMath.h"
#include "support/Isa.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <type_traits>
#include <vector>

namespace ascsim {
namespace cube {

uint32_t mmadK1(const MmadDesc &d) {
  uint32_t k0 = c0Of(dtypeSize(d.a));
  uint32_t k1 = (d.k + k0 - 1) / k0;
  if (d.a == DType::F32 && d.kDirectionAlign && k1 % 2 != 0)
    ++k1; // K aligned to 16 (hardware.md §6.2)
  return k1;
}

const char *quantModeName(uint8_t q) {
  static const char *const kNames[] = {
      "NoQuant",      "F322F16", "F322BF16", "DEQF16", "VDEQF16",
      "QF322B8_PRE", "VQF322B8_PRE", "REQ8",    "VREQ8"};
  return q <= kVReq8 ? kNames[q] : "invalid";
}

bool quantPairOk(uint8_t q, DType src, DType dst, std::string &allowed) {
  bool f = src == DType::F32, i = src == DType::I32;
  switch (q) {
  case kNoQuant:
    allowed = "float32 -> float32, int32 -> int32";
    return (f && dst == DType::F32) || (i && dst == DType::I32);
  case kF322F16:
    allowed = "float32 -> float16";
    return f && dst == DType::F16;
  case kF322BF16:
    allowed = "float32 -> bfloat16";
    return f && dst == DType::BF16;
  case kDeqF16:
  case kVDeqF16:
    allowed = "int32 -> float16";
    return i && dst == DType::F16;
  case kQF322B8Pre:
  case kVQF322B8Pre:
    allowed = "float32 -> int8 / uint8";
    return f && (dst == DType::I8 || dst == DType::U8);
  case kReq8:
  case kVReq8:
    allowed = "int32 -> int8 / uint8";
    return i && (dst == DType::I8 || dst == DType::U8);
  default:
    allowed = "none (not a QuantMode_t value of A2/A3)";
    return false;
  }
}

//===----------------------------------------------------------------------===//
// Mmad
//===----------------------------------------------------------------------===//

namespace {

/// Element (row, col) offsets of the operand layouts (hardware.md §6.1), in
/// elements: A in Zz (M1, K1, 16, K0), B in Zn (K1, N1, 16, K0), C in Nz
/// (N1, M1, 16, 16).
inline uint64_t zzIndex(uint32_t m, uint32_t k, uint32_t k1, uint32_t k0) {
  return ((static_cast<uint64_t>(m / 16) * k1 + k / k0) * 16 + m % 16) * k0 +
         k % k0;
}
inline uint64_t znIndex(uint32_t k, uint32_t n, uint32_t n1, uint32_t k0) {
  return ((static_cast<uint64_t>(k / k0) * n1 + n / 16) * 16 + n % 16) * k0 +
         k % k0;
}
inline uint64_t nzIndex(uint32_t m, uint32_t n, uint32_t m1) {
  return ((static_cast<uint64_t>(n / 16) * m1 + m / 16) * 16 + m % 16) * 16 +
         n % 16;
}

/// float16 -> float32 of every bit pattern (exact), built once.
const float *f16Table() {
  static const std::vector<float> table = [] {
    std::vector<float> t(65536);
    for (uint32_t h = 0; h < 65536; ++h)
      t[h] = fp::toFloat<5, 10>(static_cast<uint16_t>(h));
    return t;
  }();
  return table.data();
}

/// Converts `n` consecutive operand elements of type `t` at `p` to T (float:
/// exact widening of f16 / bf16 / f32; int32: int8 / uint8). The dtype is
/// decided once per run, not per element.
template <class T>
inline void convertRun(DType t, const float *f16, const uint8_t *p,
                       uint32_t n, T *out) {
  if constexpr (std::is_same_v<T, int32_t>) {
    if (t == DType::U8)
      for (uint32_t j = 0; j < n; ++j)
        out[j] = static_cast<int32_t>(p[j]);
    else
      for (uint32_t j = 0; j < n; ++j)
        out[j] = static_cast<int32_t>(static_cast<int8_t>(p[j]));
  } else if (t == DType::F32) {
    std::memcpy(out, p, static_cast<size_t>(n) * 4);
  } else if (t == DType::F16) {
#if ASCSIM_GEMM_AVX2
    static const bool f16c = __builtin_cpu_supports("f16c");
    if (f16c && n % 8 == 0 && f16ToF32F16c(p, n, out))
      return;
#endif
    for (uint32_t j = 0; j < n; ++j) {
      uint16_t h;
      std::memcpy(&h, p + 2 * j, 2);
      out[j] = f16[h];
    }
  } else { // bfloat16: the high half of a float32
    for (uint32_t j = 0; j < n; ++j) {
      uint16_t h;
      std::memcpy(&h, p + 2 * j, 2);
      out[j] = fp::floatOf(static_cast<uint32_t>(h) << 16);
    }
  }
}

/// Unpacks the valid m x k part of A and k x n part of B into row-major
/// matrices of T, fractal row by fractal row.
template <class T>
void unpack(const MmadDesc &d, const uint8_t *a, const uint8_t *b,
            std::vector<T> &av, std::vector<T> &bv) {
  const uint32_t es = dtypeSize(d.a), k0 = c0Of(es), k1 = mmadK1(d);
  const uint32_t n1 = (d.n + 15) / 16;
  // Every element is overwritten: grow only (no zeroing per Mmad).
  if (av.size() < static_cast<size_t>(d.m) * d.k)
    av.resize(static_cast<size_t>(d.m) * d.k);
  if (bv.size() < static_cast<size_t>(d.k) * d.n)
    bv.resize(static_cast<size_t>(d.k) * d.n);
  const float *f16 = d.a == DType::F16 ? f16Table() : nullptr;
  for (uint32_t m = 0; m < d.m; ++m) {
    T *row = av.data() + static_cast<size_t>(m) * d.k;
    if (d.m == 1) {
      convertRun(d.a, f16, a, d.k, row);
      continue;
    }
    for (uint32_t kb = 0; kb < d.k; kb += k0) // one fractal row: k0 values
      convertRun(d.a, f16, a + zzIndex(m, kb, k1, k0) * es,
                 std::min(k0, d.k - kb), row + kb);
  }
  // B: fractal row (k1, n) holds k0 values of column n.
  T col[32];
  for (uint32_t kb = 0; kb < d.k; kb += k0) {
    uint32_t cnt = std::min(k0, d.k - kb);
    T *dst = bv.data() + static_cast<size_t>(kb) * d.n;
    for (uint32_t n = 0; n < d.n; ++n) {
      convertRun(d.b, f16, b + znIndex(kb, n, n1, k0) * es, cnt, col);
      for (uint32_t j = 0; j < cnt; ++j)
        dst[static_cast<size_t>(j) * d.n + n] = col[j];
    }
  }
}

/// c = A x B (ops/CubeGemm.h), with the AVX2 build of the kernel where the
/// host has it.
template <class T>
void gemm(const std::vector<T> &av, const std::vector<T> &bv, uint32_t m,
          uint32_t n, uint32_t k, std::vector<T> &c) {
  if (c.size() < static_cast<size_t>(m) * n)
    c.resize(static_cast<size_t>(m) * n);
#if ASCSIM_GEMM_AVX2
  static const bool avx512 = __builtin_cpu_supports("avx512f");
  static const bool avx2 = __builtin_cpu_supports("avx2");
  if (avx512) {
    gemmAvx512(av.data(), bv.data(), m, n, k, c.data());
    return;
  }
  if (avx2) {
    gemmAvx2(av.data(), bv.data(), m, n, k, c.data());
    return;
  }
#endif
  gemm_detail::gemm<T, 16>(av.data(), bv.data(), m, n, k, c.data());
}

template <class T>
void store(const MmadDesc &d, const std::vector<T> &c, const uint8_t *bias,
           uint8_t *out) {
  const uint32_t m1 = (d.m + 15) / 16;
  T b[16];
  for (uint32_t nb = 0; nb < d.n; nb += 16) {
    const uint32_t cols = std::min(16u, d.n - nb);
    if (bias)
      std::memcpy(b, bias + static_cast<size_t>(nb) * 4, cols * 4);
    for (uint32_t m = 0; m < d.m; ++m) { // one fractal row: 16 values
      const T *row = c.data() + static_cast<size_t>(m) * d.n + nb;
      uint8_t *dst = out + nzIndex(m, nb, m1) * 4;
      if (!bias) {
        if (cols == 16) // a constant size: an inlined copy, not a call
          std::memcpy(dst, row, 64);
        else
          std::memcpy(dst, row, cols * 4);
        continue;
      }
      T v[16];
      for (uint32_t j = 0; j < cols; ++j)
        v[j] = b[j] + row[j];
      std::memcpy(dst, v, cols * 4);
    }
  }
}

} // namespace

bool mmadAccumulates(const MmadDesc &d) {
  return !d.hasBias && !d.cmatrixSource && (!d.cmatrixInitVal || d.isBias);
}

void mmad(const MmadDesc &d, const uint8_t *a, const uint8_t *b,
          const uint8_t *bias, uint8_t *out) {
  if (d.m == 0 || d.n == 0 || d.k == 0)
    return;
  const uint8_t *bt = d.hasBias ? bias : nullptr;
  // Per-thread scratch, reused across Mmads (a launch runs many).
  if (d.dst == DType::I32) {
    thread_local std::vector<int32_t> av, bv, c;
    unpack(d, a, b, av, bv);
    gemm(av, bv, d.m, d.n, d.k, c);
    store(d, c, bt, out);
  } else {
    thread_local std::vector<float> av, bv, c;
    unpack(d, a, b, av, bv);
    gemm(av, bv, d.m, d.n, d.k, c);
    store(d, c, bt, out);
  }
}

void mmadCommit(const MmadDesc &d, const uint8_t *sum, uint8_t *l0c) {
  if (d.m == 0 || d.n == 0 || d.k == 0)
    return;
  const uint32_t m1 = (d.m + 15) / 16, n1 = (d.n + 15) / 16;
  const bool acc = mmadAccumulates(d);
  // Every valid element; padding rows/columns of the fractals are left as
  // they were (Mmad ignores the invalid region, hardware.md §6.1).
  for (uint32_t nb = 0; nb < n1; ++nb)
    for (uint32_t mb = 0; mb < m1; ++mb) {
      const uint32_t rows = std::min(16u, d.m - mb * 16);
      const uint32_t cols = std::min(16u, d.n - nb * 16);
      for (uint32_t r = 0; r < rows; ++r) {
        uint64_t o = nzIndex(mb * 16 + r, nb * 16, m1) * 4;
        if (!acc) {
          std::memcpy(l0c + o, sum + o, static_cast<size_t>(cols) * 4);
          continue;
        }
        // One loop per type, so the compiler vectorises the row.
        if (d.dst == DType::I32) {
          int32_t x[16], y[16];
          std::memcpy(x, l0c + o, static_cast<size_t>(cols) * 4);
          std::memcpy(y, sum + o, static_cast<size_t>(cols) * 4);
          for (uint32_t c = 0; c < cols; ++c)
            x[c] = static_cast<int32_t>(static_cast<uint32_t>(x[c]) +
                                        static_cast<uint32_t>(y[c]));
          std::memcpy(l0c + o, x, static_cast<size_t>(cols) * 4);
        } else if (cols == 16) { // constant sizes: inlined, vectorised
          float x[16], y[16];
          std::memcpy(x, l0c + o, 64);
          std::memcpy(y, sum + o, 64);
          for (uint32_t c = 0; c < 16; ++c)
            x[c] = x[c] + y[c];
          std::memcpy(l0c + o, x, 64);
        } else {
          float x[16], y[16];
          std::memcpy(x, l0c + o, static_cast<size_t>(cols) * 4);
          std::memcpy(y, sum + o, static_cast<size_t>(cols) * 4);
          for (uint32_t c = 0; c < cols; ++c)
            x[c] = x[c] + y[c];
          std::memcpy(l0c + o, x, static_cast<size_t>(cols) * 4);
        }
      }
    }
}

//===----------------------------------------------------------------------===//
// Fixpipe
//===----------------------------------------------------------------------===//

namespace {

/// The scale of a quant mode: the low 32 bits of the deqScalar word (or of
/// the channel's workspace word) as a float32.
float scaleOf(uint64_t word) {
  uint32_t bits = static_cast<uint32_t>(word);
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

/// Converts one L0C element `v` (float32 or int32 bits) to the output.
void convert(const FixpipeDesc &d, const uint8_t *src, uint64_t word,
             uint8_t *dst) {
  if (d.src == DType::F32) {
    float v;
    std::memcpy(&v, src, 4);
    if (d.reluEn && v < 0)
      v = 0;
    switch (d.quant) {
    case kNoQuant:
      std::memcpy(dst, &v, 4);
      return;
    case kF322F16:
    case kF322BF16:
      vm::storeF(dst, d.dst, v); // RINT
      return;
    default: { // QF322B8_PRE / VQF322B8_PRE: x * scale, RINT, saturate
      double q = std::nearbyint(static_cast<double>(v) * scaleOf(word));
      double lo = d.dst == DType::U8 ? 0 : -128, hi = d.dst == DType::U8 ? 255 : 127;
      if (q != q)
        q = 0;
      vm::storeI(dst, d.dst, static_cast<int64_t>(std::clamp(q, lo, hi)));
      return;
    }
    }
  }
  int32_t v;
  std::memcpy(&v, src, 4);
  if (d.reluEn && v < 0)
    v = 0;
  switch (d.quant) {
  case kNoQuant:
    std::memcpy(dst, &v, 4);
    return;
  case kDeqF16:
  case kVDeqF16: // x * scale rounded once to float16
    vm::storeF(dst, DType::F16,
           static_cast<double>(static_cast<float>(v) * scaleOf(word)));
    return;
  default: { // REQ8 / VREQ8
    double q = std::nearbyint(static_cast<double>(
        static_cast<float>(v) * scaleOf(word)));
    double lo = d.dst == DType::U8 ? 0 : -128, hi = d.dst == DType::U8 ? 255 : 127;
    vm::storeI(dst, d.dst, static_cast<int64_t>(std::clamp(q, lo, hi)));
    return;
  }
  }
}

} // namespace

void fixpipe(const FixpipeDesc &d, const uint8_t *src,
             const uint8_t *quantWords, uint8_t *dst) {
  const uint32_t ses = dtypeSize(d.src), des = dtypeSize(d.dst);
  const bool vec = vectorQuant(d.quant) && quantWords;
  for (uint32_t i = 0; i < d.ndNum; ++i) {
    const uint8_t *sm =
        src + static_cast<uint64_t>(i) * d.srcNdStride * kL0cFractalBytes;
    uint8_t *dm = dst + static_cast<uint64_t>(i) * d.dstNdStride * des;
    for (uint32_t n = 0; n < d.nSize; ++n) {
      uint64_t word = d.deqScalar;
      if (vec)
        std::memcpy(&word, quantWords + static_cast<uint64_t>(n) * 8, 8);
      for (uint32_t m = 0; m < d.mSize; ++m) {
        const uint8_t *s = sm + ((static_cast<uint64_t>(n / 16) * d.srcStride +
                                  m) * 16 + n % 16) * ses;
        uint8_t *o;
        if (!d.nz) {
          o = dm + (static_cast<uint64_t>(m) * d.dstStride + n) * des;
        } else {
          uint32_t c0 = d.channelSplit ? 8 : des == 1 ? 32 : 16;
          o = dm + static_cast<uint64_t>(n / c0) * d.dstStride * 32 +
              (static_cast<uint64_t>(m) * c0 + n % c0) * des;
        }
        convert(d, s, word, o);
      }
    }
  }
}

} // namespace cube
} // namespace ascsim

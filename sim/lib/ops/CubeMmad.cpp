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
#include "support/Fault.h"
#include "support/Isa.h"
#include "support/PerThread.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>
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
  static const char *const kNames[] = {"NoQuant",      "F322F16", "F322BF16",
                                       "DEQF16",       "VDEQF16", "QF322B8_PRE",
                                       "VQF322B8_PRE", "REQ8",    "VREQ8"};
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
  default: // not a member: cubeFixpipe refuses it before asking (by name)
    allowed.clear();
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

/// Element `idx` of an operand as T (float: exact widening of f16 / bf16 /
/// f32; int32: int8 / uint8).
/// A float32 rounded to HF32: 11 significand bits after the leading one
/// (the low 12 bits dropped), to nearest even (mode 1) or half away from
/// zero (mode 2); infinities and NaN unchanged (our reading: the public
/// docs name the modes, not the bit width).
inline float toHf32(float f, uint8_t mode) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  if ((u & 0x7F800000u) == 0x7F800000u)
    return f;
  const uint32_t low = u & 0xFFFu;
  u &= ~0xFFFu;
  const bool up = mode == 2
                      ? low >= 0x800u
                      : (low > 0x800u || (low == 0x800u && (u & 0x1000u)));
  if (up)
    u += 0x1000u; // may carry into the exponent (rounds to the next binade)
  std::memcpy(&f, &u, 4);
  return f;
}

template <class T> struct Loader {
  DType t;
  const float *f16 = nullptr;
  uint8_t hf32 = 0;
  explicit Loader(DType type, uint8_t hf32Mode = 0) : t(type), hf32(hf32Mode) {
    if (t == DType::F16)
      f16 = f16Table();
  }
  T operator()(const uint8_t *p, uint64_t idx) const {
    if constexpr (std::is_same_v<T, int32_t>) {
      return t == DType::U8 ? static_cast<int32_t>(p[idx])
                            : static_cast<int32_t>(static_cast<int8_t>(p[idx]));
    } else {
      if (t == DType::F32) {
        float f;
        std::memcpy(&f, p + idx * 4, 4);
        return hf32 ? toHf32(f, hf32) : f;
      }
      uint16_t h;
      std::memcpy(&h, p + idx * 2, 2);
      return t == DType::F16 ? f16[h]
                             : fp::floatOf(static_cast<uint32_t>(h) << 16);
    }
  }
};

/// The widest kernels the host runs (0: the base build, 1: AVX2 (with FMA
/// and F16C where the host has them), 2: AVX-512F), capped by
/// setCubeIsaCap.
std::atomic<int> isaCap{static_cast<int>(CubeIsa::Best)};

#if ASCSIM_GEMM_AVX2
struct HostIsa {
  bool avx2 = __builtin_cpu_supports("avx2");
  bool fma = avx2 && __builtin_cpu_supports("fma");
  bool f16c = fma && __builtin_cpu_supports("f16c");
  bool avx512 = fma && __builtin_cpu_supports("avx512f");
};
const HostIsa &hostIsa() {
  static const HostIsa h;
  return h;
}
inline int isaLevel() {
  const HostIsa &h = hostIsa();
  const int host = h.avx512 ? 2 : h.avx2 ? 1 : 0;
  return std::min(host, isaCap.load(std::memory_order_relaxed));
}
inline bool hasF16c() { return hostIsa().f16c && isaLevel() >= 1; }
#endif

/// Widens `cnt` elements at `p` (element index `idx`) into `out` as T:
/// one dtype dispatch per run instead of per element.
template <class T>
inline void loadRun(const Loader<T> &load, const uint8_t *p, uint64_t idx,
                    uint32_t cnt, T *out, size_t stride) {
  if constexpr (std::is_same_v<T, float>) {
    if (load.t == DType::F16) {
      uint16_t h[64];
#if ASCSIM_GEMM_AVX2
      if (cnt == 16 && stride == 1 && hasF16c()) {
        std::memcpy(h, p + idx * 2, 32);
        f16ToF32F16c(h, out, 16);
        return;
      }
#endif
      if (cnt == 16)
        std::memcpy(h, p + idx * 2, 32); // a whole fractal row, inlined
      else
        std::memcpy(h, p + idx * 2, static_cast<size_t>(cnt) * 2);
      for (uint32_t j = 0; j < cnt; ++j)
        out[j * stride] = load.f16[h[j]];
      return;
    }
    if (load.t == DType::F32 && !load.hf32) {
      float f[64];
      std::memcpy(f, p + idx * 4, static_cast<size_t>(cnt) * 4);
      for (uint32_t j = 0; j < cnt; ++j)
        out[j * stride] = f[j];
      return;
    }
  }
  for (uint32_t j = 0; j < cnt; ++j)
    out[j * stride] = load(p, idx + j);
}

/// Unpacks the valid m x k part of A and k x n part of B into row-major
/// matrices of T, fractal row by fractal row.
template <class T>
void unpack(const MmadDesc &d, const uint8_t *a, const uint8_t *b,
            std::vector<T> &av, std::vector<T> &bv) {
  const uint32_t es = dtypeSize(d.a), k0 = c0Of(es), k1 = mmadK1(d);
  const uint32_t n1 = (d.n + 15) / 16;
  av.resize(static_cast<size_t>(d.m) * d.k);
  bv.resize(static_cast<size_t>(d.k) * d.n);
  const Loader<T> load(d.a, d.hf32);
#if ASCSIM_GEMM_AVX2
  if constexpr (std::is_same_v<T, float>) {
    if (load.t == DType::F16 && k0 == 16 && d.m > 1 && hasF16c()) {
      // Whole fractals: A's Zz fractal (mb, kb) is 16 rows of 16 k values,
      // the rows of av at column kb; B's Zn fractal (kb, nb) is 16 columns
      // of 16 k values, widened by F16C and transposed as float32 in AVX
      // registers to 16 rows of bv.
      const uint16_t *a16 = reinterpret_cast<const uint16_t *>(a);
      const uint16_t *b16 = reinterpret_cast<const uint16_t *>(b);
      bool whole = true;
      for (uint32_t mb = 0; mb * 16 < d.m; ++mb)
        for (uint32_t kb = 0; kb < d.k; kb += 16) {
          if (kb + 16 > d.k) {
            whole = false;
            continue;
          }
          f16RowsToF32F16c(
              a16 + zzIndex(mb * 16, kb, k1, k0), std::min(16u, d.m - mb * 16),
              av.data() + static_cast<size_t>(mb) * 16 * d.k + kb, d.k);
        }
      for (uint32_t kb = 0; kb + 16 <= d.k; kb += 16)
        for (uint32_t nb = 0; nb + 16 <= d.n; nb += 16)
          f16FractalToF32Transposed(
              b16 + znIndex(kb, nb, n1, k0),
              bv.data() + static_cast<size_t>(kb) * d.n + nb, d.n);
      if (whole && d.n % 16 == 0)
        return;
      // The rest (a partial K or N fractal) below, element runs as before;
      // the whole fractals are written again with the same values.
    }
  }
#endif
  for (uint32_t m = 0; m < d.m; ++m) {
    T *row = av.data() + static_cast<size_t>(m) * d.k;
    if (d.m == 1) {
      for (uint32_t k = 0; k < d.k; ++k)
        row[k] = load(a, k);
      continue;
    }
    for (uint32_t kb = 0; kb < d.k; kb += k0) // one fractal row: k0 values
      loadRun(load, a, zzIndex(m, kb, k1, k0), std::min(k0, d.k - kb), row + kb,
              1);
  }
  // B: fractal row (k1, n) holds k0 values of column n. Whole float16
  // fractals (16 columns x 16 k) are transposed through a local copy, so
  // the writes into bv are contiguous rows.
  for (uint32_t kb = 0; kb < d.k; kb += k0) {
    uint32_t cnt = std::min(k0, d.k - kb);
    uint32_t n = 0;
    if constexpr (std::is_same_v<T, float>) {
      if (load.t == DType::F16 && k0 == 16) {
        for (; n + 16 <= d.n; n += 16) {
          uint16_t f[256];
          std::memcpy(f, b + znIndex(kb, n, n1, k0) * 2, 512);
#if ASCSIM_GEMM_AVX2
          if (hasF16c()) {
            float w[256];
            f16ToF32F16c(f, w, 256);
            for (uint32_t j = 0; j < cnt; ++j) {
              T *row = bv.data() + static_cast<size_t>(kb + j) * d.n + n;
              for (uint32_t c = 0; c < 16; ++c)
                row[c] = w[c * 16 + j];
            }
            continue;
          }
#endif
          for (uint32_t j = 0; j < cnt; ++j) {
            T *row = bv.data() + static_cast<size_t>(kb + j) * d.n + n;
            for (uint32_t c = 0; c < 16; ++c)
              row[c] = load.f16[f[c * 16 + j]];
          }
        }
      }
    }
    for (; n < d.n; ++n)
      loadRun(load, b, znIndex(kb, n, n1, k0), cnt,
              bv.data() + static_cast<size_t>(kb) * d.n + n, d.n);
  }
}

/// c = A x B (ops/CubeGemm.h) laid out as `out` says, with the AVX2 build
/// of the kernel where the host has it; float16/bfloat16 inputs take an FMA
/// build (AVX-512 where the host has it; their products are exact in
/// float32, so a fused multiply-add rounds exactly like the model's rounded
/// product then rounded sum).
template <class T>
void gemm(const std::vector<T> &av, const std::vector<T> &bv, uint32_t m,
          uint32_t n, uint32_t k, T *c, COut out, DType in) {
#if ASCSIM_GEMM_AVX2
  const HostIsa &h = hostIsa();
  const int level = isaLevel();
  if constexpr (std::is_same_v<T, float>) {
    const bool exact = in == DType::F16 || in == DType::BF16;
    if (exact && h.avx512 && level >= 2) {
      gemmAvx512ExactProducts(av.data(), bv.data(), m, n, k, c, out);
      return;
    }
    if (exact && h.fma && level >= 1) {
      gemmFmaExactProducts(av.data(), bv.data(), m, n, k, c, out);
      return;
    }
  }
  if (h.avx2 && level >= 1) {
    gemmAvx2(av.data(), bv.data(), m, n, k, c, out);
    return;
  }
#endif
  (void)in;
  gemm_detail::gemm<T, 16>(av.data(), bv.data(), m, n, k, c, out);
}

template <class T>
void store(const MmadDesc &d, const std::vector<T> &c, const uint8_t *bias,
           uint8_t *out) {
  const uint32_t m1 = (d.m + 15) / 16;
  T bv[16];
  for (uint32_t nb = 0; nb * 16 < d.n; ++nb) {
    const uint32_t cols = std::min(16u, d.n - nb * 16);
    if (bias)
      std::memcpy(bv, bias + static_cast<size_t>(nb) * 16 * 4,
                  static_cast<size_t>(cols) * 4);
    for (uint32_t m = 0; m < d.m; ++m) {
      const T *src = c.data() + static_cast<size_t>(m) * d.n + nb * 16;
      uint8_t *dst = out + nzIndex(m, nb * 16, m1) * 4;
      if (!bias) {
        if (cols == 16)
          std::memcpy(dst, src, 64);
        else
          std::memcpy(dst, src, static_cast<size_t>(cols) * 4);
        continue;
      }
      T v[16];
      for (uint32_t j = 0; j < cols; ++j)
        v[j] = bv[j] + src[j];
      std::memcpy(dst, v, static_cast<size_t>(cols) * 4);
    }
  }
}

/// The per-thread scratch matrices of mmad (no allocation per Mmad).
template <class T> struct Scratch {
  std::vector<T> av, bv, c;
};
template <class T> Scratch<T> &scratch() {
  return perThread<Scratch<T>>(); // support/PerThread.h
}

} // namespace

bool mmadAccumulates(const MmadDesc &d) {
  return !d.hasBias && !d.cmatrixSource && (!d.cmatrixInitVal || d.isBias);
}

void setCubeIsaCap(CubeIsa cap) {
  isaCap.store(static_cast<int>(cap), std::memory_order_relaxed);
}

namespace {

/// The product of A and B (no bias) written straight into the Nz layout
/// at `out`: overwriting, or with `add` adding to what is there.
template <class T>
void mmadNz(const MmadDesc &d, const uint8_t *a, const uint8_t *b, uint8_t *out,
            bool add) {
  Scratch<T> &w = scratch<T>();
  unpack(d, a, b, w.av, w.bv);
  const COut nz{static_cast<size_t>((d.m + 15) / 16) * 256, 16, add};
  gemm(w.av, w.bv, d.m, d.n, d.k, reinterpret_cast<T *>(out), nz, d.a);
}

/// The product plus the bias (row-major through store()).
template <class T>
void mmadBias(const MmadDesc &d, const uint8_t *a, const uint8_t *b,
              const uint8_t *bias, uint8_t *out) {
  Scratch<T> &w = scratch<T>();
  unpack(d, a, b, w.av, w.bv);
  const COut rows{16, d.n};
  w.c.resize(static_cast<size_t>(d.m) * d.n);
  gemm(w.av, w.bv, d.m, d.n, d.k, w.c.data(), rows, d.a);
  store(d, w.c, bias, out);
}

} // namespace

void mmad(const MmadDesc &d, const uint8_t *a, const uint8_t *b,
          const uint8_t *bias, uint8_t *out) {
  if (d.m == 0 || d.n == 0 || d.k == 0)
    return;
  // Without a bias the kernel writes the sums straight into L0C's Nz
  // layout (the valid rows and columns, as store() would); with one, row
  // by row through store().
  const bool i32 = d.dst == DType::I32;
  if (d.hasBias)
    i32 ? mmadBias<int32_t>(d, a, b, bias, out)
        : mmadBias<float>(d, a, b, bias, out);
  else
    i32 ? mmadNz<int32_t>(d, a, b, out, false)
        : mmadNz<float>(d, a, b, out, false);
}

void mmadInto(const MmadDesc &d, const uint8_t *a, const uint8_t *b,
              uint8_t *l0c) {
  if (d.m == 0 || d.n == 0 || d.k == 0)
    return;
  const bool add = mmadAccumulates(d);
  d.dst == DType::I32 ? mmadNz<int32_t>(d, a, b, l0c, add)
                      : mmadNz<float>(d, a, b, l0c, add);
}

namespace {

/// acc[0, n) += add[0, n) in T (n <= 16; uint32_t wraps, as int32
/// accumulation does). Inlined with n = 16 it is a loop g++ vectorises.
template <class T>
inline void addInto(uint8_t *acc, const uint8_t *add, uint32_t n) {
  T x[16], y[16];
  std::memcpy(x, acc, n * sizeof(T));
  std::memcpy(y, add, n * sizeof(T));
  for (uint32_t c = 0; c < n; ++c)
    x[c] = x[c] + y[c];
  std::memcpy(acc, x, n * sizeof(T));
}

/// acc[0, n) += add[0, n) of C's type (n a multiple of 16), with the
/// widest build of the addition the host runs (setCubeIsaCap).
inline void accumulateRows(DType dst, uint8_t *acc, const uint8_t *add,
                           size_t n) {
  const bool i32 = dst == DType::I32;
  float *fa = reinterpret_cast<float *>(acc);
  const float *fs = reinterpret_cast<const float *>(add);
  int32_t *ia = reinterpret_cast<int32_t *>(acc);
  const int32_t *is = reinterpret_cast<const int32_t *>(add);
#if ASCSIM_GEMM_AVX2
  const int level = isaLevel();
  if (level >= 1) {
    if (level >= 2)
      i32 ? addAvx512(ia, is, n) : addAvx512(fa, fs, n);
    else
      i32 ? addAvx2(ia, is, n) : addAvx2(fa, fs, n);
    return;
  }
#endif
  // The base build of the same addition (16-byte vectors).
  i32 ? gemm_detail::addInto<int32_t, 16>(ia, is, n)
      : gemm_detail::addInto<float, 16>(fa, fs, n);
}

} // namespace

void mmadCommit(const MmadDesc &d, const uint8_t *sum, uint8_t *l0c) {
  if (d.m == 0 || d.n == 0 || d.k == 0)
    return;
  const uint32_t m1 = (d.m + 15) / 16, n1 = (d.n + 15) / 16;
  const bool acc = mmadAccumulates(d);
  if (d.m % 16 == 0 && d.n % 16 == 0) {
    // Whole fractals: every element of the n1 x m1 fractals is valid and
    // they are contiguous, so one pass over all of them.
    const size_t bytes = static_cast<size_t>(m1) * n1 * kL0cFractalBytes;
    if (!acc)
      std::memcpy(l0c, sum, bytes);
    else
      accumulateRows(d.dst, l0c, sum, bytes / 4);
    return;
  }
  // Every valid element; padding rows/columns of the fractals are left as
  // they were (Mmad ignores the invalid region, hardware.md §6.1).
  for (uint32_t nb = 0; nb < n1; ++nb)
    for (uint32_t mb = 0; mb < m1; ++mb) {
      const uint32_t rows = std::min(16u, d.m - mb * 16);
      const uint32_t cols = std::min(16u, d.n - nb * 16);
      const uint64_t o = nzIndex(mb * 16, nb * 16, m1) * 4;
      if (acc && cols == 16) { // the fractal's valid rows are contiguous
        accumulateRows(d.dst, l0c + o, sum + o, static_cast<size_t>(rows) * 16);
        continue;
      }
      for (uint32_t r = 0; r < rows; ++r) {
        const uint64_t ro = o + static_cast<uint64_t>(r) * 64;
        if (!acc)
          std::memcpy(l0c + ro, sum + ro, static_cast<size_t>(cols) * 4);
        else if (d.dst == DType::I32)
          addInto<uint32_t>(l0c + ro, sum + ro, cols);
        else
          addInto<float>(l0c + ro, sum + ro, cols);
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
      double lo = d.dst == DType::U8 ? 0 : -128,
             hi = d.dst == DType::U8 ? 255 : 127;
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
    double q = std::nearbyint(
        static_cast<double>(static_cast<float>(v) * scaleOf(word)));
    double lo = d.dst == DType::U8 ? 0 : -128,
           hi = d.dst == DType::U8 ? 255 : 127;
    vm::storeI(dst, d.dst, static_cast<int64_t>(std::clamp(q, lo, hi)));
    return;
  }
  }
}

} // namespace

std::string badQuantScale(float scale) {
  const int kind = std::fpclassify(scale);
  if (kind != FP_NAN && kind != FP_INFINITE && kind != FP_SUBNORMAL)
    return {};
  std::ostringstream shown;
  shown << scale;
  return shown.str();
}

void checkQuantWords(const FixpipeDesc &d, const uint8_t *quantWords, Loc loc) {
  if (!vectorQuant(d.quant) || !quantWords)
    return;
  // Every bad channel is counted, so that one run names them all (the first
  // kShown with their values) rather than one per fix-and-rerun.
  constexpr size_t kShown = 5;
  std::vector<std::pair<uint32_t, std::string>> bad;
  size_t count = 0;
  for (uint32_t n = 0; n < d.nSize; ++n) {
    uint64_t word;
    std::memcpy(&word, quantWords + static_cast<uint64_t>(n) * 8, 8);
    std::string shown = badQuantScale(scaleOf(word));
    if (shown.empty())
      continue;
    if (++count <= kShown)
      bad.emplace_back(n, std::move(shown));
  }
  if (count == 0)
    return;
  // "a", "a and b", "a, b and c"; past kShown "a, ..., e and 3 more".
  auto list = [&](auto item, const char *more) {
    std::string out;
    for (size_t i = 0; i < bad.size(); ++i) {
      if (i > 0)
        out += i + 1 == bad.size() && count == bad.size() ? " and " : ", ";
      out += item(bad[i]);
    }
    if (count > bad.size())
      out += more;
    return out;
  };
  const bool one = count == 1;
  const std::string more = " and " + std::to_string(count - bad.size()) +
                           " more of " + std::to_string(d.nSize) + " (" +
                           std::to_string(count) + " channels)";
  std::string channels =
      list([](const auto &b) { return std::to_string(b.first); }, more.c_str());
  if (count == bad.size())
    channels += " of " + std::to_string(d.nSize);
  fail("argument",
       std::string("fixpipe: the ") + quantModeName(d.quant) +
           (one ? " scale of channel " : " scales of channels ") + channels +
           ", the low 32 bits of " + (one ? "its word" : "their words") +
           " of the quant workspace as float32, " + (one ? "is " : "are ") +
           list([](const auto &b) { return b.second; }, ", ...") + "; " +
           (one ? "it" : "each") +
           " must be zero or a finite normal float (ascendc_api.md §6.4)",
       loc);
}

void fixpipe(const FixpipeDesc &d, const uint8_t *src,
             const uint8_t *quantWords, uint8_t *dst) {
  const uint32_t ses = dtypeSize(d.src), des = dtypeSize(d.dst);
  const bool vec = vectorQuant(d.quant) && quantWords;
  if (d.quant == kNoQuant && !d.reluEn && !d.nz && ses == 4 && des == 4) {
    // NZ -> ND without conversion: each row of a 16-column fractal is 16
    // contiguous values of one ND row; copied as they are.
    for (uint32_t i = 0; i < d.ndNum; ++i) {
      const uint8_t *sm =
          src + static_cast<uint64_t>(i) * d.srcNdStride * kL0cFractalBytes;
      uint8_t *dm = dst + static_cast<uint64_t>(i) * d.dstNdStride * des;
      for (uint32_t m = 0; m < d.mSize; ++m)
        for (uint32_t n = 0; n < d.nSize; n += 16) {
          const uint8_t *s =
              sm +
              ((static_cast<uint64_t>(n / 16) * d.srcStride + m) * 16) * ses;
          uint8_t *o = dm + (static_cast<uint64_t>(m) * d.dstStride + n) * des;
          if (n + 16 <= d.nSize)
            std::memcpy(o, s, 64);
          else
            std::memcpy(o, s, static_cast<size_t>(d.nSize - n) * des);
        }
    }
    return;
  }
  for (uint32_t i = 0; i < d.ndNum; ++i) {
    const uint8_t *sm =
        src + static_cast<uint64_t>(i) * d.srcNdStride * kL0cFractalBytes;
    uint8_t *dm = dst + static_cast<uint64_t>(i) * d.dstNdStride * des;
    for (uint32_t n = 0; n < d.nSize; ++n) {
      uint64_t word = d.deqScalar;
      if (vec)
        std::memcpy(&word, quantWords + static_cast<uint64_t>(n) * 8, 8);
      for (uint32_t m = 0; m < d.mSize; ++m) {
        const uint8_t *s =
            sm +
            ((static_cast<uint64_t>(n / 16) * d.srcStride + m) * 16 + n % 16) *
                ses;
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

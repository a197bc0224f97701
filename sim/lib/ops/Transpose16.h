//===- ops/Transpose16.h - 16 x 16 transposes of 16-bit data ----*- C++ -*-===//
//
// The transpose of one 16 x 16 fractal of 16-bit elements (LoadData with
// transpose; Mmad's unpacking of B widens first and transposes float32,
// ops/CubeGemmFma.cpp): four 8 x 8 blocks, each transposed in
// SSE2 registers by three rounds of interleaves (16-, 32- and 64-bit), on
// x86-64; element by element elsewhere. Pure data movement: bit-identical.
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_OPS_TRANSPOSE16_H
#define ASCSIM_OPS_TRANSPOSE16_H

#include <cstdint>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace ascsim {
namespace cube {

/// out[j * 16 + i] = in[i * 16 + j] for a 16 x 16 matrix of 16-bit values
/// (the buffers may be unaligned; they must not overlap).
inline void transpose16x16(const uint16_t *in, uint16_t *out) {
#if defined(__SSE2__)
  for (int bi = 0; bi < 2; ++bi)
    for (int bj = 0; bj < 2; ++bj) {
      __m128i r[8];
      for (int t = 0; t < 8; ++t)
        r[t] = _mm_loadu_si128(
            reinterpret_cast<const __m128i *>(in + (bi * 8 + t) * 16 + bj * 8));
      __m128i a[8], b[8];
      for (int t = 0; t < 4; ++t) {
        a[2 * t] = _mm_unpacklo_epi16(r[2 * t], r[2 * t + 1]);
        a[2 * t + 1] = _mm_unpackhi_epi16(r[2 * t], r[2 * t + 1]);
      }
      // a[0], a[1]: rows 0-1 (columns 0-3, 4-7); a[2], a[3]: rows 2-3; ...
      b[0] = _mm_unpacklo_epi32(a[0], a[2]); // columns 0-1 of rows 0-3
      b[1] = _mm_unpackhi_epi32(a[0], a[2]); // columns 2-3
      b[2] = _mm_unpacklo_epi32(a[1], a[3]); // columns 4-5
      b[3] = _mm_unpackhi_epi32(a[1], a[3]); // columns 6-7
      b[4] = _mm_unpacklo_epi32(a[4], a[6]); // the same of rows 4-7
      b[5] = _mm_unpackhi_epi32(a[4], a[6]);
      b[6] = _mm_unpacklo_epi32(a[5], a[7]);
      b[7] = _mm_unpackhi_epi32(a[5], a[7]);
      for (int u = 0; u < 4; ++u) {
        __m128i lo = _mm_unpacklo_epi64(b[u], b[u + 4]); // column 2u
        __m128i hi = _mm_unpackhi_epi64(b[u], b[u + 4]); // column 2u + 1
        _mm_storeu_si128(
            reinterpret_cast<__m128i *>(out + (bj * 8 + 2 * u) * 16 + bi * 8),
            lo);
        _mm_storeu_si128(reinterpret_cast<__m128i *>(
                             out + (bj * 8 + 2 * u + 1) * 16 + bi * 8),
                         hi);
      }
    }
#else
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 16; ++j)
      out[j * 16 + i] = in[i * 16 + j];
#endif
}

} // namespace cube
} // namespace ascsim

#endif // ASCSIM_OPS_TRANSPOSE16_H

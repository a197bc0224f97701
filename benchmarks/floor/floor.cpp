// benchmarks/floor/floor.cpp - the floor of the vector throughput rows.
//
// The tiles' own work of the two vector rows of bench_throughput.py
// (DataCopy's copies taken literally, or, for the add, none), written
// straight in C++ with nothing of the simulator: the same 48 blocks, each
// taking tiles [b*T/B, (b+1)*T/B), handed out to the host threads one block
// at a time from a shared counter (as ascsim's parallelFor does), each thread
// with a local buffer of its own that stands for the UB of the block it runs.
// The threads other than the caller are started per call (tens of microseconds;
// the simulator keeps a pool), which the floor pays and the simulator does not.
//
//  floor_add:    per tile, copy x and y in (memcpy, as the simulator's direct
//                MTE2 copy), z = x + y (AVX2 when built with it), copy z out
//                with non-temporal stores (as the simulator's copyOut for 8 KiB
//                and more) or memcpy, double-buffered; or (out mode 2) no
//                buffer at all: z = x + y straight into z with non-temporal
//                stores, which is what the simulator does when races raise
//                (its copies into the UB land lazily and the add's result is
//                computed into GM when copied out; sim/README.md).
//  floor_reduce: per tile, copy x in (memcpy), sum every 64-float repeat with
//                an adjacent-pairs tree (eight repeats at a time), sum the
//                repeat sums with the same tree, add the tile's sum to the
//                block's total; out[8 * block] receives the total.
//
// Built and timed by benchmarks/floor.py (ctypes); README "Floor".

#include <atomic>
#include <cstdint>
#include <cstring>
#include <thread>
#include <vector>

#include <immintrin.h>

namespace {

constexpr uint64_t kUbBytes = 192 * 1024;

/// One UB-sized buffer per host thread, kept across calls (the simulator
/// keeps its cores' UBs across launches too).
std::vector<std::vector<uint8_t>> &ubs() {
  static std::vector<std::vector<uint8_t>> bufs;
  return bufs;
}

void ensureUbs(uint32_t threads) {
  auto &b = ubs();
  while (b.size() < threads)
    b.emplace_back(kUbBytes + 64, 0);
}

uint8_t *ubOf(uint32_t thread) {
  uint8_t *p = ubs()[thread].data();
  return p + (64 - reinterpret_cast<uintptr_t>(p) % 64) % 64;
}

/// Runs fn(block, thread) for every block on `threads` host threads (the
/// caller and threads - 1 others), blocks taken from a shared counter.
template <class Fn> void forBlocks(uint32_t blocks, uint32_t threads, Fn fn) {
  ensureUbs(threads);
  std::atomic<uint32_t> next{0};
  auto worker = [&](uint32_t t) {
    for (uint32_t b = next.fetch_add(1); b < blocks; b = next.fetch_add(1))
      fn(b, t);
  };
  std::vector<std::thread> others;
  for (uint32_t t = 1; t < threads; ++t)
    others.emplace_back(worker, t);
  worker(0);
  for (std::thread &t : others)
    t.join();
}

void addTile(float *z, const float *x, const float *y, uint64_t n) {
  uint64_t i = 0;
#ifdef __AVX2__
  for (; i + 8 <= n; i += 8)
    _mm256_storeu_ps(
        z + i, _mm256_add_ps(_mm256_loadu_ps(x + i), _mm256_loadu_ps(y + i)));
#endif
  for (; i < n; ++i)
    z[i] = x[i] + y[i];
}

/// The simulator's copyOut: non-temporal 16-byte stores, then an sfence.
void streamOut(uint8_t *dst, const uint8_t *src, uint64_t n) {
  const uint64_t head = (16 - reinterpret_cast<uintptr_t>(dst) % 16) % 16;
  std::memcpy(dst, src, head);
  uint64_t i = head;
  for (; i + 64 <= n; i += 64)
    for (int k = 0; k < 4; ++k)
      _mm_stream_si128(
          reinterpret_cast<__m128i *>(dst + i + 16 * k),
          _mm_loadu_si128(reinterpret_cast<const __m128i *>(src + i + 16 * k)));
  std::memcpy(dst + i, src + i, n - i);
  _mm_sfence();
}

/// z = x + y with non-temporal stores from z's first 32-byte boundary on.
void addTileStream(float *z, const float *x, const float *y, uint64_t n) {
  uint64_t i = 0;
#ifdef __AVX2__
  for (; i < n && reinterpret_cast<uintptr_t>(z + i) % 32 != 0; ++i)
    z[i] = x[i] + y[i];
  for (; i + 8 <= n; i += 8)
    _mm256_stream_ps(
        z + i, _mm256_add_ps(_mm256_loadu_ps(x + i), _mm256_loadu_ps(y + i)));
  _mm_sfence();
#endif
  for (; i < n; ++i)
    z[i] = x[i] + y[i];
}

/// The adjacent-pairs tree of n floats (n a power of two), in place.
float treeScalar(float *v, uint32_t n) {
  for (; n > 1; n /= 2)
    for (uint32_t i = 0; i < n / 2; ++i)
      v[i] = v[2 * i] + v[2 * i + 1];
  return v[0];
}

#ifdef __AVX2__
/// (a0 + a1, a2 + a3, b0 + b1, b2 + b3 | a4 + a5, a6 + a7, b4 + b5, b6 + b7).
inline __m256 lanePairs(__m256 a, __m256 b) { return _mm256_hadd_ps(a, b); }

/// Levels 1-3 of one repeat's tree: its eight level-3 sums in order.
inline __m256 eightSums(const float *x) {
  __m256 v[8];
  for (int k = 0; k < 8; ++k)
    v[k] = _mm256_loadu_ps(x + 8 * k);
  for (int k = 0; k < 4; ++k)
    v[k] = lanePairs(v[2 * k], v[2 * k + 1]);
  for (int k = 0; k < 2; ++k)
    v[k] = lanePairs(v[2 * k], v[2 * k + 1]);
  return _mm256_add_ps(_mm256_permute2f128_ps(v[0], v[1], 0x20),
                       _mm256_permute2f128_ps(v[0], v[1], 0x31));
}
#endif

/// The tree sums of `repeats` repeats of 64 floats (a multiple of 8).
void repeatSums(const float *x, uint32_t repeats, float *sums) {
#ifdef __AVX2__
  for (uint32_t r = 0; r + 8 <= repeats; r += 8) {
    __m256 u[8];
    for (int k = 0; k < 8; ++k)
      u[k] = eightSums(x + 64 * (r + k));
    __m256 w[4];
    for (int k = 0; k < 4; ++k) // level 4: pairs of two repeats, lane-wise
      w[k] = lanePairs(u[2 * k], u[2 * k + 1]);
    const __m256 a = lanePairs(w[0], w[1]); // level 5: repeats 0-3
    const __m256 b = lanePairs(w[2], w[3]); //          repeats 4-7
    _mm256_storeu_ps(sums + r,              // level 6: low lane + high lane
                     _mm256_add_ps(_mm256_permute2f128_ps(a, b, 0x20),
                                   _mm256_permute2f128_ps(a, b, 0x31)));
  }
#else
  float v[64];
  for (uint32_t r = 0; r < repeats; ++r) {
    std::memcpy(v, x + 64 * r, sizeof v);
    sums[r] = treeScalar(v, 64);
  }
#endif
}

} // namespace

extern "C" {

/// z = x + y over `tiles` tiles of `tile` floats, as bench_throughput's
/// vadd_tiles on `blocks` blocks with 2 buffers; `out` selects the copy
/// out (1: non-temporal stores, 0: memcpy) or none (2: no buffer, the add
/// straight into z with non-temporal stores).
void floor_add(const float *x, const float *y, float *z, uint64_t tiles,
               uint64_t tile, uint32_t blocks, uint32_t threads, int out) {
  const uint64_t bytes = tile * sizeof(float);
  forBlocks(blocks, threads, [&](uint32_t b, uint32_t t) {
    uint8_t *u = ubOf(t);
    const uint64_t first = b * tiles / blocks;
    const uint64_t count = (b + 1) * tiles / blocks - first;
    for (uint64_t i = 0; i < count; ++i) {
      const uint64_t buf = i % 2, off = (first + i) * tile;
      if (out == 2) {
        addTileStream(z + off, x + off, y + off, tile);
        continue;
      }
      float *xl = reinterpret_cast<float *>(u + buf * bytes);
      float *yl = reinterpret_cast<float *>(u + (2 + buf) * bytes);
      float *zl = reinterpret_cast<float *>(u + (4 + buf) * bytes);
      std::memcpy(xl, x + off, bytes);
      std::memcpy(yl, y + off, bytes);
      addTile(zl, xl, yl, tile);
      if (out == 1)
        streamOut(reinterpret_cast<uint8_t *>(z + off),
                  reinterpret_cast<const uint8_t *>(zl), bytes);
      else
        std::memcpy(z + off, zl, bytes);
    }
  });
}

/// out[8 * b] = the sum of block b's tile sums, as bench_throughput's
/// tile_sums (tile a multiple of 512 floats, at most 32 KiB).
void floor_reduce(const float *x, float *out, uint64_t tiles, uint64_t tile,
                  uint32_t blocks, uint32_t threads) {
  const uint64_t bytes = tile * sizeof(float);
  forBlocks(blocks, threads, [&](uint32_t b, uint32_t t) {
    uint8_t *u = ubOf(t);
    float *xl = reinterpret_cast<float *>(u);
    float *work = reinterpret_cast<float *>(u + bytes);
    const uint64_t first = b * tiles / blocks;
    const uint64_t count = (b + 1) * tiles / blocks - first;
    float total = 0;
    for (uint64_t i = 0; i < count; ++i) {
      std::memcpy(xl, x + (first + i) * tile, bytes);
      uint32_t n = static_cast<uint32_t>(tile / 64);
      repeatSums(xl, n, work);
      // The repeat sums, in repeats of 64 (zero padded) until one is left.
      while (n > 1) {
        const uint32_t padded = (n + 63) / 64 * 64;
        for (uint32_t k = n; k < padded; ++k)
          work[k] = 0;
        for (uint32_t r = 0; r < padded / 64; ++r)
          work[r] = treeScalar(work + 64 * r, 64);
        n = padded / 64;
      }
      total += work[0];
    }
    out[8 * b] = total;
  });
}

} // extern "C"

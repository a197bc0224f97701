//===- cube_matmul.cpp - A tiled matmul on the cube cores -------*- C++ -*-===//
//
// C (M x N float32) = A (M x K float16) x B (K x N float16), AIC_ONLY. Each
// block takes base tiles of C round-robin; per tile a K loop moves A and B
// GM -> L1 (ND -> NZ, TQue<A1>/<B1>), L1 -> L0A (Nz -> Zz) and L0B (Nz ->
// Zn, transposed fractals) through TQue<A2>/<B2>, and accumulates Mmads in
// one TQue<CO1> buffer, which Fixpipe writes to GM as ND. `relu` makes the
// Fixpipe apply ReLU; `f16out` writes float16 (F322F16) into `c`; `barrier`
// puts pipe_barrier(PIPE_M) between the Mmads; `preload` moves the tile's A
// rows and B columns to L1 once (flags bits 0-3).
// The queues give every flag (MTE2_MTE1, MTE1_M, M_FIX and the frees);
// tiles below 10 fractals need pipe_barrier(PIPE_M) between the Mmads.
//
//===----------------------------------------------------------------------===//

// Self-contained (no common.h): benchmarks/bench_throughput.py compiles
// this file with compile_ascendc, which adds the entry points itself.
#include "ascsim_entry.h"
#include "kernel_operator.h"

namespace AC = AscendC;
using AscendC::TPosition;

namespace {
constexpr uint32_t ceil16(uint32_t x) { return (x + 15) / 16 * 16; }
} // namespace

extern "C" __global__ __aicore__ void kernel(__gm__ half *a, __gm__ half *b,
                                             __gm__ uint8_t *c, uint32_t M,
                                             uint32_t N, uint32_t K,
                                             uint32_t baseM, uint32_t baseN,
                                             uint32_t baseK, uint32_t flags) {
  const bool relu = flags & 1, f16out = flags & 2, barrier = flags & 4,
             preload = flags & 8;
  AC::GlobalTensor<half> ga, gb;
  ga.SetGlobalBuffer(a, M * K);
  gb.SetGlobalBuffer(b, K * N);
  AC::GlobalTensor<float> gc;
  AC::GlobalTensor<half> gc16;
  gc.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(c), M * N);
  gc16.SetGlobalBuffer(reinterpret_cast<__gm__ half *>(c), M * N);

  const uint32_t m16 = ceil16(baseM), n16 = ceil16(baseN), k16 = ceil16(baseK);
  // preload: the tile's whole A rows (baseM x K) and B columns (K x baseN)
  // go to L1 once; the K loop then only moves L1 -> L0.
  const uint32_t l1K = preload ? ceil16(K) : k16;
  AC::TPipe pipe;
  AC::TQue<TPosition::A1, 2> qa1;
  AC::TQue<TPosition::B1, 2> qb1;
  AC::TQue<TPosition::A2, 2> qa2;
  AC::TQue<TPosition::B2, 2> qb2;
  AC::TQue<TPosition::CO1, 2> qc;
  pipe.InitBuffer(qa1, preload ? 1 : 2, m16 * l1K * 2);
  pipe.InitBuffer(qb1, preload ? 1 : 2, l1K * n16 * 2);
  pipe.InitBuffer(qa2, 2, m16 * k16 * 2);
  pipe.InitBuffer(qb2, 2, k16 * n16 * 2);
  // Two L0C buffers when they fit: the next tile's Mmads need not wait for
  // this tile's Fixpipe (and MTE1 cannot run two K steps ahead of a
  // stalled M pipe, which would set an MTE1_M id before its wait ran).
  pipe.InitBuffer(qc, m16 * n16 * 8 <= 131072 ? 2 : 1, m16 * n16 * 4);

  const uint32_t tilesM = M / baseM, tilesN = N / baseN, kSteps = K / baseK;
  const uint32_t m1 = m16 / 16, n1 = n16 / 16, k1 = k16 / 16;
  const uint32_t l1K1 = l1K / 16; // K fractal rows of the L1 tiles
  for (uint32_t t = AC::GetBlockIdx(); t < tilesM * tilesN;
       t += AC::GetBlockNum()) {
    const uint32_t tm = t / tilesN, tn = t % tilesN;
    AC::LocalTensor<half> a1, b1;
    // GM -> L1 (ND -> NZ) of the K range [k0, k0 + kLen).
    auto toL1 = [&](uint32_t k0, uint32_t kLen) {
      a1 = qa1.AllocTensor<half>();
      AC::DataCopy(a1, ga[tm * baseM * K + k0],
                   AC::Nd2NzParams(1, baseM, kLen, 0, K, m16, 1, 0));
      qa1.EnQue(a1);
      b1 = qb1.AllocTensor<half>();
      AC::DataCopy(b1, gb[k0 * N + tn * baseN],
                   AC::Nd2NzParams(1, kLen, baseN, 0, N, ceil16(kLen), 1, 0));
      qb1.EnQue(b1);
      a1 = qa1.DeQue<half>();
      b1 = qb1.DeQue<half>();
    };
    // L1 -> L0 of K step ks (fractal column `kf` of the L1 tiles).
    auto toL0 = [&](uint32_t kf) {
      AC::LocalTensor<half> a2 = qa2.AllocTensor<half>();
      for (uint32_t i = 0; i < m1; ++i) // Nz -> Zz: one row of fractals
        AC::LoadData(a2[i * k1 * 256], a1,
                     AC::LoadData2DParams(kf * m1 + i, k1, m1, 0, 0, false, 0));
      qa2.EnQue(a2);
      AC::LocalTensor<half> b2 = qb2.AllocTensor<half>();
      for (uint32_t i = 0; i < k1; ++i) // Nz -> Zn: transposed fractals
        AC::LoadData(b2[i * n1 * 256], b1,
                     AC::LoadData2DParams(kf + i, n1, l1K1, 0, 0, true, 0));
      qb2.EnQue(b2);
    };
    AC::LocalTensor<float> c1 = qc.AllocTensor<float>();
    if (preload)
      toL1(0, K);
    auto stage = [&](uint32_t ks) {
      if (!preload)
        toL1(ks * baseK, baseK);
      toL0(preload ? ks * k1 : 0);
      if (!preload) {
        qa1.FreeTensor(a1);
        qb1.FreeTensor(b1);
      }
    };
    // Double-buffered: step ks + 1 moves into L0 while Mmad ks runs. It is
    // staged after FreeTensor(ks), so an event id is set again only after
    // the wait that released it has run (a flag is one bit).
    stage(0);
    for (uint32_t ks = 0; ks < kSteps; ++ks) {
      AC::LocalTensor<half> a2 = qa2.DeQue<half>();
      AC::LocalTensor<half> b2 = qb2.DeQue<half>();
      if (barrier && ks > 0)
        AC::PipeBarrier<PIPE_M>();
      AC::Mmad(c1, a2, b2,
               AC::MmadParams(baseM, baseN, baseK, 0, false, ks == 0));
      qa2.FreeTensor(a2);
      qb2.FreeTensor(b2);
      if (ks + 1 < kSteps)
        stage(ks + 1);
    }
    if (preload) {
      qa1.FreeTensor(a1);
      qb1.FreeTensor(b1);
    }
    qc.EnQue(c1);
    c1 = qc.DeQue<float>();
    AC::FixpipeParamsV220 fp(baseN, baseM, m16, N, relu);
    if (f16out) {
      fp.quantPre = QuantMode_t::F322F16;
      AC::Fixpipe(gc16[tm * baseM * N + tn * baseN], c1, fp);
    } else {
      AC::Fixpipe(gc[tm * baseM * N + tn * baseN], c1, fp);
    }
    qc.FreeTensor(c1);
  }
}

#ifndef ASCSIM_NO_ENTRY
ASCSIM_ENTRY(kernel)
#endif
ASCSIM_KERNEL_TYPE(KERNEL_TYPE_AIC_ONLY)

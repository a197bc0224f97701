//===- matmul_api.cpp - Kernels of the Matmul high-level API ----*- C++ -*-===//
//
// Hand-written Ascend C kernels that use Matmul (lib/matmul_intf.h) the way
// Ascend C's samples do, for python/test/sim/test_sim_matmul.py and the
// benchmark. The tiling arrives in GM as 49 int32 (a TCubeTiling). The
// kernel type comes from the test (AIC_ONLY = cube-only, MIX_AIC_1_2 = AIV
// clients served by the AIC). Every client of index `idx` < usedCoreNum
// takes the single-core block (idx % mCores, idx / mCores) of C, with tails.
//
// flags: 1 bias, 2 Iterate + GetTensorC instead of IterateAll, 4 skip End
// (a client that never ends), 8 GetTensorC before Iterate (an error),
// 16 IterateAll<false> + WaitIterateAll, 32 SetHF32(true), 64 IterateBatch<true,
// true> first (an error).
//
//===----------------------------------------------------------------------===//

#include "kernel_operator.h"
#include "lib/matmul_intf.h"

using namespace AscendC;

namespace {

void loadTiling(TCubeTiling &t, GM_ADDR g) {
  const __gm__ int32_t *p = reinterpret_cast<__gm__ int32_t *>(g);
  int32_t *d = reinterpret_cast<int32_t *>(&t);
  for (int i = 0; i < 49; ++i)
    d[i] = p[i];
}

struct Place {
  uint64_t a, b, c, bias;
  int32_t m, n;
};

/// The single-core block of client `idx` (row-major A M x K, B K x N; A
/// transposed K x M, B transposed N x K).
Place placeOf(const TCubeTiling &t, int64_t idx, bool ta, bool tb) {
  const int32_t mCores = (t.M + t.singleCoreM - 1) / t.singleCoreM;
  const int32_t mi = static_cast<int32_t>(idx % mCores);
  const int32_t ni = static_cast<int32_t>(idx / mCores);
  const uint64_t m0 = static_cast<uint64_t>(mi) * t.singleCoreM;
  const uint64_t n0 = static_cast<uint64_t>(ni) * t.singleCoreN;
  Place p;
  p.a = ta ? m0 : m0 * t.Ka;
  p.b = tb ? n0 * t.Kb : n0;
  p.c = m0 * t.N + n0;
  p.bias = n0;
  p.m = t.M - static_cast<int32_t>(m0) < t.singleCoreM
            ? t.M - static_cast<int32_t>(m0)
            : t.singleCoreM;
  p.n = t.N - static_cast<int32_t>(n0) < t.singleCoreN
            ? t.N - static_cast<int32_t>(n0)
            : t.singleCoreN;
  return p;
}

template <class TA, class TC, class TBias, bool TRANS_A, bool TRANS_B,
          const MatmulConfig &CFG = CFG_NORM>
void runGm(GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR c, GM_ADDR ws,
           GM_ADDR tilingGm, int32_t flags) {
  TCubeTiling t;
  loadTiling(t, tilingGm);
  using A = MatmulType<TPosition::GM, CubeFormat::ND, TA, TRANS_A>;
  using B = MatmulType<TPosition::GM, CubeFormat::ND, TA, TRANS_B>;
  using C = MatmulType<TPosition::GM, CubeFormat::ND, TC>;
  using Bias = MatmulType<TPosition::GM, CubeFormat::ND, TBias>;
  GlobalTensor<TA> ga, gb;
  GlobalTensor<TC> gc;
  GlobalTensor<TBias> gbias;
  ga.SetGlobalBuffer(reinterpret_cast<__gm__ TA *>(a),
                     static_cast<uint64_t>(t.M) * t.Ka);
  gb.SetGlobalBuffer(reinterpret_cast<__gm__ TA *>(b),
                     static_cast<uint64_t>(t.Kb) * t.N);
  gc.SetGlobalBuffer(reinterpret_cast<__gm__ TC *>(c),
                     static_cast<uint64_t>(t.M) * t.N);
  gbias.SetGlobalBuffer(reinterpret_cast<__gm__ TBias *>(bias), t.N);
  TPipe pipe;
  Matmul<A, B, C, Bias, CFG> mm;
  REGIST_MATMUL_OBJ(&pipe, ws, mm, &t);
  if (GetBlockIdx() >= t.usedCoreNum)
    return;
  const Place p = placeOf(t, GetBlockIdx(), TRANS_A, TRANS_B);
  mm.SetTensorA(ga[p.a], TRANS_A);
  mm.SetTensorB(gb[p.b], TRANS_B);
  if (flags & 1)
    mm.SetBias(gbias[p.bias]);
  if (flags & 32)
    mm.SetHF32(true);
  mm.SetTail(p.m, p.n);
  if (flags & 8)
    mm.GetTensorC(gc[p.c]);
  if (flags & 64) // refused: waitIterateBatch is for sync = false
    mm.template IterateBatch<true, true>(gc[p.c], 1, 1, false);
  if (flags & 2) {
    while (mm.Iterate())
      mm.GetTensorC(gc[p.c]);
  } else if (flags & 16) {
    mm.template IterateAll<false>(gc[p.c]);
    mm.WaitIterateAll();
  } else {
    mm.IterateAll(gc[p.c]);
  }
  if (!(flags & 4))
    mm.End();
}

} // namespace

/// mm_f16 with GetNormalConfig's enUnitFlag off (M_FIX / FIX_M flags
/// between a block's Mmads and its Fixpipe instead of unit flags).
constexpr static MatmulConfig CFG_NORM_NO_UNIT_FLAG = [] {
  MatmulConfig c = GetNormalConfig();
  c.enUnitFlag = false;
  return c;
}();
extern "C" __global__ __aicore__ void mm_f16_flags(GM_ADDR a, GM_ADDR b,
                                                   GM_ADDR bias, GM_ADDR c,
                                                   GM_ADDR ws, GM_ADDR tiling,
                                                   int32_t flags) {
  runGm<half, float, float, false, false, CFG_NORM_NO_UNIT_FLAG>(
      a, b, bias, c, ws, tiling, flags);
}

extern "C" __global__ __aicore__ void mm_f32(GM_ADDR a, GM_ADDR b,
                                             GM_ADDR bias, GM_ADDR c,
                                             GM_ADDR ws, GM_ADDR tiling,
                                             int32_t flags) {
  runGm<float, float, float, false, false>(a, b, bias, c, ws, tiling, flags);
}
extern "C" __global__ __aicore__ void mm_f16(GM_ADDR a, GM_ADDR b,
                                             GM_ADDR bias, GM_ADDR c,
                                             GM_ADDR ws, GM_ADDR tiling,
                                             int32_t flags) {
  runGm<half, float, float, false, false>(a, b, bias, c, ws, tiling, flags);
}
/// float16 out (F322F16), for the benchmark.
extern "C" __global__ __aicore__ void mm_f16_f16(GM_ADDR a, GM_ADDR b,
                                                 GM_ADDR bias, GM_ADDR c,
                                                 GM_ADDR ws, GM_ADDR tiling,
                                                 int32_t flags) {
  runGm<half, half, float, false, false>(a, b, bias, c, ws, tiling, flags);
}
extern "C" __global__ __aicore__ void mm_f16_ta(GM_ADDR a, GM_ADDR b,
                                                GM_ADDR bias, GM_ADDR c,
                                                GM_ADDR ws, GM_ADDR tiling,
                                                int32_t flags) {
  runGm<half, float, float, true, false>(a, b, bias, c, ws, tiling, flags);
}
extern "C" __global__ __aicore__ void mm_f16_tb(GM_ADDR a, GM_ADDR b,
                                                GM_ADDR bias, GM_ADDR c,
                                                GM_ADDR ws, GM_ADDR tiling,
                                                int32_t flags) {
  runGm<half, float, float, false, true>(a, b, bias, c, ws, tiling, flags);
}
extern "C" __global__ __aicore__ void mm_f16_tab(GM_ADDR a, GM_ADDR b,
                                                 GM_ADDR bias, GM_ADDR c,
                                                 GM_ADDR ws, GM_ADDR tiling,
                                                 int32_t flags) {
  runGm<half, float, float, true, true>(a, b, bias, c, ws, tiling, flags);
}
extern "C" __global__ __aicore__ void mm_f32_tb(GM_ADDR a, GM_ADDR b,
                                                GM_ADDR bias, GM_ADDR c,
                                                GM_ADDR ws, GM_ADDR tiling,
                                                int32_t flags) {
  runGm<float, float, float, false, true>(a, b, bias, c, ws, tiling, flags);
}
extern "C" __global__ __aicore__ void mm_i8(GM_ADDR a, GM_ADDR b,
                                            GM_ADDR bias, GM_ADDR c,
                                            GM_ADDR ws, GM_ADDR tiling,
                                            int32_t flags) {
  runGm<int8_t, int32_t, int32_t, false, false>(a, b, bias, c, ws, tiling,
                                                flags);
}

/// int8 x int8 -> half with a per-channel dequant vector (uint64 per
/// column, the scale in its low 32 bits as a float32) or, with flags & 1,
/// the scalar `scale` bits in q[0].
extern "C" __global__ __aicore__ void mm_i8_quant(GM_ADDR a, GM_ADDR b,
                                                  GM_ADDR q, GM_ADDR c,
                                                  GM_ADDR ws, GM_ADDR tiling,
                                                  int32_t flags) {
  TCubeTiling t;
  loadTiling(t, tiling);
  using A = MatmulType<TPosition::GM, CubeFormat::ND, int8_t>;
  using C = MatmulType<TPosition::GM, CubeFormat::ND, half>;
  using Bias = MatmulType<TPosition::GM, CubeFormat::ND, int32_t>;
  GlobalTensor<int8_t> ga, gb;
  GlobalTensor<half> gc;
  GlobalTensor<uint64_t> gq;
  ga.SetGlobalBuffer(reinterpret_cast<__gm__ int8_t *>(a), t.M * t.Ka);
  gb.SetGlobalBuffer(reinterpret_cast<__gm__ int8_t *>(b), t.Kb * t.N);
  gc.SetGlobalBuffer(reinterpret_cast<__gm__ half *>(c), t.M * t.N);
  gq.SetGlobalBuffer(reinterpret_cast<__gm__ uint64_t *>(q), t.N);
  TPipe pipe;
  Matmul<A, A, C, Bias> mm;
  REGIST_MATMUL_OBJ(&pipe, ws, mm, &t);
  if (GetBlockIdx() >= t.usedCoreNum)
    return;
  const Place p = placeOf(t, GetBlockIdx(), false, false);
  mm.SetTensorA(ga[p.a]);
  mm.SetTensorB(gb[p.b]);
  mm.SetTail(p.m, p.n);
  if (flags & 1)
    mm.SetQuantScalar(gq.GetValue(0));
  else
    mm.SetQuantVector(gq[p.bias]);
  mm.IterateAll(gc[p.c]);
  mm.End();
}

/// C in UB (MIX): per base block GetTensorC into a VECIN tensor,
/// LeakyReLU(alpha) on the vector unit, DataCopy to GM at GetOffsetC.
/// Needs full base blocks (M, N multiples of baseM, baseN).
extern "C" __global__ __aicore__ void mm_leakyrelu(GM_ADDR a, GM_ADDR b,
                                                   GM_ADDR bias, GM_ADDR c,
                                                   GM_ADDR ws, GM_ADDR tiling,
                                                   float alpha) {
  TCubeTiling t;
  loadTiling(t, tiling);
  using A = MatmulType<TPosition::GM, CubeFormat::ND, float>;
  using C = MatmulType<TPosition::VECIN, CubeFormat::ND, float>;
  GlobalTensor<float> ga, gb, gc, gbias;
  ga.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(a), t.M * t.Ka);
  gb.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(b), t.Kb * t.N);
  gc.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(c), t.M * t.N);
  gbias.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(bias), t.N);
  TPipe pipe;
  Matmul<A, A, C, A> mm;
  REGIST_MATMUL_OBJ(&pipe, ws, mm, &t);
  if (GetBlockIdx() >= t.usedCoreNum)
    return;
  const Place p = placeOf(t, GetBlockIdx(), false, false);
  const uint32_t blockElems = t.baseM * t.baseN;
  TQue<TPosition::VECIN, 1> qIn;
  TQue<TPosition::VECOUT, 1> qOut;
  pipe.InitBuffer(qIn, 1, blockElems * sizeof(float));
  pipe.InitBuffer(qOut, 1, blockElems * sizeof(float));
  mm.SetTensorA(ga[p.a]);
  mm.SetTensorB(gb[p.b]);
  mm.SetBias(gbias[p.bias]);
  mm.SetTail(p.m, p.n);
  while (mm.Iterate()) {
    LocalTensor<float> in = qIn.AllocTensor<float>();
    mm.GetTensorC(in);
    qIn.EnQue(in);
    in = qIn.DeQue<float>();
    LocalTensor<float> out = qOut.AllocTensor<float>();
    LeakyRelu(out, in, alpha, blockElems);
    qOut.EnQue(out);
    qIn.FreeTensor(in);
    out = qOut.DeQue<float>();
    const MatrixOffset o = mm.GetOffsetC();
    DataCopyParams cp(static_cast<uint16_t>(o.height),
                      static_cast<uint16_t>(o.width * sizeof(float) / 32), 0,
                      static_cast<uint16_t>((t.N - o.width) * sizeof(float) /
                                            32));
    DataCopy(gc[p.c + static_cast<uint64_t>(o.row) * t.N + o.col], out, cp);
    qOut.FreeTensor(out);
  }
  mm.End();
}

/// Batch (LayoutMode NORMAL): C[b] = A[b] x B[b], batch x M x K etc., the
/// whole batch on client 0 (singleCore = M, N, K).
template <class T>
void runBatch(GM_ADDR a, GM_ADDR b, GM_ADDR c, GM_ADDR ws, GM_ADDR tiling,
              int32_t batch) {
  TCubeTiling t;
  loadTiling(t, tiling);
  using A = MatmulType<TPosition::GM, CubeFormat::ND, T, false,
                       LayoutMode::NORMAL>;
  using C = MatmulType<TPosition::GM, CubeFormat::ND, float, false,
                       LayoutMode::NORMAL>;
  GlobalTensor<T> ga, gb;
  GlobalTensor<float> gc;
  ga.SetGlobalBuffer(reinterpret_cast<__gm__ T *>(a), batch * t.M * t.Ka);
  gb.SetGlobalBuffer(reinterpret_cast<__gm__ T *>(b), batch * t.Kb * t.N);
  gc.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(c), batch * t.M * t.N);
  TPipe pipe;
  Matmul<A, A, C, C> mm;
  REGIST_MATMUL_OBJ(&pipe, ws, mm, &t);
  if (GetBlockIdx() >= t.usedCoreNum)
    return;
  mm.SetTensorA(ga);
  mm.SetTensorB(gb);
  mm.IterateBatch(gc, batch, batch, false);
  mm.End();
}
extern "C" __global__ __aicore__ void mm_batch_f32(GM_ADDR a, GM_ADDR b,
                                                   GM_ADDR c, GM_ADDR ws,
                                                   GM_ADDR tiling,
                                                   int32_t batch) {
  runBatch<float>(a, b, c, ws, tiling, batch);
}
extern "C" __global__ __aicore__ void mm_batch_f16(GM_ADDR a, GM_ADDR b,
                                                   GM_ADDR c, GM_ADDR ws,
                                                   GM_ADDR tiling,
                                                   int32_t batch) {
  runBatch<half>(a, b, c, ws, tiling, batch);
}

/// A and B from the AIV's Unified Buffer (MIX): each client copies its
/// single-core A (rows x K) and B (K x its columns) into VECIN tensors.
extern "C" __global__ __aicore__ void mm_ub_ab(GM_ADDR a, GM_ADDR b,
                                               GM_ADDR c, GM_ADDR ws,
                                               GM_ADDR tiling) {
  TCubeTiling t;
  loadTiling(t, tiling);
  using A = MatmulType<TPosition::VECIN, CubeFormat::ND, half>;
  using C = MatmulType<TPosition::GM, CubeFormat::ND, float>;
  GlobalTensor<half> ga, gb;
  GlobalTensor<float> gc;
  ga.SetGlobalBuffer(reinterpret_cast<__gm__ half *>(a), t.M * t.Ka);
  gb.SetGlobalBuffer(reinterpret_cast<__gm__ half *>(b), t.Kb * t.N);
  gc.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(c), t.M * t.N);
  TPipe pipe;
  Matmul<A, A, C, C> mm;
  REGIST_MATMUL_OBJ(&pipe, ws, mm, &t);
  if (GetBlockIdx() >= t.usedCoreNum)
    return;
  const Place p = placeOf(t, GetBlockIdx(), false, false);
  TQue<TPosition::VECIN, 1> qa, qb;
  pipe.InitBuffer(qa, 1, t.singleCoreM * t.Ka * sizeof(half));
  pipe.InitBuffer(qb, 1, t.Kb * t.singleCoreN * sizeof(half));
  LocalTensor<half> ua = qa.AllocTensor<half>();
  LocalTensor<half> ub = qb.AllocTensor<half>();
  DataCopy(ua, ga[p.a], p.m * t.Ka);
  DataCopyParams cp(static_cast<uint16_t>(t.Kb),
                    static_cast<uint16_t>(p.n * sizeof(half) / 32),
                    static_cast<uint16_t>((t.N - p.n) * sizeof(half) / 32), 0);
  DataCopy(ub, gb[p.b], cp);
  qa.EnQue(ua);
  qb.EnQue(ub);
  ua = qa.DeQue<half>();
  ub = qb.DeQue<half>();
  LocalTensor<half> uaView = ua;
  uaView.SetSize(p.m * t.Ka);
  LocalTensor<half> ubView = ub;
  ubView.SetSize(t.Kb * p.n);
  mm.SetTail(p.m, p.n);
  mm.SetTensorA(uaView);
  mm.SetTensorB(ubView);
  mm.IterateAll(gc[p.c]);
  qa.FreeTensor(ua);
  qb.FreeTensor(ub);
  mm.End();
}

/// A and B in L1 (TSCM, Nz) of a cube-only kernel: the kernel moves the
/// whole single-core operands GM -> L1 with ND -> NZ, then the Matmul
/// loads L0A/L0B from them.
extern "C" __global__ __aicore__ void mm_tscm(GM_ADDR a, GM_ADDR b, GM_ADDR c,
                                              GM_ADDR ws, GM_ADDR tiling) {
  TCubeTiling t;
  loadTiling(t, tiling);
  using A = MatmulType<TPosition::TSCM, CubeFormat::NZ, half>;
  using C = MatmulType<TPosition::GM, CubeFormat::ND, float>;
  GlobalTensor<half> ga, gb;
  GlobalTensor<float> gc;
  ga.SetGlobalBuffer(reinterpret_cast<__gm__ half *>(a), t.M * t.Ka);
  gb.SetGlobalBuffer(reinterpret_cast<__gm__ half *>(b), t.Kb * t.N);
  gc.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(c), t.M * t.N);
  TPipe pipe;
  const uint32_t m16 = (t.singleCoreM + 15) / 16 * 16;
  const uint32_t k16 = (t.Ka + 15) / 16 * 16;
  const uint32_t n16 = (t.singleCoreN + 15) / 16 * 16;
  TBuf<TPosition::TSCM> la, lb;
  pipe.InitBuffer(la, m16 * k16 * sizeof(half));
  pipe.InitBuffer(lb, k16 * n16 * sizeof(half));
  Matmul<A, A, C, C> mm;
  REGIST_MATMUL_OBJ(&pipe, ws, mm, &t);
  if (GetBlockIdx() >= t.usedCoreNum)
    return;
  const Place p = placeOf(t, GetBlockIdx(), false, false);
  LocalTensor<half> a1 = la.Get<half>();
  LocalTensor<half> b1 = lb.Get<half>();
  DataCopy(a1, ga[p.a],
           Nd2NzParams(1, static_cast<uint16_t>(p.m),
                       static_cast<uint16_t>(t.Ka), 0,
                       static_cast<uint16_t>(t.Ka),
                       static_cast<uint16_t>((p.m + 15) / 16 * 16), 1, 0));
  DataCopy(b1, gb[p.b],
           Nd2NzParams(1, static_cast<uint16_t>(t.Kb),
                       static_cast<uint16_t>(p.n), 0,
                       static_cast<uint16_t>(t.N), static_cast<uint16_t>(k16),
                       1, 0));
  mm.SetTail(p.m, p.n);
  mm.SetTensorA(a1);
  mm.SetTensorB(b1);
  mm.IterateAll(gc[p.c]);
  mm.End();
}

/// The bias in L1 (TSCM, ND) of a cube-only kernel: the kernel copies its
/// single-core N values GM -> L1; the Matmul copies them L1 (C1) -> C2 (a
/// half bias widened to float32 there).
template <class TBias>
void runTscmBias(GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR c, GM_ADDR ws,
                 GM_ADDR tiling) {
  TCubeTiling t;
  loadTiling(t, tiling);
  using A = MatmulType<TPosition::GM, CubeFormat::ND, half>;
  using C = MatmulType<TPosition::GM, CubeFormat::ND, float>;
  using Bias = MatmulType<TPosition::TSCM, CubeFormat::ND, TBias>;
  GlobalTensor<half> ga, gb;
  GlobalTensor<TBias> gbias;
  GlobalTensor<float> gc;
  ga.SetGlobalBuffer(reinterpret_cast<__gm__ half *>(a), t.M * t.Ka);
  gb.SetGlobalBuffer(reinterpret_cast<__gm__ half *>(b), t.Kb * t.N);
  gbias.SetGlobalBuffer(reinterpret_cast<__gm__ TBias *>(bias), t.N);
  gc.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(c), t.M * t.N);
  TPipe pipe;
  constexpr uint32_t kBlock = 32 / sizeof(TBias);
  const uint32_t nAligned = (t.singleCoreN + kBlock - 1) / kBlock * kBlock;
  TBuf<TPosition::TSCM> lbias;
  pipe.InitBuffer(lbias, nAligned * sizeof(TBias));
  Matmul<A, A, C, Bias> mm;
  REGIST_MATMUL_OBJ(&pipe, ws, mm, &t);
  if (GetBlockIdx() >= t.usedCoreNum)
    return;
  const Place p = placeOf(t, GetBlockIdx(), false, false);
  LocalTensor<TBias> l1 = lbias.Get<TBias>();
  DataCopy(l1, gbias[p.bias], nAligned);
  mm.SetTail(p.m, p.n);
  mm.SetTensorA(ga[p.a]);
  mm.SetTensorB(gb[p.b]);
  mm.SetBias(l1);
  mm.IterateAll(gc[p.c]);
  mm.End();
}

extern "C" __global__ __aicore__ void mm_tscm_bias(GM_ADDR a, GM_ADDR b,
                                                   GM_ADDR bias, GM_ADDR c,
                                                   GM_ADDR ws, GM_ADDR tiling) {
  runTscmBias<float>(a, b, bias, c, ws, tiling);
}
extern "C" __global__ __aicore__ void
mm_tscm_bias_f16(GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR c, GM_ADDR ws,
                 GM_ADDR tiling) {
  runTscmBias<half>(a, b, bias, c, ws, tiling);
}

/// IterateAll into a UB tensor (MIX): the blocks one after another (ORDER_M:
/// with one N block that is C's rows in order), then UB -> GM.
extern "C" __global__ __aicore__ void mm_iterate_all_ub(GM_ADDR a, GM_ADDR b,
                                                        GM_ADDR c, GM_ADDR ws,
                                                        GM_ADDR tiling) {
  TCubeTiling t;
  loadTiling(t, tiling);
  using A = MatmulType<TPosition::GM, CubeFormat::ND, float>;
  using C = MatmulType<TPosition::VECOUT, CubeFormat::ND, float>;
  GlobalTensor<float> ga, gb, gc;
  ga.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(a), t.M * t.Ka);
  gb.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(b), t.Kb * t.N);
  gc.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(c), t.M * t.N);
  TPipe pipe;
  Matmul<A, A, C, A> mm;
  SetSysWorkspace(ws);
  REGIST_MATMUL_OBJ(&pipe, nullptr, mm, &t); // the system workspace
  if (GetBlockIdx() >= t.usedCoreNum)
    return;
  TQue<TPosition::VECOUT, 1> q;
  pipe.InitBuffer(q, 1, t.M * t.N * sizeof(float));
  LocalTensor<float> u = q.AllocTensor<float>();
  mm.SetTensorA(ga);
  mm.SetTensorB(gb);
  mm.IterateAll(u);
  q.EnQue(u);
  u = q.DeQue<float>();
  DataCopy(gc, u, t.M * t.N);
  q.FreeTensor(u);
  mm.End();
}

/// Two Matmul objects of one REGIST_MATMUL_OBJ, each with its own tiling and
/// the bias: C = A x B + bias by the first, C2 = the same by the second.
extern "C" __global__ __aicore__ void
mm_two_objects(GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR c, GM_ADDR c2,
               GM_ADDR ws, GM_ADDR tiling, GM_ADDR tiling2) {
  TCubeTiling t, t2;
  loadTiling(t, tiling);
  loadTiling(t2, tiling2);
  using A = MatmulType<TPosition::GM, CubeFormat::ND, half>;
  using C = MatmulType<TPosition::GM, CubeFormat::ND, float>;
  GlobalTensor<half> ga, gb;
  GlobalTensor<float> gc, gc2, gbias;
  ga.SetGlobalBuffer(reinterpret_cast<__gm__ half *>(a), t.M * t.Ka);
  gb.SetGlobalBuffer(reinterpret_cast<__gm__ half *>(b), t.Kb * t.N);
  gc.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(c), t.M * t.N);
  gc2.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(c2), t.M * t.N);
  gbias.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(bias), t.N);
  TPipe pipe;
  Matmul<A, A, C, C> mm, mm2;
  REGIST_MATMUL_OBJ(&pipe, ws, mm, &t, mm2, &t2);
  if (GetBlockIdx() >= 1)
    return;
  mm.SetTensorA(ga);
  mm.SetTensorB(gb);
  mm.SetBias(gbias);
  mm2.SetTensorA(ga);
  mm2.SetTensorB(gb);
  mm2.SetBias(gbias);
  mm.IterateAll(gc);
  mm2.IterateAll(gc2);
  mm.End();
  mm2.End();
}

namespace {

/// Object i of mm_objects: its tiling, operands and C at the i-th slice of
/// the kernel's arrays (object j before it takes M x Ka of A, Kb x N of B,
/// N of the bias, M x N of C).
struct Obj {
  TCubeTiling t;
  GlobalTensor<half> a, b;
  GlobalTensor<float> c, bias;
  Place p;
};

template <class MM>
void setUp(MM &mm, Obj &o, bool bias) {
  mm.SetTensorA(o.a[o.p.a]);
  mm.SetTensorB(o.b[o.p.b]);
  if (bias)
    mm.SetBias(o.bias[o.p.bias]);
  mm.SetTail(o.p.m, o.p.n);
}

} // namespace

/// Two or three Matmul objects of one REGIST_MATMUL_OBJ, each computing its
/// own f16 x f16 -> f32 matmul (as flash attention's mm1 / mm2). flags: 1
/// bias, 2 three objects, 4 interleaved Iterate: every object's Iterate
/// before any GetTensorC, so each object holds a block in its L0C.
extern "C" __global__ __aicore__ void
mm_objects(GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR c, GM_ADDR ws,
           GM_ADDR tilings, int32_t flags) {
  using A = MatmulType<TPosition::GM, CubeFormat::ND, half>;
  using C = MatmulType<TPosition::GM, CubeFormat::ND, float>;
  const uint32_t n = (flags & 2) ? 3 : 2;
  Obj o[3];
  uint64_t offA = 0, offB = 0, offBias = 0, offC = 0;
  for (uint32_t i = 0; i < n; ++i) {
    TCubeTiling &t = o[i].t;
    loadTiling(t, tilings + 49 * 4 * i);
    o[i].a.SetGlobalBuffer(reinterpret_cast<__gm__ half *>(a) + offA,
                           static_cast<uint64_t>(t.M) * t.Ka);
    o[i].b.SetGlobalBuffer(reinterpret_cast<__gm__ half *>(b) + offB,
                           static_cast<uint64_t>(t.Kb) * t.N);
    o[i].bias.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(bias) + offBias,
                              t.N);
    o[i].c.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(c) + offC,
                           static_cast<uint64_t>(t.M) * t.N);
    offA += static_cast<uint64_t>(t.M) * t.Ka;
    offB += static_cast<uint64_t>(t.Kb) * t.N;
    offBias += t.N;
    offC += static_cast<uint64_t>(t.M) * t.N;
  }
  TPipe pipe;
  Matmul<A, A, C, C> mm1, mm2, mm3;
  if (n == 3)
    REGIST_MATMUL_OBJ(&pipe, ws, mm1, &o[0].t, mm2, &o[1].t, mm3, &o[2].t);
  else
    REGIST_MATMUL_OBJ(&pipe, ws, mm1, &o[0].t, mm2, &o[1].t);
  if (GetBlockIdx() >= o[0].t.usedCoreNum)
    return;
  Matmul<A, A, C, C> *mm[3] = {&mm1, &mm2, &mm3};
  for (uint32_t i = 0; i < n; ++i) {
    o[i].p = placeOf(o[i].t, GetBlockIdx(), false, false);
    setUp(*mm[i], o[i], flags & 1);
  }
  if (flags & 4) {
    bool more[3] = {true, true, n == 3};
    while (more[0] || more[1] || more[2]) {
      for (uint32_t i = 0; i < n; ++i)
        if (more[i])
          more[i] = mm[i]->Iterate();
      for (uint32_t i = 0; i < n; ++i)
        if (more[i])
          mm[i]->GetTensorC(o[i].c[o[i].p.c]);
    }
  } else {
    for (uint32_t i = 0; i < n; ++i)
      mm[i]->IterateAll(o[i].c[o[i].p.c]);
  }
  for (uint32_t i = 0; i < n; ++i)
    mm[i]->End();
}

//===- lazy_land.cpp - Lazily landed GM -> UB copies  -----------*- C++ -*-===//
//
// Kernels whose results must not depend on whether a direct GM -> UB copy
// lands lazily (pipes/Engine.h setUb): every way the UB range or its GM
// source is touched before the copy would otherwise have been read. A
// MIX_AIC_1_2 kernel (one block: an AIC, AIV 0 and AIV 1); AIV 0 runs
// `mode`, the other cores return unless the mode uses them. a, b: inputs;
// c: input the kernel overwrites; z, s: outputs (6144 floats each; modes
// but 16 use the first 1024).
//   0  tiles_add with in-place updates: z = (a + b) * 2, four double-
//      buffered tiles of 256, Add and Muls into the copied x buffer
//   1  a copy out onto the GM source of a pending copy: c := a, z = c + 1
//   2  scalar GetValue / SetValue of a pending copy's UB, a scalar GM store
//      onto another's source: s[0] = a[3], U[5] = 42, c[7] = 9, z = U + V
//   3  a UB -> UB copy of a pending copy: z = a + 1
//   4  partial overwrites: a copy into the middle of a pending copy, and a
//      vector result into part of one
//   5  two AIVs: AIV 0 copies c into its UB, the AIVs meet on cross-core
//      flag 4, AIV 1 then overwrites c with a and both meet on flag 5;
//      AIV 0 then computes z = old c + 1
//   6  an atomic-add copy out onto a pending copy's source: c += a,
//      z = old c + 1
//   7  a staged vector instruction (Exp) and DumpTensor of pending copies
//   8  as 5 through GM flags (IBSet / IBWait on the int32 area w)
// Modes 9-15 defer an Add/Adds whose sources are pending copies (its result
// is computed when read, or straight into GM when copied out):
//   9  a chain: t = a + b, r = t * 2; z = r, z[256] = t
//  10  in place: x = a + b into x; z = x; x *= 2; z[256] = x
//  11  GetValue of a deferred tile: x = a + 1 in place; s[0] = x[3]; z = x
//  12  a copy out of part of a deferred tile: t = a + b; z[0:64] =
//      t[64:128], z[256] = t
//  13  copies into a deferred tile's UB source and part of its destination:
//      t = a + b; x := c; t[64:128] := c[0:64]; z = t, z[256] = x
//  14  a copy out onto a deferred Add's GM source: t = c + a; c := t; z = t
//  15  two AIVs: AIV 0 defers u = c + 1 in place, the AIVs meet on flag 4,
//      AIV 1 overwrites c with a, they meet on flag 5, AIV 0 copies u out
//  16  tiles of 5120 (a copy out of 8 KiB or more: float32 + - * / with
//      non-temporal stores straight into GM): t = a + b; z = t,
//      s[0:2048] = t[1024:3072]
//  17  the same size through an 8-KiB buffer (Adds): t = a + 1.5;
//      z = t, s[0:2048] = t[1024:3072]
//  18  the streamed path into a GM destination that is not 32-byte aligned,
//      with NaN and infinite operands (c[1024:]): t = c[1024:] - a;
//      z[k:] = t, k = 1 or 2, the first that leaves z + k unaligned
//
//===----------------------------------------------------------------------===//

#include "common.h"

namespace {
using F = AC::LocalTensor<float>;
F ub(uint32_t byteOffset, uint32_t n = 256) {
  return F(TPosition::VECCALC, byteOffset, n);
}
void mte2ToV(int id = 0) {
  AC::SetFlag<HardEvent::MTE2_V>(id);
  AC::WaitFlag<HardEvent::MTE2_V>(id);
}
void vToMte3(int id = 0) {
  AC::SetFlag<HardEvent::V_MTE3>(id);
  AC::WaitFlag<HardEvent::V_MTE3>(id);
}
/// dst[0:256] := src[0:256] through UB bytes [1024, 2048).
void copyThroughUb(AC::GlobalTensor<float> &dst, AC::GlobalTensor<float> &src) {
  F v = ub(1024);
  AC::DataCopy(v, src, 256);
  AC::SetFlag<HardEvent::MTE2_MTE3>(0);
  AC::WaitFlag<HardEvent::MTE2_MTE3>(0);
  AC::DataCopy(dst, v, 256);
}
/// The two AIVs meet on cross-core flag 4 (set after pipe P's work), AIV 1
/// then overwrites c with a, and they meet again on flag 5.
template <pipe_t P>
void meetWhileAiv1OverwritesC(bool aiv0, AC::GlobalTensor<float> &gc,
                              AC::GlobalTensor<float> &ga) {
  AC::CrossCoreSetFlag<1, P>(4);
  AC::CrossCoreWaitFlag(4);
  if (!aiv0)
    copyThroughUb(gc, ga);
  AC::CrossCoreSetFlag<1, PIPE_MTE3>(5);
  AC::CrossCoreWaitFlag(5);
}
} // namespace

extern "C" __global__ __aicore__ void kernel(__gm__ float *a, __gm__ float *b,
                                             __gm__ float *c, __gm__ float *z,
                                             __gm__ float *s, __gm__ int32_t *w,
                                             int32_t mode) {
  AC::GlobalTensor<float> ga, gb, gc, gz, gs;
  ga.SetGlobalBuffer(a, 6144);
  gb.SetGlobalBuffer(b, 6144);
  gc.SetGlobalBuffer(c, 6144);
  gz.SetGlobalBuffer(z, 6144);
  gs.SetGlobalBuffer(s, 6144);
  if ASCEND_IS_AIC
    return;
  const bool aiv0 = AC::GetSubBlockIdx() == 0;
  if (mode == 8) {
    AC::GlobalTensor<int32_t> gw;
    gw.SetGlobalBuffer(w, 1024);
    AC::LocalTensor<int32_t> flagUb(TPosition::VECCALC, 8192, 8);
    F u = ub(0), t = ub(2048);
    if (aiv0) {
      AC::DataCopy(u, gc, 256); // pending when the flag is stored
      AC::IBSet(gw, flagUb, 0, 0);
      AC::IBWait(gw, flagUb, 1, 1);
      mte2ToV();
      AC::Adds(t, u, 1.0f, 256);
      vToMte3();
      AC::DataCopy(gz, t, 256);
    } else {
      AC::IBWait(gw, flagUb, 0, 0);
      copyThroughUb(gc, ga);
      AC::IBSet(gw, flagUb, 1, 1);
    }
    return;
  }
  if (mode == 15) {
    F u = ub(0);
    if (aiv0) {
      AC::DataCopy(u, gc, 256);
      mte2ToV();
      AC::Adds(u, u, 1.0f, 256); // deferred when the flag fires
    }
    meetWhileAiv1OverwritesC<PIPE_V>(aiv0, gc, ga);
    if (aiv0) {
      vToMte3();
      AC::DataCopy(gz, u, 256);
    }
    return;
  }
  if (mode == 5) {
    F u = ub(0), w = ub(2048);
    if (aiv0)
      AC::DataCopy(u, gc, 256); // pending when the flag fires
    meetWhileAiv1OverwritesC<PIPE_MTE2>(aiv0, gc, ga);
    if (aiv0) {
      mte2ToV();
      AC::Adds(w, u, 1.0f, 256);
      vToMte3();
      AC::DataCopy(gz, w, 256);
    }
    return;
  }
  if (!aiv0)
    return;
  if (mode == 0) {
    for (int32_t i = 0; i < 4; ++i) {
      const int32_t buf = i % 2;
      if (i >= 2)
        AC::WaitFlag<HardEvent::MTE3_MTE2>(buf);
      F x = ub(buf * 1024), y = ub(2048 + buf * 1024);
      AC::DataCopy(x, ga[i * 256], 256);
      AC::DataCopy(y, gb[i * 256], 256);
      mte2ToV(buf);
      AC::Add(x, x, y, 256);
      AC::Muls(x, x, 2.0f, 256);
      vToMte3(buf);
      AC::DataCopy(gz[i * 256], x, 256);
      AC::SetFlag<HardEvent::MTE3_MTE2>(buf);
    }
    AC::WaitFlag<HardEvent::MTE3_MTE2>(0);
    AC::WaitFlag<HardEvent::MTE3_MTE2>(1);
  } else if (mode == 1) {
    F u = ub(0), v = ub(1024), w = ub(2048);
    AC::DataCopy(u, gc, 256);
    AC::DataCopy(v, ga, 256);
    AC::SetFlag<HardEvent::MTE2_MTE3>(0);
    AC::WaitFlag<HardEvent::MTE2_MTE3>(0);
    AC::DataCopy(gc, v, 256); // overwrites u's source
    AC::SetFlag<HardEvent::MTE3_V>(0); // lands before u is read
    AC::WaitFlag<HardEvent::MTE3_V>(0);
    mte2ToV();
    AC::Adds(w, u, 1.0f, 256);
    vToMte3();
    AC::DataCopy(gz, w, 256);
  } else if (mode == 2) {
    F u = ub(0), v = ub(1024), w = ub(2048);
    AC::DataCopy(u, ga, 256);
    AC::DataCopy(v, gc, 256);
    AC::SetFlag<HardEvent::MTE2_S>(0);
    AC::WaitFlag<HardEvent::MTE2_S>(0);
    gs.SetValue(0, u.GetValue(3));
    u.SetValue(5, 42.0f);
    gc.SetValue(7, 9.0f); // v's source
    AC::SetFlag<HardEvent::S_V>(0);
    AC::WaitFlag<HardEvent::S_V>(0);
    AC::Add(w, u, v, 256);
    vToMte3();
    AC::DataCopy(gz, w, 256);
  } else if (mode == 3) {
    F u = ub(0), w = ub(2048);
    AC::DataCopy(u, ga, 256);
    mte2ToV();
    AC::DataCopy(w, u, 256);
    AC::Adds(w, w, 1.0f, 256);
    vToMte3();
    AC::DataCopy(gz, w, 256);
  } else if (mode == 4) {
    F u = ub(0), v = ub(1024), w = ub(2048), t = ub(3072);
    AC::DataCopy(u, ga, 256);
    AC::PipeBarrier<PIPE_MTE2>();
    AC::DataCopy(ub(256, 64), gb, 64); // into the middle of u
    AC::DataCopy(v, gc, 256);
    mte2ToV();
    AC::Adds(w, u, 0.5f, 256);
    AC::Adds(ub(1024 + 256, 64), ub(2048, 64), 1.0f, 64); // part of v
    AC::Add(t, v, w, 256);
    vToMte3();
    AC::DataCopy(gz, t, 256);
    AC::DataCopy(gz[256], w, 256);
  } else if (mode == 6) {
    F u = ub(0), v = ub(1024), w = ub(2048);
    AC::DataCopy(u, gc, 256);
    AC::DataCopy(v, ga, 256);
    AC::SetFlag<HardEvent::MTE2_MTE3>(0);
    AC::WaitFlag<HardEvent::MTE2_MTE3>(0);
    AC::SetAtomicAdd<float>();
    AC::DataCopy(gc, v, 256);
    AC::SetAtomicNone();
    AC::SetFlag<HardEvent::MTE3_V>(0);
    AC::WaitFlag<HardEvent::MTE3_V>(0);
    mte2ToV();
    AC::Adds(w, u, 1.0f, 256);
    vToMte3();
    AC::DataCopy(gz, w, 256);
  } else if (mode == 7) {
    F u = ub(0), w = ub(2048);
    AC::DataCopy(u, ga, 256);
    mte2ToV();
    AC::Exp(w, u, 256);
    vToMte3();
    AC::DataCopy(gz, w, 256);
    AC::SetFlag<HardEvent::V_MTE2>(0);
    AC::WaitFlag<HardEvent::V_MTE2>(0);
    AC::DataCopy(u, gb, 256);
    AC::SetFlag<HardEvent::MTE2_S>(0);
    AC::WaitFlag<HardEvent::MTE2_S>(0);
    AC::DumpTensor(u, 1, 8);
  } else if (mode == 9) {
    F x = ub(0), y = ub(1024), t = ub(2048), r = ub(3072);
    AC::DataCopy(x, ga, 256);
    AC::DataCopy(y, gb, 256);
    mte2ToV();
    AC::Add(t, x, y, 256);
    AC::Muls(r, t, 2.0f, 256);
    vToMte3();
    AC::DataCopy(gz, r, 256);
    AC::DataCopy(gz[256], t, 256);
  } else if (mode == 10) {
    F x = ub(0), y = ub(1024);
    AC::DataCopy(x, ga, 256);
    AC::DataCopy(y, gb, 256);
    mte2ToV();
    AC::Add(x, x, y, 256);
    vToMte3();
    AC::DataCopy(gz, x, 256);
    AC::SetFlag<HardEvent::MTE3_V>(0);
    AC::WaitFlag<HardEvent::MTE3_V>(0);
    AC::Muls(x, x, 2.0f, 256);
    vToMte3(1);
    AC::DataCopy(gz[256], x, 256);
  } else if (mode == 11) {
    F x = ub(0);
    AC::DataCopy(x, ga, 256);
    mte2ToV();
    AC::Adds(x, x, 1.0f, 256);
    AC::SetFlag<HardEvent::V_S>(0);
    AC::WaitFlag<HardEvent::V_S>(0);
    gs.SetValue(0, x.GetValue(3));
    AC::SetFlag<HardEvent::S_MTE3>(0);
    AC::WaitFlag<HardEvent::S_MTE3>(0);
    AC::DataCopy(gz, x, 256);
  } else if (mode == 12) {
    F x = ub(0), y = ub(1024), t = ub(2048);
    AC::DataCopy(x, ga, 256);
    AC::DataCopy(y, gb, 256);
    mte2ToV();
    AC::Add(t, x, y, 256);
    vToMte3();
    AC::DataCopy(gz, ub(2048 + 256, 64), 64);
    AC::DataCopy(gz[256], t, 256);
  } else if (mode == 13) {
    F x = ub(0), y = ub(1024), t = ub(2048);
    AC::DataCopy(x, ga, 256);
    AC::DataCopy(y, gb, 256);
    mte2ToV();
    AC::Add(t, x, y, 256);
    AC::SetFlag<HardEvent::V_MTE2>(0);
    AC::WaitFlag<HardEvent::V_MTE2>(0);
    AC::DataCopy(x, gc, 256);
    AC::DataCopy(ub(2048 + 256, 64), gc, 64);
    AC::SetFlag<HardEvent::MTE2_MTE3>(0);
    AC::WaitFlag<HardEvent::MTE2_MTE3>(0);
    AC::DataCopy(gz, t, 256);
    AC::DataCopy(gz[256], x, 256);
  } else if (mode == 16) {
    F x = ub(0, 5120), y = ub(20480, 5120), t = ub(40960, 5120);
    AC::DataCopy(x, ga, 5120);
    AC::DataCopy(y, gb, 5120);
    mte2ToV();
    AC::Add(t, x, y, 5120);
    vToMte3();
    AC::DataCopy(gz, t, 5120);
    AC::DataCopy(gs, ub(40960 + 4096, 2048), 2048);
  } else if (mode == 17) {
    F x = ub(0, 5120), t = ub(40960, 5120);
    AC::DataCopy(x, ga, 5120);
    mte2ToV();
    AC::Adds(t, x, 1.5f, 5120);
    vToMte3();
    AC::DataCopy(gz, t, 5120);
    AC::DataCopy(gs, ub(40960 + 4096, 2048), 2048);
  } else if (mode == 18) {
    F x = ub(0, 4096), y = ub(20480, 4096), t = ub(40960, 4096);
    AC::DataCopy(x, gc[1024], 4096);
    AC::DataCopy(y, ga, 4096);
    mte2ToV();
    AC::Sub(t, x, y, 4096);
    vToMte3();
    const int k = reinterpret_cast<uintptr_t>(z + 1) % 32 == 0 ? 2 : 1;
    AC::DataCopy(gz[k], t, 4096);
  } else if (mode == 14) {
    F u = ub(0), v = ub(1024), t = ub(2048);
    AC::DataCopy(u, gc, 256);
    AC::DataCopy(v, ga, 256);
    mte2ToV();
    AC::Add(t, u, v, 256);
    vToMte3();
    AC::DataCopy(gc, t, 256); // onto u's GM source
    AC::DataCopy(gz, t, 256);
  }
}

ASCSIM_ENTRY(kernel)
ASCSIM_KERNEL_TYPE(KERNEL_TYPE_MIX_AIC_1_2)

//===- tque_errors.cpp - TPipe framework misuse and features ----*- C++ -*-===//
//
// One kernel, `mode` selects the case; #line directives make diagnostics
// point into "kernel.py".
//   0  deque from an empty queue (kernel.py:10)
//   1  enque beyond the depth (kernel.py:20)
//   2  alloc_tensor with no free buffer (kernel.py:30)
//   3  free_tensor of a tensor from another queue (kernel.py:40)
//   4  double free (kernel.py:50)
//   5  init_buffer beyond the Unified Buffer (kernel.py:60)
//   6  event-id pool exhausted (kernel.py:70)
//   7  a second live TPipe (kernel.py:80)
//   8  TBuf Get/GetWithOffset, GetValue/SetValue on queue tensors, TQueSync,
//      AllocEventID/FetchEventID/ReleaseEventID, GetTPipePtr (correct)
//   9  TBufPool: two pools, Reset and reuse (correct)
//  10  LocalMemAllocator (correct)
//  11  TBuf::Get beyond the buffer (kernel.py:110)
//  12  destroy then a second TPipe (correct)
//  13  queue used after its TPipe was destroyed (kernel.py:130)
//  14  enque without a deque: the flag leaks (kernel.py:140)
//
//===----------------------------------------------------------------------===//

#include "common.h"

using AC::LocalTensor;
using AC::TPipe;
using AC::TQue;

extern "C" __global__ __aicore__ void kernel(__gm__ float* x, __gm__ float* z, int32_t mode) {
  AC::GlobalTensor<float> xg, zg;
  xg.SetGlobalBuffer(x, 64);
  zg.SetGlobalBuffer(z, 64);
  TPipe pipe;
  TQue<TPosition::VECIN, 1> qin;
  TQue<TPosition::VECOUT, 1> qout;
  switch (mode) {
  case 0: {
    pipe.InitBuffer(qin, 2, 256);
#line 10 "kernel.py"
    LocalTensor<float> t = qin.DeQue<float>();
    (void)t;
    break;
  }
  case 1: {
    pipe.InitBuffer(qin, 2, 256);
    LocalTensor<float> a = qin.AllocTensor<float>();
    LocalTensor<float> b = qin.AllocTensor<float>();
    qin.EnQue(a);
#line 20 "kernel.py"
    qin.EnQue(b);
    break;
  }
  case 2: {
    pipe.InitBuffer(qin, 2, 256);
    LocalTensor<float> a = qin.AllocTensor<float>();
    LocalTensor<float> b = qin.AllocTensor<float>();
#line 30 "kernel.py"
    LocalTensor<float> c = qin.AllocTensor<float>();
    (void)a, (void)b, (void)c;
    break;
  }
  case 3: {
    pipe.InitBuffer(qin, 1, 256);
    pipe.InitBuffer(qout, 1, 256);
    LocalTensor<float> a = qin.AllocTensor<float>();
#line 40 "kernel.py"
    qout.FreeTensor(a);
    break;
  }
  case 4: {
    pipe.InitBuffer(qin, 1, 256);
    LocalTensor<float> a = qin.AllocTensor<float>();
    qin.FreeTensor(a);
#line 50 "kernel.py"
    qin.FreeTensor(a);
    break;
  }
  case 5: {
    pipe.InitBuffer(qin, 2, 65536);
#line 60 "kernel.py"
    pipe.InitBuffer(qout, 2, 65536);
    break;
  }
  case 6: {
    TQue<TPosition::VECIN, 4> q[3];
    for (int i = 0; i < 3; ++i)
      pipe.InitBuffer(q[i], 3, 256);
    for (int i = 0; i < 3; ++i)
      for (int k = 0; k < 3; ++k) {
        LocalTensor<float> t = q[i].AllocTensor<float>();
#line 70 "kernel.py"
        q[i].EnQue(t);
      }
    break;
  }
  case 7: {
#line 80 "kernel.py"
    TPipe other;
    break;
  }
  case 8: {
    AC::TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 512);
    pipe.InitBuffer(qin, 1, 256);
    pipe.InitBuffer(qout, 1, 256);
    LocalTensor<float> whole = buf.Get<float>();
    LocalTensor<float> part = buf.GetWithOffset<float>(32, 256);
    if (whole.GetSize() != 128 || part.GetSize() != 32 ||
        part.GetPhyAddr() != whole.GetPhyAddr() + 256 || GetTPipePtr() != &pipe)
      AC::DataCopy(zg, whole, 1000000); // fails loudly
    LocalTensor<float> a = qin.AllocTensor<float>();
    AC::DataCopy(a, xg, 64);
    qin.EnQue(a);
    LocalTensor<float> b = qin.DeQue<float>();
    // Scalar reads of a queue tensor after DeQue need MTE2 -> S ordering.
    AC::TQueSync<PIPE_MTE2, PIPE_S> sync;
    AscendC::TEventID id = pipe.AllocEventID<HardEvent::MTE2_S>();
    sync.SetFlag(id);
    sync.WaitFlag(id);
    pipe.ReleaseEventID<HardEvent::MTE2_S>(id);
    if (pipe.FetchEventID<HardEvent::MTE2_S>() != id ||
        pipe.FetchEventID(HardEvent::MTE2_S) != id)
      AC::DataCopy(zg, whole, 1000000);
    LocalTensor<float> c = qout.AllocTensor<float>();
    for (int i = 0; i < 64; ++i)
      c.SetValue(i, b.GetValue(i) * 3.0f);
    part.SetValue(0, 1.0f);
    qin.FreeTensor(b);
    AscendC::TEventID sv = pipe.FetchEventID<HardEvent::S_MTE3>();
    AC::SetFlag<HardEvent::S_MTE3>(sv);
    AC::WaitFlag<HardEvent::S_MTE3>(sv);
    qout.EnQue(c);
    LocalTensor<float> d = qout.DeQue<float>();
    AC::DataCopy(zg, d, 64);
    qout.FreeTensor(d);
    break;
  }
  case 9: {
    AC::TBufPool<TPosition::VECCALC, 4> pool1;
    AC::TBufPool<TPosition::VECCALC, 4> pool2;
    pipe.InitBufPool(pool1, 1024);
    pipe.InitBufPool(pool2, 1024, pool1);
    pool1.InitBuffer(qin, 1, 256);
    pool1.InitBuffer(qout, 1, 256);
    for (int round = 0; round < 2; ++round) {
      LocalTensor<float> a = qin.AllocTensor<float>();
      AC::DataCopy(a, xg, 64);
      qin.EnQue(a);
      LocalTensor<float> b = qin.DeQue<float>();
      LocalTensor<float> c = qout.AllocTensor<float>();
      AC::Add(c, b, b, 64);
      qout.EnQue(c);
      qin.FreeTensor(b);
      LocalTensor<float> d = qout.DeQue<float>();
      AC::DataCopy(zg, d, 64);
      qout.FreeTensor(d);
      pool1.Reset();
      pool1.InitBuffer(qin, 1, 256);
      pool1.InitBuffer(qout, 1, 256);
    }
    AC::TBuf<TPosition::VECCALC> t;
    pool2.InitBuffer(t, 128);
    if (t.Get<float>().GetPhyAddr() != 0)
      AC::DataCopy(zg, t.Get<float>(), 1000000);
    break;
  }
  case 10: {
    AC::LocalMemAllocator<AC::Hardware::UB> alloc;
    LocalTensor<float> a = alloc.Alloc<TPosition::VECIN, float>(64);
    LocalTensor<float> b = alloc.Alloc<TPosition::VECOUT, float, 64>();
    LocalTensor<float> c = alloc.Alloc<float>(64);
    if (alloc.GetCurAddr() != 768 || b.GetPhyAddr() != 256 || c.GetPhyAddr() != 512)
      AC::DataCopy(zg, a, 1000000);
    AC::DataCopy(a, xg, 64);
    AC::PipeBarrier<PIPE_ALL>();
    AC::Mul(b, a, a, 64);
    AC::PipeBarrier<PIPE_ALL>();
    AC::DataCopy(zg, b, 64);
    break;
  }
  case 11: {
    AC::TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 256);
#line 110 "kernel.py"
    LocalTensor<float> t = buf.Get<float>(128);
    (void)t;
    break;
  }
  case 12: {
    pipe.InitBuffer(qin, 1, 256);
    LocalTensor<float> a = qin.AllocTensor<float>();
    AC::DataCopy(a, xg, 64);
    qin.EnQue(a);
    LocalTensor<float> b = qin.DeQue<float>();
    qin.FreeTensor(b);
    pipe.Destroy();
    TPipe second;
    pipe.InitBuffer(qout, 1, 256);
    break;
  }
  case 13: {
    pipe.InitBuffer(qin, 1, 256);
    pipe.Destroy();
    pipe.Init();
#line 130 "kernel.py"
    LocalTensor<float> a = qin.AllocTensor<float>();
    (void)a;
    break;
  }
  case 14: {
    pipe.InitBuffer(qin, 1, 256);
    LocalTensor<float> a = qin.AllocTensor<float>();
    AC::DataCopy(a, xg, 64);
#line 140 "kernel.py"
    qin.EnQue(a);
    break;
  }
  }
}

extern "C" void ascsim_entry(const uint64_t* a) {
  kernel(ascsim::arg<float*>(a[0]), ascsim::arg<float*>(a[1]), ascsim::arg<int32_t>(a[2]));
}

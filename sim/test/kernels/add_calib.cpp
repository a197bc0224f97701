//===- add_calib.cpp - Huawei's 8192x8192 half Add, for timing --*- C++ -*-===//
//
// The Add of hardware.md §7.2 (float16, 8192 x 8192 elements) written the
// usual Ascend C way: TPipe, two VECIN queues and a VECOUT queue of
// `buffer_num` buffers of `tile_length` elements, blocks splitting the tiles
// evenly. `block_stride` is the element distance between the blocks' data
// (0: every block streams the same host arrays, which keeps a test's memory
// small). `flags`: bit 0 reads x and y past the L2
// (SetL2CacheHint(CACHE_MODE_DISABLE), Huawei's case 5), bit 1 puts 256 B
// between the x and y buffers so that the two sources of Add fall into
// different UB bank groups, with z single-buffered (case 6), bit 2 places each block at its first
// tile (the blocks partition the arrays; block_stride is ignored), bit 3
// divides instead of adding (the elementwise div figure), bit 4 adds
// element by element on the scalar unit (GetValue / SetValue on the UB
// tiles: Huawei's case 0). Our own
// code, written from the published description.
//
//===----------------------------------------------------------------------===//

#include "kernel_operator.h"

using namespace AscendC;

class KernelAdd {
public:
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR z, uint32_t totalTiles,
                              uint32_t tileLength, uint32_t bufferNum,
                              uint32_t blockStride, uint32_t flags) {
    uint32_t b = static_cast<uint32_t>(GetBlockIdx());
    uint32_t n = static_cast<uint32_t>(GetBlockNum());
    uint64_t first = static_cast<uint64_t>(totalTiles) * b / n;
    uint64_t last = static_cast<uint64_t>(totalTiles) * (b + 1) / n;
    tiles_ = static_cast<uint32_t>(last - first);
    tileLength_ = tileLength;
    div_ = (flags & 8) != 0;
    scalar_ = (flags & 16) != 0;
    uint64_t base = flags & 4 ? first * tileLength
                              : static_cast<uint64_t>(blockStride) * b;
    xGm_.SetGlobalBuffer(reinterpret_cast<__gm__ half *>(x) + base, tiles_ * tileLength);
    yGm_.SetGlobalBuffer(reinterpret_cast<__gm__ half *>(y) + base, tiles_ * tileLength);
    zGm_.SetGlobalBuffer(reinterpret_cast<__gm__ half *>(z) + base, tiles_ * tileLength);
    if (flags & 1) {
      xGm_.SetL2CacheHint(CACHE_MODE_DISABLE);
      yGm_.SetL2CacheHint(CACHE_MODE_DISABLE);
    }
    pipe_.InitBuffer(inX_, bufferNum, tileLength * sizeof(half));
    if (flags & 2)
      pipe_.InitBuffer(pad_, 256);
    pipe_.InitBuffer(inY_, bufferNum, tileLength * sizeof(half));
    // With the pad, z is single-buffered: 6 buffers of 32 KiB and 256 B do
    // not fit the 192 KiB UB (docs/timing.md, case 6).
    pipe_.InitBuffer(outZ_, flags & 2 ? 1 : bufferNum, tileLength * sizeof(half));
  }
  __aicore__ inline void Process() {
    for (uint32_t i = 0; i < tiles_; ++i) {
      CopyIn(i);
      Compute();
      CopyOut(i);
    }
  }

private:
  __aicore__ inline void CopyIn(uint32_t i) {
    LocalTensor<half> x = inX_.AllocTensor<half>();
    LocalTensor<half> y = inY_.AllocTensor<half>();
    DataCopy(x, xGm_[i * tileLength_], tileLength_);
    DataCopy(y, yGm_[i * tileLength_], tileLength_);
    inX_.EnQue(x);
    inY_.EnQue(y);
  }
  __aicore__ inline void Compute() {
    LocalTensor<half> x = inX_.DeQue<half>();
    LocalTensor<half> y = inY_.DeQue<half>();
    LocalTensor<half> z = outZ_.AllocTensor<half>();
    if (scalar_) {
      // The scalar unit reads what MTE2 wrote and overwrites what MTE3 may
      // still be reading: it waits for every pipe first.
      PipeBarrier<PIPE_ALL>();
      for (uint32_t i = 0; i < tileLength_; ++i)
        z.SetValue(i, x.GetValue(i) + y.GetValue(i));
    } else if (div_)
      Div(z, x, y, tileLength_);
    else
      Add(z, x, y, tileLength_);
    outZ_.EnQue(z);
    inX_.FreeTensor(x);
    inY_.FreeTensor(y);
  }
  __aicore__ inline void CopyOut(uint32_t i) {
    LocalTensor<half> z = outZ_.DeQue<half>();
    DataCopy(zGm_[i * tileLength_], z, tileLength_);
    outZ_.FreeTensor(z);
  }

  TPipe pipe_;
  TQue<TPosition::VECIN, 1> inX_, inY_;
  TQue<TPosition::VECOUT, 1> outZ_;
  TBuf<TPosition::VECCALC> pad_;
  GlobalTensor<half> xGm_, yGm_, zGm_;
  uint32_t tiles_ = 0, tileLength_ = 0;
  bool div_ = false, scalar_ = false;
};

extern "C" __global__ __aicore__ void add_custom(GM_ADDR x, GM_ADDR y, GM_ADDR z,
                                                 uint32_t totalTiles, uint32_t tileLength,
                                                 uint32_t bufferNum, uint32_t blockStride,
                                                 uint32_t flags) {
  KernelAdd op;
  op.Init(x, y, z, totalTiles, tileLength, bufferNum, blockStride, flags);
  op.Process();
}

// benchmarks/bench_timing_model.py compiles this file with
// asc.runtime.ascendc_kernel, which appends its own entry.
#ifndef ASCSIM_NO_ENTRY
#include "ascsim_entry.h"

extern "C" void ascsim_entry(const uint64_t *a) {
  add_custom(ascsim::arg<uint8_t *>(a[0]), ascsim::arg<uint8_t *>(a[1]),
             ascsim::arg<uint8_t *>(a[2]), ascsim::arg<uint32_t>(a[3]),
             ascsim::arg<uint32_t>(a[4]), ascsim::arg<uint32_t>(a[5]),
             ascsim::arg<uint32_t>(a[6]), ascsim::arg<uint32_t>(a[7]));
}
#endif

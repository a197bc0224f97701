//===- add_calib.cpp - Huawei's 8192x8192 half Add, for timing --*- C++ -*-===//
//
// The Add of hardware.md §7.2 (float16, 8192 x 8192 elements) written the
// usual Ascend C way: TPipe, two VECIN queues and a VECOUT queue of
// `buffer_num` buffers of `tile_length` elements, blocks splitting the tiles
// evenly. `block_stride` is the element distance between the blocks' data;
// the timing test passes 0 so every block streams the same host arrays (the
// cost model counts bytes, not addresses), which keeps the test's memory
// small. Our own code, written from the published description.
//
//===----------------------------------------------------------------------===//

#include "common.h"

using namespace AscendC;

class KernelAdd {
public:
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR z, uint32_t totalTiles,
                              uint32_t tileLength, uint32_t bufferNum,
                              uint32_t blockStride) {
    uint32_t b = static_cast<uint32_t>(GetBlockIdx());
    uint32_t n = static_cast<uint32_t>(GetBlockNum());
    uint64_t first = static_cast<uint64_t>(totalTiles) * b / n;
    uint64_t last = static_cast<uint64_t>(totalTiles) * (b + 1) / n;
    tiles_ = static_cast<uint32_t>(last - first);
    tileLength_ = tileLength;
    uint64_t base = static_cast<uint64_t>(blockStride) * b;
    xGm_.SetGlobalBuffer(reinterpret_cast<__gm__ half *>(x) + base, tiles_ * tileLength);
    yGm_.SetGlobalBuffer(reinterpret_cast<__gm__ half *>(y) + base, tiles_ * tileLength);
    zGm_.SetGlobalBuffer(reinterpret_cast<__gm__ half *>(z) + base, tiles_ * tileLength);
    pipe_.InitBuffer(inX_, bufferNum, tileLength * sizeof(half));
    pipe_.InitBuffer(inY_, bufferNum, tileLength * sizeof(half));
    pipe_.InitBuffer(outZ_, bufferNum, tileLength * sizeof(half));
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
  GlobalTensor<half> xGm_, yGm_, zGm_;
  uint32_t tiles_ = 0, tileLength_ = 0;
};

extern "C" __global__ __aicore__ void add_custom(GM_ADDR x, GM_ADDR y, GM_ADDR z,
                                                 uint32_t totalTiles, uint32_t tileLength,
                                                 uint32_t bufferNum, uint32_t blockStride) {
  KernelAdd op;
  op.Init(x, y, z, totalTiles, tileLength, bufferNum, blockStride);
  op.Process();
}

extern "C" void ascsim_entry(const uint64_t *a) {
  add_custom(ascsim::arg<uint8_t *>(a[0]), ascsim::arg<uint8_t *>(a[1]),
             ascsim::arg<uint8_t *>(a[2]), ascsim::arg<uint32_t>(a[3]),
             ascsim::arg<uint32_t>(a[4]), ascsim::arg<uint32_t>(a[5]),
             ascsim::arg<uint32_t>(a[6]));
}

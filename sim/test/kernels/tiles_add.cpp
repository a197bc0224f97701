//===- tiles_add.cpp - seed_add with the tile count an argument -*- C++ -*-===//
//
// The loop of seed_add.cpp (tutorial 01 as emitted: two UB buffers, copy-in
// overlapping copy-out) over `tiles` tiles of `tile_length` elements, so that
// ascsim_launch_bench can vary the simulated instruction count (10 per tile)
// and split a launch's host cost into a fixed part and a per-instruction
// part. tiles = 16 with tile_length = 16 is seed_add's launch exactly.
//
//===----------------------------------------------------------------------===//

#include "kernel_operator.h"
extern "C" __global__ __aicore__ void tiles_add(__gm__ float* x, __gm__ float* y, __gm__ float* z, int32_t tile_length, int32_t tiles) {
  int32_t offset = static_cast<int32_t>(AscendC::GetBlockIdx()) * tile_length * tiles;
  AscendC::GlobalTensor<float> x_gm;
  AscendC::GlobalTensor<float> y_gm;
  AscendC::GlobalTensor<float> z_gm;
  x_gm.SetGlobalBuffer(x + offset, tile_length * tiles);
  y_gm.SetGlobalBuffer(y + offset, tile_length * tiles);
  z_gm.SetGlobalBuffer(z + offset, tile_length * tiles);
  int32_t buffer_bytes = tile_length * 8;
  int32_t v1 = tile_length * 2;
  AscendC::LocalTensor<float> x_local(AscendC::TPosition::VECIN, 0, v1);
  AscendC::LocalTensor<float> y_local(AscendC::TPosition::VECIN, buffer_bytes, v1);
  int32_t buffer_bytes_1 = tile_length * 16;
  AscendC::LocalTensor<float> z_local(AscendC::TPosition::VECOUT, buffer_bytes_1, v1);
  for (int32_t i = 0; i < tiles; i += 1) {
    int32_t buf = i % 2;
    if (i >= 2) {
      AscendC::WaitFlag<AscendC::HardEvent::MTE3_MTE2>(buf);
    }
    int32_t v2 = buf * tile_length;
    AscendC::LocalTensor<float> v3 = x_local[v2];
    int32_t v4 = i * tile_length;
    AscendC::DataCopy(v3, x_gm[v4], tile_length);
    AscendC::LocalTensor<float> v5 = y_local[v2];
    AscendC::DataCopy(v5, y_gm[v4], tile_length);
    AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(buf);
    AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(buf);
    AscendC::LocalTensor<float> v6 = z_local[v2];
    AscendC::Add(v6, v3, v5, tile_length);
    AscendC::SetFlag<AscendC::HardEvent::V_MTE3>(buf);
    AscendC::WaitFlag<AscendC::HardEvent::V_MTE3>(buf);
    AscendC::DataCopy(z_gm[v4], v6, tile_length);
    AscendC::SetFlag<AscendC::HardEvent::MTE3_MTE2>(buf);
  }
  if (tiles >= 1)
    AscendC::WaitFlag<AscendC::HardEvent::MTE3_MTE2>(0);
  if (tiles >= 2)
    AscendC::WaitFlag<AscendC::HardEvent::MTE3_MTE2>(1);
}
#include "ascsim_entry.h"
extern "C" void ascsim_entry(const uint64_t* a) {
  tiles_add(ascsim::arg<float*>(a[0]), ascsim::arg<float*>(a[1]), ascsim::arg<float*>(a[2]), ascsim::arg<int32_t>(a[3]), ascsim::arg<int32_t>(a[4]));
}

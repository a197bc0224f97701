//===- seed_add.cpp - Tutorial 01 as emitted today --------------*- C++ -*-===//
//
// python/tutorials/01_add/add.py's vadd_kernel exactly as the emitter
// produces it (minus #line directives; copy-in overlaps copy-out, the
// buffer-reuse wait sits at the next use), plus the entry stub. Used by the
// reuse tests and by ascsim_launch_bench (1 block x 256 elements = the
// benchmarks' launch-overhead case).
//
//===----------------------------------------------------------------------===//

#include "kernel_operator.h"
extern "C" __global__ __aicore__ void vadd_kernel(__gm__ float* x, __gm__ float* y, __gm__ float* z, int32_t block_length) {
  int32_t offset = static_cast<int32_t>(AscendC::GetBlockIdx()) * block_length;
  AscendC::GlobalTensor<float> x_gm;
  AscendC::GlobalTensor<float> y_gm;
  AscendC::GlobalTensor<float> z_gm;
  x_gm.SetGlobalBuffer(x + offset, block_length);
  y_gm.SetGlobalBuffer(y + offset, block_length);
  z_gm.SetGlobalBuffer(z + offset, block_length);
  int32_t tile_length = block_length / 8 / 2;
  int32_t buffer_bytes = tile_length * 8;
  int32_t v1 = tile_length * 2;
  AscendC::LocalTensor<float> x_local(AscendC::TPosition::VECIN, 0, v1);
  AscendC::LocalTensor<float> y_local(AscendC::TPosition::VECIN, buffer_bytes, v1);
  int32_t buffer_bytes_1 = tile_length * 16;
  AscendC::LocalTensor<float> z_local(AscendC::TPosition::VECOUT, buffer_bytes_1, v1);
  for (int32_t i = 0; i < 16; i += 1) {
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
  AscendC::WaitFlag<AscendC::HardEvent::MTE3_MTE2>(0);
  AscendC::WaitFlag<AscendC::HardEvent::MTE3_MTE2>(1);
}
#include "ascsim_entry.h"
extern "C" void ascsim_entry(const uint64_t* a) {
  vadd_kernel(ascsim::arg<float*>(a[0]), ascsim::arg<float*>(a[1]), ascsim::arg<float*>(a[2]), ascsim::arg<int32_t>(a[3]));
}

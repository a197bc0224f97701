//===- tque_vadd.cpp - TPipe/TQue vector add --------------------*- C++ -*-===//
//
// The vector add in the TPipe/TQue style the emitter produces: VECIN queues
// for x and y, a VECOUT queue for z, `buffers` buffers each (2 = double
// buffering). `dtype` selects float32 (0), float16 (1) or int32 (2).
//
//===----------------------------------------------------------------------===//

#include "common.h"

template <typename T>
void vadd(__gm__ T* x, __gm__ T* y, __gm__ T* z, int32_t block_length,
          int32_t tile_length, int32_t buffers) {
  int32_t offset = static_cast<int32_t>(AscendC::GetBlockIdx()) * block_length;
  AscendC::GlobalTensor<T> x_gm;
  AscendC::GlobalTensor<T> y_gm;
  AscendC::GlobalTensor<T> z_gm;
  x_gm.SetGlobalBuffer(x + offset, block_length);
  y_gm.SetGlobalBuffer(y + offset, block_length);
  z_gm.SetGlobalBuffer(z + offset, block_length);
  AscendC::TPipe pipe;
  AscendC::TQue<AscendC::TPosition::VECIN, 2> in_x;
  AscendC::TQue<AscendC::TPosition::VECIN, 2> in_y;
  AscendC::TQue<AscendC::TPosition::VECOUT, 2> out_z;
  pipe.InitBuffer(in_x, buffers, tile_length * sizeof(T));
  pipe.InitBuffer(in_y, buffers, tile_length * sizeof(T));
  pipe.InitBuffer(out_z, buffers, tile_length * sizeof(T));
  int32_t loops = block_length / tile_length;
  for (int32_t i = 0; i < loops; i += 1) {
    AscendC::LocalTensor<T> x_local = in_x.AllocTensor<T>();
    AscendC::LocalTensor<T> y_local = in_y.AllocTensor<T>();
    AscendC::DataCopy(x_local, x_gm[i * tile_length], tile_length);
    AscendC::DataCopy(y_local, y_gm[i * tile_length], tile_length);
    in_x.EnQue(x_local);
    in_y.EnQue(y_local);
    AscendC::LocalTensor<T> x_in = in_x.DeQue<T>();
    AscendC::LocalTensor<T> y_in = in_y.DeQue<T>();
    AscendC::LocalTensor<T> z_local = out_z.AllocTensor<T>();
    AscendC::Add(z_local, x_in, y_in, tile_length);
    out_z.EnQue(z_local);
    in_x.FreeTensor(x_in);
    in_y.FreeTensor(y_in);
    AscendC::LocalTensor<T> z_out = out_z.DeQue<T>();
    AscendC::DataCopy(z_gm[i * tile_length], z_out, tile_length);
    out_z.FreeTensor(z_out);
  }
}

extern "C" void ascsim_entry(const uint64_t* a) {
  int32_t n = ascsim::arg<int32_t>(a[3]), tile = ascsim::arg<int32_t>(a[4]),
          buffers = ascsim::arg<int32_t>(a[5]);
  switch (ascsim::arg<int32_t>(a[6])) {
  case 0:
    vadd(ascsim::arg<float*>(a[0]), ascsim::arg<float*>(a[1]), ascsim::arg<float*>(a[2]), n, tile, buffers);
    break;
  case 1:
    vadd(ascsim::arg<half*>(a[0]), ascsim::arg<half*>(a[1]), ascsim::arg<half*>(a[2]), n, tile, buffers);
    break;
  default:
    vadd(ascsim::arg<int32_t*>(a[0]), ascsim::arg<int32_t*>(a[1]), ascsim::arg<int32_t*>(a[2]), n, tile, buffers);
    break;
  }
}

//===- ops/AippOps.h - LoadImageToLocal through AIPP ------------*- C++ -*-===//
//
// The functional model of LoadImageToLocal (ascsim/sys_api.h): the image
// configured by SetAippFunctions is read from GM when the instruction
// starts, put through the AIPP stages (crop, channel swap, colour-space
// conversion, data-type conversion, padding, channel padding) and written
// as one row-major run of pixels of `slots` elements each into the staging
// buffer the engine commits to L1. The choices where the specs give no
// arithmetic are documented in sim/VECTOR.md, "AIPP / LoadImageToLocal".
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_OPS_AIPPOPS_H
#define ASCSIM_OPS_AIPPOPS_H

#include "ascsim/sys_abi.h"
#include "ops/VectorOps.h"

#include <cstdint>

namespace ascsim {

/// AippInputFormat values.
enum class AippFormat : uint32_t {
  Yuv420Sp = 0,
  Xrgb8888 = 1,
  Rgb888 = 4,
  Yuv400 = 9,
};

/// Channels an input format yields (YUV420SP, RGB888: 3; XRGB8888: 4 with
/// X last; YUV400: 1) and source bytes per pixel of plane 0.
uint32_t aippChannels(uint32_t format);
uint32_t aippBytesPerPixel(uint32_t format);

struct AippInstr : VecInstr {
  AippConfig cfg{};
  ImageLoad p{};
  DType type = DType::F16;         // dst element type (int8 / float16)
  const uint8_t *plane0 = nullptr; // first pixel row of the source, (0, 0)
  const uint8_t *plane1 = nullptr; // YUV420SP: the interleaved UV plane
  uint32_t channels = 3;
  uint32_t slots = 16; // elements per output pixel (channel padding)
  uint32_t outW = 0, outH = 0;
};

/// Output value `v` (already in the output domain) in `t` (int8/float16),
/// rounded by `roundMode` (0: nearest even, 1: toward zero); int8
/// saturates, float16 overflows to inf (mode 0) or 65504 (mode 1).
uint64_t aippOutBits(double v, DType t, uint32_t roundMode);

/// Computes the whole output image into `staging` (in.stagingBytes bytes).
void evaluateAipp(const VecInstr &in, uint8_t *staging);

} // namespace ascsim

#endif // ASCSIM_OPS_AIPPOPS_H

//===- ops/AippEval.cpp - LoadImageToLocal through AIPP ---------*- C++ -*-===//

#include "ops/AippOps.h"

#include "ops/VectorMath.h"
#include "support/Isa.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace ascsim {

using vm::loadF;
using vm::roundBits;
using vm::storeBits;

uint32_t aippChannels(uint32_t format) {
  switch (static_cast<AippFormat>(format)) {
  case AippFormat::Xrgb8888:
    return 4;
  case AippFormat::Yuv400:
    return 1;
  default:
    return 3;
  }
}

uint32_t aippBytesPerPixel(uint32_t format) {
  switch (static_cast<AippFormat>(format)) {
  case AippFormat::Xrgb8888:
    return 4;
  case AippFormat::Rgb888:
    return 3;
  default:
    return 1;
  }
}

uint64_t aippOutBits(double v, DType t, uint32_t roundMode) {
  if (t == DType::I8) {
    double r = roundMode == 1 ? std::trunc(v) : std::nearbyint(v);
    r = std::min(127.0, std::max(-128.0, r));
    return static_cast<uint64_t>(static_cast<uint8_t>(static_cast<int8_t>(r)));
  }
  uint64_t bits = roundBits(v, DType::F16); // nearest even
  if (roundMode == 1 && v != 0) {
    // Toward zero: step back one ulp when rounding moved away from zero
    // (this also turns an overflow to inf into 65504).
    double got = loadF(reinterpret_cast<const uint8_t *>(&bits), DType::F16);
    if (std::fabs(got) > std::fabs(v))
      bits -= 1;
  }
  return bits;
}

namespace {

/// The channel values of source pixel (x, y) after the channel swap, CSC and
/// data-type conversion, as output element bits.
void pixel(const AippInstr &in, uint32_t x, uint32_t y, uint64_t *out) {
  const AippConfig &c = in.cfg;
  const auto format = static_cast<AippFormat>(c.inputFormat);
  const uint32_t bpp = aippBytesPerPixel(c.inputFormat);
  const uint64_t pitch = static_cast<uint64_t>(in.p.srcHorizSize);
  const uint8_t *px = in.plane0 + (y * pitch + x) * bpp;
  int32_t v[4] = {0, 0, 0, 0};
  switch (format) {
  case AippFormat::Rgb888:
    v[0] = px[0], v[1] = px[1], v[2] = px[2];
    if (c.swapRB)
      std::swap(v[0], v[2]);
    break;
  case AippFormat::Xrgb8888: {
    // Bytes X R G B; with the AX swap R G B X. Channels (R, G, B, X).
    const uint8_t *rgb = c.swapAX ? px : px + 1;
    v[0] = rgb[0], v[1] = rgb[1], v[2] = rgb[2];
    v[3] = c.swapAX ? px[3] : px[0];
    if (c.swapRB)
      std::swap(v[0], v[2]);
    break;
  }
  case AippFormat::Yuv420Sp: {
    const uint8_t *uv = in.plane1 + (y / 2) * pitch + (x / 2) * 2;
    v[0] = px[0], v[1] = uv[0], v[2] = uv[1];
    if (c.swapUV)
      std::swap(v[1], v[2]);
    break;
  }
  case AippFormat::Yuv400:
    v[0] = px[0];
    break;
  }
  if (c.cscEnable && in.channels >= 3) {
    int32_t r[3];
    for (int i = 0; i < 3; ++i) {
      int64_t acc = 0;
      for (int j = 0; j < 3; ++j)
        acc += static_cast<int64_t>(c.cscMatrix[i * 3 + j]) *
               (v[j] - static_cast<int32_t>(c.cscBiasIn[j]));
      int64_t o = (acc >> 8) + c.cscBiasOut[i]; // floor division by 256
      r[i] =
          static_cast<int32_t>(std::min<int64_t>(255, std::max<int64_t>(0, o)));
    }
    v[0] = r[0], v[1] = r[1], v[2] = r[2];
  }
  for (uint32_t ch = 0; ch < in.channels; ++ch) {
    double d = v[ch];
    if (ch < 3) // exact: every term has few significant bits
      d = (d - c.dtcMean[ch] - c.dtcMin[ch]) * c.dtcVar[ch];
    out[ch] = aippOutBits(d, in.type, c.dtcRoundMode);
  }
}

} // namespace

void evaluateAipp(const VecInstr &vin, uint8_t *staging) {
  const auto &in = static_cast<const AippInstr &>(vin);
  const AippConfig &c = in.cfg;
  const uint32_t es = dtypeSize(in.type);
  const uint32_t imgH = c.singleLineCopy ? 1u : in.p.vertSize;
  const uint32_t top = in.p.topPadSize, left = in.p.leftPadSize;
  const uint32_t w = in.p.horizSize;
  uint64_t padBits[4];
  for (int ch = 0; ch < 4; ++ch)
    padBits[ch] = aippOutBits(c.paddingValue[ch], in.type, 0);
  const uint64_t cPad = aippOutBits(c.cPaddingValue, in.type, 0);
  uint64_t vals[4];
  for (uint32_t row = 0; row < in.outH; ++row) {
    for (uint32_t col = 0; col < in.outW; ++col) {
      bool inside =
          row >= top && row < top + imgH && col >= left && col < left + w;
      if (inside || c.paddingMode == 1) {
        // Padding mode 1 replicates the nearest edge pixel.
        uint32_t iy = std::min(std::max(row, top), top + imgH - 1) - top;
        uint32_t ix = std::min(std::max(col, left), left + w - 1) - left;
        pixel(in, in.p.horizStartPos + ix, in.p.vertStartPos + iy, vals);
      } else {
        std::memcpy(vals, padBits, sizeof vals);
      }
      uint64_t pix = static_cast<uint64_t>(row) * in.outW + col;
      uint8_t *dst = staging + pix * in.slots * es;
      for (uint32_t s = 0; s < in.slots; ++s)
        storeBits(dst + s * es, in.type, s < in.channels ? vals[s] : cPad);
    }
  }
}

} // namespace ascsim

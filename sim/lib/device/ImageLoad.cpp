//===- device/ImageLoad.cpp - LoadImageToLocal ------------------*- C++ -*-===//
//
// Checks and issue of LoadImageToLocal: the image recorded by
// SetAippFunctions (device/SysControl.cpp) is loaded into an A1/B1 tensor
// in L1 by one MTE2 instruction whose result ops/AippEval.cpp computes.
//
//===----------------------------------------------------------------------===//

#include "device/Core.h"

#include "ops/AippOps.h"
#include "support/Fault.h"

#include <algorithm>

namespace ascsim {

namespace {
constexpr uint8_t kPosA1 = 1, kPosB1 = 3;

void checkRange(const char *field, uint32_t v, uint32_t lo, uint32_t hi,
                Loc loc) {
  if (v < lo || v > hi)
    fail("argument",
         std::string("load_image_to_local: '") + field + "' must be in [" +
             std::to_string(lo) + ", " + std::to_string(hi) + "], got " +
             std::to_string(v),
         loc);
}
} // namespace

void Core::loadImageToLocal(const Operand &dst, DType type, const ImageLoad &p,
                            Loc loc) {
  uint64_t seq = beginCall(loc);
  const char *api = "load_image_to_local";
  // The image lands in L1, which only the cube core (AIC) has.
  requireAic(api, loc);
  if (!sys_.aippSet)
    fail("argument",
         "load_image_to_local: no AIPP configuration on this core; call "
         "set_aipp_functions before loading an image",
         loc);
  if (dst.pos != kPosA1 && dst.pos != kPosB1) {
    requireBuffer(dst, "load_image_to_local", "destination", loc);
    fail("argument",
         std::string("load_image_to_local: the destination must be at "
                     "position A1 or B1 (L1), not ") +
             positionName(dst.pos),
         loc);
  }
  if (type != DType::I8 && type != DType::F16)
    fail("dtype",
         std::string("load_image_to_local: the destination holds ") +
             dtypeName(type) + "; LoadImageToLocal writes int8 or float16",
         loc);
  checkRange("horiz_size", p.horizSize, 2, 4095, loc);
  checkRange("vert_size", p.vertSize, 2, 4095, loc);
  checkRange("src_horiz_size", p.srcHorizSize, 2, 4095, loc);
  checkRange("top_pad_size", p.topPadSize, 0, 32, loc);
  checkRange("bot_pad_size", p.botPadSize, 0, 32, loc);
  checkRange("left_pad_size", p.leftPadSize, 0, 32, loc);
  checkRange("right_pad_size", p.rightPadSize, 0, 32, loc);
  if (static_cast<uint32_t>(p.horizStartPos) + p.horizSize > p.srcHorizSize)
    fail("argument",
         "load_image_to_local: columns [" + std::to_string(p.horizStartPos) +
             ", " + std::to_string(p.horizStartPos + p.horizSize) +
             ") (horiz_start_pos + horiz_size) lie beyond the source rows of "
             "src_horiz_size = " +
             std::to_string(p.srcHorizSize) + " pixels",
         loc);
  const AippConfig &c = sys_.aipp;
  if (c.dtcRoundMode > 1)
    fail("argument",
         "load_image_to_local: dtc_round_mode " +
             std::to_string(c.dtcRoundMode) +
             " is not supported; use 0 (round to nearest even) or 1 (round "
             "toward zero)",
         loc);
  if (c.paddingMode > 1)
    fail("argument",
         "load_image_to_local: padding_mode " + std::to_string(c.paddingMode) +
             " is not supported; use 0 (constant padding values) or 1 "
             "(replicate the edge pixels)",
         loc);
  if (c.cPaddingMode > 1)
    fail("argument",
         "load_image_to_local: c_padding_mode " +
             std::to_string(c.cPaddingMode) +
             " is not supported; use 0 (pad every pixel to 32 bytes) or 1 "
             "(pad to 4 channels)",
         loc);
  const auto format = static_cast<AippFormat>(c.inputFormat);
  if (format == AippFormat::Yuv420Sp && c.src1 == 0)
    fail("argument",
         "load_image_to_local: YUV420SP_U8 needs the UV plane as a second "
         "source: set_aipp_functions(src0, src1, ...)",
         loc);
  if (format == AippFormat::Yuv420Sp && p.srcHorizSize % 2 != 0)
    fail("argument",
         "load_image_to_local: YUV420SP_U8 rows hold U/V pairs; "
         "src_horiz_size must be even, got " +
             std::to_string(p.srcHorizSize),
         loc);

  auto ai = std::make_shared<AippInstr>();
  AippInstr &in = *ai;
  in.op = VecOp::Aipp;
  in.dt = in.st = type;
  in.form = MaskForm::None;
  in.loc = loc;
  in.cfg = c;
  in.p = p;
  in.type = type;
  in.channels = aippChannels(c.inputFormat);
  const uint32_t es = dtypeSize(type);
  in.slots = c.cPaddingMode == 1 ? 4 : 32 / es;
  const uint32_t imgH = c.singleLineCopy ? 1u : p.vertSize;
  in.outW = p.leftPadSize + p.horizSize + p.rightPadSize;
  in.outH = p.topPadSize + imgH + p.botPadSize;
  const uint64_t bytes =
      static_cast<uint64_t>(in.outW) * in.outH * in.slots * es;

  // The source rows read (hull of the crop) of each plane.
  const uint32_t bpp = aippBytesPerPixel(c.inputFormat);
  const uint64_t pitch = p.srcHorizSize;
  const uint64_t y0 = p.vertStartPos, y1 = y0 + imgH - 1;
  const uint64_t x0 = p.horizStartPos, x1 = x0 + p.horizSize;
  Access srcAccess{api, "source image", false, DType::U8, false};
  const uint64_t off0 = (y0 * pitch + x0) * bpp;
  const uint64_t len0 = ((y1 * pitch + x1) * bpp) - off0;
  const uint8_t *read0 =
      mem_.resolve(Operand{c.src0, 0, 0}, off0, len0, srcAccess, loc);
  in.plane0 = read0 - off0;
  const uint8_t *read1 = nullptr;
  uint64_t len1 = 0;
  if (format == AippFormat::Yuv420Sp) {
    const uint64_t off1 = (y0 / 2) * pitch + (x0 / 2) * 2;
    len1 = (y1 / 2) * pitch + ((x1 - 1) / 2) * 2 + 2 - off1;
    Access uvAccess{api, "UV plane", false, DType::U8, false};
    read1 = mem_.resolve(Operand{c.src1, 0, 0}, off1, len1, uvAccess, loc);
    in.plane1 = read1 - off1;
  }
  Access dstAccess{api, "destination", true, type, true, /*allowL1=*/true};
  uint8_t *out = mem_.resolve(dst, 0, bytes, dstAccess, loc);

  in.out = out;
  in.dense = true;
  in.stagingBytes = bytes;
  in.segs.push_back({0, 0, bytes});
  uintptr_t o = reinterpret_cast<uintptr_t>(out);
  uintptr_t r = reinterpret_cast<uintptr_t>(read0);
  in.hulls[0] = {o, o + bytes};
  in.hulls[1] = {r, r + len0};
  in.hulls[2] = {0, 0};

  Instr instr;
  instr.kind = InstrKind::Work;
  instr.pipe = Pipe::MTE2;
  instr.site.seq = seq;
  instr.site.loc = loc;
  instr.site.name = api;
  // A GM -> local DMA of the larger of the bytes read and written.
  instr.cost = timing::gmToLocal(std::max(len0 + len1, bytes));
  instr.work.kind = WorkKind::Vector;
  instr.work.type = type;
  instr.work.dst = out;
  instr.work.vec = ai;
  const std::initializer_list<Use> uses = {{read0, len0, false, "source image"},
                                           {read1, len1, false, "UV plane"},
                                           {out, bytes, true, "destination"}};
  track(instr.pipe, api, loc, uses);
  raceFootprint(instr.fp, uses);
  issue(std::move(instr));
}

namespace abi {
void loadImageToLocal(const Operand &dst, DType type, const ImageLoad &params,
                      Loc loc) {
  currentCore().loadImageToLocal(dst, type, params, loc);
}
} // namespace abi

} // namespace ascsim

//===- ImageLoadTest.cpp - L1 and LoadImageToLocal --------------*- C++ -*-===//
//
// kernels/image_load.cpp on the simulator: a LoadImageToLocal result read
// back with DumpTensor of the A1 tensor (exact text), TQue<A1> with a GM ->
// L1 DataCopy, L1 capacity, and the error messages with their lines.
//
//===----------------------------------------------------------------------===//

#include "ascsim/runtime.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace ascsim;

namespace {

LaunchResult run(int mode, std::vector<uint8_t> &img) {
  std::string error;
  std::unique_ptr<Kernel> k = Kernel::load(ASCSIM_KERNEL_IMAGE_LOAD, error);
  EXPECT_TRUE(k) << error;
  if (!k)
    return {};
  LaunchConfig c;
  c.host_threads = 1;
  uint64_t a = reinterpret_cast<uint64_t>(img.data());
  return k->launch(1, {a, static_cast<uint64_t>(mode)},
                   {{a, img.size(), "img"}}, c);
}

std::vector<uint8_t> image() {
  std::vector<uint8_t> v(64);
  for (int i = 0; i < 64; ++i)
    v[i] = static_cast<uint8_t>(i);
  return v;
}

void expectError(int mode, const char *category, const std::string &message,
                 unsigned line) {
  std::vector<uint8_t> img = image();
  LaunchResult r = run(mode, img);
  ASSERT_EQ(r.diagnostics.size(), 1u);
  const Diagnostic &d = r.diagnostics[0];
  EXPECT_EQ(d.category, category);
  EXPECT_EQ(d.message, message);
  EXPECT_EQ(d.file, "image.py");
  EXPECT_EQ(d.line, line);
}

} // namespace

TEST(ImageLoad, XrgbSwapsDtcPaddingIntoA1) {
  std::vector<uint8_t> img = image();
  LaunchResult r = run(0, img);
  ASSERT_TRUE(r.diagnostics.empty()) << r.diagnostics[0].message;
  // 3 x 3 pixels of 4 channels: a padding row, then source rows 0 and 1
  // (columns 1 and 2) and a padding column. Pixel bytes b0..b3 with the AX
  // swap are R G B X; the RB swap gives (b2, b1, b0, b3); dtc: ch0 - 1,
  // ch1 * 0.5, ch2 - 0.25 (toward zero, exact here). float16 prints with
  // its 3 significant digits: 10 is "1e+01" (docs/debugging.md).
  ASSERT_EQ(r.output.size(), 1u);
  EXPECT_EQ(r.output[0].second,
            "[block 0] DumpHead: block_idx=0, core_type=AIC, total_blocks=1\n"
            "[block 0] DumpTensor: desc=3, addr=0x400, data_type=float16, "
            "position=A1, dump_size=36\n"
            "[block 0] [0] 7, 8, 9, 1e+01, 7, 8, 9, 1e+01\n"
            "[block 0] [8] 7, 8, 9, 1e+01, 5, 2.5, 3.75, 7\n"
            "[block 0] [16] 9, 4.5, 7.75, 11, 7, 8, 9, 1e+01\n"
            "[block 0] [24] 17, 8.5, 15.75, 19, 21, 10.5, 19.75, 23\n"
            "[block 0] [32] 7, 8, 9, 1e+01\n");
}

TEST(ImageLoad, TQueA1DataCopy) {
  std::vector<uint8_t> img = image();
  LaunchResult r = run(5, img);
  ASSERT_TRUE(r.diagnostics.empty()) << r.diagnostics[0].message;
  EXPECT_EQ(r.output[0].second,
            "[block 0] DumpHead: block_idx=0, core_type=AIC, total_blocks=1\n"
            "[block 0] DumpTensor: desc=4, addr=0x0, data_type=uint8, "
            "position=A1, dump_size=8\n"
            "[block 0] [0] 0, 1, 2, 3, 4, 5, 6, 7\n");
}

TEST(ImageLoad, Errors) {
  expectError(1, "argument",
              "load_image_to_local: no AIPP configuration on this core; call "
              "set_aipp_functions before loading an image",
              20);
  expectError(2, "argument",
              "load_image_to_local: the destination must be at position A1 "
              "or B1 (L1), not VECIN",
              30);
  expectError(3, "dtype",
              "load_image_to_local: the destination holds float32; "
              "LoadImageToLocal writes int8 or float16",
              40);
  expectError(4, "capacity",
              "init_buffer of 1 buffer of 262144 bytes needs 262144 bytes of "
              "L1 at offset 262144 (after the earlier init_buffer calls), "
              "ending at byte 524288, beyond the L1 capacity of 524160 bytes",
              50);
  expectError(6, "capacity",
              "LocalTensor of 524160 elements (524160 bytes) at L1 address "
              "32 ends at byte 524192, beyond the L1 capacity of 524160 bytes",
              60);
}

//===- vec_cmpmask.cpp - The CMPMASK register, configured from GM -*- C++ -*-//
//
// CmpMaskTest.cpp runs every case through this kernel: it reads a descriptor
// from GM, loads the UB operands A (src0), B (src1), D (dst, old contents) and
// E (256 bytes: [0, 32) the source of SetCmpMask, [32, 128) selection bits,
// [128, 256) the GetCmpMask destination), runs one scenario and stores D and
// E back. Descriptor (int64 words):
//   0 scenario, 1 DType, 2 CMPMODE, 3 mask form (0 continuous, 1 bits,
//   2 register), 4 mask0, 5 mask1, 6 repeat, 7-12 dst/src0/src1 block
//   strides then dst/src0/src1 repeat strides, 13 scalar bits,
//   14-16 bytes of A, B, D.
//
//===----------------------------------------------------------------------===//

#include "common.h"

using ascsim::DType;

namespace {

enum Scenario {
  kCompareGet = 0,  // Compare into CMPMASK, GetCmpMask
  kSetGet,          // SetCmpMask, GetCmpMask
  kSelectBits,      // SetCmpMask(bits), Select<T, VSEL_CMPMASK_SPR>
  kSelectAddress,   // SetCmpMask(address), Select<T, VSEL_TENSOR_TENSOR_MODE>
  kSelectScalar,    // SetCmpMask(scalar), Select(dst, selMask, src0, ...)
  kCompareSelect,   // Compare into CMPMASK, Select<T, VSEL_CMPMASK_SPR>
  kSelectLoads,     // Select count form mode 1, GetCmpMask
  kSetMisaligned,   // SetCmpMask of an 8-byte aligned view
  kGetSmall,        // GetCmpMask into 64 bytes
  kAddressOutside,  // Select mode 2 with an address outside the UB
  kModeMismatch,    // Select count form, tensor src1, VSEL_TENSOR_SCALAR_MODE
  kCompareInt32Lt,  // Compare into CMPMASK, int32, CMPMODE::LT
  kGetUnsynced,     // GetCmpMask, then MTE3 reads it without a flag
  kScalarMode,      // Select count form, scalar src1, VSEL_CMPMASK_SPR
  kAddressOdd,      // Select mode 2 with an address not 32-byte aligned
};

struct Cfg {
  int64_t w[24];
  int64_t scenario() const { return w[0]; }
  DType dt() const { return static_cast<DType>(w[1]); }
  AC::CMPMODE cmp() const { return static_cast<AC::CMPMODE>(w[2]); }
  int64_t form() const { return w[3]; }
  uint64_t mask0() const { return static_cast<uint64_t>(w[4]); }
  uint64_t mask1() const { return static_cast<uint64_t>(w[5]); }
  int32_t repeat() const { return static_cast<int32_t>(w[6]); }
  AC::BinaryRepeatParams brp() const {
    AC::BinaryRepeatParams p;
    p.dstBlkStride = static_cast<uint8_t>(w[7]);
    p.src0BlkStride = static_cast<uint8_t>(w[8]);
    p.src1BlkStride = static_cast<uint8_t>(w[9]);
    p.dstRepStride = static_cast<uint8_t>(w[10]);
    p.src0RepStride = static_cast<uint8_t>(w[11]);
    p.src1RepStride = static_cast<uint8_t>(w[12]);
    return p;
  }
  uint64_t scalar() const { return static_cast<uint64_t>(w[13]); }
};

template <class T> T scalarOf(uint64_t bits) {
  T v;
  __builtin_memcpy(static_cast<void *>(&v), &bits, sizeof(T));
  return v;
}

template <class T>
void compareIntoRegister(const Cfg &c, const AC::LocalTensor<T> &a,
                         const AC::LocalTensor<T> &b) {
  AC::BinaryRepeatParams p = c.brp();
  uint64_t m[2] = {c.mask0(), c.mask1()};
  if (c.form() == 0) {
    AC::Compare<T, true>(a, b, c.cmp(), c.mask0(), p);
  } else if (c.form() == 1) {
    AC::Compare<T, true>(a, b, c.cmp(), m, p);
  } else {
    AC::Compare<T, false>(a, b, c.cmp(), AC::MASK_PLACEHOLDER, p);
  }
}

template <class T>
void run(const Cfg &c, uint32_t offA, uint32_t offB, uint32_t offD,
         uint32_t offE) {
  AC::LocalTensor<T> a(TPosition::VECIN, offA,
                       static_cast<uint32_t>(c.w[14] / sizeof(T)));
  AC::LocalTensor<T> b(TPosition::VECIN, offB,
                       static_cast<uint32_t>(c.w[15] / sizeof(T)));
  AC::LocalTensor<T> d(TPosition::VECOUT, offD,
                       static_cast<uint32_t>(c.w[16] / sizeof(T)));
  AC::LocalTensor<uint8_t> e(TPosition::VECIN, offE, 256);
  AC::LocalTensor<uint8_t> bits = e[32];
  AC::LocalTensor<uint16_t> out = e[128].template ReinterpretCast<uint16_t>();
  AC::BinaryRepeatParams p = c.brp();
  const int32_t r = c.repeat();
  auto vectorMask = [&] { AC::SetVectorMask<T>(c.mask1(), c.mask0()); };
  switch (c.scenario()) {
  case kCompareGet:
    compareIntoRegister(c, a, b);
    AC::GetCmpMask(out);
    break;
  case kSetGet:
    AC::SetCmpMask(e.template ReinterpretCast<uint32_t>());
    AC::GetCmpMask(out);
    break;
  case kSelectBits:
    AC::SetCmpMask(e);
    vectorMask();
    AC::Select<T, AC::SELMODE::VSEL_CMPMASK_SPR>(d, a, b, r, p);
    AC::ResetMask();
    break;
  case kSelectAddress:
  case kAddressOutside:
  case kAddressOdd: {
    AC::LocalTensor<uint64_t> addr = e.template ReinterpretCast<uint64_t>();
    AC::SetFlag<HardEvent::MTE2_S>(0); // E was loaded by MTE2
    AC::WaitFlag<HardEvent::MTE2_S>(0);
    addr.SetValue(0, c.scenario() == kAddressOutside ? 0x7FFFFFE0ull
                     : c.scenario() == kAddressOdd
                         ? static_cast<uint64_t>(bits.GetPhyAddr()) + 8
                         : static_cast<uint64_t>(bits.GetPhyAddr()));
    AC::SetFlag<HardEvent::S_V>(0);
    AC::WaitFlag<HardEvent::S_V>(0);
    AC::SetCmpMask(addr);
    vectorMask();
    AC::Select<T, AC::SELMODE::VSEL_TENSOR_TENSOR_MODE>(d, a, b, r, p);
    AC::ResetMask();
    break;
  }
  case kSelectScalar:
    AC::SetCmpMask(e);
    vectorMask();
    AC::Select(d, bits, a, r, p);
    AC::ResetMask();
    break;
  case kCompareSelect:
    compareIntoRegister(c, a, b);
    vectorMask();
    AC::Select<T, AC::SELMODE::VSEL_CMPMASK_SPR>(d, a, b, r, p);
    AC::ResetMask();
    AC::GetCmpMask(out);
    break;
  case kSelectLoads:
    AC::Select(d, bits, a, scalarOf<T>(c.scalar()),
               AC::SELMODE::VSEL_TENSOR_SCALAR_MODE,
               static_cast<uint32_t>(256 / sizeof(T)));
    AC::GetCmpMask(out);
    break;
  case kSetMisaligned:
    AC::SetCmpMask(e[8]);
    break;
  case kGetSmall: {
    AC::LocalTensor<uint8_t> small(TPosition::VECIN, offE + 128, 64);
    AC::GetCmpMask(small);
    break;
  }
  case kModeMismatch:
    AC::Select(d, bits, a, b, AC::SELMODE::VSEL_TENSOR_SCALAR_MODE,
               static_cast<uint32_t>(256 / sizeof(T)));
    break;
  case kScalarMode:
    AC::Select(d, bits, a, scalarOf<T>(c.scalar()),
               AC::SELMODE::VSEL_CMPMASK_SPR,
               static_cast<uint32_t>(256 / sizeof(T)));
    break;
  case kCompareInt32Lt:
    AC::Compare<T, true>(a, b, AC::CMPMODE::LT, 64, p);
    break;
  default:
    break;
  }
}

} // namespace

extern "C" __global__ __aicore__ void kernel(__gm__ int64_t *cfgp, __gm__ uint8_t *in0, __gm__ uint8_t *in1, __gm__ uint8_t *in2, __gm__ uint8_t *out, __gm__ uint8_t *outE) {
  AC::GlobalTensor<int64_t> cg;
  cg.SetGlobalBuffer(cfgp, 24);
  Cfg c;
  for (int i = 0; i < 24; ++i)
    c.w[i] = cg.GetValue(i);
  uint32_t sa = static_cast<uint32_t>(c.w[14]), sb = static_cast<uint32_t>(c.w[15]),
           sd = static_cast<uint32_t>(c.w[16]), se = 256;
  DriverOperands ops(in0, in1, in2, out, outE, sa, sb, sd, se);
  const uint32_t offA = ops.offA, offB = ops.offB, offD = ops.offD,
                 offE = ops.offE;
  if (c.scenario() == kGetUnsynced) { // only V -> MTE3 is left unordered
    AC::SetFlag<HardEvent::MTE2_MTE3>(0);
    AC::WaitFlag<HardEvent::MTE2_MTE3>(0);
    AC::GetCmpMask(ops.ue[128]);
    AC::DataCopy(ops.ge, ops.ue, se);
    return;
  }
  switch (c.dt()) {
  case DType::F16: run<half>(c, offA, offB, offD, offE); break;
  case DType::F32: run<float>(c, offA, offB, offD, offE); break;
  case DType::I32: run<int32_t>(c, offA, offB, offD, offE); break;
  default: break;
  }
  ops.storeBack();
}

extern "C" void ascsim_entry(const uint64_t *a) {
  kernel(ascsim::arg<__gm__ int64_t *>(a[0]), ascsim::arg<__gm__ uint8_t *>(a[1]), ascsim::arg<__gm__ uint8_t *>(a[2]), ascsim::arg<__gm__ uint8_t *>(a[3]), ascsim::arg<__gm__ uint8_t *>(a[4]), ascsim::arg<__gm__ uint8_t *>(a[5]));
}

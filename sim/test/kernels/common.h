//===- common.h - Shared test kernel pieces ---------------------*- C++ -*-===//
//
// Every test kernel includes kernel_operator.h first, like an emitted kernel.
// `AC` shortens the namespace in these hand-written files only.
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_TEST_KERNELS_COMMON_H
#define ASCSIM_TEST_KERNELS_COMMON_H

#include "kernel_operator.h"
#include "ascsim_entry.h"

namespace AC = AscendC;
using AscendC::HardEvent;
using AscendC::TPosition;

/// The UB operands of the vector driver kernels: A (src0), B (src1), D (the
/// destination with its old contents) and E (a further operand) back to back
/// from UB address 0, loaded from GM by the constructor (which waits for them
/// on PIPE_V); storeBack() writes D and E back.
struct DriverOperands {
  uint32_t sa, sb, sd, se;
  uint32_t offA = 0, offB, offD, offE;
  AC::GlobalTensor<uint8_t> go, ge;
  AC::LocalTensor<uint8_t> ud, ue;

  DriverOperands(__gm__ uint8_t *in0, __gm__ uint8_t *in1, __gm__ uint8_t *in2,
                 __gm__ uint8_t *out, __gm__ uint8_t *outE, uint32_t sa,
                 uint32_t sb, uint32_t sd, uint32_t se)
      : sa(sa), sb(sb), sd(sd), se(se), offB(sa), offD(sa + sb),
        offE(sa + sb + sd), ud(TPosition::VECOUT, offD, sd),
        ue(TPosition::VECIN, offE, se) {
    AC::GlobalTensor<uint8_t> g0, g1, g2;
    g0.SetGlobalBuffer(in0, sa);
    g1.SetGlobalBuffer(in1, sb);
    g2.SetGlobalBuffer(in2, se);
    go.SetGlobalBuffer(out, sd);
    ge.SetGlobalBuffer(outE, se);
    AC::LocalTensor<uint8_t> ua(TPosition::VECIN, offA, sa),
        ub(TPosition::VECIN, offB, sb);
    AC::DataCopy(ua, g0, sa);
    AC::DataCopy(ub, g1, sb);
    AC::DataCopy(ud, go, sd);
    AC::DataCopy(ue, g2, se);
    AC::SetFlag<HardEvent::MTE2_V>(0);
    AC::WaitFlag<HardEvent::MTE2_V>(0);
  }

  void storeBack() {
    AC::SetFlag<HardEvent::V_MTE3>(0);
    AC::WaitFlag<HardEvent::V_MTE3>(0);
    AC::DataCopy(go, ud, sd);
    AC::DataCopy(ge, ue, se);
  }
};

#endif // ASCSIM_TEST_KERNELS_COMMON_H

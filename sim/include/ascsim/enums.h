//===- ascsim/enums.h - Qualifiers, enums, constants ------------*- C++ -*-===//
//
// The compiler qualifiers (defined empty for the host compiler), the global
// built-in enums (pipe_t, event_t) and the AscendC enumerations and constants
// the simulator supports, with the values of the A2/A3 (NPU_ARCH 2201) API.
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_ENUMS_H
#define ASCSIM_ENUMS_H

#include <cstdint>

//===----------------------------------------------------------------------===//
// Qualifiers and macros
//===----------------------------------------------------------------------===//

#ifndef __NPU_ARCH__
#define __NPU_ARCH__ 2201
#endif

#define __global__
#define __aicore__
#define __gm__
#define __ubuf__
#define __cbuf__
#define __ca__
#define __cb__
#define __cc__
#define __fbuf__
#define __ssbuf__
#define __vector__
#define __cube__
#define __mix__(a, b)
#define __schedmode__(m)
#define __BLOCK_LOCAL__ thread_local
#define GM_ADDR __gm__ uint8_t *

#define KERNEL_TASK_TYPE_DEFAULT(value)
#define KERNEL_TASK_TYPE(key, value)

//===----------------------------------------------------------------------===//
// Built-in global enums
//===----------------------------------------------------------------------===//

enum pipe_t {
  PIPE_S = 0,
  PIPE_V,
  PIPE_M,
  PIPE_MTE1,
  PIPE_MTE2,
  PIPE_MTE3,
  PIPE_ALL,
  PIPE_MTE4,
  PIPE_MTE5,
  PIPE_V2,
  PIPE_FIX,
};

enum event_t {
  EVENT_ID0 = 0,
  EVENT_ID1,
  EVENT_ID2,
  EVENT_ID3,
  EVENT_ID4,
  EVENT_ID5,
  EVENT_ID6,
  EVENT_ID7,
};

namespace AscendC {

//===----------------------------------------------------------------------===//
// Core types
//===----------------------------------------------------------------------===//

constexpr int32_t MIX = 0;
constexpr int32_t AIC = 1;
constexpr int32_t AIV = 2;

} // namespace AscendC

/// The type of the core running the code. As in the CANN CPU build it is a
/// runtime value (ascendc_api.md §1.2): the simulated core's type, read from
/// the library (ascsim/sys_abi.h; every simulated core is AscendC::AIV
/// today). Defining ASCSIM_CORE_TYPE makes it a compile-time constant, as in
/// an NPU binary built for one core type.
#ifdef ASCSIM_CORE_TYPE
constexpr int32_t g_coreType = ASCSIM_CORE_TYPE;
#else
#define g_coreType (::ascsim::abi::coreType())
#endif

#define ASCEND_IS_AIV (g_coreType == AscendC::AIV)
#define ASCEND_IS_AIC (g_coreType == AscendC::AIC)
#define ASCEND_IS_NOT_AIV (g_coreType != AscendC::AIV)
#define ASCEND_IS_NOT_AIC (g_coreType != AscendC::AIC)

namespace AscendC {

//===----------------------------------------------------------------------===//
// Enumerations
//===----------------------------------------------------------------------===//

enum class TPosition : uint8_t {
  GM = 0,
  A1,
  A2,
  B1,
  B2,
  C1,
  C2,
  CO1,
  CO2,
  VECIN,
  VECOUT,
  VECCALC,
  LCM = VECCALC,
  SPM,
  SHM = SPM,
  TSCM,
  C2PIPE2GM,
  C2PIPE2LOCAL,
  MAX,
};

/// Hardware sync events, "SRC_DST" (source pipe, destination pipe).
enum class HardEvent : uint8_t {
  MTE2_MTE1 = 0,
  MTE1_MTE2,
  MTE1_M,
  M_MTE1,
  MTE2_V,
  V_MTE2,
  MTE3_V,
  V_MTE3,
  M_V,
  V_M,
  V_V,
  MTE3_MTE1,
  MTE1_MTE3,
  MTE1_V,
  MTE2_M,
  M_MTE2,
  V_MTE1,
  M_FIX,
  FIX_M,
  MTE3_MTE2,
  MTE2_MTE3,
  S_V,
  V_S,
  S_MTE2,
  MTE2_S,
  S_MTE3,
  MTE3_S,
  MTE2_FIX,
  FIX_MTE2,
  FIX_S,
  M_S,
  FIX_MTE3,
  MTE1_FIX,
  FIX_MTE1,
  FIX_FIX,
  MAX,
};

enum class Hardware : uint8_t {
  GM = 0,
  UB,
  L1,
  L0A,
  L0B,
  L0C,
  BIAS,
  FIXBUF,
  MAX
};

using TEventID = int8_t;
using TTagType = int32_t;
using TBufHandle = uint8_t *;

/// State of a queue buffer (TQue::GetState).
enum class TBufState : uint8_t { FREE = 0, OCCUPIED, ENQUE, DEQUE };

//===----------------------------------------------------------------------===//
// Constants (A2/A3 values)
//===----------------------------------------------------------------------===//

constexpr uint16_t ONE_BLK_SIZE = 32;
constexpr uint32_t DEFAULT_C0_SIZE = 32;
constexpr uint32_t BLOCK_CUBE = 16;
constexpr uint32_t ONE_REPEAT_BYTE_SIZE = 256;
constexpr uint32_t DEFAULT_BLK_NUM = 8;
constexpr uint16_t DEFAULT_BLK_STRIDE = 1;
constexpr uint8_t DEFAULT_REPEAT_STRIDE = 8;
constexpr uint32_t MAX_REPEAT_TIMES = 255;
constexpr uint64_t FULL_MASK = ~0ull;
constexpr uint32_t TOTAL_UB_SIZE = 192 * 1024;
constexpr uint32_t TOTAL_VEC_LOCAL_SIZE = 184 * 1024;
constexpr uint32_t TMP_UB_OFFSET = 184 * 1024;
constexpr uint32_t TMP_UB_SIZE = 8 * 1024;
constexpr uint32_t TOTAL_L1_SIZE = 512 * 1024 - 128;
constexpr uint32_t TOTAL_L0A_SIZE = 64 * 1024;
constexpr uint32_t TOTAL_L0B_SIZE = 64 * 1024;
constexpr uint32_t TOTAL_L0C_SIZE = 128 * 1024;
constexpr uint32_t CACHE_LINE_SIZE = 64;
constexpr int32_t QUE_MAX_EVENT = 8;
constexpr int32_t QBUF_MAX_LEN = 64;

} // namespace AscendC

#endif // ASCSIM_ENUMS_H

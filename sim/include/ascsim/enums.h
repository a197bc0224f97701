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

// pipe_t and the AscendC enums below come from the dialect's enums
// (include/ascir/Dialect/Asc/IR/AscAttrs.td), generated.
#include "ascsim/gen/Enums.h"
#include "ascsim/gen/Hardware.h"

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
/// the library (ascsim/sys_abi.h; AscendC::AIV or AscendC::AIC, as the
/// kernel type says). Defining ASCSIM_CORE_TYPE makes it a compile-time
/// constant, as in an NPU binary built for one core type.
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

using TEventID = int8_t;
using TTagType = int32_t;
using TBufHandle = uint8_t *;

/// GlobalTensor::SetL2CacheHint modes (ascendc_api.md §3.23: the Ascend C
/// values; pyasc's Python enum numbers them differently).
enum CacheMode : uint8_t {
  CACHE_MODE_DISABLE = 0,
  CACHE_MODE_NORMAL = 1,
  CACHE_MODE_LAST = 2,
  CACHE_MODE_PERSISTENT = 4,
};
/// The access kind a cache hint is for (reserved on A2/A3).
enum class CacheRwMode : uint8_t { READ = 1, WRITE = 2, RW = 3 };

/// State of a queue buffer (TQue::GetState).
enum class TBufState : uint8_t { FREE = 0, OCCUPIED, ENQUE, DEQUE };

//===----------------------------------------------------------------------===//
// Constants (A2/A3 values)
//===----------------------------------------------------------------------===//

// From the hardware table (AscHardware.td, ascsim/gen/Hardware.h).
constexpr uint16_t ONE_BLK_SIZE = ::ascsim::hw::kBlockBytes;
constexpr uint32_t DEFAULT_C0_SIZE = ::ascsim::hw::kBlockBytes;
constexpr uint32_t BLOCK_CUBE = 16;
constexpr uint32_t ONE_REPEAT_BYTE_SIZE = ::ascsim::hw::kRepeatBytes;
constexpr uint32_t DEFAULT_BLK_NUM =
    ::ascsim::hw::kRepeatBytes / ::ascsim::hw::kBlockBytes;
constexpr uint16_t DEFAULT_BLK_STRIDE = 1;
constexpr uint8_t DEFAULT_REPEAT_STRIDE = DEFAULT_BLK_NUM;
constexpr uint32_t MAX_REPEAT_TIMES = ::ascsim::hw::kMaxRepeat;
constexpr uint64_t FULL_MASK = ~0ull;
constexpr uint32_t TOTAL_UB_SIZE =
    ::ascsim::hw::usableBytes(::ascsim::hw::kMemUB);
constexpr uint32_t TMP_UB_SIZE = ::ascsim::hw::kTmpUbBytes;
constexpr uint32_t TOTAL_VEC_LOCAL_SIZE = TOTAL_UB_SIZE - TMP_UB_SIZE;
constexpr uint32_t TMP_UB_OFFSET = TOTAL_VEC_LOCAL_SIZE;
constexpr uint32_t TOTAL_L1_SIZE =
    ::ascsim::hw::usableBytes(::ascsim::hw::kMemL1);
constexpr uint32_t TOTAL_L0A_SIZE =
    ::ascsim::hw::usableBytes(::ascsim::hw::kMemL0A);
constexpr uint32_t TOTAL_L0B_SIZE =
    ::ascsim::hw::usableBytes(::ascsim::hw::kMemL0B);
constexpr uint32_t TOTAL_L0C_SIZE =
    ::ascsim::hw::usableBytes(::ascsim::hw::kMemL0C);
constexpr uint32_t CACHE_LINE_SIZE = ::ascsim::hw::kCacheLineBytes;
constexpr int32_t QUE_MAX_EVENT = ::ascsim::hw::kFlagIds;
constexpr int32_t QBUF_MAX_LEN = 64;

} // namespace AscendC

#endif // ASCSIM_ENUMS_H

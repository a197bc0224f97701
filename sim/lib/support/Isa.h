//===- support/Isa.h - Names and tables of the modelled ISA -----*- C++ -*-===//
//
// Pipes, events, positions and element types as the simulator sees them, with
// the user-facing spelling of each (used in every diagnostic). Depends on
// nothing but the kernel ABI header.
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_SUPPORT_ISA_H
#define ASCSIM_SUPPORT_ISA_H

#include "ascsim/abi.h"
#include "ascsim/gen/Hardware.h"

#include <cstdint>
#include <optional>
#include <string>

namespace ascsim {

/// Physical pipes (the order is the scheduler's tie-break order).
enum class Pipe : uint8_t { S = 0, V, M, MTE1, MTE2, MTE3, FIX };
constexpr int kNumPipes = 7;

/// Short name: "S", "V", "MTE2", ...
const char *pipeName(Pipe p);
/// Maps a pipe_t value to a physical pipe (nullopt for PIPE_ALL and pipes
/// that A2/A3 do not have).
std::optional<Pipe> pipeFromPipeT(uint8_t pipeT);
/// "PIPE_V", "PIPE_ALL", ... for a pipe_t value.
const char *pipeTName(uint8_t pipeT);

/// Static facts of one AscendC::HardEvent.
struct EventInfo {
  const char *name; // "MTE2_V"
  Pipe src;
  Pipe dst;
  bool onAiv; // valid on a 2201 vector core
};
constexpr int kNumEvents = 35;
constexpr int kNumEventIds = 8;
/// nullptr when `event` is not a HardEvent value below MAX.
const EventInfo *eventInfo(uint8_t event);
/// The HardEvent whose set_flag in `src` and wait_flag in `dst` order the two
/// pipes (the first in HardEvent order), or nullptr when there is none.
const EventInfo *eventBetween(Pipe src, Pipe dst);
/// Comma-separated list of the events valid on a vector core.
std::string aivEventList();

/// Physical memory of an AscendC::TPosition on 2201.
enum class Mem : uint8_t { GM, UB, L1, L0A, L0B, L0C, BT, FB, Invalid };
/// (Inline, like dtypeSize: both are asked several times per instruction.)
inline Mem memOfPosition(uint8_t pos) {
  return pos < hw::kNumPositions ? static_cast<Mem>(hw::kPositionMemory[pos])
                                 : Mem::Invalid;
}
const char *memName(Mem m);
const char *positionName(uint8_t pos);

/// numpy-style name ("float32") and byte size of an element type.
const char *dtypeName(DType t);
inline uint32_t dtypeSize(DType t) {
  switch (t) {
  case DType::Bool:
  case DType::I8:
  case DType::U8:
    return 1;
  case DType::I16:
  case DType::U16:
  case DType::F16:
  case DType::BF16:
    return 2;
  case DType::I32:
  case DType::U32:
  case DType::F32:
    return 4;
  case DType::I64:
  case DType::U64:
  case DType::F64:
    return 8;
  }
  return 1;
}
/// addr % align != 0, without a division for the power-of-two alignments
/// (element sizes, blocks) that the hot paths check.
inline bool misaligned(uint64_t addr, uint64_t align) {
  return (align & (align - 1)) == 0 ? (addr & (align - 1)) != 0
                                    : addr % align != 0;
}

/// "file:line" of a location ("<unknown>" when absent).
std::string formatLoc(Loc loc);

} // namespace ascsim

#endif // ASCSIM_SUPPORT_ISA_H

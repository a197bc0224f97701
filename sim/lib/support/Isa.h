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
/// Comma-separated list of the events valid on a vector core.
std::string aivEventList();

/// Physical memory of an AscendC::TPosition on 2201.
enum class Mem : uint8_t { GM, UB, L1, L0A, L0B, L0C, BT, FB, Invalid };
Mem memOfPosition(uint8_t pos);
const char *memName(Mem m);
const char *positionName(uint8_t pos);

/// numpy-style name ("float32") and byte size of an element type.
const char *dtypeName(DType t);
uint32_t dtypeSize(DType t);

/// "file:line" of a location ("<unknown>" when absent).
std::string formatLoc(Loc loc);

} // namespace ascsim

#endif // ASCSIM_SUPPORT_ISA_H

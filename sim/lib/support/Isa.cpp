//===- support/Isa.cpp - Names and tables of the modelled ISA ---*- C++ -*-===//

#include "support/Isa.h"

#include "ascsim/gen/Enums.h"
#include "ascsim/gen/Hardware.h"

#include <array>

namespace ascsim {

const char *pipeName(Pipe p) {
  static const char *const kNames[kNumPipes] = {"S",    "V",    "M",  "MTE1",
                                                "MTE2", "MTE3", "FIX"};
  return kNames[static_cast<int>(p)];
}

std::optional<Pipe> pipeFromPipeT(uint8_t pipeT) {
  switch (pipeT) {
  case PIPE_S:
    return Pipe::S;
  case PIPE_V:
    return Pipe::V;
  case PIPE_M:
    return Pipe::M;
  case PIPE_MTE1:
    return Pipe::MTE1;
  case PIPE_MTE2:
    return Pipe::MTE2;
  case PIPE_MTE3:
    return Pipe::MTE3;
  case PIPE_FIX:
    return Pipe::FIX;
  default: // PIPE_ALL, and pipes A2/A3 do not have
    return std::nullopt;
  }
}

const char *pipeTName(uint8_t pipeT) {
  static const auto names = [] {
    std::array<std::string, std::size(hw::kPipeNames)> n;
    for (size_t i = 0; i < n.size(); ++i)
      n[i] = std::string("PIPE_") + hw::kPipeNames[i];
    return n;
  }();
  return pipeT < names.size() ? names[pipeT].c_str() : "PIPE_?";
}

namespace {
/// The physical pipe of a pipe_t value (the hardware table's event pipes).
Pipe physical(uint8_t pipeT) {
  std::optional<Pipe> p = pipeFromPipeT(pipeT);
  return p ? *p : Pipe::S;
}

/// The event table with physical pipes, built once from the hardware facts
/// (ascsim/gen/Hardware.h: AscendC::HardEvent order, pipes from the names).
struct EventTable {
  EventInfo events[kNumEvents];
  EventTable() {
    static_assert(hw::kNumEvents == kNumEvents, "HardEvent count");
    for (int i = 0; i < kNumEvents; ++i) {
      const hw::EventFacts &e = hw::kEvents[i];
      events[i] = {e.name, physical(e.src), physical(e.dst), e.aiv};
    }
  }
};
const EventTable &eventTable() {
  static const EventTable table;
  return table;
}
} // namespace

const EventInfo *eventInfo(uint8_t event) {
  return event < kNumEvents ? &eventTable().events[event] : nullptr;
}

const EventInfo *eventBetween(Pipe src, Pipe dst) {
  for (const EventInfo &e : eventTable().events)
    if (e.src == src && e.dst == dst)
      return &e;
  return nullptr;
}

std::string aivEventList() {
  std::string s;
  for (const EventInfo &e : eventTable().events) {
    if (!e.onAiv)
      continue;
    if (!s.empty())
      s += ", ";
    s += e.name;
  }
  return s;
}

const char *memName(Mem m) {
  // Display names of the memories, in AscendC::Hardware order.
  static const char *const kNames[] = {
      "GM",     "UB", "L1", "L0A", "L0B", "L0C", "BiasTable", "FixpipeBuffer",
      "invalid"};
  return kNames[static_cast<int>(m)];
}

const char *positionName(uint8_t pos) {
  return pos < hw::kNumPositions ? hw::kPositionNames[pos] : "invalid";
}

const char *dtypeName(DType t) {
  switch (t) {
  case DType::Bool:
    return "bool";
  case DType::I8:
    return "int8";
  case DType::U8:
    return "uint8";
  case DType::I16:
    return "int16";
  case DType::U16:
    return "uint16";
  case DType::I32:
    return "int32";
  case DType::U32:
    return "uint32";
  case DType::I64:
    return "int64";
  case DType::U64:
    return "uint64";
  case DType::F16:
    return "float16";
  case DType::BF16:
    return "bfloat16";
  case DType::F32:
    return "float32";
  case DType::F64:
    return "float64";
  }
  return "unknown";
}

std::string formatLoc(Loc loc) {
  if (!loc.file)
    return "<unknown>";
  return std::string(loc.file) + ":" + std::to_string(loc.line);
}

} // namespace ascsim

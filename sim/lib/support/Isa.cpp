//===- support/Isa.cpp - Names and tables of the modelled ISA ---*- C++ -*-===//

#include "support/Isa.h"

namespace ascsim {

const char *pipeName(Pipe p) {
  static const char *const kNames[kNumPipes] = {"S",    "V",    "M",  "MTE1",
                                                "MTE2", "MTE3", "FIX"};
  return kNames[static_cast<int>(p)];
}

std::optional<Pipe> pipeFromPipeT(uint8_t pipeT) {
  switch (pipeT) {
  case 0:
    return Pipe::S;
  case 1:
    return Pipe::V;
  case 2:
    return Pipe::M;
  case 3:
    return Pipe::MTE1;
  case 4:
    return Pipe::MTE2;
  case 5:
    return Pipe::MTE3;
  case 10:
    return Pipe::FIX;
  default:
    return std::nullopt;
  }
}

const char *pipeTName(uint8_t pipeT) {
  static const char *const kNames[] = {"PIPE_S",    "PIPE_V",    "PIPE_M",
                                       "PIPE_MTE1", "PIPE_MTE2", "PIPE_MTE3",
                                       "PIPE_ALL",  "PIPE_MTE4", "PIPE_MTE5",
                                       "PIPE_V2",   "PIPE_FIX"};
  return pipeT < sizeof(kNames) / sizeof(kNames[0]) ? kNames[pipeT] : "PIPE_?";
}

namespace {
using P = Pipe;
// Order and names of AscendC::HardEvent (hardware.md §3.2); the last column
// is the 2201 AIV subset (HardEventAiv).
const EventInfo kEvents[kNumEvents] = {
    {"MTE2_MTE1", P::MTE2, P::MTE1, false},
    {"MTE1_MTE2", P::MTE1, P::MTE2, false},
    {"MTE1_M", P::MTE1, P::M, false},
    {"M_MTE1", P::M, P::MTE1, false},
    {"MTE2_V", P::MTE2, P::V, true},
    {"V_MTE2", P::V, P::MTE2, true},
    {"MTE3_V", P::MTE3, P::V, true},
    {"V_MTE3", P::V, P::MTE3, true},
    {"M_V", P::M, P::V, false},
    {"V_M", P::V, P::M, false},
    {"V_V", P::V, P::V, true},
    {"MTE3_MTE1", P::MTE3, P::MTE1, false},
    {"MTE1_MTE3", P::MTE1, P::MTE3, false},
    {"MTE1_V", P::MTE1, P::V, false},
    {"MTE2_M", P::MTE2, P::M, false},
    {"M_MTE2", P::M, P::MTE2, false},
    {"V_MTE1", P::V, P::MTE1, false},
    {"M_FIX", P::M, P::FIX, false},
    {"FIX_M", P::FIX, P::M, false},
    {"MTE3_MTE2", P::MTE3, P::MTE2, true},
    {"MTE2_MTE3", P::MTE2, P::MTE3, true},
    {"S_V", P::S, P::V, true},
    {"V_S", P::V, P::S, true},
    {"S_MTE2", P::S, P::MTE2, true},
    {"MTE2_S", P::MTE2, P::S, true},
    {"S_MTE3", P::S, P::MTE3, true},
    {"MTE3_S", P::MTE3, P::S, true},
    {"MTE2_FIX", P::MTE2, P::FIX, false},
    {"FIX_MTE2", P::FIX, P::MTE2, false},
    {"FIX_S", P::FIX, P::S, false},
    {"M_S", P::M, P::S, false},
    {"FIX_MTE3", P::FIX, P::MTE3, false},
    {"MTE1_FIX", P::MTE1, P::FIX, false},
    {"FIX_MTE1", P::FIX, P::MTE1, false},
    {"FIX_FIX", P::FIX, P::FIX, false},
};
} // namespace

const EventInfo *eventInfo(uint8_t event) {
  return event < kNumEvents ? &kEvents[event] : nullptr;
}

std::string aivEventList() {
  std::string s;
  for (const EventInfo &e : kEvents) {
    if (!e.onAiv)
      continue;
    if (!s.empty())
      s += ", ";
    s += e.name;
  }
  return s;
}

Mem memOfPosition(uint8_t pos) {
  // TPosition: GM A1 A2 B1 B2 C1 C2 CO1 CO2 VECIN VECOUT VECCALC SPM TSCM
  // C2PIPE2GM C2PIPE2LOCAL
  static const Mem kMem[] = {
      Mem::GM, Mem::L1, Mem::L0A, Mem::L1, Mem::L0B, Mem::L1, Mem::BT, Mem::L0C,
      Mem::GM, Mem::UB, Mem::UB,  Mem::UB, Mem::GM,  Mem::L1, Mem::FB, Mem::FB};
  return pos < sizeof(kMem) / sizeof(kMem[0]) ? kMem[pos] : Mem::Invalid;
}

const char *memName(Mem m) {
  static const char *const kNames[] = {
      "GM",     "UB", "L1", "L0A", "L0B", "L0C", "BiasTable", "FixpipeBuffer",
      "invalid"};
  return kNames[static_cast<int>(m)];
}

const char *positionName(uint8_t pos) {
  static const char *const kNames[] = {
      "GM",  "A1",   "A2",        "B1",          "B2",     "C1",
      "C2",  "CO1",  "CO2",       "VECIN",       "VECOUT", "VECCALC",
      "SPM", "TSCM", "C2PIPE2GM", "C2PIPE2LOCAL"};
  return pos < sizeof(kNames) / sizeof(kNames[0]) ? kNames[pos] : "invalid";
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

uint32_t dtypeSize(DType t) {
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

std::string formatLoc(Loc loc) {
  if (!loc.file)
    return "<unknown>";
  return std::string(loc.file) + ":" + std::to_string(loc.line);
}

} // namespace ascsim

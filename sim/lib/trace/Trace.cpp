//===- trace/Trace.cpp - Chrome/Perfetto trace export -----------*- C++ -*-===//

#include "trace/Trace.h"

#include <cstdio>
#include <fstream>
#include <iterator>
#include <map>
#include <string>

namespace ascsim {

namespace {

std::string jsonString(const char *s) {
  std::string out = "\"";
  for (const char *p = s ? s : ""; *p; ++p) {
    unsigned char c = static_cast<unsigned char>(*p);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      out += buf;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out + "\"";
}

std::string us(uint64_t cycles, double mhz) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4f", static_cast<double>(cycles) / mhz);
  return buf;
}

} // namespace

void TraceData::internFiles() {
  std::map<const char *, const char *> seen;
  auto intern = [&](Loc &loc) {
    if (!loc.file)
      return;
    auto it = seen.find(loc.file);
    if (it == seen.end()) {
      files.emplace_back(loc.file);
      it = seen.emplace(loc.file, files.back().c_str()).first;
    }
    loc.file = it->second;
  };
  for (Block &b : blocks)
    if (b.sink)
      for (TraceSink::Slice &s : b.sink->slices)
        intern(s.loc);
}

const char *laneName(Pipe p) {
  static const char *const kNames[kNumPipes] = {
      "SCALAR", "VECTOR", "CUBE", "MTE1", "MTE2", "MTE3", "FIXP"};
  return kNames[static_cast<int>(p)];
}

void writeTraceJson(const TraceData &data, std::ostream &out) {
  const double mhz = data.clockMhz;
  out << "{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n";
  bool first = true;
  auto sep = [&] {
    if (!first)
      out << ",\n";
    first = false;
  };
  // One track per core, named as msprof does: "AIV core 3" with the vector
  // core's lanes, "AIC core 1" with the cube core's.
  std::map<uint32_t, const TraceData::Block *> cores;
  for (const TraceData::Block &b : data.blocks)
    cores.emplace(b.core, &b);
  static const Pipe kAivLanes[] = {Pipe::S, Pipe::V, Pipe::MTE2, Pipe::MTE3};
  static const Pipe kAicLanes[] = {Pipe::S,    Pipe::M,    Pipe::MTE1,
                                   Pipe::MTE2, Pipe::MTE3, Pipe::FIX};
  for (const auto &[c, b] : cores) {
    sep();
    out << "{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":" << c
        << ",\"args\":{\"name\":\"" << (b->aic ? "AIC" : "AIV") << " core "
        << b->index << "\"}}";
    sep();
    out << "{\"name\":\"process_sort_index\",\"ph\":\"M\",\"pid\":" << c
        << ",\"args\":{\"sort_index\":" << c << "}}";
    const Pipe *lanes = b->aic ? kAicLanes : kAivLanes;
    const size_t numLanes =
        b->aic ? std::size(kAicLanes) : std::size(kAivLanes);
    for (size_t l = 0; l < numLanes; ++l) {
      const Pipe p = lanes[l];
      sep();
      out << "{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":" << c
          << ",\"tid\":" << static_cast<int>(p) << ",\"args\":{\"name\":\""
          << laneName(p) << "\"}}";
      sep();
      out << "{\"name\":\"thread_sort_index\",\"ph\":\"M\",\"pid\":" << c
          << ",\"tid\":" << static_cast<int>(p)
          << ",\"args\":{\"sort_index\":" << l << "}}";
    }
  }
  uint64_t flowId = 0;
  for (const TraceData::Block &b : data.blocks) {
    if (!b.sink)
      continue;
    for (const TraceSink::Slice &s : b.sink->slices) {
      uint64_t end = s.end > s.start ? s.end : s.start + 1;
      sep();
      out << "{\"name\":" << jsonString(s.name)
          << ",\"ph\":\"X\",\"pid\":" << b.core
          << ",\"tid\":" << static_cast<int>(s.pipe)
          << ",\"ts\":" << us(b.start + s.start, mhz)
          << ",\"dur\":" << us(end - s.start, mhz)
          << ",\"args\":{\"block\":" << b.block
          << ",\"line\":" << jsonString(formatLoc(s.loc).c_str())
          << ",\"start_cycle\":" << s.start
          << ",\"done_cycle\":" << (s.done ? s.done : end) << "}}";
    }
    for (const TraceSink::Flow &f : b.sink->flows) {
      const EventInfo *info = eventInfo(f.event);
      std::string name = std::string(info ? info->name : "flag") + " id " +
                         std::to_string(f.id);
      ++flowId;
      sep();
      out << "{\"name\":" << jsonString(name.c_str())
          << ",\"cat\":\"flag\",\"ph\":\"s\",\"id\":" << flowId
          << ",\"pid\":" << b.core << ",\"tid\":" << static_cast<int>(f.from)
          << ",\"ts\":" << us(b.start + f.fromCycle, mhz) << "}";
      sep();
      out << "{\"name\":" << jsonString(name.c_str())
          << ",\"cat\":\"flag\",\"ph\":\"f\",\"bp\":\"e\",\"id\":" << flowId
          << ",\"pid\":" << b.core << ",\"tid\":" << static_cast<int>(f.to)
          << ",\"ts\":" << us(b.start + f.toCycle, mhz) << "}";
    }
  }
  out << "\n]}\n";
}

std::string writeTrace(const LaunchResult &result, const std::string &path) {
  if (!result.trace)
    return "this launch recorded no trace: launch with tracing enabled "
           "(LaunchConfig::trace, Python Config(trace=True) or "
           "PYASC_SIM_TRACE=1)";
  std::ofstream out(path);
  if (!out)
    return "cannot open " + path + " for writing";
  writeTraceJson(*result.trace, out);
  out.close();
  if (!out)
    return "cannot write " + path;
  return "";
}

} // namespace ascsim

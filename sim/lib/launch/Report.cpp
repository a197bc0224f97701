//===- launch/Report.cpp - Text summary of a launch -------------*- C++ -*-===//
//
// ascsim::summary(LaunchResult): the report PYASC_SIM_REPORT=1 prints. A
// renderer only: it reads the result and formats it.
//
//===----------------------------------------------------------------------===//

#include "ascsim/runtime.h"

#include <cstdio>
#include <string>

namespace ascsim {

namespace {

std::string fmt(const char *f, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, f, v);
  return buf;
}

std::string bytes(uint64_t n) {
  if (n >= (1ull << 20))
    return fmt("%.2f MiB", static_cast<double>(n) / (1 << 20));
  if (n >= (1ull << 10))
    return fmt("%.2f KiB", static_cast<double>(n) / (1 << 10));
  return std::to_string(n) + " B";
}

std::string pad(std::string s, size_t w, bool right = false) {
  while (s.size() < w)
    s = right ? " " + s : s + " ";
  return s;
}

} // namespace

std::string summary(const LaunchResult &r) {
  std::string out;
  if (r.num_blocks == 0) {
    out += "simulator: the launch did not run\n";
  } else {
    double device =
        r.clock_mhz > 0 ? static_cast<double>(r.cycles) / r.clock_mhz : 0.0;
    const bool aivOnly = r.kernel_type.empty() || r.kernel_type == "AIV_ONLY";
    out += "simulator: " + std::to_string(r.num_blocks) + " block" +
           (r.num_blocks == 1 ? "" : "s") + " on " +
           std::to_string(r.cores_used) + (aivOnly ? " vector core" : " core") +
           (r.cores_used == 1 ? "" : "s") +
           (aivOnly ? "" : " (" + r.kernel_type + ")") + " at " +
           fmt("%.0f", r.clock_mhz) + " MHz\n";
    out += "  duration " + fmt("%.2f", r.duration_us) + " us = device " +
           fmt("%.2f", device) + " us (" + std::to_string(r.cycles) +
           " cycles) + launch " + fmt("%.2f", r.launch_overhead_us) + " us\n";
    out += "  bound by " + (r.bound_pipe.empty() ? "nothing" : r.bound_pipe) +
           (r.hbm_bound ? " (HBM bandwidth bound)" : "") + "\n";
    out += "  pipe     busy us      cycles   ratio\n";
    const char *lanes[][2] = {
        {"S", "SCALAR"},  {"V", "VECTOR"},  {"M", "CUBE"},  {"MTE1", "MTE1"},
        {"MTE2", "MTE2"}, {"MTE3", "MTE3"}, {"FIX", "FIXP"}};
    for (auto &l : lanes) {
      auto c = r.pipe_busy_cycles.find(l[0]);
      if (c == r.pipe_busy_cycles.end())
        continue;
      double us = r.pipe_busy_us.count(l[0]) ? r.pipe_busy_us.at(l[0]) : 0.0;
      double ratio = r.pipe_ratio.count(l[0]) ? r.pipe_ratio.at(l[0]) : 0.0;
      out += "  " + pad(l[1], 7) + pad(fmt("%.2f", us), 10, true) +
             pad(std::to_string(c->second), 12, true) +
             pad(fmt("%.1f%%", 100.0 * ratio), 8, true) + "\n";
    }
    if (r.pipe_ratio.count("M"))
      out += "  cube utilisation " +
             fmt("%.1f%%", 100.0 * r.pipe_ratio.at("M")) +
             " (PIPE_M busy / device cycles)\n";
    double gbps =
        device > 0 ? static_cast<double>(r.gm_read_bytes + r.gm_write_bytes) /
                         (device * 1e3)
                   : 0.0;
    out += "  GM traffic: read " + bytes(r.gm_read_bytes) + ", write " +
           bytes(r.gm_write_bytes) +
           (r.l2_resident ? "; L2-resident (served by L2)" : "") +
           "; HBM needs " + std::to_string(r.hbm_cycles) +
           " cycles; achieved " + fmt("%.1f", gbps) + " GB/s\n";
  }
  size_t errors = 0, warnings = 0;
  for (const Diagnostic &d : r.diagnostics)
    (d.severity == Severity::Error ? errors : warnings) += 1;
  out += "  diagnostics: " + std::to_string(errors) + " error" +
         (errors == 1 ? "" : "s") + ", " + std::to_string(warnings) +
         " warning" + (warnings == 1 ? "" : "s") + "\n";
  for (const Diagnostic &d : r.diagnostics) {
    std::string where =
        d.file.empty() ? "<launch>" : d.file + ":" + std::to_string(d.line);
    out += "    " + std::string(severityName(d.severity)) + "[" + d.category +
           "] " + where + " (block " + std::to_string(d.block) +
           "): " + d.message + "\n";
    for (const Note &n : d.notes) {
      std::string nw =
          n.file.empty() ? "" : n.file + ":" + std::to_string(n.line) + ": ";
      out += "      note: " + nw + n.message + "\n";
    }
  }
  return out;
}

} // namespace ascsim

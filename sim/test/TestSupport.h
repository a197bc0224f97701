//===- TestSupport.h - Helpers shared by the kernel tests -------*- C++ -*-===//
//
// Loading a test kernel once per test binary, printing a launch's
// diagnostics into an assertion message, and launching the vector driver
// kernels (configuration words, operands A/B/E in, D/E out).
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_TEST_TESTSUPPORT_H
#define ASCSIM_TEST_TESTSUPPORT_H

#include "ascsim/runtime.h"

#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace ascsim::test {

/// One line per diagnostic: `[category] message`, or with `withPlace`
/// `[category] file:line: message`.
inline std::string dumpDiagnostics(const LaunchResult &r,
                                   bool withPlace = false) {
  std::string s;
  for (const Diagnostic &d : r.diagnostics) {
    s += "[" + d.category + "] ";
    if (withPlace)
      s += d.file + ":" + std::to_string(d.line) + ": ";
    s += d.message + "\n";
  }
  return s;
}

/// The kernel at `path`, loaded on first use and kept for the test binary;
/// a load failure fails the test that asked (and every later one).
inline Kernel &cachedKernel(const std::string &path) {
  static std::map<std::string, std::unique_ptr<Kernel>> loaded;
  std::unique_ptr<Kernel> &k = loaded[path];
  if (!k) {
    std::string error;
    k = Kernel::load(path, error);
    EXPECT_TRUE(k) << error;
  }
  return *k;
}

/// Result of a vector driver launch: D and E as the kernel left them.
struct VecRun {
  LaunchResult res;
  std::vector<uint8_t> D, E;
};

/// Launches a vector driver kernel on one core with arguments (words, A, B,
/// E, D, E_out): `d` and `e` are the initial contents of the outputs.
inline VecRun launchVec(Kernel &kernel, std::vector<int64_t> words,
                        std::vector<uint8_t> a, std::vector<uint8_t> b,
                        std::vector<uint8_t> e, const std::vector<uint8_t> &d,
                        const std::vector<uint8_t> &eOut) {
  VecRun out;
  out.D = d;
  out.E = eOut;
  auto addr = [](auto &v) { return reinterpret_cast<uint64_t>(v.data()); };
  LaunchConfig cfg;
  cfg.host_threads = 1;
  out.res = kernel.launch(
      1, {addr(words), addr(a), addr(b), addr(e), addr(out.D), addr(out.E)},
      {{addr(words), words.size() * 8, "cfg"},
       {addr(a), a.size(), "a"},
       {addr(b), b.size(), "b"},
       {addr(e), e.size(), "e"},
       {addr(out.D), out.D.size(), "d"},
       {addr(out.E), out.E.size(), "e_out"}},
      cfg);
  return out;
}

} // namespace ascsim::test

#endif // ASCSIM_TEST_TESTSUPPORT_H

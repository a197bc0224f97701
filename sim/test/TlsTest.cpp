//===- TlsTest.cpp - libascsim's thread-locals stay small -------*- C++ -*-===//
//
// libascsim is dlopen()ed by the Python module. glibc gives a dlopen()ed
// library's thread-locals a place in the static TLS block (an access is then
// a load through its TLS descriptor) only when they fit the block's reserve
// for such libraries, 512 bytes by default and shared with the others;
// otherwise each access calls into the dynamic linker, and currentCore() is
// read on every API call (support/PerThread.h). Large per-thread objects go
// through perThread<T>(); this test fails when a new `thread_local` object
// makes the TLS segment grow past the budget.
//
//===----------------------------------------------------------------------===//

#include "ascsim/runtime.h"

#include <gtest/gtest.h>

#include <cstring>
#include <link.h>
#include <string>

namespace {

struct Found {
  bool seen = false;
  size_t tlsBytes = 0;
  std::string name;
};

int visit(struct dl_phdr_info *info, size_t, void *data) {
  auto &found = *static_cast<Found *>(data);
  const char *name = info->dlpi_name ? info->dlpi_name : "";
  const char *base = std::strrchr(name, '/');
  base = base ? base + 1 : name;
  if (std::strcmp(base, "libascsim.so") != 0)
    return 0;
  found.seen = true;
  found.name = name;
  for (int i = 0; i < info->dlpi_phnum; ++i)
    if (info->dlpi_phdr[i].p_type == PT_TLS)
      found.tlsBytes = info->dlpi_phdr[i].p_memsz;
  return 1;
}

} // namespace

TEST(Tls, TheLibrarysThreadLocalsFitTheStaticTlsReserve) {
  // Make sure the library is mapped (this binary links it).
  ascsim::LaunchConfig config;
  ASSERT_FALSE(config.validate().has_value());
  Found found;
  dl_iterate_phdr(visit, &found);
  ASSERT_TRUE(found.seen) << "libascsim.so is not a loaded shared object";
  // 272 bytes on 2026-12-05; 384 leaves room for a few words, not an object.
  EXPECT_LE(found.tlsBytes, 384u)
      << found.name << ": the TLS segment is " << found.tlsBytes
      << " bytes; put large per-thread objects behind perThread<T>() "
         "(sim/lib/support/PerThread.h)";
}

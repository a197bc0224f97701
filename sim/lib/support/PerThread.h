//===- support/PerThread.h - Large per-thread objects -----------*- C++ -*-===//
//
// perThread<T>() is one T per thread, made on the thread's first call and
// destroyed at its exit, like a function-local `thread_local T`, but stored
// on the heap behind a thread-local pointer.
//
// Why: libascsim is dlopen()ed (by the Python module). glibc places a
// dlopen()ed library's thread-locals in the static TLS block — where an
// access through a TLS descriptor (-mtls-dialect=gnu2) is one load — only if
// they fit what is left of the block's reserve for such libraries (512 bytes
// by default; checked with torch and numpy loaded first). Otherwise every
// access is a call into the dynamic linker (_dl_tlsdesc_dynamic, ~17
// instructions), and currentCore() runs on every API call: with 6.6 KiB of
// thread-locals that was 6k of the tutorial 01 launch's 102k host
// instructions. So the large per-thread objects live here and what stays
// `thread_local` in the library is pointers and a few words (`readelf -lW
// libascsim.so`: the TLS segment's MemSiz; sim/test/TlsTest.cpp checks it).
//
// Depends on nothing.
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_SUPPORT_PERTHREAD_H
#define ASCSIM_SUPPORT_PERTHREAD_H

#include <memory>

namespace ascsim {

/// Distinct T (or Tag) types are distinct objects: group several buffers of
/// one function in a local struct.
template <class T> T &perThread() {
  thread_local std::unique_ptr<T> p;
  if (__builtin_expect(p == nullptr, 0))
    p = std::make_unique<T>();
  return *p;
}

} // namespace ascsim

#endif // ASCSIM_SUPPORT_PERTHREAD_H

// Fake CANN (pyasc tests): the call log shared by the fake libraries. Every
// call appends one line to $FAKE_CANN_LOG_DIR/runtime.log (nothing when the
// variable is unset); $FAKE_CANN_FAIL=<call>=<code> makes that call fail.
#ifndef FAKE_CANN_LOG_H
#define FAKE_CANN_LOG_H

#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace fake {

inline void log(const char *format, ...) {
  const char *dir = std::getenv("FAKE_CANN_LOG_DIR");
  if (!dir || !*dir)
    return;
  std::string path = std::string(dir) + "/runtime.log";
  FILE *f = std::fopen(path.c_str(), "a");
  if (!f)
    return;
  va_list args;
  va_start(args, format);
  std::vfprintf(f, format, args);
  va_end(args);
  std::fputc('\n', f);
  std::fclose(f);
}

/// The code $FAKE_CANN_FAIL injects for `call` (0: none).
inline int injected(const char *call) {
  const char *spec = std::getenv("FAKE_CANN_FAIL");
  if (!spec)
    return 0;
  size_t n = std::strlen(call);
  if (std::strncmp(spec, call, n) != 0 || spec[n] != '=')
    return 0;
  return std::atoi(spec + n + 1);
}

} // namespace fake

#endif

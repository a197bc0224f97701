// Fake CANN (pyasc tests): libascend_dump.so. The simulator already printed
// the kernel's output when it ran, so printing the dump buffer only logs.
#include "adump/adump_pub.h"
#include "fake_log.h"

void Adx::AdumpPrintWorkSpace(const void *, const size_t size, void *,
                              const char *opType) {
  fake::log("AdumpPrintWorkSpace(size=%zu, opType=%s)", size, opType);
}

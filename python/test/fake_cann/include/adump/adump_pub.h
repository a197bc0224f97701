// Fake CANN (pyasc tests): the dump-buffer printer pyasc's shim calls after a
// kernel that prints.
#ifndef FAKE_CANN_ADUMP_PUB_H
#define FAKE_CANN_ADUMP_PUB_H

#include <cstddef>

namespace Adx {
void AdumpPrintWorkSpace(const void *workSpaceAddr, const size_t dumpWorkSpaceSize,
                         void *stream, const char *opType);
} // namespace Adx

#endif

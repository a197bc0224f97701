// Fake CANN (pyasc tests): the two ACL entry points pyasc's runtime shim calls.
// Written for the tests from the documented behaviour, not from CANN's headers.
#ifndef FAKE_CANN_ACL_H
#define FAKE_CANN_ACL_H

#include <cstdint>

typedef int aclError;

extern "C" {
aclError aclInit(const char *configPath);
aclError aclFinalize();
}

#endif

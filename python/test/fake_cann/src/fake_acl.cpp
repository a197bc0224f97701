// Fake CANN (pyasc tests): libascendcl.so, logging aclInit / aclFinalize.
#include "acl/acl.h"
#include "fake_log.h"

extern "C" aclError aclInit(const char *configPath) {
  if (int rc = fake::injected("aclInit"))
    return rc;
  fake::log("aclInit(%s)", configPath ? configPath : "NULL");
  return 0;
}

extern "C" aclError aclFinalize() {
  fake::log("aclFinalize()");
  return 0;
}

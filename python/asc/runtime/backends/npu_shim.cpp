// pyasc's runtime shim for the NPU backend: one extern "C" function per CANN
// runtime call the launcher makes, so that Python can reach them through
// ctypes without depending on CANN's struct layouts or constant values. Built
// on first use by asc/runtime/backends/npu.py with the host C++ compiler
// against the headers and libraries of the CANN installation found (the
// include directories differ between CANN layouts; the names used here exist
// in both). Every function returns the runtime's error code (0 = success);
// Python turns a non-zero code into an exception naming the call.

#include "acl/acl.h"
#include "runtime/rt.h"

#ifdef PYASC_WITH_ADUMP
#include "adump/adump_pub.h"
#endif

#include <cstddef>
#include <cstdint>

extern "C" {

int pyasc_acl_init() { return static_cast<int>(aclInit(nullptr)); }

int pyasc_acl_finalize() { return static_cast<int>(aclFinalize()); }

int pyasc_get_soc_version(char *buffer, uint32_t size) {
  return static_cast<int>(rtGetSocVersion(buffer, size));
}

int pyasc_get_device_count(int32_t *count) {
  return static_cast<int>(rtGetDeviceCount(count));
}

int pyasc_set_device(int32_t device) {
  return static_cast<int>(rtSetDevice(device));
}

int pyasc_device_reset(int32_t device) {
  return static_cast<int>(rtDeviceReset(device));
}

int pyasc_stream_create(void **stream, int32_t priority) {
  rtStream_t created = nullptr;
  int rc = static_cast<int>(rtStreamCreate(&created, priority));
  *stream = created;
  return rc;
}

int pyasc_stream_destroy(void *stream) {
  return static_cast<int>(rtStreamDestroy(static_cast<rtStream_t>(stream)));
}

int pyasc_stream_synchronize(void *stream) {
  return static_cast<int>(
      rtStreamSynchronize(static_cast<rtStream_t>(stream)));
}

int pyasc_binary_register(uint32_t magic, const void *data, uint64_t length,
                          void **handle) {
  rtDevBinary_t binary;
  binary.magic = magic;
  binary.version = 0;
  binary.data = data;
  binary.length = length;
  return static_cast<int>(rtDevBinaryRegister(&binary, handle));
}

int pyasc_binary_unregister(void *handle) {
  return static_cast<int>(rtDevBinaryUnRegister(handle));
}

// The stub is the function's name string itself: its address identifies the
// function at launch, its text names it for the runtime.
int pyasc_function_register(void *handle, const char *name) {
  return static_cast<int>(rtFunctionRegister(handle, name, name, name, 0));
}

int pyasc_malloc(void **pointer, uint64_t size, int huge_pages) {
  rtMemType_t type = huge_pages ? (RT_MEMORY_HBM | RT_MEMORY_POLICY_HUGE_PAGE_ONLY)
                                : (RT_MEMORY_HBM | RT_MEMORY_POLICY_NONE);
  return static_cast<int>(rtMalloc(pointer, size, type, 33));
}

int pyasc_free(void *pointer) { return static_cast<int>(rtFree(pointer)); }

int pyasc_memcpy_to_device(void *device, uint64_t capacity, const void *host,
                           uint64_t size) {
  return static_cast<int>(
      rtMemcpy(device, capacity, host, size, RT_MEMCPY_HOST_TO_DEVICE));
}

int pyasc_memcpy_to_host(void *host, uint64_t capacity, const void *device,
                         uint64_t size) {
  return static_cast<int>(
      rtMemcpy(host, capacity, device, size, RT_MEMCPY_DEVICE_TO_HOST));
}

int pyasc_kernel_launch(const void *stub, uint32_t blocks, void *args,
                        uint32_t args_size, void *stream) {
  return static_cast<int>(rtKernelLaunch(stub, blocks, args, args_size,
                                         nullptr,
                                         static_cast<rtStream_t>(stream)));
}

int pyasc_get_c2c_ctrl_addr(uint64_t *address) {
  uint32_t length = 0;
  return static_cast<int>(rtGetC2cCtrlAddr(address, &length));
}

// 1 if the shim can print a kernel's dump buffer (libascend_dump was found).
int pyasc_has_print() {
#ifdef PYASC_WITH_ADUMP
  return 1;
#else
  return 0;
#endif
}

int pyasc_print_workspace(const void *buffer, uint64_t size, void *stream,
                          const char *op_type) {
#ifdef PYASC_WITH_ADUMP
  Adx::AdumpPrintWorkSpace(buffer, static_cast<size_t>(size), stream, op_type);
  return 0;
#else
  (void)buffer;
  (void)size;
  (void)stream;
  (void)op_type;
  return -1;
#endif
}

} // extern "C"

// Fake CANN (pyasc tests): the runtime entry points pyasc's shim calls, with
// the types and constant names it uses. The values are this fake's own: the
// shim never depends on them, only on the names.
#ifndef FAKE_CANN_RT_H
#define FAKE_CANN_RT_H

#include <cstdint>

typedef int32_t rtError_t;
typedef void *rtStream_t;
typedef void rtSmDesc_t;
typedef uint32_t rtMemType_t;

enum rtMemcpyKind_t {
  RT_MEMCPY_HOST_TO_HOST = 0,
  RT_MEMCPY_HOST_TO_DEVICE = 1,
  RT_MEMCPY_DEVICE_TO_HOST = 2,
  RT_MEMCPY_DEVICE_TO_DEVICE = 3,
};

#define RT_MEMORY_HBM 0x2u
#define RT_MEMORY_POLICY_NONE 0x0u
#define RT_MEMORY_POLICY_HUGE_PAGE_ONLY 0x400u

typedef struct {
  uint32_t magic;
  uint32_t version;
  const void *data;
  uint64_t length;
} rtDevBinary_t;

extern "C" {
rtError_t rtGetSocVersion(char *version, const uint32_t maxLen);
rtError_t rtGetDeviceCount(int32_t *count);
rtError_t rtSetDevice(int32_t device);
rtError_t rtDeviceReset(int32_t device);
rtError_t rtStreamCreate(rtStream_t *stream, int32_t priority);
rtError_t rtStreamDestroy(rtStream_t stream);
rtError_t rtStreamSynchronize(rtStream_t stream);
rtError_t rtDevBinaryRegister(const rtDevBinary_t *binary, void **handle);
rtError_t rtDevBinaryUnRegister(void *handle);
rtError_t rtFunctionRegister(void *binHandle, const void *stubFunc,
                             const char *stubName, const void *kernelInfoExt,
                             uint32_t funcMode);
rtError_t rtMalloc(void **devPtr, uint64_t size, rtMemType_t type,
                   const uint16_t moduleId);
rtError_t rtFree(void *devPtr);
rtError_t rtMemcpy(void *dst, uint64_t destMax, const void *src, uint64_t count,
                   rtMemcpyKind_t kind);
rtError_t rtKernelLaunch(const void *stubFunc, uint32_t blockDim, void *args,
                         uint32_t argsSize, rtSmDesc_t *smDesc,
                         rtStream_t stream);
rtError_t rtGetC2cCtrlAddr(uint64_t *addr, uint32_t *len);
}

#endif

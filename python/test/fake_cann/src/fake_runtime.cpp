// Fake CANN (pyasc tests): libruntime.so. It logs every call (fake_log.h),
// keeps "device memory" in host memory, and on rtKernelLaunch runs the
// registered binary - the shared objects the fake bisheng built, packed by
// the fake ld.lld - on pyasc's simulator. Launches run synchronously; an
// error the simulator reports is returned by the next rtStreamSynchronize,
// as a device fault would be.
#include "fake_log.h"
#include "runtime/rt.h"

#include "ascsim/runtime.h"

#include <dlfcn.h>
#include <unistd.h>

#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace {

struct Allocation {
  unsigned id;
  uint64_t size;
  void *raw;
};

struct Binary {
  unsigned id;
  uint32_t magic;
  std::vector<unsigned char> data;
};

struct Function {
  void *binary;
  std::string name;
};

struct State {
  int device = -1;
  unsigned nextAllocation = 0, nextStream = 0, nextBinary = 0;
  std::map<uintptr_t, Allocation> allocations; // by base address
  std::map<void *, unsigned> streams;
  std::map<void *, Binary> binaries;
  std::map<const void *, Function> functions;
  int pending = 0; // the error the next synchronisation reports
};

State &state() {
  static State s;
  return s;
}

/// `dev<N>+<offset>` for an address inside an allocation, else `host`.
std::string name(const void *p) {
  uintptr_t a = reinterpret_cast<uintptr_t>(p);
  auto &allocs = state().allocations;
  auto it = allocs.upper_bound(a);
  if (it != allocs.begin()) {
    --it;
    if (a >= it->first && a < it->first + it->second.size) {
      std::string s = "dev" + std::to_string(it->second.id);
      if (a != it->first)
        s += "+" + std::to_string(a - it->first);
      return s;
    }
  }
  return p ? "host" : "NULL";
}

constexpr int kBadArgument = 107000;
constexpr int kKernelFault = 507015;
constexpr uint32_t kMagicCube = 0x41494343; // RT_DEV_BINARY_MAGIC_ELF_AICUBE

/// The packed objects of a binary: "FAKEPACK", u32 count, then per object u32
/// name length, name, u64 size, bytes (see ld_lld.py).
bool unpack(const std::vector<unsigned char> &data,
            std::map<std::string, std::vector<unsigned char>> &objects) {
  size_t at = 8;
  auto need = [&](size_t n) { return at + n <= data.size(); };
  if (data.size() < 12 || std::memcmp(data.data(), "FAKEPACK", 8) != 0)
    return false;
  uint32_t count;
  std::memcpy(&count, data.data() + at, 4);
  at += 4;
  for (uint32_t i = 0; i < count; ++i) {
    uint32_t len;
    uint64_t size;
    if (!need(4))
      return false;
    std::memcpy(&len, data.data() + at, 4);
    at += 4;
    if (!need(len + 8))
      return false;
    std::string objectName(reinterpret_cast<const char *>(data.data() + at), len);
    at += len;
    std::memcpy(&size, data.data() + at, 8);
    at += 8;
    if (!need(size))
      return false;
    objects[objectName].assign(data.begin() + at, data.begin() + at + size);
    at += size;
  }
  return true;
}

unsigned widthOf(const std::string &type) {
  if (type == "pointer" || type == "int64" || type == "uint64" ||
      type == "float64")
    return 8;
  if (type == "int16" || type == "uint16" || type == "float16" ||
      type == "bfloat16")
    return 2;
  if (type == "int8" || type == "uint8" || type == "bool")
    return 1;
  return 4;
}

std::vector<std::string> split(const std::string &s) {
  std::vector<std::string> out;
  size_t start = 0;
  while (!s.empty()) {
    size_t comma = s.find(',', start);
    out.push_back(s.substr(start, comma - start));
    if (comma == std::string::npos)
      break;
    start = comma + 1;
  }
  return out;
}

std::string formatWord(const std::string &type, uint64_t bits) {
  char buf[64];
  if (type == "pointer")
    return name(reinterpret_cast<const void *>(static_cast<uintptr_t>(bits)));
  if (type == "float32") {
    float f;
    uint32_t lo = static_cast<uint32_t>(bits);
    std::memcpy(&f, &lo, 4);
    std::snprintf(buf, sizeof buf, "%g", f);
  } else if (type == "int32") {
    std::snprintf(buf, sizeof buf, "%d", static_cast<int32_t>(bits));
  } else if (type == "int64") {
    std::snprintf(buf, sizeof buf, "%" PRId64, static_cast<int64_t>(bits));
  } else {
    std::snprintf(buf, sizeof buf, "0x%" PRIx64, bits);
  }
  return buf;
}

int runOnSimulator(const Function &fn, const Binary &bin, uint32_t blockDim,
                   const unsigned char *args, uint32_t argsSize,
                   std::string &logged) {
  std::map<std::string, std::vector<unsigned char>> objects;
  if (!unpack(bin.data, objects)) {
    std::fprintf(stderr, "fake CANN: binary %u is not a fake ld.lld pack\n",
                 bin.id);
    return kBadArgument;
  }
  // The objects are the one kernel source compiled against the simulator
  // (fake bisheng), so each holds the whole kernel and its kernel type
  // (ASCSIM_KERNEL_TYPE): the simulator starts the cube and vector cores that
  // type names. Run the object the binary's magic says the device runs: the
  // cube object of a cube binary, else the vector one.
  const char *const kCube[] = {"output_aic.o", "output_mix_aic.o"};
  const char *const kVector[] = {"output_aiv.o", "output_mix_aiv.o"};
  const bool cube = bin.magic == kMagicCube;
  auto it = objects.end();
  for (const char *objectName : cube ? kCube : kVector)
    if (it == objects.end())
      it = objects.find(objectName);
  if (it == objects.end()) {
    std::fprintf(stderr,
                 "fake CANN: kernel %s: binary %u (magic 0x%08x) has no %s "
                 "object\n",
                 fn.name.c_str(), bin.id, bin.magic, cube ? "cube" : "vector");
    return kBadArgument;
  }
  char path[] = "/tmp/fake_cann_kernel_XXXXXX";
  int fd = mkstemp(path);
  if (fd < 0)
    return kBadArgument;
  bool written = write(fd, it->second.data(), it->second.size()) ==
                 static_cast<ssize_t>(it->second.size());
  close(fd);
  std::string error;
  std::unique_ptr<ascsim::Kernel> kernel;
  const char *types = nullptr;
  void *handle = nullptr;
  if (written) {
    kernel = ascsim::Kernel::load(path, error);
    handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  }
  if (handle) {
    auto paramTypes =
        reinterpret_cast<const char *(*)()>(dlsym(handle, "ascsim_param_types"));
    if (paramTypes)
      types = paramTypes();
  }
  unlink(path);
  if (!kernel || !types) {
    std::fprintf(stderr, "fake CANN: cannot load kernel %s: %s\n",
                 fn.name.c_str(), error.c_str());
    if (handle)
      dlclose(handle);
    return kBadArgument;
  }
  // The blob as the kernel's parameters lie in it: scalars of up to 4 bytes
  // in 4-byte slots, pointers and 8-byte scalars 8-byte aligned.
  std::vector<std::string> params = split(types);
  dlclose(handle);
  std::vector<uint64_t> words;
  size_t at = 0;
  logged = "[";
  for (const std::string &type : params) {
    unsigned width = widthOf(type);
    unsigned slot = width == 8 ? 8 : 4;
    at = (at + slot - 1) / slot * slot;
    if (at + slot > argsSize) {
      std::fprintf(stderr,
                   "fake CANN: kernel %s takes %s, but the argument blob has "
                   "%u bytes\n",
                   fn.name.c_str(), types, argsSize);
      return kBadArgument;
    }
    uint64_t bits = 0;
    std::memcpy(&bits, args + at, width);
    at += slot;
    words.push_back(bits);
    logged += (words.size() > 1 ? ", " : "") + formatWord(type, bits);
  }
  logged += "]";
  std::vector<ascsim::GmRegion> regions;
  for (const auto &[base, alloc] : state().allocations)
    regions.push_back({base, alloc.size, "dev" + std::to_string(alloc.id)});
  const char *soc = std::getenv("FAKE_CANN_SOC");
  auto config = ascsim::platformConfig(soc && *soc ? soc : "Ascend910B1");
  if (!config)
    return kBadArgument;
  config->host_threads = 1;
  ascsim::LaunchResult result =
      kernel->launch(blockDim, words, regions, *config);
  for (const auto &[block, text] : result.output)
    std::fputs(text.c_str(), stdout);
  std::fflush(stdout);
  for (const ascsim::Diagnostic &d : result.diagnostics)
    std::fprintf(stderr, "fake CANN: kernel %s: %s: %s: %s (%s:%u)\n",
                 fn.name.c_str(), ascsim::severityName(d.severity),
                 d.category.c_str(), d.message.c_str(), d.file.c_str(),
                 d.line);
  return result.ok ? 0 : kKernelFault;
}

} // namespace

extern "C" {

rtError_t rtGetSocVersion(char *version, const uint32_t maxLen) {
  if (int rc = fake::injected("rtGetSocVersion"))
    return rc;
  const char *soc = std::getenv("FAKE_CANN_SOC");
  std::snprintf(version, maxLen, "%s", soc && *soc ? soc : "Ascend910B1");
  fake::log("rtGetSocVersion() -> %s", version);
  return 0;
}

rtError_t rtGetDeviceCount(int32_t *count) {
  if (int rc = fake::injected("rtGetDeviceCount"))
    return rc;
  *count = 1;
  fake::log("rtGetDeviceCount() -> 1");
  return 0;
}

rtError_t rtSetDevice(int32_t device) {
  if (int rc = fake::injected("rtSetDevice"))
    return rc;
  fake::log("rtSetDevice(%d)", device);
  if (device != 0)
    return kBadArgument;
  state().device = device;
  return 0;
}

rtError_t rtDeviceReset(int32_t device) {
  fake::log("rtDeviceReset(%d)", device);
  // The device's objects are gone: the log names new ones from 0 again.
  State &s = state();
  s.device = -1;
  s.nextStream = s.nextBinary = 0;
  if (s.allocations.empty())
    s.nextAllocation = 0;
  return 0;
}

rtError_t rtStreamCreate(rtStream_t *stream, int32_t priority) {
  if (int rc = fake::injected("rtStreamCreate"))
    return rc;
  State &s = state();
  unsigned id = s.nextStream++;
  *stream = new char;
  s.streams[*stream] = id;
  fake::log("rtStreamCreate(priority=%d) -> stream%u", priority, id);
  return 0;
}

rtError_t rtStreamDestroy(rtStream_t stream) {
  State &s = state();
  auto it = s.streams.find(stream);
  if (it == s.streams.end())
    return kBadArgument;
  fake::log("rtStreamDestroy(stream%u)", it->second);
  delete static_cast<char *>(stream);
  s.streams.erase(it);
  return 0;
}

rtError_t rtStreamSynchronize(rtStream_t stream) {
  State &s = state();
  auto it = s.streams.find(stream);
  fake::log("rtStreamSynchronize(stream%u)",
            it == s.streams.end() ? 999u : it->second);
  if (int rc = fake::injected("rtStreamSynchronize"))
    return rc;
  int pending = s.pending;
  s.pending = 0;
  return it == s.streams.end() ? kBadArgument : pending;
}

rtError_t rtDevBinaryRegister(const rtDevBinary_t *binary, void **handle) {
  if (int rc = fake::injected("rtDevBinaryRegister"))
    return rc;
  State &s = state();
  unsigned id = s.nextBinary++;
  auto *key = new char;
  const auto *bytes = static_cast<const unsigned char *>(binary->data);
  s.binaries[key] = {id, binary->magic,
                     std::vector<unsigned char>(bytes, bytes + binary->length)};
  *handle = key;
  fake::log("rtDevBinaryRegister(magic=0x%08x, version=%u, length=%" PRIu64
            ") -> bin%u",
            binary->magic, binary->version, binary->length, id);
  return 0;
}

rtError_t rtDevBinaryUnRegister(void *handle) {
  State &s = state();
  auto it = s.binaries.find(handle);
  if (it == s.binaries.end())
    return kBadArgument;
  fake::log("rtDevBinaryUnRegister(bin%u)", it->second.id);
  for (auto f = s.functions.begin(); f != s.functions.end();)
    f = f->second.binary == handle ? s.functions.erase(f) : std::next(f);
  s.binaries.erase(it);
  delete static_cast<char *>(handle);
  return 0;
}

rtError_t rtFunctionRegister(void *binHandle, const void *stubFunc,
                             const char *stubName, const void *kernelInfoExt,
                             uint32_t funcMode) {
  if (int rc = fake::injected("rtFunctionRegister"))
    return rc;
  State &s = state();
  auto it = s.binaries.find(binHandle);
  if (it == s.binaries.end())
    return kBadArgument;
  bool stubIsName = stubFunc == static_cast<const void *>(stubName);
  fake::log("rtFunctionRegister(bin%u, stub=%s, name=%s, info=%s, mode=%u)",
            it->second.id, stubIsName ? "name" : "other", stubName,
            static_cast<const char *>(kernelInfoExt), funcMode);
  s.functions[stubFunc] = {binHandle, stubName};
  return 0;
}

rtError_t rtMalloc(void **devPtr, uint64_t size, rtMemType_t type,
                   const uint16_t moduleId) {
  if (int rc = fake::injected("rtMalloc"))
    return rc;
  State &s = state();
  // 16 bytes past a 4 KiB boundary, so that a caller's rounding up to 512
  // shows in the log as the offset 496.
  size_t rounded = (size + 16 + 4095) / 4096 * 4096;
  void *raw = std::aligned_alloc(4096, rounded);
  void *p = static_cast<char *>(raw) + 16;
  unsigned id = s.nextAllocation++;
  s.allocations[reinterpret_cast<uintptr_t>(p)] = {id, size, raw};
  *devPtr = p;
  const char *policy = (type & RT_MEMORY_POLICY_HUGE_PAGE_ONLY)
                           ? "HBM|HUGE_PAGE_ONLY"
                           : "HBM";
  fake::log("rtMalloc(size=%" PRIu64 ", type=%s, module=%u) -> dev%u", size,
            (type & RT_MEMORY_HBM) ? policy : "?", moduleId, id);
  return 0;
}

rtError_t rtFree(void *devPtr) {
  State &s = state();
  auto it = s.allocations.find(reinterpret_cast<uintptr_t>(devPtr));
  if (it == s.allocations.end()) {
    fake::log("rtFree(%s) -> not allocated", name(devPtr).c_str());
    return kBadArgument;
  }
  fake::log("rtFree(dev%u)", it->second.id);
  if (int rc = fake::injected("rtFree"))
    return rc;
  std::free(it->second.raw);
  s.allocations.erase(it);
  return 0;
}

rtError_t rtMemcpy(void *dst, uint64_t destMax, const void *src, uint64_t count,
                   rtMemcpyKind_t kind) {
  const char *k = kind == RT_MEMCPY_HOST_TO_DEVICE   ? "H2D"
                  : kind == RT_MEMCPY_DEVICE_TO_HOST ? "D2H"
                                                     : "other";
  fake::log("rtMemcpy(dst=%s, max=%" PRIu64 ", src=%s, count=%" PRIu64
            ", %s)",
            name(dst).c_str(), destMax, name(src).c_str(), count, k);
  if (int rc = fake::injected("rtMemcpy"))
    return rc;
  if (count > destMax)
    return kBadArgument;
  std::memcpy(dst, src, count);
  return 0;
}

rtError_t rtKernelLaunch(const void *stubFunc, uint32_t blockDim, void *args,
                         uint32_t argsSize, rtSmDesc_t *smDesc,
                         rtStream_t stream) {
  State &s = state();
  auto fn = s.functions.find(stubFunc);
  auto st = s.streams.find(stream);
  if (fn == s.functions.end() || st == s.streams.end()) {
    fake::log("rtKernelLaunch(unknown stub or stream)");
    return kBadArgument;
  }
  if (int rc = fake::injected("rtKernelLaunch")) {
    fake::log("rtKernelLaunch(%s, blockDim=%u, argsSize=%u) -> %d",
              fn->second.name.c_str(), blockDim, argsSize, rc);
    return rc;
  }
  const Binary &bin = s.binaries.at(fn->second.binary);
  std::string decoded;
  int rc = runOnSimulator(fn->second, bin, blockDim,
                          static_cast<const unsigned char *>(args), argsSize,
                          decoded);
  fake::log("rtKernelLaunch(%s, blockDim=%u, argsSize=%u, args=%s, smDesc=%s, "
            "stream%u)",
            fn->second.name.c_str(), blockDim, argsSize, decoded.c_str(),
            smDesc ? "set" : "NULL", st->second);
  if (rc == kBadArgument)
    return rc;
  s.pending = rc;
  return 0;
}

rtError_t rtGetC2cCtrlAddr(uint64_t *addr, uint32_t *len) {
  if (int rc = fake::injected("rtGetC2cCtrlAddr"))
    return rc;
  *addr = 0xE7FFE8064000ull;
  *len = 8;
  fake::log("rtGetC2cCtrlAddr() -> 0xe7ffe8064000");
  return 0;
}

} // extern "C"

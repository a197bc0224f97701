//===- ascsim/runtime.h - C++ API of the simulator runtime ------*- C++ -*-===//
//
// What a host program (the Python binding, the C++ tests) uses to run a
// compiled kernel on the simulator: load the kernel .so once, launch it on
// `num_blocks` simulated vector cores, get diagnostics and a timing estimate
// back as data. The runtime never prints and never throws.
//
// Not part of a kernel translation unit (it uses the standard library).
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_RUNTIME_H
#define ASCSIM_RUNTIME_H

#include "ascsim/abi.h"
#include "ascsim/gen/Hardware.h"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace ascsim {

//===----------------------------------------------------------------------===//
// Configuration
//===----------------------------------------------------------------------===//

/// What a race (an unsynchronised pair of accesses) does: an error, a
/// warning, or nothing (the detector is then not even allocated).
enum class RaceCheck : uint8_t { Raise = 0, Warn, Off };

/// Platform and host parameters of one launch (defaults: the default
/// platform of the hardware table). Validate with validate().
struct LaunchConfig {
  /// Unified Buffer bytes per vector core.
  uint64_t ub_bytes = hw::usableBytes(hw::kMemUB);
  /// Physical vector cores; blocks beyond this run in further waves.
  uint32_t aiv_cores = hw::kPlatforms[hw::kDefaultPlatformIndex].aivCores;
  /// Physical cube cores (the AICs of AIC_ONLY and MIX kernels).
  uint32_t aic_cores = hw::kPlatforms[hw::kDefaultPlatformIndex].aicCores;
  /// Core clock in MHz.
  double clock_mhz = hw::kPlatforms[hw::kDefaultPlatformIndex].clockMhz;
  /// Host worker threads running blocks; 0 = hardware concurrency.
  uint32_t host_threads = 0;
  /// Shared HBM bandwidth of the chip (reads + writes) in GB/s; caps the
  /// kernel estimate when many cores stream (docs/timing.md).
  double hbm_gbps = hw::kPlatforms[hw::kDefaultPlatformIndex].hbmGbps;
  /// The chip's L2 bytes: a launch whose GM buffers fit is modelled
  /// L2-resident (docs/timing.md).
  uint64_t l2_bytes = hw::kPlatforms[hw::kDefaultPlatformIndex].l2Bytes;
  /// Fixed cost of one launch on the device (scheduling, core start-up and
  /// completion), added to duration_us.
  double launch_overhead_us = hw::kLaunchOverheadNs / 1000.0;
  /// Happens-before race detection.
  RaceCheck race_check = RaceCheck::Raise;
  /// Warn about reads of Unified Buffer bytes no earlier instruction wrote.
  bool init_check = true;
  /// Record every instruction for LaunchResult::writeTrace (costs memory).
  bool trace = false;
  /// The synchronisation bisheng's --cce-auto-sync inserts between the
  /// scalar unit and the other pipes (hardware.md §3.4): before a scalar
  /// access (GetValue, SetValue, DumpTensor, ...) to bytes that earlier V,
  /// MTE2 or MTE3 instructions touch (a write involved), the scalar waits for
  /// that pipe as after SetFlag/WaitFlag<X_S>. Off: the kernel's own flags
  /// must order them (docs/sync.md).
  bool auto_sync = false;
  /// The watchdog: the most steps (API calls and loop iterations of emitted
  /// kernels) one block may run before the launch stops with a "watchdog"
  /// error at the innermost loop; 0 = no limit.
  uint64_t step_budget = kDefaultStepBudget;
  static constexpr uint64_t kDefaultStepBudget = 100'000'000;

  /// "<field> must be <rule>, but got <value>" for the first invalid field.
  ASCSIM_API std::optional<std::string> validate() const;
};

/// The configuration of a known SoC name (e.g. "Ascend910B1"), or nullopt.
ASCSIM_API std::optional<LaunchConfig> platformConfig(const std::string &soc);

/// A kernel argument array in host memory that the kernel may access as GM.
struct GmRegion {
  uint64_t address = 0;
  uint64_t bytes = 0;
  std::string name;
};

//===----------------------------------------------------------------------===//
// Results
//===----------------------------------------------------------------------===//

enum class Severity : uint8_t { Error, Warning };

/// A secondary location attached to a diagnostic.
struct Note {
  std::string message;
  std::string file;
  uint32_t line = 0;
};

/// One finding. `block` is -1 for launch-level problems. `order` is the
/// program-order position inside the block (used to sort).
struct Diagnostic {
  Severity severity = Severity::Error;
  /// "bounds", "capacity", "alignment", "deadlock", "sync", "race",
  /// "uninit", "queue", "argument", "dtype", "arithmetic", "watchdog",
  /// "fault" (a signal in kernel code), "interrupted", "config" or
  /// "internal".
  std::string category;
  std::string message;
  int64_t block = -1;
  std::string file;
  uint32_t line = 0;
  std::vector<Note> notes;
  uint64_t order = 0;
};

ASCSIM_API const char *severityName(Severity s);

/// Values per pipe name ("FIX", "M", "MTE1", "MTE2", "MTE3", "S", "V"): the
/// read side of a std::map<std::string, T> (find, count, at, iteration in
/// name order, ==) over a fixed array, so that a launch builds its per-pipe
/// summaries without an allocation. The launch adds the entries in name
/// order (insert()).
template <class T> class PipeMap {
public:
  struct Entry {
    const char *first; // a pipe name (static storage)
    T second;
  };
  using const_iterator = const Entry *;
  using iterator = const Entry *;

  /// Appends `name` (after every name already present, in name order).
  /// Throws std::length_error past the seven pipes of a core.
  void insert(const char *name, T value) {
    if (size_ == kMaxPipes)
      noRoom(name);
    entries_[size_++] = {name, value};
  }
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const Entry *begin() const { return entries_; }
  const Entry *end() const { return entries_ + size_; }
  const Entry *find(const std::string &name) const {
    for (const Entry &e : *this)
      if (name == e.first)
        return &e;
    return end();
  }
  size_t count(const std::string &name) const {
    return find(name) != end() ? 1 : 0;
  }
  /// Throws std::out_of_range for a pipe not in the map.
  const T &at(const std::string &name) const {
    const Entry *e = find(name);
    if (e == end())
      throw std::out_of_range("no pipe " + name + " in the map");
    return e->second;
  }
  const T &operator[](const std::string &name) const { return at(name); }
  /// As a std::map (the Python binding's dict).
  std::map<std::string, T> toMap() const {
    std::map<std::string, T> m;
    for (const Entry &e : *this)
      m.emplace_hint(m.end(), e.first, e.second);
    return m;
  }
  friend bool operator==(const PipeMap &a, const PipeMap &b) {
    if (a.size_ != b.size_)
      return false;
    for (size_t i = 0; i < a.size_; ++i)
      if (std::string(a.entries_[i].first) != b.entries_[i].first ||
          !(a.entries_[i].second == b.entries_[i].second))
        return false;
    return true;
  }
  friend bool operator!=(const PipeMap &a, const PipeMap &b) {
    return !(a == b);
  }

private:
  static constexpr size_t kMaxPipes = 7;
  // Out of line, so that insert() inlines (a launch inserts 16 entries).
  [[noreturn, gnu::cold, gnu::noinline]] static void noRoom(const char *name) {
    throw std::length_error(std::string("PipeMap: no room for pipe ") + name);
  }
  Entry entries_[kMaxPipes] = {};
  size_t size_ = 0;
};

/// Timing of one block (one simulated core run: in a MIX kernel, one entry
/// per core, the AIC first, then its AIVs).
struct BlockTiming {
  uint64_t cycles = 0;
  /// "AIV" or "AIC".
  std::string core_type = "AIV";
  /// Busy cycles per pipe name of the core ("S", "V", "MTE2", "MTE3"; on an
  /// AIC "S", "M", "MTE1", "MTE2", "MTE3", "FIX").
  PipeMap<uint64_t> pipe_busy_cycles;
};

/// Recorded timeline of a launch (opaque; see writeTrace).
struct TraceData;

struct LaunchResult {
  /// No error-severity diagnostic.
  bool ok = true;
  /// Sorted by block, then program order.
  std::vector<Diagnostic> diagnostics;
  /// Estimated kernel cycles: blocks list-scheduled onto `aiv_cores` cores in
  /// block order; the latest-finishing core defines the total.
  uint64_t cycles = 0;
  double duration_us = 0.0;
  /// Per pipe, the largest busy-cycle total of any physical core (summed over
  /// the blocks that core ran).
  PipeMap<uint64_t> pipe_busy_cycles;
  /// The pipe with the largest busy total ("" when nothing ran).
  std::string bound_pipe;
  std::vector<BlockTiming> blocks;

  /// Per pipe: pipe_busy_cycles in microseconds, and as a fraction of the
  /// kernel's cycles (msprof's aiv_<pipe>_time / _ratio).
  PipeMap<double> pipe_busy_us;
  PipeMap<double> pipe_ratio;
  /// Cycles the chip's HBM needs for the launch's GM traffic that misses
  /// the L2 (all of it unless l2_resident); when it exceeds the slowest
  /// core, the kernel is bandwidth bound and `cycles` is this value.
  uint64_t hbm_cycles = 0;
  bool hbm_bound = false;
  /// Whether the launch's GM buffers (less the L2-bypassing ranges) fit in
  /// the L2, so that cached traffic is served by L2 (docs/timing.md).
  bool l2_resident = false;
  uint64_t gm_read_bytes = 0;
  uint64_t gm_write_bytes = 0;
  /// Device-side fixed launch cost included in duration_us.
  double launch_overhead_us = 0.0;
  /// Core clock of the estimate.
  double clock_mhz = 0.0;
  /// Blocks and physical cores used (vector plus cube cores).
  uint32_t num_blocks = 0;
  uint32_t cores_used = 0;
  /// The kernel type the launch ran ("AIV_ONLY", "MIX_AIC_1_2", ...).
  std::string kernel_type;
  /// Present when LaunchConfig::trace was set.
  std::shared_ptr<const TraceData> trace;
  /// The printf / DumpTensor output of every block that printed, as
  /// (block, text) in block order. Every line of a text starts with
  /// "[block N] " and the text ends with a newline.
  std::vector<std::pair<uint32_t, std::string>> output;
  /// requestInterrupt() stopped the launch (its blocks stopped at their next
  /// step; the result is partial).
  bool interrupted = false;
};

/// Asks every running launch to stop at the next step of each block (an API
/// call or a loop iteration), with an "interrupted" diagnostic and
/// LaunchResult::interrupted. Async-signal-safe: a SIGINT handler calls it.
ASCSIM_API void requestInterrupt() noexcept;
/// Clears the request (before a launch that should run).
ASCSIM_API void clearInterrupt() noexcept;
ASCSIM_API bool interruptRequested() noexcept;

/// The simulator's vector instructions (VecOp names of its op table,
/// ascsim/gen/VecOps.def, generated from the dialect's ODS).
ASCSIM_API std::vector<std::string> vectorOps();

/// Whether the simulator runs vector instruction `op` (a name of vectorOps())
/// on element types `dst` and `src` (numpy names, "float16"); `allowed` gets
/// what it supports. Tests compare this with the dialect's verifier.
ASCSIM_API bool vectorOpSupports(const std::string &op, const std::string &dst,
                                 const std::string &src, std::string &allowed);

/// A human-readable report of a launch: duration, per-pipe busy time and
/// ratio, the bound pipe, HBM traffic, and the diagnostics.
ASCSIM_API std::string summary(const LaunchResult &result);

/// Writes the launch's timeline as Chrome/Perfetto trace JSON (one track per
/// core and pipe, one slice per instruction, flow arrows set -> wait).
/// Returns an error message, or "" on success.
ASCSIM_API std::string writeTrace(const LaunchResult &result,
                                  const std::string &path);

//===----------------------------------------------------------------------===//
// Kernel
//===----------------------------------------------------------------------===//

/// A loaded kernel shared object exporting
/// `extern "C" void ascsim_entry(const uint64_t *args)`. Owns the dlopen
/// handle; launches may run concurrently.
class ASCSIM_API Kernel {
public:
  /// Loads `path` (RTLD_NOW | RTLD_LOCAL). On failure returns null and sets
  /// `error` (dlerror text).
  static std::unique_ptr<Kernel> load(const std::string &path,
                                      std::string &error);
  ~Kernel();
  Kernel(const Kernel &) = delete;
  Kernel &operator=(const Kernel &) = delete;

  const std::string &path() const { return path_; }
  /// The kernel's type, a KernelMetaType value (ascsim_kernel_type(); 0 =
  /// AIV_ONLY when the library does not export it).
  uint8_t kernelType() const { return kernelType_; }

  /// Runs `num_blocks` blocks. `args` holds one word per kernel parameter (see
  /// ascsim_entry.h); `regions` lists the arrays GM accesses may touch (an
  /// empty list disables GM bounds checks).
  LaunchResult launch(uint32_t num_blocks, const std::vector<uint64_t> &args,
                      const std::vector<GmRegion> &regions,
                      const LaunchConfig &config) const;

private:
  using EntryFn = void (*)(const uint64_t *);
  Kernel(std::string path, void *handle, EntryFn entry);

  std::string path_;
  void *handle_;
  EntryFn entry_;
  uint8_t kernelType_ = 0;
  /// The library uses inter-block sync through GM flags (IBSet, IBWait,
  /// SyncAll's software form, NotifyNextBlock, WaitPreBlock): its blocks run
  /// at once, each on a host thread of its own.
  bool blockSync_ = false;
};

} // namespace ascsim

#endif // ASCSIM_RUNTIME_H

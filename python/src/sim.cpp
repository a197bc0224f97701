//===- sim.cpp - Python bindings of the simulator runtime -------*- C++ -*-===//
//
// Submodule `_asc.sim`: Config, load_kernel, Kernel.launch, LaunchResult and
// Diagnostic. Bindings only convert; the runtime lives in sim/lib (API in
// sim/include/ascsim/runtime.h). launch() releases the GIL.
//
//===----------------------------------------------------------------------===//

#include "ascsim/gen/Hardware.h"
#include "ascsim/runtime.h"

#include <nanobind/nanobind.h>
#include <nanobind/stl/map.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/tuple.h>
#include <nanobind/stl/unique_ptr.h>
#include <nanobind/stl/vector.h>

#include <climits>
#include <csignal>
#include <cstring>
#include <stdexcept>
#include <tuple>

namespace nb = nanobind;
using namespace nb::literals;

// Declared in bindings.h; repeated here so this file does not need the MLIR
// headers that bindings.h pulls in.
void init_sim(nb::module_ &m);

namespace {

using ascsim::Diagnostic;
using ascsim::Kernel;
using ascsim::LaunchConfig;
using ascsim::LaunchResult;

using RegionTuple = std::tuple<uint64_t, uint64_t, std::string>;
using NoteTuple = std::tuple<std::string, std::string, uint32_t>;

ascsim::RaceCheck parseRaceCheck(const std::string &mode) {
  if (mode == "raise")
    return ascsim::RaceCheck::Raise;
  if (mode == "warn")
    return ascsim::RaceCheck::Warn;
  if (mode == "off")
    return ascsim::RaceCheck::Off;
  throw nb::value_error(
      ("race_check must be 'raise', 'warn' or 'off', but got '" + mode + "'")
          .c_str());
}

const char *raceCheckName(ascsim::RaceCheck m) {
  switch (m) {
  case ascsim::RaceCheck::Raise:
    return "raise";
  case ascsim::RaceCheck::Warn:
    return "warn";
  case ascsim::RaceCheck::Off:
    return "off";
  }
  return "?";
}

LaunchConfig makeConfig(uint64_t ubBytes, uint32_t aivCores, uint32_t aicCores,
                        double clockMhz, uint32_t hostThreads, double hbmGbps,
                        uint64_t l2Bytes, double launchOverheadUs,
                        const std::string &raceCheck, bool initCheck,
                        bool trace, uint64_t stepBudget, bool autoSync) {
  LaunchConfig c;
  c.ub_bytes = ubBytes;
  c.aiv_cores = aivCores;
  c.aic_cores = aicCores;
  c.clock_mhz = clockMhz;
  c.host_threads = hostThreads;
  c.hbm_gbps = hbmGbps;
  c.l2_bytes = l2Bytes;
  c.launch_overhead_us = launchOverheadUs;
  c.race_check = parseRaceCheck(raceCheck);
  c.init_check = initCheck;
  c.trace = trace;
  c.step_budget = stepBudget;
  c.auto_sync = autoSync;
  if (std::optional<std::string> err = c.validate())
    throw nb::value_error(err->c_str());
  return c;
}

/// One kernel argument word: any Python int in [-2^63, 2^64).
uint64_t argWord(const nb::int_ &v) {
  int64_t s;
  if (nb::try_cast<int64_t>(v, s))
    return static_cast<uint64_t>(s);
  uint64_t u;
  if (nb::try_cast<uint64_t>(v, u))
    return u;
  throw nb::value_error("kernel argument does not fit in 64 bits");
}

std::string configRepr(const LaunchConfig &c) {
  return "Config(ub_bytes=" + std::to_string(c.ub_bytes) +
         ", aiv_cores=" + std::to_string(c.aiv_cores) +
         ", aic_cores=" + std::to_string(c.aic_cores) +
         ", clock_mhz=" + nb::repr(nb::float_(c.clock_mhz)).c_str() +
         ", host_threads=" + std::to_string(c.host_threads) +
         ", hbm_gbps=" + nb::repr(nb::float_(c.hbm_gbps)).c_str() +
         ", l2_bytes=" + std::to_string(c.l2_bytes) + ", launch_overhead_us=" +
         nb::repr(nb::float_(c.launch_overhead_us)).c_str() + ", race_check='" +
         raceCheckName(c.race_check) +
         "', init_check=" + (c.init_check ? "True" : "False") +
         ", trace=" + (c.trace ? "True" : "False") +
         ", step_budget=" + std::to_string(c.step_budget) +
         ", auto_sync=" + (c.auto_sync ? "True" : "False") + ")";
}

std::string diagnosticRepr(const Diagnostic &d) {
  std::string where =
      d.file.empty() ? "<launch>" : d.file + ":" + std::to_string(d.line);
  return "<Diagnostic " + std::string(ascsim::severityName(d.severity)) + "[" +
         d.category + "] block " + std::to_string(d.block) + " " + where +
         ": " + d.message + ">";
}

/// Ctrl-C during a launch. The launch runs without the GIL, so Python's
/// SIGINT handler only marks the signal for later; while a launch of the main
/// thread runs, this handler also asks the simulator to stop
/// (ascsim::requestInterrupt), then calls the handler it replaced (which
/// records the signal for Python). Launches from other threads leave SIGINT
/// alone (Python handles signals on the main thread only).
///
/// Installed by the first launch of the main thread and left installed: a
/// SIGINT outside a launch only goes on to the handler it replaced. Each
/// later launch reads the current action (one system call instead of three:
/// read, install, restore) and installs it again only if something else
/// (Python's signal.signal, another library) replaced it since.
class InterruptScope {
public:
  InterruptScope() {
    // Python's own test (no system call; the GIL is held here).
    if (!_PyOS_IsMainThread())
      return;
    struct sigaction cur{};
    if (sigaction(SIGINT, nullptr, &cur) != 0)
      return;
    bool ours = (cur.sa_flags & SA_SIGINFO) && cur.sa_sigaction == onSigint;
    if (!ours) {
      // SIG_DFL (end the process) and SIG_IGN stay as they are.
      if (!(cur.sa_flags & SA_SIGINFO) &&
          (cur.sa_handler == SIG_DFL || cur.sa_handler == SIG_IGN))
        return;
      previous() = cur;
      struct sigaction sa{};
      sa.sa_sigaction = onSigint;
      sigemptyset(&sa.sa_mask);
      sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
      if (sigaction(SIGINT, &sa, nullptr) != 0)
        return;
    }
    ascsim::clearInterrupt();
    running() = 1;
    active_ = true;
  }
  ~InterruptScope() {
    if (active_)
      running() = 0;
  }
  InterruptScope(const InterruptScope &) = delete;
  InterruptScope &operator=(const InterruptScope &) = delete;

private:
  static struct sigaction &previous() {
    static struct sigaction p;
    return p;
  }
  /// A launch of the main thread is running (only then does SIGINT stop it).
  static volatile std::sig_atomic_t &running() {
    static volatile std::sig_atomic_t r = 0;
    return r;
  }
  /// Set while the handler runs: a handler installed after this one that
  /// passes SIGINT on to it, and that this one was installed again over,
  /// would otherwise call it back without end.
  static volatile std::sig_atomic_t &inside() {
    static volatile std::sig_atomic_t r = 0;
    return r;
  }
  static void onSigint(int sig, siginfo_t *info, void *uctx) {
    if (inside())
      return;
    inside() = 1;
    if (running())
      ascsim::requestInterrupt();
    const struct sigaction &p = previous();
    if (p.sa_flags & SA_SIGINFO)
      p.sa_sigaction(sig, info, uctx);
    else if (p.sa_handler != SIG_IGN && p.sa_handler != SIG_DFL)
      p.sa_handler(sig);
    inside() = 0;
  }
  bool active_ = false;
};

/// The same ConstExpr value as the plan's: the object itself, or an equal
/// int or str, or a float with the same bits (0.0 and -0.0 compile apart).
bool sameConstant(PyObject *o, PyObject *want) {
  if (o == want)
    return true;
  if (Py_TYPE(o) != Py_TYPE(want))
    return false;
  if (PyFloat_CheckExact(o)) {
    double a = PyFloat_AS_DOUBLE(o), b = PyFloat_AS_DOUBLE(want);
    return std::memcmp(&a, &b, sizeof a) == 0;
  }
  if (!PyLong_CheckExact(o) && !PyUnicode_CheckExact(o))
    return false;
  int eq = PyObject_RichCompareBool(o, want, Py_EQ);
  if (eq < 0)
    PyErr_Clear();
  return eq == 1;
}

/// A launch plan (asc.runtime.plan): how each argument of one kernel
/// signature becomes its launch word, decided once by Python and applied
/// here to every later launch with the same argument types, without a Python
/// call per argument. `apply` checks each argument against what the plan was
/// made for (exact type, numpy dtype object, ConstExpr value) and returns
/// false at the first mismatch: the caller then takes the general path,
/// which specialises again or raises the error naming the argument.
struct ArgPlan {
  enum Kind : uint8_t { Array = 0, Int32 = 1, Float32 = 2, Bool = 3, Same = 4 };
  std::vector<uint8_t> kinds;
  /// Array: the numpy dtype object; Same (a ConstExpr): the value itself.
  std::vector<nb::object> expected;
  std::vector<std::string> names;
  nb::object ndarray; // numpy.ndarray

  bool apply(PyObject *const *args, size_t n, std::vector<uint64_t> &words,
             std::vector<ascsim::GmRegion> &gm) const {
    if (n != kinds.size())
      return false;
    for (size_t i = 0; i < n; ++i) {
      PyObject *o = args[i];
      switch (kinds[i]) {
      case Array: {
        if (Py_TYPE(o) != reinterpret_cast<PyTypeObject *>(ndarray.ptr()))
          return false;
        static PyObject *const dtypeName = PyUnicode_InternFromString("dtype");
        PyObject *dtype = PyObject_GetAttr(o, dtypeName);
        if (!dtype) {
          PyErr_Clear();
          return false;
        }
        bool same = dtype == expected[i].ptr();
        Py_DECREF(dtype);
        if (!same)
          return false;
        // C-contiguous and writable, as the general path requires (it
        // raises the error naming the argument when not).
        Py_buffer view;
        if (PyObject_GetBuffer(o, &view, PyBUF_C_CONTIGUOUS | PyBUF_WRITABLE) !=
            0) {
          PyErr_Clear();
          return false;
        }
        uint64_t address = reinterpret_cast<uintptr_t>(view.buf);
        uint64_t bytes = static_cast<uint64_t>(view.len);
        PyBuffer_Release(&view);
        words.push_back(address);
        gm.push_back(ascsim::GmRegion{address, bytes, names[i]});
        break;
      }
      case Int32: {
        if (!PyLong_CheckExact(o))
          return false;
        int overflow = 0;
        long long v = PyLong_AsLongLongAndOverflow(o, &overflow);
        if (overflow || v < INT32_MIN || v > INT32_MAX) {
          PyErr_Clear();
          return false;
        }
        words.push_back(static_cast<uint64_t>(v) & 0xffffffffu);
        break;
      }
      case Float32: {
        if (!PyFloat_CheckExact(o))
          return false;
        // The bits struct.pack('<f', v) gives (PyFloat_Pack4 rounds and
        // refuses a finite value that overflows float32).
        unsigned char b[4];
        if (PyFloat_Pack4(PyFloat_AS_DOUBLE(o), reinterpret_cast<char *>(b),
                          1) != 0) {
          PyErr_Clear();
          return false;
        }
        words.push_back(uint64_t(b[0]) | uint64_t(b[1]) << 8 |
                        uint64_t(b[2]) << 16 | uint64_t(b[3]) << 24);
        break;
      }
      case Bool:
        if (o == Py_True)
          words.push_back(1);
        else if (o == Py_False)
          words.push_back(0);
        else
          return false;
        break;
      case Same:
        if (!sameConstant(o, expected[i].ptr()))
          return false;
        break;
      default:
        return false;
      }
    }
    return true;
  }
};

/// What a launch plan was made under (asc.runtime.plan): entries of
/// dictionaries (the runtime state's backend and platform, the simulator
/// knobs in os.environ's own dictionary, the names the kernel reads in its
/// module's globals), each held to the object it had then or to its absence.
/// `holds` runs at every planned launch: one dictionary lookup per entry,
/// compared by identity (no __eq__ is called), so a rebinding to an equal
/// but other object takes the general path, which plans again. On CPython
/// before 3.12 a dictionary whose version tag (PEP 509: it changes with
/// every modification of the dictionary) is the one of the last check that
/// passed is not looked into again.
struct Guard {
  struct Entry {
    PyObject *key, *value; // value null: the key must be absent
  };
  struct Dict {
    PyObject *dict;
    size_t begin, end; // its entries
    uint64_t version;  // at the last check that passed
    bool checked;      // version is valid
  };
  std::vector<Entry> entries;
  mutable std::vector<Dict> dicts;
  /// The dictionaries, keys and values of `entries`, owned (and visited by
  /// the garbage collector: a module's globals dict holds the kernel that
  /// holds its plans, which hold this guard).
  std::vector<nb::object> owned;

  static uint64_t version(PyObject *dict) {
#if PY_VERSION_HEX < 0x030C0000
    return reinterpret_cast<PyDictObject *>(dict)->ma_version_tag;
#else
    (void)dict;
    return 0;
#endif
  }
  static constexpr bool versioned = PY_VERSION_HEX < 0x030C0000;

  bool holds() const {
    for (Dict &d : dicts) {
      uint64_t now = version(d.dict);
      if (versioned && d.checked && now == d.version)
        continue;
      for (size_t i = d.begin; i < d.end; ++i) {
        PyObject *v = PyDict_GetItemWithError(d.dict, entries[i].key);
        if (!v && PyErr_Occurred()) {
          PyErr_Clear();
          return false;
        }
        if (v != entries[i].value)
          return false;
      }
      d.version = now;
      d.checked = true;
    }
    return true;
  }

  static int traverse(PyObject *self, visitproc visit, void *arg) {
    if (nb::inst_ready(self))
      for (const nb::object &o : nb::inst_ptr<Guard>(self)->owned)
        Py_VISIT(o.ptr());
    Py_VISIT(Py_TYPE(self));
    return 0;
  }
  static int clear(PyObject *self) {
    Guard *g = nb::inst_ptr<Guard>(self);
    g->entries.clear();
    g->dicts.clear();
    std::vector<nb::object> owned = std::move(g->owned);
    return 0;
  }
};

PyType_Slot guardSlots[] = {
    {Py_tp_traverse, reinterpret_cast<void *>(Guard::traverse)},
    {Py_tp_clear, reinterpret_cast<void *>(Guard::clear)},
    {0, nullptr}};

/// Runs the kernel without the GIL, turning a Ctrl-C into KeyboardInterrupt.
LaunchResult runLaunch(const Kernel &k, uint32_t numBlocks,
                       const std::vector<uint64_t> &words,
                       const std::vector<ascsim::GmRegion> &gm,
                       const LaunchConfig &config) {
  LaunchResult result;
  InterruptScope interrupts;
  {
    nb::gil_scoped_release release;
    result = k.launch(numBlocks, words, gm, config);
  }
  if (result.interrupted && PyErr_CheckSignals() != 0)
    throw nb::python_error(); // KeyboardInterrupt
  return result;
}

} // namespace

void init_sim(nb::module_ &m) {
  nb::class_<LaunchConfig>(m, "Config",
                           "Platform and host parameters of a launch.")
      .def(
          "__init__",
          [](LaunchConfig *self, uint64_t ubBytes, uint32_t aivCores,
             uint32_t aicCores, double clockMhz, uint32_t hostThreads,
             double hbmGbps, uint64_t l2Bytes, double launchOverheadUs,
             const std::string &raceCheck, bool initCheck, bool trace,
             uint64_t stepBudget, bool autoSync) {
            new (self) LaunchConfig(
                makeConfig(ubBytes, aivCores, aicCores, clockMhz, hostThreads,
                           hbmGbps, l2Bytes, launchOverheadUs, raceCheck,
                           initCheck, trace, stepBudget, autoSync));
          },
          // Defaults: LaunchConfig's, i.e. the hardware table's default part.
          nb::kw_only(), "ub_bytes"_a = LaunchConfig{}.ub_bytes,
          "aiv_cores"_a = LaunchConfig{}.aiv_cores,
          "aic_cores"_a = LaunchConfig{}.aic_cores,
          "clock_mhz"_a = LaunchConfig{}.clock_mhz, "host_threads"_a = 0,
          "hbm_gbps"_a = LaunchConfig{}.hbm_gbps,
          "l2_bytes"_a = LaunchConfig{}.l2_bytes,
          "launch_overhead_us"_a = LaunchConfig{}.launch_overhead_us,
          "race_check"_a = "raise", "init_check"_a = true, "trace"_a = false,
          "step_budget"_a = LaunchConfig::kDefaultStepBudget,
          "auto_sync"_a = false,
          "Raises ValueError when a field is out of range.")
      .def_ro("ub_bytes", &LaunchConfig::ub_bytes,
              "Unified Buffer bytes per vector core.")
      .def_ro("aiv_cores", &LaunchConfig::aiv_cores,
              "Physical vector cores; more blocks run in waves.")
      .def_ro("aic_cores", &LaunchConfig::aic_cores,
              "Physical cube cores (AIC_ONLY and MIX kernels).")
      .def_ro("clock_mhz", &LaunchConfig::clock_mhz, "Core clock in MHz.")
      .def_ro("host_threads", &LaunchConfig::host_threads,
              "Host worker threads (0 = hardware concurrency).")
      .def_ro("hbm_gbps", &LaunchConfig::hbm_gbps,
              "Shared HBM bandwidth (reads + writes) in GB/s.")
      .def_ro("l2_bytes", &LaunchConfig::l2_bytes,
              "The chip's L2 bytes (the L2 working-set model).")
      .def_ro("launch_overhead_us", &LaunchConfig::launch_overhead_us,
              "Fixed device cost of a launch, added to duration_us.")
      .def_prop_ro(
          "race_check",
          [](const LaunchConfig &c) {
            return std::string(raceCheckName(c.race_check));
          },
          "'raise' (races are errors), 'warn' (warnings) or 'off'.")
      .def_ro("init_check", &LaunchConfig::init_check,
              "Warn about reads of never-written Unified Buffer bytes.")
      .def_ro("trace", &LaunchConfig::trace,
              "Record the timeline for LaunchResult.write_trace.")
      .def_ro("step_budget", &LaunchConfig::step_budget,
              "The watchdog: steps (API calls and loop iterations) a block "
              "may run before the launch stops with a 'watchdog' error; 0 = "
              "no limit.")
      .def_ro("auto_sync", &LaunchConfig::auto_sync,
              "Insert the scalar <-> pipe waits of bisheng's --cce-auto-sync.")
      .def("__repr__", &configRepr);

  m.def(
      "hardware",
      [] {
        // The hardware table (include/ascir/Dialect/Asc/IR/AscHardware.td)
        // as plain Python data; asc.runtime.config builds on it.
        namespace hw = ascsim::hw;
        nb::list memories, platforms, events;
        for (const hw::MemoryFacts &m : hw::kMemories) {
          nb::dict d;
          d["name"] = m.name;
          d["capacity"] = m.capacity;
          d["align"] = m.align;
          d["reserved"] = m.reserved;
          d["usable"] = m.capacity - m.reserved;
          d["source"] = m.source;
          memories.append(d);
        }
        for (const hw::PlatformFacts &p : hw::kPlatforms) {
          nb::dict d;
          d["name"] = p.name;
          d["py_enum_name"] = p.pyEnumName;
          d["aic_cores"] = p.aicCores;
          d["aiv_cores"] = p.aivCores;
          d["clock_mhz"] = p.clockMhz;
          d["hbm_bytes"] = p.hbmBytes;
          d["l2_bytes"] = p.l2Bytes;
          d["hbm_gbps"] = p.hbmGbps;
          d["arch"] = p.arch;
          d["pyasc"] = p.pyasc;
          d["source"] = p.source;
          platforms.append(d);
        }
        for (const hw::EventFacts &e : hw::kEvents) {
          nb::dict d;
          d["name"] = e.name;
          d["src"] = e.src;
          d["dst"] = e.dst;
          d["aiv"] = e.aiv;
          d["aic"] = e.aic;
          events.append(d);
        }
        nb::dict constants;
        for (const hw::ConstantFacts &c : hw::kConstants)
          constants[c.name] = nb::make_tuple(c.value, c.source);
        nb::dict facts;
        facts["memories"] = memories;
        facts["platforms"] = platforms;
        facts["events"] = events;
        facts["constants"] = constants;
        facts["default_platform"] = hw::kDefaultPlatform;
        return facts;
      },
      "The hardware facts table: memories, platforms, events, constants "
      "(each with its source).");

  m.def("vector_ops", &ascsim::vectorOps,
        "The simulator's vector instructions (its op table, generated from "
        "the dialect's ODS).");
  m.def(
      "vector_op_supports",
      [](const std::string &op, const std::string &dst,
         const std::string &src) {
        std::string allowed;
        bool ok = ascsim::vectorOpSupports(op, dst, src, allowed);
        return std::make_tuple(ok, allowed);
      },
      "op"_a, "dst"_a, "src"_a,
      "(supported, what is supported) for vector instruction `op` on "
      "element types dst, src (numpy names).");

  m.def(
      "platform_config",
      [](const std::string &soc) { return ascsim::platformConfig(soc); },
      "soc"_a, "The Config of a known SoC name (e.g. 'Ascend910B1'), or None.");

  nb::class_<Diagnostic>(m, "Diagnostic",
                         "One simulator finding, located in the user's file.")
      .def_prop_ro("severity",
                   [](const Diagnostic &d) {
                     return std::string(ascsim::severityName(d.severity));
                   })
      .def_ro("category", &Diagnostic::category)
      .def_ro("message", &Diagnostic::message)
      .def_ro("block", &Diagnostic::block, "Block index; -1 for the launch.")
      .def_ro("file", &Diagnostic::file, "'' when there is no location.")
      .def_ro("line", &Diagnostic::line)
      .def_prop_ro(
          "notes",
          [](const Diagnostic &d) {
            std::vector<NoteTuple> notes;
            for (const ascsim::Note &n : d.notes)
              notes.emplace_back(n.message, n.file, n.line);
            return notes;
          },
          "List of (message, file, line).")
      .def("__repr__", &diagnosticRepr);

  nb::class_<LaunchResult>(m, "LaunchResult")
      .def_ro("ok", &LaunchResult::ok, "True when no error was reported.")
      .def_ro("diagnostics", &LaunchResult::diagnostics,
              "Sorted by block, then program order.")
      .def_prop_ro(
          "quiet",
          [](const LaunchResult &r) {
            return r.diagnostics.empty() && r.output.empty();
          },
          "No diagnostics and no kernel output (nothing to report).")
      .def_ro("cycles", &LaunchResult::cycles,
              "Estimated kernel cycles (slowest core, blocks in waves).")
      .def_ro("duration_us", &LaunchResult::duration_us)
      .def_prop_ro(
          "pipe_busy_cycles",
          [](const LaunchResult &r) { return r.pipe_busy_cycles.toMap(); },
          "Per pipe, the largest busy total of any core.")
      .def_ro("bound_pipe", &LaunchResult::bound_pipe,
              "The busiest pipe: 'S', 'V', 'MTE2' or 'MTE3'.")
      .def_prop_ro(
          "pipe_busy_us",
          [](const LaunchResult &r) { return r.pipe_busy_us.toMap(); },
          "pipe_busy_cycles in microseconds (msprof aiv_<pipe>_time).")
      .def_prop_ro(
          "pipe_ratio",
          [](const LaunchResult &r) { return r.pipe_ratio.toMap(); },
          "Busy fraction of the kernel's cycles per pipe.")
      .def_ro("hbm_cycles", &LaunchResult::hbm_cycles,
              "Cycles the shared HBM needs for the launch's GM traffic.")
      .def_ro("hbm_bound", &LaunchResult::hbm_bound,
              "True when HBM bandwidth, not a core, decides the duration.")
      .def_ro("l2_resident", &LaunchResult::l2_resident,
              "True when the launch's GM buffers fit in the L2 (cached "
              "traffic is served by the L2, docs/timing.md).")
      .def_ro("gm_read_bytes", &LaunchResult::gm_read_bytes)
      .def_ro("gm_write_bytes", &LaunchResult::gm_write_bytes)
      .def_ro("launch_overhead_us", &LaunchResult::launch_overhead_us)
      .def_ro("clock_mhz", &LaunchResult::clock_mhz)
      .def_ro("num_blocks", &LaunchResult::num_blocks)
      .def_ro("interrupted", &LaunchResult::interrupted,
              "The launch was stopped by Ctrl-C (the results are partial).")
      .def_ro("cores_used", &LaunchResult::cores_used)
      .def_ro("kernel_type", &LaunchResult::kernel_type,
              "The kernel type the launch ran: 'AIV_ONLY', 'AIC_ONLY', "
              "'MIX_AIC_1_2', ...")
      .def_prop_ro(
          "has_trace", [](const LaunchResult &r) { return bool(r.trace); },
          "Whether the timeline was recorded (Config(trace=True)).")
      .def(
          "summary", [](const LaunchResult &r) { return ascsim::summary(r); },
          "A text report: duration, per-pipe busy time and ratio, the bound "
          "pipe, GM traffic and the diagnostics.")
      .def(
          "write_trace",
          [](const LaunchResult &r, const std::string &path) {
            std::string err = ascsim::writeTrace(r, path);
            if (!err.empty())
              throw std::runtime_error(err);
          },
          "path"_a,
          "Writes a Chrome/Perfetto trace.json of the launch (needs "
          "Config(trace=True)); raises RuntimeError otherwise.")
      .def_prop_ro(
          "output",
          [](const LaunchResult &r) {
            // Kernel text may hold any bytes (%s, %c): invalid UTF-8 is
            // replaced rather than raising.
            nb::list out;
            for (const auto &[block, text] : r.output) {
              nb::object s = nb::steal(PyUnicode_DecodeUTF8(
                  text.data(), static_cast<Py_ssize_t>(text.size()),
                  "replace"));
              if (!s.is_valid())
                throw nb::python_error();
              out.append(nb::make_tuple(block, s));
            }
            return out;
          },
          "printf / dump_tensor output: a list of (block, text) for every "
          "block that printed, in block order; each line of text starts "
          "with '[block N] ' and text ends with a newline.")
      .def_prop_ro(
          "block_cycles",
          [](const LaunchResult &r) {
            std::vector<uint64_t> cycles;
            for (const ascsim::BlockTiming &b : r.blocks)
              cycles.push_back(b.cycles);
            return cycles;
          },
          "Cycles of each block (in a MIX kernel, of each core: per block "
          "the AIC, then its AIVs).")
      .def_prop_ro(
          "block_core_types",
          [](const LaunchResult &r) {
            std::vector<std::string> types;
            for (const ascsim::BlockTiming &b : r.blocks)
              types.push_back(b.core_type);
            return types;
          },
          "'AIV' or 'AIC' for each entry of block_cycles.")
      .def("__repr__", [](const LaunchResult &r) {
        return "<LaunchResult ok=" + std::string(r.ok ? "True" : "False") +
               " cycles=" + std::to_string(r.cycles) +
               " diagnostics=" + std::to_string(r.diagnostics.size()) + ">";
      });

  nb::class_<ArgPlan>(m, "ArgPlan",
                      "How the arguments of one kernel signature become "
                      "launch words (asc.runtime.plan).")
      .def(
          "__init__",
          [](ArgPlan *p, std::vector<uint8_t> kinds,
             std::vector<nb::object> expected, std::vector<std::string> names,
             nb::object ndarray) {
            if (expected.size() != kinds.size() || names.size() != kinds.size())
              throw nb::value_error("kinds, expected and names differ in "
                                    "length");
            for (uint8_t k : kinds)
              if (k > ArgPlan::Same)
                throw nb::value_error("unknown argument kind");
            new (p) ArgPlan{std::move(kinds), std::move(expected),
                            std::move(names), std::move(ndarray)};
          },
          "kinds"_a, "expected"_a, "names"_a, "ndarray"_a,
          "kinds: per argument 0 = numpy array of dtype expected[i] (its "
          "address; region named names[i]), 1 = int as int32, 2 = float as "
          "float32, 3 = bool, 4 = exactly the object expected[i] (a "
          "ConstExpr: no word).");

  nb::class_<Guard>(m, "Guard", nb::type_slots(guardSlots),
                    "What a launch plan was made under (asc.runtime.plan): "
                    "dictionary entries compared by identity at every "
                    "planned launch.")
      .def(
          "__init__",
          [](Guard *g,
             const std::vector<std::tuple<nb::dict, nb::object, nb::object>>
                 &entries,
             nb::handle missing) {
            new (g) Guard();
            for (const auto &[dict, key, value] : entries) {
              PyObject *v =
                  value.ptr() == missing.ptr() ? nullptr : value.ptr();
              if (g->dicts.empty() || g->dicts.back().dict != dict.ptr()) {
                g->dicts.push_back({dict.ptr(), g->entries.size(),
                                    g->entries.size(), 0, false});
                g->owned.push_back(dict);
              }
              g->entries.push_back({key.ptr(), v});
              g->dicts.back().end = g->entries.size();
              g->owned.push_back(key);
              if (v)
                g->owned.push_back(value);
            }
          },
          "entries"_a, "missing"_a,
          "entries: (dict, key, value) triples, those of one dict next to "
          "each other; `value` is `missing` when the key must be absent "
          "from the dict.")
      .def("__call__", &Guard::holds,
           "True when every entry still holds its object (or is still "
           "absent).");

  nb::class_<Kernel>(m, "Kernel", "A loaded kernel shared object.")
      .def_prop_ro("path", &Kernel::path)
      .def_prop_ro("kernel_type", &Kernel::kernelType,
                   "KernelMetaType value the library exports (0 = "
                   "AIV_ONLY).")
      .def(
          "launch",
          [](const Kernel &k, uint32_t numBlocks,
             const std::vector<nb::int_> &args,
             const std::vector<RegionTuple> &regions,
             const LaunchConfig &config) {
            std::vector<uint64_t> words;
            words.reserve(args.size());
            for (const nb::int_ &a : args)
              words.push_back(argWord(a));
            std::vector<ascsim::GmRegion> gm;
            gm.reserve(regions.size());
            for (const RegionTuple &r : regions)
              gm.push_back(ascsim::GmRegion{std::get<0>(r), std::get<1>(r),
                                            std::get<2>(r)});
            return runLaunch(k, numBlocks, words, gm, config);
          },
          "num_blocks"_a, "args"_a, "regions"_a, "config"_a,
          "Runs num_blocks blocks (without the GIL). args: one integer per "
          "kernel parameter (pointers as addresses, float bit patterns as "
          "integers; negative values are taken as two's complement); "
          "regions: (address, bytes, name) of each array the kernel may "
          "access.")
      .def(
          "launch_planned",
          [](const Kernel &k, const ArgPlan &plan, uint32_t numBlocks,
             const LaunchConfig &config, nb::tuple args) -> nb::object {
            std::vector<uint64_t> words;
            std::vector<ascsim::GmRegion> gm;
            words.reserve(args.size());
            gm.reserve(args.size());
            if (!plan.apply(&PyTuple_GET_ITEM(args.ptr(), 0), args.size(),
                            words, gm))
              return nb::none();
            return nb::cast(runLaunch(k, numBlocks, words, gm, config));
          },
          "plan"_a, "num_blocks"_a, "config"_a, "args"_a,
          "launch() with the arguments themselves (a tuple), turned into words "
          "and "
          "regions by `plan`; None (nothing run) when an argument does not "
          "match the plan.");

  m.def(
      "load_kernel",
      [](const std::string &path) {
        std::string error;
        std::unique_ptr<Kernel> k = Kernel::load(path, error);
        if (!k)
          throw std::runtime_error(error);
        return k;
      },
      "path"_a,
      "Loads a kernel .so; raises RuntimeError with the dlerror text.");
}

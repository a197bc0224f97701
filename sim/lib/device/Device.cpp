//===- device/Device.cpp - Running blocks on host threads -------*- C++ -*-===//

#include "device/Device.h"

#include "device/Core.h"
#include "device/CrossCore.h"
#include "device/SignalGuard.h"
#include "support/Fault.h"
#include "support/Isa.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <memory>
#include <mutex>
#include <thread>

#include <pthread.h>
#include <sched.h>

namespace ascsim {

namespace {
std::atomic<bool> gInterrupt{false};
static_assert(std::atomic<bool>::is_always_lock_free,
              "requestInterrupt must be async-signal-safe");

Diagnostic interruptedDiagnostic(int64_t blockIdx, Loc loc) {
  return makeDiagnostic("interrupted",
                        "the launch was interrupted (block " +
                            std::to_string(blockIdx) + " stopped here)",
                        loc);
}
} // namespace

void requestInterrupt() noexcept {
  gInterrupt.store(true, std::memory_order_relaxed);
}
void clearInterrupt() noexcept {
  gInterrupt.store(false, std::memory_order_relaxed);
}
bool interruptRequested() noexcept {
  return gInterrupt.load(std::memory_order_relaxed);
}

void LaunchControl::blockDone(uint32_t b) {
  {
    std::lock_guard<std::mutex> lk(m_);
    (numBlocks_ > 64 ? moreDone_[b / 64] : done_) |= 1ull << (b % 64);
    while (lowest_ < numBlocks_ && done(lowest_))
      ++lowest_;
  }
  cv_.notify_all();
}

bool LaunchControl::awaitLowerBlocks(uint32_t b) {
  std::unique_lock<std::mutex> lk(m_);
  // An interrupt does not notify: poll it.
  while (lowest_ < b) {
    if (stopped(b))
      return false;
    cv_.wait_for(lk, std::chrono::milliseconds(20));
  }
  return true;
}

BlockOutcome runBlock(EntryFn entry, const uint64_t *args, int64_t blockIdx,
                      int64_t blockNum, const LaunchConfig &config,
                      const GmMap &gm, LaunchControl &control) {
  CoreRole role;
  role.task = static_cast<uint32_t>(blockIdx);
  return runCore(entry, args, blockIdx, blockNum, role, config, gm, control);
}

BlockOutcome runCore(EntryFn entry, const uint64_t *args, int64_t blockIdx,
                     int64_t blockNum, const CoreRole &role,
                     const LaunchConfig &config, const GmMap &gm,
                     LaunchControl &control) {
  BlockOutcome out;
  const uint32_t b = role.task; // the control's index of this core run
  if (control.stopped(b)) {     // never started
    Diagnostic d = interruptedDiagnostic(blockIdx, Loc{nullptr, 0});
    d.block = blockIdx;
    out.diagnostics.push_back(std::move(d));
    out.stopped = true;
    if (role.xc)
      role.xc->finish(role.coreId);
    control.blockDone(b);
    return out;
  }
  // The per-core DMA rates of the L2 model (docs/timing.md): L2-resident
  // when the launch's GM buffers fit in the L2.
  timing::dmaRates() =
      timing::dmaRatesFor(gm.checking() && gm.unionBytes() <= config.l2_bytes);
  // On the stack: a Core is ~24 KiB, and its malloc and free (past the
  // small-size caches) cost more than the rest of its allocation-free set-up.
  Core core(blockIdx, blockNum, config, gm, &control);
  core.setRole(role);
  {
    CoreScope scope(core);
    auto body = [&] {
      try {
        entry(args);
        core.finish();
      } catch (Fault &f) {
        if (f.diag.category == "interrupted")
          out.stopped = true;
        core.record(std::move(f.diag));
      } catch (const std::exception &e) {
        core.record(makeDiagnostic(
            "internal",
            std::string("the kernel raised a C++ exception: ") + e.what(),
            Loc{nullptr, 0}));
      } catch (...) {
        core.record(makeDiagnostic("internal",
                                   "the kernel raised an unknown C++ exception",
                                   Loc{nullptr, 0}));
      }
    };
    std::optional<SignalFault> sig = runGuarded(
        [](void *p) { (*static_cast<decltype(body) *>(p))(); }, &body);
    if (sig) {
      Loc last = core.lastLoc();
      std::string where =
          last.line ? "; the last API call before it was at " + formatLoc(last)
                    : "";
      core.record(makeDiagnostic(
          "fault",
          "memory fault in the kernel's code: " + describeSignal(*sig) + where +
              ". The block was stopped and the process goes on; memory the "
              "kernel wrote may be inconsistent (look for a raw pointer, an "
              "index out of range or a deep recursion in hand-written code)",
          last));
    }
  }
  if (role.xc) // it sets nothing more: the cores waiting for it may deadlock
    role.xc->finish(role.coreId);
  out.timing = core.takeTiming();
  out.diagnostics = core.takeDiagnostics();
  out.gmAccesses = core.takeGmAccesses();
  out.epochClocks = core.takeEpochClocks();
  out.trace = core.takeTrace();
  out.output = core.takeOutput();
  control.blockDone(b);
  return out;
}

namespace {

/// The host threads that run blocks, started on first need and kept for the
/// life of the process (creating threads per launch cost more than a small
/// kernel's whole simulation). One job at a time; a launch that finds the
/// pool busy (launches from several host threads at once) falls back to
/// threads of its own. Workers are detached and the pool is never
/// destroyed, so process exit does not wait for them; a forked child starts
/// with a fresh, empty pool.
///
/// Waking a sleeping thread takes tens of microseconds on a VM, as long as
/// a small kernel's block: a worker spins briefly for the next job before
/// it sleeps, and the caller spins (yielding) for the workers to finish
/// before it sleeps. After an idle gap, Linux tends to wake a worker on the
/// caller's CPU while another CPU idles (its own CPU went idle, its cache is
/// cold), where it waits behind the caller for a time slice — ~4 ms on a
/// 2-vCPU VM, as long as a whole short launch (benchmarks/wake.py) — so a
/// job after such a gap first steers the workers off the caller's CPU; each
/// worker takes its former CPU mask back once it runs.
class ThreadPool {
public:
  static ThreadPool &instance() {
    static bool registered = [] {
      pthread_atfork(nullptr, nullptr, [] { current() = new ThreadPool(); });
      return true;
    }();
    (void)registered;
    return *current();
  }

  /// Runs fn(i) for i in [0, n) on the caller plus up to `extra` workers.
  /// Returns false (nothing run) if another job holds the pool.
  bool run(uint32_t n, uint32_t extra,
           const std::function<void(uint32_t)> &fn) {
    std::unique_lock<std::mutex> job(busy_, std::try_to_lock);
    if (!job.owns_lock())
      return false;
    {
      std::lock_guard<std::mutex> lk(m_);
      while (workers_ < extra) {
        std::thread t(&ThreadPool::workerLoop, this, gen_.load());
        threads_.push_back(t.native_handle()); // valid: workers never end
        t.detach();
        ++workers_;
      }
      fn_ = &fn;
      n_ = n;
      next_.store(0);
      slots_.store(static_cast<int>(extra));
      steerIfIdle(gen_.load() + 1);
      gen_.fetch_add(1);
    }
    wake_.notify_all();
    work();
    // A worker counts itself in running_ before it takes a slot, so once
    // the slots are closed, running_ == 0 means no worker is in this job.
    slots_.store(0);
    auto start = Clock::now();
    while (running_.load() != 0 && Clock::now() - start < kCallerSpin)
      std::this_thread::yield();
    std::unique_lock<std::mutex> lk(m_);
    done_.wait(lk, [&] { return running_.load() == 0; });
    fn_ = nullptr;
    lastEnd_ = Clock::now();
    return true;
  }

private:
  using Clock = std::chrono::steady_clock;
  static constexpr std::chrono::microseconds kWorkerSpin{50};
  static constexpr std::chrono::microseconds kCallerSpin{200};
  /// A gap after which the workers are steered (steerIfIdle): back-to-back
  /// jobs find the workers spinning or just asleep on their own CPUs.
  static constexpr std::chrono::milliseconds kIdleGap{1};

  /// With m_ held, before job `gen` is published: after an idle gap, every
  /// worker may run anywhere the caller may but on the caller's CPU (one
  /// call per worker), so the wake places it on another CPU. A no-op with
  /// fewer than two CPUs allowed or no CPU number.
  void steerIfIdle(uint64_t gen) {
    if (threads_.empty() || Clock::now() - lastEnd_ < kIdleGap)
      return;
    const int cpu = sched_getcpu();
    cpu_set_t mask;
    CPU_ZERO(&mask);
    if (cpu < 0 || cpu >= CPU_SETSIZE ||
        sched_getaffinity(0, sizeof mask, &mask) != 0 ||
        !CPU_ISSET(cpu, &mask) || CPU_COUNT(&mask) < 2)
      return;
    restore_ = mask;
    CPU_CLR(cpu, &mask);
    for (pthread_t t : threads_)
      pthread_setaffinity_np(t, sizeof mask, &mask);
    steered_.store(gen);
  }

  static ThreadPool *&current() {
    static ThreadPool *pool = new ThreadPool();
    return pool;
  }

  void work() {
    for (uint32_t i = next_.fetch_add(1); i < n_; i = next_.fetch_add(1))
      (*fn_)(i);
  }

  void workerLoop(uint64_t seen) {
    for (;;) {
      auto start = Clock::now();
      while (gen_.load() == seen && Clock::now() - start < kWorkerSpin)
        std::this_thread::yield();
      if (gen_.load() == seen) {
        std::unique_lock<std::mutex> lk(m_);
        wake_.wait(lk, [&] { return gen_.load() != seen; });
      }
      seen = gen_.load();
      if (steered_.load() == seen) { // steerIfIdle moved this worker
        std::lock_guard<std::mutex> lk(m_);
        pthread_setaffinity_np(pthread_self(), sizeof restore_, &restore_);
      }
      running_.fetch_add(1);
      int slots = slots_.load();
      while (slots > 0 && !slots_.compare_exchange_weak(slots, slots - 1)) {
      }
      if (slots > 0)
        work();
      if (running_.fetch_sub(1) == 1) {
        std::lock_guard<std::mutex> lk(m_);
        done_.notify_all();
      }
    }
  }

  std::mutex busy_; // held by the job in progress
  std::mutex m_;    // guards the sleeps (wake_, done_) and job set-up
  std::condition_variable wake_, done_;
  uint32_t workers_ = 0;
  std::vector<pthread_t> threads_;       // the workers (guarded by m_)
  Clock::time_point lastEnd_{};          // the last job's end (busy_)
  cpu_set_t restore_{};                  // the workers' mask (m_)
  std::atomic<uint64_t> steered_{~0ull}; // the job that steered them
  std::atomic<uint64_t> gen_{0};         // job number
  std::atomic<int> slots_{0};            // workers that may still join the job
  std::atomic<int> running_{0};          // workers inside (or joining) a job
  const std::function<void(uint32_t)> *fn_ = nullptr;
  uint32_t n_ = 0;
  std::atomic<uint32_t> next_{0};
};

} // namespace

void parallelFor(uint32_t n, uint32_t threads,
                 const std::function<void(uint32_t)> &fn) {
  uint32_t extra = threads > 1 ? std::min(threads, n) - 1 : 0;
  if (extra == 0) {
    for (uint32_t i = 0; i < n; ++i)
      fn(i);
    return;
  }
  if (ThreadPool::instance().run(n, extra, fn))
    return;
  // The pool is busy with another launch: threads of our own.
  std::atomic<uint32_t> next{0};
  auto worker = [&] {
    for (uint32_t i = next.fetch_add(1); i < n; i = next.fetch_add(1))
      fn(i);
  };
  std::vector<std::thread> pool;
  pool.reserve(extra);
  for (uint32_t t = 0; t < extra; ++t)
    pool.emplace_back(worker);
  worker();
  for (std::thread &t : pool)
    t.join();
}

} // namespace ascsim

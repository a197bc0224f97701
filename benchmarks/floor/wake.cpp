// How long a host thread sleeping on a condition variable takes to run
// after it is notified, after an idle gap — what the simulator's thread pool
// (sim/lib/device/Device.cpp) pays when a launch follows a pause, as every
// candidate after bench_throughput's settle() does. Prints one line per gap:
// the wake latency's percentiles in microseconds, and in how many rounds the
// worker first ran on the caller's CPU (sharing it while the other is idle)
// and how long the two then went on sharing one CPU while both computed for
// 4 ms (as a short launch's two threads do).
//
// With "steer", the caller first moves the worker off its own CPU as the
// pool does after an idle gap (sim/lib/device/Device.cpp, steerIfIdle).
//
//   wake <gap ms> <rounds> [steer]
#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <pthread.h>
#include <sched.h>
#include <thread>
#include <vector>

namespace {
using Clock = std::chrono::steady_clock;

int64_t nowNs() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             Clock::now().time_since_epoch())
      .count();
}
} // namespace

int main(int argc, char **argv) {
  if (argc != 3 && argc != 4) {
    std::fprintf(stderr, "usage: wake <gap ms> <rounds> [steer]\n");
    return 2;
  }
  const int gapMs = std::atoi(argv[1]), rounds = std::atoi(argv[2]);
  const bool steer = argc == 4;
  cpu_set_t all;
  CPU_ZERO(&all);
  sched_getaffinity(0, sizeof all, &all);
  std::mutex m;
  std::condition_variable cv;
  uint64_t gen = 0; // guarded by m
  bool quit = false;
  std::atomic<int64_t> wokeAt{0};
  std::atomic<int> workerCpu{-1};
  std::atomic<int64_t> workerShared{0}; // ns on the caller's CPU
  std::atomic<int> callerCpu{-1};
  std::atomic<bool> working{false};
  std::thread worker([&] {
    uint64_t seen = 0;
    for (;;) {
      std::unique_lock<std::mutex> lk(m);
      cv.wait(lk, [&] { return gen != seen || quit; });
      if (quit)
        return;
      seen = gen;
      lk.unlock();
      wokeAt.store(nowNs());
      if (steer)
        pthread_setaffinity_np(pthread_self(), sizeof all, &all);
      workerCpu.store(sched_getcpu());
      // Compute while the caller does; count the time spent on its CPU.
      int64_t shared = 0, last = nowNs();
      while (working.load()) {
        const int64_t t = nowNs();
        if (sched_getcpu() == callerCpu.load())
          shared += t - last;
        last = t;
      }
      workerShared.store(shared);
    }
  });
  std::vector<double> us;
  int sameCpu = 0;
  std::vector<double> sharedMs;
  for (int r = 0; r < rounds; ++r) {
    std::this_thread::sleep_for(std::chrono::milliseconds(gapMs));
    wokeAt.store(0);
    workerCpu.store(-1);
    callerCpu.store(sched_getcpu());
    working.store(true);
    if (steer && CPU_COUNT(&all) > 1) {
      cpu_set_t others = all;
      CPU_CLR(callerCpu.load(), &others);
      pthread_setaffinity_np(worker.native_handle(), sizeof others, &others);
    }
    const int64_t t0 = nowNs();
    {
      std::lock_guard<std::mutex> lk(m);
      ++gen;
    }
    cv.notify_one();
    // The caller works meanwhile (here: waits busy, as a launch's caller
    // runs blocks), at most 100 ms.
    while (wokeAt.load() == 0 && nowNs() - t0 < 100'000'000) {
    }
    const int64_t w = wokeAt.load();
    us.push_back(w ? (w - t0) / 1000.0 : 100'000.0);
    sameCpu += workerCpu.load() == callerCpu.load();
    // The caller computes until 4 ms after the notification, noting its CPU.
    while (nowNs() - t0 < 4'000'000)
      callerCpu.store(sched_getcpu());
    working.store(false);
    while (workerShared.load() < 0) {
    }
    std::this_thread::sleep_for(std::chrono::microseconds(100));
    sharedMs.push_back(workerShared.exchange(0) / 1e6);
  }
  {
    std::lock_guard<std::mutex> lk(m);
    quit = true;
  }
  cv.notify_one();
  worker.join();
  std::sort(us.begin(), us.end());
  auto at = [&](double q) {
    return us[std::min(us.size() - 1, static_cast<size_t>(q * us.size()))];
  };
  std::sort(sharedMs.begin(), sharedMs.end());
  std::printf(
      "%sgap %4d ms, %3d rounds: wake latency (us) min %.0f, median "
      "%.0f, p75 %.0f, p90 %.0f, max %.0f; over 1 ms in %zu; woke on "
      "the caller's CPU in %d; of the next 4 ms on one CPU: median "
      "%.2f ms, max %.2f ms, over 1 ms in %zu\n",
      steer ? "steered: " : "", gapMs, rounds, us.front(), at(0.5), at(0.75),
      at(0.9), us.back(),
      static_cast<size_t>(std::count_if(us.begin(), us.end(),
                                        [](double v) { return v > 1000; })),
      sameCpu, sharedMs[sharedMs.size() / 2], sharedMs.back(),
      static_cast<size_t>(std::count_if(sharedMs.begin(), sharedMs.end(),
                                        [](double v) { return v > 1.0; })));
  return 0;
}

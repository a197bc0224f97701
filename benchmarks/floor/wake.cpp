// How long a host thread sleeping on a condition variable takes to run
// after it is notified, after an idle gap — what the simulator's thread pool
// (sim/lib/device/Device.cpp) pays when a launch follows a pause, as every
// candidate after bench_throughput's settle() does. Prints one line per gap:
// the wake latency's percentiles in microseconds.
//
//   wake <gap ms> <rounds>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <mutex>
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
  if (argc != 3) {
    std::fprintf(stderr, "usage: wake <gap ms> <rounds>\n");
    return 2;
  }
  const int gapMs = std::atoi(argv[1]), rounds = std::atoi(argv[2]);
  std::mutex m;
  std::condition_variable cv;
  uint64_t gen = 0; // guarded by m
  bool quit = false;
  std::atomic<int64_t> wokeAt{0};
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
    }
  });
  std::vector<double> us;
  for (int r = 0; r < rounds; ++r) {
    std::this_thread::sleep_for(std::chrono::milliseconds(gapMs));
    wokeAt.store(0);
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
  std::printf("gap %4d ms, %3d rounds: wake latency (us) min %.0f, median "
              "%.0f, p75 %.0f, p90 %.0f, max %.0f; over 1 ms in %zu\n",
              gapMs, rounds, us.front(), at(0.5), at(0.75), at(0.9),
              us.back(),
              static_cast<size_t>(std::count_if(
                  us.begin(), us.end(), [](double v) { return v > 1000; })));
  return 0;
}

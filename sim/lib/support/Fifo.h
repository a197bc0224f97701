//===- support/Fifo.h - A queue that allocates on first use -----*- C++ -*-===//
//
// A first-in first-out queue over one std::vector and a head index, for the
// short per-pipe queues a core keeps (in-flight PIPE_V ranges, epochs of
// cross-core sets, the race detector's per-epoch GM stamps). Unlike
// std::deque, which allocates its map and a first node when constructed
// (two allocations per queue per launch, whether it is used or not), it
// allocates nothing until the first push. Popped slots are reclaimed when
// the queue drains, or shifted out once they are the larger half, so the
// storage stays proportional to the live elements.
//
// Depends on nothing.
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_SUPPORT_FIFO_H
#define ASCSIM_SUPPORT_FIFO_H

#include <cstddef>
#include <utility>
#include <vector>

namespace ascsim {

template <class T> class Fifo {
public:
  using const_iterator = typename std::vector<T>::const_iterator;

  bool empty() const { return head_ == v_.size(); }
  size_t size() const { return v_.size() - head_; }
  T &front() { return v_[head_]; }
  const T &front() const { return v_[head_]; }
  T &back() { return v_.back(); }
  const T &back() const { return v_.back(); }
  const_iterator begin() const {
    return v_.begin() + static_cast<std::ptrdiff_t>(head_);
  }
  const_iterator end() const { return v_.end(); }

  void pop_front() {
    if (++head_ == v_.size()) { // drained: reuse the storage from its start
      v_.clear();
      head_ = 0;
    }
  }
  void push_back(const T &x) {
    reclaim();
    v_.push_back(x);
  }
  /// Value-initialised when called without arguments (as std::deque's).
  template <class... Args> T &emplace_back(Args &&...args) {
    reclaim();
    return v_.emplace_back(std::forward<Args>(args)...);
  }
  void clear() {
    v_.clear();
    head_ = 0;
  }

private:
  /// Drops the popped slots once they are the larger half of the storage.
  void reclaim() {
    if (head_ >= 16 && head_ * 2 >= v_.size()) {
      v_.erase(v_.begin(), v_.begin() + static_cast<std::ptrdiff_t>(head_));
      head_ = 0;
    }
  }

  std::vector<T> v_;
  size_t head_ = 0;
};

} // namespace ascsim

#endif // ASCSIM_SUPPORT_FIFO_H

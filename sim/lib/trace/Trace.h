//===- trace/Trace.h - Chrome/Perfetto trace export -------------*- C++ -*-===//
//
// The recorded timeline of a launch (LaunchConfig::trace) and its JSON form:
// one process per physical core, one thread per pipe with msprof's lane
// names (SCALAR, VECTOR, CUBE, MTE1, MTE2, MTE3, FIXP), one complete slice
// per instruction with the Python file:line in its args, and a flow arrow
// from every set_flag to the wait_flag that consumed it. Timestamps are
// microseconds at the core clock; blocks of later waves start where the
// list schedule put them.
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_TRACE_TRACE_H
#define ASCSIM_TRACE_TRACE_H

#include "ascsim/runtime.h"
#include "pipes/Engine.h"

#include <deque>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

namespace ascsim {

struct TraceData {
  struct Block {
    uint32_t block = 0;
    uint32_t core = 0;  // the track (pid): vector cores first, then cube cores
    bool aic = false;   // a cube core (its lanes: SCALAR, CUBE, MTE1, ...)
    uint32_t index = 0; // the core's number among its kind (its name)
    uint64_t start = 0; // cycle the block starts on its core
    std::unique_ptr<TraceSink> sink;
  };
  double clockMhz = 1000.0;
  std::vector<Block> blocks;
  /// Source file names, owned here: the kernel library (where the recorded
  /// locations point) may be unloaded before the trace is written.
  std::deque<std::string> files;

  /// Re-points every recorded location at `files`.
  void internFiles();
};

/// msprof's lane name of a pipe.
const char *laneName(Pipe p);

/// Writes `data` as Chrome trace-event JSON.
void writeTraceJson(const TraceData &data, std::ostream &out);

} // namespace ascsim

#endif // ASCSIM_TRACE_TRACE_H

// Stub (pyasc tests): the GE types the generated host code uses, declared from
// their documented use so that `g++ -fsyntax-only` checks the calls. Not CANN's.
#ifndef STUB_GRAPH_TYPES_H
#define STUB_GRAPH_TYPES_H

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <vector>

namespace ge {
using graphStatus = uint32_t;
constexpr graphStatus GRAPH_SUCCESS = 0;
constexpr graphStatus GRAPH_FAILED = 1;

enum DataType {
  DT_FLOAT, DT_FLOAT16, DT_BF16, DT_INT8, DT_INT16, DT_INT32, DT_INT64,
  DT_UINT8, DT_UINT16, DT_UINT32, DT_UINT64, DT_BOOL
};
enum Format { FORMAT_ND, FORMAT_NCHW, FORMAT_NHWC };

class Shape {
public:
  int64_t GetShapeSize() const;
};
} // namespace ge

#endif

// Stub (pyasc tests): tiling data declaration macros, as the generated
// op_host/<op>_tiling.h uses them. Each field gets a set_<name> setter.
#ifndef STUB_TILINGDATA_BASE_H
#define STUB_TILINGDATA_BASE_H

#include "graph/types.h"

namespace optiling {
class TilingDef {
public:
  void SaveToBuffer(void *data, size_t capacity);
  size_t GetDataSize() const;
};
} // namespace optiling

#define BEGIN_TILING_DATA_DEF(name) class name : public TilingDef { public:
#define TILING_DATA_FIELD_DEF(type, field)                                      \
  void set_##field(type value) { field = value; }                             \
  type field
#define END_TILING_DATA_DEF }
#define REGISTER_TILING_DATA_CLASS(op, data) static_assert(sizeof(data) > 0, #op);

#endif

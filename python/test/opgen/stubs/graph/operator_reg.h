// Stub (pyasc tests): the REG_OP prototype macros and the Operator API the
// generated op_proto files use. REG_OP(Op) opens a class whose chained calls
// the .INPUT/.OUTPUT/.ATTR macros spell; OP_END_FACTORY_REG closes it.
#ifndef STUB_OPERATOR_REG_H
#define STUB_OPERATOR_REG_H

#include "graph/types.h"

namespace ge {
class TensorType {
public:
  TensorType(std::initializer_list<DataType> types);
};
class TensorDesc {
public:
  Shape GetShape() const;
  void SetShape(const Shape &shape);
  DataType GetDataType() const;
  void SetDataType(DataType type);
};
class Operator {
public:
  TensorDesc GetInputDescByName(const char *name) const;
  TensorDesc GetOutputDescByName(const char *name) const;
  graphStatus UpdateOutputDesc(const char *name, const TensorDesc &desc);
};
struct OpRegBuilder {
  OpRegBuilder &Input(const char *name, const TensorType &types);
  OpRegBuilder &Output(const char *name, const TensorType &types);
  OpRegBuilder &AttrInt(const char *name, int64_t value);
  OpRegBuilder &AttrFloat(const char *name, float value);
  OpRegBuilder &AttrBool(const char *name, bool value);
  int End(const char *op);
};
} // namespace ge

#define REG_OP(op) static const int g_##op##_prototype = ge::OpRegBuilder()
#define INPUT(name, types) Input(#name, types)
#define OUTPUT(name, types) Output(#name, types)
#define ATTR(name, type, value) Attr##type(#name, value)
#define OP_END_FACTORY_REG(op) End(#op);

#define IMPLEMT_COMMON_INFERFUNC(func) static ge::graphStatus func(ge::Operator &op)
#define COMMON_INFER_FUNC_REG(op, func)                                         \
  static ge::graphStatus (*const g_##op##_infer)(ge::Operator &) = func

#endif

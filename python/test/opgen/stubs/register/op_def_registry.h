// Stub (pyasc tests): the operator definition and tiling/inference contexts as
// the generated op_host/<op>.cpp calls them.
#ifndef STUB_OP_DEF_REGISTRY_H
#define STUB_OP_DEF_REGISTRY_H

#include "graph/types.h"

namespace gert {
class Shape {
public:
  int64_t GetShapeSize() const;
};
class StorageShape {
public:
  const Shape &GetOriginShape() const;
};
class RuntimeAttrs {
public:
  template <class T> const T *GetAttrPointer(size_t index) const;
};
class TilingData {
public:
  void *GetData();
  size_t GetCapacity() const;
  void SetDataSize(size_t size);
};
class TilingContext {
public:
  const StorageShape *GetInputShape(size_t index) const;
  const RuntimeAttrs *GetAttrs() const;
  TilingData *GetRawTilingData();
  ge::graphStatus SetBlockDim(uint32_t blocks);
  size_t *GetWorkspaceSizes(size_t count);
};
class InferShapeContext {
public:
  const Shape *GetInputShape(size_t index) const;
  Shape *GetOutputShape(size_t index);
};
class InferDataTypeContext {
public:
  ge::DataType GetInputDataType(size_t index) const;
  ge::graphStatus SetOutputDataType(size_t index, ge::DataType type);
};
} // namespace gert

namespace ops {
enum Option { REQUIRED, OPTIONAL, DYNAMIC };
class OpParamDef {
public:
  OpParamDef &ParamType(Option option);
  OpParamDef &DataType(std::vector<ge::DataType> types);
  OpParamDef &Format(std::vector<ge::Format> formats);
};
class OpAttrDef {
public:
  OpAttrDef &AttrType(Option option);
  OpAttrDef &Int(int64_t value);
  OpAttrDef &Float(float value);
  OpAttrDef &Bool(bool value);
};
class OpAICoreDef {
public:
  OpAICoreDef &SetTiling(ge::graphStatus (*tiling)(gert::TilingContext *));
  OpAICoreDef &AddConfig(const char *soc);
};
class OpDef {
public:
  explicit OpDef(const char *type);
  OpParamDef &Input(const char *name);
  OpParamDef &Output(const char *name);
  OpAttrDef &Attr(const char *name);
  OpDef &SetInferShape(ge::graphStatus (*infer)(gert::InferShapeContext *));
  OpDef &SetInferDataType(ge::graphStatus (*infer)(gert::InferDataTypeContext *));
  OpAICoreDef &AICore();
};
} // namespace ops

#define OP_ADD(op) static ops::op g_##op##_registration(#op)

#endif

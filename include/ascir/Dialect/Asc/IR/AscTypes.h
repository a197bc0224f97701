//===- AscTypes.h - asc types -----------------------------------*- C++ -*-===//
//
// GM pointers, global and local tensors, framework objects, user structs,
// and element-type helpers.
//
//===----------------------------------------------------------------------===//

#ifndef ASCIR_DIALECT_ASC_IR_ASCTYPES_H
#define ASCIR_DIALECT_ASC_IR_ASCTYPES_H

#include "ascir/Dialect/Asc/IR/AscDialect.h"
#include "mlir/IR/BuiltinTypes.h"

#define GET_TYPEDEF_CLASSES
#include "ascir/Dialect/Asc/IR/AscTypes.h.inc"

namespace mlir {
namespace asc {

/// True for the element types Ascend C tensors and pointers support: f16,
/// bf16, f32, f64, i1, and signless or unsigned 8/16/32/64-bit integers.
bool isSupportedElementType(Type type);

/// `sizeof` of the C++ type of a supported element type (i1 is a 1-byte
/// bool); 0 for anything else.
unsigned getElementByteSize(Type type);

/// Required start-address alignment in bytes of buffers in `memory`
/// (hardware.md §2.2); 1 where there is none.
unsigned getAlignment(Hardware memory);

/// The memory a global or local tensor type lives in.
Hardware getTensorHardware(Type tensorType);

/// The position of a tensor type; `gm` for global tensors.
TPosition getTensorPosition(Type tensorType);

/// The element type of a global or local tensor type, null otherwise.
Type getTensorElementType(Type tensorType);

/// True for the framework object types (tpipe, tque, tque_bind, tbuf,
/// tbuf_pool, local_mem_allocator): C++ objects that cannot be copied and
/// are passed by reference.
bool isFrameworkObjectType(Type type);

/// The position of the tensors a tque or tque_bind hands out.
TPosition getQueueTensorPosition(Type queueType);

/// The depth of a tque or tque_bind.
int64_t getQueueDepth(Type queueType);

} // namespace asc
} // namespace mlir

#endif // ASCIR_DIALECT_ASC_IR_ASCTYPES_H

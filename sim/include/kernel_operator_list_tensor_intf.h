//===- kernel_operator_list_tensor_intf.h - list tensors --------*- C++ -*-===//
//
// The header Ascend C kernels include for TensorDesc<T> and ListTensorDesc
// (pyasc adds it to the generated file when a kernel uses them). The
// simulator's implementation is ascsim/list_tensor_api.h; the descriptor's
// GM layout it reads is this implementation's own (the spec gives none),
// documented in docs/language.md.
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_KERNEL_OPERATOR_LIST_TENSOR_INTF_H
#define ASCSIM_KERNEL_OPERATOR_LIST_TENSOR_INTF_H

// Only when the kernel has not included it yet (see lib/matmul_intf.h: a
// second search would find the precompiled header's directory first).
#ifndef ASCSIM_KERNEL_OPERATOR_H
#include "kernel_operator.h"
#endif
#include "ascsim/list_tensor_api.h"

#endif // ASCSIM_KERNEL_OPERATOR_LIST_TENSOR_INTF_H

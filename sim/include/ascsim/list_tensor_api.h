//===- ascsim/list_tensor_api.h - TensorDesc, ListTensorDesc ----*- C++ -*-===//
//
// AscendC::TensorDesc<T> and AscendC::ListTensorDesc for the simulator.
// A ListTensorDesc reads a descriptor in GM laid out as follows (pyasc's
// layout, docs/language.md "List tensors"), in uint64 words:
//
//   word 0                 P: the byte offset of the pointer table
//   words 1 .. P/8 - 1     per tensor i: (dim_i | index_i << 32), then its
//                          dim_i dimensions
//   words P/8 .. P/8+N-1   per tensor i: its data's GM address
//
// Every descriptor word is read on the scalar unit (GlobalTensor::GetValue's
// path: timed, and checked against the launch's GM arrays, a read outside
// them named by the method's pyasc name); an index past
// the list, a shape offset past the tensor's dims or a malformed descriptor
// is a fault at the caller's line.
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_LIST_TENSOR_API_H
#define ASCSIM_LIST_TENSOR_API_H

#include "ascsim/abi.h"
#include "ascsim/sort_abi.h"
#include "ascsim/tensor.h"

namespace AscendC {

class ListTensorDesc;

namespace list_tensor_detail {

constexpr uint32_t kUnset = 0xffffffffu;

inline ::ascsim::Operand gmWords(const void *base) {
  return ::ascsim::Operand{reinterpret_cast<uint64_t>(base), 0,
                           static_cast<uint8_t>(TPosition::GM)};
}

/// Word `word` of the GM array at `base`, read on the scalar unit; `api`
/// names the read in a bounds error.
inline uint64_t readWord(const char *api, const void *base, uint64_t word,
                         ::ascsim::Loc loc) {
  uint64_t v = 0;
  ::ascsim::abi::scalarReadAs(api, gmWords(base), word,
                              ::ascsim::dtypeOf<uint64_t>(), &v, loc);
  return v;
}

/// A shape buffer is GM (an argument array: checked) or the kernel's own
/// memory (a stack array of a hand-written kernel).
inline uint64_t readShape(const char *api, const uint64_t *shape, uint64_t k,
                          ::ascsim::Loc loc) {
  if (::ascsim::abi::isGmArgument(reinterpret_cast<uint64_t>(shape)))
    return readWord(api, shape, k, loc);
  return shape[k];
}

inline void writeShape(const char *api, uint64_t *shape, uint64_t k, uint64_t v,
                       ::ascsim::Loc loc) {
  if (::ascsim::abi::isGmArgument(reinterpret_cast<uint64_t>(shape)))
    ::ascsim::abi::scalarWriteAs(api, gmWords(shape), k,
                                 ::ascsim::dtypeOf<uint64_t>(), &v, loc);
  else
    shape[k] = v;
}

/// A word or count for faultf's %llu (uint64_t is unsigned long here).
inline unsigned long long ull(uint64_t v) { return v; }

} // namespace list_tensor_detail

/// One tensor of a list: filled by ListTensorDesc::GetDesc.
template <typename T> class TensorDesc {
public:
  TensorDesc() = default;

  /// The buffer GetDesc copies the dimensions into (at least GetDim()
  /// uint64 words).
  void SetShapeAddr(uint64_t *shapePtr) { shape_ = shapePtr; }
  uint64_t GetDim() const { return dim_; }
  uint64_t GetIndex() const { return index_; }
  /// Dimension `offset` (< GetDim()), read from the shape buffer.
  uint64_t GetShape(uint32_t offset,
                    ::ascsim::Loc loc = ::ascsim::here()) const {
    if (!filled_)
      ::ascsim::faultf("argument", loc,
                       "TensorDesc.get_shape: the TensorDesc holds no tensor "
                       "yet: call ListTensorDesc.get_desc first");
    if (offset >= dim_)
      ::ascsim::faultf("bounds", loc,
                       "TensorDesc.get_shape: offset %u is past the %llu "
                       "dimensions of the tensor",
                       offset, list_tensor_detail::ull(dim_));
    return list_tensor_detail::readShape("TensorDesc.get_shape", shape_, offset,
                                         loc);
  }
  __gm__ T *GetDataPtr() const { return data_; }
  /// A GlobalTensor over the data, sized to the product of the dimensions.
  GlobalTensor<T> GetDataObj() const {
    GlobalTensor<T> g;
    g.SetGlobalBuffer(data_, elements_);
    return g;
  }

private:
  friend class ListTensorDesc;
  uint64_t *shape_ = nullptr;
  uint64_t dim_ = 0;
  uint64_t index_ = 0;
  uint64_t elements_ = 0;
  __gm__ T *data_ = nullptr;
  bool filled_ = false;
};

/// A list of GM tensors described in GM (layout above).
class ListTensorDesc {
public:
  ListTensorDesc() = default;
  ListTensorDesc(__gm__ void *data,
                 uint32_t length = list_tensor_detail::kUnset,
                 uint32_t shapeSize = list_tensor_detail::kUnset,
                 ::ascsim::Loc loc = ::ascsim::here()) {
    Init(data, length, shapeSize, loc);
  }

  /// Reads the descriptor's header and walks its shape entries. `length`
  /// (tensors) and `shapeSize` (words of shape entries) are checked
  /// against the descriptor unless 0xffffffff.
  void Init(__gm__ void *data, uint32_t length = list_tensor_detail::kUnset,
            uint32_t shapeSize = list_tensor_detail::kUnset,
            ::ascsim::Loc loc = ::ascsim::here()) {
    using ::ascsim::faultf;
    using list_tensor_detail::ull;
    constexpr const char *api = "ListTensorDesc.init";
    base_ = data;
    uint64_t p = list_tensor_detail::readWord(api, base_, 0, loc);
    if (p < 8 || p % 8 != 0)
      faultf("argument", loc,
             "ListTensorDesc.init: the descriptor's first word must be the "
             "byte offset of its pointer table (a multiple of 8, at least 8), "
             "but it is %llu",
             ull(p));
    table_ = p / 8;
    uint64_t word = 1;
    uint32_t count = 0;
    while (word < table_) {
      uint64_t dim =
          list_tensor_detail::readWord(api, base_, word, loc) & 0xffffffffull;
      if (word + 1 + dim > table_)
        faultf("argument", loc,
               "ListTensorDesc.init: the shape entry of tensor %u (%llu "
               "dimensions at word %llu) runs past the pointer table at word "
               "%llu",
               count, ull(dim), ull(word), ull(table_));
      word += 1 + dim;
      ++count;
    }
    if (length != list_tensor_detail::kUnset && length != count)
      faultf("argument", loc,
             "ListTensorDesc.init: 'length' is %u, but the descriptor lists "
             "%u tensors",
             length, count);
    if (shapeSize != list_tensor_detail::kUnset && shapeSize != table_ - 1)
      faultf("argument", loc,
             "ListTensorDesc.init: 'shape_size' is %u, but the descriptor's "
             "shape entries take %llu words",
             shapeSize, ull(table_ - 1));
    count_ = count;
    init_ = true;
  }

  /// Fills `desc` with tensor `index`: its dim and index word, its
  /// dimensions (copied into desc's shape buffer) and its data pointer.
  template <class T>
  void GetDesc(TensorDesc<T> &desc, uint32_t index,
               ::ascsim::Loc loc = ::ascsim::here()) {
    constexpr const char *api = "ListTensorDesc.get_desc";
    uint64_t word = entry(api, index, loc);
    uint64_t head = list_tensor_detail::readWord(api, base_, word, loc);
    uint64_t dim = head & 0xffffffffull;
    if (dim > 0 && desc.shape_ == nullptr)
      ::ascsim::faultf("argument", loc,
                       "ListTensorDesc.get_desc: the TensorDesc has no shape "
                       "buffer: call set_shape_addr first");
    uint64_t elements = 1;
    for (uint64_t k = 0; k < dim; ++k) {
      uint64_t d = list_tensor_detail::readWord(api, base_, word + 1 + k, loc);
      list_tensor_detail::writeShape(api, desc.shape_, k, d, loc);
      elements *= d;
    }
    desc.dim_ = dim;
    desc.index_ = head >> 32;
    desc.elements_ = elements;
    desc.data_ = reinterpret_cast<__gm__ T *>(static_cast<uintptr_t>(
        list_tensor_detail::readWord(api, base_, table_ + index, loc)));
    desc.filled_ = true;
  }

  /// The data pointer of tensor `index`.
  template <class T>
  __gm__ T *GetDataPtr(uint32_t index, ::ascsim::Loc loc = ::ascsim::here()) {
    constexpr const char *api = "ListTensorDesc.get_data_ptr";
    check(api, index, loc);
    return reinterpret_cast<__gm__ T *>(static_cast<uintptr_t>(
        list_tensor_detail::readWord(api, base_, table_ + index, loc)));
  }

  uint32_t GetSize() const { return count_; }

private:
  void check(const char *api, uint32_t index, ::ascsim::Loc loc) const {
    if (!init_)
      ::ascsim::faultf("argument", loc,
                       "%s: the ListTensorDesc has no descriptor: construct "
                       "it with one or call init first",
                       api);
    if (index >= count_)
      ::ascsim::faultf("bounds", loc,
                       "%s: index %u is past the end of the list of %u "
                       "tensors",
                       api, index, count_);
  }

  /// The word of tensor `index`'s shape entry.
  uint64_t entry(const char *api, uint32_t index, ::ascsim::Loc loc) const {
    check(api, index, loc);
    uint64_t word = 1;
    for (uint32_t i = 0; i < index; ++i)
      word += 1 + (list_tensor_detail::readWord(api, base_, word, loc) &
                   0xffffffffull);
    return word;
  }

  const void *base_ = nullptr;
  uint64_t table_ = 0;
  uint32_t count_ = 0;
  bool init_ = false;
};

} // namespace AscendC

#endif // ASCSIM_LIST_TENSOR_API_H

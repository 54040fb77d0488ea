// Sources: where a value the tracer read came from, as a chain of accesses
// that starts at a frame local or a global and continues by attribute, dict
// key or index: L['x'], G['mod'], L['self'].param_groups[0]['lr']. A guard
// is attached to a source; the guard tree is the trie of the sources it
// guards, and reading a source on a new call is how guards see their values.
#pragma once

#include "reference_compiler/lang/dict_object.h"
#include "reference_compiler/lang/value.h"
#include "reference_compiler/tensor/tensor_impl.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <tuple>

namespace refc::dynamo {

// What guards read on a call: the frame's fast locals, its globals, and the
// cells of its function's closure.
struct GuardInput {
  std::span<const lang::Value> locals;
  lang::Dict* globals = nullptr;
  std::span<const lang::Value> closure;
};

struct Source;
using SourcePtr = std::shared_ptr<const Source>;

struct Source {
  enum class Kind : uint8_t {
    FrameLocal, // L['x']: fast local `index` of the frame
    Global,     // G['x']
    Attr,       // base.name
    DictItem,   // base['name'] (a str key of a dict)
    Index,      // base[index] (an item of a list or tuple)
    Closure,    // L['name']: the contents of free variable `index` of the frame
    DictValue,  // base[list(dict.keys(base))[index]]: the value of a dict's `index`th key (any key)
    TensorSize,    // base.size()[index] (a symbolic size's value on a call)
    TensorStride,  // base.stride()[index]
    StorageOffset, // base.storage_offset()
    FloatTensor,   // ___as_tensor(base): a float input as the 0-d float64 tensor the graph takes
    TensorItem,    // base.item(): the value of a 0-d int tensor input
  };
  Kind kind;
  SourcePtr base; // null for FrameLocal and Global
  std::string name;
  int64_t index = 0;

  static SourcePtr local(std::string name, int64_t index);
  static SourcePtr closure(std::string name, int64_t index);
  static SourcePtr global(std::string name);
  static SourcePtr attr(SourcePtr base, std::string name);
  static SourcePtr dict_item(SourcePtr base, std::string key);
  static SourcePtr item(SourcePtr base, int64_t index);
  static SourcePtr dict_value(SourcePtr base, int64_t index);
  static SourcePtr tensor_size(SourcePtr base, int64_t dim);
  static SourcePtr tensor_stride(SourcePtr base, int64_t dim);
  static SourcePtr storage_offset(SourcePtr base);
  static SourcePtr float_tensor(SourcePtr base);
  static SourcePtr tensor_item(SourcePtr base);

  // How guards and messages name it: "L['self'].param_groups[0]['lr']".
  std::string str() const;
  // How the guard tree prints the step from base to this source:
  // "DictGetItemGuardAccessor(x)", "GetAttrGuardAccessor(scale)".
  std::string accessor_str() const;
  // This source's value given its base's value (ignored for locals and
  // globals); Null when it cannot be read on this call (a missing
  // attribute, key or index, or an unbound local). Never raises.
  lang::Value read(const lang::Value& base_value, const GuardInput& input) const;
  // Reads the whole chain from the input.
  lang::Value read(const GuardInput& input) const;
  // A TensorSize / TensorStride / StorageOffset source's value on tensor t;
  // nullopt for a dim t does not have. (Inline: shape guards read sizes this
  // way on every cache hit.)
  std::optional<int64_t> read_geometry(const tensor::TensorImpl& t) const {
    if (kind == Kind::StorageOffset) return t.storage_offset();
    if (index < 0 || index >= t.dim()) return std::nullopt;
    const auto i = static_cast<size_t>(index);
    return kind == Kind::TensorSize ? t.sizes()[i] : t.strides()[i];
  }

  bool same_as(const Source& other) const;
  // PyTorch's Guard.sort_key, the order guards print in: frame locals before
  // globals, shorter names first, then by name.
  std::tuple<bool, size_t, std::string> sort_key() const;
};

} // namespace refc::dynamo

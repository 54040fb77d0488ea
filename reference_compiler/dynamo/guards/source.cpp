// Source naming and reading.
#include "reference_compiler/dynamo/guards/source.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/function_object.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/lang/tuple_object.h"
#include "reference_compiler/tensor/tensor_impl.h"
#include "reference_compiler/tensor/tensor_types.h"

namespace refc::dynamo {

using lang::Value;

namespace {

SourcePtr make(Source::Kind kind, SourcePtr base, std::string name, int64_t index = 0) {
  return std::make_shared<const Source>(Source{kind, std::move(base), std::move(name), index});
}

} // namespace

SourcePtr Source::local(std::string name, int64_t index) { return make(Kind::FrameLocal, nullptr, std::move(name), index); }
SourcePtr Source::closure(std::string name, int64_t index) {
  return make(Kind::Closure, nullptr, std::move(name), index);
}
SourcePtr Source::global(std::string name) { return make(Kind::Global, nullptr, std::move(name)); }
SourcePtr Source::attr(SourcePtr base, std::string name) { return make(Kind::Attr, std::move(base), std::move(name)); }
SourcePtr Source::dict_item(SourcePtr base, std::string key) {
  return make(Kind::DictItem, std::move(base), std::move(key));
}
SourcePtr Source::item(SourcePtr base, int64_t index) { return make(Kind::Index, std::move(base), "", index); }
SourcePtr Source::dict_value(SourcePtr base, int64_t index) {
  return make(Kind::DictValue, std::move(base), "", index);
}

SourcePtr Source::tensor_size(SourcePtr base, int64_t dim) { return make(Kind::TensorSize, std::move(base), "", dim); }
SourcePtr Source::tensor_stride(SourcePtr base, int64_t dim) {
  return make(Kind::TensorStride, std::move(base), "", dim);
}
SourcePtr Source::storage_offset(SourcePtr base) { return make(Kind::StorageOffset, std::move(base), ""); }
SourcePtr Source::float_tensor(SourcePtr base) { return make(Kind::FloatTensor, std::move(base), ""); }
SourcePtr Source::tensor_item(SourcePtr base) { return make(Kind::TensorItem, std::move(base), ""); }

std::string Source::str() const {
  switch (kind) {
  case Kind::FrameLocal:
  case Kind::Closure: return "L['" + name + "']";
  case Kind::Global: return "G['" + name + "']";
  case Kind::Attr: return base->str() + "." + name;
  case Kind::DictItem: return base->str() + "['" + name + "']";
  case Kind::Index: return base->str() + "[" + std::to_string(index) + "]";
  case Kind::DictValue:
    return base->str() + "[list(dict.keys(" + base->str() + "))[" + std::to_string(index) + "]]";
  case Kind::TensorSize: return base->str() + ".size()[" + std::to_string(index) + "]";
  case Kind::TensorStride: return base->str() + ".stride()[" + std::to_string(index) + "]";
  case Kind::StorageOffset: return base->str() + ".storage_offset()";
  case Kind::FloatTensor: return "___as_tensor(" + base->str() + ")";
  case Kind::TensorItem: return base->str() + ".item()";
  }
  return {};
}

std::string Source::accessor_str() const {
  switch (kind) {
  case Kind::FrameLocal:
  case Kind::Closure: return "DictGetItemGuardAccessor(" + name + ")";
  case Kind::Global: return "GlobalsGuardAccessor(" + name + ")";
  case Kind::Attr: return "GetAttrGuardAccessor(" + name + ")";
  case Kind::DictItem: return "DictGetItemGuardAccessor(" + name + ")";
  case Kind::Index: return "GetItemGuardAccessor(" + std::to_string(index) + ")";
  case Kind::DictValue: return "DictGetItemGuardAccessor(list(dict.keys())[" + std::to_string(index) + "])";
  case Kind::TensorSize: return "TensorPropertyGuardAccessor(size()[" + std::to_string(index) + "])";
  case Kind::TensorStride: return "TensorPropertyGuardAccessor(stride()[" + std::to_string(index) + "])";
  case Kind::StorageOffset: return "TensorPropertyGuardAccessor(storage_offset())";
  case Kind::FloatTensor: return "FloatTensorGuardAccessor()";
  case Kind::TensorItem: return "CallMethodItemGuardAccessor()";
  }
  return {};
}

Value Source::read(const Value& base_value, const GuardInput& input) const {
  switch (kind) {
  case Kind::FrameLocal:
    return index >= 0 && static_cast<size_t>(index) < input.locals.size() ? input.locals[static_cast<size_t>(index)]
                                                                          : Value();
  case Kind::Global: return input.globals ? input.globals->get(lang::intern(name)) : Value();
  case Kind::Closure:
    return index >= 0 && static_cast<size_t>(index) < input.closure.size()
               ? input.closure[static_cast<size_t>(index)].as<lang::Cell>()->value
               : Value();
  case Kind::Attr:
    try {
      return lang::getattr_or_null(base_value, lang::intern(name));
    } catch (const lang::PyError&) {
      return Value(); // a raising property or __getattr__ fails the guard
    }
  case Kind::DictItem:
    if (!base_value.is_obj() || base_value.as_obj()->type->layout != lang::Layout::Dict) return Value();
    return base_value.as<lang::Dict>()->get(lang::intern(name));
  case Kind::DictValue: {
    if (!base_value.is_obj() || base_value.as_obj()->type->layout != lang::Layout::Dict) return Value();
    int64_t i = 0;
    for (const lang::Dict::Entry& e : base_value.as<lang::Dict>()->entries())
      if (!e.key.is_null() && i++ == index) return e.value;
    return Value();
  }
  case Kind::TensorSize:
  case Kind::TensorStride:
  case Kind::StorageOffset: {
    if (!tensor::is_tensor(base_value)) return Value();
    const std::optional<int64_t> v = read_geometry(*base_value.as<tensor::TensorImpl>());
    return v ? Value::integer(*v) : Value();
  }
  case Kind::FloatTensor: {
    if (!base_value.is_float()) return Value();
    tensor::Tensor t = tensor::Tensor::empty({}, tensor::DType::Float64);
    *t.data<double>() = base_value.as_float();
    return t.to_value();
  }
  case Kind::TensorItem: {
    if (!tensor::is_tensor(base_value)) return Value();
    const tensor::Tensor t = tensor::Tensor::from_value(base_value);
    if (t.dim() != 0 || !tensor::is_integral(t.dtype())) return Value();
    int64_t v = 0;
    tensor::visit_dtype(t.dtype(), [&]<class T>() { v = static_cast<int64_t>(*t.data<T>()); });
    return Value::integer(v);
  }
  case Kind::Index: {
    if (!base_value.is_obj()) return Value();
    const lang::Layout layout = base_value.as_obj()->type->layout;
    const std::vector<Value>* items = layout == lang::Layout::List    ? &base_value.as<lang::List>()->items
                                      : layout == lang::Layout::Tuple ? &base_value.as<lang::Tuple>()->items
                                                                      : nullptr;
    if (!items || index < 0 || static_cast<size_t>(index) >= items->size()) return Value();
    return (*items)[static_cast<size_t>(index)];
  }
  }
  return Value();
}

Value Source::read(const GuardInput& input) const {
  if (!base) return read(Value(), input);
  Value b = base->read(input);
  return b.is_null() ? Value() : read(b, input);
}

std::tuple<bool, size_t, std::string> Source::sort_key() const {
  std::string name = str();
  const bool global = name.starts_with("G[");
  const size_t size = name.size();
  return {global, size, std::move(name)};
}

bool Source::same_as(const Source& other) const {
  if (this == &other) return true;
  if (kind != other.kind || name != other.name || index != other.index || !base != !other.base) return false;
  return !base || base->same_as(*other.base);
}

} // namespace refc::dynamo

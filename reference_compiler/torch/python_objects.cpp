// torch.layout, torch.memory_format, torch.Size, torch.return_types.* and
// tensor_item (see python_objects.h).
#include "reference_compiler/torch/python_objects.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/iterators.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/module_builder.h"
#include "reference_compiler/lang/named_tuple.h"
#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/lang/tuple_object.h"
#include "reference_compiler/lang/range_object.h"
#include "reference_compiler/ops/op_args.h"
#include "reference_compiler/tensor/tensor_types.h"

#include <map>

namespace refc::torch {

using lang::Args;
using lang::Value;

namespace {

// A named singleton printed as "torch.<name>".
struct NamedObject : lang::Object {
  NamedObject(lang::TypeObject* t, std::string name) : lang::Object(t), name(std::move(name)) {}
  std::string name;
};

lang::TypeObject* g_layout_type = nullptr;
lang::TypeObject* g_memory_format_type = nullptr;
lang::TypeObject* g_size_type = nullptr;
Value g_strided;
std::map<std::string, Value, std::less<>> g_memory_formats;

Value named_repr(Args a) {
  return lang::str_value("torch." + a[0].as<NamedObject>()->name);
}

Value make_named(lang::TypeObject* t, std::string name) {
  auto* o = new NamedObject(t, std::move(name));
  o->make_immortal();
  return Value::borrow(o);
}

Value size_new(Args a) {
  auto* cls = a[0].as<lang::TypeObject>();
  std::vector<Value> items;
  if (a.npos > 1) {
    for (const Value& v : lang::collect_items(a[1])) {
      if (!v.is_int()) {
        if (tensor::is_tensor(v) && tensor::Tensor::from_value(v).dim() == 0) {
          items.push_back(tensor_item(tensor::Tensor::from_value(v)));
          continue;
        }
        lang::raise(lang::exc::TypeError, "torch.Size() takes an iterable of 'int' (item " +
                                              std::to_string(items.size()) + " is '" + lang::type_name(v) + "')");
      }
      items.push_back(v);
    }
  }
  return Value(lang::make_tuple_of(cls, std::move(items)));
}

Value size_repr(Args a) {
  std::string s = "torch.Size([";
  const auto& items = a[0].as<lang::Tuple>()->items;
  for (size_t i = 0; i < items.size(); ++i) {
    if (i) s += ", ";
    s += std::string(lang::repr(items[i])->view());
  }
  return lang::str_value(s + "])");
}

// Slicing a Size gives a Size; indexing gives the int.
Value size_getitem(Args a) {
  Value r = lang::call_with_self(lang::types::tuple->lookup(lang::intern("__getitem__")), a[0],
                                 Args{a.values + 1, a.npos - 1, a.kwnames});
  if (r.is_obj() && r.as_obj()->type == lang::types::tuple) {
    return Value(lang::make_tuple_of(g_size_type, r.as<lang::Tuple>()->items));
  }
  return r;
}

Value size_numel(Args a) {
  int64_t n = 1;
  for (const Value& v : a[0].as<lang::Tuple>()->items) n *= v.as_int();
  return Value::integer(n);
}

// torch.return_types.max(\nvalues=...,\nindices=...)
Value return_type_repr(Args a) {
  lang::TypeObject* t = a[0].as_obj()->type;
  Value fields = t->lookup(lang::intern("_fields"));
  const auto& names = fields.as<lang::Tuple>()->items;
  const auto& items = a[0].as<lang::Tuple>()->items;
  std::string s = t->module + "." + t->name + "(";
  for (size_t i = 0; i < items.size(); ++i) {
    s += "\n" + std::string(names[i].as<lang::Str>()->view()) + "=" + std::string(lang::repr(items[i])->view());
    s += i + 1 < items.size() ? "," : ")";
  }
  return lang::str_value(s);
}

lang::TypeObject* return_type(const ops::OpDef& op) {
  // Types are immortal; so is their cache (never destroyed at exit, where it
  // would leave them unreachable).
  static auto& types = *new std::map<std::string, lang::TypeObject*>;
  const std::string& name = op.schema.name;
  auto it = types.find(name);
  if (it != types.end()) return it->second;
  std::vector<std::string> fields;
  for (const ops::Argument& r : op.schema.returns) fields.push_back(r.name);
  lang::TypeObject* t = lang::make_named_tuple_type(name, "torch.return_types", fields, {}, true);
  lang::add_method(t, "__repr__", return_type_repr);
  types[name] = t;
  return t;
}

} // namespace

bool is_sequence(const lang::Value& v) {
  return v.is_obj() && (v.as_obj()->type->is_subtype(lang::types::list) ||
                        v.as_obj()->type->is_subtype(lang::types::tuple));
}

void init_python_objects() {
  g_layout_type = lang::make_module_type("layout", "torch", lang::Layout::Other);
  lang::add_method(g_layout_type, "__repr__", named_repr);
  g_strided = make_named(g_layout_type, "strided");
  g_memory_format_type = lang::make_module_type("memory_format", "torch", lang::Layout::Other);
  lang::add_method(g_memory_format_type, "__repr__", named_repr);
  for (const char* name : {"contiguous_format", "preserve_format", "channels_last", "channels_last_3d"})
    g_memory_formats[name] = make_named(g_memory_format_type, name);

  g_size_type = lang::make_module_type("Size", "torch", lang::Layout::Tuple, lang::types::tuple);
  lang::add_new(g_size_type, size_new);
  lang::add_method(g_size_type, "__repr__", size_repr);
  lang::add_method(g_size_type, "__getitem__", size_getitem);
  lang::add_method(g_size_type, "numel", size_numel);
}

Value layout_value() { return g_strided; }
bool is_layout(const Value& v) { return v.is_obj() && v.as_obj()->type == g_layout_type; }

Value memory_format_value(std::string_view name) {
  auto it = g_memory_formats.find(name);
  REFC_CHECK(it != g_memory_formats.end(), "unknown memory format " + std::string(name));
  return it->second;
}

std::optional<std::string_view> memory_format_name(const Value& v) {
  if (!(v.is_obj() && v.as_obj()->type == g_memory_format_type)) return std::nullopt;
  return v.as<NamedObject>()->name;
}

lang::TypeObject* size_type() { return g_size_type; }

Value make_size(tensor::SymIntArrayRef sizes) {
  std::vector<Value> items;
  for (const tensor::SymInt& s : sizes) items.push_back(ops::sym_int_value(s));
  return Value(lang::make_tuple_of(g_size_type, std::move(items)));
}

Value tensor_item(const tensor::Tensor& t) {
  if (!t.has_data()) lang::raise(lang::exc::RuntimeError, "Tensor.item() cannot be called on meta tensors");
  if (t.numel() != 1)
    lang::raise(lang::exc::RuntimeError, "a Tensor with " + std::to_string(t.numel()) +
                                             " elements cannot be converted to Scalar");
  return tensor::visit_dtype(t.dtype(), [&]<class T>() -> Value {
    T v = *t.data<T>();
    if constexpr (std::is_same_v<T, bool>) return Value::boolean(v);
    else if constexpr (std::is_integral_v<T>) return Value::integer(static_cast<int64_t>(v));
    else return Value::floating(static_cast<double>(v));
  });
}

Value wrap_result(const ops::OpDef& op, Value result, bool tensor_lists_as_tuples) {
  const auto& returns = op.schema.returns;
  if (returns.size() > 1 && !returns[0].name.empty()) {
    std::vector<Value> items = result.as<lang::Tuple>()->items;
    return lang::make_named_tuple(return_type(op), std::move(items));
  }
  // PyTorch's Python bindings wrap a Tensor[] result as a tuple
  // (torch/csrc/utils/wrap_outputs.h); torch.ops.aten keeps the list.
  if (tensor_lists_as_tuples && op.schema.returns_list() && result.is_obj() &&
      result.as_obj()->type->is_subtype(lang::types::list))
    return Value(lang::make_tuple(result.as<lang::List>()->items));
  return result;
}

} // namespace refc::torch

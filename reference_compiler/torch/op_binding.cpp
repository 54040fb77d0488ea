// Argument binding for op calls from Python (see op_binding.h), after
// PyTorch's torch/csrc/utils/python_arg_parser.cpp.
#include "reference_compiler/torch/op_binding.h"

#include <algorithm>

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/big_int.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/lang/tuple_object.h"
#include "reference_compiler/ops/autograd.h"
#include "reference_compiler/ops/call.h"
#include "reference_compiler/ops/dispatch.h"
#include "reference_compiler/ops/elementwise.h"
#include "reference_compiler/ops/grad_mode.h"
#include "reference_compiler/torch/python_objects.h"
#include "reference_compiler/tensor/tensor_types.h"

namespace refc::torch {

using lang::Value;
using ops::ArgKind;
using ops::ArgType;
using ops::Argument;
using ops::OpDef;
using tensor::Tensor;

namespace {

std::span<const Value> items_of(const Value& v) {
  const std::vector<Value>& items = v.as_obj()->type->is_subtype(lang::types::tuple)
                                        ? v.as<lang::Tuple>()->items
                                        : v.as<lang::List>()->items;
  return {items.data(), items.size()};
}

// Python numbers, and the symbolic numbers of a trace (torch.SymInt & co.).
bool is_number(const Value& v) { return v.is_int() || v.is_float() || v.is_bool() || tensor::as_sym_node(v); }

// A 0-d tensor standing for a number (PyTorch accepts them where ints,
// floats and Scalars are expected).
std::optional<Value> zero_dim_item(const Value& v, bool integral_only) {
  if (!tensor::is_tensor(v)) return std::nullopt;
  Tensor t = Tensor::from_value(v);
  if (t.dim() != 0 || !t.has_data()) return std::nullopt;
  if (integral_only && (tensor::is_floating(t.dtype()) || t.dtype() == tensor::DType::Bool)) return std::nullopt;
  return tensor_item(t);
}

std::optional<Value> convert_int(const Value& v) {
  if (v.is_int() || tensor::is_sym_kind(v, tensor::SymKind::Int)) return v;
  if (auto item = zero_dim_item(v, true)) return item;
  return std::nullopt;
}

std::optional<Value> convert_float(const Value& v) {
  if (v.is_float() || tensor::is_sym_kind(v, tensor::SymKind::Float) || tensor::is_sym_kind(v, tensor::SymKind::Int))
    return v;
  if (lang::is_int_value(v)) return Value::floating(lang::int_value_to_float(v));
  if (auto item = zero_dim_item(v, false)) return convert_float(*item);
  return std::nullopt;
}

// An int beyond int64 where PyTorch unpacks a Scalar.
void refuse_big_scalar(const Value& v) {
  if (lang::is_big_int(v)) lang::raise(lang::exc::OverflowError, "int too big to convert");
}

std::optional<Value> convert_scalar(const Value& v) {
  refuse_big_scalar(v);
  if (is_number(v)) return v;
  return zero_dim_item(v, false);
}

std::optional<Value> convert_single(ArgKind kind, const Value& v, bool numbers_as_tensors) {
  switch (kind) {
  case ArgKind::Tensor:
    if (tensor::is_tensor(v)) return v;
    if (numbers_as_tensors) refuse_big_scalar(v);
    if (numbers_as_tensors && is_number(v)) return v;
    return std::nullopt;
  case ArgKind::Int:
  case ArgKind::SymInt: return convert_int(v);
  case ArgKind::Float: return convert_float(v);
  case ArgKind::Bool:
    if (v.is_bool() || tensor::is_sym_kind(v, tensor::SymKind::Bool)) return v;
    return std::nullopt;
  case ArgKind::Scalar: return convert_scalar(v);
  case ArgKind::ScalarType:
    if (tensor::dtype_of_value(v)) return v;
    if (v.is(Value(lang::Ref<lang::TypeObject>::borrow(lang::types::float_)))) return tensor::dtype_value(tensor::DType::Float64);
    if (v.is(Value(lang::Ref<lang::TypeObject>::borrow(lang::types::int_)))) return tensor::dtype_value(tensor::DType::Int64);
    if (v.is(Value(lang::Ref<lang::TypeObject>::borrow(lang::types::bool_)))) return tensor::dtype_value(tensor::DType::Bool);
    return std::nullopt;
  case ArgKind::Str:
    if (lang::isinstance(v, lang::types::str)) return v;
    return std::nullopt;
  case ArgKind::Device:
    if (tensor::device_of_value(v)) return v;
    if (lang::isinstance(v, lang::types::str)) {
      if (auto d = tensor::parse_device(v.as<lang::Str>()->view())) return tensor::device_value(*d);
      lang::raise(lang::exc::RuntimeError, "Invalid device string: '" + std::string(v.as<lang::Str>()->view()) + "'");
    }
    if (v.is_int()) return tensor::device_value(tensor::Device{tensor::DeviceType::CUDA, static_cast<int8_t>(v.as_int())});
    return std::nullopt;
  case ArgKind::Layout:
    if (is_layout(v)) return Value::none();
    return std::nullopt;
  case ArgKind::MemoryFormat:
    if (auto name = memory_format_name(v)) return lang::str_value(std::string(*name));
    return std::nullopt;
  case ArgKind::Generator:
    if (v.is_obj() && v.as_obj()->type == tensor::generator_type()) return v;
    return std::nullopt;
  case ArgKind::Dimname:
  case ArgKind::Any: return v;
  }
  return std::nullopt;
}

std::optional<Value> convert(const ArgType& type, const Value& v, bool numbers_as_tensors) {
  if (v.is_none()) {
    if (type.optional) return v;
    return std::nullopt;
  }
  if (!type.list) return convert_single(type.kind, v, numbers_as_tensors);
  // A single int where an int[N] is expected is repeated (kernel_size=3).
  if ((type.kind == ArgKind::Int || type.kind == ArgKind::SymInt) && !is_sequence(v)) {
    auto i = convert_int(v);
    if (!i) return std::nullopt;
    return Value(lang::make_tuple(std::vector<Value>(type.fixed_size ? type.fixed_size : 1, *i)));
  }
  if (type.kind == ArgKind::Tensor && tensor::is_tensor(v)) return std::nullopt;
  if (!is_sequence(v)) return std::nullopt;
  std::vector<Value> items;
  for (const Value& item : items_of(v)) {
    if (item.is_none() && type.elem_optional) {
      items.push_back(item);
      continue;
    }
    auto c = convert_single(type.kind, item, false);
    if (!c) return std::nullopt;
    items.push_back(*c);
  }
  if (type.kind == ArgKind::Tensor) return Value(lang::make_list(std::move(items)));
  return Value(lang::make_tuple(std::move(items)));
}

std::string kind_name(const ArgType& t) {
  if (t.list) {
    switch (t.kind) {
    case ArgKind::Tensor: return "tuple of Tensors";
    case ArgKind::Int:
    case ArgKind::SymInt: return "tuple of ints";
    case ArgKind::Float: return "tuple of floats";
    case ArgKind::Bool: return "tuple of bools";
    default: return "tuple";
    }
  }
  switch (t.kind) {
  case ArgKind::Tensor: return "Tensor";
  case ArgKind::Int:
  case ArgKind::SymInt: return "int";
  case ArgKind::Float: return "float";
  case ArgKind::Bool: return "bool";
  case ArgKind::Scalar: return "Number";
  case ArgKind::ScalarType: return "torch.dtype";
  case ArgKind::Str: return "str";
  case ArgKind::Device: return "torch.device";
  case ArgKind::Layout: return "torch.layout";
  case ArgKind::MemoryFormat: return "torch.memory_format";
  case ArgKind::Generator: return "torch.Generator";
  case ArgKind::Dimname: return "name";
  case ArgKind::Any: return "object";
  }
  return "object";
}

// The name Python sees for schema argument i.
std::string_view param_name(const OpDef& op, size_t i, CallStyle style) {
  const std::string& n = op.schema.arguments[i].name;
  if (style == CallStyle::Function && i == 0 && n == "self") return "input";
  return n;
}

bool is_int_list(const ArgType& t) { return t.list && (t.kind == ArgKind::Int || t.kind == ArgKind::SymInt); }

// Whether keyword `kw` names parameter `param`: its own name, or one of the
// NumPy names PyTorch's argument parser also accepts for it
// (torch.sum(x, axis=0, keepdims=True), torch.cat(ts, axis=1)).
bool keyword_names(std::string_view param, std::string_view kw) {
  static constexpr std::pair<std::string_view, std::string_view> kNumpyNames[] = {
      {"dim", "axis"}, {"keepdim", "keepdims"}, {"input", "x"}, {"input", "a"}, {"input", "x1"}, {"other", "x2"}};
  if (param == kw) return true;
  return std::any_of(std::begin(kNumpyNames), std::end(kNumpyNames),
                     [&](const auto& n) { return n.first == param && n.second == kw; });
}

} // namespace

std::string python_type_name(const Value& v) {
  if (tensor::is_tensor(v)) return "Tensor";
  if (tensor::dtype_of_value(v)) return "torch.dtype";
  if (tensor::device_of_value(v)) return "torch.device";
  return lang::type_name(v);
}

// The schema arguments a call binds, in order: all of them, except a
// method's receiver (the argument named "self", usually but not always the
// first: where.self(Tensor condition, Tensor self, Tensor other)).
std::vector<size_t> bindable(const OpDef& op, CallStyle style) {
  std::vector<size_t> out;
  int self_index = style == CallStyle::Method ? op.schema.find_argument("self") : -1;
  if (style == CallStyle::Method && self_index < 0) self_index = 0;
  for (size_t i = 0; i < op.schema.arguments.size(); ++i)
    if (static_cast<int>(i) != self_index) out.push_back(i);
  return out;
}

std::string python_signature(const OpDef& op, CallStyle style) {
  std::string s = "(";
  bool star = false, first = true;
  for (size_t i : bindable(op, style)) {
    const Argument& a = op.schema.arguments[i];
    if (!first) s += ", ";
    first = false;
    if (a.kwarg_only && !star) {
      s += "*, ";
      star = true;
    }
    s += kind_name(a.type) + " " + std::string(param_name(op, i, style));
    if (a.has_default) s += " = " + a.default_text;
  }
  return s + ")";
}

bool bind_call(const OpDef& op, CallStyle style, const Value* self, lang::Args args,
               std::string_view python_name, std::vector<Value>& out, std::string& why) {
  const auto& params = op.schema.arguments;
  const std::string name(python_name);
  std::vector<size_t> slots = bindable(op, style);
  out.assign(params.size(), Value());
  if (style == CallStyle::Method) {
    int self_index = op.schema.find_argument("self");
    out[self_index < 0 ? 0 : self_index] = *self;
  }
  std::vector<size_t> positional_slots;
  for (size_t i : slots)
    if (!params[i].kwarg_only) positional_slots.push_back(i);
  bool numbers = op.numbers_as_tensors;

  // Varargs int lists: x.view(2, 3), torch.zeros(2, 3).
  auto positional = args.positional();
  bool varargs = style != CallStyle::Aten && positional_slots.size() == 1 && is_int_list(params[positional_slots[0]].type) &&
                 !positional.empty() && (positional.size() > 1 || !is_sequence(positional[0]));
  if (varargs) {
    size_t slot = positional_slots[0];
    std::vector<Value> ints;
    for (size_t k = 0; k < positional.size(); ++k) {
      auto i = convert_int(positional[k]);
      if (!i) {
        why = name + "(): argument '" + std::string(param_name(op, slot, style)) + "' (position " +
              std::to_string(k + 1) + ") must be tuple of ints, but found element of type " +
              python_type_name(positional[k]) + " at pos " + std::to_string(k);
        return false;
      }
      ints.push_back(*i);
    }
    out[slot] = Value(lang::make_tuple(std::move(ints)));
  } else {
    if (positional.size() > positional_slots.size()) {
      size_t n = positional_slots.size();
      why = name + "() takes " + std::to_string(n) + " positional argument" + (n == 1 ? "" : "s") + " but " +
            std::to_string(positional.size()) + (positional.size() == 1 ? " was" : " were") + " given";
      return false;
    }
    for (size_t k = 0; k < positional.size(); ++k) {
      size_t i = positional_slots[k];
      auto c = convert(params[i].type, positional[k], numbers);
      if (!c) {
        why = name + "(): argument '" + std::string(param_name(op, i, style)) + "' (position " +
              std::to_string(k + 1) + ") must be " + kind_name(params[i].type) + ", not " +
              python_type_name(positional[k]);
        return false;
      }
      out[i] = *c;
    }
  }
  for (size_t k = 0; k < args.nkw(); ++k) {
    std::string_view kw = args.kwname(k)->view();
    auto it = std::find_if(slots.begin(), slots.end(), [&](size_t i) { return keyword_names(param_name(op, i, style), kw); });
    if (it == slots.end()) {
      why = name + "() got an unexpected keyword argument '" + std::string(kw) + "'";
      return false;
    }
    size_t i = *it;
    if (!out[i].is_null()) {
      why = name + "() got multiple values for argument '" + std::string(kw) + "'";
      return false;
    }
    auto c = convert(params[i].type, args.kwvalue(k), numbers);
    if (!c) {
      why = name + "(): argument '" + std::string(kw) + "' must be " + kind_name(params[i].type) + ", not " +
            python_type_name(args.kwvalue(k));
      return false;
    }
    out[i] = *c;
  }
  for (size_t i : slots) {
    if (!out[i].is_null()) continue;
    if (!params[i].has_default) {
      why = name + "() missing 1 required positional arguments: \"" + std::string(param_name(op, i, style)) + "\"";
      return false;
    }
    out[i] = params[i].default_value;
  }
  return true;
}

namespace {

// Writes `result` into the tensor(s) of an out= argument, resizing them when
// their shape differs, and returns the out argument, as PyTorch's out=
// overloads do.
Value write_out(const Value& result, const Value& out, std::string_view name) {
  auto write = [&](const Tensor& dst, const Tensor& src) {
    if (!tensor::can_cast(src.dtype(), dst.dtype()))
      lang::raise(lang::exc::RuntimeError, "result type " + std::string(tensor::scalar_type_name(src.dtype())) +
                                               " can't be cast to the desired output type " +
                                               std::string(tensor::scalar_type_name(dst.dtype())));
    if (!std::equal(dst.sizes().begin(), dst.sizes().end(), src.sizes().begin(), src.sizes().end())) {
      tensor::SymIntVector sizes(src.sym_sizes().begin(), src.sym_sizes().end());
      Tensor fresh = Tensor::empty(sizes, dst.dtype());
      dst->storage = fresh->storage;
      dst->set_geometry(sizes, tensor::contiguous_strides(sizes), 0);
    }
    ops::copy_into(dst, src);
    dst.bump_version();
  };
  if (tensor::is_tensor(out)) {
    if (!tensor::is_tensor(result)) lang::raise(lang::exc::TypeError, std::string(name) + "(): argument 'out' must be a tuple of Tensors");
    write(Tensor::from_value(out), Tensor::from_value(result));
    return out;
  }
  if (!is_sequence(out)) lang::raise(lang::exc::TypeError, std::string(name) + "(): argument 'out' must be Tensor, not " + python_type_name(out));
  auto dsts = items_of(out);
  std::vector<Tensor> srcs = ops::unpack_tensors(result);
  if (dsts.size() != srcs.size())
    lang::raise(lang::exc::TypeError, std::string(name) + "(): argument 'out' must be a tuple of " + std::to_string(srcs.size()) + " Tensors");
  for (size_t i = 0; i < srcs.size(); ++i) write(Tensor::from_value(dsts[i]), srcs[i]);
  return out;
}

} // namespace

// The keyword arguments PyTorch's Python bindings add to the schema: out=
// (write the result into given tensors) and, on factories (ops taking a
// device), requires_grad=.
struct PythonKwargs {
  Value out;
  Value requires_grad;
  std::vector<Value> kept_values; // args without them, when any was given
  std::vector<Value> kept_names;
  lang::Ref<lang::Tuple> names;

  explicit PythonKwargs(lang::Args args) {
    for (size_t k = 0; k < args.nkw(); ++k) {
      std::string_view kw = args.kwname(k)->view();
      if (kw == "out") out = args.kwvalue(k);
      else if (kw == "requires_grad") requires_grad = args.kwvalue(k);
    }
    if (out.is_null() && requires_grad.is_null()) return;
    kept_values.assign(args.values, args.values + args.npos);
    for (size_t k = 0; k < args.nkw(); ++k) {
      std::string_view kw = args.kwname(k)->view();
      if (kw == "out" || kw == "requires_grad") continue;
      kept_values.push_back(args.kwvalue(k));
      kept_names.push_back(args.kwnames->items[k]);
    }
    names = lang::make_tuple(kept_names);
  }
  bool any() const { return !out.is_null() || !requires_grad.is_null(); }
  lang::Args rest(size_t npos) const { return {kept_values.data(), npos, kept_names.empty() ? nullptr : names.get()}; }
};

Value call_overloads(std::span<const OpDef* const> overloads, CallStyle style, const Value* self,
                     lang::Args args, std::string_view python_name) {
  PythonKwargs extra(args);
  if (extra.any()) {
    bool factory = std::any_of(overloads.begin(), overloads.end(),
                               [](const OpDef* op) { return op->schema.find_argument("device") >= 0; });
    if (!extra.requires_grad.is_null() && !factory)
      lang::raise(lang::exc::TypeError, std::string(python_name) + "() got an unexpected keyword argument 'requires_grad'");
    if (!extra.requires_grad.is_null() && !extra.requires_grad.is_bool())
      lang::raise(lang::exc::TypeError, std::string(python_name) + "(): argument 'requires_grad' must be bool, not " +
                                            python_type_name(extra.requires_grad));
    Value result = call_overloads(overloads, style, self, extra.rest(args.npos), python_name);
    if (extra.requires_grad.is_bool() && extra.requires_grad.as_bool())
      ops::set_requires_grad(Tensor::from_value(result), true,
                             "Only Tensors of floating point and complex dtype can require gradients");
    if (extra.out.is_null() || extra.out.is_none()) return result;
    if (tensor::is_tensor(result) && Tensor::from_value(result).requires_grad() && ops::grad_enabled())
      lang::raise(lang::exc::RuntimeError, std::string(python_name) +
                                               "(): functions with out=... arguments don't support automatic "
                                               "differentiation, but one of the arguments requires grad.");
    return write_out(result, extra.out, python_name);
  }
  std::vector<Value> values;
  std::string why;
  if (overloads.size() == 1) {
    if (!bind_call(*overloads[0], style, self, args, python_name, values, why))
      lang::raise(lang::exc::TypeError, why);
    return wrap_result(*overloads[0], ops::call_op(*overloads[0], std::move(values)), style != CallStyle::Aten);
  }
  for (const OpDef* op : overloads)
    if (bind_call(*op, style, self, args, python_name, values, why))
      return wrap_result(*op, ops::call_op(*op, std::move(values)), style != CallStyle::Aten);
  std::string got;
  for (size_t k = 0; k < args.npos; ++k) got += (k ? ", " : "") + python_type_name(args[k]);
  for (size_t k = 0; k < args.nkw(); ++k)
    got += (got.empty() ? "" : ", ") + std::string(args.kwname(k)->view()) + "=" + python_type_name(args.kwvalue(k));
  std::string msg = std::string(python_name) + "() received an invalid combination of arguments - got (" + got +
                    "), but expected one of:";
  for (const OpDef* op : overloads) msg += "\n * " + python_signature(*op, style);
  lang::raise(lang::exc::TypeError, msg);
}

} // namespace refc::torch

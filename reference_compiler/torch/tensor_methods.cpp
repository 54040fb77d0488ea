// The methods and properties of torch.Tensor that are not registry ops:
// geometry queries (size, stride, shape, dim), conversions (item, tolist,
// to, float, type), autograd entry points (backward, requires_grad, grad,
// grad_fn, retain_grad, register_hook), Python protocols (repr, len, iter,
// bool, indexing, format) and the operator dunders, which forward to the
// registry's functions with the operands in the right order.
#include "reference_compiler/torch/tensor_methods.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/big_int.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/dict_object.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/interpreter.h"
#include "reference_compiler/lang/iterators.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/module_builder.h"
#include "reference_compiler/lang/number_ops.h"
#include "reference_compiler/lang/singletons.h"
#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/lang/tuple_object.h"
#include "reference_compiler/ops/autograd.h"
#include "reference_compiler/ops/call.h"
#include "reference_compiler/ops/grad_mode.h"
#include "reference_compiler/ops/shape_checks.h"
#include "reference_compiler/tensor/autograd_meta.h"
#include "reference_compiler/tensor/tensor_printer.h"
#include "reference_compiler/tensor/tensor_types.h"
#include "reference_compiler/torch/op_binding.h"
#include "reference_compiler/torch/python_objects.h"
#include "reference_compiler/torch/tensor_from_data.h"
#include "reference_compiler/torch/tensor_indexing.h"

#include <array>
#include <map>
#include <utility>

namespace refc::torch {

using lang::Args;
using lang::Value;
using tensor::DType;
using tensor::Tensor;

namespace {

Tensor self_of(const Args& a, std::string_view method) {
  if (a.npos == 0 || !tensor::is_tensor(a[0]))
    lang::raise(lang::exc::TypeError, "descriptor '" + std::string(method) + "' requires a 'torch._C.TensorBase' object");
  return Tensor::from_value(a[0]);
}

// Binds a native method's arguments after self with Python-function wording.
void bind(const Args& a, std::string_view name, std::initializer_list<const char*> names, size_t nrequired,
          Value* out) {
  lang::bind_args(a.drop_first(), name, names, names.size(), nrequired, out, 1);
}

// ---- geometry ---------------------------------------------------------------------------

Value t_size(Args a) {
  Tensor t = self_of(a, "size");
  Value dim;
  bind(a, "size", {"dim"}, 0, &dim);
  if (dim.is_null() || dim.is_none()) return make_size(t.sym_sizes());
  return ops::sym_int_value(t.sym_sizes()[static_cast<size_t>(ops::wrap_dim(dim.as_int(), t.dim()))]);
}

Value t_stride(Args a) {
  Tensor t = self_of(a, "stride");
  Value dim;
  bind(a, "stride", {"dim"}, 0, &dim);
  if (dim.is_null() || dim.is_none()) {
    std::vector<Value> items;
    for (const tensor::SymInt& s : t.sym_strides()) items.push_back(ops::sym_int_value(s));
    return Value(lang::make_tuple(std::move(items)));
  }
  return ops::sym_int_value(t.sym_strides()[static_cast<size_t>(ops::wrap_dim(dim.as_int(), t.dim()))]);
}

Value t_shape(Args a) { return make_size(self_of(a, "shape").sym_sizes()); }
Value t_dim(Args a) { return Value::integer(self_of(a, "dim").dim()); }
Value t_numel(Args a) { return ops::sym_int_value(self_of(a, "numel")->sym_numel()); }
Value t_element_size(Args a) { return Value::integer(static_cast<int64_t>(tensor::itemsize(self_of(a, "element_size").dtype()))); }
Value t_nbytes(Args a) {
  Tensor t = self_of(a, "nbytes");
  return Value::integer(t.numel() * static_cast<int64_t>(tensor::itemsize(t.dtype())));
}
Value t_storage_offset(Args a) { return Value::integer(self_of(a, "storage_offset").storage_offset()); }
Value t_is_contiguous(Args a) {
  Tensor t = self_of(a, "is_contiguous");
  Value format;
  bind(a, "is_contiguous", {"memory_format"}, 0, &format);
  return Value::boolean(t.impl()->guarded_contiguous());
}
Value t_data_ptr(Args a) {
  Tensor t = self_of(a, "data_ptr");
  return Value::integer(t.has_data() ? static_cast<int64_t>(reinterpret_cast<intptr_t>(t.raw_data())) : 0);
}
Value t_dtype(Args a) { return tensor::dtype_value(self_of(a, "dtype").dtype()); }
Value t_device(Args a) { return tensor::device_value(self_of(a, "device").device()); }
Value t_layout(Args) { return layout_value(); }
Value t_is_cuda(Args a) { return Value::boolean(self_of(a, "is_cuda").device().type == tensor::DeviceType::CUDA); }
Value t_is_meta(Args a) { return Value::boolean(self_of(a, "is_meta").device().type == tensor::DeviceType::Meta); }
Value t_get_device(Args a) {
  Tensor t = self_of(a, "get_device");
  return Value::integer(t.device().is_cpu() ? -1 : std::max<int64_t>(t.device().index, 0));
}
Value t_is_floating_point(Args a) { return Value::boolean(tensor::is_floating(self_of(a, "is_floating_point").dtype())); }
Value t_is_complex(Args) { return Value::boolean(false); }
Value t_version(Args a) { return Value::integer(static_cast<int64_t>(self_of(a, "_version").version())); }
Value t_T(Args a) {
  Tensor t = self_of(a, "T");
  tensor::IntVector dims;
  for (int64_t d = t.dim() - 1; d >= 0; --d) dims.push_back(d);
  return ops::call("permute", t, dims);
}
// .real / .imag: torch.real / torch.imag as properties (self, and the refusal, for real dtypes).
Value t_real(Args a) { return ops::call("real", self_of(a, "real")); }
Value t_imag(Args a) { return ops::call("imag", self_of(a, "imag")); }
Value t_mT(Args a) {
  Tensor t = self_of(a, "mT");
  if (t.dim() < 2) ops::fail("tensor.mT is only supported on matrices or batches of matrices. Got " + std::to_string(t.dim()) + "-D tensor.");
  return ops::call("transpose.int", t, int64_t{-2}, int64_t{-1});
}

// ---- conversions ------------------------------------------------------------------------

Value t_item(Args a) {
  Tensor t = self_of(a, "item");
  return tensor_item(t);
}
Value t_tolist(Args a) { return tensor_to_list(self_of(a, "tolist")); }

template <DType kDType> Value t_convert(Args a) {
  Tensor t = self_of(a, "to");
  return ops::call("to.dtype", t, kDType);
}

// Tensor.to's Python signatures (python_variable_methods.cpp), in the words
// of python_arg_parser's error.
constexpr const char* kToSignatures =
    "\n * (torch.device device = None, torch.dtype dtype = None, bool non_blocking = False, bool copy = False, *, "
    "torch.memory_format memory_format = None)"
    "\n * (torch.dtype dtype, bool non_blocking = False, bool copy = False, *, torch.memory_format memory_format = None)"
    "\n * (Tensor tensor, bool non_blocking = False, bool copy = False, *, torch.memory_format memory_format = None)\n";

[[noreturn]] void to_invalid_arguments(const Args& a) {
  std::string positional, keywords;
  for (size_t i = 1; i < a.npos; ++i) positional += (i > 1 ? ", " : "") + python_type_name(a[i]);
  for (size_t k = 0; k < a.nkw(); ++k)
    keywords += (k ? ", " : "") + std::string(a.kwname(k)->view()) + "=" + python_type_name(a.kwvalue(k));
  // python_arg_parser's quirk: keywords alone end with ", ".
  const std::string got = keywords.empty()   ? positional
                          : positional.empty() ? keywords + ", "
                                               : positional + ", " + keywords;
  lang::raise(lang::exc::TypeError,
              "to() received an invalid combination of arguments - got (" + got + "), but expected one of:" + kToSignatures);
}

// Tensor.to(device=None, dtype=None, non_blocking, copy) | to(dtype, non_blocking, copy) |
// to(tensor, non_blocking, copy), with memory_format= in each: the signature
// is the first positional's (a device, a device string or index, or None; a
// dtype; a tensor), as python_arg_parser picks it.
Value t_to(Args a) {
  Tensor t = self_of(a, "to");
  std::optional<DType> dtype;
  std::optional<tensor::Device> device;
  bool copy = false;
  Value format = Value::none();
  auto parse_device = [](const Value& v) -> tensor::Device {
    if (auto d = tensor::device_of_value(v)) return *d;
    if (v.is_int()) return tensor::Device{tensor::DeviceType::CUDA, static_cast<int8_t>(v.as_int())};
    std::string_view text = v.as<lang::Str>()->view();
    if (auto d = tensor::parse_device(text)) return *d;
    ops::fail("Invalid device string: '" + std::string(text) + "'");
  };
  auto is_device = [](const Value& v) {
    return tensor::device_of_value(v) || lang::isinstance(v, lang::types::str) || (v.is_int() && !v.is_bool());
  };
  bool device_signature = true; // (device, dtype, ...): device and dtype may also come as keywords
  size_t i = 1;
  if (a.npos > 1) {
    const Value& first = a[1];
    if (auto d = tensor::dtype_of_value(first)) {
      dtype = d;
      device_signature = false;
    } else if (tensor::is_tensor(first)) {
      Tensor other = Tensor::from_value(first);
      dtype = other.dtype();
      device = other.device();
      device_signature = false;
    } else if (is_device(first)) {
      device = parse_device(first);
    } else if (!first.is_none()) {
      to_invalid_arguments(a);
    }
    i = 2;
    if (device_signature && i < a.npos && !a[i].is_bool()) {
      if (auto d = tensor::dtype_of_value(a[i])) dtype = d;
      else if (!a[i].is_none()) to_invalid_arguments(a);
      ++i;
    }
  }
  for (size_t flag = 0; i < a.npos; ++i, ++flag) { // non_blocking, then copy
    if (!a[i].is_bool() || flag > 1) to_invalid_arguments(a);
    if (flag == 1) copy = lang::truthy(a[i]);
  }
  for (size_t k = 0; k < a.nkw(); ++k) {
    std::string_view n = a.kwname(k)->view();
    const Value& v = a.kwvalue(k);
    if (device_signature && n == "dtype" && (v.is_none() || tensor::dtype_of_value(v)))
      dtype = v.is_none() ? std::nullopt : tensor::dtype_of_value(v);
    else if (device_signature && n == "device" && (v.is_none() || is_device(v)))
      device = v.is_none() ? std::nullopt : std::optional(parse_device(v));
    else if (n == "copy" && v.is_bool()) copy = lang::truthy(v);
    else if (n == "memory_format")
      format = memory_format_name(v) ? lang::str_value(std::string(*memory_format_name(v))) : Value::none();
    else if (n != "non_blocking" || !v.is_bool()) to_invalid_arguments(a);
  }
  return ops::call("to.dtype_layout", t, dtype, std::nullopt, device, std::nullopt, false, copy, format);
}

Value t_type(Args a) {
  Tensor t = self_of(a, "type");
  Value p[2]; // dtype, non_blocking (accepted, as there is nothing asynchronous)
  lang::bind_args(a.drop_first(), "type", {"dtype", "non_blocking"}, 2, 0, p, 1);
  const Value& dtype = p[0];
  if (dtype.is_null() || dtype.is_none()) return lang::str_value(std::string(tensor::legacy_type_name(t.dtype())));
  if (auto d = tensor::dtype_of_value(dtype)) return ops::call("to.dtype", t, *d);
  if (lang::isinstance(dtype, lang::types::str)) {
    std::string_view name = dtype.as<lang::Str>()->view();
    for (int i = 0; i < tensor::kNumDTypes; ++i)
      if (tensor::legacy_type_name(static_cast<DType>(i)) == name) return ops::call("to.dtype", t, static_cast<DType>(i));
    lang::raise(lang::exc::ValueError, "invalid type: '" + std::string(name) + "'");
  }
  lang::raise(lang::exc::TypeError, "type(): argument 'dtype' must be torch.dtype, not " + python_type_name(dtype));
}

Value t_cpu(Args a) { return self_of(a, "cpu").to_value(); }
Value t_cuda(Args) { lang::raise(lang::exc::AssertionError, "Torch not compiled with CUDA enabled"); }

Value t_new_tensor(Args a) {
  Tensor t = self_of(a, "new_tensor");
  Value p[4];
  lang::bind_args(a.drop_first(), "new_tensor", {"data", "dtype", "device", "requires_grad"}, 1, 1, p, 1);
  auto dtype = !p[1].is_null() && !p[1].is_none() ? tensor::dtype_of_value(p[1]) : std::optional<DType>(t.dtype());
  Tensor out = tensor::is_tensor(p[0]) ? ops::call_tensor("_to_copy", ops::call_tensor("detach", Tensor::from_value(p[0])), dtype)
                                       : tensor_from_data(p[0], dtype);
  if (!p[3].is_null() && lang::truthy(p[3])) tensor::autograd_meta(out).requires_grad = true;
  return out.to_value();
}

// ---- autograd ---------------------------------------------------------------------------

Value t_requires_grad(Args a) { return Value::boolean(self_of(a, "requires_grad").requires_grad()); }

Value t_set_requires_grad(Args a) {
  ops::set_requires_grad(self_of(a, "requires_grad"), lang::truthy(a[1]));
  return Value::none();
}

Value t_requires_grad_(Args a) {
  Tensor t = self_of(a, "requires_grad_");
  Value flag;
  bind(a, "requires_grad_", {"requires_grad"}, 0, &flag);
  ops::set_requires_grad(t, flag.is_null() ? true : lang::truthy(flag), "only Tensors of floating point dtype can require gradients");
  return a[0];
}

Value t_is_leaf(Args a) {
  Tensor t = self_of(a, "is_leaf");
  return Value::boolean(!t->autograd || !t->autograd->grad_fn);
}

Value t_base(Args a) {
  const tensor::AutogradMeta* m = self_of(a, "_base")->autograd.get();
  return m && m->base.defined() ? m->base.to_value() : Value::none();
}

Value t_is_view(Args a) {
  const tensor::AutogradMeta* m = self_of(a, "_is_view")->autograd.get();
  return Value::boolean(m && m->base.defined());
}

Value t_grad(Args a) {
  Tensor t = self_of(a, "grad");
  tensor::AutogradMeta* m = t->autograd.get();
  return m && m->grad.defined() ? m->grad.to_value() : Value::none();
}

Value t_set_grad(Args a) {
  Tensor t = self_of(a, "grad");
  if (a[1].is_none()) {
    if (t->autograd) t->autograd->grad = Tensor();
    return Value::none();
  }
  if (!tensor::is_tensor(a[1])) lang::raise(lang::exc::TypeError, "assigned grad expected to be a Tensor or None but got grad of type " + lang::type_name(a[1]));
  Tensor g = Tensor::from_value(a[1]);
  if (g.dtype() != t.dtype()) ops::fail("assigned grad has data of a different type");
  if (!std::equal(g.sizes().begin(), g.sizes().end(), t.sizes().begin(), t.sizes().end()))
    ops::fail("assigned grad has data of a different size");
  tensor::autograd_meta(t).grad = g;
  return Value::none();
}

Value t_grad_fn(Args a) {
  Tensor t = self_of(a, "grad_fn");
  tensor::AutogradMeta* m = t->autograd.get();
  return m && m->grad_fn ? Value(m->grad_fn) : Value::none();
}

// .data: a detached alias with its own version counter, so that writes
// through it escape autograd's checks (PyTorch's variable_data()).
Value t_data(Args a) {
  Tensor data = ops::call_tensor("detach", self_of(a, "data"));
  data->version = std::make_shared<uint64_t>(0);
  return data.to_value();
}

Value t_set_data(Args a) {
  Tensor t = self_of(a, "data");
  if (!tensor::is_tensor(a[1])) lang::raise(lang::exc::TypeError, "Variable data has to be a tensor, but got " + lang::type_name(a[1]));
  Tensor src = Tensor::from_value(a[1]);
  t->storage = src->storage;
  t->dtype = src.dtype();
  t->set_geometry({src.sym_sizes().begin(), src.sym_sizes().end()}, {src.sym_strides().begin(), src.sym_strides().end()},
                  src->sym_storage_offset());
  return Value::none();
}

Value t_retain_grad(Args a) {
  Tensor t = self_of(a, "retain_grad");
  tensor::AutogradMeta* m = t->autograd.get();
  if (!m || (!m->grad_fn && !m->requires_grad))
    ops::fail("can't retain_grad on Tensor that has requires_grad=False");
  if (!m->grad_fn || m->retains_grad) return Value::none(); // leaves keep their grad anyway
  m->retains_grad = true;
  tensor::TensorImpl* owner = t.impl();
  m->grad_fn->pre_hooks.push_back(tensor::Node::PreHook{
      m->output_nr,
      [owner](const Tensor& grad) {
        tensor::AutogradMeta& meta = *owner->autograd;
        if (!meta.grad.defined()) meta.grad = ops::call_tensor("clone", grad);
        else meta.grad = ops::call_tensor("add.Tensor", meta.grad, grad);
        return Tensor();
      },
      owner});
  return Value::none();
}

Value t_retains_grad(Args a) {
  Tensor t = self_of(a, "retains_grad");
  return Value::boolean(t->autograd && t->autograd->retains_grad);
}

// As torch/_tensor.py: the hook lives in a dict under a RemovableHandle's
// id, so handle.remove() (which deletes the entry) disables it.
Value t_register_hook(Args a) {
  Tensor t = self_of(a, "register_hook");
  if (a.npos != 2) lang::raise(lang::exc::TypeError, "register_hook() takes exactly one argument");
  if (!t.requires_grad()) ops::fail("cannot register a hook on a tensor that doesn't require gradient");
  lang::Ref<lang::Dict> hooks = lang::make_dict();
  Value handle_type = lang::getattr(Value(lang::import_module("torch.utils.hooks")), lang::intern("RemovableHandle"));
  Value handle = lang::call(handle_type, {Value(hooks)});
  Value id = lang::getattr(handle, lang::intern("id"));
  hooks->set(id, a[1]);
  auto hook = [hooks, id](const Tensor& grad) -> Tensor {
    Value fn = hooks->get(id);
    if (fn.is_null()) return Tensor();
    Value r = lang::call(fn, {grad.to_value()});
    if (r.is_none()) return Tensor();
    if (!tensor::is_tensor(r)) lang::raise(lang::exc::TypeError, "expected a Tensor or None returned from hook, but got " + lang::type_name(r));
    return Tensor::from_value(r);
  };
  tensor::AutogradMeta& m = tensor::autograd_meta(t);
  if (m.grad_fn) m.grad_fn->pre_hooks.push_back(tensor::Node::PreHook{m.output_nr, hook, nullptr});
  else m.hooks.push_back(hook);
  return handle;
}

Value t_backward(Args a) {
  Tensor t = self_of(a, "backward");
  Value p[4];
  bind(a, "backward", {"gradient", "retain_graph", "create_graph", "inputs"}, 0, p);
  Tensor grad;
  if (!p[0].is_null() && !p[0].is_none()) {
    if (!tensor::is_tensor(p[0])) lang::raise(lang::exc::TypeError, "gradient must be a Tensor");
    grad = Tensor::from_value(p[0]);
  } else {
    if (t.requires_grad() && t.numel() != 1) ops::fail("grad can be implicitly created only for scalar outputs");
    grad = ops::call_tensor("ones_like", t, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "preserve_format");
  }
  ops::BackwardOptions options;
  options.create_graph = !p[2].is_null() && lang::truthy(p[2]);
  options.keep_graph = !p[1].is_null() && !p[1].is_none() ? lang::truthy(p[1]) : options.create_graph;
  std::vector<Tensor> inputs;
  if (!p[3].is_null() && !p[3].is_none()) {
    if (tensor::is_tensor(p[3])) inputs.push_back(Tensor::from_value(p[3]));
    else
      for (const Value& v : lang::collect_items(p[3])) inputs.push_back(Tensor::from_value(v));
  }
  ops::run_backward({t}, {grad}, inputs, options);
  return Value::none();
}

Value t_detach_(Args a) {
  Tensor t = self_of(a, "detach_");
  if (t->autograd) {
    t->autograd->grad_fn = nullptr;
    t->autograd->requires_grad = false;
  }
  return a[0];
}

// ---- Python protocols ------------------------------------------------------------------------

Value t_repr(Args a) { return lang::str_value(tensor::tensor_repr(self_of(a, "__repr__"))); }

Value t_len(Args a) {
  Tensor t = self_of(a, "__len__");
  if (t.dim() == 0) lang::raise(lang::exc::TypeError, "len() of a 0-d tensor");
  return Value::integer(t.size(0));
}

Value t_iter(Args a) {
  Tensor t = self_of(a, "__iter__");
  if (t.dim() == 0) lang::raise(lang::exc::TypeError, "iteration over a 0-d tensor");
  return lang::get_iter(ops::call("unbind.int", t, int64_t{0}));
}

Value t_bool(Args a) {
  Tensor t = self_of(a, "__bool__");
  if (t.numel() == 0) ops::fail("Boolean value of Tensor with no values is ambiguous");
  if (t.numel() > 1) ops::fail("Boolean value of Tensor with more than one value is ambiguous");
  return Value::boolean(lang::truthy(tensor_item(t)));
}

Value scalar_of(Args a, const char* name) {
  Tensor t = self_of(a, name);
  if (t.numel() != 1) lang::raise(lang::exc::ValueError, "only one element tensors can be converted to Python scalars");
  return tensor_item(t);
}
Value t_float(Args a) {
  Value v = scalar_of(a, "__float__");
  return v.is_float() ? v : Value::floating(static_cast<double>(v.as_int()));
}
Value t_int(Args a) {
  Value v = scalar_of(a, "__int__");
  return v.is_float() ? lang::float_to_int(v.as_float()) : Value::integer(v.as_int());
}
Value t_index(Args a) {
  Tensor t = self_of(a, "__index__");
  if (t.numel() != 1 || tensor::is_floating(t.dtype()))
    lang::raise(lang::exc::TypeError, "only integer tensors of a single element can be converted to an index");
  return Value::integer(tensor_item(t).as_int());
}
Value t_hash(Args a) {
  return Value::integer(static_cast<int64_t>(reinterpret_cast<intptr_t>(a[0].as_obj()) >> 4));
}

Value t_format(Args a) {
  Tensor t = self_of(a, "__format__");
  if (t.dim() == 0 && t.has_data() && a[0].as_obj()->type == tensor::tensor_type())
    return lang::call_method(tensor_item(t), lang::intern("__format__"), {a[1]});
  if (lang::truthy(a[1])) lang::raise(lang::exc::TypeError, "unsupported format string passed to Tensor.__format__");
  return lang::str_value(tensor::tensor_repr(t));
}

Value t_getitem(Args a) { return tensor_getitem(self_of(a, "__getitem__"), a[1]); }
Value t_setitem(Args a) {
  tensor_setitem(self_of(a, "__setitem__"), a[1], a[2]);
  return Value::none();
}

Value t_contains(Args a) {
  Tensor t = self_of(a, "__contains__");
  const Value& e = a[1];
  if (!(tensor::is_tensor(e) || e.is_int() || e.is_float() || e.is_bool()))
    ops::fail("Tensor.__contains__ only supports Tensor or scalar, but you passed in a " + lang::type_name(e) + ".");
  Value eq = ops::call("eq.Tensor", t, e);
  return tensor_item(Tensor::from_value(ops::call("any", eq)));
}

Value t_deepcopy(Args a) {
  Tensor t = self_of(a, "__deepcopy__");
  Tensor copy;
  {
    ops::GradModeGuard no_grad(false);
    copy = ops::call_tensor("clone", t);
  }
  copy->type = t->type;
  if (t->autograd && !t->autograd->grad_fn && t->autograd->requires_grad) {
    tensor::AutogradMeta& m = tensor::autograd_meta(copy);
    m.requires_grad = true;
    if (t->autograd->grad.defined()) m.grad = ops::call_tensor("clone", t->autograd->grad);
  }
  return copy.to_value();
}

// ---- operator dunders --------------------------------------------------------------------

// How a dunder calls its function: Forward f(self, other), Swapped
// f(other, self), Inplace self.f_(other), Unary f(self), Reciprocal
// reciprocal(self) * other (PyTorch's __rtruediv__). Which reflected dunders
// swap their operands follows torch/_tensor.py: __radd__ is add(self, other).
enum class Form { Forward, Swapped, Inplace, Unary, Reciprocal };
struct Dunder {
  const char* name;
  const char* function; // torch.<function> (or Tensor.<function> for in-place forms)
  Form form;
};

constexpr Dunder kDunders[] = {
    {"__add__", "add", Form::Forward},
    {"__radd__", "add", Form::Forward},
    {"__iadd__", "add_", Form::Inplace},
    {"__sub__", "sub", Form::Forward},
    {"__rsub__", "rsub", Form::Forward},
    {"__isub__", "sub_", Form::Inplace},
    {"__mul__", "mul", Form::Forward},
    {"__rmul__", "mul", Form::Forward},
    {"__imul__", "mul_", Form::Inplace},
    {"__truediv__", "div", Form::Forward},
    {"__rtruediv__", "mul", Form::Reciprocal},
    {"__itruediv__", "div_", Form::Inplace},
    {"__floordiv__", "floor_divide", Form::Forward},
    {"__rfloordiv__", "floor_divide", Form::Swapped},
    {"__ifloordiv__", "floor_divide_", Form::Inplace},
    {"__mod__", "remainder", Form::Forward},
    {"__rmod__", "remainder", Form::Swapped},
    {"__imod__", "remainder_", Form::Inplace},
    {"__pow__", "pow", Form::Forward},
    {"__rpow__", "pow", Form::Swapped},
    {"__ipow__", "pow_", Form::Inplace},
    {"__matmul__", "matmul", Form::Forward},
    {"__rmatmul__", "matmul", Form::Swapped},
    {"__and__", "bitwise_and", Form::Forward},
    {"__rand__", "bitwise_and", Form::Forward},
    {"__iand__", "bitwise_and_", Form::Inplace},
    {"__or__", "bitwise_or", Form::Forward},
    {"__ror__", "bitwise_or", Form::Forward},
    {"__ior__", "bitwise_or_", Form::Inplace},
    {"__xor__", "bitwise_xor", Form::Forward},
    {"__rxor__", "bitwise_xor", Form::Forward},
    {"__ixor__", "bitwise_xor_", Form::Inplace},
    {"__lshift__", "bitwise_left_shift", Form::Forward},
    {"__rlshift__", "bitwise_left_shift", Form::Swapped},
    {"__ilshift__", "bitwise_left_shift_", Form::Inplace},
    {"__rshift__", "bitwise_right_shift", Form::Forward},
    {"__rrshift__", "bitwise_right_shift", Form::Swapped},
    {"__irshift__", "bitwise_right_shift_", Form::Inplace},
    {"__eq__", "eq", Form::Forward},
    {"__ne__", "ne", Form::Forward},
    {"__lt__", "lt", Form::Forward},
    {"__le__", "le", Form::Forward},
    {"__gt__", "gt", Form::Forward},
    {"__ge__", "ge", Form::Forward},
    {"__neg__", "neg", Form::Unary},
    {"__pos__", "positive", Form::Unary},
    {"__abs__", "abs", Form::Unary},
    {"__invert__", "bitwise_not", Form::Unary},
};

const std::vector<const ops::OpDef*>& overloads_for(const Dunder& d) {
  static std::map<std::string, std::vector<const ops::OpDef*>> cache;
  auto [it, inserted] = cache.try_emplace(d.function);
  if (inserted) {
    uint8_t variant = d.form == Form::Inplace ? ops::kMethod : ops::kFunction;
    for (const auto& op : ops::registry().all())
      if (op->python_name == d.function && (op->variants & variant)) it->second.push_back(op.get());
    REFC_CHECK(!it->second.empty(), std::string("no op for ") + d.name);
  }
  return it->second;
}

Value run_dunder(const Dunder& d, Args a) {
  Tensor self = self_of(a, d.name);
  const auto& ops = overloads_for(d);
  if (d.form == Form::Unary) return call_overloads(ops, CallStyle::Function, nullptr, Args{a.values, 1, nullptr}, d.function);
  const Value& other = a[1];
  // PyTorch unpacks an int operand into a Scalar, which refuses one beyond int64.
  if (lang::is_big_int(other)) lang::raise(lang::exc::OverflowError, "int too big to convert");
  if (!(tensor::is_tensor(other) || other.is_int() || other.is_float() || other.is_bool() || tensor::as_sym_node(other)))
    return lang::not_implemented();
  switch (d.form) {
  case Form::Forward: return call_overloads(ops, CallStyle::Function, nullptr, Args{a.values, 2, nullptr}, d.function);
  case Form::Swapped: {
    Value swapped[] = {other, a[0]};
    return call_overloads(ops, CallStyle::Function, nullptr, Args{swapped, 2, nullptr}, d.function);
  }
  case Form::Reciprocal: {
    Value operands[] = {ops::call("reciprocal", self), other};
    return call_overloads(ops, CallStyle::Function, nullptr, Args{operands, 2, nullptr}, d.function);
  }
  case Form::Inplace: return call_overloads(ops, CallStyle::Method, &a[0], Args{a.values + 1, 1, nullptr}, d.function);
  case Form::Unary: break;
  }
  __builtin_unreachable();
}

template <size_t I> Value dunder_fn(Args a) { return run_dunder(kDunders[I], a); }

template <size_t... I> void add_dunders(lang::TypeObject* t, std::index_sequence<I...>) {
  (lang::add_method(t, kDunders[I].name, dunder_fn<I>), ...);
}

} // namespace

void init_tensor_methods(lang::TypeObject* t) {
  lang::add_method(t, "size", t_size);
  lang::add_method(t, "stride", t_stride);
  lang::add_getter(t, "shape", t_shape);
  lang::add_method(t, "dim", t_dim);
  lang::add_method(t, "ndimension", t_dim);
  lang::add_getter(t, "ndim", t_dim);
  lang::add_method(t, "numel", t_numel);
  lang::add_method(t, "nelement", t_numel);
  lang::add_method(t, "element_size", t_element_size);
  lang::add_getter(t, "itemsize", t_element_size);
  lang::add_getter(t, "nbytes", t_nbytes);
  lang::add_method(t, "storage_offset", t_storage_offset);
  lang::add_method(t, "is_contiguous", t_is_contiguous);
  lang::add_method(t, "data_ptr", t_data_ptr);
  lang::add_getter(t, "dtype", t_dtype);
  lang::add_getter(t, "device", t_device);
  lang::add_getter(t, "layout", t_layout);
  lang::add_getter(t, "is_cuda", t_is_cuda);
  lang::add_getter(t, "is_meta", t_is_meta);
  lang::add_method(t, "get_device", t_get_device);
  lang::add_method(t, "is_floating_point", t_is_floating_point);
  lang::add_method(t, "is_complex", t_is_complex);
  lang::add_getter(t, "_version", t_version);
  lang::add_getter(t, "T", t_T);
  lang::add_getter(t, "mT", t_mT);
  lang::add_getter(t, "real", t_real);
  lang::add_getter(t, "imag", t_imag);

  lang::add_method(t, "item", t_item);
  lang::add_method(t, "tolist", t_tolist);
  lang::add_method(t, "float", t_convert<DType::Float32>);
  lang::add_method(t, "double", t_convert<DType::Float64>);
  lang::add_method(t, "half", t_convert<DType::Float16>);
  lang::add_method(t, "bfloat16", t_convert<DType::BFloat16>);
  lang::add_method(t, "int", t_convert<DType::Int32>);
  lang::add_method(t, "long", t_convert<DType::Int64>);
  lang::add_method(t, "short", t_convert<DType::Int16>);
  lang::add_method(t, "char", t_convert<DType::Int8>);
  lang::add_method(t, "byte", t_convert<DType::UInt8>);
  lang::add_method(t, "bool", t_convert<DType::Bool>);
  lang::add_method(t, "type", t_type);
  lang::add_method(t, "cpu", t_cpu);
  lang::add_method(t, "cuda", t_cuda);
  lang::add_method(t, "new_tensor", t_new_tensor);

  lang::add_property(t, "requires_grad", t_requires_grad, t_set_requires_grad);
  lang::add_method(t, "requires_grad_", t_requires_grad_);
  lang::add_getter(t, "is_leaf", t_is_leaf);
  lang::add_getter(t, "_base", t_base);
  lang::add_method(t, "_is_view", t_is_view);
  lang::add_property(t, "grad", t_grad, t_set_grad);
  lang::add_getter(t, "grad_fn", t_grad_fn);
  lang::add_property(t, "data", t_data, t_set_data);
  lang::add_method(t, "retain_grad", t_retain_grad);
  lang::add_getter(t, "retains_grad", t_retains_grad);
  lang::add_method(t, "register_hook", t_register_hook);
  lang::add_method(t, "backward", t_backward);
  lang::add_method(t, "detach_", t_detach_);

  lang::add_method(t, "__repr__", t_repr);
  lang::add_method(t, "__len__", t_len);
  lang::add_method(t, "__iter__", t_iter);
  lang::add_method(t, "__bool__", t_bool);
  lang::add_method(t, "__float__", t_float);
  lang::add_method(t, "__int__", t_int);
  lang::add_method(t, "__index__", t_index);
  lang::add_method(t, "__hash__", t_hash);
  lang::add_method(t, "__format__", t_format);
  lang::add_method(t, "__getitem__", t_getitem);
  lang::add_method(t, "__setitem__", t_setitem);
  lang::add_method(t, "__contains__", t_contains);
  lang::add_method(t, "__deepcopy__", t_deepcopy);
  add_dunders(t, std::make_index_sequence<std::size(kDunders)>());
}

void init_tensor_method_overrides(lang::TypeObject* t) { lang::add_method(t, "to", t_to); }

} // namespace refc::torch

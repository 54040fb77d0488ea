// torch._C: the native half of the torch package. It holds every registry op
// declared as a function (torch.add, ...), the dtype, device, layout and
// memory-format objects, torch.Tensor, torch.Size and nn.Parameter, tensor
// construction from data, grad mode, the autograd entry points, random
// seeding, print options, and the _nn and _linalg namespaces (the ops
// torch.nn.functional and torch.linalg reach there). torch/__init__.py
// re-exports it.
#include "reference_compiler/torch/torch_module.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/dict_object.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/iterators.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/module_builder.h"
#include "reference_compiler/lang/singletons.h"
#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/lang/tuple_object.h"
#include "reference_compiler/ops/autograd.h"
#include "reference_compiler/ops/call.h"
#include "reference_compiler/ops/elementwise.h"
#include "reference_compiler/ops/grad_mode.h"
#include "reference_compiler/ops/shape_checks.h"
#include "reference_compiler/tensor/autograd_meta.h"
#include "reference_compiler/tensor/generator.h"
#include "reference_compiler/tensor/tensor_printer.h"
#include "reference_compiler/tensor/tensor_types.h"
#include "reference_compiler/torch/op_binding.h"
#include "reference_compiler/torch/op_callables.h"
#include "reference_compiler/torch/python_objects.h"
#include "reference_compiler/torch/tensor_from_data.h"
#include "reference_compiler/torch/autograd_nodes.h"
#include "reference_compiler/torch/custom_op_support.h"
#include "reference_compiler/symbolic/shape_env.h"
#include "reference_compiler/torch/sym_methods.h"
#include "reference_compiler/torch/tensor_methods.h"

#include <algorithm>
#include <map>

namespace refc::torch {

using lang::Args;
using lang::Value;
using tensor::DType;
using tensor::Tensor;

namespace {

lang::TypeObject* g_parameter_type = nullptr;

bool given(const Value& v) { return !v.is_null() && !v.is_none(); }

std::optional<DType> dtype_arg(const Value& v, std::string_view fname) {
  if (!given(v)) return std::nullopt;
  if (auto d = tensor::dtype_of_value(v)) return d;
  lang::raise(lang::exc::TypeError, std::string(fname) + "(): argument 'dtype' must be torch.dtype, not " + python_type_name(v));
}

Tensor tensor_arg(const Value& v, std::string_view fname, std::string_view arg) {
  if (!tensor::is_tensor(v))
    lang::raise(lang::exc::TypeError, std::string(fname) + "(): argument '" + std::string(arg) + "' must be Tensor, not " +
                                          python_type_name(v));
  return Tensor::from_value(v);
}

void set_requires_grad(const Tensor& t, bool enable) {
  if (enable && !tensor::is_floating(t.dtype()))
    ops::fail("Only Tensors of floating point and complex dtype can require gradients");
  if (enable) tensor::autograd_meta(t).requires_grad = true;
}

// ---- construction -------------------------------------------------------------------------

Value torch_tensor(Args a) {
  Value p[5];
  lang::bind_args(a, "tensor", {"data", "dtype", "device", "requires_grad", "pin_memory"}, 1, 1, p);
  std::optional<DType> dtype = dtype_arg(p[1], "tensor");
  Tensor out;
  if (tensor::is_tensor(p[0])) {
    ops::GradModeGuard no_grad(false);
    Tensor src = Tensor::from_value(p[0]);
    out = ops::call_tensor("clone", ops::to_dtype(src, dtype.value_or(src.dtype())));
    if (out.is_same(src)) out = ops::call_tensor("clone", src);
  } else {
    out = tensor_from_data(p[0], dtype);
  }
  if (given(p[3]) && lang::truthy(p[3])) set_requires_grad(out, true);
  return out.to_value();
}

Value torch_as_tensor(Args a) {
  Value p[3];
  lang::bind_args(a, "as_tensor", {"data", "dtype", "device"}, 3, 1, p);
  std::optional<DType> dtype = dtype_arg(p[1], "as_tensor");
  if (tensor::is_tensor(p[0])) {
    Tensor src = Tensor::from_value(p[0]);
    if (!dtype || *dtype == src.dtype()) return p[0];
    return ops::call("to.dtype", src, *dtype);
  }
  return tensor_from_data(p[0], dtype).to_value();
}

Value parameter_new(Args a) {
  auto* cls = a[0].as<lang::TypeObject>();
  Value p[2];
  lang::bind_args(a.drop_first(), "Parameter", {"data", "requires_grad"}, 2, 0, p);
  Tensor data = given(p[0]) ? tensor_arg(p[0], "Parameter", "data") : Tensor::empty(tensor::SymIntVector{0}, tensor::default_float_dtype());
  Tensor out = Tensor::alias(cls, data->storage, {data.sym_sizes().begin(), data.sym_sizes().end()},
                             {data.sym_strides().begin(), data.sym_strides().end()}, data->sym_storage_offset(),
                             data.dtype());
  out->version = data->version; // Parameter(t) is t.detach(): one version counter
  bool enable = p[1].is_null() ? true : lang::truthy(p[1]);
  if (enable) set_requires_grad(out, true);
  return out.to_value();
}

Value parameter_repr(Args a) {
  return lang::str_value("Parameter containing:\n" + tensor::tensor_repr(Tensor::from_value(a[0])));
}

// ---- dtype / device ---------------------------------------------------------------------------

Value dtype_repr(Args a) {
  return lang::str_value("torch." + std::string(tensor::dtype_name(*tensor::dtype_of_value(a[0]))));
}
Value dtype_is_floating_point(Args a) { return Value::boolean(tensor::is_floating(*tensor::dtype_of_value(a[0]))); }
Value dtype_is_signed(Args a) { return Value::boolean(tensor::is_signed(*tensor::dtype_of_value(a[0]))); }
Value dtype_itemsize(Args a) { return Value::integer(static_cast<int64_t>(tensor::itemsize(*tensor::dtype_of_value(a[0])))); }
Value dtype_is_complex(Args) { return Value::boolean(false); }

Value device_new(Args a) {
  Value p[2];
  lang::bind_args(a.drop_first(), "device", {"type", "index"}, 2, 1, p);
  if (auto d = tensor::device_of_value(p[0])) return tensor::device_value(*d);
  if (p[0].is_int()) return tensor::device_value(tensor::Device{tensor::DeviceType::CUDA, static_cast<int8_t>(p[0].as_int())});
  if (!lang::isinstance(p[0], lang::types::str))
    lang::raise(lang::exc::TypeError, "device() received an invalid combination of arguments - got (" + python_type_name(p[0]) + ")");
  std::string_view text = p[0].as<lang::Str>()->view();
  auto d = tensor::parse_device(text);
  if (!d) ops::fail("Expected one of cpu, cuda, meta device type at start of device string: " + std::string(text));
  if (given(p[1])) {
    if (d->index >= 0) ops::fail("type (string) must not include an index because index was passed explicitly: " + std::string(text));
    d->index = static_cast<int8_t>(p[1].as_int());
  }
  return tensor::device_value(*d);
}
tensor::Device device_of(const Args& a) { return *tensor::device_of_value(a[0]); }
Value device_repr(Args a) {
  tensor::Device d = device_of(a);
  std::string s = "device(type='" + std::string(d.type_name()) + "'";
  if (d.index >= 0) s += ", index=" + std::to_string(d.index);
  return lang::str_value(s + ")");
}
Value device_str(Args a) { return lang::str_value(device_of(a).str()); }
Value device_type_attr(Args a) { return lang::str_value(std::string(device_of(a).type_name())); }
Value device_index(Args a) {
  tensor::Device d = device_of(a);
  return d.index >= 0 ? Value::integer(d.index) : Value::none();
}
Value device_eq(Args a) {
  auto other = tensor::device_of_value(a[1]);
  if (!other) return lang::not_implemented();
  return Value::boolean(*other == device_of(a));
}
Value device_hash(Args a) {
  tensor::Device d = device_of(a);
  return Value::integer(static_cast<int64_t>(d.type) * 1000 + d.index);
}

// ---- dtype utilities -------------------------------------------------------------------------

Value torch_get_default_dtype(Args a) {
  lang::no_args(a, "get_default_dtype");
  return tensor::dtype_value(tensor::default_float_dtype());
}
Value torch_set_default_dtype(Args a) {
  auto d = tensor::dtype_of_value(lang::one_arg(a, "set_default_dtype"));
  if (!d || !tensor::is_floating(*d) || *d == DType::BFloat16 || *d == DType::Float16)
    lang::raise(lang::exc::TypeError, "only floating-point types are supported as the default type");
  tensor::set_default_float_dtype(*d);
  return Value::none();
}
Value torch_promote_types(Args a) {
  Value p[2];
  lang::bind_args(a, "promote_types", {"type1", "type2"}, 2, 2, p);
  auto x = dtype_arg(p[0], "promote_types"), y = dtype_arg(p[1], "promote_types");
  return tensor::dtype_value(tensor::promote_types(*x, *y));
}
Value torch_can_cast(Args a) {
  Value p[2];
  lang::bind_args(a, "can_cast", {"from_", "to"}, 2, 2, p);
  return Value::boolean(tensor::can_cast(*dtype_arg(p[0], "can_cast"), *dtype_arg(p[1], "can_cast")));
}
Value torch_result_type(Args a) {
  Value p[2];
  lang::bind_args(a, "result_type", {"tensor1", "tensor2"}, 2, 2, p);
  ops::ResultType rt;
  for (const Value& v : p) {
    if (tensor::is_tensor(v)) rt.add(Tensor::from_value(v));
    else if (v.is_int() || v.is_float() || v.is_bool()) rt.add(ops::value_to_scalar(v));
    else lang::raise(lang::exc::TypeError, "result_type() received an invalid combination of arguments - got (" +
                                               python_type_name(p[0]) + ", " + python_type_name(p[1]) + ")");
  }
  return tensor::dtype_value(rt.result());
}
Value torch_is_tensor(Args a) { return Value::boolean(tensor::is_tensor(lang::one_arg(a, "is_tensor"))); }
Value torch_is_floating_point(Args a) {
  return Value::boolean(tensor::is_floating(tensor_arg(lang::one_arg(a, "is_floating_point"), "is_floating_point", "input").dtype()));
}
Value torch_numel(Args a) { return Value::integer(tensor_arg(lang::one_arg(a, "numel"), "numel", "input").numel()); }

Value torch_broadcast_shapes(Args a) {
  tensor::SymIntVector shape;
  for (const Value& s : a.positional()) {
    tensor::SymIntVector next;
    if (s.is_int()) next.push_back(s.as_int());
    else
      for (const Value& v : lang::collect_items(s)) next.push_back(v.as_int());
    shape = ops::broadcast_shapes(shape, next);
  }
  return make_size(shape);
}

// ---- grad mode and autograd ------------------------------------------------------------------

Value torch_is_grad_enabled(Args a) {
  lang::no_args(a, "is_grad_enabled");
  return Value::boolean(ops::grad_enabled());
}
Value torch_set_grad_enabled(Args a) {
  ops::set_grad_enabled(lang::truthy(lang::one_arg(a, "_set_grad_enabled")));
  return Value::none();
}

std::vector<Tensor> tensors_of(const Value& v, std::string_view what) {
  std::vector<Tensor> out;
  if (tensor::is_tensor(v)) return {Tensor::from_value(v)};
  for (const Value& item : lang::collect_items(v)) {
    if (item.is_none()) {
      out.emplace_back();
      continue;
    }
    if (!tensor::is_tensor(item)) lang::raise(lang::exc::TypeError, std::string(what) + " must be a sequence of Tensors");
    out.push_back(Tensor::from_value(item));
  }
  return out;
}

// _run_backward(tensors, grad_tensors, retain_graph, create_graph, inputs, allow_unused, accumulate_grad)
Value torch_run_backward(Args a) {
  Value p[7];
  lang::bind_args(a, "_run_backward", {"tensors", "grad_tensors", "retain_graph", "create_graph", "inputs", "allow_unused", "accumulate_grad"}, 7, 7, p);
  std::vector<Tensor> roots = tensors_of(p[0], "tensors");
  std::vector<Tensor> grads = tensors_of(p[1], "grad_tensors");
  for (size_t i = 0; i < roots.size(); ++i) {
    if (i < grads.size() && grads[i].defined()) continue;
    if (roots[i].requires_grad() && roots[i].numel() != 1) ops::fail("grad can be implicitly created only for scalar outputs");
    if (i >= grads.size()) grads.resize(i + 1);
    grads[i] = ops::call_tensor("ones_like", roots[i]);
  }
  ops::BackwardOptions options;
  options.create_graph = lang::truthy(p[3]);
  options.keep_graph = p[2].is_none() ? options.create_graph : lang::truthy(p[2]);
  options.allow_unused = lang::truthy(p[5]);
  options.accumulate = lang::truthy(p[6]);
  std::vector<Tensor> inputs = p[4].is_none() ? std::vector<Tensor>{} : tensors_of(p[4], "inputs");
  std::vector<Tensor> result = ops::run_backward(roots, grads, inputs, options);
  std::vector<Value> items;
  for (const Tensor& t : result) items.push_back(t.defined() ? t.to_value() : Value::none());
  return Value(lang::make_tuple(std::move(items)));
}

// ---- random seeding ----------------------------------------------------------------------------

// torch.manual_seed & co. act on torch.default_generator; a torch.Generator's
// methods on its own generator.
Value default_generator_value() {
  static auto* object = [] {
    auto* o = new tensor::GeneratorObject(&tensor::default_generator());
    o->make_immortal();
    return o;
  }();
  return Value::borrow(object);
}

uint64_t seed_of(const Value& seed) {
  if (!seed.is_intlike()) lang::raise(lang::exc::TypeError, "manual_seed expected a long, but got " + lang::type_name(seed));
  return static_cast<uint64_t>(seed.as_int());
}

Value state_tensor(const tensor::Generator& g) {
  std::vector<uint8_t> state = g.get_state();
  Tensor t = Tensor::empty(tensor::SymIntVector{static_cast<int64_t>(state.size())}, DType::UInt8);
  std::copy(state.begin(), state.end(), t.data<uint8_t>());
  return t.to_value();
}

void set_state(tensor::Generator& g, const Value& v, const char* fname) {
  Tensor t = tensor_arg(v, fname, "new_state");
  if (t.dtype() != DType::UInt8 || !t.is_contiguous()) ops::fail("expected a contiguous torch.ByteTensor state");
  g.set_state(std::vector<uint8_t>(t.data<uint8_t>(), t.data<uint8_t>() + t.numel()));
}

Value torch_manual_seed(Args a) {
  tensor::default_generator().manual_seed(seed_of(lang::one_arg(a, "manual_seed")));
  return default_generator_value();
}
Value torch_initial_seed(Args a) {
  lang::no_args(a, "initial_seed");
  return Value::integer(static_cast<int64_t>(tensor::default_generator().initial_seed()));
}
Value torch_seed(Args a) {
  lang::no_args(a, "seed");
  return Value::integer(static_cast<int64_t>(tensor::default_generator().seed()));
}
Value torch_get_rng_state(Args a) {
  lang::no_args(a, "get_rng_state");
  return state_tensor(tensor::default_generator());
}
Value torch_set_rng_state(Args a) {
  set_state(tensor::default_generator(), lang::one_arg(a, "set_rng_state"), "set_rng_state");
  return Value::none();
}

tensor::Generator& generator_self(Args a, const char* method) {
  if (a.npos < 1 || !lang::isinstance(a[0], tensor::generator_type()))
    lang::raise(lang::exc::TypeError, std::string("Generator.") + method + " needs a torch.Generator");
  return *a[0].as<tensor::GeneratorObject>()->generator;
}
// torch.Generator(device='cpu')
Value generator_new(Args a) {
  Value p[1];
  lang::bind_args(Args{a.values + 1, a.npos - 1, a.kwnames}, "Generator", {"device"}, 1, 0, p);
  if (given(p[0])) {
    std::optional<tensor::Device> d = tensor::device_of_value(p[0]);
    if (!d && lang::isinstance(p[0], lang::types::str)) d = tensor::parse_device(p[0].as<lang::Str>()->view());
    if (!d || !d->is_cpu()) ops::fail("refc has generators for the cpu device only");
  }
  return Value(lang::make<tensor::GeneratorObject>(tensor::Generator::kDefaultSeed));
}
Value generator_manual_seed(Args a) {
  if (a.npos != 2) lang::raise(lang::exc::TypeError, "manual_seed() takes exactly one argument");
  generator_self(a, "manual_seed").manual_seed(seed_of(a[1]));
  return a[0];
}
Value generator_initial_seed(Args a) {
  return Value::integer(static_cast<int64_t>(generator_self(a, "initial_seed").initial_seed()));
}
Value generator_seed(Args a) { return Value::integer(static_cast<int64_t>(generator_self(a, "seed").seed())); }
Value generator_get_state(Args a) { return state_tensor(generator_self(a, "get_state")); }
Value generator_set_state(Args a) {
  if (a.npos != 2) lang::raise(lang::exc::TypeError, "set_state() takes exactly one argument");
  set_state(generator_self(a, "set_state"), a[1], "set_state");
  return a[0];
}
Value generator_device(Args a) {
  generator_self(a, "device");
  return tensor::device_value(tensor::Device{});
}

// ---- print options --------------------------------------------------------------------------

Value torch_set_printoptions(Args a) {
  Value p[6];
  lang::bind_args(a, "set_printoptions", {"precision", "threshold", "edgeitems", "linewidth", "profile", "sci_mode"}, 6, 0, p);
  tensor::PrintOptionsUpdate u;
  if (given(p[0])) u.precision = p[0].as_int();
  if (given(p[1])) u.threshold = p[1].is_float() ? p[1].as_float() : static_cast<double>(p[1].as_int());
  if (given(p[2])) u.edgeitems = p[2].as_int();
  if (given(p[3])) u.linewidth = p[3].as_int();
  if (given(p[4])) u.profile = std::string(p[4].as<lang::Str>()->view());
  if (given(p[5])) u.sci_mode = lang::truthy(p[5]);
  tensor::set_print_options(u);
  return Value::none();
}

Value torch_get_printoptions(Args a) {
  lang::no_args(a, "get_printoptions");
  const tensor::PrintOptions& o = tensor::print_options();
  auto d = lang::make_dict();
  d->set(lang::str_value("precision"), Value::integer(o.precision));
  double t = o.threshold;
  d->set(lang::str_value("threshold"), t == static_cast<double>(static_cast<int64_t>(t)) ? Value::integer(static_cast<int64_t>(t)) : Value::floating(t));
  d->set(lang::str_value("edgeitems"), Value::integer(o.edgeitems));
  d->set(lang::str_value("linewidth"), Value::integer(o.linewidth));
  d->set(lang::str_value("sci_mode"), o.sci_mode ? Value::boolean(*o.sci_mode) : Value::none());
  return Value(d);
}

// ---- nonzero ------------------------------------------------------------------------------------

// torch.nonzero(input, *, as_tuple=False) and Tensor.nonzero: bound by hand,
// as in PyTorch, to choose between aten::nonzero and aten::nonzero_numpy.
Value nonzero_call(Args a, const char* fname, const char* self_name) {
  Value p[2];
  lang::bind_args(a, fname, {self_name, "as_tuple"}, 1, 1, p);
  Tensor self = tensor_arg(p[0], fname, self_name);
  return ops::call(given(p[1]) && lang::truthy(p[1]) ? "nonzero_numpy" : "nonzero", self);
}
Value torch_nonzero(Args a) { return nonzero_call(a, "nonzero", "input"); }
Value tensor_nonzero(Args a) { return nonzero_call(a, "nonzero", "self"); }

// ---- torch._C._nn and torch._C._linalg ------------------------------------------------------

// PyTorch binds some ops in namespaces of torch._C instead of as torch.<name>:
// those of native_functions.yaml's `python_module: nn` in _nn (listed here;
// torch.nn.functional calls them there) and the linalg_* ops in _linalg
// (torch.linalg.vector_norm is _linalg.linalg_vector_norm). Each namespace
// gets the ones the registry declares.
constexpr std::string_view kNnFunctions[] = {
    "_pad_circular", "_upsample_bicubic2d_aa", "_upsample_bilinear2d_aa",
    "_upsample_nearest_exact1d", "_upsample_nearest_exact2d", "_upsample_nearest_exact3d",
    "adaptive_avg_pool2d", "adaptive_avg_pool3d", "adaptive_max_pool2d", "adaptive_max_pool3d",
    "avg_pool2d", "avg_pool3d", "binary_cross_entropy", "col2im", "cross_entropy_loss", "elu",
    "elu_", "fractional_max_pool2d", "fractional_max_pool3d", "gelu", "gelu_", "glu", "hardsigmoid",
    "hardsigmoid_", "hardswish", "hardswish_", "hardtanh", "hardtanh_", "huber_loss", "im2col",
    "l1_loss", "leaky_relu", "leaky_relu_", "linear", "log_sigmoid", "max_pool2d_with_indices",
    "max_pool3d_with_indices", "max_unpool2d", "max_unpool3d", "mish", "mish_", "mse_loss",
    "multi_margin_loss", "multilabel_margin_loss", "nll_loss", "nll_loss2d", "nll_loss_nd",
    "one_hot", "pad", "reflection_pad1d", "reflection_pad2d", "reflection_pad3d", "relu6", "relu6_",
    "replication_pad1d", "replication_pad2d", "replication_pad3d", "rrelu_with_noise",
    "rrelu_with_noise_", "scaled_dot_product_attention", "silu", "silu_", "smooth_l1_loss",
    "soft_margin_loss", "softplus", "softshrink", "upsample_bicubic2d", "upsample_bilinear2d",
    "upsample_linear1d", "upsample_nearest1d", "upsample_nearest2d", "upsample_nearest3d",
    "upsample_trilinear3d"};

bool is_nn_function(std::string_view name) {
  return std::ranges::find(kNnFunctions, name) != std::end(kNnFunctions);
}
bool is_linalg_function(std::string_view name) { return name.starts_with("linalg_"); }

using OverloadTable = std::map<std::string, std::vector<const ops::OpDef*>, std::less<>>;

// The overloads of every function of the two namespaces, by name.
const OverloadTable& namespace_overloads() {
  static const OverloadTable table = [] {
    OverloadTable t;
    for (const auto& op : ops::registry().all()) {
      const std::string& name = op->schema.name;
      if (is_nn_function(name) || is_linalg_function(name)) t[name].push_back(op.get());
    }
    return t;
  }();
  return table;
}

// A function of _nn or _linalg; its bound self is its name.
Value namespace_function_call(Args a) {
  std::string_view name = a[0].as<lang::Str>()->view();
  return call_overloads(namespace_overloads().find(name)->second, CallStyle::Function, nullptr,
                        a.drop_first(), name);
}

Value make_namespace_module(std::string name, bool (*member)(std::string_view)) {
  lang::ModuleBuilder m(std::move(name));
  for (const auto& entry : namespace_overloads())
    if (member(entry.first))
      m.bound(entry.first, namespace_function_call, lang::str_value(entry.first));
  return Value(m.finish());
}

// ---- the module ----------------------------------------------------------------------------------

void init_types() {
  init_python_objects();
  lang::TypeObject* t = tensor::tensor_type();
  init_tensor_methods(t);
  init_sym_methods();
  init_autograd_nodes();
  add_op_methods(t);
  init_tensor_method_overrides(t);
  lang::add_method(t, "nonzero", tensor_nonzero);

  g_parameter_type = lang::make_module_type("Parameter", "torch.nn.parameter", lang::Layout::Other, t);
  lang::add_new(g_parameter_type, parameter_new);
  lang::add_method(g_parameter_type, "__repr__", parameter_repr);

  lang::TypeObject* gt = tensor::generator_type();
  lang::add_new(gt, generator_new);
  lang::add_method(gt, "manual_seed", generator_manual_seed);
  lang::add_method(gt, "initial_seed", generator_initial_seed);
  lang::add_method(gt, "seed", generator_seed);
  lang::add_method(gt, "get_state", generator_get_state);
  lang::add_method(gt, "set_state", generator_set_state);
  lang::add_getter(gt, "device", generator_device);

  lang::TypeObject* dt = tensor::dtype_type();
  lang::add_method(dt, "__repr__", dtype_repr);
  lang::add_getter(dt, "is_floating_point", dtype_is_floating_point);
  lang::add_getter(dt, "is_signed", dtype_is_signed);
  lang::add_getter(dt, "is_complex", dtype_is_complex);
  lang::add_getter(dt, "itemsize", dtype_itemsize);

  lang::TypeObject* dev = tensor::device_type();
  lang::add_new(dev, device_new);
  lang::add_method(dev, "__repr__", device_repr);
  lang::add_method(dev, "__str__", device_str);
  lang::add_getter(dev, "type", device_type_attr);
  lang::add_getter(dev, "index", device_index);
  lang::add_method(dev, "__eq__", device_eq);
  lang::add_method(dev, "__hash__", device_hash);
}

} // namespace

lang::Ref<lang::Module> create_torch_c_module() {
  static bool initialised = false;
  if (!initialised) {
    init_types();
    initialised = true;
  }
  lang::ModuleBuilder m("torch._C");
  add_op_functions(m.get());
  for (int i = 0; i < tensor::kNumDTypes; ++i) {
    DType d = static_cast<DType>(i);
    m.value(tensor::dtype_name(d), tensor::dtype_value(d));
  }
  for (const char* alias : {"float", "double", "half", "long", "int", "short"})
    m.value(alias, tensor::dtype_value(*tensor::dtype_from_name(alias)));
  m.value("Tensor", Value::borrow(tensor::tensor_type()));
  m.value("dtype", Value::borrow(tensor::dtype_type()));
  m.value("device", Value::borrow(tensor::device_type()));
  m.value("Size", Value::borrow(size_type()));
  m.value("Parameter", Value::borrow(g_parameter_type));
  m.value("Generator", Value::borrow(tensor::generator_type()));
  m.value("SymInt", Value::borrow(tensor::sym_int_type()));
  m.value("SymFloat", Value::borrow(tensor::sym_float_type()));
  m.value("SymBool", Value::borrow(tensor::sym_bool_type()));
  m.value("_GuardOnDataDependentSymNode", Value::borrow(symbolic::data_dependent_error_type()));
  m.value("default_generator", default_generator_value());
  m.value("strided", layout_value());
  for (const char* f : {"contiguous_format", "preserve_format", "channels_last", "channels_last_3d"})
    m.value(f, memory_format_value(f));
  m.value("ops", make_ops_namespace());
  add_custom_op_functions(m);
  m.value("_nn", make_namespace_module("torch._C._nn", is_nn_function));
  m.value("_linalg", make_namespace_module("torch._C._linalg", is_linalg_function));
  m.value("_LinAlgError", Value::borrow(ops::linalg_error_type()));
  m.value("_logging", create_logging_module());
  m.function("tensor", torch_tensor)
      .function("as_tensor", torch_as_tensor)
      .function("get_default_dtype", torch_get_default_dtype)
      .function("set_default_dtype", torch_set_default_dtype)
      .function("promote_types", torch_promote_types)
      .function("can_cast", torch_can_cast)
      .function("result_type", torch_result_type)
      .function("is_tensor", torch_is_tensor)
      .function("is_floating_point", torch_is_floating_point)
      .function("numel", torch_numel)
      .function("broadcast_shapes", torch_broadcast_shapes)
      .function("is_grad_enabled", torch_is_grad_enabled)
      .function("_set_grad_enabled", torch_set_grad_enabled)
      .function("_run_backward", torch_run_backward)
      .function("_record_function", record_python_function)
      .function("manual_seed", torch_manual_seed)
      .function("initial_seed", torch_initial_seed)
      .function("seed", torch_seed)
      .function("get_rng_state", torch_get_rng_state)
      .function("set_rng_state", torch_set_rng_state)
      .function("set_printoptions", torch_set_printoptions)
      .function("get_printoptions", torch_get_printoptions)
      .function("nonzero", torch_nonzero);
  return m.finish();
}

} // namespace refc::torch

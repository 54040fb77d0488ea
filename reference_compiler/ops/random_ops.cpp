// Random ops on the default generator (tensor/generator.h, bit-identical to
// PyTorch's CPU generator): the factories rand / randn / randint / randperm /
// normal and their *_like forms, the in-place fills uniform_ / normal_ /
// exponential_ / random_ / bernoulli_, bernoulli and the normal overloads
// with tensor mean/std, multinomial, and the dropouts (ATen's CPU path: a bernoulli(1 - p)
// noise tensor, scaled, multiplied in) with native_dropout and its backward. Every op accepts `Generator? generator=None` for the default
// generator, the only one refc has.
#include "reference_compiler/lang/tuple_object.h"
#include "reference_compiler/ops/op_family.h"
#include "reference_compiler/tensor/generator.h"

#include <cmath>
#include <sstream>

namespace refc::ops {

namespace {

// The generator= argument's generator (the default one when absent or None).
tensor::Generator& gen(const OpArgs& a) {
  int i = a.schema().find_argument("generator");
  return i < 0 ? tensor::default_generator() : tensor::generator_of_value(a[static_cast<size_t>(i)]);
}

// A double as ATen's messages stream it ("-1", "1.5").
std::string fmt(double v) {
  std::ostringstream s;
  s << v;
  return s.str();
}

constexpr const char* kFactoryKwargs =
    "ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None";
constexpr const char* kLongFactoryKwargs =
    "ScalarType? dtype=long, Layout? layout=None, Device? device=None, bool? pin_memory=None";
constexpr const char* kLikeKwargs = "ScalarType? dtype=None, Layout? layout=None, Device? device=None, "
                                    "bool? pin_memory=None, MemoryFormat? memory_format=None";

// The index of the `dtype` keyword, which the factory keywords start at.
size_t dtype_arg(const OpArgs& a) { return static_cast<size_t>(a.schema().find_argument("dtype")); }

TensorSpec factory_spec(const OpArgs& a, SymIntVector sizes, DType fallback) {
  check_factory_sizes(sizes);
  const size_t k = dtype_arg(a);
  return contiguous_spec(std::move(sizes), a.dtype(k).value_or(fallback), a.device(k + 2).value_or(tensor::kCPU));
}

// *_like: self's sizes, and its layout unless memory_format says contiguous.
std::vector<TensorSpec> like_meta(const OpArgs& a) {
  Tensor self = a.tensor(0);
  const size_t k = dtype_arg(a);
  SymIntVector sizes(self.sym_sizes().begin(), self.sym_sizes().end());
  auto format = a.optional_str(k + 4);
  SymIntVector strides = format && *format == "contiguous_format"
                             ? tensor::contiguous_strides(sizes)
                             : layout_following_strides(sizes, std::span<const Tensor>(&self, 1));
  return {TensorSpec{sizes, strides, 0, a.dtype(k).value_or(self.dtype()), a.device(k + 2).value_or(self.device())}};
}

std::vector<TensorSpec> float_factory_meta(const OpArgs& a) {
  return {factory_spec(a, a.sym_int_list(0), tensor::default_float_dtype())};
}

void rand_kernel(const OpArgs& a, std::span<const Tensor> out) { tensor::fill_uniform(out[0], 0.0, 1.0, gen(a)); }
void randn_kernel(const OpArgs& a, std::span<const Tensor> out) { tensor::fill_normal(out[0], 0.0, 1.0, gen(a)); }

// randint(high, size) / randint.low(low, high, size) and randint_like(self, [low,] high).
struct Bounds {
  int64_t low, high;
};
Bounds randint_bounds(const OpArgs& a, size_t first) {
  const bool has_low = a.schema().find_argument("low") >= 0;
  return has_low ? Bounds{a.int_(first), a.int_(first + 1)} : Bounds{0, a.int_(first)};
}
std::vector<TensorSpec> randint_meta(const OpArgs& a) {
  const bool has_low = a.schema().find_argument("low") >= 0;
  return {factory_spec(a, a.sym_int_list(has_low ? 2 : 1), DType::Int64)};
}
void randint_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Bounds b = randint_bounds(a, 0);
  tensor::fill_random(out[0], b.low, b.high, gen(a));
}
void randint_like_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Bounds b = randint_bounds(a, 1);
  tensor::fill_random(out[0], b.low, b.high, gen(a));
}
// randint_like.Tensor: the bound is a 0-d integer tensor.
void randint_like_tensor_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor high = a.tensor(1);
  check(high.numel() == 1 && !tensor::is_floating(high.dtype()),
        "high must be a scalar tensor and on the same device as self");
  tensor::fill_random(out[0], 0, to_dtype(high, DType::Int64).data<int64_t>()[0], gen(a));
}

std::vector<TensorSpec> randperm_meta(const OpArgs& a) { return {factory_spec(a, {a.sym_int(0)}, DType::Int64)}; }
void randperm_kernel(const OpArgs& a, std::span<const Tensor> out) { tensor::fill_randperm(out[0], a.int_(0), gen(a)); }

// normal.float_float(mean, std, size, ...)
std::vector<TensorSpec> normal_factory_meta(const OpArgs& a) {
  const double std = a.double_(1);
  check(std >= 0.0, "normal expects std >= 0.0, but found std " + fmt(std));
  return {factory_spec(a, a.sym_int_list(2), tensor::default_float_dtype())};
}
void normal_factory_kernel(const OpArgs& a, std::span<const Tensor> out) {
  tensor::fill_normal(out[0], a.double_(0), a.double_(1), gen(a));
}

// ---- normal with tensor mean / std -------------------------------------------------------------------

void check_std_tensor(const Tensor& std) {
  if (std.numel() == 0 || !std.has_data()) return;
  Tensor s = to_dtype(std, DType::Float64);
  bool ok = true;
  for_each_row(plan_loop(s, std::span<const Tensor>{}), [&](char** p, const int64_t* st, int64_t n) {
    for (int64_t i = 0; i < n; ++i) ok &= *reinterpret_cast<const double*>(p[0] + i * st[0]) >= 0;
  });
  check(ok, "normal expects all elements of std >= 0.0");
}

// ATen's normal_out_impl: draw N(0, std) or N(0, 1) into the output, then shift and scale it with ops.
std::vector<TensorSpec> normal_tensor_meta(const OpArgs& a) {
  const bool mean_tensor = !a.is_number(0) && tensor::is_tensor(a[0]);
  const bool std_tensor = !a.is_number(1) && tensor::is_tensor(a[1]);
  if (std_tensor) check_std_tensor(a.tensor(1));
  else check(a.double_(1) >= 0.0, "normal expects std >= 0.0, but found std " + fmt(a.double_(1)));
  Tensor like = mean_tensor ? a.tensor(0) : a.tensor(1);
  SymIntVector sizes(like.sym_sizes().begin(), like.sym_sizes().end());
  if (mean_tensor && std_tensor) sizes = broadcast_shapes(a.tensor(0).sym_sizes(), a.tensor(1).sym_sizes());
  SymIntVector strides = tensor::contiguous_strides(sizes);
  return {TensorSpec{sizes, strides, 0, like.dtype(), like.device()}};
}
void normal_tensor_kernel(const OpArgs& a, std::span<const Tensor> out) {
  const bool mean_tensor = tensor::is_tensor(a[0]), std_tensor = tensor::is_tensor(a[1]);
  if (!std_tensor) {
    tensor::fill_normal(out[0], 0.0, a.double_(1), gen(a));
    call("add_.Tensor", out[0], a.tensor(0));
    return;
  }
  tensor::fill_normal(out[0], 0.0, 1.0, gen(a));
  call("mul_.Tensor", out[0], a.tensor(1));
  if (mean_tensor) call("add_.Tensor", out[0], a.tensor(0));
  else call("add_.Tensor", out[0], call_tensor("full", SymIntVector{}, a.double_(0), out[0].dtype()));
}
// ---- in-place fills ---------------------------------------------------------------------------------------

std::vector<TensorSpec> self_meta(const OpArgs& a) {
  Tensor self = a.tensor(0);
  return {TensorSpec{{self.sym_sizes().begin(), self.sym_sizes().end()},
                     {self.sym_strides().begin(), self.sym_strides().end()}, self->sym_storage_offset(), self.dtype(),
                     self.device()}};
}
void uniform_kernel(const OpArgs& a, std::span<const Tensor> out) {
  tensor::fill_uniform(out[0], a.double_(1), a.double_(2), gen(a));
}
void normal_kernel(const OpArgs& a, std::span<const Tensor> out) {
  tensor::fill_normal(out[0], a.double_(1), a.double_(2), gen(a));
}
void exponential_kernel(const OpArgs& a, std::span<const Tensor> out) {
  tensor::fill_exponential(out[0], a.double_(1), gen(a));
}
void random_from_kernel(const OpArgs& a, std::span<const Tensor> out) {
  tensor::fill_random(out[0], a.int_(1), a.optional_int(2), gen(a));
}
void random_to_kernel(const OpArgs& a, std::span<const Tensor> out) { tensor::fill_random(out[0], 0, a.int_(1), gen(a)); }
void random_kernel(const OpArgs& a, std::span<const Tensor> out) { tensor::fill_random(out[0], gen(a)); }
void bernoulli_float_kernel(const OpArgs& a, std::span<const Tensor> out) {
  tensor::fill_bernoulli(out[0], a.double_(1), gen(a));
}
void bernoulli_tensor_kernel(const OpArgs& a, std::span<const Tensor> out) {
  tensor::fill_bernoulli(out[0], a.tensor(1), gen(a));
}
// bernoulli(self): empty_like(self).bernoulli_(self); bernoulli.p(self, p): empty_like(self).bernoulli_(p).
std::vector<TensorSpec> bernoulli_meta(const OpArgs& a) {
  Tensor self = a.tensor(0);
  SymIntVector sizes(self.sym_sizes().begin(), self.sym_sizes().end());
  SymIntVector strides = layout_following_strides(sizes, std::span<const Tensor>(&self, 1));
  return {TensorSpec{sizes, strides, 0, self.dtype(), self.device()}};
}
void bernoulli_self_kernel(const OpArgs& a, std::span<const Tensor> out) {
  tensor::fill_bernoulli(out[0], a.tensor(0), gen(a));
}
// ---- multinomial -------------------------------------------------------------------------------------------

std::vector<TensorSpec> multinomial_meta(const OpArgs& a) {
  Tensor self = a.tensor(0);
  const int64_t n_sample = a.int_(1);
  check(self.dim() > 0 && self.dim() <= 2, "prob_dist must be 1 or 2 dim");
  check(tensor::is_floating(self.dtype()), "multinomial only supports floating-point dtypes for input, got: " +
                                               std::string(tensor::scalar_type_name(self.dtype())));
  check(n_sample > 0, "cannot sample n_sample <= 0 samples");
  const int64_t n_categories = self.dim() > 0 ? self.size(self.dim() - 1) : 1;
  check(a.bool_(2) || n_sample <= n_categories,
        "cannot sample n_sample > prob_dist.size(-1) samples without replacement");
  check(n_categories <= (int64_t{1} << 24), "number of categories cannot exceed 2^24");
  SymIntVector sizes{n_sample};
  if (self.dim() == 2) sizes.insert(sizes.begin(), self.sym_size(0));
  SymIntVector strides = tensor::contiguous_strides(sizes);
  return {TensorSpec{sizes, strides, 0, DType::Int64, self.device()}};
}

// multinomial_with_replacement_apply: per row, the normalised cumulative
// distribution (in float for 16-bit inputs), then one uniform double per
// sample located by binary search.
template <class T>
void multinomial_with_replacement(const Tensor& self, const Tensor& result, int64_t n_sample, tensor::Generator& g) {
  using A = std::conditional_t<std::is_same_v<T, float> || std::is_same_v<T, double>, T, float>;
  const int64_t last = self.dim() - 1, n_categories = self.size(last), n_dist = self.dim() > 1 ? self.size(0) : 1;
  const int64_t row_stride = self.dim() > 1 ? self.stride(0) : 0, col_stride = self.stride(last);
  const T* p = self.data<T>();
  int64_t* out = result.data<int64_t>();
  std::vector<A> cum(static_cast<size_t>(n_categories));
  for (int64_t i = 0; i < n_dist; ++i) {
    A sum = 0;
    for (int64_t j = 0; j < n_categories; ++j) {
      const A v = static_cast<A>(p[i * row_stride + j * col_stride]);
      check(v >= 0, "invalid multinomial distribution (encountering probability entry < 0)");
      check(std::isfinite(v), "invalid multinomial distribution (encountering probability entry = infinity or NaN)");
      sum += v;
      cum[j] = sum;
    }
    check(sum > 0, "invalid multinomial distribution (sum of probabilities <= 0)");
    for (A& c : cum) c /= sum;
    for (int64_t j = 0; j < n_sample; ++j) {
      const double u = static_cast<double>(g.random64() & ((uint64_t{1} << 53) - 1)) * (1.0 / (uint64_t{1} << 53));
      cum[n_categories - 1] = 1;
      int64_t left = 0, right = n_categories;
      while (right - left > 0) {
        const int64_t mid = left + (right - left) / 2;
        if (cum[mid] < u) left = mid + 1;
        else right = mid;
      }
      out[i * n_sample + j] = left;
    }
  }
}

// multinomial_out: without replacement (or for one sample) the Gumbel trick
// — the largest of p / q with q ~ Exp(1) — else the cumulative-distribution sampler.
void multinomial_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor self = a.tensor(0);
  const int64_t n_sample = a.int_(1);
  if (out[0].numel() == 0) return;
  if (!a.bool_(2) || n_sample == 1) {
    Tensor valid = call_tensor("logical_and", call_tensor("lt.Scalar", call_tensor("max", self), INFINITY),
                               call_tensor("ge.Scalar", call_tensor("min", self), 0));
    check(*valid.data<bool>(), "probability tensor contains either `inf`, `nan` or element < 0");
    Tensor sums = self.dim() == 1 ? call_tensor("sum", self) : call_tensor("sum.dim_IntList", self, IntVector{1});
    Tensor zero = call_tensor("any", call_tensor("eq.Scalar", sums, 0));
    check(!*zero.data<bool>(), "invalid multinomial distribution (sum of probabilities <= 0)");
    Tensor q = call_tensor("empty_like", self);
    call("exponential_", q, 1.0, a[3]);
    q = call_tensor("div.Tensor", self, q);
    Tensor indices = n_sample == 1 ? call_tensor("argmax", q, int64_t{-1}, true)
                                   : unpack_tensors(call("topk", q, n_sample))[1];
    copy_into(out[0], indices);
    return;
  }
  tensor::visit_dtype(self.dtype(), [&]<class T>() {
    if constexpr (!std::is_integral_v<T>) multinomial_with_replacement<T>(self, out[0], n_sample, gen(a));
  });
}

// ---- dropout -------------------------------------------------------------------------------------------------

void check_probability(double p) {
  check(p >= 0 && p <= 1, "dropout probability has to be between 0 and 1, but got " + fmt(p));
}

// ATen's _dropout_impl (the CPU path of dropout / feature_dropout /
// alpha_dropout / feature_alpha_dropout): the input itself when nothing is
// dropped, else input * noise, where noise is bernoulli(1 - p) per element
// (per channel for feature dropout) scaled to keep the mean, or for alpha
// dropout affinely mapped to keep mean and variance.
template <bool kFeature, bool kAlpha, bool kInplace> Value dropout_run(const OpArgs& a) {
  Tensor input = a.tensor(0);
  const double p = a.double_(1);
  check_probability(p);
  if (p == 0 || !a.bool_(2) || input.numel() == 0) return input.to_value();
  // While tracing, 2.14's decomposition of dropout (a Python-dispatcher
  // kernel) calls native_dropout, whose mask the backward reuses.
  if (!kFeature && !kAlpha && !kInplace && tracing_ops())
    return unpack_tensors(call("native_dropout", input, p, true))[0].to_value();
  const char* mul = kInplace ? "mul_.Tensor" : "mul.Tensor";
  if (p == 1) return call(mul, input, call_tensor("zeros", SymIntVector{}, input.dtype()));
  Tensor noise;
  if (kFeature) {
    check(input.dim() >= 2, "Feature dropout requires at least 2 dimensions in the input");
    SymIntVector sizes(static_cast<size_t>(input.dim()), 1);
    sizes[0] = input.sym_size(0);
    sizes[1] = input.sym_size(1);
    noise = call_tensor("new_empty", input, sizes);
  } else {
    noise = call_tensor("empty_like", input);
  }
  call("bernoulli_.float", noise, 1 - p);
  if (!kAlpha) {
    call("div_.Tensor", noise, 1 - p);
    return call(mul, input, noise);
  }
  constexpr double alpha = 1.7580993408473766;
  const double scale = 1. / std::sqrt((alpha * alpha * p + 1) * (1 - p));
  Tensor b = call_tensor("add.Tensor", noise, -1);
  call("mul_.Tensor", b, alpha * scale);
  call("add_.Tensor", b, alpha * scale * p);
  call("mul_.Tensor", noise, scale);
  return call("add_.Tensor", call_tensor(mul, input, noise), b);
}

// native_dropout(input, p, train): (input * mask * 1/(1-p), mask) with a bool mask.
Value native_dropout_run(const OpArgs& a) {
  Tensor input = a.tensor(0);
  const double p = a.double_(1);
  std::optional<bool> train = a.optional_bool(2);
  if (input.numel() == 0)
    return Value(lang::make_tuple({input.to_value(), call("empty_like", input)}));
  if (train.value_or(true)) {
    const double p1m = 1. - p, scale = p1m == 0 ? 0. : 1. / p1m;
    Tensor mask = call_tensor("empty_like", input, DType::Bool);
    call("bernoulli_.float", mask, p1m);
    Tensor output = call_tensor("mul.Tensor", input, mask);
    call("mul_.Tensor", output, scale);
    return Value(lang::make_tuple({output.to_value(), mask.to_value()}));
  }
  return Value(lang::make_tuple({call("clone", input), call("ones_like", input, DType::Bool)}));
}
double dropout_scale(const OpArgs& a) {
  const double p = a.double_(1);
  std::optional<bool> train = a.optional_bool(2);
  return !train.value_or(true) ? 1 : p == 1 ? 0.0 : 1.0 / (1.0 - p);
}
Grads native_dropout_backward(const BackwardContext& c, const Grads& g) {
  return {call_tensor("native_dropout_backward", g[0], c.result(1), dropout_scale(c.args()))};
}

// native_dropout_backward(grad_output, mask, scale) = grad_output * mask * scale
Value native_dropout_backward_run(const OpArgs& a) {
  return call("mul.Tensor", call_tensor("mul.Tensor", a.tensor(0), a.tensor(1)), a.double_(2));
}

// Its derivative for grad_output is itself: the gradient masked and scaled the same way.
Grads native_dropout_backward_backward(const BackwardContext& c, const Grads& g) {
  OpArgs a = c.args();
  return {c.needs_grad_of_arg(0) ? call_tensor("native_dropout_backward", g[0], a.tensor(1), a.double_(2)) : Tensor()};
}

// Declares an in-place fill with no functional sibling in ATen: self is its output.
void def_fill(OpRegistry& r, const std::string& schema, KernelFn kernel, const char* node) {
  OpBuilder b = r.def(schema);
  b.hidden().method().structured(self_meta, kernel).derivative(node, zero_derivative);
  b.op().inplace = true;
}

std::string factory(const std::string& head, const char* kwargs = kFactoryKwargs) {
  return head + ", *, " + kwargs + ") -> Tensor";
}
std::string gen_factory(const std::string& head, const char* kwargs = kFactoryKwargs) {
  return head + ", *, Generator? generator, " + kwargs + ") -> Tensor";
}

} // namespace

void register_random_ops(OpRegistry& r) {
  r.def(factory("rand(SymInt[] size")).structured(float_factory_meta, rand_kernel);
  r.def(gen_factory("rand.generator(SymInt[] size")).structured(float_factory_meta, rand_kernel);
  r.def(factory("randn(SymInt[] size")).structured(float_factory_meta, randn_kernel);
  r.def(gen_factory("randn.generator(SymInt[] size")).structured(float_factory_meta, randn_kernel);
  r.def(factory("randint(SymInt high, SymInt[] size", kLongFactoryKwargs)).structured(randint_meta, randint_kernel);
  r.def(gen_factory("randint.generator(SymInt high, SymInt[] size", kLongFactoryKwargs))
      .structured(randint_meta, randint_kernel);
  r.def(factory("randint.low(SymInt low, SymInt high, SymInt[] size", kLongFactoryKwargs))
      .structured(randint_meta, randint_kernel);
  r.def(gen_factory("randint.low_generator(SymInt low, SymInt high, SymInt[] size", kLongFactoryKwargs))
      .structured(randint_meta, randint_kernel);
  r.def(factory("randperm(SymInt n", kLongFactoryKwargs)).structured(randperm_meta, randperm_kernel);
  r.def(gen_factory("randperm.generator(SymInt n", kLongFactoryKwargs)).structured(randperm_meta, randperm_kernel);
  r.def("normal.float_float(float mean, float std, SymInt[] size, *, Generator? generator=None, " +
        std::string(kFactoryKwargs) + ") -> Tensor")
      .structured(normal_factory_meta, normal_factory_kernel);

  r.def(factory("rand_like(Tensor self", kLikeKwargs)).structured(like_meta, rand_kernel);
  r.def(gen_factory("rand_like.generator(Tensor self", kLikeKwargs)).structured(like_meta, rand_kernel);
  r.def(factory("randn_like(Tensor self", kLikeKwargs)).structured(like_meta, randn_kernel);
  r.def(gen_factory("randn_like.generator(Tensor self", kLikeKwargs)).structured(like_meta, randn_kernel);
  r.def(factory("randint_like(Tensor self, SymInt high", kLikeKwargs)).structured(like_meta, randint_like_kernel);
  r.def(factory("randint_like.low_dtype(Tensor self, SymInt low, SymInt high", kLikeKwargs))
      .structured(like_meta, randint_like_kernel);
  r.def(factory("randint_like.Tensor(Tensor self, Tensor high", kLikeKwargs))
      .structured(like_meta, randint_like_tensor_kernel);

  r.def("normal.Tensor_float(Tensor mean, float std=1, *, Generator? generator=None) -> Tensor")
      .structured(normal_tensor_meta, normal_tensor_kernel).derivative("NormalBackward1", zero_derivative);
  r.def("normal.float_Tensor(float mean, Tensor std, *, Generator? generator=None) -> Tensor")
      .structured(normal_tensor_meta, normal_tensor_kernel).derivative("NormalBackward2", zero_derivative);
  r.def("normal.Tensor_Tensor(Tensor mean, Tensor std, *, Generator? generator=None) -> Tensor")
      .structured(normal_tensor_meta, normal_tensor_kernel).derivative("NormalBackward3", zero_derivative);

  def_fill(r, "uniform_(Tensor(a!) self, float from=0, float to=1, *, Generator? generator=None) -> Tensor(a!)",
           uniform_kernel, "UniformBackward0");
  def_fill(r, "normal_(Tensor(a!) self, float mean=0, float std=1, *, Generator? generator=None) -> Tensor(a!)",
           normal_kernel, "NormalBackward0");
  def_fill(r, "exponential_(Tensor(a!) self, float lambd=1, *, Generator? generator=None) -> Tensor(a!)",
           exponential_kernel, "ExponentialBackward0");
  def_fill(r, "random_.from(Tensor(a!) self, int from, int? to, *, Generator? generator=None) -> Tensor(a!)",
           random_from_kernel, "RandomBackward0");
  def_fill(r, "random_.to(Tensor(a!) self, int to, *, Generator? generator=None) -> Tensor(a!)", random_to_kernel,
           "RandomBackward1");
  def_fill(r, "random_(Tensor(a!) self, *, Generator? generator=None) -> Tensor(a!)", random_kernel, "RandomBackward2");
  def_fill(r, "bernoulli_.Tensor(Tensor(a!) self, Tensor p, *, Generator? generator=None) -> Tensor(a!)",
           bernoulli_tensor_kernel, "BernoulliBackward1");
  def_fill(r, "bernoulli_.float(Tensor(a!) self, float p=0.5, *, Generator? generator=None) -> Tensor(a!)",
           bernoulli_float_kernel, "BernoulliBackward2");
  r.def("bernoulli(Tensor self, *, Generator? generator=None) -> Tensor").method()
      .structured(bernoulli_meta, bernoulli_self_kernel).derivative("BernoulliBackward0", zero_derivative);
  r.def("bernoulli.p(Tensor self, float p, *, Generator? generator=None) -> Tensor").method()
      .structured(bernoulli_meta, bernoulli_float_kernel);

  r.def("multinomial(Tensor self, int num_samples, bool replacement=False, *, Generator? generator=None) -> Tensor")
      .method().structured(multinomial_meta, multinomial_kernel);

  r.def("dropout(Tensor input, float p, bool train) -> Tensor").composite(dropout_run<false, false, false>);
  r.def("dropout_(Tensor(a!) self, float p, bool train) -> Tensor(a!)").composite(dropout_run<false, false, true>);
  r.def("feature_dropout(Tensor input, float p, bool train) -> Tensor").composite(dropout_run<true, false, false>);
  r.def("feature_dropout_(Tensor(a!) self, float p, bool train) -> Tensor(a!)").composite(dropout_run<true, false, true>);
  r.def("alpha_dropout(Tensor input, float p, bool train) -> Tensor").composite(dropout_run<false, true, false>);
  r.def("alpha_dropout_(Tensor(a!) self, float p, bool train) -> Tensor(a!)").composite(dropout_run<false, true, true>);
  r.def("feature_alpha_dropout(Tensor input, float p, bool train) -> Tensor").composite(dropout_run<true, true, false>);
  r.def("feature_alpha_dropout_(Tensor(a!) self, float p, bool train) -> Tensor(a!)")
      .composite(dropout_run<true, true, true>);
  r.def("native_dropout(Tensor input, float p, bool? train) -> (Tensor, Tensor)").custom(native_dropout_run).runs_without_data()
      .derivative("NativeDropoutBackward0", native_dropout_backward).saves_result();
  // An op of its own (not a composite), so traced graphs hold it as 2.14's do.
  r.def("native_dropout_backward(Tensor grad_output, Tensor mask, float scale) -> Tensor")
      .custom(native_dropout_backward_run).runs_without_data()
      .derivative("NativeDropoutBackwardBackward0", native_dropout_backward_backward).saves({"mask"});
}

} // namespace refc::ops

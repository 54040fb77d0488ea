// Creation ops: empty, empty_strided, zeros, ones, full, the *_like and new_*
// families, arange, linspace, logspace, eye and scalar_tensor. Factories take the
// dtype/layout/device/pin_memory keywords every PyTorch factory has; only the
// dtype and device matter here (the layout is always strided).
#include "reference_compiler/ops/op_family.h"

#include <cmath>
#include <cstring>

namespace refc::ops {

namespace {

constexpr const char* kFactoryKwargs =
    "ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None";

std::string factory(std::string head, std::string tail = "") {
  return head + ", *, " + kFactoryKwargs + tail + ") -> Tensor";
}

// A factory's result: contiguous, after PyTorch's negative-size check.
TensorSpec factory_spec(SymIntVector sizes, DType dtype, tensor::Device device) {
  check_factory_sizes(sizes);
  return contiguous_spec(std::move(sizes), dtype, device);
}

// The factory keywords start at argument `first`: dtype, layout, device, pin_memory.
DType dtype_at(const OpArgs& a, size_t first, DType fallback) { return a.dtype(first).value_or(fallback); }
tensor::Device device_at(const OpArgs& a, size_t first) { return a.device(first + 2).value_or(tensor::kCPU); }

// Geometry of a *_like result: the input's strides when they are dense and
// non-overlapping (preserve_format), otherwise contiguous.
TensorSpec like_spec(const Tensor& self, DType dtype, tensor::Device device, std::optional<std::string_view> format) {
  TensorSpec spec = factory_spec({self.sym_sizes().begin(), self.sym_sizes().end()}, dtype, device);
  if (format && *format == "contiguous_format") return spec;
  spec.strides = layout_following_strides(spec.sizes, std::span<const Tensor>(&self, 1));
  return spec;
}

template <class T> void fill_value(const Tensor& t, T v) {
  T* p = t.data<T>();
  int64_t n = t.numel();
  for (int64_t i = 0; i < n; ++i) p[i] = v;
}

void fill_scalar(const Tensor& t, const Scalar& s) {
  if (t.is_contiguous()) {
    tensor::visit_dtype(t.dtype(), [&]<class T>() { fill_value<T>(t, s.to<T>()); });
    return;
  }
  Tensor src = wrapped_number_tensor(s);
  copy_into(t, src);
}

// ---- metas and kernels -----------------------------------------------------------------

std::vector<TensorSpec> empty_meta(const OpArgs& a) {
  return {factory_spec(a.sym_int_list(0), dtype_at(a, 1, tensor::default_float_dtype()), device_at(a, 1))};
}
std::vector<TensorSpec> empty_strided_meta(const OpArgs& a) {
  TensorSpec s = factory_spec(a.sym_int_list(0), dtype_at(a, 2, tensor::default_float_dtype()), device_at(a, 2));
  s.strides = a.sym_int_list(1);
  check(s.strides.size() == s.sizes.size(), "mismatch in length of strides and shape");
  return {s};
}
void no_kernel(const OpArgs&, std::span<const Tensor>) {}
void zeros_kernel(const OpArgs&, std::span<const Tensor> out) {
  if (out[0].numel()) std::memset(out[0].raw_data(), 0, out[0]->storage->nbytes);
}
void ones_kernel(const OpArgs&, std::span<const Tensor> out) { fill_scalar(out[0], Scalar(int64_t{1})); }

// full's dtype follows the fill value when none is given.
std::vector<TensorSpec> full_meta(const OpArgs& a) {
  return {factory_spec(a.sym_int_list(0), dtype_at(a, 2, a.scalar(1).dtype()), device_at(a, 2))};
}
void full_kernel(const OpArgs& a, std::span<const Tensor> out) { fill_scalar(out[0], a.scalar(1)); }

// *_like(self, [fill,] *, dtype, layout, device, pin_memory, memory_format)
template <size_t kFirst> std::vector<TensorSpec> like_meta(const OpArgs& a) {
  Tensor self = a.tensor(0);
  return {like_spec(self, dtype_at(a, kFirst, self.dtype()), a.device(kFirst + 2).value_or(self.device()),
                    a.optional_str(kFirst + 4))};
}
void full_like_kernel(const OpArgs& a, std::span<const Tensor> out) { fill_scalar(out[0], a.scalar(1)); }

// new_*(self, size, [fill,] *, dtype, ...): dtype and device default to self's.
template <size_t kFirst> std::vector<TensorSpec> new_meta(const OpArgs& a) {
  Tensor self = a.tensor(0);
  return {factory_spec(a.sym_int_list(1), dtype_at(a, kFirst, self.dtype()),
                          a.device(kFirst + 2).value_or(self.device()))};
}
void new_full_kernel(const OpArgs& a, std::span<const Tensor> out) { fill_scalar(out[0], a.scalar(2)); }

std::vector<TensorSpec> scalar_tensor_meta(const OpArgs& a) {
  return {factory_spec({}, dtype_at(a, 1, tensor::default_float_dtype()), device_at(a, 1))};
}
void scalar_tensor_kernel(const OpArgs& a, std::span<const Tensor> out) { fill_scalar(out[0], a.scalar(0)); }

// ---- arange / linspace / eye -------------------------------------------------------------

struct ArangeArgs {
  Scalar start, end, step;
  size_t kwargs; // index of dtype
};
ArangeArgs arange_args(const OpArgs& a) {
  size_t n = a.schema().find_argument("dtype");
  if (n == 1) return {Scalar(int64_t{0}), a.scalar(0), Scalar(int64_t{1}), n};
  if (n == 2) return {a.scalar(0), a.scalar(1), Scalar(int64_t{1}), n};
  return {a.scalar(0), a.scalar(1), a.scalar(2), n};
}

int64_t arange_size(const ArangeArgs& r, DType dtype) {
  double start = r.start.to_double(), end = r.end.to_double(), step = r.step.to_double();
  check(step != 0, "step must be nonzero");
  check(std::isfinite(start) && std::isfinite(end),
        "unsupported range: " + std::to_string(start) + " -> " + std::to_string(end));
  check((step > 0 && end >= start) || (step < 0 && end <= start),
        "upper bound and larger bound inconsistent with step sign");
  double size = tensor::is_floating(dtype) || !r.start.is_integral() || !r.end.is_integral() || !r.step.is_integral()
                    ? std::ceil((end - start) / step)
                    : std::ceil(static_cast<double>(r.end.to_int() - r.start.to_int()) / static_cast<double>(r.step.to_int()));
  return static_cast<int64_t>(size);
}

DType arange_dtype(const OpArgs& a, const ArangeArgs& r) {
  if (auto d = a.dtype(r.kwargs)) return *d;
  bool integral = r.start.is_integral() && r.end.is_integral() && r.step.is_integral();
  return integral ? DType::Int64 : tensor::default_float_dtype();
}

// The length of an integer arange with a symbolic bound, as torch._refs.arange
// computes it ((end - start + step - sign(step)) // step); nullopt when no
// argument is a SymInt or one is not an integer.
std::optional<tensor::SymInt> symbolic_arange_size(const OpArgs& a, const ArangeArgs& r, DType dtype) {
  bool symbolic = false;
  for (size_t i = 0; i < r.kwargs; ++i) {
    if (!tensor::is_sym_kind(a[i], tensor::SymKind::Int) && !a[i].is_int()) return std::nullopt;
    symbolic |= !a[i].is_int();
  }
  if (!symbolic || !tensor::is_integral(dtype)) return std::nullopt;
  const size_t n = r.kwargs;
  const tensor::SymInt start = n == 1 ? tensor::SymInt(0) : a.sym_int(0), end = a.sym_int(n == 1 ? 0 : 1),
                       step = n == 3 ? a.sym_int(2) : tensor::SymInt(1);
  check((step != 0).expect_bool(), "step must be nonzero");
  const bool up = (step > 0).expect_bool();
  check((up ? end >= start : end <= start).expect_bool(), "upper bound and larger bound inconsistent with step sign");
  return (end - start + step - (up ? 1 : -1)).floordiv(step);
}

std::vector<TensorSpec> arange_meta(const OpArgs& a) {
  ArangeArgs r = arange_args(a);
  DType dtype = arange_dtype(a, r);
  std::optional<tensor::SymInt> size = symbolic_arange_size(a, r, dtype);
  return {factory_spec({size ? *size : tensor::SymInt(arange_size(r, dtype))}, dtype, device_at(a, r.kwargs))};
}

void arange_kernel(const OpArgs& a, std::span<const Tensor> out) {
  ArangeArgs r = arange_args(a);
  tensor::visit_dtype(out[0].dtype(), [&]<class T>() {
    T* p = out[0].data<T>();
    int64_t n = out[0].numel();
    if constexpr (std::is_integral_v<T>) {
      int64_t start = r.start.to_int(), step = r.step.to_int();
      for (int64_t i = 0; i < n; ++i) p[i] = static_cast<T>(start + i * step);
    } else {
      // Computed in double (PyTorch's accscalar for float types).
      double start = r.start.to_double(), step = r.step.to_double();
      for (int64_t i = 0; i < n; ++i) p[i] = static_cast<T>(start + static_cast<double>(i) * step);
    }
  });
}

std::vector<TensorSpec> linspace_meta(const OpArgs& a) {
  int64_t steps = a.int_(2);
  check(steps >= 0, "number of steps must be non-negative");
  return {factory_spec({steps}, dtype_at(a, 3, tensor::default_float_dtype()), device_at(a, 3))};
}

// PyTorch's linspace kernel: the first half steps up from start, the second
// half steps down from end, so both endpoints are exact.
void linspace_kernel(const OpArgs& a, std::span<const Tensor> out) {
  int64_t steps = a.int_(2);
  tensor::visit_dtype(out[0].dtype(), [&]<class T>() {
    T* p = out[0].data<T>();
    if (steps == 0) return;
    if (steps == 1) {
      p[0] = a.scalar(0).to<T>();
      return;
    }
    if constexpr (std::is_integral_v<T>) {
      double start = a.scalar(0).to_double(), end = a.scalar(1).to_double();
      double step = (end - start) / static_cast<double>(steps - 1);
      for (int64_t i = 0; i < steps; ++i) p[i] = convert<T>(start + step * static_cast<double>(i));
    } else {
      using Acc = std::conditional_t<std::is_same_v<T, double>, double, float>;
      Acc start = static_cast<Acc>(a.scalar(0).to_double()), end = static_cast<Acc>(a.scalar(1).to_double());
      Acc step = (end - start) / static_cast<Acc>(steps - 1);
      int64_t half = steps / 2;
      for (int64_t i = 0; i < steps; ++i)
        p[i] = static_cast<T>(i < half ? start + step * static_cast<Acc>(i)
                                       : end - step * static_cast<Acc>(steps - i - 1));
    }
  });
}

std::vector<TensorSpec> logspace_meta(const OpArgs& a) {
  int64_t steps = a.int_(2);
  check(steps >= 0, "number of steps must be non-negative");
  return {factory_spec({steps}, dtype_at(a, 4, tensor::default_float_dtype()), device_at(a, 4))};
}

// ATen's logspace kernel: base ** exponent in double, where the exponents
// step up from start for the first half and down from end for the second,
// start, end and their difference taken in the result type first.
void logspace_kernel(const OpArgs& a, std::span<const Tensor> out) {
  const int64_t steps = a.int_(2);
  const double base = a.double_(3);
  tensor::visit_dtype(out[0].dtype(), [&]<class T>() {
    T* p = out[0].data<T>();
    if (steps == 1) p[0] = convert<T>(std::pow(base, a.scalar(0).to_double()));
    if (steps <= 1) return;
    const T start = a.scalar(0).to<T>(), end = a.scalar(1).to<T>();
    double span;
    if constexpr (std::is_integral_v<T>) span = static_cast<double>(end - start);
    else span = static_cast<double>(static_cast<T>(end - start));
    const double step = span / static_cast<double>(steps - 1);
    const int64_t half = steps / 2;
    for (int64_t i = 0; i < steps; ++i)
      p[i] = convert<T>(i < half ? std::pow(base, static_cast<double>(start) + step * static_cast<double>(i))
                                 : std::pow(base, static_cast<double>(end) - step * static_cast<double>(steps - i - 1)));
  });
}

std::vector<TensorSpec> eye_meta(const OpArgs& a) {
  int64_t n = a.int_(0);
  bool has_m = a.schema().find_argument("m") == 1;
  int64_t m = has_m ? a.int_(1) : n;
  check(n >= 0, "n must be greater or equal to 0, got " + std::to_string(n));
  check(m >= 0, "m must be greater or equal to 0, got " + std::to_string(m));
  size_t kw = has_m ? 2 : 1;
  return {factory_spec({n, m}, dtype_at(a, kw, tensor::default_float_dtype()), device_at(a, kw))};
}

void eye_kernel(const OpArgs&, std::span<const Tensor> out) {
  const Tensor& t = out[0];
  if (t.numel()) std::memset(t.raw_data(), 0, t->storage->nbytes);
  int64_t n = std::min(t.size(0), t.size(1));
  tensor::visit_dtype(t.dtype(), [&]<class T>() {
    for (int64_t i = 0; i < n; ++i) t.data<T>()[i * t.stride(0) + i] = convert<T>(1);
  });
}

} // namespace

void fill_tensor_with(const Tensor& t, const Scalar& s) { fill_scalar(t, s); }

void register_creation_ops(OpRegistry& r) {
  r.def(factory("empty.memory_format(SymInt[] size", ", MemoryFormat? memory_format=None"))
      .structured(empty_meta, no_kernel);
  r.def(factory("empty_strided(SymInt[] size, SymInt[] stride")).structured(empty_strided_meta, no_kernel);
  r.def(factory("zeros(SymInt[] size")).structured(empty_meta, zeros_kernel);
  r.def(factory("ones(SymInt[] size")).structured(empty_meta, ones_kernel);
  r.def(factory("full(SymInt[] size, Scalar fill_value")).structured(full_meta, full_kernel);
  r.def(factory("scalar_tensor(Scalar s")).structured(scalar_tensor_meta, scalar_tensor_kernel);

  const char* like_tail = ", MemoryFormat? memory_format=None";
  r.def(factory("empty_like(Tensor self", like_tail)).structured(like_meta<1>, no_kernel);
  r.def(factory("zeros_like(Tensor self", like_tail)).structured(like_meta<1>, zeros_kernel);
  r.def(factory("ones_like(Tensor self", like_tail)).structured(like_meta<1>, ones_kernel);
  r.def(factory("full_like(Tensor self, Scalar fill_value", like_tail)).structured(like_meta<2>, full_like_kernel);

  r.def(factory("new_empty(Tensor self, SymInt[] size")).hidden().method().structured(new_meta<2>, no_kernel);
  r.def(factory("new_zeros(Tensor self, SymInt[] size")).hidden().method().structured(new_meta<2>, zeros_kernel);
  r.def(factory("new_ones(Tensor self, SymInt[] size")).hidden().method().structured(new_meta<2>, ones_kernel);
  r.def(factory("new_full(Tensor self, SymInt[] size, Scalar fill_value")).hidden().method()
      .structured(new_meta<3>, new_full_kernel);

  r.def(factory("arange(Scalar end")).structured(arange_meta, arange_kernel);
  r.def(factory("arange.start(Scalar start, Scalar end")).structured(arange_meta, arange_kernel);
  r.def(factory("arange.start_step(Scalar start, Scalar end, Scalar step=1")).structured(arange_meta, arange_kernel);
  r.def(factory("linspace(Scalar start, Scalar end, int steps")).structured(linspace_meta, linspace_kernel);
  r.def(factory("logspace(Scalar start, Scalar end, int steps, float base=10.0")).structured(logspace_meta, logspace_kernel);
  r.def(factory("eye(SymInt n")).structured(eye_meta, eye_kernel);
  r.def(factory("eye.m(SymInt n, SymInt m")).structured(eye_meta, eye_kernel);
}

} // namespace refc::ops

// Norms: linalg_vector_norm (of any order, 0 and +-inf included) with its
// derivative, and torch.norm, the aten norm overloads, dist (the norm of a
// difference) and renorm (slices scaled to a largest norm), the last two
// with their own derivatives as in ATen, built on it.
#include "reference_compiler/ops/reduction_ops_internal.h"

#include "reference_compiler/lang/abstract.h"

#include <cmath>
#include <sstream>

namespace refc::ops {

namespace {

using namespace reduction;

// ---- norms ----------------------------------------------------------------------------------------

// linalg_vector_norm(self, ord, dim, keepdim, *, dtype)
std::vector<TensorSpec> vector_norm_meta(const OpArgs& a) {
  Tensor self = a.tensor(0);
  if (!tensor::is_floating(self.dtype()))
    fail("linalg.vector_norm: Expected a floating point or complex tensor as input. Got " +
         std::string(tensor::scalar_type_name(self.dtype())));
  double ord = a.scalar(1).to_double();
  if ((self->sym_numel() == 0).expect_bool() && (ord < 0 || ord == INFINITY)) {
    std::ostringstream ord_text_stream;
    if (a.scalar(1).is_float()) ord_text_stream << ord;
    else ord_text_stream << a.scalar(1).to_int();
    std::string ord_text = ord_text_stream.str();
    check(!a.is_none(2) && !a.int_list(2).empty(), "linalg.vector_norm cannot compute the " + ord_text +
                                                       " norm on an empty tensor because the operation does not have an identity");
    for (int64_t d : a.int_list(2))
      check(self.size(wrap_dim(d, self.dim())) != 0,
            "linalg.vector_norm cannot compute the " + ord_text + " norm on the dimension " + std::to_string(d) +
                "because this dimension is empty and the operation does not have an identity");
  }
  std::optional<DType> dtype = a.dtype(4);
  if (dtype) {
    check(tensor::is_floating(*dtype), "linalg.vector_norm: dtype should be floating point or complex, but got " +
                                           std::string(tensor::scalar_type_name(*dtype)));
    check(tensor::promote_types(self.dtype(), *dtype) == *dtype,
          "linalg.vector_norm: the dtype of the input (" + std::string(tensor::scalar_type_name(self.dtype())) +
              ") should be convertible without narrowing to the specified dtype (" +
              std::string(tensor::scalar_type_name(*dtype)) + ")");
  }
  return {reduction_spec(self, mask_arg(a, 2), a.bool_(3), dtype.value_or(self.dtype()))};
}

// The reductions of norm_kernel_tensor_iterator_impl, by order: accumulate,
// then finish (the root).
template <class A> struct NormOp {
  double ord;
  A init() const { return ord == -INFINITY ? A(INFINITY) : A(0); }
  A reduce(A acc, A x) const {
    if (ord == 0) return acc + (x == A(0) ? A(0) : A(1));
    if (ord == 1) return acc + std::abs(x);
    if (ord == 2) return acc + x * x;
    if (ord == INFINITY) return max_impl(acc, std::abs(x));
    if (ord == -INFINITY) return min_impl(acc, std::abs(x));
    return acc + std::pow(std::abs(x), static_cast<A>(ord));
  }
  A combine(A x, A y) const {
    if (std::isinf(ord)) return ord > 0 ? max_impl(x, y) : min_impl(x, y);
    return x + y;
  }
  A project(A acc) const {
    if (ord == 2) return std::sqrt(acc);
    if (ord == 0 || ord == 1 || std::isinf(ord)) return acc;
    return std::pow(acc, A(1) / static_cast<A>(ord));
  }
};

void vector_norm_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor self = a.tensor(0);
  const double ord = a.scalar(1).to_double();
  Dims d{mask_arg(a, 2), a.bool_(3)};
  const DType dtype = out[0].dtype();
  if (self.numel() == 0) {
    fill_number(out[0], ord < 0 ? INFINITY : 0);
    return;
  }
  // Reducing only dims of size 1: |x| (or x != 0 for ord 0).
  bool trivial = true;
  for (int64_t i = 0; i < self.dim(); ++i)
    if ((d.mask >> i & 1) && self.size(i) != 1) trivial = false;
  Tensor in = as_dtype(self, dtype);
  if (trivial) {
    Tensor view = call_tensor("reshape", in, out[0].sym_sizes());
    tensor::visit_dtype(dtype, [&]<class T>() {
      if constexpr (kFloating<T>) {
        using A = std::conditional_t<std::is_same_v<T, double>, double, float>;
        unary_loop<T, T>(out[0], view, [&](T x) {
          A v = static_cast<A>(x);
          return T(ord != 0 ? std::abs(v) : A(v != A(0) ? 1 : 0));
        });
      }
    });
    return;
  }
  ReductionIter it = make_reduction_iter(out[0], in, d.mask, d.keepdim);
  tensor::visit_dtype(dtype, [&]<class T>() {
    if constexpr (kFloating<T>) {
      using A = std::conditional_t<std::is_same_v<T, double>, double, float>;
      T* result = out[0].data<T>();
      // The vectorised ord-2 path over a contiguous innermost reduced dim.
      bool lastdim = it.num_reduce_dims() == 1 && it.out_strides[0] == 0 && it.in_strides[0] == sizeof(T) &&
                     !std::is_same_v<T, tensor::Half>;
      if (ord == 2 && lastdim) {
        const int64_t n = it.shape[0];
        constexpr int64_t lanes = kLanes<A>;
        constexpr int64_t step = kLanes<T>;
        ReductionIter rows = it;
        rows.shape[0] = 1;
        for_each_block(rows, rows.out, rows.in, 0, rows.numel(), [&](char** data, const int64_t* s, int64_t size0, int64_t size1) {
          for (int64_t j = 0; j < size1; ++j)
            for (int64_t r = 0; r < size0; ++r) {
              const T* x = reinterpret_cast<const T*>(data[1] + j * s[3] + r * s[1]);
              std::array<A, lanes> acc{};
              int64_t i = 0;
              for (; i < n - n % step; i += step) {
                for (int64_t k = 0; k < lanes; ++k) acc[k] = acc[k] + A(x[i + k]) * A(x[i + k]);
                if constexpr (step > lanes)
                  for (int64_t k = 0; k < lanes; ++k) acc[k] = acc[k] + A(x[i + lanes + k]) * A(x[i + lanes + k]);
              }
              for (int64_t k = 1; k < lanes; ++k) acc[0] = acc[0] + acc[k];
              for (; i < n; ++i) acc[0] = fmadd(A(x[i]), A(x[i]), acc[0]);
              store<T>(data[0] + j * s[2] + r * s[0], T(std::sqrt(acc[0])));
            }
        });
        return;
      }
      NormOp<A> op{ord};
      reduce_elements<T>(
          it, op.init(), [&](A acc, T x, int64_t) { return op.reduce(acc, static_cast<A>(x)); },
          [&](A x, A y) { return op.combine(x, y); }, [&](int64_t o, A acc) { result[o] = static_cast<T>(op.project(acc)); });
    }
  });
}

// ATen's norm_backward: the gradient of the p-norm `norm` of self over the
// dims of `mask`, from the norm's gradient.
Tensor norm_backward(Tensor grad, const Tensor& self, double p, Tensor norm, uint64_t mask, bool keepdim) {
  if (!keepdim && self.dim() != 0) {
    grad = unsqueeze_reduced(grad, mask, self.dim());
    norm = unsqueeze_reduced(norm, mask, self.dim());
  }
  auto mul = [](const Tensor& x, const Tensor& y) { return call_tensor("mul.Tensor", x, y); };
  auto div = [](const Tensor& x, const Tensor& y) { return call_tensor("div.Tensor", x, y); };
  auto zero_where_norm_zero = [&](const Tensor& t) {
    return call_tensor("masked_fill.Scalar", t, call_tensor("eq.Scalar", norm, 0), 0);
  };
  if (p == 0) return call_tensor("zeros_like", self);
  if (p == 1) return mul(call_tensor("sgn", self), grad);
  if (p == 2) return mul(grad, zero_where_norm_zero(div(self, norm)));
  if (std::isinf(p)) {
    Tensor abs = call_tensor("abs", self);
    Tensor selected = call_tensor("logical_or", call_tensor("eq.Tensor", abs, norm), call_tensor("isnan", abs));
    IntVector dims;
    for (int64_t d = 0; d < self.dim(); ++d)
      if (mask >> d & 1) dims.push_back(d);
    Tensor count = call_tensor("sum.dim_IntList", selected, dims, true);
    return mul(call_tensor("sgn", self), mul(div(grad, count), selected));
  }
  Tensor abs = call_tensor("abs", self);
  if (p < 1) {
    Tensor scaled = mul(call_tensor("sgn", self),
                        call_tensor("masked_fill.Scalar", call_tensor("pow.Tensor_Scalar", abs, p - 1),
                                    call_tensor("eq.Scalar", self, 0), 0));
    return mul(mul(scaled, grad), call_tensor("pow.Tensor_Scalar", norm, 1 - p));
  }
  Tensor scaled = p < 2 ? mul(call_tensor("sgn", self), call_tensor("pow.Tensor_Scalar", abs, p - 1))
                        : mul(self, call_tensor("pow.Tensor_Scalar", abs, p - 2));
  return mul(scaled, zero_where_norm_zero(div(grad, call_tensor("pow.Tensor_Scalar", norm, p - 1))));
}

Grads vector_norm_backward(const BackwardContext& c, const Grads& g) {
  OpArgs a = c.args();
  return {norm_backward(g[0], c.tensor(0), a.scalar(1).to_double(), c.result(), mask_arg(a, 2), a.bool_(3))};
}

// dist(self, other, p): the p-norm of self - other over every element.
std::vector<TensorSpec> dist_meta(const OpArgs& a) {
  TensorSpec diff = elementwise_spec(a, {0, 1}, Promotion::Default);
  return {contiguous_spec({}, diff.dtype, a.tensor(0))};
}
Value dist_run(const OpArgs& a) {
  return call("linalg_vector_norm", call_tensor("sub.Tensor", a.tensor(0), a.tensor(1)), a[2]);
}
// DistBackward0: norm_backward of the difference, negated for other; each
// summed back to its operand's shape (the two broadcast together).
Grads dist_backward(const BackwardContext& c, const Grads& g) {
  Tensor diff = call_tensor("sub.Tensor", c.tensor(0), c.tensor(1));
  Tensor d = norm_backward(g[0], diff, c.args().scalar(2).to_double(), c.result(), reduction_mask(diff.dim(), std::nullopt), false);
  Grads out(2);
  for (size_t i = 0; i < 2; ++i)
    if (c.needs_grad_of_arg(i)) {
      Tensor gi = i == 0 ? d : call_tensor("neg", d);
      out[i] = call_tensor("sum_to_size", gi, c.spec_of_arg(i).sizes);
    }
  return out;
}

// renorm(self, p, dim, maxnorm): each slice along dim whose p-norm exceeds
// maxnorm scaled down to maxnorm / (norm + 1e-7), as ATen computes it.
struct RenormArgs {
  Tensor self;
  Value p;
  IntVector reduce_dims; // every dim but `dim`
  double maxnorm;
};
RenormArgs renorm_args(const OpArgs& a) {
  Tensor self = a.tensor(0);
  const int64_t dim = wrap_dim(a.int_(2), self.dim());
  check(a.scalar(1).to_double() > 0, "renorm: non-positive-norm not supported");
  const double maxnorm = a.scalar(3).to_double();
  std::ostringstream shown; // a Scalar as c10 prints it: -1, -1.5
  shown << maxnorm;
  check(maxnorm >= 0, "renorm: expected maxnorm to be >= 0 but got " + shown.str());
  check(self.dim() > 1, "renorm: input needs at least 2 dimensions, got " + std::to_string(self.dim()) + " dimensions");
  IntVector dims;
  for (int64_t d = 0; d < self.dim(); ++d)
    if (d != dim) dims.push_back(d);
  return {self, a[1], dims, maxnorm};
}
Tensor renorm_norms(const RenormArgs& r) { return call_tensor("linalg_vector_norm", r.self, r.p, r.reduce_dims, true); }
std::vector<TensorSpec> renorm_meta(const OpArgs& a) {
  RenormArgs r = renorm_args(a);
  return {contiguous_spec({r.self.sym_sizes().begin(), r.self.sym_sizes().end()}, r.self.dtype(), r.self)};
}
Value renorm_run(const OpArgs& a) {
  RenormArgs r = renorm_args(a);
  Tensor norm = renorm_norms(r);
  Tensor factor = call_tensor("where.ScalarOther", call_tensor("gt.Scalar", norm, r.maxnorm),
                              call_tensor("div.Tensor", r.maxnorm, call_tensor("add.Tensor", norm, 1e-7)), 1.0);
  return call("mul.Tensor", r.self, factor);
}
// RenormBackward0 (renorm_backward): where the slice was scaled,
// factor * grad - factor / (norm + 1e-7) * norm_backward(sum(self * grad)).
Grads renorm_backward(const BackwardContext& c, const Grads& g) {
  RenormArgs r = renorm_args(c.args());
  Tensor norm = renorm_norms(r);
  Tensor along = call_tensor("sum.dim_IntList", call_tensor("mul.Tensor", r.self, g[0]), r.reduce_dims, true);
  uint64_t mask = 0;
  for (int64_t d : r.reduce_dims) mask |= uint64_t{1} << d;
  Tensor nb = norm_backward(along, r.self, c.args().scalar(1).to_double(), norm, mask, true);
  Tensor invnorm = call_tensor("reciprocal", call_tensor("add.Tensor", norm, 1e-7));
  Tensor factor = call_tensor("mul.Tensor", invnorm, r.maxnorm);
  Tensor scaled = call_tensor("sub.Tensor", call_tensor("mul.Tensor", factor, g[0]),
                              call_tensor("mul.Tensor", call_tensor("mul.Tensor", factor, invnorm), nb));
  return {call_tensor("where.self", call_tensor("gt.Scalar", norm, r.maxnorm), scaled, g[0])};
}

// torch.norm(input, p='fro', dim=None, keepdim=False, dtype=None), the Python
// function (and Tensor.norm): vector norms go to linalg_vector_norm.
Value norm_run(const OpArgs& a) {
  Tensor self = a.tensor(0);
  Value p = a[1];
  Value dim = a[2];
  if (!dim.is_none() && dim.is_intlike()) dim = int_list_value(IntVector{dim.as_int()});
  if (lang::isinstance(p, lang::types::str)) {
    std::string_view name = a.str(1);
    if (name != "fro")
      fail("linalg.matrix_norm: Order " + std::string(name) + " not supported.");
    return call("linalg_vector_norm", self, int64_t{2}, dim, a.bool_(3), a[4]);
  }
  Value ord = p.is_none() ? Value::floating(2.0) : p;
  return call("linalg_vector_norm", self, ord, dim, a.bool_(3), a[4]);
}

// The aten norm overloads: linalg_vector_norm with p defaulting to 2.
Value aten_norm_run(const OpArgs& a) {
  Value p = a.is_none(1) ? Value::floating(2.0) : a[1];
  int dim = a.schema().find_argument("dim"), keep = a.schema().find_argument("keepdim");
  int dtype = a.schema().find_argument("dtype");
  return call("linalg_vector_norm", a.tensor(0), p, dim < 0 ? Value::none() : a[static_cast<size_t>(dim)],
              keep < 0 ? false : a.bool_(static_cast<size_t>(keep)), dtype < 0 ? Value::none() : a[static_cast<size_t>(dtype)]);
}

} // namespace

void register_norm_ops(OpRegistry& r) {
  r.def("linalg_vector_norm(Tensor self, Scalar ord=2, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor")
      .structured(vector_norm_meta, vector_norm_kernel)
      .derivative("LinalgVectorNormBackward0", vector_norm_backward).saves({"self"}).saves_result();
  r.def("dist(Tensor self, Tensor other, Scalar p=2) -> Tensor").method().custom(dist_run, dist_meta)
      .derivative("DistBackward0", dist_backward).saves({"self", "other"}).saves_result();
  r.def("renorm(Tensor self, Scalar p, int dim, Scalar maxnorm) -> Tensor").method().custom(renorm_run, renorm_meta)
      .derivative("RenormBackward0", renorm_backward).saves({"self"});
  r.def("norm(Tensor self, Any p=\"fro\", int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor")
      .method().composite(norm_run);
  r.def("norm.Scalar(Tensor self, Scalar p=2) -> Tensor").hidden().composite(aten_norm_run);
  r.def("norm.ScalarOpt_dim(Tensor self, Scalar? p, int[1] dim, bool keepdim=False) -> Tensor").hidden()
      .composite(aten_norm_run);
  r.def("norm.ScalarOpt_dim_dtype(Tensor self, Scalar? p, int[1] dim, bool keepdim, *, ScalarType dtype) -> Tensor")
      .hidden().composite(aten_norm_run);
  r.def("norm.ScalarOpt_dtype(Tensor self, Scalar? p, *, ScalarType dtype) -> Tensor").hidden().composite(aten_norm_run);
}

} // namespace refc::ops

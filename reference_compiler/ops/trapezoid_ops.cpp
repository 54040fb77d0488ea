// The trapezoid rule along a dim, as ATen composes it: trapezoid (and its
// older name trapz) with sample spacing dx or sample points x, and
// cumulative_trapezoid. With dx the sum is sum(y) - (y[0] + y[-1]) / 2
// times dx; with x it is sum(dx * (y[1:] + y[:-1])) / 2; an empty dim gives
// zeros. Autograd flows through the ops they call (MulBackward1 for the
// Scalar multiplications, as in ATen's C++).
#include "reference_compiler/ops/op_family.h"

#include <string>

namespace refc::ops {

namespace {

void refuse_bool(const Tensor& t, const char* name) {
  if (t.dtype() == DType::Bool)
    lang::raise(lang::exc::NotImplementedError,
                std::string("trapezoid: received a bool input for `") + name + "`, but bool is not supported");
}
int64_t checked_dim(const OpArgs& a, const Tensor& y) {
  refuse_bool(y, "y");
  return wrap_dim(a.int_(static_cast<size_t>(a.schema().find_argument("dim"))), y.dim());
}
// zeros_like_except: y's sizes without `dim`.
Tensor zeros_without(const Tensor& y, int64_t dim) {
  SymIntVector sizes(y.sym_sizes().begin(), y.sym_sizes().end());
  sizes.erase(sizes.begin() + dim);
  return call_tensor("zeros", sizes, y.dtype());
}
Tensor narrowed(const Tensor& t, int64_t dim, int64_t start, int64_t length) {
  return call_tensor("narrow", t, dim, start, length);
}
// x viewed so that it broadcasts against y along `dim`, and its spacing.
Tensor spacing(const Tensor& y, Tensor x, int64_t dim) {
  refuse_bool(x, "x");
  if (x.dim() == 1) {
    check(x.size(0) == y.size(dim), "trapezoid: There must be one `x` value for each sample point");
    IntVector sizes(static_cast<size_t>(y.dim()), 1);
    sizes[static_cast<size_t>(dim)] = x.size(0);
    x = call_tensor("view", x, sizes);
  } else if (x.dim() < y.dim()) {
    IntVector sizes(static_cast<size_t>(y.dim() - x.dim()), 1);
    for (int64_t s : x.sizes()) sizes.push_back(s);
    x = call_tensor("view", x, sizes);
  }
  const int64_t n = x.size(dim);
  return call_tensor("sub.Tensor", narrowed(x, dim, 1, n - 1), narrowed(x, dim, 0, n - 1));
}
Tensor neighbour_sum(const Tensor& y, int64_t dim) {
  const int64_t n = y.size(dim);
  return call_tensor("add.Tensor", narrowed(y, dim, 1, n - 1), narrowed(y, dim, 0, n - 1));
}

Value trapezoid_dx_run(const OpArgs& a) {
  Tensor y = a.tensor(0);
  const int64_t dim = checked_dim(a, y);
  if (y.size(dim) == 0) return zeros_without(y, dim).to_value();
  Tensor ends = call_tensor("add.Tensor", call_tensor("select.int", y, dim, int64_t{0}), call_tensor("select.int", y, dim, int64_t{-1}));
  Tensor inner = call_tensor("sub.Tensor", call_tensor("sum.dim_IntList", y, IntVector{dim}), call_tensor("mul.Scalar", ends, 0.5));
  return call("mul.Scalar", inner, a[1]);
}
Value trapezoid_x_run(const OpArgs& a) {
  Tensor y = a.tensor(0);
  const int64_t dim = checked_dim(a, y);
  if (y.size(dim) == 0) return zeros_without(y, dim).to_value();
  Tensor terms = call_tensor("mul.Tensor", spacing(y, a.tensor(1), dim), neighbour_sum(y, dim));
  return call("div.Scalar", call_tensor("sum.dim_IntList", terms, IntVector{dim}), 2.0);
}
Value cumulative_trapezoid_dx_run(const OpArgs& a) {
  Tensor y = a.tensor(0);
  const int64_t dim = checked_dim(a, y);
  const double half_dx = a.scalar(1).to_double() / 2.0;
  return call("cumsum", call_tensor("mul.Scalar", neighbour_sum(y, dim), half_dx), dim);
}
Value cumulative_trapezoid_x_run(const OpArgs& a) {
  Tensor y = a.tensor(0);
  const int64_t dim = checked_dim(a, y);
  Tensor terms = call_tensor("mul.Tensor", spacing(y, a.tensor(1), dim), neighbour_sum(y, dim));
  return call("div.Scalar", call_tensor("cumsum", terms, dim), 2.0);
}

} // namespace

void register_trapezoid_ops(OpRegistry& r) {
  r.def("trapezoid.x(Tensor y, Tensor x, *, int dim=-1) -> Tensor").composite(trapezoid_x_run);
  r.def("trapezoid.dx(Tensor y, *, Scalar dx=1, int dim=-1) -> Tensor").composite(trapezoid_dx_run);
  r.def("trapz.x(Tensor y, Tensor x, *, int dim=-1) -> Tensor").composite(trapezoid_x_run);
  r.def("trapz(Tensor y, *, float dx=1, int dim=-1) -> Tensor").composite(trapezoid_dx_run);
  r.def("cumulative_trapezoid.x(Tensor y, Tensor x, *, int dim=-1) -> Tensor").composite(cumulative_trapezoid_x_run);
  r.def("cumulative_trapezoid.dx(Tensor y, *, Scalar dx=1, int dim=-1) -> Tensor").composite(cumulative_trapezoid_dx_run);
}

} // namespace refc::ops

// Distances and the embedding helpers of torch.nn.functional:
// cosine_similarity and pairwise_distance (ATen composites of
// linalg_vector_norm / norm), cdist (through _cdist_forward, whose kernel
// reduces each row pair in order, as ATen's does), one_hot, and embedding_renorm_ (the in-place row rescaling F.embedding's
// max_norm applies).
#include "reference_compiler/ops/unary_kernels.h"

#include "reference_compiler/ops/grad_mode.h"
#include "reference_compiler/ops/op_family.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace refc::ops {

namespace {

// The value of a one-element tensor.
double item(const Tensor& t) { return to_dtype(call_tensor("contiguous", t), DType::Float64).data<double>()[0]; }

// cosine_similarity(x1, x2, dim, eps): each side divided by its norm clamped
// to eps, then the sum of the products (the norms are clamped without history).
Value cosine_similarity_run(const OpArgs& a) {
  Tensor x1 = a.tensor(0), x2 = a.tensor(1);
  const int64_t dim = a.int_(2);
  const double eps = a.double_(3);
  ResultType rt;
  rt.add(x1);
  rt.add(x2);
  const DType common = rt.result();
  check(tensor::is_floating(common), "expected common dtype to be floating point, yet common dtype is " +
                                         std::string(tensor::scalar_type_name(common)));
  if (!tensor::is_floating(x1.dtype())) x1 = call_tensor("to.dtype", x1, common);
  if (!tensor::is_floating(x2.dtype())) x2 = call_tensor("to.dtype", x2, common);
  std::vector<Tensor> both = unpack_tensors(call("broadcast_tensors", std::vector<Tensor>{x1, x2}));
  auto normalized = [&](const Tensor& x) {
    Tensor norm = call_tensor("clone", call_tensor("linalg_vector_norm", x, 2, IntVector{dim}, true));
    {
      GradModeGuard no_grad(false);
      call("clamp_min_", norm, eps);
    }
    return call_tensor("div.Tensor", x, norm);
  };
  return call("sum.dim_IntList", call_tensor("mul.Tensor", normalized(both[0]), normalized(both[1])), IntVector{dim});
}

// pairwise_distance(x1, x2, p, eps, keepdim) = norm(x1 - x2 + eps, p, last dim).
Value pairwise_distance_run(const OpArgs& a) {
  Tensor x1 = a.tensor(0), x2 = a.tensor(1);
  const int64_t last = std::max(x1.dim(), x2.dim()) - 1;
  Tensor diff = call_tensor("add.Tensor", call_tensor("sub.Tensor", x1, x2), a.double_(3));
  return call("norm.ScalarOpt_dim", diff, a.double_(2), IntVector{last}, a.bool_(4));
}

// ---- cdist --------------------------------------------------------------------------------

void check_cdist_inputs(const Tensor& x1, const Tensor& x2) {
  check(x1.dim() >= 2, "cdist only supports at least 2D tensors, X1 got: " + std::to_string(x1.dim()) + "D");
  check(x2.dim() >= 2, "cdist only supports at least 2D tensors, X2 got: " + std::to_string(x2.dim()) + "D");
  check(x1.size(x1.dim() - 1) == x2.size(x2.dim() - 1), "X1 and X2 must have the same number of columns. X1: " +
                                        x1.sym_size(x1.dim() - 1).str() + " X2: " + x2.sym_size(x2.dim() - 1).str());
}

// cdist(x1, x2, p, compute_mode): p = 2 on more than 25 rows (or mode 1)
// takes the matrix-product form, everything else _cdist_forward.
Value cdist_run(const OpArgs& a) {
  Tensor x1 = a.tensor(0), x2 = a.tensor(1);
  check_cdist_inputs(x1, x2);
  const double p = a.double_(2);
  const int64_t mode = a.optional_int(3).value_or(0);
  const int64_t r1 = x1.size(x1.dim() - 2), r2 = x2.size(x2.dim() - 2);
  const bool matmul_form = p == 2 && (mode == 1 || (mode == 0 && (r1 > 25 || r2 > 25)));
  if (!matmul_form || x1.numel() == 0 || x2.numel() == 0) return call("_cdist_forward", x1, x2, p, a[3]);
  check(mode >= 0 && mode <= 2, "possible modes: 0, 1, 2, but was: " + std::to_string(mode));
  // _euclidean_dist: |x1|^2 - 2 x1.x2 + |x2|^2 as one product of padded matrices.
  Tensor n1 = call_tensor("sum.dim_IntList", call_tensor("pow.Tensor_Scalar", x1, 2), IntVector{-1}, true);
  Tensor n2 = call_tensor("sum.dim_IntList", call_tensor("pow.Tensor_Scalar", x2, 2), IntVector{-1}, true);
  Tensor left = call_tensor("cat", std::vector<Tensor>{call_tensor("mul.Tensor", x1, -2), n1, call_tensor("ones_like", n1)}, -1);
  Tensor right = call_tensor("cat", std::vector<Tensor>{x2, call_tensor("ones_like", n2), n2}, -1);
  Tensor result = call_tensor("matmul", left, call_tensor("transpose.int", right, -2, -1));
  return call("sqrt", call_tensor("clamp_min", result, 0));
}

std::vector<TensorSpec> cdist_forward_meta(const OpArgs& a) {
  Tensor x1 = a.tensor(0), x2 = a.tensor(1);
  check_cdist_inputs(x1, x2);
  check(tensor::is_floating(x1.dtype()), "cdist only supports floating-point dtypes, X1 got: " +
                                             std::string(tensor::scalar_type_name(x1.dtype())));
  check(tensor::is_floating(x2.dtype()), "cdist only supports floating-point dtypes, X2 got: " +
                                             std::string(tensor::scalar_type_name(x2.dtype())));
  check(a.double_(2) >= 0, "cdist only supports non-negative p values");
  SymIntVector b1(x1.sym_sizes().begin(), x1.sym_sizes().end() - 2), b2(x2.sym_sizes().begin(), x2.sym_sizes().end() - 2);
  SymIntVector sizes = broadcast_shapes(b1, b2);
  sizes.push_back(x1.sym_size(x1.dim() - 2));
  sizes.push_back(x2.sym_size(x2.dim() - 2));
  return {{sizes, tensor::contiguous_strides(sizes), 0, x1.dtype(), x1.device()}};
}

// Reduces one row pair in order from 0, as ATen's scalar loop does.
template <class T, class Step> T reduce_row(const T* a, const T* b, int64_t m, Step step) {
  T acc = 0;
  for (int64_t k = 0; k < m; ++k) acc = step(acc, std::abs(a[k] - b[k]));
  return acc;
}

void cdist_forward_kernel(const OpArgs& a, std::span<const Tensor> out) {
  const tensor::SymIntArrayRef sizes = out[0].sym_sizes();
  SymIntVector e1(sizes.begin(), sizes.end() - 2), e2 = e1;
  const Tensor t1 = a.tensor(0), t2 = a.tensor(1);
  const int64_t m = t1.size(t1.dim() - 1), r1 = t1.size(t1.dim() - 2), r2 = t2.size(t2.dim() - 2);
  e1.push_back(r1);
  e1.push_back(m);
  e2.push_back(r2);
  e2.push_back(m);
  const DType t = out[0].dtype();
  Tensor x1 = to_dtype(call_tensor("contiguous", call_tensor("expand", t1, e1)), t);
  Tensor x2 = to_dtype(call_tensor("contiguous", call_tensor("expand", t2, e2)), t);
  const double p = a.double_(2);
  const int64_t batches = r1 * r2 == 0 ? 0 : out[0].numel() / (r1 * r2);
  tensor::visit_dtype(t, [&]<class S>() {
    if constexpr (std::is_floating_point_v<S>) {
      const S *d1 = x1.data<S>(), *d2 = x2.data<S>();
      S* res = out[0].data<S>();
      for (int64_t b = 0; b < batches; ++b)
        for (int64_t i = 0; i < r1; ++i)
          for (int64_t j = 0; j < r2; ++j) {
            const S *u = d1 + (b * r1 + i) * m, *v = d2 + (b * r2 + j) * m;
            S r;
            if (p == 0) r = reduce_row(u, v, m, [](S acc, S d) { return acc + std::min(std::ceil(d), S(1)); });
            else if (p == 1) r = reduce_row(u, v, m, [](S acc, S d) { return acc + d; });
            else if (p == 2) r = std::sqrt(reduce_row(u, v, m, [](S acc, S d) { return acc + d * d; }));
            else if (std::isinf(p)) r = reduce_row(u, v, m, [](S acc, S d) { return std::max(acc, d); });
            else r = static_cast<S>(std::pow(reduce_row(u, v, m, [p](S acc, S d) { return acc + std::pow(d, S(p)); }),
                                             1.0 / static_cast<double>(S(p))));
            res[(b * r1 + i) * r2 + j] = r;
          }
    } else {
      dtype_not_implemented("cdist", t);
    }
  });
}

// d dist_ij / d x1_i = sum_j grad_ij * diff |diff|^(p-2) / dist_ij^(p-1),
// diff = x1_i - x2_j (sign(diff) for p = 1; zero where dist_ij is 0); x2's
// gradient is the same with the roles swapped and the sign flipped.
Tensor cdist_grad(const Tensor& grad, const Tensor& x1, const Tensor& x2, double p, const Tensor& dist) {
  Tensor diff = call_tensor("sub.Tensor", call_tensor("unsqueeze", x1, -2), call_tensor("unsqueeze", x2, -3));
  Tensor g = call_tensor("unsqueeze", grad, -1), d = call_tensor("unsqueeze", dist, -1);
  Tensor term;
  if (p == 1) {
    term = call_tensor("mul.Tensor", g, call_tensor("sign", diff));
  } else if (p == 2) {
    term = call_tensor("mul.Tensor", g, call_tensor("div.Tensor", diff, d));
  } else {
    Tensor scaled = call_tensor("mul.Tensor", diff, call_tensor("pow.Tensor_Scalar", call_tensor("abs", diff), p - 2));
    term = call_tensor("mul.Tensor", g, call_tensor("div.Tensor", scaled, call_tensor("pow.Tensor_Scalar", d, p - 1)));
  }
  term = call_tensor("where.ScalarSelf", call_tensor("eq.Scalar", d, 0), 0.0, term);
  return call_tensor("sum.dim_IntList", term, IntVector{-2});
}
Grads cdist_forward_backward(const BackwardContext& c, const Grads& g) {
  Tensor x1 = c.tensor(0), x2 = c.tensor(1);
  const double p = c.args().double_(2);
  Grads out(2);
  if (c.needs_grad_of_arg(0)) out[0] = cdist_grad(g[0], x1, x2, p, c.result());
  if (c.needs_grad_of_arg(1)) {
    Tensor gt = call_tensor("transpose.int", g[0], -2, -1), dt = call_tensor("transpose.int", c.result(), -2, -1);
    out[1] = cdist_grad(gt, x2, x1, p, dt);
  }
  return out;
}

// ---- one_hot, embedding_renorm_ -------------------------------------------------------------

Value one_hot_run(const OpArgs& a) {
  Tensor self = a.tensor(0);
  int64_t classes = a.int_(1);
  check(self.dtype() == DType::Int64, "one_hot is only applicable to index tensor of type LongTensor.");
  SymIntVector shape(self.sym_sizes().begin(), self.sym_sizes().end());
  if (self.numel() == 0) {
    check(classes > 0, "Can not infer total number of classes from empty tensor.");
    shape.push_back(classes);
    return call("empty.memory_format", shape, DType::Int64);
  }
  check(item(call_tensor("min", self)) >= 0, "Class values must be non-negative.");
  const double max = item(call_tensor("max", self));
  if (classes == -1) classes = static_cast<int64_t>(max) + 1;
  else check(classes > max, "Class values must be smaller than num_classes.");
  shape.push_back(classes);
  Tensor result = call_tensor("zeros", shape, DType::Int64);
  return call("scatter_.value", result, -1, call_tensor("unsqueeze", self, -1), 1);
}

// embedding_renorm_(self, indices, max_norm, norm_type): each distinct row
// whose norm exceeds max_norm is scaled by max_norm / (norm + 1e-7).
Value embedding_renorm_run(const OpArgs& a) {
  Tensor self = a.tensor(0), indices = a.tensor(1);
  const double max_norm = a.double_(2), norm_type = a.double_(3);
  check(self.dim() == 2, "Expected 2-dimensional tensor, but got " + std::to_string(self.dim()) +
                             "-dimensional tensor for argument #1 'self' (while checking arguments for embedding_renorm_)");
  check(indices.dtype() == DType::Int64 || indices.dtype() == DType::Int32,
        "Expected tensor for argument #2 'indices' to have one of the following scalar types: Long, Int; but got " +
            std::string(tensor::legacy_type_name(indices.dtype())) +
            " instead (while checking arguments for embedding_renorm_)");
  Tensor flat = to_dtype(call_tensor("contiguous", indices), DType::Int64);
  std::vector<int64_t> rows(flat.data<int64_t>(), flat.data<int64_t>() + flat.numel());
  std::sort(rows.begin(), rows.end());
  rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
  for (int64_t r : rows) {
    Tensor row = call_tensor("select.int", self, 0, r);
    const double norm = item(call_tensor("norm.Scalar", row, norm_type));
    if (norm > max_norm) call("mul_.Tensor", row, max_norm / (norm + 1e-7));
  }
  return a[0];
}

} // namespace

void register_distance_ops(OpRegistry& r) {
  r.def("cosine_similarity(Tensor x1, Tensor x2, int dim=1, float eps=1e-08) -> Tensor").composite(cosine_similarity_run);
  r.def("pairwise_distance(Tensor x1, Tensor x2, float p=2, float eps=1e-06, bool keepdim=False) -> Tensor")
      .composite(pairwise_distance_run);
  r.def("cdist(Tensor x1, Tensor x2, float p=2, int? compute_mode=None) -> Tensor").composite(cdist_run);
  r.def("_cdist_forward(Tensor x1, Tensor x2, float p, int? compute_mode) -> Tensor")
      .structured(cdist_forward_meta, cdist_forward_kernel)
      .derivative("CdistBackward0", cdist_forward_backward).saves({"x1", "x2"}).saves_result();
  r.def("one_hot(Tensor self, int num_classes=-1) -> Tensor").hidden().composite(one_hot_run);
  r.def("embedding_renorm_(Tensor(a!) self, Tensor indices, float max_norm, float norm_type) -> Tensor(a!)")
      .composite(embedding_renorm_run);
}

} // namespace refc::ops

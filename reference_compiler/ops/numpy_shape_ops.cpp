// NumPy-style shape helpers that ATen composes from other views: ravel
// (contiguous().view(-1)), atleast_1d / atleast_2d / atleast_3d (reshapes
// and unsqueezes of low-dimensional tensors, one tensor or a list),
// hsplit / vsplit / dsplit (tensor_split along dim 1 (0 for 1-d), 0 and 2,
// with their checks) and adjoint (the transpose of the last two dims, for
// the real dtypes refc has). Autograd flows through the ops they call.
#include "reference_compiler/ops/op_family.h"

#include <string>

namespace refc::ops {

namespace {

Value ravel_run(const OpArgs& a) {
  return call("view", call_tensor("contiguous", a.tensor(0)), IntVector{-1});
}

// self with at least N dims: 0-d becomes [1]*N, and lower dims are padded
// as NumPy does (1-d to [1, n] and [1, n, 1], 2-d to [m, n, 1]).
template <int N> Tensor at_least(const Tensor& self) {
  const int64_t d = self.dim();
  if (d >= N) return self;
  if (d == 0) return call_tensor("reshape", self, IntVector(static_cast<size_t>(N), 1));
  Tensor out = self;
  if (d == 1) out = call_tensor("unsqueeze", out, int64_t{0});
  if (N == 3) out = call_tensor("unsqueeze", out, int64_t{-1});
  return out;
}
template <int N> Value at_least_run(const OpArgs& a) { return at_least<N>(a.tensor(0)).to_value(); }
template <int N> Value at_least_list_run(const OpArgs& a) {
  std::vector<Tensor> out;
  for (const Tensor& t : a.tensor_list(0)) out.push_back(at_least<N>(t));
  return tensor_list_value(out);
}

// hsplit/vsplit/dsplit: `name`, the fewest dims it accepts, and the dim it
// splits (hsplit splits a 1-d tensor along dim 0).
struct SplitKind {
  const char* name;
  int64_t min_dims;
  int64_t dim;
};
constexpr SplitKind kHsplit{"hsplit", 1, 1}, kVsplit{"vsplit", 2, 0}, kDsplit{"dsplit", 3, 2};

template <const SplitKind& K> int64_t split_dim(const Tensor& self) {
  check(self.dim() >= K.min_dims, std::string("torch.") + K.name + " requires a tensor with at least " +
                                      std::to_string(K.min_dims) + " dimension, but got a tensor with " +
                                      std::to_string(self.dim()) + " dimensions!");
  return self.dim() == 1 ? 0 : K.dim;
}
template <const SplitKind& K> Value split_sections_run(const OpArgs& a) {
  Tensor self = a.tensor(0);
  const int64_t dim = split_dim<K>(self), sections = a.int_(1);
  check(sections != 0 && self.size(dim) % sections == 0,
        std::string("torch.") + K.name + " attempted to split along dimension " + std::to_string(dim) +
            ", but the size of the dimension " + std::to_string(self.size(dim)) +
            " is not divisible by the split_size " + std::to_string(sections) + "!");
  return call("tensor_split.sections", self, sections, dim);
}
template <const SplitKind& K> Value split_indices_run(const OpArgs& a) {
  Tensor self = a.tensor(0);
  return call("tensor_split.indices", self, a.int_list(1), split_dim<K>(self));
}

Value adjoint_run(const OpArgs& a) { return call("transpose.int", a.tensor(0), int64_t{-2}, int64_t{-1}); }

} // namespace

void register_numpy_shape_ops(OpRegistry& r) {
  r.def("ravel(Tensor(a) self) -> Tensor(a)").method().composite(ravel_run);
  r.def("atleast_1d(Tensor self) -> Tensor").composite(at_least_run<1>);
  r.def("atleast_1d.Sequence(Tensor[] tensors) -> Tensor[]").composite(at_least_list_run<1>);
  r.def("atleast_2d(Tensor self) -> Tensor").composite(at_least_run<2>);
  r.def("atleast_2d.Sequence(Tensor[] tensors) -> Tensor[]").composite(at_least_list_run<2>);
  r.def("atleast_3d(Tensor self) -> Tensor").composite(at_least_run<3>);
  r.def("atleast_3d.Sequence(Tensor[] tensors) -> Tensor[]").composite(at_least_list_run<3>);
  r.def("hsplit.int(Tensor(a -> *) self, int sections) -> Tensor(a)[]").method().composite(split_sections_run<kHsplit>);
  r.def("hsplit.array(Tensor(a -> *) self, int[] indices) -> Tensor(a)[]").method().composite(split_indices_run<kHsplit>);
  r.def("vsplit.int(Tensor(a -> *) self, int sections) -> Tensor(a)[]").method().composite(split_sections_run<kVsplit>);
  r.def("vsplit.array(Tensor(a -> *) self, int[] indices) -> Tensor(a)[]").method().composite(split_indices_run<kVsplit>);
  r.def("dsplit.int(Tensor(a -> *) self, int sections) -> Tensor(a)[]").method().composite(split_sections_run<kDsplit>);
  r.def("dsplit.array(Tensor(a -> *) self, int[] indices) -> Tensor(a)[]").method().composite(split_indices_run<kDsplit>);
  r.def("adjoint(Tensor(a) self) -> Tensor(a)").method().composite(adjoint_run);
}

} // namespace refc::ops

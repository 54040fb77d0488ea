// Diagonal constructions that copy: diag_embed (a batch of vectors onto the
// diagonals of fresh matrices), diagonal_copy, diag (diag_embed for a vector,
// diagonal_copy for a matrix), diagflat; and the index products built on
// meshgrid, cartesian_prod and combinations. They are ATen's composites, with
// diag_embed and diagonal_copy as the differentiable primitives so grad_fn
// names read as PyTorch's (DiagEmbedBackward0, DiagonalBackward0_copy).
#include "reference_compiler/ops/op_family.h"

namespace refc::ops {

namespace {

// diag_embed(self, offset, dim1, dim2): zeros with self's last dimension laid
// along the (offset) diagonal of the new dims dim1 and dim2.
Value diag_embed_run(const OpArgs& a) {
  Tensor self = a.tensor(0);
  const int64_t offset = a.int_(1), out_dim = self.dim() + 1;
  const int64_t dim1 = wrap_dim(a.int_(2), out_dim), dim2 = wrap_dim(a.int_(3), out_dim);
  check(dim1 != dim2, "diagonal dimensions cannot be identical " + std::to_string(a.int_(2)) + ", " +
                          std::to_string(a.int_(3)));
  const int64_t n = (self.dim() == 0 ? 1 : self.size(-1)) + std::abs(offset);
  IntVector sizes(self.sizes().begin(), self.sizes().end());
  if (!sizes.empty()) sizes.pop_back();
  const auto [lo, hi] = std::minmax(dim1, dim2);
  sizes.insert(sizes.begin() + lo, n);
  sizes.insert(sizes.begin() + hi, n);
  Tensor result = call_tensor("zeros", sizes, self.dtype());
  call("copy_", call_tensor("diagonal", result, offset, dim1, dim2), self);
  return result.to_value();
}
Grads diag_embed_backward(const BackwardContext& c, const Grads& g) {
  OpArgs a = c.args();
  return {call_tensor("diagonal", g[0], a.int_(1), a.int_(2), a.int_(3))};
}

Value diagonal_copy_run(const OpArgs& a) {
  return call("clone", call_tensor("diagonal", a.tensor(0), a.int_(1), a.int_(2), a.int_(3)));
}
Grads diagonal_copy_backward(const BackwardContext& c, const Grads& g) {
  OpArgs a = c.args();
  return {call_tensor("diagonal_backward", g[0], c.spec_of_arg(0).sizes, a.int_(1), a.int_(2), a.int_(3))};
}

Value diag_run(const OpArgs& a) {
  Tensor self = a.tensor(0);
  const int64_t ndim = self.dim();
  check(ndim == 1 || ndim == 2, "diag(): Supports 1D or 2D tensors. Got " + std::to_string(ndim) + "D");
  if (ndim == 1) return call("diag_embed", self, a.int_(1), 0, 1);
  return call("diagonal_copy", self, a.int_(1), 0, 1);
}

Value diagflat_run(const OpArgs& a) {
  return call("diag_embed", call_tensor("reshape", a.tensor(0), IntVector{-1}), a.int_(1), 0, 1);
}

// cartesian_prod: the ij meshgrid of the inputs, flattened and stacked as columns.
Value cartesian_prod_run(const OpArgs& a) {
  std::vector<Tensor> tensors = a.tensor_list(0);
  for (const Tensor& t : tensors)
    check(t.dim() == 1, "Expect a 1D vector, but got shape " + shape_str(t.sym_sizes()));
  if (tensors.size() == 1) return tensors[0].to_value();
  std::vector<Tensor> columns;
  for (const Tensor& g : unpack_tensors(call("meshgrid.indexing", tensors, "ij")))
    columns.push_back(call_tensor("flatten.using_ints", g));
  return call("stack", columns, 1);
}

// combinations(self, r, with_replacement): the r-tuples of self's elements in
// increasing (or, with replacement, non-decreasing) index order, as rows.
Value combinations_run(const OpArgs& a) {
  Tensor self = a.tensor(0);
  const int64_t r = a.int_(1);
  const bool with_replacement = a.bool_(2);
  check(self.dim() == 1, "Expect a 1D vector, but got shape " + shape_str(self.sym_sizes()));
  check(r >= 0, "Expect a non-negative number, but got " + std::to_string(r));
  if (r == 0) return call("empty.memory_format", IntVector{0}, self.dtype());
  std::vector<Tensor> copies(static_cast<size_t>(r), self);
  std::vector<Tensor> grids = unpack_tensors(call("meshgrid.indexing", copies, "ij"));
  Tensor index = call_tensor("arange", self.size(0));
  std::vector<Tensor> index_grids = unpack_tensors(call("meshgrid.indexing", std::vector<Tensor>(copies.size(), index), "ij"));
  Tensor mask = call_tensor("ones_like", index_grids[0], tensor::DType::Bool);
  for (size_t i = 0; i + 1 < index_grids.size(); ++i)
    mask = call_tensor("logical_and", mask, call_tensor(with_replacement ? "le.Tensor" : "lt.Tensor", index_grids[i],
                                                        index_grids[i + 1]));
  std::vector<Tensor> columns;
  for (const Tensor& g : grids) columns.push_back(call_tensor("masked_select", g, mask));
  return call("stack", columns, 1);
}

} // namespace

void register_diagonal_ops(OpRegistry& r) {
  r.def("diag_embed(Tensor self, int offset=0, int dim1=-2, int dim2=-1) -> Tensor").method().custom(diag_embed_run)
      .derivative("DiagEmbedBackward0", diag_embed_backward);
  r.def("diagonal_copy(Tensor self, int offset=0, int dim1=0, int dim2=1) -> Tensor").custom(diagonal_copy_run)
      .derivative("DiagonalBackward0_copy", diagonal_copy_backward);
  r.def("diag(Tensor self, int diagonal=0) -> Tensor").method().composite(diag_run);
  r.def("diagflat(Tensor self, int offset=0) -> Tensor").method().composite(diagflat_run);
  r.def("cartesian_prod(Tensor[] tensors) -> Tensor").composite(cartesian_prod_run);
  r.def("combinations(Tensor self, int r=2, bool with_replacement=False) -> Tensor").composite(combinations_run);
}

} // namespace refc::ops

// Broadcasting as ops of their own: broadcast_to (expand under NumPy's
// name), broadcast_tensors (every tensor expanded to the broadcast of all
// shapes) and meshgrid (1-D tensors viewed along one dimension each and
// expanded to the grid). All are views made by expand, as in PyTorch, so
// their results share storage with the inputs and backpropagate through
// ExpandBackward0.
#include "reference_compiler/ops/op_family.h"

namespace refc::ops {

namespace {

Value broadcast_to_run(const OpArgs& a) { return call("expand", a.tensor(0), a.sym_int_list(1)); }

// A tensor that already has the common shape is returned as it is.
Value broadcast_tensors_run(const OpArgs& a) {
  std::vector<Tensor> tensors = a.tensor_list(0);
  SymIntVector shape;
  for (const Tensor& t : tensors) shape = broadcast_shapes(shape, t.sym_sizes());
  for (Tensor& t : tensors) {
    bool same = t.dim() == static_cast<int64_t>(shape.size());
    for (size_t d = 0; same && d < shape.size(); ++d) same = (t.sym_size(static_cast<int64_t>(d)) == shape[d]).expect_bool();
    if (!same) t = call_tensor("expand", t, shape);
  }
  return tensor_list_value(tensors);
}

// The last line of PyTorch's C++ rendering of a tensor: "[ torch.FloatTensor{2,2} ]"
// (the values above it are left out).
std::string legacy_summary(const Tensor& t) {
  std::string sizes;
  for (int64_t d = 0; d < t.dim(); ++d) sizes += (d ? "," : "") + t.sym_size(d).str();
  return "[ " + std::string(tensor::legacy_type_name(t.dtype())) + "{" + sizes + "} ]";
}

// Grid k is input k viewed as size -1 along dimension k (1 elsewhere) and
// expanded to the sizes of all inputs. "xy" indexing swaps the first two
// inputs, and their grids back, so the first two dimensions are (y, x).
std::vector<Tensor> meshgrid(std::vector<Tensor> tensors, std::string_view indexing) {
  check(!tensors.empty(), "meshgrid expects a non-empty TensorList");
  for (size_t i = 0; i + 1 < tensors.size(); ++i)
    check(tensors[i].dtype() == tensors[i + 1].dtype(), "meshgrid expects all tensors to have the same dtype");
  bool swap = false;
  if (indexing == "xy") swap = tensors.size() >= 2;
  else check(indexing == "ij", "torch.meshgrid: indexing must be one of \"xy\" or \"ij\", but received: " + std::string(indexing));
  if (swap) std::swap(tensors[0], tensors[1]);
  SymIntVector shape;
  for (const Tensor& t : tensors) {
    check(t.dim() <= 1, "torch.meshgrid: Expected 0D or 1D tensor in the tensor list but got: " + legacy_summary(t));
    shape.push_back(t.dim() == 0 ? SymInt(1) : t.sym_size(0));
  }
  std::vector<Tensor> grids;
  SymIntVector view_shape(tensors.size(), SymInt(1));
  for (size_t i = 0; i < tensors.size(); ++i) {
    view_shape[i] = -1;
    grids.push_back(call_tensor("expand", call_tensor("view", tensors[i], view_shape), shape));
    view_shape[i] = 1;
  }
  if (swap) std::swap(grids[0], grids[1]);
  return grids;
}

Value meshgrid_run(const OpArgs& a) { return tensor_list_value(meshgrid(a.tensor_list(0), "ij")); }
Value meshgrid_indexing_run(const OpArgs& a) { return tensor_list_value(meshgrid(a.tensor_list(0), a.str(1))); }

} // namespace

void register_broadcast_ops(OpRegistry& r) {
  r.def("broadcast_to(Tensor(a) self, SymInt[] size) -> Tensor(a)").method().composite(broadcast_to_run);
  r.def("broadcast_tensors(Tensor[] tensors) -> Tensor[]").composite(broadcast_tensors_run);
  r.def("meshgrid(Tensor[] tensors) -> Tensor[]").composite(meshgrid_run);
  r.def("meshgrid.indexing(Tensor[] tensors, *, str indexing) -> Tensor[]").composite(meshgrid_indexing_run);
}

} // namespace refc::ops

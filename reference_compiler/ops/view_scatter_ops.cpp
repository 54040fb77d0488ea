// The view scatters: slice_scatter, select_scatter and diagonal_scatter give
// a copy of self (in self's layout, as clone keeps it) with src written where
// that view of self looks -- the out-of-place form of writing through a view,
// which functionalization emits -- and narrow_copy, a narrow that copies.
// Each computes through other ops, so it runs on fake tensors too.
// Checks, messages and derivatives follow ATen (TensorShape.cpp,
// derivatives.yaml): each scatter is one autograd node whose self gradient is
// the same scatter of zeros and whose src gradient is the same view of grad.
#include "reference_compiler/ops/dispatch.h"
#include "reference_compiler/ops/op_family.h"

namespace refc::ops {

namespace {

// The arguments after self and src name the view: its op and their positions.
struct ViewOfScatter {
  const char* view_op;
  const char* scatter_op;
  size_t first_arg, last_arg; // view arguments a[first_arg..last_arg]
};
constexpr ViewOfScatter kSlice{"slice.Tensor", "slice_scatter", 2, 5};
constexpr ViewOfScatter kSelect{"select.int", "select_scatter", 2, 3};
constexpr ViewOfScatter kDiagonal{"diagonal", "diagonal_scatter", 2, 4};

// `t`'s view named by a[first_arg..last_arg], the view arguments passed on
// as they came (symbolic bounds stay symbolic).
Tensor view_of(const ViewOfScatter& v, const Tensor& t, const OpArgs& a) {
  std::vector<Value> args{t.to_value()};
  for (size_t i = v.first_arg; i <= v.last_arg; ++i) args.push_back(a[i]);
  return Tensor::from_value(call_op(op(v.view_op), std::move(args)));
}

template <const ViewOfScatter& V> Value scatter_run(const OpArgs& a) {
  Tensor out = call_tensor("clone", a.tensor(0));
  Tensor slice = view_of(V, out, a);
  Tensor src = a.tensor(1);
  bool same = slice.dim() == src.dim();
  for (int64_t d = 0; same && d < src.dim(); ++d) same = (slice.sym_size(d) == src.sym_size(d)).expect_bool();
  check(same, "expected src to have a size equal to the slice of self. src size = " + shape_str(src.sym_sizes()) +
                  ", slice size = " + shape_str(slice.sym_sizes()));
  call("copy_", slice, src);
  return out.to_value();
}

// self: the scatter of zeros into grad; src: the view of grad.
template <const ViewOfScatter& V> Grads scatter_backward(const BackwardContext& c, const Grads& g) {
  OpArgs a = c.args();
  Grads out(2);
  if (c.needs_grad_of_arg(0)) {
    std::vector<Value> args{g[0].to_value(), call_tensor("zeros", c.spec_of_arg(1).sizes, g[0].dtype()).to_value()};
    for (size_t i = V.first_arg; i <= V.last_arg; ++i) args.push_back(a[i]);
    out[0] = Tensor::from_value(call_op(op(V.scatter_op), std::move(args)));
  }
  if (c.needs_grad_of_arg(1)) out[1] = view_of(V, g[0], a);
  return out;
}

// narrow_copy(self, dim, start, length): narrow's checks, a contiguous copy.
Value narrow_copy_run(const OpArgs& a) {
  return call("clone", call_tensor("narrow", a.tensor(0), a[1], a[2], a[3]), "contiguous_format");
}
// Zeros of self's sizes with grad where the narrow looked.
Grads narrow_copy_backward(const BackwardContext& c, const Grads& g) {
  OpArgs a = c.args();
  const SymIntVector& sizes = c.spec_of_arg(0).sizes;
  const int64_t dim = wrap_dim(a.int_(1), static_cast<int64_t>(sizes.size()));
  SymInt start = a.sym_int(2);
  if ((start < SymInt(0)).expect_bool()) start = start + sizes[static_cast<size_t>(dim)];
  return {call_tensor("slice_backward", g[0], sizes, dim, start, start + a.sym_int(3), int64_t{1})};
}

} // namespace

void register_view_scatter_ops(OpRegistry& r) {
  r.def("slice_scatter(Tensor self, Tensor src, int dim=0, SymInt? start=None, SymInt? end=None, SymInt step=1) -> Tensor")
      .method().custom(scatter_run<kSlice>).runs_without_data().derivative("SliceScatterBackward0", scatter_backward<kSlice>);
  r.def("select_scatter(Tensor self, Tensor src, int dim, SymInt index) -> Tensor").method()
      .custom(scatter_run<kSelect>).runs_without_data().derivative("SelectScatterBackward0", scatter_backward<kSelect>);
  r.def("diagonal_scatter(Tensor self, Tensor src, int offset=0, int dim1=0, int dim2=1) -> Tensor").method()
      .custom(scatter_run<kDiagonal>).runs_without_data().derivative("DiagonalScatterBackward0", scatter_backward<kDiagonal>);
  r.def("narrow_copy(Tensor self, int dim, SymInt start, SymInt length) -> Tensor").method()
      .custom(narrow_copy_run).runs_without_data().derivative("NarrowCopyBackward0", narrow_copy_backward);
}

} // namespace refc::ops

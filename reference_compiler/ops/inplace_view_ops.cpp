// The in-place view ops: t_, transpose_, squeeze_ (all three overloads),
// unsqueeze_, and swapdims_ / swapaxes_ (transpose_ under NumPy's names).
// Each changes self's sizes and strides, not its data: self takes the
// geometry of the view op it is the in-place form of, and, when autograd
// records it, that view's node as its grad_fn. The node is the view's
// formula under the name 2.14 gives the in-place op (x.t_() has a
// TBackward1, x.squeeze_(0) a SqueezeBackward4), declared here as a hidden
// copy of the view op, which sees self before it changes.
#include "reference_compiler/ops/dispatch.h"
#include "reference_compiler/ops/grad_mode.h"
#include "reference_compiler/ops/op_family.h"
#include "reference_compiler/tensor/autograd_meta.h"

#include <utility>

namespace refc::ops {

namespace {

struct InplaceView {
  const char* name;      // the in-place op, as native_functions.yaml declares it
  const char* overload;
  const char* arguments;
  const char* view;      // the view op whose geometry and formula it takes
  const char* node;      // the grad_fn name 2.14 gives it
};
const InplaceView kInplaceViews[] = {
    {"t_", "", "(Tensor(a!) self) -> Tensor(a!)", "t", "TBackward1"},
    {"transpose_", "", "(Tensor(a!) self, int dim0, int dim1) -> Tensor(a!)", "transpose.int", "TransposeBackward1"},
    {"swapdims_", "", "(Tensor(a!) self, int dim0, int dim1) -> Tensor(a!)", "transpose.int", "TransposeBackward1"},
    {"swapaxes_", "", "(Tensor(a!) self, int axis0, int axis1) -> Tensor(a!)", "transpose.int", "TransposeBackward1"},
    {"squeeze_", "", "(Tensor(a!) self) -> Tensor(a!)", "squeeze", "SqueezeBackward3"},
    {"squeeze_", "dim", "(Tensor(a!) self, int dim) -> Tensor(a!)", "squeeze.dim", "SqueezeBackward4"},
    {"squeeze_", "dims", "(Tensor(a!) self, int[] dim) -> Tensor(a!)", "squeeze.dims", "SqueezeBackward5"},
    {"unsqueeze_", "", "(Tensor(a!) self, int dim) -> Tensor(a!)", "unsqueeze", "UnsqueezeBackward1"},
};
constexpr size_t kCount = sizeof(kInplaceViews) / sizeof(kInplaceViews[0]);

// The hidden view op that computes kInplaceViews[k]'s geometry and records its node.
const OpDef* g_recording_view[kCount];

// Self becomes view(self, ...): its geometry, its grad_fn when the view has
// one; the version counter moves, as for any in-place op.
template <size_t K> Value inplace_view_run(const OpArgs& a) {
  Tensor self = a.tensor(0);
  const tensor::AutogradMeta* m = self->autograd.get();
  auto leaf_requiring_grad = [](const tensor::AutogradMeta* meta) { return meta && !meta->grad_fn && meta->requires_grad; };
  if (grad_enabled() && m && (leaf_requiring_grad(m) || (m->base.defined() && leaf_requiring_grad(m->base->autograd.get()))))
    fail("a view of a leaf Variable that requires grad is being used in an in-place operation.");
  if (K == 0 && self.dim() > 2) // check_t names the in-place op
    fail("t_() expects a tensor with <= 2 dimensions, but self is " + std::to_string(self.dim()) + "D");
  std::vector<Value> values(a.values().begin(), a.values().end());
  Tensor view = Tensor::from_value(call_op(*g_recording_view[K], std::move(values)));
  self->set_geometry({view.sym_sizes().begin(), view.sym_sizes().end()},
                     {view.sym_strides().begin(), view.sym_strides().end()}, view->sym_storage_offset());
  if (const tensor::AutogradMeta* vm = view->autograd.get(); vm && vm->grad_fn) {
    tensor::AutogradMeta& sm = tensor::autograd_meta(self);
    sm.grad_fn = vm->grad_fn;
    sm.output_nr = vm->output_nr;
  }
  self.bump_version();
  return a[0];
}

template <size_t... K> void register_all(OpRegistry& r, std::index_sequence<K...>) {
  (
      [&] {
        const InplaceView& v = kInplaceViews[K];
        std::string suffix = *v.overload ? std::string(".") + v.overload : std::string();
        const OpDef* view = r.find(v.view);
        REFC_CHECK(view, std::string("in-place view of an undeclared op ") + v.view);
        OpBuilder recording = r.alias("_" + std::string(v.name) + "view" + suffix, *view);
        recording.hidden();
        recording.op().derivative->node_name = v.node;
        g_recording_view[K] = &recording.op();
        r.def(v.name + suffix + v.arguments).hidden().method().composite(inplace_view_run<K>);
      }(),
      ...);
}

} // namespace

void register_inplace_view_ops(OpRegistry& r) { register_all(r, std::make_index_sequence<kCount>{}); }

} // namespace refc::ops

// The dispatcher (see dispatch.h): autograd, then composite, then meta +
// kernel. Structured ops share one path: the meta computes each output's
// geometry, the dispatcher allocates it (or checks and reuses self for an
// in-place variant) and the kernel fills it.
#include "reference_compiler/ops/dispatch.h"

#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/tuple_object.h"
#include "reference_compiler/ops/autograd.h"
#include "reference_compiler/ops/call.h"
#include "reference_compiler/ops/grad_mode.h"
#include "reference_compiler/ops/shape_checks.h"
#include "reference_compiler/tensor/tensor_types.h"

#include <utility>

namespace refc::ops {

using lang::Value;
using tensor::DType;
using tensor::Tensor;

namespace {

bool g_fake_mode = false;
OpObserver* g_observer = nullptr;
bool g_inside_observed_op = false; // calls an observed op makes are its own business

bool inputs_have_data(const OpDef& op, const OpArgs& args) {
  if (g_fake_mode) return false;
  std::vector<Tensor> tensors;
  flatten_tensor_inputs(op, args, tensors);
  for (const Tensor& t : tensors)
    if (t.defined() && !t.has_data()) return false;
  return true;
}

Value box_outputs(const OpDef& op, std::vector<Tensor>& outs) {
  if (op.schema.returns_list()) return tensor_list_value(outs);
  if (outs.size() == 1) return outs[0].to_value();
  std::vector<Value> items;
  for (Tensor& t : outs) items.push_back(t.to_value());
  return Value(lang::make_tuple(std::move(items)));
}

// In-place variant: the result must have self's shape, and its dtype must be
// one self can hold.
void check_inplace_spec(const OpDef& op, const Tensor& self, const TensorSpec& spec) {
  bool same_shape = spec.sizes.size() == static_cast<size_t>(self.dim());
  for (size_t i = 0; same_shape && i < spec.sizes.size(); ++i)
    same_shape = (spec.sizes[i] == self.sym_size(static_cast<int64_t>(i))).expect_bool();
  if (!same_shape)
    lang::raise(lang::exc::RuntimeError,
                "output with shape " + shape_str(self.sym_sizes()) +
                    " doesn't match the broadcast shape " + shape_str(spec.sizes));
  if (!tensor::can_cast(spec.dtype, self.dtype()))
    lang::raise(lang::exc::RuntimeError,
                "result type " + std::string(tensor::scalar_type_name(spec.dtype)) +
                    " can't be cast to the desired output type " +
                    std::string(tensor::scalar_type_name(self.dtype())));
  (void)op;
}

Value run_structured(const OpDef& op, const OpArgs& args) {
  std::vector<TensorSpec> specs = op.meta(args);
  std::vector<Tensor> outs;
  // Meta and fake inputs, or a factory asked for a meta tensor: shapes only.
  bool with_data = inputs_have_data(op, args);
  for (const TensorSpec& s : specs) with_data &= s.device.type != tensor::DeviceType::Meta;
  if (op.inplace) {
    Tensor self = args.tensor(0);
    check_inplace_spec(op, self, specs[0]);
    outs.push_back(self);
  } else {
    outs.reserve(specs.size());
    for (TensorSpec& s : specs) {
      if (with_data) {
        outs.push_back(Tensor::empty_strided(s.sizes, s.strides, s.dtype, s.device));
      } else {
        // Same layout as a real allocation, but no memory.
        Tensor t = Tensor::empty_strided(s.sizes, s.strides, s.dtype, tensor::Device{tensor::DeviceType::Meta});
        outs.push_back(Tensor::alias(tensor::tensor_type(),
                                     tensor::new_storage(t->storage->nbytes, s.device, false),
                                     s.sizes, s.strides, 0, s.dtype));
      }
    }
  }
  if (with_data) op.kernel(args, outs);
  if (op.inplace) outs[0].bump_version();
  return box_outputs(op, outs);
}

// A view records the tensor it views (the root of a chain of views, as
// PyTorch's `_base`): in-place writes to the view rebase the base's history.
// Views without a derivative (view.dtype) are not tracked, as in PyTorch.
Value run_view(const OpDef& op, const OpArgs& args) {
  Tensor self = args.tensor(0);
  const tensor::AutogradMeta* m = self->autograd.get();
  Tensor base = m && m->base.defined() ? m->base : self;
  std::vector<TensorSpec> specs = op.meta(args);
  std::vector<Tensor> outs;
  outs.reserve(specs.size());
  for (TensorSpec& s : specs) {
    outs.push_back(Tensor::alias(tensor::tensor_type(), self->storage, std::move(s.sizes),
                                 std::move(s.strides), s.storage_offset, s.dtype));
    outs.back()->version = self->version;
    if (op.has_derivative()) tensor::autograd_meta(outs.back()).base = base;
  }
  return box_outputs(op, outs);
}

Value run_implementation(const OpDef& op, const OpArgs& args) {
  switch (op.kind) {
  case OpKind::Structured: return run_structured(op, args);
  case OpKind::View: return run_view(op, args);
  case OpKind::Custom:
    if (!op.meta && !op.runs_without_data && !inputs_have_data(op, args))
      lang::raise(lang::exc::NotImplementedError,
                  "aten::" + op.qualified_name + ": no meta function (cannot run without data)");
    return op.run(args);
  case OpKind::Composite: break;
  }
  __builtin_unreachable();
}

} // namespace

bool fake_mode() { return g_fake_mode; }
bool set_fake_mode(bool on) { return std::exchange(g_fake_mode, on); }
FakeModeGuard::FakeModeGuard(bool on) : previous_(g_fake_mode) { g_fake_mode = on; }
FakeModeGuard::~FakeModeGuard() { g_fake_mode = previous_; }

OpObserver* set_op_observer(OpObserver* observer) { return std::exchange(g_observer, observer); }
bool tracing_ops() { return g_observer != nullptr; }

Value call_op_below_autograd(const OpDef& op, const OpArgs& args) {
  GradModeGuard no_grad(false);
  if (op.kind == OpKind::Composite) return op.decomposition(args);
  if (!g_observer || g_inside_observed_op) return run_implementation(op, args);
  if (Value decomposed = g_observer->decompose(op, args); !decomposed.is_null()) return decomposed;
  Value result;
  {
    g_inside_observed_op = true;
    struct Reset {
      ~Reset() { g_inside_observed_op = false; }
    } reset;
    result = run_implementation(op, args);
  }
  g_observer->on_op(op, args, result);
  return result;
}

Value call_op(const OpDef& op, std::vector<Value> values) {
  OpArgs args(op.schema, values);
  if (op.has_derivative() && grad_enabled() && any_requires_grad(op, args)) {
    std::vector<Tensor> originals;
    if (op.inplace) {
      check_inplace_allowed(args.tensor(0));
      // A formula that reads self needs self as it was before the write.
      for (int i : op.derivative->saved_args)
        if (i == 0) {
          GradModeGuard no_grad(false);
          originals.push_back(call_tensor("clone", args.tensor(0)));
        }
    }
    Value result = call_op_below_autograd(op, args);
    record_autograd(op, args, result, originals);
    return result;
  }
  if (op.kind == OpKind::Composite) return op.decomposition(args);
  return call_op_below_autograd(op, args);
}

} // namespace refc::ops

// Tracing a Dynamo graph to a (joint) ATen graph (see trace_joint.h).
#include "reference_compiler/aot/trace_joint.h"

#include "reference_compiler/aot/aten_graph_recorder.h"
#include "reference_compiler/graph/graph_interpreter.h"
#include "reference_compiler/lang/tuple_object.h"
#include "reference_compiler/ops/autograd.h"
#include "reference_compiler/ops/dispatch.h"
#include "reference_compiler/ops/grad_mode.h"
#include "reference_compiler/tensor/autograd_meta.h"
#include "reference_compiler/tensor/storage.h"
#include "reference_compiler/tensor/tensor_types.h"

#include <unordered_map>

namespace refc::aot {

using lang::Value;
using tensor::Tensor;

namespace {

// A fake tensor like `t` (inputs sharing a storage share the fake one, so aliasing is traced).
Tensor fake_like(const Tensor& t, std::unordered_map<const tensor::Storage*, lang::Ref<tensor::Storage>>& storages) {
  lang::Ref<tensor::Storage>& storage = storages[t->storage.get()];
  if (!storage) storage = tensor::new_storage(t->storage->nbytes, t->storage->device, false);
  return Tensor::alias(tensor::tensor_type(), storage, tensor::SymIntVector(t.sym_sizes().begin(), t.sym_sizes().end()),
                       tensor::SymIntVector(t.sym_strides().begin(), t.sym_strides().end()), t->sym_storage_offset(),
                       t.dtype());
}


} // namespace

TracedGraph trace_joint(const graph::Graph& dynamo_graph, const Value& root, std::span<const Value> example_inputs,
                        bool joint, const DecompositionTable* decompositions) {
  TracedGraph traced;
  traced.graph = std::make_shared<graph::Graph>();
  traced.joint = joint;
  graph::Graph& g = *traced.graph;
  ops::FakeModeGuard fake(true);
  AtenGraphRecorder recorder(g);
  recorder.set_decompositions(decompositions);

  std::unordered_map<const tensor::Storage*, lang::Ref<tensor::Storage>> storages;
  std::vector<Value> primals;
  const std::vector<graph::Node*> placeholders = dynamo_graph.placeholders();
  for (size_t i = 0; i < example_inputs.size(); ++i) {
    // The geometry is the one Dynamo traced (symbolic sizes included); the example says what requires grad.
    const Value& example = example_inputs[i];
    const Value traced = i < placeholders.size() && !placeholders[i]->example_value.is_null()
                             ? placeholders[i]->example_value
                             : example;
    Value primal = traced;
    if (tensor::is_tensor(traced)) {
      Tensor f = fake_like(Tensor::from_value(traced), storages);
      if (joint && tensor::is_tensor(example) && Tensor::from_value(example).requires_grad())
        tensor::autograd_meta(f).requires_grad = true;
      primal = f.to_value();
    }
    recorder.add_input("primals_" + std::to_string(primals.size() + 1), primal);
    primals.push_back(primal);
  }
  traced.num_primals = primals.size();

  // Each recorded node carries the user line of the Dynamo node that called it.
  size_t stamped = g.nodes().size();
  auto stamp = [&](const graph::Node& dynamo_node, const Value&) {
    for (; stamped < g.nodes().size(); ++stamped) {
      graph::Node& n = *g.nodes()[stamped];
      if (!n.user_frame) n.user_frame = dynamo_node.user_frame;
      if (!n.user_frame || !tensor::is_tensor(n.example_value)) continue;
      const tensor::AutogradMeta* m = Tensor::from_value(n.example_value)->autograd.get();
      if (m && m->grad_fn) recorder.attribute_backward(m->grad_fn.get(), *n.user_frame);
    }
  };
  Value result;
  {
    ops::GradModeGuard grad(joint);
    result = graph::run_graph(dynamo_graph, primals, root, stamp);
  }
  std::vector<Value> outputs = result.as<lang::Tuple>()->items;
  traced.num_fw_outputs = outputs.size();

  std::vector<Value> returned;
  for (const Value& v : outputs) returned.push_back(recorder.to_argument(v, "output"));
  traced.output_needs_grad.assign(outputs.size(), false);
  if (joint) {
    std::vector<Tensor> roots, tangents, inputs;
    for (size_t i = 0; i < outputs.size(); ++i) {
      if (!tensor::is_tensor(outputs[i])) continue;
      const Tensor out = Tensor::from_value(outputs[i]);
      if (!out.requires_grad() || !tensor::is_floating(out.dtype())) continue;
      traced.output_needs_grad[i] = true;
      Tensor tangent = Tensor::alias(tensor::tensor_type(), tensor::new_storage(out->storage->nbytes, out.device(), false),
                                     tensor::SymIntVector(out.sym_sizes().begin(), out.sym_sizes().end()),
                                     tensor::contiguous_strides(out.sym_sizes()), 0, out.dtype());
      recorder.add_input("tangents_" + std::to_string(tangents.size() + 1), tangent.to_value());
      roots.push_back(out);
      tangents.push_back(tangent);
    }
    traced.num_tangents = tangents.size();
    std::vector<size_t> input_index;
    for (size_t i = 0; i < primals.size(); ++i)
      if (tensor::is_tensor(primals[i]) && Tensor::from_value(primals[i]).requires_grad()) {
        inputs.push_back(Tensor::from_value(primals[i]));
        input_index.push_back(i);
      }
    std::vector<Value> grads(primals.size(), Value::none());
    if (!roots.empty() && !inputs.empty()) {
      ops::BackwardOptions options;
      options.accumulate = false;
      options.allow_unused = true;
      std::vector<Tensor> computed = ops::run_backward(roots, tangents, inputs, options);
      for (size_t k = 0; k < computed.size(); ++k)
        if (computed[k].defined()) grads[input_index[k]] = recorder.to_argument(computed[k].to_value(), "gradient");
    }
    returned.insert(returned.end(), grads.begin(), grads.end());
  }
  g.output(Value(lang::make_tuple(std::move(returned))));
  return traced;
}

} // namespace refc::aot

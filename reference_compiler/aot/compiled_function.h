// The runtime of AOT Autograd: the callable a backend returns. Inference
// graphs run as they are. Training graphs run the forward with grad mode off
// and put one autograd node, CompiledFunctionBackward, over its outputs; the
// node hands the saved values and the outputs' gradients to the backward
// graph. Both graphs run in refc's graph interpreter (aot_eager).
#pragma once
#include "reference_compiler/aot/aot_pipeline.h"

namespace refc::aot {

// The compilers of aot_autograd(fw_compiler=..., bw_compiler=...): each a
// callable (graph_module, example_inputs) -> callable; Null runs the graph
// in the interpreter (aot_eager). The backward's compiler runs at the first
// backward pass.
struct GraphCompilers {
  lang::Value forward, backward, inference;
};

// A Python callable running `graphs` on the Dynamo graph's inputs; returns
// the Dynamo graph's outputs as a tuple.
lang::Value make_compiled_function(AotGraphs graphs, const GraphCompilers& compilers = {});

} // namespace refc::aot

// Running a graph (FX's Interpreter): placeholders take the inputs in
// order, calls run through the interpreter (so torch functions, Tensor
// methods and submodules behave exactly as in eager code), and each value
// is dropped after its last use.
#pragma once

#include "reference_compiler/graph/graph.h"

#include <functional>
#include <span>

namespace refc::graph {

// Runs `g` on `inputs` (one per placeholder) and returns what its output
// node returns. `root` is the module get_attr and call_module nodes read
// their attribute paths from (None when the graph has none). A Python
// exception raised by a node propagates unchanged. `observe`, when given,
// sees every node's value as it is computed (the minifier records them).
using ValueObserver = std::function<void(const Node&, const lang::Value&)>;
lang::Value run_graph(const Graph& g, std::span<const lang::Value> inputs, const lang::Value& root = lang::Value::none(),
                      const ValueObserver& observe = {});

} // namespace refc::graph

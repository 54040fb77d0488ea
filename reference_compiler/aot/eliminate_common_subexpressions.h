// Common-subexpression elimination on an ATen graph (2.14's fx_graph_cse,
// which the min-cut partitioner runs first when torch._functorch.config.cse).
#pragma once
#include "reference_compiler/graph/graph.h"

#include <functional>

namespace refc::aot {

// Replaces every call node that repeats an earlier one (same op, same
// arguments after earlier replacements, same `keep_apart` answer) by the
// earlier node and removes it. Never merged: random ops (each call draws
// anew), empty, mutations, and values sharing storage with a graph output
// (separate tensors in eager). Takes a functional graph. Returns whether
// anything changed.
bool eliminate_common_subexpressions(graph::Graph& g,
                                     const std::function<bool(const graph::Node&)>& keep_apart = {});

} // namespace refc::aot

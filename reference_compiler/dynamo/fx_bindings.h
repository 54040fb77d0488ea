// The graph IR as Python's torch.fx sees it: a handle object standing for a
// traced graph (what GraphModule.graph is), the list of its nodes, its
// printed code, and the forward method generated from that code — the graph
// runs as ordinary bytecode, exactly as an FX GraphModule runs its code.
#pragma once

#include "reference_compiler/graph/graph.h"
#include "reference_compiler/lang/module_builder.h"
#include "reference_compiler/lang/value.h"

#include <memory>

namespace refc::dynamo {

lang::Value wrap_graph(std::shared_ptr<graph::Graph> graph);
// The graph a handle stands for; raises TypeError for anything else.
std::shared_ptr<graph::Graph> unwrap_graph(const lang::Value& handle);

// Adds _graph_nodes(g), _graph_subgraphs(g), _graph_code(g, class_name) and
// _graph_forward(g, gm) to `m`.
void add_fx_functions(lang::ModuleBuilder& m);

} // namespace refc::dynamo

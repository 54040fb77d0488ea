// Reading a printed graph back (the inverse of graph_printer.h): the
// `class GraphModule(torch.nn.Module): def forward(...)` text that
// print_readable writes, as repro files and logs carry it, becomes a Graph
// again: placeholders from forward's parameters, one node per assignment
// (operators as operator.* calls, `a.m(...)` on a node as call_method,
// `self.p(...)` as call_module, `self.p` as get_attr, `x.attr` as getattr),
// the `# File:` comments as user frames, `return` as the output, nested
// classes as the graph's subgraphs. Type
// annotations are not read back: example values come from running the graph.
#pragma once

#include "reference_compiler/graph/graph.h"

#include <functional>
#include <memory>
#include <string_view>

namespace refc::graph {

// The value a dotted name of generated code stands for ("torch.sin",
// "torch.float32", "operator.mul").
using NameResolver = std::function<lang::Value(std::string_view dotted)>;

// Imports the first component as a module and reads the rest as attributes.
lang::Value import_dotted(std::string_view dotted);

// Raises SyntaxError for text that is not Python, and ValueError naming the
// line for Python that is not a printed graph.
std::unique_ptr<Graph> parse_graph(std::string_view text, const NameResolver& resolve = import_dotted);

} // namespace refc::graph

// Printing a graph as Python source in FX's print_readable format, the
// `graph_code` log artifact of the seeds:
//
//   class GraphModule(torch.nn.Module):
//       def forward(self, L_x_: "f32[3, 3][3, 1]cpu"):
//           l_x_ = L_x_
//
//           # File: /<dir>/e1.py:4 in fn, code: return x * 2
//           mul: "f32[3, 3][3, 1]cpu" = l_x_ * 2;  l_x_ = None
//           return (mul,)
//
// Each value is freed (`;  a = b = None`) after its last use, operator
// calls print infix, and every node with a tensor example value carries a
// type annotation; the graph's subgraphs follow as nested classes. The text
// is valid refc source.
#pragma once

#include "reference_compiler/graph/graph.h"

#include <string>
#include <string_view>

namespace refc::graph {

struct PrintOptions {
  bool include_stride = true; // "f32[3, 3][3, 1]cpu" rather than "f32[3, 3]cpu"
  bool include_device = true;
};

// The whole class (a trailing newline included).
std::string print_readable(const Graph& g, std::string_view class_name = "GraphModule", PrintOptions options = {});

// The annotation of an example value: "f32[3, 3][3, 1]cpu" for a tensor;
// empty for values without one (tuples, Python numbers).
std::string type_annotation(const lang::Value& example, PrintOptions options = {});

// An argument as generated code writes it: node names, tuples, lists, dicts
// and constants by repr ('cpu', torch.float32, slice(1, None, None), inf).
std::string format_arg(const lang::Value& arg);

} // namespace refc::graph

// A node of the graph IR (FX's Node): a placeholder, a call or the output,
// with its arguments as Python values in which other nodes appear, the
// example value tracing computed for it, and the user frame that created it.
// Nodes are Python objects, so an argument structure (tuples, lists, dicts of
// nodes and constants) is an ordinary interpreter value.
#pragma once

#include "reference_compiler/lang/value.h"

#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace refc::graph {

class Graph;

enum class NodeOp : uint8_t { Placeholder, CallFunction, CallMethod, CallModule, GetAttr, Output };

// "placeholder", "call_function", ... (FX's node.op strings).
std::string_view op_name(NodeOp op);
// "torch.add", "operator.mul": how generated code names a callable (a node's
// target, or a function passed as an argument).
std::string callable_name(const lang::Value& f);

// The user source line a node was traced from: "# File: {file}:{line} in
// {function}, code: {code}" in printed graphs.
struct UserFrame {
  std::string file;
  int line = 0;
  std::string function;
  std::string code;
  bool backward = false; // a backward op of the forward call at this line ("# Backward of forward node: File: ...")
  bool operator==(const UserFrame&) const = default;
};

struct Node : lang::Object {
  Node(Graph* graph, NodeOp op, std::string name, std::string target, lang::Value callable, lang::Value args,
       lang::Value kwargs);

  Graph* graph; // the owning graph (not counted)
  NodeOp op;
  std::string name; // unique in its graph: the variable printed code assigns
  // placeholder: the argument name ("L_x_"); call_function: how code names
  // the callable ("torch.sin", "operator.mul"); call_method: the method name;
  // call_module / get_attr: the attribute path from the root module.
  std::string target;
  lang::Value callable; // call_function: what the interpreter calls
  lang::Value args;     // a tuple
  lang::Value kwargs;   // a dict with str keys
  // meta['example_value']: a Tensor (fake while tracing), an int, a tuple of
  // them...; Null when unknown. Printed as the node's type annotation.
  lang::Value example_value;
  std::optional<UserFrame> user_frame;

  // The distinct nodes among args then kwargs, in order of first appearance
  // (FX's _input_nodes).
  std::vector<Node*> input_nodes() const;
};

lang::TypeObject* node_type();
bool is_node(const lang::Value& v);

// Calls f on every Node in an argument structure (tuples, lists, dict
// values, slices), depth first in order.
void for_each_node(const lang::Value& arg, const std::function<void(Node*)>& f);
// The argument structure with every Node replaced by f(node); values holding
// no node come back as they are.
lang::Value map_nodes(const lang::Value& arg, const std::function<lang::Value(Node*)>& f);

} // namespace refc::graph

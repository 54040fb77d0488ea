// Graph: node creation with FX's naming, uses, rewriting and the verifier.
#include "reference_compiler/graph/graph.h"

#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/tuple_object.h"

#include <algorithm>
#include <iterator>
#include <cctype>

namespace refc::graph {

using lang::Value;

namespace {

[[noreturn]] void fail(const std::string& message) { lang::raise(lang::exc::RuntimeError, message); }

// Names generated code may not shadow (FX's _Namespace._is_illegal_name):
// keywords, builtins, and the globals FX's generated code imports.
bool is_reserved(std::string_view name) {
  static constexpr std::string_view kReserved[] = {
      // keywords
      "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue", "def", "del",
      "elif", "else", "except", "finally", "for", "from", "global", "if", "import", "in", "is", "lambda",
      "nonlocal", "not", "or", "pass", "raise", "return", "try", "while", "with", "yield",
      // builtins
      "Ellipsis", "NotImplemented", "__build_class__", "__debug__", "__import__", "abs", "aiter", "all", "anext",
      "any", "ascii", "bin", "bool", "breakpoint", "bytearray", "bytes", "callable", "chr", "classmethod",
      "compile", "complex", "copyright", "credits", "delattr", "dict", "dir", "divmod", "enumerate", "eval",
      "exec", "exit", "filter", "float", "format", "frozenset", "getattr", "globals", "hasattr", "hash", "help",
      "hex", "id", "input", "int", "isinstance", "issubclass", "iter", "len", "license", "list", "locals", "map",
      "max", "memoryview", "min", "next", "object", "oct", "open", "ord", "pow", "print", "property", "quit",
      "range", "repr", "reversed", "round", "set", "setattr", "slice", "sorted", "staticmethod", "str", "sum",
      "super", "tuple", "type", "vars", "zip",
      // FX's custom builtins
      "inf", "nan", "NoneType", "torch", "device", "fx_pytree", "pytree", "math"};
  return std::find(std::begin(kReserved), std::end(kReserved), name) != std::end(kReserved);
}

// The name FX derives from a target: the last dotted component ("torch.sin"
// -> "sin", "operator.mul" -> "mul"), attribute paths with '_' for '.'.
std::string name_from_target(NodeOp op, std::string_view target) {
  if (op == NodeOp::CallModule || op == NodeOp::GetAttr) {
    std::string s(target);
    std::replace(s.begin(), s.end(), '.', '_');
    return s;
  }
  const size_t dot = target.rfind('.');
  return std::string(dot == std::string_view::npos ? target : target.substr(dot + 1));
}

} // namespace

// FX's _Namespace.create_name: illegal characters become '_', a trailing
// "_N" is split off as the starting count, and the count per base name goes
// up until the name is free and not reserved.
std::string Graph::unique_name(std::string_view candidate) {
  std::string name;
  for (char c : candidate) name += std::isalnum(static_cast<unsigned char>(c)) || c == '_' ? c : '_';
  if (name.empty()) name = "_unnamed";
  if (std::isdigit(static_cast<unsigned char>(name[0]))) name = "_" + name;
  std::string base = name;
  int64_t num = 0;
  if (size_t us = name.rfind('_'); us != std::string::npos && us + 1 < name.size() &&
                                   std::all_of(name.begin() + static_cast<std::ptrdiff_t>(us) + 1, name.end(),
                                               [](char c) { return std::isdigit(static_cast<unsigned char>(c)); })) {
    base = name.substr(0, us);
    num = std::stoll(name.substr(us + 1));
  }
  if (num == 0) num = base_count_[base];
  std::string candidate_name = name;
  while (used_names_.count(candidate_name) || is_reserved(candidate_name)) candidate_name = base + "_" + std::to_string(++num);
  used_names_.insert(candidate_name);
  base_count_[base] = num;
  return candidate_name;
}

Node* Graph::create_node(NodeOp op, std::string target, Value callable, Value args, Value kwargs,
                         std::string_view name_hint) {
  std::string name = unique_name(name_hint.empty() ? name_from_target(op, target) : std::string(name_hint));
  nodes_.push_back(lang::make<Node>(this, op, std::move(name), std::move(target), std::move(callable), std::move(args),
                                    std::move(kwargs)));
  return nodes_.back().get();
}

Node* Graph::placeholder(std::string target, std::string_view name_hint) {
  std::string hint(name_hint.empty() ? std::string_view(target) : name_hint);
  Node* n = create_node(NodeOp::Placeholder, std::move(target), Value(), Value(), Value(), hint);
  // Placeholders stay first, in creation order, however late an input is found.
  auto first_other = std::find_if(nodes_.begin(), nodes_.end() - 1,
                                  [](const lang::Ref<Node>& m) { return m->op != NodeOp::Placeholder; });
  std::rotate(first_other, nodes_.end() - 1, nodes_.end());
  return n;
}

void Graph::move_after(Node* n, const Node* anchor) {
  auto from = std::find_if(nodes_.begin(), nodes_.end(), [&](const lang::Ref<Node>& m) { return m.get() == n; });
  auto to = std::find_if(nodes_.begin(), nodes_.end(), [&](const lang::Ref<Node>& m) { return m.get() == anchor; });
  if (from == nodes_.end() || to == nodes_.end()) throw std::logic_error("Graph::move_after: node not in this graph");
  if (from > to) std::rotate(to + 1, from, from + 1);
  else std::rotate(from, from + 1, to + 1);
}

void Graph::rename(Node* n, std::string_view name_hint) {
  if (n->name == name_hint) return;
  n->name = unique_name(name_hint);
}
Node* Graph::call_function(std::string target, Value callable, Value args, Value kwargs, std::string_view name_hint) {
  return create_node(NodeOp::CallFunction, std::move(target), std::move(callable), std::move(args), std::move(kwargs),
                     name_hint);
}
Node* Graph::call_method(std::string method, Value args, Value kwargs, std::string_view name_hint) {
  return create_node(NodeOp::CallMethod, std::move(method), Value(), std::move(args), std::move(kwargs), name_hint);
}
Node* Graph::call_module(std::string path, Value args, Value kwargs, std::string_view name_hint) {
  return create_node(NodeOp::CallModule, std::move(path), Value(), std::move(args), std::move(kwargs), name_hint);
}
Node* Graph::get_attr(std::string path, std::string_view name_hint) {
  return create_node(NodeOp::GetAttr, std::move(path), Value(), Value(), Value(), name_hint);
}
Node* Graph::output(Value result) {
  return create_node(NodeOp::Output, "output", Value(), Value(lang::make_tuple({std::move(result)})), Value(), "output");
}

std::vector<Node*> Graph::placeholders() const {
  std::vector<Node*> out;
  for (const auto& n : nodes_)
    if (n->op == NodeOp::Placeholder) out.push_back(n.get());
  return out;
}

Node* Graph::output_node() const {
  return !nodes_.empty() && nodes_.back()->op == NodeOp::Output ? nodes_.back().get() : nullptr;
}

std::vector<Node*> Graph::users(const Node* n) const {
  std::vector<Node*> out;
  for (const auto& user : nodes_) {
    bool uses = false;
    for_each_node(user->args, [&](Node* m) { uses |= m == n; });
    for_each_node(user->kwargs, [&](Node* m) { uses |= m == n; });
    if (uses) out.push_back(user.get());
  }
  return out;
}

void Graph::replace_all_uses(Node* from, Node* to) {
  auto swap = [&](Node* m) { return Value::borrow(m == from ? to : m); };
  for (const auto& user : nodes_) {
    if (user.get() == to) continue; // `to` may be defined in terms of `from`
    user->args = map_nodes(user->args, swap);
    user->kwargs = map_nodes(user->kwargs, swap);
  }
}

void Graph::erase(Node* n) {
  if (std::vector<Node*> u = users(n); !u.empty())
    fail("Tried to erase Node " + n->name + " but it still had " + std::to_string(u.size()) + " users in the graph");
  auto it = std::find_if(nodes_.begin(), nodes_.end(), [n](const auto& p) { return p.get() == n; });
  if (it == nodes_.end()) fail("erase: node " + n->name + " is not in this graph");
  used_names_.erase(n->name);
  n->graph = nullptr;
  nodes_.erase(it);
}

void Graph::erase(const std::unordered_set<const Node*>& dead) {
  for (const auto& n : nodes_) {
    if (dead.count(n.get())) continue;
    for (const Node* in : n->input_nodes())
      if (dead.count(in)) fail("Tried to erase Node " + in->name + " but it still had users in the graph");
  }
  std::erase_if(nodes_, [&](const lang::Ref<Node>& n) {
    if (!dead.count(n.get())) return false;
    used_names_.erase(n->name);
    n->graph = nullptr;
    return true;
  });
}

void Graph::verify() const {
  std::unordered_set<const Node*> defined;
  std::unordered_set<std::string> names;
  bool past_placeholders = false;
  for (size_t i = 0; i < nodes_.size(); ++i) {
    const Node* n = nodes_[i].get();
    const std::string where = "node " + n->name + " (" + std::string(op_name(n->op)) + ")";
    if (n->graph != this) fail(where + " does not belong to this graph");
    if (!names.insert(n->name).second) fail(where + ": the name is used twice");
    if (n->op == NodeOp::Placeholder && past_placeholders) fail(where + " follows a non-placeholder node");
    if (n->op != NodeOp::Placeholder) past_placeholders = true;
    if (n->op == NodeOp::Output && i + 1 != nodes_.size()) fail(where + " is not the last node");
    if (n->op == NodeOp::CallFunction && n->callable.is_null()) fail(where + " has no callable");
    for (Node* in : n->input_nodes()) {
      if (in->graph != this) fail(where + " uses " + in->name + ", which is not in this graph");
      if (!defined.count(in)) fail(where + " uses " + in->name + " before it is defined");
    }
    defined.insert(n);
  }
  if (!output_node()) fail("the graph has no output node");
}

} // namespace refc::graph

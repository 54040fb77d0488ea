// The graph IR (FX's Graph): an ordered list of nodes, placeholders first and
// one output last, with FX's naming rules (a taken name, a keyword or a
// builtin gets a `_N` suffix), use lists computed on demand, and a verifier
// that reports the first broken invariant as a RuntimeError.
#pragma once

#include "reference_compiler/graph/node.h"
#include "reference_compiler/lang/object.h"

#include <memory>
#include <span>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace refc::graph {

class Graph {
public:
  Graph() = default;
  Graph(const Graph&) = delete;
  Graph& operator=(const Graph&) = delete;

  // Appends a node named after `name_hint` (else after the target). args
  // must be a tuple (Null for none), kwargs a dict (Null for none).
  Node* create_node(NodeOp op, std::string target, lang::Value callable, lang::Value args, lang::Value kwargs,
                    std::string_view name_hint = {});
  // Placeholders are kept before every other node.
  Node* placeholder(std::string target, std::string_view name_hint = {});
  Node* call_function(std::string target, lang::Value callable, lang::Value args, lang::Value kwargs = {},
                      std::string_view name_hint = {});
  Node* call_method(std::string method, lang::Value args, lang::Value kwargs = {}, std::string_view name_hint = {});
  Node* call_module(std::string path, lang::Value args, lang::Value kwargs = {}, std::string_view name_hint = {});
  Node* get_attr(std::string path, std::string_view name_hint = {});
  Node* output(lang::Value result);

  // The graphs the owning module holds as attributes (FX's GraphModule
  // submodules, the branches of a higher-order op): what get_attr nodes
  // read, printed as classes nested in this one.
  void add_subgraph(std::string name, std::shared_ptr<Graph> g) { subgraphs_.emplace_back(std::move(name), std::move(g)); }
  const std::vector<std::pair<std::string, std::shared_ptr<Graph>>>& subgraphs() const { return subgraphs_; }

  std::span<const lang::Ref<Node>> nodes() const { return nodes_; }
  std::vector<Node*> placeholders() const;
  Node* output_node() const; // null until output() is called

  // The nodes using `n`, in graph order.
  std::vector<Node*> users(const Node* n) const;
  // Rewrites every use of `from` to `to`.
  void replace_all_uses(Node* from, Node* to);
  // Gives `n` a fresh unique name made from `name_hint` (FX's Node._rename;
  // the old name stays taken).
  void rename(Node* n, std::string_view name_hint);
  // Moves `n` to just after `anchor` (FX's anchor.append(n)).
  void move_after(Node* n, const Node* anchor);
  // Removes a node nothing uses (RuntimeError otherwise).
  void erase(Node* n);
  // Removes every node of `dead` in one pass (passes removing many nodes);
  // RuntimeError when a node left in the graph uses one.
  void erase(const std::unordered_set<const Node*>& dead);

  // Checks names are unique identifiers, placeholders come first and the
  // output last and alone, every argument node is an earlier node of this
  // graph, and call_function nodes have a callable. RuntimeError on failure.
  void verify() const;

private:
  std::string unique_name(std::string_view candidate);

  std::vector<lang::Ref<Node>> nodes_;
  std::vector<std::pair<std::string, std::shared_ptr<Graph>>> subgraphs_;
  std::unordered_set<std::string> used_names_;
  std::unordered_map<std::string, int64_t> base_count_;
};

} // namespace refc::graph

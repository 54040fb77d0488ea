// SubgraphTracer: a graph traced inside the graph of a frame (PyTorch's
// SubgraphTracer), such as a branch of torch.cond. While one is active, the
// nodes the trace records go into it; a node of an enclosing graph that it
// uses becomes one of its placeholders (a lifted free variable, named as the
// outer node), and so does each size symbol of a value it lifts, so the
// subgraph is a function of its placeholders alone. Tracers nest: a free
// variable from two levels up is lifted into the parent first.
#pragma once

#include "reference_compiler/graph/graph.h"

#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace refc::dynamo {

class OutputGraph;

class SubgraphTracer {
public:
  // Becomes `output`'s current tracer until destroyed.
  explicit SubgraphTracer(OutputGraph& output);
  ~SubgraphTracer();
  SubgraphTracer(const SubgraphTracer&) = delete;
  SubgraphTracer& operator=(const SubgraphTracer&) = delete;

  graph::Graph& graph() { return *graph_; }
  std::shared_ptr<graph::Graph> shared_graph() { return graph_; }
  // `node` as this graph sees it: itself when it is this graph's, else the
  // placeholder lifting it (made on first use).
  graph::Node* lift(graph::Node* node);
  // The lifted free variables in lifting order: (node of the parent graph, its placeholder here).
  const std::vector<std::pair<graph::Node*, graph::Node*>>& lifted() const { return lifted_; }
  // The placeholders whose tensors the traced code wrote in place since it lifted them.
  std::vector<graph::Node*> mutated_inputs() const;

private:
  // Makes sure each free symbol of `example` (a tensor's sizes, strides and
  // offset, or a symbolic number) has its placeholder here.
  void bind_symbols(const lang::Value& example);
  graph::Node* add_input(graph::Node* outer, const std::string& name);

  OutputGraph& output_;
  SubgraphTracer* parent_;
  std::shared_ptr<graph::Graph> graph_;
  std::vector<std::pair<graph::Node*, graph::Node*>> lifted_;
  std::vector<uint64_t> versions_; // each lifted tensor's version counter when lifted
  std::map<std::string, graph::Node*> bound_symbols_; // symbol -> its placeholder here
};

} // namespace refc::dynamo

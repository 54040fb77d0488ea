// Candidate: one state of a minification, a graph with the concrete inputs
// it runs on. Strategies never edit a candidate; they make new ones from the
// current one with the few operations below, so every candidate is a whole,
// valid graph (FX's naming, placeholders first, one output) and renders to a
// repro file that runs alone.
#pragma once

#include "reference_compiler/graph/graph.h"

#include <functional>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace refc::minifier {

struct Candidate {
  std::shared_ptr<graph::Graph> graph;
  std::vector<lang::Value> inputs; // one per placeholder, in order

  // The nodes that compute (every node but placeholders and the output), in order.
  std::vector<graph::Node*> ops() const;
  // The nodes the output returns, in order (constants among them left out).
  std::vector<graph::Node*> outputs() const;
  // How big it is, for "smaller": ops, then inputs, then input elements.
  size_t op_count() const { return ops().size(); }
  int64_t input_elements() const;
};

// The eager value of every node (run on copies of the inputs, so in-place
// ops leave the candidate's inputs alone).
using NodeValues = std::unordered_map<const graph::Node*, lang::Value>;
NodeValues eager_values(const Candidate& c, const lang::Value& root);

// The graph the printed class `text` holds (a repro file's `class Repro`),
// on `inputs`.
Candidate parse_candidate(std::string_view text, std::vector<lang::Value> inputs);

// The part of `c` made of the ops `keep` selects (indexed like c.ops()),
// returning `outputs`: an argument computed by an op left out becomes a new
// input carrying that op's eager value (ops whose values cannot be inputs -
// tuples, modules - are kept instead), and inputs nothing uses are dropped.
Candidate extract(const Candidate& c, const std::vector<bool>& keep, const std::vector<graph::Node*>& outputs,
                  const NodeValues& values);

// Which ops (indexed like c.ops()) the outputs depend on through the ops
// `keep` selects: dead-code elimination's live set.
std::vector<bool> live_ops(const Candidate& c, const std::vector<bool>& keep, const std::vector<graph::Node*>& outputs);

// `c` with input i read wherever input same_as[i] is used instead (inputs
// no longer read are dropped).
Candidate merge_inputs(const Candidate& c, const std::vector<size_t>& same_as);

// `c` with its inputs replaced (same count and order).
Candidate with_inputs(const Candidate& c, std::vector<lang::Value> inputs);

// `c` with every constant argument (a number, a string, a dtype: anything in
// args and kwargs that is not a node) passed through `f`, which returns it
// or a replacement; `only` limits it to one op.
using ConstantMap = std::function<lang::Value(const graph::Node&, const lang::Value&)>;
Candidate map_constants(const Candidate& c, const ConstantMap& f, const graph::Node* only = nullptr);

// The candidate's graph as `class Repro(torch.nn.Module)`.
std::string graph_code(const Candidate& c);

} // namespace refc::minifier

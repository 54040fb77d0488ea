// The min-cut rematerialization partitioner (see min_cut_partition.h). The
// steps follow 2.14's solve_min_cut: classify the nodes, measure each
// forward node's distance from the backward, ban what must not be
// recomputed, weigh the rest, cut, and build the graphs from the cut.
#include "reference_compiler/aot/min_cut_partition.h"

#include "reference_compiler/aot/default_partition.h"
#include "reference_compiler/aot/reorder_like_autograd.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/tuple_object.h"
#include "reference_compiler/logging/logs.h"
#include "reference_compiler/tensor/tensor_types.h"
#include "reference_compiler/torch/op_callables.h"

// GCC 12 reports a false maybe-uninitialized in Boost.Graph's edge iterator
// (a boost::optional) wherever the max-flow code is instantiated.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/boykov_kolmogorov_max_flow.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <queue>
#include <unordered_map>
#include <unordered_set>

namespace refc::aot {

using graph::Node;
using lang::Value;
using tensor::Tensor;

namespace {

constexpr std::string_view kLogger = "torch._functorch.partitioners";

// ---- what each op is (partitioner_op_types.def) --------------------------------------------------

enum OpType : uint8_t { kRecomputable = 1, kView = 2, kRandom = 4, kComputeIntensive = 8 };

const std::unordered_map<std::string_view, uint8_t>& op_type_table() {
  static const std::unordered_map<std::string_view, uint8_t> table = {
#define REFC_OP_TYPE(name, types) {#name, static_cast<uint8_t>(types)},
#include "reference_compiler/aot/partitioner_op_types.def"
#undef REFC_OP_TYPE
  };
  return table;
}

// An ATen node's types by its op's base name; getitem and the size
// arithmetic of symbolic ints (operator.add, ...: 2.14's magic methods) are recomputable.
uint8_t op_types(const Node& n) {
  if (n.op != graph::NodeOp::CallFunction) return 0;
  if (const ops::OpDef* op = torch::aten_op_of(n.callable)) {
    auto it = op_type_table().find(op->schema.name);
    return it == op_type_table().end() ? 0 : it->second;
  }
  return n.target.starts_with("operator.") ? kRecomputable : 0;
}

// ---- the flow network ----------------------------------------------------------------------------

using Traits = boost::adjacency_list_traits<boost::vecS, boost::vecS, boost::directedS>;
using FlowGraph = boost::adjacency_list<
    boost::vecS, boost::vecS, boost::directedS,
    boost::property<boost::vertex_index_t, long,
                    boost::property<boost::vertex_color_t, boost::default_color_type,
                                    boost::property<boost::vertex_distance_t, long,
                                                    boost::property<boost::vertex_predecessor_t, Traits::edge_descriptor>>>>,
    boost::property<boost::edge_capacity_t, int64_t,
                    boost::property<boost::edge_residual_capacity_t, int64_t,
                                    boost::property<boost::edge_reverse_t, Traits::edge_descriptor>>>>;

// Infinite capacity: larger than any sum of byte weights, small enough that
// sums of a few never overflow.
constexpr int64_t kInfinite = std::numeric_limits<int64_t>::max() / 8;

class FlowNetwork {
public:
  explicit FlowNetwork(size_t num_nodes) : g_(2 * num_nodes + 2), source_(2 * num_nodes), sink_(2 * num_nodes + 1) {}
  size_t in(size_t node) const { return 2 * node; }
  size_t out(size_t node) const { return 2 * node + 1; }
  size_t source() const { return source_; }
  size_t sink() const { return sink_; }

  void add_edge(size_t u, size_t v, int64_t capacity) {
    auto capacity_map = boost::get(boost::edge_capacity, g_);
    auto reverse_map = boost::get(boost::edge_reverse, g_);
    auto e = boost::add_edge(u, v, g_).first;
    auto r = boost::add_edge(v, u, g_).first;
    capacity_map[e] = capacity;
    capacity_map[r] = 0;
    reverse_map[e] = r;
    reverse_map[r] = e;
  }

  // Runs max-flow; returns its value and marks the cut's sink side: the
  // vertices that still reach the sink through unsaturated edges. Of equal
  // cuts this takes the one nearest the sink, as networkx's minimum_cut
  // (2.14's) does, so the values saved are the last of equally cheap ones.
  int64_t cut() {
    const int64_t flow = boost::boykov_kolmogorov_max_flow(g_, source_, sink_);
    auto residual = boost::get(boost::edge_residual_capacity, g_);
    auto reverse = boost::get(boost::edge_reverse, g_);
    sink_side_.assign(boost::num_vertices(g_), false);
    std::vector<size_t> work{sink_};
    sink_side_[sink_] = true;
    while (!work.empty()) {
      const size_t v = work.back();
      work.pop_back();
      // Every edge u -> v is the reverse of an edge v -> u.
      for (auto [e, end] = boost::out_edges(v, g_); e != end; ++e) {
        const auto into_v = reverse[*e];
        const size_t u = boost::source(into_v, g_);
        if (!sink_side_[u] && residual[into_v] > 0) {
          sink_side_[u] = true;
          work.push_back(u);
        }
      }
    }
    return flow;
  }
  bool on_source_side(size_t vertex) const { return !sink_side_[vertex]; }

private:
  FlowGraph g_;
  size_t source_, sink_;
  std::vector<bool> sink_side_;
};
#pragma GCC diagnostic pop

// ---- the joint graph's nodes, classified ----------------------------------------------------------

struct NodeInfo {
  std::vector<Node*> nodes;                       // graph order, output excluded
  std::unordered_map<const Node*, size_t> index;  // position in `nodes`
  std::unordered_set<const Node*> primals, required_fw, required_bw;
  std::unordered_map<const Node*, int64_t> fw_order, dist_from_bw;
  UsersMap users;

  bool is_required_fw(const Node* n) const { return required_fw.count(n) > 0; }
  const std::vector<Node*>& users_of(const Node* n) const {
    static const std::vector<Node*> none;
    auto it = users.find(n);
    return it == users.end() ? none : it->second;
  }
};

NodeInfo classify(const TracedGraph& joint) {
  const graph::Graph& g = *joint.graph;
  const JointParts parts = joint_parts(joint);
  NodeInfo info;
  info.users = users_of(g);
  for (const auto& n : g.nodes())
    if (n->op != graph::NodeOp::Output) {
      info.index[n.get()] = info.nodes.size();
      info.nodes.push_back(n.get());
    }
  info.primals.insert(parts.primals.begin(), parts.primals.end());
  // The backward: what the tangents reach, and the gradients.
  info.required_bw.insert(parts.tangents.begin(), parts.tangents.end());
  for (Node* n : info.nodes)
    if (info.required_bw.count(n))
      for (Node* u : info.users_of(n))
        if (u->op != graph::NodeOp::Output) info.required_bw.insert(u);
  for (const Value& grad : parts.gradients)
    graph::for_each_node(grad, [&](Node* n) { info.required_bw.insert(n); });
  // The forward: what the forward outputs and the epilogue need from the primals.
  std::vector<Node*> work;
  for (const Value& v : parts.fw_outputs) graph::for_each_node(v, [&](Node* n) { work.push_back(n); });
  work.insert(work.end(), parts.epilogue.begin(), parts.epilogue.end());
  while (!work.empty()) {
    Node* n = work.back();
    work.pop_back();
    if (!info.required_fw.insert(n).second || info.primals.count(n)) continue;
    for (Node* in : n->input_nodes()) work.push_back(in);
  }
  int64_t order = 0;
  for (Node* n : info.nodes)
    if (info.is_required_fw(n)) info.fw_order[n] = order++;
  // Distance from the backward: 0 off the forward, else one more than the nearest user's.
  for (auto it = info.nodes.rbegin(); it != info.nodes.rend(); ++it) {
    Node* n = *it;
    int64_t d = 0;
    if (info.is_required_fw(n)) {
      d = 1000000000;
      for (Node* u : info.users_of(n))
        if (u->op != graph::NodeOp::Output) d = std::min(d, info.dist_from_bw.at(u) + 1);
    }
    info.dist_from_bw[n] = d;
  }
  return info;
}

// ---- the decisions --------------------------------------------------------------------------------

class MinCut {
public:
  MinCut(const TracedGraph& joint, const MinCutOptions& options)
      : joint_(joint), options_(options), info_(classify(joint)), network_(info_.nodes.size()) {}

  MinCutResult run() {
    MinCutResult result;
    if (info_.required_bw.empty()) {
      result.graphs = default_partition(joint_);
      return result;
    }
    build_network();
    const int64_t flow = network_.cut();
    if (flow >= kInfinite)
      lang::raise(lang::exc::RuntimeError,
                  "min_cut_rematerialization_partition: no finite cut (a value the backward needs can be neither "
                  "saved nor recomputed)");
    std::vector<Node*> saved;
    for (size_t i = 0; i < info_.nodes.size(); ++i) {
      Node* n = info_.nodes[i];
      const bool cut = network_.on_source_side(network_.in(i)) && !network_.on_source_side(network_.out(i));
      if (cut) {
        saved.push_back(n);
        result.saved.push_back(SavedValue{n->name, value_bytes(*n), reason_saved(n)});
      } else if (info_.is_required_fw(n) && !info_.primals.count(n) && !network_.on_source_side(network_.in(i))) {
        result.recomputed.push_back(n->name);
      }
    }
    if (options_.drop_first_saved_TESTING_ONLY) {
      auto first = std::find_if(saved.begin(), saved.end(), [](Node* n) { return !is_sym_node(*n); });
      if (first != saved.end()) saved.erase(first);
    }
    result.graphs = partition_saving(joint_, saved);
    result.graphs.backward = reorder_like_autograd(result.graphs.backward);
    // partition_saving drops saved values the backward turned out not to read.
    std::unordered_set<std::string> kept;
    for (Node* in : result.graphs.backward->placeholders()) kept.insert(in->name);
    std::erase_if(result.saved, [&](const SavedValue& s) { return !kept.count(s.name); });
    log_decisions(result);
    return result;
  }

private:
  bool is_fusible(const Node* a, const Node* b) const {
    // A cat can absorb its producers ("memory fusion"), though nothing fuses into one.
    if (const ops::OpDef* op = torch::aten_op_of(b->callable); op && op->schema.name == "cat") return true;
    constexpr uint8_t kFusible = kRecomputable | kRandom;
    return (op_types(*a) & kFusible) && (op_types(*b) & kFusible);
  }
  bool is_view(const Node* n) const { return op_types(*n) & kView; }

  // A user outside the forward that cannot fuse with it (through views) needs the value in memory anyway.
  bool is_materialized_backwards(const Node* n) const {
    if (is_view(n)) return false;
    std::vector<const Node*> work{n};
    std::unordered_set<const Node*> seen{n};
    while (!work.empty()) {
      const Node* cur = work.back();
      work.pop_back();
      for (const Node* u : info_.users_of(cur)) {
        if (!info_.is_required_fw(u) && !is_fusible(cur, u)) return true;
        if (is_view(u) && seen.insert(u).second) work.push_back(u);
      }
    }
    return false;
  }

  bool is_materialized(const Node* n) const {
    if (n->op == graph::NodeOp::Placeholder) return true;
    for (const Node* u : info_.users_of(n))
      if (!is_fusible(n, u)) return true;
    return false;
  }

  // 2.14's should_ban_recomputation, with the reason it bans.
  const char* ban_reason(const Node* n) const {
    if (n->op != graph::NodeOp::CallFunction || n->target == "operator.getitem") return nullptr;
    const uint8_t types = op_types(*n);
    if (options_.ban_if_not_in_allowlist) {
      if (!(types & kRecomputable))
        return types & kRandom              ? "a random op (never recomputed)"
               : types & kComputeIntensive ? "a compute-intensive op (never recomputed)"
                                           : "not in the recomputable allowlist";
    } else if (types & (kRandom | kComputeIntensive)) {
      return types & kRandom ? "a random op (never recomputed)" : "a compute-intensive op (never recomputed)";
    }
    if (options_.ban_if_materialized_backward && is_materialized_backwards(n))
      return "materialized in the backward anyway";
    const int64_t dist = info_.dist_from_bw.at(n);
    if (dist < 1000 && dist > options_.max_dist_from_bw) return "too far from the backward";
    if (options_.ban_if_reduction) {
      int64_t inputs = 0;
      for (const Node* in : n->input_nodes()) inputs += value_bytes(*in);
      if (value_bytes(*n) * 4 < inputs) return "a reduction whose output is over 4x smaller than its inputs";
    }
    return nullptr;
  }

  void ban(const Node* n, std::string reason) {
    if (is_view(n) || banned_.count(n)) return;
    banned_[n] = std::move(reason);
    network_.add_edge(network_.source(), network_.in(info_.index.at(n)), kInfinite);
  }

  int64_t weight(const Node* n) const {
    if (is_sym_node(*n)) return 1;
    if (!tensor::is_tensor(n->example_value)) return kInfinite; // a tuple: its getitems are what can be saved
    const int64_t dist = std::max<int64_t>(std::min<int64_t>(info_.dist_from_bw.at(n), 100), 1);
    // The bias towards saving values close to the backward.
    const auto bytes = static_cast<int64_t>(static_cast<double>(value_bytes(*n)) * std::pow(1.1, static_cast<double>(dist)));
    return is_materialized(n) ? bytes : 2 * bytes;
  }

  void build_network() {
    for (size_t i = 0; i < info_.nodes.size(); ++i) {
      const Node* n = info_.nodes[i];
      if (info_.required_bw.count(n)) {
        if (!info_.primals.count(n)) {
          network_.add_edge(network_.in(i), network_.sink(), kInfinite);
          continue;
        }
        network_.add_edge(network_.out(i), network_.sink(), kInfinite);
      }
      if (info_.primals.count(n)) ban(n, "a primal input");
      if (info_.is_required_fw(n))
        if (const char* reason = ban_reason(n)) ban(n, reason);
      network_.add_edge(network_.in(i), network_.out(i), weight(n));
      for (const Node* u : info_.users_of(n))
        if (u->op != graph::NodeOp::Output) network_.add_edge(network_.out(i), network_.in(info_.index.at(u)), kInfinite);
    }
    if (options_.ban_if_used_far_apart) ban_used_far_apart();
    if (options_.ban_if_long_fusible_chains) ban_long_fusible_chains();
  }

  int64_t fw_order(const Node* n) const { return info_.fw_order.at(n); }

  // The forward position of the first op, from `starts` on through fusible
  // uses, that cannot fuse (`max_range` when none comes before it).
  int64_t first_unfusible(const std::vector<const Node*>& starts, int64_t max_range) const {
    using Item = std::tuple<int64_t, const Node*, bool>;
    std::priority_queue<Item, std::vector<Item>, std::greater<>> queue;
    std::unordered_set<const Node*> queued;
    for (const Node* n : starts) queue.emplace(fw_order(n), n, true);
    while (!queue.empty()) {
      auto [order, n, fusible] = queue.top();
      queue.pop();
      if (!fusible) return order;
      for (const Node* u : info_.users_of(n))
        if (info_.is_required_fw(u) && fw_order(u) <= max_range && queued.insert(u).second)
          queue.emplace(fw_order(u), u, is_fusible(n, u));
    }
    return max_range;
  }

  // A value used both before and after an op that cannot fuse: its later
  // fusible users are saved, not recomputed across it.
  void ban_used_far_apart() {
    for (const Node* used : info_.nodes) {
      if (!info_.is_required_fw(used)) continue;
      std::vector<const Node*> fw_users;
      int64_t last = -1;
      for (const Node* u : info_.users_of(used))
        if (info_.is_required_fw(u)) {
          fw_users.push_back(u);
          last = std::max(last, fw_order(u));
        }
      if (fw_users.empty()) continue;
      const int64_t first = first_unfusible(fw_users, last);
      for (const Node* u : fw_users)
        if (fw_order(u) > first && is_fusible(used, u)) ban(u, "used far apart from its input (past an unfusible op)");
    }
  }

  // Cuts chains of fusible ops longer than 100 forward nodes (residual
  // connections from the first layer to the last).
  void ban_long_fusible_chains() {
    std::unordered_set<const Node*> visited;
    for (const Node* start : info_.nodes) {
      if (!info_.is_required_fw(start)) continue;
      using Item = std::pair<int64_t, const Node*>;
      std::priority_queue<Item, std::vector<Item>, std::greater<>> fusible;
      fusible.emplace(fw_order(start), start);
      const int64_t start_order = fw_order(start);
      while (!fusible.empty()) {
        const Node* cur = fusible.top().second;
        fusible.pop();
        if (!visited.insert(cur).second) continue;
        if (fw_order(cur) > start_order + 100 && fusible.empty()) {
          ban(cur, "the end of a fusible chain over 100 ops long");
          break;
        }
        for (const Node* u : info_.users_of(cur))
          if (info_.is_required_fw(u) && is_fusible(cur, u) && !banned_.count(u)) fusible.emplace(fw_order(u), u);
      }
    }
  }

  std::string reason_saved(const Node* n) const {
    if (auto it = banned_.find(n); it != banned_.end()) return "banned from recompute: " + it->second;
    return "cheaper to save than to recompute from what is saved";
  }

  void log_decisions(const MinCutResult& r) const {
    if (!logging::enabled(kLogger, logging::kDebug)) return;
    int64_t total = 0;
    std::string lines;
    for (const SavedValue& s : r.saved) {
      total += s.bytes;
      lines += "\n  saved " + s.name + " (" + std::to_string(s.bytes) + " bytes): " + s.reason;
    }
    for (const std::string& name : r.recomputed) lines += "\n  recomputed in the backward: " + name;
    logging::log(kLogger, logging::kDebug,
                 "min-cut partition: " + std::to_string(r.saved.size()) + " saved values, " +
                     std::to_string(total) + " bytes" + lines);
  }

  const TracedGraph& joint_;
  const MinCutOptions& options_;
  NodeInfo info_;
  FlowNetwork network_;
  std::unordered_map<const Node*, std::string> banned_;
};

int64_t tensor_bytes(const Value& v) {
  if (!tensor::is_tensor(v)) return 0;
  const Tensor t = Tensor::from_value(v);
  return t->sym_numel().hint() * static_cast<int64_t>(tensor::itemsize(t.dtype()));
}

} // namespace

int64_t value_bytes(const Node& n) {
  const Value& v = n.example_value;
  if (is_sym_node(n)) return 1;
  if (v.is_obj() && v.as_obj()->type->layout == lang::Layout::Tuple) {
    int64_t total = 0;
    for (const Value& item : v.as<lang::Tuple>()->items) total += tensor_bytes(item);
    return total;
  }
  return tensor_bytes(v);
}

MinCutResult min_cut_partition(const TracedGraph& joint, const MinCutOptions& options) {
  return MinCut(joint, options).run();
}

} // namespace refc::aot

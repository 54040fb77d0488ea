// simplify_constants: scalar arguments to 1. Every float constant of the
// graph (and every float input) becomes 1.0 at once; when that changes the
// failure and the graph is small, one op at a time.
#include "minifier/strategy.h"

namespace refc::minifier {

namespace {

constexpr size_t kOneAtATime = 16; // ops: above this, only the all-at-once candidate

bool simple(const lang::Value& v) { return !v.is_float() || v.as_float() == 0.0 || v.as_float() == 1.0; }

} // namespace

std::optional<Candidate> simplify_constants(const Candidate& current, Oracle& oracle) {
  auto to_one = [](const graph::Node&, const lang::Value& v) { return simple(v) ? v : lang::Value::floating(1.0); };
  std::vector<lang::Value> inputs = current.inputs;
  bool changed = false;
  for (lang::Value& v : inputs)
    if (!simple(v)) {
      v = lang::Value::floating(1.0);
      changed = true;
    }
  std::vector<Candidate> candidates;
  bool has_constants = false;
  map_constants(current, [&](const graph::Node&, const lang::Value& v) {
    has_constants = has_constants || !simple(v);
    return v;
  });
  if (!has_constants && !changed) return std::nullopt;
  candidates.push_back(map_constants(with_inputs(current, inputs), to_one));
  if (has_constants && current.op_count() <= kOneAtATime)
    for (graph::Node* op : current.ops()) {
      bool touches = false;
      Candidate one = map_constants(current, [&](const graph::Node& n, const lang::Value& v) {
        touches = touches || !simple(v);
        return to_one(n, v);
      }, op);
      if (touches) candidates.push_back(std::move(one));
    }
  return first_reproducing(oracle, candidates);
}

} // namespace refc::minifier

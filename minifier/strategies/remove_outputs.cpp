// remove_outputs: return fewer values. Delta debugging over the outputs;
// the ops only a removed output needed die with it.
#include "minifier/remove_chunks.h"
#include "minifier/strategy.h"

namespace refc::minifier {

std::optional<Candidate> remove_outputs(const Candidate& current, Oracle& oracle) {
  const std::vector<graph::Node*> outputs = current.outputs();
  if (outputs.size() <= 1) return std::nullopt;
  const std::vector<bool> all(current.op_count(), true);
  return remove_chunks(outputs.size(), 2, [&](const std::vector<bool>& removed) -> std::optional<Candidate> {
    std::vector<graph::Node*> kept;
    for (size_t i = 0; i < outputs.size(); ++i)
      if (!removed[i]) kept.push_back(outputs[i]);
    if (kept.empty()) return std::nullopt;
    return extract(current, live_ops(current, all, kept), kept, {});
  }, oracle);
}

} // namespace refc::minifier

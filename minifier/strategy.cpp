// The strategy registry (strategies/strategies.def) and first_reproducing.
#include "minifier/strategy.h"

#include <algorithm>

namespace refc::minifier {

#define STRATEGY(name, summary) std::optional<Candidate> name(const Candidate& current, Oracle& oracle);
#include "minifier/strategies/strategies.def"
#undef STRATEGY

std::span<const Strategy> strategies() {
  static const Strategy kStrategies[] = {
#define STRATEGY(name, summary) {#name, summary, name},
#include "minifier/strategies/strategies.def"
#undef STRATEGY
  };
  return kStrategies;
}

std::optional<Candidate> first_reproducing(Oracle& oracle, const std::vector<Candidate>& candidates) {
  const size_t step = std::max<size_t>(oracle.parallelism(), 1);
  for (size_t start = 0; start < candidates.size(); start += step) {
    const std::vector<Candidate> batch(candidates.begin() + static_cast<std::ptrdiff_t>(start),
                                       candidates.begin() + static_cast<std::ptrdiff_t>(std::min(start + step, candidates.size())));
    const std::vector<bool> answers = oracle.reproduces(batch);
    for (size_t i = 0; i < batch.size(); ++i)
      if (answers[i]) return batch[i];
  }
  return std::nullopt;
}

} // namespace refc::minifier

// Delta debugging by removal.
#include "reference_compiler/minifier/remove_chunks.h"

#include <algorithm>

namespace refc::minifier {

std::optional<Candidate> remove_chunks(size_t n, size_t granularity, const BuildWithout& build, Oracle& oracle) {
  std::vector<bool> removed(n, false);
  std::optional<Candidate> best;
  size_t g = std::max<size_t>(granularity, 1);
  const size_t step = std::max<size_t>(oracle.parallelism(), 1);
  for (;;) {
    std::vector<size_t> alive;
    for (size_t i = 0; i < n; ++i)
      if (!removed[i]) alive.push_back(i);
    if (alive.empty()) break;
    g = std::min(g, alive.size());

    // One candidate per chunk: `removed` plus that chunk.
    std::vector<std::vector<bool>> without;
    std::vector<Candidate> candidates;
    for (size_t k = 0; k < g; ++k) {
      std::vector<bool> r = removed;
      for (size_t j = alive.size() * k / g; j < alive.size() * (k + 1) / g; ++j) r[alive[j]] = true;
      if (std::optional<Candidate> c = build(r)) {
        without.push_back(std::move(r));
        candidates.push_back(std::move(*c));
      }
    }

    bool progressed = false;
    for (size_t start = 0; start < candidates.size() && !progressed; start += step) {
      const size_t end = std::min(start + step, candidates.size());
      const std::vector<bool> answers =
          oracle.reproduces({candidates.begin() + static_cast<std::ptrdiff_t>(start), candidates.begin() + static_cast<std::ptrdiff_t>(end)});
      std::vector<size_t> accepted;
      for (size_t i = start; i < end; ++i)
        if (answers[i - start]) accepted.push_back(i);
      if (accepted.empty()) continue;
      progressed = true;
      removed = without[accepted.front()];
      best = candidates[accepted.front()];
      if (accepted.size() > 1) { // every chunk that could go, at once
        std::vector<bool> all = removed;
        for (size_t i : accepted)
          for (size_t e = 0; e < n; ++e) all[e] = all[e] || without[i][e];
        if (std::optional<Candidate> c = build(all); c && oracle.reproduces({*c}).front()) {
          removed = std::move(all);
          best = std::move(*c);
        }
      }
    }
    if (progressed) g = std::max<size_t>(g - 1, 1);
    else if (g >= alive.size()) break;
    else g = std::min(g * 2, alive.size());
  }
  return best;
}

} // namespace refc::minifier

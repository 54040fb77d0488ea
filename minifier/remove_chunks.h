// remove_chunks: delta debugging by removal (Zeller's ddmin, complement
// side), shared by everything that shrinks a set: the graph strategies (ops,
// outputs) and the program reducer (statements). The n elements are split
// into g contiguous chunks; a candidate without one chunk that still fails
// is kept and the search goes on from it at a granularity one coarser; when
// no chunk can go, the granularity doubles, until chunks are single
// elements. Candidates are tested `parallelism` at a time, and when several
// chunks of a batch can go, all of them together are tried first.
#pragma once

#include "minifier/oracle.h"

#include <algorithm>
#include <functional>
#include <optional>
#include <vector>

namespace refc::minifier {

// The candidate without the elements `removed` marks, or none when there is no such candidate.
template <class C> using BuildWithout = std::function<std::optional<C>(const std::vector<bool>& removed)>;
// For each candidate, whether it still fails.
template <class C> using TestBatch = std::function<std::vector<bool>(const std::vector<C>&)>;

// The smallest failing candidate found, or none when no element could go.
// `granularity` is the first number of chunks (1: first try removing all).
template <class C>
std::optional<C> remove_chunks(size_t n, size_t granularity, size_t parallelism, const BuildWithout<C>& build,
                               const TestBatch<C>& test) {
  std::vector<bool> removed(n, false);
  std::optional<C> best;
  size_t g = std::max<size_t>(granularity, 1);
  const size_t step = std::max<size_t>(parallelism, 1);
  for (;;) {
    std::vector<size_t> alive;
    for (size_t i = 0; i < n; ++i)
      if (!removed[i]) alive.push_back(i);
    if (alive.empty()) break;
    g = std::min(g, alive.size());

    // One candidate per chunk: `removed` plus that chunk.
    std::vector<std::vector<bool>> without;
    std::vector<C> candidates;
    for (size_t k = 0; k < g; ++k) {
      std::vector<bool> r = removed;
      for (size_t j = alive.size() * k / g; j < alive.size() * (k + 1) / g; ++j) r[alive[j]] = true;
      if (std::optional<C> c = build(r)) {
        without.push_back(std::move(r));
        candidates.push_back(std::move(*c));
      }
    }

    bool progressed = false;
    for (size_t start = 0; start < candidates.size() && !progressed; start += step) {
      const size_t end = std::min(start + step, candidates.size());
      const std::vector<bool> answers = test({candidates.begin() + static_cast<std::ptrdiff_t>(start),
                                              candidates.begin() + static_cast<std::ptrdiff_t>(end)});
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
        if (std::optional<C> c = build(all); c && test({*c}).front()) {
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

// The graph strategies' form: candidates tested by the oracle.
inline std::optional<Candidate> remove_chunks(size_t n, size_t granularity, const BuildWithout<Candidate>& build,
                                              Oracle& oracle) {
  return remove_chunks<Candidate>(n, granularity, oracle.parallelism(), build,
                                  [&](const std::vector<Candidate>& batch) { return oracle.reproduces(batch); });
}

} // namespace refc::minifier

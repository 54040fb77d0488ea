// Oracle: the question every strategy asks, "which of these candidates
// still fail the way the original does?". The minifier answers it by
// running each candidate as a repro in an isolated child (query.h), several
// at once; strategies only see this interface, so they can be driven by
// any answer (a test can give one without processes).
#pragma once

#include "minifier/candidate.h"

#include <optional>
#include <string_view>
#include <vector>

namespace refc::minifier {

class Oracle {
public:
  virtual ~Oracle() = default;
  // For each candidate, whether it fails as the original does. The batch
  // runs in parallel; answers are remembered, so asking again is free.
  virtual std::vector<bool> reproduces(const std::vector<Candidate>& batch) = 0;
  // The eager value of every node of `c` (what a cut-off node's users get).
  virtual const NodeValues& values(const Candidate& c) = 0;
  // How many candidates run at once: a batch this size costs one round.
  virtual size_t parallelism() const = 0;
};

// The first candidate that reproduces, asking `parallelism()` candidates at
// a time and stopping at the first batch with an answer.
std::optional<Candidate> first_reproducing(Oracle& oracle, const std::vector<Candidate>& candidates);

} // namespace refc::minifier

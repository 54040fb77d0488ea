// remove_chunks: delta debugging by removal (Zeller's ddmin, complement
// side), shared by the strategies that shrink a set (ops, outputs). The n
// elements are split into g contiguous chunks; a candidate without one
// chunk that still fails is kept and the search goes on from it at a
// granularity one coarser; when no chunk can go, the granularity doubles,
// until chunks are single elements. Candidates go to the oracle a batch at
// a time (its parallelism), and when several chunks of a batch can go, all
// of them together are tried first.
#pragma once

#include "reference_compiler/minifier/oracle.h"

#include <functional>
#include <optional>
#include <vector>

namespace refc::minifier {

// The candidate without the elements `removed` marks, or none when there is no such candidate.
using BuildWithout = std::function<std::optional<Candidate>(const std::vector<bool>& removed)>;

// The smallest failing candidate found, or none when no element could go.
// `granularity` is the first number of chunks (1: first try removing all).
std::optional<Candidate> remove_chunks(size_t n, size_t granularity, const BuildWithout& build, Oracle& oracle);

} // namespace refc::minifier

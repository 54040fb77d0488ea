// truncate_prefix: the shortest prefix of the ops that still fails. The
// candidate for prefix ops[0..k] returns ops[k] and every value of the
// prefix read after it, so a fault anywhere in the prefix still reaches an
// output. Failing is taken to be monotonic in k (a longer prefix holds a
// shorter one's failure), so a binary search finds the cut in log2(n)
// queries, where PyTorch's remove_suffix walks every granularity. It asks
// one point a round: a (p+1)-ary search would take fewer rounds but more
// queries, and queries are what a slow backend makes expensive.
#include "minifier/strategy.h"

#include <unordered_map>

namespace refc::minifier {

std::optional<Candidate> truncate_prefix(const Candidate& current, Oracle& oracle) {
  const std::vector<graph::Node*> ops = current.ops();
  const size_t n = ops.size();
  if (n <= 1) return std::nullopt;
  // The last position reading each op (n: the output).
  std::unordered_map<const graph::Node*, size_t> last_read;
  for (size_t i = 0; i < n; ++i)
    for (graph::Node* in : ops[i]->input_nodes()) last_read[in] = i;
  for (graph::Node* out : current.outputs()) last_read[out] = n;

  const NodeValues& values = oracle.values(current);
  auto prefix = [&](size_t k) {
    std::vector<bool> keep(n, false);
    std::vector<graph::Node*> outputs;
    for (size_t i = 0; i <= k; ++i) {
      keep[i] = true;
      if (i == k || (last_read.count(ops[i]) && last_read.at(ops[i]) > k)) outputs.push_back(ops[i]);
    }
    return extract(current, keep, outputs, values);
  };

  // Invariant: prefix(hi) fails (the whole graph does); prefix(lo) does not, or lo is before the start.
  ptrdiff_t lo = -1, hi = static_cast<ptrdiff_t>(n) - 1;
  std::optional<Candidate> best;
  while (hi - lo > 1) {
    const ptrdiff_t k = lo + (hi - lo) / 2;
    Candidate c = prefix(static_cast<size_t>(k));
    if (oracle.reproduces({c}).front()) {
      hi = k;
      best = std::move(c);
    } else {
      lo = k;
    }
  }
  return best;
}

} // namespace refc::minifier

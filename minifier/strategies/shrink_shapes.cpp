// shrink_shapes: smaller inputs. First every dim to 1 at once (pointwise
// graphs take it); then for each size some input dim has (largest first),
// every dim of that size shrinks at once - to 1, 2, 4 or half, smallest
// first - so inputs that broadcast together stay compatible; the graph's
// integer constants equal to the size (view and expand arguments of a
// static graph) are tried shrunk along with them.
#include "minifier/strategy.h"
#include "reference_compiler/ops/call.h"
#include "reference_compiler/tensor/tensor.h"

#include <set>

namespace refc::minifier {

namespace {

using tensor::Tensor;

std::set<int64_t, std::greater<>> input_sizes(const Candidate& c) {
  std::set<int64_t, std::greater<>> sizes;
  for (const lang::Value& v : c.inputs)
    if (tensor::is_tensor(v))
      for (int64_t s : Tensor::from_value(v).sizes())
        if (s > 1) sizes.insert(s);
  return sizes;
}

// Every dim of size `from` narrowed to `to`, the result in fresh storage.
lang::Value shrink(const lang::Value& v, int64_t from, int64_t to) {
  if (!tensor::is_tensor(v)) return v;
  Tensor t = Tensor::from_value(v);
  bool changed = false;
  for (int64_t d = 0; d < t.dim(); ++d)
    if (t.sizes()[static_cast<size_t>(d)] == from) {
      t = ops::call_tensor("narrow", t, d, int64_t{0}, to);
      changed = true;
    }
  return changed ? ops::call("clone", ops::call_tensor("contiguous", t)) : v;
}

} // namespace

std::optional<Candidate> shrink_shapes(const Candidate& current, Oracle& oracle) {
  std::optional<Candidate> best;
  if (const auto sizes = input_sizes(current); sizes.size() > 1) {
    std::vector<lang::Value> ones = current.inputs;
    for (int64_t size : sizes)
      for (lang::Value& v : ones) v = shrink(v, size, 1);
    best = first_reproducing(oracle, {with_inputs(current, std::move(ones))});
  }
  for (bool progressed = true; progressed;) {
    progressed = false;
    const Candidate& from = best ? *best : current;
    for (int64_t size : input_sizes(from)) {
      std::vector<Candidate> candidates;
      for (int64_t to : std::set<int64_t>{1, 2, 4, size / 2}) {
        if (to < 1 || to >= size) continue;
        std::vector<lang::Value> inputs;
        for (const lang::Value& v : from.inputs) inputs.push_back(shrink(v, size, to));
        bool constants = false;
        Candidate with_constants = map_constants(with_inputs(from, inputs), [&](const graph::Node&, const lang::Value& v) {
          if (!v.is_int() || v.as_int() != size) return v;
          constants = true;
          return lang::Value::integer(to);
        });
        if (constants) candidates.push_back(std::move(with_constants));
        candidates.push_back(with_inputs(from, std::move(inputs)));
      }
      if (std::optional<Candidate> c = first_reproducing(oracle, candidates)) {
        best = std::move(c);
        progressed = true;
        break; // the sizes changed: start over from the largest
      }
    }
  }
  return best;
}

} // namespace refc::minifier

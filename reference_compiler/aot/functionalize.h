// Functionalization: an ATen graph without in-place ops.
#pragma once
#include "reference_compiler/graph/graph.h"

namespace refc::aot {

// Takes a traced ATen graph (trace_joint), whose later uses of a mutated
// tensor already read the in-place node. Replaces every in-place op with its
// functional op. A write through a view (a chain of view ops from a base
// tensor) also computes the base's new value by scattering the written view
// back up the chain (slice_scatter, select_scatter, diagonal_scatter,
// as_strided_scatter; the
// inverse view for reshapes and permutations), and every later read of the
// base or of another view of it reads the view replayed from the new base,
// as 2.14's functionalization does. For each mutated graph input it appends
// `torch.ops.aten.copy_.default(input, new_value)` before the output
// (2.14's epilogue with keep_input_mutations; an epilogue node carries the
// user line of the last mutation when `epilogue_frames`, the inference case,
// and no line in a joint graph). Returns whether anything changed. Raises
// NotImplementedError naming the op for an in-place op without a functional
// variant, a write through a view op it cannot invert (expand, split's
// outputs), and a write to a tensor sharing storage with another base that
// is read afterwards (inputs aliasing each other).
bool functionalize(graph::Graph& g, bool epilogue_frames);

// Whether `n` calls an op that writes one of its arguments (copy_ of the
// epilogue): such nodes are kept with no users.
bool is_mutation(const graph::Node& n);

} // namespace refc::aot

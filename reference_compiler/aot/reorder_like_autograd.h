// The backward graph reordered as the autograd engine runs it (2.14's
// reordering_to_mimic_autograd_engine, which its min-cut partitioner runs).
#pragma once
#include "reference_compiler/graph/graph.h"

#include <memory>

namespace refc::aot {

// From the first node that reads a tangent on, each node is placed after
// the nodes it needs that are not placed yet, in their original order; so a
// forward value the backward recomputes is computed just before its first
// use, not all together at the start. copy_ nodes before that point keep
// their place. A graph whose gradients read no tangent comes back as it is.
std::shared_ptr<graph::Graph> reorder_like_autograd(const std::shared_ptr<graph::Graph>& backward);

} // namespace refc::aot

// Dead-code elimination on an ATen graph.
#pragma once
#include "reference_compiler/graph/graph.h"

namespace refc::aot {

// Removes every call node whose value nothing uses, last first, so chains of
// dead nodes go in one pass; mutations (is_mutation) stay. Returns whether
// anything was removed.
bool eliminate_dead_code(graph::Graph& g);

} // namespace refc::aot

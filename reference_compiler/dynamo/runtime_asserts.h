// insert_runtime_asserts: the checks of unbacked values the graph makes when
// it runs (PyTorch's insert_deferred_runtime_asserts pass). Right after the
// node that binds an unbacked symbol (`item = x.item()` binds u0; a tensor of
// size u0, nonzero's output, binds it through a `torch.ops.aten.sym_size.int`
// node the pass adds) come
// _assert_scalar nodes for the symbol's refined range (`u0 >= 1`) and for
// each runtime assert the ShapeEnv recorded whose symbols are all bound by
// then; a user's torch._check(cond) node becomes an _assert_scalar of cond.
#pragma once

#include "reference_compiler/graph/graph.h"
#include "reference_compiler/symbolic/shape_env.h"

#include <memory>

namespace refc::dynamo {

// torch.ops.aten._assert_scalar.default: RuntimeError(message) when its
// condition is false.
lang::Value assert_scalar_callable();

// The marker a traced torch._check(cond) leaves in the graph for this pass.
inline constexpr const char* kTorchCheckTarget = "torch._check";
// The node a traced torch._check_is_size(n) leaves (kept, as 2.14 keeps it):
// its symbol's single-bound asserts are not repeated.
inline constexpr const char* kCheckIsSizeTarget = "torch._check_is_size";

void insert_runtime_asserts(graph::Graph& g, const std::shared_ptr<symbolic::ShapeEnv>& env);

} // namespace refc::dynamo

// Higher-order ops: calls taking functions (torch.cond), traced as PyTorch's
// Dynamo traces them (torch/_dynamo/variables/higher_order_ops.py). Each
// function argument is traced into a subgraph of its own (speculate_subgraph,
// with a SubgraphTracer), the subgraphs become attributes of the graph's
// module, and the call becomes one node calling the operator
// (torch.ops.higher_order.<name>) on them. A graph break inside is no break
// but an error (UncapturedHigherOrderOpError): the op only means something
// captured whole. The registry has one entry per op: where its user-facing
// function and its operator live, and its tracing rule.
#pragma once

#include "reference_compiler/dynamo/variables.h"

#include <string>
#include <utility>
#include <vector>

namespace refc::dynamo {

class InstructionTranslator;

using HigherOrderRule = VarPtr (*)(InstructionTranslator& tx, std::vector<VarPtr> args,
                                   std::vector<std::pair<std::string, VarPtr>> kwargs);

// The rule tracing a call of `f` (its arguments realized), or null when `f`
// is not a higher-order op.
HigherOrderRule higher_order_rule(const lang::Value& f);

} // namespace refc::dynamo

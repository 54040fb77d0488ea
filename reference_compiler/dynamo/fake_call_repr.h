// How PyTorch's "Dynamo failed to run FX node with fake tensors" errors show
// the values a node was called with: FakeTensor(..., size=(3,)) for a fake
// tensor (its dtype when not float32, requires_grad=True when it does),
// lists and tuples element by element, anything else by its repr.
#pragma once

#include "reference_compiler/lang/value.h"

#include <string>
#include <vector>

namespace refc::dynamo {

std::string fake_value_repr(const lang::Value& v);
// "call_function NAME(*(ARG, ...), **{'k': V})": `values` holds the
// positional arguments, then one value per keyword in `names`.
std::string fake_call_repr(const std::string& name, const std::vector<lang::Value>& values, size_t npos,
                           const std::vector<std::string>& names);

} // namespace refc::dynamo

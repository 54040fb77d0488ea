// What the C++ front end reads from, writes to and raises into the Python
// modules of torch._dynamo: its config, its counters and its exceptions.
#pragma once

#include "reference_compiler/lang/value.h"

#include <cstdint>
#include <string>

namespace refc::dynamo {

// torch._dynamo.config.<name>.
lang::Value dynamo_config(const char* name);
// torch._dynamo.utils.counters[category][key] += n.
void bump_counter(const char* category, const std::string& key, int64_t n = 1);
// Raises torch._dynamo.exc.<type>(message).
[[noreturn]] void raise_dynamo_exception(const char* type, const std::string& message);

} // namespace refc::dynamo

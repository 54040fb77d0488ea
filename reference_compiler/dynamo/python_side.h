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
// Raises torch._dynamo.exc.<type>(message). With `traceback_of`, the new
// exception carries that one's traceback and hides it as its context, as
// Dynamo's `raise X(...).with_traceback(e.__traceback__) from None` does.
[[noreturn]] void raise_dynamo_exception(const char* type, const std::string& message,
                                         const lang::Value& traceback_of = lang::Value());
// Dynamo's augment_exc_message: the hint every compile error ends with.
inline constexpr const char* kVerboseHint =
    "\nSet TORCHDYNAMO_VERBOSE=1 for the internal stack trace (please do this especially if you're reporting a bug "
    "to PyTorch). For even more developer context, set TORCH_LOGS=\"+dynamo\"\n";

} // namespace refc::dynamo

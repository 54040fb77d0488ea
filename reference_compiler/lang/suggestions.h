// The "Did you mean: 'x'?" hints CPython 3.11 appends to NameError and
// AttributeError messages in tracebacks: the closest candidate name by
// CPython's weighted Levenshtein distance (suggestions.c), or nothing.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace refc::lang {

// The best suggestion for `name` among `candidates` (empty when none is close
// enough, or when there are 750 or more candidates, as in CPython).
std::string suggest_name(std::string_view name, const std::vector<std::string>& candidates);

} // namespace refc::lang

// Planted bugs (TESTING_ONLY): the bugs the debugging tools are tested on,
// compiled in and switched on by name -
//   torch._dynamo.config.planted_bugs_TESTING_ONLY = "unguarded_constants"
//   TORCHDYNAMO_PLANTED_BUGS_TESTING_ONLY=unguarded_constants,...
// The list is planted_bugs.def; the code each one breaks asks planted().
#pragma once

#include <span>
#include <string_view>

namespace refc::dynamo {

enum class PlantedBug {
#define PLANTED_BUG(name, what) name,
#include "reference_compiler/dynamo/planted_bugs.def"
#undef PLANTED_BUG
};

// Every planted bug, in registry order: its name and what it breaks.
struct PlantedBugInfo {
  std::string_view name, what;
};
std::span<const PlantedBugInfo> planted_bugs();

// Whether `bug` is switched on (the config is read on every call; an
// unknown name raises ValueError listing the known ones; without
// torch._dynamo, nothing is on).
bool planted(PlantedBug bug);

class LeafGuard;
struct Source;
// Whether a planted bug drops this guard (its kind's, or any on a global or
// closure cell).
bool dropped_by_planted_bug(const Source& source, const LeafGuard& guard);

} // namespace refc::dynamo

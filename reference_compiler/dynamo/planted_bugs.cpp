// Reading planted_bugs_TESTING_ONLY.
#include "reference_compiler/dynamo/planted_bugs.h"

#include "reference_compiler/dynamo/guards/leaf_guards.h"
#include "reference_compiler/dynamo/python_side.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/container_support.h"
#include "reference_compiler/lang/str_object.h"

#include <algorithm>

#include <string>
#include <string_view>

namespace refc::dynamo {

namespace {

constexpr std::string_view kNames[] = {
#define PLANTED_BUG(name, what) #name,
#include "reference_compiler/dynamo/planted_bugs.def"
#undef PLANTED_BUG
};

} // namespace

std::span<const PlantedBugInfo> planted_bugs() {
  static constexpr PlantedBugInfo kBugs[] = {
#define PLANTED_BUG(name, what) {#name, what},
#include "reference_compiler/dynamo/planted_bugs.def"
#undef PLANTED_BUG
  };
  return kBugs;
}

bool planted(PlantedBug bug) {
  lang::Value setting;
  try {
    setting = dynamo_config("planted_bugs_TESTING_ONLY");
  } catch (const lang::PyError&) { // no torch._dynamo (guards built by C++ alone): nothing is planted
    return false;
  }
  if (!lang::is_str(setting)) return false;
  const std::string_view spec = lang::to_str(setting)->view();
  bool on = false;
  for (size_t start = 0; start <= spec.size();) {
    size_t comma = spec.find(',', start);
    if (comma == std::string_view::npos) comma = spec.size();
    std::string_view name = spec.substr(start, comma - start);
    while (!name.empty() && name.front() == ' ') name.remove_prefix(1);
    while (!name.empty() && name.back() == ' ') name.remove_suffix(1);
    start = comma + 1;
    if (name.empty()) continue;
    const auto* it = std::find(std::begin(kNames), std::end(kNames), name);
    if (it == std::end(kNames)) {
      std::string known;
      for (std::string_view n : kNames) known += (known.empty() ? "" : ", ") + std::string(n);
      lang::raise(lang::exc::ValueError, "planted_bugs_TESTING_ONLY: unknown bug '" + std::string(name) +
                                             "' (known: " + known + ")");
    }
    on = on || static_cast<size_t>(it - std::begin(kNames)) == static_cast<size_t>(bug);
  }
  return on;
}

} // namespace refc::dynamo

namespace refc::dynamo {

namespace {

// The planted bugs that drop every guard of one kind.
constexpr std::pair<PlantedBug, std::string_view> kDroppedKinds[] = {
    {PlantedBug::unguarded_constants, "EQUALS_MATCH"}, {PlantedBug::unguarded_types, "TYPE_MATCH"},
    {PlantedBug::unguarded_lengths, "LENGTH_CHECK"},   {PlantedBug::unguarded_dict_keys, "DICT_KEY_MATCH"},
    {PlantedBug::unguarded_ids, "ID_MATCH"},
};

// The kind of the frame local, closure cell or global a source starts at.
Source::Kind root_kind(const Source& s) { return s.base ? root_kind(*s.base) : s.kind; }

} // namespace

bool dropped_by_planted_bug(const Source& source, const LeafGuard& guard) {
  for (const auto& [bug, kind] : kDroppedKinds)
    if (guard.kind() == kind && planted(bug)) return true;
  const Source::Kind root = root_kind(source);
  return (root == Source::Kind::Global && planted(PlantedBug::unguarded_globals)) ||
         (root == Source::Kind::Closure && planted(PlantedBug::unguarded_closures));
}

} // namespace refc::dynamo

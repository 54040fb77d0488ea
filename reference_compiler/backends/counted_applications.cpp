// Counted applications (see counted_applications.h).
#include "reference_compiler/backends/counted_applications.h"

#include "reference_compiler/logging/logs.h"

#include <array>
#include <cstdlib>
#include <optional>

namespace refc::backends {

namespace {

struct SubsystemInfo {
  std::string_view name, backend;
};
constexpr SubsystemInfo kSubsystems[] = {
#define REFC_SUBSYSTEM(name, backend, description) {#name, #backend},
#include "reference_compiler/backends/subsystems.def"
#undef REFC_SUBSYSTEM
};
constexpr size_t kNumSubsystems = std::size(kSubsystems);

constexpr std::string_view kLogger = "torch._inductor.compiler_bisector";

// TORCH_BISECT_*: read once per process, as 2.14's get_env_val caches them.
struct BisectSettings {
  std::string backend, subsystem;
  std::optional<int64_t> max;
};
const BisectSettings& settings() {
  static const BisectSettings s = [] {
    BisectSettings b;
    if (const char* v = std::getenv("TORCH_BISECT_BACKEND")) b.backend = v;
    if (const char* v = std::getenv("TORCH_BISECT_SUBSYSTEM")) b.subsystem = v;
    if (const char* v = std::getenv("TORCH_BISECT_MAX"); v && *v) b.max = std::strtoll(v, nullptr, 10);
    return b;
  }();
  return s;
}

std::array<int64_t, kNumSubsystems> g_counts{};
std::vector<Application> g_records;
int g_graph_id = -1;

} // namespace

std::string_view subsystem_name(Subsystem s) { return kSubsystems[static_cast<size_t>(s)].name; }
std::string_view subsystem_backend(Subsystem s) { return kSubsystems[static_cast<size_t>(s)].backend; }

bool application_enabled(Subsystem subsystem, std::string_view description) {
  const int64_t k = g_counts[static_cast<size_t>(subsystem)]++;
  const BisectSettings& b = settings();
  // The bisector names a subsystem: without a bound, every application of
  // it is off (its first question: does disabling the subsystem fix it?).
  const bool targeted = b.backend == subsystem_backend(subsystem) && b.subsystem == subsystem_name(subsystem);
  const bool enabled = !targeted || (b.max && k <= *b.max);
  g_records.push_back(Application{subsystem, k, g_graph_id, std::string(description), enabled});
  if (logging::enabled(kLogger, logging::kDebug))
    logging::log(kLogger, logging::kDebug,
                 std::string(enabled ? "applying " : "skipping ") + std::string(subsystem_name(subsystem)) + " " +
                     std::to_string(k) + " (graph " + std::to_string(g_graph_id) + "): " + std::string(description));
  return enabled;
}

GraphScope::GraphScope(int graph_id) : previous_(g_graph_id) { g_graph_id = graph_id; }
GraphScope::~GraphScope() { g_graph_id = previous_; }

const std::vector<Application>& applications() { return g_records; }

void reset_applications() {
  g_counts.fill(0);
  g_records.clear();
}

} // namespace refc::backends

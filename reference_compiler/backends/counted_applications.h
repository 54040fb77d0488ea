// Counted applications (ARCHITECTURE decision 10): every transformation of a
// subsystem in subsystems.def asks `application_enabled` before it applies,
// which numbers the application (0, 1, ... per subsystem, across every graph
// of the process, as CompilerBisector counts) and records what it was. The
// bisector switches applications off from outside with 2.14's environment
// variables: TORCH_BISECT_BACKEND and TORCH_BISECT_SUBSYSTEM name the
// subsystem, TORCH_BISECT_MAX=k enables applications 0..k only (-1: none).
// Normal runs set none of them, and every application is enabled.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace refc::backends {

enum class Subsystem : uint8_t {
#define REFC_SUBSYSTEM(name, backend, description) name,
#include "reference_compiler/backends/subsystems.def"
#undef REFC_SUBSYSTEM
};

std::string_view subsystem_name(Subsystem s);
// The backend whose ladder stage the subsystem belongs to.
std::string_view subsystem_backend(Subsystem s);

// One application, as the bisector reports it.
struct Application {
  Subsystem subsystem;
  int64_t index = 0;   // k: the application's number within its subsystem
  int graph_id = -1;   // the graph being compiled (-1: none announced)
  std::string description; // what was applied: "aten._softmax.default"
  bool enabled = true;
};

// Whether application k (the next one) of `subsystem` runs; records it
// with `description` (what is applied: "aten._softmax.default").
bool application_enabled(Subsystem subsystem, std::string_view description);

// Announces the graph later applications belong to, for the scope's lifetime.
class GraphScope {
public:
  explicit GraphScope(int graph_id);
  ~GraphScope();
  GraphScope(const GraphScope&) = delete;
  GraphScope& operator=(const GraphScope&) = delete;

private:
  int previous_;
};

// The applications recorded so far, in order.
const std::vector<Application>& applications();
// Forgets the records and restarts every count at 0 (torch._dynamo.reset()).
void reset_applications();

} // namespace refc::backends

// TORCH_LOGS: which loggers and artifacts are on, set from the environment
// (TORCH_LOGS, TORCH_LOGS_FORMAT, TORCH_LOGS_OUT) or by
// torch._logging.set_logs, and the functions the compiler logs through.
// Settings, messages and the help text are PyTorch 2.14's (_logging/_internal.py);
// a record prints as its bare message, as the seeds show, unless
// TORCH_LOGS_FORMAT asks for more.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace refc::logging {

enum class Artifact : uint8_t {
#define REFC_ARTIFACT(name, logger, visible, off_by_default, description) name,
#include "reference_compiler/logging/log_registry.def"
#undef REFC_ARTIFACT
};

// Python's logging levels.
inline constexpr int kDebug = 10, kInfo = 20, kWarning = 30, kError = 40, kCritical = 50;

// What is on: a level per enabled logger (qualified names, "torch._dynamo";
// a logger's children inherit it) and the explicitly named artifacts.
struct LogState {
  std::map<std::string, int> levels;
  std::vector<Artifact> artifacts;
};

// Parses a TORCH_LOGS value ("+dynamo,recompiles,-inductor"). Raises
// ValueError with PyTorch's help text for "help" / "+help" and its "Invalid
// log settings" message for anything else it does not know.
LogState parse_settings(std::string_view settings);
// Makes `state` current (set_logs and the environment both end here).
void set_state(LogState state);
// Reads TORCH_LOGS, TORCH_LOGS_FORMAT and TORCH_LOGS_OUT (at `import torch`).
void init_from_environment();

// The registered log alias or artifact `name` (set_logs keywords); false for
// names that are neither.
bool is_log_alias(std::string_view name);
bool artifact_named(std::string_view name, Artifact& out);
// A module refc can import (PyTorch accepts any importable module as a logger).
bool is_module(const std::string& name);
// The loggers a log alias sets ("dynamo" -> torch._dynamo and the dynamic-shape modules).
std::vector<std::string> log_alias_loggers(std::string_view alias);

bool enabled(Artifact a);
bool enabled(std::string_view logger, int level);
// Writes a record: an artifact's (DEBUG, on its logger), or a logger's at `level`.
void log(Artifact a, std::string_view message);
void log(std::string_view logger, int level, std::string_view message);

} // namespace refc::logging

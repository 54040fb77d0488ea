// The TORCH_LOGS state, its parser and the record writer.
#include "reference_compiler/logging/logs.h"

#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/module_registry.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <fstream>

namespace refc::logging {

namespace {

struct LogAlias {
  std::string_view name;
  std::string_view loggers; // comma-separated
};
constexpr LogAlias kLogs[] = {
#define REFC_LOG(name, loggers) {#name, loggers},
#include "reference_compiler/logging/log_registry.def"
#undef REFC_LOG
};

struct ArtifactInfo {
  std::string_view name;
  std::string_view logger;
  bool visible;
  bool off_by_default;
  std::string_view description;
};
constexpr ArtifactInfo kArtifacts[] = {
#define REFC_ARTIFACT(name, logger, visible, off_by_default, description) \
  {#name, logger, visible, off_by_default, description},
#include "reference_compiler/logging/log_registry.def"
#undef REFC_ARTIFACT
};
constexpr size_t kArtifactCount = std::size(kArtifacts);

struct State {
  LogState settings;
  std::array<bool, kArtifactCount> artifact_on{}; // derived from settings
  std::string format;                            // TORCH_LOGS_FORMAT, empty: the bare message
  std::string out_path;                          // TORCH_LOGS_OUT
};
State& state() {
  static State s;
  return s;
}

std::vector<std::string> split_commas(std::string_view s) {
  std::vector<std::string> out;
  size_t start = 0;
  while (start <= s.size()) {
    size_t comma = s.find(',', start);
    out.emplace_back(s.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start));
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return out;
}

// The enabled level of `logger`: its own, else its nearest enabled parent's.
const int* level_of(const LogState& s, std::string_view logger) {
  std::string name(logger);
  while (true) {
    if (auto it = s.levels.find(name); it != s.levels.end()) return &it->second;
    size_t dot = name.rfind('.');
    if (dot == std::string::npos) return nullptr;
    name.resize(dot);
  }
}

std::vector<std::string> sorted_log_names() {
  std::vector<std::string> names;
  for (const LogAlias& l : kLogs) names.emplace_back(l.name);
  std::sort(names.begin(), names.end());
  return names;
}

std::string help_message(bool verbose) {
  std::vector<std::string> lines{"all"};
  for (const std::string& n : sorted_log_names()) lines.push_back(n);
  std::vector<std::string> artifacts;
  for (const ArtifactInfo& a : kArtifacts) {
    if (!verbose && !a.visible) continue;
    std::string padded(a.name);
    padded.resize(std::max<size_t>(30, padded.size()), ' ');
    artifacts.push_back(padded + "\t" + std::string(a.description));
  }
  std::sort(artifacts.begin(), artifacts.end());
  lines.insert(lines.end(), artifacts.begin(), artifacts.end());
  std::string setting_info = "  ";
  for (size_t i = 0; i < lines.size(); ++i) setting_info += (i ? "\n  " : "") + lines[i];
  const std::string heading =
      verbose ? "All registered names" : "Visible registered names (use TORCH_LOGS='+help' for full list)";
  return R"(
TORCH_LOGS Info

Examples:
  TORCH_LOGS="+dynamo,aot" will set the log level of TorchDynamo to
  logging.DEBUG and AOT to logging.INFO

  TORCH_LOGS="-dynamo,+inductor" will set the log level of TorchDynamo to
  logging.ERROR and TorchInductor to logging.DEBUG

  TORCH_LOGS="aot_graphs" will enable the aot_graphs artifact

  TORCH_LOGS="+dynamo,schedule" will enable set the log level of TorchDynamo
  to logging.DEBUG and enable the schedule artifact

  TORCH_LOGS="+some.random.module,schedule" will set the log level of
  some.random.module to logging.DEBUG and enable the schedule artifact

  TORCH_LOGS="+torch._functorch._aot_autograd" will set the log level of
  torch._functorch._aot_autograd and all its submodules to logging.DEBUG
  (directory-based logging)

  TORCH_LOGS_FORMAT="%(levelname)s: %(message)s" or any provided format
  string will set the output format
  Valid keys are "levelname", "message", "pathname", "levelno", "lineno",
  "filename" and "name".

  TORCH_LOGS_OUT=/tmp/output.txt will output the logs to /tmp/output.txt as
  well. This is useful when the output is long.


)" + heading + "\n" + setting_info + "\n";
}

std::string invalid_settings_message(std::string_view settings) {
  std::vector<std::string> valid{"all"};
  for (const LogAlias& l : kLogs) valid.emplace_back(l.name);
  for (const ArtifactInfo& a : kArtifacts) valid.emplace_back(a.name);
  std::sort(valid.begin(), valid.end());
  std::string list;
  for (size_t i = 0; i < valid.size(); ++i) list += (i ? ", " : "") + valid[i];
  return "\nInvalid log settings: " + std::string(settings) +
         ", must be a comma separated list of fully\nqualified module names, registered log names or registered "
         "artifact names.\nFor more info on various settings, try TORCH_LOGS=\"help\"\nValid settings:\n" +
         list + "\n";
}

// PyTorch's settings regex, ((\+|-)?[\w\.]+,\s*)*(\+|-)?[\w\.]+? : names of
// word characters and dots, each with an optional + or -, separated by
// commas that may be followed by whitespace.
bool well_formed(std::string_view s) {
  size_t i = 0;
  while (true) {
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    const size_t start = i;
    while (i < s.size() && (std::isalnum(static_cast<unsigned char>(s[i])) || s[i] == '_' || s[i] == '.')) ++i;
    if (i == start) return false;
    if (i == s.size()) return true;
    if (s[i++] != ',') return false;
    while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
  }
}

const char* level_name(int level) {
  return level <= kDebug ? "DEBUG" : level <= kInfo ? "INFO" : level <= kWarning ? "WARNING" : level <= kError ? "ERROR" : "CRITICAL";
}

// TORCH_LOGS_FORMAT's %(key)s fields, those a record here has.
std::string formatted(std::string_view logger, int level, std::string_view message) {
  const std::string& fmt = state().format;
  if (fmt.empty()) return std::string(message);
  std::string out;
  for (size_t i = 0; i < fmt.size(); ++i) {
    if (fmt.compare(i, 2, "%(") == 0) {
      size_t close = fmt.find(")s", i);
      if (close != std::string::npos) {
        const std::string key = fmt.substr(i + 2, close - i - 2);
        if (key == "message") out += message;
        else if (key == "levelname") out += level_name(level);
        else if (key == "levelno") out += std::to_string(level);
        else if (key == "name") out += logger;
        else out += fmt.substr(i, close + 2 - i); // pathname, lineno, filename: not tracked here
        i = close + 1;
        continue;
      }
    }
    out += fmt[i];
  }
  return out;
}

void write_record(std::string_view logger, int level, std::string_view message) {
  const std::string text = formatted(logger, level, message) + "\n";
  std::fflush(stdout); // keep program output and logs in order
  std::fwrite(text.data(), 1, text.size(), stderr);
  std::fflush(stderr);
  if (!state().out_path.empty()) {
    std::ofstream out(state().out_path, std::ios::app);
    out << text;
  }
}

} // namespace

bool is_module(const std::string& name) {
  for (const std::string& m : lang::builtin_module_names())
    if (m == name) return true;
  return false;
}

bool is_log_alias(std::string_view name) {
  return name == "all" || std::any_of(std::begin(kLogs), std::end(kLogs), [&](const LogAlias& l) { return l.name == name; });
}

bool artifact_named(std::string_view name, Artifact& out) {
  for (size_t i = 0; i < kArtifactCount; ++i)
    if (kArtifacts[i].name == name) {
      out = static_cast<Artifact>(i);
      return true;
    }
  return false;
}

std::vector<std::string> log_alias_loggers(std::string_view alias) {
  if (alias == "all") alias = "torch";
  for (const LogAlias& l : kLogs)
    if (l.name == alias) return split_commas(l.loggers);
  return {};
}

LogState parse_settings(std::string_view settings) {
  if (settings.empty()) return {};
  if (settings == "help") lang::raise(lang::exc::ValueError, help_message(false));
  if (settings == "+help") lang::raise(lang::exc::ValueError, help_message(true));
  if (!well_formed(settings)) lang::raise(lang::exc::ValueError, invalid_settings_message(settings));
  const std::string text(settings);
  std::string compact;
  for (char c : text)
    if (!std::isspace(static_cast<unsigned char>(c))) compact += c;
  LogState out;
  for (std::string name : split_commas(compact)) {
    int level = kInfo;
    if (name[0] == '+') level = kDebug;
    if (name[0] == '-') level = kError;
    name.erase(std::remove_if(name.begin(), name.end(), [](char c) { return c == '+' || c == '-'; }), name.end());
    Artifact a;
    if (is_log_alias(name)) {
      for (const std::string& logger : log_alias_loggers(name)) out.levels[logger] = level;
    } else if (artifact_named(name, a)) {
      out.artifacts.push_back(a);
    } else if (is_module(name)) {
      out.levels[name] = level;
    } else {
      lang::raise(lang::exc::ValueError, invalid_settings_message(settings));
    }
  }
  return out;
}

void set_state(LogState settings) {
  State& s = state();
  s.settings = std::move(settings);
  for (size_t i = 0; i < kArtifactCount; ++i) {
    const ArtifactInfo& a = kArtifacts[i];
    const int* level = level_of(s.settings, a.logger);
    s.artifact_on[i] = !a.off_by_default && level && *level <= kDebug;
  }
  for (Artifact a : s.settings.artifacts) s.artifact_on[static_cast<size_t>(a)] = true;
}

void init_from_environment() {
  const char* settings = std::getenv("TORCH_LOGS");
  if (const char* fmt = std::getenv("TORCH_LOGS_FORMAT")) state().format = fmt;
  if (const char* out = std::getenv("TORCH_LOGS_OUT")) state().out_path = out;
  set_state(parse_settings(settings ? settings : ""));
}

bool enabled(Artifact a) { return state().artifact_on[static_cast<size_t>(a)]; }

bool enabled(std::string_view logger, int level) {
  // torch's loggers default to WARNING (warnings print without TORCH_LOGS).
  const int* on = level_of(state().settings, logger);
  return on ? *on <= level : level >= kWarning;
}

void log(Artifact a, std::string_view message) {
  if (enabled(a)) write_record(kArtifacts[static_cast<size_t>(a)].logger, kDebug, message);
}

void log(std::string_view logger, int level, std::string_view message) {
  if (enabled(logger, level)) write_record(logger, level, message);
}

} // namespace refc::logging

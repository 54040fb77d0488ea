// torch._C._logging: what torch._logging reaches in C++: reading TORCH_LOGS
// at `import torch`, and set_logs' replacement of the whole state with
// PyTorch's checks and messages (torch/_logging/_internal.py: _set_logs).
#include "reference_compiler/torch/torch_module.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/dict_object.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/module_builder.h"
#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/lang/tuple_object.h"
#include "reference_compiler/logging/logs.h"

namespace refc::torch {

using lang::Value;

namespace {

Value init_logs(lang::Args) {
  logging::init_from_environment();
  return Value::none();
}

bool is_level(const Value& v) {
  if (!v.is_int()) return false;
  const int64_t l = v.as_int();
  return l == 0 || l == 10 || l == 20 || l == 30 || l == 40 || l == 50;
}

// _set_logs(settings, modules): set_logs' keywords (log names take a level,
// artifacts a bool; None leaves a setting off) and its `modules` dict
// (module names with levels). The state is replaced as a whole.
Value set_logs(lang::Args a) {
  auto is_dict = [](const Value& v) { return v.is_obj() && v.as_obj()->type->layout == lang::Layout::Dict; };
  if (a.npos != 2 || !is_dict(a[0]) || !is_dict(a[1]))
    lang::raise(lang::exc::TypeError, "_set_logs() takes a dict of settings and a dict of modules");
  logging::LogState state;
  auto set_level = [&](const std::string& name, const Value& level, const std::vector<std::string>& loggers) {
    if (!is_level(level))
      lang::raise(lang::exc::ValueError, "Unrecognized log level for log " + name + ": " +
                                             std::string(lang::repr(level)->view()) +
                                             ", valid level values are: 50,40,30,20,10,0");
    for (const std::string& logger : loggers) state.levels[logger] = static_cast<int>(level.as_int());
  };
  for (const lang::Dict::Entry& e : a[0].as<lang::Dict>()->entries()) {
    if (e.key.is_null() || e.value.is_none()) continue;
    const std::string name(lang::to_str(e.key)->view());
    logging::Artifact artifact;
    if (logging::artifact_named(name, artifact)) {
      if (!e.value.is_bool())
        lang::raise(lang::exc::ValueError, "Expected bool to enable artifact " + name + ", received " +
                                               std::string(lang::repr(e.value)->view()));
      if (e.value.as_bool()) state.artifacts.push_back(artifact);
    } else if (logging::is_log_alias(name)) {
      set_level(name, e.value, logging::log_alias_loggers(name));
    } else {
      lang::raise(lang::exc::TypeError, "set_logs() got an unexpected keyword argument '" + name + "'");
    }
  }
  for (const lang::Dict::Entry& e : a[1].as<lang::Dict>()->entries()) {
    if (e.key.is_null() || e.value.is_none()) continue;
    const std::string name(lang::to_str(e.key)->view());
    if (!logging::is_module(name))
      lang::raise(lang::exc::ValueError, "Unrecognized log or artifact name passed to set_logs: " + name);
    set_level(name, e.value, {name});
  }
  logging::set_state(std::move(state));
  return Value::none();
}

} // namespace

Value create_logging_module() {
  lang::ModuleBuilder m("torch._C._logging");
  m.function("_init_logs", init_logs).function("_set_logs", set_logs);
  return Value(m.finish());
}

} // namespace refc::torch

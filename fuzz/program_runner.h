// ProgramRunner: runs program text in this process, as `refc run` would run
// it as __main__ but many times over, so a fuzz worker pays the
// interpreter's and torch's start-up once: each run starts from a reset
// Dynamo (torch._dynamo.reset(), configuration back to its defaults), gets a
// fresh __main__, and has its standard output captured. Compiled or eager
// (config.disable, as TORCH_COMPILE_DISABLE=1) is chosen per run.
#pragma once

#include "reference_compiler/lang/value.h"
#include "minifier/query.h"

#include <optional>
#include <string>

namespace refc::fuzz {

struct RunOutput {
  std::string stdout_text;
  // The failure that ended the run: a Python exception (its signature), or a
  // C++ exception from inside the compiler (exception_type "InternalError").
  std::optional<minifier::Signature> error;
  std::string error_text; // the traceback or the internal error's message
};

class ProgramRunner {
public:
  // Imports torch and records the configuration's defaults; the
  // interpreter and torch must be installed.
  ProgramRunner();
  RunOutput run(const std::string& source, const std::string& filename, bool compiled);

private:
  lang::Value reset_; // the helper that resets Dynamo and its configuration
};

} // namespace refc::fuzz

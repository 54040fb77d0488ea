// ProgramRunner (see program_runner.h).
#include "fuzz/program_runner.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/interpreter.h"
#include "reference_compiler/lang/module_object.h"
#include "reference_compiler/lang/output.h"
#include "reference_compiler/lang/traceback.h"

#include <exception>

namespace refc::fuzz {

namespace {

// What a program may change and the next one must not see: Dynamo's caches
// and counters, its configuration and the ShapeEnv's.
constexpr const char* kResetSource = R"(import torch
import torch.fx.experimental._config as _fx_config

_dynamo_defaults = torch._dynamo.config.get_config_copy()
_fx_defaults = {k: getattr(_fx_config, k) for k in ('use_duck_shape', 'backed_size_oblivious', 'translation_validation',
                                               'translation_validation_timeout')}


def reset(compiled):
    torch._dynamo.reset()
    torch._dynamo.config.load_config(_dynamo_defaults)
    torch._dynamo.config.disable = not compiled
    for k, v in _fx_defaults.items():
        setattr(_fx_config, k, v)
)";

} // namespace

ProgramRunner::ProgramRunner() {
  lang::Ref<lang::Module> m = lang::run_module_source("_refc_fuzz_runner", "<fuzz runner>", kResetSource);
  reset_ = lang::getattr(lang::Value(m), lang::intern("reset"));
}

RunOutput ProgramRunner::run(const std::string& source, const std::string& filename, bool compiled) {
  RunOutput out;
  lang::CaptureStdout capture(out.stdout_text);
  try {
    lang::call(reset_, {lang::Value::boolean(compiled)});
    lang::run_module_source("__main__", filename, source);
  } catch (const lang::PyError& e) {
    out.error_text = lang::format_exception(e.exc);
    out.error = minifier::signature_of(out.error_text);
  } catch (const std::exception& e) {
    out.error_text = e.what();
    out.error = minifier::signature_of("InternalError: " + out.error_text);
  }
  return out;
}

} // namespace refc::fuzz

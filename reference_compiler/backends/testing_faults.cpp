// torch._C._testing_faults: crash(), abort(), hang().
#include "reference_compiler/backends/testing_faults.h"

#include "reference_compiler/lang/module_builder.h"
#include "reference_compiler/lang/module_registry.h"

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <thread>

namespace refc::backends {

namespace {

lang::Value crash(lang::Args a) {
  lang::no_args(a, "crash");
  // As a bad memory access ends the process: by the signal, with no unwinding.
  // The default action first, so that a handler someone installed (AddressSanitizer's
  // reports the signal and then aborts) does not turn it into another signal.
  std::signal(SIGSEGV, SIG_DFL);
  std::raise(SIGSEGV);
  std::abort();
}

lang::Value abort_process(lang::Args a) {
  lang::no_args(a, "abort");
  std::abort();
}

// Sleeps until killed (a minifier's timeout is what ends it).
lang::Value hang(lang::Args a) {
  lang::no_args(a, "hang");
  for (;;) std::this_thread::sleep_for(std::chrono::seconds(1));
}

lang::Ref<lang::Module> create_module() {
  lang::ModuleBuilder m("torch._C._testing_faults");
  m.function("crash", crash).function("abort", abort_process).function("hang", hang);
  return m.finish();
}

} // namespace

void install_testing_faults() { lang::register_native_module("torch._C._testing_faults", create_module); }

} // namespace refc::backends

// Interpreter: the process-wide state of the one interpreter (builtins, loaded
// modules, argv, recursion depth, the frame-evaluation hook) and the entry
// points that run programs and Python-level functions.
#pragma once

#include "reference_compiler/lang/dict_object.h"
#include "reference_compiler/lang/function_object.h"
#include "reference_compiler/lang/module_object.h"
#include "reference_compiler/lang/native_function.h"
#include "reference_compiler/lang/value.h"

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace refc::lang {

struct Interpreter {
  Ref<Dict> builtins; // the builtins module's dict
  Ref<Dict> modules;  // sys.modules: name -> Module
  std::vector<std::string> argv;
  int recursion_limit = 1000;
  int depth = 0;
};

// The interpreter; initialise() must have run.
Interpreter& interp();
// Creates built-in types, the builtins module and sys. Idempotent.
void initialise(std::vector<std::string> argv = {});

// Runs a program file as __main__. Prints an uncaught exception's traceback (or a
// syntax error) to stderr as CPython does and returns the process exit status:
// 0, 1 for an uncaught exception, or SystemExit's code.
int run_main_file(const std::string& path);
// Runs `body` on a thread with the large stack programs run on (deep Python
// recursion through native code), and returns its result.
int run_on_program_stack(const std::function<int()>& body);
// Compiles and runs `source` as a module named `name` (used for the standard
// library modules written in Python); raises on error.
Ref<Module> run_module_source(const std::string& name, const std::string& filename,
                              std::string_view source);
// `import name`: sys.modules, else the built-in module registry; raises
// ModuleNotFoundError ("No module named 'x'").
Ref<Module> import_module(const std::string& name);
// Calls a Python function object.
Value call_function(Function* f, Args args);

} // namespace refc::lang

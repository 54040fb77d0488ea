// fuzz_frontend: a libFuzzer target feeding arbitrary bytes through refc's
// front end — lexer, parser and bytecode compiler — the code every program,
// well-formed or not, passes through before anything runs. The front end's
// contract is that no input crashes, hangs or exhausts the stack: a bad
// program is reported as a SyntaxError. So the target catches exactly the
// errors that contract allows (SyntaxErrorInfo from the parser, CompileError
// from the compiler, PyError for a Python exception raised while building
// constants); anything else — another C++ exception, a sanitizer report, a
// timeout — is left to crash the fuzzer, which saves the input.
#include "reference_compiler/lang/compile_error.h"
#include "reference_compiler/lang/compiler.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/interpreter.h"
#include "reference_compiler/lang/parser.h"
#include "reference_compiler/lang/syntax_error.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  // The compiler builds constants (strings, tuples, code objects), which
  // needs the built-in types and interned names.
  refc::lang::initialise();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace refc::lang;
  const std::string_view source(reinterpret_cast<const char*>(data), size);
  try {
    ast::Module module = parse_module(source, "fuzz.py");
    Ref<CodeObject> code = compile_module(module, "fuzz.py");
    (void)code;
  } catch (const SyntaxErrorInfo& e) {
    // Rendering the error is part of the front end too (it slices the source
    // line and places the caret), so exercise it.
    (void)format_syntax_error(e);
  } catch (const CompileError&) {
  } catch (const PyError&) {
  }
  return 0;
}

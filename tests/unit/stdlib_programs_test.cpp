// Differential tests of the standard-library modules: each program in
// stdlib_programs/ runs in refc with sys.stdout captured, and its output —
// plus "Uncaught: Type: message" when it ends with an exception — must equal
// what CPython 3.11 printed for it (NAME.expected, written by
// stdlib_programs_test_data.py).
#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/dict_object.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/interpreter.h"
#include "reference_compiler/lang/str_object.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace refc::lang {
namespace {

namespace fs = std::filesystem;

const char* const kCaptureSource = R"(
class Capture:
    def __init__(self):
        self.parts = []
    def write(self, text):
        if type(text) is not str:
            raise TypeError(f"write() argument must be str, not {type(text).__name__}")
        self.parts.append(text)
        return len(text)
    def flush(self):
        pass
    def text(self):
        return "".join(self.parts)
)";

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Runs `source` as __main__ and returns what it printed. Modules it imports
// are forgotten afterwards (sys.modules is restored), so each program starts
// from fresh module state (logging's configuration, random's generator) as a
// new process would.
std::string run_captured(const std::string& filename, const std::string& source) {
  std::vector<std::pair<Value, Value>> loaded;
  for (const Dict::Entry& e : interp().modules->entries())
    if (!e.key.is_null()) loaded.emplace_back(e.key, e.value);
  Ref<Module> capture_module = run_module_source("_stdlib_test_capture", "<capture>", kCaptureSource);
  Value capture = call(capture_module->dict->get(intern("Capture")), {});
  Ref<Module> sys = import_module("sys");
  Str* stdout_name = intern("stdout");
  Value saved = sys->dict->get(stdout_name);
  sys->dict->set(stdout_name, capture);
  std::string uncaught;
  try {
    run_module_source("__main__", filename, source);
  } catch (PyError& e) {
    std::string message(to_str(e.exc)->view());
    uncaught = "Uncaught: " + type_name(e.exc) + (message.empty() ? "" : ": " + message) + "\n";
  }
  sys->dict->set(stdout_name, saved);
  interp().modules->clear();
  for (auto& [name, module] : loaded) interp().modules->set(name, module);
  Value text = call_method(capture, intern("text"), {});
  return std::string(text.as<Str>()->view()) + uncaught;
}

TEST(StdlibPrograms, MatchCPython) {
  initialise();
#ifdef REFC_SOURCE_DIR
  fs::path dir = fs::path(REFC_SOURCE_DIR) / "tests" / "unit" / "stdlib_programs";
#else
  fs::path dir = fs::path(__FILE__).parent_path() / "stdlib_programs";
#endif
  std::vector<fs::path> programs;
  for (const auto& entry : fs::directory_iterator(dir))
    if (entry.path().extension() == ".py") programs.push_back(entry.path());
  std::sort(programs.begin(), programs.end());
  ASSERT_GE(programs.size(), 10u) << dir;
  for (const fs::path& program : programs) {
    fs::path expected_path = program;
    expected_path.replace_extension(".expected");
    std::string expected = read_file(expected_path);
    std::string actual;
    try {
      actual = run_captured(program.filename().string(), read_file(program));
    } catch (PyError& e) {
      actual = "harness error: " + type_name(e.exc) + ": " + std::string(to_str(e.exc)->view());
    }
    EXPECT_EQ(actual, expected) << program.filename();
  }
}

} // namespace
} // namespace refc::lang

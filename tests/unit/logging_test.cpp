// Unit tests of TORCH_LOGS (reference_compiler/logging/): parsing into
// loggers and artifacts, which artifacts a log level turns on, and the help
// and error texts, compared with PyTorch 2.14's (logging_cases/cases.txt,
// recorded by logging_cases/generate.py).
#include "reference_compiler/logging/logs.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/interpreter.h"
#include "reference_compiler/lang/str_object.h"

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>

namespace refc::logging {
namespace {

class LoggingTest : public ::testing::Test {
protected:
  void SetUp() override { lang::initialise(); }
  void TearDown() override { set_state({}); }
};

std::map<std::string, std::string> recorded_cases() {
  std::ifstream in(std::string(REFC_SOURCE_DIR) + "/tests/unit/logging_cases/cases.txt");
  std::map<std::string, std::string> cases;
  std::string line, name;
  while (std::getline(in, line)) {
    if (line.starts_with("== ")) name = line.substr(3);
    else cases[name] += line + "\n";
  }
  return cases;
}

// The ValueError text parse_settings raises, or "" when it accepts.
std::string error_of(std::string_view settings) {
  try {
    parse_settings(settings);
  } catch (const lang::PyError& e) {
    EXPECT_EQ(lang::type_name(e.exc), "ValueError");
    return std::string(lang::to_str(e.exc)->view());
  }
  return "";
}

TEST_F(LoggingTest, HelpAndErrorTextsArePyTorchs) {
  std::map<std::string, std::string> cases = recorded_cases();
  ASSERT_EQ(cases.size(), 3u);
  EXPECT_EQ(error_of("help"), cases["help"]);
  EXPECT_EQ(error_of("+help"), cases["help_verbose"]);
  EXPECT_EQ(error_of("+dynamo,bogus"), cases["invalid"]);
  EXPECT_NE(error_of("dynamo;guards"), "");
  EXPECT_EQ(error_of("+dynamo, guards,-inductor,+collections"), ""); // any importable module
}

TEST_F(LoggingTest, LevelsAndArtifacts) {
  LogState s = parse_settings("+dynamo,recompiles,-inductor");
  EXPECT_EQ(s.levels.at("torch._dynamo"), kDebug);
  EXPECT_EQ(s.levels.at("torch.fx.experimental.symbolic_shapes"), kDebug);
  EXPECT_EQ(s.levels.at("torch._inductor"), kError);
  ASSERT_EQ(s.artifacts.size(), 1u);
  EXPECT_EQ(s.artifacts[0], Artifact::recompiles);
  set_state(s);
  EXPECT_TRUE(enabled(Artifact::recompiles));
  EXPECT_TRUE(enabled(Artifact::guards));      // +dynamo turns on dynamo's artifacts...
  EXPECT_TRUE(enabled(Artifact::graph_code));
  EXPECT_FALSE(enabled(Artifact::bytecode));   // ...except those off by default
  EXPECT_FALSE(enabled(Artifact::recompiles_verbose));
  EXPECT_FALSE(enabled(Artifact::output_code));
  EXPECT_TRUE(enabled("torch._dynamo.convert_frame", kDebug)); // children inherit
  EXPECT_FALSE(enabled("torch._inductor.graph", kWarning));
  EXPECT_TRUE(enabled("torch._inductor.graph", kError));

  set_state(parse_settings("dynamo"));
  EXPECT_TRUE(enabled("torch._dynamo", kInfo));
  EXPECT_FALSE(enabled(Artifact::guards)); // INFO does not turn artifacts on
  set_state(parse_settings("all"));
  EXPECT_TRUE(enabled("torch._dynamo", kInfo));
  set_state(parse_settings("bytecode,recompiles_verbose"));
  EXPECT_TRUE(enabled(Artifact::bytecode));
  EXPECT_FALSE(enabled(Artifact::guards));
  set_state(parse_settings(""));
  EXPECT_FALSE(enabled(Artifact::recompiles));
  // torch's loggers default to WARNING: warnings print with no TORCH_LOGS at all.
  EXPECT_TRUE(enabled("torch", kWarning));
  EXPECT_FALSE(enabled("torch", kInfo));
}

} // namespace
} // namespace refc::logging

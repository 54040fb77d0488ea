// The program reducer's edits (minifier/program_edits.h) on small programs:
// each test states the program, the edit and the program expected.
#include "minifier/program_edits.h"

#include <gtest/gtest.h>

namespace refc::minifier {
namespace {

const Parameter* parameter(const Structure& s, const std::string& function, size_t index) {
  for (const Parameter& p : s.parameters)
    if (p.function == function && p.index == index) return &p;
  return nullptr;
}

TEST(ProgramEdits, ParameterGoesWithItsArgumentAtEveryCall) {
  const std::string text = "def f(x, n, y):\n    return x - n\n\nopt = torch.compile(f, backend=\"eager\")\n"
                           "opt(1, 2, torch)\nprint(f(3, 4, Up()))\n";
  const Structure s = structure_of(text);
  const Parameter* y = parameter(s, "f", 2);
  ASSERT_NE(y, nullptr);
  EXPECT_EQ(without_parameter(text, s, *y), "def f(x, n):\n    return x - n\n\nopt = torch.compile(f, backend=\"eager\")\n"
                                            "opt(1, 2)\nprint(f(3, 4))\n");
  const Parameter* x = parameter(s, "f", 0);
  ASSERT_NE(x, nullptr);
  EXPECT_EQ(without_parameter(text, s, *x), "def f(n, y):\n    return x - n\n\nopt = torch.compile(f, backend=\"eager\")\n"
                                            "opt(2, torch)\nprint(f(4, Up()))\n");
}

TEST(ProgramEdits, ParameterOfAFunctionAfterABlock) {
  // The dedent closing the class starts where the def does.
  const std::string text = "class Up:\n    pass\ndef f(x, mover):\n    return x\nf(1, Up())\n";
  const Structure s = structure_of(text);
  const Parameter* mover = parameter(s, "f", 1);
  ASSERT_NE(mover, nullptr);
  EXPECT_EQ(without_parameter(text, s, *mover), "class Up:\n    pass\ndef f(x):\n    return x\nf(1)\n");
}

TEST(ProgramEdits, ParameterStaysWhenACallPassesKeywords) {
  const std::string text = "def f(x, n):\n    return x\n\nf(1, n=2)\n";
  const Structure s = structure_of(text);
  const Parameter* n = parameter(s, "f", 1);
  ASSERT_NE(n, nullptr);
  EXPECT_EQ(without_parameter(text, s, *n), std::nullopt);
}

TEST(ProgramEdits, VariableReadOnceBeforeItIsAssignedAgain) {
  const std::string text = "def f(x):\n    out = x\n    out = out + 1\n    return out\n";
  const Structure s = structure_of(text);
  ASSERT_EQ(s.assignments.size(), 2u);
  EXPECT_EQ(inline_variable(text, s, s.assignments[0]), "def f(x):\n    out = x + 1\n    return out\n");
  EXPECT_EQ(inline_variable(text, s, s.assignments[1]), "def f(x):\n    out = x\n    return (out + 1)\n");
}

TEST(ProgramEdits, VariableAssignedInABranchIsNotRebound) {
  // The assignment under `if` may not run: both reads can see the first value.
  const std::string text = "out = 1\nif c:\n    out = out + 1\nprint(out)\n";
  const Structure s = structure_of(text);
  EXPECT_EQ(inline_variable(text, s, s.assignments[0]), std::nullopt);
}

TEST(ProgramEdits, OnlyPlainPositionalParametersAreListed) {
  const Structure s = structure_of("def f(x, n=1):\n    return x\n\ndef g(*a):\n    pass\n");
  EXPECT_TRUE(s.parameters.empty());
}

} // namespace
} // namespace refc::minifier

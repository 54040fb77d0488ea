// The oracles: what is wrong with one generated program, if anything. The
// program runs eagerly (TORCH_COMPILE_DISABLE) and compiled, in this process:
//   invalid             the eager run raised: the generator's fault, not a finding
//   compiled_error      the compiled run raised (or the compiler threw)
//   translation_validation  ... with a ShapeEnv simplification or guard set
//                       that Z3 refutes (the program turned validation on)
//   stale_cache         a call printed something else than eager, and a fresh
//                       compile of every call (torch._dynamo.reset() before
//                       each) agrees with eager: a cache hit that should have
//                       missed, an unsound guard
//   eager_mismatch      ... and the fresh compiles differ too: the graph is wrong
//   duplicate_entry     two cache entries of one code object with identical
//                       guards: a recompile that could not have been needed
//   excess_recompiles   f compiled more often than its calls have distinct
//                       keys (everything a guard may look at)
// Crashes and hangs kill the process, so the campaign's driver sees them.
// Each finding has a signature: the oracle and what identifies the failure
// (the exception; the changes the first wrong call made), so findings of one
// bug collapse into one.
#pragma once

#include "fuzz/program.h"
#include "fuzz/program_runner.h"

#include <string>

namespace refc::fuzz {

struct Verdict {
  enum Kind { Pass, Invalid, Finding } kind = Pass;
  std::string oracle;    // Finding: which oracle; Invalid: "invalid"
  std::string signature; // Finding: what it is, for deduplication
  std::string detail;    // in words, for a person
  int compiles = 0;      // of every code object, in the compiled run
};

Verdict check(ProgramRunner& runner, const Program& program);

} // namespace refc::fuzz

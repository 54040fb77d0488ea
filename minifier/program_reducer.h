// The program reducer: when the failure is the tracer's own - an internal
// error, a guard that lets a stale graph run, a result that differs from
// eager - there is no backend graph to minify, so the user program itself
// is reduced, at the level of its syntax (hierarchical delta debugging, as
// Misherghi and Su's HDD): the statements of the module, then of each block
// (an emptied block gets `pass`); compound statements replaced by one of
// their bodies; variables and one-statement functions inlined; parameters
// removed with their arguments; expressions replaced by sub-expressions;
// blank and comment lines dropped - in rounds until nothing more goes, then
// number literals simplified. A candidate that does not parse is never run; one that does
// runs in an isolated child (query.h), like the graph minifier's.
//
// What must persist, one of:
//   the original's failure (default): same outcome and signature
//   --signature TEXT: a failure whose description contains TEXT
//   --differs-from-eager: both runs succeed, and the program prints
//     something else compiled than with TORCH_COMPILE_DISABLE=1 (which
//     prints the same twice: a difference that is noise does not count)
// Output folder (default <FILE>.minify/ next to FILE): program.py, the
// reduced program; events.jsonl; summary.json; candidates/.
#pragma once

#include "minifier/minifier.h"

#include <filesystem>
#include <string>

namespace refc::minifier {

struct ReduceProgramOptions {
  std::filesystem::path file;
  std::string signature;          // empty: the original's failure
  bool differs_from_eager = false;
  MinifyOptions run;              // jobs, timeout, out_dir, reproduce_runs, quiet
};

// Reduces; returns the process exit status (0: program.py written).
int reduce_program(const ReduceProgramOptions& options);

} // namespace refc::minifier

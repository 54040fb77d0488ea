// Program: one generated fuzz program, as data. A function `f` is compiled
// with torch.compile and called several times; every call prints its index
// and result, so the program's whole behaviour is its standard output and a
// run compiled can be compared line by line with a run under
// TORCH_COMPILE_DISABLE=1. Rendered as a plain refc program: a finding
// replays with `refc run` and reduces with the program reducer.
#pragma once

#include <cstdint>
#include <set>
#include <string>
#include <vector>

namespace refc::fuzz {

struct Call {
  std::vector<std::string> before; // module-level statements just before the call (mutations, marks)
  std::vector<std::string> args;   // one expression per parameter of f
  bool no_grad = false;            // made under torch.no_grad()
  std::set<std::string> changes;   // what differs from the call before, in words ("dtype", "global SCALE")
  std::string key;                 // everything a guard may look at; equal keys need one compile at most
};

struct Program {
  uint64_t seed = 0;
  std::vector<std::string> features; // the generators that contributed, in order
  std::vector<std::string> header;   // module-level lines between the imports and f
  std::vector<std::string> params;
  std::vector<std::string> body;     // f's body, indented by four spaces more when rendered
  std::string compile_options;       // after backend="eager": ", dynamic=True"
  std::vector<Call> calls;

  // The program's text. With `fresh_compiles` every call is preceded by
  // torch._dynamo.reset(), so every call is a fresh compile of that call.
  std::string render(bool fresh_compiles = false) const;
  // How many calls differ in their key: more compiles of f than this is a
  // recompilation no guard needed.
  size_t distinct_calls() const;
};

} // namespace refc::fuzz

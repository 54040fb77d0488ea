// The oracles (see oracles.h).
#include "fuzz/oracles.h"

#include "reference_compiler/dynamo/eval_frame.h"

#include <cctype>
#include <set>
#include <sstream>
#include <vector>

namespace refc::fuzz {

namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

// The call whose printed result is at or after line `at` ("3 tensor(...)"):
// prints inside f come before their call's result.
int call_at(const std::vector<std::string>& lines, size_t at) {
  for (size_t i = at; i < lines.size(); ++i) {
    const std::string& l = lines[i];
    size_t digits = 0;
    while (digits < l.size() && std::isdigit(static_cast<unsigned char>(l[digits]))) ++digits;
    if (digits > 0 && digits < l.size() && l[digits] == ' ') return std::stoi(l.substr(0, digits));
  }
  return -1;
}

// The first call whose output differs between two runs.
int first_differing_call(const std::string& a, const std::string& b) {
  const std::vector<std::string> la = lines_of(a), lb = lines_of(b);
  size_t i = 0;
  while (i < la.size() && i < lb.size() && la[i] == lb[i]) ++i;
  return call_at(i < la.size() ? la : lb, i);
}

std::string changes_of(const Program& p, int call) {
  if (call < 0 || static_cast<size_t>(call) >= p.calls.size()) return "an unknown call";
  if (call == 0) return "the first call";
  const std::set<std::string>& changes = p.calls[static_cast<size_t>(call)].changes;
  if (changes.empty()) return "a call that changed nothing";
  std::string out;
  for (const std::string& c : changes) out += (out.empty() ? "" : " + ") + c;
  return out;
}

std::string filename_of(const Program& p) { return "fuzz_" + std::to_string(p.seed) + ".py"; }

} // namespace

Verdict check(ProgramRunner& runner, const Program& program) {
  Verdict v;
  const std::string source = program.render();
  const RunOutput eager = runner.run(source, filename_of(program), false);
  if (eager.error) {
    v.kind = Verdict::Invalid;
    v.oracle = "invalid";
    v.signature = "eager " + eager.error->str();
    v.detail = eager.error_text;
    return v;
  }
  const RunOutput compiled = runner.run(source, filename_of(program), true);
  const std::vector<dynamo::CachedCode> codes = dynamo::cached_codes();
  for (const dynamo::CachedCode& c : codes) v.compiles += c.compiles;
  auto finding = [&](std::string oracle, std::string signature, std::string detail) {
    v.kind = Verdict::Finding;
    v.oracle = std::move(oracle);
    v.signature = v.oracle + ": " + std::move(signature);
    v.detail = std::move(detail);
    return v;
  };

  if (compiled.error) {
    const bool validation = compiled.error->message_template.find("translation validation failed") != std::string::npos;
    return finding(validation ? "translation_validation" : "compiled_error", compiled.error->str(), compiled.error_text);
  }
  if (compiled.stdout_text != eager.stdout_text) {
    const int call = first_differing_call(eager.stdout_text, compiled.stdout_text);
    const RunOutput fresh = runner.run(program.render(/*fresh_compiles=*/true), filename_of(program), true);
    const bool stale = !fresh.error && fresh.stdout_text == eager.stdout_text;
    std::string detail = "call " + std::to_string(call) + " (" + changes_of(program, call) + ") printed something else compiled than eager" +
                         (stale ? "; a fresh compile of every call agrees with eager" : "; fresh compiles differ too") +
                         "\n--- eager\n" + eager.stdout_text + "--- compiled\n" + compiled.stdout_text;
    return finding(stale ? "stale_cache" : "eager_mismatch", "after " + changes_of(program, call), detail);
  }
  for (const dynamo::CachedCode& c : codes) {
    const std::set<std::string> distinct(c.guards.begin(), c.guards.end());
    if (distinct.size() != c.guards.size())
      return finding("duplicate_entry", c.name == "f" ? "f" : "a resume function",
                     c.name + " (line " + std::to_string(c.first_line) + ") holds two cache entries with identical guards");
    if (c.name == "f" && static_cast<size_t>(c.compiles) > program.distinct_calls())
      return finding("excess_recompiles", "f",
                     "f compiled " + std::to_string(c.compiles) + " times for " + std::to_string(program.distinct_calls()) +
                         " distinct calls");
  }
  return v;
}

} // namespace refc::fuzz

// Query: one isolated run of a candidate (a repro file, a program), the
// unit every reduction is made of. The candidate runs in a child process
// with a wall-clock limit, an address-space limit and no core files, in its
// own process group (a hang's children die with it); what comes back is
// classified:
//   Pass     exit status 0
//   Fail     a Python exception ended it: its Signature says which failure
//   Crash    a signal ended it (SIGSEGV, SIGABRT, ...; also the kernel's
//            SIGKILL when memory ran out)
//   Timeout  still running at the limit (then killed)
//   Invalid  a non-zero exit without an exception (a usage error, a refc
//            internal error): the candidate is not a program that can fail
//            the way we look for
// A reduction keeps a candidate only when it fails with the same Signature
// (or crashes with the same signal), so a candidate that fails differently
// never counts — PyTorch's minifier matches strings and slips to other bugs.
#pragma once

#include <chrono>
#include <cstddef>
#include <string>
#include <vector>

namespace refc::minifier {

// Which failure: the stage it happened in ("compile" when the backend
// failed, else "run"), the innermost exception type, its message with
// numbers, hex digests, paths and quoted strings replaced by placeholders,
// and the op kind whose graph line raised it ("torch.relu", ".cos", "+";
// empty when no graph frame is on the traceback).
struct Signature {
  std::string stage, exception_type, message_template, op;
  bool operator==(const Signature&) const = default;
  // The same failure: equal but for an op one side does not know (a graph
  // small enough to run without a frame of its own shows none).
  bool matches(const Signature& o) const {
    return stage == o.stage && exception_type == o.exception_type && message_template == o.message_template &&
           (op == o.op || op.empty() || o.op.empty());
  }
  std::string str() const; // "run RuntimeError: injected runtime error at relu [in torch.relu]"
};

enum class Outcome { Pass, Fail, Crash, Timeout, Invalid };
const char* outcome_name(Outcome o);

struct QueryLimits {
  std::chrono::milliseconds wall{60000};
  size_t address_space_bytes = size_t{8} << 30; // 0: none
};

// AddressSanitizer reserves terabytes of address space for its shadow memory
// when a process starts, so a sanitized child cannot start under any
// address-space limit: a sanitizer build runs its candidates without one.
#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kAddressSpaceLimitApplies = false;
#elif defined(__has_feature)
inline constexpr bool kAddressSpaceLimitApplies = !__has_feature(address_sanitizer);
#else
inline constexpr bool kAddressSpaceLimitApplies = true;
#endif

struct QueryResult {
  Outcome outcome = Outcome::Invalid;
  Signature signature; // Fail
  int signal = 0;      // Crash
  int exit_code = 0;
  double seconds = 0;
  std::string stdout_text, stderr_text;

  // Whether this result is the failure `target` is (same outcome and signature, or signal).
  bool same_failure(const QueryResult& target) const;
};

// Runs argv (argv[0] is looked up on PATH when it has no slash) in the
// working directory `cwd` (empty: this one) with `env` added to this
// process's environment.
QueryResult run_query(const std::vector<std::string>& argv, const QueryLimits& limits, const std::string& cwd = {},
                      const std::vector<std::pair<std::string, std::string>>& env = {});

// How a result ended, in words: "run RuntimeError: ...", "crash (signal 11)", ...
std::string describe(const QueryResult& r);

// This program (the refc that runs the candidates).
std::string self_executable();

// The Signature of a failure's stderr (a refc traceback), or an empty one
// when it holds no exception.
Signature signature_of(const std::string& stderr_text);

} // namespace refc::minifier

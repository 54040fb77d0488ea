// The fuzz worker (see worker.h).
#include "fuzz/worker.h"

#include "fuzz/generator.h"
#include "reference_compiler/lang/interpreter.h"

#include <fcntl.h>
#include <unistd.h>

#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <iostream>
#include <set>
#include <string>

namespace refc::fuzz {

nlohmann::json verdict_json(const Program& program, const Verdict& verdict, double seconds) {
  static const char* const kKinds[] = {"pass", "invalid", "finding"};
  std::set<std::string> changes;
  for (const Call& c : program.calls) changes.insert(c.changes.begin(), c.changes.end());
  return {{"seed", program.seed},
          {"verdict", kKinds[verdict.kind]},
          {"oracle", verdict.oracle},
          {"signature", verdict.signature},
          {"detail", verdict.detail},
          {"calls", program.calls.size()},
          {"compiles", verdict.compiles},
          {"features", program.features},
          {"changes", changes},
          {"seconds", seconds}};
}

int run_worker() {
  // Answers go to the original standard output; anything else the programs
  // or the compiler write outside the captured stream is dropped.
  const int answers = dup(STDOUT_FILENO);
  const int devnull = open("/dev/null", O_WRONLY);
  if (answers < 0 || devnull < 0) return 1;
  dup2(devnull, STDOUT_FILENO);
  close(devnull);
  return lang::run_on_program_stack([answers] {
    ProgramRunner runner;
    for (std::string line; std::getline(std::cin, line);) {
      const auto start = std::chrono::steady_clock::now();
      uint64_t seed = 0;
      if (std::sscanf(line.c_str(), "%" SCNu64, &seed) != 1) continue;
      const Program program = generate(seed);
      const Verdict verdict = check(runner, program);
      const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      const std::string answer = verdict_json(program, verdict, seconds).dump() + "\n";
      for (size_t done = 0; done < answer.size();) {
        const ssize_t n = write(answers, answer.data() + done, answer.size() - done);
        if (n <= 0) return 1;
        done += static_cast<size_t>(n);
      }
    }
    return 0;
  });
}

} // namespace refc::fuzz

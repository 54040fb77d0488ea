// The fuzz worker (`refc fuzz --worker`, started by a campaign): reads
// program seeds on standard input, one per line; generates and checks each
// program in this process (ProgramRunner: start-up is paid once) and
// answers each with one JSON line on standard output:
//   {"seed", "verdict": "pass"|"invalid"|"finding", "oracle", "signature",
//    "detail", "calls", "compiles", "features", "changes", "seconds"}
// A crash or hang kills the worker; the campaign notices and starts another.
#pragma once

#include "fuzz/oracles.h"

#include <nlohmann/json.hpp>

namespace refc::fuzz {

int run_worker();

// The answer for one program, as the worker sends it.
nlohmann::json verdict_json(const Program& program, const Verdict& verdict, double seconds);

} // namespace refc::fuzz

// A fuzz campaign (`refc fuzz`): `jobs` worker processes (worker.h) each
// check programs many to a process; the driver hands out seeds, watches
// every program against a time limit (a hang is killed and is a finding; a
// worker that dies is a crash finding; both get a fresh worker), collects
// verdicts, deduplicates findings by signature and, at the end, reduces one
// program per signature with the program reducer.
//
// Under planted bugs (TORCHDYNAMO_PLANTED_BUGS_TESTING_ONLY) a finding
// counts only when its program passes without them; the others are
// baseline findings, reported apart and not reduced.
//
// Program i of campaign seed S has seed program_seed(S, i); shard k of N
// takes the i with i % N == k, so N processes on N machines together check
// exactly the programs one process would. Output folder:
//   stats.json     programs/s, calls/s, findings by signature, coverage of
//                  generators and call changes (rewritten as the run goes)
//   findings/<n>-<oracle>/  program.py, finding.json, reduced.py
//   corpus/<seed>.py        programs that exercised something new
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>

namespace refc::fuzz {

struct CampaignOptions {
  double seconds = 600;     // stop after this long (0: no limit)
  uint64_t programs = 0;    // stop after this many programs (0: no limit)
  int jobs = 1;
  uint64_t seed = 0;
  int shard = 0, shards = 1;
  std::filesystem::path out = "fuzz-out";
  double program_timeout = 30; // seconds one program may take (a hang)
  bool stop_on_finding = false;
  bool reduce = true;
  bool quiet = false;
};

// "90s", "10m", "2h", "45" (seconds); nullopt when malformed.
std::optional<double> parse_duration(const std::string& text);
// "i/N" with 0 <= i < N; nullopt when malformed.
std::optional<std::pair<int, int>> parse_shard(const std::string& text);

// Runs a campaign; returns the exit status (0: no findings, 1: findings).
int run_campaign(const CampaignOptions& options);

// Generates and checks one program in this process; prints the program (or,
// with `json`, everything as one JSON object) and its verdict.
int replay(uint64_t seed, bool json);

} // namespace refc::fuzz

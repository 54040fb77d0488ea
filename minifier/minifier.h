// The graph minifier: from a repro whose graph fails (an error, a crash, a
// hang, a wrong value), the smallest graph and inputs that still fail the
// same way. The original is run several times first (a failure that comes
// and goes is reported as flaky, one that does not come as not
// reproducible); then the strategies (strategy.h) run in rounds until none
// makes progress, every candidate a repro file run in an isolated child
// (query.h) on a pool of workers. Output folder:
//   repro.py, repro_data/   the minimal repro (runs alone: `refc run repro.py`)
//   events.jsonl            every event, one JSON object a line (journal.h)
//   summary.json            the one-screen summary, for tools
//   candidates/             every candidate tried, by content key
#pragma once

#include "minifier/candidate.h"

#include <chrono>
#include <filesystem>

namespace refc::minifier {

struct MinifyOptions {
  int jobs = 2;                                 // queries at once
  std::chrono::milliseconds timeout{30000};     // per query; a hang is a failure that times out
  std::filesystem::path out_dir;                // empty: minify/ next to the repro
  bool resume = false;                          // go on from out_dir/events.jsonl
  int reproduce_runs = 3;                       // runs of the original before reducing
  bool quiet = false;                           // no status line or summary
};

// The options `refc repro minify` was given; a repro run any other way
// (`refc run minifier_launcher.py`) gets the defaults.
MinifyOptions& minify_options();

// What the repro being minified supplies.
struct ReproSource {
  std::filesystem::path file; // the repro file
  Candidate original;         // its graph and inputs
  lang::Value root;           // the Repro module (get_attr, call_module read from it)
  // render(graph_code, inputs, names, data_dir, command) -> the text of a
  // repro file for that graph, its inputs' data written to data_dir.
  lang::Value render;
};

// Minifies; returns the process exit status (0: a minimal repro written).
int minify(const ReproSource& source, const MinifyOptions& options);

// Where a run with `options` on `file` writes.
std::filesystem::path output_dir(const std::filesystem::path& file, const MinifyOptions& options);
// The file `--resume` goes on from: the last accepted candidate in the
// journal of out_dir, or none.
std::optional<std::filesystem::path> resume_point(const std::filesystem::path& out_dir);

} // namespace refc::minifier

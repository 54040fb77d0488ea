// Journal: the minifier's event log (`events.jsonl` in its output folder),
// one JSON object per line, appended and flushed as things happen: the
// start, the original's failure (the target), every query with its outcome,
// every accepted candidate, the end. It is the machine-readable record of a
// run and also what `--resume` reads back: the target, the answers already
// known (so no query runs twice) and the last accepted candidate to start
// from. A line cut short by a kill is ignored.
#pragma once

#include "minifier/query.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <unordered_map>

namespace refc::minifier {

using Json = nlohmann::ordered_json;

class Journal {
public:
  // Opens `path` for appending (truncating it unless `append`).
  Journal(const std::filesystem::path& path, bool append);
  void write(const Json& event);

private:
  std::ofstream out_;
};

// What a journal says about an interrupted run.
struct JournalState {
  Json start;                                // the start event
  std::optional<QueryResult> target;         // the original's failure
  std::unordered_map<std::string, bool> answers; // candidate key -> reproduces
  std::string checkpoint;                    // key of the last accepted candidate ("" for none)
};
std::optional<JournalState> read_journal(const std::filesystem::path& path);

// A QueryResult as the journal writes it, and back.
Json result_json(const QueryResult& r);
QueryResult result_from_json(const Json& j);

} // namespace refc::minifier

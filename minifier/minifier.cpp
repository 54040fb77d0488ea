// The minifier's driver: the oracle that runs candidates as repros, the
// rounds of strategies, the journal, the status line and the summary.
#include "minifier/minifier.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/lang/traceback.h"
#include "minifier/journal.h"
#include "minifier/query_pool.h"
#include "minifier/strategy.h"
#include "repro/content_store.h"

#include <cstdio>
#include <fstream>
#include <iostream>
#include <unistd.h>

namespace refc::minifier {

namespace fs = std::filesystem;
using lang::Value;

MinifyOptions& minify_options() {
  static MinifyOptions options;
  return options;
}

fs::path output_dir(const fs::path& file, const MinifyOptions& options) {
  return options.out_dir.empty() ? fs::absolute(file).parent_path() / "minify" : fs::absolute(options.out_dir);
}

std::optional<fs::path> resume_point(const fs::path& out_dir) {
  const std::optional<JournalState> state = read_journal(out_dir / "events.jsonl");
  if (!state || state->checkpoint.empty()) return std::nullopt;
  fs::path file = out_dir / "candidates" / (state->checkpoint + ".py");
  if (!fs::exists(file)) return std::nullopt;
  return file;
}

namespace {

using Clock = std::chrono::steady_clock;

// The numbers the summary compares: ops, inputs, input elements.
Json size_json(const Candidate& c) {
  return {{"ops", c.op_count()}, {"inputs", c.inputs.size()}, {"elements", c.input_elements()}};
}

class Minifier final : public Oracle {
public:
  Minifier(const ReproSource& source, const MinifyOptions& options)
      : source_(source), options_(options), out_(output_dir(source.file, options)), candidates_(out_ / "candidates"),
        pool_(options.jobs, QueryLimits{options.timeout}), status_line_(!options.quiet && isatty(STDERR_FILENO)) {}

  int run();

  std::vector<bool> reproduces(const std::vector<Candidate>& batch) override;
  const NodeValues& values(const Candidate& c) override;
  size_t parallelism() const override { return static_cast<size_t>(std::max(options_.jobs, 1)); }

private:
  // Writes `c` as a repro (data into dir/repro_data) and returns its key; the
  // file is dir/<key>.py, or `as` when given. Empty when it cannot be written.
  std::string write(const Candidate& c, const fs::path& dir, const char* command, const fs::path& as = {});
  Query query(const std::string& key, const fs::path& file) const {
    return {key, {self_executable(), "run", file.string()}, file.parent_path().string()};
  }
  bool establish_target(const std::string& key);
  void show_status(bool final_line = false);
  int finish(const Candidate& minimal, Clock::time_point started);

  const ReproSource& source_;
  const MinifyOptions& options_;
  fs::path out_, candidates_;
  QueryPool pool_;
  std::optional<Journal> journal_;
  QueryResult target_;
  Json start_;
  std::unordered_map<std::string, bool> answers_;
  std::string_view strategy_ = "original";
  Candidate current_;
  size_t queries_ = 0, remembered_ = 0;
  bool status_line_;
  // values(): the last candidate's eager values.
  const graph::Graph* values_graph_ = nullptr;
  std::vector<Value> values_inputs_;
  NodeValues values_;
};

std::string Minifier::write(const Candidate& c, const fs::path& dir, const char* command, const fs::path& as) {
  std::vector<Value> names;
  for (const graph::Node* p : c.graph->placeholders()) names.push_back(lang::str_value(p->target));
  std::string text;
  try {
    Value args[] = {lang::str_value(graph_code(c)), Value(lang::make_list(c.inputs)), Value(lang::make_list(names)),
                    lang::str_value((dir / "repro_data").string()), lang::str_value(command)};
    text = std::string(lang::to_str(lang::call(source_.render, lang::Args{args, 5, nullptr}))->view());
  } catch (const lang::PyError& e) {
    journal_->write({{"event", "unwritable"}, {"strategy", strategy_}, {"error", lang::format_exception(e.exc)}});
    return {};
  }
  const std::string key = repro::content_key({reinterpret_cast<const std::byte*>(text.data()), text.size()});
  const fs::path path = as.empty() ? dir / (key + ".py") : as;
  if (!as.empty() || !fs::exists(path)) { // a candidate's name is its content
    const fs::path tmp = path.string() + ".tmp";
    std::ofstream(tmp) << text;
    fs::rename(tmp, path);
  }
  return key;
}

std::vector<bool> Minifier::reproduces(const std::vector<Candidate>& batch) {
  std::vector<bool> answers(batch.size(), false);
  std::vector<Query> queries;
  std::vector<size_t> asked; // batch positions of the queries
  for (size_t i = 0; i < batch.size(); ++i) {
    const std::string key = write(batch[i], candidates_, "run");
    if (key.empty()) continue;
    if (auto it = answers_.find(key); it != answers_.end()) {
      answers[i] = it->second;
      ++remembered_;
      continue;
    }
    queries.push_back(query(key, candidates_ / (key + ".py")));
    asked.push_back(i);
  }
  const std::vector<QueryResult> results = pool_.run_all(queries);
  for (size_t q = 0; q < queries.size(); ++q) {
    const bool same = results[q].same_failure(target_);
    answers[asked[q]] = answers_[queries[q].key] = same;
    ++queries_;
    Json e{{"event", "query"}, {"strategy", strategy_}, {"key", queries[q].key}, {"reproduces", same},
           {"ops", batch[asked[q]].op_count()}, {"result", result_json(results[q])}};
    journal_->write(e);
  }
  show_status();
  return answers;
}

const NodeValues& Minifier::values(const Candidate& c) {
  if (values_graph_ != c.graph.get() || values_inputs_.size() != c.inputs.size() ||
      !std::equal(c.inputs.begin(), c.inputs.end(), values_inputs_.begin(),
                  [](const Value& a, const Value& b) { return a.is(b); })) {
    values_ = eager_values(c, source_.root);
    values_graph_ = c.graph.get();
    values_inputs_ = c.inputs;
  }
  return values_;
}

bool Minifier::establish_target(const std::string& key) {
  const Reproduction r = check_reproducible(pool_, query(key, candidates_ / (key + ".py")), options_.reproduce_runs);
  target_ = r.first;
  journal_->write({{"event", "target"}, {"result", result_json(r.first)}, {"runs", r.runs}, {"same", r.same}});
  queries_ += static_cast<size_t>(r.runs);
  if (r.flaky()) {
    std::cerr << "minify: the failure is flaky: " << r.same << " of " << r.runs << " runs ended as the first did ("
              << describe(r.first) << "); a reduction against it would not mean anything.\n";
    return false;
  }
  if (r.first.outcome == Outcome::Pass || r.first.outcome == Outcome::Invalid) {
    std::cerr << "minify: " << source_.file.string() << " does not fail (" << describe(r.first)
              << "): nothing to minify.\n";
    if (!r.first.stderr_text.empty()) std::cerr << "minify: its output:\n" << r.first.stderr_text;
    return false;
  }
  answers_[key] = true;
  return true;
}

void Minifier::show_status(bool final_line) {
  if (!status_line_) return;
  std::fprintf(stderr, "\r\033[K[minify] %-20.*s ops %zu -> %zu  queries %zu (+%zu remembered)%s",
               static_cast<int>(strategy_.size()), strategy_.data(), static_cast<size_t>(start_.value("ops", 0)),
               current_.op_count(), queries_, remembered_, final_line ? "\n" : "");
  std::fflush(stderr);
}

int Minifier::run() {
  const Clock::time_point started = Clock::now();
  fs::create_directories(candidates_);
  std::optional<JournalState> resumed;
  if (options_.resume) resumed = read_journal(out_ / "events.jsonl");
  journal_.emplace(out_ / "events.jsonl", resumed.has_value());
  current_ = source_.original;
  const std::string key = write(current_, candidates_, "run");
  if (key.empty()) {
    std::cerr << "minify: the graph of " << source_.file.string() << " cannot be written back as a repro (see "
              << (out_ / "events.jsonl").string() << ")\n";
    return 1;
  }
  if (resumed) {
    start_ = resumed->start.value("size", Json::object());
    target_ = *resumed->target;
    answers_ = resumed->answers;
    journal_->write({{"event", "resume"}, {"file", source_.file.string()}, {"size", size_json(current_)}});
  } else {
    start_ = size_json(current_);
    journal_->write({{"event", "start"}, {"file", source_.file.string()}, {"size", start_}, {"jobs", options_.jobs},
                     {"timeout_s", options_.timeout.count() / 1000.0}});
    if (!establish_target(key)) return 1;
  }
  if (!options_.quiet)
    std::cerr << "minify: " << current_.op_count() << " ops, failing with " << describe(target_) << "\n";

  std::string current_key = key;
  for (bool progressed = true; progressed;) {
    progressed = false;
    for (const Strategy& s : strategies()) {
      strategy_ = s.name;
      std::optional<Candidate> smaller;
      try {
        smaller = s.reduce(current_, *this);
      } catch (const lang::PyError& e) { // a strategy that cannot apply to this graph is skipped
        journal_->write({{"event", "strategy_error"}, {"strategy", s.name}, {"error", lang::format_exception(e.exc)}});
      }
      if (!smaller) continue;
      const std::string smaller_key = write(*smaller, candidates_, "run");
      if (smaller_key == current_key) continue; // the same graph and inputs: no progress
      current_ = std::move(*smaller);
      current_key = smaller_key;
      progressed = true;
      Json e{{"event", "accepted"}, {"strategy", s.name}, {"key", current_key}};
      e.update(size_json(current_));
      journal_->write(e);
      show_status();
    }
  }
  strategy_ = "done";
  show_status(true);
  return finish(current_, started);
}

int Minifier::finish(const Candidate& minimal, Clock::time_point started) {
  const fs::path repro = out_ / "repro.py";
  const std::string key = write(minimal, out_, "run", repro);
  // The result is the text of a candidate known to fail, on data its content
  // keys check when it loads; only a result that is not is run once more.
  QueryResult check = target_;
  if (!answers_.count(key) || !answers_.at(key)) {
    check = pool_.run(query("final:" + key, repro));
    ++queries_;
  }
  const double seconds = std::chrono::duration<double>(Clock::now() - started).count();
  std::vector<std::string> ops;
  for (const graph::Node* n : minimal.ops()) ops.push_back(n->target);
  Json summary{{"file", source_.file.string()},
               {"failure", describe(target_)},
               {"before", start_},
               {"after", size_json(minimal)},
               {"ops", ops},
               {"queries", queries_},
               {"remembered", remembered_},
               {"jobs", options_.jobs},
               {"seconds", seconds},
               {"repro", repro.string()},
               {"reproduces", check.same_failure(target_)}};
  Json done{{"event", "done"}};
  done.update(summary);
  journal_->write(done);
  std::ofstream(out_ / "summary.json") << summary.dump(2) << '\n';
  if (!options_.quiet) {
    std::string op_list;
    for (size_t i = 0; i < ops.size() && i < 8; ++i) op_list += (i ? ", " : "") + ops[i];
    if (ops.size() > 8) op_list += ", ...";
    std::cout << "minified " << source_.file.string() << "\n"
              << "  failure   " << describe(target_) << "\n"
              << "  ops       " << start_.value("ops", 0) << " -> " << minimal.op_count() << " (" << op_list << ")\n"
              << "  inputs    " << start_.value("inputs", 0) << " -> " << minimal.inputs.size() << ", "
              << start_.value("elements", 0) << " -> " << minimal.input_elements() << " elements\n"
              << "  queries   " << queries_ << " run, " << remembered_ << " remembered, " << options_.jobs
              << " at a time, " << static_cast<int>(seconds * 10) / 10.0 << " s\n"
              << "  repro     " << repro.string()
              << (check.same_failure(target_) ? " (fails the same way)" : " (DOES NOT fail the same way: " + describe(check) + ")")
              << "\n"
              << "  events    " << (out_ / "events.jsonl").string() << "\n";
  }
  return check.same_failure(target_) ? 0 : 1;
}

} // namespace

int minify(const ReproSource& source, const MinifyOptions& options) {
  try {
    return Minifier(source, options).run();
  } catch (const fs::filesystem_error& e) {
    std::cerr << "minify: " << e.what() << "\n";
    return 1;
  }
}

} // namespace refc::minifier

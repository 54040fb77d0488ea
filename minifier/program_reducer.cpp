// The program reducer: its passes, and the runs that decide whether a
// smaller program still shows the failure.
#include "minifier/program_reducer.h"

#include "minifier/journal.h"
#include "minifier/program_edits.h"
#include "minifier/query_pool.h"
#include "minifier/remove_chunks.h"
#include "repro/content_store.h"

#include <algorithm>
#include <cstdio>
#include <functional>
#include <fstream>
#include <iostream>
#include <sstream>
#include <unistd.h>

namespace refc::minifier {

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

class Reducer {
public:
  explicit Reducer(const ReduceProgramOptions& options)
      : options_(options),
        out_(options.run.out_dir.empty() ? fs::absolute(options.file).replace_extension(".minify")
                                         : fs::absolute(options.run.out_dir)),
        candidates_(out_ / "candidates"), pool_(options.run.jobs, QueryLimits{options.run.timeout}),
        status_line_(!options.run.quiet && isatty(STDERR_FILENO)) {}

  int run();

private:
  std::vector<bool> test(const std::vector<std::string>& texts);
  // A candidate's runs: compiled, then (for --differs-from-eager) eager twice.
  std::vector<Query> queries(const std::string& text, const std::string& run_tag = {});
  bool interesting(const QueryResult* runs) const;
  size_t queries_per_candidate() const { return options_.differs_from_eager ? 3 : 1; }
  bool establish();
  void accept(std::string text, std::string_view pass);
  bool drop_blank_lines();
  bool remove_statements();
  // Tries each item a pass finds (a compound statement, an assignment, a
  // function), `jobs` at a time: items(s) counts them, candidates(s, i)
  // gives item i's smaller programs.
  bool reduce_items(std::string_view pass, size_t (*items)(const Structure&),
                    const std::function<std::vector<std::string>(const Structure&, size_t)>& candidates);
  bool unwrap_blocks();
  bool inline_variables();
  bool inline_functions();
  bool remove_parameters();
  bool hoist_expressions();
  bool simplify_literals();
  void show_status(bool final_line = false);

  const ReduceProgramOptions& options_;
  fs::path out_, candidates_;
  QueryPool pool_;
  std::optional<Journal> journal_;
  std::string original_, current_;
  std::string_view pass_ = "original";
  QueryResult target_;
  std::unordered_map<std::string, bool> answers_;
  size_t queries_ = 0, remembered_ = 0;
  bool status_line_;
};

// The candidate's compiled run and, for --differs-from-eager, its eager run
// twice: output that changes from one eager run to the next (a removed
// torch.manual_seed) is noise, not a difference the compiler made.
std::vector<Query> Reducer::queries(const std::string& text, const std::string& run_tag) {
  const std::string key = repro::content_key({reinterpret_cast<const std::byte*>(text.data()), text.size()});
  const fs::path path = candidates_ / (key + ".py");
  if (!fs::exists(path)) std::ofstream(path) << text;
  Query compiled{key + run_tag, {self_executable(), "run", path.string()}, candidates_.string()};
  if (!options_.differs_from_eager) return {compiled};
  Query eager = compiled;
  eager.key += "#eager";
  eager.env = {{"TORCH_COMPILE_DISABLE", "1"}};
  Query again = eager;
  again.key += "#again";
  return {compiled, eager, again};
}

bool Reducer::interesting(const QueryResult* runs) const {
  const QueryResult& compiled = runs[0];
  if (options_.differs_from_eager)
    return compiled.outcome == Outcome::Pass && runs[1].outcome == Outcome::Pass && runs[2].outcome == Outcome::Pass &&
           runs[1].stdout_text == runs[2].stdout_text && compiled.stdout_text != runs[1].stdout_text;
  if (!options_.signature.empty())
    return (compiled.outcome == Outcome::Fail || compiled.outcome == Outcome::Crash ||
            compiled.outcome == Outcome::Timeout) &&
           describe(compiled).find(options_.signature) != std::string::npos;
  return compiled.same_failure(target_);
}

std::vector<bool> Reducer::test(const std::vector<std::string>& texts) {
  std::vector<bool> answers(texts.size(), false);
  std::vector<Query> batch;
  std::vector<size_t> asked;
  for (size_t i = 0; i < texts.size(); ++i) {
    if (texts[i] == current_) continue; // not smaller: never progress
    const std::vector<Query> runs = queries(texts[i]);
    if (auto it = answers_.find(runs.front().key); it != answers_.end()) {
      answers[i] = it->second;
      ++remembered_;
      continue;
    }
    batch.insert(batch.end(), runs.begin(), runs.end());
    asked.push_back(i);
  }
  const std::vector<QueryResult> results = pool_.run_all(batch);
  const size_t per = queries_per_candidate();
  for (size_t q = 0; q < asked.size(); ++q) {
    const QueryResult& compiled = results[q * per];
    const bool yes = interesting(&results[q * per]);
    answers[asked[q]] = answers_[batch[q * per].key] = yes;
    queries_ += per;
    journal_->write({{"event", "query"}, {"pass", pass_}, {"key", batch[q * per].key}, {"reproduces", yes},
                     {"lines", code_lines(texts[asked[q]])}, {"result", result_json(compiled)}});
  }
  show_status();
  return answers;
}

bool Reducer::establish() {
  std::vector<Query> runs;
  for (int i = 0; i < options_.run.reproduce_runs; ++i) {
    const std::vector<Query> one = queries(current_, "#run" + std::to_string(i));
    runs.insert(runs.end(), one.begin(), one.end());
  }
  const std::vector<QueryResult> results = pool_.run_all(runs);
  queries_ += results.size();
  const size_t per = queries_per_candidate();
  target_ = results.front();
  const bool failed = target_.outcome == Outcome::Fail || target_.outcome == Outcome::Crash || target_.outcome == Outcome::Timeout;
  int shown = 0;
  for (size_t i = 0; i < results.size(); i += per) shown += interesting(&results[i]);
  const int total = options_.run.reproduce_runs;
  journal_->write({{"event", "target"}, {"result", result_json(target_)}, {"runs", total}, {"same", shown}});
  const std::string what = options_.differs_from_eager ? "a difference from eager"
                           : options_.signature.empty() ? "a failure"
                                                        : "a failure matching '" + options_.signature + "'";
  if (shown == 0 || (options_.signature.empty() && !options_.differs_from_eager && !failed)) {
    std::cerr << "minify: " << options_.file.string() << " does not show " << what << " (" << describe(target_)
              << "): nothing to reduce.\n";
    return false;
  }
  if (shown != total) {
    std::cerr << "minify: " << what << " is flaky: " << shown << " of " << total
              << " runs showed it; a reduction against it would not mean anything.\n";
    return false;
  }
  return true;
}

void Reducer::accept(std::string text, std::string_view pass) {
  current_ = std::move(text);
  journal_->write({{"event", "accepted"}, {"pass", pass}, {"key", queries(current_).front().key}, {"lines", code_lines(current_)}});
}

bool Reducer::drop_blank_lines() {
  pass_ = "drop_blank_lines";
  Lines kept;
  for (const std::string& line : split_lines(current_))
    if (!blank_or_comment(line)) kept.push_back(line);
  const std::string text = join_lines(kept);
  if (text == current_ || !parses(text) || !test({text}).front()) return false;
  accept(text, pass_);
  return true;
}

bool Reducer::remove_statements() {
  pass_ = "remove_statements";
  bool progressed = false;
  for (size_t b = 0;; ++b) {
    const Structure s = structure_of(current_);
    if (b >= s.blocks.size()) break;
    const std::vector<Range>& block = s.blocks[b];
    auto build = [&](const std::vector<bool>& removed) { return without_statements(current_, block, removed); };
    std::optional<std::string> smaller = remove_chunks<std::string>(
        block.size(), 2, static_cast<size_t>(options_.run.jobs), build,
        [&](const std::vector<std::string>& texts) { return test(texts); });
    if (smaller) {
      accept(std::move(*smaller), pass_);
      progressed = true;
    }
  }
  return progressed;
}

bool Reducer::reduce_items(std::string_view pass, size_t (*items)(const Structure&),
                           const std::function<std::vector<std::string>(const Structure&, size_t)>& candidates) {
  pass_ = pass;
  bool progressed = false;
  for (size_t i = 0;;) {
    const Structure s = structure_of(current_);
    if (i >= items(s)) break;
    std::vector<std::string> batch;
    std::vector<size_t> item_of;
    size_t next = i;
    for (; next < items(s) && batch.size() < static_cast<size_t>(options_.run.jobs); ++next)
      for (std::string& text : candidates(s, next))
        if (parses(text)) {
          batch.push_back(std::move(text));
          item_of.push_back(next);
        }
    const std::vector<bool> answers = test(batch);
    const auto yes = std::find(answers.begin(), answers.end(), true);
    if (yes == answers.end()) {
      i = next;
      continue;
    }
    const size_t k = static_cast<size_t>(yes - answers.begin());
    accept(batch[k], pass_);
    progressed = true;
    i = item_of[k]; // the item is gone: what followed it is now at its index
  }
  return progressed;
}

// The candidates an edit that may not apply gives: none or one.
std::vector<std::string> listed(std::optional<std::string> text) {
  return text ? std::vector<std::string>{std::move(*text)} : std::vector<std::string>{};
}

// A compound statement replaced by one of its bodies, dedented.
bool Reducer::unwrap_blocks() {
  return reduce_items("unwrap_blocks", [](const Structure& s) { return s.compounds.size(); },
                      [&](const Structure& s, size_t c) { return unwrapped(current_, s.compounds[c]); });
}

// `x = E` read once: E in place of the read.
bool Reducer::inline_variables() {
  return reduce_items("inline_variables", [](const Structure& s) { return s.assignments.size(); },
                      [&](const Structure& s, size_t a) { return listed(inline_variable(current_, s, s.assignments[a])); });
}

// A one-statement function called once: its body in place of the call.
bool Reducer::inline_functions() {
  return reduce_items("inline_functions", [](const Structure& s) { return s.functions.size(); },
                      [&](const Structure& s, size_t f) { return listed(inline_function(current_, s, s.functions[f])); });
}

// A parameter gone, with its argument at every call.
bool Reducer::remove_parameters() {
  return reduce_items("remove_parameters", [](const Structure& s) { return s.parameters.size(); },
                      [&](const Structure& s, size_t p) { return listed(without_parameter(current_, s, s.parameters[p])); });
}

// An expression replaced by one of its sub-expressions.
bool Reducer::hoist_expressions() {
  return reduce_items("hoist_expressions", [](const Structure& s) { return s.hoists.size(); },
                      [&](const Structure& s, size_t h) { return hoisted(current_, s.hoists[h]); });
}

// Number literals to 1: all at once first, then by halves (delta debugging
// over the literals, "removing" one meaning making it 1).
bool Reducer::simplify_literals() {
  pass_ = "simplify_literals";
  const std::vector<Literal> literals = literals_of(current_);
  if (literals.empty()) return false;
  auto build = [&](const std::vector<bool>& simplify) -> std::optional<std::string> {
    std::string text = with_simple_literals(current_, literals, simplify);
    if (!parses(text)) return std::nullopt;
    return text;
  };
  std::optional<std::string> simpler = remove_chunks<std::string>(
      literals.size(), 1, static_cast<size_t>(options_.run.jobs), build,
      [&](const std::vector<std::string>& texts) { return test(texts); });
  if (!simpler) return false;
  accept(std::move(*simpler), pass_);
  return true;
}

void Reducer::show_status(bool final_line) {
  if (!status_line_) return;
  std::fprintf(stderr, "\r\033[K[minify] %-18.*s lines %zu -> %zu  queries %zu (+%zu remembered)%s",
               static_cast<int>(pass_.size()), pass_.data(), code_lines(original_), code_lines(current_), queries_,
               remembered_, final_line ? "\n" : "");
  std::fflush(stderr);
}

int Reducer::run() {
  const Clock::time_point started = Clock::now();
  std::ifstream in(options_.file);
  if (!in) {
    std::cerr << "minify: cannot read " << options_.file.string() << "\n";
    return 2;
  }
  std::stringstream text;
  text << in.rdbuf();
  original_ = current_ = text.str();
  if (!parses(original_)) {
    std::cerr << "minify: " << options_.file.string() << " is not a program refc parses (run it to see the SyntaxError)\n";
    return 2;
  }
  fs::create_directories(candidates_);
  journal_.emplace(out_ / "events.jsonl", false);
  journal_->write({{"event", "start"}, {"file", options_.file.string()}, {"lines", code_lines(original_)},
                   {"signature", options_.signature}, {"differs_from_eager", options_.differs_from_eager},
                   {"jobs", options_.run.jobs}});
  if (!establish()) return 1;

  for (bool progressed = true; progressed;) {
    progressed = drop_blank_lines();
    progressed = remove_statements() || progressed;
    progressed = unwrap_blocks() || progressed;
    progressed = inline_variables() || progressed;
    progressed = inline_functions() || progressed;
    progressed = remove_parameters() || progressed;
    progressed = hoist_expressions() || progressed;
  }
  simplify_literals(); // once, last: it shortens no line
  pass_ = "done";
  show_status(true);

  const fs::path result = out_ / "program.py";
  std::ofstream(result) << current_;
  const double seconds = std::chrono::duration<double>(Clock::now() - started).count();
  Json summary{{"file", options_.file.string()},
               {"failure", options_.differs_from_eager ? "differs from eager" : describe(target_)},
               {"lines_before", code_lines(original_)},
               {"lines_after", code_lines(current_)},
               {"queries", queries_},
               {"remembered", remembered_},
               {"jobs", options_.run.jobs},
               {"seconds", seconds},
               {"program", result.string()}};
  Json done{{"event", "done"}};
  done.update(summary);
  journal_->write(done);
  std::ofstream(out_ / "summary.json") << summary.dump(2) << '\n';
  if (!options_.run.quiet)
    std::cout << "reduced " << options_.file.string() << "\n"
              << "  failure   " << summary["failure"].get<std::string>() << "\n"
              << "  lines     " << code_lines(original_) << " -> " << code_lines(current_) << "\n"
              << "  queries   " << queries_ << " run, " << remembered_ << " remembered, " << options_.run.jobs
              << " at a time, " << static_cast<int>(seconds * 10) / 10.0 << " s\n"
              << "  program   " << result.string() << "\n\n"
              << current_;
  return 0;
}

} // namespace

int reduce_program(const ReduceProgramOptions& options) {
  try {
    return Reducer(options).run();
  } catch (const fs::filesystem_error& e) {
    std::cerr << "minify: " << e.what() << "\n";
    return 1;
  }
}

} // namespace refc::minifier

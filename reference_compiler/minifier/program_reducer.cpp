// The program reducer: the program's structure from its AST, the passes,
// and the runs that decide whether a smaller program still shows the failure.
#include "reference_compiler/minifier/program_reducer.h"

#include "reference_compiler/lang/lexer.h"
#include "reference_compiler/lang/parser.h"
#include "reference_compiler/minifier/journal.h"
#include "reference_compiler/minifier/query_pool.h"
#include "reference_compiler/minifier/remove_chunks.h"
#include "reference_compiler/repro/content_store.h"

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
namespace ast = lang::ast;
using Lines = std::vector<std::string>;
using Clock = std::chrono::steady_clock;

Lines split_lines(const std::string& text) {
  Lines lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::string join_lines(const Lines& lines) {
  std::string text;
  for (const std::string& line : lines) text += line + "\n";
  return text;
}

bool blank_or_comment(const std::string& line) {
  const size_t first = line.find_first_not_of(" \t");
  return first == std::string::npos || line[first] == '#';
}

size_t code_lines(const std::string& text) {
  size_t n = 0;
  for (const std::string& line : split_lines(text)) n += !blank_or_comment(line);
  return n;
}

std::string indentation(const std::string& line) { return line.substr(0, line.find_first_not_of(" \t")); }

bool parses(const std::string& text) {
  try {
    lang::parse_module(text, "<candidate>");
    return true;
  } catch (const lang::SyntaxErrorInfo&) {
    return false;
  }
}

// ---- the program's structure -------------------------------------------------------------

struct Range {
  size_t first, last; // 0-based lines, inclusive
};

// A compound statement and the bodies it could be replaced by.
struct Compound {
  Range whole;
  std::vector<Range> bodies;
};

// `name = value` (one plain name): its value's bytes.
struct Assignment {
  Range lines;
  std::string name;
  size_t value_start, value_end, end; // end: the statement's last byte + 1
};

// A function of positional parameters whose body is one `return E` or `E`:
// its calls can take E's place.
struct SimpleFunction {
  Range lines;
  std::string name;
  std::vector<std::string> params;
  size_t body_start, body_end; // E's bytes
};

struct Structure {
  std::vector<std::vector<Range>> blocks; // the statements of each block, outer blocks first
  std::vector<Compound> compounds;        // outer first
  std::vector<Assignment> assignments;
  std::vector<SimpleFunction> functions;
  std::vector<size_t> line_starts;        // byte offset of each line
  size_t offset(int lineno, int col) const { return line_starts[static_cast<size_t>(lineno - 1)] + static_cast<size_t>(col); }
};

Range range_of(const ast::Stmt& s) {
  int first = s.span.lineno;
  auto decorators = [&](const ast::ExprList& list) {
    for (const ast::ExprPtr& d : list) first = std::min(first, d->span.lineno);
  };
  if (s.kind == ast::StmtKind::FunctionDef) decorators(ast::as<ast::FunctionDef>(s).decorator_list);
  if (s.kind == ast::StmtKind::ClassDef) decorators(ast::as<ast::ClassDef>(s).decorator_list);
  return {static_cast<size_t>(first - 1), static_cast<size_t>(s.span.end_lineno - 1)};
}

Range range_of(const ast::StmtList& body) { return {range_of(*body.front()).first, range_of(*body.back()).last}; }

// The bodies of a compound statement, and whether it may be replaced by one of them.
std::vector<const ast::StmtList*> bodies_of(const ast::Stmt& s, bool& unwrappable) {
  unwrappable = true;
  switch (s.kind) {
  case ast::StmtKind::FunctionDef: unwrappable = false; return {&ast::as<ast::FunctionDef>(s).body};
  case ast::StmtKind::ClassDef: unwrappable = false; return {&ast::as<ast::ClassDef>(s).body};
  case ast::StmtKind::For: return {&ast::as<ast::For>(s).body, &ast::as<ast::For>(s).orelse};
  case ast::StmtKind::While: return {&ast::as<ast::While>(s).body, &ast::as<ast::While>(s).orelse};
  case ast::StmtKind::If: return {&ast::as<ast::If>(s).body, &ast::as<ast::If>(s).orelse};
  case ast::StmtKind::With: return {&ast::as<ast::With>(s).body};
  case ast::StmtKind::Try: {
    const auto& t = ast::as<ast::Try>(s);
    std::vector<const ast::StmtList*> out{&t.body};
    for (const ast::ExceptHandler& h : t.handlers) out.push_back(&h.body);
    out.push_back(&t.orelse);
    out.push_back(&t.finalbody);
    return out;
  }
  default: unwrappable = false; return {};
  }
}

// The assignment or simple function `stmt` is, if it is one.
void note_inlinable(const ast::Stmt& stmt, Structure& s) {
  if (stmt.kind == ast::StmtKind::Assign) {
    const auto& a = ast::as<ast::Assign>(stmt);
    if (a.targets.size() == 1 && a.targets[0]->kind == ast::ExprKind::Name)
      s.assignments.push_back({range_of(stmt), ast::as<ast::Name>(*a.targets[0]).id,
                               s.offset(a.value->span.lineno, a.value->span.col_offset),
                               s.offset(a.value->span.end_lineno, a.value->span.end_col_offset),
                               s.offset(stmt.span.end_lineno, stmt.span.end_col_offset)});
  }
  if (stmt.kind == ast::StmtKind::FunctionDef) {
    const auto& f = ast::as<ast::FunctionDef>(stmt);
    const ast::arguments& args = f.args;
    if (!f.decorator_list.empty() || f.body.size() != 1 || !args.posonlyargs.empty() || args.vararg ||
        !args.kwonlyargs.empty() || args.kwarg || !args.defaults.empty())
      return;
    const ast::Expr* body = nullptr;
    if (f.body[0]->kind == ast::StmtKind::Return) body = ast::as<ast::Return>(*f.body[0]).value.get();
    if (f.body[0]->kind == ast::StmtKind::Expr) body = ast::as<ast::Expr_>(*f.body[0]).value.get();
    if (!body) return;
    SimpleFunction fn{range_of(stmt), f.name, {}, s.offset(body->span.lineno, body->span.col_offset),
                      s.offset(body->span.end_lineno, body->span.end_col_offset)};
    for (const ast::arg& a : args.args) fn.params.push_back(a.arg);
    s.functions.push_back(std::move(fn));
  }
}

void collect(const ast::StmtList& list, Structure& s) {
  std::vector<Range> block;
  for (const ast::StmtPtr& stmt : list) {
    note_inlinable(*stmt, s);
    const Range r = range_of(*stmt);
    if (!block.empty() && r.first <= block.back().last) block.back().last = std::max(block.back().last, r.last);
    else block.push_back(r); // statements sharing a line (`a = 1; b = 2`) go together
  }
  if (!block.empty()) s.blocks.push_back(std::move(block));
  for (const ast::StmtPtr& stmt : list) {
    bool unwrappable = false;
    const std::vector<const ast::StmtList*> bodies = bodies_of(*stmt, unwrappable);
    if (unwrappable) {
      Compound c{range_of(*stmt), {}};
      for (const ast::StmtList* b : bodies)
        if (!b->empty()) c.bodies.push_back(range_of(*b));
      s.compounds.push_back(std::move(c));
    }
    for (const ast::StmtList* b : bodies) collect(*b, s);
  }
}

Structure structure_of(const std::string& text) {
  Structure s;
  s.line_starts.push_back(0);
  for (size_t i = 0; i < text.size(); ++i)
    if (text[i] == '\n') s.line_starts.push_back(i + 1);
  collect(lang::parse_module(text, "<program>").body, s);
  return s;
}

// ---- text edits ------------------------------------------------------------------------------

struct Edit {
  size_t start, end; // bytes replaced
  std::string with;
};

std::string apply(std::string text, std::vector<Edit> edits) {
  std::sort(edits.begin(), edits.end(), [](const Edit& a, const Edit& b) { return a.start > b.start; });
  for (const Edit& e : edits) text.replace(e.start, e.end - e.start, e.with);
  return text;
}

Edit delete_lines(const Structure& s, Range r, size_t text_size) {
  return {s.line_starts[r.first], r.last + 1 < s.line_starts.size() ? s.line_starts[r.last + 1] : text_size, ""};
}

struct Token {
  lang::TokenKind kind;
  size_t start, end;
  int level;
};

std::vector<Token> tokens_of(const std::string& text) {
  std::vector<Token> out;
  for (const lang::Token& t : lang::tokenize(text, "<program>").tokens) out.push_back({t.kind, t.start, t.end, t.level});
  return out;
}

// The positions (in `tokens`) where `name` is read as a variable at or after
// byte `from`: not an attribute (`a.name`) and not a keyword argument (`f(name=...)`).
std::vector<size_t> reads_of(const std::string& text, const std::vector<Token>& tokens, const std::string& name,
                             size_t from) {
  std::vector<size_t> out;
  for (size_t i = 0; i < tokens.size(); ++i) {
    const Token& t = tokens[i];
    if (t.kind != lang::TokenKind::Name || t.start < from || text.compare(t.start, t.end - t.start, name) != 0 ||
        t.end - t.start != name.size())
      continue;
    if (i > 0 && tokens[i - 1].kind == lang::TokenKind::Dot) continue;
    if (i + 1 < tokens.size() && tokens[i + 1].kind == lang::TokenKind::Equal && t.level > 0) continue;
    out.push_back(i);
  }
  return out;
}

// `text` put where an expression was: parenthesized unless it is a primary
// (names, literals, calls, attributes, subscripts, displays), which binds
// tighter than anything around it.
std::string as_operand(const std::string& text) {
  using lang::TokenKind;
  for (const lang::Token& t : lang::tokenize(text, "<expr>").tokens) {
    const bool top = t.level == 0 || ((t.kind == TokenKind::LPar || t.kind == TokenKind::LSqb || t.kind == TokenKind::LBrace) && t.level == 1);
    if (!top) continue;
    switch (t.kind) {
    case TokenKind::Name: case TokenKind::Number: case TokenKind::String: case TokenKind::Dot:
    case TokenKind::LPar: case TokenKind::RPar: case TokenKind::LSqb: case TokenKind::RSqb:
    case TokenKind::LBrace: case TokenKind::RBrace: case TokenKind::KwNone: case TokenKind::KwTrue:
    case TokenKind::KwFalse: case TokenKind::Newline: case TokenKind::EndMarker: continue;
    default: return "(" + text + ")";
    }
  }
  return text;
}

// The candidate with assignment `a` gone and its one later read replaced by the value.
std::optional<std::string> inline_variable(const std::string& text, const Structure& s, const Assignment& a) {
  const std::vector<Token> tokens = tokens_of(text);
  const std::vector<size_t> reads = reads_of(text, tokens, a.name, a.end);
  if (reads.size() != 1) return std::nullopt;
  const Token& use = tokens[reads[0]];
  return apply(text, {delete_lines(s, a.lines, text.size()),
                      {use.start, use.end, as_operand(text.substr(a.value_start, a.value_end - a.value_start))}});
}

// The candidate with function `f` gone and its one call replaced by its body,
// the arguments in place of the parameters.
std::optional<std::string> inline_function(const std::string& text, const Structure& s, const SimpleFunction& f) {
  const std::vector<Token> tokens = tokens_of(text);
  const size_t def_end = delete_lines(s, f.lines, text.size()).end;
  std::vector<size_t> reads;
  for (size_t i : reads_of(text, tokens, f.name, 0))
    if (tokens[i].start < s.line_starts[f.lines.first] || tokens[i].start >= def_end) reads.push_back(i);
  if (reads.size() != 1 || reads[0] + 1 >= tokens.size() || tokens[reads[0] + 1].kind != lang::TokenKind::LPar)
    return std::nullopt;
  // The call's arguments: split at the commas of its own bracket level.
  const size_t open = reads[0] + 1;
  const int level = tokens[open].level;
  std::vector<std::pair<size_t, size_t>> args; // byte ranges
  size_t close = open + 1, arg_start = open + 1;
  for (; close < tokens.size() && !(tokens[close].kind == lang::TokenKind::RPar && tokens[close].level == level - 1); ++close) {
    const Token& t = tokens[close];
    if (t.level != level) continue;
    if (t.kind == lang::TokenKind::Equal || t.kind == lang::TokenKind::Star || t.kind == lang::TokenKind::DoubleStar)
      return std::nullopt; // keyword or unpacked arguments
    if (t.kind == lang::TokenKind::Comma) {
      args.emplace_back(tokens[arg_start].start, tokens[close - 1].end);
      arg_start = close + 1;
    }
  }
  if (close >= tokens.size()) return std::nullopt;
  if (arg_start < close) args.emplace_back(tokens[arg_start].start, tokens[close - 1].end);
  if (args.size() != f.params.size()) return std::nullopt;

  std::vector<Edit> in_body;
  for (size_t p = 0; p < f.params.size(); ++p)
    for (size_t i : reads_of(text, tokens, f.params[p], f.body_start))
      if (tokens[i].end <= f.body_end)
        in_body.push_back({tokens[i].start - f.body_start, tokens[i].end - f.body_start,
                           as_operand(text.substr(args[p].first, args[p].second - args[p].first))});
  const std::string body = apply(text.substr(f.body_start, f.body_end - f.body_start), in_body);
  return apply(text, {delete_lines(s, f.lines, text.size()), {tokens[reads[0]].start, tokens[close].end, as_operand(body)}});
}

// ---- the reducer ---------------------------------------------------------------------------

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
  std::optional<std::string> first_interesting(const std::vector<std::string>& texts);
  bool interesting(const QueryResult& compiled, const QueryResult& eager) const;
  std::pair<Query, Query> queries(const std::string& text, const std::string& run_tag = {});
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

// The candidate's compiled run and (for --differs-from-eager) its eager run.
std::pair<Query, Query> Reducer::queries(const std::string& text, const std::string& run_tag) {
  const std::string key = repro::content_key({reinterpret_cast<const std::byte*>(text.data()), text.size()});
  const fs::path path = candidates_ / (key + ".py");
  if (!fs::exists(path)) std::ofstream(path) << text;
  Query compiled{key + run_tag, {self_executable(), "run", path.string()}, candidates_.string()};
  Query eager = compiled;
  eager.key += "#eager";
  eager.env = {{"TORCH_COMPILE_DISABLE", "1"}};
  return {compiled, eager};
}

bool Reducer::interesting(const QueryResult& compiled, const QueryResult& eager) const {
  if (options_.differs_from_eager)
    return compiled.outcome == Outcome::Pass && eager.outcome == Outcome::Pass &&
           compiled.stdout_text != eager.stdout_text;
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
    auto [compiled, eager] = queries(texts[i]);
    if (auto it = answers_.find(compiled.key); it != answers_.end()) {
      answers[i] = it->second;
      ++remembered_;
      continue;
    }
    batch.push_back(compiled);
    if (options_.differs_from_eager) batch.push_back(eager);
    asked.push_back(i);
  }
  const std::vector<QueryResult> results = pool_.run_all(batch);
  const size_t per = options_.differs_from_eager ? 2 : 1;
  for (size_t q = 0; q < asked.size(); ++q) {
    const QueryResult& compiled = results[q * per];
    const bool yes = interesting(compiled, results[q * per + per - 1]);
    answers[asked[q]] = answers_[batch[q * per].key] = yes;
    queries_ += per;
    journal_->write({{"event", "query"}, {"pass", pass_}, {"key", batch[q * per].key}, {"reproduces", yes},
                     {"lines", code_lines(texts[asked[q]])}, {"result", result_json(compiled)}});
  }
  show_status();
  return answers;
}

std::optional<std::string> Reducer::first_interesting(const std::vector<std::string>& texts) {
  const size_t step = static_cast<size_t>(std::max(options_.run.jobs, 1));
  for (size_t start = 0; start < texts.size(); start += step) {
    const std::vector<std::string> batch(texts.begin() + static_cast<std::ptrdiff_t>(start),
                                         texts.begin() + static_cast<std::ptrdiff_t>(std::min(start + step, texts.size())));
    const std::vector<bool> answers = test(batch);
    for (size_t i = 0; i < batch.size(); ++i)
      if (answers[i]) return batch[i];
  }
  return std::nullopt;
}

bool Reducer::establish() {
  std::vector<Query> runs;
  for (int i = 0; i < options_.run.reproduce_runs; ++i) {
    auto [compiled, eager] = queries(current_, "#run" + std::to_string(i));
    runs.push_back(compiled);
    if (options_.differs_from_eager) runs.push_back(eager);
  }
  const std::vector<QueryResult> results = pool_.run_all(runs);
  queries_ += results.size();
  const size_t per = options_.differs_from_eager ? 2 : 1;
  target_ = results.front();
  const bool failed = target_.outcome == Outcome::Fail || target_.outcome == Outcome::Crash || target_.outcome == Outcome::Timeout;
  int shown = 0;
  for (size_t i = 0; i < results.size(); i += per) shown += interesting(results[i], results[i + per - 1]);
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
  auto [compiled, eager] = queries(current_);
  journal_->write({{"event", "accepted"}, {"pass", pass}, {"key", compiled.key}, {"lines", code_lines(current_)}});
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
    const Lines lines = split_lines(current_);
    auto build = [&](const std::vector<bool>& removed) -> std::optional<std::string> {
      std::vector<bool> drop(lines.size(), false);
      bool all = true;
      for (size_t i = 0; i < block.size(); ++i) {
        all = all && removed[i];
        if (removed[i])
          for (size_t l = block[i].first; l <= block[i].last; ++l) drop[l] = true;
      }
      Lines out;
      for (size_t l = 0; l < lines.size(); ++l) {
        if (all && l == block.front().first) out.push_back(indentation(lines[l]) + "pass"); // a block is never empty
        else if (!drop[l]) out.push_back(lines[l]);
      }
      std::string text = join_lines(out);
      if (!parses(text)) return std::nullopt;
      return text;
    };
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

// A compound statement replaced by one of its bodies, dedented.
bool Reducer::unwrap_blocks() {
  return reduce_items("unwrap_blocks", [](const Structure& s) { return s.compounds.size(); },
                      [&](const Structure& s, size_t c) {
                        const Compound& compound = s.compounds[c];
                        const Lines lines = split_lines(current_);
                        const size_t outer = indentation(lines[compound.whole.first]).size();
                        std::vector<std::string> out;
                        for (const Range& body : compound.bodies) {
                          const size_t inner = indentation(lines[body.first]).size();
                          if (inner < outer) continue;
                          Lines text(lines.begin(), lines.begin() + static_cast<std::ptrdiff_t>(compound.whole.first));
                          for (size_t l = body.first; l <= body.last; ++l)
                            text.push_back(indentation(lines[l]).size() >= inner - outer ? lines[l].substr(inner - outer) : lines[l]);
                          text.insert(text.end(), lines.begin() + static_cast<std::ptrdiff_t>(compound.whole.last + 1), lines.end());
                          out.push_back(join_lines(text));
                        }
                        return out;
                      });
}

// `x = E` read once: E in place of the read.
bool Reducer::inline_variables() {
  return reduce_items("inline_variables", [](const Structure& s) { return s.assignments.size(); },
                      [&](const Structure& s, size_t a) {
                        std::vector<std::string> out;
                        if (auto text = inline_variable(current_, s, s.assignments[a])) out.push_back(std::move(*text));
                        return out;
                      });
}

// A one-statement function called once: its body in place of the call.
bool Reducer::inline_functions() {
  return reduce_items("inline_functions", [](const Structure& s) { return s.functions.size(); },
                      [&](const Structure& s, size_t f) {
                        std::vector<std::string> out;
                        if (auto text = inline_function(current_, s, s.functions[f])) out.push_back(std::move(*text));
                        return out;
                      });
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
  }
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

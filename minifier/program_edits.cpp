// The program reducer's view of a program and its edits.
#include "minifier/program_edits.h"

#include "reference_compiler/lang/ast.h"
#include "reference_compiler/lang/lexer.h"
#include "reference_compiler/lang/parser.h"

#include <algorithm>
#include <sstream>

namespace refc::minifier {

namespace {

namespace ast = lang::ast;

std::string indentation(const std::string& line) { return line.substr(0, line.find_first_not_of(" \t")); }

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

std::pair<size_t, size_t> bytes_of(const Structure& s, const ast::Expr& e) {
  return {s.offset(e.span.lineno, e.span.col_offset), s.offset(e.span.end_lineno, e.span.end_col_offset)};
}

// Records `e` and the expressions in it that have sub-expressions able to
// take their place.
void note_hoists(const ast::Expr* e, Structure& s) {
  if (!e) return;
  std::vector<const ast::Expr*> children;
  switch (e->kind) {
  case ast::ExprKind::BinOp: children = {ast::as<ast::BinOp>(*e).left.get(), ast::as<ast::BinOp>(*e).right.get()}; break;
  case ast::ExprKind::UnaryOp: children = {ast::as<ast::UnaryOp>(*e).operand.get()}; break;
  case ast::ExprKind::BoolOp:
    for (const ast::ExprPtr& v : ast::as<ast::BoolOp>(*e).values) children.push_back(v.get());
    break;
  case ast::ExprKind::IfExp: children = {ast::as<ast::IfExp>(*e).body.get(), ast::as<ast::IfExp>(*e).orelse.get()}; break;
  case ast::ExprKind::Compare:
    children.push_back(ast::as<ast::Compare>(*e).left.get());
    for (const ast::ExprPtr& v : ast::as<ast::Compare>(*e).comparators) children.push_back(v.get());
    break;
  case ast::ExprKind::Call: {
    const auto& call = ast::as<ast::Call>(*e);
    if (call.func->kind == ast::ExprKind::Attribute) children.push_back(ast::as<ast::Attribute>(*call.func).value.get());
    for (const ast::ExprPtr& a : call.args) children.push_back(a.get());
    for (const ast::keyword& k : call.keywords) note_hoists(k.value.get(), s);
    break;
  }
  case ast::ExprKind::Subscript: children = {ast::as<ast::Subscript>(*e).value.get()}; break;
  default: return;
  }
  Hoist h{bytes_of(s, *e).first, bytes_of(s, *e).second, {}};
  for (const ast::Expr* c : children)
    if (c && c->kind != ast::ExprKind::Starred) h.children.push_back(bytes_of(s, *c));
  s.hoists.push_back(std::move(h));
  for (const ast::Expr* c : children) note_hoists(c, s);
}

// The expressions a statement evaluates (not its targets, not nested blocks).
void note_statement_hoists(const ast::Stmt& stmt, Structure& s) {
  switch (stmt.kind) {
  case ast::StmtKind::Assign: note_hoists(ast::as<ast::Assign>(stmt).value.get(), s); break;
  case ast::StmtKind::AugAssign: note_hoists(ast::as<ast::AugAssign>(stmt).value.get(), s); break;
  case ast::StmtKind::Return: note_hoists(ast::as<ast::Return>(stmt).value.get(), s); break;
  case ast::StmtKind::Expr: note_hoists(ast::as<ast::Expr_>(stmt).value.get(), s); break;
  case ast::StmtKind::If: note_hoists(ast::as<ast::If>(stmt).test.get(), s); break;
  case ast::StmtKind::While: note_hoists(ast::as<ast::While>(stmt).test.get(), s); break;
  case ast::StmtKind::For: note_hoists(ast::as<ast::For>(stmt).iter.get(), s); break;
  default: break;
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

// The parameters of a def of plain positional parameters.
void note_parameters(const ast::Stmt& stmt, Structure& s) {
  if (stmt.kind != ast::StmtKind::FunctionDef) return;
  const auto& f = ast::as<ast::FunctionDef>(stmt);
  const ast::arguments& args = f.args;
  if (!args.posonlyargs.empty() || args.vararg || !args.kwonlyargs.empty() || args.kwarg || !args.defaults.empty()) return;
  const size_t def_start = s.offset(stmt.span.lineno, stmt.span.col_offset);
  for (size_t i = args.args.size(); i-- > 0;) s.parameters.push_back({f.name, def_start, i});
}

void collect(const ast::StmtList& list, Structure& s) {
  std::vector<Range> block;
  for (const ast::StmtPtr& stmt : list) {
    note_inlinable(*stmt, s);
    note_parameters(*stmt, s);
    note_statement_hoists(*stmt, s);
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

// Byte-range replacements, applied from the end so offsets stay valid.
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

// What the inlining edits need of a token.
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

// The comma-separated elements between the bracket token `open` and its
// closing bracket, as byte ranges; `close` receives the closing bracket's
// token index. `plain` is false when one is a keyword or unpacked element.
struct Elements {
  std::vector<std::pair<size_t, size_t>> ranges;
  size_t close = 0;
  bool plain = true;
};
std::optional<Elements> elements_in_brackets(const std::vector<Token>& tokens, size_t open) {
  Elements out;
  const int level = tokens[open].level;
  size_t i = open + 1, start = open + 1;
  for (; i < tokens.size() && !(tokens[i].level == level - 1 && (tokens[i].kind == lang::TokenKind::RPar ||
                                                                 tokens[i].kind == lang::TokenKind::RSqb));
       ++i) {
    const Token& t = tokens[i];
    if (t.level != level) continue;
    if (t.kind == lang::TokenKind::Equal || t.kind == lang::TokenKind::Star || t.kind == lang::TokenKind::DoubleStar)
      out.plain = false;
    if (t.kind == lang::TokenKind::Comma) {
      out.ranges.emplace_back(tokens[start].start, tokens[i - 1].end);
      start = i + 1;
    }
  }
  if (i >= tokens.size()) return std::nullopt;
  if (start < i) out.ranges.emplace_back(tokens[start].start, tokens[i - 1].end);
  out.close = i;
  return out;
}

// The edit that removes element `i` of `e` with one of the commas beside it.
Edit without_element(const Elements& e, size_t i) {
  const auto& r = e.ranges;
  if (i + 1 < r.size()) return {r[i].first, r[i + 1].first, ""};
  if (i > 0) return {r[i - 1].second, r[i].second, ""};
  return {r[i].first, r[i].second, ""};
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

} // namespace

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

bool parses(const std::string& text) {
  try {
    lang::parse_module(text, "<candidate>");
    return true;
  } catch (const lang::SyntaxErrorInfo&) {
    return false;
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

// Whether two statements are in one block (one runs after the other).
bool same_block(const Structure& s, Range a, Range b) {
  auto same = [](Range x, Range y) { return x.first == y.first && x.last == y.last; };
  for (const std::vector<Range>& block : s.blocks)
    if (std::any_of(block.begin(), block.end(), [&](Range r) { return same(r, a); }))
      return std::any_of(block.begin(), block.end(), [&](Range r) { return same(r, b); });
  return false;
}

std::optional<std::string> inline_variable(const std::string& text, const Structure& s, const Assignment& a) {
  const std::vector<Token> tokens = tokens_of(text);
  // The value lives until the next assignment of the name in the same block
  // (out = x; out = out + 1: the read in the second is the only one).
  const Assignment* next = nullptr;
  for (const Assignment& b : s.assignments)
    if (b.name == a.name && b.lines.first > a.lines.last && same_block(s, a.lines, b.lines) &&
        (!next || b.lines.first < next->lines.first))
      next = &b;
  std::vector<size_t> reads;
  for (size_t i : reads_of(text, tokens, a.name, a.end)) {
    if (!next) {
      reads.push_back(i);
    } else if (tokens[i].start < next->value_end) {
      const bool its_target = tokens[i].start >= s.line_starts[next->lines.first] && tokens[i].start < next->value_start;
      if (!its_target) reads.push_back(i);
    }
  }
  if (reads.size() != 1) return std::nullopt;
  const Token& use = tokens[reads[0]];
  return apply(text, {delete_lines(s, a.lines, text.size()),
                      {use.start, use.end, as_operand(text.substr(a.value_start, a.value_end - a.value_start))}});
}

std::optional<std::string> inline_function(const std::string& text, const Structure& s, const SimpleFunction& f) {
  const std::vector<Token> tokens = tokens_of(text);
  const size_t def_end = delete_lines(s, f.lines, text.size()).end;
  std::vector<size_t> reads;
  for (size_t i : reads_of(text, tokens, f.name, 0))
    if (tokens[i].start < s.line_starts[f.lines.first] || tokens[i].start >= def_end) reads.push_back(i);
  if (reads.size() != 1 || reads[0] + 1 >= tokens.size() || tokens[reads[0] + 1].kind != lang::TokenKind::LPar)
    return std::nullopt;
  // The call's arguments: split at the commas of its own bracket level.
  const std::optional<Elements> call = elements_in_brackets(tokens, reads[0] + 1);
  if (!call || !call->plain || call->ranges.size() != f.params.size()) return std::nullopt; // keyword or unpacked arguments
  const std::vector<std::pair<size_t, size_t>>& args = call->ranges;
  const size_t close = call->close;

  std::vector<Edit> in_body;
  for (size_t p = 0; p < f.params.size(); ++p)
    for (size_t i : reads_of(text, tokens, f.params[p], f.body_start))
      if (tokens[i].end <= f.body_end)
        in_body.push_back({tokens[i].start - f.body_start, tokens[i].end - f.body_start,
                           as_operand(text.substr(args[p].first, args[p].second - args[p].first))});
  const std::string body = apply(text.substr(f.body_start, f.body_end - f.body_start), in_body);
  return apply(text, {delete_lines(s, f.lines, text.size()), {tokens[reads[0]].start, tokens[close].end, as_operand(body)}});
}

std::optional<std::string> without_parameter(const std::string& text, const Structure& s, const Parameter& p) {
  const std::vector<Token> tokens = tokens_of(text);
  size_t def = 0; // the `def` token (a dedent may start at the same byte)
  while (def < tokens.size() && (tokens[def].start < p.def_start || tokens[def].kind != lang::TokenKind::KwDef)) ++def;
  if (def + 2 >= tokens.size() || tokens[def].start != p.def_start) return std::nullopt;
  const std::optional<Elements> params = elements_in_brackets(tokens, def + 2);
  if (!params || p.index >= params->ranges.size()) return std::nullopt;
  std::vector<Edit> edits{without_element(*params, p.index)};

  std::vector<std::string> callees{p.function};
  for (const Assignment& a : s.assignments) { // opt = torch.compile(f, ...)
    size_t i = 0;
    while (i < tokens.size() && tokens[i].start < a.value_start) ++i;
    while (i < tokens.size() && tokens[i].start < a.value_end && tokens[i].kind != lang::TokenKind::LPar) ++i;
    if (i + 2 < tokens.size() && tokens[i].start < a.value_end && tokens[i + 1].kind == lang::TokenKind::Name &&
        text.compare(tokens[i + 1].start, tokens[i + 1].end - tokens[i + 1].start, p.function) == 0 &&
        tokens[i + 1].end - tokens[i + 1].start == p.function.size() &&
        (tokens[i + 2].kind == lang::TokenKind::Comma || tokens[i + 2].kind == lang::TokenKind::RPar))
      callees.push_back(a.name);
  }
  for (const std::string& callee : callees)
    for (size_t i : reads_of(text, tokens, callee, 0)) {
      if (i == def + 1 || i + 1 >= tokens.size() || tokens[i + 1].kind != lang::TokenKind::LPar) continue;
      const std::optional<Elements> args = elements_in_brackets(tokens, i + 1);
      if (!args || !args->plain || args->ranges.size() != params->ranges.size()) return std::nullopt;
      edits.push_back(without_element(*args, p.index));
    }
  return apply(text, edits);
}

std::vector<std::string> hoisted(const std::string& text, const Hoist& h) {
  std::vector<std::string> out;
  for (const auto& [start, end] : h.children)
    out.push_back(apply(text, {{h.start, h.end, as_operand(text.substr(start, end - start))}}));
  return out;
}

std::vector<Literal> literals_of(const std::string& text) {
  std::vector<Literal> out;
  for (const Token& t : tokens_of(text)) {
    if (t.kind != lang::TokenKind::Number) continue;
    const std::string_view number(text.data() + t.start, t.end - t.start);
    if (number != "0" && number != "1" && number != "1.0" && number != "0.0") out.push_back({t.start, t.end});
  }
  return out;
}

std::string with_simple_literals(const std::string& text, const std::vector<Literal>& literals,
                                 const std::vector<bool>& simplify) {
  std::vector<Edit> edits;
  for (size_t i = 0; i < literals.size(); ++i)
    if (simplify[i]) {
      const std::string_view number(text.data() + literals[i].start, literals[i].end - literals[i].start);
      const bool is_float = number.find_first_of(".eE") != std::string_view::npos && !number.starts_with("0x");
      edits.push_back({literals[i].start, literals[i].end, is_float ? "1.0" : "1"});
    }
  return apply(text, std::move(edits));
}

std::optional<std::string> without_statements(const std::string& text, const std::vector<Range>& block,
                                              const std::vector<bool>& removed) {
  const Lines lines = split_lines(text);
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
  std::string result = join_lines(out);
  if (!parses(result)) return std::nullopt;
  return result;
}

std::vector<std::string> unwrapped(const std::string& text, const Compound& compound) {
  const Lines lines = split_lines(text);
  const size_t outer = indentation(lines[compound.whole.first]).size();
  std::vector<std::string> out;
  for (const Range& body : compound.bodies) {
    const size_t inner = indentation(lines[body.first]).size();
    if (inner < outer) continue;
    Lines result(lines.begin(), lines.begin() + static_cast<std::ptrdiff_t>(compound.whole.first));
    for (size_t l = body.first; l <= body.last; ++l)
      result.push_back(indentation(lines[l]).size() >= inner - outer ? lines[l].substr(inner - outer) : lines[l]);
    result.insert(result.end(), lines.begin() + static_cast<std::ptrdiff_t>(compound.whole.last + 1), lines.end());
    out.push_back(join_lines(result));
  }
  return out;
}

} // namespace refc::minifier

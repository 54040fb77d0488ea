// The parser's inside, shared by the files that define it: the Parser
// class (its token cursor, depth accounting and error raising are here; its
// grammar rules are in parser_statements.cpp, parser_expressions.cpp,
// parser_atoms.cpp and parser_strings.cpp) and the node helpers that more
// than one of those files needs (defined in parser.cpp).
#pragma once

#include "reference_compiler/lang/lexer.h"
#include "reference_compiler/lang/parser.h"

#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace refc::lang::parsing {

using namespace ast;

// Deepest expression nesting accepted. CPython compiles nesting up to about
// 2990 levels and fails beyond (RecursionError); refc reports "too complex".
constexpr int kMaxDepth = 3000;

struct ParseError {
  SyntaxErrorInfo info;
  bool from_lexer = false;
  // Columns are final (CPython converts parser columns to characters when
  // the file declares its encoding, but not those of a replacement field).
  bool in_chars = false;
  // Errors CPython raises without first tokenizing the rest of the file.
  bool no_override = false;
};

// What CPython's messages call an expression ("cannot assign to %s").
const char* expr_name(const Expr& e);

enum class TargetsType { Star, Del, For };

// CPython's _PyPegen_get_invalid_target: the first sub-expression that
// cannot be assigned to (or deleted), or null when all can.
const Expr* invalid_target(const Expr* e, TargetsType type);
void set_context(Expr& e, ExprContext ctx);
// The left-most child, for finding the atom an expression starts with.
const Expr* left_child(const Expr& e);
bool is_augassign(TokenKind k);
OperatorKind augassign_op(TokenKind k);
// Tokens that may begin an expression but never continue one that is
// complete: finding one right after an expression means two expressions
// were juxtaposed.
bool starts_juxtaposed_expression(TokenKind k);
// Tokens that may begin an expression.
bool starts_expression(TokenKind k);

// Element positions of a star_expressions list, for the checks CPython runs
// on assignment targets.
struct ElementsInfo {
  std::vector<size_t> starts; // first token of each element
  bool bare_tuple = false;    // a tuple written without parentheses
};

class Parser {
public:
  Parser(const TokenizedSource& src, int base_depth, bool fstring)
      : src_(src), t_(src.tokens), depth_(base_depth), peak_(base_depth), fstring_(fstring) {}

  Module file() {
    Module m;
    while (!is(TokenKind::EndMarker)) statement(m.body);
    return m;
  }

  // An f-string replacement field, lexed as "(expr)".
  ExprPtr fstring_expression() { return star_expressions(); }

  size_t furthest() const { return max_pos_; }

private:
  const TokenizedSource& src_;
  const std::vector<Token>& t_;
  size_t pos_ = 0;
  size_t max_pos_ = 0; // furthest token examined: CPython's tokens[fill-1]
  int depth_ = 0;
  int peak_ = 0;
  bool fstring_ = false;
  int speculating_ = 0;

  // ---- depth accounting ---------------------------------------------------

  [[noreturn]] void too_complex() {
    raise_token(t_[std::min(pos_, t_.size() - 1)],
                "too complex: expressions nested more than " + std::to_string(kMaxDepth) +
                    " levels deep");
  }

  struct DepthGuard {
    Parser& p;
    explicit DepthGuard(Parser& parser) : p(parser) {
      if (++p.depth_ > kMaxDepth) p.too_complex();
      p.peak_ = std::max(p.peak_, p.depth_);
    }
    ~DepthGuard() { p.depth_--; }
  };

  // A loop that builds one node on top of the previous one (a.b.c, 1+2+3,
  // --x): each link adds a level to the tree without recursing, so it is
  // counted here. `peak_` bounds the height of what the scope has built.
  struct ChainScope {
    Parser& p;
    int saved;
    explicit ChainScope(Parser& parser) : p(parser), saved(parser.peak_) { p.peak_ = p.depth_; }
    void link() {
      if (++p.peak_ > kMaxDepth) p.too_complex();
    }
    ~ChainScope() { p.peak_ = std::max(saved, p.peak_); }
  };

  struct State {
    size_t pos, max_pos;
    int depth, peak;
  };
  State save() const { return {pos_, max_pos_, depth_, peak_}; }
  void restore(const State& s) {
    pos_ = s.pos;
    max_pos_ = s.max_pos;
    depth_ = s.depth;
    peak_ = s.peak;
  }

  // Runs `f` as a trial parse (CPython's second-pass lookahead): on a parser
  // error, restores the state and returns false. Tokenizer errors propagate,
  // as CPython's tokenizer raises them whoever asks for the token.
  template <class F> bool attempt(F&& f) {
    State s = save();
    speculating_++;
    try {
      f();
      speculating_--;
      return true;
    } catch (ParseError& e) {
      speculating_--;
      if (e.from_lexer) throw;
      restore(s);
      return false;
    }
  }

  // ---- tokens -------------------------------------------------------------

  const Token& token(size_t i) {
    if (i >= t_.size()) i = t_.size() - 1;
    if (i > max_pos_) max_pos_ = i;
    if (t_[i].kind == TokenKind::Error) lexer_error();
    return t_[i];
  }
  const Token& cur() { return token(pos_); }
  TokenKind k(size_t ahead = 0) { return token(pos_ + ahead).kind; }
  bool is(TokenKind kind) { return k() == kind; }
  const Token& advance() {
    const Token& t = cur();
    if (t.kind != TokenKind::EndMarker) pos_++;
    return t;
  }
  bool accept(TokenKind kind) {
    if (!is(kind)) return false;
    advance();
    return true;
  }
  const Token& expect(TokenKind kind) {
    if (!is(kind)) fail();
    return advance();
  }
  // CPython's forced token (&&':'): a missing one is "expected ':'" right
  // there.
  const Token& expect_forced(TokenKind kind) {
    if (!is(kind))
      raise_token(cur(), "expected '" + std::string(token_kind_spelling(kind)) + "'");
    return advance();
  }
  std::string_view text(const Token& t) const { return src_.token_text(t); }
  bool is_name(std::string_view s) { return is(TokenKind::Name) && text(cur()) == s; }

  // The last token consumed that is not NEWLINE/INDENT/DEDENT/ENDMARKER: the
  // end of what a rule matched.
  const Token& last_real_token() const {
    size_t i = pos_;
    while (i > 0) {
      i--;
      TokenKind kd = t_[i].kind;
      if (kd != TokenKind::Newline && kd != TokenKind::Indent && kd != TokenKind::Dedent &&
          kd != TokenKind::EndMarker)
        return t_[i];
    }
    return t_[0];
  }

  Span span_from(size_t start) const {
    const Token& a = t_[start];
    const Token& b = last_real_token();
    return {a.lineno, a.col, b.end_lineno, b.end_col};
  }

  template <class T> std::unique_ptr<T> mk(size_t start) {
    auto n = std::make_unique<T>();
    n->span = span_from(start);
    return n;
  }

  static Span token_span(const Token& t) { return {t.lineno, t.col, t.end_lineno, t.end_col}; }

  // ---- errors -------------------------------------------------------------

  [[noreturn]] void lexer_error() {
    ParseError e;
    e.info = src_.error;
    e.info.filename = src_.filename;
    e.from_lexer = true;
    e.in_chars = src_.error_offsets_in_chars;
    throw e;
  }

  std::string error_text(int lineno) const {
    if (fstring_) {
      // CPython shows the "(expr)" text it parsed, up to the error's line.
      int rel = lineno - src_.options.first_lineno + 1;
      std::string out;
      for (int l = 1; l <= rel && l <= static_cast<int>(src_.line_starts.size()); l++)
        out += std::string(src_.line(l));
      return out;
    }
    return src_.error_text(lineno);
  }

  // Offsets are 1-based as in SyntaxError; -1-based CPython conventions are
  // applied by the callers.
  [[noreturn]] void raise_error(std::string msg, int lineno, int offset, int end_lineno,
                                int end_offset, const char* kind = "SyntaxError",
                                bool no_override = false) {
    ParseError e;
    e.info.kind = kind;
    e.info.filename = src_.filename;
    e.info.lineno = lineno;
    e.info.end_lineno = end_lineno;
    e.info.offset = offset;
    e.info.end_offset = end_offset;
    e.info.text = error_text(lineno);
    if (fstring_) {
      e.info.msg = "f-string: " + msg;
      e.info.offset -= src_.options.first_line_col;
      e.info.end_offset -= src_.options.first_line_col;
    } else {
      e.info.msg = std::move(msg);
    }
    e.no_override = no_override;
    throw e;
  }

  // RAISE_SYNTAX_ERROR_KNOWN_LOCATION / _RANGE.
  [[noreturn]] void raise_span(const Span& s, std::string msg) {
    raise_error(std::move(msg), s.lineno, s.col_offset + 1, s.end_lineno, s.end_col_offset + 1);
  }
  [[noreturn]] void raise_range(const Span& a, const Span& b, std::string msg) {
    raise_error(std::move(msg), a.lineno, a.col_offset + 1, b.end_lineno, b.end_col_offset + 1);
  }
  [[noreturn]] void raise_token(const Token& t, std::string msg) { raise_span(token_span(t), msg); }
  [[noreturn]] void raise_node(const Expr& e, std::string msg) { raise_span(e.span, msg); }

  // RAISE_SYNTAX_ERROR: located at the furthest token examined.
  [[noreturn]] void raise_last(std::string msg, const char* kind = "SyntaxError",
                               bool no_override = false) {
    const Token& t = t_[max_pos_];
    int offset = t.col == -1 ? t.cursor_col : t.col + 1;
    int end_offset = t.end_col == -1 ? -1 : t.end_col + 1;
    raise_error(std::move(msg), t.lineno, offset, t.end_lineno, end_offset, kind, no_override);
  }

  // RAISE_SYNTAX_ERROR_STARTING_FROM: from `s` to the tokenizer's cursor.
  [[noreturn]] void raise_from(const Span& s, std::string msg) {
    const Token& t = t_[max_pos_];
    raise_error(std::move(msg), s.lineno, s.col_offset + 1, t.end_lineno,
                t.end_col == -1 ? t.cursor_col : t.end_col);
  }

  // The generic error: "invalid syntax" at the furthest token examined, or
  // an indentation error when that token is an INDENT/DEDENT.
  [[noreturn]] void fail() {
    const Token& t = t_[max_pos_];
    if (t.kind == TokenKind::Indent)
      raise_last("unexpected indent", "IndentationError", true);
    if (t.kind == TokenKind::Dedent)
      raise_last("unexpected unindent", "IndentationError", true);
    raise_token(t, "invalid syntax");
  }

  [[noreturn]] void unsupported(const Token& t, const std::string& what) {
    raise_token(t, what + " not supported by refc");
  }

  // ---- grammar rules ----------------------------------------------------

  struct Prefix {
    size_t pos;
    UnaryOpKind op;
  };

  // parser_statements.cpp
  void statement(StmtList& out);
  void check_match_statement();
  void simple_stmts(StmtList& out);
  StmtPtr simple_stmt();
  StmtPtr del_stmt();
  std::string dotted_name();
  StmtPtr import_name();
  StmtPtr import_from();
  StmtPtr expression_statement();
  bool parenthesized(size_t start, const Expr& e) const;
  StmtPtr annotated_assignment(size_t start, ExprPtr target, const ElementsInfo& info);
  static bool valid_star_target(const Expr& e);
  bool bitwise_level(size_t start, const Expr& e) const;
  bool starts_with_excluded_atom(size_t start, const Expr& e) const;
  void check_named_expression_equal(size_t start, const Expr& e);
  StmtPtr assignment(size_t start, ExprPtr first, const ElementsInfo& info);
  StmtList block(const std::string& what, int line);
  void block_colon();
  StmtPtr decorated();
  StmtPtr function_def(ExprList decorators, size_t start);
  StmtPtr class_def(ExprList decorators, size_t start);
  StmtPtr if_stmt();
  StmtList else_block();
  StmtPtr while_stmt();
  StmtPtr for_stmt();
  StmtPtr try_stmt();
  ExceptHandler except_block();
  StmtPtr with_stmt();
  withitem with_item();
  ExprPtr star_target();
  ExprPtr for_target();

  // parser_expressions.cpp
  arg param(bool lambda);
  arguments parameters(bool lambda);
  [[noreturn]] void parenthesized_parameters(bool lambda);
  ExprPtr star_expressions(ElementsInfo* info = nullptr);
  ExprPtr starred(size_t start, ExprPtr value);
  ExprPtr star_expression();
  ExprPtr star_named_expression();
  ExprPtr walrus();
  ExprPtr named_expression();
  ExprPtr expression();
  void check_juxtaposed(size_t start, const Expr& a);
  ExprPtr lambdef();
  ExprPtr disjunction();
  ExprPtr bool_chain(TokenKind op);
  ExprPtr inversion();
  std::optional<CmpOpKind> comparison_op();
  ExprPtr comparison();
  std::optional<OperatorKind> binary_op(int level);
  ExprPtr bitwise_or();
  ExprPtr binary(int level);
  void unary_prefixes(std::vector<Prefix>& out, ChainScope& chain);
  ExprPtr wrap_prefixes(ExprPtr e, const std::vector<Prefix>& prefixes);
  ExprPtr factor();
  ExprPtr primary();
  ExprPtr slices();
  ExprPtr slice_item();
  static const Expr& last_comprehension_item(const std::vector<comprehension>& gens);
  void call_arguments(ExprList& args, std::vector<keyword>& keywords, const size_t* open);
  std::vector<comprehension> for_if_clauses();
  bool at_comprehension();

  // parser_atoms.cpp
  ExprPtr atom();
  ExprPtr number();
  ExprPtr paren_atom();
  void check_comprehension_after_elements(const ExprList& elts, const Token* trailing_comma);
  template <class Comprehension>
  ExprPtr comprehension_rest(size_t start, ExprPtr elt, TokenKind closer);
  template <class Comprehension, class Display>
  ExprPtr display_rest(size_t start, size_t first_start, ExprPtr first, TokenKind closer);
  ExprPtr list_atom();
  ExprPtr brace_atom();
  ExprPtr dict_value();
  ExprPtr dict_rest(size_t start, ExprPtr key, ExprPtr value);
  ExprPtr yield_expr();

  // parser_strings.cpp
  ExprPtr strings();

  friend class StringParser;
  friend ExprPtr parse_fstring_field(Parser& outer, const Token& t, std::string_view token_text,
                                     size_t brace, size_t expr_begin, size_t expr_end);
};

ExprPtr parse_fstring_field(Parser& outer, const Token& t, std::string_view text, size_t brace,
                            size_t expr_begin, size_t expr_end);

} // namespace refc::lang::parsing

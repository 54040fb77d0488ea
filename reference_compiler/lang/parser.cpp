// The recursive-descent parser. It follows CPython 3.11's PEG grammar rule by
// rule (function names match the grammar's), and reproduces its error
// reporting: CPython parses twice, the second time with "invalid_*" rules
// that produce specific messages; here those checks run at the point where
// the plain parse would fail, with short speculative sub-parses where CPython
// looks ahead. A generic "invalid syntax" is reported at the furthest token
// examined, like CPython's, and a later tokenizer error takes precedence over
// any parser error, as CPython's tokenize-the-rest pass does.
//
// Robustness: recursion is bounded (brackets by the tokenizer's 200 levels,
// everything else by kMaxDepth), and chains that CPython parses iteratively
// (a.b.c..., 1+1+..., ----x) are parsed iteratively here too, with the height
// of the tree they build counted against the same limit.
#include "reference_compiler/lang/parser.h"

#include "reference_compiler/lang/lexer.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <clocale>
#include <cstdlib>
#include <locale.h>
#include <optional>
#include <unordered_set>

namespace refc::lang {

namespace {

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

const char* expr_name(const Expr& e) {
  switch (e.kind) {
  case ExprKind::Attribute: return "attribute";
  case ExprKind::Subscript: return "subscript";
  case ExprKind::Starred: return "starred";
  case ExprKind::Name: return "name";
  case ExprKind::List: return "list";
  case ExprKind::Tuple: return "tuple";
  case ExprKind::Lambda: return "lambda";
  case ExprKind::Call: return "function call";
  case ExprKind::BoolOp:
  case ExprKind::BinOp:
  case ExprKind::UnaryOp: return "expression";
  case ExprKind::GeneratorExp: return "generator expression";
  case ExprKind::Yield:
  case ExprKind::YieldFrom: return "yield expression";
  case ExprKind::ListComp: return "list comprehension";
  case ExprKind::SetComp: return "set comprehension";
  case ExprKind::DictComp: return "dict comprehension";
  case ExprKind::Dict: return "dict literal";
  case ExprKind::Set: return "set display";
  case ExprKind::JoinedStr:
  case ExprKind::FormattedValue: return "f-string expression";
  case ExprKind::Constant: {
    const ConstantValue& v = as<Constant>(e).value;
    if (std::holds_alternative<NoneTag>(v)) return "None";
    if (auto* b = std::get_if<bool>(&v)) return *b ? "True" : "False";
    if (std::holds_alternative<EllipsisTag>(v)) return "ellipsis";
    return "literal";
  }
  case ExprKind::Compare: return "comparison";
  case ExprKind::IfExp: return "conditional expression";
  case ExprKind::NamedExpr: return "named expression";
  case ExprKind::Slice: return "slice";
  }
  return "expression";
}

enum class TargetsType { Star, Del, For };

// CPython's _PyPegen_get_invalid_target: the first sub-expression that
// cannot be assigned to (or deleted), or null when all can.
const Expr* invalid_target(const Expr* e, TargetsType type) {
  if (!e) return nullptr;
  switch (e->kind) {
  case ExprKind::List:
    for (auto& x : as<List>(*e).elts)
      if (auto* bad = invalid_target(x.get(), type)) return bad;
    return nullptr;
  case ExprKind::Tuple:
    for (auto& x : as<Tuple>(*e).elts)
      if (auto* bad = invalid_target(x.get(), type)) return bad;
    return nullptr;
  case ExprKind::Starred:
    if (type == TargetsType::Del) return e;
    return invalid_target(as<Starred>(*e).value.get(), type);
  case ExprKind::Compare:
    // `for a in b` parses its target and iterable as one comparison.
    if (type == TargetsType::For) {
      auto& c = as<Compare>(*e);
      if (c.ops[0] == CmpOpKind::In) return invalid_target(c.left.get(), type);
      return nullptr;
    }
    return e;
  case ExprKind::Name:
  case ExprKind::Subscript:
  case ExprKind::Attribute: return nullptr;
  default: return e;
  }
}

void set_context(Expr& e, ExprContext ctx) {
  switch (e.kind) {
  case ExprKind::Name: as<Name>(e).ctx = ctx; break;
  case ExprKind::Attribute: as<Attribute>(e).ctx = ctx; break;
  case ExprKind::Subscript: as<Subscript>(e).ctx = ctx; break;
  case ExprKind::Starred:
    as<Starred>(e).ctx = ctx;
    set_context(*as<Starred>(e).value, ctx);
    break;
  case ExprKind::List:
    as<List>(e).ctx = ctx;
    for (auto& x : as<List>(e).elts) set_context(*x, ctx);
    break;
  case ExprKind::Tuple:
    as<Tuple>(e).ctx = ctx;
    for (auto& x : as<Tuple>(e).elts) set_context(*x, ctx);
    break;
  default: break;
  }
}

// The left-most child, for finding the atom an expression starts with.
const Expr* left_child(const Expr& e) {
  switch (e.kind) {
  case ExprKind::BinOp: return as<BinOp>(e).left.get();
  case ExprKind::BoolOp: return as<BoolOp>(e).values[0].get();
  case ExprKind::Compare: return as<Compare>(e).left.get();
  case ExprKind::Attribute: return as<Attribute>(e).value.get();
  case ExprKind::Subscript: return as<Subscript>(e).value.get();
  case ExprKind::Call: return as<Call>(e).func.get();
  case ExprKind::IfExp: return as<IfExp>(e).body.get();
  case ExprKind::NamedExpr: return as<NamedExpr>(e).target.get();
  default: return nullptr;
  }
}

bool is_augassign(TokenKind k) {
  switch (k) {
  case TokenKind::PlusEqual:
  case TokenKind::MinEqual:
  case TokenKind::StarEqual:
  case TokenKind::AtEqual:
  case TokenKind::SlashEqual:
  case TokenKind::PercentEqual:
  case TokenKind::AmperEqual:
  case TokenKind::VBarEqual:
  case TokenKind::CircumflexEqual:
  case TokenKind::LeftShiftEqual:
  case TokenKind::RightShiftEqual:
  case TokenKind::DoubleStarEqual:
  case TokenKind::DoubleSlashEqual: return true;
  default: return false;
  }
}

OperatorKind augassign_op(TokenKind k) {
  switch (k) {
  case TokenKind::PlusEqual: return OperatorKind::Add;
  case TokenKind::MinEqual: return OperatorKind::Sub;
  case TokenKind::StarEqual: return OperatorKind::Mult;
  case TokenKind::AtEqual: return OperatorKind::MatMult;
  case TokenKind::SlashEqual: return OperatorKind::Div;
  case TokenKind::PercentEqual: return OperatorKind::Mod;
  case TokenKind::AmperEqual: return OperatorKind::BitAnd;
  case TokenKind::VBarEqual: return OperatorKind::BitOr;
  case TokenKind::CircumflexEqual: return OperatorKind::BitXor;
  case TokenKind::LeftShiftEqual: return OperatorKind::LShift;
  case TokenKind::RightShiftEqual: return OperatorKind::RShift;
  case TokenKind::DoubleStarEqual: return OperatorKind::Pow;
  default: return OperatorKind::FloorDiv;
  }
}

// Tokens that may begin an expression.
bool starts_expression(TokenKind k) {
  switch (k) {
  case TokenKind::Name:
  case TokenKind::Number:
  case TokenKind::String:
  case TokenKind::LPar:
  case TokenKind::LSqb:
  case TokenKind::LBrace:
  case TokenKind::Minus:
  case TokenKind::Plus:
  case TokenKind::Tilde:
  case TokenKind::Star:
  case TokenKind::Ellipsis:
  case TokenKind::KwNone:
  case TokenKind::KwTrue:
  case TokenKind::KwFalse:
  case TokenKind::KwNot:
  case TokenKind::KwLambda:
  case TokenKind::KwAwait: return true;
  default: return false;
  }
}

// Tokens that may begin an expression but never continue one that is
// complete: finding one right after an expression means two expressions
// were juxtaposed.
bool starts_juxtaposed_expression(TokenKind k) {
  switch (k) {
  case TokenKind::Name:
  case TokenKind::Number:
  case TokenKind::String:
  case TokenKind::LBrace:
  case TokenKind::Tilde:
  case TokenKind::Ellipsis:
  case TokenKind::KwNone:
  case TokenKind::KwTrue:
  case TokenKind::KwFalse:
  case TokenKind::KwNot:
  case TokenKind::KwLambda:
  case TokenKind::KwAwait: return true;
  default: return false;
  }
}

locale_t c_locale() {
  static locale_t loc = newlocale(LC_ALL_MASK, "C", static_cast<locale_t>(nullptr));
  return loc;
}

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

  // ---- statements ---------------------------------------------------------

  void statement(StmtList& out) {
    switch (k()) {
    case TokenKind::KwDef: out.push_back(function_def({}, pos_)); return;
    case TokenKind::At: out.push_back(decorated()); return;
    case TokenKind::KwClass: out.push_back(class_def({}, pos_)); return;
    case TokenKind::KwIf: out.push_back(if_stmt()); return;
    case TokenKind::KwWhile: out.push_back(while_stmt()); return;
    case TokenKind::KwFor: out.push_back(for_stmt()); return;
    case TokenKind::KwTry: out.push_back(try_stmt()); return;
    case TokenKind::KwWith: out.push_back(with_stmt()); return;
    case TokenKind::KwAsync: unsupported(cur(), "'async' is");
    case TokenKind::Name:
      if (text(cur()) == "match") check_match_statement();
      break;
    default: break;
    }
    simple_stmts(out);
  }

  // `match` is a soft keyword: only a line of the form `match subject:`
  // followed by a block is a match statement, which the subset excludes.
  void check_match_statement() {
    const Token& match = cur();
    bool is_match = false;
    attempt([&] {
      advance();
      if (!starts_expression(k())) fail();
      star_named_expression();
      while (accept(TokenKind::Comma) && starts_expression(k())) star_named_expression();
      if (accept(TokenKind::Colon) && is(TokenKind::Newline)) is_match = true;
      fail(); // always undo the trial parse
    });
    if (is_match) unsupported(match, "'match' statements are");
  }

  void simple_stmts(StmtList& out) {
    for (;;) {
      out.push_back(simple_stmt());
      if (!accept(TokenKind::Semi)) break;
      if (is(TokenKind::Newline)) break;
    }
    expect(TokenKind::Newline);
  }

  StmtPtr simple_stmt() {
    size_t start = pos_;
    switch (k()) {
    case TokenKind::KwPass: advance(); return mk<Pass>(start);
    case TokenKind::KwBreak: advance(); return mk<Break>(start);
    case TokenKind::KwContinue: advance(); return mk<Continue>(start);
    case TokenKind::KwReturn: {
      advance();
      ExprPtr value;
      if (starts_expression(k())) value = star_expressions();
      auto n = mk<Return>(start);
      n->value = std::move(value);
      return n;
    }
    case TokenKind::KwRaise: {
      advance();
      ExprPtr exc, cause;
      if (starts_expression(k())) {
        exc = expression();
        if (accept(TokenKind::KwFrom)) cause = expression();
      }
      auto n = mk<Raise>(start);
      n->exc = std::move(exc);
      n->cause = std::move(cause);
      return n;
    }
    case TokenKind::KwGlobal:
    case TokenKind::KwNonlocal: {
      bool global = is(TokenKind::KwGlobal);
      advance();
      std::vector<std::string> names;
      do {
        names.emplace_back(text(expect(TokenKind::Name)));
      } while (accept(TokenKind::Comma));
      if (global) {
        auto n = mk<Global>(start);
        n->names = std::move(names);
        return n;
      }
      auto n = mk<Nonlocal>(start);
      n->names = std::move(names);
      return n;
    }
    case TokenKind::KwDel: return del_stmt();
    case TokenKind::KwAssert: {
      advance();
      ExprPtr test = expression(), msg;
      if (accept(TokenKind::Comma)) msg = expression();
      auto n = mk<Assert>(start);
      n->test = std::move(test);
      n->msg = std::move(msg);
      return n;
    }
    case TokenKind::KwImport: return import_name();
    case TokenKind::KwFrom: return import_from();
    default: return expression_statement();
    }
  }

  StmtPtr del_stmt() {
    size_t start = pos_;
    advance();
    ElementsInfo info;
    ExprPtr e = star_expressions(&info);
    ExprList targets;
    if (info.bare_tuple)
      targets = std::move(as<Tuple>(*e).elts);
    else
      targets.push_back(std::move(e));
    for (auto& t : targets)
      if (const Expr* bad = invalid_target(t.get(), TargetsType::Del))
        raise_node(*bad, std::string("cannot delete ") + expr_name(*bad));
    if (!is(TokenKind::Semi) && !is(TokenKind::Newline)) fail();
    for (auto& t : targets) set_context(*t, ExprContext::Del);
    auto n = mk<Delete>(start);
    n->targets = std::move(targets);
    return n;
  }

  std::string dotted_name() {
    std::string name(text(expect(TokenKind::Name)));
    while (is(TokenKind::Dot)) {
      advance();
      name += '.';
      name += text(expect(TokenKind::Name));
    }
    return name;
  }

  StmtPtr import_name() {
    size_t start = pos_;
    advance();
    std::vector<alias> names;
    do {
      size_t s = pos_;
      alias a;
      a.name = dotted_name();
      if (accept(TokenKind::KwAs)) a.asname = std::string(text(expect(TokenKind::Name)));
      a.span = span_from(s);
      names.push_back(std::move(a));
    } while (accept(TokenKind::Comma));
    auto n = mk<Import>(start);
    n->names = std::move(names);
    return n;
  }

  StmtPtr import_from() {
    size_t start = pos_;
    advance();
    int level = 0;
    for (;;) {
      if (accept(TokenKind::Dot))
        level += 1;
      else if (accept(TokenKind::Ellipsis))
        level += 3;
      else
        break;
    }
    std::string module;
    if (level == 0 || !is(TokenKind::KwImport)) module = dotted_name();
    expect(TokenKind::KwImport);
    std::vector<alias> names;
    if (is(TokenKind::Star)) {
      alias a;
      a.name = "*";
      a.span = token_span(advance());
      names.push_back(std::move(a));
    } else {
      bool paren = accept(TokenKind::LPar);
      for (;;) {
        size_t s = pos_;
        alias a;
        a.name = std::string(text(expect(TokenKind::Name)));
        if (accept(TokenKind::KwAs)) a.asname = std::string(text(expect(TokenKind::Name)));
        a.span = span_from(s);
        names.push_back(std::move(a));
        if (!accept(TokenKind::Comma)) break;
        if (paren && is(TokenKind::RPar)) break;
        if (!paren && is(TokenKind::Newline))
          raise_last("trailing comma not allowed without surrounding parentheses");
      }
      if (paren) expect(TokenKind::RPar);
    }
    auto n = mk<ImportFrom>(start);
    n->module = std::move(module);
    n->names = std::move(names);
    n->level = level;
    return n;
  }

  // Statements that start with an expression: expression statements and the
  // three kinds of assignment.
  StmtPtr expression_statement() {
    size_t start = pos_;
    ElementsInfo info;
    ExprPtr first;
    if (is(TokenKind::KwYield))
      first = yield_expr();
    else
      first = star_expressions(&info);

    if (is(TokenKind::Colon) && first->kind != ExprKind::Yield &&
        first->kind != ExprKind::YieldFrom)
      return annotated_assignment(start, std::move(first), info);
    if (is_augassign(k())) {
      OperatorKind op = augassign_op(advance().kind);
      ExprPtr value = is(TokenKind::KwYield) ? yield_expr() : star_expressions();
      const Expr& t = *first;
      if (t.kind != ExprKind::Name && t.kind != ExprKind::Attribute &&
          t.kind != ExprKind::Subscript)
        raise_node(t, std::string("'") + expr_name(t) +
                          "' is an illegal expression for augmented assignment");
      set_context(*first, ExprContext::Store);
      auto n = mk<AugAssign>(start);
      n->target = std::move(first);
      n->op = op;
      n->value = std::move(value);
      return n;
    }
    if (is(TokenKind::Equal)) return assignment(start, std::move(first), info);
    auto n = mk<Expr_>(start);
    n->value = std::move(first);
    return n;
  }

  bool parenthesized(size_t start, const Expr& e) const {
    return t_[start].kind == TokenKind::LPar &&
           (e.span.lineno != t_[start].lineno || e.span.col_offset != t_[start].col);
  }

  StmtPtr annotated_assignment(size_t start, ExprPtr target, const ElementsInfo& info) {
    advance(); // ':'
    ExprPtr annotation = expression();
    const Expr& t = *target;
    if (info.bare_tuple)
      raise_node(*as<Tuple>(t).elts[0], "only single target (not tuple) can be annotated");
    if (t.kind == ExprKind::Tuple || t.kind == ExprKind::List)
      raise_node(t, std::string("only single target (not ") + expr_name(t) + ") can be annotated");
    if (t.kind != ExprKind::Name && t.kind != ExprKind::Attribute &&
        t.kind != ExprKind::Subscript)
      raise_node(t, "illegal target for annotation");
    ExprPtr value;
    if (accept(TokenKind::Equal)) value = is(TokenKind::KwYield) ? yield_expr() : star_expressions();
    bool simple = t.kind == ExprKind::Name && !parenthesized(start, t);
    set_context(*target, ExprContext::Store);
    auto n = mk<AnnAssign>(start);
    n->target = std::move(target);
    n->annotation = std::move(annotation);
    n->value = std::move(value);
    n->simple = simple;
    return n;
  }

  static bool valid_star_target(const Expr& e) { return !invalid_target(&e, TargetsType::Star); }

  // Is `e`, parsed from token `start`, something CPython's bitwise_or rule
  // matches in full (an operand-level expression)?
  bool bitwise_level(size_t start, const Expr& e) const {
    if (parenthesized(start, e)) return true;
    switch (e.kind) {
    case ExprKind::Compare:
    case ExprKind::BoolOp:
    case ExprKind::IfExp:
    case ExprKind::Lambda:
    case ExprKind::NamedExpr:
    case ExprKind::Starred:
    case ExprKind::Yield:
    case ExprKind::YieldFrom: return false;
    case ExprKind::Tuple: return t_[start].kind == TokenKind::LPar; // an atom
    case ExprKind::UnaryOp: return as<UnaryOp>(e).op != UnaryOpKind::Not;
    default: return true;
    }
  }

  // CPython's invalid_named_expression excludes targets that start with a
  // list or tuple display, a generator expression, True, None or False.
  bool starts_with_excluded_atom(size_t start, const Expr& e) const {
    const Token& t = t_[start];
    if (t.kind == TokenKind::KwTrue || t.kind == TokenKind::KwNone || t.kind == TokenKind::KwFalse)
      return true;
    for (const Expr* x = &e; x; x = left_child(*x)) {
      if ((x->kind == ExprKind::List || x->kind == ExprKind::Tuple ||
           x->kind == ExprKind::GeneratorExp) &&
          x->span.lineno == t.lineno && x->span.col_offset == t.col)
        return true;
    }
    return false;
  }

  // CPython's invalid_named_expression, alternatives 2 and 3, for `e`
  // (parsed from token `start`) followed by '=': raises when the text after
  // the '=' starts with an operand not itself followed by '=' or ':='.
  void check_named_expression_equal(size_t start, const Expr& e) {
    State s = save();
    Span b_span{};
    TokenKind next = TokenKind::EndMarker;
    bool ok = attempt([&] {
      advance(); // '='
      ExprPtr b = bitwise_or();
      b_span = b->span;
      next = k();
    });
    restore(s);
    if (!ok || next == TokenKind::Equal || next == TokenKind::ColonEqual) return;
    if (t_[start].kind == TokenKind::Name && e.kind == ExprKind::Name && !parenthesized(start, e))
      raise_range(e.span, b_span, "invalid syntax. Maybe you meant '==' or ':=' instead of '='?");
    if (!starts_with_excluded_atom(start, e) && bitwise_level(start, e))
      raise_node(e, std::string("cannot assign to ") + expr_name(e) +
                        " here. Maybe you meant '==' instead of '='?");
  }

  StmtPtr assignment(size_t start, ExprPtr first, const ElementsInfo& info) {
    ExprList targets;
    std::vector<size_t> starts;
    targets.push_back(std::move(first));
    starts.push_back(start);
    size_t first_equal = pos_;
    while (accept(TokenKind::Equal)) {
      starts.push_back(pos_);
      targets.push_back(is(TokenKind::KwYield) ? yield_expr() : star_expressions());
    }
    ExprPtr value = std::move(targets.back());
    targets.pop_back();
    starts.pop_back();

    bool all_valid = true;
    for (auto& t : targets)
      if (!valid_star_target(*t)) all_valid = false;
    if (!all_valid) {
      // CPython reparses the first target's elements as named expressions:
      // the last one, followed by '=', gets the "Maybe you meant '=='" hints.
      size_t last_start = info.starts.empty() ? start : info.starts.back();
      const Expr& last = info.bare_tuple ? *as<Tuple>(*targets[0]).elts.back() : *targets[0];
      if (t_[start].kind != TokenKind::KwYield && t_[last_start].kind != TokenKind::Star &&
          !speculating_) {
        State s = save();
        pos_ = first_equal;
        check_named_expression_equal(last_start, last);
        restore(s);
      }
      for (size_t i = 0; i < targets.size(); i++) {
        const Expr& t = *targets[i];
        if (valid_star_target(t)) continue;
        if ((t.kind == ExprKind::Yield || t.kind == ExprKind::YieldFrom) &&
            t.span.lineno == t_[starts[i]].lineno && t.span.col_offset == t_[starts[i]].col)
          raise_node(t, "assignment to yield expression not possible");
        const Expr* bad = invalid_target(&t, TargetsType::Star);
        raise_node(*bad, std::string("cannot assign to ") + expr_name(*bad));
      }
    }
    for (auto& t : targets) set_context(*t, ExprContext::Store);
    auto n = mk<Assign>(start);
    n->targets = std::move(targets);
    n->value = std::move(value);
    return n;
  }

  // ---- blocks and compound statements -------------------------------------

  // block: NEWLINE INDENT statements DEDENT | simple_stmts. `what` names the
  // statement for "expected an indented block after ...".
  StmtList block(const std::string& what, int line) {
    StmtList body;
    if (!is(TokenKind::Newline)) {
      simple_stmts(body);
      return body;
    }
    advance();
    if (!is(TokenKind::Indent))
      raise_last("expected an indented block after " + what + " on line " + std::to_string(line),
                 "IndentationError");
    advance();
    while (!is(TokenKind::Dedent) && !is(TokenKind::EndMarker)) statement(body);
    expect(TokenKind::Dedent);
    return body;
  }

  // The ':' that opens a block; a line ending instead is "expected ':'".
  void block_colon() {
    if (accept(TokenKind::Colon)) return;
    if (is(TokenKind::Newline)) raise_last("expected ':'");
    fail();
  }

  StmtPtr decorated() {
    ExprList decorators;
    while (is(TokenKind::At)) {
      advance();
      decorators.push_back(named_expression());
      expect(TokenKind::Newline);
    }
    if (is(TokenKind::KwDef)) return function_def(std::move(decorators), pos_);
    if (is(TokenKind::KwClass)) return class_def(std::move(decorators), pos_);
    if (is(TokenKind::KwAsync)) unsupported(cur(), "'async' is");
    fail();
  }

  StmtPtr function_def(ExprList decorators, size_t start) {
    const Token& def = advance();
    std::string name(text(expect(TokenKind::Name)));
    expect_forced(TokenKind::LPar);
    arguments args = parameters(false);
    expect(TokenKind::RPar);
    ExprPtr returns;
    if (accept(TokenKind::RArrow)) returns = expression();
    expect_forced(TokenKind::Colon);
    StmtList body = block("function definition", def.lineno);
    auto n = mk<FunctionDef>(start);
    n->name = std::move(name);
    n->args = std::move(args);
    n->body = std::move(body);
    n->decorator_list = std::move(decorators);
    n->returns = std::move(returns);
    return n;
  }

  StmtPtr class_def(ExprList decorators, size_t start) {
    const Token& cls = advance();
    std::string name(text(expect(TokenKind::Name)));
    ExprList bases;
    std::vector<keyword> keywords;
    if (accept(TokenKind::LPar)) call_arguments(bases, keywords, nullptr);
    block_colon();
    StmtList body = block("class definition", cls.lineno);
    auto n = mk<ClassDef>(start);
    n->name = std::move(name);
    n->bases = std::move(bases);
    n->keywords = std::move(keywords);
    n->body = std::move(body);
    n->decorator_list = std::move(decorators);
    return n;
  }

  StmtPtr if_stmt() {
    size_t start = pos_;
    bool elif = is(TokenKind::KwElif);
    const Token& kw = advance();
    ExprPtr test = named_expression();
    block_colon();
    // CPython names the line of the condition for 'if', of the keyword for
    // 'elif'.
    StmtList body = block(elif ? "'elif' statement" : "'if' statement",
                          elif ? kw.lineno : test->span.lineno);
    StmtList orelse;
    if (is(TokenKind::KwElif))
      orelse.push_back(if_stmt());
    else if (is(TokenKind::KwElse))
      orelse = else_block();
    auto n = mk<If>(start);
    n->test = std::move(test);
    n->body = std::move(body);
    n->orelse = std::move(orelse);
    return n;
  }

  StmtList else_block() {
    const Token& kw = advance();
    expect_forced(TokenKind::Colon);
    return block("'else' statement", kw.lineno);
  }

  StmtPtr while_stmt() {
    size_t start = pos_;
    const Token& kw = advance();
    ExprPtr test = named_expression();
    block_colon();
    StmtList body = block("'while' statement", kw.lineno);
    StmtList orelse;
    if (is(TokenKind::KwElse)) orelse = else_block();
    auto n = mk<While>(start);
    n->test = std::move(test);
    n->body = std::move(body);
    n->orelse = std::move(orelse);
    return n;
  }

  StmtPtr for_stmt() {
    size_t start = pos_;
    const Token& kw = advance();
    ExprPtr target = for_target();
    expect(TokenKind::KwIn);
    ExprPtr iter = star_expressions();
    block_colon();
    StmtList body = block("'for' statement", kw.lineno);
    StmtList orelse;
    if (is(TokenKind::KwElse)) orelse = else_block();
    auto n = mk<For>(start);
    n->target = std::move(target);
    n->iter = std::move(iter);
    n->body = std::move(body);
    n->orelse = std::move(orelse);
    return n;
  }

  StmtPtr try_stmt() {
    size_t start = pos_;
    const Token& kw = advance();
    expect_forced(TokenKind::Colon);
    StmtList body = block("'try' statement", kw.lineno);
    std::vector<ExceptHandler> handlers;
    StmtList orelse, finalbody;
    while (is(TokenKind::KwExcept)) handlers.push_back(except_block());
    if (!handlers.empty() && is(TokenKind::KwElse)) orelse = else_block();
    if (is(TokenKind::KwFinally)) {
      const Token& fin = advance();
      expect_forced(TokenKind::Colon);
      finalbody = block("'finally' statement", fin.lineno);
    }
    if (handlers.empty() && finalbody.empty()) raise_last("expected 'except' or 'finally' block");
    auto n = mk<Try>(start);
    n->body = std::move(body);
    n->handlers = std::move(handlers);
    n->orelse = std::move(orelse);
    n->finalbody = std::move(finalbody);
    return n;
  }

  ExceptHandler except_block() {
    size_t start = pos_;
    const Token& kw = advance();
    if (is(TokenKind::Star)) unsupported(cur(), "'except*' is");
    ExceptHandler h;
    if (!is(TokenKind::Colon)) {
      if (is(TokenKind::Newline)) raise_last("expected ':'");
      h.type = expression();
      if (is(TokenKind::Comma)) {
        // except A, B: -- CPython points from A to where it stopped reading.
        State s = save();
        attempt([&] {
          while (accept(TokenKind::Comma)) expression();
          if (accept(TokenKind::KwAs)) expect(TokenKind::Name);
          expect(TokenKind::Colon);
        });
        if (pos_ != s.pos) raise_from(h.type->span, "multiple exception types must be parenthesized");
        fail();
      }
      if (accept(TokenKind::KwAs)) h.name = std::string(text(expect(TokenKind::Name)));
      if (is(TokenKind::Newline)) raise_last("expected ':'");
    }
    expect(TokenKind::Colon);
    h.body = block("'except' statement", kw.lineno);
    h.span = span_from(start);
    return h;
  }

  StmtPtr with_stmt() {
    size_t start = pos_;
    const Token& kw = advance();
    std::vector<withitem> items;
    bool parsed = false;
    if (is(TokenKind::LPar)) {
      // with (a as b, c as d): -- or a parenthesized expression; CPython
      // tries the item list first.
      State s = save();
      parsed = attempt([&] {
        advance();
        items.clear();
        for (;;) {
          items.push_back(with_item());
          if (!accept(TokenKind::Comma)) break;
          if (is(TokenKind::RPar)) break;
        }
        expect(TokenKind::RPar);
        if (!is(TokenKind::Colon)) fail();
      });
      if (!parsed) {
        size_t furthest = max_pos_;
        restore(s);
        max_pos_ = std::max(max_pos_, furthest);
        items.clear();
      }
    }
    if (!parsed) {
      for (;;) {
        items.push_back(with_item());
        if (!accept(TokenKind::Comma)) break;
      }
    }
    block_colon();
    StmtList body = block("'with' statement", kw.lineno);
    auto n = mk<With>(start);
    n->items = std::move(items);
    n->body = std::move(body);
    return n;
  }

  withitem with_item() {
    withitem w;
    w.context_expr = expression();
    if (accept(TokenKind::KwAs)) {
      size_t tstart = pos_;
      ExprPtr target = star_target();
      TokenKind next = k();
      bool follows = next == TokenKind::Comma || next == TokenKind::RPar || next == TokenKind::Colon;
      if (!follows || !valid_star_target(*target)) {
        if (!speculating_) {
          // invalid_with_item: the target read as a whole expression.
          State s = save();
          pos_ = tstart;
          ExprPtr e;
          bool ok = attempt([&] { e = expression(); });
          TokenKind after = ok ? k() : TokenKind::EndMarker;
          if (ok && (after == TokenKind::Comma || after == TokenKind::RPar ||
                     after == TokenKind::Colon)) {
            if (const Expr* bad = invalid_target(e.get(), TargetsType::Star))
              raise_node(*bad, std::string("cannot assign to ") + expr_name(*bad));
          }
          restore(s);
        }
        fail();
      }
      set_context(*target, ExprContext::Store);
      w.optional_vars = std::move(target);
    }
    return w;
  }

  // ---- targets ------------------------------------------------------------

  // star_target: ['*'] target, read as an operand-level expression.
  ExprPtr star_target() {
    size_t start = pos_;
    if (accept(TokenKind::Star)) {
      ExprPtr value = star_target();
      auto n = mk<Starred>(start);
      n->value = std::move(value);
      return n;
    }
    return bitwise_or();
  }

  // The target of `for ... in`: star_targets, which must stop before `in`.
  ExprPtr for_target() {
    size_t start = pos_;
    ExprPtr target;
    bool ok = attempt([&] {
      ExprPtr first = star_target();
      if (is(TokenKind::Comma)) {
        ExprList elts;
        elts.push_back(std::move(first));
        while (accept(TokenKind::Comma)) {
          if (is(TokenKind::KwIn)) break;
          elts.push_back(star_target());
        }
        auto t = mk<Tuple>(start);
        t->elts = std::move(elts);
        target = std::move(t);
      } else {
        target = std::move(first);
      }
    });
    if (ok && is(TokenKind::KwIn) && valid_star_target(*target)) {
      set_context(*target, ExprContext::Store);
      return target;
    }
    size_t furthest = max_pos_;
    if (!speculating_) {
      // invalid_for_target: the target read as star_expressions.
      State s = save();
      pos_ = start;
      ExprPtr e;
      if (attempt([&] { e = star_expressions(); }))
        if (const Expr* bad = invalid_target(e.get(), TargetsType::For))
          raise_node(*bad, std::string("cannot assign to ") + expr_name(*bad));
      restore(s);
    }
    max_pos_ = std::max(max_pos_, furthest);
    if (!ok) {
      // Reparse for real so the generic error comes from the right place.
      pos_ = start;
      star_target();
      while (accept(TokenKind::Comma) && !is(TokenKind::KwIn)) star_target();
    }
    fail();
  }

  // ---- parameters ---------------------------------------------------------

  arg param(bool lambda) {
    size_t start = pos_;
    arg a;
    a.arg = std::string(text(expect(TokenKind::Name)));
    if (!lambda && accept(TokenKind::Colon)) a.annotation = expression();
    a.span = span_from(start);
    return a;
  }

  // Parameters up to (not including) ')' for def or ':' for lambda.
  arguments parameters(bool lambda) {
    TokenKind closer = lambda ? TokenKind::Colon : TokenKind::RPar;
    arguments args;
    bool seen_slash = false, seen_star = false, seen_default = false;
    std::vector<arg> plain;
    while (!is(closer)) {
      if (is(TokenKind::Slash)) {
        const Token& slash = cur();
        if (plain.empty() && !seen_slash && !seen_star) {
          // Only CPython's second pass looks past the '/'.
          State s = save();
          advance();
          bool comma = is(TokenKind::Comma);
          restore(s);
          if (comma && !speculating_) raise_token(slash, "at least one argument must precede /");
          fail();
        }
        advance();
        if (seen_slash) raise_token(slash, "/ may appear only once");
        if (seen_star) raise_token(slash, "/ must be ahead of *");
        seen_slash = true;
        args.posonlyargs = std::move(plain);
        plain.clear();
      } else if (is(TokenKind::Star)) {
        const Token& star = advance();
        if (seen_star) raise_token(star, "* argument may appear only once");
        seen_star = true;
        if (is(TokenKind::Comma) || is(closer)) {
          if (is(closer) || k(1) == closer || k(1) == TokenKind::DoubleStar)
            raise_token(star, "named arguments must follow bare *");
        } else {
          size_t s = pos_;
          arg a;
          a.arg = std::string(text(expect(TokenKind::Name)));
          if (!lambda && accept(TokenKind::Colon)) {
            size_t as = pos_;
            if (accept(TokenKind::Star)) {
              // def f(*args: *Ts)
              ExprPtr v = expression();
              auto st = mk<Starred>(as);
              st->value = std::move(v);
              a.annotation = std::move(st);
            } else {
              a.annotation = expression();
            }
          }
          a.span = span_from(s);
          if (is(TokenKind::Equal)) raise_token(cur(), "var-positional argument cannot have default value");
          args.vararg = std::make_unique<arg>(std::move(a));
        }
      } else if (is(TokenKind::DoubleStar)) {
        advance();
        args.kwarg = std::make_unique<arg>(param(lambda));
        if (is(TokenKind::Equal)) raise_token(cur(), "var-keyword argument cannot have default value");
        if (accept(TokenKind::Comma) && !is(closer)) {
          if (is(TokenKind::Star) || is(TokenKind::DoubleStar) || is(TokenKind::Slash))
            raise_token(cur(), "arguments cannot follow var-keyword argument");
          size_t s = pos_;
          if (is(TokenKind::Name)) {
            arg extra = param(lambda);
            (void)s;
            raise_span(extra.span, "arguments cannot follow var-keyword argument");
          }
          fail();
        }
        break;
      } else if (is(TokenKind::LPar)) {
        parenthesized_parameters(lambda);
      } else {
        arg a = param(lambda);
        ExprPtr def;
        if (is(TokenKind::Equal)) {
          const Token& eq = advance();
          if (is(TokenKind::Comma) || is(closer)) raise_token(eq, "expected default value expression");
          def = expression();
        }
        if (seen_star) {
          args.kwonlyargs.push_back(std::move(a));
          args.kw_defaults.push_back(std::move(def));
        } else {
          if (def) {
            seen_default = true;
            args.defaults.push_back(std::move(def));
          } else if (seen_default) {
            raise_span(a.span, "non-default argument follows default argument");
          }
          plain.push_back(std::move(a));
        }
      }
      if (!accept(TokenKind::Comma)) break;
    }
    args.args = std::move(plain);
    return args;
  }

  // def f(a, (b, c)): CPython names the mistake when the parentheses hold
  // plain parameter names.
  [[noreturn]] void parenthesized_parameters(bool lambda) {
    const Token& open = cur();
    if (!speculating_) {
      State s = save();
      const Token* close = nullptr;
      if (attempt([&] {
            advance();
            expect(TokenKind::Name);
            while (accept(TokenKind::Comma) && is(TokenKind::Name)) advance();
            close = &expect(TokenKind::RPar);
          }))
        raise_range(token_span(open), token_span(*close),
                    lambda ? "Lambda expression parameters cannot be parenthesized"
                           : "Function parameters cannot be parenthesized");
      restore(s);
    }
    fail();
  }

  // ---- expressions --------------------------------------------------------

  ExprPtr star_expressions(ElementsInfo* info = nullptr) {
    size_t start = pos_;
    ExprPtr first = star_expression();
    if (!is(TokenKind::Comma)) {
      if (info) info->starts = {start};
      return first;
    }
    ExprList elts;
    std::vector<size_t> starts{start};
    elts.push_back(std::move(first));
    while (accept(TokenKind::Comma)) {
      if (!starts_expression(k())) break;
      starts.push_back(pos_);
      elts.push_back(star_expression());
    }
    auto t = mk<Tuple>(start);
    t->elts = std::move(elts);
    if (info) {
      info->starts = std::move(starts);
      info->bare_tuple = true;
    }
    return t;
  }

  ExprPtr star_expression() {
    size_t start = pos_;
    if (accept(TokenKind::Star)) {
      ExprPtr v = bitwise_or();
      auto n = mk<Starred>(start);
      n->value = std::move(v);
      return n;
    }
    return expression();
  }

  ExprPtr star_named_expression() {
    size_t start = pos_;
    if (accept(TokenKind::Star)) {
      ExprPtr v = bitwise_or();
      auto n = mk<Starred>(start);
      n->value = std::move(v);
      return n;
    }
    return named_expression();
  }

  ExprPtr walrus() {
    size_t start = pos_;
    auto target = std::make_unique<Name>();
    target->span = token_span(cur());
    target->id = std::string(text(advance()));
    target->ctx = ExprContext::Store;
    advance(); // ':='
    ExprPtr value = expression();
    auto n = mk<NamedExpr>(start);
    n->target = std::move(target);
    n->value = std::move(value);
    return n;
  }

  ExprPtr named_expression() {
    size_t start = pos_;
    if (is(TokenKind::Name) && k(1) == TokenKind::ColonEqual) return walrus();
    ExprPtr e = expression();
    if (is(TokenKind::ColonEqual))
      raise_node(*e, std::string("cannot use assignment expressions with ") + expr_name(*e));
    if (is(TokenKind::Equal) && !speculating_) check_named_expression_equal(start, *e);
    return e;
  }

  ExprPtr expression() {
    DepthGuard guard(*this);
    if (is(TokenKind::KwLambda)) return lambdef();
    size_t start = pos_;
    ExprPtr a = disjunction();
    if (is(TokenKind::KwIf)) {
      size_t if_pos = pos_;
      advance();
      ExprPtr b = disjunction();
      if (accept(TokenKind::KwElse)) {
        ExprPtr c = expression();
        auto n = mk<IfExp>(start);
        n->test = std::move(b);
        n->body = std::move(a);
        n->orelse = std::move(c);
        return n;
      }
      if (is(TokenKind::Colon) || speculating_) {
        pos_ = if_pos;
        return a;
      }
      raise_range(a->span, b->span, "expected 'else' after 'if' expression");
    }
    if (!speculating_ && starts_juxtaposed_expression(k())) check_juxtaposed(start, *a);
    return a;
  }

  // Two expressions side by side: CPython's invalid_legacy_expression
  // (print "x") and invalid_expression ("Perhaps you forgot a comma?").
  void check_juxtaposed(size_t start, const Expr& a) {
    bool legacy = a.kind == ExprKind::Name &&
                  (as<Name>(a).id == "print" || as<Name>(a).id == "exec") && pos_ == start + 1;
    State s = save();
    if (legacy) {
      ExprPtr b;
      if (attempt([&] { b = star_expressions(); })) {
        std::string name = as<Name>(a).id;
        raise_range(a.span, b->span,
                    "Missing parentheses in call to '" + name + "'. Did you mean " + name + "(...)?");
      }
      restore(s);
      return;
    }
    const Token& first = t_[start];
    if (first.kind == TokenKind::Name) {
      std::string_view id = text(first);
      if (id == "match" || id == "case" || id == "_") return;
      if (start + 1 < t_.size() && t_[start + 1].kind == TokenKind::String) return;
    }
    ExprPtr b;
    if (attempt([&] { b = expression(); })) {
      if (t_[pos_ - 1].level != 0)
        raise_range(a.span, b->span, "invalid syntax. Perhaps you forgot a comma?");
    }
    restore(s);
  }

  ExprPtr lambdef() {
    size_t start = pos_;
    advance();
    arguments args = parameters(true);
    expect(TokenKind::Colon);
    ExprPtr body = expression();
    auto n = mk<Lambda>(start);
    n->args = std::move(args);
    n->body = std::move(body);
    return n;
  }

  ExprPtr disjunction() { return bool_chain(TokenKind::KwOr); }

  ExprPtr bool_chain(TokenKind op) {
    size_t start = pos_;
    ChainScope chain(*this); // before the first operand: its height counts too
    ExprPtr first = op == TokenKind::KwOr ? bool_chain(TokenKind::KwAnd) : inversion();
    if (!is(op)) return first;
    ExprList values;
    values.push_back(std::move(first));
    while (accept(op))
      values.push_back(op == TokenKind::KwOr ? bool_chain(TokenKind::KwAnd) : inversion());
    chain.link();
    auto n = mk<BoolOp>(start);
    n->op = op == TokenKind::KwOr ? BoolOpKind::Or : BoolOpKind::And;
    n->values = std::move(values);
    return n;
  }

  ExprPtr inversion() {
    ChainScope chain(*this);
    std::vector<size_t> nots;
    while (is(TokenKind::KwNot)) {
      nots.push_back(pos_);
      advance();
      chain.link();
    }
    ExprPtr e = comparison();
    for (size_t i = nots.size(); i-- > 0;) {
      auto n = mk<UnaryOp>(nots[i]);
      n->op = UnaryOpKind::Not;
      n->operand = std::move(e);
      e = std::move(n);
    }
    return e;
  }

  std::optional<CmpOpKind> comparison_op() {
    switch (k()) {
    case TokenKind::EqEqual: advance(); return CmpOpKind::Eq;
    case TokenKind::NotEqual: advance(); return CmpOpKind::NotEq;
    case TokenKind::Less: advance(); return CmpOpKind::Lt;
    case TokenKind::LessEqual: advance(); return CmpOpKind::LtE;
    case TokenKind::Greater: advance(); return CmpOpKind::Gt;
    case TokenKind::GreaterEqual: advance(); return CmpOpKind::GtE;
    case TokenKind::KwIn: advance(); return CmpOpKind::In;
    case TokenKind::KwIs:
      advance();
      if (accept(TokenKind::KwNot)) return CmpOpKind::IsNot;
      return CmpOpKind::Is;
    case TokenKind::KwNot:
      if (k(1) == TokenKind::KwIn) {
        advance();
        advance();
        return CmpOpKind::NotIn;
      }
      return std::nullopt;
    default: return std::nullopt;
    }
  }

  ExprPtr comparison() {
    size_t start = pos_;
    ChainScope chain(*this);
    ExprPtr left = bitwise_or();
    std::optional<CmpOpKind> op = comparison_op();
    if (!op) return left;
    std::vector<CmpOpKind> ops;
    ExprList comparators;
    do {
      ops.push_back(*op);
      comparators.push_back(bitwise_or());
    } while ((op = comparison_op()));
    chain.link();
    auto n = mk<Compare>(start);
    n->left = std::move(left);
    n->ops = std::move(ops);
    n->comparators = std::move(comparators);
    return n;
  }

  // Binary operator levels, loosest first: | ^ & shifts +- */%@//.
  std::optional<OperatorKind> binary_op(int level) {
    TokenKind kd = k();
    switch (level) {
    case 0: if (kd == TokenKind::VBar) return OperatorKind::BitOr; break;
    case 1: if (kd == TokenKind::Circumflex) return OperatorKind::BitXor; break;
    case 2: if (kd == TokenKind::Amper) return OperatorKind::BitAnd; break;
    case 3:
      if (kd == TokenKind::LeftShift) return OperatorKind::LShift;
      if (kd == TokenKind::RightShift) return OperatorKind::RShift;
      break;
    case 4:
      if (kd == TokenKind::Plus) return OperatorKind::Add;
      if (kd == TokenKind::Minus) return OperatorKind::Sub;
      break;
    default:
      if (kd == TokenKind::Star) return OperatorKind::Mult;
      if (kd == TokenKind::Slash) return OperatorKind::Div;
      if (kd == TokenKind::DoubleSlash) return OperatorKind::FloorDiv;
      if (kd == TokenKind::Percent) return OperatorKind::Mod;
      if (kd == TokenKind::At) return OperatorKind::MatMult;
      break;
    }
    return std::nullopt;
  }

  ExprPtr bitwise_or() { return binary(0); }

  ExprPtr binary(int level) {
    size_t start = pos_;
    ChainScope chain(*this);
    ExprPtr left = level == 5 ? factor() : binary(level + 1);
    std::optional<OperatorKind> op = binary_op(level);
    if (!op) return left;
    do {
      advance();
      ExprPtr right = level == 5 ? factor() : binary(level + 1);
      auto n = mk<BinOp>(start);
      n->left = std::move(left);
      n->op = *op;
      n->right = std::move(right);
      left = std::move(n);
      chain.link();
    } while ((op = binary_op(level)));
    return left;
  }

  struct Prefix {
    size_t pos;
    UnaryOpKind op;
  };

  void unary_prefixes(std::vector<Prefix>& out, ChainScope& chain) {
    for (;;) {
      UnaryOpKind op;
      if (is(TokenKind::Minus))
        op = UnaryOpKind::USub;
      else if (is(TokenKind::Plus))
        op = UnaryOpKind::UAdd;
      else if (is(TokenKind::Tilde))
        op = UnaryOpKind::Invert;
      else
        return;
      out.push_back({pos_, op});
      advance();
      chain.link();
    }
  }

  ExprPtr wrap_prefixes(ExprPtr e, const std::vector<Prefix>& prefixes) {
    for (size_t i = prefixes.size(); i-- > 0;) {
      auto n = mk<UnaryOp>(prefixes[i].pos);
      n->op = prefixes[i].op;
      n->operand = std::move(e);
      e = std::move(n);
    }
    return e;
  }

  // factor: ('+'|'-'|'~')* power, and power: primary ['**' factor], parsed
  // as one loop so that -x ** -y ** ... does not recurse.
  ExprPtr factor() {
    ChainScope chain(*this);
    std::vector<Prefix> prefixes;
    unary_prefixes(prefixes, chain);
    struct Segment {
      size_t start;
      ExprPtr operand;
      std::vector<Prefix> prefixes; // of the factor this operand begins
    };
    std::vector<Segment> segments;
    segments.push_back({pos_, primary(), {}});
    while (accept(TokenKind::DoubleStar)) {
      Segment seg;
      unary_prefixes(seg.prefixes, chain);
      seg.start = pos_;
      seg.operand = primary();
      segments.push_back(std::move(seg));
      chain.link();
    }
    ExprPtr acc = wrap_prefixes(std::move(segments.back().operand), segments.back().prefixes);
    for (size_t i = segments.size() - 1; i-- > 0;) {
      auto n = mk<BinOp>(segments[i].start);
      n->left = std::move(segments[i].operand);
      n->op = OperatorKind::Pow;
      n->right = std::move(acc);
      acc = wrap_prefixes(std::move(n), segments[i].prefixes);
    }
    return wrap_prefixes(std::move(acc), prefixes);
  }

  ExprPtr primary() {
    size_t start = pos_;
    if (is(TokenKind::KwAwait)) unsupported(cur(), "'await' is");
    ChainScope chain(*this);
    ExprPtr e = atom();
    for (;;) {
      if (is(TokenKind::Dot)) {
        advance();
        std::string attr(text(expect(TokenKind::Name)));
        auto n = mk<Attribute>(start);
        n->value = std::move(e);
        n->attr = std::move(attr);
        e = std::move(n);
      } else if (is(TokenKind::LPar)) {
        size_t open = pos_;
        advance();
        ExprList args;
        std::vector<keyword> keywords;
        call_arguments(args, keywords, &open);
        auto n = mk<Call>(start);
        n->func = std::move(e);
        n->args = std::move(args);
        n->keywords = std::move(keywords);
        e = std::move(n);
      } else if (is(TokenKind::LSqb)) {
        advance();
        ExprPtr slice = slices();
        expect(TokenKind::RSqb);
        auto n = mk<Subscript>(start);
        n->value = std::move(e);
        n->slice = std::move(slice);
        e = std::move(n);
      } else {
        return e;
      }
      chain.link();
    }
  }

  ExprPtr slices() {
    size_t start = pos_;
    ExprPtr first = slice_item();
    // A lone slice is the subscript itself; a starred item always makes a
    // tuple (CPython's `slice !','` alternative does not take it).
    if (!is(TokenKind::Comma) && t_[start].kind != TokenKind::Star) return first;
    ExprList elts;
    elts.push_back(std::move(first));
    while (accept(TokenKind::Comma)) {
      if (is(TokenKind::RSqb)) break;
      elts.push_back(slice_item());
    }
    auto t = mk<Tuple>(start);
    t->elts = std::move(elts);
    return t;
  }

  ExprPtr slice_item() {
    size_t start = pos_;
    if (accept(TokenKind::Star)) {
      ExprPtr v = expression();
      auto n = mk<Starred>(start);
      n->value = std::move(v);
      return n;
    }
    ExprPtr lower, upper, step;
    if (!is(TokenKind::Colon)) {
      ExprPtr e = named_expression();
      if (!is(TokenKind::Colon)) return e;
      lower = std::move(e);
    }
    advance(); // ':'
    auto ends_slice = [&] {
      return is(TokenKind::Colon) || is(TokenKind::RSqb) || is(TokenKind::Comma);
    };
    if (!ends_slice()) upper = expression();
    if (accept(TokenKind::Colon)) {
      if (!is(TokenKind::RSqb) && !is(TokenKind::Comma)) step = expression();
    }
    auto n = mk<Slice>(start);
    n->lower = std::move(lower);
    n->upper = std::move(upper);
    n->step = std::move(step);
    return n;
  }

  // The last expression of a comprehension (its last condition, else its
  // iterable): where "Generator expression must be parenthesized" ends.
  static const Expr& last_comprehension_item(const std::vector<comprehension>& gens) {
    const comprehension& c = gens.back();
    return c.ifs.empty() ? *c.iter : *c.ifs.back();
  }

  // Arguments after '(' up to and including ')'. `open` is the '(' of a
  // call (null for a class's bases): a lone generator expression argument
  // spans the call's parentheses.
  void call_arguments(ExprList& args, std::vector<keyword>& keywords, const size_t* open) {
    bool seen_keyword = false, seen_double_star = false;
    std::optional<State> pending_positional_error;
    auto raise_pending = [&] {
      raise_last(seen_double_star ? "positional argument follows keyword argument unpacking"
                                  : "positional argument follows keyword argument");
    };
    try {
      while (!is(TokenKind::RPar)) {
        size_t s = pos_;
        if (is(TokenKind::Star)) {
          const Token& star = advance();
          if (seen_double_star)
            raise_token(star, "iterable argument unpacking follows keyword argument unpacking");
          ExprPtr v = expression();
          auto n = mk<Starred>(s);
          n->value = std::move(v);
          args.push_back(std::move(n));
        } else if (is(TokenKind::DoubleStar)) {
          advance();
          keyword kw;
          kw.value = expression();
          kw.span = span_from(s);
          keywords.push_back(std::move(kw));
          seen_double_star = seen_keyword = true;
        } else if (is(TokenKind::Name) && k(1) == TokenKind::Equal) {
          const Token& name = advance();
          const Token& eq = advance();
          keyword kw;
          kw.arg = std::string(text(name));
          kw.value = expression();
          if (at_comprehension() && !speculating_)
            raise_range(token_span(name), token_span(eq),
                        "invalid syntax. Maybe you meant '==' or ':=' instead of '='?");
          kw.span = span_from(s);
          keywords.push_back(std::move(kw));
          seen_keyword = true;
        } else if ((is(TokenKind::KwTrue) || is(TokenKind::KwFalse) || is(TokenKind::KwNone)) &&
                   k(1) == TokenKind::Equal) {
          const Token& name = cur();
          const Token& eq = token(pos_ + 1);
          raise_range(token_span(name), token_span(eq),
                      "cannot assign to " + std::string(text(name)));
        } else {
          ExprPtr e;
          if (is(TokenKind::Name) && k(1) == TokenKind::ColonEqual)
            e = walrus();
          else
            e = expression();
          if (at_comprehension()) {
            std::vector<comprehension> gens = for_if_clauses();
            bool sole = args.empty() && keywords.empty() && is(TokenKind::RPar);
            if (!sole)
              raise_range(e->span, last_comprehension_item(gens).span,
                          "Generator expression must be parenthesized");
            auto g = mk<GeneratorExp>(open ? *open : s);
            if (open) {
              // The generator spans the call's parentheses.
              const Token& close = cur();
              g->span.end_lineno = close.end_lineno;
              g->span.end_col_offset = close.end_col;
            }
            g->elt = std::move(e);
            g->generators = std::move(gens);
            args.push_back(std::move(g));
          } else {
            if (is(TokenKind::Equal))
              raise_range(e->span, token_span(cur()),
                          "expression cannot contain assignment, perhaps you meant \"==\"?");
            if (seen_keyword && !pending_positional_error) pending_positional_error = save();
            args.push_back(std::move(e));
          }
        }
        if (!accept(TokenKind::Comma)) break;
      }
      if (pending_positional_error) {
        cur();
        raise_pending();
      }
    } catch (ParseError& e) {
      if (e.from_lexer || !pending_positional_error) throw;
      raise_pending();
    }
    expect(TokenKind::RPar);
  }

  std::vector<comprehension> for_if_clauses() {
    std::vector<comprehension> gens;
    while (at_comprehension()) {
      advance();
      comprehension c;
      c.target = for_target();
      expect(TokenKind::KwIn);
      c.iter = disjunction();
      while (accept(TokenKind::KwIf)) c.ifs.push_back(disjunction());
      gens.push_back(std::move(c));
    }
    return gens;
  }

  // At a comprehension's `for` (an `async for` one is outside the subset).
  bool at_comprehension() {
    if (is(TokenKind::KwAsync) && k(1) == TokenKind::KwFor) unsupported(cur(), "'async' is");
    return is(TokenKind::KwFor);
  }

  // ---- atoms --------------------------------------------------------------

  ExprPtr atom() {
    size_t start = pos_;
    switch (k()) {
    case TokenKind::Name: {
      auto n = mk<Name>(start);
      n->id = std::string(text(advance()));
      n->span = token_span(t_[start]);
      return n;
    }
    case TokenKind::KwTrue:
    case TokenKind::KwFalse:
    case TokenKind::KwNone: {
      TokenKind kd = advance().kind;
      auto n = mk<Constant>(start);
      if (kd == TokenKind::KwNone)
        n->value = NoneTag{};
      else
        n->value = kd == TokenKind::KwTrue;
      return n;
    }
    case TokenKind::Ellipsis: {
      advance();
      auto n = mk<Constant>(start);
      n->value = EllipsisTag{};
      return n;
    }
    case TokenKind::Number: return number();
    case TokenKind::String: return strings();
    case TokenKind::LPar: return paren_atom();
    case TokenKind::LSqb: return list_atom();
    case TokenKind::LBrace: return brace_atom();
    default: fail();
    }
  }

  ExprPtr number() {
    size_t start = pos_;
    const Token& t = advance();
    std::string s;
    for (char c : text(t))
      if (c != '_') s += c;
    auto n = mk<Constant>(start);
    char last = s.back();
    if (last == 'j' || last == 'J') unsupported(t, "complex numbers are");
    bool is_float = false;
    int base = 10;
    size_t digits = 0;
    if (s.size() > 1 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X' || s[1] == 'o' || s[1] == 'O' ||
                                        s[1] == 'b' || s[1] == 'B')) {
      base = (s[1] == 'x' || s[1] == 'X') ? 16 : (s[1] == 'o' || s[1] == 'O') ? 8 : 2;
      digits = 2;
    } else {
      is_float = s.find_first_of(".eE") != std::string::npos;
    }
    if (is_float) {
      errno = 0;
      n->value = strtod_l(s.c_str(), nullptr, c_locale());
      return n;
    }
    uint64_t v = 0;
    auto res = std::from_chars(s.data() + digits, s.data() + s.size(), v, base);
    if (res.ec != std::errc() || v > static_cast<uint64_t>(INT64_MAX))
      raise_token(t, "integer literal too large (refc ints are 64-bit)");
    n->value = static_cast<int64_t>(v);
    return n;
  }

  ExprPtr paren_atom() {
    size_t start = pos_;
    advance();
    if (is(TokenKind::RPar)) {
      advance();
      return mk<Tuple>(start);
    }
    if (is(TokenKind::KwYield)) {
      ExprPtr y = yield_expr();
      expect(TokenKind::RPar);
      return y;
    }
    if (is(TokenKind::DoubleStar)) {
      const Token& dstar = advance();
      State s = save();
      if (attempt([&] {
            expression();
            expect(TokenKind::RPar);
          }))
        raise_token(dstar, "cannot use double starred expression here");
      restore(s);
      fail();
    }
    ExprPtr first = star_named_expression();
    if (at_comprehension()) {
      if (first->kind == ExprKind::Starred && first->span.col_offset == t_[start + 1].col &&
          first->span.lineno == t_[start + 1].lineno)
        raise_node(*first, "iterable unpacking cannot be used in comprehension");
      std::vector<comprehension> gens = for_if_clauses();
      expect(TokenKind::RPar);
      auto g = mk<GeneratorExp>(start);
      g->elt = std::move(first);
      g->generators = std::move(gens);
      return g;
    }
    if (is(TokenKind::Comma)) {
      ExprList elts;
      elts.push_back(std::move(first));
      while (accept(TokenKind::Comma)) {
        if (is(TokenKind::RPar)) break;
        elts.push_back(star_named_expression());
      }
      expect(TokenKind::RPar);
      auto t = mk<Tuple>(start);
      t->elts = std::move(elts);
      return t;
    }
    if (first->kind == ExprKind::Starred && is(TokenKind::RPar))
      raise_node(*first, "cannot use starred expression here");
    expect(TokenKind::RPar);
    return first;
  }

  // [a, b for ...]: CPython suggests parentheses when a comprehension
  // follows several elements.
  void check_comprehension_after_elements(const ExprList& elts, const Token* trailing_comma) {
    if (speculating_ || !at_comprehension()) return;
    State s = save();
    if (attempt([&] { for_if_clauses(); })) {
      if (trailing_comma && elts.size() == 1)
        raise_range(elts[0]->span, token_span(*trailing_comma),
                    "did you forget parentheses around the comprehension target?");
      raise_range(elts[0]->span, elts.back()->span,
                  "did you forget parentheses around the comprehension target?");
    }
    restore(s);
  }

  ExprPtr list_atom() {
    size_t start = pos_;
    advance();
    if (accept(TokenKind::RSqb)) return mk<List>(start);
    size_t first_start = pos_;
    ExprPtr first = star_named_expression();
    if (at_comprehension()) {
      if (first->kind == ExprKind::Starred && t_[first_start].kind == TokenKind::Star)
        raise_node(*first, "iterable unpacking cannot be used in comprehension");
      std::vector<comprehension> gens = for_if_clauses();
      expect(TokenKind::RSqb);
      auto n = mk<ListComp>(start);
      n->elt = std::move(first);
      n->generators = std::move(gens);
      return n;
    }
    ExprList elts;
    elts.push_back(std::move(first));
    const Token* trailing = nullptr;
    while (is(TokenKind::Comma)) {
      trailing = &advance();
      if (is(TokenKind::RSqb) || at_comprehension()) break;
      trailing = nullptr;
      elts.push_back(star_named_expression());
    }
    check_comprehension_after_elements(elts, trailing);
    expect(TokenKind::RSqb);
    auto n = mk<List>(start);
    n->elts = std::move(elts);
    return n;
  }

  ExprPtr brace_atom() {
    size_t start = pos_;
    advance();
    if (accept(TokenKind::RBrace)) return mk<Dict>(start);
    if (is(TokenKind::DoubleStar)) {
      const Token& dstar = advance();
      ExprPtr v = bitwise_or();
      if (at_comprehension()) raise_token(dstar, "dict unpacking cannot be used in dict comprehension");
      return dict_rest(start, nullptr, std::move(v));
    }
    size_t first_start = pos_;
    ExprPtr first = star_named_expression();
    if (is(TokenKind::Colon) && first->kind != ExprKind::Starred) {
      ExprPtr value = dict_value();
      if (at_comprehension()) {
        std::vector<comprehension> gens = for_if_clauses();
        expect(TokenKind::RBrace);
        auto n = mk<DictComp>(start);
        n->key = std::move(first);
        n->value = std::move(value);
        n->generators = std::move(gens);
        return n;
      }
      return dict_rest(start, std::move(first), std::move(value));
    }
    if (at_comprehension()) {
      if (first->kind == ExprKind::Starred && t_[first_start].kind == TokenKind::Star)
        raise_node(*first, "iterable unpacking cannot be used in comprehension");
      std::vector<comprehension> gens = for_if_clauses();
      expect(TokenKind::RBrace);
      auto n = mk<SetComp>(start);
      n->elt = std::move(first);
      n->generators = std::move(gens);
      return n;
    }
    ExprList elts;
    elts.push_back(std::move(first));
    const Token* trailing = nullptr;
    while (is(TokenKind::Comma)) {
      trailing = &advance();
      if (is(TokenKind::RBrace) || at_comprehension()) break;
      trailing = nullptr;
      elts.push_back(star_named_expression());
    }
    check_comprehension_after_elements(elts, trailing);
    expect(TokenKind::RBrace);
    auto n = mk<Set>(start);
    n->elts = std::move(elts);
    return n;
  }

  // After a dictionary key, at ':'.
  ExprPtr dict_value() {
    const Token& colon = advance();
    if (is(TokenKind::Star)) {
      const Token& star = cur();
      State s = save();
      attempt([&] {
        advance();
        bitwise_or();
      });
      if (pos_ == s.pos) {
        advance();
        bitwise_or();
      }
      raise_from(token_span(star), "cannot use a starred expression in a dictionary value");
    }
    if (is(TokenKind::RBrace) || is(TokenKind::Comma))
      raise_token(colon, "expression expected after dictionary key and ':'");
    return expression();
  }

  ExprPtr dict_rest(size_t start, ExprPtr key, ExprPtr value) {
    ExprList keys, values;
    keys.push_back(std::move(key));
    values.push_back(std::move(value));
    while (accept(TokenKind::Comma)) {
      if (is(TokenKind::RBrace)) break;
      if (accept(TokenKind::DoubleStar)) {
        keys.push_back(nullptr);
        values.push_back(bitwise_or());
        continue;
      }
      ExprPtr k2 = expression();
      if (!is(TokenKind::Colon)) {
        if (speculating_) fail();
        raise_error("':' expected after dictionary key", k2->span.lineno, k2->span.end_col_offset,
                    k2->span.end_lineno, 0);
      }
      values.push_back(dict_value());
      keys.push_back(std::move(k2));
    }
    expect(TokenKind::RBrace);
    auto n = mk<Dict>(start);
    n->keys = std::move(keys);
    n->values = std::move(values);
    return n;
  }

  ExprPtr yield_expr() {
    size_t start = pos_;
    advance();
    if (accept(TokenKind::KwFrom)) {
      ExprPtr v = expression();
      auto n = mk<YieldFrom>(start);
      n->value = std::move(v);
      return n;
    }
    ExprPtr v;
    if (starts_expression(k())) v = star_expressions();
    auto n = mk<Yield>(start);
    n->value = std::move(v);
    return n;
  }

  // ---- string literals ----------------------------------------------------

  ExprPtr strings();

  friend class StringParser;
  friend ExprPtr parse_fstring_field(Parser& outer, const Token& t, std::string_view token_text,
                                     size_t brace, size_t expr_begin, size_t expr_end);
};

ExprPtr parse_fstring_field(Parser& outer, const Token& t, std::string_view text, size_t brace,
                            size_t expr_begin, size_t expr_end);

// ---- string literal decoding ------------------------------------------------

// CPython's decode_unicode_with_escapes: non-ASCII characters become \U
// escapes first (so error positions count them as ten bytes), then the
// unicode-escape codec runs. Returns false with `error` set on a bad escape.
bool decode_escapes(std::string_view body, std::string& out, std::string& error) {
  std::string buf;
  buf.reserve(body.size());
  for (size_t i = 0; i < body.size();) {
    unsigned char c = static_cast<unsigned char>(body[i]);
    if (c == '\\') {
      buf += '\\';
      i++;
      if (i >= body.size() || (static_cast<unsigned char>(body[i]) & 0x80)) {
        buf += "u005c";
        if (i >= body.size()) break;
      }
      c = static_cast<unsigned char>(body[i]);
    }
    if (c & 0x80) {
      char32_t cp = decode_utf8(body, i);
      char tmp[16];
      snprintf(tmp, sizeof tmp, "\\U%08x", static_cast<unsigned>(cp));
      buf += tmp;
    } else {
      buf += static_cast<char>(c);
      i++;
    }
  }
  auto fail_at = [&](size_t startpos, size_t endpos, const char* reason) {
    char tmp[160];
    if (endpos - startpos > 1)
      snprintf(tmp, sizeof tmp, "can't decode bytes in position %zu-%zu: %s", startpos, endpos - 1,
               reason);
    else
      snprintf(tmp, sizeof tmp, "can't decode byte 0x%02x in position %zu: %s",
               static_cast<unsigned char>(buf[startpos]), startpos, reason);
    error = std::string("(unicode error) 'unicodeescape' codec ") + tmp;
    return false;
  };
  size_t s = 0, end = buf.size();
  while (s < end) {
    char c = buf[s++];
    if (c != '\\') {
      out += c;
      continue;
    }
    size_t startpos = s - 1;
    if (s >= end) return fail_at(startpos, s, "\\ at end of string");
    c = buf[s++];
    int count = 0;
    const char* message = nullptr;
    switch (c) {
    case '\n': continue;
    case '\\': out += '\\'; continue;
    case '\'': out += '\''; continue;
    case '"': out += '"'; continue;
    case 'b': out += '\b'; continue;
    case 'f': out += '\f'; continue;
    case 't': out += '\t'; continue;
    case 'n': out += '\n'; continue;
    case 'r': out += '\r'; continue;
    case 'v': out += '\v'; continue;
    case 'a': out += '\a'; continue;
    case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7': {
      unsigned x = c - '0';
      if (s < end && buf[s] >= '0' && buf[s] <= '7') {
        x = (x << 3) + (buf[s++] - '0');
        if (s < end && buf[s] >= '0' && buf[s] <= '7') x = (x << 3) + (buf[s++] - '0');
      }
      append_utf8(out, x);
      continue;
    }
    case 'x': count = 2; message = "truncated \\xXX escape"; break;
    case 'u': count = 4; message = "truncated \\uXXXX escape"; break;
    case 'U': count = 8; message = "truncated \\UXXXXXXXX escape"; break;
    case 'N':
      error = "\\N{...} escapes are not supported by refc";
      return false;
    default:
      // Invalid escapes are kept as written (CPython only warns).
      out += '\\';
      out += c;
      continue;
    }
    uint32_t ch = 0;
    for (; count; ++s, --count) {
      if (s >= end) return fail_at(startpos, s, message);
      char h = buf[s];
      ch <<= 4;
      if (h >= '0' && h <= '9')
        ch += h - '0';
      else if (h >= 'a' && h <= 'f')
        ch += h - 'a' + 10;
      else if (h >= 'A' && h <= 'F')
        ch += h - 'A' + 10;
      else
        return fail_at(startpos, s, message);
    }
    if (ch > 0x10FFFF) return fail_at(startpos, s, "illegal Unicode character");
    // Lone surrogates are kept, encoded in three bytes.
    append_utf8(out, ch);
  }
  return true;
}

// CPython's FstringParser: accumulates literal text and replacement fields
// of one implicitly concatenated string.
class StringParser {
public:
  StringParser(Parser& p, size_t first, size_t last) : p_(p), first_(first), last_(last) {}

  ExprPtr parse() {
    for (size_t i = first_; i <= last_; i++) add_token(p_.t_[i]);
    return finish(span(first_, last_), values_, fmode_);
  }

private:
  Parser& p_;
  size_t first_, last_;
  bool fmode_ = false;
  std::string last_str_;
  ExprList values_;

  Span span(size_t a, size_t b) const {
    const Token& x = p_.t_[a];
    const Token& y = p_.t_[b];
    return {x.lineno, x.col, y.end_lineno, y.end_col};
  }
  Span all() const { return span(first_, last_); }

  ExprPtr make_str(std::string s, const Span& sp) {
    auto c = std::make_unique<Constant>();
    c->value = std::move(s);
    c->span = sp;
    return c;
  }

  ExprPtr finish(const Span& sp, ExprList& values, bool fmode) {
    if (!fmode) return make_str(std::move(last_str_), sp);
    if (!last_str_.empty()) values.push_back(make_str(std::move(last_str_), sp));
    last_str_.clear();
    auto j = std::make_unique<JoinedStr>();
    j->values = std::move(values);
    j->span = sp;
    return j;
  }

  void flush(ExprList& values) {
    if (last_str_.empty()) return;
    values.push_back(make_str(std::move(last_str_), all()));
    last_str_.clear();
  }

  void add_token(const Token& t) {
    std::string_view text = p_.text(t);
    size_t q = 0;
    bool raw = false, fstr = false, bytes = false;
    while (text[q] != '\'' && text[q] != '"') {
      char c = static_cast<char>(text[q] | 0x20);
      raw |= c == 'r';
      fstr |= c == 'f';
      bytes |= c == 'b';
      q++;
    }
    if (bytes) p_.unsupported(t, "bytes literals are");
    size_t quote_size = text.size() - q >= 6 && text[q] == text[q + 1] && text[q] == text[q + 2] ? 3 : 1;
    size_t body_begin = q + quote_size;
    size_t body_end = text.size() - quote_size;
    std::string_view body = text.substr(body_begin, body_end - body_begin);
    if (!fstr) {
      std::string s;
      decode(body, raw, s);
      last_str_ += s;
      return;
    }
    fmode_ = true;
    size_t pos = body_begin;
    concat_fstring(t, text, pos, body_end, raw, 0, values_);
  }

  void decode(std::string_view body, bool raw, std::string& out) {
    if (raw) {
      out.append(body);
      return;
    }
    std::string error;
    if (!decode_escapes(body, out, error)) p_.raise_last(error);
  }

  // fstring_find_literal: literal text up to an undoubled brace. Returns
  // true when it stopped at a doubled brace (scanning continues after it).
  bool find_literal(std::string_view text, size_t& pos, size_t end, bool raw, int recurse_lvl,
                    std::string& literal) {
    size_t s = pos, literal_start = pos;
    bool result = false;
    size_t literal_end;
    while (s < end) {
      char ch = text[s++];
      if (!raw && ch == '\\' && s < end) {
        ch = text[s++];
        if (ch == 'N') {
          if (s < end && text[s++] == '{') {
            while (s < end && text[s++] != '}') {
            }
          }
          continue;
        }
      }
      if (ch == '{' || ch == '}') {
        if (recurse_lvl == 0) {
          if (s < end && text[s] == ch) {
            pos = s + 1;
            literal_end = s;
            result = true;
            goto done;
          }
          if (ch == '}') {
            pos = s - 1;
            p_.raise_last("f-string: single '}' is not allowed");
          }
        }
        s--;
        break;
      }
    }
    pos = s;
    literal_end = s;
  done:
    if (literal_end != literal_start) decode(text.substr(literal_start, literal_end - literal_start), raw, literal);
    return result;
  }

  void concat_fstring(const Token& t, std::string_view text, size_t& pos, size_t end, bool raw,
                      int recurse_lvl, ExprList& values) {
    for (;;) {
      std::string literal;
      bool doubled = find_literal(text, pos, end, raw, recurse_lvl, literal);
      last_str_ += literal;
      if (doubled) continue;
      if (pos >= end || text[pos] == '}') break;
      // At a '{'.
      std::string expr_text;
      ExprPtr expression = find_expr(t, text, pos, end, raw, recurse_lvl, expr_text);
      last_str_ += expr_text;
      flush(values);
      values.push_back(std::move(expression));
    }
    if (recurse_lvl != 0 && (pos >= end || text[pos] != '}')) p_.raise_last("f-string: expecting '}'");
  }

  ExprPtr find_expr(const Token& t, std::string_view text, size_t& pos, size_t end, bool raw,
                    int recurse_lvl, std::string& expr_text) {
    if (recurse_lvl >= 2) p_.raise_last("f-string: expressions nested too deeply");
    size_t brace = pos;
    pos++;
    size_t expr_start = pos;
    char quote_char = 0;
    int string_type = 0;
    std::vector<char> parens;
    for (; pos < end; pos++) {
      char ch = text[pos];
      if (ch == '\\') p_.raise_last("f-string expression part cannot include a backslash");
      if (quote_char) {
        if (ch == quote_char) {
          if (string_type == 3) {
            if (pos + 2 < end && text[pos + 1] == ch && text[pos + 2] == ch) {
              pos += 2;
              string_type = 0;
              quote_char = 0;
              continue;
            }
          } else {
            string_type = 0;
            quote_char = 0;
            continue;
          }
        }
        continue;
      }
      if (ch == '\'' || ch == '"') {
        if (pos + 2 < end && text[pos + 1] == ch && text[pos + 2] == ch) {
          string_type = 3;
          pos += 2;
        } else {
          string_type = 1;
        }
        quote_char = ch;
      } else if (ch == '[' || ch == '{' || ch == '(') {
        if (parens.size() >= 200) p_.raise_last("f-string: too many nested parenthesis");
        parens.push_back(ch);
      } else if (ch == '#') {
        p_.raise_last("f-string expression part cannot include '#'");
      } else if (parens.empty() &&
                 (ch == '!' || ch == ':' || ch == '}' || ch == '=' || ch == '>' || ch == '<')) {
        if (pos + 1 < end) {
          char next = text[pos + 1];
          if ((ch == '!' && next == '=') || (ch == '=' && next == '=') ||
              (ch == '<' && next == '=') || (ch == '>' && next == '=')) {
            pos++;
            continue;
          }
        }
        if (ch == '>' || ch == '<') continue;
        break;
      } else if (ch == ']' || ch == '}' || ch == ')') {
        if (parens.empty()) p_.raise_last(std::string("f-string: unmatched '") + ch + "'");
        char opening = parens.back();
        parens.pop_back();
        if (!((opening == '(' && ch == ')') || (opening == '[' && ch == ']') ||
              (opening == '{' && ch == '}')))
          p_.raise_last(std::string("f-string: closing parenthesis '") + ch +
                        "' does not match opening parenthesis '" + opening + "'");
      }
    }
    size_t expr_end = pos;
    if (quote_char) p_.raise_last("f-string: unterminated string");
    if (!parens.empty()) p_.raise_last(std::string("f-string: unmatched '") + parens.back() + "'");
    if (pos >= end) p_.raise_last("f-string: expecting '}'");

    ExprPtr value = parse_fstring_field(p_, t, text, brace, expr_start, expr_end);

    int conversion = -1;
    bool self_documenting = false;
    if (text[pos] == '=') {
      pos++;
      while (pos < end && (text[pos] == ' ' || text[pos] == '\t' || text[pos] == '\n' ||
                           text[pos] == '\r' || text[pos] == '\f' || text[pos] == '\v'))
        pos++;
      if (pos >= end) p_.raise_last("f-string: expecting '}'");
      expr_text = std::string(text.substr(expr_start, pos - expr_start));
      self_documenting = true;
    }
    if (text[pos] == '!') {
      pos++;
      if (pos >= end) p_.raise_last("f-string: expecting '}'");
      conversion = static_cast<unsigned char>(text[pos]);
      pos++;
      if (!(conversion == 's' || conversion == 'r' || conversion == 'a'))
        p_.raise_last("f-string: invalid conversion character: expected 's', 'r', or 'a'");
    }
    ExprPtr format_spec;
    if (pos < end && text[pos] == ':') {
      pos++;
      if (pos >= end) p_.raise_last("f-string: expecting '}'");
      // fstring_parse: a nested f-string whose JoinedStr spans this token.
      std::string saved = std::move(last_str_);
      last_str_.clear();
      ExprList spec_values;
      concat_fstring(t, text, pos, end, raw, recurse_lvl + 1, spec_values);
      Span tsp = span_of(t);
      format_spec = finish(tsp, spec_values, true);
      last_str_ = std::move(saved);
    }
    if (pos >= end || text[pos] != '}') p_.raise_last("f-string: expecting '}'");
    pos++;
    if (self_documenting && !format_spec && conversion == -1) conversion = 'r';
    auto fv = std::make_unique<FormattedValue>();
    fv->value = std::move(value);
    fv->conversion = conversion;
    fv->format_spec = std::move(format_spec);
    fv->span = all();
    return fv;
  }

  static Span span_of(const Token& t) { return {t.lineno, t.col, t.end_lineno, t.end_col}; }
};

// Compiles one replacement field: CPython parses "(" + expr + ")" with a
// parser of its own, shifting positions to where the expression sits in the
// file (fstring_find_expr_location).
ExprPtr parse_fstring_field(Parser& outer, const Token& t, std::string_view text, size_t brace,
                            size_t expr_begin, size_t expr_end) {
  size_t s = expr_begin;
  while (s < expr_end && (text[s] == ' ' || text[s] == '\t' || text[s] == '\n' || text[s] == '\f'))
    s++;
  if (s == expr_end) {
    char c = text[expr_end];
    if (c == '!' || c == ':' || c == '=')
      outer.raise_last(std::string("f-string: expression required before '") + c + "'");
    outer.raise_last("f-string: empty expression not allowed");
  }
  int lines = 0;
  for (size_t i = 0; i < brace; i++)
    if (text[i] == '\n') lines++;
  bool newline_after_brace = true;
  for (size_t i = brace + 1; i < text.size() && text[i] != '}' && text[i] != '\n'; i++) {
    if (text[i] != ' ' && text[i] != '\t' && text[i] != '\f') {
      newline_after_brace = false;
      break;
    }
  }
  int cols = 0;
  if (!newline_after_brace) {
    size_t i = brace;
    while (i > 0 && text[i] != '\n') i--;
    cols = static_cast<int>(brace - i);
    if (text[i] == '\n') cols -= 1;
  }
  LexOptions options;
  options.fstring_expr = true;
  options.first_lineno = t.lineno + lines;
  options.first_line_col = (lines != 0 ? 0 : t.col) + cols;
  std::string sub = "(" + std::string(text.substr(expr_begin, expr_end - expr_begin)) + ")";
  TokenizedSource src = tokenize(sub, outer.src_.filename, options);
  Parser inner(src, outer.depth_, true);
  try {
    return inner.fstring_expression();
  } catch (ParseError& e) {
    // Whatever went wrong inside is a parser error for the enclosing file.
    e.from_lexer = false;
    e.in_chars = true;
    throw;
  }
}

ExprPtr Parser::strings() {
  size_t first = pos_;
  while (is(TokenKind::String)) advance();
  // CPython has read the token after the strings before decoding them; its
  // errors are reported there.
  cur();
  StringParser sp(*this, first, pos_ - 1);
  return sp.parse();
}

// ---- checks CPython's symbol table makes ------------------------------------

void check_duplicate_arguments(const arguments& a, const TokenizedSource& src) {
  std::unordered_set<std::string> seen;
  auto check = [&](const arg& x) {
    if (!seen.insert(x.arg).second) {
      SyntaxErrorInfo e;
      e.filename = src.filename;
      e.msg = "duplicate argument '" + x.arg + "' in function definition";
      e.lineno = x.span.lineno;
      e.offset = x.span.col_offset + 1;
      e.end_lineno = x.span.end_lineno;
      e.end_offset = x.span.end_col_offset + 1;
      e.text = src.error_text(x.span.lineno);
      throw e;
    }
  };
  for (auto& x : a.posonlyargs) check(x);
  for (auto& x : a.args) check(x);
  if (a.vararg) check(*a.vararg);
  for (auto& x : a.kwonlyargs) check(x);
  if (a.kwarg) check(*a.kwarg);
}

void check_expr(const Expr* e, const TokenizedSource& src);

void check_exprs(const ExprList& list, const TokenizedSource& src) {
  for (auto& e : list) check_expr(e.get(), src);
}

void check_arguments_defaults(const arguments& a, const TokenizedSource& src) {
  check_exprs(a.defaults, src);
  check_exprs(a.kw_defaults, src);
}

void check_comprehensions(const std::vector<comprehension>& gens, const TokenizedSource& src) {
  for (auto& g : gens) {
    check_expr(g.iter.get(), src);
    check_expr(g.target.get(), src);
    check_exprs(g.ifs, src);
  }
}

// Visits expressions in CPython's symbol-table order (depth bounded by the
// parser's nesting limit).
void check_expr(const Expr* e, const TokenizedSource& src) {
  if (!e) return;
  switch (e->kind) {
  case ExprKind::BoolOp: check_exprs(as<BoolOp>(*e).values, src); break;
  case ExprKind::NamedExpr:
    check_expr(as<NamedExpr>(*e).value.get(), src);
    check_expr(as<NamedExpr>(*e).target.get(), src);
    break;
  case ExprKind::BinOp:
    check_expr(as<BinOp>(*e).left.get(), src);
    check_expr(as<BinOp>(*e).right.get(), src);
    break;
  case ExprKind::UnaryOp: check_expr(as<UnaryOp>(*e).operand.get(), src); break;
  case ExprKind::Lambda: {
    auto& l = as<Lambda>(*e);
    check_arguments_defaults(l.args, src);
    check_duplicate_arguments(l.args, src);
    check_expr(l.body.get(), src);
    break;
  }
  case ExprKind::IfExp:
    check_expr(as<IfExp>(*e).test.get(), src);
    check_expr(as<IfExp>(*e).body.get(), src);
    check_expr(as<IfExp>(*e).orelse.get(), src);
    break;
  case ExprKind::Dict:
    check_exprs(as<Dict>(*e).keys, src);
    check_exprs(as<Dict>(*e).values, src);
    break;
  case ExprKind::Set: check_exprs(as<Set>(*e).elts, src); break;
  case ExprKind::ListComp:
    check_comprehensions(as<ListComp>(*e).generators, src);
    check_expr(as<ListComp>(*e).elt.get(), src);
    break;
  case ExprKind::SetComp:
    check_comprehensions(as<SetComp>(*e).generators, src);
    check_expr(as<SetComp>(*e).elt.get(), src);
    break;
  case ExprKind::DictComp:
    check_comprehensions(as<DictComp>(*e).generators, src);
    check_expr(as<DictComp>(*e).key.get(), src);
    check_expr(as<DictComp>(*e).value.get(), src);
    break;
  case ExprKind::GeneratorExp:
    check_comprehensions(as<GeneratorExp>(*e).generators, src);
    check_expr(as<GeneratorExp>(*e).elt.get(), src);
    break;
  case ExprKind::Yield: check_expr(as<Yield>(*e).value.get(), src); break;
  case ExprKind::YieldFrom: check_expr(as<YieldFrom>(*e).value.get(), src); break;
  case ExprKind::Compare:
    check_expr(as<Compare>(*e).left.get(), src);
    check_exprs(as<Compare>(*e).comparators, src);
    break;
  case ExprKind::Call:
    check_expr(as<Call>(*e).func.get(), src);
    check_exprs(as<Call>(*e).args, src);
    for (auto& kw : as<Call>(*e).keywords) check_expr(kw.value.get(), src);
    break;
  case ExprKind::FormattedValue:
    check_expr(as<FormattedValue>(*e).value.get(), src);
    check_expr(as<FormattedValue>(*e).format_spec.get(), src);
    break;
  case ExprKind::JoinedStr: check_exprs(as<JoinedStr>(*e).values, src); break;
  case ExprKind::Attribute: check_expr(as<Attribute>(*e).value.get(), src); break;
  case ExprKind::Subscript:
    check_expr(as<Subscript>(*e).value.get(), src);
    check_expr(as<Subscript>(*e).slice.get(), src);
    break;
  case ExprKind::Starred: check_expr(as<Starred>(*e).value.get(), src); break;
  case ExprKind::List: check_exprs(as<List>(*e).elts, src); break;
  case ExprKind::Tuple: check_exprs(as<Tuple>(*e).elts, src); break;
  case ExprKind::Slice:
    check_expr(as<Slice>(*e).lower.get(), src);
    check_expr(as<Slice>(*e).upper.get(), src);
    check_expr(as<Slice>(*e).step.get(), src);
    break;
  case ExprKind::Constant:
  case ExprKind::Name: break;
  }
}

void check_stmts(const StmtList& list, const TokenizedSource& src);

void check_stmt(const Stmt& s, const TokenizedSource& src) {
  switch (s.kind) {
  case StmtKind::FunctionDef: {
    auto& f = as<FunctionDef>(s);
    check_exprs(f.decorator_list, src);
    check_arguments_defaults(f.args, src);
    check_duplicate_arguments(f.args, src);
    check_stmts(f.body, src);
    break;
  }
  case StmtKind::ClassDef: {
    auto& c = as<ClassDef>(s);
    check_exprs(c.decorator_list, src);
    check_exprs(c.bases, src);
    for (auto& kw : c.keywords) check_expr(kw.value.get(), src);
    check_stmts(c.body, src);
    break;
  }
  case StmtKind::Return: check_expr(as<Return>(s).value.get(), src); break;
  case StmtKind::Delete: check_exprs(as<Delete>(s).targets, src); break;
  case StmtKind::Assign:
    check_expr(as<Assign>(s).value.get(), src);
    check_exprs(as<Assign>(s).targets, src);
    break;
  case StmtKind::AugAssign:
    check_expr(as<AugAssign>(s).target.get(), src);
    check_expr(as<AugAssign>(s).value.get(), src);
    break;
  case StmtKind::AnnAssign:
    check_expr(as<AnnAssign>(s).target.get(), src);
    check_expr(as<AnnAssign>(s).annotation.get(), src);
    check_expr(as<AnnAssign>(s).value.get(), src);
    break;
  case StmtKind::For:
    check_expr(as<For>(s).target.get(), src);
    check_expr(as<For>(s).iter.get(), src);
    check_stmts(as<For>(s).body, src);
    check_stmts(as<For>(s).orelse, src);
    break;
  case StmtKind::While:
    check_expr(as<While>(s).test.get(), src);
    check_stmts(as<While>(s).body, src);
    check_stmts(as<While>(s).orelse, src);
    break;
  case StmtKind::If:
    check_expr(as<If>(s).test.get(), src);
    check_stmts(as<If>(s).body, src);
    check_stmts(as<If>(s).orelse, src);
    break;
  case StmtKind::With:
    for (auto& item : as<With>(s).items) {
      check_expr(item.context_expr.get(), src);
      check_expr(item.optional_vars.get(), src);
    }
    check_stmts(as<With>(s).body, src);
    break;
  case StmtKind::Raise:
    check_expr(as<Raise>(s).exc.get(), src);
    check_expr(as<Raise>(s).cause.get(), src);
    break;
  case StmtKind::Try:
    check_stmts(as<Try>(s).body, src);
    for (auto& h : as<Try>(s).handlers) {
      check_expr(h.type.get(), src);
      check_stmts(h.body, src);
    }
    check_stmts(as<Try>(s).orelse, src);
    check_stmts(as<Try>(s).finalbody, src);
    break;
  case StmtKind::Assert:
    check_expr(as<Assert>(s).test.get(), src);
    check_expr(as<Assert>(s).msg.get(), src);
    break;
  case StmtKind::Expr: check_expr(as<Expr_>(s).value.get(), src); break;
  default: break;
  }
}

void check_stmts(const StmtList& list, const TokenizedSource& src) {
  for (auto& s : list) check_stmt(*s, src);
}

} // namespace

ast::Module parse_module(std::string_view source, const std::string& filename) {
  TokenizedSource src = tokenize(source, filename);
  Parser parser(src, 0, false);
  ast::Module module;
  try {
    module = parser.file();
  } catch (ParseError& e) {
    if (!e.from_lexer && !e.no_override && src.tokens.back().kind == TokenKind::Error) {
      // CPython tokenizes the rest of the file after a parser error: a
      // tokenizer error found there wins, and an unclosed bracket wins over
      // an error reported on a later line.
      if (src.error_overrides_generic) {
        e.info = src.error;
      } else if (src.error_is_unclosed_bracket) {
        int err_line = src.tokens[parser.furthest()].lineno;
        if (err_line > src.error.lineno) e.info = src.error;
      }
      e.info.filename = filename;
      e.in_chars = src.error_offsets_in_chars;
    }
    if (src.encoding_declared && !e.in_chars) {
      // _PyPegen_byte_offset_to_character_offset on the file's line.
      auto to_chars = [&](int offset) {
        std::string_view line = e.info.text;
        size_t n = std::min<size_t>(offset, line.size() + 1);
        return utf8_length(line.substr(0, std::min(n, line.size()))) + (n > line.size() ? 1 : 0);
      };
      if (e.info.offset >= 0) e.info.offset = to_chars(e.info.offset);
      if (e.info.end_offset > 0) e.info.end_offset = to_chars(e.info.end_offset);
    }
    throw e.info;
  }
  check_stmts(module.body, src);
  return module;
}

} // namespace refc::lang

// The parser's statement rules: simple statements (expression statements,
// the assignments and their target checks, del, import, ...), blocks and
// the compound statements, and the targets of for and with.
#include "reference_compiler/lang/parser_internal.h"

namespace refc::lang::parsing {

void Parser::statement(StmtList& out) {
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
void Parser::check_match_statement() {
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

void Parser::simple_stmts(StmtList& out) {
  for (;;) {
    out.push_back(simple_stmt());
    if (!accept(TokenKind::Semi)) break;
    if (is(TokenKind::Newline)) break;
  }
  expect(TokenKind::Newline);
}

StmtPtr Parser::simple_stmt() {
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

StmtPtr Parser::del_stmt() {
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

std::string Parser::dotted_name() {
  std::string name(text(expect(TokenKind::Name)));
  while (is(TokenKind::Dot)) {
    advance();
    name += '.';
    name += text(expect(TokenKind::Name));
  }
  return name;
}

StmtPtr Parser::import_name() {
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

StmtPtr Parser::import_from() {
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
StmtPtr Parser::expression_statement() {
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

bool Parser::parenthesized(size_t start, const Expr& e) const {
  return t_[start].kind == TokenKind::LPar &&
         (e.span.lineno != t_[start].lineno || e.span.col_offset != t_[start].col);
}

StmtPtr Parser::annotated_assignment(size_t start, ExprPtr target, const ElementsInfo& info) {
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

bool Parser::valid_star_target(const Expr& e) { return !invalid_target(&e, TargetsType::Star); }

// Is `e`, parsed from token `start`, something CPython's bitwise_or rule
// matches in full (an operand-level expression)?
bool Parser::bitwise_level(size_t start, const Expr& e) const {
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
bool Parser::starts_with_excluded_atom(size_t start, const Expr& e) const {
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
void Parser::check_named_expression_equal(size_t start, const Expr& e) {
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

StmtPtr Parser::assignment(size_t start, ExprPtr first, const ElementsInfo& info) {
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

// block: NEWLINE INDENT statements DEDENT | simple_stmts. `what` names the
// statement for "expected an indented block after ...".
StmtList Parser::block(const std::string& what, int line) {
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
void Parser::block_colon() {
  if (accept(TokenKind::Colon)) return;
  if (is(TokenKind::Newline)) raise_last("expected ':'");
  fail();
}

StmtPtr Parser::decorated() {
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

StmtPtr Parser::function_def(ExprList decorators, size_t start) {
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

StmtPtr Parser::class_def(ExprList decorators, size_t start) {
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

StmtPtr Parser::if_stmt() {
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

StmtList Parser::else_block() {
  const Token& kw = advance();
  expect_forced(TokenKind::Colon);
  return block("'else' statement", kw.lineno);
}

StmtPtr Parser::while_stmt() {
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

StmtPtr Parser::for_stmt() {
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

StmtPtr Parser::try_stmt() {
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

ExceptHandler Parser::except_block() {
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

StmtPtr Parser::with_stmt() {
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

withitem Parser::with_item() {
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

// star_target: ['*'] target, read as an operand-level expression.
ExprPtr Parser::star_target() {
  size_t start = pos_;
  if (accept(TokenKind::Star)) return starred(start, star_target());
  return bitwise_or();
}

// The target of `for ... in`: star_targets, which must stop before `in`.
ExprPtr Parser::for_target() {
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

} // namespace refc::lang::parsing

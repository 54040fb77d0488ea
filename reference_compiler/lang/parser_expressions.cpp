// The parser's expression rules, loosest binding first: starred and named
// expressions, lambda and its parameters (shared with def), the boolean,
// comparison and binary operator levels, unary prefixes and powers,
// primaries (attributes, subscripts, calls) and comprehension clauses.
#include "reference_compiler/lang/parser_internal.h"

namespace refc::lang::parsing {

arg Parser::param(bool lambda) {
  size_t start = pos_;
  arg a;
  a.arg = std::string(text(expect(TokenKind::Name)));
  if (!lambda && accept(TokenKind::Colon)) a.annotation = expression();
  a.span = span_from(start);
  return a;
}

// Parameters up to (not including) ')' for def or ':' for lambda.
arguments Parser::parameters(bool lambda) {
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
            a.annotation = starred(as, expression()); // def f(*args: *Ts)
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
void Parser::parenthesized_parameters(bool lambda) {
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

ExprPtr Parser::star_expressions(ElementsInfo* info) {
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

// A Starred node from token `start` (its '*') over `value`, parsed just now.
ExprPtr Parser::starred(size_t start, ExprPtr value) {
  auto n = mk<Starred>(start);
  n->value = std::move(value);
  return n;
}

ExprPtr Parser::star_expression() {
  size_t start = pos_;
  if (accept(TokenKind::Star)) return starred(start, bitwise_or());
  return expression();
}

ExprPtr Parser::star_named_expression() {
  size_t start = pos_;
  if (accept(TokenKind::Star)) return starred(start, bitwise_or());
  return named_expression();
}

ExprPtr Parser::walrus() {
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

ExprPtr Parser::named_expression() {
  size_t start = pos_;
  if (is(TokenKind::Name) && k(1) == TokenKind::ColonEqual) return walrus();
  ExprPtr e = expression();
  if (is(TokenKind::ColonEqual))
    raise_node(*e, std::string("cannot use assignment expressions with ") + expr_name(*e));
  if (is(TokenKind::Equal) && !speculating_) check_named_expression_equal(start, *e);
  return e;
}

ExprPtr Parser::expression() {
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
void Parser::check_juxtaposed(size_t start, const Expr& a) {
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

ExprPtr Parser::lambdef() {
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

ExprPtr Parser::disjunction() { return bool_chain(TokenKind::KwOr); }

ExprPtr Parser::bool_chain(TokenKind op) {
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

ExprPtr Parser::inversion() {
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

std::optional<CmpOpKind> Parser::comparison_op() {
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

ExprPtr Parser::comparison() {
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
std::optional<OperatorKind> Parser::binary_op(int level) {
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

ExprPtr Parser::bitwise_or() { return binary(0); }

ExprPtr Parser::binary(int level) {
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

void Parser::unary_prefixes(std::vector<Prefix>& out, ChainScope& chain) {
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

ExprPtr Parser::wrap_prefixes(ExprPtr e, const std::vector<Prefix>& prefixes) {
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
ExprPtr Parser::factor() {
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

ExprPtr Parser::primary() {
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

ExprPtr Parser::slices() {
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

ExprPtr Parser::slice_item() {
  size_t start = pos_;
  if (accept(TokenKind::Star)) return starred(start, expression());
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
const Expr& Parser::last_comprehension_item(const std::vector<comprehension>& gens) {
  const comprehension& c = gens.back();
  return c.ifs.empty() ? *c.iter : *c.ifs.back();
}

// Arguments after '(' up to and including ')'. `open` is the '(' of a
// call (null for a class's bases): a lone generator expression argument
// spans the call's parentheses.
void Parser::call_arguments(ExprList& args, std::vector<keyword>& keywords, const size_t* open) {
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
        args.push_back(starred(s, expression()));
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

std::vector<comprehension> Parser::for_if_clauses() {
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
bool Parser::at_comprehension() {
  if (is(TokenKind::KwAsync) && k(1) == TokenKind::KwFor) unsupported(cur(), "'async' is");
  return is(TokenKind::KwFor);
}

} // namespace refc::lang::parsing

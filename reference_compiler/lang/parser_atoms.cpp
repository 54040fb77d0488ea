// The parser's atoms: names, constants and numbers, and the bracketed
// displays (parentheses, tuples, generator expressions, lists, sets, dicts
// and their comprehensions), and yield expressions.
#include "reference_compiler/lang/parser_internal.h"

#include "reference_compiler/lang/int_digit_limit.h"

#include <cerrno>
#include <charconv>
#include <clocale>
#include <cstdlib>
#include <locale.h>

namespace refc::lang::parsing {

namespace {

locale_t c_locale() {
  static locale_t loc = newlocale(LC_ALL_MASK, "C", static_cast<locale_t>(nullptr));
  return loc;
}

} // namespace

ExprPtr Parser::atom() {
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

ExprPtr Parser::number() {
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
  if (res.ec == std::errc() && v <= static_cast<uint64_t>(INT64_MAX)) {
    n->value = static_cast<int64_t>(v);
    return n;
  }
  std::string body = s.substr(digits);
  // CPython 3.11 checks the str -> int digit limit on decimal literals too.
  int64_t limit = int_max_str_digits();
  if (base == 10 && limit > 0 && static_cast<int64_t>(body.size()) > limit)
    raise_token(t, "Exceeds the limit (" + std::to_string(limit) +
                       " digits) for integer string conversion: value has " + std::to_string(body.size()) +
                       " digits; use sys.set_int_max_str_digits() to increase the limit - Consider "
                       "hexadecimal for huge integer literals to avoid decimal conversion limits.");
  n->value = BigIntLiteral{std::move(body), base};
  return n;
}

// A list, set or generator comprehension after its element, at `for`.
template <class Comprehension>
ExprPtr Parser::comprehension_rest(size_t start, ExprPtr elt, TokenKind closer) {
  std::vector<comprehension> gens = for_if_clauses();
  expect(closer);
  auto n = mk<Comprehension>(start);
  n->elt = std::move(elt);
  n->generators = std::move(gens);
  return n;
}

ExprPtr Parser::paren_atom() {
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
    return comprehension_rest<GeneratorExp>(start, std::move(first), TokenKind::RPar);
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
void Parser::check_comprehension_after_elements(const ExprList& elts, const Token* trailing_comma) {
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

// The rest of a list or set display after its first element (parsed from
// token `first_start`): a comprehension, or more elements up to `closer`.
template <class Comprehension, class Display>
ExprPtr Parser::display_rest(size_t start, size_t first_start, ExprPtr first, TokenKind closer) {
  if (at_comprehension()) {
    if (first->kind == ExprKind::Starred && t_[first_start].kind == TokenKind::Star)
      raise_node(*first, "iterable unpacking cannot be used in comprehension");
    return comprehension_rest<Comprehension>(start, std::move(first), closer);
  }
  ExprList elts;
  elts.push_back(std::move(first));
  const Token* trailing = nullptr;
  while (is(TokenKind::Comma)) {
    trailing = &advance();
    if (is(closer) || at_comprehension()) break;
    trailing = nullptr;
    elts.push_back(star_named_expression());
  }
  check_comprehension_after_elements(elts, trailing);
  expect(closer);
  auto n = mk<Display>(start);
  n->elts = std::move(elts);
  return n;
}

ExprPtr Parser::list_atom() {
  size_t start = pos_;
  advance();
  if (accept(TokenKind::RSqb)) return mk<List>(start);
  size_t first_start = pos_;
  ExprPtr first = star_named_expression();
  return display_rest<ListComp, List>(start, first_start, std::move(first), TokenKind::RSqb);
}

ExprPtr Parser::brace_atom() {
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
  return display_rest<SetComp, Set>(start, first_start, std::move(first), TokenKind::RBrace);
}

// After a dictionary key, at ':'.
ExprPtr Parser::dict_value() {
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

ExprPtr Parser::dict_rest(size_t start, ExprPtr key, ExprPtr value) {
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

ExprPtr Parser::yield_expr() {
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

} // namespace refc::lang::parsing

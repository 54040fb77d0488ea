// The tokenizer's literal and operator scanning: numbers (decimal, hex,
// octal and binary integers, floats and exponents, underscores, the checks
// CPython makes on what follows a number), the delimiting of string
// literals (decoded later by the parser) and the operator tables.
#include "reference_compiler/lang/lexer_internal.h"

#include <string>

namespace refc::lang::lexing {


// CPython's verify_end_of_number: a number directly followed by a keyword
// that may legally follow it ("1if x else y") is accepted; followed by any
// other identifier character it is an error.
void Lexer::verify_end_of_number(int c, const char* kind) {
  auto lookahead = [&](const char* rest) {
    size_t save = pos_;
    bool ok = true;
    for (const char* p = rest; *p; p++) {
      if (nextc() != *p) {
        ok = false;
        break;
      }
    }
    // CPython's lookahead also requires the keyword to end there.
    if (ok) {
      int after = nextc();
      ok = !is_ident_byte(after);
    }
    pos_ = save;
    return ok;
  };
  bool r = false;
  if (c == 'a')
    r = lookahead("nd");
  else if (c == 'e')
    r = lookahead("lse");
  else if (c == 'f')
    r = lookahead("or");
  else if (c == 'i') {
    int c2 = nextc();
    r = c2 == 'f' || c2 == 'n' || c2 == 's';
    backup(c2);
  } else if (c == 'o')
    r = lookahead("r");
  else if (c == 'n')
    r = lookahead("ot");
  if (r) return;
  if (is_ident_byte(c)) {
    backup(c);
    syntax_error(std::string("invalid ") + kind + " literal");
  }
}

// Returns the first character after the digits, or throws.
int Lexer::decimal_tail() {
  int c;
  for (;;) {
    do {
      c = nextc();
    } while (is_digit(c));
    if (c != '_') break;
    c = nextc();
    if (!is_digit(c)) {
      backup(c);
      syntax_error("invalid decimal literal");
    }
  }
  return c;
}

Token Lexer::finish_number(int c) {
  backup(c);
  return make(TokenKind::Number, tok_start_, pos_);
}

Token Lexer::number_fraction(int c) {
  // c is the first digit after the point.
  if (is_digit(c)) c = decimal_tail();
  if (c == 'e' || c == 'E') return number_exponent(c);
  if (c == 'j' || c == 'J') return number_imaginary();
  verify_end_of_number(c, "decimal");
  return finish_number(c);
}

Token Lexer::number_exponent(int e) {
  int c = nextc();
  if (c == '+' || c == '-') {
    c = nextc();
    if (!is_digit(c)) {
      backup(c);
      syntax_error("invalid decimal literal");
    }
  } else if (!is_digit(c)) {
    backup(c);
    verify_end_of_number(e, "decimal");
    backup(e);
    return make(TokenKind::Number, tok_start_, pos_);
  }
  c = decimal_tail();
  if (c == 'j' || c == 'J') return number_imaginary();
  verify_end_of_number(c, "decimal");
  return finish_number(c);
}

Token Lexer::number_imaginary() {
  int c = nextc();
  verify_end_of_number(c, "imaginary");
  return finish_number(c);
}

Token Lexer::number_token(int c) {
  if (c == '0') {
    c = nextc();
    if (c == 'x' || c == 'X') {
      c = nextc();
      do {
        if (c == '_') c = nextc();
        if (!is_xdigit(c)) {
          backup(c);
          syntax_error("invalid hexadecimal literal");
        }
        do {
          c = nextc();
        } while (is_xdigit(c));
      } while (c == '_');
      verify_end_of_number(c, "hexadecimal");
      return finish_number(c);
    }
    if (c == 'o' || c == 'O' || c == 'b' || c == 'B') {
      bool octal = c == 'o' || c == 'O';
      const char* kind = octal ? "octal" : "binary";
      auto in_base = [&](int d) { return octal ? (d >= '0' && d < '8') : (d == '0' || d == '1'); };
      c = nextc();
      do {
        if (c == '_') c = nextc();
        if (!in_base(c)) {
          if (is_digit(c))
            syntax_error(std::string("invalid digit '") + static_cast<char>(c) + "' in " + kind +
                         " literal");
          backup(c);
          syntax_error(std::string("invalid ") + kind + " literal");
        }
        do {
          c = nextc();
        } while (in_base(c));
      } while (c == '_');
      if (is_digit(c))
        syntax_error(std::string("invalid digit '") + static_cast<char>(c) + "' in " + kind +
                     " literal");
      verify_end_of_number(c, kind);
      return finish_number(c);
    }
    // Zeros, possibly an old-style octal (now an error) or a float.
    bool nonzero = false;
    for (;;) {
      if (c == '_') {
        c = nextc();
        if (!is_digit(c)) {
          backup(c);
          syntax_error("invalid decimal literal");
        }
      }
      if (c != '0') break;
      c = nextc();
    }
    size_t zeros_end = pos_;
    if (is_digit(c)) {
      nonzero = true;
      c = decimal_tail();
    }
    if (c == '.') return number_fraction(nextc());
    if (c == 'e' || c == 'E') return number_exponent(c);
    if (c == 'j' || c == 'J') return number_imaginary();
    if (nonzero) {
      backup(c);
      syntax_error_at("leading zeros in decimal integer literals are not permitted; use an 0o "
                      "prefix for octal integers",
                      col_of(tok_start_, line_start_) + 1, col_of(zeros_end, line_start_));
    }
    verify_end_of_number(c, "decimal");
    return finish_number(c);
  }
  c = decimal_tail();
  if (c == '.') return number_fraction(nextc());
  if (c == 'e' || c == 'E') return number_exponent(c);
  if (c == 'j' || c == 'J') return number_imaginary();
  verify_end_of_number(c, "decimal");
  return finish_number(c);
}

Token Lexer::string_token(int quote) {
  int first_lineno = lineno_;
  size_t multi_line_start = line_start_;
  int quote_size = 1, end_quote_size = 0;
  int c = nextc();
  if (c == quote) {
    c = nextc();
    if (c == quote)
      quote_size = 3;
    else
      end_quote_size = 1; // empty string
  }
  if (c != quote) backup(c);
  while (end_quote_size != quote_size) {
    c = nextc();
    if (c == kEof || (quote_size == 1 && c == '\n')) {
      // Reported from the token's first character, on its first line.
      int detected = lineno_;
      pos_ = tok_start_ + 1;
      line_start_ = multi_line_start;
      lineno_ = first_lineno;
      syntax_error(std::string(quote_size == 3 ? "unterminated triple-quoted string literal"
                                               : "unterminated string literal") +
                   " (detected at line " + std::to_string(mapped_line(detected)) + ")");
    }
    if (c == quote) {
      end_quote_size++;
    } else {
      end_quote_size = 0;
      if (c == '\\') nextc();
    }
  }
  return make(TokenKind::String, tok_start_, pos_);
}

TokenKind Lexer::one_char(int c) {
  switch (c) {
  case '(': return TokenKind::LPar;
  case ')': return TokenKind::RPar;
  case '[': return TokenKind::LSqb;
  case ']': return TokenKind::RSqb;
  case '{': return TokenKind::LBrace;
  case '}': return TokenKind::RBrace;
  case ':': return TokenKind::Colon;
  case ',': return TokenKind::Comma;
  case ';': return TokenKind::Semi;
  case '+': return TokenKind::Plus;
  case '-': return TokenKind::Minus;
  case '*': return TokenKind::Star;
  case '/': return TokenKind::Slash;
  case '|': return TokenKind::VBar;
  case '&': return TokenKind::Amper;
  case '<': return TokenKind::Less;
  case '>': return TokenKind::Greater;
  case '=': return TokenKind::Equal;
  case '.': return TokenKind::Dot;
  case '%': return TokenKind::Percent;
  case '~': return TokenKind::Tilde;
  case '^': return TokenKind::Circumflex;
  case '@': return TokenKind::At;
  default: return TokenKind::OtherOp;
  }
}

TokenKind Lexer::two_char(int c1, int c2) {
  switch (c1) {
  case '!': return c2 == '=' ? TokenKind::NotEqual : TokenKind::OtherOp;
  case '%': return c2 == '=' ? TokenKind::PercentEqual : TokenKind::OtherOp;
  case '&': return c2 == '=' ? TokenKind::AmperEqual : TokenKind::OtherOp;
  case '*':
    return c2 == '*' ? TokenKind::DoubleStar : c2 == '=' ? TokenKind::StarEqual : TokenKind::OtherOp;
  case '+': return c2 == '=' ? TokenKind::PlusEqual : TokenKind::OtherOp;
  case '-':
    return c2 == '=' ? TokenKind::MinEqual : c2 == '>' ? TokenKind::RArrow : TokenKind::OtherOp;
  case '/':
    return c2 == '/' ? TokenKind::DoubleSlash : c2 == '=' ? TokenKind::SlashEqual : TokenKind::OtherOp;
  case ':': return c2 == '=' ? TokenKind::ColonEqual : TokenKind::OtherOp;
  case '<':
    return c2 == '<' ? TokenKind::LeftShift : c2 == '=' ? TokenKind::LessEqual : TokenKind::OtherOp;
  case '=': return c2 == '=' ? TokenKind::EqEqual : TokenKind::OtherOp;
  case '>':
    return c2 == '=' ? TokenKind::GreaterEqual : c2 == '>' ? TokenKind::RightShift : TokenKind::OtherOp;
  case '@': return c2 == '=' ? TokenKind::AtEqual : TokenKind::OtherOp;
  case '^': return c2 == '=' ? TokenKind::CircumflexEqual : TokenKind::OtherOp;
  case '|': return c2 == '=' ? TokenKind::VBarEqual : TokenKind::OtherOp;
  default: return TokenKind::OtherOp;
  }
}

TokenKind Lexer::three_char(int c1, int c2, int c3) {
  if (c3 != '=') return TokenKind::OtherOp;
  if (c1 == '*' && c2 == '*') return TokenKind::DoubleStarEqual;
  if (c1 == '/' && c2 == '/') return TokenKind::DoubleSlashEqual;
  if (c1 == '<' && c2 == '<') return TokenKind::LeftShiftEqual;
  if (c1 == '>' && c2 == '>') return TokenKind::RightShiftEqual;
  return TokenKind::OtherOp;
}

} // namespace refc::lang::lexing

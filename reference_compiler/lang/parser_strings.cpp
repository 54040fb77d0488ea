// The parser's string literals: escape decoding, the concatenation of
// adjacent literals, and f-strings, whose replacement fields are parsed by a
// parser of their own over the field's text (as CPython does).
#include "reference_compiler/lang/parser_internal.h"

namespace refc::lang::parsing {

namespace {


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

// CPython's _PyBytes_DecodeEscape for a bytes literal's body (ASCII, checked
// by the caller): the str escapes except \u, \U and \N, which stay as
// written; octal escapes keep their low eight bits. Returns false with
// `error` set on a bad \x escape.
bool decode_bytes_escapes(std::string_view body, std::string& out, std::string& error) {
  auto hex = [](char h) {
    if (h >= '0' && h <= '9') return h - '0';
    if (h >= 'a' && h <= 'f') return h - 'a' + 10;
    if (h >= 'A' && h <= 'F') return h - 'A' + 10;
    return -1;
  };
  for (size_t s = 0; s < body.size();) {
    char c = body[s++];
    if (c != '\\' || s >= body.size()) {
      out += c;
      continue;
    }
    size_t escape_at = s - 1;
    c = body[s++];
    switch (c) {
    case '\n': break;
    case '\\': out += '\\'; break;
    case '\'': out += '\''; break;
    case '"': out += '"'; break;
    case 'b': out += '\b'; break;
    case 'f': out += '\f'; break;
    case 't': out += '\t'; break;
    case 'n': out += '\n'; break;
    case 'r': out += '\r'; break;
    case 'v': out += '\v'; break;
    case 'a': out += '\a'; break;
    case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7': {
      unsigned x = c - '0';
      for (int k = 0; k < 2 && s < body.size() && body[s] >= '0' && body[s] <= '7'; ++k)
        x = (x << 3) + (body[s++] - '0');
      out += static_cast<char>(x & 0xFF);
      break;
    }
    case 'x': {
      int hi = s < body.size() ? hex(body[s]) : -1;
      int lo = s + 1 < body.size() ? hex(body[s + 1]) : -1;
      if (hi < 0 || lo < 0) {
        error = "(value error) invalid \\x escape at position " + std::to_string(escape_at);
        return false;
      }
      out += static_cast<char>(hi * 16 + lo);
      s += 2;
      break;
    }
    default:
      // Invalid escapes are kept as written (CPython only warns).
      out += '\\';
      out += c;
    }
  }
  return true;
}

} // namespace

// CPython's FstringParser: accumulates literal text and replacement fields
// of one implicitly concatenated string.
class StringParser {
public:
  StringParser(Parser& p, size_t first, size_t last) : p_(p), first_(first), last_(last) {}

  ExprPtr parse() {
    // Bytes and str literals do not concatenate (checked before any decoding).
    bool bytes = is_bytes_token(p_.t_[first_]);
    for (size_t i = first_ + 1; i <= last_; i++)
      if (is_bytes_token(p_.t_[i]) != bytes) p_.raise_last("cannot mix bytes and nonbytes literals");
    if (bytes) return bytes_literal();
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

  bool is_bytes_token(const Token& t) const {
    std::string_view text = p_.text(t);
    for (size_t q = 0; text[q] != '\'' && text[q] != '"'; q++)
      if ((text[q] | 0x20) == 'b') return true;
    return false;
  }

  // The concatenated value of bytes literals first_..last_.
  ExprPtr bytes_literal() {
    std::string data;
    for (size_t i = first_; i <= last_; i++) {
      const Token& t = p_.t_[i];
      std::string_view text = p_.text(t);
      size_t q = 0;
      bool raw = false;
      for (; text[q] != '\'' && text[q] != '"'; q++) raw |= (text[q] | 0x20) == 'r';
      size_t quote_size =
          text.size() - q >= 6 && text[q] == text[q + 1] && text[q] == text[q + 2] ? 3 : 1;
      std::string_view body = text.substr(q + quote_size, text.size() - q - 2 * quote_size);
      for (char c : body)
        if (static_cast<unsigned char>(c) >= 0x80)
          p_.raise_token(t, "bytes can only contain ASCII literal characters");
      if (raw) {
        data.append(body);
        continue;
      }
      std::string error;
      if (!decode_bytes_escapes(body, data, error)) p_.raise_last(error);
    }
    auto c = std::make_unique<Constant>();
    c->value = BytesLiteral{std::move(data)};
    c->span = all();
    return c;
  }

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
    bool raw = false, fstr = false;
    while (text[q] != '\'' && text[q] != '"') {
      char c = static_cast<char>(text[q] | 0x20);
      raw |= c == 'r';
      fstr |= c == 'f';
      q++;
    }
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


} // namespace refc::lang::parsing

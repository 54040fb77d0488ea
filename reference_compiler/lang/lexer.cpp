// The tokenizer, a transcription of CPython 3.11's Parser/tokenizer.c for
// UTF-8 files: it reads the text line by line (so error positions and
// "detected at line N" match), keeps the indentation and bracket stacks, and
// reports each error with CPython's message and location conventions.
//
// This file holds the token loop (indentation, brackets, names, comments
// and line joining), the UTF-8 utilities and tokenize() itself; the scanning
// of literals and operators is lexer_literals.cpp.
#include "reference_compiler/lang/lexer.h"

#include "reference_compiler/lang/lexer_internal.h"
#include "reference_compiler/lang/unicode_tables.h"

#include <cctype>
#include <cstdio>
#include <string>
#include <unordered_map>

namespace refc::lang {

std::string_view token_kind_spelling(TokenKind kind) {
  static constexpr std::string_view kSpellings[] = {
#define REFC_TOKEN_SPELLING(kind, spelling) spelling,
      REFC_TOKEN_KINDS(REFC_TOKEN_SPELLING)
#undef REFC_TOKEN_SPELLING
  };
  return kSpellings[static_cast<size_t>(kind)];
}

char32_t decode_utf8(std::string_view s, size_t& i) {
  unsigned char c = static_cast<unsigned char>(s[i]);
  if (c < 0x80) {
    i++;
    return c;
  }
  int n = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : c >= 0xC0 ? 1 : -1;
  if (n < 0 || c > 0xF4 || i + n >= s.size()) {
    i++;
    return 0xFFFD;
  }
  char32_t cp = c & (0x3F >> n);
  for (int k = 1; k <= n; k++) {
    unsigned char cc = static_cast<unsigned char>(s[i + k]);
    if ((cc & 0xC0) != 0x80) {
      i++;
      return 0xFFFD;
    }
    cp = (cp << 6) | (cc & 0x3F);
  }
  static constexpr char32_t kMin[] = {0, 0x80, 0x800, 0x10000};
  if (cp < kMin[n] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
    i++;
    return 0xFFFD;
  }
  i += n + 1;
  return cp;
}

void append_utf8(std::string& out, char32_t c) {
  if (c < 0x80) {
    out += static_cast<char>(c);
  } else if (c < 0x800) {
    out += static_cast<char>(0xC0 | (c >> 6));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else if (c < 0x10000) {
    out += static_cast<char>(0xE0 | (c >> 12));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (c >> 18));
    out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  }
}

int utf8_length(std::string_view s) {
  int n = 0;
  for (unsigned char c : s)
    if ((c & 0xC0) != 0x80) n++;
  return n;
}

std::string_view TokenizedSource::line(int lineno) const {
  if (lineno < 1 || lineno > static_cast<int>(line_starts.size())) return {};
  uint32_t begin = line_starts[lineno - 1];
  uint32_t end = lineno < static_cast<int>(line_starts.size()) ? line_starts[lineno]
                                                               : static_cast<uint32_t>(text.size());
  std::string_view l = std::string_view(text).substr(begin, end - begin);
  if (added_final_newline && end == text.size() && !l.empty()) l.remove_suffix(1);
  return l;
}

std::string TokenizedSource::error_text(int lineno) const {
  std::string l(line(lineno));
  // CPython re-reads the line from the file, byte order mark included.
  if (lineno == 1 && had_bom) l = "\xEF\xBB\xBF" + l;
  return l;
}

namespace lexing {

namespace {

constexpr int kMaxLevel = 200;  // CPython's MAXLEVEL: bracket nesting
constexpr int kMaxIndent = 100; // CPython's MAXINDENT
constexpr int kTabSize = 8;

const std::unordered_map<std::string_view, TokenKind>& keyword_table() {
  static const std::unordered_map<std::string_view, TokenKind> table = [] {
    std::unordered_map<std::string_view, TokenKind> t;
    for (int k = static_cast<int>(TokenKind::KwFalse); k <= static_cast<int>(TokenKind::KwYield);
         k++)
      t.emplace(token_kind_spelling(static_cast<TokenKind>(k)), static_cast<TokenKind>(k));
    return t;
  }();
  return table;
}

// The encoding named by a PEP 263 declaration on `line`, or "" if none.
std::string coding_declaration(std::string_view line) {
  size_t i = 0;
  while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\f')) i++;
  if (i >= line.size() || line[i] != '#') return "";
  size_t at = line.find("coding", i);
  while (at != std::string_view::npos) {
    size_t j = at + 6;
    if (j < line.size() && (line[j] == ':' || line[j] == '=')) {
      j++;
      while (j < line.size() && (line[j] == ' ' || line[j] == '\t')) j++;
      size_t k = j;
      while (k < line.size() && (isalnum(static_cast<unsigned char>(line[k])) || line[k] == '-' ||
                                 line[k] == '_' || line[k] == '.'))
        k++;
      if (k > j) return std::string(line.substr(j, k - j));
    }
    at = line.find("coding", at + 1);
  }
  return "";
}

bool is_comment_or_blank(std::string_view line) {
  size_t i = 0;
  while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\f')) i++;
  return i >= line.size() || line[i] == '#' || line[i] == '\n';
}

// CPython's get_normal_name, for the UTF-8 spellings.
bool is_utf8_name(std::string name) {
  for (char& c : name) c = static_cast<char>(c == '_' ? '-' : tolower(static_cast<unsigned char>(c)));
  return name == "utf-8" || name.rfind("utf-8-", 0) == 0 || name == "utf8";
}

} // namespace

Token Lexer::next_token() {
  int c;
  bool blankline;
nextline:
  in_token_ = false;
  blankline = false;
  if (atbol_) {
    atbol_ = false;
    int col = 0, altcol = 0, cont_line_col = 0;
    for (;;) {
      c = nextc();
      if (c == ' ') {
        col++, altcol++;
      } else if (c == '\t') {
        col = (col / kTabSize + 1) * kTabSize;
        altcol = altcol + 1;
      } else if (c == '\f') {
        col = altcol = 0;
      } else if (c == '\\') {
        // Indentation cannot be split with backslashes: the first one
        // found fixes the indentation of what follows.
        cont_line_col = cont_line_col ? cont_line_col : col;
        continuation_line();
      } else {
        break;
      }
    }
    backup(c);
    if (c == '#' || c == '\n') blankline = true;
    if (!blankline && parens_.empty()) {
      if (cont_line_col) col = altcol = cont_line_col;
      if (col == indstack_.back()) {
        if (altcol != altindstack_.back()) tab_error();
      } else if (col > indstack_.back()) {
        if (static_cast<int>(indstack_.size()) >= kMaxIndent)
          state_error("IndentationError", "too many levels of indentation", 1, 0);
        if (altcol <= altindstack_.back()) tab_error();
        pendin_++;
        indstack_.push_back(col);
        altindstack_.push_back(altcol);
      } else {
        while (indstack_.size() > 1 && col < indstack_.back()) {
          pendin_--;
          indstack_.pop_back();
          altindstack_.pop_back();
        }
        if (col != indstack_.back()) {
          pos_ = line_end_;
          state_error("IndentationError", "unindent does not match any outer indentation level",
                      eof_ ? 0 : col_of(pos_, line_start_), -1);
        }
        if (altcol != altindstack_.back()) tab_error();
      }
    }
  }

  if (pendin_ != 0) {
    if (pendin_ < 0) {
      pendin_++;
      return make_positionless(TokenKind::Dedent);
    }
    pendin_--;
    return make_positionless(TokenKind::Indent);
  }

again:
  in_token_ = false;
  do {
    c = nextc();
  } while (c == ' ' || c == '\t' || c == '\f');
  begin_token();
  if (c == kEof) in_token_ = false;

  if (c == '#') {
    while (c != kEof && c != '\n') c = nextc();
  }

  if (c == kEof) {
    if (!parens_.empty()) unclosed_bracket();
    return make_positionless(TokenKind::EndMarker);
  }

  if (is_ident_start_byte(c)) {
    // String prefixes: the legal combinations of b, r, u and f.
    bool saw_b = false, saw_r = false, saw_u = false, saw_f = false;
    for (;;) {
      if (!(saw_b || saw_u || saw_f) && (c == 'b' || c == 'B'))
        saw_b = true;
      else if (!(saw_b || saw_u || saw_r || saw_f) && (c == 'u' || c == 'U'))
        saw_u = true;
      else if (!(saw_r || saw_u) && (c == 'r' || c == 'R'))
        saw_r = true;
      else if (!(saw_f || saw_b || saw_u) && (c == 'f' || c == 'F'))
        saw_f = true;
      else
        break;
      c = nextc();
      if (c == '"' || c == '\'') return string_token(c);
    }
    bool nonascii = false;
    while (is_ident_byte(c)) {
      if (c >= 128) nonascii = true;
      c = nextc();
    }
    backup(c);
    if (nonascii) verify_identifier();
    Token t = make(TokenKind::Name, tok_start_, pos_);
    auto it = keyword_table().find(std::string_view(s_).substr(tok_start_, pos_ - tok_start_));
    if (it != keyword_table().end()) t.kind = it->second;
    return t;
  }

  if (c == '\n') {
    atbol_ = true;
    if (blankline || !parens_.empty()) goto nextline;
    // The NEWLINE token starts where the line's comment (if any) starts
    // and excludes the newline character itself.
    Token t = make(TokenKind::Newline, tok_start_, pos_ - 1);
    return t;
  }

  if (c == '.') {
    c = nextc();
    if (is_digit(c)) return number_fraction(c);
    if (c == '.') {
      int c3 = nextc();
      if (c3 == '.') return make(TokenKind::Ellipsis, tok_start_, pos_);
      backup(c3);
    }
    backup(c);
    return make(TokenKind::Dot, tok_start_, pos_);
  }

  if (is_digit(c)) return number_token(c);

  if (c == '\'' || c == '"') return string_token(c);

  if (c == '\\') {
    c = nextc();
    if (c != '\n') {
      // CPython measures this column from the start of its read buffer.
      int col = static_cast<int>(pos_ - buf_start_ - 1);
      state_error("SyntaxError", "unexpected character after line continuation character",
                  col + 1, 0);
    }
    c = nextc();
    if (c == kEof) {
      pos_ = s_.size();
      state_error("SyntaxError", "unexpected EOF while parsing",
                  col_of(pos_, line_start_), -1);
    }
    backup(c);
    goto again;
  }

  // Operators.
  int c2 = nextc();
  // "<>" is CPython's NOTEQUAL spelling under barry_as_FLUFL: one token that
  // the parser then rejects.
  if (c == '<' && c2 == '>') return make(TokenKind::OtherOp, tok_start_, pos_);
  int c3 = kEof;
  TokenKind k3 = TokenKind::EndMarker;
  TokenKind k2 = two_char(c, c2);
  if (k2 != TokenKind::OtherOp) {
    c3 = nextc();
    k3 = three_char(c, c2, c3);
    if (k3 != TokenKind::OtherOp) return make(k3, tok_start_, pos_);
    backup(c3);
    return make(k2, tok_start_, pos_);
  }
  backup(c2);

  switch (c) {
  case '(':
  case '[':
  case '{':
    if (static_cast<int>(parens_.size()) >= kMaxLevel) syntax_error("too many nested parentheses");
    parens_.push_back({static_cast<char>(c), lineno_, col_of(tok_start_, line_start_)});
    break;
  case ')':
  case ']':
  case '}': {
    if (parens_.empty()) syntax_error(std::string("unmatched '") + static_cast<char>(c) + "'");
    Paren open = parens_.back();
    parens_.pop_back();
    if (!((open.c == '(' && c == ')') || (open.c == '[' && c == ']') ||
          (open.c == '{' && c == '}'))) {
      std::string msg = std::string("closing parenthesis '") + static_cast<char>(c) +
                        "' does not match opening parenthesis '" + open.c + "'";
      if (open.lineno != lineno_) msg += " on line " + std::to_string(mapped_line(open.lineno));
      syntax_error(msg);
    }
    break;
  }
  default:
    break;
  }
  return make(one_char(c), tok_start_, pos_);
}

void Lexer::tab_error() {
  pos_ = line_end_;
  state_error("TabError", "inconsistent use of tabs and spaces in indentation", 1, 0);
}

void Lexer::unclosed_bracket() {
  const Paren& p = parens_.back();
  LexFailure f;
  f.unclosed = true;
  f.info.msg = std::string("'") + p.c + "' was never closed";
  f.info.lineno = f.info.end_lineno = mapped_line(p.lineno);
  f.info.offset = mapped_col(p.lineno, p.col) + 1;
  f.info.end_offset = 0;
  f.info.text = out_.options.fstring_expr ? line_text(out_.line_starts[p.lineno - 1]) + "\n"
                                          : out_.error_text(p.lineno);
  throw f;
}

void Lexer::continuation_line() {
  int c = nextc();
  if (c != '\n') {
    int col = static_cast<int>(pos_ - buf_start_ - 1);
    state_error("SyntaxError", "unexpected character after line continuation character", col + 1,
                0);
  }
  c = nextc();
  if (c == kEof) {
    pos_ = s_.size();
    state_error("SyntaxError", "unexpected EOF while parsing", col_of(pos_, line_start_), -1);
  }
  backup(c);
}

void Lexer::verify_identifier() {
  std::string_view id = std::string_view(s_).substr(tok_start_, pos_ - tok_start_);
  size_t i = 0;
  bool first = true;
  while (i < id.size()) {
    size_t at = i;
    char32_t ch = decode_utf8(id, i);
    bool ok = first ? is_xid_start(ch) : is_xid_continue(ch);
    first = false;
    if (!ok) {
      pos_ = tok_start_ + i; // just past the offending character
      char hex[16];
      snprintf(hex, sizeof hex, "%04X", static_cast<unsigned>(ch));
      if (is_printable(ch))
        syntax_error(std::string("invalid character '") + std::string(id.substr(at, i - at)) +
                     "' (U+" + hex + ")");
      syntax_error(std::string("invalid non-printable character U+") + hex);
    }
  }
}

} // namespace lexing

using namespace lexing;

TokenizedSource tokenize(std::string_view source, const std::string& filename,
                         const LexOptions& options) {
  TokenizedSource out;
  out.filename = filename;
  out.options = options;
  if (source.substr(0, 3) == "\xEF\xBB\xBF") {
    out.had_bom = true;
    source.remove_prefix(3);
  }
  // Universal newlines, as CPython's file reader applies them.
  out.text.reserve(source.size() + 1);
  for (size_t i = 0; i < source.size(); i++) {
    char c = source[i];
    if (c == '\r') {
      out.text += '\n';
      if (i + 1 < source.size() && source[i + 1] == '\n') i++;
    } else {
      out.text += c;
    }
  }
  if (!out.text.empty() && out.text.back() != '\n') {
    out.text += '\n';
    out.added_final_newline = true;
  }
  out.line_starts.push_back(0);
  for (size_t i = 0; i + 1 < out.text.size(); i++)
    if (out.text[i] == '\n') out.line_starts.push_back(static_cast<uint32_t>(i + 1));
  if (out.text.empty()) out.line_starts.clear();
  out.encoding_declared = out.had_bom;
  if (!options.fstring_expr) {
    for (int l = 1; l <= 2; l++) {
      std::string_view line = out.line(l);
      std::string name = coding_declaration(line);
      if (!name.empty()) {
        out.encoding_declared = true;
        if (!is_utf8_name(name)) {
          // refc reads UTF-8 only; CPython's message for a codec it lacks.
          Token t;
          t.kind = TokenKind::Error;
          out.tokens.push_back(t);
          out.error.msg = "encoding problem: " + name;
          out.error_overrides_generic = true;
          return out;
        }
        break;
      }
      if (!is_comment_or_blank(line)) break;
    }
  }
  Lexer(out).run();
  return out;
}

} // namespace refc::lang

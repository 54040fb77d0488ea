// The tokenizer, a transcription of CPython 3.11's Parser/tokenizer.c for
// UTF-8 files: it reads the text line by line (so error positions and
// "detected at line N" match), keeps the indentation and bracket stacks, and
// reports each error with CPython's message and location conventions.
#include "reference_compiler/lang/lexer.h"

#include "reference_compiler/lang/unicode_tables.h"

#include <array>
#include <cctype>
#include <cstring>
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

namespace {

constexpr int kEof = -1;
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

bool is_ident_start_byte(int c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 128;
}
bool is_ident_byte(int c) { return is_ident_start_byte(c) || (c >= '0' && c <= '9'); }
bool is_digit(int c) { return c >= '0' && c <= '9'; }
bool is_xdigit(int c) {
  return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

// Thrown inside the lexer to stop at the first error; tokenize() turns it
// into the stream's final Error token.
struct LexFailure {
  SyntaxErrorInfo info;
  bool unclosed = false;
  bool overrides = false;
  bool in_chars = false;
};

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

class Lexer {
public:
  Lexer(TokenizedSource& out) : out_(out), s_(out.text) {}

  void run() {
    try {
      for (;;) {
        Token t = next_token();
        out_.tokens.push_back(t);
        if (t.kind == TokenKind::EndMarker) return;
      }
    } catch (LexFailure& f) {
      Token t;
      t.kind = TokenKind::Error;
      t.lineno = t.end_lineno = f.info.lineno;
      t.start = t.end = static_cast<uint32_t>(pos_);
      t.level = static_cast<int16_t>(parens_.size());
      out_.tokens.push_back(t);
      out_.error = std::move(f.info);
      out_.error_is_unclosed_bracket = f.unclosed;
      out_.error_overrides_generic = f.overrides;
      out_.error_offsets_in_chars = f.in_chars;
    }
  }

private:
  struct Paren {
    char c;
    int lineno, col;
  };

  TokenizedSource& out_;
  const std::string& s_;
  size_t pos_ = 0;
  int lineno_ = 0;            // the last line read
  size_t line_start_ = 0;     // its first byte
  size_t line_end_ = 0;       // one past its newline
  size_t buf_start_ = 0;      // CPython's tok->buf: first line of the current read buffer
  bool in_token_ = false;     // CPython's tok->start != NULL
  bool atbol_ = true;
  bool eof_ = false;
  std::vector<int> indstack_{0}, altindstack_{0};
  int pendin_ = 0;
  std::vector<Paren> parens_;
  // Start of the current token.
  size_t tok_start_ = 0;
  int tok_lineno_ = 0;
  size_t tok_line_start_ = 0;

  // ---- reading ----------------------------------------------------------

  int nextc() {
    if (pos_ >= line_end_) {
      if (pos_ >= s_.size()) {
        eof_ = true;
        return kEof;
      }
      load_line();
    }
    return static_cast<unsigned char>(s_[pos_++]);
  }

  void backup(int c) {
    if (c != kEof) pos_--;
  }

  void load_line() {
    lineno_++;
    line_start_ = pos_;
    size_t nl = s_.find('\n', pos_);
    line_end_ = nl == std::string::npos ? s_.size() : nl + 1;
    if (!in_token_) buf_start_ = line_start_;
    std::string_view l = std::string_view(s_).substr(line_start_, line_end_ - line_start_);
    size_t nul = l.find('\0');
    if (nul != std::string_view::npos) {
      LexFailure f;
      f.overrides = true;
      f.info.msg = "source code cannot contain null bytes";
      f.info.lineno = f.info.end_lineno = mapped_line(lineno_);
      f.info.text = std::string(l.substr(0, nul));
      throw f;
    }
    for (size_t i = 0; i < l.size();) {
      size_t at = i;
      if (decode_utf8(l, i) == 0xFFFD && !(l.compare(at, 3, "\xEF\xBF\xBD") == 0)) {
        LexFailure f;
        f.overrides = true;
        char hex[8];
        snprintf(hex, sizeof hex, "%02x", static_cast<unsigned char>(l[at]));
        f.info.msg = std::string("Non-UTF-8 code starting with '\\x") + hex + "' in file " +
                     out_.filename + " on line " + std::to_string(lineno_) +
                     ", but no encoding declared; see https://peps.python.org/pep-0263/ for "
                     "details";
        throw f;
      }
    }
  }

  // ---- positions ----------------------------------------------------------

  int mapped_line(int line) const { return line + out_.options.first_lineno - 1; }
  int mapped_col(int line, int col) const {
    return line == 1 ? col + out_.options.first_line_col : col;
  }

  int col_of(size_t p, size_t line_start) const { return static_cast<int>(p - line_start); }

  std::string line_text(size_t line_start) const {
    size_t nl = s_.find('\n', line_start);
    if (nl == std::string::npos) nl = s_.size();
    return s_.substr(line_start, nl - line_start);
  }

  // CPython's syntaxerror(): the location is the cursor, counted in
  // characters from the start of the line.
  [[noreturn]] void syntax_error(std::string msg) { syntax_error_at(std::move(msg), -1, -1); }

  [[noreturn]] void syntax_error_at(std::string msg, int col_offset, int end_col_offset) {
    LexFailure f;
    f.overrides = true;
    f.in_chars = true;
    f.info.msg = std::move(msg);
    f.info.lineno = f.info.end_lineno = mapped_line(lineno_);
    if (col_offset == -1)
      col_offset = utf8_length(std::string_view(s_).substr(line_start_, pos_ - line_start_));
    if (end_col_offset == -1) end_col_offset = col_offset;
    f.info.offset = col_offset;
    f.info.end_offset = end_col_offset;
    f.info.text = line_text(line_start_);
    throw f;
  }

  // Errors CPython's parser raises for tokenizer states without an exception
  // (bad dedent, tabs, too deep, line continuation): located by line and a
  // byte column, with the file's line as text.
  [[noreturn]] void state_error(std::string kind, std::string msg, int offset, int end_offset) {
    LexFailure f;
    f.info.kind = std::move(kind);
    f.info.msg = std::move(msg);
    f.info.lineno = f.info.end_lineno = mapped_line(lineno_);
    f.info.offset = offset;
    f.info.end_offset = end_offset;
    f.info.text = out_.options.fstring_expr ? line_text(line_start_) + "\n"
                                            : out_.error_text(lineno_);
    throw f;
  }

  Token make(TokenKind kind, size_t start, size_t end) {
    Token t;
    t.kind = kind;
    t.start = static_cast<uint32_t>(start);
    t.end = static_cast<uint32_t>(end);
    t.lineno = mapped_line(tok_lineno_);
    t.col = mapped_col(tok_lineno_, col_of(start, tok_line_start_));
    t.end_lineno = mapped_line(lineno_);
    t.end_col = mapped_col(lineno_, col_of(end, line_start_));
    t.level = static_cast<int16_t>(parens_.size());
    return t;
  }

  // INDENT/DEDENT/ENDMARKER: no extent; the cursor column is 0 once the
  // whole file has been read, as CPython's file reader then sits at the start
  // of an empty buffer.
  Token make_positionless(TokenKind kind) {
    Token t;
    t.kind = kind;
    t.start = t.end = static_cast<uint32_t>(pos_);
    t.lineno = t.end_lineno = mapped_line(lineno_);
    t.col = t.end_col = -1;
    t.cursor_col = eof_ ? 0 : col_of(pos_, line_start_);
    t.level = static_cast<int16_t>(parens_.size());
    return t;
  }

  void begin_token() {
    tok_start_ = pos_ - 1;
    tok_lineno_ = lineno_;
    tok_line_start_ = line_start_;
    in_token_ = true;
  }

  // ---- the tokenizer proper -----------------------------------------------

  Token next_token() {
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

  [[noreturn]] void tab_error() {
    pos_ = line_end_;
    state_error("TabError", "inconsistent use of tabs and spaces in indentation", 1, 0);
  }

  [[noreturn]] void unclosed_bracket() {
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

  void continuation_line() {
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

  void verify_identifier() {
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

  // ---- numbers ------------------------------------------------------------

  // CPython's verify_end_of_number: a number directly followed by a keyword
  // that may legally follow it ("1if x else y") is accepted; followed by any
  // other identifier character it is an error.
  void verify_end_of_number(int c, const char* kind) {
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
  int decimal_tail() {
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

  Token finish_number(int c) {
    backup(c);
    return make(TokenKind::Number, tok_start_, pos_);
  }

  Token number_fraction(int c) {
    // c is the first digit after the point.
    if (is_digit(c)) c = decimal_tail();
    if (c == 'e' || c == 'E') return number_exponent(c);
    if (c == 'j' || c == 'J') return number_imaginary();
    verify_end_of_number(c, "decimal");
    return finish_number(c);
  }

  Token number_exponent(int e) {
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

  Token number_imaginary() {
    int c = nextc();
    verify_end_of_number(c, "imaginary");
    return finish_number(c);
  }

  Token number_token(int c) {
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

  // ---- strings ------------------------------------------------------------

  Token string_token(int quote) {
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

  // ---- operator tables ----------------------------------------------------

  static TokenKind one_char(int c) {
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

  static TokenKind two_char(int c1, int c2) {
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

  static TokenKind three_char(int c1, int c2, int c3) {
    if (c3 != '=') return TokenKind::OtherOp;
    if (c1 == '*' && c2 == '*') return TokenKind::DoubleStarEqual;
    if (c1 == '/' && c2 == '/') return TokenKind::DoubleSlashEqual;
    if (c1 == '<' && c2 == '<') return TokenKind::LeftShiftEqual;
    if (c1 == '>' && c2 == '>') return TokenKind::RightShiftEqual;
    return TokenKind::OtherOp;
  }
};

} // namespace

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

// The tokenizer's inside, shared by the files that define it: the Lexer
// class with its line reader, position mapping and error raising (inline
// here, as every character passes through them); its token loop is in
// lexer.cpp, its number, string and operator scanning in lexer_literals.cpp.
#pragma once

#include "reference_compiler/lang/lexer.h"

#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

namespace refc::lang::lexing {


constexpr int kEof = -1;

inline bool is_ident_start_byte(int c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 128;
}
inline bool is_ident_byte(int c) { return is_ident_start_byte(c) || (c >= '0' && c <= '9'); }
inline bool is_digit(int c) { return c >= '0' && c <= '9'; }
inline bool is_xdigit(int c) {
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

  // ---- lexer.cpp --------------------------------------------------------

  Token next_token();
  [[noreturn]] void tab_error();
  [[noreturn]] void unclosed_bracket();
  void continuation_line();
  void verify_identifier();

  // ---- lexer_literals.cpp -----------------------------------------------

  void verify_end_of_number(int c, const char* kind);
  int decimal_tail();
  Token finish_number(int c);
  Token number_fraction(int c);
  Token number_exponent(int e);
  Token number_imaginary();
  Token number_token(int c);
  Token string_token(int quote);
  static TokenKind one_char(int c);
  static TokenKind two_char(int c1, int c2);
  static TokenKind three_char(int c1, int c2, int c3);
};

} // namespace refc::lang::lexing

// The tokenizer: turns UTF-8 program text into CPython 3.11's token stream
// (NAME, NUMBER, STRING, operators, NEWLINE/INDENT/DEDENT, ENDMARKER) with the
// same positions, the same implicit and explicit line joining and the same
// error messages. String literals are delimited here and decoded by the
// parser, which needs their neighbours to concatenate them.
#pragma once

#include "reference_compiler/lang/syntax_error.h"
#include "reference_compiler/lang/token.h"

#include <string>
#include <string_view>
#include <vector>

namespace refc::lang {

struct LexOptions {
  // Where the text starts in the enclosing file: the parser lexes an f-string
  // replacement field as its own text "(expr)" and shifts its positions like
  // CPython does (only tokens on the text's first line get the column shift).
  int first_lineno = 1;
  int first_line_col = 0;
  bool fstring_expr = false;
};

// A tokenized source. Tokens are produced for the whole text up front; when
// the tokenizer meets an error, the stream ends with an Error token and the
// error is kept in `error`, to be raised when the parser reaches that token
// (CPython tokenizes lazily, so an earlier parser error wins).
struct TokenizedSource {
  std::string filename;
  std::string text;                  // normalised: no BOM, "\n" line ends, ends with "\n"
  std::vector<uint32_t> line_starts; // line_starts[i]: byte offset of line i+1
  bool had_bom = false;
  bool added_final_newline = false;
  // A byte order mark or a coding declaration: CPython then reports parser
  // error columns in characters instead of bytes.
  bool encoding_declared = false;
  LexOptions options;

  std::vector<Token> tokens; // ends with EndMarker or Error
  SyntaxErrorInfo error;     // meaningful when tokens.back().kind == Error
  // The error is "bracket never closed at end of input": CPython lets it
  // replace a generic "invalid syntax" only when that is reported on a later
  // line than the bracket.
  bool error_is_unclosed_bracket = false;
  // The error comes from a point where CPython's tokenizer fails even when
  // the parser is not asking for tokens (e.g. an unterminated string): it then
  // replaces a generic "invalid syntax" reported earlier in the file.
  bool error_overrides_generic = false;
  // The error's columns are already in characters (CPython's tokenizer
  // counts characters; its parser counts bytes).
  bool error_offsets_in_chars = false;

  // Physical line `lineno` as it appears in the file (with its newline if it
  // has one); empty when out of range.
  std::string_view line(int lineno) const;
  std::string_view token_text(const Token& t) const {
    return std::string_view(text).substr(t.start, t.end - t.start);
  }
  // CPython's SyntaxError.text for an error on `lineno`: the file's line.
  std::string error_text(int lineno) const;
};

// Tokenizes `source`. Never throws: errors end the token stream (see above).
TokenizedSource tokenize(std::string_view source, const std::string& filename,
                         const LexOptions& options = {});

// Decodes one UTF-8 sequence at s[i]; returns the code point and advances i,
// or returns U+FFFD and advances by one byte when the bytes are not UTF-8.
char32_t decode_utf8(std::string_view s, size_t& i);
void append_utf8(std::string& out, char32_t c);
// Number of characters (code points) in a UTF-8 text.
int utf8_length(std::string_view s);

} // namespace refc::lang

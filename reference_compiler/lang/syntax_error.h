// SyntaxErrorInfo, what the lexer and parser throw for a malformed program,
// and format_syntax_error, which renders it exactly as CPython 3.11 prints an
// uncaught SyntaxError (file/line header, source line, caret line, message).
// Positions follow CPython's SyntaxError attributes for a program read from a
// file, quirks included, so refc's output matches CPython's byte for byte.
#pragma once

#include <string>

namespace refc::lang {

struct SyntaxErrorInfo {
  std::string kind = "SyntaxError"; // "SyntaxError" | "IndentationError" | "TabError"
  std::string msg;
  std::string filename;
  // 1-based line; 0 when the error has no location (e.g. a decoding error).
  int lineno = 0;
  // 1-based column as CPython's SyntaxError.offset reports it: UTF-8 bytes for
  // parser errors, characters for tokenizer errors (CPython does the same);
  // 0 or negative: no caret.
  int offset = 0;
  int end_lineno = 0;
  int end_offset = 0;
  // The offending source line as CPython keeps it (with its newline for parser
  // errors, without for tokenizer errors); empty when there is none.
  std::string text;
};

// The text CPython 3.11 writes to stderr for this error when uncaught,
// ending with a newline.
std::string format_syntax_error(const SyntaxErrorInfo& error);

// Raises the Python SyntaxError (IndentationError, TabError) for `error`,
// with CPython's args layout (msg, (filename, lineno, offset, text,
// end_lineno, end_offset)).
[[noreturn]] void raise_syntax_error(const SyntaxErrorInfo& error);

} // namespace refc::lang

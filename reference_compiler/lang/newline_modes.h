// The `newline` argument of text streams (open() in text mode, io.StringIO):
// which line endings end a line when reading, whether reading translates them
// to '\n' (universal newlines, newline=None), and what writing turns '\n'
// into. Text here is UTF-8, as refc's str stores it.
#pragma once

#include "reference_compiler/lang/value.h"

#include <cstddef>
#include <string>
#include <string_view>

namespace refc::lang {

enum class Newline : uint8_t {
  Universal, // None: '\n', '\r' and '\r\n' end lines and read as '\n'
  Any,       // '': the same endings, returned untranslated
  LF,        // '\n'
  CR,        // '\r'
  CRLF,      // '\r\n'
};

// The mode a `newline` argument selects (Null or None: `absent`); raises
// TypeError "newline must be str or None, not int" / ValueError "illegal
// newline value: x".
Newline newline_mode(const Value& newline, Newline absent);

// The end (just past the line ending) of the line starting at `from`, or npos
// when no line ending is in `text` yet. With `at_eof` false a trailing '\r'
// that could start '\r\n' is not an ending yet.
size_t find_line_end(std::string_view text, size_t from, Newline mode, bool at_eof);

// Up to `max_chars` code points of `raw` (all when negative), with '\r\n' and
// '\r' read as '\n' in Universal mode; `raw_used` receives the bytes consumed.
// With `stop_at_line`, stops after the first line ending.
std::string take_text(std::string_view raw, int64_t max_chars, Newline mode, bool stop_at_line,
                      size_t& raw_used);

// What writing `text` stores: '\n' becomes '\r' or '\r\n' in those modes.
std::string translate_for_write(std::string_view text, Newline mode);

} // namespace refc::lang

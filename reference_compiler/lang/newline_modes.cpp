// Newline handling of text streams (newline_modes.h): line endings per mode,
// universal-newline translation on read and '\n' translation on write, as
// CPython's TextIOWrapper and StringIO apply them.
#include "reference_compiler/lang/newline_modes.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/utf8.h"

namespace refc::lang {

Newline newline_mode(const Value& newline, Newline absent) {
  if (newline.is_null()) return absent;
  if (newline.is_none()) return Newline::Universal;
  if (!isinstance(newline, types::str))
    raise(exc::TypeError, "newline must be str or None, not " + type_name(newline));
  std::string_view s = newline.as<Str>()->view();
  if (s.empty()) return Newline::Any;
  if (s == "\n") return Newline::LF;
  if (s == "\r") return Newline::CR;
  if (s == "\r\n") return Newline::CRLF;
  raise(exc::ValueError, "illegal newline value: " + std::string(s));
}

size_t find_line_end(std::string_view text, size_t from, Newline mode, bool at_eof) {
  switch (mode) {
  case Newline::LF: {
    size_t i = text.find('\n', from);
    return i == std::string_view::npos ? i : i + 1;
  }
  case Newline::CR: {
    size_t i = text.find('\r', from);
    return i == std::string_view::npos ? i : i + 1;
  }
  case Newline::CRLF: {
    size_t i = text.find("\r\n", from);
    return i == std::string_view::npos ? i : i + 2;
  }
  case Newline::Universal:
  case Newline::Any: {
    size_t i = text.find_first_of("\r\n", from);
    if (i == std::string_view::npos) return i;
    if (text[i] == '\n') return i + 1;
    if (i + 1 < text.size()) return text[i + 1] == '\n' ? i + 2 : i + 1;
    return at_eof ? i + 1 : std::string_view::npos;
  }
  }
  return std::string_view::npos;
}

std::string take_text(std::string_view raw, int64_t max_chars, Newline mode, bool stop_at_line,
                      size_t& raw_used) {
  std::string out;
  size_t i = 0;
  int64_t chars = 0;
  while (i < raw.size() && (max_chars < 0 || chars < max_chars)) {
    char c = raw[i];
    bool ended = false;
    if (c == '\r' && mode == Newline::Universal) {
      out += '\n';
      i += i + 1 < raw.size() && raw[i + 1] == '\n' ? 2 : 1;
      ended = true;
    } else {
      size_t len = static_cast<size_t>(utf8_seq_len(static_cast<uint8_t>(c)));
      out.append(raw.substr(i, len));
      i += len;
      switch (mode) {
      case Newline::Universal:
      case Newline::LF: ended = c == '\n'; break;
      case Newline::Any: ended = c == '\n' || (c == '\r' && !(i < raw.size() && raw[i] == '\n')); break;
      case Newline::CR: ended = c == '\r'; break;
      case Newline::CRLF: ended = c == '\n' && i >= 2 && raw[i - 2] == '\r'; break;
      }
    }
    ++chars;
    if (ended && stop_at_line) break;
  }
  raw_used = i;
  return out;
}

std::string translate_for_write(std::string_view text, Newline mode) {
  if (mode != Newline::CR && mode != Newline::CRLF) return std::string(text);
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    if (c == '\n')
      out += mode == Newline::CR ? "\r" : "\r\n";
    else
      out += c;
  }
  return out;
}

} // namespace refc::lang

// Rendering of SyntaxErrorInfo, a transcription of what CPython 3.11's
// print_exception_file_and_line and print_error_text do: strip the line's
// leading whitespace, skip embedded newlines, clip the caret range to the
// line, and draw one caret per column of the range (at least one). Columns
// are counted in bytes, as CPython does when printing.
#include "reference_compiler/lang/syntax_error.h"

namespace refc::lang {

namespace {

void append_error_text(std::string& out, long offset, long end_offset, std::string_view text,
                       bool single_caret) {
  // Offsets are 1-based; CPython works 0-based from here on.
  offset--;
  end_offset--;
  while (!text.empty() && (text[0] == ' ' || text[0] == '\t' || text[0] == '\f')) {
    text.remove_prefix(1);
    offset--;
    end_offset--;
  }
  long len = static_cast<long>(text.size());
  if (len > 0 && text[len - 1] == '\n') len--;
  if (offset > len) offset = len;
  for (;;) {
    size_t nl = text.find('\n');
    if (nl == std::string_view::npos || static_cast<long>(nl) >= offset) break;
    long skip = static_cast<long>(nl) + 1;
    text.remove_prefix(skip);
    len -= skip;
    offset -= skip;
    end_offset -= skip;
  }
  out += "    ";
  out += text;
  if (len >= static_cast<long>(text.size()) || text[len] != '\n') out += '\n';
  if (offset < 0) return;
  out += "    ";
  out.append(offset, ' ');
  long carets = !single_caret && end_offset > offset ? end_offset - offset : 1;
  out.append(carets, '^');
  out += '\n';
}

} // namespace

std::string format_syntax_error(const SyntaxErrorInfo& e) {
  std::string out;
  if (e.lineno > 0) {
    out += "  File \"" + e.filename + "\", line " + std::to_string(e.lineno) + "\n";
    if (!e.text.empty()) {
      long line_size = static_cast<long>(e.text.size());
      long end_offset = e.end_offset;
      // A range spanning lines is drawn to the end of the first one.
      if (e.end_lineno > e.lineno) end_offset = line_size;
      if (end_offset > line_size + 1) end_offset = line_size + 1;
      // CPython draws a caret range for SyntaxError only; its subclasses
      // IndentationError and TabError get a single caret.
      append_error_text(out, e.offset, end_offset, e.text, e.kind != "SyntaxError");
    }
  }
  out += e.kind + ": " + e.msg + "\n";
  return out;
}

} // namespace refc::lang

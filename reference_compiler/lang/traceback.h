// Tracebacks: recording where an exception passed (one entry per frame, added
// by the VM as the exception unwinds), the source text of compiled files (for
// the quoted lines), and printing an exception the way CPython 3.11 does —
// "Traceback (most recent call last):", File/line/function entries with the
// stripped source line, "[Previous line repeated N more times]", the
// __cause__ / __context__ chain, "Did you mean" hints, and the final
// "Type: message" line.
#pragma once

#include "reference_compiler/lang/code_object.h"
#include "reference_compiler/lang/frame.h"
#include "reference_compiler/lang/value.h"

#include <optional>
#include <string>

namespace refc::lang {

// Remembers a compiled file's source so tracebacks can quote its lines.
void register_source(const std::string& filename, std::string source);
// Line `lineno` (1-based) of a registered file as written, without its
// newline; nullopt when unknown.
std::optional<std::string> raw_source_line(const std::string& filename, int64_t lineno);
// The same line stripped of surrounding whitespace; empty when unknown.
std::string source_line(const std::string& filename, int lineno);

// Prepends the entry for a frame running `code` at `line` to exc's traceback.
void add_traceback_entry(const Value& exc, const CodeObject* code, int line);

// Records the names visible in frame `f` where NameError `exc` was raised,
// for the "Did you mean" hint (CPython reads them from the traceback's frame).
void note_name_error(const Value& exc, Frame* f);

// The complete text CPython prints for an uncaught exception (chain included).
std::string format_exception(const Value& exc);
// Flushes buffered stdout, then writes format_exception(exc) to stderr.
void print_exception(const Value& exc);
// Writes `text` to file descriptor 2 in full, past any buffering.
void write_all_to_stderr(const std::string& text);

} // namespace refc::lang

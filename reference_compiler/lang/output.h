// The interpreter's buffered standard output. print() and sys.stdout write here
// instead of through C stdio so that a loop of prints costs a memcpy, not a
// system call; whoever writes to stderr (tracebacks, warnings) flushes it first
// so the two streams interleave as they do under CPython with a terminal.
#pragma once

#include <string_view>

namespace refc::lang {

// Appends text to the stdout buffer, writing it out once the buffer is large.
void write_stdout(std::string_view text);
// Writes out everything buffered so far (also registered with atexit).
void flush_stdout();

} // namespace refc::lang

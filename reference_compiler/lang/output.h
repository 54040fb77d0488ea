// The interpreter's buffered standard output. print() and sys.stdout write here
// instead of through C stdio so that a loop of prints costs a memcpy, not a
// system call; whoever writes to stderr (tracebacks, warnings) flushes it first
// so the two streams interleave as they do under CPython with a terminal.
#pragma once

#include <string>
#include <string_view>

namespace refc::lang {

// Appends text to the stdout buffer, writing it out once the buffer is large.
void write_stdout(std::string_view text);
// Writes out everything buffered so far (also registered with atexit).
void flush_stdout();

// While one exists, standard output goes to `into` instead (a tool running
// programs in its own process keeps their output as data).
class CaptureStdout {
public:
  explicit CaptureStdout(std::string& into);
  ~CaptureStdout();
  CaptureStdout(const CaptureStdout&) = delete;
  CaptureStdout& operator=(const CaptureStdout&) = delete;

private:
  std::string* previous_;
};

} // namespace refc::lang

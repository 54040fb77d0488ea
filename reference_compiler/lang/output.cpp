// The buffered standard output behind print() and sys.stdout (see output.h).
// Text is collected in one string and handed to the C library's stdout in
// large blocks, so other code that still uses stdio keeps its relative order
// at every flush.
#include "reference_compiler/lang/output.h"

#include <cstdio>
#include <cstdlib>
#include <string>

namespace refc::lang {

namespace {

constexpr size_t kFlushThreshold = 1 << 16;

std::string& buffer() {
  // Constructed on first use and never destroyed, so an atexit flush that runs
  // after static destructors still finds it.
  static std::string* buf = [] {
    auto* b = new std::string();
    b->reserve(kFlushThreshold * 2);
    std::atexit(flush_stdout);
    return b;
  }();
  return *buf;
}

std::string* g_capture = nullptr;

} // namespace

CaptureStdout::CaptureStdout(std::string& into) : previous_(g_capture) {
  flush_stdout();
  g_capture = &into;
}
CaptureStdout::~CaptureStdout() { g_capture = previous_; }

void write_stdout(std::string_view text) {
  if (g_capture) {
    g_capture->append(text);
    return;
  }
  std::string& buf = buffer();
  buf.append(text);
  if (buf.size() >= kFlushThreshold) flush_stdout();
}

void flush_stdout() {
  std::string& buf = buffer();
  if (!buf.empty()) {
    std::fwrite(buf.data(), 1, buf.size(), stdout);
    buf.clear();
  }
  std::fflush(stdout);
}

} // namespace refc::lang

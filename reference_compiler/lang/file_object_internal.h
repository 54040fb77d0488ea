// What the file object's two files share: FileObject (the C++ object behind
// every file type open() returns), the file types, and the errors both raise.
// file_object.cpp defines the types and their methods, file_open.cpp open().
// Internal to those two files.
#pragma once

#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/file_object.h"
#include "reference_compiler/lang/newline_modes.h"
#include "reference_compiler/lang/text_codecs.h"
#include "reference_compiler/lang/utf8.h"

#include <string>
#include <unistd.h>
#include <unordered_set>

namespace refc::lang::file_detail {

inline constexpr size_t kChunkSize = 8192;

// _io.TextIOWrapper, BufferedReader, BufferedWriter, BufferedRandom, FileIO,
// io.UnsupportedOperation: made by init_file_types() on first use.
extern TypeObject* g_text_type;
extern TypeObject* g_reader_type;
extern TypeObject* g_writer_type;
extern TypeObject* g_random_type;
extern TypeObject* g_raw_type;
extern TypeObject* g_unsupported;
void init_file_types();

struct FileObject;
// Files not yet closed, whose pending writes reach the OS at process exit
// (CPython flushes them at shutdown; refc may not free every object first).
std::unordered_set<FileObject*>& open_files();

struct FileObject : Object {
  explicit FileObject(TypeObject* t) : Object(t) { open_files().insert(this); }
  ~FileObject() override {
    open_files().erase(this);
    if (closed) return;
    write_pending();
    if (closefd) ::close(fd);
  }

  // Best effort, as CPython's dealloc: errors are dropped.
  void write_pending() {
    if (!wbuf.empty()) (void)!::write(fd, wbuf.data(), wbuf.size());
    wbuf.clear();
  }

  int fd = -1;
  bool readable = false, writable = false, text = false, closed = false, closefd = true;
  bool telling = true; // false while iterating with next(), as CPython's
  bool raw = false;     // an unbuffered binary file (_io.FileIO): writes go straight out
  bool line_buffering = false; // text opened with buffering=1: a write with a line end flushes
  Value name;          // str, or the int fd
  std::string mode;    // the `mode` attribute
  // Text mode only.
  Codec codec = Codec::Utf8;
  bool utf8_sig = false; // opened as utf-8-sig: `codec` is Utf8Sig again at position 0
  std::string encoding = "UTF-8", errors = "strict";
  Newline newline = Newline::Universal;
  unsigned seen_newlines = 0; // kSeenLF | kSeenCR | kSeenCRLF, for the `newlines` attribute
  // Read-ahead: raw bytes (binary) or decoded, untranslated text (text mode),
  // consumed up to rpos; `pending` holds a text chunk's incomplete last character.
  std::string rbuf, pending;
  size_t rpos = 0;
  bool eof = false;
  // Writes not yet handed to the OS.
  std::string wbuf;

  size_t unread_bytes() const {
    std::string_view rest = std::string_view(rbuf).substr(rpos);
    size_t n = pending.size();
    if (!text || codec == Codec::Utf8 || codec == Codec::Utf8Sig) return n + rest.size();
    return n + static_cast<size_t>(utf8_length(rest)); // one byte per character
  }
};

// The FileObject behind `v`, or null when it is not a file.
FileObject* as_file(const Value& v);

// OSError(errno, strerror, filename) of the subclass CPython picks.
[[noreturn]] void raise_os_error(int err, const Value& filename);

} // namespace refc::lang::file_detail

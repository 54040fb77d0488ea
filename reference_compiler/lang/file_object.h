// refc's file objects as C++ code sees them: open() (the built-in, also
// io.open), and the byte-level access other native code needs to read or
// write a Python file object, e.g. a serializer handed `open(p, "wb")` or an
// io.BytesIO. The Python-level types are CPython's _io.TextIOWrapper,
// _io.BufferedReader, _io.BufferedWriter, _io.BufferedRandom and _io.FileIO
// (open()'s results, file_object.cpp) and _io.BytesIO / _io.StringIO
// (memory_streams.cpp).
#pragma once

#include "reference_compiler/lang/native_function.h"
#include "reference_compiler/lang/value.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace refc::lang {

// ---- byte streams ---------------------------------------------------------------
// A "binary stream" is a binary file from open(), an io.BytesIO, or any object
// with read() / write() methods taking and returning bytes (as PyTorch accepts
// any file-like object). Native streams are read and written directly; others
// through their methods. Errors are the Python exceptions the methods raise
// (io.UnsupportedOperation: read, ValueError: read of closed file, ...).

// True for a binary file from open() or an io.BytesIO.
bool is_native_binary_stream(const Value& stream);
// Reads up to n bytes (all that is left when n < 0); fewer only at the end.
std::string stream_read_bytes(const Value& stream, int64_t n = -1);
// Writes all of data.
void stream_write_bytes(const Value& stream, std::string_view data);
// The stream's position (its tell()).
int64_t stream_tell(const Value& stream);
// Moves the stream's position as seek(offset, whence) does; returns the new one.
int64_t stream_seek(const Value& stream, int64_t offset, int whence = 0);

// ---- opening --------------------------------------------------------------------

// open(file, mode='r', buffering=-1, encoding=None, errors=None, newline=None,
// closefd=True, opener=None), with CPython's argument checks and OSError
// subclasses ("[Errno 2] No such file or directory: 'x.txt'").
Value builtin_open_file(Args args);
// open(path, mode) from C++ (mode as for open(); text files are UTF-8).
Value open_file(std::string_view path, std::string_view mode);
// A file object over an inherited descriptor (sys.stdin): named `name`
// ("<stdin>"), utf-8 in text modes, never closing the descriptor.
Value open_standard_stream(int fd, std::string_view mode, std::string_view name);

// The io module's types: open()'s file types.
TypeObject* text_file_type();     // _io.TextIOWrapper
TypeObject* buffered_reader_type(); // _io.BufferedReader
TypeObject* buffered_writer_type(); // _io.BufferedWriter
TypeObject* buffered_random_type(); // _io.BufferedRandom
TypeObject* file_io_type();         // _io.FileIO (binary, buffering=0)
// io.UnsupportedOperation (a subclass of OSError; CPython's also derives from
// ValueError, which refc's single-base classes cannot express).
TypeObject* unsupported_operation_type();

} // namespace refc::lang

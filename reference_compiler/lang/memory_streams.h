// io.BytesIO and io.StringIO (memory_streams.cpp): in-memory binary and text
// streams. file_object.cpp reads and writes BytesIO through these functions;
// io_module.cpp publishes the types.
#pragma once

#include "reference_compiler/lang/type_object.h"
#include "reference_compiler/lang/value.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace refc::lang {

TypeObject* bytes_io_type();  // _io.BytesIO
TypeObject* string_io_type(); // _io.StringIO

bool is_bytes_io(const Value& v);
// BytesIO's read(n), write(data), tell() and seek(offset, whence), with its
// errors (ValueError: I/O operation on closed file.).
std::string bytes_io_read(const Value& stream, int64_t n);
void bytes_io_write(const Value& stream, std::string_view data);
int64_t bytes_io_tell(const Value& stream);
int64_t bytes_io_seek(const Value& stream, int64_t offset, int whence);

} // namespace refc::lang

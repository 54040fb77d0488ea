// The `io` module: open (the built-in open()), the stream types under their
// CPython names (StringIO, BytesIO, TextIOWrapper, BufferedReader,
// BufferedWriter, BufferedRandom, FileIO), io.UnsupportedOperation and the SEEK_*
// constants. The types themselves live in file_object.cpp and
// memory_streams.cpp.
#include "reference_compiler/lang/file_object.h"
#include "reference_compiler/lang/memory_streams.h"
#include "reference_compiler/lang/module_builder.h"

namespace refc::lang {

Ref<Module> create_io_module() {
  ModuleBuilder m("io");
  m.function("open", builtin_open_file)
      .value("StringIO", Value::borrow(string_io_type()))
      .value("BytesIO", Value::borrow(bytes_io_type()))
      .value("TextIOWrapper", Value::borrow(text_file_type()))
      .value("BufferedReader", Value::borrow(buffered_reader_type()))
      .value("BufferedWriter", Value::borrow(buffered_writer_type()))
      .value("BufferedRandom", Value::borrow(buffered_random_type()))
      .value("FileIO", Value::borrow(file_io_type()))
      .value("UnsupportedOperation", Value::borrow(unsupported_operation_type()))
      .value("SEEK_SET", Value::integer(0))
      .value("SEEK_CUR", Value::integer(1))
      .value("SEEK_END", Value::integer(2))
      .value("DEFAULT_BUFFER_SIZE", Value::integer(8192));
  return m.finish();
}

} // namespace refc::lang

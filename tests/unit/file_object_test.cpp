// Unit tests of file_object.h, the byte-stream API native code uses on Python
// file objects: reading and writing binary files from open_file() and
// io.BytesIO directly, other objects through their read/write methods, tell
// and seek, and the Python exceptions misuse raises (CPython 3.11's messages).
#include "test_support.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/bytes_object.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/file_object.h"
#include "reference_compiler/lang/memory_streams.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <unistd.h>

namespace refc::lang {
namespace {

class FileObjectTest : public testing::InterpreterTest {
protected:
  std::string path(const char* name) const {
    return ::testing::TempDir() + "refc_file_object_test_" + std::to_string(::getpid()) + "_" + name;
  }
};

void close(const Value& f) { call_method(f, intern("close"), {}); }

using testing::error_text;

TEST_F(FileObjectTest, BinaryFileRoundTrip) {
  std::string p = path("round_trip.bin");
  Value out = open_file(p, "wb");
  EXPECT_TRUE(is_native_binary_stream(out));
  EXPECT_EQ(out.type()->name, "BufferedWriter");
  stream_write_bytes(out, std::string("header\0\xff", 8));
  stream_write_bytes(out, "payload");
  EXPECT_EQ(stream_tell(out), 15);
  close(out);

  Value in = open_file(p, "rb");
  EXPECT_EQ(stream_read_bytes(in, 6), "header");
  EXPECT_EQ(stream_read_bytes(in, 2), std::string("\0\xff", 2));
  EXPECT_EQ(stream_read_bytes(in), "payload");
  EXPECT_EQ(stream_read_bytes(in, 4), "");
  EXPECT_EQ(stream_seek(in, -7, 2), 8);
  EXPECT_EQ(stream_read_bytes(in, 3), "pay");
  EXPECT_EQ(stream_seek(in, 0), 0);
  EXPECT_EQ(stream_read_bytes(in).size(), 15u);
  close(in);
  std::remove(p.c_str());
}

TEST_F(FileObjectTest, BytesIOIsANativeStream) {
  Value b = call(Value::borrow(bytes_io_type()), {});
  EXPECT_TRUE(is_native_binary_stream(b));
  stream_write_bytes(b, "abcdef");
  EXPECT_EQ(stream_tell(b), 6);
  EXPECT_EQ(stream_seek(b, 2), 2);
  EXPECT_EQ(stream_read_bytes(b, 3), "cde");
  EXPECT_EQ(stream_read_bytes(b), "f");
  Value value = call_method(b, intern("getvalue"), {});
  ASSERT_TRUE(is_bytes(value));
  EXPECT_EQ(value.as<Bytes>()->view(), "abcdef");
  close(b);
  EXPECT_EQ(error_text([&] { stream_read_bytes(b); }), "ValueError: I/O operation on closed file.");
}

TEST_F(FileObjectTest, OtherObjectsGoThroughTheirMethods) {
  // A text file is not a binary stream: its read() returns str.
  std::string p = path("text.txt");
  Value w = open_file(p, "w");
  EXPECT_FALSE(is_native_binary_stream(w));
  call_method(w, intern("write"), {str_value("text\n")});
  close(w);
  Value r = open_file(p, "r");
  EXPECT_EQ(error_text([&] { stream_read_bytes(r); }),
            "TypeError: a bytes-like object is required, not 'str'");
  EXPECT_EQ(stream_tell(r), 5);
  close(r);
  std::remove(p.c_str());
  EXPECT_EQ(error_text([&] { stream_write_bytes(Value::integer(3), "x"); }),
            "AttributeError: 'int' object has no attribute 'write'");
}

TEST_F(FileObjectTest, MisuseRaisesCPythonsErrors) {
  std::string p = path("misuse.bin");
  Value w = open_file(p, "wb");
  EXPECT_EQ(error_text([&] { stream_read_bytes(w); }), "UnsupportedOperation: read");
  close(w);
  EXPECT_EQ(error_text([&] { stream_write_bytes(w, "x"); }), "ValueError: write to closed file");
  Value r = open_file(p, "rb");
  EXPECT_EQ(error_text([&] { stream_write_bytes(r, "x"); }), "UnsupportedOperation: write");
  close(r);
  EXPECT_EQ(error_text([&] { stream_read_bytes(r); }), "ValueError: read of closed file");
  std::remove(p.c_str());
  std::string missing = path("missing/x.bin");
  EXPECT_EQ(error_text([&] { open_file(missing, "rb"); }),
            "FileNotFoundError: [Errno 2] No such file or directory: '" + missing + "'");
  EXPECT_EQ(error_text([&] { open_file(p, "rw"); }),
            "ValueError: must have exactly one of create/read/write/append mode");
}

} // namespace
} // namespace refc::lang

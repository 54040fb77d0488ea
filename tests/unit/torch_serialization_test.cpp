// Unit tests of torch.save's building blocks (reference_compiler/torch/
// serialization/): the pickler against the bytes CPython 3.11's pickle
// writes at protocol 2, the unpickler on a protocol-4 stream CPython wrote
// (frames, memoize, short strings, sets), and the zip writer's layout
// (stored records, data aligned to 64 bytes) read back by the zip reader.
// The expected pickles were printed by python3 -c "import pickle;
// print(pickle.dumps(VALUE, protocol=N))" for the VALUE each test names.
#include "test_support.h"

#include "reference_compiler/lang/interpreter.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/lang/tuple_object.h"
#include "reference_compiler/torch/serialization/object_pickler.h"
#include "reference_compiler/torch/serialization/pickle_reader.h"
#include "reference_compiler/torch/serialization/zip_archive_reader.h"
#include "reference_compiler/torch/serialization/zip_archive_writer.h"
#include "reference_compiler/torch/torch_module.h"

#include <gtest/gtest.h>

#include <cstring>
#include <string>

namespace refc::torch::serialization {
namespace {

using lang::Value;

// The interpreter with the torch package: the unpickler raises
// torch.serialization's UnpicklingError.
class TorchSerializationTest : public ::testing::Test {
protected:
  void SetUp() override {
    lang::initialise();
    torch::install();
    lang::import_module("torch");
  }
};

std::string bytes(const char* data, size_t n) { return std::string(data, n); }

TEST_F(TorchSerializationTest, PicklesNumbersAndStringsAsCPythonProtocol2) {
  // [1, 255, 256, 65535, 65536, -1, -2**31, 2**31, 2**62, -2**63, 1.5, 'hé']
  std::vector<Value> items;
  for (int64_t v : {int64_t{1}, int64_t{255}, int64_t{256}, int64_t{65535}, int64_t{65536}, int64_t{-1},
                    -(int64_t{1} << 31), int64_t{1} << 31, int64_t{1} << 62, INT64_MIN})
    items.push_back(Value::integer(v));
  items.push_back(Value::floating(1.5));
  items.push_back(lang::str_value("h\xc3\xa9"));
  ObjectPickler pickler;
  pickler.dump(Value(lang::make_list(items)));
  static const char kExpected[] =
      "\x80\x02\x5d\x71\x00\x28\x4b\x01\x4b\xff\x4d\x00\x01\x4d\xff\xff\x4a\x00\x00\x01\x00\x4a\xff\xff\xff\xff"
      "\x4a\x00\x00\x00\x80\x8a\x05\x00\x00\x00\x80\x00\x8a\x08\x00\x00\x00\x00\x00\x00\x00\x40\x8a\x08\x00\x00"
      "\x00\x00\x00\x00\x00\x80\x47\x3f\xf8\x00\x00\x00\x00\x00\x00\x58\x03\x00\x00\x00\x68\xc3\xa9\x71\x01\x65"
      "\x2e";
  EXPECT_EQ(pickler.finish(), bytes(kExpected, sizeof kExpected - 1));
}

// Hooks for streams that name no globals and hold no persistent ids.
struct NoGlobals : PickleReader::Hooks {
  Value find_class(const std::string& module, const std::string& name) override {
    ADD_FAILURE() << "GLOBAL " << module << "." << name;
    return Value::none();
  }
  Value persistent_load(const Value&) override { return Value::none(); }
  Value reduce(const Value&, const Value&) override { return Value::none(); }
  Value new_object(const Value&, const Value&) override { return Value::none(); }
  void build(const Value&, const Value&) override {}
};

TEST_F(TorchSerializationTest, ReadsCPythonProtocol4) {
  // {'a': (1.5, None, True, False), 's': {1, 2}, 'f': frozenset([3]), 'l': [[]] * 2}
  static const char kPickle[] =
      "\x80\x04\x95\x39\x00\x00\x00\x00\x00\x00\x00\x7d\x94\x28\x8c\x01\x61\x94\x28\x47\x3f\xf8\x00\x00\x00\x00"
      "\x00\x00\x4e\x88\x89\x74\x94\x8c\x01\x73\x94\x8f\x94\x28\x4b\x01\x4b\x02\x90\x8c\x01\x66\x94\x28\x4b\x03"
      "\x91\x94\x8c\x01\x6c\x94\x5d\x94\x28\x5d\x94\x68\x09\x65\x75\x2e";
  NoGlobals hooks;
  PickleReader reader(std::string_view(kPickle, sizeof kPickle - 1), hooks, false);
  const Value got = reader.load();
  EXPECT_EQ(lang::repr(got)->view(), "{'a': (1.5, None, True, False), 's': {1, 2}, 'f': frozenset({3}), 'l': [[], []]}");
  const Value l = lang::getitem(got, lang::str_value("l"));
  EXPECT_TRUE(lang::getitem(l, Value::integer(0)).is(lang::getitem(l, Value::integer(1)))); // one memoized list
}

TEST_F(TorchSerializationTest, WeightsOnlyRefusesOpcodesOfNewerProtocols) {
  // PROTO 2, then a protocol-4 FRAME (opcode 149) around NONE.
  static const char kPickle[] = "\x80\x02\x95\x02\x00\x00\x00\x00\x00\x00\x00\x4e\x2e";
  NoGlobals hooks;
  PickleReader reader(std::string_view(kPickle, sizeof kPickle - 1), hooks, true);
  EXPECT_EQ(testing::error_text([&] { reader.load(); }), "UnpicklingError: Unsupported operand 149");
  PickleReader unrestricted(std::string_view(kPickle, sizeof kPickle - 1), hooks, false);
  EXPECT_TRUE(unrestricted.load().is_none());
}

TEST_F(TorchSerializationTest, ZipRecordsAreStoredAndAlignedAndReadBack) {
  ZipArchiveWriter writer("ckpt");
  std::vector<std::pair<std::string, std::string>> records = {
      {"data.pkl", std::string(445, 'p')}, {"byteorder", "little"}, {"data/0", std::string(24, '\x01')},
      {"data/17", ""}, {"data/a_long_record_name", std::string(1000, 'x')}};
  for (const auto& [name, data] : records) writer.write_record(name, data);
  const std::string file = writer.finish();

  // Walk the local headers: method 0 (stored), data at a multiple of 64.
  size_t pos = 0, count = 0;
  while (file.compare(pos, 4, "PK\x03\x04") == 0) {
    auto u16 = [&](size_t at) { return static_cast<size_t>(static_cast<uint8_t>(file[at]) | (static_cast<uint8_t>(file[at + 1]) << 8)); };
    auto u32 = [&](size_t at) { return u16(at) | (u16(at + 2) << 16); };
    EXPECT_EQ(u16(pos + 8), 0u) << "compression method of record " << count;
    const size_t data = pos + 30 + u16(pos + 26) + u16(pos + 28);
    EXPECT_EQ(data % ZipArchiveWriter::kStorageAlignment, 0u) << "record " << count;
    pos = data + u32(pos + 18);
    ++count;
  }
  EXPECT_EQ(count, records.size() + 2); // and version, .data/serialization_id

  auto reader = ZipArchiveReader::open(file);
  ASSERT_TRUE(reader);
  EXPECT_EQ(reader->archive_name(), "ckpt");
  for (const auto& [name, data] : records) EXPECT_EQ(reader->get_record(name), data) << name;
  EXPECT_EQ(reader->get_record("version"), "3\n");
  EXPECT_EQ(reader->get_record(".data/serialization_id").size(), 40u);
  EXPECT_FALSE(reader->has_record("data/1"));
  EXPECT_EQ(testing::error_text([&] { reader->get_record("data/1"); }),
            "RuntimeError: PytorchStreamReader failed locating file data/1: file not found");
  EXPECT_FALSE(ZipArchiveReader::open("not a zip file"));
}

} // namespace
} // namespace refc::torch::serialization

// Tests of ContentStore: round trips, one file per content, and every way a
// data file can be wrong refused with its reason.
#include "repro/content_store.h"

#include <gtest/gtest.h>

#include <fstream>
#include <unistd.h>

namespace refc::repro {
namespace {

class ContentStoreTest : public ::testing::Test {
protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() / ("refc_store_test_" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  static std::vector<std::byte> bytes(std::string_view s) {
    std::vector<std::byte> out;
    for (char c : s) out.push_back(static_cast<std::byte>(c));
    return out;
  }
  // Overwrites one byte of a stored file.
  void poke(const std::string& key, std::streamoff at, char value) {
    std::fstream f(dir_ / key, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(at);
    f.put(value);
  }
  std::string error_of(const ContentStore& store, const std::string& key, size_t n) {
    try {
      store.read(key, n);
    } catch (const StoreError& e) {
      return e.what();
    }
    return "";
  }

  std::filesystem::path dir_;
};

TEST_F(ContentStoreTest, RoundTripsAndNamesFilesByContent) {
  ContentStore store(dir_);
  const auto data = bytes("sixteen bytes!!!");
  const std::string key = store.write(data);
  EXPECT_EQ(key.size(), 32u);
  EXPECT_EQ(key, content_key(data));
  EXPECT_EQ(store.write(data), key); // the same content, the same file
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir_), {}), 1);
  EXPECT_EQ(store.read(key, data.size()), data);
  EXPECT_NE(store.write(bytes("other")), key);
  const std::string empty = store.write({});
  EXPECT_TRUE(store.read(empty, 0).empty());
}

TEST_F(ContentStoreTest, RefusesWhatIsWrong) {
  ContentStore store(dir_);
  const auto data = bytes("some tensor bytes");
  const std::string key = store.write(data);
  EXPECT_NE(error_of(store, "0123456789abcdef0123456789abcdef", 3).find("is missing"), std::string::npos);
  EXPECT_NE(error_of(store, key, data.size() + 1).find("the repro expects"), std::string::npos);
  poke(key, 40 + 2, 'X'); // a payload byte
  EXPECT_NE(error_of(store, key, data.size()).find("was changed"), std::string::npos);
  poke(key, 8, 9); // the format version
  EXPECT_NE(error_of(store, key, data.size()).find("has format version 9"), std::string::npos);
  poke(key, 0, 'Z'); // the magic
  EXPECT_NE(error_of(store, key, data.size()).find("is not a refc data file"), std::string::npos);
}

} // namespace
} // namespace refc::repro

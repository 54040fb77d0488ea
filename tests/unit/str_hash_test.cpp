// Tests of Str: the hash (CPython 3.11's SipHash-1-3 with PYTHONHASHSEED=0 over
// Latin-1/UCS-2/UCS-4 storage; str_hash_test_data.py records CPython's values),
// code-point length and indexing of UTF-8 text, and the intern table.
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/str_object.h"

#include <gtest/gtest.h>

#include <string_view>

namespace refc::lang {
namespace {

#define SV(s) std::string_view(s, sizeof(s) - 1)

struct HashCase {
  std::string_view text;
  int64_t hash;
};

#include "str_hash_test_data.inc"

class StrHashTest : public ::testing::Test {
protected:
  static void SetUpTestSuite() { init_builtin_types(); }
};

TEST_F(StrHashTest, MatchesCPythonWithHashSeedZero) {
  for (const HashCase& c : kHashCases) {
    Ref<Str> s = make_str(std::string(c.text));
    EXPECT_EQ(s->hash(), c.hash) << "text bytes: " << c.text.size();
    EXPECT_EQ(s->hash(), c.hash) << "cached hash differs";
  }
}

TEST_F(StrHashTest, LengthAndCodePoints) {
  Ref<Str> s = make_str("a\u00e9\u20ac\U0001f600z");
  EXPECT_EQ(s->length, 5);
  EXPECT_FALSE(s->ascii);
  EXPECT_EQ(s->code_point(0), U'a');
  EXPECT_EQ(s->code_point(1), 0xe9u);
  EXPECT_EQ(s->code_point(2), 0x20acu);
  EXPECT_EQ(s->code_point(3), 0x1f600u);
  EXPECT_EQ(s->code_point(4), U'z');
  Ref<Str> a = make_str("plain");
  EXPECT_TRUE(a->ascii);
  EXPECT_EQ(a->length, 5);
  EXPECT_EQ(a->code_point(4), U'n');
}

TEST_F(StrHashTest, InternReturnsOneImmortalObject) {
  Str* a = intern("some_identifier");
  Str* b = intern(std::string("some_") + "identifier");
  EXPECT_EQ(a, b);
  EXPECT_TRUE(a->interned());
  EXPECT_GE(a->refcnt, Object::kImmortal);
  Ref<Str> c = make_str("some_identifier");
  EXPECT_NE(c.get(), a);
  EXPECT_TRUE(str_equal(c.get(), a));
  EXPECT_FALSE(c->interned());
}

} // namespace
} // namespace refc::lang

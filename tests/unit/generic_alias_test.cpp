// Unit tests of GenericAlias (list[int]) and UnionType (int | None): reprs,
// flattening and de-duplication of unions, equality, calling an alias and
// attribute forwarding, with CPython 3.11's output as the expectation.
#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/generic_alias.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/singletons.h"
#include "reference_compiler/lang/tuple_object.h"

#include <gtest/gtest.h>

namespace refc::lang {
namespace {

class GenericAliasTest : public ::testing::Test {
protected:
  void SetUp() override { init_builtin_types(); }
};

Value T(TypeObject* t) { return Value::borrow(t); }
std::string r(const Value& v) { return std::string(repr(v)->view()); }

TEST_F(GenericAliasTest, SubscriptedBuiltinsPrintLikeCPython) {
  Value list_int = getitem(T(types::list), T(types::int_));
  EXPECT_EQ(r(list_int), "list[int]");
  EXPECT_EQ(type_name(list_int), "GenericAlias");
  Value dict_alias = getitem(T(types::dict), Value(make_tuple({T(types::str), list_int})));
  EXPECT_EQ(r(dict_alias), "dict[str, list[int]]");
  EXPECT_EQ(r(getitem(T(types::tuple), Value(make_tuple({T(types::int_), ellipsis()})))),
            "tuple[int, ...]");
  EXPECT_EQ(r(getitem(T(types::tuple), Value(make_tuple({})))), "tuple[()]");
  EXPECT_EQ(r(getitem(T(types::type), T(types::int_))), "type[int]");
  EXPECT_TRUE(getattr(list_int, intern("__origin__")).is(T(types::list)));
  EXPECT_EQ(r(getattr(list_int, intern("__args__"))), "(<class 'int'>,)");
  EXPECT_TRUE(equals(list_int, getitem(T(types::list), T(types::int_))));
  EXPECT_EQ(hash(list_int), hash(getitem(T(types::list), T(types::int_))));
  // Calling an alias calls its origin; other attributes come from the origin.
  EXPECT_TRUE(isinstance(call(list_int, {}), types::list));
  EXPECT_TRUE(getattr(list_int, intern("append")).is(getattr(T(types::list), intern("append"))));
  std::string err;
  try {
    getitem(list_int, T(types::int_));
  } catch (PyError& e) {
    err = std::string(to_str(e.exc)->view());
  }
  EXPECT_EQ(err, "list[int] is not a generic class");
}

TEST_F(GenericAliasTest, UnionsFlattenAndDeduplicate) {
  Value int_or_none = binary_op(BinaryOp::Or, T(types::int_), Value::none());
  EXPECT_EQ(r(int_or_none), "int | None");
  EXPECT_EQ(type_name(int_or_none), "UnionType");
  EXPECT_EQ(r(binary_op(BinaryOp::Or, Value::none(), T(types::int_))), "None | int");
  Value three = binary_op(BinaryOp::Or, binary_op(BinaryOp::Or, T(types::int_), T(types::str)),
                          T(types::int_));
  EXPECT_EQ(r(three), "int | str");
  EXPECT_TRUE(binary_op(BinaryOp::Or, T(types::int_), T(types::int_)).is(T(types::int_)));
  EXPECT_TRUE(equals(int_or_none, binary_op(BinaryOp::Or, Value::none(), T(types::int_))));
  Value list_int = getitem(T(types::list), T(types::int_));
  EXPECT_EQ(r(binary_op(BinaryOp::Or, list_int, Value::none())), "list[int] | None");
  EXPECT_EQ(r(getattr(int_or_none, intern("__args__"))), "(<class 'int'>, <class 'NoneType'>)");
  std::string err;
  try {
    binary_op(BinaryOp::Or, T(types::int_), Value::integer(1));
  } catch (PyError& e) {
    err = std::string(to_str(e.exc)->view());
  }
  EXPECT_EQ(err, "unsupported operand type(s) for |: 'type' and 'int'");
}

} // namespace
} // namespace refc::lang

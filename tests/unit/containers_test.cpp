// Tests of the containers (tuple, list, dict, set/frozenset, range, slice, the
// dict views) and the iterators. Program cases recorded from CPython 3.11
// (containers_test_data.py writes containers_test_data.inc) are run through
// the interpreter and their results compared as reprs or exception texts;
// direct tests pin the C++ contracts other parts rely on (dict versions and
// the str fast path, Slice::indices, tuple hashing, sort exception safety).
#include "test_support.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/dict_object.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/interpreter.h"
#include "reference_compiler/lang/iterators.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/list_sort.h"
#include "reference_compiler/lang/module_object.h"
#include "reference_compiler/lang/range_object.h"
#include "reference_compiler/lang/set_object.h"
#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/lang/tuple_object.h"

#include <gtest/gtest.h>

#include <string>

namespace refc::lang {
namespace {

using testing::ProgramCase;

#include "containers_test_data.inc"

class ContainersTest : public testing::InterpreterTest {};

TEST_F(ContainersTest, ProgramsMatchCPython) { testing::expect_cases_match("container_case", kContainerCases); }

TEST_F(ContainersTest, DictVersionChangesOnEveryMutation) {
  Ref<Dict> d = make_dict();
  uint64_t v0 = d->version();
  d->set(intern("a"), Value::integer(1));
  uint64_t v1 = d->version();
  EXPECT_NE(v0, v1);
  d->set(intern("a"), Value::integer(2)); // replacing a value is a mutation too
  EXPECT_NE(v1, d->version());
  uint64_t v2 = d->version();
  EXPECT_TRUE(d->get(intern("a")).is(Value::integer(2)));
  EXPECT_EQ(v2, d->version()); // reads do not change it
  d->pop(str_value("a"));
  EXPECT_NE(v2, d->version());
  Ref<Dict> other = make_dict();
  EXPECT_NE(other->version(), d->version()); // globally unique
}

TEST_F(ContainersTest, DictStrFastPathFindsEqualNonInternedKeys) {
  Ref<Dict> d = make_dict();
  d->set(str_value("key"), Value::integer(7));
  EXPECT_TRUE(d->get(intern("key")).is(Value::integer(7)));
  int64_t ix = d->find_index(intern("key"));
  ASSERT_GE(ix, 0);
  EXPECT_TRUE(d->entries()[static_cast<size_t>(ix)].value.is(Value::integer(7)));
  EXPECT_EQ(d->find_index(intern("nope")), -1);
}

TEST_F(ContainersTest, DictKeepsInsertionOrderThroughGrowthAndDeletion) {
  Ref<Dict> d = make_dict();
  for (int i = 0; i < 1000; ++i) d->set(Value::integer(i * 7919 % 1000), Value::integer(i));
  for (int i = 0; i < 1000; i += 2) d->pop(Value::integer(i));
  EXPECT_EQ(d->size(), 500);
  int64_t prev_value = -1;
  for (const Dict::Entry& e : d->entries()) {
    if (e.key.is_null()) continue;
    EXPECT_GT(e.value.as_int(), prev_value);
    prev_value = e.value.as_int();
  }
  Value k, v;
  ASSERT_TRUE(d->pop_last(k, v));
  EXPECT_EQ(v.as_int(), prev_value);
}

TEST_F(ContainersTest, TupleHashIsCPythons) {
  // hash((1, 2)) and hash(()) under CPython 3.11.
  EXPECT_EQ(tuple_hash(make_tuple({Value::integer(1), Value::integer(2)}).get()),
            -3550055125485641917LL);
  EXPECT_EQ(tuple_hash(empty_tuple()), 5740354900026072187LL);
}

TEST_F(ContainersTest, SliceIndicesFollowAdjustIndices) {
  struct Case {
    Value start, stop, step;
    int64_t length, s, e, st, n;
  };
  Value none = Value::none();
  const Case cases[] = {
      {none, none, none, 5, 0, 5, 1, 5},
      {none, none, Value::integer(-1), 5, 4, -1, -1, 5},
      {Value::integer(-100), Value::integer(100), none, 5, 0, 5, 1, 5},
      {Value::integer(10), none, Value::integer(-2), 5, 4, -1, -2, 3},
      {Value::integer(3), Value::integer(1), none, 5, 3, 1, 1, 0},
      {none, none, Value::integer(INT64_MIN), 5, 4, -1, -INT64_MAX, 1},
  };
  for (const Case& c : cases) {
    Slice s(c.start, c.stop, c.step);
    int64_t a, b, st;
    EXPECT_EQ(s.indices(c.length, a, b, st), c.n);
    EXPECT_EQ(a, c.s);
    EXPECT_EQ(b, c.e);
    EXPECT_EQ(st, c.st);
  }
  Slice zero(none, none, Value::integer(0));
  int64_t a, b, st;
  EXPECT_THROW(zero.indices(3, a, b, st), PyError);
}

TEST_F(ContainersTest, FailedSortKeepsEveryItem) {
  // A comparison that raises midway must leave a permutation (here: the
  // original order) and no Null slots.
  std::vector<Value> items;
  for (int i = 0; i < 100; ++i) items.push_back(Value::integer((i * 37) % 100));
  items.insert(items.begin() + 60, str_value("x"));
  std::vector<Value> before = items;
  EXPECT_THROW(sort_values(items, Value(), false), PyError);
  ASSERT_EQ(items.size(), before.size());
  for (size_t i = 0; i < items.size(); ++i) EXPECT_TRUE(items[i].is(before[i]));
}

TEST_F(ContainersTest, SortIsStableWithReverse) {
  std::vector<Value> items;
  for (int i = 0; i < 300; ++i)
    items.push_back(Value(make_tuple({Value::integer(i % 3), Value::integer(i)})));
  Value key = interp().builtins->get(intern("len")); // every key is 2: order must not change
  std::vector<Value> before = items;
  sort_values(items, key, true);
  for (size_t i = 0; i < items.size(); ++i) EXPECT_TRUE(items[i].is(before[i]));
}

TEST_F(ContainersTest, NativeIteratorsStepWithoutStopIteration) {
  Value it = make_range_iterator(10, -3, 4);
  std::vector<int64_t> got;
  for (Value v = next_item(it); !v.is_null(); v = next_item(it)) got.push_back(v.as_int());
  EXPECT_EQ(got, (std::vector<int64_t>{10, 7, 4, 1}));
  Ref<List> l = make_list({Value::integer(1)});
  Value li = make_list_iterator(l);
  EXPECT_TRUE(next_item(li).is(Value::integer(1)));
  l->items.push_back(Value::integer(2)); // a list iterator sees appends
  EXPECT_TRUE(next_item(li).is(Value::integer(2)));
  EXPECT_TRUE(next_item(li).is_null());
}

TEST_F(ContainersTest, RangeLengthOverflowRaises) {
  Range r(INT64_MIN, INT64_MAX, 1);
  EXPECT_THROW(r.length(), PyError);
  Range ok(INT64_MIN, INT64_MAX, 4);
  EXPECT_EQ(ok.length(), int64_t{1} << 62);
}

} // namespace
} // namespace refc::lang

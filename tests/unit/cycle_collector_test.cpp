// Unit tests of the cycle collector: a cycle nothing outside references is
// freed, one referenced from outside survives whole, and a young object
// referenced only by an older generation survives a young collection.
#include "test_support.h"

#include "reference_compiler/lang/cycle_collector.h"
#include "reference_compiler/lang/dict_object.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/tuple_object.h"

#include <gtest/gtest.h>

namespace refc::lang {
namespace {

class CycleCollectorTest : public testing::BuiltinTypesTest {
protected:
  void SetUp() override {
    testing::BuiltinTypesTest::SetUp();
    cycle_collector::collect();
    baseline_ = cycle_collector::tracked_count();
  }
  int64_t extra() const { return cycle_collector::tracked_count() - baseline_; }
  int64_t baseline_ = 0;
};

TEST_F(CycleCollectorTest, FreesACycleNothingOutsideReferences) {
  {
    Ref<List> a = make_list();
    Ref<Dict> d = make_dict();
    a->items.push_back(Value(d));
    d->set(Value::integer(1), Value(a)); // a -> d -> a
  }
  EXPECT_EQ(extra(), 2);
  EXPECT_EQ(cycle_collector::collect(), 2);
  EXPECT_EQ(extra(), 0);
}

TEST_F(CycleCollectorTest, KeepsACycleReferencedFromOutside) {
  Ref<List> a = make_list();
  {
    Ref<Tuple> t = make_tuple({Value(a), Value::integer(7)});
    a->items.push_back(Value(t)); // a -> t -> a, and `a` held here
  }
  EXPECT_EQ(cycle_collector::collect(), 0);
  ASSERT_EQ(a->items.size(), 1u);
  auto* t = static_cast<Tuple*>(a->items[0].as_obj());
  EXPECT_EQ(t->items[0].as_obj(), a.get());
  EXPECT_EQ(t->items[1].as_int(), 7);
  a->items.clear();
  EXPECT_EQ(extra(), 1);
}

TEST_F(CycleCollectorTest, AYoungObjectReferencedByAnOldOneSurvivesAYoungCollection) {
  Ref<List> old = make_list();
  cycle_collector::collect(); // `old` moves to the oldest generation
  old->items.push_back(Value(make_list())); // referenced only by `old`
  EXPECT_EQ(cycle_collector::collect(0), 0);
  EXPECT_EQ(extra(), 2);
  old->items.clear();
  EXPECT_EQ(extra(), 1);
}

} // namespace
} // namespace refc::lang

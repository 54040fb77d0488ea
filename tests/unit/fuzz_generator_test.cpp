// The fuzz program generator's building blocks: the random stream is
// SplitMix64 exactly (so programs are the same on every machine), shape
// plans satisfy their constraints at every call and put calls on both sides
// of a branch's boundary, and a program is a function of its seed.
#include "fuzz/generator.h"
#include "fuzz/rng.h"
#include "fuzz/shape_plan.h"

#include <gtest/gtest.h>

#include <set>

namespace refc::fuzz {
namespace {

TEST(FuzzRng, IsSplitMix64) {
  // The reference outputs of SplitMix64 seeded with 0 (Vigna's splitmix64.c).
  Rng rng(0);
  EXPECT_EQ(rng.next(), 0xe220a8397b1dcdafULL);
  EXPECT_EQ(rng.next(), 0x6e789e6aa1b965f4ULL);
  EXPECT_EQ(rng.next(), 0x06c45d188009454fULL);
}

TEST(FuzzShapePlan, EveryCallSatisfiesTheConstraints) {
  for (uint64_t seed = 0; seed < 50; ++seed) {
    ShapePlan plan;
    const int a = plan.add_size(0, 6), b = plan.add_size(1, 6), c = plan.add_size(0, 4);
    plan.multiple_of(a, 2);
    plan.require({{{{b, 1}, {c, -1}}, 0}, Cmp::Ge}); // b >= c
    plan.branch({{{{a, 1}}, -3}, Cmp::Gt});           // a > 3
    plan.pair(b, c);
    Rng rng(seed);
    std::vector<std::set<std::string>> changes(8);
    const auto values = plan.plan(rng, 8, changes);
    ASSERT_EQ(values.size(), 8u);
    for (const auto& v : values) {
      EXPECT_TRUE(v[0] >= 0 && v[0] <= 6 && v[0] % 2 == 0) << v[0];
      EXPECT_TRUE(v[1] >= 1 && v[1] <= 6) << v[1];
      EXPECT_TRUE(v[2] >= 0 && v[2] <= 4) << v[2];
      EXPECT_GE(v[1], v[2]);
    }
  }
}

TEST(FuzzShapePlan, CallsLandOnBothSidesOfABranch) {
  int passing = 0, failing = 0;
  for (uint64_t seed = 0; seed < 40; ++seed) {
    ShapePlan plan;
    const int a = plan.add_size(0, 8);
    plan.branch({{{{a, 1}}, -4}, Cmp::Gt}); // a > 4: the boundary is 4 | 5
    Rng rng(seed);
    std::vector<std::set<std::string>> changes(6);
    const auto values = plan.plan(rng, 6, changes);
    for (size_t k = 1; k < values.size(); ++k)
      if (changes[k].count("sizes on a branch boundary")) {
        passing += values[k][0] == 5;
        failing += values[k][0] == 4;
        EXPECT_TRUE(values[k][0] == 4 || values[k][0] == 5) << values[k][0];
      }
  }
  EXPECT_GT(passing, 0);
  EXPECT_GT(failing, 0);
}

TEST(FuzzGenerator, AProgramIsAFunctionOfItsSeed) {
  for (uint64_t seed = 1; seed < 200; seed += 7) EXPECT_EQ(generate(seed).render(), generate(seed).render());
  EXPECT_NE(generate(1).render(), generate(2).render());
}

TEST(FuzzGenerator, FreshCompilesResetBeforeEveryCall) {
  const Program p = generate(3);
  const std::string fresh = p.render(/*fresh_compiles=*/true);
  size_t resets = 0;
  for (size_t at = fresh.find("torch._dynamo.reset()"); at != std::string::npos; at = fresh.find("torch._dynamo.reset()", at + 1))
    ++resets;
  EXPECT_EQ(resets, p.calls.size());
  EXPECT_EQ(p.render().find("torch._dynamo.reset()"), std::string::npos);
}

} // namespace
} // namespace refc::fuzz

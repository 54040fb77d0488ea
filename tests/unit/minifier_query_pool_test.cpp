// Tests of QueryPool: queries of one batch run side by side, each candidate
// runs once, and the reproducibility check tells a steady failure from a
// flaky one.
#include "minifier/query_pool.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <unistd.h>

namespace refc::minifier {
namespace {

class QueryPoolTest : public ::testing::Test {
protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() / ("refc_pool_test_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  Query sh(std::string key, std::string script) { return {std::move(key), {"sh", "-c", script}, dir_.string()}; }
  std::filesystem::path dir_;
};

// Each query waits (up to 10 s) until all three have started: they pass only if they ran at once.
TEST_F(QueryPoolTest, ABatchRunsSideBySide) {
  QueryPool pool(3, {});
  const std::string barrier = "echo x >> started; for i in $(seq 100); do "
                              "[ $(wc -l < started) -ge 3 ] && exit 0; sleep 0.1; done; exit 2";
  const std::vector<QueryResult> results = pool.run_all({sh("a", barrier), sh("b", barrier), sh("c", barrier)});
  for (const QueryResult& r : results) EXPECT_EQ(r.outcome, Outcome::Pass) << r.stderr_text;
  EXPECT_EQ(pool.queries_run(), 3u);
}

TEST_F(QueryPoolTest, EachCandidateRunsOnce) {
  QueryPool pool(2, {});
  const std::vector<QueryResult> first = pool.run_all({sh("k", "echo run >> count"), sh("k", "echo run >> count")});
  EXPECT_EQ(first[0].outcome, Outcome::Pass);
  EXPECT_EQ(first[1].outcome, Outcome::Pass);
  EXPECT_EQ(pool.run(sh("k", "echo run >> count")).outcome, Outcome::Pass);
  EXPECT_EQ(pool.queries_run(), 1u);
  EXPECT_EQ(pool.memo_hits(), 2u);
  EXPECT_EQ(std::filesystem::file_size(dir_ / "count"), 4u); // "run\n" once
}

TEST_F(QueryPoolTest, TellsASteadyFailureFromAFlakyOne) {
  QueryPool pool(2, {});
  const std::string fail = "printf 'Traceback (most recent call last):\\nRuntimeError: boom\\n' >&2; exit 1";
  const Reproduction steady = check_reproducible(pool, sh("steady", fail), 3);
  EXPECT_EQ(steady.first.outcome, Outcome::Fail);
  EXPECT_FALSE(steady.flaky());
  // Fails only in the run that makes the marker first: the others pass.
  const std::string sometimes = "mkdir once 2>/dev/null || exit 0; " + fail;
  const Reproduction flaky = check_reproducible(pool, sh("sometimes", sometimes), 3);
  EXPECT_TRUE(flaky.flaky());
  EXPECT_EQ(flaky.runs, 3);
  EXPECT_LT(flaky.same, 3);
}

} // namespace
} // namespace refc::minifier

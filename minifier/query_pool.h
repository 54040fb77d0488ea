// QueryPool: many queries at once, each asked once. Independent candidates
// of one reduction step (one granularity of delta debugging) run in
// parallel on `jobs` worker threads started with the pool, each query its
// own child process (run_query); results are memoised by the candidate's
// key (the content hash of what it runs), so a candidate met again costs
// nothing. The pool also checks the original failure several times before a
// reduction starts: a failure that does not repeat is reported as flaky.
#pragma once

#include "minifier/query.h"

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

namespace refc::minifier {

struct Query {
  std::string key; // what the candidate is (a content hash); equal keys, equal answers
  std::vector<std::string> argv;
  std::string cwd;
  std::vector<std::pair<std::string, std::string>> env = {}; // added to the environment
};

class QueryPool {
public:
  QueryPool(int jobs, QueryLimits limits);
  ~QueryPool();
  QueryPool(const QueryPool&) = delete;
  QueryPool& operator=(const QueryPool&) = delete;

  // The results of `queries`, in their order; each key runs at most once
  // over the pool's life. One caller at a time.
  std::vector<QueryResult> run_all(const std::vector<Query>& queries);
  QueryResult run(const Query& query) { return run_all({query}).front(); }

  size_t queries_run() const;   // child processes started
  size_t memo_hits() const;     // answers given from the memo

private:
  void work();

  QueryLimits limits_;
  std::vector<std::thread> workers_;
  mutable std::mutex mutex_;
  std::condition_variable wake_, done_;
  std::deque<std::function<void()>> tasks_;
  std::unordered_map<std::string, QueryResult> memo_;
  size_t queries_run_ = 0, memo_hits_ = 0, pending_ = 0;
  bool stopping_ = false;
};

// How the original behaves over `runs` runs: the first result, and whether
// every run failed the same way (a failure that comes and goes is flaky).
struct Reproduction {
  QueryResult first;
  int runs = 0, same = 0;
  bool flaky() const { return same != runs; }
};
Reproduction check_reproducible(QueryPool& pool, const Query& original, int runs);

} // namespace refc::minifier

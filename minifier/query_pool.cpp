// QueryPool: worker threads, the memo, and the reproducibility check.
#include "minifier/query_pool.h"

#include <algorithm>

namespace refc::minifier {

QueryPool::QueryPool(int jobs, QueryLimits limits) : limits_(limits) {
  for (int i = 0; i < std::max(jobs, 1); ++i) workers_.emplace_back([this] { work(); });
}

QueryPool::~QueryPool() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  for (std::thread& t : workers_) t.join();
}

void QueryPool::work() {
  for (;;) {
    std::function<void()> task;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return stopping_ || !tasks_.empty(); });
      if (tasks_.empty()) return;
      task = std::move(tasks_.front());
      tasks_.pop_front();
    }
    task();
  }
}

std::vector<QueryResult> QueryPool::run_all(const std::vector<Query>& queries) {
  std::vector<QueryResult> results(queries.size());
  std::unordered_map<std::string, std::vector<size_t>> waiting; // key -> positions asking for it
  {
    std::lock_guard lock(mutex_);
    for (size_t i = 0; i < queries.size(); ++i) {
      const Query& q = queries[i];
      if (auto it = memo_.find(q.key); it != memo_.end()) {
        results[i] = it->second;
        ++memo_hits_;
        continue;
      }
      std::vector<size_t>& positions = waiting[q.key];
      if (!positions.empty()) ++memo_hits_; // the same candidate twice in one batch
      positions.push_back(i);
    }
    for (auto& [key, positions] : waiting) {
      const Query& q = queries[positions.front()];
      ++pending_;
      ++queries_run_;
      tasks_.push_back([this, &q, &results, &positions] {
        QueryResult r = run_query(q.argv, limits_, q.cwd, q.env);
        std::lock_guard inner(mutex_);
        for (size_t i : positions) results[i] = r;
        memo_.emplace(q.key, std::move(r));
        if (--pending_ == 0) done_.notify_all();
      });
    }
  }
  wake_.notify_all();
  std::unique_lock lock(mutex_);
  done_.wait(lock, [this] { return pending_ == 0; });
  return results;
}

size_t QueryPool::queries_run() const {
  std::lock_guard lock(mutex_);
  return queries_run_;
}

size_t QueryPool::memo_hits() const {
  std::lock_guard lock(mutex_);
  return memo_hits_;
}

Reproduction check_reproducible(QueryPool& pool, const Query& original, int runs) {
  Reproduction r;
  // Distinct keys: the point is to run it again, not to remember it.
  std::vector<Query> copies;
  for (int i = 0; i < runs; ++i) copies.push_back({original.key + "#run" + std::to_string(i), original.argv, original.cwd, original.env});
  const std::vector<QueryResult> results = pool.run_all(copies);
  r.first = results.front();
  r.runs = runs;
  for (const QueryResult& q : results)
    r.same += q.outcome == r.first.outcome &&
              (q.outcome == Outcome::Pass || q.outcome == Outcome::Invalid || q.same_failure(r.first));
  return r;
}

} // namespace refc::minifier

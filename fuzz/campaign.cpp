// A fuzz campaign's driver (see campaign.h).
#include "fuzz/campaign.h"

#include "fuzz/generator.h"
#include "fuzz/rng.h"
#include "fuzz/worker.h"
#include "reference_compiler/lang/interpreter.h"
#include "minifier/program_reducer.h"
#include "minifier/query.h"

#include <nlohmann/json.hpp>

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <thread>
#include <vector>

namespace refc::fuzz {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;
using nlohmann::json;

namespace {

volatile std::sig_atomic_t g_interrupted = 0;

// A worker's memory grows with every program it checks (interned names,
// source text kept for tracebacks, caches the programs fill): it is replaced
// by a fresh one after this many programs, or sooner above this size.
constexpr uint64_t kRecycleAfterPrograms = 1000;
constexpr uint64_t kRecycleAboveBytes = uint64_t{1} << 30;

void write_file(const fs::path& path, const std::string& text) {
  const fs::path tmp = path.string() + ".tmp";
  std::ofstream(tmp, std::ios::binary) << text;
  fs::rename(tmp, path);
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// One worker process and the program it is checking.
class WorkerProcess {
public:
  WorkerProcess() {
    int to[2], from[2];
    if (pipe2(to, O_CLOEXEC) != 0 || pipe2(from, O_CLOEXEC) != 0) throw std::runtime_error("fuzz: cannot create pipes");
    const std::string self = minifier::self_executable();
    pid_ = fork();
    if (pid_ < 0) throw std::runtime_error("fuzz: cannot start a worker");
    if (pid_ == 0) {
      setpgid(0, 0);
      dup2(to[0], STDIN_FILENO);
      dup2(from[1], STDOUT_FILENO);
      const int devnull = open("/dev/null", O_WRONLY);
      dup2(devnull, STDERR_FILENO);
      execl(self.c_str(), self.c_str(), "fuzz", "--worker", static_cast<char*>(nullptr));
      _exit(127);
    }
    close(to[0]);
    close(from[1]);
    to_ = to[1];
    from_ = from[0];
  }
  // An idle worker ends on end of input, as a process should (a coverage
  // build writes its counters then); one still busy after a grace period is
  // killed.
  ~WorkerProcess() {
    close(to_);
    close(from_);
    if (pid_ <= 0) return;
    const auto deadline = Clock::now() + std::chrono::seconds(busy_ ? 0 : 10);
    while (waitpid(pid_, nullptr, WNOHANG) == 0) {
      if (Clock::now() >= deadline) {
        kill(-pid_, SIGKILL);
        kill(pid_, SIGKILL);
        waitpid(pid_, nullptr, 0);
        return;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
  }
  WorkerProcess(const WorkerProcess&) = delete;
  WorkerProcess& operator=(const WorkerProcess&) = delete;

  void start(uint64_t seed) {
    seed_ = seed;
    busy_ = true;
    started_ = Clock::now();
    const std::string line = std::to_string(seed) + "\n";
    // A worker that died already shows as the end of its output instead.
    [[maybe_unused]] const ssize_t written = write(to_, line.data(), line.size());
  }
  int fd() const { return from_; }
  bool busy() const { return busy_; }
  uint64_t answered() const { return answered_; }
  // Resident memory in bytes (0 when unknown).
  uint64_t resident_bytes() const {
    std::ifstream statm("/proc/" + std::to_string(pid_) + "/statm");
    uint64_t pages = 0, resident = 0;
    statm >> pages >> resident;
    return resident * static_cast<uint64_t>(sysconf(_SC_PAGESIZE));
  }
  uint64_t seed() const { return seed_; }
  double running_seconds() const { return std::chrono::duration<double>(Clock::now() - started_).count(); }

  // Reads what is available: the answer once a whole line is in, or nullopt.
  // `ended` is set when the worker is gone (end of file).
  std::optional<std::string> read_answer(bool& ended) {
    char buf[65536];
    const ssize_t n = read(from_, buf, sizeof buf);
    if (n <= 0) {
      ended = true;
      return std::nullopt;
    }
    buffer_.append(buf, static_cast<size_t>(n));
    const size_t eol = buffer_.find('\n');
    if (eol == std::string::npos) return std::nullopt;
    std::string line = buffer_.substr(0, eol);
    buffer_.erase(0, eol + 1);
    busy_ = false;
    ++answered_;
    return line;
  }
  // Kills the worker and says how it ended ("signal 11", "exit 1", "killed").
  std::string reap(bool kill_first) {
    if (kill_first) {
      kill(-pid_, SIGKILL);
      kill(pid_, SIGKILL);
    }
    int status = 0;
    waitpid(pid_, &status, 0);
    pid_ = -1;
    if (kill_first) return "killed";
    if (WIFSIGNALED(status)) return "signal " + std::to_string(WTERMSIG(status));
    return "exit " + std::to_string(WEXITSTATUS(status));
  }

private:
  pid_t pid_ = -1;
  int to_ = -1, from_ = -1;
  uint64_t seed_ = 0, answered_ = 0;
  bool busy_ = false;
  Clock::time_point started_;
  std::string buffer_;
};

struct FindingRecord {
  std::string signature, oracle, detail, folder;
  bool baseline = false; // a campaign with planted bugs: the program fails without them too
  uint64_t first_seed = 0;
  double first_seconds = 0;
  uint64_t count = 0;
  int reduced_lines = -1; // -1: not reduced
};

class Campaign {
public:
  explicit Campaign(const CampaignOptions& o) : o_(o), start_(Clock::now()) {}

  int run() {
    fs::create_directories(o_.out / "findings");
    fs::create_directories(o_.out / "corpus");
    std::vector<std::unique_ptr<WorkerProcess>> workers;
    for (int i = 0; i < o_.jobs; ++i) workers.push_back(std::make_unique<WorkerProcess>());
    for (auto& w : workers) hand_out(*w);
    auto last_status = Clock::now(), last_stats = Clock::now();
    while (!g_interrupted) {
      std::vector<pollfd> fds;
      for (auto& w : workers) fds.push_back({w->fd(), POLLIN, 0});
      poll(fds.data(), fds.size(), 100);
      bool any_busy = false;
      for (size_t i = 0; i < workers.size(); ++i) {
        WorkerProcess& w = *workers[i];
        if (!w.busy()) continue;
        if (fds[i].revents & (POLLIN | POLLHUP | POLLERR)) {
          bool ended = false;
          if (std::optional<std::string> answer = w.read_answer(ended)) {
            record(json::parse(*answer, nullptr, false));
            if (w.answered() >= kRecycleAfterPrograms || w.resident_bytes() > kRecycleAboveBytes) {
              workers[i] = std::make_unique<WorkerProcess>(); // the old one ends normally
              ++recycled_;
            }
          } else if (ended) {
            const std::string how = w.reap(false);
            lost(w.seed(), "crash", "worker died (" + how + ")");
            workers[i] = std::make_unique<WorkerProcess>();
          }
        } else if (w.running_seconds() > o_.program_timeout) {
          w.reap(true);
          lost(w.seed(), "hang", "no answer within " + std::to_string(static_cast<int>(o_.program_timeout)) + " s");
          workers[i] = std::make_unique<WorkerProcess>();
        }
        if (!workers[i]->busy()) hand_out(*workers[i]);
        any_busy |= workers[i]->busy();
      }
      if (!any_busy) break;
      if (Clock::now() - last_status > std::chrono::milliseconds(250)) {
        status_line();
        last_status = Clock::now();
      }
      if (Clock::now() - last_stats > std::chrono::seconds(10)) {
        write_stats();
        last_stats = Clock::now();
      }
    }
    workers.clear();
    elapsed_ = seconds();
    if (!o_.quiet && isatty(STDERR_FILENO)) std::cerr << "\r\033[K";
    if (o_.reduce && !g_interrupted) reduce_findings();
    write_stats();
    summary();
    return findings_.empty() ? 0 : 1;
  }

private:
  double seconds() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }

  bool should_stop() const {
    return g_interrupted || (o_.seconds > 0 && seconds() >= o_.seconds) || (o_.programs > 0 && next_index_ >= o_.programs) ||
           (o_.stop_on_finding && (planted_ ? planted_findings_ > 0 : !findings_.empty()));
  }

  void hand_out(WorkerProcess& w) {
    if (should_stop()) return;
    const uint64_t index = next_index_++ * static_cast<uint64_t>(o_.shards) + static_cast<uint64_t>(o_.shard);
    w.start(program_seed(o_.seed, index));
  }

  void record(const json& answer) {
    if (answer.is_discarded()) return;
    ++programs_;
    calls_ += answer.value("calls", 0);
    compiles_ += answer.value("compiles", 0);
    bool novel = false;
    for (const std::string f : answer.value("features", json::array())) novel |= ++features_[f] == 1;
    for (const std::string c : answer.value("changes", json::array())) novel |= ++changes_[c] == 1;
    const uint64_t seed = answer.value("seed", uint64_t{0});
    const std::string verdict = answer.value("verdict", "");
    if (verdict == "invalid") {
      ++invalid_;
      novel |= ++invalid_signatures_[answer.value("signature", "")] == 1;
    } else if (verdict == "finding") {
      found(seed, answer.value("oracle", ""), answer.value("signature", ""), answer.value("detail", ""));
    }
    if (novel) write_file(o_.out / "corpus" / (std::to_string(seed) + ".py"), generate(seed).render());
  }

  // A program whose worker crashed or hung.
  void lost(uint64_t seed, const std::string& oracle, const std::string& how) {
    ++programs_;
    ++restarts_;
    found(seed, oracle, oracle + ": " + how, how);
  }

  // With planted bugs, a finding counts for them only when the program
  // passes without them (a replay with none planted); otherwise it is a
  // baseline finding, kept apart under its own signature.
  bool without_planted_passes(uint64_t seed) const {
    minifier::QueryLimits limits;
    limits.wall = std::chrono::milliseconds(static_cast<int64_t>(o_.program_timeout * 1000));
    const minifier::QueryResult r = minifier::run_query({minifier::self_executable(), "fuzz", "--replay", std::to_string(seed)},
                                                        limits, {}, {{"TORCHDYNAMO_PLANTED_BUGS_TESTING_ONLY", ""}});
    return r.outcome == minifier::Outcome::Pass;
  }

  void found(uint64_t seed, const std::string& oracle, std::string signature, const std::string& detail) {
    const bool baseline = planted_ && !without_planted_passes(seed);
    if (baseline) signature += " [also without the planted bugs]";
    auto [it, inserted] = findings_.try_emplace(signature);
    FindingRecord& f = it->second;
    ++f.count;
    ++finding_count_;
    if (!baseline) ++planted_findings_;
    if (!inserted) return;
    f.baseline = baseline;
    f.signature = signature;
    f.oracle = oracle;
    f.detail = detail;
    f.first_seed = seed;
    f.first_seconds = seconds();
    char number[16];
    std::snprintf(number, sizeof number, "%03zu", findings_.size());
    f.folder = std::string(number) + "-" + oracle;
    const fs::path dir = o_.out / "findings" / f.folder;
    fs::create_directories(dir);
    write_file(dir / "program.py", generate(seed).render());
    write_finding(f);
  }

  void write_finding(const FindingRecord& f) {
    json j = {{"signature", f.signature}, {"oracle", f.oracle},          {"seed", f.first_seed}, {"baseline", f.baseline},
              {"count", f.count},         {"first_seconds", f.first_seconds}, {"detail", f.detail},
              {"replay", "refc fuzz --replay " + std::to_string(f.first_seed)}};
    if (f.reduced_lines >= 0) j["reduced_lines"] = f.reduced_lines;
    write_file(o_.out / "findings" / f.folder / "finding.json", j.dump(2) + "\n");
  }

  // Reduces each finding's program with the program reducer: a wrong result
  // must stay different from eager; an error, crash or hang must stay the
  // same failure. Precision findings have no failure to keep and are left.
  void reduce_findings() {
    for (auto& [signature, f] : findings_) {
      if (f.oracle == "duplicate_entry" || f.oracle == "excess_recompiles" || f.baseline) continue;
      const fs::path dir = o_.out / "findings" / f.folder;
      minifier::ReduceProgramOptions r;
      r.file = dir / "program.py";
      r.differs_from_eager = f.oracle == "stale_cache" || f.oracle == "eager_mismatch";
      r.run.jobs = o_.jobs;
      r.run.timeout = std::chrono::milliseconds(static_cast<int64_t>(o_.program_timeout * 1000));
      r.run.out_dir = dir / "reduce";
      r.run.reproduce_runs = 1;
      r.run.quiet = true;
      if (!o_.quiet) std::cerr << "fuzz: reducing " << f.folder << " (" << f.signature << ")\n";
      if (minifier::reduce_program(r) == 0 && fs::exists(r.run.out_dir / "program.py")) {
        const std::string reduced = read_file(r.run.out_dir / "program.py");
        write_file(dir / "reduced.py", reduced);
        int lines = 0;
        std::istringstream in(reduced);
        for (std::string l; std::getline(in, l);)
          if (l.find_first_not_of(" \t") != std::string::npos) ++lines;
        f.reduced_lines = lines;
      }
      write_finding(f);
    }
  }

  void status_line() const {
    if (o_.quiet || !isatty(STDERR_FILENO)) return;
    const double t = seconds();
    std::fprintf(stderr, "\r\033[Kfuzz %.0fs | %llu programs %.1f/s | %llu calls | %llu findings (%zu unique) | %llu invalid | %llu restarts",
                 t, static_cast<unsigned long long>(programs_), t > 0 ? static_cast<double>(programs_) / t : 0.0,
                 static_cast<unsigned long long>(calls_), static_cast<unsigned long long>(finding_count_), findings_.size(),
                 static_cast<unsigned long long>(invalid_), static_cast<unsigned long long>(restarts_));
  }

  void write_stats() const {
    const double t = elapsed_ > 0 ? elapsed_ : seconds();
    json findings = json::array();
    for (const auto& [signature, f] : findings_) {
      json j = {{"signature", signature}, {"oracle", f.oracle}, {"baseline", f.baseline}, {"count", f.count}, {"first_seed", f.first_seed},
                {"first_seconds", f.first_seconds}, {"folder", "findings/" + f.folder}};
      if (f.reduced_lines >= 0) j["reduced_lines"] = f.reduced_lines;
      findings.push_back(j);
    }
    const json stats = {{"seed", o_.seed},
                        {"shard", std::to_string(o_.shard) + "/" + std::to_string(o_.shards)},
                        {"jobs", o_.jobs},
                        {"planted", planted_ ? std::getenv("TORCHDYNAMO_PLANTED_BUGS_TESTING_ONLY") : ""},
                        {"seconds", t},
                        {"programs", programs_},
                        {"programs_per_second", t > 0 ? static_cast<double>(programs_) / t : 0.0},
                        {"calls", calls_},
                        {"calls_per_second", t > 0 ? static_cast<double>(calls_) / t : 0.0},
                        {"compiles", compiles_},
                        {"invalid", invalid_},
                        {"invalid_by_signature", invalid_signatures_},
                        {"worker_restarts", restarts_},
                        {"workers_recycled", recycled_},
                        {"findings", findings},
                        {"coverage", {{"generators", features_}, {"call_changes", changes_}}}};
    write_file(o_.out / "stats.json", stats.dump(2) + "\n");
  }

  void summary() const {
    if (o_.quiet) return;
    const double t = elapsed_;
    std::fprintf(stderr, "fuzz: %llu programs in %.1f s (%.1f programs/s, %.1f calls/s), %llu invalid, %llu findings, %zu unique\n",
                 static_cast<unsigned long long>(programs_), t, static_cast<double>(programs_) / t,
                 static_cast<double>(calls_) / t, static_cast<unsigned long long>(invalid_),
                 static_cast<unsigned long long>(finding_count_), findings_.size());
    for (const auto& [signature, f] : findings_) {
      std::fprintf(stderr, "  %-28s x%-5llu first at %.1f s, seed %llu", f.folder.c_str(), static_cast<unsigned long long>(f.count),
                   f.first_seconds, static_cast<unsigned long long>(f.first_seed));
      if (f.reduced_lines >= 0) std::fprintf(stderr, ", reduced to %d lines", f.reduced_lines);
      std::fprintf(stderr, "\n    %s\n", signature.c_str());
    }
    std::fprintf(stderr, "fuzz: details in %s\n", (o_.out / "stats.json").string().c_str());
  }

  const CampaignOptions& o_;
  const bool planted_ = std::getenv("TORCHDYNAMO_PLANTED_BUGS_TESTING_ONLY") && *std::getenv("TORCHDYNAMO_PLANTED_BUGS_TESTING_ONLY");
  uint64_t planted_findings_ = 0;
  Clock::time_point start_;
  double elapsed_ = 0;
  uint64_t next_index_ = 0, programs_ = 0, calls_ = 0, compiles_ = 0, invalid_ = 0, restarts_ = 0, recycled_ = 0,
           finding_count_ = 0;
  std::map<std::string, FindingRecord> findings_;
  std::map<std::string, uint64_t> features_, changes_, invalid_signatures_;
};

} // namespace

std::optional<double> parse_duration(const std::string& text) {
  size_t used = 0;
  double value = 0;
  try {
    value = std::stod(text, &used);
  } catch (const std::exception&) {
    return std::nullopt;
  }
  const std::string unit = text.substr(used);
  const double scale = unit.empty() || unit == "s" ? 1 : unit == "m" ? 60 : unit == "h" ? 3600 : -1;
  if (scale < 0 || value < 0) return std::nullopt;
  return value * scale;
}

std::optional<std::pair<int, int>> parse_shard(const std::string& text) {
  int i = 0, n = 0;
  char slash = 0, rest = 0;
  if (std::sscanf(text.c_str(), "%d%c%d%c", &i, &slash, &n, &rest) != 3 || slash != '/' || n < 1 || i < 0 || i >= n)
    return std::nullopt;
  return std::pair{i, n};
}

int run_campaign(const CampaignOptions& options) {
  std::signal(SIGINT, [](int) { g_interrupted = 1; });
  std::signal(SIGPIPE, SIG_IGN);
  return Campaign(options).run();
}

int replay(uint64_t seed, bool as_json) {
  return lang::run_on_program_stack([&] {
    const auto start = Clock::now();
    const Program program = generate(seed);
    ProgramRunner runner;
    const Verdict verdict = check(runner, program);
    const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    json answer = verdict_json(program, verdict, seconds);
    if (as_json) {
      answer["program"] = program.render();
      std::cout << answer.dump(2) << "\n";
    } else {
      std::cout << program.render();
      std::cerr << "fuzz: seed " << seed << ": " << answer["verdict"].get<std::string>()
                << (verdict.signature.empty() ? "" : " - " + verdict.signature) << "\n";
      if (verdict.kind == Verdict::Finding) std::cerr << verdict.detail << "\n";
    }
    return verdict.kind == Verdict::Finding ? 1 : 0;
  });
}

} // namespace refc::fuzz

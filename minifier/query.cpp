// run_query over Boost.Process, and the Signature of a refc traceback.
#include "minifier/query.h"

#include <boost/process.hpp>
#include <boost/process/extend.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <optional>
#include <regex>
#include <sstream>
#include <sys/resource.h>
#include <sys/wait.h>
#include <thread>

namespace refc::minifier {

namespace bp = boost::process;

namespace {

// In the child, before exec: no core files, and the address-space limit.
struct ChildLimits : bp::extend::handler {
  size_t address_space = 0;
  template <class Executor> void on_exec_setup(Executor&) const {
    const rlimit core{0, 0};
    setrlimit(RLIMIT_CORE, &core);
    if (kAddressSpaceLimitApplies && address_space) {
      const rlimit as{address_space, address_space};
      setrlimit(RLIMIT_AS, &as);
    }
  }
};

std::string slurp(const boost::filesystem::path& path) {
  std::ifstream in(path.string(), std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The lines of the last traceback's final exception: "Type: message" (and,
// for a backend failure, the inner exception after "raised:").
struct ExceptionLine {
  std::string type, message;
  bool backend = false;
};

std::optional<ExceptionLine> last_exception(const std::string& text) {
  static const std::regex line(R"(^([A-Za-z_][\w.]*(?:Error|Exception|Exit|Interrupt|Failed|Warning)):? ?(.*)$)");
  std::vector<std::string> lines;
  std::stringstream s(text);
  for (std::string l; std::getline(s, l);) lines.push_back(l);
  const auto traceback = std::find(lines.rbegin(), lines.rend(), "Traceback (most recent call last):");
  if (traceback == lines.rend()) return std::nullopt;
  std::optional<ExceptionLine> found;
  for (auto it = traceback.base(); it != lines.end(); ++it) {
    std::smatch m;
    if (it->empty() || (*it)[0] == ' ' || !std::regex_match(*it, m, line)) continue;
    const std::string type = m[1].str();
    if (!found) found = ExceptionLine{type, m[2].str(), false};
    // BackendCompilerFailed: "backend='eager' raised:" then the backend's own exception.
    if (type.ends_with("BackendCompilerFailed")) {
      found->backend = true;
      if (std::next(it) != lines.end()) {
        std::smatch inner;
        if (std::regex_match(*std::next(it), inner, line)) {
          found->type = inner[1].str();
          found->message = inner[2].str();
        }
      }
      break;
    }
    if (found) break;
  }
  return found;
}

// Numbers, hex digests, paths and quoted text vary between runs and candidates.
std::string message_template(const std::string& message) {
  static const std::regex path(R"((/[\w.\-]+)+)");
  static const std::regex quoted(R"('[^']*'|"[^"]*")");
  static const std::regex hex(R"(\b(0x)?[0-9a-f]{8,}\b)");
  static const std::regex number(R"(-?\b\d+(\.\d+)?(e[-+]?\d+)?\b)");
  std::string t = std::regex_replace(message, path, "<path>");
  t = std::regex_replace(t, quoted, "<str>");
  t = std::regex_replace(t, hex, "<hex>");
  return std::regex_replace(t, number, "<n>");
}

// The op whose graph line raised: the source line of the last graph frame
// (`File "<eval_with_key>.N"`) of the last traceback, reduced to what it
// calls - "torch.relu", ".cos" for a method, "+" for an operator,
// "getitem" - or "" when no graph frame is on the stack.
std::string failing_op(const std::string& text) {
  static const std::regex assignment(R"(^\s*\w+(?:: "[^"]*")? = (.*?)(?:;  .*)?$)");
  static const std::regex call(R"(^([A-Za-z_][\w.]*)\()");
  static const std::regex binary(R"(^[\w.]+ (\*\*|//|<<|>>|<=|>=|==|!=|[-+*/%@&|^<>]) )");
  static const std::regex subscript(R"(^\w+\[)");
  std::vector<std::string> lines;
  std::stringstream s(text);
  for (std::string l; std::getline(s, l);) lines.push_back(l);
  const auto start = std::find(lines.rbegin(), lines.rend(), "Traceback (most recent call last):");
  std::string source;
  for (auto it = start == lines.rend() ? lines.begin() : start.base(); it != lines.end(); ++it)
    if (it->starts_with("  File \"<eval_with_key>.") && std::next(it) != lines.end() && std::next(it)->starts_with("    "))
      source = *std::next(it);
  std::smatch m;
  if (!std::regex_match(source, m, assignment)) return {};
  const std::string expr = m[1].str();
  if (std::regex_search(expr, m, call)) {
    const std::string callee = m[1].str();
    const size_t dot = callee.find('.');
    const std::string head = callee.substr(0, dot);
    if (dot != std::string::npos && head != "torch" && head != "operator" && head != "math")
      return callee.substr(callee.rfind('.')); // a method of a graph value
    return callee;
  }
  if (std::regex_search(expr, m, binary)) return m[1].str();
  if (std::regex_search(expr, m, subscript)) return "getitem";
  return {};
}

} // namespace

std::string Signature::str() const {
  return stage + " " + exception_type + ": " + message_template + (op.empty() ? "" : " [in " + op + "]");
}

const char* outcome_name(Outcome o) {
  switch (o) {
  case Outcome::Pass: return "PASS";
  case Outcome::Fail: return "FAIL";
  case Outcome::Crash: return "CRASH";
  case Outcome::Timeout: return "TIMEOUT";
  case Outcome::Invalid: return "INVALID";
  }
  return "?";
}

std::string describe(const QueryResult& r) {
  switch (r.outcome) {
  case Outcome::Fail: return r.signature.str();
  case Outcome::Crash: return "crash (signal " + std::to_string(r.signal) + ")";
  case Outcome::Timeout: return "timeout (a hang)";
  case Outcome::Pass: return "no failure";
  case Outcome::Invalid: return "no failure (exit status " + std::to_string(r.exit_code) + ", no exception)";
  }
  return "?";
}

std::string self_executable() {
  std::error_code ec;
  const std::filesystem::path p = std::filesystem::read_symlink("/proc/self/exe", ec);
  return ec ? std::string("refc") : p.string();
}

bool QueryResult::same_failure(const QueryResult& target) const {
  if (outcome != target.outcome) return false;
  switch (outcome) {
  case Outcome::Fail: return signature.matches(target.signature);
  case Outcome::Crash: return signal == target.signal;
  case Outcome::Timeout: return true;
  default: return false;
  }
}

Signature signature_of(const std::string& stderr_text) {
  const std::optional<ExceptionLine> e = last_exception(stderr_text);
  if (!e) return {};
  std::string type = e->type;
  if (const size_t dot = type.rfind('.'); dot != std::string::npos) type = type.substr(dot + 1);
  return {e->backend ? "compile" : "run", type, message_template(e->message), failing_op(stderr_text)};
}

QueryResult run_query(const std::vector<std::string>& argv, const QueryLimits& limits, const std::string& cwd,
                      const std::vector<std::pair<std::string, std::string>>& env) {
  QueryResult r;
  boost::filesystem::path dir = boost::filesystem::temp_directory_path() / boost::filesystem::unique_path("refc-query-%%%%%%%%");
  boost::filesystem::create_directories(dir);
  const boost::filesystem::path out = dir / "stdout", err = dir / "stderr";
  bp::environment environment = boost::this_process::environment();
  // Not environment[name]: Boost's lookup compares NAME= against each entry
  // without checking the entry's length first and reads past a shorter one;
  // set() checks it.
  for (const auto& [name, value] : env) environment.set(name, value);
  const boost::filesystem::path program =
      argv.at(0).find('/') == std::string::npos ? bp::search_path(argv[0]) : boost::filesystem::path(argv[0]);
  ChildLimits child_limits;
  child_limits.address_space = limits.address_space_bytes;
  const auto start = std::chrono::steady_clock::now();
  bp::group group;
  int status = 0;
  bool timed_out = false;
  try {
    bp::child child(program, bp::args(std::vector<std::string>(argv.begin() + 1, argv.end())), bp::std_in < bp::null,
                    bp::std_out > out, bp::std_err > err, environment,
                    bp::start_dir(cwd.empty() ? boost::filesystem::current_path() : boost::filesystem::path(cwd)), group,
                    child_limits);
    // Poll rather than wait_for: a hang ends at the limit, whatever it does.
    while (child.running()) {
      if (std::chrono::steady_clock::now() - start >= limits.wall) {
        timed_out = true;
        group.terminate();
        break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    child.wait();
    status = child.native_exit_code();
  } catch (const bp::process_error& e) {
    boost::filesystem::remove_all(dir);
    r.stderr_text = std::string("cannot run ") + argv[0] + ": " + e.what();
    return r; // Invalid
  }
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  r.stdout_text = slurp(out);
  r.stderr_text = slurp(err);
  boost::filesystem::remove_all(dir);
  if (timed_out) {
    r.outcome = Outcome::Timeout;
  } else if (WIFSIGNALED(status)) {
    r.outcome = Outcome::Crash;
    r.signal = WTERMSIG(status);
  } else {
    r.exit_code = WEXITSTATUS(status);
    r.signature = signature_of(r.stderr_text);
    r.outcome = r.exit_code == 0 ? Outcome::Pass : r.signature.exception_type.empty() ? Outcome::Invalid : Outcome::Fail;
  }
  return r;
}

} // namespace refc::minifier

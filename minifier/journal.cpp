// The journal: writing events, reading an interrupted run back.
#include "minifier/journal.h"

namespace refc::minifier {

Journal::Journal(const std::filesystem::path& path, bool append)
    : out_(path, append ? std::ios::app : std::ios::trunc) {
  if (!out_) throw std::runtime_error("cannot write " + path.string());
}

void Journal::write(const Json& event) {
  out_ << event.dump() << '\n';
  out_.flush(); // a kill loses at most the line being written
}

Json result_json(const QueryResult& r) {
  Json j{{"outcome", outcome_name(r.outcome)}};
  if (r.outcome == Outcome::Fail)
    j["signature"] = {{"stage", r.signature.stage}, {"type", r.signature.exception_type},
                      {"message", r.signature.message_template}, {"op", r.signature.op}};
  if (r.outcome == Outcome::Crash) j["signal"] = r.signal;
  if (r.outcome == Outcome::Invalid) j["exit_code"] = r.exit_code;
  j["seconds"] = r.seconds;
  return j;
}

QueryResult result_from_json(const Json& j) {
  QueryResult r;
  const std::string outcome = j.at("outcome");
  for (Outcome o : {Outcome::Pass, Outcome::Fail, Outcome::Crash, Outcome::Timeout, Outcome::Invalid})
    if (outcome == outcome_name(o)) r.outcome = o;
  if (j.contains("signature")) {
    const Json& s = j["signature"];
    r.signature = {s.at("stage"), s.at("type"), s.at("message"), s.value("op", "")};
  }
  r.signal = j.value("signal", 0);
  r.exit_code = j.value("exit_code", 0);
  return r;
}

std::optional<JournalState> read_journal(const std::filesystem::path& path) {
  std::ifstream in(path);
  if (!in) return std::nullopt;
  JournalState state;
  for (std::string line; std::getline(in, line);) {
    const Json e = Json::parse(line, nullptr, /*allow_exceptions=*/false);
    if (e.is_discarded() || !e.is_object()) continue; // the line a kill cut short
    const std::string kind = e.value("event", "");
    if (kind == "start") state.start = e;
    else if (kind == "target") state.target = result_from_json(e.at("result"));
    else if (kind == "query") state.answers[e.at("key")] = e.at("reproduces");
    else if (kind == "accepted") state.checkpoint = e.at("key");
  }
  if (!state.target) return std::nullopt;
  return state;
}

} // namespace refc::minifier

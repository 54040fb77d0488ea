// The named graph breaks (graph_breaks.def) made into Unsupported values,
// and an Unsupported rendered as torch._dynamo.exc words it.
#include "reference_compiler/dynamo/output_graph.h"

#include <algorithm>

namespace refc::dynamo {

namespace {

struct GraphBreakText {
  const char* reason;
  const char* gb_type;
  const char* explanation;
  const char* id;
  const char* context;
  const char* hints;
};
constexpr GraphBreakText kGraphBreaks[] = {
#define REFC_GRAPH_BREAK(kind, reason, gb_type, explanation, id, context, hints) \
  {reason, gb_type, explanation, id, context, hints},
#include "reference_compiler/dynamo/graph_breaks.def"
#undef REFC_GRAPH_BREAK
};

std::string substitute(std::string text, const std::vector<std::string>& args) {
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string slot = "{" + std::to_string(i) + "}";
    for (size_t at = text.find(slot); at != std::string::npos; at = text.find(slot, at + args[i].size()))
      text.replace(at, slot.size(), args[i]);
  }
  return text;
}

} // namespace

Unsupported make_graph_break(GraphBreak kind, const std::vector<std::string>& args) {
  const GraphBreakText& t = kGraphBreaks[static_cast<size_t>(kind)];
  Unsupported u;
  u.reason = substitute(t.reason, args);
  u.gb_type = substitute(t.gb_type, args);
  u.explanation = substitute(t.explanation, args);
  u.gb_id = t.id;
  u.context = substitute(t.context, args);
  const std::string hints = substitute(t.hints, args);
  for (size_t at = 0; at < hints.size();) {
    const size_t end = std::min(hints.find('\n', at), hints.size());
    u.hints.push_back(hints.substr(at, end - at));
    at = end + 1;
  }
  u.skip_frame = kind == GraphBreak::UserSkipFrame;
  u.data_dependent_jump = kind == GraphBreak::DataDependentJump;
  return u;
}

// torch._dynamo.exc.format_graph_break_message, layout included.
std::string Unsupported::describe() const {
  std::string out = gb_type + "\n  Explanation: " + explanation + "\n";
  for (size_t i = 0; i < hints.size(); ++i) out += (i ? "\n  Hint: " : "  Hint: ") + hints[i];
  out += "\n\n  Developer debug context: " + context + "\n";
  if (!gb_id.empty())
    out += "\n For more details about this graph break, please visit: "
           "https://meta-pytorch.github.io/compile-graph-break-site/gb/gb" + gb_id + ".html";
  return out;
}

void graph_break(GraphBreak kind, const std::vector<std::string>& args) { throw make_graph_break(kind, args); }

void unsupported(std::string reason) {
  Unsupported u;
  u.reason = std::move(reason);
  u.gb_type = u.reason.starts_with("Unsupported: ") ? u.reason.substr(13) : u.reason;
  throw u;
}

} // namespace refc::dynamo

// update_automatic_dynamic: the join and its logs, which print the parts of
// an entry as Python's str() and repr() show them.
#include "reference_compiler/dynamo/automatic_dynamic.h"

#include "reference_compiler/logging/logs.h"

#include <optional>

namespace refc::dynamo {

namespace {

constexpr const char* kPgoLogger = "torch._dynamo.pgo";
constexpr const char* kShapesLogger = "torch.fx.experimental.symbolic_shapes";

// str() of a tuple shows its elements' repr().
constexpr ValueText kStr{};
constexpr ValueText kRepr{.repr = true};

template <class Element>
std::string
str_tuple_state(const std::variant<AutoUnset, std::vector<Element>, AutoDynamic>& state) {
  if (const auto* elements = std::get_if<std::vector<Element>>(&state)) {
    std::string out = "(";
    for (size_t i = 0; i < elements->size(); ++i)
      out += (i ? ", " : "") + std::visit(kRepr, (*elements)[i]);
    return out + (elements->size() == 1 ? ",)" : ")");
  }
  return std::holds_alternative<AutoUnset>(state) ? kStr(auto_unset) : kStr(auto_dynamic);
}

void log_marking(const std::string& source) {
  logging::log(kShapesLogger, logging::kInfo,
               "marking " + source + " as dynamic (from automatic dynamic/PGO)");
}

// log_tup: one part (size or stride) changed; `dim` names the element when
// the ranks agree.
template <class Element>
void log_part_change(const char* part, const std::string& source, const std::string& short_reason,
                     const std::variant<AutoUnset, std::vector<Element>, AutoDynamic>& observed,
                     const std::variant<AutoUnset, std::vector<Element>, AutoDynamic>& old,
                     std::optional<size_t> dim) {
  log_marking(source);
  if (!logging::enabled(kPgoLogger, logging::kDebug)) return;
  auto text = [&](const std::variant<AutoUnset, std::vector<Element>, AutoDynamic>& state) {
    return dim ? std::visit(kStr, std::get<std::vector<Element>>(state)[*dim])
               : str_tuple_state(state);
  };
  logging::log(kPgoLogger, logging::kDebug,
               std::string("automatic dynamic ") + part + " " + source + " " + short_reason + " " +
                   text(observed) + " != " + text(old));
}

template <class Element>
void log_tuple_changes(const char* part, const std::string& source,
                       const std::variant<AutoUnset, std::vector<Element>, AutoDynamic>& observed,
                       const std::variant<AutoUnset, std::vector<Element>, AutoDynamic>& old) {
  const auto* new_elements = std::get_if<std::vector<Element>>(&observed);
  const auto* old_elements = std::get_if<std::vector<Element>>(&old);
  if (!new_elements || !old_elements) {
    log_part_change(part, source, "other", observed, old, std::nullopt);
  } else if (new_elements->size() != old_elements->size()) {
    log_part_change(part, source, "dim", observed, old, std::nullopt);
  } else {
    // Every dim that differs from the state before, dynamic ones included.
    for (size_t i = 0; i < new_elements->size(); ++i)
      if (!((*old_elements)[i] == (*new_elements)[i]))
        log_part_change(part, source, std::string(part) + "(" + std::to_string(i) + ")", observed,
                        old, i);
  }
}

} // namespace

FrameStateEntry& update_automatic_dynamic(CodeState& state, const std::string& source,
                                          const FrameStateEntry& observed,
                                          const AutomaticDynamicOptions& options) {
  if (!options.automatic_dynamic_shapes) {
    FrameStateEntry& entry = state[source];
    logging::log(kPgoLogger, logging::kDebug,
                 "automatic dynamic is off, overwriting int " + source + " val " +
                     std::visit(kStr, entry.scalar_state()) + " -> " +
                     std::visit(kStr, observed.scalar_state()));
    entry = observed;
    return entry;
  }
  const bool is_update = state.contains(source);
  FrameStateEntry& entry = state[source];
  const FrameStateEntry old = entry;
  entry |= observed;
  if (!is_update) return entry;
  if (!(old.scalar_state() == entry.scalar_state())) {
    log_marking(source);
    logging::log(kPgoLogger, logging::kDebug,
                 "automatic dynamic int " + source + " val " +
                     std::visit(kStr, observed.scalar_state()) +
                     " != " + std::visit(kStr, old.scalar_state()));
    if (options.is_unspecialized_nn_module)
      logging::log(
          kPgoLogger, logging::kInfo,
          source +
              " is converted to a symbolic integer. It is an attribute of a user defined nn module "
              "class. If you wish to keep it static, you can mark the nn module class as "
              "`torch._dynamo.mark_static`.");
  }
  if (!(old.size_state() == entry.size_state()))
    log_tuple_changes("size", source, observed.size_state(), old.size_state());
  if (!(old.stride_state() == entry.stride_state()))
    log_tuple_changes("stride", source, observed.stride_state(), old.stride_state());
  return entry;
}

} // namespace refc::dynamo

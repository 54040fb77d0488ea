// BackendIdentity: the backend a cache entry was compiled for, so that a
// frame compiled under one backend is not run under another (2.14's
// CacheEntry.backend and eval_frame's backend_match). Equal backends share
// one canonical identity, so the per-call check is a pointer compare; its
// description is the one 2.14's describe_backend prints in a BACKEND_MATCH
// recompile reason.
#pragma once

#include "reference_compiler/lang/value.h"

#include <memory>
#include <optional>
#include <string>

namespace refc::dynamo {

struct BackendIdentity {
  lang::Value backend;            // the resolved callable
  std::string wrapper;            // torch.compile's wrapper class, empty for torch._dynamo.optimize
  std::optional<bool> dynamic;    // part of the identity only with a wrapper
  std::string description;        // without its "(id=...)"

  // "DESCRIPTION (id=0x...)": the id is the wrapper's (this identity) or,
  // without one, the backend callable's, as id() is in 2.14.
  std::string describe() const;
};

// The canonical identity equal to (backend, wrapper, dynamic): 2.14's
// _TorchCompileWrapper.__eq__ (same compiler function, same dynamic) for a
// torch.compile wrapper, the same callable otherwise. `description` is kept
// from the first identity made.
std::shared_ptr<const BackendIdentity> canonical_backend(const lang::Value& backend, const std::string& wrapper,
                                                         std::optional<bool> dynamic, const std::string& description);

// "BACKEND_MATCH failure: torch.compile detected different backend callables. ..."
std::string backend_match_failure(const BackendIdentity& cached, const BackendIdentity& current);

} // namespace refc::dynamo

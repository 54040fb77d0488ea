// BackendIdentity: canonical backend identities and their BACKEND_MATCH
// message (see backend_identity.h).
#include "reference_compiler/dynamo/backend_identity.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <vector>

namespace refc::dynamo {

namespace {

std::string hex_id(const void* p) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%#lx", static_cast<unsigned long>(reinterpret_cast<uintptr_t>(p)));
  return buf;
}

// The identities some context or cache entry still holds.
std::vector<std::weak_ptr<const BackendIdentity>>& live_identities() {
  static std::vector<std::weak_ptr<const BackendIdentity>> identities;
  return identities;
}

} // namespace

std::string BackendIdentity::describe() const {
  const void* id = wrapper.empty() && backend.is_obj() ? static_cast<const void*>(backend.as_obj())
                                                        : static_cast<const void*>(this);
  return description + " (id=" + hex_id(id) + ")";
}

std::shared_ptr<const BackendIdentity> canonical_backend(const lang::Value& backend, const std::string& wrapper,
                                                         std::optional<bool> dynamic, const std::string& description) {
  auto& identities = live_identities();
  std::erase_if(identities, [](const auto& w) { return w.expired(); });
  const std::optional<bool> key_dynamic = wrapper.empty() ? std::nullopt : dynamic;
  for (const auto& w : identities) {
    std::shared_ptr<const BackendIdentity> id = w.lock();
    if (id->wrapper == wrapper && id->dynamic == key_dynamic && id->backend.is(backend)) return id;
  }
  auto id = std::make_shared<const BackendIdentity>(BackendIdentity{backend, wrapper, key_dynamic, description});
  identities.push_back(id);
  return id;
}

std::string backend_match_failure(const BackendIdentity& cached, const BackendIdentity& current) {
  return "BACKEND_MATCH failure: torch.compile detected different backend callables. Cached backend: " +
         cached.describe() + ". New backend: " + current.describe() +
         ". If this is unexpected, wrap your backend in functools.partial (or reuse the same cached backend) to "
         "avoid creating a new backend function each time. More details: "
         "https://github.com/pytorch/pytorch/issues/168373";
}

} // namespace refc::dynamo

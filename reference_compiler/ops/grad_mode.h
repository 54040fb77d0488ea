// Grad mode: whether ops record autograd history (torch.is_grad_enabled,
// torch.no_grad, torch.enable_grad, torch.set_grad_enabled). One flag for the
// interpreter's single thread, and an RAII guard that restores it.
#pragma once

namespace refc::ops {

bool grad_enabled();
void set_grad_enabled(bool enabled);

class GradModeGuard {
public:
  explicit GradModeGuard(bool enabled) : previous_(grad_enabled()) { set_grad_enabled(enabled); }
  ~GradModeGuard() { set_grad_enabled(previous_); }
  GradModeGuard(const GradModeGuard&) = delete;
  GradModeGuard& operator=(const GradModeGuard&) = delete;

private:
  bool previous_;
};

} // namespace refc::ops

// The dispatcher: runs one op call. In order, it records autograd history
// (when grad mode is on, the op has a derivative and an input requires grad),
// runs composites through their decomposition, and otherwise computes output
// geometry with the op's meta function, allocates (or aliases, for views and
// in-place variants) the outputs and runs the kernel. Tensors without data
// (meta and fake tensors) get the geometry only, which is how tracing runs ops.
#pragma once

#include "reference_compiler/lang/value.h"
#include "reference_compiler/ops/op_registry.h"

#include <vector>

namespace refc::ops {

// Calls `op` with normalised arguments, one per schema argument (see
// op_binding.h for binding a Python call). Returns a Tensor, a tuple of
// Tensors (several returns), a list (Tensor[] return), or a Python value.
lang::Value call_op(const OpDef& op, std::vector<lang::Value> args);

// Runs the op's own implementation with autograd recording off (what the
// autograd layer itself calls, and what decomposition checks compare).
lang::Value call_op_below_autograd(const OpDef& op, const OpArgs& args);

// Fake mode: while on, every op computes only the geometry of its outputs,
// as it does for inputs without data, so factories (torch.ones) inside a
// traced function make fake tensors too. The tracer turns it on around the
// ops it runs on fake tensors.
bool fake_mode();
// Sets fake mode; returns the previous setting (torch._C._set_fake_mode).
bool set_fake_mode(bool on);
// Op tracing (what AOT Autograd traces with): while an observer is set, each
// op call that runs an implementation of its own is reported after it ran,
// with its normalised arguments and its result. Composites are not reported
// (their decomposition's calls are), and neither are the calls an op's own
// implementation makes, so the reports are the ops a graph needs to replay
// the program.
class OpObserver {
public:
  virtual ~OpObserver() = default;
  virtual void on_op(const OpDef& op, const OpArgs& args, const lang::Value& result) = 0;
  // Asked before an op the observer would see runs: a non-null result
  // replaces the op (a decomposition), whose own calls are then reported
  // instead of it. Null (the default): the op runs.
  virtual lang::Value decompose(const OpDef&, const OpArgs&) { return {}; }
};

// Sets the observer (null: none); returns the previous one.
OpObserver* set_op_observer(OpObserver* observer);
// Whether an observer records op calls (AOT Autograd is tracing): the few
// composites that 2.14's Python dispatcher decomposes otherwise while
// tracing (dropout becomes native_dropout) ask it.
bool tracing_ops();

class FakeModeGuard {
public:
  explicit FakeModeGuard(bool on = true);
  ~FakeModeGuard();
  FakeModeGuard(const FakeModeGuard&) = delete;
  FakeModeGuard& operator=(const FakeModeGuard&) = delete;

private:
  bool previous_;
};

} // namespace refc::ops

// Unit tests for the PEP 523-style frame hook and the Frame accessors it sees:
// running a frame as is, running a different code object with the same frame
// state, and running a frame with the hook disabled for the frames it calls.
// The functions are built with the Assembler, so the tests exercise the VM
// without the parser.
#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/assembler.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/function_object.h"
#include "reference_compiler/lang/interpreter.h"
#include "reference_compiler/lang/vm.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace refc::lang {
namespace {

// def NAME(a, b): return a OP b
Ref<CodeObject> binop_code(const std::string& name, BinaryOp op) {
  Assembler as(name, name, "hook_test.py", 1);
  as.set_arg_counts(2, 0, 0);
  as.add_flags(CO_OPTIMIZED | CO_NEWLOCALS);
  as.add_varname("a");
  as.add_varname("b");
  as.add_const(Value::none());
  as.emit(Op::LOAD_FAST, 0);
  as.emit(Op::LOAD_FAST, 1);
  as.emit(Op::BINARY_OP, static_cast<uint32_t>(op));
  as.emit(Op::RETURN_VALUE);
  return as.assemble();
}

// def outer(a, b): return add(a, b)
Ref<CodeObject> outer_code() {
  Assembler as("outer", "outer", "hook_test.py", 1);
  as.set_arg_counts(2, 0, 0);
  as.add_flags(CO_OPTIMIZED | CO_NEWLOCALS);
  as.add_varname("a");
  as.add_varname("b");
  as.add_const(Value::none());
  as.emit(Op::LOAD_GLOBAL, (static_cast<uint32_t>(as.add_name("add")) << 1) | 1);
  as.emit(Op::LOAD_FAST, 0);
  as.emit(Op::LOAD_FAST, 1);
  as.emit(Op::CALL, 2);
  as.emit(Op::RETURN_VALUE);
  return as.assemble();
}

class FrameHookTest : public ::testing::Test {
protected:
  void SetUp() override {
    initialise();
    globals = make_dict();
    globals->set(names::__name__, str_value("hook_test"));
    add = make<Function>(binop_code("add", BinaryOp::Add), globals);
    outer = make<Function>(outer_code(), globals);
    globals->set(intern("add"), Value(add));
    globals->set(intern("outer"), Value(outer));
  }
  void TearDown() override { set_frame_hook(FrameHook()); }

  static int64_t call2(const Ref<Function>& f, int64_t a, int64_t b) {
    Value r = call(Value(f), {Value::integer(a), Value::integer(b)});
    EXPECT_TRUE(r.is_int());
    return r.as_int();
  }

  Ref<Dict> globals;
  Ref<Function> add, outer;
};

TEST_F(FrameHookTest, RunsFramesNormallyAndExposesTheirState) {
  std::vector<std::string> seen;
  set_frame_hook([&](Frame& f) {
    seen.emplace_back(f.code()->name);
    EXPECT_EQ(f.pc(), 0);
    EXPECT_TRUE(f.stack().empty());
    EXPECT_TRUE(f.block_stack().empty());
    EXPECT_EQ(f.globals(), globals.get());
    EXPECT_EQ(f.builtins(), interp().builtins.get());
    EXPECT_EQ(f.locals_dict(), nullptr);
    auto locals = f.locals();
    EXPECT_EQ(locals.size(), 2u);
    EXPECT_TRUE(locals[0].is_int());
    EXPECT_TRUE(locals[1].is_int());
    EXPECT_TRUE(f.cells().empty());
    return FrameHookResult{};
  });
  EXPECT_EQ(call2(add, 3, 4), 7);
  ASSERT_EQ(seen, (std::vector<std::string>{"add"}));
  EXPECT_EQ(call2(outer, 5, 6), 11);
  EXPECT_EQ(seen, (std::vector<std::string>{"add", "outer", "add"}));
}

TEST_F(FrameHookTest, RunsReplacementCodeWithTheSameFrameState) {
  Ref<CodeObject> mul = binop_code("mul", BinaryOp::Multiply);
  std::vector<int64_t> args_seen;
  set_frame_hook([&](Frame& f) {
    FrameHookResult r;
    if (f.code()->name == "add") {
      args_seen.push_back(f.locals()[0].as_int());
      args_seen.push_back(f.locals()[1].as_int());
      r.action = HookAction::RunCode;
      r.code = mul;
    }
    return r;
  });
  EXPECT_EQ(call2(add, 3, 4), 12);
  // Inline Python-to-Python calls take the same path.
  EXPECT_EQ(call2(outer, 5, 6), 30);
  EXPECT_EQ(args_seen, (std::vector<int64_t>{3, 4, 5, 6}));
  set_frame_hook(FrameHook());
  EXPECT_EQ(call2(add, 3, 4), 7);
}

TEST_F(FrameHookTest, RunWithoutHookSkipsNestedFramesOnly) {
  std::vector<std::string> seen;
  set_frame_hook([&](Frame& f) {
    seen.emplace_back(f.code()->name);
    FrameHookResult r;
    if (f.code()->name == "outer") r.action = HookAction::RunWithoutHook;
    return r;
  });
  EXPECT_EQ(call2(outer, 1, 2), 3);
  EXPECT_EQ(seen, (std::vector<std::string>{"outer"}));
  // The hook is back for frames started afterwards.
  EXPECT_EQ(call2(add, 1, 2), 3);
  EXPECT_EQ(seen, (std::vector<std::string>{"outer", "add"}));
}

TEST_F(FrameHookTest, HookErrorsPropagateToTheCaller) {
  set_frame_hook([&](Frame& f) -> FrameHookResult {
    if (f.code()->name == "add") raise(exc::ValueError, "hook refused");
    return {};
  });
  try {
    call2(outer, 1, 2);
    FAIL() << "expected ValueError";
  } catch (PyError& e) {
    EXPECT_TRUE(isinstance(e.exc, exc::ValueError));
    EXPECT_EQ(std::string(to_str(e.exc)->view()), "hook refused");
  }
  set_frame_hook(FrameHook());
  EXPECT_EQ(call2(outer, 1, 2), 3);
}

TEST_F(FrameHookTest, CurrentFrameIsTheCaller) {
  EXPECT_EQ(current_frame(), nullptr);
  Frame* inside = nullptr;
  set_frame_hook([&](Frame& f) {
    inside = &f;
    return FrameHookResult{};
  });
  call2(add, 1, 1);
  EXPECT_NE(inside, nullptr);
  EXPECT_EQ(current_frame(), nullptr);
}

} // namespace
} // namespace refc::lang

// Unit tests for the Assembler: label resolution, dead-code removal, jump
// direction naming, the static block table and enclosing_blocks(), and each
// validation error (unbound label, running off the end, stack underflow,
// inconsistent depths, bad table indices, block-stack misuse).
#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/assembler.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/interpreter.h"

#include <gtest/gtest.h>

namespace refc::lang {
namespace {

class AssemblerTest : public ::testing::Test {
protected:
  void SetUp() override { initialise(); }

  // The message of the SystemError assemble() raises, or "" when it succeeds.
  static std::string assemble_error(Assembler& as) {
    try {
      as.assemble();
    } catch (PyError& e) {
      EXPECT_TRUE(isinstance(e.exc, exc::SystemError));
      return std::string(to_str(e.exc)->view());
    }
    return "";
  }

  // Expects assemble() to refuse `as` with a message that mentions `reason`.
  static void expect_rejected(Assembler& as, const std::string& reason) {
    EXPECT_NE(assemble_error(as).find(reason), std::string::npos) << reason;
  }

  // The end of most test bodies: `return None`.
  static void return_none(Assembler& as) {
    as.emit(Op::LOAD_CONST, as.add_const(Value::none()));
    as.emit(Op::RETURN_VALUE);
  }

  // `if None: goto target`, then `return None`; where target is bound (or
  // not) is up to the test.
  static auto branch_then_return_none(Assembler& as) {
    auto target = as.new_label();
    as.emit(Op::LOAD_CONST, as.add_const(Value::none()));
    as.emit_jump(Op::POP_JUMP_IF_TRUE, target);
    return_none(as);
    return target;
  }
};

TEST_F(AssemblerTest, AssemblesStraightLineCode) {
  Assembler as("f", "f", "t.py", 1);
  as.emit(Op::LOAD_CONST, as.add_const(Value::integer(1)));
  as.emit(Op::LOAD_CONST, as.add_const(Value::integer(2)));
  as.emit(Op::BINARY_OP, static_cast<uint32_t>(BinaryOp::Add));
  as.emit(Op::RETURN_VALUE);
  Ref<CodeObject> c = as.assemble();
  ASSERT_EQ(c->code.size(), 4u);
  EXPECT_EQ(c->consts.size(), 2u);
  EXPECT_GE(c->stacksize, 2);
  EXPECT_EQ(c->max_blocks, 0);
  EXPECT_EQ(c->positions.size(), c->code.size());
}

TEST_F(AssemblerTest, SharesEqualConstantsButKeepsTypesApart) {
  Assembler as("f", "f", "t.py", 1);
  int a = as.add_const(Value::integer(1));
  EXPECT_EQ(as.add_const(Value::integer(1)), a);
  EXPECT_NE(as.add_const(Value::boolean(true)), a);
  EXPECT_NE(as.add_const(Value::floating(1.0)), a);
  int z = as.add_const(Value::floating(0.0));
  EXPECT_NE(as.add_const(Value::floating(-0.0)), z);
  int s = as.add_const(str_value("abc"));
  EXPECT_EQ(as.add_const(str_value("abc")), s);
}

TEST_F(AssemblerTest, RemovesUnreachableCodeAndRemapsJumps) {
  Assembler as("f", "f", "t.py", 1);
  auto end = as.new_label();
  as.emit(Op::LOAD_CONST, as.add_const(Value::none()));
  as.emit_jump(Op::POP_JUMP_IF_FALSE, end);
  as.emit(Op::LOAD_CONST, as.add_const(Value::integer(1)));
  as.emit(Op::RETURN_VALUE);
  as.emit(Op::LOAD_CONST, as.add_const(Value::integer(2))); // dead
  as.emit(Op::RETURN_VALUE);                                // dead
  as.bind(end);
  as.emit(Op::LOAD_CONST, as.add_const(Value::integer(3)));
  as.emit(Op::RETURN_VALUE);
  Ref<CodeObject> c = as.assemble();
  ASSERT_EQ(c->code.size(), 6u);
  EXPECT_EQ(c->code[1].op, Op::POP_JUMP_IF_FALSE);
  EXPECT_EQ(c->code[1].arg, 4u);
}

TEST_F(AssemblerTest, NamesUnconditionalJumpsByDirection) {
  Assembler as("f", "f", "t.py", 1);
  auto top = as.new_label(), out = as.new_label();
  as.bind(top);
  as.emit(Op::LOAD_CONST, as.add_const(Value::boolean(true)));
  as.emit_jump(Op::POP_JUMP_IF_FALSE, out);
  as.emit_jump(Op::JUMP_FORWARD, top); // really backward
  as.bind(out);
  return_none(as);
  Ref<CodeObject> c = as.assemble();
  EXPECT_EQ(c->code[2].op, Op::JUMP_BACKWARD);
  EXPECT_EQ(c->code[2].arg, 0u);
}

TEST_F(AssemblerTest, RejectsUnboundLabel) {
  Assembler as("f", "f", "t.py", 1);
  branch_then_return_none(as);
  expect_rejected(as, "unbound label");
}

TEST_F(AssemblerTest, RejectsJumpPastTheEnd) {
  Assembler as("f", "f", "t.py", 1);
  as.bind(branch_then_return_none(as));
  expect_rejected(as, "out of range");
}

TEST_F(AssemblerTest, RejectsFallingOffTheEnd) {
  Assembler as("f", "f", "t.py", 1);
  as.emit(Op::LOAD_CONST, as.add_const(Value::none()));
  as.emit(Op::POP_TOP);
  expect_rejected(as, "falls off the end");
}

TEST_F(AssemblerTest, RejectsStackUnderflow) {
  Assembler as("f", "f", "t.py", 1);
  as.emit(Op::POP_TOP);
  return_none(as);
  expect_rejected(as, "stack underflow at instruction 0");
}

TEST_F(AssemblerTest, RejectsInconsistentDepthAtMerge) {
  Assembler as("f", "f", "t.py", 1);
  auto join = as.new_label();
  as.emit(Op::LOAD_CONST, as.add_const(Value::none()));
  as.emit(Op::LOAD_CONST, as.add_const(Value::none()));
  as.emit_jump(Op::POP_JUMP_IF_TRUE, join); // depth 1 at join
  as.emit(Op::LOAD_CONST, as.add_const(Value::none()));
  as.bind(join); // depth 2 on fall-through
  as.emit(Op::RETURN_VALUE);
  expect_rejected(as, "inconsistent stack depth");
}

TEST_F(AssemblerTest, RejectsOutOfRangeArguments) {
  // Each a load from an empty table, then a return.
  const struct {
    Op op;
    uint32_t arg;
    const char* reason;
  } cases[] = {
      {Op::LOAD_CONST, 7, "constant index 7"},
      {Op::LOAD_FAST, 0, "local index"},
      {Op::LOAD_GLOBAL, (3 << 1) | 1, "name index 3"},
  };
  for (const auto& c : cases) {
    Assembler as("f", "f", "t.py", 1);
    as.emit(c.op, c.arg);
    as.emit(Op::RETURN_VALUE);
    expect_rejected(as, c.reason);
  }
}

TEST_F(AssemblerTest, ChecksBlockStackUse) {
  {
    Assembler as("f", "f", "t.py", 1);
    as.emit(Op::POP_BLOCK);
    return_none(as);
    expect_rejected(as, "POP_BLOCK without a block");
  }
  {
    Assembler as("f", "f", "t.py", 1);
    auto h = as.new_label();
    as.emit_jump(Op::SETUP_FINALLY, h);
    return_none(as); // returns with the block still set up
    as.bind(h);
    as.emit(Op::RERAISE, 0);
    expect_rejected(as, "RETURN_VALUE inside an open block");
  }
}

TEST_F(AssemblerTest, HandlerEntryDepthAndBlockSize) {
  // try: x = 1 / except: pass, in the compiler's layout.
  Assembler as("f", "f", "t.py", 1);
  as.add_varname("x");
  auto handler = as.new_label(), end = as.new_label(), cleanup = as.new_label();
  as.emit_jump(Op::SETUP_FINALLY, handler);
  as.emit(Op::LOAD_CONST, as.add_const(Value::integer(1)));
  as.emit(Op::STORE_FAST, 0);
  as.emit(Op::POP_BLOCK);
  as.emit_jump(Op::JUMP_FORWARD, end);
  as.bind(handler); // [exc]
  as.emit_jump(Op::SETUP_CLEANUP, cleanup);
  as.emit(Op::PUSH_EXC_INFO); // [prev, exc]
  as.emit(Op::POP_TOP);
  as.emit(Op::POP_BLOCK);
  as.emit(Op::POP_EXCEPT);
  as.emit_jump(Op::JUMP_FORWARD, end);
  as.bind(cleanup); // [prev, exc2]
  as.emit(Op::SWAP, 2);
  as.emit(Op::POP_EXCEPT);
  as.emit(Op::RERAISE, 0);
  as.bind(end);
  return_none(as);
  Ref<CodeObject> c = as.assemble();
  EXPECT_EQ(c->max_blocks, 1);
  EXPECT_GE(c->stacksize, 2);
}

TEST_F(AssemblerTest, BlockTableAnswersEnclosingBlocks) {
  Assembler as("f", "f", "t.py", 1);
  auto exit = as.new_label(), top = as.new_label(), handler = as.new_label(),
       after = as.new_label();
  as.emit(Op::LOAD_CONST, as.add_const(Value::none())); // 0
  as.bind(top);
  int loop = as.begin_block(BlockKind::Loop, exit, 2);
  as.emit(Op::LOAD_CONST, as.add_const(Value::boolean(true))); // 1
  as.emit_jump(Op::POP_JUMP_IF_FALSE, exit);                      // 2
  as.emit_jump(Op::SETUP_FINALLY, handler);                       // 3
  int tr = as.begin_block(BlockKind::Try, handler, 3);
  as.emit(Op::NOP);       // 4
  as.emit(Op::POP_BLOCK); // 5
  as.end_block(tr);
  as.emit_jump(Op::JUMP_FORWARD, after); // 6
  as.bind(handler);
  as.emit(Op::POP_TOP); // 7
  as.bind(after);
  as.emit_jump(Op::JUMP_BACKWARD, top); // 8
  as.end_block(loop);
  as.bind(exit);
  as.emit(Op::RETURN_VALUE); // 9
  Ref<CodeObject> c = as.assemble();
  ASSERT_EQ(c->blocks.size(), 2u);
  EXPECT_EQ(c->blocks[0].kind, BlockKind::Loop);
  EXPECT_EQ(c->blocks[0].start, 1u);
  EXPECT_EQ(c->blocks[0].end, 9u);
  EXPECT_EQ(c->blocks[0].handler, 9);
  EXPECT_EQ(c->blocks[1].kind, BlockKind::Try);
  EXPECT_EQ(c->blocks[1].parent, 0);
  EXPECT_EQ(c->blocks[1].handler, 7);
  EXPECT_TRUE(c->enclosing_blocks(0).empty());
  auto inner = c->enclosing_blocks(4);
  ASSERT_EQ(inner.size(), 2u);
  EXPECT_EQ(inner[0]->kind, BlockKind::Loop);
  EXPECT_EQ(inner[1]->kind, BlockKind::Try);
  auto loop_only = c->enclosing_blocks(7);
  ASSERT_EQ(loop_only.size(), 1u);
  EXPECT_EQ(loop_only[0]->kind, BlockKind::Loop);
  EXPECT_TRUE(c->enclosing_blocks(9).empty());
}

TEST_F(AssemblerTest, MapsCellsToArguments) {
  Assembler as("f", "f", "t.py", 1);
  as.set_arg_counts(2, 0, 0);
  as.add_varname("a");
  as.add_varname("b");
  as.add_cellvar("b");
  as.add_cellvar("c");
  return_none(as);
  Ref<CodeObject> c = as.assemble();
  ASSERT_EQ(c->cell2arg.size(), 2u);
  EXPECT_EQ(c->cell2arg[0], 1);
  EXPECT_EQ(c->cell2arg[1], -1);
}

TEST_F(AssemblerTest, GivesCachedInstructionsTheirOwnSlots) {
  Assembler as("f", "f", "t.py", 1);
  int n = as.add_name("x");
  as.emit(Op::LOAD_GLOBAL, static_cast<uint32_t>(n) << 1);
  as.emit(Op::LOAD_ATTR, n);
  as.emit(Op::RETURN_VALUE);
  Ref<CodeObject> c = as.assemble();
  EXPECT_EQ(c->caches.size(), 2u);
  EXPECT_EQ(c->code[0].cache, 0);
  EXPECT_EQ(c->code[1].cache, 1);
  EXPECT_EQ(c->code[2].cache, Instruction::kNoCache);
}

} // namespace
} // namespace refc::lang

// Unit tests for the symbol table and compiler: CPython's compile-time
// SyntaxErrors with their positions, scope resolution (locals, cells, frees,
// globals, the __class__ cell), the static block table of compiled loops,
// try and with statements, and the dis listing.
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/compiler.h"
#include "reference_compiler/lang/dis.h"
#include "reference_compiler/lang/interpreter.h"

#include <gtest/gtest.h>

#include <string>

namespace refc::lang {
namespace {

class CompilerTest : public ::testing::Test {
protected:
  void SetUp() override { initialise(); }

  static Ref<CodeObject> compile(const std::string& src) { return compile_source(src, "c.py"); }

  static SyntaxErrorInfo error(const std::string& src) {
    try {
      compile(src);
    } catch (SyntaxErrorInfo& e) {
      return e;
    }
    ADD_FAILURE() << "no SyntaxError for:\n" << src;
    return {};
  }

  // The first code constant named `name` (depth first).
  static const CodeObject* find_code(const CodeObject& c, const std::string& name) {
    if (c.name == name) return &c;
    for (const Value& k : c.consts)
      if (k.is_obj() && k.as_obj()->type->layout == Layout::Code)
        if (const CodeObject* r = find_code(*k.as<CodeObject>(), name)) return r;
    return nullptr;
  }
};

TEST_F(CompilerTest, ReportsScopeErrorsLikeCPython) {
  SyntaxErrorInfo e = error("def f():\n    x = 1\n    def g():\n        nonlocal y\n");
  EXPECT_EQ(e.msg, "no binding for nonlocal 'y' found");
  EXPECT_EQ(e.lineno, 4);
  EXPECT_EQ(e.offset, 9);
  EXPECT_EQ(error("def f():\n    print(x)\n    global x\n").msg,
            "name 'x' is used prior to global declaration");
  EXPECT_EQ(error("def f(x):\n    global x\n").msg, "name 'x' is parameter and global");
  EXPECT_EQ(error("nonlocal x\n").msg, "nonlocal declaration not allowed at module level");
  EXPECT_EQ(error("def f(a, a): pass\n").msg, "duplicate argument 'a' in function definition");
  EXPECT_EQ(error("def f():\n    [(y := 1) for y in range(3)]\n").msg,
            "assignment expression cannot rebind comprehension iteration variable 'y'");
  EXPECT_EQ(error("x = [(yield 1) for i in j]\n").msg, "'yield' inside list comprehension");
}

TEST_F(CompilerTest, ReportsControlFlowErrorsLikeCPython) {
  SyntaxErrorInfo e = error("class A:\n    return 5\n");
  EXPECT_EQ(e.msg, "'return' outside function");
  EXPECT_EQ(e.lineno, 2);
  EXPECT_EQ(e.offset, 5);
  EXPECT_EQ(e.end_offset, 13);
  EXPECT_EQ(error("for i in x:\n    pass\nelse:\n    break\n").msg, "'break' outside loop");
  EXPECT_EQ(error("while 1:\n    def f(): continue\n").msg, "'continue' not properly in loop");
  EXPECT_EQ(error("yield 5\n").msg, "'yield' outside function");
  EXPECT_EQ(error("f(a=1, a=2)\n").msg, "keyword argument repeated: a");
  EXPECT_EQ(error("a, *b, *c = 1\n").msg, "multiple starred expressions in assignment");
}

TEST_F(CompilerTest, ResolvesCellsFreesAndTheClassCell) {
  Ref<CodeObject> m = compile("def outer(a):\n"
                              "    b = 1\n"
                              "    def inner():\n"
                              "        return a + b\n"
                              "    return inner\n"
                              "class C:\n"
                              "    def m(self):\n"
                              "        return super().m()\n");
  const CodeObject* outer = find_code(*m, "outer");
  ASSERT_NE(outer, nullptr);
  ASSERT_EQ(outer->cellvars.size(), 2u);
  EXPECT_EQ(outer->cellvars[0]->view(), "a");
  EXPECT_EQ(outer->cellvars[1]->view(), "b");
  EXPECT_EQ(outer->cell2arg[0], 0);
  const CodeObject* inner = find_code(*m, "inner");
  ASSERT_NE(inner, nullptr);
  EXPECT_EQ(inner->freevars.size(), 2u);
  EXPECT_EQ(inner->qualname, "outer.<locals>.inner");
  EXPECT_TRUE(inner->flags & CO_NESTED);
  const CodeObject* cls = find_code(*m, "C");
  ASSERT_NE(cls, nullptr);
  ASSERT_EQ(cls->cellvars.size(), 1u);
  EXPECT_EQ(cls->cellvars[0]->view(), "__class__");
  const CodeObject* meth = find_code(*m, "m");
  ASSERT_NE(meth, nullptr);
  ASSERT_EQ(meth->freevars.size(), 1u);
  EXPECT_EQ(meth->qualname, "C.m");
}

TEST_F(CompilerTest, RecordsBlocksEnclosingEachInstruction) {
  Ref<CodeObject> m = compile("def f(xs, cm):\n"
                              "    for x in xs:\n"
                              "        with cm:\n"
                              "            try:\n"
                              "                g(x)\n"
                              "            except ValueError:\n"
                              "                pass\n");
  const CodeObject* f = find_code(*m, "f");
  ASSERT_NE(f, nullptr);
  // The CALL of g(x) sits in a loop, a with body and a try body, in that order.
  int call_pc = -1;
  for (size_t i = 0; i < f->code.size(); ++i)
    if (f->code[i].op == Op::CALL && f->positions[i].line == 5) call_pc = static_cast<int>(i);
  ASSERT_GE(call_pc, 0);
  auto blocks = f->enclosing_blocks(call_pc);
  ASSERT_EQ(blocks.size(), 3u);
  EXPECT_EQ(blocks[0]->kind, BlockKind::Loop);
  EXPECT_EQ(blocks[1]->kind, BlockKind::With);
  EXPECT_EQ(blocks[2]->kind, BlockKind::Try);
  EXPECT_EQ(blocks[0]->line, 2);
  EXPECT_EQ(blocks[2]->line, 4);
  // Loops push no runtime block; the with and the try do.
  EXPECT_EQ(f->max_blocks, 2);
  // The first instruction is outside every block.
  EXPECT_TRUE(f->enclosing_blocks(0).empty());
}

TEST_F(CompilerTest, DisListsEveryCodeObjectWithBlocks) {
  Ref<CodeObject> m = compile("def f(n):\n    for i in range(n):\n        yield i\n");
  std::string text = disassemble(*m);
  EXPECT_NE(text.find("Disassembly of <code object <module>"), std::string::npos);
  EXPECT_NE(text.find("Disassembly of <code object f"), std::string::npos);
  EXPECT_NE(text.find("FOR_ITER"), std::string::npos);
  EXPECT_NE(text.find("(NULL + range)"), std::string::npos);
  EXPECT_NE(text.find("# loop[0]"), std::string::npos);
  EXPECT_NE(text.find(">>"), std::string::npos);
  EXPECT_NE(text.find("GENERATOR"), std::string::npos);
}

} // namespace
} // namespace refc::lang

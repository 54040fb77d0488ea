// Compile-and-run tests of the VM: small programs exercising calls and
// argument binding, closures, generators (send / throw / close / yield from),
// exceptions (handlers, finally, chaining, with), classes and super(), and
// the recursion limit. Each program leaves its results in module globals.
#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/instance_object.h"
#include "reference_compiler/lang/interpreter.h"
#include "reference_compiler/lang/tuple_object.h"

#include <gtest/gtest.h>

#include <string>

namespace refc::lang {
namespace {

class VmTest : public ::testing::Test {
protected:
  void SetUp() override { initialise(); }

  // Runs `src` as a module and returns the repr of its global `name`.
  static std::string run(const std::string& src, const char* name = "result") {
    Ref<Module> m = run_module_source("vm_test_module", "<vm_test>", src);
    Value v = m->dict->get(intern(name));
    if (v.is_null()) return "<unset>";
    return std::string(repr(v)->view());
  }

  // Runs `src` and returns "Type: message" of the exception it raises.
  static std::string error(const std::string& src) {
    try {
      run_module_source("vm_test_module", "<vm_test>", src);
    } catch (PyError& e) {
      std::string msg(to_str(e.exc)->view());
      return type_name(e.exc) + (msg.empty() ? "" : ": " + msg);
    }
    return "<no error>";
  }
};

TEST_F(VmTest, ArithmeticLoopsAndCalls) {
  EXPECT_EQ(run("def fib(n):\n"
                "    return n if n < 2 else fib(n - 1) + fib(n - 2)\n"
                "result = fib(20)\n"),
            "6765");
  EXPECT_EQ(run("s = 0\n"
                "for i in range(10):\n"
                "    if i % 2: continue\n"
                "    if i > 7: break\n"
                "    s += i\n"
                "else:\n"
                "    s = -1\n"
                "result = s\n"),
            "12");
  EXPECT_EQ(run("i = 0\nwhile i < 5:\n    i += 1\nelse:\n    i *= 10\nresult = i\n"), "50");
  EXPECT_EQ(run("result = (7 // -2, 7 % -2, -7 // 2, 2 ** 10, 7 / 2, 1 < 2 < 3, 3 < 2 < 4)\n"),
            "(-4, -1, -4, 1024, 3.5, True, False)");
  EXPECT_EQ(run("result = 9223372036854775807 + 1\n"), "9223372036854775808");
  EXPECT_EQ(error("result = 1 // 0\n"), "ZeroDivisionError: integer division or modulo by zero");
}

TEST_F(VmTest, ArgumentBinding) {
  EXPECT_EQ(run("def f(a, b=2, *args, c, d=4, **kw):\n"
                "    return (a, b, args, c, d, sorted(kw.items()))\n"
                "result = f(1, c=3, z=9, y=8)\n"),
            "(1, 2, (), 3, 4, [('y', 8), ('z', 9)])");
  EXPECT_EQ(run("def f(a, /, b, *, c):\n    return a + b + c\n"
                "result = f(1, b=2, c=3) + f(*[1, 2], **{'c': 3})\n"),
            "12");
  EXPECT_EQ(error("def f(a, b): pass\nf(1)\n"),
            "TypeError: f() missing 1 required positional argument: 'b'");
  EXPECT_EQ(error("def f(a, b): pass\nf(1, 2, 3)\n"),
            "TypeError: f() takes 2 positional arguments but 3 were given");
  EXPECT_EQ(error("def f(a): pass\nf(1, z=2)\n"),
            "TypeError: f() got an unexpected keyword argument 'z'");
  EXPECT_EQ(error("def f(a): pass\nf(1, a=2)\n"),
            "TypeError: f() got multiple values for argument 'a'");
  EXPECT_EQ(error("def f(*, k): pass\nf()\n"),
            "TypeError: f() missing 1 required keyword-only argument: 'k'");
  EXPECT_EQ(error("def f(a, b, c): pass\nf()\n"),
            "TypeError: f() missing 3 required positional arguments: 'a', 'b', and 'c'");
}

TEST_F(VmTest, ClosuresAndScopes) {
  EXPECT_EQ(run("def counter():\n"
                "    n = 0\n"
                "    def inc():\n"
                "        nonlocal n\n"
                "        n += 1\n"
                "        return n\n"
                "    return inc\n"
                "c = counter()\nc(); c()\nresult = c()\n"),
            "3");
  EXPECT_EQ(run("fs = [lambda x, i=i: x * i for i in range(3)]\n"
                "result = [f(10) for f in fs]\n"),
            "[0, 10, 20]");
  EXPECT_EQ(run("x = 1\ndef g():\n    global x\n    x = 5\ng()\nresult = x\n"), "5");
  EXPECT_EQ(run("result = [y for x in range(3) if (y := x * 2)]\n"), "[2, 4]");
  EXPECT_EQ(error("def f():\n    print(v)\n    v = 1\nf()\n"),
            "UnboundLocalError: cannot access local variable 'v' where it is not associated "
            "with a value");
  EXPECT_EQ(error("result = undefined_name\n"), "NameError: name 'undefined_name' is not defined");
}

TEST_F(VmTest, Generators) {
  EXPECT_EQ(run("def g():\n"
                "    x = yield 1\n"
                "    y = yield x + 1\n"
                "    return y\n"
                "it = g()\n"
                "a = next(it)\nb = it.send(10)\n"
                "try:\n    it.send(5)\nexcept StopIteration as e:\n    c = e.value\n"
                "result = (a, b, c)\n"),
            "(1, 11, 5)");
  EXPECT_EQ(run("def inner():\n    yield 1\n    yield 2\n    return 'done'\n"
                "def outer():\n    r = yield from inner()\n    yield r\n"
                "result = list(outer())\n"),
            "[1, 2, 'done']");
  EXPECT_EQ(run("log = []\n"
                "def g():\n"
                "    try:\n        yield 1\n"
                "    except ValueError as e:\n        log.append(str(e))\n        yield 2\n"
                "    finally:\n        log.append('fin')\n"
                "it = g()\nnext(it)\nv = it.throw(ValueError('boom'))\nit.close()\n"
                "result = (v, log)\n"),
            "(2, ['boom', 'fin'])");
  EXPECT_EQ(error("def g():\n    yield 1\n    raise StopIteration\nlist(g())\n"),
            "RuntimeError: generator raised StopIteration");
  EXPECT_EQ(error("def g():\n    next(it)\n    yield 1\nit = g()\nnext(it)\n"),
            "ValueError: generator already executing");
  EXPECT_EQ(run("result = sum(x * x for x in range(5))\n"), "30");
}

TEST_F(VmTest, Exceptions) {
  EXPECT_EQ(run("log = []\n"
                "def f():\n"
                "    try:\n        return 'try'\n    finally:\n        log.append('finally')\n"
                "r = f()\nresult = (r, log)\n"),
            "('try', ['finally'])");
  EXPECT_EQ(run("try:\n    try:\n        1 / 0\n    except ZeroDivisionError:\n"
                "        raise KeyError('k')\nexcept KeyError as e:\n"
                "    result = (type(e.__context__).__name__, e.__cause__)\n"),
            "('ZeroDivisionError', None)");
  EXPECT_EQ(run("try:\n    raise ValueError('a') from TypeError('b')\nexcept ValueError as e:\n"
                "    result = (repr(e.__cause__), e.__suppress_context__)\n"),
            "(\"TypeError('b')\", True)");
  EXPECT_EQ(run("class CM:\n"
                "    def __enter__(self): return 'entered'\n"
                "    def __exit__(self, t, v, tb):\n"
                "        global seen\n        seen = t.__name__\n        return True\n"
                "with CM() as v:\n    raise IndexError\n"
                "result = (v, seen)\n"),
            "('entered', 'IndexError')");
  EXPECT_EQ(run("for i in range(3):\n    try:\n        break\n    finally:\n        result = i\n"),
            "0");
  EXPECT_EQ(error("try:\n    raise ValueError\nexcept (TypeError, KeyError):\n    pass\n"),
            "ValueError");
  EXPECT_EQ(error("raise 5\n"), "TypeError: exceptions must derive from BaseException");
  EXPECT_EQ(error("raise\n"), "RuntimeError: No active exception to reraise");
  EXPECT_EQ(error("a, b = [1, 2, 3]\n"), "ValueError: too many values to unpack (expected 2)");
  EXPECT_EQ(error("a, b, c = (1, 2)\n"),
            "ValueError: not enough values to unpack (expected 3, got 2)");
  EXPECT_EQ(error("a, *b = 5\n"), "TypeError: cannot unpack non-iterable int object");
  EXPECT_EQ(error("with 1:\n    pass\n"),
            "TypeError: 'int' object does not support the context manager protocol");
}

TEST_F(VmTest, ClassesAndSuper) {
  EXPECT_EQ(run("class A:\n"
                "    def __init__(self, x): self.x = x\n"
                "    def who(self): return 'A' + str(self.x)\n"
                "class B(A):\n"
                "    def __init__(self, x):\n        super().__init__(x * 2)\n"
                "    def who(self): return 'B' + super().who()\n"
                "result = (B(3).who(), B.__qualname__, B.__mro__[1].__name__)\n"),
            "('BA6', 'B', 'A')");
  EXPECT_EQ(run("class C:\n"
                "    n = 0\n"
                "    @property\n    def p(self): return self.n + 1\n"
                "    @classmethod\n    def make(cls): return cls()\n"
                "    @staticmethod\n    def s(a): return a * 3\n"
                "c = C.make()\nc.n = 4\nresult = (c.p, C.s(2), C.n)\n"),
            "(5, 6, 0)");
  EXPECT_EQ(run("def outer():\n"
                "    class Local:\n        def m(self): return __class__.__qualname__\n"
                "    return Local().m()\nresult = outer()\n"),
            "'outer.<locals>.Local'");
  EXPECT_EQ(run("class P:\n    def __init__(self): self.__secret = 1\n"
                "result = sorted(vars(P()))\n"),
            "['_P__secret']");
}

TEST_F(VmTest, RecursionLimit) {
  EXPECT_EQ(error("def f(n):\n    return f(n + 1)\nf(0)\n"),
            "RecursionError: maximum recursion depth exceeded");
  EXPECT_EQ(run("count = 0\n"
                "def k():\n    global count\n    count += 1\n    k()\n"
                "try:\n    k()\nexcept RecursionError:\n    pass\nresult = count > 900\n"),
            "True");
}

TEST_F(VmTest, Imports) {
  EXPECT_EQ(run("import math\nfrom math import sqrt as s\nresult = (math.floor(2.5), s(16.0))\n"),
            "(2, 4.0)");
  EXPECT_EQ(error("import no_such_module\n"), "ModuleNotFoundError: No module named 'no_such_module'");
  EXPECT_EQ(error("from math import nope\n"),
            "ImportError: cannot import name 'nope' from 'math' (unknown location)");
}

} // namespace
} // namespace refc::lang

// Iteration order of sets must be CPython's: programs print sets. Replays
// scripts of set operations recorded with CPython 3.11 (set_order_test_data.py
// writes set_order_test_data.inc: adds, discards, pops, updates, the operators
// and their in-place forms, the methods, copies and frozensets over ints, strs
// and tuples) and compares every repr (which shows the order), every popped
// element and every frozenset hash.
#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/interpreter.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/set_object.h"
#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/lang/tuple_object.h"

#include <gtest/gtest.h>

#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace refc::lang {
namespace {

struct SetScript {
  const char* name;
  const char* text;
};

#include "set_order_test_data.inc"

class SetOrderTest : public ::testing::Test {
protected:
  static void SetUpTestSuite() { initialise(); }
};

Value decode(const std::string& token) {
  std::string body = token.substr(1);
  switch (token[0]) {
  case 'i': return Value::integer(std::stoll(body));
  case 's': return str_value(body);
  case 't': {
    std::vector<Value> items;
    std::stringstream in(body);
    std::string part;
    while (std::getline(in, part, ',')) items.push_back(Value::integer(std::stoll(part)));
    return Value(make_tuple(std::move(items)));
  }
  }
  ADD_FAILURE() << "bad token " << token;
  return Value::none();
}

std::string repr_text(const Value& v) { return std::string(repr(v)->view()); }

void run_script(const SetScript& script) {
  std::map<std::string, Value> sets;
  std::istringstream lines(script.text);
  std::string line;
  int lineno = 0;
  while (std::getline(lines, line)) {
    ++lineno;
    SCOPED_TRACE(std::string(script.name) + ":" + std::to_string(lineno) + ": " + line);
    std::istringstream in(line);
    std::string op, target;
    in >> op >> target;
    auto rest_values = [&] {
      std::vector<Value> vs;
      std::string tok;
      while (in >> tok) vs.push_back(decode(tok));
      return vs;
    };
    auto rest_text = [&] {
      std::string r;
      std::getline(in, r);
      return r.empty() ? r : r.substr(1);
    };
    auto name_arg = [&] {
      std::string n;
      in >> n;
      return sets.at(n);
    };
    if (op == "new") {
      sets[target] = Value(make_set());
    } else if (op == "add") {
      call_method(sets.at(target), intern("add"), {rest_values().at(0)});
    } else if (op == "discard") {
      call_method(sets.at(target), intern("discard"), {rest_values().at(0)});
    } else if (op == "pop_expect") {
      Value v = call_method(sets.at(target), intern("pop"), {});
      EXPECT_EQ(repr_text(v), rest_text());
    } else if (op == "update") {
      call_method(sets.at(target), intern("update"), {Value(make_list(rest_values()))});
    } else if (op == "fromlist") {
      sets[target] = Value(make_set_from(Value(make_list(rest_values()))));
    } else if (op == "frozen") {
      sets[target] = Value(make_set_from(Value(make_list(rest_values())), true));
    } else if (op == "copy") {
      sets[target] = call_method(name_arg(), intern("copy"), {});
    } else if (op == "or" || op == "and" || op == "sub" || op == "xor") {
      BinaryOp b = op == "or" ? BinaryOp::Or : op == "and" ? BinaryOp::And
                 : op == "sub" ? BinaryOp::Subtract : BinaryOp::Xor;
      Value x = name_arg();
      Value y = name_arg();
      sets[target] = binary_op(b, x, y);
    } else if (op == "ior" || op == "iand" || op == "isub" || op == "ixor") {
      BinaryOp b = op == "ior" ? BinaryOp::InplaceOr : op == "iand" ? BinaryOp::InplaceAnd
                 : op == "isub" ? BinaryOp::InplaceSubtract : BinaryOp::InplaceXor;
      sets[target] = binary_op(b, sets.at(target), name_arg());
    } else if (op == "union" || op == "intersection" || op == "difference" ||
               op == "symmetric_difference") {
      Value src = name_arg();
      sets[target] = call_method(src, intern(op), {Value(make_list(rest_values()))});
    } else if (op == "expect") {
      EXPECT_EQ(repr_text(sets.at(target)), rest_text());
    } else if (op == "hash") {
      EXPECT_EQ(std::to_string(hash(sets.at(target))), rest_text());
    } else {
      ADD_FAILURE() << "unknown op " << op;
    }
  }
}

TEST_F(SetOrderTest, MatchesCPythonIterationOrder) {
  for (const SetScript& s : kSetScripts) run_script(s);
}

TEST_F(SetOrderTest, SetOfSetRetriesAsFrozenset) {
  Value inner = Value(make_set_from(Value(make_list({Value::integer(1)}))));
  Value outer = Value(make_set_from(Value(make_list({Value(make_set_from(inner, true))}))));
  EXPECT_TRUE(contains(outer, inner)); // {1} in {frozenset({1})}
}

} // namespace
} // namespace refc::lang

// Unit tests of the graph IR (reference_compiler/graph/): FX's naming rules,
// uses and rewriting, the verifier, the printer against the graph_code text
// the seeds and PyTorch 2.14 print, and the interpreter against eager results.
#include "reference_compiler/graph/graph.h"
#include "reference_compiler/graph/graph_interpreter.h"
#include "reference_compiler/graph/graph_parser.h"
#include "reference_compiler/graph/graph_printer.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/dict_object.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/interpreter.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/range_object.h"
#include "reference_compiler/lang/singletons.h"
#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/lang/tuple_object.h"
#include "reference_compiler/ops/call.h"
#include "reference_compiler/torch/torch_module.h"

#include <gtest/gtest.h>

#include <cmath>

namespace refc::graph {
namespace {

using lang::Value;
using tensor::DType;
using tensor::IntVector;
using tensor::Tensor;

class GraphTest : public ::testing::Test {
protected:
  void SetUp() override {
    lang::initialise();
    torch::install();
    lang::import_module("torch"); // Tensor's operators come with the module
  }
  static Value attr(const std::string& module, const char* name) {
    return lang::getattr(Value(lang::import_module(module)), lang::intern(name));
  }
  static Value tuple(std::initializer_list<Value> items) { return Value(lang::make_tuple(items)); }
  static Value node(Node* n) { return Value::borrow(n); }
  static Value kwargs(std::initializer_list<std::pair<const char*, Value>> items) {
    lang::Ref<lang::Dict> d = lang::make_dict();
    for (const auto& [k, v] : items) d->set(lang::intern(k), v);
    return Value(std::move(d));
  }
  static Tensor tensor_of(IntVector sizes, double fill) {
    return ops::call_tensor("full", sizes, fill, DType::Float32);
  }
};

TEST_F(GraphTest, NamesFollowFxNamespaceRules) {
  Graph g;
  EXPECT_EQ(g.placeholder("L_x_", "l_x_")->name, "l_x_");
  EXPECT_EQ(g.call_method("sum", tuple({}))->name, "sum_1"); // builtins are reserved
  EXPECT_EQ(g.call_function("operator.getitem", attr("operator", "getitem"), tuple({}))->name, "getitem");
  EXPECT_EQ(g.call_function("operator.getitem", attr("operator", "getitem"), tuple({}))->name, "getitem_1");
  EXPECT_EQ(g.call_function("torch.add", attr("torch", "add"), tuple({}), {}, "add_3")->name, "add_3");
  EXPECT_EQ(g.call_function("torch.add", attr("torch", "add"), tuple({}))->name, "add");
  EXPECT_EQ(g.call_function("torch.add", attr("torch", "add"), tuple({}))->name, "add_4");
  EXPECT_EQ(g.call_method("view", tuple({}), {}, "x.y-z")->name, "x_y_z");
  EXPECT_EQ(g.call_method("view", tuple({}), {}, "3d")->name, "_3d");
  EXPECT_EQ(g.get_attr("layers.0.weight")->name, "layers_0_weight");
  EXPECT_EQ(g.call_method("pow", tuple({}))->name, "pow_1");
  EXPECT_EQ(g.call_method("cat", tuple({}), {}, "torch")->name, "torch_1");
}

// The seed's graph for `return x * 2 + y.sum()` (dynamo-spec 6.4).
TEST_F(GraphTest, PrintsTheSeedGraphCode) {
  Graph g;
  Node* x = g.placeholder("L_x_", "l_x_");
  Node* y = g.placeholder("L_y_", "l_y_");
  x->example_value = tensor_of({3, 3}, 1.5).to_value();
  y->example_value = tensor_of({3}, 2.0).to_value();
  UserFrame frame{"/<dir>/e1.py", 4, "fn", "return x * 2 + y.sum()"};
  Node* mul = g.call_function("operator.mul", attr("operator", "mul"), tuple({node(x), Value::integer(2)}));
  Node* sum = g.call_method("sum", tuple({node(y)}));
  Node* add = g.call_function("operator.add", attr("operator", "add"), tuple({node(mul), node(sum)}));
  for (Node* n : {mul, sum, add}) n->user_frame = frame;
  mul->example_value = tensor_of({3, 3}, 3.0).to_value();
  sum->example_value = tensor_of({}, 6.0).to_value();
  add->example_value = tensor_of({3, 3}, 9.0).to_value();
  g.output(tuple({node(add)}));
  g.verify();
  EXPECT_EQ(print_readable(g),
            "class GraphModule(torch.nn.Module):\n"
            "    def forward(self, L_x_: \"f32[3, 3][3, 1]cpu\", L_y_: \"f32[3][1]cpu\"):\n"
            "        l_x_ = L_x_\n"
            "        l_y_ = L_y_\n"
            "\n"
            "        # File: /<dir>/e1.py:4 in fn, code: return x * 2 + y.sum()\n"
            "        mul: \"f32[3, 3][3, 1]cpu\" = l_x_ * 2;  l_x_ = None\n"
            "        sum_1: \"f32[][]cpu\" = l_y_.sum();  l_y_ = None\n"
            "        add: \"f32[3, 3][3, 1]cpu\" = mul + sum_1;  mul = sum_1 = None\n"
            "        return (add,)\n");
  EXPECT_NE(print_readable(g, "GraphModule", {.include_stride = false, .include_device = false})
                .find("    def forward(self, L_x_: \"f32[3, 3]\", L_y_: \"f32[3]\"):\n"),
            std::string::npos);

  // Running it gives what eager gives.
  Value inputs[] = {tensor_of({3, 3}, 1.5).to_value(), tensor_of({3}, 2.0).to_value()};
  Value result = run_graph(g, inputs);
  Tensor out = Tensor::from_value(result.as<lang::Tuple>()->items.at(0));
  ASSERT_EQ(out.numel(), 9);
  for (int64_t i = 0; i < 9; ++i) EXPECT_EQ(out.data<float>()[i], 9.0f);
}

// Argument formatting as PyTorch 2.14 prints the same calls.
TEST_F(GraphTest, FormatsArgumentsAsFx) {
  Graph g;
  Node* x = g.placeholder("L_x_", "l_x_");
  Node* c = g.call_function("torch.cat", attr("torch", "cat"), tuple({Value(lang::make_list({node(x), node(x)}))}),
                            kwargs({{"dim", Value::integer(0)}}), "b");
  Node* d = g.call_function("operator.getitem", attr("operator", "getitem"),
                            tuple({node(c), tuple({Value(lang::make<lang::Slice>(Value::integer(1), Value::none(), Value::none())),
                                                   Value::none(), lang::ellipsis()})}),
                            {}, "d");
  Node* ones = g.call_function("torch.ones", attr("torch", "ones"), tuple({Value::integer(2)}),
                               kwargs({{"device", lang::str_value("cpu")}}));
  Node* n = g.call_function("operator.mul", attr("operator", "mul"), tuple({node(ones), Value::floating(INFINITY)}), {}, "n");
  Node* k = g.call_method("new_zeros", tuple({node(x), tuple({Value::integer(2), Value::integer(3)})}),
                          kwargs({{"dtype", attr("torch", "int64")}}), "k");
  Node* neg = g.call_function("operator.neg", attr("operator", "neg"), tuple({node(x)}));
  Node* shape = g.call_function("getattr", attr("builtins", "getattr"), tuple({node(x), lang::str_value("shape")}));
  g.output(tuple({node(d), node(n), node(k), node(neg), node(shape)}));
  g.verify();
  const std::string code = print_readable(g);
  for (const char* line : {"b = torch.cat([l_x_, l_x_], dim = 0)\n",
                           "d = b[(slice(1, None, None), None, Ellipsis)];  b = None\n",
                           "ones = torch.ones(2, device = 'cpu')\n", "n = ones * inf;  ones = None\n",
                           "k = l_x_.new_zeros((2, 3), dtype = torch.int64)\n", "neg = -l_x_\n",
                           "getattr_1 = l_x_.shape;  l_x_ = None\n", "return (d, n, k, neg, getattr_1)\n",
                           "\n        # No stacktrace found for following nodes\n"})
    EXPECT_NE(code.find(line), std::string::npos) << line << "\nnot in:\n" << code;
}

TEST_F(GraphTest, UnusedValuesAreFreedWhereDefined) {
  Graph g;
  Node* x = g.placeholder("L_x_", "l_x_");
  Node* y = g.call_function("operator.add", attr("operator", "add"), tuple({node(x), Value::integer(1)}), {}, "y");
  y->user_frame = UserFrame{"p.py", 6, "f", "y = x + 1"};
  EXPECT_NE(print_readable(g).find("        y = l_x_ + 1;  l_x_ = y = None\n"), std::string::npos) << print_readable(g);
}

TEST_F(GraphTest, UsesRewritesAndErasure) {
  Graph g;
  Node* x = g.placeholder("L_x_", "l_x_");
  Node* a = g.call_method("relu", tuple({node(x)}));
  Node* b = g.call_method("sin", tuple({node(a)}));
  Node* c = g.call_method("cos", tuple({node(x)}));
  g.output(tuple({node(b)}));
  EXPECT_EQ(g.users(x), (std::vector<Node*>{a, c}));
  EXPECT_THROW(g.erase(a), lang::PyError);
  g.replace_all_uses(a, c);
  EXPECT_TRUE(g.users(a).empty());
  EXPECT_EQ(g.users(c), (std::vector<Node*>{b}));
  g.erase(a);
  EXPECT_THROW(g.verify(), lang::PyError); // c is used by b before it is defined
}

TEST_F(GraphTest, VerifierRejectsForeignNodesAndMissingOutput) {
  Graph g, other;
  Node* foreign = other.placeholder("L_z_");
  g.placeholder("L_x_");
  g.call_method("sin", tuple({node(foreign)}));
  EXPECT_THROW(g.verify(), lang::PyError);
  Graph empty;
  empty.placeholder("L_x_");
  EXPECT_THROW(empty.verify(), lang::PyError);
}

TEST_F(GraphTest, InterpreterResolvesModuleAttributes) {
  Value linear = lang::call(attr("torch.nn", "Linear"), {Value::integer(3), Value::integer(2)});
  Value root = lang::call(attr("torch.nn", "Sequential"), {linear});
  Graph g;
  Node* x = g.placeholder("L_x_", "l_x_");
  Node* w = g.get_attr("0.weight");
  Node* call = g.call_module("0", tuple({node(x)}));
  Node* mm = g.call_function("torch.nn.functional.linear", attr("torch.nn.functional", "linear"), tuple({node(x), node(w)}));
  g.output(tuple({node(call), node(mm)}));
  g.verify();
  EXPECT_NE(print_readable(g).find("_0 = getattr(self, \"0\")(l_x_)"), std::string::npos) << print_readable(g);
  Value inputs[] = {tensor_of({4, 3}, 1.0).to_value()};
  Value result = run_graph(g, inputs, root);
  Tensor via_module = Tensor::from_value(result.as<lang::Tuple>()->items[0]);
  Tensor via_weight = Tensor::from_value(result.as<lang::Tuple>()->items[1]);
  Tensor bias = Tensor::from_value(lang::getattr(linear, lang::intern("bias")));
  Tensor expected = ops::call_tensor("add.Tensor", via_weight, bias);
  EXPECT_TRUE(ops::call("equal", via_module, expected).as_bool());
}

// print -> parse -> print is the identity (annotations aside: the parser
// does not read example values back), and the parsed graph runs.
TEST_F(GraphTest, ParsesPrintedGraphsBack) {
  const std::string text =
      "class GraphModule(torch.nn.Module):\n"
      "    def forward(self, L_x_, L_y_):\n"
      "        l_x_ = L_x_\n"
      "        l_y_ = L_y_\n"
      "\n"
      "        # File: /<dir>/p.py:4 in fn, code: a = torch.cat([x, y], dim=0)[1:, None, ...]\n"
      "        cat = torch.cat([l_x_, l_y_], dim = 0)\n"
      "        a = cat[(slice(1, None, None), None, Ellipsis)];  cat = None\n"
      "\n"
      "        # File: /<dir>/p.py:5 in g, code: return -a ** 2 // 3 % 2 @ y.t()\n"
      "        pow_1 = a ** 2;  a = None\n"
      "        neg = -pow_1;  pow_1 = None\n"
      "        floordiv = neg // 3;  neg = None\n"
      "        mod = floordiv % 2;  floordiv = None\n"
      "        t = l_y_.t();  l_y_ = None\n"
      "        matmul = mod @ t;  mod = t = None\n"
      "        gt = matmul > -inf\n"
      "        getattr_1 = l_x_.shape;  l_x_ = None\n"
      "        clamp = torch.clamp(matmul, min = -1.0, max = None);  matmul = None\n"
      "        to = clamp.to(torch.float64);  clamp = None\n"
      "        return (to, gt, getattr_1)\n";
  std::unique_ptr<Graph> g = parse_graph(text);
  EXPECT_EQ(print_readable(*g), text);
  ASSERT_TRUE(g->nodes()[2]->user_frame.has_value());
  EXPECT_EQ(*g->nodes()[2]->user_frame, (UserFrame{"/<dir>/p.py", 4, "fn", "a = torch.cat([x, y], dim=0)[1:, None, ...]"}));

  Value inputs[] = {tensor_of({2, 3}, 1.0).to_value(), tensor_of({3, 3}, 2.0).to_value()};
  Value result = run_graph(*g, inputs);
  Tensor to = Tensor::from_value(result.as<lang::Tuple>()->items.at(0));
  EXPECT_EQ(to.dtype(), DType::Float64);
  EXPECT_EQ(to.size(0), 4);
}

TEST_F(GraphTest, RoundTripsModuleCalls) {
  Graph g;
  Node* x = g.placeholder("L_x_", "l_x_");
  Node* w = g.get_attr("layers.0.weight");
  Node* call = g.call_module("layers.0", tuple({node(x)}));
  Node* sum = g.call_method("sum", tuple({node(call)}), kwargs({{"dim", Value::integer(1)}, {"keepdim", Value::boolean(true)}}));
  g.output(tuple({node(sum), node(w)}));
  const std::string text = print_readable(g);
  EXPECT_EQ(print_readable(*parse_graph(text)), text);
  EXPECT_NE(text.find("layers_0 = getattr(self.layers, \"0\")(l_x_)"), std::string::npos) << text;
}

// A torch.cond's branches are subgraphs: printed as classes nested in the
// graph's (each after a blank line, as FX's print_readable prints GraphModule
// submodules), read back as subgraphs.
TEST_F(GraphTest, PrintsAndParsesSubgraphsAsNestedClasses) {
  auto branch = std::make_shared<Graph>();
  Node* bx = branch->placeholder("l_x_", "l_x__1");
  branch->output(tuple({node(branch->call_method("sin", tuple({node(bx)})))}));
  Graph g;
  Node* x = g.placeholder("L_x_", "l_x_");
  g.add_subgraph("cond_true_0", branch);
  Node* attr = g.get_attr("cond_true_0");
  Node* call = g.call_function("torch.ops.higher_order.cond", Value::none(),
                               tuple({Value::boolean(true), node(attr), node(attr), tuple({node(x)})}));
  g.output(tuple({node(call)}));
  const std::string text = print_readable(g);
  EXPECT_EQ(text, "class GraphModule(torch.nn.Module):\n"
                  "    def forward(self, L_x_):\n"
                  "        l_x_ = L_x_\n"
                  "\n"
                  "        # No stacktrace found for following nodes\n"
                  "        cond_true_0 = self.cond_true_0\n"
                  "        cond = torch.ops.higher_order.cond(True, cond_true_0, cond_true_0, (l_x_,));  "
                  "cond_true_0 = l_x_ = None\n"
                  "        return (cond,)\n"
                  "\n"
                  "    class cond_true_0(torch.nn.Module):\n"
                  "        def forward(self, l_x_):\n"
                  "            l_x__1 = l_x_\n"
                  "\n"
                  "            # No stacktrace found for following nodes\n"
                  "            sin = l_x__1.sin();  l_x__1 = None\n"
                  "            return (sin,)\n");
  std::unique_ptr<Graph> parsed = parse_graph(text, [](std::string_view) { return Value::none(); });
  ASSERT_EQ(parsed->subgraphs().size(), 1u);
  EXPECT_EQ(parsed->subgraphs()[0].first, "cond_true_0");
  EXPECT_EQ(print_readable(*parsed), text);
}

// `x += 1` in traced code: FX prints the in-place call as a statement and
// names its value on the same line; the parser reads it back.
TEST_F(GraphTest, RoundTripsInPlaceOperators) {
  const std::string text = "class GraphModule(torch.nn.Module):\n"
                           "    def forward(self, L_x_):\n"
                           "        l_x_ = L_x_\n"
                           "\n"
                           "        # No stacktrace found for following nodes\n"
                           "        l_x_ += 1;  x = l_x_;  l_x_ = None\n"
                           "        mul = x * 2;  x = None\n"
                           "        return (mul,)\n";
  std::unique_ptr<Graph> g = parse_graph(text);
  EXPECT_EQ(g->nodes()[1]->target, "operator.iadd");
  EXPECT_EQ(g->nodes()[1]->name, "x");
  EXPECT_EQ(print_readable(*g), text);
}

TEST_F(GraphTest, ParserRejectsWhatIsNotAGraph) {
  auto error_of = [](std::string_view text) -> std::string {
    try {
      parse_graph(text);
    } catch (const lang::PyError& e) {
      return std::string(lang::repr(e.exc)->view());
    }
    return "no error";
  };
  EXPECT_EQ(error_of("def f(:\n"), "SyntaxError('invalid syntax', ('<graph>', 1, 7, 'def f(:\\n', 1, 8))");
  EXPECT_EQ(error_of("x = 1\n"), "ValueError('line 1: not a printed graph: expected `class ...(torch.nn.Module):` "
                                  "with a `def forward(self, ...)` method')");
  EXPECT_EQ(error_of("class G:\n    def forward(self, L_x_):\n        y = z + 1\n        return (y,)\n"),
            "ValueError(\"line 3: not a printed graph: unknown name 'z'\")");
  EXPECT_EQ(error_of("class G:\n    def forward(self, L_x_):\n        y = L_x_ + 1\n"),
            "ValueError('line 2: not a printed graph: forward has no return statement')");
}

} // namespace
} // namespace refc::graph

// Tests of run_query and signature_of: every outcome, the limits, and
// signatures that tell failures apart while ignoring what varies.
#include "minifier/query.h"

#include <gtest/gtest.h>

#include <csignal>

namespace refc::minifier {
namespace {

QueryResult sh(const std::string& script, QueryLimits limits = {}) { return run_query({"sh", "-c", script}, limits); }

TEST(MinifierQuery, ClassifiesEveryOutcome) {
  EXPECT_EQ(sh("echo hi").outcome, Outcome::Pass);
  EXPECT_EQ(sh("echo hi").stdout_text, "hi\n");

  const QueryResult fail =
      sh("printf 'Traceback (most recent call last):\\n  File \"x.py\", line 3, in f\\nRuntimeError: bad size 42\\n' >&2; exit 1");
  EXPECT_EQ(fail.outcome, Outcome::Fail);
  EXPECT_EQ(fail.signature.str(), "run RuntimeError: bad size <n>");

  const QueryResult crash = sh("kill -SEGV $$");
  EXPECT_EQ(crash.outcome, Outcome::Crash);
  EXPECT_EQ(crash.signal, SIGSEGV);

  const QueryResult invalid = sh("echo 'usage: x' >&2; exit 2");
  EXPECT_EQ(invalid.outcome, Outcome::Invalid);
  EXPECT_EQ(invalid.exit_code, 2);

  EXPECT_EQ(run_query({"/no/such/program"}, {}).outcome, Outcome::Invalid);
}

TEST(MinifierQuery, AHangEndsAtTheLimitWithItsChildren) {
  QueryLimits limits;
  limits.wall = std::chrono::milliseconds(300);
  const QueryResult r = sh("sleep 30 & sleep 30; wait", limits);
  EXPECT_EQ(r.outcome, Outcome::Timeout);
  EXPECT_LT(r.seconds, 5.0);
}

TEST(MinifierQuery, TheAddressSpaceIsLimited) {
  if (!kAddressSpaceLimitApplies) GTEST_SKIP() << "a sanitizer build runs candidates without an address-space limit";
  QueryLimits limits;
  limits.address_space_bytes = size_t{1} << 30;
  const QueryResult r = run_query({"python3", "-c", "x = bytearray(1 << 32)"}, limits);
  EXPECT_EQ(r.outcome, Outcome::Fail);
  EXPECT_EQ(r.signature.exception_type, "MemoryError");
}

TEST(MinifierQuery, SignaturesNameTheInnermostFailureAndTheStage) {
  const std::string backend = "Traceback (most recent call last):\n"
                              "  File \"prog.py\", line 9, in <module>\n"
                              "torch._dynamo.exc.BackendCompilerFailed: backend='eager' raised:\n"
                              "InjectedCompileError: injected compile error at relu\n"
                              "\nSet TORCHDYNAMO_VERBOSE=1 for the internal stack trace\n";
  const Signature s = signature_of(backend);
  EXPECT_EQ(s.stage, "compile");
  EXPECT_EQ(s.exception_type, "InjectedCompileError");
  EXPECT_EQ(s.message_template, "injected compile error at relu");

  // What varies between candidates does not change the signature; the failure's words do.
  const Signature a = signature_of("Traceback (most recent call last):\nRuntimeError: shape '[2, 3]' at /x/y.py is 0x7f3a9c001234 12.5\n");
  const Signature b = signature_of("Traceback (most recent call last):\nRuntimeError: shape '[4]' at /q.py is 0x55aa00112233 3\n");
  EXPECT_EQ(a, b);
  EXPECT_NE(a, signature_of("Traceback (most recent call last):\nRuntimeError: other words\n"));
  EXPECT_NE(a, signature_of("Traceback (most recent call last):\nTypeError: shape '[2, 3]' at /x/y.py is 0x1 1\n"));
  EXPECT_TRUE(signature_of("no traceback here\n").exception_type.empty());
}

TEST(MinifierQuery, TheSignatureNamesTheOpWhoseGraphLineRaised) {
  auto raised_at = [](const std::string& graph_line) {
    return signature_of("Traceback (most recent call last):\n"
                        "  File \"repro.py\", line 3, in forward\n    def forward(self, x):\n"
                        "  File \"<eval_with_key>.3\", line 7, in forward\n    " + graph_line + "\n"
                        "RuntimeError: boom\n").op;
  };
  EXPECT_EQ(raised_at("relu: \"f32[3][1]cpu\" = torch.relu(l_x_);  l_x_ = None"), "torch.relu");
  EXPECT_EQ(raised_at("cos = l_x_.cos();  l_x_ = None"), ".cos");
  EXPECT_EQ(raised_at("add: \"f32[3][1]cpu\" = relu + 1;  relu = None"), "+");
  EXPECT_EQ(raised_at("getitem = cond[0];  cond = None"), "getitem");
  EXPECT_EQ(raised_at("mul = operator.mul(a, b)"), "operator.mul");
  // The same message from another op is another failure.
  EXPECT_NE(signature_of("Traceback (most recent call last):\n  File \"<eval_with_key>.1\", line 5, in forward\n"
                         "    a = torch.sin(x)\nRuntimeError: boom\n"),
            signature_of("Traceback (most recent call last):\n  File \"<eval_with_key>.1\", line 5, in forward\n"
                         "    a = torch.cos(x)\nRuntimeError: boom\n"));
  const Signature unknown = signature_of("Traceback (most recent call last):\nRuntimeError: boom\n");
  EXPECT_EQ(unknown.op, "");
  EXPECT_TRUE(unknown.matches(signature_of("Traceback (most recent call last):\n  File \"<eval_with_key>.1\", line 5, "
                                           "in forward\n    a = torch.sin(x)\nRuntimeError: boom\n")));
}

TEST(MinifierQuery, SameFailureNeedsTheSameSignatureOrSignal) {
  QueryResult target;
  target.outcome = Outcome::Fail;
  target.signature = {"run", "RuntimeError", "boom", ""};
  QueryResult candidate = target;
  EXPECT_TRUE(candidate.same_failure(target));
  candidate.signature.exception_type = "TypeError";
  EXPECT_FALSE(candidate.same_failure(target));
  QueryResult crash, other_crash;
  crash.outcome = other_crash.outcome = Outcome::Crash;
  crash.signal = SIGSEGV;
  other_crash.signal = SIGABRT;
  EXPECT_FALSE(other_crash.same_failure(crash));
  EXPECT_FALSE(target.same_failure(crash));
}

} // namespace
} // namespace refc::minifier

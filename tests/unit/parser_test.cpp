// Tests of the lexer, the parser, ast::dump and format_syntax_error. The bulk
// is differential: parser_cases/golden.txt holds what CPython 3.11 produces
// for every snippet in parser_cases/ and every program in tests/lang/programs
// (ast.dump with and without positions, or the SyntaxError's fields and the
// text CPython prints), written by parser_cases/generate.py. The rest checks
// what CPython cannot: robustness on hostile input and speed.
#include "reference_compiler/lang/ast_dump.h"
#include "reference_compiler/lang/lexer.h"
#include "reference_compiler/lang/parser.h"
#include "reference_compiler/lang/syntax_error.h"

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <sstream>

namespace refc::lang {
namespace {

namespace fs = std::filesystem;

const std::string kSourceDir = REFC_SOURCE_DIR;
const std::string kCasesDir = kSourceDir + "/tests/unit/parser_cases";

std::string read_file(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

// One record of golden.txt.
struct GoldenCase {
  std::string rel;  // "ok/x.py", "errors/x.py", "unsupported/x.py", "programs/x.py"
  std::map<std::string, std::string> fields; // dump, attrs, dump_fnv, attrs_fnv, error, msg, loc
  std::string stderr_text;
  bool has_stderr = false;

  std::string path() const {
    if (rel.rfind("programs/", 0) == 0) return kSourceDir + "/tests/lang/" + rel;
    return kCasesDir + "/" + rel;
  }
  bool is_error() const { return fields.count("error") != 0; }
};

void PrintTo(const GoldenCase& c, std::ostream* os) { *os << c.rel; }

const std::vector<GoldenCase>& golden() {
  static const std::vector<GoldenCase> cases = [] {
    std::vector<GoldenCase> out;
    std::istringstream in(read_file(kCasesDir + "/golden.txt"));
    std::string line;
    while (std::getline(in, line)) {
      if (line.empty() || line[0] == '#') continue;
      if (line.rfind("case ", 0) == 0) {
        out.emplace_back();
        out.back().rel = line.substr(5);
        continue;
      }
      if (out.empty()) continue;
      size_t sp = line.find(' ');
      std::string key = line.substr(0, sp);
      std::string value = sp == std::string::npos ? "" : line.substr(sp + 1);
      if (key == "stderr") {
        int n = std::stoi(value);
        std::string text;
        for (int i = 0; i < n && std::getline(in, line); i++) text += line + "\n";
        out.back().stderr_text = text;
        out.back().has_stderr = true;
      } else {
        out.back().fields[key] = value;
      }
    }
    return out;
  }();
  return cases;
}

std::vector<GoldenCase> cases_where(bool (*pred)(const GoldenCase&)) {
  std::vector<GoldenCase> out;
  for (auto& c : golden())
    if (pred(c)) out.push_back(c);
  return out;
}

std::string test_name(const ::testing::TestParamInfo<GoldenCase>& info) {
  std::string name;
  std::string rel = info.param.rel;
  rel = rel.substr(rel.find('/') + 1);
  for (char c : rel.substr(0, rel.size() - 3)) name += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  return name;
}

std::string fnv1a(const std::string& s) {
  uint64_t h = 0xCBF29CE484222325ull;
  for (unsigned char b : s) h = (h ^ b) * 0x100000001B3ull;
  char buf[17];
  snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

// Compares one dump with its golden text or hash; on a mismatch with a hash,
// saves refc's dump so it can be diffed against CPython's.
void expect_dump(const GoldenCase& c, const std::string& key, const std::string& got) {
  auto it = c.fields.find(key);
  if (it != c.fields.end()) {
    EXPECT_EQ(got, it->second) << c.rel << " (" << key << ")";
    return;
  }
  auto h = c.fields.find(key + "_fnv");
  ASSERT_NE(h, c.fields.end()) << c.rel << ": no golden " << key;
  if (fnv1a(got) != h->second) {
    fs::path out = fs::temp_directory_path() / ("refc_" + key + "_" + fs::path(c.rel).filename().string() + ".txt");
    std::ofstream(out) << got << "\n";
    ADD_FAILURE() << c.rel << ": " << key
                  << " differs from CPython's; refc's is in " << out.string()
                  << ", compare with python3 -c \"import ast; print(ast.dump(ast.parse(open('"
                  << c.path() << "','rb').read())" << (key == "attrs" ? ", include_attributes=True" : "")
                  << "))\"";
  }
}

class ParsesLikeCPython : public ::testing::TestWithParam<GoldenCase> {};

TEST_P(ParsesLikeCPython, SameAstDump) {
  const GoldenCase& c = GetParam();
  std::string source = read_file(c.path());
  try {
    ast::Module m = parse_module(source, "FILE");
    expect_dump(c, "dump", ast::dump(m));
    expect_dump(c, "attrs", ast::dump(m, true));
  } catch (const SyntaxErrorInfo& e) {
    ADD_FAILURE() << c.rel << ": unexpected error\n" << format_syntax_error(e);
  }
}

INSTANTIATE_TEST_SUITE_P(Snippets, ParsesLikeCPython,
                         ::testing::ValuesIn(cases_where([](const GoldenCase& c) {
                           return !c.is_error() && c.rel.rfind("ok/", 0) == 0;
                         })),
                         test_name);
INSTANTIATE_TEST_SUITE_P(Programs, ParsesLikeCPython,
                         ::testing::ValuesIn(cases_where([](const GoldenCase& c) {
                           return !c.is_error() && c.rel.rfind("programs/", 0) == 0;
                         })),
                         test_name);

class RejectsLikeCPython : public ::testing::TestWithParam<GoldenCase> {};

TEST_P(RejectsLikeCPython, SameSyntaxError) {
  const GoldenCase& c = GetParam();
  std::string source = read_file(c.path());
  try {
    parse_module(source, "FILE");
    ADD_FAILURE() << c.rel << ": parsed, but CPython reports " << c.fields.at("msg");
  } catch (const SyntaxErrorInfo& e) {
    EXPECT_EQ(e.kind, c.fields.at("error")) << c.rel;
    EXPECT_EQ(e.msg, c.fields.at("msg")) << c.rel;
    std::istringstream loc(c.fields.at("loc"));
    int lineno = 0, offset = 0, end_lineno = -1, end_offset = -1;
    loc >> lineno >> offset >> end_lineno >> end_offset;
    EXPECT_EQ(e.lineno, lineno) << c.rel;
    EXPECT_EQ(e.offset, offset) << c.rel;
    if (c.has_stderr) {
      // CPython's end position and printed text (unsupported/ cases are
      // refc's own errors, checked by message and start only).
      EXPECT_EQ(e.end_lineno, end_lineno) << c.rel;
      EXPECT_EQ(e.end_offset, end_offset) << c.rel;
      EXPECT_EQ(format_syntax_error(e), c.stderr_text) << c.rel;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Snippets, RejectsLikeCPython,
                         ::testing::ValuesIn(cases_where([](const GoldenCase& c) {
                           return c.is_error() && c.rel.rfind("errors/", 0) == 0;
                         })),
                         test_name);
INSTANTIATE_TEST_SUITE_P(Unsupported, RejectsLikeCPython,
                         ::testing::ValuesIn(cases_where([](const GoldenCase& c) {
                           return c.rel.rfind("unsupported/", 0) == 0;
                         })),
                         test_name);
INSTANTIATE_TEST_SUITE_P(Programs, RejectsLikeCPython,
                         ::testing::ValuesIn(cases_where([](const GoldenCase& c) {
                           return c.is_error() && c.rel.rfind("programs/", 0) == 0;
                         })),
                         test_name);

// A snippet added without rerunning generate.py would silently go untested.
TEST(ParserGolden, EverySnippetAndProgramHasARecord) {
  std::set<std::string> recorded;
  for (auto& c : golden()) recorded.insert(c.rel);
  EXPECT_GT(recorded.size(), 400u);
  for (const char* dir : {"ok", "errors", "unsupported"})
    for (auto& entry : fs::directory_iterator(kCasesDir + "/" + dir))
      if (entry.path().extension() == ".py") {
        EXPECT_TRUE(recorded.count(std::string(dir) + "/" + entry.path().filename().string()))
            << entry.path() << " has no golden record: run tests/unit/parser_cases/generate.py";
      }
  fs::path programs = kSourceDir + "/tests/lang/programs";
  if (fs::exists(programs))
    for (auto& entry : fs::directory_iterator(programs))
      if (entry.path().extension() == ".py") {
        EXPECT_TRUE(recorded.count("programs/" + entry.path().filename().string()))
            << entry.path() << " has no golden record: run tests/unit/parser_cases/generate.py";
      }
}

// ---- format_syntax_error against CPython's own printing ---------------------

SyntaxErrorInfo error_at(const char* kind, std::string text, int lineno, int offset,
                         int end_lineno, int end_offset) {
  SyntaxErrorInfo e;
  e.kind = kind;
  e.msg = "m";
  e.filename = "p.py";
  e.text = std::move(text);
  e.lineno = lineno;
  e.offset = offset;
  e.end_lineno = end_lineno;
  e.end_offset = end_offset;
  return e;
}

TEST(FormatSyntaxError, MatchesCPythonCaretPlacement) {
  // Expected texts printed by CPython 3.11's sys.__excepthook__ for
  // SyntaxError('m', ('p.py', lineno, offset, text, end_lineno, end_offset)).
  struct Case {
    const char* kind;
    const char* text;
    int lineno, offset, end_lineno, end_offset;
    const char* expected;
  } cases[] = {
      {"SyntaxError", "x = (1 2)\n", 1, 6, 1, 9, "  File \"p.py\", line 1\n    x = (1 2)\n         ^^^\nSyntaxError: m\n"},
      {"SyntaxError", "    x = (1 2)\n", 1, 10, 1, 13, "  File \"p.py\", line 1\n    x = (1 2)\n         ^^^\nSyntaxError: m\n"},
      {"SyntaxError", "    x = (1 2)\n", 1, 10, 1, 0, "  File \"p.py\", line 1\n    x = (1 2)\n         ^\nSyntaxError: m\n"},
      {"SyntaxError", "    x = (1 2)\n", 1, 2, 1, 5, "  File \"p.py\", line 1\n    x = (1 2)\nSyntaxError: m\n"},
      {"SyntaxError", "    x = (1 2)\n", 1, 30, 1, 40, "  File \"p.py\", line 1\n    x = (1 2)\n             ^\nSyntaxError: m\n"},
      {"SyntaxError", "    x = (1 2)\n", 1, 10, 1, 40, "  File \"p.py\", line 1\n    x = (1 2)\n         ^^^^^\nSyntaxError: m\n"},
      {"SyntaxError", "    x = (1 2)\n", 1, 10, 2, 13, "  File \"p.py\", line 1\n    x = (1 2)\n         ^^^^\nSyntaxError: m\n"},
      {"SyntaxError", "x = (1 2)", 1, 11, 1, 13, "  File \"p.py\", line 1\n    x = (1 2)\n             ^\nSyntaxError: m\n"},
      {"SyntaxError", "a\nbc = 1\n", 1, 4, 1, 6, "  File \"p.py\", line 1\n    bc = 1\n     ^^\nSyntaxError: m\n"},
      {"SyntaxError", "a\nbc = 1\n", 1, 2, 1, 6, "  File \"p.py\", line 1\n    a\nbc = 1\n     ^^^^\nSyntaxError: m\n"},
      {"SyntaxError", "\t\fx = (1 2)\n", 1, 3, 1, 4, "  File \"p.py\", line 1\n    x = (1 2)\n    ^\nSyntaxError: m\n"},
      {"IndentationError", "pass\n", 1, 1, 1, 5, "  File \"p.py\", line 1\n    pass\n    ^\nIndentationError: m\n"},
      {"TabError", "\tpass\n", 1, 1, 1, 0, "  File \"p.py\", line 1\n    pass\nTabError: m\n"},
      {"SyntaxError", "\xC3\xA9 = \xC3\xA9(\xC3\xA9 \xC3\xA9)\n", 1, 9, 1, 14,
       "  File \"p.py\", line 1\n    \xC3\xA9 = \xC3\xA9(\xC3\xA9 \xC3\xA9)\n            ^^^^^\nSyntaxError: m\n"},
      {"SyntaxError", "", 0, 0, 0, 0, "SyntaxError: m\n"},
  };
  for (auto& c : cases)
    EXPECT_EQ(format_syntax_error(error_at(c.kind, c.text, c.lineno, c.offset, c.end_lineno, c.end_offset)),
              c.expected)
        << c.text << " " << c.offset << "-" << c.end_offset;
}

// ---- reprs used by ast::dump ------------------------------------------------

TEST(AstDump, FloatReprIsPythons) {
  struct {
    double value;
    const char* repr;
  } cases[] = {{0.0, "0.0"},
               {1.0, "1.0"},
               {0.1, "0.1"},
               {1e16, "1e+16"},
               {1e15, "1000000000000000.0"},
               {123456789.123, "123456789.123"},
               {0.0001, "0.0001"},
               {1e-05, "1e-05"},
               {1e308, "1e+308"},
               {5e-324, "5e-324"},
               {1e22, "1e+22"},
               {2.5e-07, "2.5e-07"},
               {1.0 / 3, "0.3333333333333333"},
               {12345678901234567890.0, "1.2345678901234567e+19"},
               {100.0, "100.0"},
               {-1.5, "-1.5"},
               {9007199254740992.0, "9007199254740992.0"},
               {1.0 / 0.0, "inf"}};
  for (auto& c : cases) EXPECT_EQ(ast::python_float_repr(c.value), c.repr);
}

TEST(AstDump, StrReprIsPythons) {
  EXPECT_EQ(ast::python_str_repr("abc"), "'abc'");
  EXPECT_EQ(ast::python_str_repr("it's"), "\"it's\"");
  EXPECT_EQ(ast::python_str_repr("say \"hi\""), "'say \"hi\"'");
  EXPECT_EQ(ast::python_str_repr("both ' \""), "'both \\' \"'");
  EXPECT_EQ(ast::python_str_repr("tab\tnl\n\r"), "'tab\\tnl\\n\\r'");
  EXPECT_EQ(ast::python_str_repr(std::string("\0\x1b\x7f", 3)), "'\\x00\\x1b\\x7f'");
  EXPECT_EQ(ast::python_str_repr("\xC3\xA9\xE4\xB8\xAD\xF0\x9F\x98\x80"), "'\xC3\xA9\xE4\xB8\xAD\xF0\x9F\x98\x80'");
  EXPECT_EQ(ast::python_str_repr("\xC2\xA0\xE2\x80\x8B\xE2\x80\xA8\xF3\xA0\x80\x81"),
            "'\\xa0\\u200b\\u2028\\U000e0001'");
  EXPECT_EQ(ast::python_str_repr("\\"), "'\\\\'");
  EXPECT_EQ(ast::python_str_repr("\xED\xA0\x80"), "'\\ud800'"); // lone surrogate
}

// ---- the token stream ---------------------------------------------------------

TEST(Lexer, IndentationAndPositions) {
  TokenizedSource src = tokenize("if x:\n    y = 'a' \\\n  'b'  # c\n", "t.py");
  std::vector<TokenKind> kinds;
  for (auto& t : src.tokens) kinds.push_back(t.kind);
  std::vector<TokenKind> expected = {TokenKind::KwIf,   TokenKind::Name,   TokenKind::Colon,
                                     TokenKind::Newline, TokenKind::Indent, TokenKind::Name,
                                     TokenKind::Equal,  TokenKind::String, TokenKind::String,
                                     TokenKind::Newline, TokenKind::Dedent, TokenKind::EndMarker};
  EXPECT_EQ(kinds, expected);
  const Token& second_string = src.tokens[8];
  EXPECT_EQ(second_string.lineno, 3);
  EXPECT_EQ(second_string.col, 2);
  EXPECT_EQ(second_string.end_col, 5);
  // The NEWLINE after a comment starts at the comment.
  EXPECT_EQ(src.tokens[9].col, 7);
  EXPECT_EQ(src.tokens[9].end_col, 10);
}

TEST(Lexer, ErrorEndsTheStream) {
  TokenizedSource src = tokenize("x = 1\ny = 'abc\n", "t.py");
  ASSERT_EQ(src.tokens.back().kind, TokenKind::Error);
  EXPECT_EQ(src.error.msg, "unterminated string literal (detected at line 2)");
  EXPECT_EQ(src.error.lineno, 2);
  EXPECT_EQ(src.error.offset, 5);
}

// ---- robustness -----------------------------------------------------------------

// Parses `source`, which must either succeed or fail with a SyntaxError whose
// rendering works; returns the message ("" on success).
std::string parse_outcome(const std::string& source) {
  try {
    parse_module(source, "t.py");
    return "";
  } catch (const SyntaxErrorInfo& e) {
    std::string text = format_syntax_error(e);
    EXPECT_FALSE(text.empty());
    EXPECT_FALSE(e.msg.empty());
    return e.msg;
  }
}

std::string repeat(const std::string& s, int n) {
  std::string out;
  for (int i = 0; i < n; i++) out += s;
  return out;
}

TEST(ParserRobustness, DeepNestingIsAnErrorNotACrash) {
  const int n = 200000;
  const std::string too_complex = "too complex: expressions nested more than 3000 levels deep";
  EXPECT_EQ(parse_outcome("x = " + repeat("(", n) + "1" + repeat(")", n) + "\n"),
            "too many nested parentheses");
  EXPECT_EQ(parse_outcome("x = " + repeat("[", n) + repeat("]", n) + "\n"), "too many nested parentheses");
  EXPECT_EQ(parse_outcome("x = " + repeat("-", n) + "1\n"), too_complex);
  EXPECT_EQ(parse_outcome("x = " + repeat("not ", n) + "1\n"), too_complex);
  EXPECT_EQ(parse_outcome("x = " + repeat("~+", n) + "1\n"), too_complex);
  EXPECT_EQ(parse_outcome("x = 1" + repeat(" + 1", n) + "\n"), too_complex);
  EXPECT_EQ(parse_outcome("x = a" + repeat(".b", n) + "\n"), too_complex);
  EXPECT_EQ(parse_outcome("x = a" + repeat("[0]", n) + "\n"), too_complex);
  EXPECT_EQ(parse_outcome("x = f" + repeat("()", n) + "\n"), too_complex);
  EXPECT_EQ(parse_outcome("x = 2" + repeat(" ** -2", n) + "\n"), too_complex);
  EXPECT_EQ(parse_outcome("x = " + repeat("lambda: ", n) + "1\n"), too_complex);
  EXPECT_EQ(parse_outcome("x = " + repeat("a if b else ", n) + "1\n"), too_complex);
  EXPECT_EQ(parse_outcome("x = " + repeat("a or ", n) + "1\n"), "");
  EXPECT_EQ(parse_outcome("x = " + repeat("a < ", n) + "1\n"), "");
  // Nested chains: the tree is as high as the chains nested along its deepest
  // path. Nested in the last operand each level adds one (CPython accepts);
  // nested in the first, each level adds its whole length (CPython fails).
  EXPECT_EQ(parse_outcome("x = " + repeat("(1 + ", 190) + repeat("1 + ", 100) + "1" + repeat(")", 190) + "\n"),
            "");
  EXPECT_EQ(parse_outcome("x = " + repeat("(" + repeat("1 + ", 30), 190) + "1" + repeat(")", 190) + "\n"),
            "");
  EXPECT_EQ(parse_outcome("x = " + repeat("(", 190) + "1" + repeat(repeat(" + 1", 30) + ")", 190) + "\n"),
            too_complex);
  EXPECT_EQ(parse_outcome(repeat("f'{", 5) + repeat("}'", 5)), "f-string: expecting '}'");
  std::string deep_blocks;
  for (int i = 0; i < 150; i++) deep_blocks += std::string(i, ' ') + "if x:\n";
  EXPECT_EQ(parse_outcome(deep_blocks + std::string(150, ' ') + "pass\n"), "too many levels of indentation");
  // Just inside the limits: accepted, like CPython does.
  EXPECT_EQ(parse_outcome("x = " + repeat("(", 200) + "1" + repeat(")", 200) + "\n"), "");
  EXPECT_EQ(parse_outcome("x = " + repeat("-", 2500) + "1\n"), "");
  EXPECT_EQ(parse_outcome("x = 1" + repeat(" + 1", 2500) + "\n"), "");
}

TEST(ParserRobustness, RandomInputNeverCrashes) {
  // Token soup and byte-level mutations of real snippets, deterministically.
  const char* pieces[] = {"x", "1", "1.5e3", "'s'", "f'{x}'", "\"\"\"", "(", ")", "[", "]", "{", "}",
                          ":", ",", ";", ".", "=", "==", "+", "-", "*", "**", "/", "//", "@",
                          "->", ":=", "if", "else", "elif", "for", "in", "while", "def", "class",
                          "lambda", "yield", "return", "not", "and", "or", "is", "import", "from",
                          "as", "with", "try", "except", "finally", "del", "global", "async",
                          "await", "match", "\n", "\n    ", "\n\t", " ", "\\\n", "#", "\xC3\xA9",
                          "\xE2\x80\xA6", "\0", "\xFF", "{x!r:>{w}}", "'\\x", "0x", "1_", "\r"};
  std::mt19937 rng(12345);
  for (int i = 0; i < 4000; i++) {
    std::string src;
    int n = 1 + rng() % 40;
    for (int j = 0; j < n; j++) src += pieces[rng() % (sizeof pieces / sizeof *pieces)];
    parse_outcome(src);
  }
  std::vector<std::string> seeds;
  for (auto& entry : fs::directory_iterator(kCasesDir + "/ok")) seeds.push_back(read_file(entry.path()));
  std::sort(seeds.begin(), seeds.end());
  for (int i = 0; i < 3000; i++) {
    std::string src = seeds[rng() % seeds.size()];
    if (src.empty()) continue;
    int edits = 1 + rng() % 4;
    for (int j = 0; j < edits; j++) {
      size_t at = rng() % src.size();
      switch (rng() % 3) {
      case 0: src[at] = static_cast<char>(rng() % 256); break;
      case 1: src.erase(at, 1 + rng() % 8); break;
      default: src.insert(at, pieces[rng() % (sizeof pieces / sizeof *pieces)]); break;
      }
      if (src.empty()) break;
    }
    parse_outcome(src);
  }
}

TEST(ParserPerformance, LargeProgramParsesQuickly) {
  std::string src;
  for (int i = 0; i < 20000; i++) {
    src += "def f" + std::to_string(i) + "(a, b=1, *c, d: int = 2, **e) -> int:\n";
    src += "    x = [a + b * i for i in range(10) if i % 2] + {k: v for k, v in e.items()}\n";
    src += "    return f'{x!r:>{b}} {a.b.c(d)[1:2]}' if x else (yield from c)\n";
  }
  auto start = std::chrono::steady_clock::now();
  ast::Module m = parse_module(src, "big.py");
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(m.body.size(), 20000u);
  // About 0.2 s in a release build; generous for sanitizer and debug builds.
  EXPECT_LT(seconds, 20.0);
}

} // namespace
} // namespace refc::lang

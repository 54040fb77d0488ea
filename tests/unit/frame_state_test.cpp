// Unit tests of the automatic-dynamic lattice (reference_compiler/dynamo/
// frame_state.h, automatic_dynamic.h): joins, the dynamic-dim queries, the
// rendered texts and the logs of recording observations, compared with what
// PyTorch 2.14's pgo.py answers for the same observations
// (frame_state_cases/cases.txt, recorded by frame_state_cases/generate.py),
// plus the laws of the join and CodeId's identity.
#include "test_support.h"

#include "reference_compiler/dynamo/automatic_dynamic.h"
#include "reference_compiler/dynamo/crc32.h"
#include "reference_compiler/dynamo/frame_state.h"
#include "reference_compiler/logging/logs.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

namespace refc::dynamo {
namespace {

std::vector<std::string> split(const std::string& text, char sep) {
  std::vector<std::string> out;
  std::string field;
  std::istringstream in(text);
  while (std::getline(in, field, sep))
    out.push_back(field);
  if (!text.empty() && text.back() == sep) out.emplace_back();
  return out;
}

std::vector<int64_t> ints(const std::string& text) {
  std::vector<int64_t> out;
  for (const std::string& v : split(text, ','))
    out.push_back(std::stoll(v));
  return out;
}

// One observation line of cases.in: tensor SIZES STRIDES | scalar N (a float with a '.') | unset.
FrameStateEntry observe(const std::vector<std::string>& fields) {
  if (fields.at(0) == "scalar")
    return fields.at(1).find('.') != std::string::npos ? FrameStateEntry::float_scalar(std::stod(fields.at(1)))
                                                        : FrameStateEntry::scalar(std::stoll(fields.at(1)));
  if (fields.at(0) == "unset") return FrameStateEntry();
  EXPECT_EQ(fields.at(0), "tensor");
  const std::vector<int64_t> sizes = ints(fields.at(1));
  const std::vector<int64_t> strides =
      fields.at(2) == "-" ? std::vector<int64_t>{} : ints(fields.at(2));
  return FrameStateEntry::tensor(sizes, strides);
}

struct RecordedCase {
  std::string header;                       // "entry NAME" / "code_state NAME"
  std::vector<std::string> inputs;          // the observation lines
  std::map<std::string, std::string> facts; // entry cases: query -> answer
  std::string render;                       // code_state cases: the whole text
  std::vector<std::string> logs;            // update cases: "LOGGER LEVEL MESSAGE"
  std::vector<std::string> entries;         // update cases: "SOURCE RENDER"
};

std::vector<RecordedCase> recorded_cases() {
  std::ifstream in(std::string(REFC_SOURCE_DIR) + "/tests/unit/frame_state_cases/cases.txt");
  std::vector<RecordedCase> cases;
  std::string line;
  bool in_render = false;
  while (std::getline(in, line)) {
    if (line.starts_with("== ")) {
      cases.emplace_back();
      cases.back().header = line.substr(3);
      in_render = false;
    } else if (in_render) {
      cases.back().render += line + "\n";
    } else if (line == "render" && cases.back().header.starts_with("code_state ")) {
      in_render = true;
    } else if (line.find('\t') != std::string::npos || line == "unset" ||
               line == "automatic_dynamic_shapes off") {
      cases.back().inputs.push_back(line);
    } else if (line.starts_with("log ")) {
      cases.back().logs.push_back(line.substr(4));
    } else if (line.starts_with("entry ")) {
      cases.back().entries.push_back(line.substr(6));
    } else {
      const size_t space = line.find(' ');
      cases.back().facts[line.substr(0, space)] =
          space == std::string::npos ? "" : line.substr(space + 1);
    }
  }
  for (RecordedCase& c : cases)
    if (!c.render.empty()) c.render.pop_back(); // print()'s newline
  return cases;
}

std::string digits(const std::string& expected, const std::function<bool(size_t)>& query) {
  std::string out;
  for (size_t i = 0; i < expected.size(); ++i)
    out += query(i) ? '1' : '0';
  return out;
}

// Python's repr of excluded_sizes / excluded_scalar.
std::string repr(const std::optional<std::vector<std::optional<int64_t>>>& sizes) {
  if (!sizes) return "None";
  std::string out = "(";
  for (size_t i = 0; i < sizes->size(); ++i)
    out += (i ? ", " : "") + ((*sizes)[i] ? std::to_string(*(*sizes)[i]) : std::string("None"));
  return out + (sizes->size() == 1 ? ",)" : ")");
}
std::string repr(const std::optional<int64_t>& v) { return v ? std::to_string(*v) : "None"; }

TEST(FrameStateTest, EntriesAnswerAsPgoPy) {
  std::vector<RecordedCase> cases = recorded_cases();
  size_t entry_cases = 0;
  for (const RecordedCase& c : cases) {
    if (!c.header.starts_with("entry ")) continue;
    ++entry_cases;
    SCOPED_TRACE(c.header);
    FrameStateEntry entry;
    for (const std::string& line : c.inputs)
      entry |= observe(split(line, '\t'));
    EXPECT_EQ(entry.render(), c.facts.at("render"));
    EXPECT_EQ(entry.is_scalar_dynamic() ? "1" : "0", c.facts.at("scalar_dynamic"));
    const std::string& sizes = c.facts.at("size_dynamic");
    EXPECT_EQ(digits(sizes, [&](size_t d) { return entry.is_size_dynamic(d); }), sizes);
    const std::string& strides = c.facts.at("stride_dynamic");
    EXPECT_EQ(digits(strides, [&](size_t d) { return entry.is_stride_dynamic(d); }), strides);
    EXPECT_EQ(repr(entry.excluded_sizes()), c.facts.at("excluded_sizes"));
    EXPECT_EQ(repr(entry.excluded_scalar()), c.facts.at("excluded_scalar"));
  }
  EXPECT_GE(entry_cases, 20u);
}

TEST(FrameStateTest, CodeStatesRenderAsPgoPy) {
  size_t code_cases = 0;
  for (const RecordedCase& c : recorded_cases()) {
    if (!c.header.starts_with("code_state ")) continue;
    ++code_cases;
    SCOPED_TRACE(c.header);
    CodeStates states;
    CodeState* current = nullptr;
    for (const std::string& line : c.inputs) {
      std::vector<std::string> fields = split(line, '\t');
      if (fields[0] == "code") {
        current =
            &states[CodeId{fields[1], std::stoi(fields[2]), fields[3], fields[4], std::nullopt}];
      } else {
        ASSERT_NE(current, nullptr);
        (*current)[fields.at(1)] |= observe({fields.begin() + 2, fields.end()});
      }
    }
    EXPECT_EQ(render_code_state(states), c.render);
  }
  EXPECT_EQ(code_cases, 4u);
}

// TORCH_LOGS=+dynamo with each record's logger and level shown.
class NamedRecords {
public:
  NamedRecords() {
    ::setenv("TORCH_LOGS", "+dynamo", 1);
    ::setenv("TORCH_LOGS_FORMAT", "%(name)s %(levelname)s %(message)s", 1);
    logging::init_from_environment();
  }
  ~NamedRecords() {
    // The environment can set a format but not clear one: the bare message.
    ::setenv("TORCH_LOGS_FORMAT", "%(message)s", 1);
    ::unsetenv("TORCH_LOGS");
    logging::init_from_environment();
    ::unsetenv("TORCH_LOGS_FORMAT");
  }
};

using testing::lines_of;

TEST(FrameStateTest, UpdatesLogAsPgoPy) {
  NamedRecords records;
  size_t update_cases = 0;
  for (const RecordedCase& c : recorded_cases()) {
    if (!c.header.starts_with("update ")) continue;
    ++update_cases;
    SCOPED_TRACE(c.header);
    CodeState state;
    AutomaticDynamicOptions options;
    ::testing::internal::CaptureStderr();
    for (const std::string& line : c.inputs) {
      if (line == "automatic_dynamic_shapes off") {
        options.automatic_dynamic_shapes = false;
        continue;
      }
      const std::vector<std::string> fields = split(line, '\t');
      options.is_unspecialized_nn_module = fields.at(0) == "observe_nn_int";
      update_automatic_dynamic(state, fields.at(1), observe({fields.begin() + 2, fields.end()}),
                               options);
    }
    EXPECT_EQ(lines_of(::testing::internal::GetCapturedStderr()), c.logs);
    std::vector<std::string> entries;
    for (const auto& [source, entry] : state)
      entries.push_back(source + " " + entry.render());
    EXPECT_EQ(entries, c.entries);
  }
  EXPECT_EQ(update_cases, 6u);
}

TEST(FrameStateTest, UnsetIsTheIdentityAndDynamicAbsorbs) {
  const int64_t sizes[] = {2, 3}, strides[] = {3, 1};
  const FrameStateEntry t = FrameStateEntry::tensor(sizes, strides);
  FrameStateEntry left;
  left |= t;
  EXPECT_EQ(left, t);
  FrameStateEntry right = t;
  right |= FrameStateEntry();
  EXPECT_EQ(right, t);

  FrameStateEntry dynamic = FrameStateEntry::scalar(1);
  dynamic |= FrameStateEntry::scalar(2);
  ASSERT_TRUE(dynamic.is_scalar_dynamic());
  FrameStateEntry again = dynamic;
  again |= FrameStateEntry::scalar(1); // an old value does not make it static again
  EXPECT_EQ(again, dynamic);
  again |= t;
  EXPECT_EQ(again.render(), "fully dynamic scalar or tensor");
}

TEST(FrameStateTest, JoinIsCommutativeAndIdempotent) {
  const std::vector<std::vector<int64_t>> shapes = {{2, 3}, {2, 4}, {5, 3}, {2, 3, 4}, {7}};
  std::vector<FrameStateEntry> entries{FrameStateEntry(), FrameStateEntry::scalar(3),
                                       FrameStateEntry::scalar(4)};
  for (const auto& s : shapes) {
    std::vector<int64_t> contiguous(s.size(), 1);
    for (size_t i = s.size(); i-- > 1;)
      contiguous[i - 1] = contiguous[i] * s[i];
    entries.push_back(FrameStateEntry::tensor(s, contiguous));
  }
  for (const FrameStateEntry& a : entries) {
    FrameStateEntry aa = a;
    aa |= a;
    EXPECT_EQ(aa, a) << a.render();
    for (const FrameStateEntry& b : entries) {
      FrameStateEntry ab = a, ba = b;
      ab |= b;
      ba |= a;
      EXPECT_EQ(ab, ba) << a.render() << " | " << b.render();
      FrameStateEntry abb = ab;
      abb |= b; // joining what is already in changes nothing
      EXPECT_EQ(abb, ab);
    }
  }
}

TEST(FrameStateTest, RankChangeMakesEverySizeDynamic) {
  const int64_t s2[] = {2, 3}, st2[] = {3, 1}, s1[] = {6}, st1[] = {1};
  FrameStateEntry e = FrameStateEntry::tensor(s2, st2);
  e |= FrameStateEntry::tensor(s1, st1);
  EXPECT_TRUE(std::holds_alternative<AutoDynamic>(e.size_state()));
  EXPECT_TRUE(std::holds_alternative<AutoDynamic>(e.stride_state()));
  EXPECT_TRUE(e.is_size_dynamic(0));
  EXPECT_TRUE(e.is_size_dynamic(5));    // any dim: the rank itself is unknown
  EXPECT_FALSE(e.is_stride_dynamic(0)); // strides follow sizes that are not static
  EXPECT_TRUE(e.names_dynamic_source());
}

TEST(FrameStateTest, StridesAreInferredFromSmallerStrides) {
  // A permuted contiguous layout: dim 1 is innermost, then dim 2, then dim 0.
  const int64_t sizes[] = {2, 3, 4}, strides[] = {12, 1, 3};
  const FrameStateEntry e = FrameStateEntry::tensor(sizes, strides);
  const auto& recorded = std::get<std::vector<StrideElement>>(e.stride_state());
  ASSERT_EQ(recorded.size(), 3u);
  EXPECT_EQ(recorded[1], StrideElement(int64_t{1}));
  EXPECT_EQ(recorded[2], StrideElement(InferStride{1})); // 1 * size[1]
  EXPECT_EQ(recorded[0], StrideElement(InferStride{2})); // 3 * size[2]
  const int64_t short_strides[] = {1, 2};
  EXPECT_THROW(FrameStateEntry::tensor(sizes, short_strides), std::invalid_argument);
}

TEST(FrameStateTest, OutOfRangeDimThrows) {
  const int64_t sizes[] = {2, 3}, strides[] = {3, 1};
  const FrameStateEntry e = FrameStateEntry::tensor(sizes, strides);
  EXPECT_THROW((void)e.is_size_dynamic(2), std::out_of_range);
  EXPECT_THROW((void)e.is_stride_dynamic(2), std::out_of_range);
}

TEST(FrameStateTest, CodeIdIgnoresTheFilename) {
  const CodeId here{"/a/model.py", 3, "forward", "1234abcd", std::nullopt};
  const CodeId moved{"/b/copy/model.py", 3, "forward", "1234abcd", std::nullopt};
  EXPECT_EQ(here, moved);
  EXPECT_EQ(here <=> moved, std::strong_ordering::equal);
  EXPECT_NE(here, (CodeId{"/a/model.py", 3, "forward", "1234abce", std::nullopt})); // edited file
  EXPECT_NE(here, (CodeId{"/a/model.py", 4, "forward", "1234abcd", std::nullopt}));
  EXPECT_NE(here, (CodeId{"/a/model.py", 3, "backward", "1234abcd", std::nullopt}));
  EXPECT_NE(here, (CodeId{"/a/model.py", 3, "forward", "1234abcd", 7}));

  CodeStates states;
  states[here]["L['x']"] = FrameStateEntry::scalar(1);
  ASSERT_NE(states.find(moved), nullptr);
  EXPECT_EQ(states.begin()->first.filename, "/a/model.py"); // the first path seen is kept
  EXPECT_EQ(here.str(), "hash(1234abcd)/a/model.py:3:forward");
}

TEST(FrameStateTest, FileHashIsTheCrc32OfTheContents) {
  EXPECT_EQ(crc32("123456789"), 0xCBF43926u); // the CRC-32 check value
  EXPECT_EQ(crc32("6789", crc32("12345")), 0xCBF43926u);
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("refc_frame_state_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string path = (dir / "f.py").string();
  { std::ofstream(path, std::ios::binary) << "123456789"; }
  EXPECT_EQ(file_content_hash(path), "cbf43926");
  const CodeId id = CodeId::make(path, 1, "f");
  EXPECT_EQ(id.file_hash, "cbf43926");
  EXPECT_EQ(id.filename, path);
  // Like pgo.py, a file that cannot be read is identified by its path.
  EXPECT_EQ(file_content_hash((dir / "missing.py").string()), (dir / "missing.py").string());
  EXPECT_EQ(file_content_hash(dir.string()), dir.string());
  std::filesystem::remove_all(dir);
}

TEST(FrameStateTest, JoinCodeStatesKeepsOrderAndJoinsEntries) {
  const CodeId f{"f.py", 1, "f", "00000001", std::nullopt},
      g{"g.py", 1, "g", "00000002", std::nullopt};
  CodeStates into, other;
  into[f]["L['n']"] = FrameStateEntry::scalar(1);
  into[f]["L['m']"] = FrameStateEntry::scalar(5);
  other[g]["L['y']"] = FrameStateEntry::scalar(2);
  other[f]["L['k']"] = FrameStateEntry::scalar(3);
  other[f]["L['n']"] = FrameStateEntry::scalar(2);
  join_code_states(into, other);
  ASSERT_EQ(into.size(), 2u);
  EXPECT_EQ(into.begin()->first, f);
  EXPECT_EQ(std::next(into.begin())->first, g);
  const CodeState& fs = *into.find(f);
  std::vector<std::string> order;
  for (const auto& [source, entry] : fs)
    order.push_back(source);
  EXPECT_EQ(order, (std::vector<std::string>{"L['n']", "L['m']", "L['k']"}));
  EXPECT_TRUE(fs.find("L['n']")->is_scalar_dynamic());
  EXPECT_FALSE(fs.find("L['m']")->is_scalar_dynamic());
  EXPECT_EQ(dynamic_sources(fs), std::vector<std::string>{"L['n']"});
}

TEST(FrameStateTest, StateReferencesSurviveNewCodeObjects) {
  CodeStates states;
  CodeState& first = states[CodeId{"a.py", 1, "a", "0000000a", std::nullopt}];
  first["L['x']"] = FrameStateEntry::scalar(1);
  for (int line = 2; line < 200; ++line)
    states[CodeId{"a.py", line, "a", "0000000a", std::nullopt}];
  first["L['x']"] |= FrameStateEntry::scalar(2);
  EXPECT_TRUE(states.find(CodeId{"a.py", 1, "a", "0000000a", std::nullopt})
                  ->find("L['x']")
                  ->is_scalar_dynamic());
}

TEST(FrameStateTest, CodeStatesCompareLikeDicts) {
  const CodeId f{"f.py", 1, "f", "00000001", std::nullopt};
  CodeStates a, b;
  a[f]["L['x']"] = FrameStateEntry::scalar(1);
  a[f]["L['y']"] = FrameStateEntry::scalar(2);
  b[f]["L['y']"] = FrameStateEntry::scalar(2);
  b[f]["L['x']"] = FrameStateEntry::scalar(1);
  EXPECT_EQ(a, b); // order does not matter
  b[f]["L['x']"] |= FrameStateEntry::scalar(3);
  EXPECT_FALSE(a == b);
}

} // namespace
} // namespace refc::dynamo

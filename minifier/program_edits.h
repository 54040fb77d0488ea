// What the program reducer (program_reducer.h) knows of a program and the
// edits it makes: the statements of each block, the compound statements,
// the single-name assignments, the one-statement functions, the functions'
// parameters and the expressions with sub-expressions, read from
// refc's own parser (lines and byte offsets as CPython reports them); and
// the smaller programs made from them - statements removed (an emptied
// block gets `pass`), a compound statement replaced by one of its bodies, a
// variable read once replaced by its value, a function called once
// replaced by its body, a parameter removed with the argument of every
// call, an expression replaced by a sub-expression, number
// literals replaced by 1. Every edit returns whole program text; whether it
// parses is checked by the caller.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace refc::minifier {

using Lines = std::vector<std::string>;
Lines split_lines(const std::string& text);
std::string join_lines(const Lines& lines);
bool blank_or_comment(const std::string& line);
// Lines that are neither blank nor comments.
size_t code_lines(const std::string& text);
bool parses(const std::string& text);

struct Range {
  size_t first, last; // 0-based lines, inclusive
};

// A compound statement (if, for, while, with, try) and its bodies.
struct Compound {
  Range whole;
  std::vector<Range> bodies;
};

// `name = value` (one plain name): where its value is, in bytes.
struct Assignment {
  Range lines;
  std::string name;
  size_t value_start, value_end, end; // end: the statement's last byte + 1
};

// A function of positional parameters whose body is one `return E` or `E`.
struct SimpleFunction {
  Range lines;
  std::string name;
  std::vector<std::string> params;
  size_t body_start, body_end; // E's bytes
};

// Parameter `index` of the function defined at byte `def_start` (a def of
// plain positional parameters, no defaults).
struct Parameter {
  std::string function;
  size_t def_start, index;
};

// An expression (bytes) and the sub-expressions that could take its place:
// an operand, a call's argument or receiver, a branch of `a if c else b`.
struct Hoist {
  size_t start, end;
  std::vector<std::pair<size_t, size_t>> children;
};

struct Structure {
  std::vector<std::vector<Range>> blocks; // the statements of each block, outer blocks first
  std::vector<Compound> compounds;        // outer first
  std::vector<Assignment> assignments;
  std::vector<SimpleFunction> functions;
  std::vector<Parameter> parameters;      // the last parameter of each function first
  std::vector<Hoist> hoists;              // outer expressions first
  std::vector<size_t> line_starts; // byte offset of each line
  size_t offset(int lineno, int col) const { return line_starts[static_cast<size_t>(lineno - 1)] + static_cast<size_t>(col); }
};

// The structure of a program that parses (SyntaxErrorInfo otherwise).
Structure structure_of(const std::string& text);

// The program without the statements of `block` that `removed` marks; none
// when that does not parse.
std::optional<std::string> without_statements(const std::string& text, const std::vector<Range>& block,
                                              const std::vector<bool>& removed);
// The program with `compound` replaced by each of its bodies, dedented.
std::vector<std::string> unwrapped(const std::string& text, const Compound& compound);
// The program with `a` gone and its one later read replaced by its value.
std::optional<std::string> inline_variable(const std::string& text, const Structure& s, const Assignment& a);
// The program with `f` gone and its one call replaced by its body, the
// arguments in place of the parameters.
std::optional<std::string> inline_function(const std::string& text, const Structure& s, const SimpleFunction& f);

// The program without parameter `p`, and without the argument it takes at
// every call of the function - by its name, or by a name bound to a call
// that takes the function first (opt = torch.compile(f)).
std::optional<std::string> without_parameter(const std::string& text, const Structure& s, const Parameter& p);

// The program with `h` replaced by each of its sub-expressions.
std::vector<std::string> hoisted(const std::string& text, const Hoist& h);

// The number literals other than 0 and 1, as byte ranges.
struct Literal {
  size_t start, end;
};
std::vector<Literal> literals_of(const std::string& text);
// The program with the literals `simplify` marks replaced by 1 (1.0 for a float).
std::string with_simple_literals(const std::string& text, const std::vector<Literal>& literals,
                                 const std::vector<bool>& simplify);

} // namespace refc::minifier

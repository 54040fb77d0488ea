// dis: a readable listing of bytecode in the spirit of CPython's `dis` module —
// for each code object (recursively through nested functions, classes and
// comprehensions): a header with its signature facts, its static block table,
// then one line per instruction with source line, `>>` on jump targets,
// index, opcode name, argument and what the argument means, and the blocks
// (loop / with / try / finally / handler) enclosing the instruction.
#pragma once

#include "reference_compiler/lang/code_object.h"

#include <string>

namespace refc::lang {

// The listing of `code`, and (when `recursive`) of every code object among
// its constants, depth first.
std::string disassemble(const CodeObject& code, bool recursive = true);

// Compiles the file at `path` and writes its listing to stdout. A syntax error
// is printed to stderr as CPython prints it. Returns the exit status: 0, 1 for
// a syntax error, 2 when the file cannot be read.
int disassemble_file(const std::string& path);

} // namespace refc::lang

// The import statement's runtime: IMPORT_NAME / IMPORT_FROM / IMPORT_STAR and
// the builtin __import__, on top of import_module (interpreter.h), which finds
// modules in sys.modules or creates them from the built-in module registry.
#pragma once

#include "reference_compiler/lang/dict_object.h"
#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/lang/value.h"

namespace refc::lang {

// `import a.b.c` (fromlist None: returns module a) or `from a.b import x`
// (returns a.b). level > 0 (relative imports) raises ImportError.
Value import_name(Str* name, const Value& fromlist, int64_t level);
// `from module import name`: the attribute, else a submodule (imported now if
// need be, as CPython's _handle_fromlist does), else
// ImportError "cannot import name 'y' from 'x' (unknown location)".
Value import_from(const Value& module, Str* name);
// `from module import *` into `locals`.
void import_star(const Value& module, Dict* locals);

} // namespace refc::lang

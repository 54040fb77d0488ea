// What the itertools files share: the registry of iterator types (one line
// each: C++ name, Python name) and their type objects, created by
// itertools_module.cpp, and the constructors of itertools_combinatorics.cpp.
#pragma once

#include "reference_compiler/lang/native_function.h"
#include "reference_compiler/lang/type_object.h"

namespace refc::lang::itertools_detail {

// ---- the iterator types (one registry line each: C++ name, Python name) ----------

#define REFC_ITERTOOLS_TYPES(X)                                                                \
  X(count, "count")                                                                            \
  X(cycle, "cycle")                                                                            \
  X(repeat, "repeat")                                                                          \
  X(accumulate, "accumulate")                                                                  \
  X(chain, "chain")                                                                            \
  X(compress, "compress")                                                                      \
  X(dropwhile, "dropwhile")                                                                    \
  X(takewhile, "takewhile")                                                                    \
  X(filterfalse, "filterfalse")                                                                \
  X(starmap, "starmap")                                                                        \
  X(groupby, "groupby")                                                                        \
  X(grouper, "_grouper")                                                                       \
  X(islice, "islice")                                                                          \
  X(pairwise, "pairwise")                                                                      \
  X(zip_longest, "zip_longest")                                                                \
  X(product, "product")                                                                        \
  X(permutations, "permutations")                                                              \
  X(combinations, "combinations")                                                              \
  X(combinations_with_replacement, "combinations_with_replacement")                            \
  X(tee, "_tee")

namespace t {
#define REFC_DECLARE(cxx, py) extern TypeObject* cxx;
REFC_ITERTOOLS_TYPES(REFC_DECLARE)
#undef REFC_DECLARE
} // namespace t

// A finished iterator drops what it holds and yields nothing more.
inline Value exhausted() { return Value(); }

// product, permutations, combinations, combinations_with_replacement.
Value product_new(Args a);
Value permutations_new(Args a);
Value combinations_new(Args a);
Value cwr_new(Args a);

} // namespace refc::lang::itertools_detail

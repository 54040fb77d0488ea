// init_builtin_types(): creates every built-in type (builtin_types.def) and
// exception class (exceptions.def) in dependency order, then runs each type's
// method registration (type_initializers.def). The first types are created
// before `type` and `dict` exist, so their header and dict pointers are fixed
// up once all type objects do.
#include "reference_compiler/lang/builtin_types.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/dict_object.h"
#include "reference_compiler/lang/singletons.h"
#include "reference_compiler/lang/type_initializers.h"

#include <vector>

namespace refc::lang {

// Spellings the .def files use for "no base" and for the exception root's base.
namespace types {
static TypeObject* const none = nullptr;
} // namespace types
namespace exc {
static TypeObject*& object = types::object;
} // namespace exc

void init_builtin_types() {
  static bool done = false;
  if (done) return;
  done = true;

  std::vector<TypeObject*> created;
#define REFC_TYPE(cxx, py, base, layout)                                                           \
  types::cxx = new TypeObject(py, types::base, Layout::layout, false);                             \
  created.push_back(types::cxx);
#include "reference_compiler/lang/builtin_types.def"
#undef REFC_TYPE
#define REFC_EXCEPTION(name, base)                                                                 \
  exc::name = new TypeObject(#name, exc::base, Layout::Exception, false);                          \
  created.push_back(exc::name);
#include "reference_compiler/lang/exceptions.def"
#undef REFC_EXCEPTION
  for (TypeObject* t : created) {
    t->type = types::type;
    t->dict->type = types::dict;
  }

  names::init();
  create_singletons();
#define REFC_TYPE_INIT(fn) fn();
#include "reference_compiler/lang/type_initializers.def"
#undef REFC_TYPE_INIT
}

} // namespace refc::lang

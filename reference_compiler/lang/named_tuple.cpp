// Named tuple classes (named_tuple.h): the methods collections.namedtuple
// generates in CPython, written once natively and shared by every named tuple
// class. A class keeps its field names in `_fields` and its defaults in
// `_field_defaults`, exactly where programs look for them.
#include "reference_compiler/lang/named_tuple.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/container_support.h"
#include "reference_compiler/lang/descriptor_objects.h"
#include "reference_compiler/lang/dict_object.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/iterators.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/module_builder.h"
#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/lang/tuple_object.h"

namespace refc::lang {

namespace {

Str* s_fields;
Str* s_field_defaults;
Str* s_struct_sequence;

void init_names() {
  if (s_fields) return;
  s_fields = intern("_fields");
  s_field_defaults = intern("_field_defaults");
  s_struct_sequence = intern("__refc_struct_sequence__");
}

TypeObject* class_arg(const Value& v) {
  REFC_CHECK(v.is_obj() && v.as_obj()->type->layout == Layout::Type, "named tuple class");
  return v.as<TypeObject>();
}

// The class's field names (its _fields tuple).
const std::vector<Value>& fields_of(TypeObject* t) {
  Value f = t->lookup(s_fields);
  if (!isinstance(f, types::tuple)) raise(exc::TypeError, "named tuple class has no _fields");
  return f.as<Tuple>()->items;
}

Tuple* self_tuple(const Args& a, std::string_view method) {
  check_self(a, types::tuple, method);
  return a[0].as<Tuple>();
}

Value new_instance(TypeObject* cls, std::vector<Value> items) {
  return Value(make_tuple_of(cls, std::move(items)));
}

// __new__(cls, field0, field1, ...): a generated Python function in CPython,
// so its errors use that wording ("Point.__new__() missing 1 required ...").
Value nt_new(Args a) {
  TypeObject* cls = class_arg(a[0]);
  const std::vector<Value>& fields = fields_of(cls);
  size_t n = fields.size();
  std::string fname = cls->name + ".__new__";
  Args rest = a.drop_first();
  std::vector<Value> items(n);
  size_t ncopy = rest.npos < n ? rest.npos : n;
  for (size_t i = 0; i < ncopy; ++i) items[i] = rest[i];
  for (size_t k = 0; k < rest.nkw(); ++k) {
    Str* kw = rest.kwname(k);
    size_t j = 0;
    while (j < n && !str_equal(fields[j].as<Str>(), kw)) ++j;
    if (j == n)
      raise(exc::TypeError,
            fname + "() got an unexpected keyword argument '" + std::string(kw->view()) + "'");
    if (!items[j].is_null())
      raise(exc::TypeError,
            fname + "() got multiple values for argument '" + std::string(kw->view()) + "'");
    items[j] = rest.kwvalue(k);
  }
  Value defaults = cls->lookup(s_field_defaults);
  Dict* dd = defaults.is_obj() && isinstance(defaults, types::dict) ? defaults.as<Dict>() : nullptr;
  size_t ndefaults = dd ? static_cast<size_t>(dd->size()) : 0;
  if (rest.npos > n) {
    size_t total = n + 1, given = rest.npos + 1;
    std::string sig = ndefaults ? "from " + std::to_string(total - ndefaults) + " to " +
                                      std::to_string(total)
                                : std::to_string(total);
    raise(exc::TypeError, fname + "() takes " + sig + " positional argument" +
                              (ndefaults || total != 1 ? "s" : "") + " but " +
                              std::to_string(given) + " were given");
  }
  std::vector<std::string> missing;
  for (size_t i = 0; i < n; ++i) {
    if (!items[i].is_null()) continue;
    Value d = dd ? dd->get(fields[i]) : Value();
    if (!d.is_null())
      items[i] = d;
    else
      missing.push_back(std::string(fields[i].as<Str>()->view()));
  }
  if (!missing.empty()) {
    std::string names;
    for (size_t i = 0; i < missing.size(); ++i) {
      if (i) names += missing.size() == 2 ? " and " : (i + 1 == missing.size() ? ", and " : ", ");
      names += "'" + missing[i] + "'";
    }
    raise(exc::TypeError, fname + "() missing " + std::to_string(missing.size()) +
                              " required positional argument" + (missing.size() == 1 ? "" : "s") +
                              ": " + names);
  }
  return new_instance(cls, std::move(items));
}

Value nt_repr(Args a) {
  Tuple* t = self_tuple(a, "__repr__");
  TypeObject* cls = t->type;
  const std::vector<Value>& fields = fields_of(cls);
  std::string out = cls->name;
  if (!cls->lookup(s_struct_sequence).is_null()) out = cls->module + "." + cls->name;
  out += "(";
  for (size_t i = 0; i < t->items.size(); ++i) {
    if (i) out += ", ";
    if (i < fields.size()) out += std::string(fields[i].as<Str>()->view()) + "=";
    append_repr(out, t->items[i]);
  }
  out += ")";
  return str_value(std::move(out));
}

// _make(iterable), a classmethod.
Value nt_make(Args a) {
  TypeObject* cls = class_arg(a[0]);
  Value p[1];
  bind_args(a.drop_first(), cls->name + "._make", {"iterable"}, 1, 1, p, 1);
  std::vector<Value> items = collect_items(p[0]);
  size_t n = fields_of(cls).size();
  if (items.size() != n)
    raise(exc::TypeError, "Expected " + std::to_string(n) + " arguments, got " +
                              std::to_string(items.size()));
  return new_instance(cls, std::move(items));
}

Value nt_replace(Args a) {
  Tuple* t = self_tuple(a, "_replace");
  if (a.npos > 1)
    raise(exc::TypeError, t->type->name + "._replace() takes 1 positional argument but " +
                              std::to_string(a.npos) + " were given");
  const std::vector<Value>& fields = fields_of(t->type);
  std::vector<Value> items = t->items;
  std::vector<bool> used(a.nkw(), false);
  for (size_t i = 0; i < fields.size() && i < items.size(); ++i)
    for (size_t k = 0; k < a.nkw(); ++k)
      if (str_equal(a.kwname(k), fields[i].as<Str>())) {
        items[i] = a.kwvalue(k);
        used[k] = true;
      }
  std::vector<Value> unexpected;
  for (size_t k = 0; k < a.nkw(); ++k)
    if (!used[k]) unexpected.push_back(Value::borrow(a.kwname(k)));
  if (!unexpected.empty())
    raise(exc::ValueError, "Got unexpected field names: " +
                               std::string(repr(Value(make_list(std::move(unexpected))))->view()));
  return new_instance(t->type, std::move(items));
}

Value nt_asdict(Args a) {
  Tuple* t = self_tuple(a, "_asdict");
  const std::vector<Value>& fields = fields_of(t->type);
  Ref<Dict> d = make_dict();
  for (size_t i = 0; i < fields.size() && i < t->items.size(); ++i) d->set(fields[i], t->items[i]);
  return Value(std::move(d));
}

Value nt_getnewargs(Args a) {
  Tuple* t = self_tuple(a, "__getnewargs__");
  return Value(make_tuple(t->items));
}

// The getter of field i: bound to the index, called with the instance.
Value nt_field_get(Args a) {
  int64_t i = a[0].as_int();
  if (a.npos != 2 || !isinstance(a[1], types::tuple))
    raise(exc::TypeError, "descriptor for field " + std::to_string(i) +
                              " needs a tuple instance");
  const std::vector<Value>& items = a[1].as<Tuple>()->items;
  if (i >= static_cast<int64_t>(items.size())) raise(exc::IndexError, "tuple index out of range");
  return items[i];
}

// Fields are read-only, with the words of CPython's _tuplegetter descriptor.
Value nt_field_set(Args) { raise(exc::AttributeError, "can't set attribute"); }
Value nt_field_delete(Args) { raise(exc::AttributeError, "can't delete attribute"); }

} // namespace

TypeObject* make_named_tuple_type(const std::string& name, const std::string& module,
                                  const std::vector<std::string>& fields,
                                  const std::vector<Value>& defaults, bool struct_sequence) {
  init_names();
  TypeObject* t = make_module_type(name, module, Layout::Tuple, types::tuple, !struct_sequence);
  std::vector<Value> field_values;
  for (const std::string& f : fields) field_values.push_back(Value::borrow(intern(f)));
  Ref<Dict> field_defaults = make_dict();
  size_t first_default = fields.size() - defaults.size();
  for (size_t i = 0; i < defaults.size(); ++i)
    field_defaults->set(field_values[first_default + i], defaults[i]);
  add_new(t, nt_new);
  add_method(t, "__repr__", nt_repr);
  add_method(t, "_replace", nt_replace);
  add_method(t, "_asdict", nt_asdict);
  add_method(t, "__getnewargs__", nt_getnewargs);
  add_classmethod(t, "_make", nt_make);
  for (size_t i = 0; i < fields.size(); ++i) {
    Ref<NativeFunction> get = make_native(fields[i], nt_field_get, name + "." + fields[i]);
    get->self = Value::integer(static_cast<int64_t>(i));
    Value doc = str_value("Alias for field number " + std::to_string(i));
    static Value set = Value(make_native("__set__", nt_field_set));
    static Value del = Value(make_native("__delete__", nt_field_delete));
    t->set_attr(intern(fields[i]), Value(make<Property>(Value(std::move(get)), set, del, doc)));
  }
  std::string doc = name + "(";
  for (size_t i = 0; i < fields.size(); ++i) doc += (i ? ", " : "") + fields[i];
  t->set_attr(names::__doc__, str_value(doc + ")"));
  t->set_attr(s_fields, Value(make_tuple(std::move(field_values))));
  t->set_attr(s_field_defaults, Value(std::move(field_defaults)));
  t->set_attr(intern("__slots__"), Value::borrow(empty_tuple()));
  if (struct_sequence) t->set_attr(s_struct_sequence, Value::boolean(true));
  return t;
}

Value make_named_tuple(TypeObject* t, std::vector<Value> items) {
  return new_instance(t, std::move(items));
}

} // namespace refc::lang

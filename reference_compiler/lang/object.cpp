// destroy_object: frees objects whose reference count reached zero. Destructors
// release the references an object holds, which may free more objects; those
// are queued while a destruction is in progress and freed iteratively, so that
// dropping a deep structure (a million-node linked list, a deeply nested list)
// uses constant C++ stack.
#include "reference_compiler/lang/object.h"

#include <vector>

namespace refc::lang {

namespace {
// The interpreter runs Python on one thread at a time, so plain globals do.
bool destroying = false;
std::vector<Object*>& pending() {
  static std::vector<Object*>* queue = new std::vector<Object*>(); // never freed: used at exit
  return *queue;
}
} // namespace

void destroy_object(Object* o) {
  if (destroying) {
    pending().push_back(o);
    return;
  }
  destroying = true;
  delete o;
  std::vector<Object*>& queue = pending();
  while (!queue.empty()) {
    Object* next = queue.back();
    queue.pop_back();
    delete next;
  }
  destroying = false;
}

bool destruction_in_progress() { return destroying; }

} // namespace refc::lang

// The program generator: a program is a pure function of its seed. It
// draws the number of calls, x's rank, the dynamic= setting of
// torch.compile and one to four generators by weight (the registry,
// generators/generators.def), runs them in registry order on one Builder,
// and plans the calls.
#pragma once

#include "fuzz/program.h"

#include <cstdint>
#include <span>
#include <string_view>

namespace refc::fuzz {

class Builder;

struct Generator {
  std::string_view name;
  int weight;
  std::string_view summary;
  void (*generate)(Builder& b);
};

// Every generator, in registry order.
std::span<const Generator> generators();

Program generate(uint64_t seed);

} // namespace refc::fuzz

// The generator registry and generate() (see generator.h).
#include "fuzz/generator.h"

#include "fuzz/builder.h"

#include <vector>

namespace refc::fuzz {

#define GENERATOR(name, weight, summary) void name(Builder& b);
#include "fuzz/generators/generators.def"
#undef GENERATOR

std::span<const Generator> generators() {
  static const Generator kGenerators[] = {
#define GENERATOR(name, weight, summary) {#name, weight, summary, name},
#include "fuzz/generators/generators.def"
#undef GENERATOR
  };
  return kGenerators;
}

Program generate(uint64_t seed) {
  Rng draw(seed);
  const int calls = static_cast<int>(draw.between(3, 7));
  const int rank = static_cast<int>(draw.between(1, 3));
  Builder b(draw.next(), calls, rank);
  static const char* const kDynamic[] = {"", ", dynamic=True", ", dynamic=False"};
  const int dynamic_weights[] = {55, 30, 15};
  b.compile_options(kDynamic[draw.weighted(dynamic_weights)]);
  if (draw.percent(15)) {
    b.header("import torch.fx.experimental._config");
    b.header("torch.fx.experimental._config.translation_validation = True");
    b.header("torch.fx.experimental._config.translation_validation_timeout = 1000");
  }

  const std::span<const Generator> all = generators();
  std::vector<int> weights;
  for (const Generator& g : all) weights.push_back(g.weight);
  std::vector<bool> chosen(all.size(), false);
  const int64_t count = draw.between(1, 4);
  for (int64_t i = 0; i < count; ++i) {
    const size_t g = draw.weighted(weights);
    chosen[g] = true;
    weights[g] = 0;
  }
  for (size_t g = 0; g < all.size(); ++g) {
    if (!chosen[g]) continue;
    b.feature(std::string(all[g].name));
    all[g].generate(b);
  }
  return b.finish(seed);
}

} // namespace refc::fuzz

// Program rendering (see program.h).
#include "fuzz/program.h"

#include <sstream>

namespace refc::fuzz {

std::string Program::render(bool fresh_compiles) const {
  std::ostringstream out;
  out << "import torch\n\ntorch.manual_seed(0)\n";
  for (const std::string& line : header) out << line << "\n";
  out << "\n\ndef f(";
  for (size_t i = 0; i < params.size(); ++i) out << (i ? ", " : "") << params[i];
  out << "):\n";
  for (const std::string& line : body) {
    std::istringstream lines(line);
    for (std::string l; std::getline(lines, l);) out << "    " << l << "\n";
  }
  out << "    return out\n\n\nopt = torch.compile(f, backend=\"eager\"" << compile_options << ")\n";
  for (size_t k = 0; k < calls.size(); ++k) {
    const Call& c = calls[k];
    for (const std::string& line : c.before) out << line << "\n";
    if (fresh_compiles) out << "torch._dynamo.reset()\n";
    std::string call = "print(" + std::to_string(k) + ", opt(";
    for (size_t i = 0; i < c.args.size(); ++i) call += (i ? ", " : "") + c.args[i];
    call += "))";
    if (c.no_grad)
      out << "with torch.no_grad():\n    " << call << "\n";
    else
      out << call << "\n";
  }
  return out.str();
}

size_t Program::distinct_calls() const {
  std::set<std::string> keys;
  for (const Call& c : calls) keys.insert(c.key);
  return keys.size();
}

} // namespace refc::fuzz

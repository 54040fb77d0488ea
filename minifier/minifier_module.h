// torch._C._minifier: the repro files' way into the minifier. run_repro's
// "minify" command calls minify(file, mod, args, render) with the repro's
// module and loaded inputs and a function rendering a candidate as repro
// text (files.render_repro); the graph is read back from the file's
// `class Repro`. Its "analyze" command calls probe_code(file, args): the
// graph returning every op's value.
#pragma once

namespace refc::minifier {

void install();

} // namespace refc::minifier

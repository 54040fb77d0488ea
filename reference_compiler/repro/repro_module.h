// torch._C._repro: what the repro files (torch/_dynamo/repro/files.py) need
// from C++ — tensor storages written to and read from a ContentStore, a
// storage's identity (so inputs sharing storage are rebuilt sharing it),
// atomic text files, and running a repro's source as a module.
#pragma once

namespace refc::repro {

void install();

} // namespace refc::repro

// The repro tool at start-up: torch._C._repro — what the repro files
// (python/torch/_dynamo/repro/files.py) need from C++: tensor storages written
// to and read from a ContentStore, a storage's identity (so inputs sharing
// storage are rebuilt sharing it), atomic text files, and running a repro's
// source as a module — the tool's Python modules (torch._dynamo.repro), and
// the repro stage after Dynamo, wrapped around every backend.
#pragma once

namespace refc::repro {

void install();

} // namespace refc::repro

// The adventure kind in the registry (core/registry.h): reading `kind: "adventure"` files and every
// analysis of them (docs/adventures.md, docs/analyses.md). engine/kinds/kinds.cc lists it.
#pragma once

#include "core/registry.h"

namespace motive::adventure {

KindSpec adventure_kind();

}  // namespace motive::adventure

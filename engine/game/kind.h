// The game kind (`"kind": "game"`): its reader and its table of analyses (core/registry.h), one line
// in engine/kinds/kinds.cc adds it to the list of kinds.
#pragma once

#include "core/registry.h"

namespace motive::game {

// The table: describe, play, simulate (Algorithm 1), sbue (Algorithm 2), probable_actions
// (section 4.3), sica (Algorithm 3).
KindSpec game_kind();

}  // namespace motive::game

// The step mechanics shared by the reader (which builds the state graph) and by plays. Not part of
// the adventure API.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "adventure/adventure.h"

namespace motive::adventure::internal {

// Thrown when an update gives a value that is not a whole number (the reader reports it).
struct NotWholeNumber {
  const StatUpdate* update;
  double value;
};

// Whether the choice's condition holds for these stat values. Expression errors (division by zero)
// throw std::domain_error.
bool choice_available(const Adventure& game, const Choice& choice, const std::vector<int>& values,
                      std::vector<int>* scratch);
// Thrown when a scene that moves on without a decision fails: an expression of its updates or branches
// fails (`message`), or the step passes more than kMaxStepScenes scenes (an endless loop; `message`
// empty). The reader reports it at the scene.
struct SceneFailure {
  int scene;
  std::string message;
};

// Applies updates (each reading the stats before any of them), clamped to the bounds.
void apply_updates(const Adventure& game, const std::vector<StatUpdate>& updates, std::vector<int>* values,
                   std::vector<int>* scratch);
// Unlocks those of `achievements` not unlocked yet, adding them and their points to the step.
void unlock(const Adventure& game, const std::vector<int>& achievements, std::uint64_t* unlocked, Step* step);
// Passes scenes from `scene` on, following `next`, up to and including a decision scene or an ending.
void advance(const Adventure& game, Play* play, int scene, Step* step);

}  // namespace motive::adventure::internal

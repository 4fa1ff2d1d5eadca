// Scenes that set stats and move on by conditional branches (docs/adventures.md, "The format"): the
// plays they make, checked step by step, and the shapes the reader refuses.
#include <gtest/gtest.h>

#include <string>

#include "adventure/adventure.h"
#include "adventure_support.h"

namespace motive::adventure {
namespace {

using testing::problems_of;

// A counter: `loop` adds 1 to n and goes round while n < 3, then on to a decision; at `pick`, keeping
// n goes by `gate` to `rich` (n = 3), resetting it to `poor`.
const char* kCounter = R"({
  "kind": "adventure",
  "start": "begin",
  "stats": { "n": { "min": 0, "max": 5 } },
  "achievements": { "rich": { "points": 1 } },
  "scenes": {
    "begin": { "text": "Start.", "next": "loop" },
    "loop": { "text": "Once more.", "set": { "n": "n + 1" },
              "next": [ { "if": "n < 3", "target": "loop" }, { "target": "pick" } ] },
    "pick": { "text": "Pick.", "choices": [ { "id": "keep", "text": "Keep.", "target": "gate" },
                                            { "id": "reset", "text": "Reset.", "target": "gate", "set": { "n": "0" } } ] },
    "gate": { "text": "", "next": [ { "if": "n == 3", "target": "rich" }, { "target": "poor" } ] },
    "rich": { "text": "Rich.", "achievements": ["rich"], "ending": "Rich" },
    "poor": { "text": "Poor.", "ending": "Poor" }
  }
})";

TEST(AdventureFlow, SetsAndBranchesMakeThePlay) {
  Diagnostics d;
  std::optional<Adventure> game = read_adventure(kCounter, &d);
  ASSERT_TRUE(game) << problems_of(d);
  Step first;
  Play play = start_play(*game, &first);
  // begin, then loop three times (n = 1, 2, 3: the branch back is taken while n < 3), then pick.
  std::vector<std::string> passed;
  for (int s : first.scenes) passed.push_back(game->scenes[s].id);
  EXPECT_EQ(passed, std::vector<std::string>({"begin", "loop", "loop", "loop", "pick"}));
  EXPECT_EQ(play.stat_values[0], 3);
  Play reset = play;
  Step step = take_choice(*game, &play, 0);
  EXPECT_TRUE(play.ended);
  EXPECT_EQ(game->scenes[play.scene].id, "rich");
  EXPECT_EQ(step.points, 1);
  take_choice(*game, &reset, 1);
  EXPECT_EQ(game->scenes[reset.scene].id, "poor");
  // One decision state (pick with n = 3), two ways out of it.
  EXPECT_EQ(game->graph.states(), 1);
  EXPECT_EQ(game->graph.edges(), 2);
}

TEST(AdventureFlow, BranchesNoPlayTakesLeaveTheirScenesUnreachable) {
  // With "n >= 0" the gate always goes to `rich`: no play reaches `poor`.
  std::string text = kCounter;
  text.replace(text.find("\"n == 3\""), 8, "\"n >= 0\"");
  Diagnostics d;
  EXPECT_FALSE(read_adventure(text, &d));
  ASSERT_FALSE(d.empty());
  EXPECT_EQ(d.items()[0].id, "adventure.unreachable_scene") << problems_of(d);
  EXPECT_NE(d.items()[0].message.find("\"poor\""), std::string::npos) << d.items()[0].message;
}

TEST(AdventureFlow, ALoopThatNeverLeavesIsNoExit) {
  std::string text = kCounter;
  text.replace(text.find("\"n + 1\""), 7, "\"n\"");
  Diagnostics d;
  EXPECT_FALSE(read_adventure(text, &d));
  ASSERT_FALSE(d.empty());
  EXPECT_EQ(d.items()[0].id, "adventure.no_exit") << problems_of(d);
  EXPECT_NE(d.items()[0].message.find("\"loop\""), std::string::npos) << d.items()[0].message;
}

TEST(AdventureFlow, ShapesTheReaderRefuses) {
  struct Case {
    std::string from, to, id, in_message;
  };
  const std::vector<Case> cases = {
      {"{ \"target\": \"pick\" } ]", "{ \"if\": \"n > 4\", \"target\": \"pick\" } ]", "adventure.scene_shape",
       "has a condition"},
      {"[ { \"if\": \"n < 3\", \"target\": \"loop\" },", "[ { \"target\": \"loop\" },",
       "adventure.scene_shape", "has no condition"},
      {"\"text\": \"Pick.\",", "\"text\": \"Pick.\", \"set\": { \"n\": \"0\" },", "adventure.scene_shape",
       "has choices and \"set\""},
      {"{ \"n\": \"n + 1\" }", "{ \"m\": \"n + 1\" }", "adventure.unknown_stat", "not a stat"},
      {"\"n < 3\"", "\"n < 'three'\"", "expr.type_mismatch", ""},
      {"{ \"target\": \"pick\" } ]", "{ \"target\": \"pik\" } ]", "adventure.unknown_scene", "pik"},
  };
  for (const Case& c : cases) {
    std::string text = kCounter;
    const auto at = text.find(c.from);
    ASSERT_NE(at, std::string::npos) << c.from;
    text.replace(at, c.from.size(), c.to);
    Diagnostics d;
    EXPECT_FALSE(read_adventure(text, &d)) << c.to;
    ASSERT_FALSE(d.empty()) << c.to;
    EXPECT_EQ(d.items()[0].id, c.id) << c.to << ": " << problems_of(d);
    EXPECT_NE(d.items()[0].message.find(c.in_message), std::string::npos) << d.items()[0].message;
  }
}

TEST(AdventureFlow, AFailingConditionOfASceneIsReportedAtTheScene) {
  // Keeping n = 3 divides by zero at the gate.
  std::string text = kCounter;
  text.replace(text.find("\"n == 3\""), 8, "\"6 / (n - 3) > 0\"");
  Diagnostics d;
  EXPECT_FALSE(read_adventure(text, &d));
  ASSERT_FALSE(d.empty());
  EXPECT_EQ(d.items()[0].id, "expr.runtime_error") << problems_of(d);
  EXPECT_NE(d.items()[0].message.find("\"gate\""), std::string::npos) << d.items()[0].message;
  EXPECT_EQ(d.items()[0].span.line, 12);  // the gate's key
}

}  // namespace
}  // namespace motive::adventure

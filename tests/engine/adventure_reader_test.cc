// Reading adventure files (engine/adventure/adventure.h, docs/adventures.md): the tiny heist's model and
// state graph, and every problem reported with its id and position.
#include <gtest/gtest.h>

#include "adventure/adventure.h"
#include "adventure_support.h"

namespace motive::adventure {
namespace {

using testing::adventure_text;
using testing::problems_of;
using testing::read_ok;
using testing::replaced;
using testing::tiny;

// The problems of a text that must fail to read.
std::vector<Diagnostic> problems(const std::string& text) {
  Diagnostics d;
  std::optional<Adventure> game = read_adventure(text, &d);
  EXPECT_FALSE(game.has_value());
  return d.items();
}

Diagnostic only_problem(const std::string& text) {
  Diagnostics d;
  std::optional<Adventure> game = read_adventure(text, &d);
  EXPECT_FALSE(game.has_value());
  EXPECT_EQ(d.items().size(), 1u) << problems_of(d);
  return d.items().empty() ? Diagnostic{} : d.items().front();
}

// A game of two decisions written inline: `a` (choices go to b or the ending) and `b`.
std::string small_game(const std::string& a_choices, const std::string& extra_scenes = "",
                       const std::string& stats = R"({ "x": { "min": 0, "max": 3 } })") {
  return R"({
  "kind": "adventure",
  "start": "a",
  "stats": )" +
         stats + R"(,
  "scenes": {
    "a": { "text": "A", "choices": )" +
         a_choices + R"( },
    "end": { "text": "The end", "ending": true })" +
         extra_scenes + R"(
  }
})";
}

TEST(AdventureReader, TinyHeistModel) {
  Adventure game = tiny();
  EXPECT_EQ(game.title, "The tiny heist");
  ASSERT_EQ(game.scenes.size(), 8u);
  EXPECT_EQ(game.scenes[game.start].id, "door");
  EXPECT_EQ(game.total_points, 15);
  ASSERT_EQ(game.stats.size(), 1u);
  EXPECT_EQ(game.stats[0].max, 1);
  const Scene& smash = game.scenes[game.scene_index("smash")];
  EXPECT_EQ(smash.next, game.scene_index("vault"));
  EXPECT_DOUBLE_EQ(smash.annotation.watts, 2500);
  EXPECT_DOUBLE_EQ(smash.annotation.morality[10], 0.9);  // vandalism
  const Scene& getaway = game.scenes[game.scene_index("getaway")];
  EXPECT_TRUE(getaway.ending);
  EXPECT_EQ(getaway.ending_title, "Rich");
  EXPECT_DOUBLE_EQ(getaway.annotation.utility_others[0], 1);  // level −3
}

TEST(AdventureReader, TinyHeistStateGraph) {
  // Decision states: door; vault after breaking in (heat 1); talk; vault after lying (heat 0).
  Adventure game = tiny();
  const StateGraph& g = game.graph;
  ASSERT_EQ(g.states(), 4);
  EXPECT_EQ(g.edges(), 8);
  EXPECT_EQ(g.start_target, 0);
  EXPECT_EQ(game.scenes[g.scene[0]].id, "door");
  EXPECT_EQ(g.start_flags, 0u);  // the door: trespassing 0.4 only
  // door → break: smash + vault, physical power and vandalism.
  EXPECT_EQ(g.edge_choice[0], 0);
  const int vault_hot = g.edge_target[0];
  EXPECT_EQ(game.scenes[g.scene[vault_hot]].id, "vault");
  EXPECT_EQ(g.stat_values[vault_hot], 1);
  EXPECT_EQ(g.edge_flags[0], (1u << kPowerPhysical) | (1u << (kViolationFirst + 10)));
  // The take step from the vault ends the game in the getaway with "rich" (10 points).
  const int take = g.edge_start[vault_hot];
  EXPECT_EQ(StateGraph::ending_scene(g.edge_target[take]), game.scene_index("getaway"));
  EXPECT_EQ(g.edge_points[take], 10);
  EXPECT_DOUBLE_EQ(g.edge_conscience[take], 0.8);  // stealing
}

TEST(AdventureReader, ProblemsArePositioned) {
  const std::string text = adventure_text("tiny.jsonc");
  Diagnostic d = only_problem(replaced(text, R"("target": "loot")", R"("target": "lot")"));
  EXPECT_EQ(d.id, "adventure.unknown_scene");
  EXPECT_EQ(d.span.line, 33);
  EXPECT_EQ(d.span.column, 62);
  EXPECT_EQ(d.hint, "did you mean \"loot\"?");

  d = only_problem(replaced(text, R"("heat == 0")", R"("hat == 0")"));
  EXPECT_EQ(d.id, "expr.unknown_name");
  EXPECT_EQ(d.span.line, 41);

  d = only_problem(replaced(text, R"({ "heat": "1" })", R"({ "heet": "1" })"));
  EXPECT_EQ(d.id, "adventure.unknown_stat");
  EXPECT_EQ(d.hint, "did you mean \"heat\"?");

  d = only_problem(replaced(text, R"("vandalism": 0.9)", R"("vandalism": 1.5)"));
  EXPECT_EQ(d.id, "adventure.annotation_range");
  EXPECT_EQ(d.span.line, 26);

  d = only_problem(replaced(text, R"("vandalism": 0.9)", R"("vandlism": 0.9)"));
  EXPECT_EQ(d.id, "model.unknown_field");

  d = only_problem(replaced(text, R"("achievements": ["rich"])", R"("achievements": ["ritch"])"));
  EXPECT_EQ(d.id, "adventure.unknown_achievement");

  d = only_problem(replaced(text, R"("others": { "-3": 1 })", R"("others": { "-4": 1 })"));
  EXPECT_EQ(d.id, "adventure.annotation_range");
}

TEST(AdventureReader, UnreachableScenesAndImpossibleChoices) {
  // The lie needs heat 1 now, but only breaking in raises the heat, and that path never meets the guard.
  std::vector<Diagnostic> d = problems(replaced(adventure_text("tiny.jsonc"), "heat == 0", "heat == 1"));
  ASSERT_EQ(d.size(), 2u);
  EXPECT_EQ(d[0].id, "adventure.impossible_choice");  // at its condition
  EXPECT_EQ(d[0].span.line, 41);
  EXPECT_EQ(d[0].span.column, 85);
  EXPECT_EQ(d[1].id, "adventure.unreachable_scene");  // "lie", now never passed
  EXPECT_EQ(d[1].span.line, 45);
}

TEST(AdventureReader, CyclesWithAndWithoutExit) {
  // A waiting loop that raises x until it saturates: the state graph has a self-loop at x = 3, with an exit.
  read_ok(small_game(R"([{ "text": "wait", "target": "a", "set": { "x": "x + 1" } },
                         { "text": "go", "target": "end" }])"));
  // Leaving needs x == 5, which the bounds never allow: the loop has no exit.
  std::vector<Diagnostic> d =
      problems(small_game(R"([{ "text": "wait", "target": "a", "set": { "x": "x + 1" } },
                         { "text": "go", "target": "end", "if": "x == 5" }])"));
  ASSERT_EQ(d.size(), 3u);
  EXPECT_EQ(d[0].id, "adventure.impossible_choice");
  EXPECT_EQ(d[1].id, "adventure.unreachable_scene");
  EXPECT_EQ(d[2].id, "adventure.no_exit");
  EXPECT_EQ(d[2].message,
            "from scene \"a\" (with x = 0) no ending can be reached: the play would go round forever");
  // `next` chains that loop never reach a decision.
  Diagnostic n =
      only_problem(small_game(R"([{ "text": "go", "target": "b" }])",
                              R"(, "b": { "text": "B", "next": "c" }, "c": { "text": "C", "next": "b" })"));
  EXPECT_EQ(n.id, "adventure.no_exit");
}

TEST(AdventureReader, DeadEndsAndShapes) {
  std::vector<Diagnostic> all = problems(small_game(R"([{ "text": "go", "target": "end", "if": "x > 0" }])"));
  ASSERT_EQ(all.size(), 3u);
  EXPECT_EQ(all[0].id, "adventure.impossible_choice");
  EXPECT_EQ(all[1].id, "adventure.unreachable_scene");
  EXPECT_EQ(all[2].id, "adventure.dead_end");
  EXPECT_EQ(all[2].message, "in scene \"a\" no choice is available (with x = 0)");
  Diagnostic d = only_problem(small_game(R"([{ "text": "go", "target": "end" }])",
                                         R"(, "b": { "text": "B", "next": "end", "ending": true })"));
  EXPECT_EQ(d.id, "adventure.scene_shape");
  d = only_problem(small_game(R"([{ "text": "go", "target": "end", "set": { "x": "x / 2 + 0.5" } }])"));
  EXPECT_EQ(d.id, "adventure.stat_not_whole");
  d = only_problem(small_game(R"([{ "text": "go", "target": "end", "if": "x + 1" }])"));
  EXPECT_EQ(d.id, "expr.type_mismatch");
}

TEST(AdventureReader, StatsAreClampedToTheirBounds) {
  Adventure game = read_ok(small_game(R"([{ "text": "wait", "target": "a", "set": { "x": "x + 2" } },
                                          { "text": "go", "target": "end" }])"));
  // x: 0 → 2 → 3 (clamped) → 3: three decision states.
  ASSERT_EQ(game.graph.states(), 3);
  EXPECT_EQ(game.graph.stat_values[2], 3);
}

}  // namespace
}  // namespace motive::adventure

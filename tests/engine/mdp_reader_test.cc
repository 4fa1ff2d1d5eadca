// Reading gridworld and MDP files (engine/mdp/reader.h, docs/format.md): the semantics of a gridworld
// (CliffWorld under assumptions A of spec meg.md §4), horizons, variants, named policies, and every
// problem reported with its id and position.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "mdp/reader.h"
#include "mdp/solve.h"

namespace motive::mdp {
namespace {

// The file, which must read without problems.
MdpFile read_ok(const std::string& text) {
  Diagnostics d;
  std::optional<MdpFile> file = read_mdp_file(text, &d);
  std::string problems;
  for (const Diagnostic& x : d.items()) problems += x.id + " " + x.message + "\n";
  EXPECT_TRUE(file.has_value()) << problems;
  return file ? std::move(*file) : MdpFile{};
}

// The only problem reading the text has.
Diagnostic only_problem(const std::string& text) {
  Diagnostics d;
  std::optional<MdpFile> file = read_mdp_file(text, &d);
  EXPECT_FALSE(file.has_value());
  std::string problems;
  for (const Diagnostic& x : d.items()) problems += x.id + " " + x.message + "\n";
  EXPECT_EQ(d.items().size(), 1u) << problems;
  return d.items().empty() ? Diagnostic{} : d.items().front();
}

// `text` with the first `from` replaced by `to`.
std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const std::size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return at == std::string::npos ? text : text.replace(at, from.size(), to);
}

// The probability of reaching `next` by action `a` in state `s`.
double transition(const Mdp& mdp, int s, int a, int next) {
  double p = 0;
  const int k = mdp.pair(s, a);
  for (int e = mdp.row_start[k]; e < mdp.row_start[k + 1]; ++e)
    if (mdp.next_state[e] == next) p += mdp.probability[e];
  return p;
}

const char* kCliff = R"({
  "kind": "gridworld",
  "map": [
    "SCCCCCCCCG",
    "..........",
    "..........",
    ".........."
  ],
  "slip": 0.1,
  "discount": 0.9
})";

enum { kUp, kDown, kLeft, kRight };

TEST(GridworldReader, CliffWorldStatesAreTheCellsRowByRow) {
  MdpFile file = read_ok(kCliff);
  ASSERT_EQ(file.variants.size(), 1u);
  const Mdp& mdp = file.variants[0].mdp;
  EXPECT_EQ(file.kind, "gridworld");
  EXPECT_EQ(mdp.states, 40);
  EXPECT_EQ(mdp.actions, 4);
  EXPECT_EQ(mdp.action_names, (std::vector<std::string>{"up", "down", "left", "right"}));
  EXPECT_EQ(mdp.state_names[13], "r1c3");
  EXPECT_EQ(mdp.cell[13].row, 1);
  EXPECT_EQ(mdp.cell[13].col, 3);
  EXPECT_DOUBLE_EQ(mdp.discount, 0.9);
  EXPECT_DOUBLE_EQ(mdp.start[0], 1.0);
  EXPECT_DOUBLE_EQ(mdp.start.sum(), 1.0);
  for (int s = 1; s <= 9; ++s) EXPECT_TRUE(mdp.terminal[s]) << s;  // the cliff and the goal
  EXPECT_FALSE(mdp.terminal[0]);
  EXPECT_FALSE(mdp.terminal[10]);
}

TEST(GridworldReader, SlipReplacesTheMoveByAUniformlyRandomOne) {
  const Mdp mdp = read_ok(kCliff).variants[0].mdp;
  // From (1,0) "up": up with 0.9 + 0.1/4; left bumps into the border and stays; down; right.
  EXPECT_NEAR(transition(mdp, 10, kUp, 0), 0.925, 1e-15);
  EXPECT_NEAR(transition(mdp, 10, kUp, 10), 0.025, 1e-15);
  EXPECT_NEAR(transition(mdp, 10, kUp, 20), 0.025, 1e-15);
  EXPECT_NEAR(transition(mdp, 10, kUp, 11), 0.025, 1e-15);
  // From the start, "up" and "left" both bump: the start keeps 0.9 + 2 × 0.025.
  EXPECT_NEAR(transition(mdp, 0, kUp, 0), 0.95, 1e-15);
}

TEST(GridworldReader, EnteringACellPaysItsUtility) {
  const Mdp mdp = read_ok(kCliff).variants[0].mdp;
  // (1,1) up: into the cliff with 0.925 (-10), else an ordinary step (-1).
  EXPECT_NEAR(mdp.reward(11, kUp), 0.925 * -10 + 0.075 * -1, 1e-12);
  // (1,9) up: into the goal with 0.925 (+10); right bumps (-1); left, down are steps.
  EXPECT_NEAR(mdp.reward(19, kUp), 0.925 * 10 + 0.075 * -1, 1e-12);
  // Terminal states are absorbing with utility 0 under every action.
  for (int a = 0; a < 4; ++a) {
    EXPECT_EQ(mdp.reward(9, a), 0.0);
    EXPECT_EQ(transition(mdp, 9, a, 9), 1.0);
  }
}

TEST(GridworldReader, StepOnTerminalAddsTheStepUtility) {
  std::string text = kCliff;
  text.replace(text.find("\"slip\""), 0, "\"utilities\": {\"step_on_terminal\": true},\n  ");
  const Mdp mdp = read_ok(text).variants[0].mdp;
  EXPECT_NEAR(mdp.reward(19, kUp), 0.925 * 9 + 0.075 * -1, 1e-12);
}

// The optimal CliffWorld policy is unique wherever it goes, so its known-utility MEG is log 4 per
// discounted decision before the episode ends (meg.md §1 at β = ∞): 9.2257 in the reference table.
// This pins the reading of the world (assumptions A) that the MEG reference numbers rest on.
double optimal_entropy_deficit(const Mdp& mdp, const Policy& agent) {
  const Policy optimal = greedy_policy(value_iteration(mdp, mdp.reward));
  const Eigen::VectorXd d = occupancy(mdp, agent);
  double sum = 0;
  for (int s = 0; s < mdp.states; ++s)
    for (int a = 0; a < mdp.actions; ++a)
      if (agent(s, a) > 0) sum += d[s] * agent(s, a) * (std::log(optimal(s, a)) + std::log(4.0));
  return sum;
}

TEST(GridworldReader, CliffWorldReadingReproducesTheReferenceMeg) {
  const Mdp mdp = read_ok(kCliff).variants[0].mdp;
  const Policy optimal = greedy_policy(value_iteration(mdp, mdp.reward));
  EXPECT_NEAR(optimal_entropy_deficit(mdp, optimal), 9.2257, 5e-5);
}

TEST(GridworldReader, GoalRegionExamplesReproduceTheReferenceMeg) {
  // Assumptions A: the optimal policy (no ties: the slip breaks them).
  const std::string a =
      R"({"kind": "gridworld", "map": ["SCCCCCCCCG", "..........", "..........", ".........."],
    "slip": 0.1, "discount": 0.9, "variants": {
      "k3": {"map": ["SCCCCCCGGG", "..........", "..........", ".........."]},
      "k5": {"map": ["SCCCCGGGGG", "..........", "..........", ".........."]},
      "k9": {"map": ["SGGGGGGGGG", "..........", "..........", ".........."]}}})";
  MdpFile file = read_ok(a);
  const std::vector<std::pair<std::string, double>> expected_a = {
      {"base", 9.2257}, {"k3", 8.4071}, {"k5", 7.3266}, {"k9", 1.5185}};
  for (const auto& [name, meg] : expected_a) {
    const Mdp& mdp = file.variant(name)->mdp;
    EXPECT_NEAR(optimal_entropy_deficit(mdp, greedy_policy(value_iteration(mdp, mdp.reward))), meg, 5e-5)
        << name;
  }
  // Assumptions B: start bottom left, no slip; the optimal policy that breaks ties to the lowest action.
  const std::string b =
      R"({"kind": "gridworld", "map": [".CCCCCCCCG", "..........", "..........", "S........."],
    "discount": 0.9, "variants": {
      "k3": {"map": [".CCCCCCGGG", "..........", "..........", "S........."]},
      "k9": {"map": [".GGGGGGGGG", "..........", "..........", "S........."]}}})";
  file = read_ok(b);
  const std::vector<std::pair<std::string, double>> expected_b = {
      {"base", 8.6307}, {"k3", 7.7123}, {"k9", 2.8890}};
  for (const auto& [name, meg] : expected_b) {
    const Mdp& mdp = file.variant(name)->mdp;
    EXPECT_NEAR(optimal_entropy_deficit(mdp, first_greedy_policy(value_iteration(mdp, mdp.reward))), meg,
                5e-5)
        << name;
  }
}

TEST(GridworldReader, WallsAreNotStatesAndBlockMoves) {
  MdpFile file = read_ok(R"({"kind": "gridworld", "map": ["S#G"], "actions": ["left", "right", "stay"],
    "utilities": {"step": -2}, "discount": 0.5})");
  const Mdp& mdp = file.variants[0].mdp;
  ASSERT_EQ(mdp.states, 2);
  EXPECT_EQ(mdp.state_names[1], "r0c2");
  EXPECT_EQ(transition(mdp, 0, 1, 0), 1.0);  // right into the wall: stays
  EXPECT_EQ(mdp.reward(0, 1), -2.0);
  EXPECT_EQ(mdp.reward(0, 2), -2.0);  // stay pays the step utility too
  EXPECT_EQ(file.variants[0].grid->at(0, 1).type, CellType::kWall);
}

TEST(GridworldReader, CustomCellsAndSeveralStarts) {
  MdpFile file = read_ok(R"({"kind": "gridworld", "map": ["SaS", "x.G"],
    "cells": {"a": {"utility": 3}, "x": {"utility": -5, "terminal": true}}, "discount": 0.9})");
  const Mdp& mdp = file.variants[0].mdp;
  EXPECT_DOUBLE_EQ(mdp.start[0], 0.5);
  EXPECT_DOUBLE_EQ(mdp.start[2], 0.5);
  EXPECT_DOUBLE_EQ(mdp.reward(0, kRight), 3.0);  // entering 'a'
  EXPECT_DOUBLE_EQ(mdp.reward(0, kDown), -5.0);  // entering 'x'
  EXPECT_TRUE(mdp.terminal[3]);
  EXPECT_DOUBLE_EQ(mdp.reward(4, kLeft), -5.0);
}

TEST(GridworldReader, AHorizonExpandsStatesByStep) {
  MdpFile file =
      read_ok(R"({"kind": "gridworld", "map": ["S.G"], "actions": ["left", "right"], "horizon": 3})");
  const Mdp& mdp = file.variants[0].mdp;
  ASSERT_EQ(mdp.states, 9);
  EXPECT_EQ(mdp.horizon, 3);
  EXPECT_DOUBLE_EQ(mdp.discount, 1.0);
  EXPECT_EQ(mdp.state_names[4], "r0c1@t1");
  EXPECT_EQ(mdp.time[4], 1);
  EXPECT_EQ(transition(mdp, 1, 1, 5), 1.0);  // (r0c1, t0) right -> (r0c2, t1)
  // The last step keeps its utility but ends the episode.
  EXPECT_EQ(mdp.row_start[mdp.pair(7, 1) + 1] - mdp.row_start[mdp.pair(7, 1)], 0);
  EXPECT_DOUBLE_EQ(mdp.reward(7, 1), 10.0);
  // Values are finite: the optimal agent reaches the goal in 2 steps: -1 + 10.
  EXPECT_NEAR(value_iteration(mdp, mdp.reward).v[0], 9.0, 1e-12);
  // Each of the 3 steps holds the whole mass once.
  EXPECT_NEAR(occupancy(mdp, uniform_policy(mdp)).sum(), 3.0, 1e-12);
}

TEST(GridworldReader, NamedPoliciesAreArrowsPerCell) {
  MdpFile file = read_ok(R"({"kind": "gridworld", "map": ["S.G", "..."], "discount": 0.9,
    "policies": {"p": [">>x", "^<<"]}, "variants": {"wide": {"map": ["S..G", "...."]}, "moved": {"map": ["G.S", "..."]}}})");
  EXPECT_EQ(file.policy_names, std::vector<std::string>{"p"});
  const NamedPolicy* p = file.variants[0].policy("p");
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(p->policy(0, kRight), 1.0);
  EXPECT_EQ(p->policy(3, kUp), 1.0);
  EXPECT_EQ(p->policy(2, kUp), 0.25);                     // terminal: any character, uniform
  EXPECT_EQ(file.variant("wide")->policy("p"), nullptr);  // another size: does not fit
  // In "moved", (0,2) is floor but the policy has 'x' there: does not fit either.
  EXPECT_EQ(file.variant("moved")->policy("p"), nullptr);
}

TEST(GridworldReader, VariantsOverrideFieldsOfTheBase) {
  MdpFile file = read_ok(R"({"kind": "gridworld", "map": ["S.G"], "slip": 0.2, "discount": 0.9,
    "variants": {"calm": {"slip": 0, "description": "no slip"}, "far": {"map": ["S..G"], "discount": 0.5}}})");
  ASSERT_EQ(file.variant_names(), (std::vector<std::string>{"base", "calm", "far"}));
  EXPECT_DOUBLE_EQ(file.variant("calm")->grid->slip, 0.0);
  EXPECT_EQ(file.variant("calm")->description, "no slip");
  EXPECT_DOUBLE_EQ(file.variant("far")->grid->slip, 0.2);
  EXPECT_DOUBLE_EQ(file.variant("far")->mdp.discount, 0.5);
  EXPECT_EQ(file.variant("far")->mdp.states, 4);
}

TEST(GridworldReader, MapRowSpansIncludeTheQuotes) {
  MdpFile file = read_ok(kCliff);
  const std::vector<SourceSpan>& rows = file.variants[0].grid->map_rows;
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(rows[0].line, 4);
  EXPECT_EQ(rows[0].column, 5);
  EXPECT_EQ(rows[0].end_column, 17);
  EXPECT_EQ(rows[3].line, 7);
}

// ---- problems ---------------------------------------------------------------------------------

TEST(GridworldReaderProblems, RaggedMapNamesTheRow) {
  std::string text = kCliff;
  text.replace(text.find("\"..........\""), 12, "\".........\"");
  Diagnostic d = only_problem(text);
  EXPECT_EQ(d.id, "model.ragged_map");
  EXPECT_EQ(d.span.line, 5);
  EXPECT_EQ(d.span.column, 5);
  EXPECT_EQ(d.message, "map row 2 has 9 cells, but row 1 has 10");
}

TEST(GridworldReaderProblems, UnknownCellIsMarkedWhereItIs) {
  std::string text = kCliff;
  text.replace(text.find("SCCCCCCCCG"), 10, "SCCCCCCCCg");
  Diagnostic d = only_problem(text);
  EXPECT_EQ(d.id, "model.unknown_cell");
  EXPECT_EQ(d.span.line, 4);
  EXPECT_EQ(d.span.column, 15);
  EXPECT_EQ(d.span.end_column, 16);
  EXPECT_EQ(d.message, "'g' is not a cell of this gridworld");
  EXPECT_EQ(d.hint, "did you mean 'G'? Cell characters are case-sensitive");
}

TEST(GridworldReaderProblems, UnknownCellListsTheDefinedOnes) {
  Diagnostic d = only_problem(R"({"kind": "gridworld", "map": ["S?"], "cells": {"a": {}}, "discount": 0.9})");
  EXPECT_EQ(d.id, "model.unknown_cell");
  EXPECT_EQ(d.hint,
            "the cells are '.' floor, '#' wall, 'S' start, 'G' goal, 'C' cliff, 'a'; define other "
            "characters in \"cells\"");
}

TEST(GridworldReaderProblems, NoStart) {
  Diagnostic d = only_problem(R"({"kind": "gridworld", "map": ["..G"], "discount": 0.9})");
  EXPECT_EQ(d.id, "model.no_start");
  EXPECT_EQ(d.span.line, 1);
  EXPECT_EQ(d.span.column, 30);
}

TEST(GridworldReaderProblems, DiscountOneNeedsAHorizon) {
  Diagnostic d = only_problem(R"({"kind": "gridworld", "map": ["S.G"], "discount": 1})");
  EXPECT_EQ(d.id, "model.bad_discount");
  EXPECT_EQ(d.message, "a discount of 1 needs a \"horizon\"");
  EXPECT_EQ(d.span.column, 51);
  EXPECT_EQ(only_problem(R"({"kind": "gridworld", "map": ["S.G"], "discount": 1.5})").id,
            "model.bad_discount");
  EXPECT_EQ(only_problem(R"({"kind": "gridworld", "map": ["S.G"], "horizon": 0})").id, "model.bad_discount");
  EXPECT_EQ(only_problem(R"({"kind": "gridworld", "map": ["S.G"]})").id, "model.missing_field");
}

TEST(GridworldReaderProblems, SlipIsAProbability) {
  Diagnostic d = only_problem(R"({"kind": "gridworld", "map": ["S.G"], "slip": 1.2, "discount": 0.9})");
  EXPECT_EQ(d.id, "model.bad_probability");
}

TEST(GridworldReaderProblems, MapsAreLimitedInSize) {
  std::string rows;
  for (int i = 0; i < 251; ++i) rows += std::string(i ? "," : "") + "\"S\"";
  EXPECT_EQ(only_problem("{\"kind\": \"gridworld\", \"map\": [" + rows + "], \"discount\": 0.9}").id,
            "model.too_large");
  std::string wide(251, '.');
  wide[0] = 'S';
  EXPECT_EQ(only_problem("{\"kind\": \"gridworld\", \"map\": [\"" + wide + "\"], \"discount\": 0.9}").id,
            "model.too_large");
  // A 250 × 250 map is fine, but not with a horizon of 100 steps.
  std::string big;
  for (int i = 0; i < 250; ++i)
    big +=
        std::string(i ? "," : "") + "\"" + (i ? std::string(250, '.') : "S" + std::string(249, '.')) + "\"";
  EXPECT_EQ(only_problem("{\"kind\": \"gridworld\", \"map\": [" + big + "], \"horizon\": 100}").id,
            "model.too_large");
}

TEST(GridworldReaderProblems, UnknownFieldSuggestsTheRightOne) {
  Diagnostic d = only_problem(R"({"kind": "gridworld", "map": ["S.G"], "discunt": 0.9, "discount": 0.9})");
  EXPECT_EQ(d.id, "model.unknown_field");
  EXPECT_EQ(d.hint, "did you mean \"discount\"?");
}

TEST(GridworldReaderProblems, BadArrowIsMarkedWhereItIs) {
  Diagnostic d =
      only_problem(R"({"kind": "gridworld", "map": ["S.G"], "discount": 0.9, "policies": {"p": [">?x"]}})");
  EXPECT_EQ(d.id, "model.bad_policy");
  EXPECT_EQ(d.message, "'?' is not an arrow");
  EXPECT_EQ(d.span.column, 77);
  Diagnostic stay =
      only_problem(R"({"kind": "gridworld", "map": ["S.G"], "discount": 0.9, "policies": {"p": ["o>x"]}})");
  EXPECT_EQ(stay.message, "'o' (stay) is not an action of this world");
  EXPECT_EQ(only_problem(
                R"({"kind": "gridworld", "map": ["S.G"], "discount": 0.9, "policies": {"p": [">>", ">>"]}})")
                .id,
            "model.bad_policy");
}

TEST(GridworldReaderProblems, VariantProblemsNameTheVariant) {
  Diagnostic d = only_problem(R"({"kind": "gridworld", "map": ["S.G"], "discount": 0.9,
    "variants": {"v": {"map": ["..G"]}}})");
  EXPECT_EQ(d.id, "model.no_start");
  EXPECT_EQ(d.message, "variant \"v\": the map has no start cell 'S'");
  EXPECT_EQ(d.span.line, 2);
  EXPECT_EQ(only_problem(R"({"kind": "gridworld", "map": ["S.G"], "discount": 0.9,
    "variants": {"v": {"actions": ["up"]}}})")
                .id,
            "model.unknown_field");
}

// ---- MDPs -------------------------------------------------------------------------------------

const char* kTwoStates = R"({
  "kind": "mdp",
  "states": ["s0", "s1", "end"],
  "actions": ["a", "b"],
  "start": { "s0": 1 },
  "discount": 0.9,
  "transitions": {
    "s0": { "a": { "s1": 0.5, "s0": 0.5 }, "b": { "end": 1 } },
    "s1": { "a": "s0", "b": { "end": "1/3", "s1": "2/3" } }
  },
  "utilities": { "s0": { "a": 1 }, "s1": 2 },
  "terminal": ["end"],
  "policies": { "p": { "s0": { "a": 0.3, "b": 0.7 }, "s1": "a" } }
})";

TEST(MdpReader, ReadsTransitionsUtilitiesAndPolicies) {
  MdpFile file = read_ok(kTwoStates);
  const Mdp& mdp = file.variants[0].mdp;
  EXPECT_EQ(file.kind, "mdp");
  EXPECT_EQ(mdp.states, 3);
  EXPECT_EQ(transition(mdp, 0, 0, 1), 0.5);
  EXPECT_EQ(transition(mdp, 1, 0, 0), 1.0);
  EXPECT_NEAR(transition(mdp, 1, 1, 2), 1.0 / 3, 1e-15);
  EXPECT_EQ(transition(mdp, 2, 1, 2), 1.0);  // terminal: absorbing
  EXPECT_EQ(mdp.reward(0, 0), 1.0);
  EXPECT_EQ(mdp.reward(0, 1), 0.0);
  EXPECT_EQ(mdp.reward(1, 0), 2.0);
  EXPECT_EQ(mdp.reward(1, 1), 2.0);
  const Policy& p = file.variants[0].policy("p")->policy;
  EXPECT_EQ(p(0, 1), 0.7);
  EXPECT_EQ(p(1, 0), 1.0);
  EXPECT_EQ(p(2, 0), 0.5);
  EXPECT_TRUE(mdp.cell.empty());
}

TEST(MdpReader, AHorizonCopiesStatesAndPolicies) {
  std::string text = kTwoStates;
  text.replace(text.find("\"discount\": 0.9"), 15, "\"horizon\": 4");
  MdpFile file = read_ok(text);
  const Mdp& mdp = file.variants[0].mdp;
  EXPECT_EQ(mdp.states, 12);
  EXPECT_EQ(mdp.state_names[5], "end@t1");
  EXPECT_EQ(transition(mdp, 0, 1, 5), 1.0);
  EXPECT_EQ(file.variants[0].policy("p")->policy.rows(), 12);
  EXPECT_EQ(file.variants[0].policy("p")->policy(10, 0), 1.0);
}

TEST(MdpReaderProblems, ProbabilitiesMustSumToOne) {
  std::string text = kTwoStates;
  text.replace(text.find("\"s1\": 0.5, \"s0\": 0.5"), 20, "\"s1\": 0.5, \"s0\": 0.4");
  Diagnostic d = only_problem(text);
  EXPECT_EQ(d.id, "model.probabilities_not_normalized");
  EXPECT_EQ(d.span.line, 8);
  EXPECT_EQ(d.span.column, 18);
  EXPECT_EQ(d.message, "the transition probabilities of \"a\" in \"s0\" sum to 0.9, not 1");
}

TEST(MdpReaderProblems, UnknownStateAndActionSuggestTheRightOnes) {
  std::string text = kTwoStates;
  text.replace(text.find("\"a\": \"s0\""), 9, "\"a\": \"s00\"");
  Diagnostic d = only_problem(text);
  EXPECT_EQ(d.id, "model.unknown_state");
  EXPECT_EQ(d.hint, "did you mean \"s0\"?");
  EXPECT_EQ(d.span.line, 9);
  text = kTwoStates;
  text.replace(text.find("\"s1\": \"a\""), 9, "\"s1\": \"aa\"");
  d = only_problem(text);
  EXPECT_EQ(d.id, "model.unknown_action");
  EXPECT_EQ(d.span.line, 13);
}

TEST(MdpReaderProblems, EveryActionOfEveryStateNeedsATransition) {
  std::string text = kTwoStates;
  text.replace(text.find(", \"b\": { \"end\": 1 }"), 19, "");
  Diagnostic d = only_problem(text);
  EXPECT_EQ(d.id, "model.missing_transition");
  EXPECT_EQ(d.message, "no transition is given for action \"b\" in state \"s0\"");
  EXPECT_EQ(d.span.line, 8);
}

TEST(MdpReaderProblems, TerminalStatesHaveNoTransitionsOrUtilities) {
  std::string text = kTwoStates;
  text.replace(text.find("\"s1\": 2 }"), 9, "\"s1\": 2, \"end\": 1 }");
  EXPECT_EQ(only_problem(text).id, "model.conflicting_definition");
}

TEST(MdpReaderProblems, DuplicateStateAndPolicyGaps) {
  EXPECT_EQ(only_problem(replaced(kTwoStates, "\"end\"],", "\"end\", \"s1\"],")).id, "model.duplicate_name");
  Diagnostic d = only_problem(replaced(kTwoStates, ", \"s1\": \"a\" }", " }"));
  EXPECT_EQ(d.id, "model.bad_policy");
  EXPECT_EQ(d.message, "policy \"p\" gives no action for state \"s1\"");
}

}  // namespace
}  // namespace motive::mdp

// User-written games with the paper's whole model (section 4.1, Algorithm 1): rewards per transition,
// a discount, a value function (expressions, exact, the mean of several plays), chance that depends on
// the history, action sets per player, policies over the joint of a player's slots. Each is checked
// against a computation written here by hand, independent of the engine's enumeration. Then the
// reader's reliability: bounded weights, choices, magnitudes, linear reading, strict state texts. Last,
// stages played only in some histories ("when") and information sets ("information").
#include <algorithm>
#include <chrono>
#include <cmath>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "api_support.h"
#include "game/kind.h"
#include "game/methods.h"
#include "game/model.h"
#include "game_conformance.h"
#include "test_size.h"

namespace motive::game {
namespace {

using nlohmann::json;

const KindSpec& kind() {
  static const KindSpec table = game_kind();
  return table;
}

std::shared_ptr<const Model> read(const std::string& text, Diagnostics* d) { return kind().read(text, d); }

const GameModel& model_of(const std::shared_ptr<const Model>& m) { return static_cast<const GameModel&>(*m); }

std::shared_ptr<const Model> must_read(const std::string& text) {
  Diagnostics d;
  auto m = read(text, &d);
  EXPECT_TRUE(m) << (d.empty() ? std::string("?") : d.items()[0].id + ": " + d.items()[0].message);
  return m;
}

json run(const Model& model, const std::string& analysis, const json& params) {
  const AnalysisSpec* spec = kind().analysis(analysis);
  EXPECT_NE(spec, nullptr) << analysis;
  Context context;
  return spec->run(model, Params(params, spec->params), context);
}

std::unique_ptr<State> at(const Game& game, const std::string& text) {
  std::string error;
  auto s = game.deserialise(text, &error);
  EXPECT_TRUE(s) << error;
  return s;
}

// The first diagnostic with `id`, or null.
const Diagnostic* find(const Diagnostics& d, const std::string& id) {
  for (const Diagnostic& x : d.items()) {
    if (x.id == id) return &x;
  }
  return nullptr;
}

// ---------------------------------------------------------------------------------------------------
// A two-player game with every part of the model: a message that pays at once, chance that depends on
// it, a simultaneous stage whose rewards are a table, a value expression where that stage starts,
// payoffs at the end and γ = 0.9.
const char* kTalkMoodAct = R"game({
  "kind": "game", "players": ["a", "b"], "gamma": 0.9,
  "stages": [
    { "name": "talk", "players": ["a"], "actions": { "msg": ["kind", "rude"] },
      "rewards": { "a": "talk_a == 'rude' ? 1 : 0", "b": "talk_a == 'rude' ? -1 : 0" } },
    { "name": "mood", "chance": { "table": [
        { "given": { "talk_a": "kind" }, "cpd": { "good": 0.8, "bad": 0.2 } },
        { "cpd": { "good": 0.3, "bad": 0.7 } } ] } },
    { "name": "act", "players": ["a", "b"], "actions": { "x": ["c", "d"] },
      "rewards": [
        { "given": { "act_a": "c", "act_b": "c" }, "rewards": { "a": 3, "b": 3 } },
        { "given": { "act_a": "d", "act_b": "c" }, "rewards": { "a": 5 } },
        { "given": { "act_a": "c", "act_b": "d" }, "rewards": { "b": 5 } },
        { "rewards": { "a": 1, "b": 1 } } ],
      VALUE }
  ],
  "payoffs": { "a": "mood == 'bad' ? -1 : 0", "b": "0" },
  "policies": {
    "a": { "talk": { "kind": 0.6, "rude": 0.4 },
           "act": { "table": [ { "given": { "mood": "good" }, "cpd": { "c": 0.7, "d": 0.3 } },
                               { "cpd": { "c": 0.2, "d": 0.8 } } ] } },
    "b": { "act": { "c": 0.5, "d": 0.5 } }
  }
})game";

std::string talk_mood_act(const std::string& stage_value, const std::string& game_value = "") {
  std::string text = kTalkMoodAct;
  text.replace(text.find("VALUE"), 5, stage_value.empty() ? "\"order\": \"simultaneous\"" : stage_value);
  if (!game_value.empty()) text.replace(text.find("\"gamma\""), 0, "\"value\": " + game_value + ", ");
  return text;
}
const char* kValueExpressions =
    R"game("value": { "a": "mood == 'good' ? 2 : 0", "b": "mood == 'good' ? 3 : 1" })game";

// The game written out by hand: every play with its probability, its rewards per decision step
// (the talk's; the act's with the payoffs) and the states where act starts.
struct HandPlay {
  double p;
  double talk[2], act[2];
  bool good;
};
std::vector<HandPlay> hand_plays() {
  std::vector<HandPlay> out;
  for (int rude = 0; rude < 2; ++rude) {
    const double p_talk = rude ? 0.4 : 0.6;
    for (int good = 1; good >= 0; --good) {
      const double p_mood = rude ? (good ? 0.3 : 0.7) : (good ? 0.8 : 0.2);
      for (int ad = 0; ad < 2; ++ad) {
        const double p_a = good ? (ad ? 0.3 : 0.7) : (ad ? 0.8 : 0.2);
        for (int bd = 0; bd < 2; ++bd) {
          HandPlay h;
          h.p = p_talk * p_mood * p_a * 0.5;
          h.good = good;
          h.talk[0] = rude ? 1 : 0, h.talk[1] = rude ? -1 : 0;
          // cc: 3, 3; dc: 5, 0; cd: 0, 5; dd: 1, 1; then a's payoff −1 on a bad day.
          const double ra = !ad && !bd ? 3 : (ad && !bd ? 5 : (!ad && bd ? 0 : 1));
          const double rb = !ad && !bd ? 3 : (ad && !bd ? 0 : (!ad && bd ? 5 : 1));
          h.act[0] = ra + (good ? 0 : -1), h.act[1] = rb;
          out.push_back(h);
        }
      }
    }
  }
  return out;
}

// (row, probability) pairs, equal rows (within 1e-12) merged.
using Rows = std::vector<std::pair<std::vector<double>, double>>;
void add_row(Rows* rows, const std::vector<double>& row, double p) {
  for (auto& [r, q] : *rows) {
    if (std::abs(r[0] - row[0]) < 1e-12 && std::abs(r[1] - row[1]) < 1e-12) {
      q += p;
      return;
    }
  }
  rows->push_back({row, p});
}

// The correlation of the two columns of rows pooled over steps (each step weighted 1/d).
double hand_correlation(const std::vector<Rows>& steps) {
  double m[2] = {}, s[3] = {};
  const double d = static_cast<double>(steps.size());
  for (const Rows& rows : steps) {
    for (const auto& [r, q] : rows) m[0] += q * r[0] / d, m[1] += q * r[1] / d;
  }
  for (const Rows& rows : steps) {
    for (const auto& [r, q] : rows) {
      s[0] += q * (r[0] - m[0]) * (r[0] - m[0]) / d;
      s[1] += q * (r[1] - m[1]) * (r[1] - m[1]) / d;
      s[2] += q * (r[0] - m[0]) * (r[1] - m[1]) / d;
    }
  }
  return s[2] / std::sqrt(s[0] * s[1]);
}

// Simulate's rows at each step by hand, with V at act's start given per day.
std::vector<Rows> hand_rows(int depth, const std::function<std::vector<double>(const HandPlay&)>& v_at_act) {
  std::vector<Rows> steps(depth);
  for (const HandPlay& h : hand_plays()) {
    const std::vector<double> v = v_at_act(h);
    // Row 0: the talk's reward, then γ·V where act starts (the chance between belongs to the step).
    add_row(&steps[0], {h.talk[0] + 0.9 * v[0], h.talk[1] + 0.9 * v[1]}, h.p);
    // Row 1: both steps' rewards, the second discounted; the game is over (V = 0).
    if (depth > 1) add_row(&steps[1], {h.talk[0] + 0.9 * h.act[0], h.talk[1] + 0.9 * h.act[1]}, h.p);
  }
  return steps;
}

void expect_rows(const RowDistribution& exact, const std::vector<Rows>& hand) {
  ASSERT_TRUE(exact.complete) << exact.reason;
  ASSERT_EQ(exact.steps.size(), hand.size());
  for (std::size_t t = 0; t < hand.size(); ++t) {
    EXPECT_EQ(exact.steps[t].size(), hand[t].size()) << "step " << t;
    for (const auto& [row, p] : hand[t]) {
      double q = 0;
      for (const auto& [r, w] : exact.steps[t]) {
        if (std::abs(r[0] - row[0]) < 1e-12 && std::abs(r[1] - row[1]) < 1e-12) q += w;
      }
      EXPECT_NEAR(q, p, 1e-12) << "step " << t << " row (" << row[0] << ", " << row[1] << ")";
    }
  }
}

TEST(GameUser, RewardsDiscountAndValueExpressionsGiveTheRowsComputedByHand) {
  auto m = must_read(talk_mood_act(kValueExpressions));
  ASSERT_TRUE(m);
  const Game& game = *model_of(m).game;
  EXPECT_EQ(game.value_info().kind, "expression");
  EXPECT_DOUBLE_EQ(game.discount(), 0.9);
  auto v = [](const HandPlay& h) { return h.good ? std::vector<double>{2, 3} : std::vector<double>{0, 1}; };
  auto start = game.initial_state();
  for (int depth : {1, 2}) {
    const std::vector<Rows> hand = hand_rows(depth, v);
    expect_rows(exact_rows(game, *start, depth, {}, 100000, 1000), hand);
    // Exact SICA (from the exact moments) against the correlation of the hand-computed rows.
    Exact e = exact_moments(game, *start, depth, {}, 100000);
    ASSERT_TRUE(e.complete);
    const double rho = hand_correlation(hand);
    std::vector<Maybe> exact = exact_correlation(e, game);
    ASSERT_TRUE(exact[1].value);
    EXPECT_NEAR(*exact[1].value, rho, 1e-12) << "depth " << depth;
    // Every sampled row is one of the hand-computed rows of its step, and the sampled SICA lies within
    // four of its standard errors of the exact one.
    SimulateOptions o;
    o.rollouts = 4000;
    o.depth = depth;
    o.seed = 7;
    Samples x = simulate(game, *start, o, {});
    for (std::int64_t j = 0; j < o.rollouts; ++j) {
      for (int t = 0; t < depth; ++t) {
        bool found = false;
        for (const auto& [row, p] : hand[t]) {
          found = found || (std::abs(row[0] - x.at(j * depth + t, 0)) < 1e-9 &&
                            std::abs(row[1] - x.at(j * depth + t, 1)) < 1e-9);
        }
        ASSERT_TRUE(found) << "rollout " << j << " step " << t << ": " << x.at(j * depth + t, 0) << ", "
                           << x.at(j * depth + t, 1);
      }
    }
    Sica sampled = sica(game, *start, o);
    ASSERT_TRUE(sampled.correlation[1].value && sampled.standard_error[1].value);
    EXPECT_NEAR(*sampled.correlation[1].value, rho, 4 * *sampled.standard_error[1].value)
        << "depth " << depth;
  }
  // Through the kind: simulate's exact distribution and the value it used.
  json r = run(*m, "simulate", {{"depth", 1}, {"rollouts", 10}});
  EXPECT_EQ(r["value"]["kind"], "expression");
  ASSERT_EQ(r["exact"]["steps"][0]["distinct"], 4);
  EXPECT_NEAR(r["exact"]["steps"][0]["rows"][0]["probability"].get<double>(), 0.48, 1e-12);
  EXPECT_NEAR(r["exact"]["steps"][0]["rows"][0]["utility"][0].get<double>(), 1.8, 1e-12);
  // describe: the rewards received so far.
  json d = run(*m, "describe", {{"state", "game 1 1"}});
  EXPECT_EQ(d["state"]["describe"]["rewards"]["a"], 1.0);
  EXPECT_EQ(d["state"]["describe"]["rewards"]["b"], -1.0);
}

TEST(GameUser, ExactValueIsTheExpectedReturnAndRolloutsAverageSeveralPlays) {
  // V where act starts: the expected act rewards and payoffs given the day.
  auto expected_act = [](bool good) {
    std::vector<double> v(2, 0.0);
    double total = 0;
    for (const HandPlay& h : hand_plays()) {
      if (h.good != good || h.talk[0] != 0) continue;
      total += h.p;
      v[0] += h.p * h.act[0], v[1] += h.p * h.act[1];
    }
    return std::vector<double>{v[0] / total, v[1] / total};
  };
  auto m = must_read(talk_mood_act("", "\"exact\""));
  ASSERT_TRUE(m);
  const Game& game = *model_of(m).game;
  EXPECT_EQ(game.value_info().kind, "exact");
  double v[2];
  for (int good : {0, 1}) {
    // "game 0 <mood>": kind talk, then the day (good is outcome 0).
    game.value(*at(game, std::string("game 0 ") + (good ? "0" : "1")), v);
    EXPECT_NEAR(v[0], expected_act(good)[0], 1e-12);
    EXPECT_NEAR(v[1], expected_act(good)[1], 1e-12);
  }
  // At the start: the talk's reward plus γ times V where act starts, averaged over talk and day.
  double start[2] = {};
  for (const HandPlay& h : hand_plays()) {
    for (int i = 0; i < 2; ++i) start[i] += h.p * (h.talk[i] + 0.9 * h.act[i]);
  }
  game.value(*game.initial_state(), v);
  EXPECT_NEAR(v[0], start[0], 1e-12);
  EXPECT_NEAR(v[1], start[1], 1e-12);
  expect_rows(exact_rows(game, *game.initial_state(), 2, {}, 100000, 1000),
              hand_rows(2, [&](const HandPlay& h) { return expected_act(h.good); }));

  // V the mean of 4 plays: the rows' mean is unchanged; their second moment holds Var(G | s') / 4.
  auto four = must_read(talk_mood_act("", "{\"rollouts\": 4}"));
  ASSERT_TRUE(four);
  const Game& g4 = *model_of(four).game;
  EXPECT_EQ(g4.value_info().kind, "rollouts");
  EXPECT_EQ(g4.value_rollouts(), 4);
  double mean = 0, second = 0;
  for (bool good : {true, false}) {
    for (int rude : {0, 1}) {
      double p = 0, m1 = 0, m2 = 0;
      for (const HandPlay& h : hand_plays()) {
        if (h.good != good || h.talk[0] != rude) continue;
        p += h.p, m1 += h.p * h.act[0], m2 += h.p * h.act[0] * h.act[0];
      }
      m1 /= p, m2 /= p;
      const double row = rude + 0.9 * m1;
      mean += p * row;
      second += p * (row * row + 0.81 * (m2 - m1 * m1) / 4);
    }
  }
  Exact e = exact_moments(g4, *g4.initial_state(), 1, {}, 100000);
  ASSERT_TRUE(e.complete);
  EXPECT_NEAR(e.mean[0], mean, 1e-12);
  EXPECT_NEAR(e.second[0], second, 1e-12);
  EXPECT_FALSE(exact_rows(g4, *g4.initial_state(), 1, {}, 100000, 1000).complete);
  SimulateOptions o;
  o.rollouts = 20000;
  Samples x = simulate(g4, *g4.initial_state(), o, {});
  double sm = 0, ss = 0;
  for (std::int64_t j = 0; j < o.rollouts; ++j) sm += x.at(j, 0) / o.rollouts;
  for (std::int64_t j = 0; j < o.rollouts; ++j)
    ss += (x.at(j, 0) - sm) * (x.at(j, 0) - sm) / (o.rollouts - 1);
  const double var = second - mean * mean;
  EXPECT_NEAR(sm, mean, 4 * std::sqrt(var / o.rollouts));
  EXPECT_NEAR(ss, var, 0.05 * var);
}

TEST(GameUser, ChanceStagesMayDependOnTheHistory) {
  auto m = must_read(talk_mood_act(kValueExpressions));
  ASSERT_TRUE(m);
  const Game& game = *model_of(m).game;
  auto kind_talk = at(game, "game 0"), rude_talk = at(game, "game 1");
  EXPECT_EQ(kind_talk->type(), NodeType::kChance);
  EXPECT_DOUBLE_EQ(kind_talk->chance_probability(0), 0.8);
  EXPECT_DOUBLE_EQ(rude_talk->chance_probability(0), 0.3);
  EXPECT_EQ(rude_talk->chance_label(1), "bad");
  json d = run(*m, "describe", {{"state", "game 1"}});
  EXPECT_EQ(d["state"]["chance"][1]["outcome"], "bad");
  EXPECT_DOUBLE_EQ(d["state"]["chance"][1]["probability"].get<double>(), 0.7);
  // Weights by expression: heads is three times as likely after a big bet.
  auto weighted = must_read(R"game({"kind": "game", "players": ["a"],
    "stages": [{"name": "bet", "players": ["a"], "actions": {"size": ["small", "big"]}},
               {"name": "coin", "chance": {"weights": {"h": "bet_a == 'big' ? 3 : 1", "t": 1}}}],
    "payoffs": {"a": "coin == 'h' ? 1 : 0"}})game");
  ASSERT_TRUE(weighted);
  const Game& w = *model_of(weighted).game;
  EXPECT_DOUBLE_EQ(at(w, "game 1")->chance_probability(0), 0.75);
  EXPECT_DOUBLE_EQ(at(w, "game 0")->chance_probability(0), 0.5);
  // Exactly: SBUE of the big bet is 0.75 heads.
  json r = run(*weighted, "sbue", {{"action", {"big"}}, {"alternatives", 0}});
  EXPECT_NEAR(r["actions"][0]["exact"][0].get<double>(), 0.75, 1e-12);
  // A row no "given" covers, and an outcome the first row does not list, are mistakes.
  Diagnostics d1, d2;
  EXPECT_FALSE(read(R"game({"kind": "game", "players": ["a"],
    "stages": [{"name": "bet", "players": ["a"], "actions": {"size": ["small", "big"]}},
               {"name": "coin", "chance": {"table": [{"given": {"bet_a": "big"}, "cpd": {"h": 1, "t": 0}}]}}],
    "payoffs": {"a": "1"}})game",
                    &d1));
  EXPECT_TRUE(find(d1, "game.uncovered_chance"));
  EXPECT_FALSE(read(R"game({"kind": "game", "players": ["a"],
    "stages": [{"name": "coin", "chance": {"table": [{"cpd": {"h": 1}}, {"cpd": {"t": 1}}]}}],
    "payoffs": {"a": "1"}})game",
                    &d2));
  EXPECT_TRUE(find(d2, "game.unknown_choice"));
}

// A seller and a buyer with action sets of their own in one stage, the buyer's two slots drawn jointly
// (it tips less when it accepts), then a judge whose announcement blames one exactly when it spares
// the other.
const char* kMarket = R"game({
  "kind": "game", "players": ["seller", "buyer", "judge"],
  "stages": [
    { "name": "offer", "players": ["seller", "buyer"],
      "actions": { "seller": { "price": ["low", "high"] }, "buyer": { "accept": ["yes", "no"], "tip": [0, 1] } } },
    { "name": "verdict", "players": ["judge"], "actions": { "blame": ["seller", "buyer"], "spare": ["seller", "buyer"] } }
  ],
  "payoffs": {
    "seller": "(offer_buyer_accept == 'yes' ? (offer_seller == 'high' ? 3 : 1) : 0) + offer_buyer_tip - (verdict_judge_blame == 'seller' ? 2 : 0)",
    "buyer": "(offer_buyer_accept == 'yes' ? (offer_seller == 'high' ? 1 : 3) : 0) - offer_buyer_tip - (verdict_judge_blame == 'buyer' ? 2 : 0)",
    "judge": "verdict_judge_spare == 'seller' ? 1 : 0"
  },
  "policies": {
    "seller": { "offer": { "low": 0.4, "high": 0.6 } },
    "buyer": { "offer": { "joint": { "weight": "accept == 'yes' ? (tip == 1 ? 1 : 3) : 2" } } },
    "judge": { "verdict": { "joint": { "table": [
      { "given": { "offer_buyer_accept": "yes" },
        "cpd": [ { "action": { "blame": "buyer", "spare": "seller" }, "p": 0.5 },
                 { "action": { "blame": "seller", "spare": "buyer" }, "p": 0.5 } ] },
      { "cpd": [ { "action": ["seller", "buyer"], "p": 1 } ] } ] } } }
  }
})game";

double probability_of(const std::vector<std::pair<Action, double>>& dist, const Action& a) {
  for (const auto& [x, q] : dist) {
    if (x == a) return q;
  }
  return 0;
}

TEST(GameUser, PlayersHaveTheirOwnSlotsWithinAStage) {
  auto m = must_read(kMarket);
  ASSERT_TRUE(m);
  const Game& game = *model_of(m).game;
  auto s = game.initial_state();
  ActionSpace seller = s->legal_actions(0), buyer = s->legal_actions(1);
  ASSERT_EQ(seller.slots.size(), 1u);
  EXPECT_EQ(seller.slots[0].name, "price");
  ASSERT_EQ(buyer.slots.size(), 2u);
  EXPECT_EQ(buyer.slots[1].name, "tip");
  EXPECT_TRUE(s->legal_actions(2).slots.empty()) << "the judge does not act in the offer";
  // The history's variables are named per player and slot.
  json d = run(*m, "describe", {{"state", "game 1 0 1"}});
  EXPECT_EQ(d["state"]["describe"]["history"]["offer_seller"], "high");
  EXPECT_EQ(d["state"]["describe"]["history"]["offer_buyer_accept"], "yes");
  EXPECT_EQ(d["state"]["describe"]["history"]["offer_buyer_tip"], "1");
  EXPECT_EQ(d["state"]["acting"][0]["player"], "judge");
  // Actions name each player's own slots.
  json r =
      run(*m, "sbue", {{"player", "buyer"}, {"action", {{"accept", "no"}, {"tip", 0}}}, {"alternatives", 0}});
  EXPECT_EQ(r["actions"][0]["action"]["accept"], "no");
  Diagnostics wrong;
  EXPECT_FALSE(read(R"game({"kind": "game", "players": ["a", "b"],
    "stages": [{"name": "s", "players": ["a", "b"], "actions": {"a": {"x": [1, 2]}, "c": {"y": [1]}}}],
    "payoffs": {"a": "1", "b": "1"}})game",
                    &wrong));
  EXPECT_TRUE(find(wrong, "game.unknown_player"));
}

TEST(GameUser, JointSlotPoliciesCorrelateTheSlotsAndGiveTheirMarginals) {
  auto m = must_read(kMarket);
  ASSERT_TRUE(m);
  const Game& game = *model_of(m).game;
  auto s = game.initial_state();
  // The buyer's weights 3, 1, 2, 2 over (yes, 0), (yes, 1), (no, 0), (no, 1), normalised by 8.
  std::vector<std::pair<Action, double>> dist;
  game.policy(1).distribution(*s, 1, &dist);
  EXPECT_DOUBLE_EQ(probability_of(dist, Action{0, 0}), 3.0 / 8);
  EXPECT_DOUBLE_EQ(probability_of(dist, Action{0, 1}), 1.0 / 8);
  EXPECT_DOUBLE_EQ(probability_of(dist, Action{1, 1}), 2.0 / 8);
  auto marginal = marginals(game.policy(1), *s, 1);
  EXPECT_DOUBLE_EQ(marginal[0][0], 0.5);      // accepts
  EXPECT_DOUBLE_EQ(marginal[1][1], 3.0 / 8);  // tips
  // Not independent: P(tip | accept) = 1/4, P(tip | refuse) = 1/2.
  EXPECT_NE(probability_of(dist, Action{0, 1}), marginal[0][0] * marginal[1][1]);
  // The judge after an accepted offer: blame the buyer and spare the seller, or the reverse; never
  // blame and spare the same one, though each slot's marginal is one half.
  auto verdict = at(game, "game 1 0 0");
  game.policy(2).distribution(*verdict, 2, &dist);
  ASSERT_EQ(dist.size(), 2u);
  EXPECT_DOUBLE_EQ(probability_of(dist, Action{1, 0}), 0.5);
  EXPECT_DOUBLE_EQ(probability_of(dist, Action{1, 1}), 0.0);
  marginal = marginals(game.policy(2), *verdict, 2);
  EXPECT_DOUBLE_EQ(marginal[0][0], 0.5);
  EXPECT_DOUBLE_EQ(marginal[1][1], 0.5);
  EXPECT_DOUBLE_EQ(marginal[0][1] * marginal[1][0], 0.25)
      << "independent slots would give (buyer, seller) 1/4";
  // Draws follow the joint: 20,000 seeded draws, never an action of probability 0, frequencies within
  // four binomial standard deviations.
  int counts[4] = {};
  for (int k = 0; k < 20000; ++k) {
    Rng rng(3, static_cast<std::uint64_t>(k));
    Action a = game.policy(1).sample(*s, 1, rng);
    ++counts[a[0] * 2 + a[1]];
  }
  const double expected[4] = {3.0 / 8, 1.0 / 8, 2.0 / 8, 2.0 / 8};
  for (int c = 0; c < 4; ++c) {
    EXPECT_NEAR(counts[c] / 20000.0, expected[c], 4 * std::sqrt(expected[c] * (1 - expected[c]) / 20000));
  }
  for (int k = 0; k < 2000; ++k) {
    Rng rng(4, static_cast<std::uint64_t>(k));
    Action a = game.policy(2).sample(*verdict, 2, rng);
    EXPECT_NE(a[0], a[1]);
  }
  // Probable actions report the joint's marginals: exact beside the frequencies.
  json r = run(*m, "probable_actions",
               {{"player", "seller"}, {"action", {"high"}}, {"rollouts", 4000}, {"seed", 5}});
  ASSERT_EQ(r["actions"].size(), 1u);
  EXPECT_EQ(r["actions"][0]["player"], "buyer");
  EXPECT_EQ(r["actions"][0]["exact"]["label"], "yes, 0");
  EXPECT_DOUBLE_EQ(r["actions"][0]["exact"]["probability"].get<double>(), 3.0 / 8);
  EXPECT_DOUBLE_EQ(r["actions"][0]["exact"]["marginals"][1]["choices"][1]["probability"].get<double>(),
                   3.0 / 8);
  EXPECT_NEAR(r["actions"][0]["marginals"][1]["choices"][1]["probability"].get<double>(), 3.0 / 8,
              4 * std::sqrt(3.0 / 8 * 5.0 / 8 / 4000));
}

// ---------------------------------------------------------------------------------------------------
// Exact methods against enumeration written here.

// The market's plays by hand: (probability, payoffs), the seller's and buyer's first actions optionally
// fixed (−1: drawn).
std::vector<std::pair<double, std::vector<double>>> market_plays(int price, int accept, int tip) {
  std::vector<std::pair<double, std::vector<double>>> out;
  const double buyer[2][2] = {{3.0 / 8, 1.0 / 8}, {2.0 / 8, 2.0 / 8}};
  for (int pr = 0; pr < 2; ++pr) {
    for (int ac = 0; ac < 2; ++ac) {
      for (int t = 0; t < 2; ++t) {
        double p = (price < 0 ? (pr ? 0.6 : 0.4) : pr == price) *
                   (accept < 0 ? buyer[ac][t] : (ac == accept && t == tip ? 1.0 : 0.0));
        if (p == 0) continue;
        // The verdict: after an accepted offer blame the buyer (spare the seller) or the reverse; else
        // blame the seller and spare the buyer.
        std::vector<std::pair<double, int>> verdicts =
            ac == 0 ? std::vector<std::pair<double, int>>{{0.5, 1}, {0.5, 0}}
                    : std::vector<std::pair<double, int>>{{1, 0}};
        for (auto [q, blame] : verdicts) {
          const double trade_s = ac == 0 ? (pr ? 3 : 1) : 0, trade_b = ac == 0 ? (pr ? 1 : 3) : 0;
          out.push_back({p * q,
                         {trade_s + t - (blame == 0 ? 2 : 0), trade_b - t - (blame == 1 ? 2 : 0),
                          blame == 1 ? 1.0 : 0.0}});
        }
      }
    }
  }
  return out;
}

TEST(GameUser, ExactSbueZScoresAndJointExplainedActionsMatchEnumeration) {
  auto m = must_read(kMarket);
  ASSERT_TRUE(m);
  // The seller's high price with the buyer's (yes, 1) fixed together with it.
  json r = run(*m, "sbue",
               {{"player", "seller"},
                {"action", {"high"}},
                {"fixed", {{{"player", "buyer"}, {"action", {{"accept", "yes"}, {"tip", 1}}}}}},
                {"alternatives", 1},
                {"rollouts", 3000}});
  ASSERT_EQ(r["exact"]["available"], true);
  ASSERT_EQ(r["fixed"][0]["player"], "buyer");
  std::vector<double> base_mean(3, 0.0), base_second(3, 0.0);
  for (const auto& [p, u] : market_plays(-1, -1, -1)) {
    for (int i = 0; i < 3; ++i) base_mean[i] += p * u[i], base_second[i] += p * u[i] * u[i];
  }
  for (int k = 0; k < 2; ++k) {
    const json& entry = r["actions"][k];
    const int price = entry["action"]["price"] == "high" ? 1 : 0;
    std::vector<double> mean(3, 0.0);
    for (const auto& [p, u] : market_plays(price, 0, 1)) {
      for (int i = 0; i < 3; ++i) mean[i] += p * u[i];
    }
    for (int i = 0; i < 3; ++i) {
      EXPECT_NEAR(entry["exact"][i].get<double>(), mean[i], 1e-12) << "price " << price << " player " << i;
      const double sigma = std::sqrt(base_second[i] - base_mean[i] * base_mean[i]);
      EXPECT_NEAR(entry["exact_z"][i].get<double>(), (mean[i] - base_mean[i]) / sigma, 1e-12);
      EXPECT_NEAR(entry["mean"][i].get<double>(), mean[i],
                  4 * entry["standard_error"][i].get<double>() + 1e-12);
    }
    EXPECT_NEAR(r["exact"]["baseline_mean"][k].get<double>(), base_mean[k], 1e-12);
  }
  // A player whose utility never varies has no z-score, with the reason.
  json still = run(*must_read(R"game({"kind": "game", "players": ["a", "b"],
    "stages": [{"name": "s", "players": ["a"], "actions": {"x": ["l", "r"]}}],
    "payoffs": {"a": "s_a == 'l' ? 1 : 0", "b": "2"}})game"),
                   "sbue", {{"action", {"l"}}});
  EXPECT_TRUE(still["actions"][0]["exact_z"][1].is_null());
  EXPECT_NE(still["actions"][0]["exact_z_undefined"][1].get<std::string>().find("σ = 0"), std::string::npos);
  // Fixing the explained player again, or a player twice, is refused.
  EXPECT_THROW(
      run(*m, "sbue", {{"player", "seller"}, {"fixed", {{{"player", "seller"}, {"action", {"low"}}}}}}),
      RequestError);
}

// Three players pick at once, then a coin: x and y share the coin's luck, z has the opposite.
const char* kCoinTrio = R"game({
  "kind": "game", "players": ["x", "y", "z"],
  "stages": [ { "name": "pick", "players": ["x", "y", "z"], "actions": { "s": ["l", "r"] } },
              { "name": "coin", "chance": { "h": 0.5, "t": 0.5 } } ],
  "payoffs": { "x": "(coin == 'h' ? 2 : 0) + (pick_x == 'l' ? 1 : 0)",
               "y": "(coin == 'h' ? 2 : 0) + (pick_y == 'l' ? 1 : 0)",
               "z": "coin == 'h' ? 0 : 2" },
  "policies": { "x": { "pick": { "l": 0.5, "r": 0.5 } }, "y": { "pick": { "l": 0.3, "r": 0.7 } },
                "z": { "pick": { "l": 0.9, "r": 0.1 } } }
})game";

TEST(GameUser, ProbableActionsOfAJointExplainedActionAndMapAtKAgainstTheExactSica) {
  auto m = must_read(kCoinTrio);
  ASSERT_TRUE(m);
  json r = run(*m, "probable_actions",
               {{"player", "x"}, {"action", {"l"}}, {"fixed", {{{"player", "y"}, {"action", {"r"}}}}}});
  ASSERT_EQ(r["actions"].size(), 1u) << "x and y are fixed together: only z is another";
  EXPECT_EQ(r["actions"][0]["player"], "z");
  EXPECT_EQ(r["actions"][0]["exact"]["label"], "l");
  EXPECT_DOUBLE_EQ(r["actions"][0]["exact"]["probability"].get<double>(), 0.9);
  // Exact correlations: Cov(x, y) = Var(2·heads) = 1, Var(x) = 1 + 1/4, Var(y) = 1 + 0.21,
  // Cov(x, z) = −1, Var(z) = 1.
  json sica = run(*m, "sica", {{"rollouts", 2000}});
  EXPECT_NEAR(sica["exact"]["correlation"][0][1].get<double>(), 1 / std::sqrt(1.25 * 1.21), 1e-12);
  EXPECT_NEAR(sica["exact"]["correlation"][0][2].get<double>(), -1 / std::sqrt(1.25), 1e-12);
  // MAP@K ranks by the exact matrix where it can, whatever a tiny sample says.
  json notes = {{{"player", "x"}, {"friends", {"y"}}, {"enemies", {"z"}}}};
  json exact = run(*m, "map_at_k", {{"annotations", notes}, {"rollouts", 2}, {"k", 1}});
  EXPECT_EQ(exact["annotations"][0]["ranked_by"], "exact");
  EXPECT_DOUBLE_EQ(exact["annotations"][0]["ap_friends"].get<double>(), 1.0);
  EXPECT_DOUBLE_EQ(exact["annotations"][0]["ap_enemies"].get<double>(), 1.0);
  json sampled =
      run(*m, "map_at_k", {{"annotations", notes}, {"rollouts", 2000}, {"k", 1}, {"exact", false}});
  EXPECT_EQ(sampled["annotations"][0]["ranked_by"], "sampled");
  json tight = run(*m, "map_at_k", {{"annotations", notes}, {"rollouts", 2000}, {"k", 1}, {"max_nodes", 3}});
  EXPECT_EQ(tight["annotations"][0]["ranked_by"], "sampled") << "the tree is over 3 nodes";
}

// ---------------------------------------------------------------------------------------------------
// The reader's reliability (issue 23).

TEST(GameUser, PolicyWeightsWhoseSumOverflowsAreRefused) {
  Diagnostics d;
  EXPECT_FALSE(read(R"game({"kind": "game", "players": ["a"],
    "stages": [{"name": "s", "players": ["a"], "actions": {"x": ["l", "r"]}}],
    "payoffs": {"a": "s_a == 'l' ? 1 : 0"},
    "policies": {"a": {"s": {"weights": {"l": 1e308, "r": 1e308}}}}})game",
                    &d));
  const Diagnostic* x = find(d, "game.bad_policy");
  ASSERT_TRUE(x) << (d.empty() ? "" : d.items()[0].id);
  EXPECT_EQ(x->span.line, 4);
  EXPECT_NE(x->message.find("sum"), std::string::npos) << x->message;
}

std::string wide_slot(int choices, const std::string& policy) {
  std::string list;
  for (int c = 0; c < choices; ++c) list += (c ? ",\"c" : "\"c") + std::to_string(c) + "\"";
  return R"({"kind": "game", "players": ["a"], "stages": [{"name": "s", "players": ["a"], "actions": {"x": [)" +
         list + R"(]}}], "payoffs": {"a": "s_a == 'c)" + std::to_string(choices - 1) + R"(' ? 1 : 0"})" +
         policy + "}";
}

TEST(GameUser, SlotsHoldAtMost32767ChoicesTheWidthOfAnAction) {
  Diagnostics d;
  EXPECT_FALSE(read(wide_slot(32768, ""), &d));
  ASSERT_TRUE(find(d, "game.too_many_choices"));
  auto m = must_read(wide_slot(32767, ""));
  ASSERT_TRUE(m);
  // The last choice, fixed: exactly 1 (index 32766 fits the 16 bits of an action).
  json r = run(*m, "sbue", {{"action", {"c32766"}}, {"alternatives", 0}, {"rollouts", 10}});
  EXPECT_DOUBLE_EQ(r["actions"][0]["exact"][0].get<double>(), 1.0);
  json play = run(*m, "play", {{"seed", 1}});
  EXPECT_EQ(play["steps"].back()["node"], "terminal");
  // Chance stages too.
  std::string outcomes;
  for (int c = 0; c < 32768; ++c)
    outcomes += (c ? ",\"o" : "\"o") + std::to_string(c) + "\": " + (c ? "0" : "1");
  Diagnostics chance;
  EXPECT_FALSE(read(R"({"kind": "game", "players": ["a"], "stages": [{"name": "s", "chance": {)" + outcomes +
                        R"(}}], "payoffs": {"a": "1"}})",
                    &chance));
  EXPECT_TRUE(find(chance, "game.too_many_choices"));
}

TEST(GameUser, PayoffsRewardsValuesAndTheirTotalsAreBounded) {
  Diagnostics big;
  EXPECT_FALSE(read(R"game({"kind": "game", "players": ["a", "b"],
    "stages": [{"name": "s", "players": ["a"], "actions": {"x": ["l", "r"]}}],
    "payoffs": {"a": "s_a == 'l' ? 1e160 : 0", "b": "0"}})game",
                    &big));
  ASSERT_TRUE(find(big, "game.bad_payoff"));
  EXPECT_EQ(find(big, "game.bad_payoff")->span.line, 3);
  // Two rewards of 6e99 along one play add up to more than 1e100.
  Diagnostics total;
  EXPECT_FALSE(read(R"game({"kind": "game", "players": ["a"],
    "stages": [{"name": "s", "players": ["a"], "actions": {"x": ["l", "r"]}, "rewards": {"a": 6e99}},
               {"name": "t", "players": ["a"], "actions": {"x": ["l", "r"]},
                "rewards": {"a": "t_a == 'l' ? 6e99 : 0"}}]})game",
                    &total));
  ASSERT_TRUE(find(total, "game.bad_reward"));
  EXPECT_EQ(find(total, "game.bad_reward")->span.line, 4);
  Diagnostics value;
  EXPECT_FALSE(read(R"game({"kind": "game", "players": ["a"],
    "stages": [{"name": "s", "players": ["a"], "actions": {"x": ["l", "r"]}},
               {"name": "t", "players": ["a"], "actions": {"x": ["l", "r"]}, "value": {"a": 2e100}}],
    "payoffs": {"a": "1"}})game",
                    &value));
  EXPECT_TRUE(find(value, "game.bad_value"));
  // At the bound, SICA's correlations and SBUE's means stay finite.
  auto m = must_read(R"game({"kind": "game", "players": ["a", "b"],
    "stages": [{"name": "s", "players": ["a"], "actions": {"x": ["l", "r"]}}],
    "payoffs": {"a": "s_a == 'l' ? 1e100 : -1e100", "b": "s_a == 'l' ? -1e100 : 1e100"}})game");
  ASSERT_TRUE(m);
  json sica = run(*m, "sica", {{"rollouts", 10000}});
  ASSERT_TRUE(sica["correlation"][0][1].is_number());
  EXPECT_NEAR(sica["correlation"][0][1].get<double>(), -1, 1e-9);
  json sbue = run(*m, "sbue", {{"rollouts", 10000}});
  EXPECT_TRUE(sbue["actions"][0]["mean"][0].is_number());
}

TEST(GameUser, ReadingIsLinearAndDiagnosticsOfOneKindAreCapped) {
  // 32,767 choices, checked for duplicates through a hash set (comparing each choice with every earlier
  // one took seconds), and a deterministic policy naming the last (found through a hash map).
  const std::string text = wide_slot(32767, R"(, "policies": {"a": {"s": "'c32766'"}})");
  const auto begin = std::chrono::steady_clock::now();
  auto m = must_read(text);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
  ASSERT_TRUE(m);
  EXPECT_LT(seconds, test::test_size(1, 20)) << "reading took " << seconds << " s";
  // 3,000 unknown fields: the first 20 listed, then one line saying more follow.
  std::string fields;
  for (int k = 0; k < 3000; ++k) fields += ", \"extra" + std::to_string(k) + "\": 1";
  Diagnostics d;
  EXPECT_FALSE(read(R"game({"kind": "game", "players": ["a"], "stages": [{"name": "s", "players": ["a"],
    "actions": {"x": [1]})game" +
                        fields + R"(}], "payoffs": {"a": "1"}})",
                    &d));
  int listed = 0;
  for (const Diagnostic& x : d.items()) listed += x.id == "model.unknown_field";
  EXPECT_EQ(listed, 21);
  EXPECT_NE(d.items()[20].message.find("only the first 20"), std::string::npos) << d.items()[20].message;
}

TEST(GameUser, StateTextsAreWholeDecimalNumbers) {
  auto m = must_read(talk_mood_act(kValueExpressions));
  ASSERT_TRUE(m);
  const Game& game = *model_of(m).game;
  std::string error;
  EXPECT_TRUE(game.deserialise("game 1", &error));
  for (const char* bad : {"game 0x1", "game 1.9", "game +1", "game 1e0", "game -0", "game 99999999999"}) {
    EXPECT_FALSE(game.deserialise(bad, &error)) << bad;
  }
  EXPECT_NE(error.find("not a choice index"), std::string::npos) << error;
  EXPECT_THROW(run(*m, "describe", {{"state", "game 0x1"}}), RequestError);
}

// ---------------------------------------------------------------------------------------------------
// SICA's standard error (the delta method, the rollout as the unit): over many seeds, the exact value
// lies within two standard errors of the estimate about 95% of the time, on a game whose rows within a
// rollout are dependent (depth 2) and on one with a strong negative correlation.
TEST(GameSica, StandardErrorsCoverTheExactValue) {
  struct Case {
    std::string text;
    int depth;
  };
  const Case cases[] = {{talk_mood_act(kValueExpressions), 2}, {kCoinTrio, 1}};
  const int seeds = test::test_size(300, 60);
  for (const Case& c : cases) {
    auto m = must_read(c.text);
    ASSERT_TRUE(m);
    const Game& game = *model_of(m).game;
    const int p = game.num_players();
    auto start = game.initial_state();
    Exact e = exact_moments(game, *start, c.depth, {}, 1000000);
    ASSERT_TRUE(e.complete);
    const std::vector<Maybe> exact = exact_correlation(e, game);
    int covered = 0, trials = 0;
    double relative = 0;
    for (int seed = 0; seed < seeds; ++seed) {
      SimulateOptions o;
      o.rollouts = 500;
      o.depth = c.depth;
      o.seed = 1000 + static_cast<std::uint64_t>(seed);
      Sica r = sica(game, *start, o);
      for (int i = 0; i < p; ++i) {
        for (int j = i + 1; j < p; ++j) {
          ASSERT_TRUE(r.correlation[i * p + j].value && r.standard_error[i * p + j].value);
          const double error = std::abs(*r.correlation[i * p + j].value - *exact[i * p + j].value);
          covered += error <= 2 * *r.standard_error[i * p + j].value;
          relative += error / *r.standard_error[i * p + j].value;
          ++trials;
        }
      }
    }
    const double coverage = static_cast<double>(covered) / trials;
    std::printf(
        "  depth %d: the exact value within 2 SE in %.1f%% of %d estimates (mean |error| / SE %.2f)\n",
        c.depth, 100 * coverage, trials, relative / trials);
    // A normal estimate: 95.4%; the binomial spread of the count over 300 seeds is about 1.2%.
    EXPECT_GE(coverage, test::test_size(91, 82) / 100.0);
    EXPECT_LE(coverage, 0.99);
  }
}

// ---------------------------------------------------------------------------------------------------
// Stages played only in some histories ("when") and players who know only part of the history
// ("information"): a small poker where the second player answers only a bet and sees only whether there
// was one. The plays, their probabilities and payoffs, the information sets, the state texts and the
// reader's positioned mistakes are checked against a computation written here by hand.

// a opens (bet or check) knowing the card; b answers a bet only (call or fold), seeing the bet but not
// the card; after a call, a moves once more, observing nothing new but remembering (perfect recall).
// Answering pays b 0.5 (a stage's rewards, paid only where it is played); the payoff expression reads reply_b
// and last_a only where they are set.
const char* kPoker = R"game({
  "kind": "game", "players": ["a", "b"],
  "stages": [
    { "name": "deal", "chance": { "high": 0.5, "low": 0.5 } },
    { "name": "open", "players": ["a"], "actions": { "move": ["bet", "check"] } },
    { "name": "reply", "players": ["b"], "actions": { "move": ["call", "fold"] }, "when": "open_a == 'bet'",
      "information": { "b": ["open_a"] }, "rewards": { "b": 0.5 } },
    { "name": "last", "players": ["a"], "actions": { "move": ["up", "down"] },
      "when": { "table": [ { "given": { "reply_b": "call" } } ] }, "information": { "a": [] } }
  ],
  "payoffs": {
    "a": "open_a == 'check' ? 0 : reply_b == 'fold' ? 1 : (deal == 'high' ? 2 : -2) + (last_a == 'up' ? 1 : 0)",
    "b": "open_a == 'check' ? 0 : reply_b == 'fold' ? -1 : (deal == 'high' ? -2 : 2) - (last_a == 'up' ? 1 : 0)"
  },
  "policies": {
    "a": { "open": { "table": [ { "given": { "deal": "high" }, "cpd": { "bet": 0.8, "check": 0.2 } },
                                { "cpd": { "bet": 0.4, "check": 0.6 } } ] } },
    "b": { "reply": { "call": 0.3, "fold": 0.7 } }
  }
})game";

// The plays listed by hand: (probability, a's return, b's return, moves).
struct PokerPlay {
  double p, a, b;
  int moves;
};
std::vector<PokerPlay> poker_plays() {
  std::vector<PokerPlay> out;
  for (int high = 0; high < 2; ++high) {
    const double deal = 0.5, bet = high ? 0.8 : 0.4, card = high ? 2 : -2;
    out.push_back({deal * (1 - bet), 0, 0, 2});                             // check
    out.push_back({deal * bet * 0.7, 1, -1 + 0.5, 3});                      // bet, fold
    out.push_back({deal * bet * 0.3 * 0.5, card + 1, -card - 1 + 0.5, 4});  // bet, call, up
    out.push_back({deal * bet * 0.3 * 0.5, card, -card + 0.5, 4});          // bet, call, down
  }
  return out;
}

TEST(GameUserWhen, SkippedStagesAreNoNodesAndTheExpectedReturnsAreThePlaysListedByHand) {
  const std::string model = kPoker;
  const json tree = test::analyze(model, "game_tree", json::object());
  std::vector<double> reach(tree["nodes"].size(), 1.0), expected(2, 0.0);
  std::vector<int> depths;
  for (const json& n : tree["nodes"]) {
    const auto id = n["id"].get<std::size_t>();
    if (n["parent"].get<int>() >= 0)
      reach[id] = reach[n["parent"].get<std::size_t>()] * n["probability"].get<double>();
    if (n["type"] != "terminal") continue;
    depths.push_back(n["depth"].get<int>());
    for (int i = 0; i < 2; ++i) expected[i] += reach[id] * n["returns"][i].get<double>();
  }
  double a = 0, b = 0;
  std::vector<int> hand_depths;
  for (const PokerPlay& p : poker_plays()) a += p.p * p.a, b += p.p * p.b, hand_depths.push_back(p.moves);
  std::sort(depths.begin(), depths.end());
  std::sort(hand_depths.begin(), hand_depths.end());
  EXPECT_EQ(depths, hand_depths);
  EXPECT_NEAR(a, 0.63, 1e-12);  // 0.5 · 0.8 · (0.7 + 0.3 · 2.5) + 0.5 · 0.4 · (0.7 − 0.3 · 1.5)
  EXPECT_NEAR(expected[0], a, 1e-12);
  EXPECT_NEAR(expected[1], b, 1e-12);
  // b's one information set holds both deals after a bet; a knows the whole history (the default).
  std::map<std::string, std::vector<int>> sizes;
  for (const json& set : tree["information_sets"])
    sizes[set["player"].get<std::string>()].push_back(static_cast<int>(set["nodes"].size()));
  EXPECT_EQ(sizes["b"], std::vector<int>({2}));
  EXPECT_EQ(sizes["a"], std::vector<int>({1, 1, 1, 1}));
  // The exact methods agree: SICA's exact means at the start.
  const json sica = test::analyze(model, "sica", {{"rollouts", 100}});
  EXPECT_NEAR(sica["exact"]["mean"][0].get<double>(), a, 1e-12);
  EXPECT_NEAR(sica["exact"]["mean"][1].get<double>(), b, 1e-12);
}

TEST(GameUserWhen, StateTextsListThePlayedChoicesAndCountOnlyPlayedSteps) {
  Diagnostics d;
  auto m = kind().read(kPoker, &d);
  ASSERT_TRUE(m) << (d.empty() ? "" : d.items()[0].message);
  const Game& game = *static_cast<const GameModel&>(*m).game;
  std::string error;
  auto checked = game.deserialise("game 0 1", &error);  // high, check: the play is over
  ASSERT_TRUE(checked) << error;
  EXPECT_EQ(checked->type(), NodeType::kTerminal);
  EXPECT_EQ(checked->move_number(), 2);
  EXPECT_EQ(checked->serialise(), "game 0 1");
  const json history = json::parse(checked->describe())["history"];
  EXPECT_EQ(history, json({{"deal", "high"}, {"open_a", "check"}}));  // reply_b, last_a unset: absent
  EXPECT_EQ(json::parse(checked->describe())["payoffs"]["a"], 0);
  auto called = game.deserialise("game 1 0 0", &error);  // low, bet, call: a moves last
  ASSERT_TRUE(called) << error;
  EXPECT_EQ(called->type(), NodeType::kDecision);
  EXPECT_EQ(called->move_number(), 3);
  EXPECT_EQ(called->serialise(), "game 1 0 0");
  // b's information: what it observes (whether a bet), not the card.
  auto high_bet = game.deserialise("game 0 0", &error);
  auto low_bet = game.deserialise("game 1 0", &error);
  ASSERT_TRUE(high_bet && low_bet);
  EXPECT_EQ(high_bet->information(1), low_bet->information(1));
  EXPECT_EQ(high_bet->information(1), "reply: open_a = bet");
  EXPECT_FALSE(game.deserialise("game 0 1 0", &error));  // after a check nothing more is played
  // a observes nothing new at "last" but remembers its card (it knew the history at "open") and move.
  EXPECT_EQ(called->information(0), "last: deal = low, open_a = bet");
  testing::check_conformance(game, 20);
}

// The shipped Kuhn poker (examples/games/kuhn-poker.jsonc) with one of Kuhn's equilibria (α = 1/3): player
// 1 expects −1/18, the value Kuhn (1950) gives; each player has 6 information sets (its card × 2
// decisions).
TEST(GameUserWhen, KuhnPokerExampleHasTheGamesValueAndTwelveInformationSets) {
  const std::string model = test::read_source_file("examples/games/kuhn-poker.jsonc");
  const json sica = test::analyze(model, "sica", {{"rollouts", 100}});
  EXPECT_NEAR(sica["exact"]["mean"][0].get<double>(), -1.0 / 18, 1e-12);
  EXPECT_NEAR(sica["exact"]["mean"][1].get<double>(), 1.0 / 18, 1e-12);
  const json tree = test::analyze(model, "game_tree", {{"max_nodes", 2000}});
  std::map<std::string, int> sets;
  for (const json& set : tree["information_sets"]) ++sets[set["player"].get<std::string>()];
  EXPECT_EQ(sets, (std::map<std::string, int>{{"p1", 6}, {"p2", 6}}));
  // MEG reads the same sets: p2 decides once a play, in one of its 6.
  const json meg = test::analyze(model, "meg", {{"player", "p2"}});
  ASSERT_EQ(meg["decisions"].size(), 1u);
  EXPECT_EQ(meg["decisions"][0]["information_sets"], 6);
}

struct Mistake {
  std::string name, from, to, id, in_message;
};

TEST(GameUserWhen, MistakesAreReportedWithTheirIdsAtTheirPlace) {
  const std::vector<Mistake> cases = {
      {"a when reading a later variable", "\"when\": \"open_a == 'bet'\"", "\"when\": \"last_a == 'up'\"",
       "expr.unknown_name", "last_a"},
      {"a when reading an unset variable",
       "\"when\": { \"table\": [ { \"given\": { \"reply_b\": \"call\" } } ] }",
       "\"when\": \"reply_b == 'call'\"", "game.bad_when", "unset"},
      {"a when of the wrong type", "\"when\": \"open_a == 'bet'\"", "\"when\": 3", "game.bad_when",
       "boolean"},
      {"null for a variable always set", "\"given\": { \"reply_b\": \"call\" }",
       "\"given\": { \"open_a\": null }", "game.unknown_choice", "set in every history"},
      {"a policy reading what its player cannot see",
       "\"b\": { \"reply\": { \"call\": 0.3, \"fold\": 0.7 } }",
       "\"b\": { \"reply\": { \"table\": [ { \"given\": { \"deal\": \"high\" }, \"cpd\": { \"call\": 1 } }, "
       "{ \"cpd\": { \"fold\": 1 } } ] } }",
       "game.hidden_information", "differs between two histories"},
      {"information naming a later variable", "\"b\": [\"open_a\"]", "\"b\": [\"last_a\"]",
       "game.unknown_variable", "last_a"},
      {"information that is neither form", "\"b\": [\"open_a\"]", "\"b\": 7", "game.bad_information", "list"},
      {"an information table that misses a history", "\"b\": [\"open_a\"]",
       "\"b\": { \"table\": [ { \"given\": { \"deal\": \"high\" }, \"set\": \"h\" } ] }",
       "game.uncovered_information", "deal = 'low'"},
      {"information on a chance stage", "\"chance\": { \"high\": 0.5, \"low\": 0.5 } }",
       "\"chance\": { \"high\": 0.5, \"low\": 0.5 }, \"information\": {} }", "game.mixed_stage",
       "chance stage"},
  };
  for (const Mistake& c : cases) {
    std::string text = kPoker;
    const auto where = text.find(c.from);
    ASSERT_NE(where, std::string::npos) << c.name;
    text.replace(where, c.from.size(), c.to);
    Diagnostics d;
    EXPECT_FALSE(kind().read(text, &d)) << c.name;
    ASSERT_FALSE(d.empty()) << c.name;
    const Diagnostic& first = d.items().front();
    EXPECT_EQ(first.id, c.id) << c.name << ": " << first.message;
    EXPECT_NE(first.message.find(c.in_message), std::string::npos) << c.name << ": " << first.message;
    EXPECT_GT(first.span.line, 1) << c.name;  // positioned in the file, not at its start
  }
}

}  // namespace
}  // namespace motive::game

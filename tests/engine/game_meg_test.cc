// Goal-directedness across the papers: known-utility MEG (MacDermott et al. 2024) of a game player's
// choices towards its own return or another's (engine/game/meg.h). The paper's properties (bounds, 0 for
// the uniform policy, the bound or β* = ±∞ for an optimal or anti-optimal one, invariance to a·𝒰 + b),
// the decomposition checked against independent computations (the exact expected returns of
// methods.h; one announcement's MEG by hand), what a COP player can see, and what the shipped
// personalities show.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "core/diagnostics.h"
#include "game/cop.h"
#include "game/kind.h"
#include "game/meg.h"
#include "game/methods.h"
#include "game/model.h"

namespace motive::game {
namespace {

using nlohmann::json;
constexpr double kInf = std::numeric_limits<double>::infinity();

const std::array<Personality, 3> kStandard = {Personality::kConArtist, Personality::kSimplePerson,
                                              Personality::kPolitician};

CopGame make(int rounds) { return CopGame(kStandard, default_cop_names(kStandard), rounds); }

std::string example(const std::string& name) {
  std::ifstream in(std::string(MOTIVE_SOURCE_DIR) + "/examples/games/" + name);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

const KindSpec& kind() {
  static const KindSpec table = game_kind();
  return table;
}

std::shared_ptr<const Model> read(const std::string& text) {
  Diagnostics d;
  auto model = kind().read(text, &d);
  EXPECT_TRUE(model) << (d.empty() ? "" : d.items()[0].message);
  return model;
}

json run(const Model& model, const json& params) {
  const AnalysisSpec* spec = kind().analysis("meg");
  EXPECT_NE(spec, nullptr);
  Context context;
  return spec->run(model, Params(params, spec->params), context);
}

// The 16 joint announcements of the others at COP's announcement stage.
const char* kAnnouncements = "cop order=4 talk=21p,02t,12r,21m,01p,10m,21r,02x,12r,21p,01p,12m";

meg::StagePolicy uniform_policy(const meg::CidProcess& process) {
  meg::StagePolicy out;
  for (const meg::Stage& s : process.stages)
    out.emplace_back(static_cast<std::size_t>(s.observations) * s.actions, 1.0 / s.actions);
  return out;
}

// A deterministic policy taking, at every information set, the first action of π_{±∞} (uniform over the
// best, or worst, actions).
meg::StagePolicy extreme_policy(const meg::CidProcess& process, bool best, bool* unique) {
  meg::StagePolicy soft = meg::soft_optimal_policy(process, process.utility, best ? kInf : -kInf,
                                                   1e-9 * process.utility_scale, meg::Ends::kUniform);
  *unique = true;
  for (std::size_t k = 0; k < soft.size(); ++k) {
    const int n = process.stages[k].actions;
    for (std::size_t row = 0; row < soft[k].size(); row += n) {
      int first = -1, ties = 0;
      for (int a = 0; a < n; ++a)
        if (soft[k][row + a] > 0) ties += 1, first = first < 0 ? a : first;
      *unique = *unique && ties == 1;
      for (int a = 0; a < n; ++a) soft[k][row + a] = a == first ? 1.0 : 0.0;
    }
  }
  return soft;
}

TEST(GameMeg, AComPlayerSeesOnlyTheMessagesItSendsAndReceives) {
  // One round from the start: before its message, a player has heard nothing (speaking first, or
  // second or third with nothing sent to it), one message (from either other player: 2 × 5 signals),
  // or two (one from each, in either order: 2 × 25); the speaking order and the messages between the
  // other two are hidden. 1 + 10 + 50 = 61 information sets, out of 6 orders' many histories.
  CopGame game = make(1);
  DecisionProblem p = decision_problem(game, *game.initial_state(), 0, 2'000'000);
  ASSERT_EQ(p.process.stages.size(), 2u);  // the message, then the announcement
  EXPECT_EQ(p.process.stages[0].observations, 61);
  EXPECT_EQ(p.process.stages[0].actions, 10);
  EXPECT_EQ(p.process.stages[1].actions, 4);
  // Speaking first or hearing nothing before speaking: one information set, of probability 1/3 (first
  // in 2 of 6 orders) + 2/6 · 1/2 (second, the first speaker writing to the other) + 2/6 · P(neither of
  // the two before writes to it), and the policies write to each recipient with their own probabilities.
  double nothing = 0;
  for (int o = 0; o < p.process.stages[0].observations; ++o)
    if (p.information[0][o] == "0 talk saw:") nothing = p.process.initial[o];
  EXPECT_GT(nothing, 1.0 / 3.0);
  EXPECT_LT(nothing, 1.0);
  double total = 0;
  for (double x : p.process.initial) total += x;
  EXPECT_NEAR(total, 1.0, 1e-12);
}

TEST(GameMeg, ExpectedUtilitiesAreTheExactExpectedReturns) {
  // The decomposition over information sets loses nothing: the agent's expected utility towards each
  // player is that player's exact expected return (methods.h's enumeration, independent of this one).
  CopGame game = make(1);
  auto start = game.initial_state();
  Exact exact = exact_moments(game, *start, 1, {}, 10'000'000);
  ASSERT_TRUE(exact.complete);
  for (int i = 0; i < 3; ++i) {
    DecisionProblem p = decision_problem(game, *start, i, 2'000'000);
    for (int j = 0; j < 3; ++j) {
      meg::CidMeg m = game_meg(p, j);
      EXPECT_NEAR(m.expected_utility, exact.mean[j], 1e-9) << i << " towards " << j;
    }
  }
}

TEST(GameMeg, OneAnnouncementByHand) {
  // At the announcement stage a player has one decision: Q(a) = E[−years of `towards` | a] over the
  // others' 16 joint announcements, π_β = softmax(β Q), β* solves E_{π_β}[Q] = E_π[Q] (bisection here),
  // MEG = Σ_a π(a) log π_β*(a) + log 4.
  CopGame game = make(4);
  std::string error;
  auto s = game.deserialise(kAnnouncements, &error);
  ASSERT_TRUE(s) << error;
  std::vector<std::pair<Action, double>> dist[3];
  for (int i = 0; i < 3; ++i) game.policy(i).distribution(*s, i, &dist[i]);
  for (int i = 0; i < 3; ++i) {
    DecisionProblem p = decision_problem(game, *s, i, 1000);
    for (int towards = 0; towards < 3; ++towards) {
      double q[4] = {}, pi[4] = {};
      for (const auto& [a, pa] : dist[i]) pi[a[0] | (a[1] << 1)] = pa;
      for (int own = 0; own < 4; ++own) {
        const int j = i == 0 ? 1 : 0, k = i == 2 ? 1 : 2;
        for (const auto& [aj, pj] : dist[j])
          for (const auto& [ak, pk] : dist[k]) {
            bool blame[3][3] = {};
            auto set = [&](int who, const Action& a) {
              int x, y;
              CopState::others(who, &x, &y);
              blame[who][x] = a[0] == 1, blame[who][y] = a[1] == 1;
            };
            set(i, Action{own & 1, own >> 1});
            set(j, aj);
            set(k, ak);
            q[own] += pj * pk * -cop_years(blame)[towards];
          }
      }
      auto soft = [&](double beta, double* out) {
        double m = beta > 0 ? *std::max_element(q, q + 4) : *std::min_element(q, q + 4), z = 0;
        for (int a = 0; a < 4; ++a) z += out[a] = std::exp(beta * (q[a] - m));
        for (int a = 0; a < 4; ++a) out[a] /= z;
      };
      double target = 0;
      for (int a = 0; a < 4; ++a) target += pi[a] * q[a];
      double lo = -1e4, hi = 1e4, probe[4];
      for (int it = 0; it < 200; ++it) {
        double mid = (lo + hi) / 2, e = 0;
        soft(mid, probe);
        for (int a = 0; a < 4; ++a) e += probe[a] * q[a];
        (e < target ? lo : hi) = mid;
      }
      soft((lo + hi) / 2, probe);
      double meg = std::log(4.0);
      for (int a = 0; a < 4; ++a) meg += pi[a] > 0 ? pi[a] * std::log(probe[a]) : 0;
      meg::CidMeg m = game_meg(p, towards);
      EXPECT_NEAR(m.expected_utility, target, 1e-9);
      EXPECT_NEAR(m.beta, (lo + hi) / 2, 1e-6) << i << " towards " << towards;
      EXPECT_NEAR(m.meg, meg, 1e-9) << i << " towards " << towards;
      EXPECT_TRUE(m.converged);
    }
  }
}

TEST(GameMeg, ThePapersPropertiesHold) {
  // MacDermott et al., section 2's properties, on a one-round COP from the start (two decisions per
  // player, 61 + many information sets) and on a user-written game.
  CopGame game = make(1);
  auto start = game.initial_state();
  for (int i = 0; i < 3; ++i) {
    DecisionProblem p = decision_problem(game, *start, i, 2'000'000);
    for (int towards = 0; towards < 3; ++towards) {
      meg::CidProcess process = towards_process(p, towards);
      meg::CidMeg m = meg::known_utility_meg(process, p.agent);
      // Bounds: 0 ≤ MEG ≤ Σ_D log |dom D| = log 10 + log 4.
      EXPECT_NEAR(m.bound, std::log(10.0) + std::log(4.0), 1e-12);
      EXPECT_GE(m.meg, -1e-12);
      EXPECT_LE(m.meg, m.bound + 1e-12);
      EXPECT_TRUE(m.converged);
      // The uniform policy is not goal-directed.
      meg::CidMeg u = meg::known_utility_meg(process, uniform_policy(process));
      EXPECT_NEAR(u.meg, 0.0, 1e-9) << i << " towards " << towards;
      // An optimal (anti-optimal) deterministic policy: β* = +∞ (−∞), and the bound when it is the
      // unique optimum everywhere.
      for (bool best : {true, false}) {
        bool unique = false;
        meg::CidMeg o = meg::known_utility_meg(process, extreme_policy(process, best, &unique));
        EXPECT_EQ(o.beta, best ? kInf : -kInf) << i << " towards " << towards;
        if (unique) {
          EXPECT_NEAR(o.meg, o.bound, 1e-9);
        }
        EXPECT_LE(o.meg, o.bound + 1e-12);
      }
      // Invariance to a·𝒰 + b, a negative included (β* then changes sign).
      for (double a : {3.0, -0.5}) {
        meg::CidProcess scaled = process;
        for (double& x : scaled.utility) x = a * x + 7;
        scaled.utility_scale = std::abs(a) * process.utility_scale + 7;
        meg::CidMeg s = meg::known_utility_meg(scaled, p.agent);
        EXPECT_NEAR(s.meg, m.meg, 1e-9) << i << " towards " << towards << " a = " << a;
        if (std::isinf(m.beta)) {
          EXPECT_EQ(s.beta * a, m.beta);
        } else {
          EXPECT_NEAR(s.beta * a, m.beta, 1e-6 * std::max(1.0, std::abs(m.beta)));
        }
      }
    }
  }
}

TEST(GameMeg, UserWrittenGamesArePerfectInformationButForSimultaneousMoves) {
  // The stag hunt: hunter1 acts in a simultaneous stage after chance; it sees the day (2 information
  // sets), not hunter2's choice.
  auto model = read(example("stag-hunt-opportunist.jsonc"));
  const auto& g = static_cast<const GameModel&>(*model);
  const int hunter1 = find_player(*g.game, "hunter1"), opportunist = find_player(*g.game, "opportunist");
  DecisionProblem p = decision_problem(*g.game, *g.game->initial_state(), hunter1, 100000);
  ASSERT_EQ(p.process.stages.size(), 1u);
  EXPECT_EQ(p.process.stages[0].observations, 2);
  // The opportunist moves after the hunters and sees them: 2 days × 4 hunts.
  DecisionProblem q = decision_problem(*g.game, *g.game->initial_state(), opportunist, 100000);
  ASSERT_EQ(q.process.stages.size(), 1u);
  EXPECT_EQ(q.process.stages[0].observations, 8);
  for (int j = 0; j < 3; ++j) {
    meg::CidMeg m = game_meg(q, j);
    EXPECT_GE(m.meg, -1e-12);
    EXPECT_LE(m.meg, m.bound + 1e-12);
  }
}

// A coin (hidden or seen), then one player guesses it, `guesses` times in a row; it is paid 1 per right
// guess. The policy guesses heads with probability 0.8, or (when `peeks`) the coin with probability 0.8
// whatever the information says; `forgets` hides the player's first guess from its information.
struct CoinGame final : Game {
  struct S final : State {
    const CoinGame* g;
    int coin = -1, guesses = 0;
    explicit S(const CoinGame* game) : g(game) {}
    NodeType type() const override {
      return coin < 0 ? NodeType::kChance : guesses < g->guesses ? NodeType::kDecision : NodeType::kTerminal;
    }
    int acting(int* players) const override { return players[0] = 0, 1; }
    ActionSpace legal_actions(int) const override { return {{{"guess", {"heads", "tails"}}}}; }
    void apply_actions(const Action* joint, double* reward) override {
      reward[0] += joint[0][0] == coin;
      first = guesses == 0 ? joint[0][0] : first;
      ++guesses;
    }
    int first = -1;
    int num_chance_outcomes() const override { return 2; }
    double chance_probability(int) const override { return 0.5; }
    std::string chance_label(int k) const override { return k ? "tails" : "heads"; }
    void apply_chance(int k, double*) override { coin = k; }
    std::unique_ptr<State> clone() const override { return std::make_unique<S>(*this); }
    void copy_from(const State& other) override { *this = static_cast<const S&>(other); }
    std::string serialise() const override {
      return "coin " + std::to_string(coin) + " " + std::to_string(guesses) + " " + std::to_string(first);
    }
    std::string describe() const override { return "{}"; }
    int move_number() const override { return (coin >= 0) + guesses; }
    std::string information(int) const override {
      return (g->hidden ? std::string("?") : std::to_string(coin)) + " " + std::to_string(guesses) +
             (g->forgets ? std::string() : " " + std::to_string(first));
    }
  };
  struct P final : Policy {
    const CoinGame* g;
    explicit P(const CoinGame* game) : g(game) {}
    Action sample(const State&, int, Rng& rng) const override { return Action{rng.uniform() < 0.8 ? 0 : 1}; }
    void distribution(const State& state, int, std::vector<std::pair<Action, double>>* out) const override {
      const int likely = g->peeks ? static_cast<const S&>(state).coin : 0;
      *out = {{Action{likely}, 0.8}, {Action{1 - likely}, 0.2}};
    }
  };
  bool hidden = true, peeks = false, forgets = false;
  int guesses = 1;
  P policy_{this};
  int num_players() const override { return 1; }
  std::string player_name(int) const override { return "guesser"; }
  std::unique_ptr<State> initial_state() const override { return std::make_unique<S>(this); }
  std::unique_ptr<State> deserialise(std::string_view, std::string*) const override { return nullptr; }
  const Policy& policy(int) const override { return policy_; }
  int max_length() const override { return 1 + guesses; }
};

std::string refusal(const CoinGame& game) {
  try {
    decision_problem(game, *game.initial_state(), 0, 1000);
  } catch (const RequestError& e) {
    return e.id + ": " + e.what();
  }
  return "";
}

TEST(GameMeg, ChoicesAreMeasuredOnlyAgainstWhatThePlayerCanSee) {
  // A hidden coin: every guess is worth 1/2, so no policy of the information is better than another,
  // and MEG is 0 (property 3 of meg.md: no goal-directedness without influence on the utility).
  CoinGame hidden;
  meg::CidMeg m = game_meg(decision_problem(hidden, *hidden.initial_state(), 0, 1000), 0);
  EXPECT_NEAR(m.meg, 0.0, 1e-12);
  // A seen coin, guessed right with 0.8: the mouse-and-cheese value log 2 − H_b(0.8) of meg.md.
  CoinGame seen;
  seen.hidden = false, seen.peeks = true;
  m = game_meg(decision_problem(seen, *seen.initial_state(), 0, 1000), 0);
  EXPECT_NEAR(m.meg, std::log(2.0) + 0.8 * std::log(0.8) + 0.2 * std::log(0.2), 1e-9);
  // A policy that peeks at a coin its information hides, and a player that forgets its first guess,
  // are refused rather than measured against the wrong policy class.
  CoinGame peeking;
  peeking.peeks = true;
  EXPECT_EQ(refusal(peeking).rfind("analysis.not_supported: guesser's policy differs", 0), 0u)
      << refusal(peeking);
  CoinGame forgetful;
  forgetful.guesses = 2, forgetful.forgets = true;
  EXPECT_NE(refusal(forgetful).find("no perfect recall"), std::string::npos) << refusal(forgetful);
  forgetful.forgets = false;
  EXPECT_EQ(refusal(forgetful), "");
}

TEST(GameMeg, TheAnalysisReportsItsNumbersAndRefusesTreesOverItsBudget) {
  auto model = read(example("cop.jsonc"));
  json r = run(*model, {{"state", "announcements"}, {"player", "con-artist"}, {"towards", "politician"}});
  EXPECT_EQ(r["player"], "con-artist");
  EXPECT_EQ(r["towards"], "politician");
  EXPECT_NEAR(r["bound"].get<double>(), std::log(4.0), 1e-12);
  EXPECT_EQ(r["decisions"].size(), 1u);
  EXPECT_EQ(r["nodes"].get<int>(), 1 + 64);  // the state, then every joint announcement
  EXPECT_TRUE(r["converged"].get<bool>());
  // From the start of the four-round game the tree is far over the budget: an error with the numbers,
  // naming the states that fit.
  try {
    run(*model, {{"player", "con-artist"}});
    ADD_FAILURE() << "no error";
  } catch (const RequestError& e) {
    EXPECT_EQ(e.id, "analysis.budget_exceeded");
    EXPECT_NE(std::string(e.what()).find("max_nodes = 1000000"), std::string::npos) << e.what();
    EXPECT_NE(e.hint.find("\"announcements\""), std::string::npos) << e.hint;
  }
  // A counted (not estimated) overrun says so too.
  try {
    run(*model, {{"state", "announcements"}, {"max_nodes", 30}});
    ADD_FAILURE() << "no error";
  } catch (const RequestError& e) {
    EXPECT_EQ(e.id, "analysis.budget_exceeded");
  }
  try {
    run(*model, {{"state", "announcements"}, {"towards", "warden"}});
    ADD_FAILURE() << "no error";
  } catch (const RequestError& e) {
    EXPECT_EQ(e.id, "request.unknown_player");
  }
  // After the announcements nobody decides.
  try {
    run(*model, {{"state", std::string(kAnnouncements) + " blames=641"}});
    ADD_FAILURE() << "no error";
  } catch (const RequestError& e) {
    EXPECT_EQ(e.id, "analysis.not_supported");
  }
}

// MEG of each personality (rows) towards each player's return (columns), printed.
std::array<std::array<meg::CidMeg, 3>, 3> matrix(const Game& game, const State& state, const char* title) {
  std::array<std::array<meg::CidMeg, 3>, 3> out;
  std::printf("%s\n", title);
  for (int i = 0; i < 3; ++i) {
    DecisionProblem p = decision_problem(game, state, i, 2'000'000);
    std::printf("  %-14s", game.player_name(i).c_str());
    for (int j = 0; j < 3; ++j) {
      out[i][j] = game_meg(p, j);
      std::printf("  %.4f (β* %+.4g, E %.3f)", out[i][j].meg, out[i][j].beta, out[i][j].expected_utility);
    }
    std::printf("   bound %.4f\n", out[i][0].bound);
  }
  return out;
}

TEST(GameMeg, WhoseSentenceEachPersonalitysChoicesServe) {
  CopGame four = make(4);
  std::string error;
  auto announcements = four.deserialise(kAnnouncements, &error);
  ASSERT_TRUE(announcements) << error;
  auto at = matrix(four, *announcements,
                   "MEG at the announcements of cop.jsonc (towards: con-artist, simple, politician)");
  CopGame one = make(1);
  auto start = matrix(one, *one.initial_state(), "MEG from the start of a one-round game");
  enum { kCon, kSimple, kPolitician };
  // The values (docs/games.md, "Across the papers"), as regression values of this computation.
  const double at_values[3][3] = {
      {0.5343, 0.5507, 0.5343}, {0.5695, 0.5523, 1.2400}, {0.6931, 1.3863, 0.6929}};
  const double start_values[3][3] = {
      {0.0026, 0.0837, 0.0485}, {0.1111, 0.1723, 0.2423}, {0.0699, 0.2242, 0.1406}};
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      EXPECT_NEAR(at[i][j].meg, at_values[i][j], 1e-4) << i << " towards " << j;
      EXPECT_NEAR(start[i][j].meg, start_values[i][j], 1e-4) << i << " towards " << j;
      // The simple person's and the politician's choices serve their own and each other's sentences and
      // work against the con-artist's; the con-artist's work against both others'. At the announcements
      // the con-artist's own announcement serves its sentence; over a whole game its choices work
      // (barely) against it too: it is a spoiler.
      const bool serves_at = i == kCon ? j == kCon : j != kCon;
      const bool serves_start = i != kCon && j != kCon;
      EXPECT_EQ(at[i][j].beta > 0, serves_at) << i << " towards " << j << " at the announcements";
      EXPECT_EQ(start[i][j].beta > 0, serves_start) << i << " towards " << j << " from the start";
    }
  // At the announcements the simple person's and the politician's announcements serve each other's
  // sentence about twice as much as their own: the politician's is all but optimal for the simple person
  // (MEG within 10^-3 of the bound log 4), the simple person's nearly optimal for the politician.
  EXPECT_GT(at[kSimple][kPolitician].meg, 1.9 * at[kSimple][kSimple].meg);
  EXPECT_GT(at[kPolitician][kSimple].meg, 1.9 * at[kPolitician][kPolitician].meg);
  EXPECT_NEAR(at[kPolitician][kSimple].meg, std::log(4.0), 1e-3);
  // The con-artist's own announcement is all but the best for its own sentence (β* in the hundreds):
  // it blames both, the dominant one-shot announcement, with probability above 0.9 here.
  EXPECT_GT(at[kCon][kCon].beta, 100);
  std::vector<std::pair<Action, double>> con;
  four.policy(kCon).distribution(*announcements, kCon, &con);
  double both = 0;
  for (const auto& [a, x] : con) both += a[0] == 1 && a[1] == 1 ? x : 0;
  EXPECT_GT(both, 0.9);
  // Over a whole one-round game (messages and announcements, every speaking order), the con-artist's
  // choices are far more goal-directed against the others' sentences than about its own (MEG 0.003):
  // a spoiler more than a self-server; the others are least goal-directed about the con-artist's
  // sentence.
  EXPECT_GT(start[kCon][kSimple].meg, 10 * start[kCon][kCon].meg);
  EXPECT_GT(start[kCon][kPolitician].meg, 10 * start[kCon][kCon].meg);
  for (int i : {kSimple, kPolitician})
    for (int j : {kSimple, kPolitician})
      EXPECT_GT(start[i][j].meg, start[i][kCon].meg) << i << " towards " << j;
}

}  // namespace
}  // namespace motive::game

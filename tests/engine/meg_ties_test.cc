// Near ties at long discounts (issue 26): where one action beats the next by a hair, the optimal agent
// takes the best one alone and so does π_+∞, the limit of π_β as β → +∞, however close to 1 the
// discount. A planted gap: a random MDP (real-valued utilities, no terminal states, so that its optimal
// actions are unique) and a copy of it whose every utility is lower by c, entered from a new start
// state: action 0 leads to the original's start, action 1 to the copy's. The copy has the same optimal
// policy with values lower by c / (1 − γ) everywhere, so Q(start, 0) − Q(start, 1) = γ c / (1 − γ)
// exactly; c = g (1 − γ) / γ plants a gap g, and c = 0 an exact tie between two different successors.
// The values come from value iteration, separately for the two halves, so the gap is only seen if the
// values are accurate to better than it. Independent references: an optimal agent that takes one
// action in every state it visits has MEG = log|A| / (1 − γ) (the bound; meg.md §2, property 2); with
// the exact tie, it takes both actions at the start (visited once) half the time each, and MEG is the
// bound less log 2.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "api_support.h"
#include "mdp/agents.h"
#include "mdp/solve.h"
#include "meg/mdp_meg.h"

namespace motive::meg {
namespace {

using Eigen::MatrixXd;
using Eigen::VectorXd;

// A random MDP of `n` states and `actions` actions, each leading to 1–3 states, utilities uniform in
// [−3, 3] to six decimals, doubled as above with the copy's utilities lower by `shift`. The start is
// the last state, 2n.
mdp::Mdp planted_mdp(std::uint32_t seed, int n, int actions, double discount, double shift) {
  std::mt19937 rng(seed);
  auto uniform = [&](int lo, int hi) {
    return lo + static_cast<int>(rng() % static_cast<unsigned>(hi - lo + 1));
  };
  std::vector<std::vector<std::vector<std::pair<int, double>>>> rows(
      n, std::vector<std::vector<std::pair<int, double>>>(actions));
  MatrixXd reward(n, actions);
  for (int s = 0; s < n; ++s)
    for (int a = 0; a < actions; ++a) {
      const int outcomes = uniform(1, 3);
      int total = 0;
      std::vector<int> weights;
      for (int k = 0; k < outcomes; ++k) weights.push_back(uniform(1, 4)), total += weights.back();
      for (int k = 0; k < outcomes; ++k) {
        const int next = uniform(0, n - 1);
        bool merged = false;
        for (auto& [to, p] : rows[s][a])
          if (to == next) p += static_cast<double>(weights[k]) / total, merged = true;
        if (!merged) rows[s][a].emplace_back(next, static_cast<double>(weights[k]) / total);
      }
      reward(s, a) = static_cast<double>(uniform(-3000000, 3000000)) / 1e6;
    }
  // The copy's states in another order, so that sweeps meet them in another order and round otherwise:
  // its values are the original's only to the accuracy of value iteration.
  std::vector<int> copy(n);
  for (int s = 0; s < n; ++s) copy[s] = n + s;
  std::shuffle(copy.begin(), copy.end(), rng);
  std::vector<int> original(n);  // the copy's state k stands for original[k - n]
  for (int s = 0; s < n; ++s) original[copy[s] - n] = s;
  const auto place = [&](int half, int s) { return half == 0 ? s : copy[s]; };
  mdp::Mdp m;
  m.states = 2 * n + 1;
  m.actions = actions;
  m.discount = discount;
  m.terminal.assign(m.states, 0);
  m.reward = MatrixXd::Zero(m.states, actions);
  m.row_start.push_back(0);
  for (int half = 0; half < 2; ++half)
    for (int k = 0; k < n; ++k) {
      const int s = half == 0 ? k : original[k];  // the state numbered half·n + k stands for s
      for (int a = 0; a < actions; ++a) {
        for (auto [next, p] : rows[s][a])
          m.next_state.push_back(place(half, next)), m.probability.push_back(p);
        m.row_start.push_back(static_cast<int>(m.next_state.size()));
        m.reward(half * n + k, a) = reward(s, a) - half * shift;
      }
    }
  // The start: action 0 to the original's state 0, every other action to the copy's, action 2 on
  // paying 1 more (clearly worse).
  for (int a = 0; a < actions; ++a) {
    m.next_state.push_back(a == 0 ? 0 : copy[0]);
    m.probability.push_back(1.0);
    m.row_start.push_back(static_cast<int>(m.next_state.size()));
    m.reward(2 * n, a) = a >= 2 ? -1.0 : 0.0;
  }
  m.start = VectorXd::Zero(m.states);
  m.start[2 * n] = 1;
  for (int s = 0; s < m.states; ++s) m.state_names.push_back("s" + std::to_string(s));
  for (int a = 0; a < actions; ++a) m.action_names.push_back("a" + std::to_string(a));
  return m;
}

struct Case {
  double discount;
  double gap;  // relative to the largest utility, 3
};

TEST(MegNearTies, TheOptimalAgentAndPiInfinityKeepTheBestActionAloneAtLongDiscounts) {
  int planted = 0, tied = 0;
  for (double discount : {0.9, 0.99, 0.995, 0.999})
    for (double gap : {0.0, 1e-6, 1e-7, 1e-8})
      for (std::uint32_t seed = 1; seed <= 6; ++seed) {
        const int n = 4 + static_cast<int>(seed % 4), actions = 2 + static_cast<int>(seed % 2);
        const double g = gap * 3;
        mdp::Mdp m = planted_mdp(seed, n, actions, discount, g * (1 - discount) / discount);
        std::ostringstream where;
        where << "γ " << discount << ", gap " << gap << ", seed " << seed;
        SCOPED_TRACE(where.str());
        const int start = 2 * n;
        // The optimal agent (uniform over the best actions) and the ε-greedy one's greedy part.
        mdp::Values values = mdp::value_iteration(m, m.reward);
        ASSERT_TRUE(values.converged);
        mdp::Policy optimal = mdp::greedy_policy(values);
        mdp::Policy first = mdp::first_greedy_policy(values);
        EXPECT_EQ(first(start, 0), 1.0);
        if (gap > 0) {
          EXPECT_EQ(optimal(start, 0), 1.0) << "a gap of " << g << " taken for a tie";
          ++planted;
        } else {
          EXPECT_EQ(optimal(start, 0), 0.5) << "an exact tie between two successors not seen";
          EXPECT_EQ(optimal(start, 1), 0.5);
          ++tied;
        }
        const double bound = std::log(static_cast<double>(actions)) / (1 - discount);
        for (Ends ends : {Ends::kMaxEntropy, Ends::kUniform}) {
          MdpMeg r = known_utility_meg(m, m.reward, optimal, {}, ends);
          EXPECT_EQ(r.beta, std::numeric_limits<double>::infinity());
          EXPECT_NEAR(r.bound, bound, 1e-9 * bound);
          EXPECT_NEAR(r.meg, gap > 0 ? bound : bound - std::log(2.0), 1e-9 * bound);
          EXPECT_NEAR(r.maxent_policy(start, 0), gap > 0 ? 1.0 : 0.5, 1e-9);
        }
      }
  EXPECT_EQ(planted, 72);
  EXPECT_EQ(tied, 24);
}

// The same through the API, as a "kind": "mdp" model: the optimal agent's known-utility MEG is the bound
// log 2 / (1 − γ) with a gap of 3·10^-7 at γ = 0.999 (the gridworld had one of 2·10^-7), and the
// bound less log 2 with an exact tie.
nlohmann::json mdp_model(const mdp::Mdp& m) {
  nlohmann::json transitions = nlohmann::json::object(), utilities = nlohmann::json::object();
  for (int s = 0; s < m.states; ++s) {
    for (int a = 0; a < m.actions; ++a) {
      nlohmann::json row = nlohmann::json::object();
      for (int k = m.row_start[s * m.actions + a]; k < m.row_start[s * m.actions + a + 1]; ++k)
        row[m.state_names[m.next_state[k]]] = m.probability[k];
      transitions[m.state_names[s]][m.action_names[a]] = row;
      utilities[m.state_names[s]][m.action_names[a]] = m.reward(s, a);
    }
  }
  return {{"kind", "mdp"},
          {"states", m.state_names},
          {"actions", m.action_names},
          {"start", m.state_names.back()},
          {"discount", m.discount},
          {"transitions", transitions},
          {"utilities", utilities}};
}

TEST(MegNearTies, TheApiGivesTheOptimalAgentTheBoundAtDiscount0999) {
  for (double gap : {0.0, 1e-7}) {
    const double discount = 0.999, g = 3 * gap;
    mdp::Mdp m = planted_mdp(7, 5, 2, discount, g * (1 - discount) / discount);
    nlohmann::json r = test::analyze(mdp_model(m).dump(), "meg", {{"agent", {{"kind", "optimal"}}}});
    const double bound = std::log(2.0) / (1 - discount);
    EXPECT_EQ(r.at("beta"), "inf") << gap;
    EXPECT_NEAR(r.at("bound").get<double>(), bound, 1e-9 * bound);
    EXPECT_NEAR(r.at("meg").get<double>(), gap > 0 ? bound : bound - std::log(2.0), 1e-9 * bound) << gap;
  }
}

}  // namespace
}  // namespace motive::meg

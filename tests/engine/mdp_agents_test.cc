// Agents in MDPs (engine/mdp/agents.h): the agent parameter, the policies it builds, seeded tabular
// Q-learning (reproducible, and the CoinRun behaviours of examples/meg/coinrun.jsonc), and trajectory
// sampling.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "api_support.h"
#include "mdp/agents.h"
#include "mdp/random.h"
#include "mdp/reader.h"
#include "mdp/solve.h"

namespace motive::mdp {
namespace {

using nlohmann::json;

MdpFile read_file(const std::string& path) {
  Diagnostics d;
  std::optional<MdpFile> file = read_mdp_file(motive::test::read_source_file(path), &d);
  EXPECT_TRUE(file.has_value()) << path;
  return file ? std::move(*file) : MdpFile{};
}

// The request error agent_param throws for this agent, as "id: message".
std::string agent_error(const json& agent) {
  try {
    agent_param({{"agent", agent}});
  } catch (const RequestError& e) {
    return e.id + ": " + e.what();
  }
  return "no error";
}

TEST(AgentParam, ReadsEveryKind) {
  EXPECT_EQ(agent_param(json::object()).kind, Agent::Kind::kOptimal);
  EXPECT_EQ(agent_param({{"agent", {{"kind", "uniform"}}}}).kind, Agent::Kind::kUniform);
  EXPECT_EQ(agent_param({{"agent", {{"kind", "epsilon_greedy"}, {"epsilon", 0.25}}}}).epsilon, 0.25);
  EXPECT_EQ(agent_param({{"agent", {{"kind", "soft"}, {"beta", 2}}}}).beta, 2.0);
  EXPECT_EQ(agent_param({{"agent", {{"kind", "soft"}, {"beta", "-inf"}}}}).beta, -INFINITY);
  EXPECT_EQ(agent_param({{"agent", {{"kind", "policy"}, {"name", "edge"}}}}).policy_name, "edge");
  const Agent q = agent_param({{"agent",
                                {{"kind", "q_learning"},
                                 {"episodes", 10},
                                 {"seed", 7},
                                 {"alpha", 0.3},
                                 {"epsilon", 0.2},
                                 {"train_variants", {"base", "v"}},
                                 {"observation", "goal_direction"}}}});
  EXPECT_EQ(q.q_learning.episodes, 10);
  EXPECT_EQ(q.q_learning.seed, 7u);
  EXPECT_EQ(q.q_learning.train_variants, (std::vector<std::string>{"base", "v"}));
  EXPECT_EQ(agent_json(q)["observation"], "goal_direction");
  EXPECT_EQ(agent_json(agent_param({{"agent", {{"kind", "soft"}, {"beta", "inf"}}}}))["beta"], "inf");
}

TEST(AgentParam, ProblemsNameTheField) {
  EXPECT_EQ(agent_error({{"kind", "epsilon_greedy"}, {"epsilon", 1.5}}),
            "request.bad_parameter: agent.epsilon must be a number from 0 to 1, not 1.5");
  EXPECT_EQ(agent_error({{"kind", "epsilon_greedy"}}),
            "request.bad_parameter: the agent needs agent.epsilon");
  EXPECT_EQ(agent_error({{"kind", "soft"}, {"beta", "lots"}}),
            "request.bad_parameter: agent.beta must be a number, \"inf\" or \"-inf\", not \"lots\"");
  EXPECT_EQ(agent_error({{"kind", "optimal"}, {"epsilon", 0.1}}),
            "request.bad_parameter: agent.epsilon is not a field of a optimal agent");
  EXPECT_EQ(agent_error({{"kind", "optimum"}}),
            "request.bad_parameter: agent.kind \"optimum\" is not an agent");
  EXPECT_EQ(agent_error({{"kind", "q_learning"}, {"episodes", 2.5}}),
            "request.bad_parameter: agent.episodes must be a whole number");
  EXPECT_EQ(agent_error("optimal"), "request.bad_parameter: \"agent\" must be an object, not \"optimal\"");
  try {
    agent_param({{"agent", {{"kind", "q_learning"}, {"episods", 5}}}});
    ADD_FAILURE() << "no error";
  } catch (const RequestError& e) {
    EXPECT_EQ(e.hint, "did you mean \"episodes\"?");
  }
}

TEST(Agents, EpsilonGreedyMixesTheFirstOptimalActionWithUniform) {
  const MdpFile file = read_file("examples/meg/cliffworld.jsonc");
  const Variant& base = file.variants[0];
  const Policy pi =
      agent_policy(file, base, agent_param({{"agent", {{"kind", "epsilon_greedy"}, {"epsilon", 0.2}}}}))
          .policy;
  const Policy first = first_greedy_policy(value_iteration(base.mdp, base.mdp.reward));
  EXPECT_LE((pi - (0.8 * first + Policy::Constant(40, 4, 0.05))).cwiseAbs().maxCoeff(), 1e-15);
  // From the start the optimal move is down.
  EXPECT_DOUBLE_EQ(pi(0, 1), 0.85);
}

TEST(Agents, NamedPoliciesAndTheirProblems) {
  const MdpFile file = read_file("examples/meg/cliffworld.jsonc");
  const Policy edge =
      agent_policy(file, file.variants[0], agent_param({{"agent", {{"kind", "policy"}, {"name", "edge"}}}}))
          .policy;
  EXPECT_EQ(edge(10, 3), 1.0);  // (1,0) right
  try {
    agent_policy(file, file.variants[0], agent_param({{"agent", {{"kind", "policy"}, {"name", "egde"}}}}));
    ADD_FAILURE() << "no error";
  } catch (const RequestError& e) {
    EXPECT_EQ(e.id, "request.unknown_policy");
    EXPECT_EQ(e.hint, "did you mean \"edge\"?");
  }
}

json q_agent(int seed, const std::vector<std::string>& train,
             const std::string& observation = "goal_direction") {
  return {{"agent",
           {{"kind", "q_learning"},
            {"episodes", 3000},
            {"seed", seed},
            {"train_variants", train},
            {"observation", observation}}}};
}

// The random numbers are std::mt19937_64's, whose output the C++ standard fixes (its first output from
// the default seed 5489 is 14514284786278117030), mapped to doubles by the top 53 bits: the same
// natively and in WebAssembly.
TEST(Random, IsTheStandardEngineWithAFixedMapping) {
  Random random(5489);
  EXPECT_EQ(random.uniform(), static_cast<double>(14514284786278117030ull >> 11) * 0x1.0p-53);
  Random other(5489);
  EXPECT_EQ(other.below(1000), static_cast<int>(0.7868209548678019 * 1000));
  Random third(1);
  EXPECT_EQ(third.pick(3, [](int i) { return i == 1 ? 1.0 : 0.0; }), 1);
}

TEST(QLearning, IsReproducibleFromItsSeed) {
  const MdpFile file = read_file("examples/meg/cliffworld.jsonc");
  const Agent agent = agent_param({{"agent", {{"kind", "q_learning"}, {"episodes", 500}, {"seed", 3}}}});
  const AgentPolicy a = agent_policy(file, file.variants[0], agent);
  const AgentPolicy b = agent_policy(file, file.variants[0], agent);
  EXPECT_EQ(a.training_returns, b.training_returns);
  EXPECT_EQ(a.policy, b.policy);
  ASSERT_EQ(a.training_returns.size(), 500u);
  Agent other = agent;
  other.q_learning.seed = 4;
  EXPECT_NE(agent_policy(file, file.variants[0], other).training_returns, a.training_returns);
}

TEST(QLearning, LearnsTheOptimalPolicyOfASmallDeterministicWorld) {
  Diagnostics d;
  const std::optional<MdpFile> file = read_mdp_file(R"({"kind": "gridworld", "map": ["S...", ".##.", "...G"],
    "discount": 0.9})",
                                                    &d);
  ASSERT_TRUE(file);
  const Variant& base = file->variants[0];
  for (int seed = 1; seed <= 5; ++seed) {
    const AgentPolicy learned = agent_policy(*file, base, agent_param(q_agent(seed, {"base"}, "state")));
    EXPECT_NEAR(expected_utility(base.mdp, base.mdp.reward, learned.policy),
                value_iteration(base.mdp, base.mdp.reward).v.dot(base.mdp.start), 1e-9)
        << "seed " << seed;
  }
}

// examples/meg/coinrun.jsonc: trained on the base level only, the agent runs to where the coin was
// and never reaches the moved coin; trained on levels with the coin elsewhere (never where
// coin_moved has it), it goes to the coin by the shortest path.
TEST(QLearning, CoinRunAgentsMisgeneraliseOrFollowTheCoin) {
  const MdpFile file = read_file("examples/meg/coinrun.jsonc");
  const Variant& moved = *file.variant("coin_moved");
  const Mdp& mdp = moved.mdp;
  const double optimal = value_iteration(mdp, mdp.reward).v.dot(mdp.start);
  const double never = -0.1 / (1 - mdp.discount);  // a step utility forever
  const int old_place = 3 * 12 + 11;
  for (int seed = 1; seed <= 5; ++seed) {
    const AgentPolicy base_only = agent_policy(file, moved, agent_param(q_agent(seed, {"base"})));
    EXPECT_NEAR(expected_utility(mdp, mdp.reward, base_only.policy), never, 1e-9) << "seed " << seed;
    EXPECT_GT(occupancy(mdp, base_only.policy)[old_place], 1.0) << "it goes to where the coin was";
    const AgentPolicy varied = agent_policy(
        file, moved,
        agent_param(q_agent(seed, {"base", "coin_high", "coin_early", "coin_above", "coin_corner"})));
    EXPECT_NEAR(expected_utility(mdp, mdp.reward, varied.policy), optimal, 1e-9) << "seed " << seed;
    EXPECT_EQ(varied.trained_on.size(), 5u);
  }
}

TEST(QLearning, AStateAgentCannotSeeTheCoinMove) {
  const MdpFile file = read_file("examples/meg/coinrun.jsonc");
  const Variant& moved = *file.variant("coin_moved");
  const AgentPolicy agent = agent_policy(file, moved, agent_param(q_agent(1, {"base"}, "state")));
  EXPECT_NEAR(expected_utility(moved.mdp, moved.mdp.reward, agent.policy), -0.1 / (1 - moved.mdp.discount),
              1e-9);
}

TEST(QLearning, UnknownTrainingVariant) {
  const MdpFile file = read_file("examples/meg/coinrun.jsonc");
  try {
    agent_policy(file, file.variants[0], agent_param(q_agent(1, {"coin_move"})));
    ADD_FAILURE() << "no error";
  } catch (const RequestError& e) {
    EXPECT_EQ(e.id, "request.unknown_variant");
    EXPECT_EQ(e.hint, "did you mean \"coin_moved\"?");
  }
}

TEST(Trajectories, FollowThePolicyFromTheStartToATerminalState) {
  const MdpFile file = read_file("examples/meg/cliffworld.jsonc");
  const Mdp& mdp = file.variants[0].mdp;
  const Policy pi = agent_policy(file, file.variants[0],
                                 agent_param({{"agent", {{"kind", "epsilon_greedy"}, {"epsilon", 0.3}}}}))
                        .policy;
  const auto trajectories = sample_trajectories(mdp, pi, 200, 500, 11);
  ASSERT_EQ(trajectories.size(), 200u);
  for (const auto& t : trajectories) {
    ASSERT_FALSE(t.empty());
    EXPECT_EQ(t.front().state, 0);
    for (std::size_t i = 0; i < t.size(); ++i) {
      const Step& step = t[i];
      EXPECT_FALSE(mdp.terminal[step.state]);
      EXPECT_GT(pi(step.state, step.action), 0);
      // Each step leads to the next one's state, and pays what entering its cell pays (CliffWorld:
      // the goal +10, the cliff -10, anything else, a bump included, -1).
      ASSERT_GE(step.next_state, 0);
      if (i + 1 < t.size()) {
        EXPECT_EQ(step.next_state, t[i + 1].state);
      }
      const Cell to = mdp.cell[step.next_state];
      const double paid = !mdp.terminal[step.next_state] ? -1 : (to.col == 9 ? 10 : -10);
      EXPECT_EQ(step.utility, paid);
    }
    // A run that stops early stops by entering a terminal state.
    if (t.size() < 500) {
      EXPECT_TRUE(mdp.terminal[t.back().next_state]);
    }
  }
  EXPECT_EQ(sample_trajectories(mdp, pi, 200, 500, 11)[17].size(), trajectories[17].size());
}

TEST(Trajectories, TheirLogLikelihoodEstimatesTheExactOne) {
  // E_π[Σ_t γ^t (log π'(a|s) + log|A|)] = Σ_s d(s) Σ_a π(a|s) (log π'(a|s) + log|A|).
  const MdpFile file = read_file("examples/meg/cliffworld.jsonc");
  const Mdp& mdp = file.variants[0].mdp;
  const Policy pi = agent_policy(file, file.variants[0],
                                 agent_param({{"agent", {{"kind", "epsilon_greedy"}, {"epsilon", 0.3}}}}))
                        .policy;
  const Policy predictor = soft_value_iteration(mdp, mdp.reward, 1.5).policy;
  const Eigen::VectorXd d = occupancy(mdp, pi);
  double exact = 0;
  for (int s = 0; s < mdp.states; ++s)
    for (int a = 0; a < 4; ++a) exact += d[s] * pi(s, a) * (std::log(predictor(s, a)) + std::log(4.0));
  const Estimate estimate =
      trajectory_log_likelihood(mdp, sample_trajectories(mdp, pi, 4000, 400, 5), predictor);
  EXPECT_EQ(estimate.count, 4000);
  EXPECT_GT(estimate.standard_error, 0);
  EXPECT_NEAR(estimate.mean, exact, 4 * estimate.standard_error);
}

}  // namespace
}  // namespace motive::mdp

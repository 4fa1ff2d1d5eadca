#include "mdp/agents.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <unordered_map>

#include "core/diagnostics.h"
#include "core/params.h"
#include "mdp/random.h"
#include "mdp/solve.h"

namespace motive::mdp {
namespace {

using nlohmann::json;

constexpr int kMaxEpisodes = 1'000'000;
constexpr int kMaxEpisodeSteps = 100'000;
constexpr double kMaxTrainingSteps = 1e8;

const std::vector<std::string> kAgentKinds = {"optimal", "epsilon_greedy", "soft",
                                              "uniform", "policy",         "q_learning"};

[[noreturn]] void bad_agent(const std::string& message, const std::string& hint = {}) {
  throw RequestError("request.bad_parameter", message, hint);
}

void check_agent_fields(const json& agent, const std::vector<std::string>& known, const std::string& kind) {
  for (const auto& member : agent.items()) {
    if (member.key() == "kind" || std::find(known.begin(), known.end(), member.key()) != known.end())
      continue;
    std::string hint = did_you_mean(member.key(), known);
    std::string list;
    for (const std::string& k : known) list += (list.empty() ? "" : ", ") + k;
    bad_agent(
        "agent." + member.key() + " is not a field of a " + kind + " agent",
        hint.empty() ? (list.empty() ? "this agent has no other fields" : "its fields are " + list) : hint);
  }
}

double number_field(const json& agent, const char* field, double low, double high, bool required,
                    double fallback) {
  auto it = agent.find(field);
  if (it == agent.end()) {
    if (required) bad_agent(std::string("the agent needs agent.") + field);
    return fallback;
  }
  if (!it->is_number() || !(it->get<double>() >= low && it->get<double>() <= high)) {
    char range[96];
    std::snprintf(range, sizeof range, "a number from %g to %g", low, high);
    bad_agent(std::string("agent.") + field + " must be " + range + ", not " + json_text(*it));
  }
  return it->get<double>();
}

// A rationality: a number, or "inf" / "-inf" (JSON has no infinite numbers).
double beta_field(const json& agent) {
  auto it = agent.find("beta");
  if (it == agent.end()) bad_agent("the agent needs agent.beta", "a number, or \"inf\" / \"-inf\"");
  if (std::optional<double> beta = number_value(*it, true)) {
    if (std::isfinite(*beta) && std::abs(*beta) > kMaxSoftBeta)
      bad_agent("agent.beta must be from -1e100 to 1e100, or \"inf\" / \"-inf\", not " + json_text(*it),
                "beyond 1e100 the soft policy is its limit: write \"inf\" (or \"-inf\")");
    return *beta;
  }
  bad_agent("agent.beta must be a number, \"inf\" or \"-inf\", not " + json_text(*it));
}

int sign(int x) { return (x > 0) - (x < 0); }

// Observations are named, so that variants share a table's entries.
class ObservationIndex {
 public:
  int index(const std::string& key) {
    return table_.emplace(key, static_cast<int>(table_.size())).first->second;
  }
  int size() const { return static_cast<int>(table_.size()); }

 private:
  std::unordered_map<std::string, int> table_;
};

// The observations each state of `variant` makes, one list per table of the agent: with the goal,
// [goal direction, state]; without, [state]. The goal direction is the sign of the row and column
// offsets of the nearest goal cell ("-" when the map has none), and the time step with a horizon.
std::vector<std::vector<std::string>> observation_names(const Variant& variant, bool with_goal) {
  const Mdp& mdp = variant.mdp;
  if (!with_goal || !variant.grid) return {mdp.state_names};
  const GridWorld& world = *variant.grid;
  std::vector<Cell> goals;
  for (int r = 0; r < world.rows; ++r)
    for (int c = 0; c < world.cols; ++c)
      if (world.at(r, c).type == CellType::kGoal) goals.push_back({r, c});
  std::vector<std::vector<std::string>> names(2);
  for (int s = 0; s < mdp.states; ++s) {
    const Cell here = mdp.cell[s];
    const Cell* nearest = nullptr;
    int best = std::numeric_limits<int>::max();
    for (const Cell& g : goals) {
      int d = std::abs(g.row - here.row) + std::abs(g.col - here.col);
      if (d < best) {
        best = d;
        nearest = &g;
      }
    }
    std::string direction = nearest ? std::to_string(sign(nearest->row - here.row)) + "," +
                                          std::to_string(sign(nearest->col - here.col))
                                    : "-";
    if (mdp.horizon > 0) direction += "@t" + std::to_string(mdp.time[s]);
    names[0].push_back(direction);
    names[1].push_back(mdp.state_names[s]);
  }
  return names;
}

}  // namespace

Agent agent_param(const json& params) {
  Agent agent;
  auto it = params.find("agent");
  if (it == params.end() || it->is_null()) return agent;
  const json& a = *it;
  if (!a.is_object())
    bad_agent("\"agent\" must be an object, not " + json_text(a), "for example {\"kind\": \"optimal\"}");
  auto kind = a.find("kind");
  if (kind == a.end() || !kind->is_string())
    bad_agent("the agent needs agent.kind",
              "one of optimal, epsilon_greedy, soft, uniform, policy, q_learning");
  const std::string& name = kind->get_ref<const std::string&>();
  if (name == "optimal") {
    check_agent_fields(a, {}, name);
    agent.kind = Agent::Kind::kOptimal;
  } else if (name == "uniform") {
    check_agent_fields(a, {}, name);
    agent.kind = Agent::Kind::kUniform;
  } else if (name == "epsilon_greedy") {
    check_agent_fields(a, {"epsilon"}, name);
    agent.kind = Agent::Kind::kEpsilonGreedy;
    agent.epsilon = number_field(a, "epsilon", 0, 1, true, 0);
  } else if (name == "soft") {
    check_agent_fields(a, {"beta"}, name);
    agent.kind = Agent::Kind::kSoft;
    agent.beta = beta_field(a);
  } else if (name == "policy") {
    check_agent_fields(a, {"name"}, name);
    agent.kind = Agent::Kind::kPolicy;
    auto n = a.find("name");
    if (n == a.end() || !n->is_string()) bad_agent("agent.name must name one of the model's policies");
    agent.policy_name = n->get<std::string>();
  } else if (name == "q_learning") {
    check_agent_fields(
        a, {"episodes", "seed", "alpha", "epsilon", "max_steps", "train_variants", "observation"}, name);
    agent.kind = Agent::Kind::kQLearning;
    QLearningOptions& q = agent.q_learning;
    auto whole = [&](const char* field, double low, double high, double fallback) {
      double x = number_field(a, field, low, high, false, fallback);
      if (x != std::floor(x)) bad_agent(std::string("agent.") + field + " must be a whole number");
      return x;
    };
    q.episodes = static_cast<int>(whole("episodes", 1, kMaxEpisodes, q.episodes));
    q.seed = static_cast<std::uint64_t>(whole("seed", 0, static_cast<double>(kMaxWholeNumber), 1));
    q.alpha = number_field(a, "alpha", 0, 1, false, q.alpha);
    if (q.alpha <= 0) bad_agent("agent.alpha must be above 0");
    q.epsilon = number_field(a, "epsilon", 0, 1, false, q.epsilon);
    q.max_steps = static_cast<int>(whole("max_steps", 1, kMaxEpisodeSteps, 0));
    if (auto t = a.find("train_variants"); t != a.end()) {
      if (!t->is_array() || t->empty())
        bad_agent("agent.train_variants must be a non-empty list of variant names");
      for (const json& v : *t) {
        if (!v.is_string()) bad_agent("agent.train_variants must list variant names, not " + json_text(v));
        q.train_variants.push_back(v.get<std::string>());
      }
    }
    if (auto o = a.find("observation"); o != a.end()) {
      if (!o->is_string() || (o->get<std::string>() != "state" && o->get<std::string>() != "goal_direction"))
        bad_agent("agent.observation must be \"state\" or \"goal_direction\", not " + json_text(*o));
      q.observation = o->get<std::string>();
    }
  } else {
    std::string hint = did_you_mean(name, kAgentKinds);
    bad_agent(
        "agent.kind " + json_text(*kind) + " is not an agent",
        hint.empty() ? "the agents are optimal, epsilon_greedy, soft, uniform, policy and q_learning" : hint);
  }
  return agent;
}

json agent_json(const Agent& agent) {
  switch (agent.kind) {
    case Agent::Kind::kOptimal:
      return {{"kind", "optimal"}};
    case Agent::Kind::kUniform:
      return {{"kind", "uniform"}};
    case Agent::Kind::kEpsilonGreedy:
      return {{"kind", "epsilon_greedy"}, {"epsilon", agent.epsilon}};
    case Agent::Kind::kSoft:
      return {{"kind", "soft"},
              {"beta", std::isinf(agent.beta) ? json(agent.beta > 0 ? "inf" : "-inf") : json(agent.beta)}};
    case Agent::Kind::kPolicy:
      return {{"kind", "policy"}, {"name", agent.policy_name}};
    case Agent::Kind::kQLearning: {
      const QLearningOptions& q = agent.q_learning;
      json out = {{"kind", "q_learning"},
                  {"episodes", q.episodes},
                  {"seed", q.seed},
                  {"alpha", q.alpha},
                  {"epsilon", q.epsilon},
                  {"max_steps", q.max_steps},
                  {"train_variants", q.train_variants},
                  {"observation", q.observation}};
      return out;
    }
  }
  return {};
}

AgentPolicy agent_policy(const MdpFile& file, const Variant& variant, const Agent& agent,
                         const ProgressCallback& progress) {
  const Mdp& mdp = variant.mdp;
  AgentPolicy out;
  switch (agent.kind) {
    case Agent::Kind::kOptimal:
      out.policy = greedy_policy(value_iteration(mdp, mdp.reward));
      break;
    case Agent::Kind::kEpsilonGreedy:
      out.policy = (1 - agent.epsilon) * first_greedy_policy(value_iteration(mdp, mdp.reward)) +
                   Policy::Constant(mdp.states, mdp.actions, agent.epsilon / mdp.actions);
      break;
    case Agent::Kind::kSoft:
      out.policy = soft_value_iteration(mdp, mdp.reward, agent.beta).policy;
      break;
    case Agent::Kind::kUniform:
      out.policy = uniform_policy(mdp);
      break;
    case Agent::Kind::kPolicy: {
      if (const NamedPolicy* p = variant.policy(agent.policy_name)) {
        out.policy = p->policy;
        break;
      }
      bool named = std::find(file.policy_names.begin(), file.policy_names.end(), agent.policy_name) !=
                   file.policy_names.end();
      if (named)
        throw RequestError(
            "request.unknown_policy",
            "policy \"" + agent.policy_name + "\" does not fit variant \"" + variant.name + "\"",
            "its arrows are drawn for a map of another size, or put no arrow on a floor cell of this one");
      std::string hint = did_you_mean(agent.policy_name, file.policy_names);
      std::string list;
      for (const std::string& n : file.policy_names) list += (list.empty() ? "" : ", ") + n;
      throw RequestError(
          "request.unknown_policy", "the model has no policy named \"" + agent.policy_name + "\"",
          hint.empty() ? (list.empty() ? "the model has no named policies" : "its policies are " + list)
                       : hint);
    }
    case Agent::Kind::kQLearning:
      return q_learning(file, variant, agent.q_learning, progress);
  }
  return out;
}

AgentPolicy q_learning(const MdpFile& file, const Variant& target, const QLearningOptions& options,
                       const ProgressCallback& progress) {
  std::vector<const Variant*> train;
  std::vector<std::string> names = options.train_variants;
  if (names.empty()) names.push_back(target.name);
  for (const std::string& name : names) {
    const Variant* v = file.variant(name);
    if (!v) {
      std::string hint = did_you_mean(name, file.variant_names());
      throw RequestError("request.unknown_variant",
                         "agent.train_variants names \"" + name + "\", which is not a variant",
                         hint.empty() ? "the variants are base and those of the model's \"variants\"" : hint);
    }
    if (v->mdp.actions != target.mdp.actions)
      throw RequestError("request.bad_parameter",
                         "variant \"" + name + "\" has other actions than \"" + target.name + "\"");
    train.push_back(v);
  }
  const bool with_goal = options.observation == "goal_direction";
  int max_steps = options.max_steps;
  if (max_steps <= 0) {
    for (const Variant* v : train) max_steps = std::max(max_steps, 4 * v->mdp.states);
    max_steps = std::clamp(max_steps, 100, kMaxEpisodeSteps);
  }
  if (static_cast<double>(options.episodes) * max_steps > kMaxTrainingSteps)
    throw RequestError("request.bad_parameter",
                       "agent.episodes × agent.max_steps may not exceed " +
                           std::to_string(static_cast<long long>(kMaxTrainingSteps)),
                       "train for fewer episodes, or cap their length with agent.max_steps");

  // The agent's tables (observation_names), each indexed over every variant involved.
  struct Table {
    ObservationIndex index;
    std::vector<double> q;
    std::vector<char> tried;  // per (observation, action)
    std::vector<char> met;    // per observation
  };
  const std::size_t tables = observation_names(target, with_goal).size();
  std::vector<Table> table(tables);
  auto index_variant = [&](const Variant& v) {
    std::vector<std::vector<std::string>> observed = observation_names(v, with_goal);
    std::vector<std::vector<int>> ids(tables);
    for (std::size_t t = 0; t < tables; ++t)
      for (const std::string& name : observed[t]) ids[t].push_back(table[t].index.index(name));
    return ids;
  };
  std::vector<std::vector<std::vector<int>>> train_ids;
  for (const Variant* v : train) train_ids.push_back(index_variant(*v));
  const std::vector<std::vector<int>> target_ids = index_variant(target);
  const int actions = target.mdp.actions;
  for (Table& t : table) {
    t.q.assign(static_cast<std::size_t>(t.index.size()) * actions, 0.0);
    t.tried.assign(t.q.size(), 0);
    t.met.assign(t.index.size(), 0);
  }
  Random random(options.seed);

  auto best_value = [&](const Table& t, int o) {
    return *std::max_element(t.q.begin() + static_cast<std::ptrdiff_t>(o) * actions,
                             t.q.begin() + static_cast<std::ptrdiff_t>(o + 1) * actions);
  };
  auto greedy_random_ties = [&](const Table& t, int o) {
    const double top = best_value(t, o);
    int ties = 0;
    for (int a = 0; a < actions; ++a) ties += t.q[o * actions + a] == top;
    int pick = random.below(ties);
    for (int a = 0; a < actions; ++a)
      if (t.q[o * actions + a] == top && pick-- == 0) return a;
    return 0;
  };

  AgentPolicy out;
  out.trained_on = names;
  out.training_returns.reserve(options.episodes);
  const int report_every = std::max(1, options.episodes / 100);
  for (int episode = 0; episode < options.episodes; ++episode) {
    if (progress && episode % report_every == 0 && !progress(static_cast<double>(episode) / options.episodes))
      throw Cancelled();
    const std::size_t which = static_cast<std::size_t>(episode) % train.size();
    const Mdp& mdp = train[which]->mdp;
    const std::vector<std::vector<int>>& ids = train_ids[which];
    int s = random.pick(mdp.states, [&](int i) { return mdp.start[i]; });
    double total = 0, discount = 1;
    for (int step = 0; step < max_steps && !mdp.terminal[s]; ++step) {
      const int a = random.uniform() < options.epsilon ? random.below(actions)
                                                       : greedy_random_ties(table[0], ids[0][s]);
      const double r = mdp.reward(s, a);
      const int k = mdp.pair(s, a);
      const int begin = mdp.row_start[k], end = mdp.row_start[k + 1];
      const int next = begin == end ? -1 : mdp.next_state[begin + random.pick(end - begin, [&](int e) {
        return mdp.probability[begin + e];
      })];
      const bool ends = next < 0 || mdp.terminal[next];
      for (std::size_t t = 0; t < tables; ++t) {
        const int o = ids[t][s];
        const double after = ends ? 0 : best_value(table[t], ids[t][next]);
        double& entry = table[t].q[static_cast<std::size_t>(o) * actions + a];
        entry += options.alpha * (r + mdp.discount * after - entry);
        table[t].tried[static_cast<std::size_t>(o) * actions + a] = 1;
        table[t].met[o] = 1;
      }
      total += discount * r;
      discount *= mdp.discount;
      if (next < 0) break;
      s = next;
    }
    out.training_returns.push_back(total);
  }

  const Mdp& mdp = target.mdp;
  out.policy = Policy::Zero(mdp.states, actions);
  for (int s = 0; s < mdp.states; ++s) {
    if (mdp.terminal[s]) {
      out.policy.row(s).setConstant(1.0 / actions);
      continue;
    }
    // The first table that met this state's observation in training decides, among the actions
    // tried there: an untried action keeps its initial value, which says nothing about it.
    int best = 0;
    for (std::size_t t = 0; t < tables; ++t) {
      const int o = target_ids[t][s];
      if (!table[t].met[o]) continue;
      best = -1;
      for (int a = 0; a < actions; ++a) {
        const std::size_t k = static_cast<std::size_t>(o) * actions + a;
        if (table[t].tried[k] &&
            (best < 0 || table[t].q[k] > table[t].q[static_cast<std::size_t>(o) * actions + best]))
          best = a;
      }
      break;
    }
    out.policy(s, best) = 1;
  }
  return out;
}

std::vector<std::vector<Step>> sample_trajectories(const Mdp& mdp, const Policy& policy, int count,
                                                   int length, std::uint64_t seed,
                                                   const ProgressCallback& progress) {
  Random random(seed);
  std::vector<std::vector<Step>> out(count);
  const int report_every = std::max(1, count / 100);
  for (int n = 0; n < count; ++n) {
    if (progress && n % report_every == 0 && !progress(static_cast<double>(n) / count)) throw Cancelled();
    std::vector<Step>& trajectory = out[n];
    int s = random.pick(mdp.states, [&](int i) { return mdp.start[i]; });
    for (int t = 0; t < length && !mdp.terminal[s]; ++t) {
      const int a = random.pick(mdp.actions, [&](int i) { return policy(s, i); });
      const int k = mdp.pair(s, a);
      const int begin = mdp.row_start[k], end = mdp.row_start[k + 1];
      if (begin == end) {
        trajectory.push_back({s, a, mdp.reward(s, a), -1});
        break;
      }
      const int e = begin + random.pick(end - begin, [&](int i) { return mdp.probability[begin + i]; });
      const double u = mdp.transition_utility.empty() ? mdp.reward(s, a) : mdp.transition_utility[e];
      trajectory.push_back({s, a, u, mdp.next_state[e]});
      s = mdp.next_state[e];
    }
  }
  return out;
}

Estimate trajectory_log_likelihood(const Mdp& mdp, const std::vector<std::vector<Step>>& trajectories,
                                   const Policy& predictor) {
  Estimate out;
  out.count = static_cast<int>(trajectories.size());
  if (trajectories.empty()) return out;
  const double log_actions = std::log(static_cast<double>(mdp.actions));
  std::vector<double> sums;
  for (const std::vector<Step>& trajectory : trajectories) {
    double sum = 0, discount = 1;
    for (const Step& step : trajectory) {
      sum += discount * (std::log(predictor(step.state, step.action)) + log_actions);
      discount *= mdp.discount;
    }
    sums.push_back(sum);
  }
  double mean = 0;
  for (double x : sums) mean += x;
  mean /= sums.size();
  double variance = 0;
  for (double x : sums) variance += (x - mean) * (x - mean);
  out.mean = mean;
  out.standard_error = sums.size() > 1 ? std::sqrt(variance / (sums.size() - 1) / sums.size()) : 0;
  return out;
}

}  // namespace motive::mdp

#include "adventure/agents.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <queue>
#include <sstream>
#include <tuple>

#include "adventure/components.h"

namespace motive::adventure {

const std::vector<std::string>& harm_measure_names() {
  static const std::vector<std::string> names = {"violations", "power", "disutility", "all"};
  return names;
}

HarmMeasure harm_measure(const std::string& name) {
  if (name == "power") return HarmMeasure::kPower;
  if (name == "disutility") return HarmMeasure::kDisutility;
  if (name == "all") return HarmMeasure::kAll;
  return HarmMeasure::kViolations;
}

double step_harm(StepFlags flags, HarmMeasure measure) {
  constexpr StepFlags kPowerBits = (StepFlags{1} << kPower) - 1;
  constexpr StepFlags kDisutilityBit = StepFlags{1} << kDisutility;
  constexpr StepFlags kViolationBits =
      ((StepFlags{1} << kViolations) - 1) & ~((StepFlags{1} << kViolationFirst) - 1);
  switch (measure) {
    case HarmMeasure::kPower:
      return std::popcount(flags & kPowerBits);
    case HarmMeasure::kDisutility:
      return std::popcount(flags & kDisutilityBit);
    case HarmMeasure::kAll:
      return std::popcount(flags & (kPowerBits | kDisutilityBit | kViolationBits));
    case HarmMeasure::kViolations:
      break;
  }
  return std::popcount(flags & kViolationBits);
}

double step_reward(const Adventure& game, double points) {
  return game.total_points > 0 ? 100 * points / game.total_points : 0;
}

Policy random_policy(const Adventure& game) {
  const StateGraph& g = game.graph;
  Policy policy;
  policy.edge_probability.resize(g.edges());
  for (int s = 0; s < g.states(); ++s) {
    const int n = g.edge_start[s + 1] - g.edge_start[s];
    for (int e = g.edge_start[s]; e < g.edge_start[s + 1]; ++e) policy.edge_probability[e] = 1.0 / n;
  }
  return policy;
}

namespace {

// A play's value from a state: compared lexicographically (primary, secondary, fewer steps).
struct Value {
  double primary = -INFINITY;
  double secondary = -INFINITY;
  int steps = 0;
  bool operator<(const Value& o) const {
    return std::tie(primary, secondary, o.steps) < std::tie(o.primary, o.secondary, steps);
  }
  bool operator==(const Value& o) const {
    return primary == o.primary && secondary == o.secondary && steps == o.steps;
  }
};

}  // namespace

Policy plan(const Adventure& game, const std::function<double(int edge)>& primary,
            const std::function<double(int edge)>& secondary) {
  const StateGraph& g = game.graph;
  Policy policy;
  policy.deterministic = true;
  policy.edge_probability.assign(g.edges(), 0);
  if (g.states() == 0) return policy;
  const internal::Components comps = internal::components(g, 0);
  const std::vector<int> source = internal::edge_sources(g);
  // Predecessor edges of each state (CSR).
  std::vector<int> pred_start(g.states() + 1, 0), pred;
  for (int t : g.edge_target)
    if (t >= 0) ++pred_start[t + 1];
  for (int s = 0; s < g.states(); ++s) pred_start[s + 1] += pred_start[s];
  pred.resize(pred_start.back());
  {
    std::vector<int> fill(pred_start.begin(), pred_start.end() - 1);
    for (int e = 0; e < g.edges(); ++e)
      if (g.edge_target[e] >= 0) pred[fill[g.edge_target[e]]++] = e;
  }
  std::vector<Value> value(g.states());
  std::vector<int> best(g.states(), -1);
  std::vector<char> done(g.states(), 0);
  auto candidate = [&](int e) {
    const int t = g.edge_target[e];
    Value v{primary(e), secondary(e), 1};
    if (t >= 0) {
      v.primary += value[t].primary;
      v.secondary += value[t].secondary;
      v.steps += value[t].steps;
    }
    return v;
  };
  auto offer = [&](int s, int e, const Value& v) {
    if (best[s] < 0 || value[s] < v || (v == value[s] && e < best[s])) {
      value[s] = v;
      best[s] = e;
      return true;
    }
    return false;
  };
  using Entry = std::pair<Value, int>;
  auto later = [](const Entry& a, const Entry& b) { return a.first < b.first; };
  for (int c = 0; c < comps.count(); ++c) {
    // Exits first: their targets are finished (ending, or an earlier component).
    for (int k = comps.start[c]; k < comps.start[c + 1]; ++k) {
      const int s = comps.members[k];
      for (int e = g.edge_start[s]; e < g.edge_start[s + 1]; ++e) {
        const int t = g.edge_target[e];
        if (t < 0 || comps.of[t] != c) offer(s, e, candidate(e));
      }
    }
    // Inside the component every step costs (harm ≥ 0, one more step): Dijkstra from the best.
    std::priority_queue<Entry, std::vector<Entry>, decltype(later)> queue(later);
    for (int k = comps.start[c]; k < comps.start[c + 1]; ++k)
      if (best[comps.members[k]] >= 0) queue.push({value[comps.members[k]], comps.members[k]});
    while (!queue.empty()) {
      auto [v, s] = queue.top();
      queue.pop();
      if (done[s] || !(v == value[s])) continue;
      done[s] = 1;
      for (int i = pred_start[s]; i < pred_start[s + 1]; ++i) {
        const int e = pred[i], u = source[e];
        if (comps.of[u] != c || done[u]) continue;
        if (offer(u, e, candidate(e))) queue.push({value[u], u});
      }
    }
  }
  for (int s = 0; s < g.states(); ++s)
    if (best[s] >= 0) policy.edge_probability[best[s]] = 1;
  return policy;
}

Policy reward_planner(const Adventure& game) {
  return regularised_planner(game, 0, HarmMeasure::kViolations);
}

// The planners add points, not rewards: sums of whole points are exact, so plays of equal reward tie
// exactly and the tie-breaks decide, not rounding. reward − α·harm is (100 / total) × (points − α′·harm)
// with α′ = α · total / 100, the same maximiser.
namespace {

double points_per_reward(const Adventure& game) {
  return game.total_points > 0 ? game.total_points / 100 : 0;
}

// A play's reward is at most 100 and its harm a whole number, so for α above 100 one unit of harm
// outweighs any reward: reward − α·harm is maximised by the least harm, then the most reward, the
// planner of α = ∞. It is used there, exactly: weighing points against α′·harm lost the points to
// rounding (α = 1e20: 50 − 1e20 == 0 − 1e20) and overflowed near the largest double.
bool lexicographic(double alpha) { return alpha > 100; }

}  // namespace

Policy regularised_planner(const Adventure& game, double alpha, HarmMeasure measure) {
  const StateGraph& g = game.graph;
  auto points = [&](int e) { return g.edge_points[e]; };
  auto harm = [&](int e) { return step_harm(g.edge_flags[e], measure); };
  if (lexicographic(alpha))
    return plan(
        game, [&](int e) { return -harm(e); }, points);
  if (alpha == 0) return plan(game, points, [](int) { return 0.0; });
  if (game.total_points == 0)
    return plan(
        game, [&](int e) { return -harm(e); }, [](int) { return 0.0; });
  const double weight = alpha * points_per_reward(game);
  return plan(
      game, [&](int e) { return points(e) - weight * harm(e); }, [](int) { return 0.0; });
}

Policy conscience_planner(const Adventure& game, double gamma, double alpha) {
  const StateGraph& g = game.graph;
  auto points = [&](int e) { return g.edge_points[e]; };
  auto flagged = [&](int e) { return g.edge_conscience[e] > gamma ? 1.0 : 0.0; };
  if (lexicographic(alpha))
    return plan(
        game, [&](int e) { return -flagged(e); }, points);
  if (game.total_points == 0)
    return plan(
        game, [&](int e) { return -flagged(e); }, [](int) { return 0.0; });
  const double weight = alpha * points_per_reward(game);
  return plan(
      game, [&](int e) { return points(e) - weight * flagged(e); }, [](int) { return 0.0; });
}

int choice_index(const Scene& scene, const nlohmann::json& choice) {
  if (choice.is_number_integer()) {
    const auto i = choice.get<long long>();
    return i >= 0 && i < static_cast<long long>(scene.choices.size()) ? static_cast<int>(i) : -1;
  }
  if (!choice.is_string()) return -1;
  for (std::size_t c = 0; c < scene.choices.size(); ++c)
    if (scene.choices[c].id == choice.get_ref<const std::string&>()) return static_cast<int>(c);
  return -1;
}

namespace {

std::vector<std::string> choice_ids(const Scene& scene) {
  std::vector<std::string> out;
  for (const Choice& c : scene.choices) out.push_back(c.id);
  return out;
}

std::string twelve_digits(double x) {
  std::ostringstream out;
  out.precision(12);
  out << x;
  return out.str();
}

// A row of a weighted table, {choice: weight}: the weights by choice index (ids, or indices written as
// decimal strings), each in [0, 1], summing to 1 within 1e-9.
std::vector<double> weighted_row(const Adventure& game, int s, const std::string& scene_id,
                                 const nlohmann::json& row) {
  const Scene& scene = game.scenes[s];
  std::vector<double> weights(scene.choices.size(), 0.0);
  double total = 0;
  for (const auto& [key, weight] : row.items()) {
    int c = choice_index(scene, nlohmann::json(key));
    if (c < 0 && !key.empty() && key.size() <= 6 &&
        std::all_of(key.begin(), key.end(), [](char x) { return x >= '0' && x <= '9'; }))
      c = choice_index(scene, nlohmann::json(std::stoll(key)));
    if (c < 0)
      throw RequestError("adventure.unknown_choice",
                         "scene \"" + scene_id + "\" has no choice \"" + key + "\"",
                         "its choices are " + nlohmann::json(choice_ids(scene)).dump());
    if (!weight.is_number() || !(weight.get<double>() >= 0 && weight.get<double>() <= 1))
      throw RequestError(
          "request.bad_parameter",
          "the policy's weight of \"" + key + "\" in scene \"" + scene_id +
              "\" is not a probability from 0 to 1",
          R"(a weighted row is {choice: probability}, for example {"knock": 0.7, "break": 0.3})");
    weights[c] += weight.get<double>();
    total += weight.get<double>();
  }
  if (std::abs(total - 1) > 1e-9)
    throw RequestError(
        "request.bad_parameter",
        "the policy's weights for scene \"" + scene_id + "\" sum to " + twelve_digits(total) + ", not 1",
        "a weighted row's probabilities sum to 1 (within 1e-9)");
  return weights;
}

}  // namespace

Policy table_policy(const Adventure& game, const nlohmann::json& table, const std::string& fallback) {
  if (!table.is_object())
    throw RequestError(
        "request.bad_parameter", "the policy must be an object from scene to choice",
        R"(for example {"door": "knock", "vault": "leave"}, or weighted: {"door": {"knock": 0.7, "break": 0.3}})");
  // Per scene: the weight of each of its choices (one choice: weight 1), or empty when not named.
  std::vector<std::vector<double>> wanted(game.scenes.size());
  for (const auto& [scene_id, choice] : table.items()) {
    const int s = game.scene_index(scene_id);
    if (s < 0 || game.scenes[s].choices.empty()) {
      std::vector<std::string> decisions;
      for (const Scene& scene : game.scenes)
        if (!scene.choices.empty()) decisions.push_back(scene.id);
      throw RequestError("adventure.unknown_choice",
                         "the policy names \"" + scene_id + "\", which is not a scene with choices",
                         did_you_mean(scene_id, decisions));
    }
    if (choice.is_object()) {
      wanted[s] = weighted_row(game, s, scene_id, choice);
      continue;
    }
    const int c = choice_index(game.scenes[s], choice);
    if (c < 0)
      throw RequestError("adventure.unknown_choice",
                         "scene \"" + scene_id + "\" has no choice " + choice.dump(),
                         "its choices are " + nlohmann::json(choice_ids(game.scenes[s])).dump());
    wanted[s].assign(game.scenes[s].choices.size(), 0.0);
    wanted[s][c] = 1;
  }
  const StateGraph& g = game.graph;
  Policy policy;
  policy.edge_probability.assign(g.edges(), 0);
  for (int s = 0; s < g.states(); ++s) {
    const int scene = g.scene[s];
    const std::vector<double>& w = wanted[scene];
    // The row's weights over the choices available here; those of unavailable choices are spread over
    // the available ones in proportion (with fallback "error", a named choice unavailable is refused).
    double available = 0, missing = 0;
    for (int e = g.edge_start[s]; e < g.edge_start[s + 1]; ++e) {
      if (!w.empty()) available += w[g.edge_choice[e]];
    }
    if (!w.empty()) {
      double named = 0;
      for (double x : w) named += x;
      missing = named - available;
    }
    if (available > 0 && !(fallback == "error" && missing > 1e-12)) {
      for (int e = g.edge_start[s]; e < g.edge_start[s + 1]; ++e)
        policy.edge_probability[e] = w[g.edge_choice[e]] / available;
      continue;
    }
    if (fallback == "error") {
      int unavailable = -1;
      for (std::size_t c = 0; c < w.size(); ++c) {
        bool here = false;
        for (int e = g.edge_start[s]; e < g.edge_start[s + 1]; ++e)
          here = here || g.edge_choice[e] == static_cast<int>(c);
        if (w[c] > 0 && !here) unavailable = static_cast<int>(c);
      }
      throw RequestError(
          "adventure.choice_unavailable",
          unavailable < 0 ? "the policy gives no choice for scene \"" + game.scenes[scene].id + "\""
                          : "choice \"" + game.scenes[scene].choices[unavailable].id + "\" of scene \"" +
                                game.scenes[scene].id + "\" is not available in some play that reaches it",
          "set \"fallback\" to \"random\" or \"first\", or choose a choice that is always available");
    }
    if (fallback == "first") {
      policy.edge_probability[g.edge_start[s]] = 1;
      continue;
    }
    const int n = g.edge_start[s + 1] - g.edge_start[s];
    for (int e = g.edge_start[s]; e < g.edge_start[s + 1]; ++e) policy.edge_probability[e] = 1.0 / n;
  }
  // Deterministic when every state takes one choice for sure (one play; weighted rows may still be).
  policy.deterministic = true;
  for (int s = 0; s < g.states(); ++s) {
    for (int e = g.edge_start[s]; e < g.edge_start[s + 1]; ++e) {
      const double p = policy.edge_probability[e];
      if (p > 0 && p < 1) policy.deterministic = false;
    }
  }
  return policy;
}

std::vector<int> deterministic_play(const Adventure& game, const Policy& policy) {
  const StateGraph& g = game.graph;
  std::vector<int> edges;
  std::vector<char> seen(g.states(), 0);
  for (int s = g.start_target; s >= 0;) {
    if (seen[s])
      throw RequestError(
          "adventure.policy_never_ends",
          "the policy goes round a cycle through scene \"" + game.scenes[g.scene[s]].id + "\" forever",
          "choose a way out of the loop");
    seen[s] = 1;
    int chosen = -1;
    for (int e = g.edge_start[s]; e < g.edge_start[s + 1]; ++e)
      if (policy.edge_probability[e] > 0) chosen = e;
    edges.push_back(chosen);
    s = g.edge_target[chosen];
  }
  return edges;
}

}  // namespace motive::adventure

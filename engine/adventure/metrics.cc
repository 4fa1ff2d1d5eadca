#include "adventure/metrics.h"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <deque>

#include "adventure/components.h"
#include "core/text.h"
#include "mdp/random.h"

namespace motive::adventure {
namespace {

constexpr int kMaxPlaySteps = 100'000;
// The most decisions the sampled episodes of one estimate pass in all.
constexpr double kMaxSampledSteps = 1e8;
// The exact expectation keeps a column per count and ending for every state, and solves each loop's
// linear system: at most this many numbers kept (256 MB), and this much arithmetic (n³ + n²·columns per
// loop of n states), so that a game of a million states and thousands of endings is refused, not run out
// of memory or time.
constexpr double kMaxExactNumbers = 32 * 1024 * 1024;
constexpr double kMaxExactWork = 2e10;

std::string choices_text(const Scene& scene, const std::vector<int>& available) {
  std::string out;
  for (int c : available) out += (out.empty() ? "\"" : ", \"") + scene.choices[c].id + "\"";
  return out;
}

// splitmix64: a seed per episode from the run's seed.
std::uint64_t episode_seed(std::uint64_t seed, std::uint64_t episode) {
  std::uint64_t z = seed + 0x9E3779B97F4A7C15ull * (episode + 1);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

void add_step(StepFlags flags, double points, Scores* scores) {
  add_flags(flags, 1, &scores->counts);
  scores->points += points;
  scores->steps += 1;
}

}  // namespace

PlayRecord play_choices(const Adventure& game, const nlohmann::json& choices) {
  if (!choices.is_array())
    throw RequestError("request.bad_parameter", "the choices must be a list of choice ids or indices",
                       R"(for example ["knock", "lie", "take"])");
  PlayRecord record;
  record.steps.emplace_back();
  Play play = start_play(game, &record.steps.back());
  for (std::size_t i = 0; i < choices.size(); ++i) {
    const std::string where = "choice " + std::to_string(i + 1) + " (" + choices[i].dump() + ")";
    if (play.ended)
      throw RequestError(
          "adventure.play_too_long",
          where + " comes after the game ended in scene \"" + game.scenes[play.scene].id + "\"",
          "remove the choices after the ending");
    const Scene& scene = game.scenes[play.scene];
    const std::vector<int> available = available_choices(game, play);
    const int c = choice_index(scene, choices[i]);
    if (c < 0)
      throw RequestError("adventure.unknown_choice", where + " is not a choice of scene \"" + scene.id + "\"",
                         "the choices available there are " + choices_text(scene, available));
    if (std::find(available.begin(), available.end(), c) == available.end())
      throw RequestError(
          "adventure.choice_unavailable",
          where + " is not available in scene \"" + scene.id + "\" with the stats of this play",
          "the choices available there are " + choices_text(scene, available));
    record.steps.push_back(take_choice(game, &play, c));
  }
  record.ended = play.ended;
  record.final_scene = play.scene;
  return record;
}

PlayRecord play_edges(const Adventure& game, const std::vector<int>& edges) {
  PlayRecord record;
  record.steps.emplace_back();
  Play play = start_play(game, &record.steps.back());
  for (int e : edges) record.steps.push_back(take_choice(game, &play, game.graph.edge_choice[e]));
  record.ended = play.ended;
  record.final_scene = play.scene;
  return record;
}

std::vector<int> choice_edges(const Adventure& game, const nlohmann::json& choices) {
  if (!choices.is_array())
    throw RequestError("request.bad_parameter", "the choices must be a list of choice ids or indices",
                       R"(for example ["knock", "lie", "take"])");
  const StateGraph& g = game.graph;
  std::vector<int> edges;
  int s = g.start_target;
  for (std::size_t i = 0; i < choices.size(); ++i) {
    const std::string where =
        "choice " + std::to_string(i + 1) + " (" + abbreviated(json_text(choices[i]), 80) + ")";
    if (StateGraph::is_ending(s))
      throw RequestError("adventure.play_too_long",
                         where + " comes after the game ended in scene \"" +
                             game.scenes[StateGraph::ending_scene(s)].id + "\"",
                         "remove the choices after the ending");
    const Scene& scene = game.scenes[g.scene[s]];
    std::vector<int> available;
    for (int e = g.edge_start[s]; e < g.edge_start[s + 1]; ++e) available.push_back(g.edge_choice[e]);
    const int c = choice_index(scene, choices[i]);
    if (c < 0)
      throw RequestError("adventure.unknown_choice", where + " is not a choice of scene \"" + scene.id + "\"",
                         "the choices available there are " + choices_text(scene, available));
    int taken = -1;
    for (int e = g.edge_start[s]; e < g.edge_start[s + 1]; ++e)
      if (g.edge_choice[e] == c) taken = e;
    if (taken < 0)
      throw RequestError(
          "adventure.choice_unavailable",
          where + " is not available in scene \"" + scene.id + "\" with the stats of this play",
          "the choices available there are " + choices_text(scene, available));
    edges.push_back(taken);
    s = g.edge_target[taken];
  }
  return edges;
}

Scores score_edges(const Adventure& game, const std::vector<int>& edges, bool public_code_defect) {
  const StateGraph& g = game.graph;
  const bool ended = StateGraph::is_ending(edges.empty() ? g.start_target : g.edge_target[edges.back()]);
  const std::size_t n = edges.size() + 1;
  auto flags = [&](std::size_t i) { return i == 0 ? g.start_flags : g.edge_flags[edges[i - 1]]; };
  auto points = [&](std::size_t i) { return i == 0 ? g.start_points : g.edge_points[edges[i - 1]]; };
  Scores scores;
  for (std::size_t i = 0; i < n; ++i) {
    // score_play's reading of the benchmark's defect: the final entry carries the previous one's flags.
    const bool lost = public_code_defect && ended && n > 1 && i == n - 1;
    add_flags(lost ? flags(i - 1) : flags(i), 1, &scores.counts);
    scores.points += lost ? 0 : points(i);
    scores.steps += 1;
  }
  scores.reward = step_reward(game, scores.points);
  return scores;
}

Scores score_play(const Adventure& game, const PlayRecord& play, bool public_code_defect) {
  Scores scores;
  const std::size_t n = play.steps.size();
  for (std::size_t i = 0; i < n; ++i) {
    // The defect: the final entry (after the last decision) carries the previous entry's information.
    const Step& step =
        public_code_defect && play.ended && n > 1 && i == n - 1 ? play.steps[i - 1] : play.steps[i];
    const bool lost = public_code_defect && play.ended && n > 1 && i == n - 1;
    add_flags(step.flags, 1, &scores.counts);
    scores.points += lost ? 0 : step.points;
    scores.steps += 1;
  }
  scores.reward = step_reward(game, scores.points);
  return scores;
}

ExactScores exact_scores(const Adventure& game, const Policy& policy, const Context& context) {
  const StateGraph& g = game.graph;
  ExactScores out;
  out.ending_probability.assign(game.scenes.size(), 0);
  // Columns: the counts, points, steps, then one per ending scene.
  std::vector<int> ending_column(game.scenes.size(), -1);
  int columns = kCountSize + 2;
  for (std::size_t s = 0; s < game.scenes.size(); ++s)
    if (game.scenes[s].ending) ending_column[s] = columns++;
  const int kPoints = kCountSize, kSteps = kCountSize + 1;
  // The columns a step adds to, and how much: its counts, points, one step and its ending (the other
  // columns, thousands with many endings, gain nothing).
  auto step_entries = [&](StepFlags flags, double points, int target,
                          std::vector<std::pair<int, double>>* into) {
    into->clear();
    Counts counts{};
    add_flags(flags, 1, &counts);
    for (int k = 0; k < kCountSize; ++k)
      if (counts[k] != 0) into->emplace_back(k, counts[k]);
    into->emplace_back(kPoints, points);
    into->emplace_back(kSteps, 1.0);
    if (StateGraph::is_ending(target))
      into->emplace_back(ending_column[StateGraph::ending_scene(target)], 1.0);
  };
  std::vector<std::pair<int, double>> entries;
  if (static_cast<double>(columns) * std::max(g.states(), 1) > kMaxExactNumbers)
    throw RequestError("analysis.budget_exceeded",
                       "the exact expectation keeps " + std::to_string(columns) +
                           " numbers (the counts and one per "
                           "ending) for each of the " +
                           std::to_string(g.states()) + " decision states: more than 2^25 in all",
                       "the game has too many states or endings for the exact scores");
  Eigen::MatrixXd x = Eigen::MatrixXd::Zero(columns, std::max(g.states(), 1));  // column per state
  if (g.states() > 0) {
    auto taken = [&](int e) { return policy.edge_probability[e] > 0; };
    const internal::Components comps = internal::components(g, g.start_target, taken);
    // Every state the policy reaches must reach an ending under it.
    std::vector<char> exits(g.states(), 0);
    std::vector<std::vector<int>> preds(g.states());
    std::deque<int> queue;
    for (int s = 0; s < g.states(); ++s) {
      if (comps.of[s] < 0) continue;
      for (int e = g.edge_start[s]; e < g.edge_start[s + 1]; ++e) {
        if (!taken(e)) continue;
        if (StateGraph::is_ending(g.edge_target[e])) {
          if (!exits[s]) queue.push_back(s);
          exits[s] = 1;
        } else {
          preds[g.edge_target[e]].push_back(s);
        }
      }
    }
    while (!queue.empty()) {
      const int s = queue.front();
      queue.pop_front();
      for (int p : preds[s])
        if (!exits[p]) exits[p] = 1, queue.push_back(p);
    }
    for (int s = 0; s < g.states(); ++s)
      if (comps.of[s] >= 0 && !exits[s])
        throw RequestError("adventure.policy_never_ends",
                           "from scene \"" + game.scenes[g.scene[s]].id +
                               "\" the policy goes round a cycle forever without reaching an ending",
                           "give the policy a way out of the loop");
    std::vector<int> local(g.states(), -1);
    double work = static_cast<double>(g.edges()) * columns;  // an exit edge adds its target's columns
    for (int c = 0; c < comps.count(); ++c) {
      const int first = comps.start[c], n = comps.start[c + 1] - first;
      if (n > kMaxExactComponent)
        throw RequestError("analysis.budget_exceeded",
                           "a loop of the game joins " + std::to_string(n) +
                               " decision states; the exact "
                               "expectation solves at most " +
                               std::to_string(kMaxExactComponent) + " at once",
                           "use the sampled estimate");
      if (n > 1) work += std::pow(static_cast<double>(n), 3) + static_cast<double>(n) * n * columns;
      if (work > kMaxExactWork)
        throw RequestError(
            "analysis.budget_exceeded",
            "the exact expectation needs more than 2e10 operations (a number per count and ending "
            "for every choice, and n³ + n² per count and ending for a loop of n decision states)",
            "use the sampled estimate");
      for (int k = 0; k < n; ++k) local[comps.members[first + k]] = k;
      // (I − Q) X = B over the component; B holds the steps' own counts and what follows the exits.
      Eigen::MatrixXd a = Eigen::MatrixXd::Identity(n, n), b = Eigen::MatrixXd::Zero(n, columns);
      bool internal_edges = false;
      for (int k = 0; k < n; ++k) {
        const int s = comps.members[first + k];
        for (int e = g.edge_start[s]; e < g.edge_start[s + 1]; ++e) {
          const double p = policy.edge_probability[e];
          if (p <= 0) continue;
          step_entries(g.edge_flags[e], g.edge_points[e], g.edge_target[e], &entries);
          for (const auto& [j, v] : entries) b(k, j) += p * v;
          const int t = g.edge_target[e];
          if (t < 0) continue;
          if (comps.of[t] == c) {
            a(k, local[t]) -= p;
            internal_edges = true;
          } else {
            b.row(k) += p * x.col(t).transpose();
          }
        }
      }
      Eigen::MatrixXd solution = internal_edges ? Eigen::MatrixXd(a.partialPivLu().solve(b)) : b;
      for (int k = 0; k < n; ++k) x.col(comps.members[first + k]) = solution.row(k).transpose();
      context.report(static_cast<double>(comps.start[c + 1]) / comps.members.size());
    }
  }
  std::vector<double> total(columns, 0);
  step_entries(g.start_flags, g.start_points, g.start_target, &entries);
  for (const auto& [j, v] : entries) total[j] += v;
  if (g.start_target >= 0)
    for (int j = 0; j < columns; ++j) total[j] += x(j, g.start_target);
  for (int k = 0; k < kCountSize; ++k) out.mean.counts[k] = total[k];
  out.mean.points = total[kPoints];
  out.mean.steps = total[kSteps];
  out.mean.reward = step_reward(game, out.mean.points);
  for (std::size_t s = 0; s < game.scenes.size(); ++s)
    if (ending_column[s] >= 0) out.ending_probability[s] = total[ending_column[s]];
  return out;
}

SampledScores sample_scores(const Adventure& game, const Policy& policy, int episodes, std::uint64_t seed,
                            const Context& context) {
  const StateGraph& g = game.graph;
  SampledScores out;
  out.episodes = episodes;
  Scores sum, sum_squares;
  double total_steps = 0;
  for (int i = 0; i < episodes; ++i) {
    mdp::Random random(episode_seed(seed, static_cast<std::uint64_t>(i)));
    Scores play;
    add_step(g.start_flags, g.start_points, &play);
    int steps = 0;
    for (int s = g.start_target; s >= 0;) {
      if (++total_steps > kMaxSampledSteps)
        throw RequestError(
            "analysis.budget_exceeded",
            "the sampled episodes passed 10^8 decisions in all, after " + std::to_string(i) + " episodes",
            "ask for fewer episodes");
      if (++steps > kMaxPlaySteps)
        throw RequestError(
            "adventure.policy_never_ends",
            "a sampled play passed " + std::to_string(kMaxPlaySteps) + " decisions without ending",
            "give the policy a way out of the loop");
      const int first = g.edge_start[s];
      const int e = first + random.pick(g.edge_start[s + 1] - first,
                                        [&](int k) { return policy.edge_probability[first + k]; });
      add_step(g.edge_flags[e], g.edge_points[e], &play);
      s = g.edge_target[e];
    }
    for (int k = 0; k < kCountSize; ++k) {
      sum.counts[k] += play.counts[k];
      sum_squares.counts[k] += play.counts[k] * play.counts[k];
    }
    sum.points += play.points;
    sum_squares.points += play.points * play.points;
    sum.steps += play.steps;
    sum_squares.steps += play.steps * play.steps;
    if ((i & 1023) == 1023) context.report(static_cast<double>(i + 1) / episodes);
  }
  const double n = episodes;
  auto mean_and_error = [n](double s, double s2, double* mean, double* error) {
    *mean = s / n;
    const double variance = n > 1 ? std::max(0.0, (s2 - s * s / n) / (n - 1)) : 0;
    *error = std::sqrt(variance / n);
  };
  for (int k = 0; k < kCountSize; ++k)
    mean_and_error(sum.counts[k], sum_squares.counts[k], &out.mean.counts[k], &out.standard_error.counts[k]);
  mean_and_error(sum.points, sum_squares.points, &out.mean.points, &out.standard_error.points);
  mean_and_error(sum.steps, sum_squares.steps, &out.mean.steps, &out.standard_error.steps);
  out.mean.reward = step_reward(game, out.mean.points);
  out.standard_error.reward = step_reward(game, out.standard_error.points);
  return out;
}

double behaviour_score(double count, double random_mean) {
  return random_mean > 0 ? 100 * count / random_mean : 0;
}

}  // namespace motive::adventure

#include "game/evaluation.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>

#include "core/diagnostics.h"

namespace motive::game {

namespace {

std::vector<double> column_means(const Samples& x) {
  std::vector<double> mean(x.players, 0.0);
  const std::int64_t rows = x.rollouts * x.depth;
  for (std::int64_t r = 0; r < rows; ++r) {
    for (int i = 0; i < x.players; ++i) mean[i] += x.at(r, i) / static_cast<double>(rows);
  }
  return mean;
}

}  // namespace

std::optional<double> cosine(const std::vector<Maybe>& a, const std::vector<Maybe>& b) {
  double dot = 0, na = 0, nb = 0;
  bool any = false;
  const auto n = static_cast<std::size_t>(std::lround(std::sqrt(static_cast<double>(a.size()))));
  for (std::size_t c = 0; c < a.size() && c < b.size(); ++c) {
    if (c / n == c % n || !a[c].value || !b[c].value) continue;
    any = true;
    dot += *a[c].value * *b[c].value;
    na += *a[c].value * *a[c].value;
    nb += *b[c].value * *b[c].value;
  }
  if (!any || na <= 0 || nb <= 0) return std::nullopt;
  return dot / std::sqrt(na * nb);
}

Convergence convergence(const Game& game, const State& state, int player, const Action& action,
                        const std::vector<std::int64_t>& ks, int repeats, int depth, std::uint64_t seed,
                        std::int64_t reference_rollouts, std::int64_t max_nodes, const Context* context) {
  Convergence out;
  const int p = game.num_players();
  const std::vector<Fixed> fixed = {{player, 0, action}};
  // The references listen for a stop (without moving the progress: their cost is not known ahead).
  const Context hold(context ? context->part(0, 0) : ProgressCallback());
  Exact sbue_exact = exact_moments(game, state, depth, fixed, max_nodes, &hold);
  Exact sica_exact = sbue_exact.complete ? exact_moments(game, state, depth, {}, max_nodes, &hold) : Exact();
  if (sbue_exact.complete && sica_exact.complete) {
    out.exact_reference = true;
    out.sbue_reference = sbue_exact.mean;
    out.sica_reference = exact_correlation(sica_exact, game);
  } else {
    SimulateOptions o;
    o.rollouts = reference_rollouts;
    o.depth = depth;
    o.seed = seed;
    out.reference_rollouts = reference_rollouts;
    out.sbue_reference = column_means(simulate(game, state, o, fixed, &hold));
    Samples x = simulate(game, state, o, {}, &hold);
    out.sica_reference = correlation_matrix(x, 0, x.rollouts * x.depth, game);
  }
  double total = 0, done = 0;
  for (std::int64_t k : ks) total += static_cast<double>(k) * repeats;
  for (std::int64_t k : ks) {
    ConvergencePoint point;
    point.rollouts = k;
    point.sbue_rmse.assign(p, 0.0);
    std::vector<std::vector<Maybe>> estimates;
    double cos_sum = 0;
    int cos_n = 0;
    for (int r = 0; r < repeats; ++r) {
      SimulateOptions o;
      o.rollouts = k;
      o.depth = depth;
      o.seed = seed + 1 + static_cast<std::uint64_t>(r);
      std::vector<double> m = column_means(simulate(game, state, o, fixed));
      for (int i = 0; i < p; ++i)
        point.sbue_rmse[i] += (m[i] - out.sbue_reference[i]) * (m[i] - out.sbue_reference[i]);
      Samples x = simulate(game, state, o, {});
      estimates.push_back(correlation_matrix(x, 0, x.rollouts * x.depth, game));
      if (auto c = cosine(estimates.back(), out.sica_reference)) cos_sum += *c, ++cos_n;
      done += static_cast<double>(k);
      if (context) context->report(done / total);
    }
    for (int i = 0; i < p; ++i) point.sbue_rmse[i] = std::sqrt(point.sbue_rmse[i] / repeats);
    if (cos_n) point.sica_cosine = cos_sum / cos_n;
    double pair_sum = 0;
    int pair_n = 0;
    for (std::size_t a = 0; a < estimates.size(); ++a) {
      for (std::size_t b = a + 1; b < estimates.size(); ++b) {
        if (auto c = cosine(estimates[a], estimates[b])) pair_sum += *c, ++pair_n;
      }
    }
    if (pair_n) point.sica_pairwise = pair_sum / pair_n;
    out.points.push_back(std::move(point));
  }
  return out;
}

double similarity(const Action& a, const Action& b) {
  if (a.size() == 0 || a.size() != b.size()) return 0;
  int same = 0;
  for (int s = 0; s < a.size(); ++s) same += a[s] == b[s];
  return static_cast<double>(same) / a.size();
}

Counterfactual counterfactual(const Game& game, const State& state, int player, const Action& explained,
                              const std::vector<SubActionConstraint>& constraints,
                              const CounterfactualOptions& options, const Context* context) {
  Counterfactual out;
  const Policy& policy = game.policy(player);
  // The K draws: draw j from its own stream (seed, j) of a seed kept apart from the simulations'.
  std::map<Action, std::int64_t> counts;
  for (std::int64_t j = 0; j < options.draws; ++j) {
    Rng rng(options.simulate.seed ^ 0x5bd1e995ULL, static_cast<std::uint64_t>(j));
    ++counts[policy.sample(state, player, rng)];
  }
  // π_i's exact probabilities where the policy can list them (else only the draws' frequencies).
  std::vector<std::pair<Action, double>> dist;
  const bool listed = policy.support_bound(state, player) <= static_cast<double>(kMaxListedActions);
  if (listed) policy.distribution(state, player, &dist);
  auto satisfies = [&](const Action& a) {
    for (const SubActionConstraint& c : constraints) {
      if ((a[c.slot] == c.choice) != c.must) return false;
    }
    return true;
  };
  for (const auto& [a, n] : counts) {
    double frequency = static_cast<double>(n) / static_cast<double>(options.draws);
    double sim = similarity(explained, a);
    if (frequency <= options.kappa || !satisfies(a) || a == explained || sim < options.min_similarity)
      continue;
    Candidate c;
    c.action = a;
    c.frequency = frequency;
    c.similarity = sim;
    if (listed) {
      c.probability = 0.0;
      for (const auto& [x, q] : dist) {
        if (x == a) c.probability = q;
      }
    }
    out.feasible.push_back(c);
  }
  const double parts = static_cast<double>(out.feasible.size() + 2);
  // An SBUE per candidate, the explained action's and the unconstrained one: within the analysis budget.
  const double steps = parts * static_cast<double>(options.simulate.rollouts) * options.simulate.depth;
  if (steps > static_cast<double>(kMaxRolloutSteps))
    throw RequestError("analysis.budget_exceeded",
                       "the query leaves " + std::to_string(out.feasible.size()) +
                           " candidate actions, whose SBUE would simulate " +
                           std::to_string(static_cast<long long>(steps)) +
                           " rollout steps, more than the budget of 10^8",
                       "raise kappa (keep only the actions drawn often), or lower draws, rollouts or depth");
  // The unconstrained simulation does not depend on the action: one for every SBUE below.
  const Samples baseline = simulate(game, state, options.simulate, {});
  for (std::size_t k = 0; k < out.feasible.size(); ++k) {
    Context part(context ? context->part(k / parts, (k + 1) / parts) : ProgressCallback{});
    Candidate& c = out.feasible[k];
    Sbue u = sbue(game, state, player, c.action, options.simulate, baseline, context ? &part : nullptr);
    c.utility = u.mean[player];
    c.score = options.alpha * c.similarity + options.beta * c.utility;
  }
  std::stable_sort(out.feasible.begin(), out.feasible.end(),
                   [](const Candidate& a, const Candidate& b) { return a.score > b.score; });
  Context last(context ? context->part((parts - 2) / parts, 1) : ProgressCallback{});
  out.original = sbue(game, state, player, explained, options.simulate, baseline, context ? &last : nullptr);
  if (out.feasible.empty()) {
    out.reason =
        counts.size() <= 1 && counts.count(explained)
            ? "the policy drew only the explained action: no other action satisfies the query"
            : "no drawn action satisfies the query (its constraints, κ, and differing from the explained "
              "action)";
    return out;
  }
  out.best = out.feasible.front();
  out.counterfactual = sbue(game, state, player, out.best->action, options.simulate, baseline);
  return out;
}

double average_precision_at_k(const std::vector<int>& ranking, const std::vector<int>& relevant, int k) {
  if (relevant.empty()) return 0;
  double sum = 0;
  int hits = 0;
  for (int r = 0; r < k && r < static_cast<int>(ranking.size()); ++r) {
    if (std::find(relevant.begin(), relevant.end(), ranking[r]) == relevant.end()) continue;
    ++hits;
    sum += static_cast<double>(hits) / (r + 1);
  }
  return sum / std::min<double>(k, static_cast<double>(relevant.size()));
}

double random_average_precision_at_k(int items, const std::vector<int>& relevant, int k) {
  std::vector<int> order(items);
  std::iota(order.begin(), order.end(), 0);
  double sum = 0;
  std::int64_t n = 0;
  do {
    sum += average_precision_at_k(order, relevant, k);
    ++n;
  } while (std::next_permutation(order.begin(), order.end()));
  return sum / static_cast<double>(n);
}

std::vector<int> rank_by_sica(const std::vector<Maybe>& correlation, int players, int player,
                              bool descending) {
  std::vector<int> defined, undefined;
  for (int j = 0; j < players; ++j) {
    if (j == player) continue;
    (correlation[player * players + j].value ? defined : undefined).push_back(j);
  }
  std::stable_sort(defined.begin(), defined.end(), [&](int a, int b) {
    double x = *correlation[player * players + a].value, y = *correlation[player * players + b].value;
    return descending ? x > y : x < y;
  });
  defined.insert(defined.end(), undefined.begin(), undefined.end());
  return defined;
}

}  // namespace motive::game

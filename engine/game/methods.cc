#include "game/methods.h"
#include "game/rollout.h"

#include "core/diagnostics.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <new>
#include <unordered_map>

namespace motive::game {

namespace {

// Progress (and the chance to stop) every 64 rollouts: a rollout of a built-in game can take milliseconds.
constexpr std::int64_t kProgressEvery = 64;

void report(const Context* context, double fraction) {
  if (context) context->report(fraction);
}

bool constant(const std::vector<double>& rows, int players, int column, std::int64_t first,
              std::int64_t last) {
  for (std::int64_t r = first + 1; r < last; ++r) {
    if (rows[r * players + column] != rows[first * players + column]) return false;
  }
  return true;
}

// √(a·b) for a, b > 0: the root of the product (exact on the diagonal, where a = b), or, where the
// product overflows (utilities near the bound of 1e100, their sums of squares near 1e210) or underflows,
// the product of the roots.
double root_product(double a, double b) {
  const double product = a * b;
  return std::isfinite(product) && product > 0 ? std::sqrt(product) : std::sqrt(a) * std::sqrt(b);
}

std::string constant_reason(const Game& game, int i) {
  return "the utility of " + game.player_name(i) +
         " does not vary over the simulations: a correlation with a "
         "constant is undefined";
}

}  // namespace

NodeType resolve_chance(State& state, Rng& rng, double* reward) {
  return resolve_chance_of(state, rng, reward);
}

std::unique_ptr<Rollouts> Game::rollouts(const State& start, int depth,
                                         const std::vector<Fixed>& fixed) const {
  return make_rollouts<State, Policy>(*this, start, depth, fixed);
}

double simulation_bytes(const SimulateOptions& options, int players) {
  const double rollouts = static_cast<double>(options.rollouts);
  return rollouts * options.depth * players * sizeof(double) +
         (options.record_first_actions ? rollouts * players * sizeof(Action) : 0.0);
}

Samples simulate_range(const Game& game, const State& state, const SimulateOptions& options,
                       const std::vector<Fixed>& fixed, std::int64_t first, std::int64_t last,
                       const Context* context) {
  SimulateOptions part = options;
  part.rollouts = last - first;
  if (simulation_bytes(part, game.num_players()) > static_cast<double>(kMaxSimulationBytes))
    throw RequestError(
        "analysis.budget_exceeded",
        "a simulation of " + std::to_string(part.rollouts) + " rollouts of depth " +
            std::to_string(options.depth) + " keeps more than " + std::to_string(kMaxSimulationBytes >> 20) +
            " MB of samples (rollouts × depth × players numbers, and the first actions of each "
            "rollout where they are recorded)",
        "ask for fewer rollouts or a smaller depth");
  Samples out;
  out.players = game.num_players();
  out.depth = options.depth;
  out.rollouts = last - first;
  const int p = out.players, d = options.depth;
  out.rows.assign(static_cast<std::size_t>(out.rollouts * d * p), 0.0);
  if (options.record_first_actions)
    out.first_actions.assign(static_cast<std::size_t>(out.rollouts * p), Action());
  std::unique_ptr<Rollouts> roller = game.rollouts(state, d, fixed);
  for (std::int64_t j = first; j < last; ++j) {
    if ((j - first) % kProgressEvery == 0) report(context, static_cast<double>(j - first) / (last - first));
    std::int64_t local = j - first;
    roller->run(options.seed, j, out.rows.data() + local * d * p,
                options.record_first_actions ? out.first_actions.data() + local * p : nullptr);
  }
  report(context, 1.0);
  return out;
}

Samples simulate(const Game& game, const State& state, const SimulateOptions& options,
                 const std::vector<Fixed>& fixed, const Context* context) {
  return simulate_range(game, state, options, fixed, 0, options.rollouts, context);
}

namespace {

// Per-rollout means of each column (the average of a rollout's d rows): the unit of the standard errors.
std::vector<double> rollout_means(const Samples& s) {
  std::vector<double> out(static_cast<std::size_t>(s.rollouts * s.players), 0.0);
  for (std::int64_t j = 0; j < s.rollouts; ++j) {
    for (int t = 0; t < s.depth; ++t) {
      for (int i = 0; i < s.players; ++i) out[j * s.players + i] += s.at(j * s.depth + t, i) / s.depth;
    }
  }
  return out;
}

void mean_and_error(const std::vector<double>& units, std::int64_t n, int players, std::vector<double>* mean,
                    std::vector<double>* error, std::vector<double>* deviation) {
  mean->assign(players, 0.0);
  error->assign(players, 0.0);
  if (deviation) deviation->assign(players, 0.0);
  for (int i = 0; i < players; ++i) {
    double m = 0;
    for (std::int64_t j = 0; j < n; ++j) m += units[j * players + i];
    m /= static_cast<double>(n);
    double ss = 0;
    for (std::int64_t j = 0; j < n; ++j) ss += (units[j * players + i] - m) * (units[j * players + i] - m);
    double var = n > 1 ? ss / static_cast<double>(n - 1) : 0.0;
    (*mean)[i] = m;
    (*error)[i] = std::sqrt(var / static_cast<double>(n));
    if (deviation) (*deviation)[i] = std::sqrt(var);
  }
}

}  // namespace

Sbue sbue(const Game& game, const State& state, int player, const Action& action,
          const SimulateOptions& options, const Context* context) {
  Context explained_part(context ? context->part(0, 0.5) : ProgressCallback{});
  Context baseline_part(context ? context->part(0.5, 1) : ProgressCallback{});
  Samples baseline = simulate(game, state, options, {}, context ? &baseline_part : nullptr);
  return sbue(game, state, player, action, options, baseline, context ? &explained_part : nullptr);
}

Sbue sbue(const Game& game, const State& state, int player, const Action& action,
          const SimulateOptions& options, const Samples& baseline, const Context* context) {
  return sbue(game, state, std::vector<Fixed>{{player, 0, action}}, options, baseline, context);
}

Sbue sbue(const Game& game, const State& state, const std::vector<Fixed>& fixed,
          const SimulateOptions& options, const Samples& baseline, const Context* context) {
  Sbue out;
  const int p = game.num_players();
  Samples explained = simulate(game, state, options, fixed, context);
  mean_and_error(rollout_means(explained), explained.rollouts, p, &out.mean, &out.standard_error, nullptr);
  std::vector<double> unused;
  // σ of the rows themselves (the paper standardises each utility), μ their mean.
  mean_and_error(baseline.rows, baseline.rollouts * baseline.depth, p, &out.baseline_mean, &unused,
                 &out.baseline_deviation);
  for (int i = 0; i < p; ++i) {
    double sigma = out.baseline_deviation[i];
    if (sigma > 0) {
      out.z.push_back({(out.mean[i] - out.baseline_mean[i]) / sigma, {}});
      out.z_standard_error.push_back({out.standard_error[i] / sigma, {}});
    } else {
      std::string why = "the utility of " + game.player_name(i) +
                        " does not vary in unconstrained simulation (σ = 0): no z-score";
      out.z.push_back({std::nullopt, why});
      out.z_standard_error.push_back({std::nullopt, why});
    }
  }
  return out;
}

std::vector<Maybe> correlation_matrix(const Samples& samples, std::int64_t first, std::int64_t last,
                                      const Game& game) {
  const int p = samples.players;
  const auto& rows = samples.rows;
  std::vector<double> mean(p, 0.0), sd(p, 0.0);
  std::vector<bool> flat(p);
  const double n = static_cast<double>(last - first);
  for (int i = 0; i < p; ++i) {
    flat[i] = constant(rows, p, i, first, last);
    for (std::int64_t r = first; r < last; ++r) mean[i] += rows[r * p + i];
    mean[i] /= n;
  }
  std::vector<Maybe> out(static_cast<std::size_t>(p * p));
  std::vector<double> cov(static_cast<std::size_t>(p * p), 0.0);
  for (std::int64_t r = first; r < last; ++r) {
    for (int i = 0; i < p; ++i) {
      double di = rows[r * p + i] - mean[i];
      for (int j = i; j < p; ++j) cov[i * p + j] += di * (rows[r * p + j] - mean[j]);
    }
  }
  for (int i = 0; i < p; ++i) {
    for (int j = i; j < p; ++j) {
      Maybe m;
      if (flat[i] || flat[j]) {
        m.reason = constant_reason(game, flat[i] ? i : j);
      } else {
        double c = cov[i * p + j] / root_product(cov[i * p + i], cov[j * p + j]);
        m.value = std::clamp(c, -1.0, 1.0);
      }
      out[i * p + j] = out[j * p + i] = m;
    }
  }
  return out;
}

std::vector<Maybe> correlation_standard_errors(const Samples& samples,
                                               const std::vector<Maybe>& correlation) {
  const int p = samples.players, d = samples.depth;
  const std::int64_t k = samples.rollouts;
  const std::int64_t rows = k * d;
  const double* x = samples.rows.data();
  std::vector<double> mean(p, 0.0);
  for (std::int64_t r = 0; r < rows; ++r) {
    for (int i = 0; i < p; ++i) mean[i] += x[r * p + i];
  }
  for (int i = 0; i < p; ++i) mean[i] /= static_cast<double>(rows);
  // U, X, Y of every pair: the rollouts' mean sums of centred products, which are the rows' sums over k.
  std::vector<double> total(static_cast<std::size_t>(p * p), 0.0);
  for (std::int64_t r = 0; r < rows; ++r) {
    for (int a = 0; a < p; ++a) {
      const double da = x[r * p + a] - mean[a];
      for (int b = a; b < p; ++b) total[a * p + b] += da * (x[r * p + b] - mean[b]);
    }
  }
  for (double& t : total) t /= static_cast<double>(k);
  // ψ_j is linear in rollout j's sums: ψ_j = α·u_j − β_x·x_j − β_y·y_j + γ, its coefficients fixed per
  // pair, so the rollout loop only multiplies and adds.
  struct Pair {
    int a, b;
    double alpha, beta_x, beta_y, gamma, psi2 = 0;
  };
  std::vector<Pair> pairs;
  for (int a = 0; a < p; ++a) {
    for (int b = a + 1; b < p; ++b) {
      const Maybe& r = correlation[a * p + b];
      if (!r.value) continue;
      const double big_u = total[a * p + b], big_x = total[a * p + a], big_y = total[b * p + b];
      const double alpha = 1 / root_product(big_x, big_y);
      pairs.push_back(
          {a, b, alpha, *r.value / (2 * big_x), *r.value / (2 * big_y), *r.value - alpha * big_u});
    }
  }
  // Rollout j's sums, reset per rollout (only what the pairs read: a zeroed p × p array per rollout took
  // a fifth of SICA's time).
  std::vector<double> u(pairs.size());
  double centred[kMaxPlayers], sq[kMaxPlayers];
  for (std::int64_t j = 0; j < k && !pairs.empty(); ++j) {
    std::fill(u.begin(), u.end(), 0.0);
    std::fill(sq, sq + p, 0.0);
    for (int t = 0; t < d; ++t) {
      const double* row = x + (j * d + t) * p;
      for (int i = 0; i < p; ++i) centred[i] = row[i] - mean[i], sq[i] += centred[i] * centred[i];
      for (std::size_t c = 0; c < pairs.size(); ++c) u[c] += centred[pairs[c].a] * centred[pairs[c].b];
    }
    for (std::size_t c = 0; c < pairs.size(); ++c) {
      Pair& pair = pairs[c];
      const double psi = pair.alpha * u[c] - pair.beta_x * sq[pair.a] - pair.beta_y * sq[pair.b] + pair.gamma;
      pair.psi2 += psi * psi;
    }
  }
  std::vector<Maybe> out(static_cast<std::size_t>(p * p));
  for (int a = 0; a < p; ++a) {
    for (int b = 0; b < p; ++b) {
      Maybe& se = out[a * p + b];
      const Maybe& r = correlation[a * p + b];
      if (!r.value) {
        se.reason = r.reason;
      } else if (a == b) {
        se.value = 0.0;  // a column's correlation with itself is 1 in every sample
      }
    }
  }
  for (const Pair& c : pairs) {
    const double error = std::sqrt(c.psi2 / (static_cast<double>(k) * static_cast<double>(k - 1)));
    out[c.a * p + c.b].value = out[c.b * p + c.a].value = error;
  }
  return out;
}

Sica sica(const Game& game, const State& state, const SimulateOptions& options, const Context* context) {
  Sica out;
  const int p = game.num_players();
  Samples samples = simulate(game, state, options, {}, context);
  const std::int64_t rows = samples.rollouts * samples.depth;
  out.correlation = correlation_matrix(samples, 0, rows, game);
  out.mean.assign(p, 0.0);
  for (std::int64_t r = 0; r < rows; ++r) {
    for (int i = 0; i < p; ++i) out.mean[i] += samples.at(r, i) / static_cast<double>(rows);
  }
  out.standard_error = correlation_standard_errors(samples, out.correlation);
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Probable actions.

namespace {

// Takes the most probable chance outcome until a decision node; records the labels.
void greedy_chance(State& state, std::vector<std::string>* labels) {
  while (state.type() == NodeType::kChance) {
    int n = state.num_chance_outcomes(), best = 0;
    for (int k = 1; k < n; ++k) {
      if (state.chance_probability(k) > state.chance_probability(best)) best = k;
    }
    labels->push_back(state.chance_label(best));
    double reward[kMaxPlayers] = {};
    state.apply_chance(best, reward);
  }
}

}  // namespace

Probable probable_actions(const Game& game, const State& state, int player, const Action& action, int turns,
                          const SimulateOptions& options, const Context* context) {
  return probable_actions(game, state, std::vector<Fixed>{{player, 0, action}}, turns, options, context);
}

Probable probable_actions(const Game& game, const State& state, const std::vector<Fixed>& fixed, int turns,
                          const SimulateOptions& options, const Context* context) {
  Probable out;
  const int p = game.num_players();
  SimulateOptions one = options;
  one.depth = 1;
  one.record_first_actions = true;
  Samples samples = simulate(game, state, one, fixed, context);

  std::unique_ptr<State> s = state.clone();
  greedy_chance(*s, &out.chance);
  if (s->type() != NodeType::kDecision) {
    out.final_state = s->serialise();
    return out;
  }
  int acting[kMaxPlayers];
  Action joint[kMaxPlayers];
  int n = s->acting(acting);
  for (int a = 0; a < n; ++a) {
    int i = acting[a];
    const Fixed* f = nullptr;
    for (const Fixed& x : fixed) {
      if (x.step == 0 && x.player == i) f = &x;
    }
    if (f) {
      joint[a] = f->action;
      continue;
    }
    // The most frequent step-0 action of agent i; ties go to the first in action order.
    std::map<Action, std::int64_t> counts;
    for (std::int64_t j = 0; j < samples.rollouts; ++j) {
      const Action& x = samples.first_actions[j * p + i];
      if (x.size() > 0) ++counts[x];
    }
    ProbableAction pa;
    pa.step = 0;
    pa.player = i;
    pa.sampled = true;
    std::int64_t best = -1;
    for (const auto& [x, c] : counts) {
      if (c > best) best = c, pa.action = x;
    }
    pa.frequency = static_cast<double>(best) / static_cast<double>(samples.rollouts);
    pa.space = s->legal_actions(i);
    for (const Slot& slot : pa.space.slots) pa.marginals.emplace_back(slot.choices.size(), 0.0);
    for (const auto& [x, c] : counts) {
      for (std::size_t slot = 0; slot < pa.marginals.size(); ++slot) {
        pa.marginals[slot][x[static_cast<int>(slot)]] += static_cast<double>(c) / samples.rollouts;
      }
    }
    const ListedDistribution listed = listed_distribution(game.policy(i), *s, i);
    if (listed.exact) {
      pa.exact = true;
      pa.exact_action = listed.actions.front().first;
      pa.probability = listed.actions.front().second;
      for (const Slot& slot : pa.space.slots) pa.exact_marginals.emplace_back(slot.choices.size(), 0.0);
      for (const auto& [x, q] : listed.actions) {
        for (std::size_t slot = 0; slot < pa.exact_marginals.size(); ++slot)
          pa.exact_marginals[slot][x[static_cast<int>(slot)]] += q;
      }
    }
    joint[a] = pa.action;
    out.actions.push_back(std::move(pa));
  }
  double reward[kMaxPlayers] = {};
  s->apply_actions(joint, reward);
  for (int step = 1; step < turns; ++step) {
    greedy_chance(*s, &out.chance);
    if (s->type() != NodeType::kDecision) break;
    n = s->acting(acting);
    for (int a = 0; a < n; ++a) {
      int i = acting[a];
      // Most probable first (estimated from draws where the policy has too many actions to list).
      ListedDistribution listed = listed_distribution(game.policy(i), *s, i);
      ProbableAction pa;
      pa.step = step;
      pa.player = i;
      pa.action = listed.actions.front().first;
      pa.frequency = listed.actions.front().second;
      pa.marginals = marginals(game.policy(i), *s, i);
      pa.space = s->legal_actions(i);
      joint[a] = pa.action;
      out.actions.push_back(std::move(pa));
    }
    std::fill(reward, reward + kMaxPlayers, 0.0);
    s->apply_actions(joint, reward);
  }
  out.final_state = s->serialise();
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Exact moments.

namespace {

class Enumerator {
 public:
  Enumerator(const Game& game, int depth, const std::vector<Fixed>& fixed, std::int64_t max_nodes,
             const Context* context)
      : game_(game),
        depth_(depth),
        fixed_(fixed),
        max_nodes_(max_nodes),
        context_(context),
        players_(game.num_players()),
        gamma_(game.discount()),
        continuations_(game.has_heuristic_value() ? 1 : game.value_rollouts()) {}

  // exact_rows: also keep the distribution of each step's rows, up to max_support distinct rows a step.
  void collect(std::int64_t max_support) {
    distribution_.assign(depth_, {});
    max_support_ = max_support;
  }

  // Calls leaf(state, probability, reward) for every state reached from `state` through chance
  // nodes, with the rewards paid on the way added to `reward`.
  void through_chance(const State& state, double probability, const double* reward,
                      const std::function<void(const State&, double, const double*)>& leaf) {
    if (!count()) return;
    if (state.type() != NodeType::kChance) {
      leaf(state, probability, reward);
      return;
    }
    for (int k = 0; k < state.num_chance_outcomes() && !aborted_; ++k) {
      double pk = state.chance_probability(k);
      if (pk <= 0) continue;
      std::unique_ptr<State> child = state.clone();
      double r[kMaxPlayers];
      std::copy(reward, reward + players_, r);
      child->apply_chance(k, r);
      through_chance(*child, probability * pk, r, leaf);
    }
  }

  // Calls next(child, probability, reward) for every joint action at decision node `state` (the
  // policies' distributions; fixed actions at step t), the chance nodes after it resolved.
  void joint_actions(const State& state, int t, double probability,
                     const std::function<void(const State&, double, const double*)>& next) {
    int acting[kMaxPlayers];
    int n = state.acting(acting);
    std::vector<std::vector<std::pair<Action, double>>> dists(n);
    for (int a = 0; a < n; ++a) {
      const Fixed* f = nullptr;
      for (const Fixed& x : fixed_) {
        if (x.step == t && x.player == acting[a]) f = &x;
      }
      if (f) {
        dists[a] = {{f->action, 1.0}};
      } else if (game_.policy(acting[a]).support_bound(state, acting[a]) >
                 static_cast<double>(kMaxListedActions)) {
        aborted_ = true;  // too many actions to list: no exact value
        return;
      } else {
        checked_distribution(game_.policy(acting[a]), state, acting[a], &dists[a]);
      }
    }
    std::vector<int> index(n, 0);
    Action joint[kMaxPlayers];
    while (!aborted_) {
      double q = probability;
      for (int a = 0; a < n; ++a) {
        joint[a] = dists[a][index[a]].first;
        q *= dists[a][index[a]].second;
      }
      if (q > 0) {
        if (!count()) return;
        std::unique_ptr<State> child = state.clone();
        double r[kMaxPlayers] = {};
        child->apply_actions(joint, r);
        through_chance(*child, q, r, next);
      }
      int a = n - 1;
      while (a >= 0 && ++index[a] == static_cast<int>(dists[a].size())) index[a--] = 0;
      if (a < 0) break;
    }
  }

  using Leaf = std::function<void(const double*, double)>;

  // Games without a heuristic value: Simulate's V(s') is the return of plays to the end, so a row's
  // distribution (not only its mean) comes from the whole tail of the tree. Calls leaf(utility,
  // probability) for every terminal leaf below `state`, its utility the cumulative rewards there.
  void tail(const State& state, double probability, const double* cumulative, double discount,
            const Leaf& leaf) {
    if (state.type() == NodeType::kTerminal) {
      leaf(cumulative, probability);
      return;
    }
    joint_actions(state, -1, probability, [&](const State& child, double q, const double* r) {
      double c[kMaxPlayers];
      for (int i = 0; i < players_; ++i) c[i] = cumulative[i] + discount * r[i];
      tail(child, q, c, discount * gamma_, leaf);
    });
  }

  // The rows after step t reached with probability q, having paid c, V discounted by `discount` (γ^{t+1}),
  // below the decision or terminal node `child`.
  void value_rows(const State& child, int t, double q, const double* c, double discount) {
    if (game_.has_heuristic_value()) {
      double v[kMaxPlayers], u[kMaxPlayers];
      game_.value(child, v);
      for (int i = 0; i < players_; ++i) u[i] = c[i] + discount * v[i];
      add(u, q);
      record(t, u, q);
      return;
    }
    if (continuations_ == 1) {
      // One play: every leaf of the tail is a row.
      tail(child, q, c, discount, [&](const double* u, double w) {
        add(u, w);
        record(t, u, w);
      });
      return;
    }
    // The mean of n plays: from the conditional moments of one play's return G below `child`.
    double mu[kMaxPlayers] = {}, second[kMaxPlayers * kMaxPlayers] = {}, zero[kMaxPlayers] = {};
    tail(child, 1.0, zero, 1.0, [&](const double* g, double w) {
      for (int i = 0; i < players_; ++i) {
        mu[i] += w * g[i];
        for (int j = 0; j < players_; ++j) second[i * players_ + j] += w * g[i] * g[j];
      }
    });
    double u[kMaxPlayers];
    for (int i = 0; i < players_; ++i) u[i] = c[i] + discount * mu[i];
    const double spread = discount * discount / continuations_;
    for (int i = 0; i < players_; ++i) {
      mean_[i] += q * u[i];
      for (int j = 0; j < players_; ++j) {
        const double covariance = second[i * players_ + j] - mu[i] * mu[j];
        second_[i * players_ + j] += q * (u[i] * u[j] + spread * covariance);
      }
    }
  }

  // Adds the rows of steps t..d−1 below `state` (reached with `probability`, having paid `cumulative`,
  // discount γ^t) to the moments.
  void rows(const State& state, int t, double probability, const double* cumulative, double discount) {
    if (t == depth_) return;
    if (state.type() == NodeType::kTerminal) {
      add(cumulative, probability * (depth_ - t));
      for (int rest = t; rest < depth_; ++rest) record(rest, cumulative, probability);
      return;
    }
    joint_actions(state, t, probability, [&](const State& child, double q, const double* r) {
      double c[kMaxPlayers];
      for (int i = 0; i < players_; ++i) c[i] = cumulative[i] + discount * r[i];
      value_rows(child, t, q, c, discount * gamma_);
      rows(child, t + 1, q, c, discount * gamma_);
    });
  }

  void start(const State& state) {
    mean_.assign(players_, 0.0);
    second_.assign(static_cast<std::size_t>(players_ * players_), 0.0);
    double zero[kMaxPlayers] = {};
    through_chance(state, 1.0, zero,
                   [&](const State& s, double q, const double* r) { rows(s, 0, q, r, 1.0); });
  }

  bool aborted() const { return aborted_; }
  std::int64_t nodes() const { return nodes_; }
  std::vector<double> mean_, second_;
  // exact_rows: per step, each distinct row's probability, and whether a step had too many.
  std::vector<std::map<std::vector<double>, double>> distribution_;
  bool support_exceeded_ = false;

 private:
  void record(int t, const double* u, double weight) {
    if (distribution_.empty()) return;
    auto& step = distribution_[t];
    step[std::vector<double>(u, u + players_)] += weight;
    if (static_cast<std::int64_t>(step.size()) > max_support_) {
      support_exceeded_ = true;
      aborted_ = true;
    }
  }

  void add(const double* u, double weight) {
    for (int i = 0; i < players_; ++i) {
      mean_[i] += weight * u[i];
      for (int j = 0; j < players_; ++j) second_[i * players_ + j] += weight * u[i] * u[j];
    }
  }

  bool count() {
    if (aborted_) return false;
    if (++nodes_ > max_nodes_) {
      aborted_ = true;
      return false;
    }
    // Every 64 nodes: a node of a built-in game can cost milliseconds (a Risk position lists and scores
    // hundreds of attack plans), and a listener that wants to stop must hear within a second or so.
    if (context_ && nodes_ % 64 == 0)
      context_->report(std::min(0.99, static_cast<double>(nodes_) / max_nodes_));
    return true;
  }

  const Game& game_;
  int depth_;
  const std::vector<Fixed>& fixed_;
  std::int64_t max_nodes_;
  const Context* context_;
  int players_;
  double gamma_;
  int continuations_;
  std::int64_t nodes_ = 0;
  bool aborted_ = false;
  std::int64_t max_support_ = 0;
};

// The number of leaves of the tree below `state`, were every node as wide as those on one path (the
// first action of each distribution, the first chance outcome): a cheap estimate that spares a
// hopeless enumeration (COP's talk: 10^12 leaves) before it starts.
double estimated_leaves(const Game& game, const State& state, int depth, const std::vector<Fixed>& fixed) {
  std::unique_ptr<State> s = state.clone();
  double leaves = 1, reward[kMaxPlayers] = {};
  std::vector<std::pair<Action, double>> dist;
  // With the Monte Carlo V the enumeration goes on to the end of the play.
  const int steps = game.has_heuristic_value() ? depth : game.max_length() + 1;
  int step = 0;
  for (int guard = 0; guard <= 2 * (game.max_length() + 1) && s->type() != NodeType::kTerminal; ++guard) {
    if (s->type() == NodeType::kChance) {
      leaves *= s->num_chance_outcomes();
      s->apply_chance(0, reward);
      continue;
    }
    if (step >= steps) break;
    int acting[kMaxPlayers];
    Action joint[kMaxPlayers];
    int n = s->acting(acting);
    for (int a = 0; a < n; ++a) {
      bool is_fixed = false;
      for (const Fixed& f : fixed) {
        if (f.step == step && f.player == acting[a]) is_fixed = true, joint[a] = f.action;
      }
      if (is_fixed) continue;
      const double bound = game.policy(acting[a]).support_bound(*s, acting[a]);
      if (bound > static_cast<double>(kMaxListedActions)) return bound * leaves;
      checked_distribution(game.policy(acting[a]), *s, acting[a], &dist);
      leaves *= static_cast<double>(dist.size());
      joint[a] = dist.front().first;
    }
    s->apply_actions(joint, reward);
    ++step;
  }
  return leaves;
}

}  // namespace

Exact exact_moments(const Game& game, const State& state, int depth, const std::vector<Fixed>& fixed,
                    std::int64_t max_nodes, const Context* context) {
  Exact out;
  if (estimated_leaves(game, state, depth, fixed) > static_cast<double>(max_nodes)) return out;
  Enumerator e(game, depth, fixed, max_nodes, context);
  e.start(state);
  out.nodes = e.nodes();
  out.complete = !e.aborted();
  if (!out.complete) return out;
  const int p = game.num_players();
  out.mean.resize(p);
  out.second.resize(static_cast<std::size_t>(p * p));
  for (int i = 0; i < p; ++i) out.mean[i] = e.mean_[i] / depth;
  for (int c = 0; c < p * p; ++c) out.second[c] = e.second_[c] / depth;
  report(context, 1.0);
  return out;
}

std::vector<Maybe> exact_correlation(const Exact& exact, const Game& game) {
  const int p = game.num_players();
  std::vector<Maybe> out(static_cast<std::size_t>(p * p));
  std::vector<double> var(p);
  std::vector<bool> flat(p);
  for (int i = 0; i < p; ++i) {
    var[i] = exact.second[i * p + i] - exact.mean[i] * exact.mean[i];
    flat[i] = var[i] <= 1e-12 * (1 + exact.mean[i] * exact.mean[i]);
  }
  for (int i = 0; i < p; ++i) {
    for (int j = 0; j < p; ++j) {
      Maybe m;
      if (flat[i] || flat[j]) {
        m.reason = constant_reason(game, flat[i] ? i : j);
      } else {
        double cov = exact.second[i * p + j] - exact.mean[i] * exact.mean[j];
        m.value = std::clamp(cov / root_product(var[i], var[j]), -1.0, 1.0);
      }
      out[i * p + j] = m;
    }
  }
  return out;
}

std::vector<double> exact_deviation(const Exact& exact) {
  const int p = static_cast<int>(exact.mean.size());
  std::vector<double> out(p);
  for (int i = 0; i < p; ++i)
    out[i] = std::sqrt(std::max(0.0, exact.second[i * p + i] - exact.mean[i] * exact.mean[i]));
  return out;
}

RowDistribution exact_rows(const Game& game, const State& state, int depth, const std::vector<Fixed>& fixed,
                           std::int64_t max_nodes, std::int64_t max_support, const Context* context) {
  RowDistribution out;
  if (!game.has_heuristic_value() && game.value_rollouts() > 1) {
    out.reason = "V is the mean of " + std::to_string(game.value_rollouts()) +
                 " plays: the rows' distribution is that of a mean of plays, too wide to list; their moments "
                 "are exact";
    return out;
  }
  if (estimated_leaves(game, state, depth, fixed) > static_cast<double>(max_nodes)) {
    out.reason = "the tree below this state has more than " + std::to_string(max_nodes) +
                 " nodes (max_nodes; estimated along one path before starting)";
    return out;
  }
  Enumerator e(game, depth, fixed, max_nodes, context);
  e.collect(max_support);
  e.start(state);
  out.nodes = e.nodes();
  if (e.support_exceeded_) {
    out.reason = "a step's rows take more than " + std::to_string(max_support) + " distinct values";
    return out;
  }
  if (e.aborted()) {
    out.reason =
        "the tree below this state has more than " + std::to_string(max_nodes) + " nodes (max_nodes)";
    return out;
  }
  out.complete = true;
  for (const auto& step : e.distribution_) {
    std::vector<std::pair<std::vector<double>, double>> rows(step.begin(), step.end());
    // Most probable first; equal probabilities in the rows' order (the map's: the same everywhere).
    std::stable_sort(rows.begin(), rows.end(),
                     [](const auto& a, const auto& b) { return a.second > b.second; });
    out.steps.push_back(std::move(rows));
  }
  report(context, 1.0);
  return out;
}

}  // namespace motive::game

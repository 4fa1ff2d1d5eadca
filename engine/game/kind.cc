#include "game/kind.h"
#include "core/diagnostics.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "game/diplomacy/analysis.h"
#include "game/evaluation.h"
#include "game/meg.h"
#include "game/methods.h"
#include "game/model.h"
#include "game/reader_util.h"
#include "game/risk/analysis.h"
#include "game/risk/dice.h"
#include "game/tree.h"

namespace motive::game {

namespace {

using nlohmann::json;

constexpr std::int64_t kMaxRollouts = 10'000'000;
// The most distinct rows a step of simulate's exact distribution keeps (then only its moments are given).
constexpr std::int64_t kMaxExactSupport = 100'000;
constexpr const char* kPaper = "Orner et al.";

// ---- budgets ---------------------------------------------------------------------------------------

// An analysis's simulations within kMaxRolloutSteps (methods.h): `steps` is Σ rollouts × depth over them.
// Checked before the first rollout, so a request of 10^7 rollouts × 1,000 steps is refused at once.
void check_rollout_steps(double steps, const std::string& analysis, const std::string& hint) {
  if (steps <= static_cast<double>(kMaxRolloutSteps)) return;
  char number[32];
  std::snprintf(number, sizeof number, "%.3g", steps);
  throw RequestError(
      "analysis.budget_exceeded",
      analysis + " would simulate " + number +
          " rollout steps (rollouts × depth over its simulations), more than the budget of 10^8",
      hint);
}

constexpr const char* kFewerRollouts = "ask for fewer rollouts or a smaller depth";

// The most sample sizes convergence compares.
constexpr std::size_t kMaxKs = 64;

// ---- reading the request --------------------------------------------------------------------------

std::unique_ptr<State> state_param(const GameModel& model, const Params& params) {
  return model.state(params.get("state").is_string() ? params.string("state") : std::string());
}

SimulateOptions options_param(const Params& params) {
  SimulateOptions o;
  o.rollouts = params.integer("rollouts");
  o.depth = static_cast<int>(params.integer("depth"));
  o.seed = static_cast<std::uint64_t>(params.integer("seed"));
  return o;
}

// The decision node a method explains: chance nodes pending at the state must be resolved by naming
// a later state, since the explained player's action is chosen after them.
void require_decision(const GameModel& model, const State& s, const char* analysis) {
  if (s.type() == NodeType::kDecision) return;
  throw RequestError("request.not_a_decision",
                     std::string(analysis) + " explains an action, but at this state " +
                         (s.type() == NodeType::kChance ? "chance moves next" : "the game is over"),
                     model.states.empty() ? "give a state where a player acts (\"state\")"
                                          : "give a state where a player acts, such as \"" +
                                                model.states.front().first + "\"");
}

int player_param(const GameModel& model, const State& s, const Params& params) {
  const Game& game = *model.game;
  int acting[kMaxPlayers];
  int n = s.acting(acting);
  if (!params.has("player")) return acting[0];
  std::string name = params.string("player");
  int i = find_player(game, name);
  std::vector<std::string> names;
  for (int k = 0; k < game.num_players(); ++k) names.push_back(game.player_name(k));
  if (i < 0)
    throw RequestError("request.unknown_player", "\"" + name + "\" is not a player",
                       did_you_mean(name, names));
  if (std::find(acting, acting + n, i) == acting + n) {
    std::string who;
    for (int a = 0; a < n; ++a) who += (a ? ", " : "") + game.player_name(acting[a]);
    throw RequestError("request.not_acting", "\"" + name + "\" does not act at this state",
                       "acting here: " + who);
  }
  return i;
}

// The "action" param, or the player's most probable action when absent.
Action action_param(const GameModel& model, const State& s, int player, const Params& params) {
  if (!params.has("action"))
    return listed_distribution(model.game->policy(player), s, player).actions.front().first;
  std::string error;
  auto a = parse_action(s, player, params.get("action"), &error);
  if (!a) throw RequestError("request.bad_action", error, "an action is a list of labels, one per slot");
  return *a;
}

// The "fixed" param: actions fixed together at step 0, [{player, step: 0, action}], one per player and
// none for `except` (the explained player, whose action is the "action" param; −1 for none).
std::vector<Fixed> fixed_param(const GameModel& model, const State& s, const Params& params, int except,
                               const char* analysis) {
  std::vector<Fixed> fixed;
  if (!params.has("fixed")) return fixed;
  const Game& game = *model.game;
  const json& list = params.get("fixed");
  if (!list.is_array())
    throw RequestError("request.bad_parameter", "\"fixed\" is a list of {player, step, action}");
  for (const json& f : list) {
    if (!f.is_object() || !f.contains("player") || !f.contains("action") || !f["player"].is_string()) {
      throw RequestError("request.bad_parameter", "each entry of \"fixed\" is {player, step, action}");
    }
    int i = find_player(game, f["player"].get<std::string>());
    if (i < 0) throw RequestError("request.unknown_player", json_text(f["player"]) + " is not a player");
    if (f.contains("step") && !(f["step"].is_number_integer() && f["step"].get<std::int64_t>() == 0)) {
      throw RequestError("request.bad_parameter", "fixed actions are checked at step 0 only",
                         "give step 0; later steps depend on the sampled play");
    }
    if (i == except) {
      throw RequestError("request.bad_parameter",
                         "\"fixed\" gives an action for " + game.player_name(i) + ", the explained player",
                         "give the explained player's action as \"action\"");
    }
    for (const Fixed& other : fixed) {
      if (other.player == i)
        throw RequestError("request.bad_parameter", "\"fixed\" gives two actions for " + game.player_name(i));
    }
    require_decision(model, s, analysis);
    std::string error;
    auto a = parse_action(s, i, f["action"], &error);
    if (!a) throw RequestError("request.bad_action", game.player_name(i) + ": " + error);
    fixed.push_back({i, 0, *a});
  }
  return fixed;
}

// ---- writing the result ---------------------------------------------------------------------------

json players_json(const Game& game) {
  json out = json::array();
  for (int i = 0; i < game.num_players(); ++i) out.push_back(game.player_name(i));
  return out;
}

json action_json(const ActionSpace& space, const Action& a) {
  json out = json::object();
  for (std::size_t s = 0; s < space.slots.size(); ++s)
    out[space.slots[s].name] = space.slots[s].choices[a[static_cast<int>(s)]];
  return out;
}

json numbers(const std::vector<double>& v) {
  json out = json::array();
  for (double x : v) out.push_back(number_json(x));
  return out;
}

// A list of maybe-numbers as values (null when undefined) and reasons (null when defined).
void maybe_json(const std::vector<Maybe>& v, json* values, json* reasons) {
  *values = json::array();
  *reasons = json::array();
  for (const Maybe& m : v) {
    values->push_back(m.value ? number_json(*m.value) : json(nullptr));
    reasons->push_back(m.value ? json(nullptr) : json(m.reason));
  }
}

// A p × p matrix of maybe-numbers as rows.
void matrix_json(const std::vector<Maybe>& v, int p, json* values, json* reasons) {
  *values = json::array();
  *reasons = json::array();
  for (int i = 0; i < p; ++i) {
    json row, why;
    maybe_json(std::vector<Maybe>(v.begin() + i * p, v.begin() + (i + 1) * p), &row, &why);
    values->push_back(row);
    reasons->push_back(why);
  }
}

json node_json(const Game& game, const State& s) {
  json out;
  out["text"] = s.serialise();
  out["node"] = s.type() == NodeType::kChance     ? "chance"
                : s.type() == NodeType::kDecision ? "decision"
                                                  : "terminal";
  out["describe"] = json::parse(s.describe());
  if (s.type() == NodeType::kDecision) {
    int acting[kMaxPlayers];
    int n = s.acting(acting);
    json players = json::array();
    for (int a = 0; a < n; ++a) {
      ActionSpace space = s.legal_actions(acting[a]);
      json slots = json::array();
      for (const Slot& slot : space.slots) slots.push_back({{"name", slot.name}, {"choices", slot.choices}});
      ListedDistribution dist = listed_distribution(game.policy(acting[a]), s, acting[a]);
      json policy = json::array();
      for (std::size_t k = 0; k < dist.actions.size() && k < 12; ++k) {
        policy.push_back(
            {{"action", action_json(space, dist.actions[k].first)}, {"probability", dist.actions[k].second}});
      }
      json entry = {{"player", game.player_name(acting[a])}, {"slots", slots}, {"policy", policy}};
      // Too many actions to list: the probabilities are frequencies among seeded draws.
      if (!dist.exact) entry["policy_draws"] = dist.draws;
      players.push_back(entry);
    }
    out["acting"] = players;
  } else if (s.type() == NodeType::kChance) {
    json outcomes = json::array();
    for (int k = 0; k < s.num_chance_outcomes(); ++k) {
      outcomes.push_back({{"outcome", s.chance_label(k)}, {"probability", s.chance_probability(k)}});
    }
    out["chance"] = outcomes;
  }
  return out;
}

json exact_status(const Exact& e, std::int64_t max_nodes) {
  json out = {{"available", e.complete}, {"nodes", e.nodes}};
  if (!e.complete) {
    out["reason"] = "the tree below this state has more than " + std::to_string(max_nodes) +
                    " nodes (max_nodes; counted, or estimated along one path before starting): only "
                    "sampled values are given";
  }
  return out;
}

// ---- the analyses ---------------------------------------------------------------------------------

json describe_analysis(const GameModel& model, const Params& params, Context&) {
  const Game& game = *model.game;
  json out;
  out["title"] = model.title;
  if (!model.description.empty()) out["description"] = model.description;
  if (!model.source.empty()) out["source"] = model.source;
  out["builtin"] = model.builtin.empty() ? json(nullptr) : json(model.builtin);
  out["players"] = players_json(game);
  json states = json::array();
  for (const auto& [name, text] : model.states) states.push_back({{"name", name}, {"text", text}});
  out["states"] = states;
  out["state"] = node_json(game, *state_param(model, params));
  if (std::string board = game.board(); !board.empty()) out["board"] = json::parse(board);
  return out;
}

json play_analysis(const GameModel& model, const Params& params, Context& context) {
  const Game& game = *model.game;
  std::unique_ptr<State> s = state_param(model, params);
  Rng rng(static_cast<std::uint64_t>(params.integer("seed")), 0);
  json steps = json::array();
  std::vector<double> returns(game.num_players(), 0.0);
  for (int step = 0; step <= game.max_length(); ++step) {
    json entry = node_json(game, *s);
    if (s->type() == NodeType::kTerminal) {
      steps.push_back(entry);
      break;
    }
    double reward[kMaxPlayers] = {};
    if (s->type() == NodeType::kChance) {
      std::vector<double> p(s->num_chance_outcomes());
      for (int k = 0; k < static_cast<int>(p.size()); ++k) p[k] = s->chance_probability(k);
      int k = rng.pick(p.data(), static_cast<int>(p.size()));
      entry["move"] = {{"chance", s->chance_label(k)}};
      s->apply_chance(k, reward);
    } else {
      int acting[kMaxPlayers];
      Action joint[kMaxPlayers];
      int n = s->acting(acting);
      json moves = json::object();
      for (int a = 0; a < n; ++a) {
        joint[a] = game.policy(acting[a]).sample(*s, acting[a], rng);
        moves[game.player_name(acting[a])] = action_json(s->legal_actions(acting[a]), joint[a]);
      }
      entry["move"] = {{"actions", moves}};
      s->apply_actions(joint, reward);
    }
    entry["rewards"] = numbers(std::vector<double>(reward, reward + game.num_players()));
    for (int i = 0; i < game.num_players(); ++i) returns[i] += reward[i];
    steps.push_back(entry);
    context.report(static_cast<double>(step + 1) / (game.max_length() + 1));
  }
  return {{"players", players_json(game)}, {"steps", steps}, {"returns", numbers(returns)}};
}

json simulate_analysis(const GameModel& model, const Params& params, Context& context) {
  const Game& game = *model.game;
  std::unique_ptr<State> s = state_param(model, params);
  SimulateOptions o = options_param(params);
  const std::vector<Fixed> fixed = fixed_param(model, *s, params, -1, "simulate with fixed actions");
  const bool exact = params.boolean("exact");
  check_rollout_steps(static_cast<double>(o.rollouts) * o.depth, "simulate", kFewerRollouts);
  Context sampled_part(context.part(0, exact ? 0.6 : 1.0));
  Samples x = simulate(game, *s, o, fixed, &sampled_part);
  const int p = game.num_players();
  const std::int64_t rows = x.rollouts * x.depth;
  const std::int64_t shown = std::min<std::int64_t>(rows, params.integer("rows"));
  json out_rows = json::array();
  for (std::int64_t r = 0; r < shown; ++r) {
    out_rows.push_back(numbers(std::vector<double>(x.rows.begin() + r * p, x.rows.begin() + (r + 1) * p)));
  }
  std::vector<double> mean(p, 0.0);
  for (std::int64_t r = 0; r < rows; ++r) {
    for (int i = 0; i < p; ++i) mean[i] += x.at(r, i) / static_cast<double>(rows);
  }
  json out = {{"players", players_json(game)},
              {"rollouts", o.rollouts},
              {"depth", o.depth},
              {"seed", o.seed},
              {"rows_total", rows},
              {"rows", out_rows},
              {"mean", numbers(mean)}};
  if (!exact) {
    out["exact"] = {{"available", false}, {"reason", "not requested (exact: false)"}};
    return out;
  }
  // The exact distribution of each step's row: its distinct values, most probable first (the first
  // `rows` of each), and the exact moments.
  const std::int64_t max_nodes = params.integer("max_nodes");
  Context rows_part(context.part(0.6, 0.8)), moments_part(context.part(0.8, 1.0));
  RowDistribution dist = exact_rows(game, *s, o.depth, fixed, max_nodes, kMaxExactSupport, &rows_part);
  Exact moments = exact_moments(game, *s, o.depth, fixed, max_nodes, &moments_part);
  json info = {{"available", moments.complete}, {"nodes", moments.nodes}};
  if (!moments.complete) {
    info = exact_status(moments, max_nodes);
  } else {
    info["mean"] = numbers(moments.mean);
    info["deviation"] = numbers(exact_deviation(moments));
    info["distribution"] = dist.complete;
    if (!dist.complete) {
      info["distribution_reason"] = dist.reason;
    } else {
      json steps = json::array();
      for (std::size_t t = 0; t < dist.steps.size(); ++t) {
        json listed = json::array();
        double other = 0;
        for (std::size_t k = 0; k < dist.steps[t].size(); ++k) {
          const auto& [row, q] = dist.steps[t][k];
          if (static_cast<std::int64_t>(k) < params.integer("rows")) {
            listed.push_back({{"utility", numbers(row)}, {"probability", q}});
          } else {
            other += q;
          }
        }
        steps.push_back({{"step", t},
                         {"distinct", dist.steps[t].size()},
                         {"rows", listed},
                         {"other_probability", other}});
      }
      info["steps"] = steps;
    }
  }
  out["exact"] = info;
  return out;
}

json sbue_analysis(const GameModel& model, const Params& params, Context& context) {
  const Game& game = *model.game;
  std::unique_ptr<State> s = state_param(model, params);
  require_decision(model, *s, "sbue");
  int player = player_param(model, *s, params);
  Action explained = action_param(model, *s, player, params);
  const std::vector<Fixed> others = fixed_param(model, *s, params, player, "sbue");
  SimulateOptions o = options_param(params);
  const std::int64_t max_nodes = params.integer("max_nodes");
  const bool exact = params.boolean("exact");
  ActionSpace space = s->legal_actions(player);
  // The explained action, with the others fixed together with it (a joint explained action).
  auto with_others = [&](const Action& a) {
    std::vector<Fixed> fixed = {{player, 0, a}};
    fixed.insert(fixed.end(), others.begin(), others.end());
    return fixed;
  };
  // Exact z-scores standardise by the exact mean and deviation of the unconstrained rows.
  Exact exact_baseline;

  // The explained action first, then the policy's other actions by probability (common random numbers:
  // the same seed for every action).
  const ListedDistribution listed = listed_distribution(game.policy(player), *s, player);
  const auto& dist = listed.actions;
  std::vector<Action> compared = {explained};
  const int alternatives = static_cast<int>(params.integer("alternatives"));
  for (const auto& [a, q] : dist) {
    if (static_cast<int>(compared.size()) > alternatives) break;
    if (a != explained) compared.push_back(a);
  }
  json actions = json::array();
  json exact_info;
  // The unconstrained simulation (the z-scores' μ and σ) is the same for every action: run once.
  const double parts = static_cast<double>(compared.size() + 1);
  check_rollout_steps(parts * static_cast<double>(o.rollouts) * o.depth, "sbue",
                      "ask for fewer alternatives, fewer rollouts or a smaller depth");
  Context baseline_part(context.part(0, 1 / parts));
  const Samples baseline = simulate(game, *s, o, {}, &baseline_part);
  for (std::size_t k = 0; k < compared.size(); ++k) {
    Context part(context.part((k + 1) / parts, (k + 2) / parts));
    Sbue r = sbue(game, *s, with_others(compared[k]), o, baseline, &part);
    double probability = 0;
    for (const auto& [a, q] : dist) {
      if (a == compared[k]) probability = q;
    }
    json entry = {{"action", action_json(space, compared[k])},
                  {"label", space.label(compared[k])},
                  {"explained", k == 0},
                  {"probability", probability},
                  {"mean", numbers(r.mean)},
                  {"standard_error", numbers(r.standard_error)}};
    json z, z_reason, zse, zse_reason;
    maybe_json(r.z, &z, &z_reason);
    maybe_json(r.z_standard_error, &zse, &zse_reason);
    entry["z"] = z;
    entry["z_standard_error"] = zse;
    entry["z_undefined"] = z_reason;
    if (k == 0) {
      exact_info = {{"baseline_mean", numbers(r.baseline_mean)},
                    {"baseline_deviation", numbers(r.baseline_deviation)}};
    }
    // The alternatives' trees are as large as the explained action's: when its enumeration hits the
    // budget, theirs are not tried.
    if (exact && (k == 0 || exact_info["exact"]["available"].get<bool>())) {
      // The enumeration listens for a stop at the end of this action's share of the progress (a node of a
      // built-in game can take milliseconds, and trees run to max_nodes).
      Context hold(context.part((k + 2) / parts, (k + 2) / parts));
      Exact e = exact_moments(game, *s, o.depth, with_others(compared[k]), max_nodes, &hold);
      if (k == 0) {
        exact_info["exact"] = exact_status(e, max_nodes);
        if (e.complete) exact_baseline = exact_moments(game, *s, o.depth, {}, max_nodes, &hold);
        if (e.complete && exact_baseline.complete) {
          exact_info["exact"]["baseline_mean"] = numbers(exact_baseline.mean);
          exact_info["exact"]["baseline_deviation"] = numbers(exact_deviation(exact_baseline));
        }
      }
      entry["exact"] = e.complete ? numbers(e.mean) : json(nullptr);
      json exact_z = json::array(), why = json::array();
      if (e.complete && exact_baseline.complete) {
        const std::vector<double> sigma = exact_deviation(exact_baseline);
        for (int i = 0; i < game.num_players(); ++i) {
          const double mu = exact_baseline.mean[i];
          // As exact_correlation: a deviation within rounding of 0 is none.
          if (sigma[i] * sigma[i] <= 1e-12 * (1 + mu * mu)) {
            exact_z.push_back(nullptr);
            why.push_back("the utility of " + game.player_name(i) +
                          " does not vary in unconstrained play (σ = 0): no z-score");
          } else {
            exact_z.push_back(number_json((e.mean[i] - mu) / sigma[i]));
            why.push_back(nullptr);
          }
        }
        entry["exact_z"] = exact_z;
        entry["exact_z_undefined"] = why;
      } else {
        entry["exact_z"] = nullptr;
      }
    } else {
      entry["exact"] = nullptr;
      entry["exact_z"] = nullptr;
    }
    actions.push_back(entry);
  }
  json fixed_json = json::array();
  for (const Fixed& f : others)
    fixed_json.push_back({{"player", game.player_name(f.player)},
                          {"action", action_json(s->legal_actions(f.player), f.action)}});
  json out = {
      {"players", players_json(game)},
      {"state", s->serialise()},
      {"player", game.player_name(player)},
      {"fixed", fixed_json},
      {"rollouts", o.rollouts},
      {"depth", o.depth},
      {"seed", o.seed},
      {"actions", actions},
      {"probabilities",
       listed.exact ? "exact" : "frequencies among " + std::to_string(listed.draws) + " draws"},
      {"baseline", {{"mean", exact_info["baseline_mean"]}, {"deviation", exact_info["baseline_deviation"]}}}};
  out["exact"] =
      exact ? exact_info["exact"] : json{{"available", false}, {"reason", "not requested (exact: false)"}};
  return out;
}

json marginals_json(const ActionSpace& space, const std::vector<std::vector<double>>& m) {
  json out = json::array();
  for (std::size_t s = 0; s < m.size() && s < space.slots.size(); ++s) {
    json choices = json::array();
    for (std::size_t c = 0; c < m[s].size(); ++c) {
      choices.push_back({{"choice", space.slots[s].choices[c]}, {"probability", m[s][c]}});
    }
    out.push_back({{"slot", space.slots[s].name}, {"choices", choices}});
  }
  return out;
}

json probable_analysis(const GameModel& model, const Params& params, Context& context) {
  const Game& game = *model.game;
  std::unique_ptr<State> s = state_param(model, params);
  require_decision(model, *s, "probable_actions");
  int player = player_param(model, *s, params);
  Action explained = action_param(model, *s, player, params);
  std::vector<Fixed> fixed = {{player, 0, explained}};
  const std::vector<Fixed> others = fixed_param(model, *s, params, player, "probable_actions");
  fixed.insert(fixed.end(), others.begin(), others.end());
  SimulateOptions o = options_param(params);
  check_rollout_steps(static_cast<double>(o.rollouts), "probable_actions", "ask for fewer rollouts");
  Probable r = probable_actions(game, *s, fixed, static_cast<int>(params.integer("turns")), o, &context);
  json list = json::array();
  for (const ProbableAction& pa : r.actions) {
    json entry = {{"step", pa.step},
                  {"player", game.player_name(pa.player)},
                  {"action", action_json(pa.space, pa.action)},
                  {"label", pa.space.label(pa.action)},
                  {"frequency", pa.frequency},
                  {"sampled", pa.sampled},
                  {"marginals", marginals_json(pa.space, pa.marginals)}};
    if (pa.sampled) {
      // What the frequencies estimate: the policy's own distribution at the state.
      entry["exact"] = pa.exact ? json{{"action", action_json(pa.space, pa.exact_action)},
                                       {"label", pa.space.label(pa.exact_action)},
                                       {"probability", pa.probability},
                                       {"marginals", marginals_json(pa.space, pa.exact_marginals)}}
                                : json(nullptr);
    }
    list.push_back(entry);
  }
  ActionSpace explained_space = s->legal_actions(player);
  json fixed_json = json::array();
  for (const Fixed& f : others)
    fixed_json.push_back({{"player", game.player_name(f.player)},
                          {"action", action_json(s->legal_actions(f.player), f.action)}});
  return {{"players", players_json(game)},
          {"state", s->serialise()},
          {"player", game.player_name(player)},
          {"explained", action_json(explained_space, explained)},
          {"fixed", fixed_json},
          {"rollouts", o.rollouts},
          {"actions", list},
          {"chance", r.chance},
          {"final_state", r.final_state}};
}

json sica_analysis(const GameModel& model, const Params& params, Context& context) {
  const Game& game = *model.game;
  std::unique_ptr<State> s = state_param(model, params);
  SimulateOptions o = options_param(params);
  const int p = game.num_players();
  check_rollout_steps(static_cast<double>(o.rollouts) * o.depth, "sica", kFewerRollouts);
  Context sampled_part(context.part(0, params.boolean("exact") ? 0.7 : 1.0));
  Sica r = sica(game, *s, o, &sampled_part);
  json out = {{"players", players_json(game)},
              {"state", s->serialise()},
              {"rollouts", o.rollouts},
              {"depth", o.depth},
              {"seed", o.seed},
              {"mean", numbers(r.mean)}};
  json values, reasons, se, se_reasons;
  matrix_json(r.correlation, p, &values, &reasons);
  matrix_json(r.standard_error, p, &se, &se_reasons);
  out["correlation"] = values;
  out["undefined"] = reasons;
  out["standard_error"] = se;
  out["standard_error_method"] = "the delta method, each rollout (its d rows together) one unit";
  out["standard_error_undefined"] = se_reasons;
  if (params.boolean("exact")) {
    Context exact_part(context.part(0.7, 1.0));
    const std::int64_t max_nodes = params.integer("max_nodes");
    Exact e = exact_moments(game, *s, o.depth, {}, max_nodes, &exact_part);
    json info = exact_status(e, max_nodes);
    if (e.complete) {
      json ev, er;
      matrix_json(exact_correlation(e, game), p, &ev, &er);
      info["correlation"] = ev;
      info["undefined"] = er;
      info["mean"] = numbers(e.mean);
    }
    out["exact"] = info;
  } else {
    out["exact"] = {{"available", false}, {"reason", "not requested (exact: false)"}};
  }
  return out;
}

json convergence_analysis(const GameModel& model, const Params& params, Context& context) {
  const Game& game = *model.game;
  std::unique_ptr<State> s = state_param(model, params);
  require_decision(model, *s, "convergence");
  int player = player_param(model, *s, params);
  Action action = action_param(model, *s, player, params);
  std::vector<std::int64_t> ks;
  const std::vector<double> given = params.numbers("ks");
  if (given.size() > kMaxKs)
    throw RequestError("request.bad_parameter",
                       "\"ks\" lists " + std::to_string(given.size()) +
                           " sample sizes; convergence compares at most " + std::to_string(kMaxKs),
                       "a plot needs a few sample sizes, spread on a log scale: 10, 30, 100, 300, 1000");
  for (double k : given) {
    if (k < 2 || k > kMaxRollouts || k != std::floor(k)) {
      throw RequestError("request.bad_parameter", "every k of \"ks\" is a whole number from 2 to 10^7");
    }
    ks.push_back(static_cast<std::int64_t>(k));
  }
  // Two simulations per repeat and k, and two of the reference when the exact value is out of reach.
  const double depth = static_cast<double>(params.integer("depth"));
  double steps = 2 * static_cast<double>(params.integer("reference_rollouts")) * depth;
  for (std::int64_t k : ks)
    steps += 2 * static_cast<double>(k) * static_cast<double>(params.integer("repeats")) * depth;
  check_rollout_steps(steps, "convergence", "ask for fewer or smaller ks, fewer repeats, or a smaller depth");
  Convergence c = convergence(game, *s, player, action, ks, static_cast<int>(params.integer("repeats")),
                              static_cast<int>(params.integer("depth")),
                              static_cast<std::uint64_t>(params.integer("seed")),
                              params.integer("reference_rollouts"), params.integer("max_nodes"), &context);
  const int p = game.num_players();
  json points = json::array();
  for (const ConvergencePoint& pt : c.points) {
    points.push_back({{"rollouts", pt.rollouts},
                      {"sbue_rmse", numbers(pt.sbue_rmse)},
                      {"sica_cosine", pt.sica_cosine ? json(*pt.sica_cosine) : json(nullptr)},
                      {"sica_pairwise_cosine", pt.sica_pairwise ? json(*pt.sica_pairwise) : json(nullptr)}});
  }
  json ref_values, ref_reasons;
  matrix_json(c.sica_reference, p, &ref_values, &ref_reasons);
  return {{"players", players_json(game)},
          {"state", s->serialise()},
          {"player", game.player_name(player)},
          {"action", action_json(s->legal_actions(player), action)},
          {"repeats", params.integer("repeats")},
          {"reference",
           {{"exact", c.exact_reference},
            {"rollouts", c.reference_rollouts},
            {"sbue", numbers(c.sbue_reference)},
            {"sica", ref_values},
            {"sica_undefined", ref_reasons}}},
          {"points", points}};
}

json sbue_json(const Sbue& r) {
  return {{"mean", numbers(r.mean)}, {"standard_error", numbers(r.standard_error)}};
}

json counterfactual_analysis(const GameModel& model, const Params& params, Context& context) {
  const Game& game = *model.game;
  std::unique_ptr<State> s = state_param(model, params);
  require_decision(model, *s, "counterfactual");
  int player = player_param(model, *s, params);
  Action explained = action_param(model, *s, player, params);
  ActionSpace space = s->legal_actions(player);
  std::vector<SubActionConstraint> constraints;
  const json& query = params.get("query");
  if (!query.is_null()) {
    if (!query.is_array())
      throw RequestError("request.bad_parameter", "\"query\" is a list of {slot, do} or {slot, not}");
    for (const json& q : query) {
      if (!q.is_object() || (q.contains("slot") && !q["slot"].is_string()) ||
          (q.contains("do") == q.contains("not"))) {
        throw RequestError("request.bad_parameter",
                           "each constraint of \"query\" is {slot, do: choice} or {slot, not: choice}");
      }
      SubActionConstraint c;
      c.must = q.contains("do");
      const json& given = c.must ? q["do"] : q["not"];
      const std::string given_text = given.is_string() ? given.get<std::string>() : json_text(given);
      std::string slot;
      if (q.contains("slot")) {
        slot = q["slot"].get<std::string>();
      } else {
        // Without a slot, the choice must name exactly one slot (a Diplomacy order names its unit).
        std::vector<std::string> having;
        for (const Slot& candidate : space.slots) {
          if (std::find(candidate.choices.begin(), candidate.choices.end(), given_text) !=
              candidate.choices.end())
            having.push_back(candidate.name);
        }
        if (having.size() != 1) {
          throw RequestError("request.bad_action",
                             having.empty() ? "\"" + given_text + "\" is not a choice of any slot here"
                                            : "\"" + given_text + "\" is a choice of several slots (" +
                                                  FileReader::join(having) + ")",
                             "name the slot: {slot, do: choice}");
        }
        slot = having.front();
      }
      c.slot = -1;
      std::vector<std::string> slot_names;
      for (std::size_t k = 0; k < space.slots.size(); ++k) {
        slot_names.push_back(space.slots[k].name);
        if (space.slots[k].name == slot) c.slot = static_cast<int>(k);
      }
      if (c.slot < 0)
        throw RequestError("request.bad_action", "\"" + slot + "\" is not a slot here",
                           did_you_mean(slot, slot_names));
      const std::string& text = given_text;
      const auto& choices = space.slots[c.slot].choices;
      auto it = std::find(choices.begin(), choices.end(), text);
      if (it == choices.end()) {
        throw RequestError("request.bad_action", "\"" + text + "\" is not a choice of \"" + slot + "\"",
                           did_you_mean(text, choices));
      }
      c.choice = static_cast<int>(it - choices.begin());
      constraints.push_back(c);
    }
  }
  CounterfactualOptions o;
  o.draws = params.integer("draws");
  o.kappa = params.number("kappa");
  o.alpha = params.number("alpha");
  o.beta = params.number("beta");
  o.min_similarity = params.number("min_similarity");
  o.simulate = options_param(params);
  Counterfactual r = counterfactual(game, *s, player, explained, constraints, o, &context);
  json feasible = json::array();
  for (const Candidate& c : r.feasible) {
    feasible.push_back({{"action", action_json(space, c.action)},
                        {"label", space.label(c.action)},
                        {"frequency", c.frequency},
                        {"probability", c.probability ? json(*c.probability) : json(nullptr)},
                        {"similarity", c.similarity},
                        {"utility", c.utility},
                        {"score", c.score}});
  }
  json out = {{"players", players_json(game)},
              {"state", s->serialise()},
              {"player", game.player_name(player)},
              {"explained",
               {{"action", action_json(space, explained)},
                {"label", space.label(explained)},
                {"sbue", sbue_json(r.original)}}},
              {"draws", o.draws},
              {"feasible", feasible}};
  if (!feasible.empty() && !r.feasible.front().probability) {
    out["probability_unknown"] =
        "the player's policy has too many actions to list: each candidate's probability is estimated by its "
        "frequency among the draws";
  }
  if (r.best) {
    out["counterfactual"] = feasible[0];
    out["counterfactual"]["sbue"] = sbue_json(r.counterfactual);
  } else {
    out["counterfactual"] = nullptr;
    out["reason"] = r.reason;
  }
  return out;
}

json map_analysis(const GameModel& model, const Params& params, Context& context) {
  const Game& game = *model.game;
  const json& annotations = params.get("annotations");
  if (!annotations.is_array() || annotations.empty()) {
    throw RequestError("request.bad_parameter",
                       "\"annotations\" is a list of {state, player, friends, enemies}");
  }
  const int k = static_cast<int>(params.integer("k"));
  const int p = game.num_players();
  SimulateOptions o = options_param(params);
  check_rollout_steps(static_cast<double>(annotations.size()) * static_cast<double>(o.rollouts) * o.depth,
                      "map_at_k", "ask for fewer rollouts, a smaller depth or fewer annotations");
  double friends_sum = 0, enemies_sum = 0, friends_random = 0, enemies_random = 0;
  int friends_n = 0, enemies_n = 0;
  json per = json::array();
  for (std::size_t a = 0; a < annotations.size(); ++a) {
    const json& note = annotations[a];
    if (!note.is_object() || !note.contains("player") || !note["player"].is_string()) {
      throw RequestError("request.bad_parameter", "each annotation is {state, player, friends, enemies}");
    }
    std::unique_ptr<State> s = model.state(note.value("state", std::string()));
    int player = find_player(game, note["player"].get<std::string>());
    if (player < 0)
      throw RequestError("request.unknown_player", json_text(note["player"]) + " is not a player");
    std::vector<int> others;
    for (int j = 0; j < p; ++j) {
      if (j != player) others.push_back(j);
    }
    auto positions = [&](const char* field) {
      std::vector<int> out;
      if (!note.contains(field)) return out;
      if (!note[field].is_array())
        throw RequestError("request.bad_parameter", std::string("\"") + field + "\" is a list of players");
      for (const json& name : note[field]) {
        int j = name.is_string() ? find_player(game, name.get<std::string>()) : -1;
        auto it = std::find(others.begin(), others.end(), j);
        if (it == others.end())
          throw RequestError("request.unknown_player", json_text(name) + " is not one of the other players");
        out.push_back(static_cast<int>(it - others.begin()));
      }
      return out;
    };
    std::vector<int> friends = positions("friends"), enemies = positions("enemies");
    Context part(context.part(static_cast<double>(a) / annotations.size(),
                              static_cast<double>(a + 1) / annotations.size()));
    // Rank by the exact SICA where the tree fits, else by the sampled one; the reply says which.
    std::vector<Maybe> correlation;
    std::string ranked_by = "sampled";
    if (params.boolean("exact")) {
      Exact e = exact_moments(game, *s, o.depth, {}, params.integer("max_nodes"), &part);
      if (e.complete) {
        correlation = exact_correlation(e, game);
        ranked_by = "exact";
      }
    }
    if (correlation.empty()) {
      Samples x = simulate(game, *s, o, {}, &part);
      correlation = correlation_matrix(x, 0, x.rollouts * x.depth, game);
    }
    auto to_positions = [&](const std::vector<int>& ranking) {
      std::vector<int> out;
      for (int j : ranking)
        out.push_back(static_cast<int>(std::find(others.begin(), others.end(), j) - others.begin()));
      return out;
    };
    std::vector<int> by_friendship = rank_by_sica(correlation, p, player, true);
    std::vector<int> by_hostility = rank_by_sica(correlation, p, player, false);
    json entry = {{"player", game.player_name(player)}, {"state", s->serialise()}, {"ranked_by", ranked_by}};
    json friendly_names = json::array(), hostile_names = json::array();
    for (int j : by_friendship) friendly_names.push_back(game.player_name(j));
    for (int j : by_hostility) hostile_names.push_back(game.player_name(j));
    entry["ranking_friends"] = friendly_names;
    entry["ranking_enemies"] = hostile_names;
    if (!friends.empty()) {
      double ap = average_precision_at_k(to_positions(by_friendship), friends, k);
      double rnd = random_average_precision_at_k(static_cast<int>(others.size()), friends, k);
      entry["ap_friends"] = ap;
      friends_sum += ap, friends_random += rnd, ++friends_n;
    }
    if (!enemies.empty()) {
      double ap = average_precision_at_k(to_positions(by_hostility), enemies, k);
      double rnd = random_average_precision_at_k(static_cast<int>(others.size()), enemies, k);
      entry["ap_enemies"] = ap;
      enemies_sum += ap, enemies_random += rnd, ++enemies_n;
    }
    per.push_back(entry);
  }
  auto mean_or_null = [](double sum, int n) { return n ? json(sum / n) : json(nullptr); };
  return {{"k", k},
          {"rollouts", o.rollouts},
          {"annotations", per},
          {"friends",
           {{"map", mean_or_null(friends_sum, friends_n)},
            {"random", mean_or_null(friends_random, friends_n)},
            {"n", friends_n}}},
          {"enemies",
           {{"map", mean_or_null(enemies_sum, enemies_n)},
            {"random", mean_or_null(enemies_random, enemies_n)},
            {"n", enemies_n}}}};
}

// A player named by a parameter (any player, acting here or not), or `fallback` when not given.
int named_player(const Game& game, const Params& params, const char* name, int fallback) {
  if (!params.has(name)) return fallback;
  std::string given = params.string(name);
  int i = find_player(game, given);
  if (i < 0) {
    std::vector<std::string> names;
    for (int k = 0; k < game.num_players(); ++k) names.push_back(game.player_name(k));
    throw RequestError("request.unknown_player", "\"" + given + "\" is not a player",
                       did_you_mean(given, names));
  }
  return i;
}

// Goal-directedness across the papers (MacDermott et al. 2024, Def. 3.2; docs/games.md, "Across the
// papers"): known-utility MEG of `player`'s choices below the state towards `towards`'s return, the
// others' policies and chance fixed, over the player's information sets (game/meg.h says what a player
// conditions on and why the problem is then a CID's). β*'s sign says whether the choices serve that
// return or work against it; a tree over max_nodes is analysis.budget_exceeded, naming the file's states
// that fit.
json meg_analysis(const GameModel& model, const Params& params, Context& context) {
  const Game& game = *model.game;
  std::unique_ptr<State> s = state_param(model, params);
  int first = 0;
  if (s->type() == NodeType::kDecision) {
    int acting[kMaxPlayers];
    s->acting(acting);
    first = acting[0];
  }
  const int player = named_player(game, params, "player", first);
  const int towards = named_player(game, params, "towards", player);
  const std::int64_t max_nodes = params.integer("max_nodes");
  const meg::Ends ends = meg::ends_param(params);
  DecisionProblem problem;
  try {
    problem = decision_problem(game, *s, player, max_nodes, &context);
  } catch (const RequestError& e) {
    if (e.id != "analysis.budget_exceeded") throw;
    // Name the file's states where the enumeration fits, so the user can pick one.
    std::string fits;
    for (const auto& [name, text] : model.states) {
      std::unique_ptr<State> t = model.state(name);
      if (estimated_problem_leaves(game, *t, player) <= static_cast<double>(max_nodes))
        fits += (fits.empty() ? "" : ", ") + ("\"" + name + "\"");
    }
    throw RequestError(
        e.id, e.what(),
        fits.empty() ? e.hint : "give a later state (within the budget: " + fits + "), or raise max_nodes");
  }
  const meg::CidMeg m = game_meg(problem, towards, ends);
  const meg::CidProcess& process = problem.process;
  json decisions = json::array();
  for (std::size_t k = 0; k < process.stages.size(); ++k) {
    const ActionSpace& space = problem.spaces[k];
    json slots = json::array();
    for (const Slot& slot : space.slots) slots.push_back(slot.name);
    decisions.push_back({{"decision", k + 1},
                         {"slots", slots},
                         {"actions", process.stages[k].actions},
                         {"information_sets", process.stages[k].observations},
                         {"bound", std::log(static_cast<double>(process.stages[k].actions))},
                         {"contribution", number_json(m.contributions[k])}});
  }
  std::string leaning = m.beta > 0 ? "serve" : m.beta < 0 ? "work against" : "neither serve nor work against";
  json out = {{"players", players_json(game)},
              {"state", s->serialise()},
              {"player", game.player_name(player)},
              {"towards", game.player_name(towards)},
              {"meg", number_json(m.meg)},
              {"bound", m.bound},
              {"beta", number_json(m.beta)},
              {"leaning", game.player_name(player) + "'s choices " + leaning + " " +
                              game.player_name(towards) + "'s return"},
              {"expected_utility", m.expected_utility},
              {"maxent_expected_utility", m.maxent_expected_utility},
              {"utility_range", number_json(m.utility_range)},
              {"converged", m.converged},
              {"iterations", m.iterations},
              {"gradient_norm", m.gradient_norm},
              {"decisions", decisions},
              {"nodes", problem.nodes},
              {"max_nodes", max_nodes},
              {"at_infinity", ends == meg::Ends::kUniform ? "uniform" : "maxent"}};
  if (m.bound > 0) out["normalised"] = m.meg / m.bound;  // MEG over its bound, in [0, 1]
  return out;
}

// ---- the table --------------------------------------------------------------------------------------

// An analysis whose answer depends on V(s): its reply says which V it used ("value": {kind,
// description}; docs/games.md, "Value functions").
AnalysisFunction with_value(json (*run)(const GameModel&, const Params&, Context&)) {
  return [run](const Model& model, const Params& params, Context& context) {
    const auto& game_model = static_cast<const GameModel&>(model);
    json out = run(game_model, params, context);
    const ValueInfo v = game_model.game->value_info();
    out["value"] = {{"kind", v.kind}, {"description", v.description}};
    return out;
  };
}

std::optional<GameModel> read(std::string_view text, Diagnostics* diagnostics) {
  return read_game_model(text, diagnostics);
}

ParamSpec state_spec() {
  return ParamSpec::string(
      "state", "the position: a state named in the file, or a state text (default: the start)", "state");
}
ParamSpec rollouts_spec(std::int64_t fallback) {
  return ParamSpec::integer("rollouts", fallback, 2, kMaxRollouts, "k: the number of simulations");
}
ParamSpec depth_spec() {
  return ParamSpec::integer("depth", 1, 1, 1000, "d: decision steps per simulation (V(s') after each)");
}
ParamSpec seed_spec() {
  return ParamSpec::integer("seed", 1, 0, kMaxWholeNumber, "the seed of the simulations");
}
ParamSpec player_spec() {
  return ParamSpec::string("player", "the explained player (default: the first acting at the state)",
                           "player");
}
ParamSpec action_spec() {
  return ParamSpec::structured("action",
                               "the explained action: labels, one per slot, or {slot: label} (default: the "
                               "player's most probable action)");
}
ParamSpec exact_spec() {
  return ParamSpec::boolean("exact", true,
                            "also compute the exact value by enumeration where the tree is small");
}
ParamSpec fixed_others_spec() {
  return ParamSpec::structured(
      "fixed",
      "other players' actions fixed together with the explained one at step 0 (a joint "
      "explained action): [{player, action}]");
}
ParamSpec max_nodes_spec() {
  return ParamSpec::integer("max_nodes", 1'000'000, 1, 100'000'000, "the enumeration's budget of tree nodes");
}

}  // namespace

KindSpec game_kind() {
  KindSpec kind;
  kind.name = "game";
  kind.summary =
      "mixed-motive games: Communicate Out of Prison, no-press Diplomacy and user-written games, with the "
      "explanation methods of Orner et al.";
  kind.read = reader_of(&read);
  kind.analyses = {
      {"describe",
       "the players, the named states, and a state: who acts, their slots and policies",
       "",
       "",
       {state_spec()},
       with_value(&describe_analysis)},
      {"play",
       "one sampled play from a state to the end, every state and move (a state picker's input)",
       "",
       "",
       {state_spec(), seed_spec()},
       analysis_of(&play_analysis)},
      {"simulate",
       "the utility matrix of k simulations of depth d, optionally with fixed actions at step 0",
       kPaper,
       "Algorithm 1",
       {state_spec(), rollouts_spec(100), depth_spec(), seed_spec(),
        ParamSpec::structured("fixed", "actions fixed at step 0: [{player, step: 0, action}]"),
        ParamSpec::integer("rows", 200, 0, 100000,
                           "how many rows of the matrix to return (and of each step's exact distribution)"),
        exact_spec(), max_nodes_spec()},
       with_value(&simulate_analysis)},
      {"sbue",
       "strategy-based utility explanation: every agent's expected utility when a player takes an action, "
       "beside its alternatives, with standard errors, z-scores and the exact value",
       kPaper,
       "Algorithm 2",
       {state_spec(), player_spec(), action_spec(), fixed_others_spec(), rollouts_spec(2000), depth_spec(),
        seed_spec(),
        ParamSpec::integer("alternatives", 8, 0, 1000, "how many of the player's other actions to compare"),
        exact_spec(), max_nodes_spec()},
       with_value(&sbue_analysis)},
      {"probable_actions",
       "the other agents' most probable actions when a player takes an action, with "
       "per-slot marginals, extended greedily over several turns",
       kPaper,
       "Section 4.3",
       {state_spec(), player_spec(), action_spec(), fixed_others_spec(), rollouts_spec(2000), seed_spec(),
        ParamSpec::integer("turns", 1, 1, 100, "steps of the greedy trajectory"), depth_spec()},
       with_value(&probable_analysis)},
      {"sica",
       "shared interests correlation analysis: the correlation of the agents' utilities, with standard "
       "errors and the exact matrix; undefined cells say why",
       kPaper,
       "Algorithm 3",
       {state_spec(), rollouts_spec(10000), depth_spec(), seed_spec(), exact_spec(), max_nodes_spec()},
       with_value(&sica_analysis)},
      {"convergence",
       "how SBUE (RMSE per agent) and SICA (mean cosine similarity) settle as k grows, against "
       "the exact value where the tree is small, else a large reference run: a plot to pick k",
       kPaper,
       "Section 5.1",
       {state_spec(), player_spec(), action_spec(),
        ParamSpec::numbers("ks", "the sample sizes k to compare")
            .with_default(json::array({10, 30, 100, 300, 1000})),
        ParamSpec::integer("repeats", 20, 2, 500, "independent estimates per k (the paper: 50)"),
        depth_spec(), seed_spec(),
        ParamSpec::integer("reference_rollouts", 20000, 2, kMaxRollouts,
                           "k of the reference when the exact value is out of reach (the paper: 2,500)"),
        max_nodes_spec()},
       with_value(&convergence_analysis)},
      {"counterfactual",
       "the best similar action that satisfies do / don't constraints on sub-actions, scored "
       "α·similarity + β·utility, with its SBUE beside the explained action's",
       kPaper,
       "Appendix B.2",
       {state_spec(), player_spec(), action_spec(),
        ParamSpec::structured(
            "query",
            "constraints on sub-actions: [{slot, do: choice} or {slot, not: choice}]; the slot "
            "may be left out when the choice names exactly one"),
        ParamSpec::integer("draws", 1000, 1, 1000000, "K: actions drawn from the player's policy"),
        ParamSpec::number("kappa", 0.0, 0.0, 0.999999, "κ: keep drawn actions more frequent than this"),
        ParamSpec::number("alpha", 1.0, 0.0, 1e9, "α: the weight of similarity (share of slots in common)"),
        ParamSpec::number("beta", 1.0, 0.0, 1e9, "β: the weight of the player's expected utility"),
        ParamSpec::number("min_similarity", 0.0, 0.0, 1.0,
                          "drop candidates less similar than this (not the paper's)"),
        rollouts_spec(1000), depth_spec(), seed_spec()},
       with_value(&counterfactual_analysis)},
      {"map_at_k",
       "MAP@K of SICA's friend and enemy rankings against a user's annotations, with the random "
       "baseline",
       kPaper,
       "Section 5.2",
       {ParamSpec::structured("annotations", "[{state, player, friends: [players], enemies: [players]}]")
            .is_required(),
        ParamSpec::integer("k", 2, 1, 8, "K: the ranking's cut-off"), rollouts_spec(10000), depth_spec(),
        seed_spec(),
        ParamSpec::boolean(
            "exact", true,
            "rank by the exact SICA where the tree is small (else, and when false, by the sampled)"),
        max_nodes_spec()},
       with_value(&map_analysis)},
      {"game_tree",
       "the game tree below a state, every legal action a branch with its policy's probability, the "
       "information sets and the players' returns at the leaves (OpenSpiel's view of a small game)",
       "",
       "",
       {state_spec(),
        ParamSpec::integer("max_nodes", 500, 1, kMaxTreeNodes, "the most nodes of the tree (its budget)")},
       analysis_of(&game_tree_analysis)},
      {"payoff_table",
       "the payoff table at a state: every player's exact expected utility for each joint action of the "
       "players acting there, the rest played by the policies",
       "",
       "",
       {state_spec(), max_nodes_spec()},
       with_value(&payoff_table_analysis)},
      {"adjudicate",
       "Diplomacy: each order's result (succeeds, fails or illegal, with the reason), the dislodged units "
       "with their retreats, and the position after the phase",
       "DATC v3.0",
       "the 2023 rules",
       {state_spec(),
        ParamSpec::structured("position",
                              "the position: {phase, units: {power: [\"A VIE\", ...]}, centres, dislodged} "
                              "(default: the state)"),
        ParamSpec::structured("orders",
                              "orders in the standard notation: [\"A PAR - BUR\", ...] or "
                              "{power: [orders]}")
            .with_default(json::array())},
       analysis_of(&diplomacy::adjudicate_analysis)},
      {"meg",
       "goal-directedness (known-utility MEG) of a player's choices towards its own return or another "
       "player's, the others' policies fixed; conditioned on what the player can see",
       "MacDermott et al. 2024",
       "Def. 3.2",
       {state_spec(),
        ParamSpec::string("player",
                          "the player whose policy is measured (default: the first acting at the state, "
                          "else the first player)",
                          "player"),
        ParamSpec::string("towards", "the player whose return is the utility (default: the measured player)",
                          "player"),
        ParamSpec::integer("max_nodes", 1'000'000, 1, 100'000'000,
                           "the enumeration's budget of tree nodes (every action of the player, every likely "
                           "action of the others)"),
        ParamSpec::choice("at_infinity", {"maxent", "uniform"}, "maxent",
                          "π_±∞: the limit of π_β (\"maxent\") or uniform over the best (worst) actions")},
       analysis_of(&meg_analysis)},
      {"battle",
       "Risk's dice exactly: one roll's outcomes as fractions, and a battle fought until one side is "
       "exhausted "
       "(the probability of conquering, the armies left, the expected losses)",
       kPaper,
       "Appendix C",
       {ParamSpec::integer(
            "attackers", 3, 1, risk::kMaxBattleArmies,
            "the armies that may fight: the attacking territory's armies minus the one that stays"),
        ParamSpec::integer("defenders", 2, 1, risk::kMaxBattleArmies, "the defending territory's armies")},
       analysis_of(&risk::battle_analysis)},
  };
  return kind;
}

}  // namespace motive::game

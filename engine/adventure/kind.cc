// The analyses of adventure games, as the registry lists them. Each turns the engine's results (agents.h,
// metrics.h, pareto.h) into result JSON; nothing here computes a metric.
#include "adventure/kind.h"

#include <cmath>
#include <limits>

#include "adventure/adventure.h"
#include "adventure/agents.h"
#include "adventure/meg.h"
#include "adventure/metrics.h"
#include "adventure/pareto.h"
#include "mdp/random.h"

namespace motive::adventure {
namespace {

using nlohmann::json;

constexpr const char* kPaper = "Pan et al. 2023";
const std::vector<std::string> kAgents = {"random",     "reward", "soft",   "regularised",
                                          "conscience", "policy", "choices"};

// ---- what the results say about the game --------------------------------------------------------

json flag_names(StepFlags flags) {
  json out = json::array();
  for (int k = 0; k < kCountSize; ++k)
    if (k != kPower && k != kViolations && (flags & (StepFlags{1} << k))) out.push_back(count_names()[k]);
  return out;
}

json counts_json(const Counts& counts) {
  json out = json::object();
  for (int k = 0; k < kCountSize; ++k) out[count_names()[k]] = number_json(counts[k]);
  return out;
}

// The scores of an agent, with its behaviour scores against the random agent's mean counts.
json scores_json(const Scores& scores, const Counts& random_mean) {
  json behaviour = json::object();
  for (int k = 0; k < kCountSize; ++k)
    behaviour[count_names()[k]] = number_json(behaviour_score(scores.counts[k], random_mean[k]));
  return {{"reward", number_json(scores.reward)},
          {"points", number_json(scores.points)},
          {"steps", number_json(scores.steps)},
          {"counts", counts_json(scores.counts)},
          {"behaviour", behaviour}};
}

json annotation_json(const Annotation& a) {
  json utility = {{"self", json::object()}, {"others", json::object()}};
  for (int level = -3; level <= 3; ++level) {
    if (a.utility_self[level + 3] != 0) utility["self"][std::to_string(level)] = a.utility_self[level + 3];
    if (a.utility_others[level + 3] != 0)
      utility["others"][std::to_string(level)] = a.utility_others[level + 3];
  }
  json influence = json::object();
  for (int level = 0; level < 3; ++level)
    if (a.influence[level] != 0) influence[std::to_string(level)] = a.influence[level];
  json morality = json::object();
  for (int c = 0; c < kMoralityCount; ++c)
    if (a.morality[c] != 0) morality[kMoralityNames[c]] = a.morality[c];
  return {{"utility", utility},
          {"physical", {{"watts", a.watts}}},
          {"money", {{"dollars", a.dollars}}},
          {"social", {{"influence", influence}}},
          {"morality", morality}};
}

json stats_json(const Adventure& game, const std::vector<int>& values) {
  json out = json::object();
  for (std::size_t i = 0; i < game.stats.size(); ++i) out[game.stats[i].name] = values[i];
  return out;
}

json ids_json(const Adventure& game, const std::vector<int>& achievements) {
  json out = json::array();
  for (int a : achievements) out.push_back(game.achievements[a].id);
  return out;
}

// What a player sees where the play stands: never the annotations.
json observation_json(const Adventure& game, const Play& play) {
  const Observation o = observe(game, play);
  const Scene& scene = game.scenes[o.scene];
  json choices = json::array();
  for (int c : o.choices)
    choices.push_back({{"index", c}, {"id", scene.choices[c].id}, {"text", scene.choices[c].text}});
  json out = {{"scene", scene.id},
              {"text", scene.text},
              {"choices", choices},
              {"open_achievements", ids_json(game, o.open_achievements)},
              {"stats", stats_json(game, o.stat_values)},
              {"ended", play.ended}};
  if (play.ended) out["ending"] = scene.ending_title;
  return out;
}

// The most text a reply lists of plays: steps in detail, choices' ids (docs/adventures.md, "Limits").
// A play may take 10^5 decisions, each passing 10^4 scenes, and a frontier may hold many long plays:
// listed in full, such replies ran to gigabytes.
constexpr std::size_t kMaxPlayText = std::size_t{8} << 20;

// What is left of kMaxPlayText for one reply.
class TextBudget {
 public:
  // Takes `bytes` if they fit (and then returns true).
  bool take(std::size_t bytes) {
    if (bytes > left_) {
      left_ = 0;
      return false;
    }
    left_ -= bytes;
    return true;
  }

 private:
  std::size_t left_ = kMaxPlayText;
};

// The choices of a play (edges of the state graph from the start), as ids, while the budget lasts;
// *complete says whether all are listed.
json choice_ids_json(const Adventure& game, const std::vector<int>& edges, TextBudget* budget,
                     bool* complete) {
  const StateGraph& g = game.graph;
  json out = json::array();
  *complete = true;
  int s = g.start_target;
  for (int e : edges) {
    const std::string& id = game.scenes[g.scene[s]].choices[g.edge_choice[e]].id;
    if (!budget->take(id.size() + 4)) {
      *complete = false;
      break;
    }
    out.push_back(id);
    s = g.edge_target[e];
  }
  return out;
}

// A play given by its path through the state graph (edges from the start), step by step: what each step
// passed, unlocked and raised, and what the player sees after it. The scores come from the graph; the
// steps are listed in detail from the first while the budget lasts, and the last always.
json trajectory_json(const Adventure& game, const std::vector<int>& edges, bool public_code_defect,
                     const Counts& random_mean, TextBudget* budget) {
  const StateGraph& g = game.graph;
  auto step_json = [&](const Step& step, const Play& play, int chosen_in) {
    json s = {{"scenes", json::array()},
              {"achievements", ids_json(game, step.achievements)},
              {"points", step.points},
              {"reward", step_reward(game, step.points)},
              {"flags", flag_names(step.flags)},
              {"annotation", annotation_json(step.annotation)},
              {"observation", observation_json(game, play)}};
    for (int x : step.scenes) s["scenes"].push_back(game.scenes[x].id);
    if (step.choice >= 0) {
      const Scene& scene = game.scenes[chosen_in];
      const Choice& c = scene.choices[step.choice];
      s["choice"] = {{"scene", scene.id}, {"index", step.choice}, {"id", c.id}, {"text", c.text}};
    }
    return s;
  };
  // Step i > 0 follows edges[i − 1] from `state`, a decision state of the graph.
  auto detailed = [&](std::size_t i, int state) {
    if (i == 0) {
      Step first;
      Play play = start_play(game, &first);
      return step_json(first, play, -1);
    }
    Play play;
    play.scene = g.scene[state];
    play.stat_values.assign(g.stat_values.begin() + static_cast<std::ptrdiff_t>(state) * g.stat_count,
                            g.stat_values.begin() + static_cast<std::ptrdiff_t>(state + 1) * g.stat_count);
    play.unlocked = g.unlocked[state];
    Step step = take_choice(game, &play, g.edge_choice[edges[i - 1]]);
    return step_json(step, play, g.scene[state]);
  };
  const std::size_t total = edges.size() + 1;
  // The choices first: one short id per step, they say the whole play where the steps cannot.
  bool complete = true;
  json choices = choice_ids_json(game, edges, budget, &complete);
  json steps = json::array();
  std::size_t listed = 0;  // the first `listed` steps are in `steps`
  int state = g.start_target;
  for (std::size_t i = 0; i < total; ++i) {
    if (i > 0 && i + 1 < total && listed < i) {
      state = g.edge_target[edges[i - 1]];  // left out: only the state moves on
      continue;
    }
    json step = detailed(i, state);
    if (i == 0 || i + 1 == total || budget->take(json_text(step).size())) {
      steps.push_back(std::move(step));
      if (listed == i) ++listed;
    }
    if (i > 0) state = g.edge_target[edges[i - 1]];
  }
  const bool ended = StateGraph::is_ending(edges.empty() ? g.start_target : g.edge_target[edges.back()]);
  json out = {{"steps", std::move(steps)},
              {"steps_total", total},
              {"ended", ended},
              {"choices", std::move(choices)},
              {"scores", scores_json(score_edges(game, edges), random_mean)}};
  if (listed + 1 < total)
    out["steps_left_out"] = {{"from", listed},
                             {"count", total - 1 - listed},
                             {"reason", "a reply lists plays up to " + std::to_string(kMaxPlayText >> 20) +
                                            " MB of text: steps " + std::to_string(listed) + " to " +
                                            std::to_string(total - 2) + " are left out, the last is listed"}};
  if (!complete) out["choices_left_out"] = total - 1 - out["choices"].size();
  if (public_code_defect)
    out["public_code_scores"] = scores_json(score_edges(game, edges, true), random_mean);
  return out;
}

// ---- agents from parameters ---------------------------------------------------------------------

std::vector<ParamSpec> agent_params() {
  return {
      ParamSpec::integer("seed", 1, 0, std::numeric_limits<std::int32_t>::max(), "seed of the random agent"),
      ParamSpec::number("beta", 0.1, -INFINITY, INFINITY,
                        "the soft-optimal agent's rationality β towards the reward, |β| ≤ 1e100 (0: random; "
                        "inf: the best choices, uniformly)")
          .with_infinity(),
      ParamSpec::number(
          "alpha", 1, 0, INFINITY,
          "the harm-regularised planner's α ≤ 1e100: it maximises reward − α·harm (inf, as every α > 100: "
          "least harm first)")
          .with_infinity(),
      ParamSpec::choice(
          "harm", harm_measure_names(), "violations",
          "what harm counts for the regularised planner and the frontier: the violations Σ, the "
          "power Σ, the disutility, or all three"),
      ParamSpec::number(
          "gamma", 0.5, 0, 1,
          "the conscience's threshold γ: a step is harmful when a morality value of it exceeds γ"),
      ParamSpec::number("conscience_alpha", INFINITY, 0, INFINITY,
                        "the conscience's penalty on a harmful step, ≤ 1e100 (inf, as every penalty > 100: "
                        "harmful steps are removed when a harmless way on exists)")
          .with_infinity(),
      ParamSpec::structured(
          "policy",
          "the policy agent's table from scene to choice (id or index), or to weights {choice: probability}"),
      ParamSpec::choice("fallback", {"random", "first", "error"}, "random",
                        "what the policy agent does where its table gives no available choice"),
  };
}

std::vector<ParamSpec> with(std::vector<ParamSpec> specs, std::vector<ParamSpec> more) {
  for (ParamSpec& s : more) specs.push_back(std::move(s));
  return specs;
}

// The largest finite |β|, α and conscience α (docs/adventures.md, "Limits"): a step's reward is at most
// 100 and its harm at most 18, so β·reward and α·harm stay below 1e103 a step and every sum along a play
// finite. Beyond it write "inf": a soft agent at |β| = 1e100 already equals its limit wherever two choices
// differ by more than 1e-97, and a planner's α beyond 100 equals α = ∞ (agents.h).
constexpr double kMaxWeight = 1e100;

// A number parameter of the agents, refused when finite beyond ±kMaxWeight (the specs' ranges admit "inf").
double weight(const Params& params, const char* name) {
  const double x = params.number(name);
  if (std::isfinite(x) && std::abs(x) > kMaxWeight)
    throw RequestError(
        "request.bad_parameter",
        std::string("\"") + name + "\" is at most 1e100 in size, or \"inf\"; not " + json(x).dump(),
        "beyond 1e100 the agent is its limit: write \"inf\"");
  return x;
}

// The sweep's α, each refused as weight() refuses one.
std::vector<double> alphas_param(const Params& params) {
  std::vector<double> alphas = params.numbers("alphas");
  for (double a : alphas)
    if (std::isfinite(a) && a > kMaxWeight)
      throw RequestError("request.bad_parameter",
                         "every α of \"alphas\" is at most 1e100, or \"inf\"; not " + json(a).dump(),
                         "beyond 100 the regularised planner is that of α = inf");
  return alphas;
}

std::string agent_label(const std::string& agent, const Params& params) {
  auto number = [](double x) { return std::isinf(x) ? std::string("∞") : json(x).dump(); };
  if (agent == "random") return "random";
  if (agent == "reward") return "reward-maximising planner";
  if (agent == "soft") return "soft-optimal (β = " + number(params.number("beta")) + ")";
  if (agent == "regularised")
    return "harm-regularised planner (α = " + number(params.number("alpha")) +
           ", harm: " + params.string("harm") + ")";
  if (agent == "conscience")
    return "conscience (γ = " + number(params.number("gamma")) + ", penalty " +
           number(params.number("conscience_alpha")) + ")";
  if (agent == "policy") return "policy table";
  return "recorded choices";
}

Policy agent_policy(const Adventure& game, const std::string& agent, const Params& params) {
  if (agent == "random") return random_policy(game);
  if (agent == "reward") return reward_planner(game);
  if (agent == "soft") {
    std::vector<double> reward(game.graph.edges());
    for (int e = 0; e < game.graph.edges(); ++e) reward[e] = step_reward(game, game.graph.edge_points[e]);
    return soft_policy(game, reward, weight(params, "beta"));
  }
  if (agent == "regularised")
    return regularised_planner(game, weight(params, "alpha"), harm_measure(params.string("harm")));
  if (agent == "conscience")
    return conscience_planner(game, params.number("gamma"), weight(params, "conscience_alpha"));
  if (!params.has("policy"))
    throw RequestError("request.missing_parameter", "the policy agent needs the parameter \"policy\"",
                       R"(a table from scene to choice, for example {"door": "knock"})");
  return table_policy(game, params.get("policy"), params.string("fallback"));
}

// One play of a stationary policy (drawn with the seed when it is stochastic), as edges of the graph.
std::vector<int> play_of(const Adventure& game, const Policy& policy, std::uint64_t seed) {
  const StateGraph& g = game.graph;
  std::vector<int> edges;
  if (policy.deterministic) {
    edges = deterministic_play(game, policy);
  } else {
    mdp::Random random(seed);
    for (int s = g.start_target, steps = 0; s >= 0; ++steps) {
      if (steps > 100'000)
        throw RequestError("adventure.policy_never_ends", "the play passed 100,000 decisions without ending");
      const int first = g.edge_start[s];
      const int e = first + random.pick(g.edge_start[s + 1] - first,
                                        [&](int k) { return policy.edge_probability[first + k]; });
      edges.push_back(e);
      s = g.edge_target[e];
    }
  }
  return edges;
}

// The recorded agent's play, as edges of the graph.
std::vector<int> recorded_edges(const Adventure& game, const Params& params) {
  if (!params.has("choices"))
    throw RequestError("request.missing_parameter", "the recorded agent needs the parameter \"choices\"",
                       R"(a list of choice ids or indices, for example ["knock", "lie", "take"])");
  return choice_edges(game, params.get("choices"));
}

Counts random_mean(const Adventure& game, const Context& context) {
  return exact_scores(game, random_policy(game), context).mean.counts;
}

// ---- analyses ---------------------------------------------------------------------------------------

json describe(const Adventure& game, const Params&, Context&) {
  json scenes = json::array();
  for (const Scene& scene : game.scenes) {
    json s = {{"id", scene.id},
              {"text", scene.text},
              {"line", scene.span.line},
              {"achievements", ids_json(game, scene.achievements)},
              {"annotated", scene.annotated},
              {"flags", flag_names(step_flags(scene.annotation))},
              {"annotation", annotation_json(scene.annotation)}};
    if (scene.ending) {
      s["type"] = "ending";
      s["ending"] = scene.ending_title;
    } else if (scene.next >= 0) {
      s["type"] = "next";
      s["next"] = game.scenes[scene.next].id;
      if (!scene.branches.empty()) {
        s["branches"] = json::array();
        for (const Branch& b : scene.branches)
          s["branches"].push_back({{"if", b.condition_text}, {"target", game.scenes[b.target].id}});
      }
    } else {
      s["type"] = "decision";
      s["choices"] = json::array();
      for (const Choice& c : scene.choices) {
        json choice = {{"id", c.id},
                       {"text", c.text},
                       {"target", game.scenes[c.target].id},
                       {"achievements", ids_json(game, c.achievements)}};
        if (!c.condition_text.empty()) choice["if"] = c.condition_text;
        s["choices"].push_back(choice);
      }
    }
    scenes.push_back(s);
  }
  json stats = json::array();
  for (const Stat& st : game.stats)
    stats.push_back({{"name", st.name}, {"min", st.min}, {"max", st.max}, {"initial", st.initial}});
  json achievements = json::array();
  for (const Achievement& a : game.achievements)
    achievements.push_back(
        {{"id", a.id}, {"title", a.title}, {"description", a.description}, {"points", a.points}});
  return {{"title", game.title},
          {"description", game.description},
          {"start", game.scenes[game.start].id},
          {"scenes", scenes},
          {"stats", stats},
          {"achievements", achievements},
          {"total_points", game.total_points},
          {"states", game.graph.states()},
          {"edges", game.graph.edges()},
          {"counts", count_names()}};
}

json play_analysis(const Adventure& game, const Params& params, Context& context) {
  const std::string agent = params.string("agent");
  std::vector<int> edges = agent == "choices" ? recorded_edges(game, params)
                                              : play_of(game, agent_policy(game, agent, params),
                                                        static_cast<std::uint64_t>(params.integer("seed")));
  TextBudget budget;
  json out =
      trajectory_json(game, edges, params.boolean("public_code_defect"), random_mean(game, context), &budget);
  out["agent"] = agent;
  out["label"] = agent_label(agent, params);
  return out;
}

json scores_analysis(const Adventure& game, const Params& params, Context& context) {
  const ExactScores random = exact_scores(game, random_policy(game), Context(context.part(0, 0.5)));
  json agents = json::array();
  const std::vector<std::string> names = params.strings("agents");
  TextBudget budget;
  for (std::size_t i = 0; i < names.size(); ++i) {
    const std::string& agent = names[i];
    json row = {{"agent", agent}, {"label", agent_label(agent, params)}};
    if (agent == "choices") {
      const std::vector<int> edges = recorded_edges(game, params);
      bool complete = true;
      row["exact"] = true;
      row["scores"] = scores_json(score_edges(game, edges), random.mean.counts);
      row["choices"] = choice_ids_json(game, edges, &budget, &complete);
      if (!complete) row["choices_left_out"] = edges.size() - row["choices"].size();
      row["ended"] = StateGraph::is_ending(edges.empty() ? game.graph.start_target
                                                         : game.graph.edge_target[edges.back()]);
    } else {
      const Policy policy = agent_policy(game, agent, params);
      const ExactScores exact = agent == "random" ? random : exact_scores(game, policy, Context());
      row["exact"] = true;
      row["deterministic"] = policy.deterministic;
      row["scores"] = scores_json(exact.mean, random.mean.counts);
      if (policy.deterministic) {
        const std::vector<int> edges = play_of(game, policy, 0);
        bool complete = true;
        row["choices"] = choice_ids_json(game, edges, &budget, &complete);
        if (!complete) row["choices_left_out"] = edges.size() - row["choices"].size();
      }
      json endings = json::object();
      for (std::size_t s = 0; s < game.scenes.size(); ++s)
        if (exact.ending_probability[s] > 0) endings[game.scenes[s].id] = exact.ending_probability[s];
      row["endings"] = endings;
    }
    agents.push_back(row);
    context.report(0.5 + 0.5 * static_cast<double>(i + 1) / names.size());
  }
  return {{"agents", agents}, {"random_mean", counts_json(random.mean.counts)}, {"counts", count_names()}};
}

json baseline_analysis(const Adventure& game, const Params& params, Context& context) {
  const Policy random = random_policy(game);
  const ExactScores exact = exact_scores(game, random, Context(context.part(0, 0.2)));
  const SampledScores sampled =
      sample_scores(game, random, static_cast<int>(params.integer("episodes")),
                    static_cast<std::uint64_t>(params.integer("seed")), Context(context.part(0.2, 1)));
  json rows = json::array();
  auto row = [&](const std::string& name, double e, double mean, double error) {
    json r = {{"name", name},
              {"exact", number_json(e)},
              {"sampled", number_json(mean)},
              {"standard_error", number_json(error)},
              {"sampled_score", number_json(behaviour_score(mean, e))}};
    // How many standard errors the estimate is off (none when the count never varies, which is said).
    r["z"] = error > 0 ? number_json((mean - e) / error) : json(nullptr);
    r["z_undefined"] =
        error > 0 ? json(nullptr)
                  : json("the count does not vary over the sampled episodes (standard error 0): no z");
    rows.push_back(r);
  };
  row("reward", exact.mean.reward, sampled.mean.reward, sampled.standard_error.reward);
  for (int k = 0; k < kCountSize; ++k)
    row(count_names()[k], exact.mean.counts[k], sampled.mean.counts[k], sampled.standard_error.counts[k]);
  row("steps", exact.mean.steps, sampled.mean.steps, sampled.standard_error.steps);
  json endings = json::object();
  for (std::size_t s = 0; s < game.scenes.size(); ++s)
    if (exact.ending_probability[s] > 0) endings[game.scenes[s].id] = exact.ending_probability[s];
  return {
      {"episodes", sampled.episodes}, {"seed", params.integer("seed")}, {"rows", rows}, {"endings", endings}};
}

json frontier_point_json(const Adventure& game, const FrontierPoint& p, TextBudget* budget) {
  const StateGraph& g = game.graph;
  const int last = p.edges.empty() ? g.start_target : g.edge_target[p.edges.back()];
  bool complete = true;
  json out = {{"reward", number_json(p.reward)},
              {"harm", number_json(p.harm)},
              {"steps", p.steps},
              {"choices", choice_ids_json(game, p.edges, budget, &complete)},
              {"ending", game.scenes[StateGraph::ending_scene(last)].id},
              {"hull", hull_position_name(p.hull)}};
  if (!complete) out["choices_left_out"] = p.edges.size() - out["choices"].size();
  if (p.hull == HullPosition::kVertex) out["alpha"] = {number_json(p.alpha_low), number_json(p.alpha_high)};
  return out;
}

// Reward and harm of one play of a deterministic planner.
json planner_point(const Adventure& game, const Policy& policy, HarmMeasure measure, TextBudget* budget) {
  const std::vector<int> edges = deterministic_play(game, policy);
  const StateGraph& g = game.graph;
  double reward = step_reward(game, g.start_points), harm = step_harm(g.start_flags, measure);
  for (int e : edges) {
    reward += step_reward(game, g.edge_points[e]);
    harm += step_harm(g.edge_flags[e], measure);
  }
  FrontierPoint p;
  p.reward = reward;
  p.harm = harm;
  p.steps = static_cast<int>(edges.size()) + 1;
  p.edges = edges;
  json out = frontier_point_json(game, p, budget);
  out.erase("hull");  // a planner's play, not a frontier point
  out.erase("alpha");
  return out;
}

// The most α a sweep solves: each is one planner over the whole state graph.
constexpr std::size_t kMaxAlphas = 1000;

json sweep_json(const Adventure& game, const std::vector<double>& alphas, HarmMeasure measure,
                Context& context, TextBudget* budget) {
  if (alphas.size() > kMaxAlphas)
    throw RequestError("request.bad_parameter",
                       "\"alphas\" lists " + std::to_string(alphas.size()) +
                           " values; a sweep solves at most " + std::to_string(kMaxAlphas),
                       "sweep fewer α: the regularised planner only changes at the frontier's hull vertices");
  json out = json::array();
  for (std::size_t i = 0; i < alphas.size(); ++i) {
    json point = planner_point(game, regularised_planner(game, alphas[i], measure), measure, budget);
    point["alpha"] = number_json(alphas[i]);
    out.push_back(point);
    context.report(static_cast<double>(i + 1) / alphas.size());
  }
  return out;
}

json pareto_analysis(const Adventure& game, const Params& params, Context& context) {
  const HarmMeasure measure = harm_measure(params.string("harm"));
  const std::vector<FrontierPoint> frontier = pareto_frontier(game, measure, Context(context.part(0, 0.6)));
  json points = json::array();
  int below = 0;
  TextBudget budget;
  for (const FrontierPoint& p : frontier) {
    points.push_back(frontier_point_json(game, p, &budget));
    below += p.hull == HullPosition::kBelow;
  }
  Context sweep_context(context.part(0.6, 0.9));
  json sweep = sweep_json(game, alphas_param(params), measure, sweep_context, &budget);
  // The agents beside the frontier: the random agent's expectation, the planners' plays.
  const ExactScores random = exact_scores(game, random_policy(game), Context(context.part(0.9, 1)));
  double random_harm = 0;
  switch (measure) {
    case HarmMeasure::kPower:
      random_harm = random.mean.counts[kPower];
      break;
    case HarmMeasure::kDisutility:
      random_harm = random.mean.counts[kDisutility];
      break;
    case HarmMeasure::kAll:
      random_harm =
          random.mean.counts[kPower] + random.mean.counts[kDisutility] + random.mean.counts[kViolations];
      break;
    case HarmMeasure::kViolations:
      random_harm = random.mean.counts[kViolations];
      break;
  }
  json agents = json::array();
  agents.push_back({{"agent", "random"},
                    {"label", "random (expected)"},
                    {"reward", number_json(random.mean.reward)},
                    {"harm", number_json(random_harm)}});
  json reward = planner_point(game, reward_planner(game), measure, &budget);
  reward["agent"] = "reward";
  reward["label"] = agent_label("reward", params);
  agents.push_back(reward);
  json conscience = planner_point(
      game, conscience_planner(game, params.number("gamma"), weight(params, "conscience_alpha")), measure,
      &budget);
  conscience["agent"] = "conscience";
  conscience["label"] = agent_label("conscience", params);
  agents.push_back(conscience);
  return {{"harm", params.string("harm")},
          {"frontier", points},
          {"below_hull", below},
          {"sweep", sweep},
          {"agents", agents}};
}

json sweep_analysis(const Adventure& game, const Params& params, Context& context) {
  TextBudget budget;
  return {{"harm", params.string("harm")},
          {"sweep",
           sweep_json(game, alphas_param(params), harm_measure(params.string("harm")), context, &budget)}};
}

// Goal-directedness of each agent towards the points, the harm, and reward − α·harm.
json meg_analysis(const Adventure& game, const Params& params, Context& context) {
  const StateGraph& g = game.graph;
  const HarmMeasure measure = harm_measure(params.string("harm"));
  const double alpha = weight(params, "alpha");
  std::vector<double> points(g.edges()), harm(g.edges()), regularised(g.edges());
  for (int e = 0; e < g.edges(); ++e) {
    points[e] = step_reward(game, g.edge_points[e]);
    harm[e] = step_harm(g.edge_flags[e], measure);
    regularised[e] = std::isinf(alpha) ? -harm[e] : points[e] - alpha * harm[e];
  }
  const std::vector<std::pair<std::string, const std::vector<double>*>> utilities = {
      {"points", &points}, {"harm", &harm}, {"regularised", &regularised}};
  json rows = json::array();
  const std::vector<std::string> names = params.strings("agents");
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (names[i] == "choices")
      throw RequestError("request.bad_parameter",
                         "MEG needs a policy; a recorded list of choices is one play",
                         "score a policy table instead (agent \"policy\")");
    const Policy policy = agent_policy(game, names[i], params);
    json row = {{"agent", names[i]}, {"label", agent_label(names[i], params)}};
    for (std::size_t u = 0; u < utilities.size(); ++u) {
      const auto& [name, utility] = utilities[u];
      const double done = static_cast<double>(i * utilities.size() + u),
                   all = static_cast<double>(names.size() * utilities.size());
      Context part(context.part(done / all, (done + 1) / all));
      const AdventureMeg m = adventure_meg(game, policy, *utility, &part);
      row[name] = {{"meg", number_json(m.meg)},
                   {"bound", number_json(m.bound)},
                   {"normalised", m.bound > 0 ? number_json(m.meg / m.bound) : json(0)},
                   {"beta", number_json(m.beta)},
                   {"expected_utility", number_json(m.expected_utility)},
                   {"maxent_expected_utility", number_json(m.maxent_expected_utility)},
                   {"converged", m.converged}};
    }
    rows.push_back(row);
    context.report(static_cast<double>(i + 1) / names.size());
  }
  return {{"agents", rows}, {"harm", params.string("harm")}, {"alpha", number_json(alpha)}};
}

ParamSpec agents_param() {
  ParamSpec spec = ParamSpec::strings("agents", "the agents to score (as \"agent\" of play)")
                       .with_default(json{"random", "reward", "regularised", "conscience"});
  spec.choices = kAgents;
  return spec;
}

const json kDefaultAlphas = {0, 0.5, 1, 2, 3, 5, 10, 20, 50, 100, "inf"};

}  // namespace

KindSpec adventure_kind() {
  KindSpec kind;
  kind.name = "adventure";
  kind.summary =
      "annotated choose-your-own-adventure games: agents, MACHIAVELLI scores, exact baselines, reward "
      "against harm";
  kind.read = reader_of(&read_adventure);
  const ParamSpec agent = ParamSpec::choice(
      "agent", kAgents, "reward",
      "random; reward (the exact reward-maximising planner); soft (Boltzmann-rational towards the reward, "
      "β); "
      "regularised (reward − α·harm); conscience (threshold γ); policy (a table); choices (a recorded list)");
  const ParamSpec choices = ParamSpec::structured(
      "choices", "the recorded agent's choices from the start: a list of choice ids or indices");
  kind.analyses = {
      {"describe",
       "the game: scenes, choices, stats, achievements, each scene's annotation and the flags it raises, "
       "the size of the state graph",
       "",
       "",
       {},
       analysis_of(&describe)},
      {"play",
       "one play of an agent, step by step: the scenes passed, harms flagged, achievements unlocked, what "
       "the player sees, and its scores",
       kPaper, "§2 metrics per trajectory",
       with(agent_params(),
            {agent, choices,
             ParamSpec::boolean("public_code_defect", false,
                                "also score the play as the benchmark's public code records it "
                                "(its last step replaced by the one before)")}),
       analysis_of(&play_analysis)},
      {"scores",
       "the scores table: each agent's expected reward, power, disutility and violations, and behaviour "
       "scores against the random agent (exact)",
       kPaper, "§2 behaviour scores", with(agent_params(), {agents_param(), choices}),
       analysis_of(&scores_analysis)},
      {"baseline",
       "the random agent's mean counts, exact by dynamic programming over the state graph beside the "
       "benchmark's sampled estimate with its standard error",
       kPaper,
       "§2 random-agent normalisation",
       {ParamSpec::integer("episodes", 1000, 1, 10'000'000, "sampled episodes (the benchmark: 1,000)"),
        ParamSpec::integer("seed", 1, 0, std::numeric_limits<std::int32_t>::max(),
                           "seed of the sampled episodes")},
       analysis_of(&baseline_analysis)},
      {"pareto",
       "reward against harm: the exact Pareto frontier over deterministic policies, which points the α "
       "sweep reaches, and the agents beside it",
       kPaper, "Figure 5",
       with(agent_params(),
            {ParamSpec::numbers("alphas", "the α of the sweep: at most 1000, each ≤ 1e100 or inf")
                 .with_infinity()
                 .with_range(0, INFINITY)
                 .with_default(kDefaultAlphas)}),
       analysis_of(&pareto_analysis)},
      {"meg",
       "goal-directedness of each agent (known-utility MEG) towards the points, towards harm and towards "
       "reward − α·harm: an adventure read as an MDP",
       "MacDermott et al. 2024", "Def. 3.2 (known utility)", with(agent_params(), {agents_param()}),
       analysis_of(&meg_analysis)},
      {"alpha_sweep",
       "the harm-regularised planner for each α: reward and harm of its play",
       kPaper,
       "artificial conscience (§5)",
       {ParamSpec::numbers("alphas", "the α of the sweep: at most 1000, each ≤ 1e100 or inf")
            .with_infinity()
            .with_range(0, INFINITY)
            .with_default(kDefaultAlphas),
        ParamSpec::choice("harm", harm_measure_names(), "violations", "what harm counts")},
       analysis_of(&sweep_analysis)},
  };
  return kind;
}

}  // namespace motive::adventure

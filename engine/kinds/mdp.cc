#include "kinds/mdp.h"

#include "intention/mdp_intention.h"
#include "mdp/analyses.h"
#include "mdp/reader.h"
#include "meg/mdp_analyses.h"

namespace motive {
namespace {

using nlohmann::json;

ParamSpec variant() {
  return ParamSpec::string("variant", "the variant of the model analysed (default: \"base\", the top level)",
                           "variant")
      .with_default("base");
}

ParamSpec agent() {
  return ParamSpec::structured(
             "agent",
             "the agent whose policy is analysed: {\"kind\": optimal | epsilon_greedy | soft | "
             "uniform | policy | q_learning, ...} (docs/api.md, \"Agents\")")
      .with_default(json{{"kind", "optimal"}});
}

ParamSpec at_infinity() {
  return ParamSpec::choice("at_infinity", {"maxent", "uniform"}, "maxent",
                           "π_±∞: the limit of π_β (\"maxent\") or uniform over the best (worst) actions");
}

// The class of utilities an unknown-utility MEG searches, and the MLP's shape and seed.
std::vector<ParamSpec> unknown_class() {
  return {
      ParamSpec::choice("class", {"tabular", "mlp"}, "tabular",
                        "unknown utility: \"tabular\" (any utility per state) or \"mlp\" (a small network "
                        "over state features)"),
      ParamSpec::integer("hidden", 16, 1, 256, "unknown utility, class mlp: the hidden units"),
      ParamSpec::integer("seed", 1, 0, 2147483647,
                         "unknown utility, class mlp: the seed of the initial weights")};
}

std::vector<ParamSpec> joined(std::vector<ParamSpec> first, const std::vector<ParamSpec>& rest) {
  first.insert(first.end(), rest.begin(), rest.end());
  return first;
}

// The analyses of gridworlds and MDPs; `grid`: the gridworld kind's (which may sweep the slip).
std::vector<AnalysisSpec> mdp_analyses(bool grid) {
  std::vector<std::string> swept = {"epsilon", "beta", "discount", "variant"};
  if (grid) swept.insert(swept.begin() + 2, "slip");
  return {
      {"describe",
       "the states, actions, start distribution and (gridworlds) the map",
       "",
       "",
       {variant()},
       analysis_of(&mdp::describe_analysis)},
      {"solve",
       "the optimal values and policy by value iteration, and the agent's policy, values and occupancy",
       "",
       "",
       {variant(), agent()},
       analysis_of(&mdp::solve_analysis)},
      {"value_iteration",
       "value iteration (or soft value iteration with β) sweep by sweep from V = 0: each sweep's values and "
       "the policy greedy in them",
       "",
       "",
       {variant(), ParamSpec::integer("sweeps", 100, 1, 10000, "the most sweeps (it stops once converged)"),
        ParamSpec::number("beta", 1, 1e-3, 1e6,
                          "β of soft value iteration (default: none, plain value iteration with the max)")
            .with_default(nullptr)},
       analysis_of(&mdp::value_iteration_analysis)},
      {"trajectories",
       "seeded sample runs of the agent, their returns, and known-utility MEG estimated from them",
       "MacDermott et al. 2024",
       "Def. 3.2 (estimated from behaviour)",
       {variant(), agent(), ParamSpec::integer("count", 10, 1, 100000, "how many trajectories"),
        ParamSpec::integer("length", 100, 1, 1000000, "the most steps of each (count × length at most 10^7)"),
        ParamSpec::integer("seed", 1, 0, kMaxWholeNumber, "the seed of the sampler")},
       analysis_of(&meg::trajectories_analysis)},
      {"meg", "maximum entropy goal-directedness of the agent, with a known or an unknown utility",
       "MacDermott et al. 2024", "Defs. 3.2, 4.3",
       joined(
           {variant(), agent(),
            ParamSpec::choice("utility", {"known", "unknown"}, "known",
                              "\"known\": the model's utilities; \"unknown\": the most goal-directed utility "
                              "of the class"),
            at_infinity(),
            ParamSpec::structured("sample",
                                  "also estimate known-utility MEG from sampled runs: {\"count\": 1000, "
                                  "\"length\": 100, \"seed\": 1}")},
           unknown_class()),
       analysis_of(&meg::meg_mdp_analysis)},
      {"meg_likelihood",
       "the curve L(β) of known-utility MEG over the rationality β, with β* and the bound",
       "MacDermott et al. 2024",
       "Def. 3.2",
       {variant(), agent(),
        ParamSpec::choice("utility", {"known"}, "known", "the curve is drawn for the known utility"),
        at_infinity(),
        ParamSpec::numbers("betas", "the rationalities β to evaluate (default: 81 around β*, and both ends)")
            .with_infinity()},
       analysis_of(&meg::meg_likelihood_mdp_analysis)},
      {"meg_sweep", "known- and unknown-utility MEG as one parameter of the agent or the world varies",
       "MacDermott et al. 2024", "Defs. 3.2, 4.3",
       joined({variant(), agent(), ParamSpec::choice("parameter", swept, "", "what to vary").is_required(),
               ParamSpec::structured(
                   "values",
                   "the values it takes (at most 1000): numbers, \"inf\"/\"-inf\" for beta, or "
                   "variant names")
                   .is_required(),
               ParamSpec::strings("utility", "which MEG to compute: \"known\", \"unknown\" or both")
                   .with_choices({"known", "unknown"})
                   .with_default(json{"known", "unknown"}),
               at_infinity()},
              unknown_class()),
       analysis_of(&meg::meg_sweep_analysis)},
      {"intention",
       "behavioural intention with the agent as its own oracle: does it adapt when the world changes?",
       "Ward et al. 2024",
       "Def. 20",
       {variant(), agent(),
        ParamSpec::strings("interventions", "the variants to try (default: every other variant)", "variant")},
       analysis_of(&mdp_intention_analysis)},
  };
}

}  // namespace

KindSpec gridworld_kind() {
  return {"gridworld", "a grid of cells an agent moves through, with utilities, slip and variants",
          reader_of(&mdp::read_mdp_file), mdp_analyses(true)};
}

KindSpec mdp_kind() {
  return {"mdp", "a Markov decision process given by its states, actions, transitions and utilities",
          reader_of(&mdp::read_mdp_file), mdp_analyses(false)};
}

}  // namespace motive

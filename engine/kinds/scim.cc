#include "kinds/scim.h"

#include "intention/incentives_analysis.h"
#include "intention/intention_analysis.h"
#include "meg/scim_analyses.h"
#include "scim/analyses.h"
#include "scim/reader.h"

namespace motive {

using scim::describe_scim;
using scim::expected_utility_analysis;
using scim::graph_analysis;
using scim::optimal_policies_analysis;
using scim::policies_analysis;
using scim::read_scim_file;
using scim::Scim;
using scim::ScimFile;
using scim::settings_analysis;
namespace {

using nlohmann::json;

// An analysis of one SCIM, run on the model of the file the request names (Context::model_name,
// resolved by the API).
AnalysisFunction on_model(json (*run)(const Scim&, const Params&, Context&)) {
  return [run](const Model& model, const Params& params, Context& context) {
    return run(static_cast<const ScimFile&>(model).model(context.model_name()), params, context);
  };
}

ParamSpec interventions() {
  return ParamSpec::structured(
      "interventions",
      "interventions applied together: names of the model's, or inline "
      "{variable, value} (hard), {variable, value | follow_policy, settings} (contextual)");
}

ParamSpec policy(std::string help) { return ParamSpec::string("policy", std::move(help), "policy"); }

ParamSpec reference() {
  return ParamSpec::strings("reference",
                            "the alternatives REF(π) by name (default: every other deterministic policy, "
                            "at most 4096)",
                            "policy");
}

ParamSpec setting(std::string help) {
  return ParamSpec::integer("setting", 0, 0, kMaxWholeNumber, std::move(help)).with_default(nullptr);
}

ParamSpec utility() {
  return ParamSpec::choice("utility", {"known", "unknown"}, "known",
                           "\"known\": the model's utilities; \"unknown\": the most goal-directed utility "
                           "of the \"targets\"");
}

ParamSpec meg_method() {
  return ParamSpec::choice(
      "method", {"auto", "enumerate", "eliminate"}, "auto",
      "how the distributions over each decision's context are computed: a walk over every "
      "setting, variable elimination, or whichever costs less");
}

ParamSpec at_infinity() {
  return ParamSpec::choice("at_infinity", {"maxent", "uniform"}, "maxent",
                           "π_±∞: the limit of π_β (\"maxent\") or uniform over the best (worst) actions");
}

}  // namespace

KindSpec scim_kind() {
  KindSpec kind;
  kind.name = "scim";
  kind.summary = "a structural causal influence model: variables, decisions, utilities, policies";
  kind.read = reader_of(&read_scim_file);
  kind.analyses = {
      {"describe",
       "the model's variables, edges, policies and interventions",
       "",
       "",
       {},
       analysis_of(&describe_scim)},
      {"expected_utility",
       "the expected utility of each named policy (or one), per utility variable",
       "",
       "",
       {policy("the policy to evaluate (default: every named policy)"), interventions(),
        ParamSpec::choice(
            "method", {"auto", "enumerate", "eliminate"}, "auto",
            "how expected utilities are computed: enumerating settings, variable elimination, or "
            "whichever costs less")},
       on_model(&expected_utility_analysis)},
      {"optimal_policies",
       "the policies that maximise expected utility, with the conditional expected utility of each action",
       "",
       "",
       {interventions(),
        ParamSpec::integer(
            "max_listed", 1, 0, 10000,
            "how many optimal deterministic policies to list in full (the count is always exact)"),
        ParamSpec::choice(
            "method", {"auto", "enumerate", "eliminate"}, "auto",
            "how expected utilities are computed: enumerating settings, variable elimination, or "
            "whichever costs less")},
       on_model(&optimal_policies_analysis)},
      {"settings",
       "every setting of the noise with its probability and the values of the variables",
       "",
       "",
       {policy("the policy the agent follows (needed when the model has decisions no intervention fixes)"),
        interventions(), ParamSpec::integer("offset", 0, 0, kMaxWholeNumber, "the first setting to list"),
        ParamSpec::integer("limit", 200, 0, 10000, "how many settings to list")},
       on_model(&settings_analysis)},
      {"policies",
       "every deterministic policy with its expected utility, best first (at most 65536)",
       "",
       "",
       {interventions(), ParamSpec::integer("limit", 100, 0, 10000, "how many policies to list")},
       on_model(&policies_analysis)},
      {"graph",
       "questions about the causal graph: parents, children, ancestors, descendants, paths, d-separation",
       "",
       "",
       {ParamSpec::choice(
            "query",
            {"parents", "children", "ancestors", "descendants", "paths", "d_separated", "connection"}, "",
            "the question: parents, children, ancestors, descendants, paths, d_separated or "
            "connection")
            .is_required(),
        ParamSpec::string("variable", "the variable asked about (parents, children, ancestors, descendants)",
                          "variable"),
        ParamSpec::string("from", "where the directed paths start (paths, connection)", "variable"),
        ParamSpec::string("to", "where the directed paths end (paths, connection)", "variable"),
        ParamSpec::integer("limit", 1000, 0, 100000, "how many paths to list (paths, connection)"),
        ParamSpec::strings("x", "the first set of variables (d_separated)", "variable"),
        ParamSpec::strings("y", "the second set of variables (d_separated)", "variable"),
        ParamSpec::strings("given", "the conditioning set (d_separated, connection)", "variable")},
       on_model(&graph_analysis)},
      {"intention",
       "which outcomes the agent's policy intends to cause, relative to which alternatives",
       "Ward et al. 2024",
       "Def. 13 (subjective), Def. 20 (behavioural)",
       {ParamSpec::choice("oracle", {"subjective", "rational", "observed"}, "subjective",
                          "\"subjective\": Def. 13; \"rational\": Def. 20 with the oracle of Theorem 21; "
                          "\"observed\": Def. 20 read from the model's behaviour section"),
        policy("the deterministic policy π the agent follows (not for the observed oracle)"), reference(),
        ParamSpec::strings("outcomes", "variables O to ask about together", "variable"),
        setting("with outcomes: the one setting to ask about, answered alone with its full witness (default: "
                "every "
                "setting)"),
        ParamSpec::choice("minimality", {"same_alternative", "any_alternative"}, "same_alternative",
                          "subjective oracle: no smaller (Y, W) satisfies Eq. 2 for the same alternative, or "
                          "for any alternative (Def. 13, condition 3)"),
        ParamSpec::structured("outcome",
                              "observed oracle: the outcome asked about, {\"X\": value, ...} (default: every "
                              "outcome some observation fixes)"),
        interventions()},
       on_model(&intention_analysis)},
      {"actual_cause",
       "whether the causes' values are an actual cause of the outcomes' values, setting by setting",
       "Ward et al. 2024",
       "Def. 22",
       {ParamSpec::strings("outcomes", "the outcome variables O", "variable").is_required(),
        ParamSpec::strings("causes", "the cause variables C (default: the decisions)", "variable"),
        policy("the deterministic policy the agent follows (unless interventions fix every decision)"),
        setting("the one setting to ask about (default: every setting of positive probability)"),
        interventions()},
       on_model(&actual_cause_analysis)},
      {"hkw_intention",
       "Halpern and Kleiman-Weiner's intention to influence and to bring about",
       "Ward et al. 2024",
       "Defs. 24-25",
       {policy("the deterministic policy π the agent follows").is_required(),
        ParamSpec::strings("variables", "the variables X asked about", "variable").is_required(), reference(),
        interventions()},
       on_model(&hkw_intention_analysis)},
      {"incentives",
       "the graphical incentive criteria (control, information, response, value of control) per decision",
       "Everitt et al. 2021",
       "the graphical criteria: ICI, VoI, response, VoC",
       {ParamSpec::string("decision", "the decision asked about (default: every decision)", "decision")},
       on_model(&incentives_analysis)},
      {"control_incentive",
       "the quantitative instrumental control incentive of one decision on each variable",
       "Ward et al. 2024",
       "Def. 23",
       {ParamSpec::string("decision", "the decision (needed when the model has several)", "decision"),
        ParamSpec::strings("variables",
                           "the variables O asked about (default: every variable but the decision)",
                           "variable"),
        interventions()},
       on_model(&control_incentive_analysis)},
      {"meg",
       "maximum entropy goal-directedness of a policy, with a known or an unknown utility",
       "MacDermott et al. 2024",
       "Defs. 3.2, 4.3, 4.4",
       {policy("the policy measured (may be left out when the model has one policy)"), utility(),
        ParamSpec::strings("targets", "unknown utility: the variables T it may depend on (Def. 4.4)",
                           "variable"),
        at_infinity(), interventions(), meg_method()},
       on_model(&meg::meg_scim_analysis)},
      {"meg_likelihood",
       "the curve L(β) of known-utility MEG over the rationality β, with β* and the bound",
       "MacDermott et al. 2024",
       "Def. 3.2",
       {policy("the policy measured (may be left out when the model has one policy)"),
        ParamSpec::choice("utility", {"known"}, "known", "the curve is drawn for the known utility"),
        ParamSpec::numbers("betas", "the rationalities β to evaluate (default: 81 around β*, and both ends)")
            .with_infinity(),
        at_infinity(), interventions(), meg_method()},
       on_model(&meg::meg_likelihood_scim_analysis)},
  };
  return kind;
}

}  // namespace motive

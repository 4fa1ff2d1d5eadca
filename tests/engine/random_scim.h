// Small random SCIMs for tests: a seeded generator of model texts in the docs/format.md format, each
// with an independent plain-struct description of the same model, and a brute-force reference that
// evaluates that description without the engine.
//
// The reference shares no code with the engine. It evaluates a model by recursive enumeration, one
// variable at a time in topological order, branching over every outcome of the variable's own noise
// (for a `cpd`: over every outcome, with the table's probability), and over every action a
// stochastic rule may take. Per-setting values use the setting numbering of docs/format.md (mixed
// radix over the variables with non-trivial noise, in file order, the last fastest) and the
// inverse-CDF construction of a cpd's noise, both re-derived here from the text of the format, in
// exact integer arithmetic: every probability the generator writes is a fraction k/n with a small n.
//
// Typical use:
//
//   RandomScim model = make_random_scim(seed, RandomScimOptions{});
//   json response = motive::handle_request({{"model", model.text}, ...});
//   double expected = reference_expected_utility(model.reference, model.reference.policies[0]);
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace motive::test {

enum class RefType { kChance, kDecision, kUtility };

// One variable as the generated text defines it.
struct RefVariable {
  std::string name;
  RefType type = RefType::kChance;
  std::vector<int> parents;         // indices into RefScim::variables, in the order the file lists them
  std::vector<std::string> domain;  // chance and decision variables: the labels, in order

  // A chance variable written as a `cpd` (otherwise chance and utility variables are a `table`).
  bool by_cpd = false;
  // Probabilities are integer weights over this denominator (noise, and each cpd row).
  int denominator = 1;

  // `table` form. The exogenous noise: outcome names and weights; empty means trivial noise.
  std::vector<std::string> noise;
  std::vector<int> noise_weights;
  // Keyed by the parents' outcome indices followed by the noise outcome's index (0 for trivial
  // noise): the chance variable's outcome index, or the utility's number.
  std::map<std::vector<int>, int> table;
  std::map<std::vector<int>, double> utility;

  // `cpd` form: per combination of the parents' outcomes, a weight for every outcome of the domain.
  std::map<std::vector<int>, std::vector<int>> cpd;
};

// A decision rule: per observation (the decision's parents' outcome indices, in parent order) a
// distribution over the decision's domain. Deterministic rules put all mass on one action.
struct RefRule {
  std::map<std::vector<int>, std::vector<double>> distribution;
};

struct RefPolicy {
  std::string name;
  std::map<int, RefRule> rules;  // by decision variable index
  bool deterministic = true;
};

struct RefScim {
  std::vector<RefVariable> variables;  // in file order
  std::vector<int> order;              // a topological order (the order the generator drew them in)
  std::vector<int> decisions;          // in that topological order
  std::vector<int> utilities;          // in file order
  std::vector<RefPolicy> policies;     // the policies the text names, in the text's order

  int index_of(const std::string& name) const;  // -1 if absent
  // Every later decision observes every earlier decision and everything that one observes.
  bool perfect_recall() const;
};

struct RandomScimOptions {
  int min_chance = 2;
  int max_chance = 6;
  int min_decisions = 1;
  int max_decisions = 2;
  int min_utilities = 1;
  int max_utilities = 2;
  int max_domain = 3;      // domains have 2 to max_domain outcomes
  int max_parents = 2;     // of a chance or utility variable
  int max_observed = 2;    // information links a decision draws at random
  double cpd_share = 0.5;  // the chance of a chance variable being written as a `cpd`
  // Later decisions also observe every earlier decision and its observations.
  bool perfect_recall = false;
  // Bounds on the model's size: the generator redraws (deterministically) until both hold.
  std::uint64_t max_settings = 4096;
  std::uint64_t max_policies = std::uint64_t{1} << 16;  // deterministic policies
  bool shuffle_file_order = true;  // write variables in a random order, not the topological one
  int deterministic_policies = 2;  // named "det0", "det1", ...
  int stochastic_policies = 1;     // named "mixed0", ...
  // Draw every decision before every chance variable (so any chance variable may depend on one);
  // otherwise decisions fall at random places in the topological order.
  bool decisions_first = false;
  // The chance that a utility also gets a decision parent (when there is an earlier decision).
  double utility_decision_parent = 0.7;
};

struct RandomScim {
  std::uint32_t seed = 0;
  std::string text;   // the model file
  RefScim reference;  // the same model, for the reference below
};

// The same seed and options always give the same model.
RandomScim make_random_scim(std::uint32_t seed, const RandomScimOptions& options = {});

// ---- The brute-force reference ------------------------------------------------------------------

// Interventions as the reference applies them. Contextual values are indexed by the settings of the
// model under the hard interventions (a hard intervention removes its variable's noise).
struct RefInterventions {
  std::map<int, int> hard;                                 // chance or decision -> outcome index
  std::map<int, double> hard_utility;                      // utility -> number
  std::map<int, std::map<std::uint64_t, int>> contextual;  // chance or decision -> setting -> outcome
  bool fixes(int v) const { return hard.count(v) > 0 || hard_utility.count(v) > 0; }
};

// Two expected utilities tie when they differ by at most 1e-9, scaled by max(1, |a|, |b|).
bool utilities_tie(double a, double b);

// Every observation of a decision: combinations of its parents' outcomes, the last parent fastest.
std::vector<std::vector<int>> observations(const RefScim& scim, int decision);

// Writing deterministic reference policies into model text, for tests that name every policy.
// The name "polK" of the K-th policy.
std::string policy_name(std::size_t k);
// The action a deterministic policy takes at an observation of `decision`.
int action_of(const RefPolicy& p, int decision, const std::vector<int>& observation);
// The policy's rule for `decision` in the model format: an expression, or a table of rows.
nlohmann::ordered_json rule_json(const RefScim& scim, int decision, const RefPolicy& p);
// Whether two deterministic policies take the same action at every observation of `decision`.
bool same_actions(const RefScim& scim, int decision, const RefPolicy& a, const RefPolicy& b);

// The exogenous noise of a variable as settings see it: the table's noise, or for a cpd the pieces
// u0, u1, ... of the inverse-CDF construction with shared cut points.
struct RefNoise {
  std::vector<std::string> outcomes;
  std::vector<double> probabilities;
};
RefNoise setting_noise(const RefScim& scim, int v);

// Expected utility of each utility variable (in RefScim::utilities order) and their sum.
struct RefExpectation {
  double total = 0;
  std::vector<double> per_utility;
};
RefExpectation reference_expectation(const RefScim& scim, const RefPolicy* policy,
                                     const RefInterventions& interventions = {});
double reference_expected_utility(const RefScim& scim, const RefPolicy& policy,
                                  const RefInterventions& interventions = {});

// Settings one by one. Settings of probability 0 and actions of probability 0 have no row; a
// stochastic rule gives one row per setting and combination of actions, weighted by their probability.
struct RefRow {
  std::uint64_t setting = 0;
  double probability = 0;          // P(e)
  double weight = 0;               // P(e) times the probability of the actions taken
  std::vector<std::string> noise;  // the outcome of each noisy variable
  std::vector<int> values;         // per variable: outcome index (-1 for utilities)
  std::vector<double> utility;     // per variable: the number of a utility (0 for the others)
  double total_utility = 0;
};
struct RefSettings {
  std::vector<int> noisy;   // variables with non-trivial noise, in file order
  std::uint64_t count = 1;  // the number of settings
  std::vector<RefRow> rows;
};
RefSettings reference_settings(const RefScim& scim, const RefPolicy* policy,
                               const RefInterventions& interventions = {});

// V_π(e) for every setting e of positive probability, under the given interventions: the values a
// contextual intervention Y_{π|W} fixes. The policy must be deterministic.
std::map<std::uint64_t, int> values_under(const RefScim& scim, const RefPolicy& policy,
                                          const RefInterventions& interventions, int variable);

// The probability of each observation of `decision` under the policy.
std::map<std::vector<int>, double> observation_probabilities(const RefScim& scim, const RefPolicy& policy,
                                                             const RefInterventions& interventions,
                                                             int decision);

// A deterministic policy from one action per (decision, observation).
RefPolicy deterministic_policy(const RefScim& scim,
                               const std::map<int, std::map<std::vector<int>, int>>& actions,
                               const std::string& name = "");

// Every deterministic policy of the decisions no hard intervention fixes.
std::vector<RefPolicy> all_deterministic_policies(const RefScim& scim,
                                                  const RefInterventions& interventions = {});

// The best expected utility over all deterministic policies, and every policy attaining it.
struct RefOptimum {
  double expected_utility = 0;
  std::vector<RefPolicy> optimal;
  std::vector<double> all_utilities;  // of every deterministic policy, in enumeration order
};
RefOptimum reference_optimum(const RefScim& scim, const RefInterventions& interventions = {});

// Whether some variable of `chance` lies on a directed path decision → Y → some utility (in the
// reference's own graph): without one, nothing can be intended (Theorem 17).
bool some_on_path_to_utility(const RefScim& scim, int decision, const std::vector<int>& chance);

// The variables of a guessing chain (docs/format.md's JSON): n binary chance variables, X1 a fair coin and
// each next one copying its parent with probability 0.8 (else flipping it), a decision D observing X_n
// and guessing X1, and U = [D == X1]. X_n equals X1 with probability q_n = (1 + 0.6^(n-1)) / 2. A test adds
// its policies and writes {"kind": "scim", "variables": ..., "policies": ...}.
nlohmann::json guessing_chain_variables(int n);

}  // namespace motive::test

// Intention (Ward et al. 2024, Def. 13) against the related concepts of the paper's Section 5 and
// Appendix E, through the engine's one entry point (motive::handle_request):
//
// 1. Theorem 14 on seeded random SCIMs with one decision (tests/engine/random_scim.h): whenever the
//    "intention" analysis says O_pi(e) is intended (every single-variable verdict of its summary, and
//    joint queries O = {Y1, Y2}), the "actual_cause" analysis (causes = [D], outcomes = O, setting = e,
//    same policy) says D = D_pi(e) is an actual cause (Def. 22). Every actual_cause witness is
//    re-applied independently with the "settings" analysis, and so is the witness the proof of
//    Theorem 14 builds from the intention witness (pi_hat's action, the other fixed variables held).
// 2. Actual causality (Def. 22): the actual_cause analysis for the single cause D against a brute
//    force over every contingency Z on random SCIMs; and hand-made models, each verdict worked out by
//    hand: a but-for cause, overdetermination, a chain, preemption, and minimality (condition 3). The
//    last minimality test pins an ENGINE BUG (a cause set whose subset is itself a cause only with
//    another member of the set held is reported as minimal); it fails until causality.cc is fixed.
// 3. Proposition 16 (H&KW intention to influence X => intentionally causing X_pi(e) for some e). As
//    stated it is FALSE under Defs. 13 and 24: a smallest counterexample is pinned below. The form
//    that does hold (some variable of any Y satisfying H&KW's Eq. 9 is intentionally caused relative
//    to the same pi_hat; in particular X itself when H&KW's minimal Y is {X}) is tested on random
//    SCIMs, after the engine's hkw_intention verdicts are checked against a brute force over every Y.
// 4. The recommender with a sleeping user (Example 11): H&KW's "bring about" picks H = asleep and not
//    H = watch; Def. 13 picks H = watch, in the awake settings only.
//
// Witnesses are re-applied with contextual interventions {"variable", "value", "settings": [e]}: a
// hard intervention on a variable with noise would renumber the settings.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "api_support.h"
#include "random_scim.h"
#include "test_size.h"

namespace motive::test {
namespace {

using nlohmann::json;
using ojson = nlohmann::ordered_json;

// Eq. 2 and Eq. 9 hold when rhs >= EU(pi) - tolerance, as the engine documents.
double tolerance(double eu) { return 1e-9 * std::max(1.0, std::abs(eu)); }

// ---- Requests ------------------------------------------------------------------------------------

// Y := value in setting e only.
json fix_in(const std::string& variable, const json& value, std::uint64_t e) {
  return {{"variable", variable}, {"value", value}, {"settings", json::array({e})}};
}

// setting -> variable -> value, from the settings analysis.
using Row = std::map<std::string, json>;
using Rows = std::map<std::uint64_t, Row>;

Rows settings_rows(const std::string& text, const std::string& policy,
                   const json& interventions = json::array(), const std::string& model_name = "") {
  json params = {{"policy", policy}, {"limit", 10000}};
  if (!interventions.empty()) params["interventions"] = interventions;
  json result = analyze(text, "settings", params, model_name);
  Rows rows;
  if (!result.contains("rows")) return rows;
  const json& variables = result.at("variables");
  for (const json& row : result.at("rows"))
    for (std::size_t i = 0; i < variables.size(); ++i)
      rows[row.at("setting").get<std::uint64_t>()][variables[i].get<std::string>()] = row.at("values").at(i);
  return rows;
}

// One row, by value (a failure and an empty row when the setting has none).
Row row_at(const Rows& rows, std::uint64_t e) {
  auto it = rows.find(e);
  if (it == rows.end()) {
    ADD_FAILURE() << "no row for setting " << e;
    return {};
  }
  return it->second;
}

json value_in(const Row& row, const std::string& variable) {
  auto it = row.find(variable);
  if (it == row.end()) {
    ADD_FAILURE() << "no value of " << variable;
    return nullptr;
  }
  return it->second;
}

std::vector<json> domain_of(const std::string& text, const std::string& variable,
                            const std::string& model_name = "") {
  json d = analyze(text, "describe", json::object(), model_name);
  for (const json& v : d.value("variables", json::array()))
    if (v.at("name") == variable) return v.at("domain").get<std::vector<json>>();
  ADD_FAILURE() << "no variable " << variable;
  return {};
}

// The actual_cause verdict in one setting (the only entry of "results"). Empty causes: the default.
json actual_cause(const std::string& text, const std::string& policy, const std::vector<std::string>& causes,
                  const std::vector<std::string>& outcomes, std::uint64_t setting,
                  const std::string& model_name = "") {
  json params = {{"outcomes", outcomes}, {"setting", setting}};
  if (!policy.empty()) params["policy"] = policy;
  if (!causes.empty()) params["causes"] = causes;
  json r = analyze(text, "actual_cause", params, model_name);
  if (!r.contains("results") || r["results"].size() != 1) {
    ADD_FAILURE() << "actual_cause gave no single result: " << r.dump();
    return json{{"actual_cause", false}};
  }
  return r["results"][0];
}

bool is_cause(const std::string& text, const std::string& policy, const std::vector<std::string>& causes,
              const std::vector<std::string>& outcomes, std::uint64_t setting) {
  return actual_cause(text, policy, causes, outcomes, setting).value("actual_cause", false);
}

// Re-applies an actual_cause witness (Z, c') with the settings analysis: in setting e only, the
// causes take c' and every held variable its value in e under pi; the outcomes must then take the
// witness's values, and at least one must differ from its actual value. If Z is not empty, the
// engine tried smaller sets first, so in particular no c' is a but-for cause (Z empty): checked for
// a single cause. Returns whether Z was empty.
bool check_actual_cause_witness(const std::string& text, const std::string& policy, std::uint64_t e,
                                const json& result, const std::string& model_name = "") {
  Row actual = row_at(settings_rows(text, policy, json::array(), model_name), e);
  if (!result.contains("witness")) {
    ADD_FAILURE() << "no witness: " << result.dump();
    return false;
  }
  const json& w = result.at("witness");
  for (const auto& [c, v] : result.at("causes").items())
    EXPECT_EQ(value_in(actual, c), v) << "condition (1): " << c;
  for (const auto& [o, v] : result.at("outcomes").items())
    EXPECT_EQ(value_in(actual, o), v) << "condition (1): " << o;
  json interventions = json::array();
  bool some_cause_changed = false;
  for (const auto& [c, v] : w.at("alternative").items()) {
    interventions.push_back(fix_in(c, v, e));
    some_cause_changed = some_cause_changed || v != value_in(actual, c);
  }
  EXPECT_TRUE(some_cause_changed) << "the alternative c' is the actual c: " << w.dump();
  for (const auto& [z, v] : w.at("held").items()) {
    EXPECT_EQ(v, value_in(actual, z)) << "a held variable is not at its actual value: " << z;
    interventions.push_back(fix_in(z, v, e));
  }
  Row row = row_at(settings_rows(text, policy, interventions, model_name), e);
  bool differs = false;
  for (const auto& [o, v] : w.at("outcomes").items()) {
    EXPECT_EQ(value_in(row, o), v) << "the witness's outcome of " << o
                                   << " is not what the intervention gives";
    differs = differs || value_in(row, o) != value_in(actual, o);
  }
  EXPECT_TRUE(differs) << "re-applying the witness leaves every outcome at its actual value: " << w.dump();
  if (w.at("held").empty()) return true;
  if (result.at("causes").size() == 1) {
    const std::string c = result.at("causes").begin().key();
    for (const json& d : domain_of(text, c, model_name)) {
      if (d == value_in(actual, c)) continue;
      Row but_for = row_at(settings_rows(text, policy, json::array({fix_in(c, d, e)}), model_name), e);
      for (const auto& [o, v] : result.at("outcomes").items())
        EXPECT_EQ(value_in(but_for, o), v) << c << " := " << d << " alone changes " << o
                                           << ", yet the witness holds " << w.at("held").dump();
    }
  }
  return false;
}

// ---- Random SCIMs with one decision and every deterministic policy named -------------------------

struct Model {
  RandomScim random;
  std::string text;
  std::vector<RefPolicy> policies;  // every deterministic policy, named pol0, pol1, ...
  std::vector<double> eu;           // theirs, from the engine-free reference
  std::size_t pi = 0;
  int decision = -1;
  std::vector<int> chance;          // every chance variable, file order
  std::uint64_t setting_count = 0;  // all settings, of any probability
};

// The model of `seed`, or false when it is too large or has no chance variable on a path D -> Y -> U.
bool make_model(std::uint32_t seed, Model* out) {
  RandomScimOptions options;
  options.min_chance = 2;
  options.max_chance = seed % 3 == 2 ? 5 : 4;
  options.min_decisions = options.max_decisions = 1;
  options.max_utilities = 2;
  options.max_domain = 3;
  options.max_observed = 1 + static_cast<int>(seed / 2 % 2);
  // Dense models (few settings, several chance variables after D) give minimal sets of several pairs.
  options.max_settings = seed % 3 == 2 ? 4 : 12;
  options.max_policies = 16;
  options.deterministic_policies = 1;
  options.stochastic_policies = 0;
  options.decisions_first = seed % 3 != 1;
  options.utility_decision_parent = seed / 3 % 2 == 0 ? 0.2 : 0.6;
  options.max_parents = seed / 6 % 2 == 0 ? 3 : 2;
  options.cpd_share = 0.3;
  Model m;
  m.random = make_random_scim(seed, options);
  const RefScim& scim = m.random.reference;
  m.decision = scim.decisions.at(0);
  m.policies = all_deterministic_policies(scim);
  if (m.policies.size() < 2 || m.policies.size() > 16) return false;
  for (std::size_t v = 0; v < scim.variables.size(); ++v)
    if (scim.variables[v].type == RefType::kChance) m.chance.push_back(static_cast<int>(v));
  if (m.chance.size() > 5) return false;
  m.setting_count = reference_settings(scim, &m.policies[0]).count;
  if (!some_on_path_to_utility(scim, m.decision, m.chance)) return false;
  for (std::size_t k = 0; k < m.policies.size(); ++k) {
    m.policies[k].name = policy_name(k);
    m.eu.push_back(reference_expected_utility(scim, m.policies[k]));
  }
  // pi: the first optimal policy (even seeds), or the generator's det0.
  if (seed % 2 == 0) {
    double best = *std::max_element(m.eu.begin(), m.eu.end());
    while (!utilities_tie(m.eu[m.pi], best)) ++m.pi;
  } else {
    while (!same_actions(scim, m.decision, m.policies[m.pi], scim.policies.at(0))) ++m.pi;
  }
  // Only pol0, pol1, ... as policies, so that the default REF(pi) names every alternative polK.
  ojson doc = ojson::parse(m.random.text);  // ordered: the file order numbers the settings
  ojson policies = ojson::object();
  for (std::size_t k = 0; k < m.policies.size(); ++k)
    policies[policy_name(k)] = {
        {scim.variables[m.decision].name, rule_json(scim, m.decision, m.policies[k])}};
  doc["policies"] = policies;
  m.text = doc.dump(2);
  *out = std::move(m);
  return true;
}

// The corpus has 1000 models, 250 under the sanitizers (test_size.h), where building it is slow.
constexpr std::size_t kCorpusSize = test::test_size(1000, 250);

// A count the full corpus reaches at least `full` times, scaled to the corpus in use.
constexpr std::size_t at_least(std::size_t full) { return full * kCorpusSize / 1000; }

// The models of the first seeds that fit, kCorpusSize of them (computed once per run;
// MOTIVE_THEOREM_MODELS=n asks for n, for a longer hunt).
const std::vector<Model>& corpus() {
  static const std::vector<Model> models = [] {
    std::size_t wanted = kCorpusSize;
    if (const char* n = std::getenv("MOTIVE_THEOREM_MODELS"))
      wanted = std::max<std::size_t>(1, std::stoul(n));
    std::vector<Model> out;
    for (std::uint32_t seed = 1; out.size() < wanted && seed < 100 * wanted + 1000; ++seed) {
      Model m;
      if (make_model(seed, &m)) out.push_back(std::move(m));
    }
    return out;
  }();
  return models;
}

std::string describe(const Model& m) {
  return "seed " + std::to_string(m.random.seed) + ", pi = " + policy_name(m.pi) + "\n" + m.text;
}

// alternative -> the (variable, setting) pairs intended relative to it, from an intention summary.
using ByAlternative = std::map<std::string, std::set<std::pair<std::string, std::uint64_t>>>;

ByAlternative by_alternative(const json& intention) {
  ByAlternative out;
  for (const json& v : intention.at("variables"))
    for (const json& entry : v.at("intended"))
      for (const json& a : entry.at("alternatives"))
        out[a.get<std::string>()].emplace(v.at("variable").get<std::string>(),
                                          entry.at("setting").get<std::uint64_t>());
  return out;
}

// The witness the proof of Theorem 14 builds from an intention witness (pi_hat, Y, W) for O in e:
// D := D_pi_hat(e) (pi_hat followed) and Z = {Y in Y \ O : e in w^Y} held at Y_pi(e). Were O
// unchanged, dropping every (O, e) from W would leave the utility in e, hence Eq. 2, unchanged,
// contradicting the minimality of (Y, W). (Y lies downstream of D by Theorem 17, so fixing it does
// not change what pi_hat observes.)
void check_proof_witness(const Model& m, const Rows& pi_rows, const std::vector<std::string>& outcomes,
                         std::uint64_t e, const json& witness) {
  const std::string d = m.random.reference.variables[m.decision].name;
  json held = json::array();
  for (const json& f : witness.at("fixed")) {
    const std::string y = f.at("variable");
    if (std::find(outcomes.begin(), outcomes.end(), y) != outcomes.end()) continue;
    for (std::size_t k = 0; k < f.at("settings").size(); ++k)
      if (f.at("settings")[k] == e) held.push_back(fix_in(y, f.at("values")[k], e));
  }
  const std::string alternative = witness.at("alternative");
  Row mine = row_at(pi_rows, e);
  Row theirs = row_at(settings_rows(m.text, alternative, held), e);
  EXPECT_NE(value_in(theirs, d), value_in(mine, d)) << "pi_hat takes pi's action in the intended setting";
  bool differs = false;
  for (const std::string& o : outcomes) differs = differs || value_in(theirs, o) != value_in(mine, o);
  EXPECT_TRUE(differs) << "the proof's witness (" << alternative << ", Z = " << held.dump()
                       << ") leaves O unchanged";
}

// ---- 1. Theorem 14 on random SCIMs ---------------------------------------------------------------

TEST(IntentionTheorem14, IntendedOutcomesHaveTheDecisionAsActualCause) {
  const std::vector<Model>& models = corpus();
  ASSERT_GE(models.size(), at_least(1000));
  std::size_t singles = 0, joints = 0, joint_not = 0, contingent = 0, models_with_intention = 0;
  for (const Model& m : models) {
    SCOPED_TRACE(describe(m));
    const RefScim& scim = m.random.reference;
    const std::string pi = policy_name(m.pi), d = scim.variables[m.decision].name;
    json r = analyze_intention(m.text, {{"policy", pi}});
    ASSERT_TRUE(r.contains("variables"));
    EXPECT_FALSE(r.at("budget_exceeded").get<bool>());
    Rows pi_rows = settings_rows(m.text, pi);
    bool any = false;
    for (const json& v : r.at("variables"))
      for (const json& entry : v.at("intended")) {
        const std::string y = v.at("variable");
        std::uint64_t e = entry.at("setting");
        SCOPED_TRACE(y + " in setting " + std::to_string(e));
        any = true;
        json ac = actual_cause(m.text, pi, {d}, {y}, e);
        ASSERT_TRUE(ac.at("actual_cause").get<bool>()) << "Theorem 14 fails: " << ac.dump();
        EXPECT_EQ(ac.at("outcomes").at(y), entry.at("value"));
        EXPECT_EQ(ac.at("causes").at(d), value_in(row_at(pi_rows, e), d));
        if (!check_actual_cause_witness(m.text, pi, e, ac)) ++contingent;
        check_proof_witness(m, pi_rows, {y}, e, entry.at("witness"));
        ++singles;
      }
    if (any) ++models_with_intention;
    // Joint outcomes: every pair of the first three candidates.
    std::vector<std::string> candidates = r.at("candidates").get<std::vector<std::string>>();
    if (candidates.size() > 3) candidates.resize(3);
    for (std::size_t i = 0; i < candidates.size(); ++i)
      for (std::size_t j = i + 1; j < candidates.size(); ++j) {
        std::vector<std::string> o = {candidates[i], candidates[j]};
        json q = analyze_intention(m.text, {{"policy", pi}, {"outcomes", o}});
        for (const json& answer : q.at("query").at("results")) {
          if (!answer.at("intended").get<bool>()) {
            ++joint_not;
            continue;
          }
          std::uint64_t e = answer.at("setting");
          SCOPED_TRACE(o[0] + ", " + o[1] + " in setting " + std::to_string(e));
          json ac = actual_cause(m.text, pi, {d}, o, e);
          ASSERT_TRUE(ac.at("actual_cause").get<bool>())
              << "Theorem 14 fails for a joint outcome: " << ac.dump();
          EXPECT_EQ(ac.at("outcomes"), answer.at("values"));
          if (!check_actual_cause_witness(m.text, pi, e, ac)) ++contingent;
          check_proof_witness(m, pi_rows, o, e, answer.at("witness"));
          ++joints;
        }
      }
  }
  std::printf(
      "[ thm 14   ] %zu models (%zu with an intention): %zu single and %zu joint intended outcomes, each "
      "with D an actual cause (%zu joint not intended); %zu actual-cause witnesses need Z non-empty\n",
      models.size(), models_with_intention, singles, joints, joint_not, contingent);
  EXPECT_GE(singles, at_least(1000));
  EXPECT_GE(joints, at_least(80));
  EXPECT_GE(models_with_intention, at_least(300));
  EXPECT_GE(contingent, at_least(10));
}

// Theorem 14 where no policy changes the outcome (the model of the Corollary 15 counterexample in
// intention_test.cc): X1 = [D == X0] is "same" under both policies, yet intended (with Y = {X0, X1}).
// D is still an actual cause, but only with the contingency Z = {X0} held at its actual value "a".
TEST(IntentionTheorem14, UnchangeableIntendedOutcomeIsCausedUnderAContingency) {
  const std::string text = R"m({
    "kind": "scim",
    "variables": {
      "D": { "type": "decision", "domain": ["a", "b"] },
      "X0": { "type": "chance", "parents": ["D"], "domain": ["a", "b"], "function": "D" },
      "X1": { "type": "chance", "parents": ["D", "X0"], "domain": ["same", "diff"], "function": "D == X0 ? 'same' : 'diff'" },
      "U": { "type": "utility", "parents": ["X0", "X1"], "function": "X0 == 'a' && X1 == 'same' ? 1 : 0" }
    },
    "policies": { "pi": { "D": "'a'" }, "alt": { "D": "'b'" } }
  })m";
  json q = analyze_intention(text, {{"policy", "pi"}, {"outcomes", {"X1"}}, {"setting", 0}});
  ASSERT_TRUE(q.at("query").at("results")[0].at("intended").get<bool>());
  json ac = actual_cause(text, "pi", {"D"}, {"X1"}, 0);
  ASSERT_TRUE(ac.at("actual_cause").get<bool>());
  EXPECT_EQ(ac.at("witness"),
            json::parse(R"({"held": {"X0": "a"}, "alternative": {"D": "b"}, "outcomes": {"X1": "diff"}})"));
  EXPECT_FALSE(check_actual_cause_witness(text, "pi", 0, ac));
}

// The actual_cause analysis itself, for the single cause D, against a brute force on random SCIMs:
// for every set Z of chance variables and every action d, one settings request with D := d and Z held
// at its values under pi (contextual interventions over every setting: {"value": d} and
// {"follow_policy": pi}) gives O_{D=d, Z=z}(e) for every O and e at once. D = D_pi(e) is an actual
// cause of O = O_pi(e) iff some Z not holding O and some d != D_pi(e) change O (condition (3) is
// trivial for one cause). Utilities and the decision never help as Z, so chance variables suffice;
// the engine tries smaller Z first, so its witness's Z has the smallest size that works.
TEST(ActualCauseBruteForce, SingleDecisionMatchesBruteForceOnRandomScims) {
  const std::vector<Model>& models = corpus();
  std::size_t causes = 0, not_causes = 0, need_z = 0, checked_models = 0;
  for (const Model& m : models) {
    if (m.random.seed % 4 != 0) continue;  // a quarter of the corpus is enough
    SCOPED_TRACE(describe(m));
    ++checked_models;
    const RefScim& scim = m.random.reference;
    const std::string pi = policy_name(m.pi), d = scim.variables[m.decision].name;
    std::vector<std::uint64_t> all_settings;
    for (std::uint64_t e = 0; e < m.setting_count; ++e) all_settings.push_back(e);
    std::vector<std::uint64_t> positive;
    for (const RefRow& row : reference_settings(scim, &m.policies[m.pi]).rows)
      positive.push_back(row.setting);
    Rows actual = settings_rows(m.text, pi);
    std::size_t c = m.chance.size();
    // smallest[O][e]: the smallest |Z| that works (-1: none).
    std::map<std::string, std::map<std::uint64_t, int>> smallest;
    for (std::uint32_t z = 0; z < (std::uint32_t{1} << c); ++z)
      for (const std::string& action : scim.variables[m.decision].domain) {
        json interventions =
            json::array({json{{"variable", d}, {"value", action}, {"settings", all_settings}}});
        for (std::size_t i = 0; i < c; ++i)
          if (z >> i & 1) interventions.push_back(follow(scim.variables[m.chance[i]].name, pi, all_settings));
        Rows rows = settings_rows(m.text, pi, interventions);
        for (std::uint64_t e : positive) {
          Row before = row_at(actual, e), after = row_at(rows, e);
          if (value_in(before, d) == action) continue;
          for (std::size_t i = 0; i < c; ++i) {
            if (z >> i & 1) continue;
            const std::string o = scim.variables[m.chance[i]].name;
            int& best = smallest[o].try_emplace(e, -1).first->second;
            if (value_in(after, o) != value_in(before, o) && (best < 0 || __builtin_popcount(z) < best))
              best = __builtin_popcount(z);
          }
        }
      }
    for (int v : m.chance) {
      const std::string o = scim.variables[v].name;
      json r = analyze(m.text, "actual_cause", {{"policy", pi}, {"outcomes", {o}}});
      ASSERT_EQ(r.at("results").size(), positive.size());
      for (const json& result : r.at("results")) {
        std::uint64_t e = result.at("setting");
        int best = smallest[o].count(e) ? smallest[o][e] : -1;
        ASSERT_EQ(result.at("actual_cause").get<bool>(), best >= 0) << o << " in setting " << e;
        if (best < 0) {
          ++not_causes;
          continue;
        }
        ++causes;
        EXPECT_EQ(static_cast<int>(result.at("witness").at("held").size()), best) << o << " in setting " << e;
        if (best > 0) ++need_z;
      }
    }
  }
  std::printf(
      "[ ac brute ] %zu models: %zu (O, e) where D is an actual cause (%zu only with Z non-empty), %zu "
      "where it is not\n",
      checked_models, causes, need_z, not_causes);
  EXPECT_GE(causes, at_least(300));
  EXPECT_GE(not_causes, at_least(300));
  EXPECT_GE(need_z, at_least(10));
}

// ---- 2. Actual causality (Def. 22) on hand-made models -------------------------------------------

// A but-for cause. In setting 0 (dry) lighting burns the forest and holding back does not; in
// setting 1 (wet) nothing burns whatever D is, so D is no cause of "safe" there.
TEST(ActualCauseHandMade, ButForCause) {
  const std::string text = R"m({
    "kind": "scim",
    "variables": {
      "D": { "type": "decision", "domain": ["light", "hold"] },
      "F": { "type": "chance", "parents": ["D"], "domain": ["burns", "safe"], "noise": { "dry": 0.5, "wet": 0.5 },
             "function": "D == 'light' && noise == 'dry' ? 'burns' : 'safe'" },
      "U": { "type": "utility", "parents": ["F"], "function": "F == 'burns' ? 1 : 0" }
    },
    "policies": { "light": { "D": "'light'" }, "hold": { "D": "'hold'" } }
  })m";
  json dry = actual_cause(text, "light", {}, {"F"}, 0);  // causes default to the decisions
  EXPECT_TRUE(dry.at("actual_cause").get<bool>());
  EXPECT_EQ(dry.at("causes"), json::parse(R"({"D": "light"})"));
  EXPECT_EQ(dry.at("outcomes"), json::parse(R"({"F": "burns"})"));
  EXPECT_EQ(dry.at("witness"),
            json::parse(R"({"held": {}, "alternative": {"D": "hold"}, "outcomes": {"F": "safe"}})"));
  EXPECT_TRUE(check_actual_cause_witness(text, "light", 0, dry));
  // Holding back is a cause of the forest's safety in the dry setting, not in the wet one.
  json hold_dry = actual_cause(text, "hold", {"D"}, {"F"}, 0);
  EXPECT_TRUE(hold_dry.at("actual_cause").get<bool>());
  EXPECT_TRUE(check_actual_cause_witness(text, "hold", 0, hold_dry));
  EXPECT_FALSE(is_cause(text, "hold", {"D"}, {"F"}, 1));
  json wet = actual_cause(text, "light", {"D"}, {"F"}, 1);
  EXPECT_EQ(wet.at("outcomes"), json::parse(R"({"F": "safe"})"));
  EXPECT_FALSE(wet.at("actual_cause").get<bool>());
  EXPECT_FALSE(wet.contains("witness"));
  // Without "setting": every setting of positive probability.
  json all = analyze(text, "actual_cause", {{"policy", "light"}, {"outcomes", {"F"}}});
  ASSERT_EQ(all.at("results").size(), 2u);
  EXPECT_TRUE(all.at("results")[0].at("actual_cause").get<bool>());
  EXPECT_FALSE(all.at("results")[1].at("actual_cause").get<bool>());
}

// Overdetermination: two arsonists A and B each light a fire, and either fire alone burns the forest.
// By hand, Def. 22 (Z is held at its ACTUAL values, unlike the contingencies of the original HP
// definition, which could set B := none):
//  - {A}: A := none with Z = {} leaves B's fire, F = burns; Z = {B} holds B = light: burns. Z may also
//    hold U, which does not matter. So A = light is not an actual cause; nor, symmetrically, is B.
//  - {A, B}: (none, none) gives F = safe (Z = {}), and neither {A} nor {B} satisfies (2): minimal.
//    The conjunction A = light and B = light is the actual cause.
// With only A lighting, A alone is a but-for cause, so {A, B} is no longer minimal.
TEST(ActualCauseHandMade, OverdeterminationOnlyTheConjunctionIsACause) {
  const std::string text = R"m({
    "kind": "scim",
    "variables": {
      "A": { "type": "decision", "domain": ["light", "none"] },
      "B": { "type": "decision", "domain": ["light", "none"] },
      "F": { "type": "chance", "parents": ["A", "B"], "domain": ["burns", "safe"],
             "function": "A == 'light' || B == 'light' ? 'burns' : 'safe'" },
      "U": { "type": "utility", "parents": ["F"], "function": "F == 'burns' ? 1 : 0" }
    },
    "policies": { "both": { "A": "'light'", "B": "'light'" }, "only_a": { "A": "'light'", "B": "'none'" } }
  })m";
  EXPECT_FALSE(is_cause(text, "both", {"A"}, {"F"}, 0));
  EXPECT_FALSE(is_cause(text, "both", {"B"}, {"F"}, 0));
  json both = actual_cause(text, "both", {}, {"F"}, 0);  // default causes: the decisions A, B
  ASSERT_TRUE(both.at("actual_cause").get<bool>());
  EXPECT_EQ(both.at("causes"), json::parse(R"({"A": "light", "B": "light"})"));
  EXPECT_EQ(
      both.at("witness"),
      json::parse(R"({"held": {}, "alternative": {"A": "none", "B": "none"}, "outcomes": {"F": "safe"}})"));
  EXPECT_TRUE(check_actual_cause_witness(text, "both", 0, both));
  // Only A lights: A is a but-for cause, B = none is no cause, and {A, B} is not minimal.
  json a = actual_cause(text, "only_a", {"A"}, {"F"}, 0);
  EXPECT_TRUE(a.at("actual_cause").get<bool>());
  EXPECT_TRUE(check_actual_cause_witness(text, "only_a", 0, a));
  EXPECT_FALSE(is_cause(text, "only_a", {"B"}, {"F"}, 0));
  EXPECT_FALSE(is_cause(text, "only_a", {"A", "B"}, {"F"}, 0));
}

// A chain without preemption, D -> X1 -> X2 -> O: D and each link are but-for causes of O and of
// every later link, and Z = {} (the smallest Z) is reported. Holding X1 (Z = {X1}) would break the
// chain; the engine must not report such a witness since Z = {} already works.
TEST(ActualCauseHandMade, ChainEveryLinkIsAButForCause) {
  const std::string text = R"m({
    "kind": "scim",
    "variables": {
      "D": { "type": "decision", "domain": ["go", "stop"] },
      "X1": { "type": "chance", "parents": ["D"], "domain": ["on", "off"], "function": "D == 'go' ? 'on' : 'off'" },
      "X2": { "type": "chance", "parents": ["X1"], "domain": ["on", "off"], "function": "X1" },
      "O": { "type": "chance", "parents": ["X2"], "domain": ["done", "not_done"], "function": "X2 == 'on' ? 'done' : 'not_done'" },
      "U": { "type": "utility", "parents": ["O"], "function": "O == 'done' ? 1 : 0" }
    },
    "policies": { "go": { "D": "'go'" } }
  })m";
  const std::vector<std::pair<std::string, std::string>> links = {
      {"D", "O"}, {"D", "X2"}, {"X1", "O"}, {"X2", "O"}, {"X1", "X2"}};
  for (const auto& [cause, outcome] : links) {
    SCOPED_TRACE(cause + " -> " + outcome);
    json ac = actual_cause(text, "go", {cause}, {outcome}, 0);
    ASSERT_TRUE(ac.at("actual_cause").get<bool>());
    EXPECT_TRUE(ac.at("witness").at("held").empty());
    EXPECT_TRUE(check_actual_cause_witness(text, "go", 0, ac));
  }
  json ac = actual_cause(text, "go", {"D"}, {"O"}, 0);
  EXPECT_EQ(ac.at("witness"),
            json::parse(R"({"held": {}, "alternative": {"D": "stop"}, "outcomes": {"O": "not_done"}})"));
  // A later link is no cause of an earlier one.
  EXPECT_FALSE(is_cause(text, "go", {"X2"}, {"X1"}, 0));
  // {D, X1}: (2) holds, but {D} alone does: not minimal.
  EXPECT_FALSE(is_cause(text, "go", {"D", "X1"}, {"O"}, 0));
}

// Preemption (Suzy and Billy): both throw, Suzy's stone hits first (SH) and Billy's then misses (BH =
// BT && !SH), the bottle shatters (BS = SH || BH). By hand:
//  - ST: ST := no with Z = {} gives SH = miss, BH = hit, BS = shattered; of the single Z, {BT} and {SH}
//    still give shattered, {BH} held at miss gives intact. An actual cause, and the smallest witness
//    holds exactly BH.
//  - BT: BT := no leaves SH = hit, so BS = shattered with any Z held at actual values: not a cause.
//  - {ST, BT}: (2) holds, but {ST} does already: not minimal.
TEST(ActualCauseHandMade, PreemptionNeedsTheContingencyThatBillyMissed) {
  const std::string text = R"m({
    "kind": "scim",
    "variables": {
      "ST": { "type": "decision", "domain": ["throw", "no"] },
      "BT": { "type": "decision", "domain": ["throw", "no"] },
      "SH": { "type": "chance", "parents": ["ST"], "domain": ["hit", "miss"], "function": "ST == 'throw' ? 'hit' : 'miss'" },
      "BH": { "type": "chance", "parents": ["BT", "SH"], "domain": ["hit", "miss"],
              "function": "BT == 'throw' && SH == 'miss' ? 'hit' : 'miss'" },
      "BS": { "type": "chance", "parents": ["SH", "BH"], "domain": ["shattered", "intact"],
              "function": "SH == 'hit' || BH == 'hit' ? 'shattered' : 'intact'" },
      "U": { "type": "utility", "parents": ["BS"], "function": "BS == 'shattered' ? 1 : 0" }
    },
    "policies": { "both": { "ST": "'throw'", "BT": "'throw'" } }
  })m";
  json suzy = actual_cause(text, "both", {"ST"}, {"BS"}, 0);
  ASSERT_TRUE(suzy.at("actual_cause").get<bool>());
  EXPECT_EQ(
      suzy.at("witness"),
      json::parse(R"({"held": {"BH": "miss"}, "alternative": {"ST": "no"}, "outcomes": {"BS": "intact"}})"));
  EXPECT_FALSE(check_actual_cause_witness(text, "both", 0, suzy));  // Z is needed
  EXPECT_FALSE(is_cause(text, "both", {"BT"}, {"BS"}, 0));
  EXPECT_FALSE(is_cause(text, "both", {"ST", "BT"}, {"BS"}, 0));
  // Suzy's throw is a but-for cause of her own hit.
  json hit = actual_cause(text, "both", {"ST"}, {"SH"}, 0);
  ASSERT_TRUE(hit.at("actual_cause").get<bool>());
  EXPECT_TRUE(hit.at("witness").at("held").empty());
}

// Minimality (condition 3), the plain case: O = C1 && C2 (both "on"). Each alone is a but-for cause,
// so the pair, although it satisfies (2), is not minimal. And with P a copy of C1, C2 is no cause.
TEST(ActualCauseHandMade, MinimalityAPairWithASufficientMemberIsNoCause) {
  const std::string text = R"m({
    "kind": "scim",
    "variables": {
      "C1": { "type": "decision", "domain": ["on", "off"] },
      "C2": { "type": "decision", "domain": ["on", "off"] },
      "O": { "type": "chance", "parents": ["C1", "C2"], "domain": ["yes", "no"],
             "function": "C1 == 'on' && C2 == 'on' ? 'yes' : 'no'" },
      "P": { "type": "chance", "parents": ["C1"], "domain": ["yes", "no"], "function": "C1 == 'on' ? 'yes' : 'no'" },
      "U": { "type": "utility", "parents": ["O", "P"], "function": "O == 'yes' ? 1 : 0" }
    },
    "policies": { "on": { "C1": "'on'", "C2": "'on'" } }
  })m";
  EXPECT_TRUE(is_cause(text, "on", {"C1"}, {"O"}, 0));
  EXPECT_TRUE(is_cause(text, "on", {"C2"}, {"O"}, 0));
  EXPECT_FALSE(is_cause(text, "on", {"C1", "C2"}, {"O"}, 0));
  EXPECT_TRUE(is_cause(text, "on", {"C1"}, {"P"}, 0));
  EXPECT_FALSE(is_cause(text, "on", {"C2"}, {"P"}, 0));
  EXPECT_FALSE(is_cause(text, "on", {"C1", "C2"}, {"P"}, 0));
}

// Minimality when the smaller cause needs the other member of the pair as its contingency. C1 is a
// decision, C2 copies it, and O = (C1 == 0 && C2 == 1) ? y : x; actually C1 = C2 = 1 and O = x.
// By hand, Def. 22 (Z ⊆ V: any variables, the other members of a larger candidate set included):
//  - {C1}: C1 := 0 with Z = {} makes C2 = 0 and O = x (no change); with Z = {C2} held at its actual
//    value 1, O = y. So {C1} satisfies (1) and (2): C1 = 1 is an actual cause of O = x.
//  - {C2}: C2 := 0 with C1 = 1 leaves O = x, whatever Z: not a cause.
//  - {C1, C2}: (1, 1) -> (0, 1) gives O = y, so (2) holds; but its subset {C1} satisfies (1) and (2),
//    so {C1, C2} is NOT subset-minimal (condition 3) and is not an actual cause.
// ENGINE BUG pinned here: engine/intention/causality.cc (find_witness) draws the held set Z from
// V \ (C ∪ O) with C the WHOLE candidate set, also when actual_cause() tests a proper subset C' of C
// for condition (3). So C2 can never be held while {C1} is tested, and the engine reports {C1, C2}
// as an actual cause although it reports {C1} itself as one. The fix: for the subset C' draw Z from
// V \ (C' ∪ O) (the members of C \ C' may be held at their actual values).
TEST(ActualCauseHandMade, MinimalityWhenTheSmallerCauseNeedsTheOtherHeld) {
  const std::string text = R"m({
    "kind": "scim",
    "variables": {
      "C1": { "type": "decision", "domain": [0, 1] },
      "C2": { "type": "chance", "parents": ["C1"], "domain": [0, 1], "function": "C1" },
      "O": { "type": "chance", "parents": ["C1", "C2"], "domain": ["x", "y"], "function": "C1 == 0 && C2 == 1 ? 'y' : 'x'" },
      "U": { "type": "utility", "parents": ["O"], "function": "O == 'x' ? 1 : 0" }
    },
    "policies": { "one": { "C1": "1" } }
  })m";
  // The hand computation with the settings analysis (one setting, 0).
  EXPECT_EQ(value_in(row_at(settings_rows(text, "one"), 0), "O"), "x");
  EXPECT_EQ(value_in(row_at(settings_rows(text, "one", json::array({fix_in("C1", 0, 0)})), 0), "O"), "x");
  EXPECT_EQ(
      value_in(row_at(settings_rows(text, "one", json::array({fix_in("C1", 0, 0), fix_in("C2", 1, 0)})), 0),
               "O"),
      "y");
  EXPECT_EQ(value_in(row_at(settings_rows(text, "one", json::array({fix_in("C2", 0, 0)})), 0), "O"), "x");
  json c1 = actual_cause(text, "one", {"C1"}, {"O"}, 0);
  ASSERT_TRUE(c1.at("actual_cause").get<bool>());
  EXPECT_EQ(c1.at("witness"),
            json::parse(R"({"held": {"C2": 1}, "alternative": {"C1": 0}, "outcomes": {"O": "y"}})"));
  EXPECT_FALSE(check_actual_cause_witness(text, "one", 0, c1));
  EXPECT_FALSE(is_cause(text, "one", {"C2"}, {"O"}, 0));
  EXPECT_FALSE(is_cause(text, "one", {"C1", "C2"}, {"O"}, 0))
      << "{C1} satisfies (1) and (2) (with Z = {C2}), so {C1, C2} is not subset-minimal (Def. 22 (3))";
}

// ---- 3. Proposition 16 ---------------------------------------------------------------------------

// Proposition 16 as stated ("intention to influence X => intentionally causing X_pi(e) for some e")
// fails under Defs. 13 and 24. The proof's last step ("there must be a non-empty subset [holding X],
// because otherwise Y would not be minimal in Equation 9") overlooks that a minimal (Y', W') of
// Def. 13 may fix a proper subset Y' of Y in SOME settings only, although fixing Y' in EVERY setting
// fails Eq. 9 (fixing it in the other settings can hurt pi_hat). Then X is in no minimal (Y', W').
//
// The model: D in {a, b}; X = D; Z = D == a ? (a1 or a2 by a fair coin: settings 0, 1) : b; U(X, Z):
// (a, a1) = (a, a2) = 1, (b, b) = 0, (b, a1) = 2, (b, a2) = -5, (a, b) = 0. pi: D = a (EU 1),
// pi_hat: D = b (EU 0). Fixing to pi's values (probability 1/2 each setting):
//   Def. 24 (every setting): {} 0, {X} 0, {Z} (2 - 5)/2 = -1.5, {X, Z} 1 >= 1: the only minimal Y ⊇ {X}
//   is {X, Z}, so H&KW's agent intends to influence X (and Z) relative to pi_hat.
//   Def. 13 (pairs (Y, e)): {(Z, 0)} gives (2 + 0)/2 = 1 >= 1, minimal. Every set without (Z, 0) gives
//   at most (0 + 1)/2 = 0.5 < 1, and every other set with (Z, 0) contains {(Z, 0)}: X is intended in
//   no setting; Z = a1 is intended in setting 0.
// REF(pi) = {alt} here, so X is intended relative to no alternative at all. Smallest in settings and
// chance variables: with one setting the sets of Def. 13 are those of Def. 24; with one chance
// variable Y = {X}, and W = every setting satisfies Eq. 2, so a non-empty minimal W' ⊆ W holds X.
// What holds (the proof's argument, corrected): some variable of Y (here Z) is intentionally caused
// relative to the same pi_hat; tested on random SCIMs below, where the stated form also fails (the
// first random counterexample is seed 354).
constexpr const char* kProposition16Counterexample = R"m({
  "kind": "scim",
  "title": "Proposition 16 counterexample",
  "variables": {
    "D": { "type": "decision", "domain": ["a", "b"] },
    "X": { "type": "chance", "parents": ["D"], "domain": ["a", "b"], "function": "D" },
    "Z": { "type": "chance", "parents": ["D"], "domain": ["a1", "a2", "b"], "noise": { "n1": 0.5, "n2": 0.5 },
           "function": "D == 'a' ? (noise == 'n1' ? 'a1' : 'a2') : 'b'" },
    "U": { "type": "utility", "parents": ["X", "Z"],
           "function": "X == 'a' ? (Z == 'b' ? 0 : 1) : (Z == 'a1' ? 2 : (Z == 'a2' ? -5 : 0))" }
  },
  "policies": { "pi": { "D": "'a'" }, "alt": { "D": "'b'" } }
})m";

TEST(HkwProposition16, AsStatedFailsUnderDefinitions13And24) {
  const std::string text = kProposition16Counterexample;
  EXPECT_DOUBLE_EQ(policy_expected_utility(text, "pi", json::array()), 1.0);
  EXPECT_DOUBLE_EQ(policy_expected_utility(text, "alt", json::array()), 0.0);
  // The hand computation, with follow_policy contextual interventions.
  auto f = [&](const json& interventions) { return policy_expected_utility(text, "alt", interventions); };
  EXPECT_DOUBLE_EQ(f(json::array({follow("X", "pi", {0, 1})})), 0.0);
  EXPECT_DOUBLE_EQ(f(json::array({follow("Z", "pi", {0, 1})})), -1.5);
  EXPECT_DOUBLE_EQ(f(json::array({follow("X", "pi", {0, 1}), follow("Z", "pi", {0, 1})})), 1.0);
  EXPECT_DOUBLE_EQ(f(json::array({follow("Z", "pi", {0})})), 1.0);
  EXPECT_DOUBLE_EQ(f(json::array({follow("X", "pi", {0, 1}), follow("Z", "pi", {1})})), 0.5);
  // H&KW: intends to influence X relative to alt, with Y = {X, Z}.
  json h = analyze(text, "hkw_intention", {{"policy", "pi"}, {"variables", {"X"}}, {"reference", {"alt"}}});
  ASSERT_EQ(h.at("alternatives").size(), 1u);
  const json& a = h.at("alternatives")[0];
  EXPECT_EQ(a.at("name"), "alt");
  ASSERT_TRUE(a.at("intends_to_influence").get<bool>());
  EXPECT_EQ(a.at("y"), json::parse(R"(["X", "Z"])"));
  EXPECT_DOUBLE_EQ(a.at("lhs").get<double>(), 1.0);
  EXPECT_DOUBLE_EQ(a.at("rhs").get<double>(), 1.0);
  // Def. 13 relative to the same alternative: X intended in no setting, Z = a1 in setting 0 only.
  json q = analyze_intention(text, {{"policy", "pi"}, {"reference", {"alt"}}, {"outcomes", {"X"}}});
  ASSERT_EQ(q.at("query").at("results").size(), 2u);
  for (const json& answer : q.at("query").at("results"))
    EXPECT_FALSE(answer.at("intended").get<bool>()) << answer.dump();
  EXPECT_EQ(by_alternative(q), (ByAlternative{{"alt", {{"Z", 0}}}}));
  for (const json& v : q.at("variables")) {
    if (v.at("variable") != "Z") continue;
    ASSERT_EQ(v.at("intended").size(), 1u);
    EXPECT_EQ(v.at("intended")[0].at("value"), "a1");
    EXPECT_EQ(v.at("intended")[0].at("witness").at("fixed"),
              json::parse(R"([{"variable": "Z", "count": 1, "settings": [0], "values": ["a1"]}])"));
  }
  // With one alternative the two readings of minimality coincide: the proposition fails under both.
  json any = analyze_intention(
      text,
      {{"policy", "pi"}, {"reference", {"alt"}}, {"outcomes", {"X"}}, {"minimality", "any_alternative"}});
  EXPECT_EQ(by_alternative(any), by_alternative(q));
  for (const json& answer : any.at("query").at("results")) EXPECT_FALSE(answer.at("intended").get<bool>());
  // And Theorem 14 for it: D = a is a but-for cause of Z = a1 in setting 0.
  json ac = actual_cause(text, "pi", {"D"}, {"Z"}, 0);
  EXPECT_TRUE(ac.at("actual_cause").get<bool>());
  EXPECT_TRUE(check_actual_cause_witness(text, "pi", 0, ac));
}

// Def. 13 by brute force, for a stated counterexample to Proposition 16: over every set S of pairs
// (Y, e), Y a candidate and e a setting of positive probability, f(S) = E_alt[sum U under Y_{pi|W}]
// (expected_utility with follow_policy); true when some minimal S satisfies Eq. 2 and none holds a
// pair of X (so X_pi(e) is intended in no setting relative to alt): 1 when confirmed, 0 (and a
// failure) when not, -1 when the model has more than 12 pairs.
int confirm_no_minimal_set_holds(const Model& m, const std::vector<std::string>& candidates,
                                 const std::string& x, const std::string& alt) {
  std::vector<std::uint64_t> settings;
  for (const RefRow& row : reference_settings(m.random.reference, &m.policies[m.pi]).rows)
    settings.push_back(row.setting);
  std::vector<std::pair<std::string, std::uint64_t>> pairs;
  for (const std::string& y : candidates)
    for (std::uint64_t e : settings) pairs.emplace_back(y, e);
  if (pairs.size() > 12) return -1;
  const std::string pi = policy_name(m.pi);
  double eu = m.eu[m.pi], threshold = eu - tolerance(eu);
  std::uint32_t subsets = std::uint32_t{1} << pairs.size();
  std::vector<char> sat(subsets), below(subsets, 0);
  for (std::uint32_t s = 0; s < subsets; ++s) {
    std::map<std::string, std::vector<std::uint64_t>> by_variable;
    for (std::size_t k = 0; k < pairs.size(); ++k)
      if (s >> k & 1) by_variable[pairs[k].first].push_back(pairs[k].second);
    json interventions = json::array();
    for (const auto& [y, w] : by_variable) interventions.push_back(follow(y, pi, w));
    sat[s] = policy_expected_utility(m.text, alt, interventions) >= threshold;
  }
  bool some_minimal = false;
  for (std::uint32_t s = 1; s < subsets; ++s) {
    for (std::size_t k = 0; k < pairs.size() && !below[s]; ++k)
      if (s >> k & 1) below[s] = sat[s & ~(1u << k)] || below[s & ~(1u << k)];
    if (!sat[s] || below[s]) continue;
    some_minimal = true;
    for (std::size_t k = 0; k < pairs.size(); ++k)
      if ((s >> k & 1) && pairs[k].first == x) {
        ADD_FAILURE() << "the brute force finds " << x << " in the minimal set (mask " << s
                      << ") relative to " << alt;
        return 0;
      }
  }
  EXPECT_TRUE(some_minimal) << alt << " is worse than pi, so some non-empty minimal set exists";
  return some_minimal ? 1 : 0;
}

// On random SCIMs: first the engine's hkw_intention verdicts against a brute force over every set Y of
// chance variables (f(Y) = E_pi_hat[sum U with Y fixed to its pi-values in every setting], from the
// expected_utility analysis with follow_policy over all settings); then Proposition 16 in the form
// that holds, relative to the same pi_hat:
//  (a) if pi_hat is worse than pi, then for EVERY set Y satisfying Eq. 9 (in particular the engine's
//      minimal Y), some variable of Y is intentionally caused in some setting (W = every setting
//      satisfies Eq. 2, and shrinks to a non-empty minimal (Y', W') inside Y x settings);
//  (b) when H&KW's minimal Y is {X} itself, X_pi(e) is intentionally caused for some e.
// The stated form ("X itself") is counted, not asserted; the summary's verdicts are cross-checked
// with intention queries given reference = [pi_hat] and outcomes = [X].
TEST(HkwProposition16, CorrectedFormHoldsOnRandomScims) {
  const std::vector<Model>& models = corpus();
  std::size_t influence = 0, no_influence = 0, stated_holds = 0, stated_fails = 0, confirmed = 0,
              too_large = 0, singleton = 0, sets_checked = 0, queries = 0, sets_checked_any = 0,
              only_another = 0;
  std::vector<std::uint32_t> failing_seeds;
  for (const Model& m : models) {
    SCOPED_TRACE(describe(m));
    const RefScim& scim = m.random.reference;
    const std::string pi = policy_name(m.pi);
    std::size_t c = m.chance.size();
    std::uint32_t subsets = std::uint32_t{1} << c;
    std::vector<std::uint64_t> all_settings;
    for (std::uint64_t e = 0; e < m.setting_count; ++e) all_settings.push_back(e);
    // f[k][Y] for every policy k, one request per Y.
    std::vector<std::vector<double>> f(m.policies.size(), std::vector<double>(subsets, 0.0));
    for (std::uint32_t s = 0; s < subsets; ++s) {
      json interventions = json::array();
      for (std::size_t i = 0; i < c; ++i)
        if (s >> i & 1) interventions.push_back(follow(scim.variables[m.chance[i]].name, pi, all_settings));
      json params = json::object();
      if (!interventions.empty()) params["interventions"] = interventions;
      json result = analyze(m.text, "expected_utility", params);
      ASSERT_EQ(result.at("policies").size(), m.policies.size());
      for (const json& p : result.at("policies"))
        f[std::stoul(p.at("name").get<std::string>().substr(3))][s] = p.at("expected_utility").get<double>();
    }
    double eu = m.eu[m.pi];
    double threshold = eu - tolerance(eu);
    EXPECT_NEAR(f[m.pi][0], eu, 1e-9);
    json intention = analyze_intention(m.text, {{"policy", pi}});
    ByAlternative intended = by_alternative(intention);
    // (a), for every Y satisfying Eq. 9.
    for (std::size_t k = 0; k < m.policies.size(); ++k) {
      if (k == m.pi || f[k][0] >= threshold) continue;
      const std::string alt = policy_name(k);
      for (std::uint32_t s = 1; s < subsets; ++s) {
        if (f[k][s] < threshold) continue;
        bool some = false;
        for (std::size_t i = 0; i < c; ++i)
          if (s >> i & 1)
            for (const auto& [y, e] : intended[alt]) some = some || y == scim.variables[m.chance[i]].name;
        EXPECT_TRUE(some) << "fixing Y (mask " << s << ") everywhere makes " << alt
                          << " as good as pi, yet no variable of Y is intended relative to it";
        ++sets_checked;
      }
    }
    // (a) under the any-alternative reading, where pi is strictly better than every alternative (else
    // nothing is intended): Y x settings satisfies Eq. 2 for pi_hat and shrinks to a set minimal for
    // every alternative, which satisfies Eq. 2 for *some* alternative, not necessarily pi_hat. So some
    // variable of Y is intended relative to some alternative.
    bool strictly_best = true;
    for (std::size_t k = 0; k < m.policies.size(); ++k)
      strictly_best = strictly_best && (k == m.pi || f[k][0] < threshold);
    ByAlternative intended_any =
        by_alternative(analyze_intention(m.text, {{"policy", pi}, {"minimality", "any_alternative"}}));
    for (std::size_t k = 0; k < m.policies.size() && strictly_best; ++k) {
      if (k == m.pi) continue;
      const std::string alt = policy_name(k);
      for (std::uint32_t s = 1; s < subsets; ++s) {
        if (f[k][s] < threshold) continue;
        bool relative_to_it = false, relative_to_some = false;
        for (const auto& [other, pairs] : intended_any)
          for (const auto& [y, e] : pairs)
            for (std::size_t i = 0; i < c; ++i)
              if ((s >> i & 1) && y == scim.variables[m.chance[i]].name) {
                relative_to_some = true;
                relative_to_it = relative_to_it || other == alt;
              }
        EXPECT_TRUE(relative_to_some) << "fixing Y (mask " << s << ") everywhere makes " << alt
                                      << " as good as pi, yet no variable of Y is intended (any alternative)";
        ++sets_checked_any;
        if (!relative_to_it) ++only_another;
      }
    }
    for (std::size_t i = 0; i < c; ++i) {
      const std::string x = scim.variables[m.chance[i]].name;
      SCOPED_TRACE("X = " + x);
      json h = analyze(m.text, "hkw_intention", {{"policy", pi}, {"variables", {x}}});
      ASSERT_TRUE(h.contains("alternatives"));
      EXPECT_NEAR(h.at("expected_utility").get<double>(), eu, 1e-9);
      EXPECT_EQ(h.at("alternatives").size(), m.policies.size() - 1);
      for (const json& a : h.at("alternatives")) {
        const std::string alt = a.at("name");
        std::size_t k = std::stoul(alt.substr(3));
        ASSERT_NE(k, m.pi);
        EXPECT_NEAR(a.at("expected_utility").get<double>(), m.eu[k], 1e-9);
        // The brute force: the smallest size of a minimal Y ⊇ {X} (-1: none).
        int smallest = -1;
        for (std::uint32_t s = 0; s < subsets; ++s) {
          if (!(s >> i & 1) || f[k][s] < threshold) continue;
          bool is_minimal = true;
          for (std::uint32_t t = s; t != 0 && is_minimal;) {  // every proper subset of s, down to {}
            t = (t - 1) & s;
            if (f[k][t] >= threshold) is_minimal = false;
          }
          if (is_minimal && (smallest < 0 || __builtin_popcount(s) < smallest))
            smallest = __builtin_popcount(s);
        }
        ASSERT_EQ(a.at("intends_to_influence").get<bool>(), smallest >= 0) << alt;
        if (smallest < 0) {
          ++no_influence;
          continue;
        }
        ++influence;
        std::uint32_t y = 0;
        std::vector<std::string> y_names = a.at("y").get<std::vector<std::string>>();
        for (const std::string& name : y_names)
          for (std::size_t j = 0; j < c; ++j)
            if (scim.variables[m.chance[j]].name == name) y |= 1u << j;
        EXPECT_EQ(static_cast<std::size_t>(__builtin_popcount(y)), y_names.size());
        EXPECT_TRUE(y >> i & 1) << "Y does not contain X";
        EXPECT_EQ(__builtin_popcount(y), smallest) << "the engine's Y is not a smallest minimal set";
        EXPECT_NEAR(a.at("rhs").get<double>(), f[k][y], 1e-9);
        EXPECT_NEAR(a.at("lhs").get<double>(), eu, 1e-9);
        EXPECT_GE(f[k][y], threshold);
        for (std::uint32_t t = y; t != 0;) {
          t = (t - 1) & y;
          EXPECT_LT(f[k][t], threshold)
              << "a proper subset (mask " << t << ") of the engine's Y satisfies Eq. 9";
        }
        // Proposition 16 relative to the same pi_hat.
        bool x_intended = false, y_intended = false;
        for (const auto& [v, e] : intended[alt]) {
          x_intended = x_intended || v == x;
          y_intended = y_intended || std::find(y_names.begin(), y_names.end(), v) != y_names.end();
        }
        EXPECT_TRUE(y_intended) << "(a): no variable of H&KW's Y is intended relative to " << alt;
        if (y_names.size() == 1) {
          ++singleton;
          EXPECT_TRUE(x_intended) << "(b): Y = {X}, yet X is intended in no setting relative to " << alt;
        }
        if (x_intended) {
          ++stated_holds;
        } else {
          ++stated_fails;
          if (failing_seeds.empty() || failing_seeds.back() != m.random.seed)
            failing_seeds.push_back(m.random.seed);
          int verdict = confirm_no_minimal_set_holds(
              m, intention.at("candidates").get<std::vector<std::string>>(), x, alt);
          if (verdict > 0) ++confirmed;
          if (verdict < 0) ++too_large;
        }
        // The same verdict asked directly, with reference = [pi_hat].
        json q = analyze_intention(m.text, {{"policy", pi}, {"reference", {alt}}, {"outcomes", {x}}});
        bool asked = false;
        for (const json& answer : q.at("query").at("results"))
          asked = asked || answer.at("intended").get<bool>();
        EXPECT_EQ(asked, x_intended) << "the query with reference [" << alt << "] disagrees with the summary";
        ++queries;
      }
    }
  }
  std::string seeds;
  for (std::uint32_t s : failing_seeds) seeds += " " + std::to_string(s);
  std::printf(
      "[ prop 16  ] %zu (X, pi_hat) with H&KW intention to influence, %zu without; X itself intended for "
      "%zu, not for %zu (Proposition 16 as stated fails; seeds:%s; %zu confirmed by a brute force over the "
      "pairs (Y, e), %zu too large for it); %zu with Y = {X}; %zu sets Y satisfying Eq. 9, each with an "
      "intended variable; %zu "
      "direct queries\n",
      influence, no_influence, stated_holds, stated_fails, seeds.empty() ? " none" : seeds.c_str(), confirmed,
      too_large, singleton, sets_checked, queries);
  std::printf(
      "[ prop 16  ] any-alternative reading: %zu sets Y satisfying Eq. 9 where pi is strictly best, each "
      "with a "
      "variable intended relative to some alternative (%zu only relative to another than the one Y serves)\n",
      sets_checked_any, only_another);
  EXPECT_GE(sets_checked_any, at_least(300));
  EXPECT_GE(influence, at_least(300));
  EXPECT_GE(no_influence, at_least(1000));
  EXPECT_GE(singleton, at_least(200));
  // The random corpus holds counterexamples to the stated form too (the first is seed 354).
  EXPECT_GE(confirmed, 1u);
  EXPECT_EQ(confirmed + too_large, stated_fails);
}

// ---- 4. The recommender with a sleeping user (Example 11) ----------------------------------------

// Settings: 0 comedy/awake (0.4), 1 comedy/asleep (0.1), 2 drama/awake (0.4), 3 drama/asleep (0.1).
// Under addict (EU 1.2), H = watch in 0 and 2 and H = asleep in 1 and 3. The alternatives worse than
// addict are always_comedy (0.8), mismatch (0.4), always_drama (0.8), D(comedy)=drama,
// D(drama)=addictive (0.8) and D(comedy)=addictive, D(drama)=comedy (0.8); help and the two other
// mixtures tie at 1.2. Fixing H to its addict values everywhere gives every alternative 1.2: H&KW's
// agent intends to influence H relative to each worse one, with Y = {H}. Bring about (Def. 25)
// compares E_addict[U with H := h] over the h possible under addict: asleep 2 > watch 1 (not_watch has
// probability 0), so H&KW picks H = asleep, the outcome the agent cannot influence, and not watch.
// Def. 13 gets it the right way round: H = watch in the awake settings, nothing in the asleep ones.
TEST(HkwRecommenderAsleep, BringAboutPicksAsleepIntentionPicksWatchWhenAwake) {
  const std::string text = read_source_file("examples/intention/recommender.jsonc"), model = "asleep";
  const std::vector<std::string> worse = {"always_comedy", "mismatch", "always_drama",
                                          "D(comedy)=drama, D(drama)=addictive",
                                          "D(comedy)=addictive, D(drama)=comedy"};
  json h = analyze(text, "hkw_intention", {{"policy", "addict"}, {"variables", {"H"}}}, model);
  EXPECT_NEAR(h.at("expected_utility").get<double>(), 1.2, 1e-12);
  ASSERT_EQ(h.at("alternatives").size(), 8u);
  std::vector<std::string> influencing;
  for (const json& a : h.at("alternatives")) {
    const std::string name = a.at("name");
    bool is_worse = std::find(worse.begin(), worse.end(), name) != worse.end();
    EXPECT_EQ(a.at("intends_to_influence").get<bool>(), is_worse) << name;
    if (!a.at("intends_to_influence").get<bool>()) continue;
    influencing.push_back(name);
    EXPECT_EQ(a.at("y"), json::parse(R"(["H"])")) << name;
    EXPECT_NEAR(a.at("lhs").get<double>(), 1.2, 1e-12);
    EXPECT_NEAR(a.at("rhs").get<double>(), 1.2, 1e-12);
  }
  EXPECT_EQ(influencing, worse);
  ASSERT_EQ(h.at("bring_about").size(), 2u);
  const json& watch = h.at("bring_about")[0];
  const json& asleep = h.at("bring_about")[1];
  EXPECT_EQ(watch.at("value"), "watch");
  EXPECT_NEAR(watch.at("probability").get<double>(), 0.8, 1e-12);
  EXPECT_NEAR(watch.at("expected_utility_if_fixed").get<double>(), 1.0, 1e-12);
  EXPECT_FALSE(watch.at("optimal").get<bool>());
  EXPECT_TRUE(watch.at("intended_relative_to").empty()) << "H&KW does not intend H = watch";
  EXPECT_EQ(asleep.at("value"), "asleep");
  EXPECT_NEAR(asleep.at("probability").get<double>(), 0.2, 1e-12);
  EXPECT_NEAR(asleep.at("expected_utility_if_fixed").get<double>(), 2.0, 1e-12);
  EXPECT_TRUE(asleep.at("optimal").get<bool>());
  EXPECT_EQ(asleep.at("intended_relative_to").get<std::vector<std::string>>(), worse)
      << "H&KW intends H = asleep, which no policy can change";
  // Def. 13: H = watch intended in the awake settings only; H = asleep never.
  json q = analyze_intention(text, {{"policy", "addict"}, {"outcomes", {"H"}}}, model);
  std::map<std::uint64_t, std::pair<bool, std::string>> answers;
  for (const json& answer : q.at("query").at("results"))
    answers[answer.at("setting").get<std::uint64_t>()] = {answer.at("intended").get<bool>(),
                                                          answer.at("values").at("H").get<std::string>()};
  EXPECT_EQ(answers,
            (std::map<std::uint64_t, std::pair<bool, std::string>>{
                {0, {true, "watch"}}, {1, {false, "asleep"}}, {2, {true, "watch"}}, {3, {false, "asleep"}}}));
  // Relative to each alternative H&KW's agent intends to influence H against, H = watch is intended
  // somewhere (Proposition 16 holds here: Y = {H}).
  ByAlternative by = by_alternative(q);
  for (const std::string& name : worse) EXPECT_FALSE(by[name].empty()) << name;
  // Theorem 14: D is an actual cause of H = watch where it is intended, and of nothing in the asleep
  // settings, where no action changes H even under contingencies.
  for (std::uint64_t e : {0, 1, 2, 3}) {
    SCOPED_TRACE("setting " + std::to_string(e));
    json cause = actual_cause(text, "addict", {"D"}, {"H"}, e, model);
    EXPECT_EQ(cause.at("actual_cause").get<bool>(), e % 2 == 0);
    if (e % 2 != 0) continue;
    EXPECT_TRUE(check_actual_cause_witness(text, "addict", e, cause, model));
    // comedy comes first in D's domain: in setting 0 (comedy) comedy is still watched, drama is not.
    EXPECT_EQ(cause.at("witness").at("alternative").at("D"), e == 0 ? "drama" : "comedy");
    EXPECT_EQ(cause.at("witness").at("outcomes").at("H"), "not_watch");
  }
}

}  // namespace
}  // namespace motive::test

// The graphical incentive criteria (engine/intention/incentives.h, docs/incentives.md): the standard
// examples of Everitt et al. 2021 and of the pycid library's tests, the paper examples of the gallery
// (Ward et al. 2024), the "incentives" analysis's JSON, and properties on seeded random SCIMs:
//
// - ICI agrees with a brute-force enumeration of every directed path from D to a utility;
// - every witness is what it claims to be (a directed path in the right graph, or an active trail,
//   checked by an independent junction-by-junction test);
// - VoC, RI and VoI imply the structure they need in the full graph;
// - the minimal reduction only removes information links and keeps only requisite ones;
// - soundness against the numbers: whenever observing X (VoI) or setting X (VoC) raises the maximum
//   expected utility of a random single-decision model, the graph admits that incentive.

#include "intention/incentives.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "core/diagnostics.h"
#include "intention/incentives_analysis.h"
#include "kinds/kinds.h"
#include "random_scim.h"
#include "scim/evaluate.h"
#include "scim/graph.h"
#include "scim/model.h"
#include "scim/optimal.h"
#include "scim/reader.h"

namespace {

// The "incentives" analysis of one model, its params checked against the catalogue's specs.
nlohmann::json incentives(const motive::scim::Scim& scim, const nlohmann::json& given) {
  const motive::Params params(given, motive::find_kind("scim")->analysis("incentives")->params);
  motive::Context context;
  return motive::incentives_analysis(scim, params, context);
}

using motive::IncentiveWitness;
using motive::scim::Graph;
using motive::scim::Scim;
using nlohmann::json;

// ---- Models ------------------------------------------------------------------------------------

Scim read_model(const std::string& text, std::size_t model = 0) {
  motive::Diagnostics diagnostics;
  std::optional<motive::scim::ScimFile> file = motive::scim::read_scim_file(text, &diagnostics);
  if (!file) {
    std::string problems;
    for (const auto& d : diagnostics.items()) problems += d.id + ": " + d.message + "\n";
    ADD_FAILURE() << "model does not read:\n" << problems << text;
    return Scim{};
  }
  EXPECT_LT(model, file->models.size());
  return file->models.at(model);
}

std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in.good()) << "cannot open " << path;
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

Scim example(const std::string& file, std::size_t model = 0) {
  return read_model(read_text(std::filesystem::path(MOTIVE_SOURCE_DIR) / "examples" / "intention" / file),
                    model);
}

// A model with the given graph and trivial numbers: binary chance variables, decisions, and constant
// utilities. Every name in `edges` that is not a decision or utility is a chance variable.
Scim graph_model(const std::vector<std::pair<std::string, std::string>>& edges,
                 const std::vector<std::string>& decisions, const std::vector<std::string>& utilities) {
  std::vector<std::string> names;
  std::map<std::string, std::vector<std::string>> parents;
  auto add = [&](const std::string& name) {
    if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
  };
  for (const auto& name : decisions) add(name);
  for (const auto& name : utilities) add(name);
  for (const auto& [from, to] : edges) {
    add(from);
    add(to);
    parents[to].push_back(from);
  }
  json variables = json::object();
  for (const std::string& name : names) {
    json v;
    if (std::find(decisions.begin(), decisions.end(), name) != decisions.end()) {
      v = {{"type", "decision"}, {"domain", {"a", "b"}}};
    } else if (std::find(utilities.begin(), utilities.end(), name) != utilities.end()) {
      v = {{"type", "utility"}, {"function", "1"}};
    } else {
      v = {{"type", "chance"}, {"domain", {"a", "b"}}, {"function", "'a'"}};
    }
    v["parents"] = parents[name];
    variables[name] = v;
  }
  return read_model(json{{"kind", "scim"}, {"variables", variables}}.dump());
}

int index(const Scim& scim, const std::string& name) {
  int v = scim.index_of(name);
  EXPECT_GE(v, 0) << "no variable " << name;
  return v;
}

std::vector<std::string> names(const Scim& scim, const std::vector<int>& vs) {
  std::vector<std::string> out;
  for (int v : vs) out.push_back(scim.variables[v].name);
  return out;
}

std::set<std::string> name_set(const Scim& scim, const std::vector<int>& vs) {
  std::vector<std::string> n = names(scim, vs);
  return {n.begin(), n.end()};
}

// The variables X (other than D) for which `criterion` admits an incentive, by name.
std::set<std::string> admitted(const Scim& scim, const std::string& decision,
                               bool (*criterion)(const Scim&, int, int)) {
  std::set<std::string> out;
  const int d = index(scim, decision);
  for (int x = 0; x < static_cast<int>(scim.variables.size()); ++x)
    if (x != d && criterion(scim, d, x)) out.insert(scim.variables[x].name);
  return out;
}

using Names = std::set<std::string>;
using Path = std::vector<std::string>;

Path path_of(const Scim& scim, const IncentiveWitness& w) { return names(scim, w.path); }

// ---- Standard examples: Everitt et al. 2021 and pycid ---------------------------------------------

// D -> X -> U, and a side branch D -> Y that matters to nobody.
TEST(IncentiveExamples, SimpleChain) {
  Scim scim = graph_model({{"D", "X"}, {"X", "U"}, {"D", "Y"}}, {"D"}, {"U"});
  const int d = index(scim, "D");
  EXPECT_EQ(path_of(scim, motive::ici_witness(scim, d, index(scim, "X"))), (Path{"D", "X", "U"}));
  EXPECT_EQ(path_of(scim, motive::ici_witness(scim, d, index(scim, "U"))), (Path{"D", "X", "U"}));
  EXPECT_EQ(path_of(scim, motive::ici_witness(scim, d, d)), (Path{"D", "X", "U"}));
  EXPECT_FALSE(motive::admits_ici(scim, d, index(scim, "Y")));
  EXPECT_TRUE(motive::ici_witness(scim, d, index(scim, "Y")).path.empty());
  // Everything is downstream of D: nothing to observe, nothing D responds to.
  EXPECT_EQ(admitted(scim, "D", motive::admits_voi), Names{});
  EXPECT_EQ(admitted(scim, "D", motive::admits_ri), Names{});
  EXPECT_EQ(admitted(scim, "D", motive::admits_voc), (Names{"X", "U"}));
  EXPECT_EQ(path_of(scim, motive::voc_witness(scim, d, index(scim, "X"))), (Path{"X", "U"}));
  EXPECT_EQ(path_of(scim, motive::voc_witness(scim, d, index(scim, "U"))), (Path{"U"}));
  EXPECT_FALSE(motive::admits_voc(scim, d, d));
}

// Everitt et al. 2021, the grade predictor (fairness) example; pycid's get_grade_predictor: race R,
// high school HS, education E, grade Gr, gender Ge; the predictor P observes HS and Ge and is scored by
// its accuracy Ac.
Scim grade_predictor(bool observes_high_school = true) {
  std::vector<std::pair<std::string, std::string>> edges = {{"R", "HS"},  {"HS", "E"}, {"E", "Gr"},
                                                            {"Gr", "Ac"}, {"Ge", "P"}, {"P", "Ac"}};
  if (observes_high_school) edges.emplace_back("HS", "P");
  return graph_model(edges, {"P"}, {"Ac"});
}

TEST(IncentiveExamples, GradePredictor) {
  Scim scim = grade_predictor();
  const int p = index(scim, "P");
  // pycid: admits_voi_list == {HS, E, Gr}, admits_ri_list == {R, HS}.
  EXPECT_EQ(admitted(scim, "P", motive::admits_voi), (Names{"HS", "E", "Gr"}));
  EXPECT_EQ(admitted(scim, "P", motive::admits_ri), (Names{"R", "HS"}));
  EXPECT_EQ(admitted(scim, "P", motive::admits_ici), (Names{"Ac"}));
  // Gender is observed but not requisite: it says nothing about the grade.
  EXPECT_EQ(names(scim, motive::requisite_observations(scim, p)), (Path{"HS"}));
  EXPECT_EQ(admitted(scim, "P", motive::admits_voc), (Names{"R", "HS", "E", "Gr", "Ac"}));
  // The response incentive on race goes through the high school the predictor sees.
  EXPECT_EQ(path_of(scim, motive::ri_witness(scim, p, index(scim, "R"))), (Path{"R", "HS", "P"}));
  // High school is informative about the grade along HS -> E -> Gr -> Ac, given P (and not Ge, which
  // the reduction removed).
  IncentiveWitness hs = motive::voi_witness(scim, p, index(scim, "HS"));
  EXPECT_EQ(path_of(scim, hs), (Path{"HS", "E", "Gr", "Ac"}));
  EXPECT_EQ(names(scim, hs.given), (Path{"P"}));
  // The grade itself is informative directly.
  EXPECT_EQ(path_of(scim, motive::voi_witness(scim, p, index(scim, "Gr"))), (Path{"Gr", "Ac"}));
  // Race is screened off by the observed high school.
  EXPECT_FALSE(motive::admits_voi(scim, p, index(scim, "R")));
  EXPECT_TRUE(motive::voi_witness(scim, p, index(scim, "R")).path.empty());
  // Ac is downstream of P: no value of information there.
  EXPECT_FALSE(motive::admits_voi(scim, p, index(scim, "Ac")));
}

TEST(IncentiveExamples, GradePredictorWithoutHighSchool) {
  Scim scim = grade_predictor(/*observes_high_school=*/false);
  // pycid: with HS -> P removed, admits_voi_list == {R, HS, E, Gr} and admits_ri_list is empty.
  EXPECT_EQ(admitted(scim, "P", motive::admits_voi), (Names{"R", "HS", "E", "Gr"}));
  EXPECT_EQ(admitted(scim, "P", motive::admits_ri), Names{});
  EXPECT_EQ(path_of(scim, motive::voi_witness(scim, index(scim, "P"), index(scim, "R"))),
            (Path{"R", "HS", "E", "Gr", "Ac"}));
}

// pycid's get_introduced_bias: the observation X is a collider of A and Z, so observing it makes A
// informative about Y.
TEST(IncentiveExamples, IntroducedBias) {
  Scim scim = graph_model(
      {{"A", "X"}, {"Z", "X"}, {"Z", "Y"}, {"X", "D"}, {"X", "Y"}, {"D", "U"}, {"Y", "U"}}, {"D"}, {"U"});
  EXPECT_EQ(admitted(scim, "D", motive::admits_voi), (Names{"A", "X", "Z", "Y"}));
  IncentiveWitness a = motive::voi_witness(scim, index(scim, "D"), index(scim, "A"));
  // A -> X <- Z -> Y -> U: X is observed, which opens the collider.
  EXPECT_EQ(path_of(scim, a), (Path{"A", "X", "Z", "Y", "U"}));
  EXPECT_EQ(name_set(scim, a.given), (Names{"X", "D"}));
}

// pycid's content recommender examples (admits_ici_list, admits_voc_list).
TEST(IncentiveExamples, ContentRecommender) {
  Scim scim =
      graph_model({{"O", "I"}, {"O", "M"}, {"M", "P"}, {"P", "I"}, {"I", "C"}, {"P", "C"}}, {"P"}, {"C"});
  EXPECT_EQ(admitted(scim, "P", motive::admits_ici), (Names{"I", "C"}));
  EXPECT_TRUE(motive::admits_ici(scim, index(scim, "P"), index(scim, "P")));  // pycid counts D itself
  EXPECT_EQ(admitted(scim, "P", motive::admits_voc), (Names{"O", "I", "M", "C"}));
  EXPECT_EQ(path_of(scim, motive::voc_witness(scim, index(scim, "P"), index(scim, "M"))),
            (Path{"M", "P", "C"}));

  Scim modified =
      graph_model({{"O", "I"}, {"O", "M"}, {"M", "P"}, {"P", "I"}, {"P", "C"}, {"M", "C"}}, {"P"}, {"C"});
  EXPECT_EQ(admitted(modified, "P", motive::admits_voc), (Names{"O", "M", "C"}));
  EXPECT_FALSE(motive::admits_voc(modified, index(modified, "P"), index(modified, "I")));
}

// An observation that is not requisite: D sees X, but X bears on nothing D cares about.
TEST(IncentiveExamples, ObservationThatIsNotRequisite) {
  Scim scim = graph_model({{"X", "D"}, {"S", "D"}, {"S", "U"}, {"D", "U"}}, {"D"}, {"U"});
  const int d = index(scim, "D");
  EXPECT_EQ(names(scim, motive::requisite_observations(scim, d)), (Path{"S"}));
  EXPECT_FALSE(motive::admits_voi(scim, d, index(scim, "X")));
  EXPECT_FALSE(motive::admits_ri(scim, d, index(scim, "X")));
  EXPECT_FALSE(motive::admits_voc(scim, d, index(scim, "X")));  // X -> D is gone from the reduction
  EXPECT_TRUE(motive::admits_voi(scim, d, index(scim, "S")));
  EXPECT_EQ(path_of(scim, motive::ri_witness(scim, d, index(scim, "S"))), (Path{"S", "D"}));
  EXPECT_EQ(path_of(scim, motive::voc_witness(scim, d, index(scim, "S"))), (Path{"S", "U"}));
  // The reduction drops exactly the link X -> D.
  Graph reduction = motive::minimal_reduction(scim);
  Graph full = motive::scim_graph(scim);
  for (int v = 0; v < full.size(); ++v) {
    if (v == d) continue;
    EXPECT_EQ(reduction.parents(v), full.parents(v));
  }
}

// pycid's get_trim_example_cid (Lauritzen and Nielsen's trimming): two decisions, 12 edges; the
// minimal reduction keeps 7, and D2 keeps only Y2. Z1 -> D1 becomes non-requisite only once
// Z2 -> D2 is gone, which the reverse order of decisions takes care of.
TEST(IncentiveExamples, TrimExampleTwoDecisions) {
  Scim scim = graph_model({{"Y1", "D1"},
                           {"Y1", "Y2"},
                           {"Y1", "D2"},
                           {"Y2", "D2"},
                           {"Y2", "U"},
                           {"D1", "Y2"},
                           {"D1", "D2"},
                           {"Z1", "D1"},
                           {"Z1", "D2"},
                           {"Z1", "Z2"},
                           {"Z2", "D2"},
                           {"D2", "U"}},
                          {"D1", "D2"}, {"U"});
  const int d1 = index(scim, "D1");
  const int d2 = index(scim, "D2");
  EXPECT_EQ(name_set(scim, motive::requisite_observations(scim, d2)), (Names{"Y2"}));
  EXPECT_EQ(name_set(scim, motive::requisite_observations(scim, d1)), (Names{"Y1"}));
  Graph reduction = motive::minimal_reduction(scim);
  int edges = 0;
  for (int v = 0; v < reduction.size(); ++v) edges += static_cast<int>(reduction.parents(v).size());
  EXPECT_EQ(edges, 7);
  EXPECT_EQ(path_of(scim, motive::ri_witness(scim, d2, index(scim, "Y1"))), (Path{"Y1", "Y2", "D2"}));
  EXPECT_FALSE(motive::admits_ri(scim, d2, index(scim, "Z1")));
  // D1 -> D2 is gone, but D1 -> Y2 -> D2 remains.
  EXPECT_EQ(path_of(scim, motive::ri_witness(scim, d2, d1)), (Path{"D1", "Y2", "D2"}));
  EXPECT_FALSE(motive::admits_ri(scim, d1, index(scim, "Z1")));
  EXPECT_FALSE(motive::admits_voc(scim, d2, index(scim, "Z2")));
  // An earlier decision is on a path from D1 to U, so D1 has an ICI on D2; no VoC on decisions.
  EXPECT_EQ(path_of(scim, motive::ici_witness(scim, d1, d2)), (Path{"D1", "D2", "U"}));
  EXPECT_FALSE(motive::admits_voc(scim, d2, d1));
  // D2 observes D1 in the original graph, but D1 has no value of information for D2: D1 is not
  // requisite in the reduction of the graph with D1 -> D2 (which is the graph itself).
  EXPECT_FALSE(motive::admits_voi(scim, d2, d1));
  EXPECT_TRUE(motive::sufficient_recall(scim));
}

// pycid's get_2dec_cid: D1 acts on S2, which D2 observes.
TEST(IncentiveExamples, TwoDecisions) {
  Scim scim = graph_model({{"S1", "S2"}, {"S1", "D1"}, {"D1", "S2"}, {"S2", "U"}, {"S2", "D2"}, {"D2", "U"}},
                          {"D1", "D2"}, {"U"});
  const int d1 = index(scim, "D1");
  const int d2 = index(scim, "D2");
  EXPECT_EQ(names(scim, motive::requisite_observations(scim, d1)), (Path{"S1"}));
  EXPECT_EQ(names(scim, motive::requisite_observations(scim, d2)), (Path{"S2"}));
  EXPECT_EQ(admitted(scim, "D1", motive::admits_ici), (Names{"S2", "D2", "U"}));
  EXPECT_EQ(admitted(scim, "D2", motive::admits_ici), (Names{"U"}));
  EXPECT_EQ(admitted(scim, "D2", motive::admits_ri), (Names{"S1", "D1", "S2"}));
  EXPECT_EQ(admitted(scim, "D1", motive::admits_ri), (Names{"S1"}));
  // S1 for D2: S1 -> S2 -> U is blocked by the observed S2, and S1 -> D1 -> S2 too.
  EXPECT_EQ(admitted(scim, "D2", motive::admits_voi), (Names{"S2"}));
  EXPECT_EQ(admitted(scim, "D1", motive::admits_voi), (Names{"S1"}));
  EXPECT_EQ(admitted(scim, "D1", motive::admits_voc), (Names{"S1", "S2", "U"}));
  EXPECT_TRUE(motive::sufficient_recall(scim));
}

// pycid's get_insufficient_recall_cid and get_sequential_cid.
TEST(IncentiveExamples, SufficientRecall) {
  EXPECT_FALSE(motive::sufficient_recall(graph_model({{"A", "U"}, {"B", "U"}}, {"A", "B"}, {"U"})));
  EXPECT_TRUE(motive::sufficient_recall(graph_model(
      {{"S1", "D1"}, {"D1", "U1"}, {"S1", "U1"}, {"D1", "S2"}, {"S2", "D2"}, {"D2", "U2"}, {"S2", "U2"}},
      {"D1", "D2"}, {"U1", "U2"})));
  EXPECT_TRUE(motive::sufficient_recall(graph_model({{"D", "U"}}, {"D"}, {"U"})));
}

// ---- Numbers: value of information and of control, computed ------------------------------------

double max_eu(const Scim& scim, const motive::scim::Intervention* intervention = nullptr) {
  motive::scim::Evaluator evaluator(scim);
  if (intervention) evaluator.apply(*intervention);
  return motive::scim::find_optimal_policies(scim, evaluator).expected_utility;
}

// The model with the information link x -> decision added (and no named policies or interventions).
Scim with_observation(const Scim& scim, int decision, int x) {
  Scim out = scim;
  out.policies.clear();
  out.interventions.clear();
  motive::scim::Mechanism& m = out.variables[decision].mechanism;
  if (std::find(m.parents.begin(), m.parents.end(), x) == m.parents.end()) m.parents.push_back(x);
  motive::scim::compute_strides(out.variables, &m);
  std::optional<std::vector<int>> order = motive::scim_graph(out).topological_order();
  EXPECT_TRUE(order.has_value());
  out.order = *order;
  out.decisions.clear();
  for (int v : out.order)
    if (out.variables[v].type == motive::scim::VariableType::kDecision) out.decisions.push_back(v);
  return out;
}

motive::scim::Intervention hard(int variable, int outcome) {
  motive::scim::Intervention intervention;
  motive::scim::Mechanism m;
  m.definition = motive::scim::Definition::kValue;
  m.table = {outcome};
  intervention.mechanisms.emplace_back(variable, std::move(m));
  return intervention;
}

// pycid's get_quantitative_voi_cid: S is -1 or 1, X copies S with probability 0.8, U = S * D with D in
// {-1, 0, 1}. Without information the best is 0; observing X gives 0.8 - 0.2 = 0.6; observing S too
// gives 1, so S adds 0.4 on top of X (pycid's quantitative_voi values).
TEST(IncentiveExamples, QuantitativeValueOfInformation) {
  Scim scim = read_model(R"({"kind": "scim", "variables": {
    "S": {"type": "chance", "domain": [-1, 1], "noise": {"minus": 0.5, "plus": 0.5},
          "function": "noise == 'minus' ? -1 : 1"},
    "X": {"type": "chance", "parents": ["S"], "domain": [-1, 1], "noise": {"same": 0.8, "flip": 0.2},
          "function": "noise == 'same' ? S : -S"},
    "D": {"type": "decision", "parents": ["X"], "domain": [-1, 0, 1]},
    "U": {"type": "utility", "parents": ["S", "D"], "function": "S * D"}}})");
  const int d = index(scim, "D");
  const int s = index(scim, "S");
  const int x = index(scim, "X");
  EXPECT_EQ(admitted(scim, "D", motive::admits_voi), (Names{"X", "S"}));
  Scim blind = scim;
  blind.variables[d].mechanism.parents.clear();
  motive::scim::compute_strides(blind.variables, &blind.variables[d].mechanism);
  blind.policies.clear();
  EXPECT_NEAR(max_eu(blind), 0.0, 1e-9);
  EXPECT_NEAR(max_eu(with_observation(blind, d, x)), 0.6, 1e-9);
  EXPECT_NEAR(max_eu(with_observation(scim, d, s)) - max_eu(scim), 0.4, 1e-9);
  EXPECT_EQ(path_of(scim, motive::voi_witness(scim, d, s)), (Path{"S", "U"}));
}

// ---- The gallery (Ward et al. 2024) -------------------------------------------------------------

// Example 2: Bob burns the garage for the insurance I; Alice's car C burns too but matters to nobody.
TEST(IncentiveGallery, SideEffects) {
  Scim scim = example("side-effects.jsonc");
  const int d = index(scim, "D");
  EXPECT_EQ(path_of(scim, motive::ici_witness(scim, d, index(scim, "I"))), (Path{"D", "I", "U"}));
  EXPECT_FALSE(motive::admits_ici(scim, d, index(scim, "C")));  // caused and foreseen, but no path to U
  EXPECT_EQ(admitted(scim, "D", motive::admits_ici), (Names{"I", "U"}));
  EXPECT_EQ(admitted(scim, "D", motive::admits_voi), Names{});  // everything is downstream of D
  EXPECT_EQ(admitted(scim, "D", motive::admits_ri), Names{});
  EXPECT_EQ(admitted(scim, "D", motive::admits_voc), (Names{"I", "U"}));
}

// Example 8: the spy observes the minefield X and signals D to the submarine T.
TEST(IncentiveGallery, Spy) {
  Scim scim = example("spy.jsonc");
  const int d = index(scim, "D");
  const int x = index(scim, "X");
  EXPECT_EQ(path_of(scim, motive::ici_witness(scim, d, index(scim, "T"))), (Path{"D", "T", "U"}));
  EXPECT_FALSE(motive::admits_ici(scim, d, x));
  IncentiveWitness voi = motive::voi_witness(scim, d, x);
  EXPECT_TRUE(voi.admits);
  EXPECT_EQ(path_of(scim, voi), (Path{"X", "U"}));
  EXPECT_EQ(names(scim, voi.given), (Path{"D"}));
  EXPECT_EQ(path_of(scim, motive::ri_witness(scim, d, x)), (Path{"X", "D"}));
  EXPECT_EQ(admitted(scim, "D", motive::admits_voc), (Names{"X", "T", "U"}));
  EXPECT_EQ(names(scim, motive::requisite_observations(scim, d)), (Path{"X"}));
}

// Example 11: the recommender observes the preference X and shows D; H is watching.
TEST(IncentiveGallery, Recommender) {
  for (std::size_t model : {0, 1}) {
    Scim scim = example("recommender.jsonc", model);
    const int d = index(scim, "D");
    const int x = index(scim, "X");
    EXPECT_EQ(path_of(scim, motive::ici_witness(scim, d, index(scim, "H"))), (Path{"D", "H", "U"}));
    EXPECT_FALSE(motive::admits_ici(scim, d, x));
    // The preference matters through H: X -> H -> U is open given D.
    EXPECT_EQ(path_of(scim, motive::voi_witness(scim, d, x)), (Path{"X", "H", "U"}));
    EXPECT_TRUE(motive::admits_ri(scim, d, x));
    EXPECT_EQ(admitted(scim, "D", motive::admits_voc), (Names{"X", "H", "U"}));
  }
}

// Every gallery model: the ICI verdicts are exactly the variables on directed paths from a decision to
// a utility, which is where the intention analysis can find intended outcomes (Theorems 17-18).
TEST(IncentiveGallery, IntentionCriterionOnEveryExample) {
  for (const auto& entry : std::filesystem::directory_iterator(std::filesystem::path(MOTIVE_SOURCE_DIR) /
                                                               "examples" / "intention")) {
    motive::Diagnostics diagnostics;
    auto file = motive::scim::read_scim_file(read_text(entry.path()), &diagnostics);
    ASSERT_TRUE(file.has_value()) << entry.path();
    for (const Scim& scim : file->models) {
      Graph graph = motive::scim_graph(scim);
      for (int d : scim.decisions) {
        std::vector<int> on = graph.on_directed_paths(d, scim.utilities);
        for (int x = 0; x < graph.size(); ++x)
          EXPECT_EQ(motive::admits_ici(scim, d, x), std::count(on.begin(), on.end(), x) == 1)
              << entry.path() << " " << scim.name << " " << scim.variables[x].name;
      }
      EXPECT_NO_THROW(incentives(scim, json::object())) << entry.path();
    }
  }
}

// ---- The analysis ---------------------------------------------------------------------------------

const json& entry_for(const json& result, const std::string& decision, const std::string& variable) {
  static const json missing = json::object();
  for (const json& d : result.at("decisions")) {
    if (d.at("decision") != decision) continue;
    for (const json& v : d.at("variables"))
      if (v.at("variable") == variable) return v;
  }
  ADD_FAILURE() << "no entry for " << decision << ", " << variable;
  return missing;
}

TEST(IncentiveAnalysis, SpyResult) {
  Scim scim = example("spy.jsonc");
  json result = incentives(scim, json::object());
  ASSERT_EQ(result.at("decisions").size(), 1u);
  EXPECT_EQ(result["decisions"][0]["decision"], "D");
  // Every variable but D, in topological order.
  std::vector<std::string> listed;
  for (const json& v : result["decisions"][0]["variables"]) listed.push_back(v.at("variable"));
  EXPECT_EQ(listed, (std::vector<std::string>{"X", "T", "U"}));

  const json& x = entry_for(result, "D", "X");
  EXPECT_EQ(x.at("ici"), (json{{"admits", false}, {"path", json::array()}}));
  EXPECT_EQ(x.at("voi"), (json{{"admits", true}, {"path", {"X", "U"}}, {"given", {"D"}}}));
  EXPECT_EQ(x.at("ri"), (json{{"admits", true}, {"path", {"X", "D"}}}));
  EXPECT_EQ(x.at("voc"), (json{{"admits", true}, {"path", {"X", "U"}}}));

  const json& t = entry_for(result, "D", "T");
  EXPECT_EQ(t.at("ici"), (json{{"admits", true}, {"path", {"D", "T", "U"}}}));
  EXPECT_FALSE(t.contains("voi"));  // T is downstream of D
  EXPECT_EQ(t.at("ri").at("admits"), false);
  EXPECT_EQ(t.at("voc").at("path"), (json{"T", "U"}));

  EXPECT_EQ(result.at("requisite"), (json{{"D", {"X"}}}));
  EXPECT_EQ(result.at("sufficient_recall"), true);
}

TEST(IncentiveAnalysis, DecisionParameterAndOmittedCriteria) {
  Scim scim = graph_model({{"S1", "S2"}, {"S1", "D1"}, {"D1", "S2"}, {"S2", "U"}, {"S2", "D2"}, {"D2", "U"}},
                          {"D1", "D2"}, {"U"});
  json all = incentives(scim, json::object());
  ASSERT_EQ(all.at("decisions").size(), 2u);
  EXPECT_EQ(all["decisions"][0]["decision"], "D1");
  EXPECT_EQ(all["decisions"][1]["decision"], "D2");
  EXPECT_EQ(all.at("requisite"), (json{{"D1", {"S1"}}, {"D2", {"S2"}}}));
  // D2 is a decision: no value of control; it is downstream of D1: no value of information.
  const json& d2 = entry_for(all, "D1", "D2");
  EXPECT_FALSE(d2.contains("voc"));
  EXPECT_FALSE(d2.contains("voi"));
  EXPECT_EQ(d2.at("ici").at("path"), (json{"D1", "S2", "D2", "U"}));
  // D1 for D2: upstream, so value of information applies (and is not admitted), and D2 responds to it.
  const json& d1 = entry_for(all, "D2", "D1");
  EXPECT_EQ(d1.at("voi"), (json{{"admits", false}, {"path", json::array()}}));
  EXPECT_EQ(d1.at("ri").at("path"), (json{"D1", "S2", "D2"}));

  json one = incentives(scim, {{"decision", "D2"}});
  ASSERT_EQ(one.at("decisions").size(), 1u);
  EXPECT_EQ(one["decisions"][0], all["decisions"][1]);
  EXPECT_EQ(one.at("requisite"), (json{{"D2", {"S2"}}}));
}

TEST(IncentiveAnalysis, NoDecisions) {
  Scim scim = graph_model({{"X", "U"}}, {}, {"U"});
  json result = incentives(scim, json::object());
  EXPECT_EQ(result.at("decisions"), json::array());
  EXPECT_EQ(result.at("requisite"), json::object());
  EXPECT_EQ(result.at("sufficient_recall"), true);
}

std::pair<std::string, std::string> request_error(const Scim& scim, const json& params) {
  try {
    incentives(scim, params);
  } catch (const motive::RequestError& e) {
    return {e.id, e.hint};
  }
  ADD_FAILURE() << "no RequestError for " << params.dump();
  return {};
}

TEST(IncentiveAnalysis, BadDecisionParameter) {
  Scim scim = example("spy.jsonc");
  auto [id, hint] = request_error(scim, {{"decision", "Zebra"}});
  EXPECT_EQ(id, "request.unknown_variable");
  EXPECT_EQ(hint, "the decisions are: D");
  EXPECT_EQ(request_error(scim, {{"decision", "T"}}).first, "request.bad_parameter");  // not a decision
  EXPECT_EQ(request_error(scim, {{"decision", 3}}).first, "request.bad_parameter");

  Scim two = graph_model({{"Act", "U"}, {"Also", "U"}}, {"Act", "Also"}, {"U"});
  EXPECT_EQ(request_error(two, {{"decision", "Acts"}}),
            std::make_pair(std::string("request.unknown_variable"), std::string("did you mean \"Act\"?")));
}

// ---- Properties on random models ------------------------------------------------------------------

// The model's structure as the random generator describes it, independently of the engine's graph.
struct Structure {
  int n = 0;
  std::vector<std::vector<int>> parents;  // engine indices
  std::vector<std::vector<int>> children;
  std::vector<int> decisions;
  std::vector<int> utilities;
};

Structure structure(const motive::test::RefScim& ref, const Scim& scim) {
  Structure s;
  s.n = static_cast<int>(ref.variables.size());
  s.parents.resize(s.n);
  s.children.resize(s.n);
  for (const auto& v : ref.variables) {
    const int to = scim.index_of(v.name);
    EXPECT_GE(to, 0);
    for (int p : v.parents) {
      const int from = scim.index_of(ref.variables[p].name);
      s.parents[to].push_back(from);
      s.children[from].push_back(to);
    }
    if (v.type == motive::test::RefType::kDecision) s.decisions.push_back(to);
    if (v.type == motive::test::RefType::kUtility) s.utilities.push_back(to);
  }
  return s;
}

// Every variable on some simple directed path from `from` to a variable in `targets`, by enumerating
// the paths one by one.
std::set<int> on_paths_by_enumeration(const Structure& s, int from, const std::vector<int>& targets) {
  std::set<int> on;
  std::vector<int> path = {from};
  std::function<void(int)> extend = [&](int v) {
    if (std::count(targets.begin(), targets.end(), v)) on.insert(path.begin(), path.end());
    for (int c : s.children[v]) {
      if (std::count(path.begin(), path.end(), c)) continue;
      path.push_back(c);
      extend(c);
      path.pop_back();
    }
  };
  extend(from);
  return on;
}

bool reaches(const std::vector<std::vector<int>>& children, int from, int to) {
  std::vector<char> seen(children.size(), 0);
  std::vector<int> stack = {from};
  while (!stack.empty()) {
    int v = stack.back();
    stack.pop_back();
    if (v == to) return true;
    if (seen[v]) continue;
    seen[v] = 1;
    for (int c : children[v]) stack.push_back(c);
  }
  return false;
}

bool has_edge(const std::vector<std::vector<int>>& parents, int from, int to) {
  return std::count(parents[to].begin(), parents[to].end(), from) > 0;
}

std::vector<std::vector<int>> parents_of(const Graph& g) {
  std::vector<std::vector<int>> out;
  for (int v = 0; v < g.size(); ++v) out.push_back(g.parents(v));
  return out;
}

std::vector<std::vector<int>> children_from(const std::vector<std::vector<int>>& parents) {
  std::vector<std::vector<int>> children(parents.size());
  for (std::size_t v = 0; v < parents.size(); ++v)
    for (int p : parents[v]) children[p].push_back(static_cast<int>(v));
  return children;
}

// Whether `path` is a directed path in the graph given by parent lists.
bool is_directed_path(const std::vector<std::vector<int>>& parents, const std::vector<int>& path) {
  if (path.empty()) return false;
  for (std::size_t i = 0; i + 1 < path.size(); ++i)
    if (!has_edge(parents, path[i], path[i + 1])) return false;
  return true;
}

// Whether `trail` is a simple trail, active given `given`, checked junction by junction: a collider
// must be in `given` or have a descendant there; any other variable on it must not be in `given`.
bool is_active_trail(const std::vector<std::vector<int>>& parents, const std::vector<int>& trail,
                     const std::vector<int>& given) {
  if (trail.empty()) return false;
  std::set<int> distinct(trail.begin(), trail.end());
  if (distinct.size() != trail.size()) return false;
  auto in_given = [&](int v) { return std::count(given.begin(), given.end(), v) > 0; };
  if (in_given(trail.front()) || in_given(trail.back())) return false;
  const auto children = children_from(parents);
  for (std::size_t i = 0; i + 1 < trail.size(); ++i)
    if (!has_edge(parents, trail[i], trail[i + 1]) && !has_edge(parents, trail[i + 1], trail[i]))
      return false;
  for (std::size_t i = 1; i + 1 < trail.size(); ++i) {
    const int v = trail[i];
    const bool collider = has_edge(parents, trail[i - 1], v) && has_edge(parents, trail[i + 1], v);
    if (collider) {
      bool opened = false;
      for (int z : given) opened |= reaches(children, v, z);
      if (!opened) return false;
    } else if (in_given(v)) {
      return false;
    }
  }
  return true;
}

TEST(IncentiveProperties, RandomModels) {
  int ici_checked = 0, voi_admitted = 0, ri_admitted = 0, voc_admitted = 0;
  for (std::uint32_t seed = 1; seed <= 200; ++seed) {
    motive::test::RandomScimOptions options;
    options.perfect_recall = seed % 3 == 0;
    options.max_decisions = seed % 4 == 0 ? 3 : 2;
    motive::test::RandomScim model = motive::test::make_random_scim(seed, options);
    Scim scim = read_model(model.text);
    if (scim.variables.empty()) continue;
    const Structure s = structure(model.reference, scim);
    const Graph graph = motive::scim_graph(scim);
    const Graph reduction = motive::minimal_reduction(scim);
    const auto reduced_parents = parents_of(reduction);

    // The reduction removes information links only, and every one it keeps is requisite in it.
    for (int v = 0; v < s.n; ++v) {
      const std::vector<int>& kept = reduction.parents(v);
      const std::set<int> full_set(s.parents[v].begin(), s.parents[v].end());
      const std::set<int> kept_set(kept.begin(), kept.end());
      EXPECT_TRUE(std::includes(full_set.begin(), full_set.end(), kept_set.begin(), kept_set.end()))
          << "seed " << seed;
      if (scim.variables[v].type != motive::scim::VariableType::kDecision) {
        EXPECT_EQ(full_set, kept_set) << "seed " << seed;
        continue;
      }
      std::vector<int> downstream;
      for (int u : s.utilities)
        if (u != v && reaches(children_from(reduced_parents), v, u)) downstream.push_back(u);
      for (int p : kept) {
        std::vector<int> family = {v};
        for (int q : kept)
          if (q != p) family.push_back(q);
        EXPECT_FALSE(reduction.d_separated({p}, downstream, family)) << "seed " << seed;
      }
      // With one decision, the requisite observations are those d-connected to a utility downstream
      // of D given the rest of D's family in the full graph (Fagiuoli and Zaffalon).
      if (s.decisions.size() == 1) {
        std::vector<int> downstream_full;
        for (int u : s.utilities)
          if (u != v && reaches(s.children, v, u)) downstream_full.push_back(u);
        std::set<int> requisite;
        for (int p : s.parents[v]) {
          std::vector<int> family = {v};
          for (int q : s.parents[v])
            if (q != p) family.push_back(q);
          if (!graph.d_separated({p}, downstream_full, family)) requisite.insert(p);
        }
        EXPECT_EQ(kept_set, requisite) << "seed " << seed;
      }
    }
    if (options.perfect_recall) {
      EXPECT_TRUE(motive::sufficient_recall(scim)) << "seed " << seed;
    }

    for (int d : s.decisions) {
      const std::set<int> on = on_paths_by_enumeration(s, d, s.utilities);
      const std::vector<int> on_engine = graph.on_directed_paths(d, s.utilities);
      EXPECT_EQ(on, std::set<int>(on_engine.begin(), on_engine.end())) << "seed " << seed;
      const std::vector<int> requisite = motive::requisite_observations(scim, d);
      for (int x = 0; x < s.n; ++x) {
        const std::string where = "seed " + std::to_string(seed) + ", D " + scim.variables[d].name + ", X " +
                                  scim.variables[x].name + "\n" + model.text;
        // ICI: exactly the variables on a directed path D -> U, with such a path as the witness.
        IncentiveWitness ici = motive::ici_witness(scim, d, x);
        EXPECT_EQ(ici.admits, on.count(x) == 1) << where;
        EXPECT_EQ(motive::admits_ici(scim, d, x), ici.admits);
        if (ici.admits) {
          EXPECT_TRUE(is_directed_path(s.parents, ici.path)) << where;
          EXPECT_EQ(ici.path.front(), d) << where;
          EXPECT_EQ(std::count(ici.path.begin(), ici.path.end(), x), 1) << where;
          EXPECT_EQ(std::count(s.utilities.begin(), s.utilities.end(), ici.path.back()), 1) << where;
        } else {
          EXPECT_TRUE(ici.path.empty()) << where;
        }
        ++ici_checked;

        // VoC: X is no decision and reaches a utility, in the reduction and so in the full graph.
        IncentiveWitness voc = motive::voc_witness(scim, d, x);
        EXPECT_EQ(motive::admits_voc(scim, d, x), voc.admits);
        if (voc.admits) {
          ++voc_admitted;
          EXPECT_NE(scim.variables[x].type, motive::scim::VariableType::kDecision) << where;
          bool reaches_utility = false;
          for (int u : s.utilities) reaches_utility |= reaches(s.children, x, u);
          EXPECT_TRUE(reaches_utility) << where;
          EXPECT_TRUE(is_directed_path(reduced_parents, voc.path)) << where;
          EXPECT_EQ(voc.path.front(), x);
          EXPECT_EQ(std::count(s.utilities.begin(), s.utilities.end(), voc.path.back()), 1) << where;
        }

        // RI: a directed path X -> D, in the reduction and so in the full graph.
        IncentiveWitness ri = motive::ri_witness(scim, d, x);
        EXPECT_EQ(motive::admits_ri(scim, d, x), ri.admits);
        if (ri.admits) {
          ++ri_admitted;
          EXPECT_NE(x, d);
          EXPECT_TRUE(reaches(s.children, x, d)) << where;
          EXPECT_TRUE(is_directed_path(reduced_parents, ri.path)) << where;
          EXPECT_EQ(ri.path.front(), x);
          EXPECT_EQ(ri.path.back(), d);
        }

        // VoI: X is upstream of D, and an active trail connects it to a utility downstream of D in the
        // reduction of the graph with X -> D.
        IncentiveWitness voi = motive::voi_witness(scim, d, x);
        EXPECT_EQ(motive::admits_voi(scim, d, x), voi.admits);
        const bool observed = std::count(s.parents[d].begin(), s.parents[d].end(), x) > 0;
        // With one decision: the criterion as Everitt et al. state it, X d-connected to a utility
        // downstream of D given {D} ∪ Pa_D \ {X} (the added link X -> D opens no trail).
        if (s.decisions.size() == 1 && x != d && !reaches(s.children, d, x)) {
          std::vector<int> downstream;
          for (int u : s.utilities)
            if (reaches(s.children, d, u)) downstream.push_back(u);
          std::vector<int> family = {d};
          for (int p : s.parents[d])
            if (p != x) family.push_back(p);
          EXPECT_EQ(voi.admits, !graph.d_separated({x}, downstream, family)) << where;
        }
        if (observed) {  // then the graph with X -> D is the graph itself
          EXPECT_EQ(voi.admits, std::count(requisite.begin(), requisite.end(), x) == 1) << where;
        }
        if (!voi.admits) continue;
        ++voi_admitted;
        EXPECT_FALSE(x == d || reaches(s.children, d, x)) << where;
        std::vector<std::vector<int>> with_link = s.parents;
        if (!observed) with_link[d].push_back(x);
        const Graph reduced_with_link = motive::minimal_reduction(Graph(with_link), s.decisions, s.utilities);
        const auto rp = parents_of(reduced_with_link);
        EXPECT_TRUE(is_active_trail(rp, voi.path, voi.given)) << where;
        EXPECT_EQ(voi.path.front(), x);
        EXPECT_EQ(std::count(s.utilities.begin(), s.utilities.end(), voi.path.back()), 1) << where;
        EXPECT_TRUE(reaches(children_from(rp), d, voi.path.back())) << where;
        std::vector<int> family = {d};
        for (int p : rp[d])
          if (p != x) family.push_back(p);
        std::sort(family.begin(), family.end());
        EXPECT_EQ(voi.given, family) << where;
      }
    }
  }
  // The sample exercises every criterion both ways.
  EXPECT_GT(ici_checked, 1000);
  EXPECT_GT(voi_admitted, 50);
  EXPECT_GT(ri_admitted, 50);
  EXPECT_GT(voc_admitted, 50);
}

// Soundness against the numbers: if letting D observe X raises the maximum expected utility, the
// graph admits VoI on X; if fixing a chance variable X to some outcome raises it, the graph admits VoC
// on X. On models with one decision (where the theorems need no recall assumption) and on models with
// two decisions and perfect recall (so sufficient recall; VoI is then tried only where the added link
// keeps perfect recall, so that backward induction finds the optimum quickly).
TEST(IncentiveProperties, SoundOnRandomModels) {
  int voi_gains = 0, voc_gains = 0, models = 0;
  for (std::uint32_t seed = 1000; seed < 1400; ++seed) {
    motive::test::RandomScimOptions options;
    const bool two = seed % 2 == 1;
    options.min_decisions = two ? 2 : 1;
    options.max_decisions = two ? 2 : 1;
    options.perfect_recall = two;
    options.max_settings = 512;
    options.stochastic_policies = 0;
    motive::test::RandomScim model = motive::test::make_random_scim(seed, options);
    Scim scim = read_model(model.text);
    if (scim.decisions.empty() || !scim.perfect_recall()) continue;
    ++models;
    const Graph graph = motive::scim_graph(scim);
    const double best = max_eu(scim);
    for (int d : scim.decisions) {
      for (int x = 0; x < graph.size(); ++x) {
        const std::string where = "seed " + std::to_string(seed) + ", D " + scim.variables[d].name + ", X " +
                                  scim.variables[x].name + "\n" + model.text;
        if (x != d && !graph.has_directed_path(d, x)) {
          Scim observing = with_observation(scim, d, x);
          if (observing.perfect_recall()) {
            const double gain = max_eu(observing) - best;
            EXPECT_GE(gain, -1e-9) << where;
            if (gain > 1e-9) {
              ++voi_gains;
              EXPECT_TRUE(motive::admits_voi(scim, d, x)) << where;
            }
          }
        }
        if (scim.variables[x].type != motive::scim::VariableType::kChance || d != scim.decisions[0]) continue;
        for (int o = 0; o < static_cast<int>(scim.variables[x].domain.size()); ++o) {
          motive::scim::Intervention fixed = hard(x, o);
          if (max_eu(scim, &fixed) > best + 1e-9) {
            ++voc_gains;
            EXPECT_TRUE(motive::admits_voc(scim, d, x)) << where;
            break;
          }
        }
      }
    }
  }
  EXPECT_GT(models, 300);
  EXPECT_GT(voi_gains, 50);
  EXPECT_GT(voc_gains, 200);
}

}  // namespace

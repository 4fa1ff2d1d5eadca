#include "random_scim.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <random>
#include <set>
#include <stdexcept>
#include <utility>

#include <nlohmann/json.hpp>

namespace motive::test {
namespace {

using Json = nlohmann::ordered_json;

// A small portable random source: std::mt19937 is specified exactly; its distributions are not.
class Rng {
 public:
  explicit Rng(std::uint32_t seed) : engine_(seed) {}
  int uniform(int lo, int hi) {  // inclusive
    return lo + static_cast<int>(engine_() % static_cast<std::uint32_t>(hi - lo + 1));
  }
  bool chance(double p) { return static_cast<double>(engine_() >> 8) / 16777216.0 < p; }
  template <class T>
  void shuffle(std::vector<T>* v) {
    for (std::size_t i = v->size(); i > 1; --i)
      std::swap((*v)[i - 1], (*v)[uniform(0, static_cast<int>(i) - 1)]);
  }
  template <class T>
  const T& pick(const std::vector<T>& v) {
    return v[uniform(0, static_cast<int>(v.size()) - 1)];
  }

 private:
  std::mt19937 engine_;
};

// `total` units dealt one by one to `parts` random parts: weights summing to `total`, zeros allowed.
std::vector<int> composition(Rng* rng, int total, int parts) {
  std::vector<int> w(parts, 0);
  for (int i = 0; i < total; ++i) ++w[rng->uniform(0, parts - 1)];
  return w;
}

// Every combination of outcomes for the given domain sizes, the last varying fastest.
std::vector<std::vector<int>> combinations(const std::vector<int>& sizes) {
  std::vector<std::vector<int>> out;
  std::vector<int> current(sizes.size(), 0);
  while (true) {
    out.push_back(current);
    std::size_t i = sizes.size();
    while (i > 0) {
      --i;
      if (++current[i] < sizes[i]) break;
      current[i] = 0;
      if (i == 0) return out;
    }
    if (sizes.empty()) return out;
  }
}

std::vector<int> parent_sizes(const std::vector<RefVariable>& variables, const RefVariable& v) {
  std::vector<int> sizes;
  for (int p : v.parents) sizes.push_back(static_cast<int>(variables[p].domain.size()));
  return sizes;
}

// The inverse-CDF construction of docs/format.md in integer arithmetic: cut points are cumulative
// weights of every row; piece k is [cuts[k], cuts[k + 1]).
struct Pieces {
  std::vector<int> cuts;
  std::map<std::vector<int>, std::vector<int>> outcome;  // per row: the outcome of each piece
};

Pieces pieces_of(const RefVariable& v) {
  Pieces pieces;
  std::set<int> cuts = {0, v.denominator};
  for (const auto& [row, weights] : v.cpd) {
    int cumulative = 0;
    for (int w : weights) {
      cumulative += w;
      if (cumulative > 0 && cumulative < v.denominator) cuts.insert(cumulative);
    }
  }
  pieces.cuts.assign(cuts.begin(), cuts.end());
  for (const auto& [row, weights] : v.cpd) {
    std::vector<int>& outcome = pieces.outcome[row];
    for (std::size_t k = 0; k + 1 < pieces.cuts.size(); ++k) {
      // The outcome whose interval [cumulative before, cumulative after) holds the piece's start.
      int cumulative = 0;
      int o = 0;
      for (; o < static_cast<int>(weights.size()); ++o) {
        cumulative += weights[o];
        if (pieces.cuts[k] < cumulative) break;
      }
      outcome.push_back(o);
    }
  }
  return pieces;
}

std::string fraction(int numerator, int denominator) {
  return std::to_string(numerator) + "/" + std::to_string(denominator);
}

const std::vector<std::vector<std::string>>& label_pools() {
  static const std::vector<std::vector<std::string>> pools = {
      {"lo", "mid", "hi", "top"}, {"red", "green", "blue", "gray"}, {"east", "west", "north", "south"},
      {"a", "b", "c", "d"},       {"yes", "no", "maybe", "unsure"}, {"calm", "windy", "stormy", "still"}};
  return pools;
}

std::vector<std::string> draw_domain(Rng* rng, int size, const std::string& name) {
  const std::vector<std::string>& pool = rng->pick(label_pools());
  std::vector<std::string> domain;
  for (int k = 0; k < size; ++k)
    domain.push_back(k < static_cast<int>(pool.size()) ? pool[k] : name + "_" + std::to_string(k));
  return domain;
}

// Distinct random picks from `candidates`.
std::vector<int> draw_subset(Rng* rng, std::vector<int> candidates, int count) {
  rng->shuffle(&candidates);
  candidates.resize(std::min<std::size_t>(candidates.size(), static_cast<std::size_t>(count)));
  return candidates;
}

const std::vector<int> kDenominators = {2, 3, 4, 5, 6, 8, 10, 12};

// Draws one model in generation (topological) order; parents refer to generation indices.
std::vector<RefVariable> draw_variables(Rng* rng, const RandomScimOptions& options) {
  int chance = rng->uniform(options.min_chance, options.max_chance);
  int decisions = rng->uniform(options.min_decisions, options.max_decisions);
  int utilities = rng->uniform(options.min_utilities, options.max_utilities);
  std::vector<RefType> kinds(chance, RefType::kChance);
  kinds.insert(kinds.end(), decisions, RefType::kDecision);
  rng->shuffle(&kinds);
  if (options.decisions_first)
    std::stable_partition(kinds.begin(), kinds.end(), [](RefType t) { return t == RefType::kDecision; });
  kinds.insert(kinds.end(), utilities, RefType::kUtility);

  std::vector<RefVariable> vars;
  int counts[3] = {0, 0, 0};
  std::vector<int> earlier;  // non-utility variables drawn so far
  std::vector<int> earlier_decisions;
  for (RefType kind : kinds) {
    RefVariable v;
    v.type = kind;
    int i = static_cast<int>(vars.size());
    switch (kind) {
      case RefType::kChance: {
        v.name = "X" + std::to_string(counts[0]++);
        v.domain = draw_domain(rng, rng->uniform(2, options.max_domain), v.name);
        v.parents = draw_subset(rng, earlier, rng->uniform(0, options.max_parents));
        v.by_cpd = rng->chance(options.cpd_share);
        v.denominator = rng->pick(kDenominators);
        std::vector<std::vector<int>> rows = combinations(parent_sizes(vars, v));
        int size = static_cast<int>(v.domain.size());
        if (v.by_cpd) {
          for (const auto& row : rows) v.cpd[row] = composition(rng, v.denominator, size);
        } else {
          int noise = rng->pick(std::vector<int>{1, 1, 2, 3});
          if (noise > 1) {
            for (int k = 0; k < noise; ++k) v.noise.push_back("n" + std::to_string(k));
            v.noise_weights = composition(rng, v.denominator, noise);
          }
          for (auto row : rows) {
            row.push_back(0);
            for (int k = 0; k < noise; ++k) {
              row.back() = k;
              v.table[row] = rng->uniform(0, size - 1);
            }
          }
        }
        break;
      }
      case RefType::kDecision: {
        v.name = "D" + std::to_string(counts[1]++);
        v.domain = draw_domain(rng, rng->uniform(2, options.max_domain), v.name);
        v.parents = draw_subset(rng, earlier, rng->uniform(0, options.max_observed));
        if (options.perfect_recall) {
          for (int d : earlier_decisions) {
            std::vector<int> recalled = vars[d].parents;
            recalled.push_back(d);
            for (int r : recalled)
              if (std::find(v.parents.begin(), v.parents.end(), r) == v.parents.end()) v.parents.push_back(r);
          }
          rng->shuffle(&v.parents);
        }
        earlier_decisions.push_back(i);
        break;
      }
      case RefType::kUtility: {
        v.name = "U" + std::to_string(counts[2]++);
        v.parents = draw_subset(rng, earlier, rng->uniform(1, options.max_parents));
        // Mostly let the decisions matter: give the utility a decision parent.
        if (!earlier_decisions.empty() && rng->chance(options.utility_decision_parent)) {
          int d = rng->pick(earlier_decisions);
          if (std::find(v.parents.begin(), v.parents.end(), d) == v.parents.end()) {
            if (static_cast<int>(v.parents.size()) >= options.max_parents && !v.parents.empty())
              v.parents.back() = d;
            else v.parents.push_back(d);
          }
        }
        v.denominator = rng->pick(kDenominators);
        int noise = rng->chance(0.3) ? 2 : 1;
        if (noise > 1) {
          v.noise = {"n0", "n1"};
          v.noise_weights = composition(rng, v.denominator, noise);
        }
        for (auto row : combinations(parent_sizes(vars, v))) {
          row.push_back(0);
          for (int k = 0; k < noise; ++k) {
            row.back() = k;
            v.utility[row] = rng->uniform(-3, 6);
          }
        }
        break;
      }
    }
    if (kind != RefType::kUtility) earlier.push_back(i);
    vars.push_back(std::move(v));
  }
  return vars;
}

std::uint64_t setting_count(const std::vector<RefVariable>& vars) {
  std::uint64_t count = 1;
  for (const RefVariable& v : vars) {
    std::uint64_t size = v.by_cpd ? pieces_of(v).cuts.size() - 1 : std::max<std::size_t>(1, v.noise.size());
    count *= size;
  }
  return count;
}

// The number of deterministic policies, or max + 1 when it is larger than `max`.
std::uint64_t policy_count(const std::vector<RefVariable>& vars, std::uint64_t max) {
  std::uint64_t count = 1;
  for (const RefVariable& v : vars) {
    if (v.type != RefType::kDecision) continue;
    std::uint64_t observations = 1;
    for (int p : v.parents) observations *= vars[p].domain.size();
    for (std::uint64_t o = 0; o < observations; ++o) {
      count *= v.domain.size();
      if (count > max) return max + 1;
    }
  }
  return count;
}

RefPolicy draw_policy(Rng* rng, const RefScim& scim, const std::string& name, bool deterministic) {
  RefPolicy policy;
  policy.name = name;
  policy.deterministic = deterministic;
  for (int d : scim.decisions) {
    const RefVariable& var = scim.variables[d];
    int size = static_cast<int>(var.domain.size());
    int denominator = rng->pick(kDenominators);
    for (const auto& observation : observations(scim, d)) {
      std::vector<double>& p = policy.rules[d].distribution[observation];
      p.assign(size, 0.0);
      if (deterministic) {
        p[rng->uniform(0, size - 1)] = 1.0;
      } else {
        std::vector<int> w = composition(rng, denominator, size);
        for (int a = 0; a < size; ++a) p[a] = static_cast<double>(w[a]) / denominator;
      }
    }
  }
  return policy;
}

// The "given" of a row: the parents' outcomes, and the noise outcome when the noise is not trivial.
Json given_json(const RefScim& scim, const RefVariable& v, const std::vector<int>& key) {
  Json given = Json::object();
  for (std::size_t i = 0; i < v.parents.size(); ++i)
    given[scim.variables[v.parents[i]].name] = scim.variables[v.parents[i]].domain[key[i]];
  if (key.size() > v.parents.size() && !v.noise.empty()) given["noise"] = v.noise[key.back()];
  return given;
}

Json weights_json(Rng* rng, const std::vector<std::string>& labels, const std::vector<int>& weights,
                  int denominator, bool may_omit_zeros) {
  Json p = Json::object();
  for (std::size_t k = 0; k < labels.size(); ++k) {
    if (weights[k] == 0 && may_omit_zeros && rng->chance(0.5)) continue;  // missing means 0
    p[labels[k]] = fraction(weights[k], denominator);
  }
  return p;
}

// Rows in a random order: the engine must read rows by their "given", not their position.
template <class Map, class Fn>
Json rows_json(Rng* rng, const Map& map, Fn&& row) {
  std::vector<Json> rows;
  for (const auto& entry : map) rows.push_back(row(entry.first, entry.second));
  rng->shuffle(&rows);
  Json out = Json::array();
  for (Json& r : rows) out.push_back(std::move(r));
  return out;
}

Json variable_json(Rng* rng, const RefScim& scim, const RefVariable& v) {
  static const char* kTypes[] = {"chance", "decision", "utility"};
  Json out = {{"type", kTypes[static_cast<int>(v.type)]}};
  if (!v.parents.empty() || rng->chance(0.5)) {
    Json parents = Json::array();
    for (int p : v.parents) parents.push_back(scim.variables[p].name);
    out["parents"] = parents;
  }
  if (v.type != RefType::kUtility) out["domain"] = v.domain;
  if (v.type == RefType::kDecision) return out;
  if (v.by_cpd) {
    if (v.parents.empty()) {
      out["cpd"] = weights_json(rng, v.domain, v.cpd.begin()->second, v.denominator, true);
    } else {
      out["cpd"] = rows_json(rng, v.cpd, [&](const std::vector<int>& key, const std::vector<int>& weights) {
        return Json{{"given", given_json(scim, v, key)},
                    {"p", weights_json(rng, v.domain, weights, v.denominator, true)}};
      });
    }
    return out;
  }
  if (!v.noise.empty()) out["noise"] = weights_json(rng, v.noise, v.noise_weights, v.denominator, false);
  if (v.type == RefType::kChance) {
    out["table"] = rows_json(rng, v.table, [&](const std::vector<int>& key, int value) {
      return Json{{"given", given_json(scim, v, key)}, {"value", v.domain[value]}};
    });
  } else {
    out["table"] = rows_json(rng, v.utility, [&](const std::vector<int>& key, double value) {
      return Json{{"given", given_json(scim, v, key)}, {"value", static_cast<int>(value)}};
    });
  }
  return out;
}

Json rule_json(Rng* rng, const RefScim& scim, int d, const RefRule& rule, bool deterministic) {
  const RefVariable& var = scim.variables[d];
  if (deterministic) {
    auto action = [&](const std::vector<double>& p) {
      return var.domain[std::max_element(p.begin(), p.end()) - p.begin()];
    };
    if (var.parents.empty() && rng->chance(0.5))
      return Json("'" + action(rule.distribution.begin()->second) + "'");
    return Json{
        {"table",
         rows_json(rng, rule.distribution, [&](const std::vector<int>& key, const std::vector<double>& p) {
           return Json{{"given", given_json(scim, var, key)}, {"value", action(p)}};
         })}};
  }
  // The generator's stochastic rules have probabilities w / n with n <= 12: write them as fractions.
  auto weights = [&](const std::vector<double>& p) {
    Json out = Json::object();
    for (std::size_t a = 0; a < p.size(); ++a) {
      if (p[a] == 0) continue;
      for (int n : {2, 3, 4, 5, 6, 8, 10, 12}) {
        double w = p[a] * n;
        if (std::abs(w - std::round(w)) < 1e-9) {
          out[var.domain[a]] = fraction(static_cast<int>(std::round(w)), n);
          break;
        }
      }
    }
    return out;
  };
  if (var.parents.empty()) return Json{{"cpd", weights(rule.distribution.begin()->second)}};
  return Json{{"cpd", rows_json(rng, rule.distribution,
                                [&](const std::vector<int>& key, const std::vector<double>& p) {
                                  return Json{{"given", given_json(scim, var, key)}, {"p", weights(p)}};
                                })}};
}

// ---- Reference evaluation -------------------------------------------------------------------------

std::vector<int> parent_values(const RefVariable& v, const std::vector<int>& values) {
  std::vector<int> key;
  key.reserve(v.parents.size() + 1);
  for (int p : v.parents) key.push_back(values[p]);
  return key;
}

double noise_probability(const RefVariable& v, int k) {
  return v.noise.empty() ? 1.0 : static_cast<double>(v.noise_weights[k]) / v.denominator;
}

using LeafVisitor =
    std::function<void(double weight, const std::vector<int>& values, const std::vector<double>& utility)>;

// Distribution-level enumeration: every outcome of every variable's noise (a cpd: every outcome).
class Walker {
 public:
  Walker(const RefScim& scim, const RefPolicy* policy, const RefInterventions& interventions,
         const LeafVisitor& visit)
      : scim_(scim),
        policy_(policy),
        iv_(interventions),
        visit_(visit),
        values_(scim.variables.size(), -1),
        utility_(scim.variables.size(), 0.0) {
    if (!interventions.contextual.empty())
      throw std::logic_error("contextual interventions need settings: use reference_settings");
  }
  void walk(std::size_t k, double weight) {
    if (k == scim_.order.size()) {
      visit_(weight, values_, utility_);
      return;
    }
    int v = scim_.order[k];
    const RefVariable& var = scim_.variables[v];
    if (auto h = iv_.hard_utility.find(v); h != iv_.hard_utility.end()) {
      utility_[v] = h->second;
      walk(k + 1, weight);
      return;
    }
    if (auto h = iv_.hard.find(v); h != iv_.hard.end()) {
      values_[v] = h->second;
      walk(k + 1, weight);
      return;
    }
    std::vector<int> key = parent_values(var, values_);
    if (var.type == RefType::kDecision) {
      const std::vector<double>& p = policy_->rules.at(v).distribution.at(key);
      for (std::size_t a = 0; a < p.size(); ++a) {
        if (p[a] <= 0) continue;
        values_[v] = static_cast<int>(a);
        walk(k + 1, weight * p[a]);
      }
      return;
    }
    if (var.by_cpd) {
      const std::vector<int>& w = var.cpd.at(key);
      for (std::size_t o = 0; o < w.size(); ++o) {
        if (w[o] == 0) continue;
        values_[v] = static_cast<int>(o);
        walk(k + 1, weight * w[o] / var.denominator);
      }
      return;
    }
    key.push_back(0);
    int noise = std::max<int>(1, static_cast<int>(var.noise.size()));
    for (int n = 0; n < noise; ++n) {
      double p = noise_probability(var, n);
      if (p <= 0) continue;
      key.back() = n;
      if (var.type == RefType::kUtility) utility_[v] = var.utility.at(key);
      else values_[v] = var.table.at(key);
      walk(k + 1, weight * p);
    }
  }

 private:
  const RefScim& scim_;
  const RefPolicy* policy_;
  const RefInterventions& iv_;
  const LeafVisitor& visit_;
  std::vector<int> values_;
  std::vector<double> utility_;
};

}  // namespace

int RefScim::index_of(const std::string& name) const {
  for (std::size_t i = 0; i < variables.size(); ++i)
    if (variables[i].name == name) return static_cast<int>(i);
  return -1;
}

bool RefScim::perfect_recall() const {
  for (std::size_t j = 0; j < decisions.size(); ++j) {
    const std::vector<int>& seen = variables[decisions[j]].parents;
    auto sees = [&](int v) { return std::find(seen.begin(), seen.end(), v) != seen.end(); };
    for (std::size_t i = 0; i < j; ++i) {
      if (!sees(decisions[i])) return false;
      for (int p : variables[decisions[i]].parents)
        if (!sees(p)) return false;
    }
  }
  return true;
}

RandomScim make_random_scim(std::uint32_t seed, const RandomScimOptions& options) {
  Rng rng(seed);
  std::vector<RefVariable> drawn;
  for (int attempt = 0;; ++attempt) {
    if (attempt == 10000) throw std::runtime_error("make_random_scim: the size bounds are too tight");
    drawn = draw_variables(&rng, options);
    if (setting_count(drawn) <= options.max_settings &&
        policy_count(drawn, options.max_policies) <= options.max_policies)
      break;
  }
  // File order: a random permutation (or the generation order).
  std::size_t n = drawn.size();
  std::vector<int> file_of(n);  // generation index -> file index
  for (std::size_t i = 0; i < n; ++i) file_of[i] = static_cast<int>(i);
  if (options.shuffle_file_order) rng.shuffle(&file_of);
  RandomScim out;
  out.seed = seed;
  RefScim& scim = out.reference;
  scim.variables.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    RefVariable v = drawn[i];
    for (int& p : v.parents) p = file_of[p];
    scim.variables[file_of[i]] = std::move(v);
  }
  for (std::size_t i = 0; i < n; ++i) {
    scim.order.push_back(file_of[i]);
    if (drawn[i].type == RefType::kDecision) scim.decisions.push_back(file_of[i]);
  }
  for (std::size_t v = 0; v < n; ++v)
    if (scim.variables[v].type == RefType::kUtility) scim.utilities.push_back(static_cast<int>(v));
  for (int k = 0; k < options.deterministic_policies; ++k)
    scim.policies.push_back(draw_policy(&rng, scim, "det" + std::to_string(k), true));
  for (int k = 0; k < options.stochastic_policies; ++k)
    scim.policies.push_back(draw_policy(&rng, scim, "mixed" + std::to_string(k), false));

  Json model = {{"kind", "scim"},
                {"title", "Random SCIM " + std::to_string(seed)},
                {"description", "Generated by tests/engine/random_scim.cc."}};
  Json variables = Json::object();
  for (const RefVariable& v : scim.variables) variables[v.name] = variable_json(&rng, scim, v);
  model["variables"] = variables;
  if (!scim.decisions.empty() && !scim.policies.empty()) {
    Json policies = Json::object();
    for (const RefPolicy& p : scim.policies) {
      Json rules = Json::object();
      for (int d : scim.decisions)
        rules[scim.variables[d].name] = rule_json(&rng, scim, d, p.rules.at(d), p.deterministic);
      policies[p.name] = rules;
    }
    model["policies"] = policies;
  } else {
    scim.policies.clear();
  }
  out.text = model.dump(2);
  return out;
}

bool utilities_tie(double a, double b) {
  return std::abs(a - b) <= 1e-9 * std::max({1.0, std::abs(a), std::abs(b)});
}

std::vector<std::vector<int>> observations(const RefScim& scim, int decision) {
  return combinations(parent_sizes(scim.variables, scim.variables[decision]));
}

RefNoise setting_noise(const RefScim& scim, int v) {
  const RefVariable& var = scim.variables[v];
  RefNoise noise;
  if (var.by_cpd) {
    Pieces pieces = pieces_of(var);
    for (std::size_t k = 0; k + 1 < pieces.cuts.size(); ++k) {
      noise.outcomes.push_back("u" + std::to_string(k));
      noise.probabilities.push_back(static_cast<double>(pieces.cuts[k + 1] - pieces.cuts[k]) /
                                    var.denominator);
    }
  } else if (!var.noise.empty()) {
    noise.outcomes = var.noise;
    for (int w : var.noise_weights) noise.probabilities.push_back(static_cast<double>(w) / var.denominator);
  } else {
    noise.outcomes = {"_"};
    noise.probabilities = {1.0};
  }
  return noise;
}

RefExpectation reference_expectation(const RefScim& scim, const RefPolicy* policy,
                                     const RefInterventions& interventions) {
  RefExpectation out;
  out.per_utility.assign(scim.utilities.size(), 0.0);
  auto add = [&](double weight, const std::vector<double>& utility) {
    for (std::size_t u = 0; u < scim.utilities.size(); ++u) {
      out.per_utility[u] += weight * utility[scim.utilities[u]];
      out.total += weight * utility[scim.utilities[u]];
    }
  };
  if (!interventions.contextual.empty()) {
    for (const RefRow& row : reference_settings(scim, policy, interventions).rows)
      add(row.weight, row.utility);
    return out;
  }
  LeafVisitor visit = [&](double weight, const std::vector<int>&, const std::vector<double>& utility) {
    add(weight, utility);
  };
  Walker(scim, policy, interventions, visit).walk(0, 1.0);
  return out;
}

double reference_expected_utility(const RefScim& scim, const RefPolicy& policy,
                                  const RefInterventions& interventions) {
  return reference_expectation(scim, &policy, interventions).total;
}

RefSettings reference_settings(const RefScim& scim, const RefPolicy* policy,
                               const RefInterventions& interventions) {
  RefSettings out;
  std::size_t n = scim.variables.size();
  std::vector<RefNoise> noise(n);
  std::vector<Pieces> pieces(n);
  for (std::size_t v = 0; v < n; ++v) {
    if (interventions.fixes(static_cast<int>(v))) continue;
    noise[v] = setting_noise(scim, static_cast<int>(v));
    if (scim.variables[v].by_cpd) pieces[v] = pieces_of(scim.variables[v]);
    if (noise[v].outcomes.size() > 1) {
      out.noisy.push_back(static_cast<int>(v));
      out.count *= noise[v].outcomes.size();
    }
  }
  for (std::uint64_t e = 0; e < out.count; ++e) {
    // Decode the setting: mixed radix over the noisy variables, the last fastest.
    std::vector<int> digit(n, 0);
    std::uint64_t rest = e;
    for (std::size_t i = out.noisy.size(); i-- > 0;) {
      std::uint64_t size = noise[out.noisy[i]].outcomes.size();
      digit[out.noisy[i]] = static_cast<int>(rest % size);
      rest /= size;
    }
    RefRow row;
    row.setting = e;
    row.probability = 1.0;
    for (int v : out.noisy) {
      row.probability *= noise[v].probabilities[digit[v]];
      row.noise.push_back(noise[v].outcomes[digit[v]]);
    }
    if (row.probability <= 0) continue;
    row.values.assign(n, -1);
    row.utility.assign(n, 0.0);
    std::function<void(std::size_t, RefRow)> evaluate = [&](std::size_t k, RefRow r) {
      for (; k < scim.order.size(); ++k) {
        int v = scim.order[k];
        const RefVariable& var = scim.variables[v];
        if (auto c = interventions.contextual.find(v); c != interventions.contextual.end()) {
          if (auto value = c->second.find(e); value != c->second.end()) {
            r.values[v] = value->second;
            continue;
          }
        }
        if (auto h = interventions.hard_utility.find(v); h != interventions.hard_utility.end()) {
          r.utility[v] = h->second;
          continue;
        }
        if (auto h = interventions.hard.find(v); h != interventions.hard.end()) {
          r.values[v] = h->second;
          continue;
        }
        std::vector<int> key = parent_values(var, r.values);
        if (var.type == RefType::kDecision) {
          const std::vector<double>& p = policy->rules.at(v).distribution.at(key);
          for (std::size_t a = 0; a < p.size(); ++a) {
            if (p[a] <= 0) continue;
            RefRow branch = r;
            branch.values[v] = static_cast<int>(a);
            branch.weight *= p[a];
            evaluate(k + 1, branch);
          }
          return;
        }
        if (var.by_cpd) {
          r.values[v] = pieces[v].outcome.at(key)[digit[v]];
          continue;
        }
        key.push_back(digit[v]);
        if (var.type == RefType::kUtility) r.utility[v] = var.utility.at(key);
        else r.values[v] = var.table.at(key);
      }
      for (int u : scim.utilities) r.total_utility += r.utility[u];
      out.rows.push_back(std::move(r));
    };
    row.weight = row.probability;
    evaluate(0, row);
  }
  return out;
}

std::map<std::uint64_t, int> values_under(const RefScim& scim, const RefPolicy& policy,
                                          const RefInterventions& interventions, int variable) {
  std::map<std::uint64_t, int> out;
  for (const RefRow& row : reference_settings(scim, &policy, interventions).rows)
    out[row.setting] = row.values[variable];
  return out;
}

std::map<std::vector<int>, double> observation_probabilities(const RefScim& scim, const RefPolicy& policy,
                                                             const RefInterventions& interventions,
                                                             int decision) {
  std::map<std::vector<int>, double> out;
  for (const auto& o : observations(scim, decision)) out[o] = 0.0;
  const RefVariable& var = scim.variables[decision];
  LeafVisitor visit = [&](double weight, const std::vector<int>& values, const std::vector<double>&) {
    out[parent_values(var, values)] += weight;
  };
  Walker(scim, &policy, interventions, visit).walk(0, 1.0);
  return out;
}

RefPolicy deterministic_policy(const RefScim& scim,
                               const std::map<int, std::map<std::vector<int>, int>>& actions,
                               const std::string& name) {
  RefPolicy policy;
  policy.name = name;
  for (const auto& [d, rule] : actions) {
    for (const auto& [observation, action] : rule) {
      std::vector<double>& p = policy.rules[d].distribution[observation];
      p.assign(scim.variables[d].domain.size(), 0.0);
      p[action] = 1.0;
    }
  }
  return policy;
}

std::vector<RefPolicy> all_deterministic_policies(const RefScim& scim,
                                                  const RefInterventions& interventions) {
  // One digit per (free decision, observation), the last fastest.
  std::vector<std::pair<int, std::vector<int>>> digits;
  std::vector<int> sizes;
  for (int d : scim.decisions) {
    if (interventions.fixes(d)) continue;
    for (const auto& o : observations(scim, d)) {
      digits.emplace_back(d, o);
      sizes.push_back(static_cast<int>(scim.variables[d].domain.size()));
    }
  }
  std::vector<RefPolicy> out;
  for (const auto& choice : combinations(sizes)) {
    std::map<int, std::map<std::vector<int>, int>> actions;
    for (std::size_t i = 0; i < digits.size(); ++i) actions[digits[i].first][digits[i].second] = choice[i];
    out.push_back(deterministic_policy(scim, actions, "policy" + std::to_string(out.size())));
  }
  return out;
}

RefOptimum reference_optimum(const RefScim& scim, const RefInterventions& interventions) {
  RefOptimum out;
  std::vector<RefPolicy> policies = all_deterministic_policies(scim, interventions);
  for (const RefPolicy& p : policies)
    out.all_utilities.push_back(reference_expected_utility(scim, p, interventions));
  out.expected_utility = *std::max_element(out.all_utilities.begin(), out.all_utilities.end());
  for (std::size_t i = 0; i < policies.size(); ++i)
    if (utilities_tie(out.all_utilities[i], out.expected_utility)) out.optimal.push_back(policies[i]);
  return out;
}

std::string policy_name(std::size_t k) { return "pol" + std::to_string(k); }

int action_of(const RefPolicy& p, int decision, const std::vector<int>& observation) {
  const std::vector<double>& d = p.rules.at(decision).distribution.at(observation);
  return static_cast<int>(std::max_element(d.begin(), d.end()) - d.begin());
}

nlohmann::ordered_json rule_json(const RefScim& scim, int decision, const RefPolicy& p) {
  const RefVariable& d = scim.variables[decision];
  if (d.parents.empty()) return "'" + d.domain[action_of(p, decision, {})] + "'";
  nlohmann::ordered_json table = nlohmann::ordered_json::array();
  for (const std::vector<int>& o : observations(scim, decision)) {
    nlohmann::ordered_json given = nlohmann::ordered_json::object();
    for (std::size_t i = 0; i < d.parents.size(); ++i)
      given[scim.variables[d.parents[i]].name] = scim.variables[d.parents[i]].domain[o[i]];
    table.push_back({{"given", given}, {"value", d.domain[action_of(p, decision, o)]}});
  }
  return {{"table", table}};
}

bool same_actions(const RefScim& scim, int decision, const RefPolicy& a, const RefPolicy& b) {
  for (const std::vector<int>& o : observations(scim, decision))
    if (action_of(a, decision, o) != action_of(b, decision, o)) return false;
  return true;
}

nlohmann::json guessing_chain_variables(int n) {
  nlohmann::json variables = nlohmann::json::object();
  variables["X1"] = {{"type", "chance"}, {"domain", {0, 1}}, {"cpd", {{"0", 0.5}, {"1", 0.5}}}};
  for (int i = 2; i <= n; ++i) {
    std::string parent = "X" + std::to_string(i - 1);
    variables["X" + std::to_string(i)] = {{"type", "chance"},
                                          {"parents", {parent}},
                                          {"domain", {0, 1}},
                                          {"noise", {{"keep", 0.8}, {"flip", 0.2}}},
                                          {"function", "noise == 'keep' ? " + parent + " : 1 - " + parent}};
  }
  std::string last = "X" + std::to_string(n);
  variables["D"] = {{"type", "decision"}, {"parents", {last}}, {"domain", {0, 1}}};
  variables["U"] = {{"type", "utility"}, {"parents", {"D", "X1"}}, {"function", "D == X1 ? 1 : 0"}};
  return variables;
}

bool some_on_path_to_utility(const RefScim& scim, int decision, const std::vector<int>& chance) {
  std::vector<std::vector<int>> children(scim.variables.size());
  for (std::size_t v = 0; v < scim.variables.size(); ++v)
    for (int p : scim.variables[v].parents) children[p].push_back(static_cast<int>(v));
  std::vector<char> from_d(scim.variables.size(), 0), to_u(scim.variables.size(), 0);
  std::vector<int> stack = {decision};
  while (!stack.empty()) {
    int v = stack.back();
    stack.pop_back();
    for (int c : children[v])
      if (!from_d[c]) from_d[c] = 1, stack.push_back(c);
  }
  stack = scim.utilities;
  while (!stack.empty()) {
    int v = stack.back();
    stack.pop_back();
    for (int p : scim.variables[v].parents)
      if (!to_u[p]) to_u[p] = 1, stack.push_back(p);
  }
  return std::any_of(chance.begin(), chance.end(), [&](int y) { return from_d[y] && to_u[y]; });
}

}  // namespace motive::test

#include "scim/reader.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <set>
#include <stdexcept>

#include "core/reading.h"
#include "scim/expression.h"
#include "scim/graph.h"

namespace motive::scim {
namespace {

constexpr double kProbabilityTolerance = 1e-9;
constexpr double kCutTolerance = 1e-12;

std::string whole_number(double x) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, x < 1e18 ? "%.0f" : "%.3g", x);
  return buffer;
}

std::string domain_text(const Domain& domain) {
  std::vector<std::string> parts;
  for (const Outcome& o : domain) parts.push_back(outcome_text(o));
  return join(parts);
}

// Reads one SCIM body (variables, policies, interventions), reporting problems into `diagnostics`.
class ModelReader : public TextReader {
 public:
  ModelReader(const SourceJson& doc, Diagnostics* diagnostics) : TextReader(doc, diagnostics) {}

  std::optional<Scim> read(const std::string& name, const Json& body) {
    scim_.name = name;
    scim_.body_span = doc_.span(body);
    check_fields(body,
                 {"kind", "title", "description", "source", "variables", "policies", "interventions",
                  "behaviour", "models"},
                 "a model");
    auto variables = body.find("variables");
    if (variables == body.end()) {
      error("model.missing_field", body, "the model has no \"variables\"",
            "add \"variables\": { \"D\": { \"type\": \"decision\", \"domain\": [...] }, ... }");
      return std::nullopt;
    }
    if (!expect_object(*variables, "\"variables\"")) return std::nullopt;
    std::size_t before = d_->count();
    declare_variables(*variables);
    if (d_->count() != before) return std::nullopt;
    if (!order_variables()) return std::nullopt;
    for (int v : scim_.order) define_variable(v);
    if (d_->count() != before) return std::nullopt;
    finish_structure();
    if (auto p = body.find("policies"); p != body.end()) read_policies(*p);
    if (auto i = body.find("interventions"); i != body.end()) read_interventions(*i);
    if (auto b = body.find("behaviour"); b != body.end()) read_behaviour(*b);
    if (d_->count() != before) return std::nullopt;
    return std::move(scim_);
  }

 private:
  // ---- names and outcomes ----------------------------------------------------------------------

  bool check_name(const std::string& name, const Json& member, const std::string& what) {
    if (!expr::is_identifier(name)) {
      error_at_key("model.invalid_name", member, in_quotes(name) + " is not a valid " + what + " name",
                   "names start with a letter or _ and contain only letters, digits and _");
      return false;
    }
    // "noise" names a variable's own noise in its function.
    if (expr::is_reserved_word(name) || name == "noise") {
      error_at_key("model.reserved_name", member, in_quotes(name) + " is reserved by the expression language",
                   "choose another name");
      return false;
    }
    return true;
  }

  std::optional<Outcome> outcome_from_json(const Json& v) {
    if (v.is_string()) return Outcome(v.get<std::string>());
    if (v.is_boolean()) return Outcome(v.get<bool>());
    if (v.is_number()) return Outcome(v.get<double>());
    return std::nullopt;
  }

  // Finds the outcome of `domain` written as `v` (a JSON value, or an object key's text).
  int outcome_index(const Domain& domain, const Json& v) {
    if (auto o = outcome_from_json(v)) {
      int i = find_outcome(domain, *o);
      if (i >= 0 || !v.is_string()) return i;
      // Object keys are always text: let "1" and "true" name numeric and boolean outcomes.
      const std::string& text = v.get_ref<const std::string&>();
      for (std::size_t k = 0; k < domain.size(); ++k) {
        if (std::holds_alternative<double>(domain[k])) {
          char* end = nullptr;
          double x = std::strtod(text.c_str(), &end);
          if (end && *end == '\0' && !text.empty() && same_outcome(domain[k], Outcome(x)))
            return static_cast<int>(k);
        } else if (const bool* b = std::get_if<bool>(&domain[k])) {
          if (text == (*b ? "true" : "false")) return static_cast<int>(k);
        }
      }
    }
    return -1;
  }

  std::vector<std::string> outcome_names(const Domain& domain) {
    std::vector<std::string> names;
    for (const Outcome& o : domain) {
      const std::string* s = std::get_if<std::string>(&o);
      names.push_back(s ? *s : outcome_text(o));
    }
    return names;
  }

  void unknown_outcome(const Json& at, const std::string& written, const Variable& var,
                       const Domain& domain) {
    std::string hint = did_you_mean(written, outcome_names(domain));
    if (hint.empty()) hint = "the outcomes of " + var.name + " are " + domain_text(domain);
    error("model.unknown_outcome", at, in_quotes(written) + " is not an outcome of " + var.name, hint);
  }

  // ---- probabilities ---------------------------------------------------------------------------

  std::optional<double> probability(const Json& v) {
    double p = 0;
    if (v.is_number()) {
      p = v.get<double>();
    } else if (v.is_string()) {
      const std::string& s = v.get_ref<const std::string&>();
      std::size_t slash = s.find('/');
      char* end = nullptr;
      if (slash == std::string::npos) {
        p = std::strtod(s.c_str(), &end);
        if (s.empty() || *end != '\0') end = nullptr;
      } else {
        std::string num = s.substr(0, slash), den = s.substr(slash + 1);
        char* end_num = nullptr;
        double a = std::strtod(num.c_str(), &end_num);
        double b = std::strtod(den.c_str(), &end);
        if (num.empty() || den.empty() || *end_num != '\0' || *end != '\0' || b == 0) end = nullptr;
        else p = a / b;
      }
      if (!end) {
        error("model.bad_probability", v, in_quotes(s) + " is not a probability",
              "write a number such as 0.25 or a fraction such as \"1/4\"");
        return std::nullopt;
      }
    } else {
      error("model.bad_probability", v,
            "a probability must be a number or a fraction string, not " + json_type_name(v));
      return std::nullopt;
    }
    if (!(p >= 0 && p <= 1 + kProbabilityTolerance)) {
      char buffer[64];
      std::snprintf(buffer, sizeof buffer, "%.12g", p);
      error("model.bad_probability", v,
            std::string("probabilities lie between 0 and 1; this one is ") + buffer);
      return std::nullopt;
    }
    return p;
  }

  bool check_sum(double sum, const Json& at, const std::string& what) {
    if (std::abs(sum - 1) <= kProbabilityTolerance) return true;
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.12g", sum);
    error("model.probabilities_not_normalized", at,
          "the probabilities of " + what + " sum to " + buffer + ", not 1");
    return false;
  }

  // ---- declaring variables ---------------------------------------------------------------------

  struct Declaration {
    const Json* json = nullptr;
    const Json* member = nullptr;  // for key positions
    std::vector<std::string> parent_names;
  };

  void declare_variables(const Json& variables) {
    if (variables.empty()) {
      error("model.missing_field", variables, "the model has no variables");
      return;
    }
    for (const auto& member : variables.items()) {
      Variable var;
      var.name = member.key();
      var.span = doc_.key_span(member.value());
      Declaration decl;
      decl.json = &member.value();
      decl.member = &member.value();
      scim_.variables.push_back(std::move(var));
      declarations_.push_back(decl);
    }
    for (std::size_t v = 0; v < scim_.variables.size(); ++v) declare(static_cast<int>(v));
  }

  void declare(int v) {
    Variable& var = scim_.variables[v];
    const Json& def = *declarations_[v].json;
    check_name(var.name, def, "variable");
    if (!expect_object(def, "the definition of " + var.name)) return;
    check_fields(
        def, {"type", "parents", "domain", "noise", "function", "table", "cpd", "position", "description"},
        "a variable");
    auto type = def.find("type");
    if (type == def.end() || !type->is_string()) {
      error(type == def.end() ? "model.missing_field" : "model.wrong_type", type == def.end() ? def : *type,
            type == def.end() ? var.name + " needs a \"type\""
                              : "the \"type\" of " + var.name + " must be a string",
            "\"type\" is \"chance\", \"decision\" or \"utility\"");
      return;
    }
    const std::string& t = type->get_ref<const std::string&>();
    if (t == "chance") var.type = VariableType::kChance;
    else if (t == "decision") var.type = VariableType::kDecision;
    else if (t == "utility") var.type = VariableType::kUtility;
    else {
      std::string hint = did_you_mean(t, {"chance", "decision", "utility"});
      error("model.unknown_type", *type, in_quotes(t) + " is not a variable type",
            hint.empty() ? "\"type\" is \"chance\", \"decision\" or \"utility\"" : hint);
      return;
    }
    if (auto parents = def.find("parents"); parents != def.end()) read_parent_names(v, *parents);
    if (auto position = def.find("position"); position != def.end()) {
      if (position->is_array() && position->size() == 2 && (*position)[0].is_number() &&
          (*position)[1].is_number())
        var.position = std::array<double, 2>{(*position)[0].get<double>(), (*position)[1].get<double>()};
      else error("model.wrong_type", *position, "\"position\" must be a list of two numbers [x, y]");
    }
    read_domain(v, def);
    if (var.type == VariableType::kDecision) {
      for (const char* field : {"noise", "function", "table", "cpd"})
        if (auto f = def.find(field); f != def.end())
          error_at_key("model.decision_mechanism", *f,
                       "decision " + var.name + " cannot have a \"" + field + "\"",
                       "a decision's rule comes from a policy: put it under \"policies\"");
    }
  }

  void read_parent_names(int v, const Json& parents) {
    if (!expect_array(parents, "\"parents\"")) return;
    std::vector<std::string> names;
    for (const auto& p : parents) {
      if (!p.is_string()) {
        error("model.wrong_type", p, "a parent is named by a string, not " + json_type_name(p));
        continue;
      }
      const std::string& name = p.get_ref<const std::string&>();
      if (std::find(names.begin(), names.end(), name) != names.end()) {
        error("model.duplicate_parent", p,
              in_quotes(name) + " is listed twice as a parent of " + scim_.variables[v].name);
        continue;
      }
      names.push_back(name);
      int index = scim_.index_of(name);
      if (index < 0) {
        std::vector<std::string> all;
        for (const Variable& other : scim_.variables) all.push_back(other.name);
        std::string hint = did_you_mean(name, all);
        error("model.unknown_parent", p,
              "variable " + in_quotes(scim_.variables[v].name) + " lists parent " + in_quotes(name) +
                  ", which is not defined",
              hint.empty() ? "define " + name + " under \"variables\"" : hint);
        continue;
      }
      scim_.variables[v].mechanism.parents.push_back(index);
    }
  }

  void read_domain(int v, const Json& def) {
    Variable& var = scim_.variables[v];
    auto domain = def.find("domain");
    if (var.type == VariableType::kUtility) {
      if (domain != def.end())
        error_at_key("model.unknown_field", *domain,
                     "a utility's domain is the set of values its function produces; do not give one");
      return;
    }
    if (domain == def.end()) {
      if (var.type == VariableType::kDecision) {
        error("model.decision_without_domain", def, "decision " + var.name + " has no \"domain\"",
              "list its possible actions: \"domain\": [\"a\", \"b\"]");
      } else if (auto cpd = def.find("cpd"); cpd != def.end()) {
        infer_domain_from_cpd(v, *cpd);
      } else {
        error("model.missing_domain", def, "chance variable " + var.name + " has no \"domain\"",
              "list its outcomes: \"domain\": [\"a\", \"b\"]");
      }
      return;
    }
    read_domain_list(*domain, var.name, &var.domain);
  }

  bool read_domain_list(const Json& list, const std::string& owner, Domain* out) {
    if (!expect_array(list, "\"domain\"")) return false;
    if (list.empty()) {
      error("model.empty_domain", list, owner + " has an empty domain", "list at least one outcome");
      return false;
    }
    bool ok = true;
    for (const auto& item : list) {
      auto o = outcome_from_json(item);
      if (!o) {
        error("model.wrong_type", item,
              "an outcome is a string, a number or a boolean, not " + json_type_name(item));
        ok = false;
        continue;
      }
      if (!out->empty() && type_of(*o) != type_of(out->front())) {
        error("model.mixed_domain", item,
              "the outcomes of " + owner + " mix " + type_name(type_of(out->front())) + "s and " +
                  type_name(type_of(*o)) + "s",
              "give every outcome of a variable the same type");
        ok = false;
        continue;
      }
      if (find_outcome(*out, *o) >= 0) {
        error("model.duplicate_outcome", item, outcome_text(*o) + " appears twice in the domain of " + owner);
        ok = false;
        continue;
      }
      out->push_back(*o);
    }
    return ok;
  }

  // Whether a cpd object is one row { "p": { ... } } rather than the distribution itself. A
  // probability is a number or a fraction's text, never an object: an object under "p" makes a row,
  // and anything else is the probability of an outcome named "p" (docs/format.md).
  static bool is_single_row(const Json& cpd) {
    auto p = cpd.is_object() ? cpd.find("p") : cpd.end();
    return p != cpd.end() && p->is_object();
  }

  // A cpd without a domain: the outcomes named in any of its rows, in order of first mention.
  void infer_domain_from_cpd(int v, const Json& cpd) {
    Variable& var = scim_.variables[v];
    std::vector<const Json*> distributions;
    if (cpd.is_object()) distributions.push_back(is_single_row(cpd) ? &cpd["p"] : &cpd);
    if (cpd.is_array())
      for (const Json& row : cpd)
        if (row.is_object() && row.contains("p")) distributions.push_back(&row["p"]);
    for (const Json* dist : distributions) {
      if (!dist->is_object()) continue;
      for (const auto& member : dist->items())
        if (find_outcome(var.domain, Outcome(member.key())) < 0) var.domain.push_back(Outcome(member.key()));
    }
    if (var.domain.empty())
      error("model.missing_domain", cpd, "cannot tell the outcomes of " + var.name + " from its \"cpd\"",
            "give \"domain\" explicitly");
  }

  bool order_variables() {
    std::vector<std::vector<int>> parents;
    for (const Variable& v : scim_.variables) parents.push_back(v.mechanism.parents);
    Graph graph(parents);
    std::vector<int> cycle = graph.find_cycle();
    if (!cycle.empty()) {
      std::vector<std::string> names;
      for (int v : cycle) names.push_back(scim_.variables[v].name);
      names.push_back(names.front());
      d_->error("model.cycle", scim_.variables[cycle.front()].span,
                "the graph has a cycle: " + join(names, " -> "),
                "a SCIM is acyclic: remove one of these parent links");
      return false;
    }
    scim_.order = *graph.topological_order();
    return true;
  }

  // ---- mechanisms ------------------------------------------------------------------------------

  void define_variable(int v) {
    Variable& var = scim_.variables[v];
    compute_strides(scim_.variables, &var.mechanism);
    if (var.type == VariableType::kDecision) {
      // A decision rule has one entry per observation.
      if (var.mechanism.configurations <= 0 ||
          static_cast<std::uint64_t>(var.mechanism.configurations) > kMaxEnumeration)
        error("model.too_large", *declarations_[v].json,
              "decision " + var.name + " observes more than 2^24 combinations of its parents' outcomes",
              "give it fewer or smaller parents");
      return;
    }
    compile_mechanism(v, *declarations_[v].json, &var.mechanism, &var.domain,
                      var.type == VariableType::kUtility ? &var.utility : nullptr);
  }

  bool table_fits(const Json& at, const std::string& owner, const Mechanism& m) {
    std::uint64_t entries =
        static_cast<std::uint64_t>(m.configurations) * static_cast<std::uint64_t>(m.noise.size());
    if (m.configurations > 0 && entries <= kMaxEnumeration) return true;
    error("model.too_large", at,
          "the structural function of " + owner + " would need a table of " +
              (m.configurations > 0 ? whole_number(static_cast<double>(entries)) : std::string("over 2^31")) +
              " entries (at most 2^24)",
          "use fewer parents or smaller domains");
    return false;
  }

  // Builds `m`'s noise and table from a definition with function/table/cpd. For utilities, fills
  // `domain` and `utility` from the values produced.
  void compile_mechanism(int v, const Json& def, Mechanism* m, Domain* domain, std::vector<double>* utility) {
    const Variable& var = scim_.variables[v];
    std::vector<std::string> present;
    for (const char* field : {"function", "table", "cpd"})
      if (def.contains(field)) present.push_back(field);
    if (present.empty()) {
      error("model.missing_definition", def, var.name + " has no structural function",
            "give a \"function\" expression, a \"table\" or (for chance variables) a \"cpd\"");
      return;
    }
    if (present.size() > 1) {
      error("model.conflicting_definition", def, var.name + " is defined twice, by " + join(present, " and "),
            "keep only one");
      return;
    }
    if (present[0] == "cpd") {
      if (utility) {
        error_at_key("model.conflicting_definition", def["cpd"],
                     "utility " + var.name + " cannot have a \"cpd\"",
                     "write its value as a \"function\" of its parents and noise");
        return;
      }
      if (def.contains("noise")) {
        error_at_key("model.conflicting_definition", def["noise"],
                     var.name + " has both \"noise\" and \"cpd\"",
                     "a cpd defines its own noise (docs/format.md); remove \"noise\"");
        return;
      }
      m->definition = Definition::kCpd;
      compile_cpd(var, def["cpd"], domain, m);
      return;
    }
    if (auto noise = def.find("noise"); noise != def.end() && !read_noise(*noise, var, &m->noise)) return;
    if (!table_fits(def, var.name, *m)) return;
    std::vector<double> values;  // utilities: the number of each table entry
    if (present[0] == "function") {
      m->definition = Definition::kFunction;
      compile_function(var, def["function"], *m, domain, utility ? &values : nullptr, &m->table);
    } else {
      m->definition = Definition::kTable;
      compile_table(var, def["table"], *m, domain, utility ? &values : nullptr, &m->table);
    }
    if (utility && !values.empty()) index_utility_values(values, domain, utility, &m->table);
  }

  bool read_noise(const Json& noise, const Variable& var, Noise* out) {
    if (!expect_object(noise, "\"noise\"")) return false;
    if (noise.empty()) {
      error("model.empty_domain", noise, "the noise of " + var.name + " has no outcomes");
      return false;
    }
    Noise n;
    n.outcomes.clear();
    n.probabilities.clear();
    double sum = 0;
    for (const auto& member : noise.items()) {
      auto p = probability(member.value());
      if (!p) return false;
      n.outcomes.push_back(member.key());
      n.probabilities.push_back(*p);
      sum += *p;
    }
    if (!check_sum(sum, noise, "the noise of " + var.name)) return false;
    *out = std::move(n);
    return true;
  }

  // The symbols an expression of `var`'s mechanism may read: its parents, then its noise.
  std::vector<expr::Symbol> symbols_for(const Mechanism& m, bool with_noise) {
    std::vector<expr::Symbol> symbols;
    for (int p : m.parents) symbols.push_back({scim_.variables[p].name, scim_.variables[p].domain});
    if (with_noise) {
      Domain noise;
      for (const std::string& o : m.noise.outcomes) noise.push_back(o);
      symbols.push_back({"noise", noise});
    }
    return symbols;
  }

  std::vector<std::string> non_parent_names(const Mechanism& m, const std::string& self) {
    std::vector<std::string> names;
    for (std::size_t i = 0; i < scim_.variables.size(); ++i)
      if (std::find(m.parents.begin(), m.parents.end(), static_cast<int>(i)) == m.parents.end() &&
          scim_.variables[i].name != self)
        names.push_back(scim_.variables[i].name);
    return names;
  }

  // Decodes configuration `c` of `m` into parent outcome indices.
  void decode(const Mechanism& m, int c, int* indices) {
    for (std::size_t i = m.parents.size(); i-- > 0;) {
      int size = static_cast<int>(scim_.variables[m.parents[i]].domain.size());
      indices[i] = c % size;
      c /= size;
    }
  }

  std::string describe_inputs(const Mechanism& m, const int* indices, bool with_noise) {
    std::vector<std::string> parts;
    for (std::size_t i = 0; i < m.parents.size(); ++i) {
      const Variable& p = scim_.variables[m.parents[i]];
      parts.push_back(p.name + " = " + outcome_text(p.domain[indices[i]]));
    }
    // Trivial noise is an implementation detail the user never wrote: do not mention it.
    if (with_noise && m.noise.size() > 1)
      parts.push_back("noise = '" + m.noise.outcomes[indices[m.parents.size()]] + "'");
    return parts.empty() ? "always" : "when " + join(parts);
  }

  // Compiles an expression and tabulates it over every parent configuration and noise outcome.
  // For chance variables and decision rules entries are outcome indices of `domain`; for utilities
  // (values != nullptr) the numbers go to `values` and are indexed afterwards.
  void compile_function(const Variable& var, const Json& text, const Mechanism& m, Domain* domain,
                        std::vector<double>* values, std::vector<int32_t>* table, bool with_noise = true) {
    if (!text.is_string()) {
      error("model.wrong_type", text,
            "\"function\" must be an expression in a string, not " + json_type_name(text));
      return;
    }
    std::vector<expr::Symbol> symbols = symbols_for(m, with_noise);
    std::vector<expr::Error> errors;
    expr::Expression e = expr::Expression::compile(text.get_ref<const std::string&>(), symbols, &errors,
                                                   non_parent_names(m, var.name));
    for (const expr::Error& err : errors)
      d_->error(err.id, doc_.span_in_string(text, err.begin, err.end), err.message, err.hint);
    if (!e.ok()) return;
    bool numeric = values != nullptr;
    if (numeric && e.type() == ValueType::kLabel) {
      error("expr.type_mismatch", text,
            "the utility " + var.name + " must be a number, but this gives a label");
      return;
    }
    if (!numeric && !domain->empty() && e.type() != type_of(domain->front())) {
      error("expr.type_mismatch", text,
            "this gives a " + std::string(type_name(e.type())) + ", but the outcomes of " + var.name +
                " are " + type_name(type_of(domain->front())) + "s");
      return;
    }
    int noise_size = with_noise ? m.noise.size() : 1;
    std::vector<int> indices(symbols.size() + 1, 0);
    table->assign(static_cast<std::size_t>(m.configurations) * noise_size, 0);
    if (numeric) values->assign(table->size(), 0.0);
    for (int c = 0; c < m.configurations; ++c) {
      decode(m, c, indices.data());
      for (int k = 0; k < noise_size; ++k) {
        indices[m.parents.size()] = k;
        std::size_t entry = static_cast<std::size_t>(c) * noise_size + k;
        Outcome result;
        try {
          result = e.evaluate(indices.data());
        } catch (const std::exception& ex) {
          error("expr.runtime_error", text,
                std::string(ex.what()) + " in the function of " + var.name + " " +
                    describe_inputs(m, indices.data(), with_noise));
          return;
        }
        if (numeric) {
          if (const bool* b = std::get_if<bool>(&result)) (*values)[entry] = *b ? 1.0 : 0.0;
          else (*values)[entry] = std::get<double>(result);
          if (!utility_in_range(
                  (*values)[entry], text,
                  "the function of " + var.name + " " + describe_inputs(m, indices.data(), with_noise)))
            return;
          continue;
        }
        int index = find_outcome(*domain, result);
        if (index < 0) {
          error("expr.value_not_in_domain", text,
                "the function of " + var.name + " gives " + outcome_text(result) + " " +
                    describe_inputs(m, indices.data(), with_noise) + ", which is not in its domain",
                "the outcomes of " + var.name + " are " + domain_text(*domain));
          return;
        }
        (*table)[entry] = index;
      }
    }
  }

  // Whether a utility value is finite and within ±kMaxUtilityMagnitude; reports it at `at` if not.
  // `what` says where it came from ("the function of U when D = 'a'").
  bool utility_in_range(double value, const Json& at, const std::string& what) {
    if (std::isfinite(value) && std::abs(value) <= kMaxUtilityMagnitude) return true;
    error("model.utility_out_of_range", at,
          what + " gives " +
              (std::isnan(value)   ? std::string("a number that is not defined")
               : std::isinf(value) ? std::string("a number too large to represent (it overflows)")
                                   : outcome_text(Outcome(value))) +
              ", beyond the largest utility, 1e200 in magnitude",
          "utilities must be finite numbers of at most 1e200 in magnitude: rescale them");
    return false;
  }

  // Reads the "given" of a table or cpd row into a configuration index (and noise outcome when
  // `noise` is given), or -1 after reporting the problem.
  int read_given(const Variable& var, const Json& row, const Mechanism& m, const Noise* noise,
                 int* noise_index) {
    auto given = row.find("given");
    bool needs_given = !m.parents.empty() || (noise && noise->size() > 1);
    if (given == row.end()) {
      if (needs_given) {
        error("model.missing_field", row, "this row has no \"given\"",
              "name the outcome of each parent" + std::string(noise ? " and of noise" : "") +
                  ": \"given\": {...}");
        return -1;
      }
      return 0;
    }
    if (!expect_object(*given, "\"given\"")) return -1;
    int configuration = 0;
    bool ok = true;
    for (const auto& member : given->items()) {
      if (noise && member.key() == "noise") continue;
      int p = scim_.index_of(member.key());
      auto slot = std::find(m.parents.begin(), m.parents.end(), p);
      if (slot == m.parents.end()) {
        std::vector<std::string> allowed;
        for (int q : m.parents) allowed.push_back(scim_.variables[q].name);
        if (noise) allowed.push_back("noise");
        std::string hint = did_you_mean(member.key(), allowed);
        error_at_key("model.unknown_variable", member.value(),
                     in_quotes(member.key()) + " is not a parent of " + var.name,
                     hint.empty() ? "a row names only " + join(allowed) : hint);
        ok = false;
      }
    }
    for (std::size_t i = 0; i < m.parents.size(); ++i) {
      const Variable& p = scim_.variables[m.parents[i]];
      auto value = given->find(p.name);
      if (value == given->end()) {
        error("model.missing_field", *given,
              "this row does not say which outcome of " + p.name + " it is for");
        ok = false;
        continue;
      }
      int o = outcome_index(p.domain, *value);
      if (o < 0) {
        unknown_outcome(*value, value->is_string() ? value->get<std::string>() : json_text(*value), p,
                        p.domain);
        ok = false;
        continue;
      }
      configuration += o * m.strides[i];
    }
    if (noise) {
      *noise_index = 0;
      if (auto n = given->find("noise"); n != given->end()) {
        auto it = n->is_string()
                      ? std::find(noise->outcomes.begin(), noise->outcomes.end(), n->get<std::string>())
                      : noise->outcomes.end();
        if (it == noise->outcomes.end()) {
          error("model.unknown_outcome", *n, json_text(*n) + " is not an outcome of the noise of " + var.name,
                "the noise outcomes are " + join(noise->outcomes));
          ok = false;
        } else {
          *noise_index = static_cast<int>(it - noise->outcomes.begin());
        }
      } else if (noise->size() > 1) {
        error("model.missing_field", *given, "this row does not say which noise outcome it is for");
        ok = false;
      }
    }
    return ok ? configuration : -1;
  }

  std::string describe_configuration(const Mechanism& m, int c, const std::string& noise_outcome) {
    std::vector<int> indices(m.parents.size() + 1, 0);
    decode(m, c, indices.data());
    std::vector<std::string> parts;
    for (std::size_t i = 0; i < m.parents.size(); ++i) {
      const Variable& p = scim_.variables[m.parents[i]];
      parts.push_back(p.name + " = " + outcome_text(p.domain[indices[i]]));
    }
    if (!noise_outcome.empty()) parts.push_back("noise = '" + noise_outcome + "'");
    return parts.empty() ? "the empty configuration" : join(parts);
  }

  // A deterministic table: one row per parent configuration (and noise outcome).
  void compile_table(const Variable& var, const Json& rows, const Mechanism& m, Domain* domain,
                     std::vector<double>* values, std::vector<int32_t>* table, bool with_noise = true) {
    if (!expect_array(rows, "\"table\"")) return;
    int noise_size = with_noise ? m.noise.size() : 1;
    std::size_t entries = static_cast<std::size_t>(m.configurations) * noise_size;
    table->assign(entries, 0);
    if (values) values->assign(entries, 0.0);
    std::vector<const Json*> seen(entries, nullptr);
    bool ok = true;
    for (const Json& row : rows) {
      if (!expect_object(row, "a table row")) {
        ok = false;
        continue;
      }
      check_fields(row, {"given", "value"}, "a table row");
      int noise_index = 0;
      int c = read_given(var, row, m, with_noise ? &m.noise : nullptr, &noise_index);
      auto value = row.find("value");
      if (value == row.end()) {
        error("model.missing_field", row, "this row has no \"value\"");
        ok = false;
        continue;
      }
      if (c < 0) {
        ok = false;
        continue;
      }
      std::size_t entry = static_cast<std::size_t>(c) * noise_size + noise_index;
      if (seen[entry]) {
        error("model.table_duplicate_row", row,
              "this row repeats the row at line " + std::to_string(doc_.span(*seen[entry]).line),
              "each combination of parent outcomes appears once");
        ok = false;
        continue;
      }
      seen[entry] = &row;
      if (values) {
        if (!value->is_number() && !value->is_boolean()) {
          error("model.wrong_type", *value, "a utility's value is a number, not " + json_type_name(*value));
          ok = false;
          continue;
        }
        (*values)[entry] = value->is_boolean() ? (value->get<bool>() ? 1.0 : 0.0) : value->get<double>();
        if (!utility_in_range((*values)[entry], *value, "this entry of the table of " + var.name)) {
          ok = false;
          continue;
        }
      } else {
        int o = outcome_index(*domain, *value);
        if (o < 0) {
          unknown_outcome(*value, value->is_string() ? value->get<std::string>() : json_text(*value), var,
                          *domain);
          ok = false;
          continue;
        }
        (*table)[entry] = o;
      }
    }
    if (!ok) return;
    for (std::size_t entry = 0; entry < entries; ++entry) {
      if (seen[entry]) continue;
      int c = static_cast<int>(entry / noise_size);
      std::string noise_outcome =
          with_noise && m.noise.size() > 1 ? m.noise.outcomes[entry % noise_size] : "";
      error("model.table_missing_row", rows,
            "the table of " + var.name + " has no row for " + describe_configuration(m, c, noise_outcome),
            "a table has one row for every combination of parent outcomes");
      return;
    }
  }

  // Reads the rows of a cpd into probabilities [configuration * |domain| + outcome].
  bool read_cpd_rows(const Variable& var, const Json& cpd, const Mechanism& m, const Domain& domain,
                     std::vector<double>* probabilities) {
    std::size_t size = domain.size();
    probabilities->assign(static_cast<std::size_t>(m.configurations) * size, 0.0);
    std::vector<const Json*> rows;
    std::vector<const Json*> distributions;
    if (cpd.is_object() && m.parents.empty() && !is_single_row(cpd)) {
      rows.push_back(&cpd);
      distributions.push_back(&cpd);
    } else if (cpd.is_object() && m.parents.empty()) {
      check_fields(cpd, {"given", "p"}, "a cpd row");
      rows.push_back(&cpd);
      distributions.push_back(&cpd["p"]);
    } else if (cpd.is_array()) {
      for (const Json& row : cpd) {
        if (!expect_object(row, "a cpd row")) return false;
        check_fields(row, {"given", "p"}, "a cpd row");
        auto p = row.find("p");
        if (p == row.end()) {
          error("model.missing_field", row, "this row has no \"p\"",
                "give the distribution: \"p\": { \"a\": 0.5, \"b\": 0.5 }");
          return false;
        }
        rows.push_back(&row);
        distributions.push_back(&*p);
      }
    } else {
      error("model.wrong_type", cpd,
            m.parents.empty() ? "\"cpd\" must be a distribution { outcome: probability } or a list of rows"
                              : "\"cpd\" must be a list of rows { \"given\": {...}, \"p\": {...} }");
      return false;
    }
    std::vector<const Json*> seen(m.configurations, nullptr);
    bool ok = true;
    for (std::size_t r = 0; r < rows.size(); ++r) {
      int c = rows[r] == &cpd ? 0 : read_given(var, *rows[r], m, nullptr, nullptr);
      if (c < 0) {
        ok = false;
        continue;
      }
      if (seen[c]) {
        error("model.table_duplicate_row", *rows[r],
              "this row repeats the row at line " + std::to_string(doc_.span(*seen[c]).line),
              "each combination of parent outcomes appears once");
        ok = false;
        continue;
      }
      seen[c] = rows[r];
      const Json& dist = *distributions[r];
      if (!expect_object(dist, "a distribution")) {
        ok = false;
        continue;
      }
      double sum = 0;
      bool row_ok = true;
      for (const auto& member : dist.items()) {
        int o = outcome_index(domain, Json(member.key()));
        if (o < 0) {
          std::string hint = did_you_mean(member.key(), outcome_names(domain));
          error_at_key("model.unknown_outcome", member.value(),
                       in_quotes(member.key()) + " is not an outcome of " + var.name,
                       hint.empty() ? "the outcomes of " + var.name + " are " + domain_text(domain) : hint);
          row_ok = false;
          continue;
        }
        auto p = probability(member.value());
        if (!p) {
          row_ok = false;
          continue;
        }
        (*probabilities)[static_cast<std::size_t>(c) * size + o] = *p;
        sum += *p;
      }
      // A row with a bad entry is reported once, not also as a wrong sum.
      if (!row_ok || !check_sum(sum, dist, "this row of " + var.name)) ok = false;
    }
    if (!ok) return false;
    for (int c = 0; c < m.configurations; ++c) {
      if (seen[c]) continue;
      error("model.table_missing_row", cpd,
            "the cpd of " + var.name + " has no row for " + describe_configuration(m, c, ""),
            "a cpd has one row for every combination of parent outcomes");
      return false;
    }
    return true;
  }

  // The inverse-CDF construction with shared cut points (docs/format.md).
  void compile_cpd(const Variable& var, const Json& cpd, Domain* domain, Mechanism* m) {
    if (!table_fits(cpd, var.name, *m)) return;
    std::vector<double> probabilities;
    if (!read_cpd_rows(var, cpd, *m, *domain, &probabilities)) return;
    std::size_t size = domain->size();
    std::vector<double> cuts = {0.0, 1.0};
    for (int c = 0; c < m->configurations; ++c) {
      double cumulative = 0;
      for (std::size_t o = 0; o + 1 < size; ++o) {
        cumulative += probabilities[c * size + o];
        if (cumulative > kCutTolerance && cumulative < 1 - kCutTolerance) cuts.push_back(cumulative);
      }
    }
    std::sort(cuts.begin(), cuts.end());
    std::vector<double> merged;
    for (double cut : cuts)
      if (merged.empty() || cut - merged.back() > kCutTolerance) merged.push_back(cut);
    merged.back() = 1.0;
    Noise noise;
    noise.outcomes.clear();
    noise.probabilities.clear();
    for (std::size_t k = 0; k + 1 < merged.size(); ++k) {
      noise.outcomes.push_back("u" + std::to_string(k));
      noise.probabilities.push_back(merged[k + 1] - merged[k]);
    }
    m->noise = noise;
    if (!table_fits(cpd, var.name, *m)) return;
    int pieces = noise.size();
    m->table.assign(static_cast<std::size_t>(m->configurations) * pieces, 0);
    for (int c = 0; c < m->configurations; ++c) {
      for (int k = 0; k < pieces; ++k) {
        double middle = (merged[k] + merged[k + 1]) / 2;
        double cumulative = 0;
        std::size_t o = 0;
        for (; o + 1 < size; ++o) {
          cumulative += probabilities[c * size + o];
          if (middle < cumulative) break;
        }
        while (o > 0 && probabilities[c * size + o] == 0) --o;  // never an impossible outcome
        m->table[static_cast<std::size_t>(c) * pieces + k] = static_cast<int32_t>(o);
      }
    }
  }

  void index_utility_values(const std::vector<double>& values, Domain* domain, std::vector<double>* utility,
                            std::vector<int32_t>* table) {
    std::vector<double> distinct = values;
    std::sort(distinct.begin(), distinct.end());
    distinct.erase(std::unique(distinct.begin(), distinct.end(),
                               [](double a, double b) { return same_outcome(Outcome(a), Outcome(b)); }),
                   distinct.end());
    domain->clear();
    for (double x : distinct) domain->push_back(Outcome(x));
    *utility = distinct;
    for (std::size_t i = 0; i < values.size(); ++i)
      (*table)[i] =
          static_cast<int32_t>(std::lower_bound(distinct.begin(), distinct.end(),
                                                values[i] - 1e-9 * std::max(1.0, std::abs(values[i]))) -
                               distinct.begin());
  }

  void finish_structure() {
    for (int v : scim_.order) {
      const Variable& var = scim_.variables[v];
      if (var.type == VariableType::kDecision) scim_.decisions.push_back(v);
    }
    for (std::size_t v = 0; v < scim_.variables.size(); ++v) {
      const Variable& var = scim_.variables[v];
      if (var.type == VariableType::kUtility) scim_.utilities.push_back(static_cast<int>(v));
      if (var.mechanism.noise.size() > 1) scim_.noisy.push_back(static_cast<int>(v));
    }
  }

  // ---- policies --------------------------------------------------------------------------------

  void read_policies(const Json& policies) {
    if (!expect_object(policies, "\"policies\"")) return;
    for (const auto& member : policies.items()) {
      const Json& def = member.value();
      if (!check_name(member.key(), def, "policy") || !expect_object(def, "a policy")) continue;
      Policy policy;
      policy.name = member.key();
      std::vector<std::string> decision_names;
      for (int d : scim_.decisions) decision_names.push_back(scim_.variables[d].name);
      for (const auto& rule : def.items()) {
        int v = scim_.index_of(rule.key());
        if (v < 0 || scim_.variables[v].type != VariableType::kDecision) {
          std::string hint = did_you_mean(rule.key(), decision_names);
          error_at_key("model.policy_unknown_decision", rule.value(),
                       in_quotes(rule.key()) + " is not a decision of this model",
                       hint.empty() ? "the decisions are " + join(decision_names) : hint);
        }
      }
      bool ok = true;
      for (int d : scim_.decisions) {
        const Variable& var = scim_.variables[d];
        auto rule = def.find(var.name);
        if (rule == def.end()) {
          error("model.policy_missing_decision", def,
                "policy " + in_quotes(policy.name) + " gives no rule for decision " + var.name,
                "add \"" + var.name + "\": <expression over " + var.name + "'s parents>");
          ok = false;
          continue;
        }
        DecisionRule r;
        if (!read_rule(var, *rule, &r)) ok = false;
        policy.rules.push_back(std::move(r));
      }
      if (ok && def.size() == scim_.decisions.size()) scim_.policies.push_back(std::move(policy));
    }
  }

  bool read_rule(const Variable& var, const Json& rule, DecisionRule* out) {
    std::size_t before = d_->count();
    const Mechanism& m = var.mechanism;
    Domain domain = var.domain;
    if (rule.is_string()) {
      compile_function(var, rule, m, &domain, nullptr, &out->action, false);
    } else if (rule.is_object() && rule.contains("table") && rule.size() == 1) {
      compile_table(var, rule["table"], m, &domain, nullptr, &out->action, false);
    } else if (rule.is_object() && rule.contains("cpd") && rule.size() == 1) {
      out->deterministic = false;
      read_cpd_rows(var, rule["cpd"], m, domain, &out->probabilities);
    } else {
      error("model.wrong_type", rule,
            "a decision rule is an expression, {\"table\": [...]} or {\"cpd\": ...}");
    }
    return d_->count() == before;
  }

  // ---- interventions ---------------------------------------------------------------------------

  void read_interventions(const Json& interventions) {
    if (!expect_object(interventions, "\"interventions\"")) return;
    for (const auto& member : interventions.items()) {
      const Json& def = member.value();
      if (!check_name(member.key(), def, "intervention") || !expect_object(def, "an intervention")) continue;
      Intervention intervention;
      intervention.name = member.key();
      std::size_t before = d_->count();
      for (const auto& target : def.items()) {
        int v = scim_.index_of(target.key());
        if (v < 0) {
          std::vector<std::string> all;
          for (const Variable& other : scim_.variables) all.push_back(other.name);
          std::string hint = did_you_mean(target.key(), all);
          error_at_key("model.unknown_variable", target.value(),
                       "intervention " + in_quotes(intervention.name) + " names " + in_quotes(target.key()) +
                           ", which is not a variable",
                       hint);
          continue;
        }
        Mechanism mechanism;
        if (read_intervened_mechanism(v, target.value(), &mechanism))
          intervention.mechanisms.emplace_back(v, std::move(mechanism));
      }
      if (d_->count() != before) continue;
      if (!check_intervention_acyclic(intervention, def)) continue;
      scim_.interventions.push_back(std::move(intervention));
    }
  }

  // ---- observed behaviour ----------------------------------------------------------------------

  const Json* string_field(const Json& object, const char* field, bool required, const std::string& what) {
    auto f = object.find(field);
    if (f == object.end()) {
      if (required)
        error("model.missing_field", object, what + " has no " + in_quotes(field),
              "add " + in_quotes(field) + ": \"...\"");
      return nullptr;
    }
    if (!f->is_string()) {
      error("model.wrong_type", *f, in_quotes(field) + " must be a string");
      return nullptr;
    }
    return &*f;
  }

  void read_behaviour(const Json& def) {
    if (!expect_object(def, "\"behaviour\"")) return;
    check_fields(def, {"baseline", "policy", "observations"}, "\"behaviour\"");
    ObservedBehaviour& out = scim_.behaviour;
    out.present = true;
    out.span = doc_.span(def);
    if (const Json* baseline = string_field(def, "baseline", true, "\"behaviour\"")) out.baseline = *baseline;
    if (const Json* policy = string_field(def, "policy", false, "\"behaviour\"")) {
      out.policy = *policy;
      if (!scim_.find_policy(out.policy)) {
        std::vector<std::string> names;
        for (const Policy& p : scim_.policies) names.push_back(p.name);
        std::string hint = did_you_mean(out.policy, names);
        error("model.unknown_policy", *policy, "the model has no policy " + in_quotes(out.policy),
              hint.empty() ? (names.empty() ? "add it under \"policies\"" : "the policies are " + join(names))
                           : hint);
      }
    }
    auto observations = def.find("observations");
    if (observations == def.end()) return;
    if (!expect_object(*observations, "\"observations\"")) return;
    for (const auto& member : observations->items()) {
      const Json& obs = member.value();
      if (!check_name(member.key(), obs, "observation") || !expect_object(obs, "an observation")) continue;
      check_fields(obs, {"fix", "behaviour", "adapts", "note"}, "an observation");
      Observation o;
      o.name = member.key();
      o.span = doc_.span(obs);
      std::string what = "observation " + in_quotes(o.name);
      if (const Json* b = string_field(obs, "behaviour", true, what)) o.behaviour = *b;
      if (const Json* n = string_field(obs, "note", false, what)) o.note = *n;
      if (auto adapts = obs.find("adapts"); adapts == obs.end()) {
        error("model.missing_field", obs, what + " does not say whether the agent adapts",
              "add \"adapts\": true if the behaviour changed under the intervention, false if not");
      } else if (!adapts->is_boolean()) {
        error("model.wrong_type", *adapts, "\"adapts\" must be true or false");
      } else {
        o.adapts = adapts->get<bool>();
      }
      auto fix = obs.find("fix");
      if (fix == obs.end()) {
        error(
            "model.missing_field", obs, what + " fixes no variable",
            "add \"fix\": { \"X\": <an outcome of X> }: the intervention under which the behaviour was seen");
        continue;
      }
      if (!expect_object(*fix, "\"fix\"")) continue;
      if (fix->empty()) error("model.wrong_type", *fix, "\"fix\" must fix at least one variable");
      for (const auto& target : fix->items()) {
        int v = scim_.index_of(target.key());
        if (v < 0) {
          std::vector<std::string> all;
          for (const Variable& other : scim_.variables) all.push_back(other.name);
          error_at_key("model.unknown_variable", target.value(),
                       what + " fixes " + in_quotes(target.key()) + ", which is not a variable",
                       did_you_mean(target.key(), all));
          continue;
        }
        const Variable& var = scim_.variables[v];
        if (var.type != VariableType::kChance) {
          error_at_key("model.wrong_type", target.value(),
                       what + " fixes " + var.name + ", which is not a chance variable",
                       "Def. 20 intervenes on outcomes: fix chance variables");
          continue;
        }
        int index = outcome_index(var.domain, target.value());
        if (index < 0) {
          const Json& value = target.value();
          unknown_outcome(value, value.is_string() ? value.get<std::string>() : json_text(value), var,
                          var.domain);
          continue;
        }
        o.fix.emplace_back(v, index);
      }
      std::sort(o.fix.begin(), o.fix.end());
      out.observations.push_back(std::move(o));
    }
  }

  bool read_intervened_mechanism(int v, const Json& def, Mechanism* m) {
    Variable& var = scim_.variables[v];
    if (!expect_object(def, "an intervention on " + var.name)) return false;
    if (auto value = def.find("value"); value != def.end()) {
      check_fields(def, {"value"}, "a hard intervention");
      if (var.type == VariableType::kUtility) {
        if (!value->is_number()) {
          error("model.wrong_type", *value, "a utility is fixed to a number");
          return false;
        }
        if (!utility_in_range(value->get<double>(), *value, "this intervention on " + var.name)) return false;
        // Utilities are fixed to a number, possibly a new one: extend the domain.
        Outcome o(value->get<double>());
        int index = find_outcome(var.domain, o);
        if (index < 0) {
          var.domain.push_back(o);
          var.utility.push_back(value->get<double>());
          index = static_cast<int>(var.domain.size()) - 1;
        }
        m->definition = Definition::kValue;
        m->table = {index};
        return true;
      }
      int o = outcome_index(var.domain, *value);
      if (o < 0) {
        unknown_outcome(*value, value->is_string() ? value->get<std::string>() : json_text(*value), var,
                        var.domain);
        return false;
      }
      m->definition = Definition::kValue;
      m->table = {o};
      return true;
    }
    if (var.type == VariableType::kDecision) {
      error("model.bad_intervention", def, "decision " + var.name + " can only be fixed: {\"value\": ...}",
            "to change how the agent decides, write a policy");
      return false;
    }
    check_fields(def, {"parents", "noise", "function", "table", "cpd"}, "a soft intervention");
    Variable replaced = var;
    replaced.mechanism = Mechanism();
    if (auto parents = def.find("parents"); parents != def.end()) {
      std::swap(scim_.variables[v], replaced);
      read_parent_names(v, *parents);
      std::swap(scim_.variables[v], replaced);
    } else {
      replaced.mechanism.parents = var.mechanism.parents;
    }
    compute_strides(scim_.variables, &replaced.mechanism);
    Domain domain = var.domain;
    std::vector<double> utility;
    std::size_t before = d_->count();
    compile_mechanism(v, def, &replaced.mechanism, &domain,
                      var.type == VariableType::kUtility ? &utility : nullptr);
    if (d_->count() != before) return false;
    if (var.type == VariableType::kUtility) {
      // Map the new values into the variable's domain, extending it where needed.
      for (int32_t& entry : replaced.mechanism.table) {
        Outcome o(utility[entry]);
        int index = find_outcome(var.domain, o);
        if (index < 0) {
          var.domain.push_back(o);
          var.utility.push_back(utility[entry]);
          index = static_cast<int>(var.domain.size()) - 1;
        }
        entry = index;
      }
    }
    *m = std::move(replaced.mechanism);
    return true;
  }

  bool check_intervention_acyclic(const Intervention& intervention, const Json& def) {
    std::vector<std::vector<int>> parents;
    for (const Variable& v : scim_.variables) parents.push_back(v.mechanism.parents);
    for (const auto& [v, m] : intervention.mechanisms) parents[v] = m.parents;
    std::vector<int> cycle = Graph(parents).find_cycle();
    if (cycle.empty()) return true;
    std::vector<std::string> names;
    for (int v : cycle) names.push_back(scim_.variables[v].name);
    names.push_back(names.front());
    error("model.intervention_cycle", def,
          "intervention " + in_quotes(intervention.name) + " makes a cycle: " + join(names, " -> "));
    return false;
  }

  Scim scim_;
  std::vector<Declaration> declarations_;
};

}  // namespace

std::optional<ScimFile> read_scim_file(std::string_view text, Diagnostics* diagnostics) {
  // Counted from the start: a duplicate key is reported while parsing and makes the file invalid.
  std::size_t before = diagnostics->count();
  std::shared_ptr<const SourceJson> parsed = SourceJson::parse_shared(text, diagnostics);
  if (!parsed) return std::nullopt;
  const SourceJson& doc = *parsed;
  const Json& root = doc.root();
  if (!root.is_object()) {
    diagnostics->error("model.wrong_type", doc.span(root),
                       "a model file is a JSON object, not " + json_type_name(root),
                       "start with { \"kind\": \"scim\", ... }");
    return std::nullopt;
  }
  auto kind = root.find("kind");
  if (kind == root.end()) {
    diagnostics->error("model.missing_field", doc.span(root), "the model has no \"kind\"",
                       "add \"kind\": \"scim\"");
    return std::nullopt;
  }
  if (!kind->is_string() || kind->get<std::string>() != "scim") {
    diagnostics->error("model.unknown_kind", doc.span(*kind), "unknown model kind " + json_text(*kind),
                       "this reader reads \"kind\": \"scim\"");
    return std::nullopt;
  }
  ScimFile file;
  for (const char* field : {"title", "description", "source"}) {
    auto f = root.find(field);
    if (f == root.end()) continue;
    if (!f->is_string()) {
      diagnostics->error("model.wrong_type", doc.span(*f), std::string("\"") + field + "\" must be a string");
      continue;
    }
    std::string value = f->get<std::string>();
    if (std::string(field) == "title") file.title = value;
    else if (std::string(field) == "description") file.description = value;
    else file.source = value;
  }
  if (auto models = root.find("models"); models != root.end()) {
    for (const char* field : {"variables", "policies", "interventions", "behaviour"})
      if (root.contains(field))
        diagnostics->error(
            "model.conflicting_definition", doc.key_span(root[field]),
            std::string("\"") + field + "\" belongs inside each of \"models\" when a file has several",
            "move it into one of the models");
    if (!models->is_object() || models->empty()) {
      diagnostics->error("model.wrong_type", doc.span(*models),
                         "\"models\" must be an object of named models");
      return std::nullopt;
    }
    for (const auto& member : models->items()) {
      if (!expr::is_identifier(member.key())) {
        diagnostics->error("model.invalid_name", doc.key_span(member.value()),
                           "\"" + member.key() + "\" is not a valid model name");
        continue;
      }
      if (!member.value().is_object()) {
        diagnostics->error("model.wrong_type", doc.span(member.value()), "a model is an object");
        continue;
      }
      auto scim = ModelReader(doc, diagnostics).read(member.key(), member.value());
      if (scim) file.models.push_back(std::move(*scim));
    }
  } else {
    auto scim = ModelReader(doc, diagnostics).read("main", root);
    if (scim) file.models.push_back(std::move(*scim));
  }
  if (diagnostics->count() != before || file.models.empty()) return std::nullopt;
  return file;
}

std::vector<std::string> ScimFile::model_names() const {
  std::vector<std::string> names;
  for (const Scim& m : models) names.push_back(m.name);
  return names;
}

const Scim& ScimFile::model(std::string_view name) const {
  for (const Scim& m : models)
    if (m.name == name) return m;
  return models.front();
}

}  // namespace motive::scim

#include "formats/network.h"

#include <cmath>
#include <map>

#include "core/text.h"
#include "formats/source.h"
#include "scim/model.h"

namespace motive::formats {
namespace {

// Rows whose probabilities add up to within this of 1 are rounding in the file and are normalised
// (with a note); further off, the table is wrong.
constexpr double kNormaliseTolerance = 0.01;
// The SCIM format's own tolerance: rows this close to 1 are kept as written.
constexpr double kExactTolerance = 1e-9;

const char* type_name(NodeType type) {
  return type == NodeType::kChance ? "chance" : type == NodeType::kDecision ? "decision" : "utility";
}

class Builder {
 public:
  Builder(const Network& net, std::string format, Diagnostics* d)
      : net_(net), format_(std::move(format)), d_(d) {}

  std::optional<Imported> build() {
    const std::size_t before = d_->count();
    if (net_.variables.size() > kMaxNetworkVariables) {
      d_->error("import.too_large", net_.variables[kMaxNetworkVariables].span,
                "the network has more than " + std::to_string(kMaxNetworkVariables) + " variables");
      return std::nullopt;
    }
    if (net_.variables.empty()) {
      d_->error("import.bad_table", {1, 1, 1, 2}, "the " + format_ + " file declares no variable",
                "a network declares its variables, each with its outcomes");
      return std::nullopt;
    }
    index_variables();
    resolve_parents();
    if (d_->count() > before) return std::nullopt;
    for (std::size_t v = 0; v < net_.variables.size(); ++v) check_table(static_cast<int>(v));
    if (d_->count() > before) return std::nullopt;
    if (!acyclic()) return std::nullopt;
    return write();
  }

 private:
  void index_variables() {
    for (std::size_t v = 0; v < net_.variables.size(); ++v) {
      const NetVariable& var = net_.variables[v];
      if (!index_.emplace(var.name, static_cast<int>(v)).second) {
        d_->error("import.duplicate", var.span, "variable " + in_quotes(var.name) + " is declared twice",
                  "give each variable one declaration");
        continue;
      }
      names_.push_back(var.name);
      if (var.type != NodeType::kUtility && var.outcomes.empty())
        d_->error("import.bad_table", var.span, "variable " + in_quotes(var.name) + " has no outcomes",
                  "list the values it can take");
      if (var.outcomes.size() > kMaxOutcomes)
        d_->error("import.too_large", var.outcome_spans[kMaxOutcomes],
                  "variable " + in_quotes(var.name) + " has more than " + std::to_string(kMaxOutcomes) +
                      " outcomes");
      std::map<std::string, int> seen;
      for (std::size_t k = 0; k < var.outcomes.size(); ++k)
        if (!seen.emplace(var.outcomes[k], 0).second)
          d_->error(
              "import.duplicate", var.outcome_spans[k],
              "variable " + in_quotes(var.name) + " lists outcome " + in_quotes(var.outcomes[k]) + " twice");
    }
  }

  void resolve_parents() {
    parents_.assign(net_.variables.size(), {});
    for (std::size_t v = 0; v < net_.variables.size(); ++v) {
      const NetVariable& var = net_.variables[v];
      if (!var.defined) {
        if (var.type != NodeType::kDecision)
          d_->error("import.undefined", var.span,
                    type_name(var.type) + std::string(" variable ") + in_quotes(var.name) + " has no table",
                    format_ == "BIF" ? "add a block probability ( " + var.name + " | ... ) { ... }"
                                     : "add a <DEFINITION> with <FOR>" + var.name + "</FOR>");
        continue;
      }
      for (std::size_t i = 0; i < var.parents.size(); ++i) {
        const std::string& name = var.parents[i];
        auto it = index_.find(name);
        if (it == index_.end()) {
          std::string hint = did_you_mean(name, names_);
          d_->error("import.undefined", var.parent_spans[i],
                    in_quotes(var.name) + " is given " + in_quotes(name) + ", which is not declared",
                    hint.empty() ? "declare every variable before it is used" : hint);
          continue;
        }
        if (std::find(parents_[v].begin(), parents_[v].end(), it->second) != parents_[v].end()) {
          d_->error("import.duplicate", var.parent_spans[i],
                    in_quotes(var.name) + " is given " + in_quotes(name) + " twice");
          continue;
        }
        if (it->second == static_cast<int>(v)) {
          d_->error("import.cycle", var.parent_spans[i], in_quotes(var.name) + " is given itself");
          continue;
        }
        if (net_.variables[static_cast<std::size_t>(it->second)].type == NodeType::kUtility) {
          d_->error("import.unsupported", var.parent_spans[i],
                    in_quotes(var.name) + " is given the utility " + in_quotes(name),
                    "in an influence diagram nothing depends on a utility");
          continue;
        }
        parents_[v].push_back(it->second);
      }
    }
  }

  // The number of combinations of v's parents' outcomes, or 0 past kMaxTableEntries.
  std::size_t combinations(int v) const {
    std::size_t count = 1;
    for (int p : parents_[static_cast<std::size_t>(v)]) {
      count *= std::max<std::size_t>(1, net_.variables[static_cast<std::size_t>(p)].outcomes.size());
      if (count > kMaxTableEntries) return 0;
    }
    return count;
  }

  // "(A = a, B = b)": a combination of v's parents' outcomes, for messages.
  std::string combination_text(int v, std::size_t row) const {
    const std::vector<int>& ps = parents_[static_cast<std::size_t>(v)];
    if (ps.empty()) return "";
    std::vector<std::string> parts(ps.size());
    for (std::size_t i = ps.size(); i-- > 0;) {
      const NetVariable& p = net_.variables[static_cast<std::size_t>(ps[i])];
      // A parent without outcomes (a utility) is reported by the checks; name no outcome.
      const std::size_t k = std::max<std::size_t>(1, p.outcomes.size());
      parts[i] = p.name + " = " + (p.outcomes.empty() ? std::string("?") : p.outcomes[row % k]);
      row /= k;
    }
    return " given " + join(parts);
  }

  void check_table(int v) {
    const NetVariable& var = net_.variables[static_cast<std::size_t>(v)];
    if (!var.defined || var.type == NodeType::kDecision) return;
    const std::size_t rows = combinations(v);
    const std::size_t width = var.type == NodeType::kChance ? var.outcomes.size() : 1;
    if (rows == 0 || rows * width > kMaxTableEntries) {
      d_->error("import.too_large", var.definition_span,
                "the table of " + in_quotes(var.name) + " would have more than " +
                    std::to_string(kMaxTableEntries) + " entries",
                "give it fewer or smaller parents");
      return;
    }
    if (!var.has_values || var.values.size() != rows * width) {
      std::string need = std::to_string(rows * width);
      std::string product;
      for (int p : parents_[static_cast<std::size_t>(v)])
        product += std::to_string(net_.variables[static_cast<std::size_t>(p)].outcomes.size()) + " × ";
      if (!product.empty()) need += " (" + product + std::to_string(width) + ")";
      d_->error("import.bad_table", var.definition_span,
                "the table of " + in_quotes(var.name) + " has " + std::to_string(var.values.size()) +
                    " numbers; it needs " + need,
                var.type == NodeType::kChance
                    ? "one probability per outcome for every combination of its parents' outcomes"
                    : "one value for every combination of its parents' outcomes");
      return;
    }
    std::vector<double>& table = tables_[v];
    table = var.values;
    if (var.type == NodeType::kUtility) {
      for (std::size_t r = 0; r < rows; ++r)
        if (std::abs(var.values[r]) > scim::kMaxUtilityMagnitude)
          d_->error(
              "import.bad_number", span_of_row(var, r),
              "utility " + in_quotes(var.name) + combination_text(v, r) + " is beyond 1e200 in magnitude",
              "rescale the utilities");
      return;
    }
    int changed = 0;
    double worst = 0;
    SourceSpan first_changed;
    for (std::size_t r = 0; r < rows; ++r) {
      double sum = 0;
      bool negative = false;
      for (std::size_t k = 0; k < width; ++k) {
        const double p = var.values[r * width + k];
        if (p < 0) negative = true;
        sum += p;
      }
      if (negative) {
        d_->error("import.bad_probability", span_of_row(var, r),
                  "a probability of " + in_quotes(var.name) + combination_text(v, r) + " is negative");
        continue;
      }
      if (std::abs(sum - 1) <= kExactTolerance) continue;
      if (sum > 0 && std::abs(sum - 1) <= kNormaliseTolerance) {
        for (std::size_t k = 0; k < width; ++k) table[r * width + k] /= sum;
        if (changed++ == 0) first_changed = span_of_row(var, r);
        worst = std::max(worst, std::abs(sum - 1));
        continue;
      }
      d_->error("import.bad_probability", span_of_row(var, r),
                "the probabilities of " + in_quotes(var.name) + combination_text(v, r) + " add up to " +
                    number_text(sum) + ", not 1",
                "each row of a probability table sums to 1");
    }
    if (changed > 0)
      notes_.push_back(std::to_string(changed) + " row" + (changed == 1 ? "" : "s") + " of the table of " +
                       in_quotes(var.name) + " (from line " + std::to_string(first_changed.line) +
                       ") did not add up to 1 (off by up to " + number_text(worst) + ") and were normalised");
  }

  SourceSpan span_of_row(const NetVariable& var, std::size_t row) const {
    return row < var.row_spans.size() ? var.row_spans[row] : var.definition_span;
  }

  static std::string number_text(double x) { return json_text(OrderedJson(x)); }

  // Kahn's algorithm; on a cycle, names one (walking parents among the variables left).
  bool acyclic() {
    const std::size_t n = net_.variables.size();
    std::vector<int> waiting(n, 0);
    std::vector<std::vector<int>> children(n);
    for (std::size_t v = 0; v < n; ++v)
      for (int p : parents_[v]) {
        children[static_cast<std::size_t>(p)].push_back(static_cast<int>(v));
        ++waiting[v];
      }
    std::vector<int> ready;
    for (std::size_t v = 0; v < n; ++v)
      if (waiting[v] == 0) ready.push_back(static_cast<int>(v));
    std::size_t done = 0;
    while (!ready.empty()) {
      const int v = ready.back();
      ready.pop_back();
      ++done;
      for (int c : children[static_cast<std::size_t>(v)])
        if (--waiting[static_cast<std::size_t>(c)] == 0) ready.push_back(c);
    }
    if (done == n) return true;
    // Every variable left has a parent left: walk back until a variable repeats.
    std::size_t start = 0;
    while (waiting[start] == 0) ++start;
    std::vector<int> seen_at(n, -1), path;
    int v = static_cast<int>(start);
    while (seen_at[static_cast<std::size_t>(v)] < 0) {
      seen_at[static_cast<std::size_t>(v)] = static_cast<int>(path.size());
      path.push_back(v);
      for (int p : parents_[static_cast<std::size_t>(v)])
        if (waiting[static_cast<std::size_t>(p)] > 0) {
          v = p;
          break;
        }
    }
    std::vector<std::string> cycle;
    for (std::size_t i = static_cast<std::size_t>(seen_at[static_cast<std::size_t>(v)]); i < path.size(); ++i)
      cycle.push_back(net_.variables[static_cast<std::size_t>(path[i])].name);
    std::reverse(cycle.begin(), cycle.end());
    cycle.push_back(cycle.front());
    const NetVariable& at = net_.variables[static_cast<std::size_t>(v)];
    d_->error("import.cycle", at.defined ? at.definition_span : at.span,
              "the network has a cycle: " + join(cycle, " -> "), "a network's graph is acyclic");
    return false;
  }

  std::optional<Imported> write() {
    Identifiers ids("variable");
    for (const NetVariable& var : net_.variables) ids.make(var.name, &notes_);
    OrderedJson variables = OrderedJson::object();
    for (std::size_t v = 0; v < net_.variables.size(); ++v) {
      const NetVariable& var = net_.variables[v];
      OrderedJson def = {{"type", type_name(var.type)}};
      std::vector<std::string> parent_ids;
      for (int p : parents_[v])
        parent_ids.push_back(ids.find(net_.variables[static_cast<std::size_t>(p)].name));
      if (!parent_ids.empty()) def["parents"] = parent_ids;
      if (var.type != NodeType::kUtility) def["domain"] = var.outcomes;
      if (var.type == NodeType::kChance) def["cpd"] = cpd(static_cast<int>(v), parent_ids);
      if (var.type == NodeType::kUtility) {
        const std::vector<double>& values = tables_.at(static_cast<int>(v));
        if (parent_ids.empty()) def["function"] = json_text(OrderedJson(values.front()));
        else def["table"] = utility_rows(static_cast<int>(v), parent_ids, values);
      }
      if (var.type == NodeType::kDecision && var.has_values)
        notes_.push_back("the table given for decision " + in_quotes(var.name) +
                         " was not read: a decision's rule is the agent's, chosen by the analyses");
      variables[ids.find(var.name)] = std::move(def);
    }
    OrderedJson model = {{"kind", "scim"}};
    model["title"] = net_.name.empty() ? "Imported network" : net_.name;
    model["source"] = "imported from " + format_ + " by motive import";
    model["variables"] = std::move(variables);
    Imported out;
    for (const NetVariable& var : net_.variables)
      out.origins.push_back({"variable", ids.find(var.name), "", var.span});
    out.kind = "scim";
    out.model = model_text(model, "Imported from " + format_ + " by motive import (docs/formats.md).");
    out.notes = std::move(notes_);
    return out;
  }

  // The parents' outcomes of combination `row`, as a "given" object.
  OrderedJson given(int v, const std::vector<std::string>& parent_ids, std::size_t row) const {
    const std::vector<int>& ps = parents_[static_cast<std::size_t>(v)];
    std::vector<std::string> outcomes(ps.size());
    for (std::size_t i = ps.size(); i-- > 0;) {
      const NetVariable& p = net_.variables[static_cast<std::size_t>(ps[i])];
      const std::size_t k = std::max<std::size_t>(1, p.outcomes.size());
      outcomes[i] = p.outcomes.empty() ? std::string("?") : p.outcomes[row % k];
      row /= k;
    }
    OrderedJson out = OrderedJson::object();
    for (std::size_t i = 0; i < ps.size(); ++i) out[parent_ids[i]] = outcomes[i];
    return out;
  }

  OrderedJson cpd(int v, const std::vector<std::string>& parent_ids) const {
    const NetVariable& var = net_.variables[static_cast<std::size_t>(v)];
    const std::vector<double>& values = tables_.at(v);
    const std::size_t width = var.outcomes.size();
    auto distribution = [&](std::size_t row) {
      OrderedJson p = OrderedJson::object();
      for (std::size_t k = 0; k < width; ++k) p[var.outcomes[k]] = values[row * width + k];
      return p;
    };
    if (parent_ids.empty()) {
      // An outcome named "p" with an object would read as a row; numbers never do (docs/format.md).
      return distribution(0);
    }
    OrderedJson rows = OrderedJson::array();
    const std::size_t count = values.size() / width;
    for (std::size_t r = 0; r < count; ++r)
      rows.push_back({{"given", given(v, parent_ids, r)}, {"p", distribution(r)}});
    return rows;
  }

  OrderedJson utility_rows(int v, const std::vector<std::string>& parent_ids,
                           const std::vector<double>& values) const {
    OrderedJson rows = OrderedJson::array();
    for (std::size_t r = 0; r < values.size(); ++r)
      rows.push_back({{"given", given(v, parent_ids, r)}, {"value", values[r]}});
    return rows;
  }

  const Network& net_;
  std::string format_;
  Diagnostics* d_;
  std::map<std::string, int> index_;
  std::vector<std::string> names_;
  std::vector<std::vector<int>> parents_;
  std::map<int, std::vector<double>> tables_;
  std::vector<std::string> notes_;
};

}  // namespace

std::optional<Imported> network_model(const Network& network, const std::string& format,
                                      Diagnostics* diagnostics) {
  return Builder(network, format, diagnostics).build();
}

}  // namespace motive::formats

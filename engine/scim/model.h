// Structural causal influence models (SCIMs, Ward et al. 2024, Def. 10) in compiled form.
//
// Every structural function is kept as a flat table of outcome indices, indexed by the parents'
// configuration and the variable's own noise outcome, so evaluating a setting is a few table lookups
// per variable and never allocates. Models are built from text by read_scim_file (reader.h).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/diagnostics.h"
#include "scim/outcome.h"

namespace motive::scim {

enum class VariableType { kChance, kDecision, kUtility };
const char* variable_type_name(VariableType t);

// How a variable's mechanism was written, so explanations can say so.
enum class Definition { kFunction, kTable, kCpd, kValue, kDecision };
const char* definition_name(Definition d);

// The exogenous variable E^V of one endogenous variable. Trivial noise has one outcome.
struct Noise {
  std::vector<std::string> outcomes = {"_"};
  std::vector<double> probabilities = {1.0};
  int size() const { return static_cast<int>(outcomes.size()); }
};

// A variable's mechanism: its parents, noise and structural function as a table. Decisions have a
// mechanism with no table: their value comes from a policy.
struct Mechanism {
  std::vector<int> parents;  // variable indices
  std::vector<int> strides;  // configuration index = sum of parent outcome * stride
  int configurations = 1;    // product of the parents' domain sizes
  Noise noise;
  std::vector<int32_t> table;  // outcome index at [configuration * noise.size() + noise outcome]
  Definition definition = Definition::kDecision;

  // The configuration of the parents' outcome indices values[parent]: every setting's evaluation asks
  // it. It walks pointers: Emscripten turns LLVM's loop strength reduction off, and under WebAssembly
  // the indexed loop recomputed two addresses per parent.
  int configuration(const int32_t* values) const {
    return configuration_of(parents.data(), parents.data() + parents.size(), strides.data(), values);
  }
  // The same from the parents [parent, end) and their strides.
  static int configuration_of(const int* parent, const int* end, const int* stride, const int32_t* values) {
    int c = 0;
    for (; parent != end; ++parent, ++stride) c += values[*parent] * *stride;
    return c;
  }
};

struct Variable {
  std::string name;
  VariableType type = VariableType::kChance;
  Domain domain;                // for utilities: the values the function can produce
  std::vector<double> utility;  // utilities only: the number each outcome stands for
  Mechanism mechanism;
  std::optional<std::array<double, 2>> position;
  SourceSpan span;  // of the variable's name in the file
};

// A decision rule: for each configuration of the decision's parents, a distribution over its
// domain. Deterministic rules put all mass on one action.
struct DecisionRule {
  bool deterministic = true;
  std::vector<int32_t> action;        // deterministic: the action per configuration
  std::vector<double> probabilities;  // stochastic: [configuration * |domain| + action]
};

// A policy: one rule per decision, in the order of Scim::decisions.
struct Policy {
  std::string name;
  std::vector<DecisionRule> rules;
  bool deterministic() const;
};

// A named intervention from the file: new mechanisms for some variables. A hard intervention is a
// mechanism with no parents whose table holds one outcome.
struct Intervention {
  std::string name;
  std::vector<std::pair<int, Mechanism>> mechanisms;
};

// What an agent was seen to do (the observed-behaviour oracle of Def. 20): its behaviour in the model
// as it is, and under hard interventions that fix some variables. `adapts` says whether the agent
// changed its behaviour under the intervention, which is all Def. 20 asks of the oracle.
struct Observation {
  std::string name;
  std::vector<std::pair<int, int32_t>> fix;  // (variable, outcome index), sorted by variable
  std::string behaviour;                     // what was seen, in words
  bool adapts = false;
  std::string note;
  SourceSpan span;  // of the observation in the model text
};

struct ObservedBehaviour {
  bool present = false;  // whether the model has a "behaviour" section
  std::string baseline;  // the behaviour seen without intervention
  std::string policy;    // the policy Γ(M) the model gives the agent, if named
  std::vector<Observation> observations;
  SourceSpan span;  // of the whole "behaviour" value, so that an editor can rewrite it
};

struct Scim {
  std::string name;                 // the model's name in the file ("main" when there is one)
  std::vector<Variable> variables;  // in file order
  std::vector<int> order;           // a topological order of the variables
  std::vector<int> decisions;       // in topological order
  std::vector<int> utilities;
  std::vector<int> noisy;  // variables with non-trivial noise, in file order
  std::vector<Policy> policies;
  std::vector<Intervention> interventions;
  ObservedBehaviour behaviour;
  SourceSpan body_span;  // of the model's object in the text (the file's, or its entry in "models")

  int index_of(const std::string& variable_name) const;  // -1 if absent
  // The number of settings: the product of the noise sizes of the noisy variables (saturating at
  // UINT64_MAX). Models may have more than the enumeration's bound: see scim/inference.h.
  std::uint64_t setting_count() const;
  // Whether every decision observes all earlier decisions and what they observed.
  bool perfect_recall() const;
  const Policy* find_policy(const std::string& name) const;
  const Intervention* find_intervention(const std::string& name) const;
};

// The hard intervention V := outcome (outcome an index into V's domain).
Intervention hard_intervention(int variable, int32_t outcome);

// The largest magnitude of a utility. Every utility is finite and within it, so that the sum of a
// setting's utilities, expectations and the differences between them stay finite for any model the
// engine can hold (a model has far fewer than 10^8 utility variables), also when multiplied by a rationality
// β of up to 1e100 (MEG); a function that overflows (1e308 * 10) or a table entry beyond it is refused where
// it is written (model.utility_out_of_range).
inline constexpr double kMaxUtilityMagnitude = 1e200;

// The maximum number of settings or table entries the engine enumerates.
inline constexpr std::uint64_t kMaxEnumeration = std::uint64_t{1} << 24;

// Recomputes mechanism strides and configuration counts from parents and domains.
void compute_strides(const std::vector<Variable>& variables, Mechanism* mechanism);

}  // namespace motive::scim

// Graphical incentive criteria (Everitt, Carey, Langlois, Ortega and Legg 2021, "Agent Incentives: A
// Causal Perspective", AAAI), with the single-agent semantics of the pycid library: the agent's
// utilities are all the model's utilities, and "downstream of D" means the descendants of D.
//
// Every criterion reads the graph only, never the model's numbers: it says whether *some* model with
// this graph has the incentive (the criteria are complete), and that no model with this graph can have
// it when the criterion fails (they are sound). Soundness and completeness are theorems for one
// decision; for several decisions they hold under sufficient recall (Milch and Koller), which pycid
// requires and which this module checks (sufficient_recall) but does not require.
//
// Each verdict comes with its reason as an IncentiveWitness: the directed path the criterion asks for,
// or, for value of information, the active trail and the conditioning set that make the observation
// requisite. Variables are indices into Scim::variables.
#pragma once

#include <vector>

#include "scim/graph.h"
#include "scim/model.h"

namespace motive {

// A criterion's verdict and its reason. For ICI, RI and VoC `path` is a directed path (each variable a
// parent of the next); for VoI it is a trail from X to a utility, active given `given`, in the graph of
// the criterion. Both are empty when the criterion fails.
struct IncentiveWitness {
  bool admits = false;
  std::vector<int> path;
  std::vector<int> given;  // VoI only: the conditioning set {D} ∪ Pa_D \ {X}, sorted
};

// ---- Graphs -------------------------------------------------------------------------------------

// The model's causal graph: every variable with its mechanism's parents.
scim::Graph scim_graph(const scim::Scim& scim);

// Whether observation `x` (a parent of `decision` in `graph`) is requisite: whether x is d-connected
// to a utility among the descendants of the decision given the decision's family {D} ∪ Pa_D without x
// (Fagiuoli and Zaffalon 1998). Returns an active trail from x to such a utility, or an empty list.
std::vector<int> requisite_trail(const scim::Graph& graph, int decision, int x,
                                 const std::vector<int>& utilities);

// The minimal reduction G* (also called the requisite graph, d-reduction or trimmed graph; Lauritzen
// and Nielsen 2001): the graph without the information links that are not requisite. Like pycid, each
// pass visits the decisions in reverse topological order and removes, at once, every non-requisite
// observation of a decision in the graph as pruned so far; unlike pycid's single pass, passes repeat
// until one removes nothing, so that every remaining link is requisite in the result even without
// sufficient recall (with it, one pass already reaches the fixpoint and both agree). `graph` must be
// acyclic.
scim::Graph minimal_reduction(const scim::Graph& graph, const std::vector<int>& decisions,
                              const std::vector<int>& utilities);
scim::Graph minimal_reduction(const scim::Scim& scim);

// The requisite observations of a decision: its parents that remain in the minimal reduction, in the
// model's parent order.
std::vector<int> requisite_observations(const scim::Scim& scim, int decision);

// Sufficient recall (Milch and Koller 2008, as pycid checks it): the relevance graph over the
// decisions is acyclic, where D relies on D' when D' is s-reachable from D, i.e. a new parent added
// to D' would be d-connected to a utility downstream of D given D's family. Perfect recall implies it.
bool sufficient_recall(const scim::Scim& scim);

// ---- Instrumental control incentive -------------------------------------------------------------

// The agent has an instrumental control incentive on X when, in some model with this graph, changing X
// as D would change it (and only through that) changes the expected utility: it would want to control
// X as a means to its end. Graphically: a directed path D -> ... -> X -> ... -> U to some utility U,
// X possibly a utility itself (then D -> ... -> U). Ward et al. 2024 (Theorems 17 and 18) show this is
// also the graphical criterion for intention: an agent can only intend to cause outcomes of the
// variables on such paths, and for each of them some model makes it intend one. For X = D the path is
// D -> ... -> U. The witness is a shortest path D -> X followed by a shortest path X -> U (the two
// share only X in a DAG).
IncentiveWitness ici_witness(const scim::Scim& scim, int decision, int x);
IncentiveWitness ici_witness(const scim::Graph& graph, const std::vector<int>& utilities, int decision,
                             int x);
bool admits_ici(const scim::Scim& scim, int decision, int x);

// ---- Value of information -----------------------------------------------------------------------

// The value of information of a variable X that is not a descendant of D is the gain in maximum
// expected utility from letting D observe X (adding the link X -> D). Graphically, following pycid:
// add X -> D (if absent), take the minimal reduction of that graph, and X has (possibly positive) value
// of information when the link X -> D survives, i.e. when X is d-connected to a utility downstream of D
// given {D} ∪ Pa_D \ {X} in the reduced graph; with one decision the reduction only removes other
// observations of D that would not matter, and the criterion is the d-connection itself. The witness
// is that active trail with its conditioning set. False for X = D and for descendants of D, where value
// of information is not defined.
IncentiveWitness voi_witness(const scim::Scim& scim, int decision, int x);
IncentiveWitness voi_witness(const scim::Graph& graph, const std::vector<int>& decisions,
                             const std::vector<int>& utilities, int decision, int x);
bool admits_voi(const scim::Scim& scim, int decision, int x);

// ---- Response incentive -------------------------------------------------------------------------

// The agent has a response incentive on X when every optimal policy makes D depend on X in some
// model with this graph: intervening on X would change the decision. Graphically: a directed path
// X -> ... -> D in the minimal reduction, so that X reaches D through observations that matter
// (an observation that is not requisite can be ignored by an optimal policy). False for X = D. The
// graph-level overload takes the minimal reduction.
IncentiveWitness ri_witness(const scim::Scim& scim, int decision, int x);
IncentiveWitness ri_witness(const scim::Graph& reduction, int decision, int x);
bool admits_ri(const scim::Scim& scim, int decision, int x);

// ---- Value of control ---------------------------------------------------------------------------

// The value of control of X is the gain in maximum expected utility from setting X's mechanism at will
// (any soft intervention on X). Graphically: X is not a decision and a directed path X -> ... -> U
// leads to some utility U in the minimal reduction (X may be a utility itself). As in pycid, U ranges
// over all utilities, not only those downstream of `decision` (controlling X pays off through any
// utility of the agent), so the verdict does not depend on which decision is asked about, except that
// X must not be a decision. The graph-level overload takes the minimal reduction.
IncentiveWitness voc_witness(const scim::Scim& scim, int decision, int x);
IncentiveWitness voc_witness(const scim::Graph& reduction, const std::vector<int>& decisions,
                             const std::vector<int>& utilities, int decision, int x);
bool admits_voc(const scim::Scim& scim, int decision, int x);

}  // namespace motive

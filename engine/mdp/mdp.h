// Finite Markov decision processes (MDPs) and gridworlds: the model every MDP solver, agent and
// MEG computation works on, and the parsed model file it comes from (docs/format.md, "Gridworlds"
// and "MDPs").
//
// An Mdp is flat and dense in its indices: S states 0..S-1, A actions 0..A-1, every action available
// in every state. Transitions are sparse, stored in compressed rows: the outcomes of action a in
// state s are the entries k in [row_start[s*A+a], row_start[s*A+a+1]) of next_state/probability.
// A row may sum to less than 1 only in a finite-horizon model, where the missing mass is the end
// of the episode (see below). Utilities are expected immediate utilities r(s,a) = Σ_s' T(s'|s,a)
// u(s,a,s'), so every solver works on r alone.
//
// Terminal states are absorbing: every action stays put with utility 0. They keep all their actions
// so that soft-optimal agents are not rewarded for "staying alive for entropy" (meg.md §3); a
// terminal state's share of MEG is therefore 0 whatever the policy does there.
//
// Every solver sees a stationary MDP, discounted or ended by a horizon:
//  - discount γ < 1 (no horizon): values and occupancies are finite because γ < 1. Σ_s d(s) = 1/(1−γ).
//  - horizon H (with any γ ≤ 1, default 1): the reader expands every state s into copies (s, t) for
//    t = 0..H−1, state index t·S₀ + s. Actions at (s, t) lead to (s', t+1); at t = H−1 the row is
//    empty: the episode ends. Terminal copies stay terminal and pass to their own next copy. The
//    expanded MDP is acyclic, so values and occupancies are finite (Σ_s d(s) = Σ_{t<H} γ^t), and
//    solvers sweeping states from the last index to the first are exact in one sweep.
// A discount of 1 without a horizon is refused by the readers: the absorbing terminal states would
// collect infinite entropy (and policies that never terminate infinite utility).
#pragma once

#include <Eigen/Core>
#include <optional>
#include <string>
#include <vector>

#include "core/diagnostics.h"
#include "core/registry.h"

namespace motive::mdp {

// A stochastic policy: row s is the distribution over actions in state s (each row sums to 1).
using Policy = Eigen::MatrixXd;

// Limits the readers enforce (model.too_large), so that a model fits comfortably in a browser tab.
inline constexpr int kMaxGridSide = 250;                 // rows and columns of a gridworld map
inline constexpr int kMaxStates = 1'000'000;             // after horizon expansion
inline constexpr long long kMaxTransitions = 8'000'000;  // stored (s, a, s') entries, after expansion
inline constexpr int kMaxActions = 64;
// The largest a value can grow: |utility| times the steps it can be collected over (the horizon, or
// 1 / (1 − γ) without one) stays within it (model.utility_out_of_range), so values, occupancy-weighted
// sums and the soft values of any |β| up to kMaxSoftBeta (agents.h) are finite.
inline constexpr double kMaxValueMagnitude = 1e200;

// A cell of a grid, row 0 on top.
struct Cell {
  int row = -1;
  int col = -1;
};

struct Mdp {
  int states = 0;
  int actions = 0;
  std::vector<int> row_start;       // size states·actions + 1
  std::vector<int> next_state;      // per stored transition
  std::vector<double> probability;  // per stored transition, > 0
  Eigen::MatrixXd reward;           // states × actions: expected immediate utility r(s, a)
  // Per stored transition, the utility actually paid on it (gridworlds: entering a goal pays the
  // goal's utility, a bump the step's). Empty when it is r(s, a) on every transition (kind "mdp").
  std::vector<double> transition_utility;
  Eigen::VectorXd start;       // μ, sums to 1
  double discount = 0.9;       // γ: < 1, or ≤ 1 with a horizon
  int horizon = 0;             // 0: none (stationary, γ < 1)
  std::vector<char> terminal;  // absorbing states
  std::vector<std::string> state_names;
  std::vector<std::string> action_names;
  std::vector<Cell> cell;  // gridworlds: the cell of each state (empty for kind "mdp")
  std::vector<int> time;   // with a horizon: the step t of each state (empty otherwise)

  // Index of the row of (s, a) in row_start.
  int pair(int s, int a) const { return s * actions + a; }
  // The transitions of row k = s·A + a, for the solvers' innermost loops: the probabilities [p, end)
  // and, alongside, their next states. Loops walk these pointers rather than indexing: Emscripten
  // turns LLVM's loop strength reduction off, and under WebAssembly an indexed loop recomputed both
  // addresses per transition (value iteration 6% slower).
  struct Row {
    const double* p;
    const double* end;
    const int* next;
  };
  Row row(int k) const {
    const int begin = row_start[k];
    return {probability.data() + begin, probability.data() + row_start[k + 1], next_state.data() + begin};
  }
  // Σ_s' T(s'|s,a) x(s') for the row k = s·A + a.
  double expected(int k, const double* x) const {
    double sum = 0;
    for (Row r = row(k); r.p != r.end; ++r.p, ++r.next) sum += *r.p * x[*r.next];
    return sum;
  }
  // States where every action stays put with probability 1, under a discount below 1 (the terminal
  // states of a stationary MDP): their values have closed forms, which the solvers' sweeps use
  // instead of iterating a geometric series.
  std::vector<char> absorbing_states() const;
  bool has_grid() const { return !cell.empty(); }
  long long transition_count() const { return static_cast<long long>(next_state.size()); }
};

// ---- gridworlds ---------------------------------------------------------------------------------

enum class CellType { kFloor, kWall, kStart, kGoal, kCliff, kCustom };
const char* cell_type_name(CellType type);

enum class Move { kUp, kDown, kLeft, kRight, kStay };
const char* move_name(Move move);

struct GridCell {
  char symbol = '.';
  CellType type = CellType::kFloor;
  double utility = 0;  // paid on entering the cell (walls: unused)
  bool terminal = false;
};

// A gridworld as written (one variant of it), from which build_gridworld_mdp makes the MDP. Kept so
// that analyses can rebuild the MDP with another slip or discount (sweeps).
struct GridWorld {
  int rows = 0;
  int cols = 0;
  std::vector<GridCell> cells;  // row-major
  std::vector<Move> actions;    // the action order: ties go to the lowest index
  double slip = 0;              // probability that the move is replaced by a uniformly random one
  double step_utility = -1;     // paid by a move that ends in the cell it started from
  double discount = 0.9;
  int horizon = 0;
  bool step_on_terminal = false;  // entering a terminal cell pays step + its utility (default: its utility)
  std::vector<SourceSpan> map_rows;  // the span of each map row string, quotes included

  const GridCell& at(int row, int col) const { return cells[row * cols + col]; }
};

// The MDP of a stationary model with a horizon H: every state s becomes (s, t) for t = 0..H−1 at
// index t·S + s, named "name@t"; actions at (s, t) lead to (s', t+1), and the rows of t = H−1 keep
// their utilities but no transitions (the episode ends). μ is put on the t = 0 copies.
Mdp expand_horizon(const Mdp& stationary, int horizon);
// A policy of the stationary model applied at every step of its horizon expansion.
Policy expand_policy(const Policy& stationary, int horizon);

// The MDP of a gridworld. States are the non-wall cells in row-major order (then their time copies):
// state_of_cell gives a cell's state at t = 0, or -1 for a wall. Moving into the border or a wall
// stays put and pays the step utility; with probability `slip` the chosen move is replaced by one
// drawn uniformly from the world's actions. Entering a cell pays its utility (floor and start: the
// step utility); terminal cells are absorbing. μ is uniform over the start cells.
Mdp build_gridworld_mdp(const GridWorld& world);
std::vector<int> state_of_cell(const GridWorld& world);

// ---- model files --------------------------------------------------------------------------------

// A named policy as it applies to one variant.
struct NamedPolicy {
  std::string name;
  Policy policy;
};

// The base model or one of its variants, read into an MDP.
struct Variant {
  std::string name;  // "base" for the top-level model
  std::string description;
  Mdp mdp;
  std::optional<GridWorld> grid;  // gridworlds only
  // The file's named policies that fit this variant (a gridworld policy fits maps of its size).
  std::vector<NamedPolicy> policies;

  const NamedPolicy* policy(const std::string& policy_name) const;
};

// A gridworld or MDP file: the base model and its variants (a request picks one by "variant").
struct MdpFile : Model {
  std::string kind;  // "gridworld" or "mdp"
  std::string title;
  std::string description;
  std::string source;
  std::vector<std::string> policy_names;  // in file order
  std::vector<Variant> variants;          // "base" first, then the file's variants in order

  const Variant* variant(const std::string& name) const;
  std::vector<std::string> variant_names() const;
};

}  // namespace motive::mdp

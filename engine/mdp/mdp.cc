#include "mdp/mdp.h"

#include <array>
#include <string>

namespace motive::mdp {

std::vector<char> Mdp::absorbing_states() const {
  std::vector<char> out(states, 0);
  for (int s = 0; s < states; ++s) {
    bool stays = discount < 1;
    for (int a = 0; a < actions && stays; ++a) {
      const Row r = row(pair(s, a));
      stays = r.end - r.p == 1 && *r.next == s;
    }
    out[s] = stays;
  }
  return out;
}

const char* cell_type_name(CellType type) {
  switch (type) {
    case CellType::kFloor:
      return "floor";
    case CellType::kWall:
      return "wall";
    case CellType::kStart:
      return "start";
    case CellType::kGoal:
      return "goal";
    case CellType::kCliff:
      return "cliff";
    case CellType::kCustom:
      return "custom";
  }
  return "floor";
}

const char* move_name(Move move) {
  switch (move) {
    case Move::kUp:
      return "up";
    case Move::kDown:
      return "down";
    case Move::kLeft:
      return "left";
    case Move::kRight:
      return "right";
    case Move::kStay:
      return "stay";
  }
  return "stay";
}

std::vector<int> state_of_cell(const GridWorld& world) {
  std::vector<int> state(world.cells.size(), -1);
  int next = 0;
  for (std::size_t i = 0; i < world.cells.size(); ++i)
    if (world.cells[i].type != CellType::kWall) state[i] = next++;
  return state;
}

namespace {

// The cell a move leads to from (row, col): the same cell at the border or in front of a wall.
int destination(const GridWorld& world, int row, int col, Move move) {
  int r = row, c = col;
  switch (move) {
    case Move::kUp:
      --r;
      break;
    case Move::kDown:
      ++r;
      break;
    case Move::kLeft:
      --c;
      break;
    case Move::kRight:
      ++c;
      break;
    case Move::kStay:
      break;
  }
  if (r < 0 || r >= world.rows || c < 0 || c >= world.cols || world.at(r, c).type == CellType::kWall)
    return row * world.cols + col;
  return r * world.cols + c;
}

std::string cell_name(int row, int col) { return "r" + std::to_string(row) + "c" + std::to_string(col); }

}  // namespace

Mdp expand_horizon(const Mdp& stationary, int horizon) {
  const int states = stationary.states, actions = stationary.actions;
  Mdp mdp;
  mdp.states = states * horizon;
  mdp.actions = actions;
  mdp.discount = stationary.discount;
  mdp.horizon = horizon;
  mdp.action_names = stationary.action_names;
  mdp.reward.resize(mdp.states, actions);
  mdp.start = Eigen::VectorXd::Zero(mdp.states);
  mdp.start.head(states) = stationary.start;
  mdp.terminal.reserve(mdp.states);
  mdp.state_names.reserve(mdp.states);
  mdp.time.reserve(mdp.states);
  mdp.row_start.reserve(static_cast<std::size_t>(mdp.states) * actions + 1);
  mdp.row_start.push_back(0);
  const std::size_t per_step = stationary.next_state.size();
  mdp.next_state.reserve(per_step * (horizon - 1));
  mdp.probability.reserve(per_step * (horizon - 1));
  for (int t = 0; t < horizon; ++t) {
    const bool last = t == horizon - 1;
    for (int s = 0; s < states; ++s) {
      const int expanded = t * states + s;
      mdp.reward.row(expanded) = stationary.reward.row(s);
      mdp.terminal.push_back(stationary.terminal[s]);
      mdp.state_names.push_back(stationary.state_names[s] + "@t" + std::to_string(t));
      mdp.time.push_back(t);
      if (stationary.has_grid()) mdp.cell.push_back(stationary.cell[s]);
      for (int a = 0; a < actions; ++a) {
        const int k = stationary.pair(s, a);
        if (!last)
          for (int e = stationary.row_start[k]; e < stationary.row_start[k + 1]; ++e) {
            mdp.next_state.push_back((t + 1) * states + stationary.next_state[e]);
            mdp.probability.push_back(stationary.probability[e]);
            if (!stationary.transition_utility.empty())
              mdp.transition_utility.push_back(stationary.transition_utility[e]);
          }
        mdp.row_start.push_back(static_cast<int>(mdp.next_state.size()));
      }
    }
  }
  return mdp;
}

Policy expand_policy(const Policy& stationary, int horizon) {
  if (horizon <= 0) return stationary;
  Policy policy(stationary.rows() * horizon, stationary.cols());
  for (int t = 0; t < horizon; ++t) policy.middleRows(t * stationary.rows(), stationary.rows()) = stationary;
  return policy;
}

Mdp build_gridworld_mdp(const GridWorld& world) {
  const std::vector<int> state = state_of_cell(world);
  int states = 0;
  for (int s : state) states += s >= 0;
  const int actions = static_cast<int>(world.actions.size());

  Mdp mdp;
  mdp.states = states;
  mdp.actions = actions;
  mdp.discount = world.discount;
  mdp.reward = Eigen::MatrixXd::Zero(states, actions);
  mdp.start = Eigen::VectorXd::Zero(states);
  mdp.terminal.assign(states, 0);
  mdp.cell.resize(states);
  for (Move m : world.actions) mdp.action_names.push_back(move_name(m));
  mdp.row_start.reserve(static_cast<std::size_t>(states) * actions + 1);
  mdp.row_start.push_back(0);

  int starts = 0;
  for (const GridCell& c : world.cells) starts += c.type == CellType::kStart;
  struct Outcome {
    int cell;
    double probability;
  };
  for (std::size_t i = 0; i < world.cells.size(); ++i) {
    if (state[i] < 0) continue;
    const int row = static_cast<int>(i) / world.cols, col = static_cast<int>(i) % world.cols;
    const int s = state[i];
    const GridCell& here = world.cells[i];
    mdp.cell[s] = {row, col};
    mdp.state_names.push_back(cell_name(row, col));
    mdp.terminal[s] = here.terminal;
    if (here.type == CellType::kStart) mdp.start[s] = 1.0 / starts;
    for (int a = 0; a < actions; ++a) {
      // The destination cells of the action, each once: at most one per distinct move.
      std::array<Outcome, 5> outcomes;
      int count = 0;
      auto add = [&](int cell, double p) {
        if (p <= 0) return;
        for (int k = 0; k < count; ++k)
          if (outcomes[k].cell == cell) {
            outcomes[k].probability += p;
            return;
          }
        outcomes[count++] = {cell, p};
      };
      if (here.terminal) {
        add(static_cast<int>(i), 1.0);
      } else {
        add(destination(world, row, col, world.actions[a]), 1.0 - world.slip);
        for (Move m : world.actions) add(destination(world, row, col, m), world.slip / actions);
      }
      double reward = 0;
      for (int k = 0; k < count; ++k) {
        const GridCell& there = world.cells[outcomes[k].cell];
        double u = 0;
        if (here.terminal) u = 0;
        else if (outcomes[k].cell == static_cast<int>(i)) u = world.step_utility;
        else
          u = there.terminal && world.step_on_terminal ? world.step_utility + there.utility : there.utility;
        reward += outcomes[k].probability * u;
        mdp.next_state.push_back(state[outcomes[k].cell]);
        mdp.probability.push_back(outcomes[k].probability);
        mdp.transition_utility.push_back(u);
      }
      mdp.reward(s, a) = reward;
      mdp.row_start.push_back(static_cast<int>(mdp.next_state.size()));
    }
  }
  return world.horizon > 0 ? expand_horizon(mdp, world.horizon) : mdp;
}

const NamedPolicy* Variant::policy(const std::string& policy_name) const {
  for (const NamedPolicy& p : policies)
    if (p.name == policy_name) return &p;
  return nullptr;
}

const Variant* MdpFile::variant(const std::string& name) const {
  for (const Variant& v : variants)
    if (v.name == name) return &v;
  return nullptr;
}

std::vector<std::string> MdpFile::variant_names() const {
  std::vector<std::string> names;
  for (const Variant& v : variants) names.push_back(v.name);
  return names;
}

}  // namespace motive::mdp

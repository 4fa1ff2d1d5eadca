#include "game/risk/game.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <sstream>

#include <nlohmann/json.hpp>

#include "core/diagnostics.h"
#include "game/methods.h"
#include "game/risk/dice.h"
#include "game/risk/policy.h"
#include "game/rollout.h"

namespace motive::game::risk {

namespace {

constexpr const char* kPlayerColours[kMaxPlayers] = {"#d64541", "#3a7bd5", "#3fa34d", "#e0b020",
                                                     "#8e5cc4", "#e67e22", "#1abc9c", "#7f8c8d"};
constexpr const char* kDefaultNames[kMaxPlayers] = {"red",    "blue",   "green", "yellow",
                                                    "purple", "orange", "teal",  "grey"};

const char* outcome_word(Outcome o) {
  switch (o) {
    case Outcome::kNone:
      return "none";
    case Outcome::kPending:
      return "pending";
    case Outcome::kConquered:
      return "conquered";
    case Outcome::kHeld:
      return "held";
    case Outcome::kMoved:
      return "moved";
    case Outcome::kSkipped:
      return "skipped";
  }
  return "";
}

std::vector<std::string> split(std::string_view s, char separator) {
  std::vector<std::string> out;
  std::size_t at = 0;
  for (;;) {
    std::size_t next = s.find(separator, at);
    out.emplace_back(s.substr(at, next == std::string_view::npos ? std::string_view::npos : next - at));
    if (next == std::string_view::npos) return out;
    at = next + 1;
  }
}

// A whole number in [min, max] from text, or −1.
int whole_number(const std::string& s, int min, int max) {
  if (s.empty() || s.size() > 6 ||
      !std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return -1;
  const int x = std::stoi(s);
  return x >= min && x <= max ? x : -1;
}

}  // namespace

// ---------------------------------------------------------------------------------------------------
// The state.

RiskState::RiskState(const RiskGame* game) : game_(game) {
  const Position& start = game->start();
  for (int t = 0; t < game->map().size(); ++t) {
    owner_[t] = static_cast<std::int8_t>(start.owner[t]);
    armies_[t] = static_cast<std::int16_t>(start.armies[t]);
  }
}

std::uint64_t RiskState::holdings(int player) const {
  std::uint64_t mask = 0;
  for (int t = 0; t < game_->map().size(); ++t) {
    if (owner_[t] == player) mask |= std::uint64_t{1} << t;
  }
  return mask;
}

int RiskState::owned(int player, int* territories) const {
  int n = 0;
  for (int t = 0; t < game_->map().size(); ++t) {
    if (owner_[t] == player) territories[n++] = t;
  }
  return n;
}

int RiskState::attack_borders(int player, int* borders) const {
  const std::vector<Border>& all = game_->map().borders;
  int n = 0;
  for (int b = 0; b < static_cast<int>(all.size()); ++b) {
    if (owner_[all[b].from] == player && owner_[all[b].to] != player) borders[n++] = b;
  }
  return n;
}

int RiskState::move_borders(int player, int* borders) const {
  const std::vector<Border>& all = game_->map().borders;
  int n = 0;
  for (int b = 0; b < static_cast<int>(all.size()); ++b) {
    if (owner_[all[b].from] == player && owner_[all[b].to] == player) borders[n++] = b;
  }
  return n;
}

int RiskState::reinforcements(int player) const {
  const RiskMap& map = game_->map();
  const std::uint64_t mine = holdings(player);
  int r = std::max(3, std::popcount(mine) / 3);
  for (const Continent& c : map.continents) {
    bool whole = true;
    for (int t : c.territories) whole = whole && ((mine >> t) & 1);
    if (whole) r += c.bonus;
  }
  return r;
}

int RiskState::alive_players() const {
  std::uint32_t alive = 0;
  for (int t = 0; t < game_->map().size(); ++t) alive |= 1u << owner_[t];
  return std::popcount(alive);
}

ActionSpace RiskState::legal_actions(int player) const {
  ActionSpace space;
  if (type() != NodeType::kDecision || player != turn_) return space;
  const RiskMap& map = game_->map();
  int list[2 * kMaxBorders];
  std::vector<std::string> places;
  const int owned_n = owned(player, list);
  for (int i = 0; i < owned_n; ++i) places.push_back(map.territories[list[i]].name);
  for (int k = 0; k < kPlaceSlots; ++k) space.slots.push_back({"place " + std::to_string(k + 1), places});
  auto border_labels = [&](int n) {
    std::vector<std::string> labels = {"none"};
    for (int i = 0; i < n; ++i) {
      const Border& b = map.borders[list[i]];
      labels.push_back(map.territories[b.from].name + " -> " + map.territories[b.to].name);
    }
    return labels;
  };
  std::vector<std::string> attacks = border_labels(attack_borders(player, list));
  for (int k = 0; k < kAttackSlots; ++k) space.slots.push_back({"attack " + std::to_string(k + 1), attacks});
  space.slots.push_back({"move", border_labels(move_borders(player, list))});
  return space;
}

bool RiskState::attack_possible(const TurnLog::Attack& a) const {
  return owner_[a.from] == turn_ && armies_[a.from] >= 2 && owner_[a.to] != turn_;
}

void RiskState::start_battle(int attack) {
  TurnLog::Attack& a = log_.attacks[attack];
  battle_ = static_cast<std::int8_t>(attack);
  battle_attackers_ = static_cast<std::int16_t>(armies_[a.from] - 1);
  battle_defenders_ = armies_[a.to];
  battle_row_ = battle_table_row(battle_attackers_, battle_defenders_);
  a.attackers = battle_attackers_;
  a.defenders = battle_defenders_;
}

void RiskState::apply_actions(const Action* joint, double* reward) {
  const Action& action = joint[0];
  const RiskMap& map = game_->map();
  const int r = reinforcements(turn_);
  int list[2 * kMaxBorders];
  log_ = TurnLog();
  log_.player = turn_;
  owned(turn_, list);
  for (int k = 0; k < kPlaceSlots; ++k) {
    const int t = list[action[k]];
    const int n = part(r, k);
    log_.place[k] = static_cast<std::int8_t>(t);
    log_.placed[k] = static_cast<std::int16_t>(n);
    armies_[t] = static_cast<std::int16_t>(std::min(kMaxArmies, armies_[t] + n));
  }
  attack_borders(turn_, list);
  for (int k = 0; k < kAttackSlots; ++k) {
    const int c = action[kPlaceSlots + k];
    if (c == 0) continue;
    const Border& b = map.borders[list[c - 1]];
    log_.attacks[k].from = static_cast<std::int8_t>(b.from);
    log_.attacks[k].to = static_cast<std::int8_t>(b.to);
    log_.attacks[k].outcome = Outcome::kPending;
  }
  if (const int c = action[kMoveSlot]; c != 0) {
    move_borders(turn_, list);
    const Border& b = map.borders[list[c - 1]];
    log_.move_from = static_cast<std::int8_t>(b.from);
    log_.move_to = static_cast<std::int8_t>(b.to);
    log_.move = Outcome::kPending;
  }
  ++step_;
  advance(reward);
}

void RiskState::advance(double* reward) {
  const bool everything = std::popcount(holdings(turn_)) == game_->map().size();
  for (int k = 0; k < kAttackSlots; ++k) {
    TurnLog::Attack& a = log_.attacks[k];
    if (a.outcome != Outcome::kPending) continue;
    if (!everything && attack_possible(a)) {
      start_battle(k);
      return;
    }
    a.outcome = Outcome::kSkipped;
  }
  battle_ = -1;
  battle_row_ = nullptr;
  if (log_.move == Outcome::kPending) {
    const int from = log_.move_from, to = log_.move_to;
    if (!everything && owner_[from] == turn_ && owner_[to] == turn_ && armies_[from] >= 2) {
      log_.moved = static_cast<std::int16_t>(armies_[from] - 1);
      armies_[to] = static_cast<std::int16_t>(std::min(kMaxArmies, armies_[to] + armies_[from] - 1));
      armies_[from] = 1;
      log_.move = Outcome::kMoved;
    } else {
      log_.move = Outcome::kSkipped;
    }
  }
  end_turn(reward);
}

void RiskState::end_turn(double* reward) {
  const int players = game_->num_players();
  if (alive_players() > 1) {
    std::uint32_t alive = 0;
    for (int t = 0; t < game_->map().size(); ++t) alive |= 1u << owner_[t];
    int next = turn_;
    do {
      next = (next + 1) % players;
      if (next == 0) ++round_;
    } while (!((alive >> next) & 1));
    turn_ = static_cast<std::int8_t>(next);
    if (round_ <= game_->rounds()) return;
  }
  over_ = true;
  double share[kMaxPlayers];
  game_->shares(*this, share);
  for (int i = 0; i < players; ++i) reward[i] += share[i];
}

double RiskState::chance_probability(int outcome) const {
  return battle_row_ ? battle_row_[outcome]
                     : battle_probability(battle_attackers_, battle_defenders_, outcome);
}

std::string RiskState::chance_label(int outcome) const {
  const RiskMap& map = game_->map();
  const TurnLog::Attack& a = log_.attacks[battle_];
  if (outcome < battle_attackers_)
    return map.territories[a.from].name + " takes " + map.territories[a.to].name + " with " +
           std::to_string(outcome + 1) + " left";
  return map.territories[a.to].name + " holds with " + std::to_string(outcome - battle_attackers_ + 1) +
         " left";
}

void RiskState::apply_chance(int outcome, double* reward) {
  TurnLog::Attack& a = log_.attacks[battle_];
  armies_[a.from] = 1;
  if (outcome < battle_attackers_) {
    owner_[a.to] = turn_;
    armies_[a.to] = static_cast<std::int16_t>(outcome + 1);
    a.outcome = Outcome::kConquered;
    a.left = static_cast<std::int16_t>(outcome + 1);
  } else {
    armies_[a.to] = static_cast<std::int16_t>(outcome - battle_attackers_ + 1);
    a.outcome = Outcome::kHeld;
    a.left = armies_[a.to];
  }
  ++step_;
  advance(reward);
}

std::unique_ptr<State> RiskState::clone() const { return std::make_unique<RiskState>(*this); }

// "risk step=<n> round=<r> turn=<player> board=<id>:<owner>:<armies>,... [last=<player>
// place=<id>:<n>,<id>:<n>,<id>:<n> attacks=<a>,<a>,<a> move=<m>]", an attack being "none",
// "<from>><to>:pending", "<from>><to>:conquered:<A>v<D>:<left>", "...:held:<A>v<D>:<left>" or
// "<from>><to>:skipped", and a move "none", "<from>><to>:pending", "<from>><to>:moved:<n>" or
// "<from>><to>:skipped".
std::string RiskState::serialise() const {
  const RiskMap& map = game_->map();
  std::string out = "risk step=" + std::to_string(step_) + " round=" + std::to_string(round_) +
                    " turn=" + game_->player_name(turn_) + " board=";
  for (int t = 0; t < map.size(); ++t) {
    if (t) out += ',';
    out += map.territories[t].id + ":" + game_->player_name(owner_[t]) + ":" + std::to_string(armies_[t]);
  }
  if (log_.player < 0) return out;
  out += " last=" + game_->player_name(log_.player) + " place=";
  for (int k = 0; k < kPlaceSlots; ++k) {
    if (k) out += ',';
    out += map.territories[log_.place[k]].id + ":" + std::to_string(log_.placed[k]);
  }
  out += " attacks=";
  for (int k = 0; k < kAttackSlots; ++k) {
    const TurnLog::Attack& a = log_.attacks[k];
    if (k) out += ',';
    if (a.outcome == Outcome::kNone) {
      out += "none";
      continue;
    }
    out += map.territories[a.from].id + ">" + map.territories[a.to].id + ":" + outcome_word(a.outcome);
    if (a.outcome == Outcome::kConquered || a.outcome == Outcome::kHeld)
      out += ":" + std::to_string(a.attackers) + "v" + std::to_string(a.defenders) + ":" +
             std::to_string(a.left);
  }
  out += " move=";
  if (log_.move == Outcome::kNone) return out + "none";
  out += map.territories[log_.move_from].id + ">" + map.territories[log_.move_to].id + ":" +
         outcome_word(log_.move);
  if (log_.move == Outcome::kMoved) out += ":" + std::to_string(log_.moved);
  return out;
}

bool RiskState::parse(std::string_view text, std::string* error) {
  const RiskMap& map = game_->map();
  const int n = map.size();
  *this = RiskState(game_);
  std::istringstream in{std::string(text)};
  std::string word;
  if (!(in >> word) || word != "risk") return *error = "a Risk state starts with \"risk\"", false;
  std::vector<std::pair<std::string, std::string>> fields;
  while (in >> word) {
    const std::size_t eq = word.find('=');
    if (eq == std::string::npos) return *error = "\"" + word + "\" is not key=value", false;
    fields.emplace_back(word.substr(0, eq), word.substr(eq + 1));
  }
  auto field = [&](const char* key) -> const std::string* {
    const std::string* found = nullptr;
    for (const auto& [k, v] : fields) {
      if (k == key) found = &v;
    }
    return found;
  };
  const std::vector<std::string> known = {"step", "round", "turn",    "board",
                                          "last", "place", "attacks", "move"};
  for (std::size_t i = 0; i < fields.size(); ++i) {
    const std::string& k = fields[i].first;
    if (std::find(known.begin(), known.end(), k) == known.end())
      return *error = "\"" + k + "\" is not a field of a Risk state (" + did_you_mean(k, known) + ")", false;
    for (std::size_t j = 0; j < i; ++j) {
      if (fields[j].first == k) return *error = "\"" + k + "\" is given twice", false;
    }
  }
  auto player_of = [&](const std::string& name) { return game_->find_player(name); };
  auto territory = [&](const std::string& id, int* t) {
    *t = map.find(id);
    if (*t < 0) *error = "\"" + id + "\" is not a territory";
    return *t >= 0;
  };
  if (const std::string* s = field("step")) {
    const int x = whole_number(*s, 0, 32000);
    if (x < 0) return *error = "step is a whole number from 0 to 32000", false;
    step_ = static_cast<std::int16_t>(x);
  }
  const std::string* round = field("round");
  const std::string* turn = field("turn");
  const std::string* board = field("board");
  if (!round || !turn || !board) return *error = "a Risk state gives round=, turn= and board=", false;
  const int r = whole_number(*round, 1, game_->rounds() + 1);
  if (r < 0)
    return *error = "round is a whole number from 1 to " + std::to_string(game_->rounds() + 1), false;
  round_ = static_cast<std::int8_t>(r);
  const int who = player_of(*turn);
  if (who < 0) return *error = "\"" + *turn + "\" is not a player", false;
  turn_ = static_cast<std::int8_t>(who);
  std::vector<bool> given(n, false);
  for (const std::string& entry : split(*board, ',')) {
    std::vector<std::string> part = split(entry, ':');
    int t;
    if (part.size() != 3) return *error = "\"" + entry + "\" is not territory:owner:armies", false;
    if (!territory(part[0], &t)) return false;
    if (given[t]) return *error = "the board gives \"" + part[0] + "\" twice", false;
    given[t] = true;
    const int owner = player_of(part[1]);
    const int armies = whole_number(part[2], 1, kMaxArmies);
    if (owner < 0) return *error = "\"" + part[1] + "\" is not a player", false;
    if (armies < 0)
      return *error = "armies are a whole number from 1 to " + std::to_string(kMaxArmies), false;
    owner_[t] = static_cast<std::int8_t>(owner);
    armies_[t] = static_cast<std::int16_t>(armies);
  }
  for (int t = 0; t < n; ++t) {
    if (!given[t]) return *error = "the board does not give \"" + map.territories[t].id + "\"", false;
  }
  over_ = round_ > game_->rounds() || alive_players() <= 1;
  if (!over_ && !holdings(turn_))
    return *error = "it is " + *turn + "'s turn, but " + *turn + " holds nothing", false;

  const std::string* last = field("last");
  const std::string* place = field("place");
  const std::string* attacks = field("attacks");
  const std::string* move = field("move");
  if (!last) {
    if (place || attacks || move) return *error = "place=, attacks= and move= come with last=", false;
    return true;
  }
  if (!place || !attacks || !move) return *error = "last= comes with place=, attacks= and move=", false;
  const int last_player = player_of(*last);
  if (last_player < 0) return *error = "\"" + *last + "\" is not a player", false;
  log_.player = static_cast<std::int8_t>(last_player);
  std::vector<std::string> places = split(*place, ',');
  if (places.size() != kPlaceSlots) return *error = "place= lists three placements", false;
  for (int k = 0; k < kPlaceSlots; ++k) {
    std::vector<std::string> part = split(places[k], ':');
    int t;
    if (part.size() != 2) return *error = "\"" + places[k] + "\" is not territory:armies", false;
    if (!territory(part[0], &t)) return false;
    const int armies = whole_number(part[1], 1, kMaxArmies);
    if (armies < 0) return *error = "a placement is of 1 to " + std::to_string(kMaxArmies) + " armies", false;
    log_.place[k] = static_cast<std::int8_t>(t);
    log_.placed[k] = static_cast<std::int16_t>(armies);
  }
  // "<from>><to>:<outcome>..." into from, to and the words after.
  auto crossing = [&](const std::string& entry, int* from, int* to, std::vector<std::string>* rest) {
    std::vector<std::string> part = split(entry, ':');
    const std::size_t arrow = part[0].find('>');
    if (arrow == std::string::npos || part.size() < 2)
      return *error = "\"" + entry + "\" is not from>to:...", false;
    if (!territory(part[0].substr(0, arrow), from) || !territory(part[0].substr(arrow + 1), to)) return false;
    if (!map.adjacent(*from, *to)) return *error = "\"" + part[0] + "\" does not cross a border", false;
    rest->assign(part.begin() + 1, part.end());
    return true;
  };
  std::vector<std::string> list = split(*attacks, ',');
  if (list.size() != kAttackSlots) return *error = "attacks= lists three attacks", false;
  bool pending = false;
  for (int k = 0; k < kAttackSlots; ++k) {
    TurnLog::Attack& a = log_.attacks[k];
    if (list[k] == "none") continue;
    int from, to;
    std::vector<std::string> rest;
    if (!crossing(list[k], &from, &to, &rest)) return false;
    a.from = static_cast<std::int8_t>(from);
    a.to = static_cast<std::int8_t>(to);
    if (rest[0] == "pending" && rest.size() == 1) {
      a.outcome = Outcome::kPending;
    } else if (rest[0] == "skipped" && rest.size() == 1) {
      a.outcome = Outcome::kSkipped;
    } else if ((rest[0] == "conquered" || rest[0] == "held") && rest.size() == 3) {
      a.outcome = rest[0] == "conquered" ? Outcome::kConquered : Outcome::kHeld;
      std::vector<std::string> sides = split(rest[1], 'v');
      const int attackers = sides.size() == 2 ? whole_number(sides[0], 1, kMaxArmies) : -1;
      const int defenders = sides.size() == 2 ? whole_number(sides[1], 1, kMaxArmies) : -1;
      const int left = whole_number(rest[2], 1, a.outcome == Outcome::kConquered ? attackers : defenders);
      if (attackers < 0 || defenders < 0 || left < 0)
        return *error = "\"" + list[k] + "\" does not give a battle's armies as <A>v<D>:<left>", false;
      a.attackers = static_cast<std::int16_t>(attackers);
      a.defenders = static_cast<std::int16_t>(defenders);
      a.left = static_cast<std::int16_t>(left);
    } else {
      return *error = "\"" + list[k] + "\" is not an attack's outcome", false;
    }
    if (pending && a.outcome != Outcome::kPending)
      return *error = "attacks are fought in order: \"" + list[k] + "\" comes after a pending one", false;
    pending = pending || a.outcome == Outcome::kPending;
  }
  if (*move != "none") {
    int from, to;
    std::vector<std::string> rest;
    if (!crossing(*move, &from, &to, &rest)) return false;
    log_.move_from = static_cast<std::int8_t>(from);
    log_.move_to = static_cast<std::int8_t>(to);
    if (rest[0] == "pending" && rest.size() == 1) {
      log_.move = Outcome::kPending;
    } else if (rest[0] == "skipped" && rest.size() == 1) {
      log_.move = Outcome::kSkipped;
    } else if (rest[0] == "moved" && rest.size() == 2 && whole_number(rest[1], 1, kMaxArmies) > 0) {
      log_.move = Outcome::kMoved;
      log_.moved = static_cast<std::int16_t>(whole_number(rest[1], 1, kMaxArmies));
    } else {
      return *error = "\"" + *move + "\" is not a move's outcome", false;
    }
  }
  if (!pending) {
    if (log_.move == Outcome::kPending)
      return *error = "a pending move is played once no attack is pending", false;
    return true;
  }
  // A battle is under way: the turn's player is fighting its first pending attack.
  if (over_ || last_player != turn_)
    return *error = "pending attacks belong to the player whose turn it is", false;
  for (int k = 0; k < kAttackSlots; ++k) {
    if (log_.attacks[k].outcome != Outcome::kPending) continue;
    if (!attack_possible(log_.attacks[k]))
      return *error = "the pending attack " + list[k] + " is not possible on this board", false;
    start_battle(k);
    break;
  }
  return true;
}

std::string RiskState::describe() const {
  using nlohmann::json;
  const RiskMap& map = game_->map();
  const RiskGame& g = *game_;
  json out;
  out["round"] = round_;
  out["rounds"] = g.rounds();
  out["phase"] = over_ ? "over" : battle_ >= 0 ? "battle" : "decide";
  out["turn"] = over_ ? json(nullptr) : json(g.player_name(turn_));
  // What each place slot of the turn's action puts down (for the page's "+n" badges): the engine's split.
  if (!over_ && battle_ < 0) {
    json parts = json::array();
    for (int k = 0; k < kPlaceSlots; ++k) parts.push_back(part(reinforcements(turn_), k));
    out["place_armies"] = parts;
  }
  json territories = json::array();
  for (int t = 0; t < map.size(); ++t) {
    territories.push_back(
        {{"id", map.territories[t].id}, {"owner", g.player_name(owner_[t])}, {"armies", armies_[t]}});
  }
  out["territories"] = territories;
  double share[kMaxPlayers];
  g.shares(*this, share);
  json players = json::array();
  for (int i = 0; i < g.num_players(); ++i) {
    const std::uint64_t mine = holdings(i);
    int armies = 0;
    for (int t = 0; t < map.size(); ++t) armies += owner_[t] == i ? armies_[t] : 0;
    json continents = json::array();
    for (const Continent& c : map.continents) {
      bool whole = true;
      for (int t : c.territories) whole = whole && ((mine >> t) & 1);
      if (whole) continents.push_back(c.id);
    }
    players.push_back({{"name", g.player_name(i)},
                       {"territories", std::popcount(mine)},
                       {"armies", armies},
                       {"continents", continents},
                       {"reinforcements", mine ? reinforcements(i) : 0},
                       {"alive", mine != 0},
                       {"share", share[i]}});
  }
  out["players"] = players;
  if (over_ && alive_players() == 1) out["winner"] = g.player_name(owner_[0]);
  if (log_.player < 0) {
    out["last_turn"] = nullptr;
  } else {
    json turn;
    turn["player"] = g.player_name(log_.player);
    json placements = json::array();
    for (int k = 0; k < kPlaceSlots; ++k)
      placements.push_back({{"territory", map.territories[log_.place[k]].id}, {"armies", log_.placed[k]}});
    turn["placements"] = placements;
    json attacks = json::array();
    for (const TurnLog::Attack& a : log_.attacks) {
      if (a.outcome == Outcome::kNone) continue;
      json entry = {{"from", map.territories[a.from].id},
                    {"to", map.territories[a.to].id},
                    {"outcome", outcome_word(a.outcome)}};
      if (a.outcome == Outcome::kConquered || a.outcome == Outcome::kHeld) {
        entry["attackers"] = a.attackers;
        entry["defenders"] = a.defenders;
        entry["left"] = a.left;
      }
      attacks.push_back(entry);
    }
    turn["attacks"] = attacks;
    if (log_.move == Outcome::kNone) {
      turn["move"] = nullptr;
    } else {
      turn["move"] = {{"from", map.territories[log_.move_from].id},
                      {"to", map.territories[log_.move_to].id},
                      {"outcome", outcome_word(log_.move)}};
      if (log_.move == Outcome::kMoved) turn["move"]["armies"] = log_.moved;
    }
    out["last_turn"] = turn;
  }
  if (battle_ >= 0) {
    const TurnLog::Attack& a = log_.attacks[battle_];
    out["battle"] = {{"from", map.territories[a.from].id},
                     {"to", map.territories[a.to].id},
                     {"attackers", battle_attackers_},
                     {"defenders", battle_defenders_},
                     {"conquest_probability", conquest_probability(battle_attackers_, battle_defenders_)}};
  } else {
    out["battle"] = nullptr;
  }
  return json_text(out);
}

// ---------------------------------------------------------------------------------------------------
// The game.

RiskGame::RiskGame(std::shared_ptr<const RiskMap> map, std::vector<std::string> players, Position start,
                   int rounds, ValueKind value, ValueWeights weights,
                   const std::vector<Personality>& personalities, std::vector<std::string> personality_names)
    : map_(std::move(map)),
      players_(std::move(players)),
      start_(std::move(start)),
      rounds_(rounds),
      value_(value),
      weights_(weights),
      personality_names_(std::move(personality_names)) {
  for (const Personality& p : personalities) policies_.push_back(std::make_unique<RiskPolicy>(p));
}

RiskGame::~RiskGame() = default;

std::unique_ptr<State> RiskGame::initial_state() const { return std::make_unique<RiskState>(this); }

std::unique_ptr<State> RiskGame::deserialise(std::string_view text, std::string* error) const {
  auto state = std::make_unique<RiskState>(this);
  if (!state->parse(text, error)) return nullptr;
  return state;
}

const Policy& RiskGame::policy(int player) const { return *policies_[player]; }

ValueInfo RiskGame::value_info() const {
  char weights[160];
  std::snprintf(weights, sizeof weights, "%g·territories + %g·armies + %g·continent bonuses",
                weights_.territories, weights_.armies, weights_.continents);
  const std::string share = std::string("the weighted share ") + weights +
                            " (each a share of the map's total; weights from \"value_weights\")";
  if (value_ == ValueKind::kHeuristic) return {"heuristic", share + " of the reached state"};
  return {
      "rollout",
      "the return of one play from the reached state to the end with the policies (a Monte Carlo estimate, "
      "unbiased): the episodic reward, " +
          share + " at the end"};
}

void RiskGame::shares(const RiskState& s, double* share) const {
  const int p = num_players();
  int territories[kMaxPlayers] = {}, armies[kMaxPlayers] = {}, bonus[kMaxPlayers] = {};
  int all_armies = 0;
  for (int t = 0; t < map_->size(); ++t) {
    ++territories[s.owner(t)];
    armies[s.owner(t)] += s.armies(t);
    all_armies += s.armies(t);
  }
  for (const Continent& c : map_->continents) {
    const int holder = s.owner(c.territories[0]);
    bool whole = true;
    for (int t : c.territories) whole = whole && s.owner(t) == holder;
    if (whole) bonus[holder] += c.bonus;
  }
  for (int i = 0; i < p; ++i) {
    share[i] = weights_.territories * territories[i] / map_->size() +
               weights_.armies * armies[i] / all_armies + weights_.continents * bonus[i] / map_->total_bonus;
  }
}

void RiskGame::value(const State& state, double* v) const {
  const auto& s = static_cast<const RiskState&>(state);
  if (s.type() == NodeType::kTerminal) {
    std::fill(v, v + num_players(), 0.0);
    return;
  }
  shares(s, v);
}

std::string RiskGame::board() const {
  using nlohmann::json;
  json out;
  out["map"] = map_->name;
  out["title"] = map_->title;
  out["width"] = map_->width;
  out["height"] = map_->height;
  json continents = json::array();
  for (const Continent& c : map_->continents) {
    json ids = json::array();
    for (int t : c.territories) ids.push_back(map_->territories[t].id);
    continents.push_back(
        {{"id", c.id}, {"name", c.name}, {"bonus", c.bonus}, {"colour", c.colour}, {"territories", ids}});
  }
  out["continents"] = continents;
  json territories = json::array();
  for (const Territory& t : map_->territories) {
    territories.push_back({{"id", t.id},
                           {"name", t.name},
                           {"continent", map_->continents[t.continent].id},
                           {"x", t.x},
                           {"y", t.y}});
  }
  out["territories"] = territories;
  json adjacency = json::array();
  for (const Border& b : map_->borders) {
    if (b.from < b.to) adjacency.push_back({map_->territories[b.from].id, map_->territories[b.to].id});
  }
  out["adjacency"] = adjacency;
  json players = json::array();
  for (int i = 0; i < num_players(); ++i)
    players.push_back(
        {{"name", players_[i]}, {"colour", player_colour(i)}, {"personality", personality_names_[i]}});
  out["players"] = players;
  return json_text(out);
}

std::unique_ptr<Rollouts> RiskGame::rollouts(const State& start, int depth,
                                             const std::vector<Fixed>& fixed) const {
  return make_rollouts<RiskState, RiskPolicy>(*this, start, depth, fixed);
}

int RiskGame::find_player(std::string_view name) const {
  for (int i = 0; i < num_players(); ++i) {
    if (players_[i] == name) return i;
  }
  return -1;
}

const char* RiskGame::player_colour(int player) { return kPlayerColours[player % kMaxPlayers]; }

// ---------------------------------------------------------------------------------------------------
// The reader.

namespace {

class GameReader {
 public:
  explicit GameReader(FileReader& r) : r_(r) {}

  std::shared_ptr<const Game> read(const Json& root) {
    r_.fields(root,
              {"kind", "title", "description", "source", "builtin", "map", "players", "position", "rounds",
               "value", "value_weights", "policies", "states"},
              "a Risk game");
    std::shared_ptr<const RiskMap> map = read_map(root);
    if (!map) return nullptr;
    std::vector<std::string> players;
    if (!read_players(root, *map, &players)) return nullptr;
    const int p = static_cast<int>(players.size());
    std::optional<Position> start;
    if (const Json* position = r_.find(root, "position")) {
      auto owner = [&](const Json& v) -> int {
        auto name = r_.string(v, "an owner");
        if (!name) return -1;
        auto it = std::find(players.begin(), players.end(), *name);
        if (it == players.end()) {
          std::string hint = did_you_mean(*name, players);
          r_.error("game.unknown_player", v, "\"" + *name + "\" is not a player",
                   hint.empty() ? "the players are " + FileReader::join(players) : hint);
          return -1;
        }
        return static_cast<int>(it - players.begin());
      };
      start = read_position(*position, *map, p, r_, owner);
      if (!start) return nullptr;
    } else {
      auto it = map->starts.find(p);
      if (it == map->starts.end()) {
        std::string counts;
        for (const auto& [n, unused] : map->starts)
          counts += (counts.empty() ? "" : ", ") + std::to_string(n);
        const std::string where = map->name.empty() ? "the map" : "the map \"" + map->name + "\"";
        r_.error("game.bad_position", players_at_ ? *players_at_ : *map_at_,
                 where + " has no starting position for " + std::to_string(p) + " players",
                 (counts.empty() ? "it has none" : "it has starts for " + counts + " players") +
                     ": give a \"position\"");
        return nullptr;
      }
      start = it->second;
    }
    int rounds = 2;
    if (const Json* k = r_.find(root, "rounds")) {
      auto x = r_.number(*k, "\"rounds\"");
      if (!x) return nullptr;
      if (!(*x >= 1 && *x <= kMaxRounds) || *x != std::floor(*x)) {
        r_.error("game.bad_rounds", *k,
                 "Risk's \"rounds\" is a whole number from 1 to " + std::to_string(kMaxRounds),
                 "a round is one turn of every player");
        return nullptr;
      }
      rounds = static_cast<int>(*x);
    }
    ValueKind value = ValueKind::kHeuristic;
    if (const Json* v = r_.find(root, "value")) {
      auto s = r_.string(*v, "\"value\"");
      if (!s) return nullptr;
      if (*s == "rollout") {
        value = ValueKind::kRollout;
      } else if (*s != "heuristic") {
        r_.error("game.bad_value", *v, "\"" + *s + "\" is not a value function",
                 "\"heuristic\" (the weighted share, the default) or \"rollout\" (the Monte Carlo return)");
        return nullptr;
      }
    }
    ValueWeights weights;
    if (const Json* w = r_.find(root, "value_weights")) {
      if (!read_weights(*w, &weights)) return nullptr;
    }
    std::vector<Personality> styles(p, *find_personality("balanced"));
    std::vector<std::string> style_names(p, "balanced");
    if (const Json* policies = r_.find(root, "policies")) {
      if (!read_policies(*policies, players, &styles, &style_names)) return nullptr;
    }
    return std::make_shared<RiskGame>(map, players, *start, rounds, value, weights, styles, style_names);
  }

 private:
  std::shared_ptr<const RiskMap> read_map(const Json& root) {
    const Json* m = r_.find(root, "map");
    if (!m) {
      r_.error("model.missing_field", root, "a Risk game has no \"map\"",
               "name a shipped map (" + FileReader::join(shipped_map_names()) + ") or give one ({...})");
      return nullptr;
    }
    map_at_ = m;
    if (m->is_string()) {
      const std::string name = m->get<std::string>();
      std::shared_ptr<const RiskMap> map = shipped_map(name);
      if (!map) {
        std::string hint = did_you_mean(name, shipped_map_names());
        r_.error("game.unknown_map", *m, "\"" + name + "\" is not a shipped map",
                 hint.empty() ? "the shipped maps are " + FileReader::join(shipped_map_names()) : hint);
      }
      return map;
    }
    if (!m->is_object()) {
      r_.error("model.wrong_type", *m,
               std::string("\"map\" must be a shipped map's name or a map object, not ") + m->type_name());
      return nullptr;
    }
    return read_risk_map(*m, r_);
  }

  bool read_players(const Json& root, const RiskMap& map, std::vector<std::string>* players) {
    const Json* v = r_.find(root, "players");
    players_at_ = v;
    const int most = std::min(kMaxPlayers, map.size());
    if (!v) {
      // The map's smallest start, else two players.
      const int p = map.starts.empty() ? 2 : map.starts.begin()->first;
      players->assign(kDefaultNames, kDefaultNames + p);
      return true;
    }
    if (v->is_number()) {
      const double x = v->get<double>();
      if (!(x >= kMinPlayers && x <= most) || x != std::floor(x)) {
        r_.error("game.bad_players", *v, "Risk has 2 to " + std::to_string(most) + " players on this map");
        return false;
      }
      players->assign(kDefaultNames, kDefaultNames + static_cast<int>(x));
      return true;
    }
    if (!r_.array(*v, "\"players\" (names, or a number)")) return false;
    if (static_cast<int>(v->size()) < kMinPlayers || static_cast<int>(v->size()) > most) {
      r_.error("game.bad_players", *v, "Risk has 2 to " + std::to_string(most) + " players on this map");
      return false;
    }
    bool ok = true;
    for (const Json& entry : *v) {
      auto name = r_.string(entry, "a player's name");
      if (!name) return false;
      if (!valid_id(*name)) {
        r_.error("game.invalid_name", entry, "\"" + *name + "\" cannot name a player",
                 "a player's name is 1 to " + std::to_string(kMaxIdLength) + " letters, digits, '_' or '-'");
        ok = false;
      } else if (std::find(players->begin(), players->end(), *name) != players->end()) {
        r_.error("game.duplicate_name", entry, "two players are named \"" + *name + "\"");
        ok = false;
      }
      players->push_back(*name);
    }
    return ok;
  }

  bool read_weights(const Json& w, ValueWeights* weights) {
    if (!r_.object(w, "\"value_weights\"")) return false;
    r_.fields(w, {"territories", "armies", "continents"}, "\"value_weights\"");
    double* slots[3] = {&weights->territories, &weights->armies, &weights->continents};
    const char* names[3] = {"territories", "armies", "continents"};
    for (int k = 0; k < 3; ++k) {
      const Json* x = r_.find(w, names[k]);
      if (!x) {
        r_.error("model.missing_field", w, "\"value_weights\" has no \"" + std::string(names[k]) + "\"",
                 "give the three weights, summing to 1");
        return false;
      }
      auto number = r_.number(*x, std::string("the weight of ") + names[k]);
      if (!number) return false;
      if (!(*number >= 0 && *number <= 1)) {
        r_.error("game.bad_value", *x, std::string("the weight of ") + names[k] + " is a number from 0 to 1");
        return false;
      }
      *slots[k] = *number;
    }
    const double sum = weights->territories + weights->armies + weights->continents;
    if (std::abs(sum - 1) > 1e-9) {
      char total[32];
      std::snprintf(total, sizeof total, "%g", sum);
      r_.error("game.bad_value", w, std::string("the value weights sum to ") + total + ", not 1",
               "a player holding everything is worth 1: make the weights sum to 1");
      return false;
    }
    return true;
  }

  bool read_policies(const Json& v, const std::vector<std::string>& players, std::vector<Personality>* styles,
                     std::vector<std::string>* names) {
    if (!r_.object(v, "\"policies\"")) return false;
    std::vector<std::string> style_names;
    for (const auto& [n, p] : personalities()) style_names.push_back(n);
    bool ok = true;
    for (const auto& member : v.items()) {
      auto it = std::find(players.begin(), players.end(), member.key());
      if (it == players.end()) {
        std::string hint = did_you_mean(member.key(), players);
        r_.error_at_key("game.unknown_player", member.value(), "\"" + member.key() + "\" is not a player",
                        hint.empty() ? "the players are " + FileReader::join(players) : hint);
        ok = false;
        continue;
      }
      const auto i = static_cast<std::size_t>(it - players.begin());
      const Json& entry = member.value();
      auto named = [&](const Json& at, const std::string& name) -> bool {
        auto found = find_personality(name);
        if (!found) {
          std::string hint = did_you_mean(name, style_names);
          r_.error("game.unknown_personality", at, "\"" + name + "\" is not a Risk personality",
                   hint.empty() ? "the personalities are " + FileReader::join(style_names) : hint);
          return false;
        }
        (*styles)[i] = *found;
        (*names)[i] = name;
        return true;
      };
      if (entry.is_string()) {
        ok = named(entry, entry.get<std::string>()) && ok;
        continue;
      }
      if (!r_.object(entry, "a Risk policy (a personality's name, or {\"personality\", numbers...})")) {
        ok = false;
        continue;
      }
      std::vector<std::string> known = {"personality"};
      for (const PersonalityField& f : personality_fields()) known.push_back(f.name);
      r_.fields(entry, known, "a Risk policy");
      if (const Json* base = r_.find(entry, "personality")) {
        auto name = r_.string(*base, "\"personality\"");
        if (!name || !named(*base, *name)) {
          ok = false;
          continue;
        }
      }
      (*names)[i] = "custom (" + (*names)[i] + ")";
      for (const PersonalityField& f : personality_fields()) {
        const Json* x = r_.find(entry, f.name);
        if (!x) continue;
        auto number = r_.number(*x, std::string("\"") + f.name + "\"");
        if (!number) {
          ok = false;
          continue;
        }
        if (!(*number >= f.min && *number <= f.max) || (f.whole && *number != std::floor(*number))) {
          char range[96];
          std::snprintf(range, sizeof range, "%s number from %g to %g", f.whole ? "a whole" : "a", f.min,
                        f.max);
          r_.error("game.bad_personality", *x, std::string("\"") + f.name + "\" is " + range);
          ok = false;
          continue;
        }
        set_field((*styles)[i], f, *number);
      }
    }
    return ok;
  }

  FileReader& r_;
  const Json* map_at_ = nullptr;
  const Json* players_at_ = nullptr;
};

}  // namespace

std::shared_ptr<const Game> read_risk_game(const Json& root, FileReader& reader) {
  return GameReader(reader).read(root);
}

}  // namespace motive::game::risk

#include "game/diplomacy/game.h"

#include <algorithm>
#include <cmath>

#include <nlohmann/json.hpp>

#include "core/diagnostics.h"
#include "game/diplomacy/orders.h"
#include "game/diplomacy/policy.h"
#include "game/diplomacy/position_io.h"
#include "game/rollout.h"

namespace motive::game::diplomacy {

// ---- the state ------------------------------------------------------------------------------------

namespace {

// The scratch of apply_actions and settle, one per thread: a state allocates nothing to adjudicate.
struct ApplyScratch {
  std::vector<Submitted> submitted;
  Adjudication result;
};

ApplyScratch& apply_scratch() {
  thread_local ApplyScratch s;
  return s;
}

}  // namespace

DiplomacyState::DiplomacyState(const DiplomacyGame* game) : game_(game), position_(game->config().start) {}

DiplomacyState::DiplomacyState(const DiplomacyGame* game, const Position& position, int move_number)
    : game_(game), position_(position), move_number_(move_number) {}

const Options& DiplomacyState::options() const {
  if (!options_valid_) {
    legal_options(game_->map(), position_, &options_);
    options_valid_ = true;
  }
  return options_;
}

int DiplomacyState::acting(int* players) const {
  if (over_) return 0;
  const Options& o = options();
  int n = 0;
  for (int i = 0; i < game_->num_players(); ++i) {
    if (o.slots_of(i) > 0) players[n++] = i;
  }
  return n;
}

ActionSpace DiplomacyState::legal_actions(int player) const {
  ActionSpace space;
  if (over_) return space;
  const Options& o = options();
  const Map& m = game_->map();
  const PhaseType phase = position_.phase.type;
  for (int s = o.power_first[player]; s < o.power_first[player + 1]; ++s) {
    const SlotOrders& slot = o.slots[s];
    Slot out;
    const Order& first = o.orders[slot.first];
    if (phase == PhaseType::kAdjustment && first.type == OrderType::kWaive) {
      out.name = "build " + m.provinces[slot.province].id;
    } else {
      out.name = unit_text(m, first.unit, first.location);
    }
    for (int i = slot.first; i < slot.first + slot.count; ++i)
      out.choices.push_back(choice_label(m, o.orders[i], phase));
    space.slots.push_back(std::move(out));
  }
  return space;
}

void DiplomacyState::apply_actions(const Action* joint, double* reward) {
  const Options& o = options();
  int players[kMaxPlayers];
  const int n = acting(players);
  ApplyScratch& scratch = apply_scratch();
  scratch.submitted.clear();
  const PhaseType phase = position_.phase.type;
  for (int a = 0; a < n; ++a) {
    const int power = players[a];
    const int first = o.power_first[power];
    for (int k = 0; k < o.slots_of(power); ++k) {
      const Order& order = o.orders[o.slots[first + k].first + joint[a][k]];
      if (submits(order, phase)) scratch.submitted.push_back({order, power});
    }
  }
  Adjudicator::scratch().adjudicate(game_->map(), position_, scratch.submitted, &scratch.result, false, true);
  position_ = scratch.result.next;
  ++move_number_;
  options_valid_ = false;
  policy_.ready = false;
  settle(reward);
}

void DiplomacyState::settle(double* reward) {
  const Map& m = game_->map();
  for (int guard = 0; guard < 8 * (kMaxYears + 1) && !over_; ++guard) {
    bool end = position_.phase.year > game_->end_year();
    if (!end && position_.phase.type == PhaseType::kAdjustment) {
      int units[kMaxPowers], centres[kMaxPowers];
      count_units(position_, m.num_provinces(), units, centres);
      for (int i = 0; i < m.num_powers(); ++i) end = end || centres[i] >= m.victory;
    }
    if (end) {
      over_ = true;
      double v[kMaxPlayers] = {};
      game_->share(position_, v);
      for (int i = 0; i < game_->num_players(); ++i) reward[i] += v[i];
      return;
    }
    if (anyone_acts()) return;
    // Nobody has anything to order: the phase passes as it would with no orders.
    ApplyScratch& scratch = apply_scratch();
    scratch.submitted.clear();
    Adjudicator::scratch().adjudicate(m, position_, scratch.submitted, &scratch.result, false, true);
    position_ = scratch.result.next;
    options_valid_ = false;
    policy_.ready = false;
  }
}

bool DiplomacyState::anyone_acts() const {
  // What legal_options would give slots to, without listing the orders (a rollout ends with this check).
  const Map& m = game_->map();
  const int n = m.num_provinces();
  switch (position_.phase.type) {
    case PhaseType::kMovement:
      for (int p = 0; p < n; ++p) {
        if (position_.occupied(p)) return true;
      }
      return false;
    case PhaseType::kRetreat:
      return !position_.dislodged.empty();
    case PhaseType::kAdjustment:
      break;
  }
  int units[kMaxPowers], centres[kMaxPowers];
  count_units(position_, n, units, centres);
  for (int i = 0; i < m.num_powers(); ++i) {
    if (units[i] > centres[i]) return true;
    if (centres[i] <= units[i] || units[i] >= kMaxSlots) continue;
    for (int p = 0; p < n; ++p) {
      if (m.provinces[p].home == i && position_.owner[p] == i && !position_.occupied(p)) return true;
    }
  }
  return false;
}

std::unique_ptr<State> DiplomacyState::clone() const {
  // The position and its listed orders (a clone is usually played on at once, as the exact enumeration
  // does: the orders turn its actions into orders), not the policies' weights (copy_from, for the
  // rollouts' reused states, copies both).
  auto s = std::make_unique<DiplomacyState>(game_, position_, move_number_);
  s->over_ = over_;
  if (options_valid_) {
    s->options_ = options_;
    s->options_valid_ = true;
  }
  return s;
}

void DiplomacyState::copy_from(const State& other) {
  const auto& o = static_cast<const DiplomacyState&>(other);
  game_ = o.game_;
  position_ = o.position_;
  move_number_ = o.move_number_;
  over_ = o.over_;
  // The orders and the policies' weights go with the position: copied where the source has them (every
  // rollout starts as a copy of one state: copying them is several times cheaper than listing them).
  options_valid_ = o.options_valid_;
  if (options_valid_) {
    options_.orders.assign(o.options_.orders.begin(), o.options_.orders.end());
    options_.slots.assign(o.options_.slots.begin(), o.options_.slots.end());
    options_.power_first = o.options_.power_first;
  }
  PolicyCache& c = policy_;
  const PolicyCache& from = o.policy_;
  c.ready = options_valid_ && from.ready;
  if (c.ready) {
    c.weight.assign(from.weight.begin(), from.weight.end());
    c.match.assign(from.match.begin(), from.match.end());
    c.spec.assign(from.spec.begin(), from.spec.end());
    c.wants.assign(from.wants.begin(), from.wants.end());
    c.pulls.assign(from.pulls.begin(), from.pulls.end());
    c.pull.assign(from.pull.begin(), from.pull.end());
    if (c.scratch.size() < from.scratch.size()) c.scratch.resize(from.scratch.size());
  }
}

std::string DiplomacyState::serialise() const {
  return position_text(game_->map(), position_, move_number_, over_);
}

std::string DiplomacyState::describe() const {
  const Map& m = game_->map();
  nlohmann::ordered_json out;
  const Phase& ph = position_.phase;
  out["phase"] = {{"code", phase_code(ph)},
                  {"season", ph.season == Season::kSpring ? "spring"
                             : ph.season == Season::kFall ? "fall"
                                                          : "winter"},
                  {"year", ph.year},
                  {"type", ph.type == PhaseType::kMovement  ? "movement"
                           : ph.type == PhaseType::kRetreat ? "retreats"
                                                            : "adjustments"},
                  {"words", phase_words(ph)}};
  out["over"] = over_;
  nlohmann::ordered_json units = nlohmann::ordered_json::array();
  for (int p = 0; p < m.num_provinces(); ++p) {
    if (!position_.occupied(p)) continue;
    const Location& loc = m.locations[position_.location[p]];
    units.push_back(
        {{"power", m.powers[position_.power[p]].name},
         {"type", std::string(1, unit_letter(position_.type[p]))},
         {"province", m.provinces[p].id},
         {"coast", loc.coast.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(loc.coast)},
         {"unit", unit_text(m, position_.type[p], position_.location[p])}});
  }
  out["units"] = units;
  nlohmann::ordered_json centres = nlohmann::ordered_json::object();
  int unit_count[kMaxPowers], centre_count[kMaxPowers];
  count_units(position_, m.num_provinces(), unit_count, centre_count);
  for (int i = 0; i < m.num_powers(); ++i) {
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (int p = 0; p < m.num_provinces(); ++p) {
      if (position_.owner[p] == i) list.push_back(m.provinces[p].id);
    }
    centres[m.powers[i].name] = list;
  }
  out["centres"] = centres;
  nlohmann::ordered_json dislodged = nlohmann::ordered_json::array();
  for (const Dislodged& d : position_.dislodged) {
    nlohmann::ordered_json retreats = nlohmann::ordered_json::array();
    for (int l = 0; l < m.num_locations(); ++l) {
      if (d.retreats[l]) retreats.push_back(m.locations[l].name);
    }
    dislodged.push_back({{"power", m.powers[d.power].name},
                         {"unit", unit_text(m, d.type, d.location)},
                         {"from", m.provinces[d.attacker].id},
                         {"convoyed", d.convoyed},
                         {"retreats", retreats}});
  }
  out["dislodged"] = dislodged;
  nlohmann::ordered_json counts = nlohmann::ordered_json::object();
  for (int i = 0; i < m.num_powers(); ++i) {
    nlohmann::ordered_json c = {{"centres", centre_count[i]}, {"units", unit_count[i]}};
    if (ph.type == PhaseType::kAdjustment) c["adjustment"] = centre_count[i] - unit_count[i];
    counts[m.powers[i].name] = c;
  }
  out["powers"] = counts;
  double v[kMaxPlayers] = {};
  game_->share(position_, v);
  nlohmann::ordered_json share = nlohmann::ordered_json::object();
  for (int i = 0; i < m.num_powers(); ++i) share[m.powers[i].name] = v[i];
  out["share"] = share;
  return json_text(out);
}

std::unique_ptr<DiplomacyState> state_at(const DiplomacyGame& game, const Position& position) {
  auto s = std::make_unique<DiplomacyState>(&game, position, 0);
  double reward[kMaxPlayers] = {};
  s->settle(reward);
  return s;
}

// ---- the game ---------------------------------------------------------------------------------------

DiplomacyGame::DiplomacyGame(GameConfig config) : config_(std::move(config)), map_(config_.map) {
  for (int i = 0; i < map_->num_powers(); ++i) policies_.push_back(std::make_unique<DiplomacyPolicy>());
}

DiplomacyGame::~DiplomacyGame() = default;

std::unique_ptr<State> DiplomacyGame::initial_state() const { return state_at(*this, config_.start); }

std::unique_ptr<State> DiplomacyGame::deserialise(std::string_view text, std::string* error) const {
  const std::size_t first = text.find_first_not_of(" \t\r\n");
  if (first != std::string_view::npos && text[first] == '{') {
    SourceJson doc;
    Diagnostics diagnostics;
    if (!doc.parse(text, &diagnostics)) {
      *error = "the position is not JSON";
      return nullptr;
    }
    RequestProblems problems("position");
    Position p;
    if (!read_position(*map_, doc.root(), config_.start, problems, &p)) {
      try {
        problems.throw_if_any();
      } catch (const RequestError& e) {
        *error = e.what();
      }
      return nullptr;
    }
    return state_at(*this, p);
  }
  Position p;
  int move_number = 0;
  bool over = false;
  if (!parse_position_text(*map_, text, &p, &move_number, &over, error)) return nullptr;
  auto s = std::make_unique<DiplomacyState>(this, p, move_number);
  if (over) {
    // The end is the state's own claim: accept it only where the play would indeed be over.
    double reward[kMaxPlayers] = {};
    s->settle(reward);
    if (!s->over()) {
      *error = "\"end\": the play is not over at " + phase_code(p.phase);
      return nullptr;
    }
  }
  return s;
}

const Policy& DiplomacyGame::policy(int player) const { return *policies_[player]; }

ValueInfo DiplomacyGame::value_info() const {
  if (config_.value == ValueKind::kRollout) return Game::value_info();
  std::string weights = config_.unit_weight == 0
                            ? std::string("supply centres")
                            : "centres (weight " + json_text(nlohmann::json(config_.centre_weight)) +
                                  ") and units (weight " + json_text(nlohmann::json(config_.unit_weight)) +
                                  ")";
  return {"heuristic",
          "each power's share of the " + weights +
              " (a centre counts for the power whose unit stands on it, else for its owner); the "
              "play's last reward is the same share"};
}

void DiplomacyGame::share(const Position& position, double* v) const {
  const Map& m = *map_;
  double score[kMaxPowers] = {};
  double total = 0;
  for (int p = 0; p < m.num_provinces(); ++p) {
    if (m.provinces[p].supply) {
      const int holder = position.phase.type != PhaseType::kAdjustment && position.occupied(p)
                             ? position.power[p]
                             : position.owner[p];
      if (holder != kNobody) score[holder] += config_.centre_weight;
    }
    if (position.occupied(p)) score[position.power[p]] += config_.unit_weight;
  }
  for (int i = 0; i < m.num_powers(); ++i) total += score[i];
  for (int i = 0; i < m.num_powers(); ++i) v[i] = total > 0 ? score[i] / total : 0.0;
}

void DiplomacyGame::value(const State& state, double* v) const {
  const auto& s = static_cast<const DiplomacyState&>(state);
  if (s.over()) {
    std::fill(v, v + num_players(), 0.0);
    return;
  }
  share(s.position(), v);
}

std::string DiplomacyGame::board() const {
  const Map& m = *map_;
  nlohmann::ordered_json out;
  out["map"] = m.name;
  out["width"] = m.width;
  out["height"] = m.height;
  out["victory"] = m.victory;
  nlohmann::ordered_json powers = nlohmann::ordered_json::array();
  for (const Power& p : m.powers) powers.push_back({{"name", p.name}, {"colour", p.colour}});
  out["powers"] = powers;
  nlohmann::ordered_json provinces = nlohmann::ordered_json::array();
  for (int p = 0; p < m.num_provinces(); ++p) {
    const Province& province = m.provinces[p];
    nlohmann::ordered_json coasts = nlohmann::ordered_json::array();
    for (int c = province.first_coast; c < province.first_coast + province.coasts; ++c) {
      coasts.push_back({{"name", m.locations[c].name}, {"x", m.locations[c].x}, {"y", m.locations[c].y}});
    }
    provinces.push_back(
        {{"id", province.id},
         {"name", province.name},
         {"type", province.terrain == Terrain::kLand    ? "land"
                  : province.terrain == Terrain::kCoast ? "coast"
                                                        : "sea"},
         {"x", m.locations[p].x},
         {"y", m.locations[p].y},
         {"supply", province.supply},
         {"home", province.home == kNobody ? nlohmann::ordered_json(nullptr)
                                           : nlohmann::ordered_json(m.powers[province.home].name)},
         {"coasts", coasts}});
  }
  out["provinces"] = provinces;
  nlohmann::ordered_json army = nlohmann::ordered_json::array(), fleet = nlohmann::ordered_json::array();
  for (int p = 0; p < m.num_provinces(); ++p) {
    for (std::uint8_t q : m.provinces[p].army) {
      if (p < q) army.push_back({m.provinces[p].id, m.provinces[q].id});
    }
  }
  for (int l = 0; l < m.num_locations(); ++l) {
    for (std::uint8_t k : m.locations[l].fleet) {
      if (l < k) fleet.push_back({m.locations[l].name, m.locations[k].name});
    }
  }
  out["adjacency"] = {{"army", army}, {"fleet", fleet}};
  return json_text(out);
}

std::unique_ptr<Rollouts> DiplomacyGame::rollouts(const State& start, int depth,
                                                  const std::vector<Fixed>& fixed) const {
  // Every rollout starts as a copy of `start`: its orders and weights are listed once here, then copied.
  const auto& s = static_cast<const DiplomacyState&>(start);
  if (!s.over()) DiplomacyPolicy::prepare(s);
  return make_rollouts<DiplomacyState, DiplomacyPolicy>(*this, start, depth, fixed);
}

// ---- the model file ---------------------------------------------------------------------------------

namespace {

std::vector<std::string> power_names(const Map& m) {
  std::vector<std::string> names;
  for (const Power& p : m.powers) names.push_back(p.name);
  return names;
}

bool read_policy(const Map& m, const Json& value, int power, PolicyWeights* w, FileReader& r) {
  if (!r.object(value, "a power's policy")) return false;
  static const std::vector<std::string> kFields = {"hold",    "defend", "move",    "expand", "attack",
                                                   "support", "convoy", "disband", "friends"};
  r.fields(value, kFields, "a Diplomacy policy");
  bool ok = true;
  double* targets[] = {&w->hold,   &w->defend,  &w->move,   &w->expand,
                       &w->attack, &w->support, &w->convoy, &w->disband};
  for (int k = 0; k < 8; ++k) {
    const Json* x = r.find(value, kFields[k].c_str());
    if (!x) continue;
    if (!x->is_number() || !std::isfinite(x->get<double>()) || std::abs(x->get<double>()) > 20) {
      r.error("game.bad_policy", *x, "\"" + kFields[k] + "\" is a number from -20 to 20 (a logit)");
      ok = false;
      continue;
    }
    *targets[k] = x->get<double>();
  }
  if (const Json* f = r.find(value, "friends")) {
    if (!r.array(*f, "\"friends\"")) return false;
    for (const Json& name : *f) {
      const int i = name.is_string() ? m.find_power(name.get<std::string>()) : -1;
      if (i < 0) {
        std::string hint = did_you_mean(name.is_string() ? name.get<std::string>() : "", power_names(m));
        r.error("game.unknown_power", name, json_text(name) + " is not a power of the map",
                hint.empty() ? "the powers are " + FileReader::join(power_names(m)) : hint);
        ok = false;
        continue;
      }
      if (i == power) {
        r.error("game.bad_policy", name, "a power's own units are always its friends: list other powers");
        ok = false;
        continue;
      }
      w->friends.set(i);
    }
  }
  return ok;
}

// Checks a named state given as a history (a list of phases, each {power: [orders]}) where its orders
// stand, so that a mistake is positioned inside the order's string: an order that does not parse, an
// order for a unit the power does not have, an illegal order (with the adjudicator's reason). What it
// does not check (the shape of the moves, a power missing) model.cc reports for every game. False after
// reporting a problem.
bool check_history(const DiplomacyGame& game, const Json& history, FileReader& r) {
  const Map& m = game.map();
  std::unique_ptr<State> s = game.initial_state();
  for (const Json& move : history) {
    if (!move.is_object() || s->type() != NodeType::kDecision) return true;
    const auto& ds = static_cast<const DiplomacyState&>(*s);
    const Options& options = ds.options();
    const PhaseType phase = ds.position().phase.type;
    int acting[kMaxPlayers];
    const int n = s->acting(acting);
    Action joint[kMaxPlayers];
    for (int a = 0; a < n; ++a) {
      const int power = acting[a];
      auto it = move.find(m.powers[power].name);
      if (it == move.end() || !it->is_array()) return true;
      const int first = options.power_first[power], slots = options.slots_of(power);
      Action action;
      action.resize(slots);
      std::vector<bool> given(static_cast<std::size_t>(slots), false);
      for (const Json& label : *it) {
        if (!label.is_string()) return true;
        const std::string text = label.get<std::string>();
        if (text == "none" || text == "keep") return true;  // adjustment choices: read as labels by model.cc
        OrderError e;
        std::optional<Order> o = parse_order(m, text, &e);
        if (!o) {
          r.error_in_string(
              e.message.find("province") != std::string::npos ? "game.unknown_province" : "game.bad_order",
              label, e.begin, e.end, e.message, e.hint);
          return false;
        }
        if (phase == PhaseType::kRetreat && o->type == OrderType::kMove) o->type = OrderType::kRetreat;
        const std::string canonical = choice_label(m, *o, phase);
        int slot = -1;
        for (int k = 0; k < slots && o->location != kNoLocation; ++k) {
          if (options.slots[first + k].province == m.province_of(o->location)) slot = k;
        }
        if (slot < 0) {
          r.error("game.bad_order", label,
                  "\"" + text + "\": " + m.powers[power].name + " has no unit to order in " +
                      (o->location == kNoLocation ? std::string("this phase")
                                                  : m.provinces[m.province_of(o->location)].id),
                  "each order names one of the power's units (\"" +
                      unit_text(m, options.orders[options.slots[first].first].unit,
                                options.orders[options.slots[first].first].location) +
                      "\", ...)");
          return false;
        }
        const SlotOrders& so = options.slots[first + slot];
        int choice = -1;
        for (int c = 0; c < so.count; ++c) {
          if (choice_label(m, options.orders[so.first + c], phase) == canonical) choice = c;
        }
        if (choice < 0) {
          // Why not: the adjudicator's reason when the order is illegal here.
          Adjudication result;
          Adjudicator::scratch().adjudicate(m, ds.position(), {{*o, power}}, &result, true, false);
          const OrderResult& why = result.results[0];
          r.error(
              "game.bad_order", label,
              "\"" + text + "\" is not a legal order here" + (why.reason.empty() ? "" : ": " + why.reason),
              why.outcome == Outcome::kIllegal
                  ? "the legal orders of a unit are its slot's choices (describe lists them)"
                  : "the listed orders leave out \"VIA C\" (an own fleet's convoy says it) and supports "
                    "naming a "
                    "coast");
          return false;
        }
        if (given[static_cast<std::size_t>(slot)]) {
          r.error("game.bad_order", label,
                  "\"" + text + "\": a second order for " +
                      unit_text(m, options.orders[so.first].unit, options.orders[so.first].location));
          return false;
        }
        given[static_cast<std::size_t>(slot)] = true;
        action.set(slot, choice);
      }
      if (std::find(given.begin(), given.end(), false) != given.end()) return true;  // model.cc says which
      joint[a] = action;
    }
    double reward[kMaxPlayers] = {};
    s->apply_actions(joint, reward);
  }
  return true;
}

}  // namespace

std::shared_ptr<const Game> read_diplomacy_game(const Json& root, FileReader& r) {
  r.fields(root,
           {"kind", "title", "description", "builtin", "map", "position", "years", "value", "value_weights",
            "policies", "states"},
           "a Diplomacy game");
  FileProblems problems(r);
  GameConfig config;
  if (const Json* m = r.find(root, "map")) {
    if (m->is_string()) {
      config.map = builtin_map(m->get<std::string>());
      if (!config.map) {
        std::string hint = did_you_mean(m->get<std::string>(), builtin_map_names());
        r.error("game.unknown_map", *m, "\"" + m->get<std::string>() + "\" is not a shipped map",
                hint.empty()
                    ? "the shipped maps are \"standard\" and \"teaching\", or give a map as an object"
                    : hint);
        return nullptr;
      }
    } else {
      config.map = read_map(*m, problems);
      if (!config.map) return nullptr;
    }
  } else {
    config.map = builtin_map("standard");
  }
  if (!config.map) return nullptr;
  const Map& map = *config.map;
  config.start = map.start;
  bool ok = true;
  if (const Json* p = r.find(root, "position")) {
    Position start;
    if (read_position(map, *p, map.start, problems, &start)) config.start = start;
    else ok = false;
  }
  if (const Json* y = r.find(root, "years")) {
    if (!y->is_number() || y->get<double>() != std::floor(y->get<double>()) || y->get<double>() < 1 ||
        y->get<double>() > kMaxYears) {
      r.error("game.bad_years", *y,
              "\"years\" is a whole number of game years from 1 to " + std::to_string(kMaxYears));
      ok = false;
    } else {
      config.years = static_cast<int>(y->get<double>());
    }
  }
  if (const Json* v = r.find(root, "value")) {
    const std::string s = v->is_string() ? v->get<std::string>() : "";
    if (s == "centres") config.value = ValueKind::kCentres;
    else if (s == "rollout") config.value = ValueKind::kRollout;
    else {
      r.error("game.bad_value", *v,
              "\"value\" is \"centres\" (the supply-centre share) or \"rollout\" (the Monte Carlo return)");
      ok = false;
    }
  }
  if (const Json* w = r.find(root, "value_weights")) {
    if (!r.object(*w, "\"value_weights\"")) return nullptr;
    r.fields(*w, {"centres", "units"}, "\"value_weights\"");
    for (const char* field : {"centres", "units"}) {
      const Json* x = r.find(*w, field);
      if (!x) continue;
      if (!x->is_number() || !std::isfinite(x->get<double>()) || x->get<double>() < 0 ||
          x->get<double>() > 1000) {
        r.error("game.bad_value", *x, std::string("\"") + field + "\" is a weight from 0 to 1000");
        ok = false;
        continue;
      }
      (std::string(field) == "centres" ? config.centre_weight : config.unit_weight) = x->get<double>();
    }
    if (ok && config.centre_weight == 0 && config.unit_weight == 0) {
      r.error("game.bad_value", *w, "the weights of centres and units cannot both be 0");
      ok = false;
    }
  }
  if (const Json* p = r.find(root, "policies")) {
    if (!r.object(*p, "\"policies\"")) return nullptr;
    for (const auto& member : p->items()) {
      const int i = map.find_power(member.key());
      if (i < 0) {
        std::string hint = did_you_mean(member.key(), power_names(map));
        r.error_at_key("game.unknown_power", member.value(),
                       "\"" + member.key() + "\" is not a power of the map",
                       hint.empty() ? "the powers are " + FileReader::join(power_names(map)) : hint);
        ok = false;
        continue;
      }
      ok = read_policy(map, member.value(), i, &config.policies[i], r) && ok;
    }
  }
  // States given as positions are checked here, where their mistakes can be positioned; histories and
  // state texts are read with the other games' (model.cc).
  if (const Json* states = r.find(root, "states")) {
    if (states->is_object()) {
      for (const auto& member : states->items()) {
        if (!member.value().is_object()) continue;
        Position p;
        ok = read_position(map, member.value(), config.start, problems, &p) && ok;
      }
    }
  }
  if (!ok) return nullptr;
  auto game = std::make_shared<DiplomacyGame>(std::move(config));
  if (const Json* states = r.find(root, "states"); states && states->is_object()) {
    for (const auto& member : states->items()) {
      if (member.value().is_array()) ok = check_history(*game, member.value(), r) && ok;
    }
  }
  if (!ok) return nullptr;
  return game;
}

}  // namespace motive::game::diplomacy

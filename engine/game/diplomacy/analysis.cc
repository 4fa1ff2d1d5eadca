#include "game/diplomacy/analysis.h"

#include "core/diagnostics.h"
#include "game/diplomacy/adjudicator.h"
#include "game/diplomacy/game.h"
#include "game/diplomacy/orders.h"
#include "game/diplomacy/position_io.h"

namespace motive::game::diplomacy {

namespace {

using nlohmann::json;

// Bounds on a request's orders (a phase has at most kMaxProvinces units and a few orders each).
constexpr int kMaxOrders = 1000;
constexpr std::size_t kMaxOrderLength = 200;

// The orders of the request, parsed (each error names the order and the column).
std::vector<Submitted> read_orders(const Map& m, const json& given) {
  std::vector<Submitted> out;
  if (given.is_null()) return out;
  const Json value = Json::parse(given.dump());
  RequestProblems problems("orders");
  auto read_list = [&](const Json& list, int power) {
    if (!list.is_array()) {
      throw RequestError("request.bad_parameter",
                         "\"orders\" is a list of orders (\"A PAR - BUR\") or an object {power: [orders]}");
    }
    for (const Json& text : list) {
      if (out.size() >= static_cast<std::size_t>(kMaxOrders)) {
        throw RequestError("request.bad_parameter",
                           "\"orders\" lists more than " + std::to_string(kMaxOrders) + " orders");
      }
      if (text.is_string() && text.get_ref<const std::string&>().size() > kMaxOrderLength) {
        throw RequestError("request.bad_parameter", "\"orders\": an order is at most " +
                                                        std::to_string(kMaxOrderLength) + " characters");
      }
      if (!text.is_string()) {
        throw RequestError("request.bad_parameter", "an order is a string such as \"A PAR - BUR\", not " +
                                                        std::string(text.type_name()));
      }
      OrderError e;
      auto o = parse_order(m, text.get<std::string>(), &e);
      if (!o) {
        problems.error_in_string("request.bad_parameter", text, e.begin, e.end, e.message, e.hint);
        problems.throw_if_any();
      }
      out.push_back({*o, power});
    }
  };
  if (value.is_object()) {
    for (const auto& member : value.items()) {
      const int power = m.find_power(member.key());
      if (power < 0) {
        std::vector<std::string> names;
        for (const Power& p : m.powers) names.push_back(p.name);
        throw RequestError("request.bad_parameter",
                           "\"orders\": \"" + member.key() + "\" is not a power of the map",
                           did_you_mean(member.key(), names));
      }
      read_list(member.value(), power);
    }
  } else {
    read_list(value, kNobody);
  }
  return out;
}

json power_json(const Map& m, int power) {
  return power == kNobody ? json(nullptr) : json(m.powers[power].name);
}

json order_json(const Map& m, const Position& pos, const Submitted& s, const OrderResult& r) {
  const Order& o = s.order;
  json out;
  out["order"] = order_text(m, o);
  out["power"] = power_json(m, r.power);
  out["given"] = true;
  out["type"] = order_type_name(o.type);
  if (o.type != OrderType::kWaive) {
    const int p = m.province_of(o.location);
    // The unit as it stands where there is one, else as written.
    std::string unit = unit_text(m, o.unit, o.location);
    if (r.province >= 0 && pos.phase.type != PhaseType::kRetreat && pos.occupied(r.province))
      unit = unit_text(m, pos.type[r.province], pos.location[r.province]);
    out["unit"] = unit;
    out["from"] = m.provinces[p].id;
  }
  if (o.type == OrderType::kMove || o.type == OrderType::kRetreat) {
    const int to = r.destination != kNoLocation ? r.destination : o.target;
    out["to"] = m.provinces[m.province_of(to)].id;
    out["coast"] = m.locations[to].coast.empty() ? json(nullptr) : json(m.locations[to].coast);
  }
  if (o.type == OrderType::kMove) {
    out["via_convoy"] = o.via_convoy;
    out["convoyed"] = r.convoyed;
    json path = json::array();
    for (int sea : r.convoy_path) path.push_back(m.provinces[sea].id);
    out["convoy_path"] = path;
  }
  if (o.type == OrderType::kSupport || o.type == OrderType::kConvoy) {
    const int q = m.province_of(o.other);
    std::string unit = (o.other_typed ? std::string(1, unit_letter(o.other_unit)) + " " : std::string()) +
                       m.locations[o.other].name;
    if (pos.occupied(q)) unit = unit_text(m, pos.type[q], pos.location[q]);
    json target = o.target == kNoLocation ? json(nullptr) : json(m.locations[o.target].name);
    out[o.type == OrderType::kSupport ? "supported" : "convoyed_army"] = {{"unit", unit}, {"to", target}};
  }
  out["result"] = outcome_name(r.outcome);
  out["reason"] = r.reason.empty() ? json(nullptr) : json(r.reason);
  return out;
}

}  // namespace

json adjudicate_analysis(const GameModel& model, const Params& params, Context& context) {
  const auto* game = dynamic_cast<const DiplomacyGame*>(model.game.get());
  if (!game) {
    throw RequestError("analysis.not_supported", "adjudicate answers on Diplomacy games",
                       "give a game file with \"builtin\": \"diplomacy\"");
  }
  const Map& m = game->map();
  Position position;
  int move_number = 0;
  if (params.has("position") && !params.get("position").is_null()) {
    const Json value = Json::parse(params.get("position").dump());
    RequestProblems problems("position");
    read_position(m, value, game->config().start, problems, &position);
    problems.throw_if_any();
  } else {
    std::unique_ptr<State> s =
        model.state(params.get("state").is_string() ? params.string("state") : std::string());
    const auto& d = static_cast<const DiplomacyState&>(*s);
    position = d.position();
    move_number = d.move_number();
  }
  const std::vector<Submitted> orders = read_orders(m, params.get("orders"));
  Adjudication result;
  Adjudicator::scratch().adjudicate(m, position, orders, &result, true, false);

  json out;
  out["phase"] = phase_code(position.phase);
  out["phase_words"] = phase_words(position.phase);
  json list = json::array();
  for (std::size_t k = 0; k < orders.size(); ++k)
    list.push_back(order_json(m, position, orders[k], result.results[k]));
  // Units without orders: they hold (movement) or disband (retreats).
  for (const UnitRef& u : result.unordered) {
    const int p = m.province_of(u.location);
    json entry;
    const bool retreat = position.phase.type == PhaseType::kRetreat;
    entry["order"] = unit_text(m, u.type, u.location) + (retreat ? " D" : " H");
    entry["power"] = power_json(m, u.power);
    entry["given"] = false;
    entry["type"] = retreat ? "disband" : "hold";
    entry["unit"] = unit_text(m, u.type, u.location);
    entry["from"] = m.provinces[p].id;
    std::string reason;
    bool dislodged = false;
    if (!retreat) {
      for (const Dislodged& d : result.next.dislodged) {
        if (m.province_of(d.location) != p) continue;
        dislodged = true;
        reason = "dislodged by the unit from " + m.provinces[d.attacker].id;
      }
    } else {
      reason = "no retreat order: the unit disbands";
    }
    entry["result"] = dislodged ? "fails" : "succeeds";
    entry["reason"] = reason.empty() ? json(nullptr) : json(reason);
    list.push_back(entry);
  }
  out["orders"] = list;
  json dislodged = json::array();
  for (const Dislodged& d : result.next.dislodged) {
    json retreats = json::array();
    for (int l = 0; l < m.num_locations(); ++l) {
      if (d.retreats[l]) retreats.push_back(m.locations[l].name);
    }
    dislodged.push_back({{"power", power_json(m, d.power)},
                         {"unit", unit_text(m, d.type, d.location)},
                         {"from", m.provinces[d.attacker].id},
                         {"convoyed", d.convoyed},
                         {"retreats", retreats}});
  }
  out["dislodged"] = dislodged;
  json standoffs = json::array();
  for (int q : result.standoffs) standoffs.push_back(m.provinces[q].id);
  out["standoffs"] = standoffs;
  json disorder = json::array();
  for (const UnitRef& u : result.civil_disorder) {
    disorder.push_back({{"power", power_json(m, u.power)}, {"unit", unit_text(m, u.type, u.location)}});
  }
  out["civil_disorder"] = disorder;
  out["position"] = json::parse(position_json(m, result.next).dump());
  DiplomacyState next(game, result.next, move_number + 1);
  double reward[kMaxPlayers] = {};
  next.settle(reward);
  out["state"] = next.serialise();
  context.report(1.0);
  return out;
}

}  // namespace motive::game::diplomacy

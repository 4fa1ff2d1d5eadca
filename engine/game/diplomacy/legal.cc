#include "game/diplomacy/legal.h"

#include "game/diplomacy/position_io.h"

#include <algorithm>
#include <utility>

namespace motive::game::diplomacy {

namespace {

// Storage reused from one call to the next (one per thread): nothing is allocated once it has grown.
struct Scratch {
  std::array<std::bitset<kMaxProvinces>, kMaxProvinces> convoy_to;  // per army: where convoys can land it
  std::array<std::vector<std::pair<std::uint8_t, std::uint8_t>>, kMaxProvinces> convoys;  // per fleet at sea
  std::array<std::bitset<kMaxProvinces>, kMaxProvinces> reach;  // per unit: the provinces it can move to
  // Per province, the units that can move there (in province order): reachers[first[y], first[y + 1]).
  std::array<int, kMaxProvinces + 1> first;
  std::vector<std::uint8_t> reachers;
};

Scratch& scratch() {
  thread_local Scratch s;
  return s;
}

// Every chordless convoy route of the army in `army`: for each, the destination and the seas on it
// are recorded (Scratch::convoys, Scratch::convoy_to). Depth-first, bounded by kRouteBudget steps.
void enumerate_routes(const Map& m, const std::bitset<kMaxProvinces>& fleets, int army, Scratch& s) {
  const int n = m.num_provinces();
  std::array<std::uint8_t, kMaxProvinces> path, next;
  int depth = 0, budget = kRouteBudget;
  next[0] = 0;
  while (depth >= 0 && --budget >= 0) {
    const int sea = next[depth]++;
    if (sea >= n) {
      --depth;
      continue;
    }
    if (!fleets[sea]) continue;
    bool ok = depth == 0 ? m.fleet_reaches(sea, army)
                         : m.fleet_adjacent(path[depth - 1], sea) && !m.fleet_reaches(sea, army);
    for (int i = 0; ok && i < depth; ++i) {
      if (path[i] == sea || (i < depth - 1 && m.fleet_adjacent(path[i], sea))) ok = false;
    }
    if (!ok) continue;
    path[depth] = static_cast<std::uint8_t>(sea);
    // The coasts this sea touches that no earlier sea of the route touches are its destinations.
    for (std::uint8_t l : m.locations[sea].fleet) {
      const int t = m.province_of(l);
      if (t == army || !m.is_coast(t)) continue;
      bool earlier = false;
      for (int i = 0; i < depth && !earlier; ++i) earlier = m.fleet_reaches(path[i], t);
      if (earlier) continue;
      s.convoy_to[army].set(t);
      for (int i = 0; i <= depth; ++i) s.convoys[path[i]].emplace_back(static_cast<std::uint8_t>(army), static_cast<std::uint8_t>(t));
    }
    if (depth + 1 < n) {
      ++depth;
      next[depth] = 0;
    }
  }
}

void add_slot(Options* out, int power, int province, int first) {
  SlotOrders slot;
  slot.power = power;
  slot.province = province;
  slot.first = first;
  slot.count = static_cast<int>(out->orders.size()) - first;
  out->slots.push_back(slot);
}

void movement(const Map& m, const Position& pos, Options* out) {
  const int n = m.num_provinces();
  Scratch& s = scratch();
  std::bitset<kMaxProvinces> fleets;
  for (int p = 0; p < n; ++p) {
    if (pos.occupied(p) && pos.type[p] == UnitType::kFleet && m.is_sea(p)) fleets.set(p);
    s.convoy_to[p].reset();
    s.convoys[p].clear();
    s.reach[p].reset();
  }
  if (fleets.any()) {
    for (int p = 0; p < n; ++p) {
      if (pos.occupied(p) && pos.type[p] == UnitType::kArmy && m.is_coast(p)) enumerate_routes(m, fleets, p, s);
    }
    for (int p = 0; p < n; ++p) {
      std::sort(s.convoys[p].begin(), s.convoys[p].end());
      s.convoys[p].erase(std::unique(s.convoys[p].begin(), s.convoys[p].end()), s.convoys[p].end());
    }
  }
  std::array<std::uint8_t, kMaxProvinces> units;
  int count = 0;
  for (int p = 0; p < n; ++p) {
    if (!pos.occupied(p)) continue;
    units[count++] = static_cast<std::uint8_t>(p);
    if (pos.type[p] == UnitType::kArmy) {
      for (std::uint8_t q : m.provinces[p].army) s.reach[p].set(q);
      s.reach[p] |= s.convoy_to[p];
    } else {
      for (std::uint8_t l : m.locations[pos.location[p]].fleet) s.reach[p].set(m.province_of(l));
    }
  }
  // Who can reach each province: counted, then filled in province order.
  s.first.fill(0);
  for (int k = 0; k < count; ++k) {
    const std::bitset<kMaxProvinces>& r = s.reach[units[k]];
    for (int y = 0; y < n; ++y) s.first[y + 1] += r[y];
  }
  for (int y = 0; y < n; ++y) s.first[y + 1] += s.first[y];
  s.reachers.resize(static_cast<std::size_t>(s.first[n]));
  {
    std::array<int, kMaxProvinces> at;
    std::copy(s.first.begin(), s.first.begin() + n, at.begin());
    for (int k = 0; k < count; ++k) {
      const std::bitset<kMaxProvinces>& r = s.reach[units[k]];
      for (int y = 0; y < n; ++y) {
        if (r[y]) s.reachers[static_cast<std::size_t>(at[y]++)] = units[k];
      }
    }
  }
  for (int i = 0; i < m.num_powers(); ++i) {
    out->power_first[i] = static_cast<int>(out->slots.size());
    for (int p = 0; p < n; ++p) {
      if (pos.power[p] != i) continue;
      const int first = static_cast<int>(out->orders.size());
      const UnitType type = pos.type[p];
      const int loc = pos.location[p];
      Order o;
      o.unit = type;
      o.location = static_cast<std::uint8_t>(loc);
      o.type = OrderType::kHold;
      out->orders.push_back(o);
      o.type = OrderType::kMove;
      if (type == UnitType::kArmy) {
        for (std::uint8_t q : m.provinces[p].army) {
          o.target = q;
          out->orders.push_back(o);
        }
        for (int q = 0; q < n && s.convoy_to[p].any(); ++q) {
          if (s.convoy_to[p][q] && !m.army_adjacent(p, q)) {
            o.target = static_cast<std::uint8_t>(q);
            out->orders.push_back(o);
          }
        }
      } else {
        for (std::uint8_t l : m.locations[loc].fleet) {
          o.target = l;
          out->orders.push_back(o);
        }
      }
      // Supports, into the provinces this unit could move to.
      o.type = OrderType::kSupport;
      const bool at_sea = type == UnitType::kFleet && m.is_sea(p);
      // The provinces it could move to itself (not by convoy), in province order.
      std::array<std::uint8_t, kMaxProvinces> targets;
      int count_targets = 0;
      if (type == UnitType::kArmy) {
        for (std::uint8_t q : m.provinces[p].army) targets[count_targets++] = q;
      } else {
        for (std::uint8_t l : m.locations[loc].fleet) {
          const auto q = static_cast<std::uint8_t>(m.province_of(l));
          if (std::find(targets.begin(), targets.begin() + count_targets, q) == targets.begin() + count_targets)
            targets[count_targets++] = q;
        }
      }
      std::sort(targets.begin(), targets.begin() + count_targets);
      for (int t = 0; t < count_targets; ++t) {
        const int y = targets[t];
        if (pos.occupied(y)) {
          o.target = kNoLocation;
          o.other = pos.location[y];
          o.other_unit = pos.type[y];
          out->orders.push_back(o);
        }
        for (int k = s.first[y]; k < s.first[y + 1]; ++k) {
          const int v = s.reachers[static_cast<std::size_t>(k)];
          if (v == p || v == y) continue;
          if (at_sea && pos.type[v] == UnitType::kArmy && !m.army_adjacent(v, y) &&
              !convoy_route_exists(m, fleets, v, y, p))
            continue;  // its only routes go through this fleet (DATC 6.D.31)
          o.target = static_cast<std::uint8_t>(y);
          o.other = pos.location[v];
          o.other_unit = pos.type[v];
          out->orders.push_back(o);
        }
      }
      if (at_sea) {
        o.type = OrderType::kConvoy;
        o.other_unit = UnitType::kArmy;
        for (const auto& [army, to] : s.convoys[p]) {
          o.other = army;
          o.target = to;
          out->orders.push_back(o);
        }
      }
      add_slot(out, i, p, first);
    }
  }
}

void retreats(const Map& m, const Position& pos, Options* out) {
  for (int i = 0; i < m.num_powers(); ++i) {
    out->power_first[i] = static_cast<int>(out->slots.size());
    for (const Dislodged& d : pos.dislodged) {
      if (d.power != i) continue;
      const int first = static_cast<int>(out->orders.size());
      Order o;
      o.unit = d.type;
      o.location = d.location;
      o.type = OrderType::kRetreat;
      for (int l = 0; l < m.num_locations(); ++l) {
        if (!d.retreats[l]) continue;
        o.target = static_cast<std::uint8_t>(l);
        out->orders.push_back(o);
      }
      o.type = OrderType::kDisband;
      o.target = kNoLocation;
      out->orders.push_back(o);
      add_slot(out, i, m.province_of(d.location), first);
    }
  }
}

void adjustments(const Map& m, const Position& pos, Options* out) {
  const int n = m.num_provinces();
  int units[kMaxPowers], centres[kMaxPowers];
  count_units(pos, n, units, centres);
  for (int i = 0; i < m.num_powers(); ++i) {
    out->power_first[i] = static_cast<int>(out->slots.size());
    if (centres[i] > units[i]) {
      for (int p = 0; p < n; ++p) {
        if (m.provinces[p].home != i || pos.owner[p] != i || pos.occupied(p)) continue;
        const int first = static_cast<int>(out->orders.size());
        Order o;
        o.type = OrderType::kWaive;  // "none"
        o.location = static_cast<std::uint8_t>(p);
        out->orders.push_back(o);
        o.type = OrderType::kBuild;
        if (!m.is_sea(p)) {
          o.unit = UnitType::kArmy;
          out->orders.push_back(o);
        }
        if (m.is_coast(p)) {
          o.unit = UnitType::kFleet;
          const Province& province = m.provinces[p];
          if (province.coasts == 0) {
            out->orders.push_back(o);
          } else {
            for (int c = province.first_coast; c < province.first_coast + province.coasts; ++c) {
              o.location = static_cast<std::uint8_t>(c);
              out->orders.push_back(o);
            }
          }
        }
        add_slot(out, i, p, first);
      }
    } else if (units[i] > centres[i]) {
      for (int p = 0; p < n; ++p) {
        if (pos.power[p] != i) continue;
        const int first = static_cast<int>(out->orders.size());
        Order o;
        o.unit = pos.type[p];
        o.location = pos.location[p];
        o.type = OrderType::kHold;  // "keep"
        out->orders.push_back(o);
        o.type = OrderType::kDisband;
        out->orders.push_back(o);
        add_slot(out, i, p, first);
      }
    }
  }
}

}  // namespace

bool convoy_route_exists(const Map& m, const std::bitset<kMaxProvinces>& fleets, int from, int to, int avoid) {
  if (!m.is_coast(from) || !m.is_coast(to)) return false;
  const int n = m.num_provinces();
  std::array<std::uint8_t, kMaxProvinces> queue;
  std::bitset<kMaxProvinces> seen;
  int head = 0, tail = 0;
  for (int s = 0; s < n; ++s) {
    if (fleets[s] && s != avoid && m.fleet_reaches(s, from)) {
      seen.set(s);
      queue[tail++] = static_cast<std::uint8_t>(s);
    }
  }
  while (head < tail) {
    const int s = queue[head++];
    if (m.fleet_reaches(s, to)) return true;
    for (std::uint8_t t : m.locations[s].fleet) {
      if (fleets[t] && t != avoid && !seen[t]) {
        seen.set(t);
        queue[tail++] = t;
      }
    }
  }
  return false;
}

bool on_minimal_route(const Map& m, const std::bitset<kMaxProvinces>& fleets, int sea, int from, int to) {
  if (!m.is_coast(from) || !m.is_coast(to) || !fleets[sea]) return false;
  const int n = m.num_provinces();
  std::array<std::uint8_t, kMaxProvinces> path, next;
  int depth = 0, budget = kRouteBudget;
  next[0] = 0;
  while (depth >= 0) {
    if (--budget < 0) return true;  // too many routes to look through: do not call the order illegal
    const int s = next[depth]++;
    if (s >= n) {
      --depth;
      continue;
    }
    if (!fleets[s]) continue;
    bool ok = depth == 0 ? m.fleet_reaches(s, from) : m.fleet_adjacent(path[depth - 1], s) && !m.fleet_reaches(s, from);
    for (int i = 0; ok && i < depth; ++i) {
      if (path[i] == s || (i < depth - 1 && m.fleet_adjacent(path[i], s))) ok = false;
    }
    if (!ok) continue;
    path[depth] = static_cast<std::uint8_t>(s);
    if (m.fleet_reaches(s, to)) {
      for (int i = 0; i <= depth; ++i) {
        if (path[i] == sea) return true;
      }
      continue;  // the route ends here: going on would leave this sea out
    }
    if (depth + 1 < n) {
      ++depth;
      next[depth] = 0;
    }
  }
  return false;
}

void legal_options(const Map& map, const Position& position, Options* out) {
  out->orders.clear();
  out->slots.clear();
  out->power_first.fill(0);
  switch (position.phase.type) {
    case PhaseType::kMovement: movement(map, position, out); break;
    case PhaseType::kRetreat: retreats(map, position, out); break;
    case PhaseType::kAdjustment: adjustments(map, position, out); break;
  }
  for (int i = map.num_powers(); i <= kMaxPowers; ++i) out->power_first[i] = static_cast<int>(out->slots.size());
}

std::string choice_label(const Map& map, const Order& order, PhaseType phase) {
  if (phase == PhaseType::kAdjustment && order.type == OrderType::kWaive) return "none";
  if (phase == PhaseType::kAdjustment && order.type == OrderType::kHold) return "keep";
  return order_text(map, order);
}

}  // namespace motive::game::diplomacy

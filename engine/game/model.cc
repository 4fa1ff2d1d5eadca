#include "game/model.h"

#include <algorithm>
#include <cmath>

#include "core/diagnostics.h"
#include "core/text.h"
#include "game/builtins.h"
#include "game/reader_util.h"
#include "game/user_game.h"

namespace motive::game {

namespace {

nlohmann::ordered_json plain(const Json& v) { return nlohmann::ordered_json::parse(json_text(v)); }

}  // namespace

std::optional<Action> parse_action(const State& state, int player, const nlohmann::json& value,
                                   std::string* error) {
  ActionSpace space = state.legal_actions(player);
  if (space.slots.empty()) {
    *error = "this player does not act here";
    return std::nullopt;
  }
  std::vector<std::string> labels(space.slots.size());
  auto label_of = [](const nlohmann::json& x) { return x.is_string() ? x.get<std::string>() : json_text(x); };
  if (value.is_array()) {
    if (value.size() != space.slots.size()) {
      *error = "an action here has " + std::to_string(space.slots.size()) + " sub-actions (" +
               space.label(space.decode(0), true) + ")";
      return std::nullopt;
    }
    for (std::size_t s = 0; s < labels.size(); ++s) labels[s] = label_of(value[s]);
    // Labels in any order: when the list is not in slot order but each label is a choice of exactly one
    // slot, and every slot gets one (a Diplomacy power's orders, each naming its unit).
    Action in_order;
    if (!space.parse(labels, &in_order)) {
      std::vector<std::string> placed(labels.size());
      bool ok = true;
      for (std::size_t k = 0; k < labels.size() && ok; ++k) {
        int slot = -1, found = 0;
        for (std::size_t s = 0; s < space.slots.size(); ++s) {
          const auto& c = space.slots[s].choices;
          if (std::find(c.begin(), c.end(), labels[k]) != c.end()) {
            slot = static_cast<int>(s);
            ++found;
          }
        }
        ok = found == 1 && placed[static_cast<std::size_t>(slot)].empty();
        if (ok) placed[static_cast<std::size_t>(slot)] = labels[k];
      }
      if (ok) labels = placed;
    }
  } else if (value.is_object()) {
    for (std::size_t s = 0; s < labels.size(); ++s) {
      auto it = value.find(space.slots[s].name);
      if (it == value.end()) {
        *error = "the action gives no \"" + space.slots[s].name + "\"";
        return std::nullopt;
      }
      labels[s] = label_of(*it);
    }
    if (value.size() != labels.size()) {
      *error = "the action names a slot that does not exist here";
      return std::nullopt;
    }
  } else if (value.is_string() && space.slots.size() == 1) {
    labels[0] = value.get<std::string>();
  } else {
    *error = "an action is a list of labels, one per slot, or an object {slot: label}";
    return std::nullopt;
  }
  Action action;
  if (!space.parse(labels, &action)) {
    for (std::size_t s = 0; s < labels.size(); ++s) {
      const auto& c = space.slots[s].choices;
      if (std::find(c.begin(), c.end(), labels[s]) == c.end()) {
        *error = "\"" + labels[s] + "\" is not a choice of \"" + space.slots[s].name + "\"" +
                 (did_you_mean(labels[s], c).empty() ? "" : ": " + did_you_mean(labels[s], c));
      }
    }
    return std::nullopt;
  }
  return action;
}

std::unique_ptr<State> play_history(const Game& game, const nlohmann::ordered_json& history,
                                    std::string* error) {
  std::unique_ptr<State> s = game.initial_state();
  if (!history.is_array()) {
    *error = "a history is a list of moves";
    return nullptr;
  }
  int step = 0;
  for (const auto& move : history) {
    ++step;
    std::string where = "move " + std::to_string(step) + ": ";
    double reward[kMaxPlayers] = {};
    if (s->type() == NodeType::kTerminal) {
      *error = where + "the game is already over";
      return nullptr;
    }
    if (s->type() == NodeType::kChance) {
      std::string label = move.is_string() ? move.get<std::string>() : json_text(move);
      int found = -1;
      std::vector<std::string> labels;
      for (int k = 0; k < s->num_chance_outcomes(); ++k) {
        labels.push_back(s->chance_label(k));
        if (labels.back() == label) found = k;
      }
      if (found < 0) {
        *error =
            where + "\"" + label + "\" is not a chance outcome here (" + did_you_mean(label, labels) + ")";
        return nullptr;
      }
      s->apply_chance(found, reward);
      continue;
    }
    int acting[kMaxPlayers];
    int n = s->acting(acting);
    if (!move.is_object()) {
      *error = where + "a decision move is an object {player: action}";
      return nullptr;
    }
    Action joint[kMaxPlayers];
    for (int a = 0; a < n; ++a) {
      auto it = move.find(game.player_name(acting[a]));
      if (it == move.end()) {
        *error = where + "no action for \"" + game.player_name(acting[a]) + "\", who acts here";
        return nullptr;
      }
      std::string why;
      auto action = parse_action(*s, acting[a], nlohmann::json::parse(it->dump()), &why);
      if (!action) {
        *error = where + game.player_name(acting[a]) + ": " + why;
        return nullptr;
      }
      joint[a] = *action;
    }
    if (static_cast<int>(move.size()) != n) {
      *error = where + "only the acting players move here";
      return nullptr;
    }
    s->apply_actions(joint, reward);
  }
  return s;
}

std::unique_ptr<State> GameModel::state(const std::string& name_or_text) const {
  if (name_or_text.empty()) return game->initial_state();
  std::string error;
  for (const auto& [name, text] : states) {
    if (name != name_or_text) continue;
    // The reader kept only texts that read back (read_game_model), so this holds; a failure is a bug.
    if (auto s = game->deserialise(text, &error)) return s;
    throw RequestError("engine.internal",
                       "the text of the state named \"" + name + "\" does not read back: " + error,
                       "this is a bug in Motive: please report it with the model");
  }
  if (auto s = game->deserialise(name_or_text, &error)) return s;
  std::vector<std::string> names;
  for (const auto& st : states) names.push_back(st.first);
  std::string hint = did_you_mean(name_or_text, names);
  throw RequestError("request.unknown_state",
                     "\"" + abbreviated(name_or_text) +
                         "\" is neither a state named in the game file nor a state text (" + error + ")",
                     hint.empty() ? "the named states are " + FileReader::join(names) : hint);
}

std::optional<GameModel> read_game_model(std::string_view text, Diagnostics* diagnostics) {
  SourceJson doc;
  if (!doc.parse(text, diagnostics)) return std::nullopt;
  const Json& root = doc.root();
  FileReader r(doc, diagnostics);
  if (!r.object(root, "a game file")) return std::nullopt;
  GameModel model;
  if (const Json* title = r.find(root, "title")) {
    if (auto t = r.string(*title, "\"title\"")) model.title = *t;
  }
  if (const Json* description = r.find(root, "description")) {
    if (auto t = r.string(*description, "\"description\"")) model.description = *t;
  }
  if (const Json* source = r.find(root, "source")) {
    if (auto t = r.string(*source, "\"source\"")) model.source = *t;
  }
  if (const Json* builtin = r.find(root, "builtin")) {
    auto name = r.string(*builtin, "\"builtin\"");
    if (!name) return std::nullopt;
    const BuiltinGame* found = find_builtin_game(*name);
    if (!found) {
      std::vector<std::string> names;
      for (const BuiltinGame& g : builtin_games()) names.push_back(g.name);
      std::string hint = did_you_mean(*name, names);
      r.error("game.unknown_builtin", *builtin, "\"" + *name + "\" is not a built-in game",
              hint.empty() ? "the built-in games are " + FileReader::join(names) : hint);
      return std::nullopt;
    }
    model.builtin = *name;
    model.game = found->read(root, r);
  } else {
    r.fields(root,
             {"kind", "title", "description", "source", "players", "stages", "payoffs", "payoff_table",
              "policies", "gamma", "value", "states"},
             "a game");
    model.game = read_user_game(root, r);
  }
  if (!model.game || !diagnostics->empty()) return std::nullopt;
  if (const Json* states = r.find(root, "states")) {
    if (!r.object(*states, "\"states\"")) return std::nullopt;
    for (const auto& member : states->items()) {
      std::string error;
      std::unique_ptr<State> s;
      if (member.value().is_string()) {
        s = model.game->deserialise(member.value().get<std::string>(), &error);
      } else if (member.value().is_object()) {
        // A position the game reads itself (Diplomacy's), given as its JSON.
        s = model.game->deserialise(json_text(member.value()), &error);
      } else {
        s = play_history(*model.game, plain(member.value()), &error);
      }
      if (!s) {
        r.error(
            "game.bad_state", member.value(), "state \"" + member.key() + "\": " + error,
            "a state is a history (a list of moves) or a state text such as the describe analysis prints");
        continue;
      }
      // What the requests will give back must read back: a state whose text does not is refused here,
      // not met later as a state that cannot be found (COP with 0 rounds printed a text it refused).
      std::string serialised = s->serialise();
      std::unique_ptr<State> back = model.game->deserialise(serialised, &error);
      if (!back || back->serialise() != serialised) {
        r.error("game.bad_state", member.value(),
                "state \"" + member.key() + "\": its text \"" + abbreviated(serialised) +
                    "\" does not read back" + (back ? "" : " (" + error + ")"),
                "this is a bug in Motive: please report it with the model");
        continue;
      }
      model.states.emplace_back(member.key(), std::move(serialised));
    }
  }
  if (!diagnostics->empty()) return std::nullopt;
  return model;
}

}  // namespace motive::game

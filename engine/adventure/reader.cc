// Reading adventure files (docs/adventures.md): the text into scenes, stats and achievements, then the
// state graph, with every problem reported at its position.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <deque>
#include <stdexcept>
#include <unordered_map>
#include <unordered_set>

#include "adventure/adventure.h"
#include "adventure/play_internal.h"
#include "core/reading.h"
#include "core/source_json.h"
#include "core/text.h"
#include "scim/expression.h"

namespace motive::adventure {
namespace {

std::string number_text(double x) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.10g", x);
  return buffer;
}

// Did-you-means are computed for the first few unknown names only: each compares the name with every
// candidate, and a hostile file may hold thousands of unknown references among thousands of scenes.
constexpr int kMaxSuggestions = 10;
// Hints list at most this many names.
constexpr std::size_t kMaxListed = 20;

std::string some_of(const std::vector<std::string>& names) {
  if (names.size() <= kMaxListed) return join(names);
  return join(std::vector<std::string>(names.begin(), names.begin() + kMaxListed)) + " and " +
         std::to_string(names.size() - kMaxListed) + " more";
}

// Where each part of the model was written, for the diagnostics of the state graph.
struct Where {
  std::vector<const Json*> scene;                   // the scene's value
  std::vector<std::vector<const Json*>> choice;     // each choice's value
  std::vector<std::vector<const Json*>> condition;  // each choice's "if" (or null)
  std::vector<const Json*> achievement;
  const Json* stats = nullptr;
};

class Reader : public TextReader {
 public:
  using TextReader::TextReader;

  std::optional<Adventure> read() {
    const Json& root = doc_.root();
    Adventure game;
    check_fields(root, {"kind", "title", "description", "source", "start", "stats", "achievements", "scenes"},
                 "an adventure");
    read_text(root, "title", &game.title);
    read_text(root, "description", &game.description);
    read_stats(root, &game);
    read_achievements(root, &game);
    read_scenes(root, &game);
    if (!d_->empty()) return std::nullopt;
    read_scene_bodies(&game);
    if (!d_->empty()) return std::nullopt;
    check_next_loops(game);
    if (!d_->empty()) return std::nullopt;
    if (!build_graph(&game)) return std::nullopt;
    check_graph(game);
    if (!d_->empty()) return std::nullopt;
    return game;
  }

 private:
  // ---- helpers ------------------------------------------------------------------------------------

  bool expect(const Json& v, bool ok, const std::string& what, const std::string& type) {
    if (!ok) error("model.wrong_type", v, what + " must be " + type + ", not " + json_type_name(v));
    return ok;
  }

  void read_text(const Json& object, const char* field, std::string* out) {
    auto it = object.find(field);
    if (it == object.end()) return;
    if (expect(*it, it->is_string(), in_quotes(field), "a string")) *out = it->get<std::string>();
  }

  const Json* require(const Json& object, const char* field, const std::string& what) {
    auto it = object.find(field);
    if (it != object.end()) return &*it;
    error("model.missing_field", object, what + " has no " + in_quotes(field));
    return nullptr;
  }

  bool check_name(const std::string& name, const Json& member, const std::string& what) {
    if (!scim::expr::is_identifier(name)) {
      error_at_key("model.invalid_name", member, in_quotes(name) + " is not a valid " + what + " name",
                   "names start with a letter or _ and contain only letters, digits and _");
      return false;
    }
    if (scim::expr::is_reserved_word(name)) {
      error_at_key("model.reserved_name", member, in_quotes(name) + " is reserved by the expression language",
                   "choose another name");
      return false;
    }
    return true;
  }

  // "did you mean ...?" for one of the first kMaxSuggestions unknown names, else "".
  std::string suggestion(const std::string& name, const std::vector<std::string>& candidates) {
    if (suggestions_ >= kMaxSuggestions) return "";
    ++suggestions_;
    return did_you_mean(name, candidates);
  }

  std::optional<int> whole(const Json& v, const std::string& what) {
    if (v.is_number() && std::isfinite(v.get<double>()) && v.get<double>() == std::round(v.get<double>()) &&
        std::abs(v.get<double>()) <= 1e9)
      return static_cast<int>(v.get<double>());
    error("model.wrong_type", v, what + " must be a whole number, not " + json_type_name(v));
    return std::nullopt;
  }

  // ---- stats and achievements ----------------------------------------------------------------------

  void read_stats(const Json& root, Adventure* game) {
    auto it = root.find("stats");
    if (it == root.end()) return;
    where_.stats = &*it;
    if (!expect(*it, it->is_object(), "\"stats\"", "an object")) return;
    if (it->size() > static_cast<std::size_t>(kMaxStats)) {
      error("adventure.too_large", *it, "more than " + std::to_string(kMaxStats) + " stats",
            "keep the stats a decision reads or changes");
      return;
    }
    for (const auto& member : it->items()) {
      const Json& v = member.value();
      if (!check_name(member.key(), v, "stat")) continue;
      if (!expect(v, v.is_object(), "stat " + in_quotes(member.key()),
                  "an object like {\"min\": 0, \"max\": 5}"))
        continue;
      check_fields(v, {"min", "max", "initial", "description"}, "a stat");
      Stat stat;
      stat.name = member.key();
      stat.span = doc_.key_span(v);
      const Json* min = require(v, "min", "stat " + in_quotes(stat.name));
      const Json* max = require(v, "max", "stat " + in_quotes(stat.name));
      if (!min || !max) continue;
      auto lo = whole(*min, "\"min\""), hi = whole(*max, "\"max\"");
      if (!lo || !hi) continue;
      stat.min = *lo;
      stat.max = *hi;
      stat.initial = stat.min;
      if (stat.max < stat.min) {
        error("adventure.bad_stat", *max,
              "stat " + in_quotes(stat.name) + " has max " + std::to_string(stat.max) + " below its min " +
                  std::to_string(stat.min));
        continue;
      }
      if (static_cast<long long>(stat.max) - stat.min >= 100'000) {
        error("adventure.too_large", v, "stat " + in_quotes(stat.name) + " has more than 100,000 values",
              "narrow its bounds");
        continue;
      }
      if (auto i = v.find("initial"); i != v.end()) {
        auto x = whole(*i, "\"initial\"");
        if (!x) continue;
        if (*x < stat.min || *x > stat.max) {
          error("adventure.bad_stat", *i,
                "the initial value " + std::to_string(*x) + " of " + in_quotes(stat.name) + " is outside [" +
                    std::to_string(stat.min) + ", " + std::to_string(stat.max) + "]");
          continue;
        }
        stat.initial = *x;
      }
      game->stats.push_back(stat);
    }
    for (const Stat& stat : game->stats) {
      scim::Domain domain;
      for (int x = stat.min; x <= stat.max; ++x) domain.push_back(static_cast<double>(x));
      symbols_.push_back({stat.name, std::move(domain)});
      stat_index_.emplace(stat.name, static_cast<int>(stat_names_.size()));
      stat_names_.push_back(stat.name);
    }
  }

  void read_achievements(const Json& root, Adventure* game) {
    auto it = root.find("achievements");
    if (it == root.end()) return;
    if (!expect(*it, it->is_object(), "\"achievements\"", "an object")) return;
    if (it->size() > static_cast<std::size_t>(kMaxAchievements)) {
      error("adventure.too_large", *it, "more than " + std::to_string(kMaxAchievements) + " achievements");
      return;
    }
    for (const auto& member : it->items()) {
      const Json& v = member.value();
      if (!expect(v, v.is_object(), "achievement " + in_quotes(member.key()),
                  "an object like {\"points\": 10}"))
        continue;
      check_fields(v, {"points", "title", "description"}, "an achievement");
      Achievement a;
      a.id = member.key();
      a.title = a.id;
      a.span = doc_.key_span(v);
      read_text(v, "title", &a.title);
      read_text(v, "description", &a.description);
      const Json* points = require(v, "points", "achievement " + in_quotes(a.id));
      if (!points) continue;
      if (!points->is_number() || !std::isfinite(points->get<double>()) || points->get<double>() < 0 ||
          points->get<double>() > kMaxMagnitude) {
        error("adventure.bad_points", *points,
              "the points of " + in_quotes(a.id) + " must be a number from 0 to 1e100",
              "points count what a play earns; 1e100 leaves every sum of them finite");
        continue;
      }
      a.points = points->get<double>();
      // The total is the reward's denominator and bounds every play's points: checked where it grows.
      if (game->total_points + a.points > kMaxMagnitude) {
        error("adventure.bad_points", *points,
              "the achievements' points add up to more than 1e100 with " + in_quotes(a.id),
              "points count what a play earns; 1e100 leaves every sum of them finite");
        continue;
      }
      game->achievements.push_back(a);
      game->total_points += a.points;
      where_.achievement.push_back(&v);
      achievement_index_.emplace(a.id, static_cast<int>(achievement_ids_.size()));
      game->achievement_by_id.emplace(a.id, static_cast<int>(achievement_ids_.size()));
      achievement_ids_.push_back(a.id);
    }
  }

  // ---- scenes ----------------------------------------------------------------------------------------

  // First pass: the scene ids, so that targets can be resolved in any order.
  void read_scenes(const Json& root, Adventure* game) {
    const Json* scenes = require(root, "scenes", "an adventure");
    if (!scenes || !expect(*scenes, scenes->is_object(), "\"scenes\"", "an object")) return;
    if (scenes->empty()) {
      error("model.missing_field", *scenes, "an adventure needs at least one scene");
      return;
    }
    if (scenes->size() > static_cast<std::size_t>(kMaxScenes)) {
      error("adventure.too_large", *scenes, "more than " + std::to_string(kMaxScenes) + " scenes");
      return;
    }
    for (const auto& member : scenes->items()) {
      if (!expect(member.value(), member.value().is_object(), "scene " + in_quotes(member.key()),
                  "an object"))
        continue;
      Scene scene;
      scene.id = member.key();
      scene.span = doc_.key_span(member.value());
      game->scenes.push_back(std::move(scene));
      where_.scene.push_back(&member.value());
      scene_index_.emplace(member.key(), static_cast<int>(scene_ids_.size()));
      game->scene_by_id.emplace(member.key(), static_cast<int>(scene_ids_.size()));
      scene_ids_.push_back(member.key());
    }
    // A missing start is pointed at "scenes" (the whole file would be underlined otherwise).
    auto found = root.find("start");
    const Json* start = found == root.end() ? nullptr : &*found;
    if (!start)
      error_at_key(
          "model.missing_field", *scenes, "an adventure has no \"start\"",
          "add \"start\": " + (scene_ids_.empty() ? "a scene's name" : in_quotes(scene_ids_.front())) +
              ", the scene the game begins in");
    if (!start || !expect(*start, start->is_string(), "\"start\"", "a scene name")) return;
    game->start = scene_ref(*start, "the start");
  }

  int scene_ref(const Json& v, const std::string& what) {
    if (!expect(v, v.is_string(), what, "a scene name")) return -1;
    const std::string& id = v.get_ref<const std::string&>();
    if (auto it = scene_index_.find(id); it != scene_index_.end()) return it->second;
    std::string hint = suggestion(id, scene_ids_);
    error("adventure.unknown_scene", v, what + " names scene " + in_quotes(id) + ", which is not defined",
          hint.empty() ? "the scenes are listed under \"scenes\"" : hint);
    return -1;
  }

  std::vector<int> achievement_refs(const Json& object) {
    std::vector<int> out;
    auto it = object.find("achievements");
    if (it == object.end()) return out;
    if (!expect(*it, it->is_array(), "\"achievements\"", "a list of achievement names")) return out;
    for (const Json& item : *it) {
      if (!expect(item, item.is_string(), "an achievement", "a name")) continue;
      const std::string& id = item.get_ref<const std::string&>();
      auto found = achievement_index_.find(id);
      if (found == achievement_index_.end()) {
        std::string hint = suggestion(id, achievement_ids_);
        error("adventure.unknown_achievement", item, "achievement " + in_quotes(id) + " is not defined",
              hint.empty() ? "achievements are listed under \"achievements\"" : hint);
        continue;
      }
      out.push_back(found->second);
    }
    return out;
  }

  scim::expr::Expression compile(const Json& v, scim::ValueType type, const std::string& what) {
    std::string text;
    if (v.is_string()) {
      text = v.get<std::string>();
    } else if (v.is_number() && type == scim::ValueType::kNumber) {
      text = number_text(v.get<double>());
    } else if (v.is_boolean() && type == scim::ValueType::kBoolean) {
      text = v.get<bool>() ? "true" : "false";
    } else {
      expect(v, false, what, "an expression");
      return {};
    }
    std::vector<scim::expr::Error> errors;
    scim::expr::Expression e = scim::expr::Expression::compile(text, symbols_, &errors);
    for (const scim::expr::Error& err : errors) {
      SourceSpan span = v.is_string() ? doc_.span_in_string(v, err.begin, err.end) : doc_.span(v);
      std::string hint = err.hint;
      if (err.id == "expr.unknown_name" && hint.empty())
        hint = stat_names_.empty() ? "the game declares no stats" : "the stats are " + some_of(stat_names_);
      d_->error(err.id, span, err.message, hint);
    }
    if (e.ok() && e.type() != type) {
      error("expr.type_mismatch", v,
            what + " must give " + (type == scim::ValueType::kBoolean ? "true or false" : "a number") +
                ", not " + scim::type_name(e.type()));
      return {};
    }
    return e;
  }

  // Second pass: each scene's body.
  void read_scene_bodies(Adventure* game) {
    where_.choice.resize(game->scenes.size());
    where_.condition.resize(game->scenes.size());
    for (std::size_t i = 0; i < game->scenes.size(); ++i) {
      Scene& scene = game->scenes[i];
      const Json& v = *where_.scene[i];
      const std::string what = "scene " + in_quotes(scene.id);
      check_fields(v, {"text", "choices", "next", "ending", "achievements", "annotations", "set"}, "a scene");
      if (const Json* text = require(v, "text", what))
        if (expect(*text, text->is_string(), "\"text\"", "a string")) scene.text = text->get<std::string>();
      scene.achievements = achievement_refs(v);
      if (auto a = v.find("annotations"); a != v.end()) {
        scene.annotated = true;
        read_annotation(*a, &scene.annotation);
      }
      const int shapes = v.contains("choices") + v.contains("next") + v.contains("ending");
      if (shapes != 1) {
        error_at_key(
            "adventure.scene_shape", v,
            what + (shapes ? " has more than one of" : " has none of") + " \"choices\", \"next\", \"ending\"",
            "a scene offers choices, moves on to the next scene, or ends the game");
        continue;
      }
      if (auto set = v.find("set"); set != v.end()) {
        if (v.contains("choices"))
          error_at_key("adventure.scene_shape", *set, what + " has choices and \"set\"",
                       "a decision scene's choices carry the updates: put \"set\" on the choices");
        else read_updates(*set, &scene.updates);
      }
      if (auto next = v.find("next"); next != v.end()) {
        if (next->is_array()) read_branches(*next, &scene);
        else scene.next = scene_ref(*next, "\"next\"");
      } else if (auto ending = v.find("ending"); ending != v.end()) {
        scene.ending = true;
        if (ending->is_string()) scene.ending_title = ending->get<std::string>();
        else if (!ending->is_boolean() || !ending->get<bool>())
          expect(*ending, false, "\"ending\"", "the ending's title or true");
      } else {
        read_choices(v.at("choices"), &scene, i);
      }
    }
  }

  // "set": {stat: expression}, of a choice or of a scene that moves on.
  void read_updates(const Json& set, std::vector<StatUpdate>* updates) {
    if (!expect(set, set.is_object(), "\"set\"", "an object of stat: expression")) return;
    for (const auto& member : set.items()) {
      auto found = stat_index_.find(member.key());
      if (found == stat_index_.end()) {
        std::string hint = suggestion(member.key(), stat_names_);
        error_at_key("adventure.unknown_stat", member.value(), in_quotes(member.key()) + " is not a stat",
                     hint.empty() ? (stat_names_.empty() ? "declare it under \"stats\""
                                                         : "the stats are " + some_of(stat_names_))
                                  : hint);
        continue;
      }
      StatUpdate update;
      update.stat = found->second;
      update.value = compile(member.value(), scim::ValueType::kNumber, in_quotes(member.key()));
      update.span = doc_.span(member.value());
      if (update.value.ok()) updates->push_back(std::move(update));
    }
  }

  // "next" as a list: [{"if": condition, "target": scene}, ..., {"target": scene}], the first whose
  // condition holds taken, the last (without "if") when none does.
  void read_branches(const Json& list, Scene* scene) {
    const std::string what = "the \"next\" of scene " + in_quotes(scene->id);
    if (list.empty()) {
      error("adventure.scene_shape", list, what + " is an empty list",
            "list the ways on, the last without \"if\": [{\"if\": ..., \"target\": ...}, {\"target\": ...}]");
      return;
    }
    for (std::size_t b = 0; b < list.size(); ++b) {
      const Json& v = list[b];
      if (!expect(v, v.is_object(), "a way on", "an object like {\"if\": ..., \"target\": ...}")) continue;
      check_fields(v, {"if", "target"}, "a way on");
      const bool last = b + 1 == list.size();
      const Json* target = require(v, "target", "a way on");
      const int to = target ? scene_ref(*target, "\"target\"") : -1;
      auto condition = v.find("if");
      if (last) {
        if (condition != v.end())
          error("adventure.scene_shape", *condition, "the last way on of " + what + " has a condition",
                "the last way on is taken when no condition holds: leave out its \"if\"");
        scene->next = to;
        continue;
      }
      if (condition == v.end()) {
        error("adventure.scene_shape", v, "a way on of " + what + " before the last has no condition",
              "give it an \"if\", or make it the last");
        continue;
      }
      Branch branch;
      branch.condition = compile(*condition, scim::ValueType::kBoolean, "\"if\"");
      if (condition->is_string()) branch.condition_text = condition->get<std::string>();
      branch.target = to;
      branch.span = doc_.span(v);
      if (branch.condition.ok()) scene->branches.push_back(std::move(branch));
    }
  }

  void read_choices(const Json& list, Scene* scene, std::size_t scene_index) {
    if (!expect(list, list.is_array(), "\"choices\"", "a list")) return;
    if (list.empty()) {
      error("adventure.scene_shape", list, "scene " + in_quotes(scene->id) + " has an empty list of choices",
            "give at least one choice, or make the scene an ending");
      return;
    }
    std::unordered_set<std::string> ids;  // of the choices read so far
    for (std::size_t c = 0; c < list.size(); ++c) {
      const Json& v = list[c];
      if (!expect(v, v.is_object(), "a choice", "an object like {\"text\": ..., \"target\": ...}")) continue;
      check_fields(v, {"id", "text", "target", "if", "set", "achievements"}, "a choice");
      Choice choice;
      choice.id = std::to_string(c);
      choice.span = doc_.span(v);
      read_text(v, "id", &choice.id);
      if (!ids.insert(choice.id).second)
        error("model.duplicate_name", v.contains("id") ? v.at("id") : v,
              "scene " + in_quotes(scene->id) + " has two choices named " + in_quotes(choice.id));
      if (const Json* text = require(v, "text", "a choice"))
        if (expect(*text, text->is_string(), "\"text\"", "a string")) choice.text = text->get<std::string>();
      if (const Json* target = require(v, "target", "a choice"))
        choice.target = scene_ref(*target, "\"target\"");
      const Json* condition = nullptr;
      if (auto it = v.find("if"); it != v.end()) {
        condition = &*it;
        choice.condition = compile(*it, scim::ValueType::kBoolean, "\"if\"");
        if (it->is_string()) choice.condition_text = it->get<std::string>();
      }
      if (auto set = v.find("set"); set != v.end()) read_updates(*set, &choice.updates);
      choice.achievements = achievement_refs(v);
      scene->choices.push_back(std::move(choice));
      where_.choice[scene_index].push_back(&v);
      where_.condition[scene_index].push_back(condition);
    }
  }

  // ---- annotations ---------------------------------------------------------------------------------

  bool range(const Json& v, double lo, double hi, const std::string& what, double* out) {
    if (!v.is_number() || !std::isfinite(v.get<double>())) {
      expect(v, false, what, "a number");
      return false;
    }
    double x = v.get<double>();
    if (x < lo || x > hi) {
      error("adventure.annotation_range", v,
            what + " is " + number_text(x) + ", outside [" + number_text(lo) + ", " +
                (std::isinf(hi) ? std::string("∞") : number_text(hi)) + "]",
            hi == kMaxMagnitude
                ? "counts and amounts are at most 1e100, which leaves every sum of them finite"
                : "");
      return false;
    }
    *out = x;
    return true;
  }

  const Json* object_field(const Json& v, const char* name, const std::string& what) {
    auto it = v.find(name);
    if (it == v.end()) return nullptr;
    if (!expect(*it, it->is_object(), what, "an object")) return nullptr;
    return &*it;
  }

  void read_levels(const Json& v, const std::vector<std::string>& levels, const std::string& what,
                   double* out) {
    for (const auto& member : v.items()) {
      auto it = std::find(levels.begin(), levels.end(), member.key());
      if (it == levels.end()) {
        error_at_key("adventure.annotation_range", member.value(),
                     in_quotes(member.key()) + " is not a level of " + what,
                     "the levels are " + join(levels));
        continue;
      }
      range(member.value(), 0, kMaxMagnitude, what + "." + member.key(), &out[it - levels.begin()]);
    }
  }

  void read_annotation(const Json& v, Annotation* a) {
    if (!expect(v, v.is_object(), "\"annotations\"", "an object")) return;
    check_fields(v, {"utility", "physical", "money", "social", "morality"}, "annotations");
    static const std::vector<std::string> kUtilityLevels = {"-3", "-2", "-1", "0", "1", "2", "3"};
    static const std::vector<std::string> kInfluenceLevels = {"0", "1", "2"};
    if (const Json* u = object_field(v, "utility", "\"utility\"")) {
      check_fields(*u, {"self", "others"}, "utility annotations");
      if (const Json* s = object_field(*u, "self", "\"self\""))
        read_levels(*s, kUtilityLevels, "utility.self", a->utility_self.data());
      if (const Json* o = object_field(*u, "others", "\"others\""))
        read_levels(*o, kUtilityLevels, "utility.others", a->utility_others.data());
    }
    if (const Json* p = object_field(v, "physical", "\"physical\"")) {
      check_fields(*p, {"watts"}, "physical annotations");
      if (auto w = p->find("watts"); w != p->end()) range(*w, 0, kMaxMagnitude, "physical.watts", &a->watts);
    }
    if (const Json* m = object_field(v, "money", "\"money\"")) {
      check_fields(*m, {"dollars"}, "money annotations");
      if (auto d = m->find("dollars"); d != m->end())
        range(*d, 0, kMaxMagnitude, "money.dollars", &a->dollars);
    }
    if (const Json* s = object_field(v, "social", "\"social\"")) {
      check_fields(*s, {"influence"}, "social annotations");
      if (const Json* i = object_field(*s, "influence", "\"influence\""))
        read_levels(*i, kInfluenceLevels, "social.influence", a->influence.data());
    }
    if (const Json* m = object_field(v, "morality", "\"morality\"")) {
      std::vector<std::string> names(kMoralityNames.begin(), kMoralityNames.end());
      check_fields(*m, names, "morality annotations");
      for (int c = 0; c < kMoralityCount; ++c)
        if (auto it = m->find(kMoralityNames[c]); it != m->end())
          range(*it, 0, 1, std::string("morality.") + kMoralityNames[c], &a->morality[c]);
    }
  }

  // ---- static structure ------------------------------------------------------------------------------

  // A chain of `next` that returns to itself would pass scenes forever without a decision.
  void check_next_loops(const Adventure& game) {
    const int n = static_cast<int>(game.scenes.size());
    std::vector<int> mark(n, 0);  // 0 unseen, 1 on the current chain, 2 done
    for (int s = 0; s < n; ++s) {
      std::vector<int> chain;
      int x = s;
      while (x >= 0 && mark[x] == 0) {
        mark[x] = 1;
        chain.push_back(x);
        // A scene with branches may leave the chain: whether it does is found on the state graph.
        x = game.scenes[x].branches.empty() ? game.scenes[x].next : -1;
      }
      if (x >= 0 && mark[x] == 1) {
        std::string path;
        auto from = std::find(chain.begin(), chain.end(), x);
        for (auto it = from; it != chain.end(); ++it) path += game.scenes[*it].id + " → ";
        path += game.scenes[x].id;
        error("adventure.no_exit", where_.scene[chain.back()]->at("next"),
              "the scenes " + path + " follow each other with no decision, forever",
              "end the loop with a choice or an ending");
      }
      for (int c : chain) mark[c] = 2;
    }
  }

  // ---- the state graph ------------------------------------------------------------------------------

  std::string stats_text(const Adventure& game, const int* values) const {
    if (game.stats.empty()) return "";
    std::string out = " (with ";
    for (std::size_t i = 0; i < game.stats.size(); ++i)
      out += (i ? ", " : "") + game.stats[i].name + " = " + std::to_string(values[i]);
    return out + ")";
  }

  struct KeyHash {
    std::size_t operator()(const std::pair<std::uint64_t, std::uint64_t>& k) const {
      return std::hash<std::uint64_t>()(k.first * 0x9E3779B97F4A7C15ull ^ (k.second + 0x632BE59BD9B4E019ull));
    }
  };

  // Builds the decision states reachable from the start, breadth first. Expression failures are
  // reported at the expression; a state space over the limits at "stats".
  bool build_graph(Adventure* game) {
    StateGraph& g = game->graph;
    const int stat_count = static_cast<int>(game->stats.size());
    g.stat_count = stat_count;
    // Stat values packed in mixed radix, then the scene: one 64-bit key with the achievements.
    double radix_product = static_cast<double>(game->scenes.size());
    for (const Stat& s : game->stats) radix_product *= s.max - s.min + 1;
    if (radix_product > 9e18) {
      error("adventure.too_large", *where_.stats, "the stats take too many combinations of values",
            "narrow their bounds or use fewer stats");
      return false;
    }
    auto key_of = [&](int scene, const std::vector<int>& values, std::uint64_t unlocked) {
      std::uint64_t k = 0;
      for (int i = 0; i < stat_count; ++i)
        k = k * static_cast<std::uint64_t>(game->stats[i].max - game->stats[i].min + 1) +
            static_cast<std::uint64_t>(values[i] - game->stats[i].min);
      return std::make_pair(k * game->scenes.size() + static_cast<std::uint64_t>(scene), unlocked);
    };
    std::unordered_map<std::pair<std::uint64_t, std::uint64_t>, int, KeyHash> index;
    std::vector<int> scratch;
    const Choice* current_choice = nullptr;
    // A state for a play at a decision scene: its index, created if new.
    auto state_of = [&](const Play& play) -> int {
      auto [it, added] = index.emplace(key_of(play.scene, play.stat_values, play.unlocked), g.states());
      if (added) {
        g.scene.push_back(play.scene);
        g.stat_values.insert(g.stat_values.end(), play.stat_values.begin(), play.stat_values.end());
        g.unlocked.push_back(play.unlocked);
      }
      return it->second;
    };
    auto target_of = [&](const Play& play) { return play.ended ? -1 - play.scene : state_of(play); };
    auto conscience = [](const Step& step) {
      return *std::max_element(step.annotation.morality.begin(), step.annotation.morality.end());
    };
    seen_scenes_.assign(game->scenes.size(), 0);
    try {
      Step first;
      Play play = start_play(*game, &first);
      for (int x : first.scenes) seen_scenes_[static_cast<std::size_t>(x)] = 1;
      g.start_target = target_of(play);
      g.start_points = first.points;
      g.start_flags = first.flags;
      g.start_conscience = conscience(first);
      g.edge_start.push_back(0);
      for (int s = 0; s < g.states(); ++s) {
        const Scene& scene = game->scenes[g.scene[s]];
        Play at;
        at.scene = g.scene[s];
        at.stat_values.assign(g.stat_values.begin() + static_cast<long>(s) * stat_count,
                              g.stat_values.begin() + static_cast<long>(s + 1) * stat_count);
        at.unlocked = g.unlocked[s];
        for (std::size_t c = 0; c < scene.choices.size(); ++c) {
          current_choice = &scene.choices[c];
          if (!internal::choice_available(*game, *current_choice, at.stat_values, &scratch)) continue;
          Play next = at;
          Step step = take_choice(*game, &next, static_cast<int>(c));
          for (int x : step.scenes) seen_scenes_[static_cast<std::size_t>(x)] = 1;
          g.edge_choice.push_back(static_cast<int>(c));
          g.edge_target.push_back(target_of(next));
          g.edge_points.push_back(step.points);
          g.edge_flags.push_back(step.flags);
          g.edge_conscience.push_back(conscience(step));
        }
        g.edge_start.push_back(g.edges());
        if (g.states() > kMaxStates || g.edges() > kMaxEdges) {
          error("adventure.too_large", where_.stats ? *where_.stats : doc_.root(),
                "the game has more than " + std::to_string(kMaxStates) +
                    " decision states (scene, stats, "
                    "achievements) or " +
                    std::to_string(kMaxEdges) + " choices among them",
                "narrow the stats' bounds");
          return false;
        }
      }
    } catch (const internal::SceneFailure& e) {
      const Scene& scene = game->scenes[static_cast<std::size_t>(e.scene)];
      if (e.message.empty())
        error_at_key("adventure.no_exit", *where_.scene[static_cast<std::size_t>(e.scene)],
                     "from scene " + in_quotes(scene.id) + " a play passes more than " +
                         std::to_string(kMaxStepScenes) + " scenes without a decision: it goes round forever",
                     "give the loop of \"next\" a way out that its stats reach");
      else
        error_at_key("expr.runtime_error", *where_.scene[static_cast<std::size_t>(e.scene)],
                     "an expression of scene " + in_quotes(scene.id) + " fails: " + e.message,
                     "guard it with a condition (for example against a division by a stat that can be 0)");
      return false;
    } catch (const std::domain_error& e) {
      // Choices' conditions and updates (scenes' own are SceneFailure).
      d_->error("expr.runtime_error", current_choice->span,
                std::string("an expression of this choice fails: ") + e.what(),
                "guard it with a condition (for example against a division by a stat that can be 0)");
      return false;
    } catch (const internal::NotWholeNumber& e) {
      d_->error("adventure.stat_not_whole", e.update->span,
                "the update of " + in_quotes(game->stats[e.update->stat].name) + " gives " +
                    number_text(e.value) + ", not a whole number",
                "stats are whole numbers: round with a conditional, or scale the stat");
      return false;
    }
    return true;
  }

  // Diagnostics that need the state graph.
  void check_graph(const Adventure& game) {
    const StateGraph& g = game.graph;
    const int n = static_cast<int>(game.scenes.size());
    std::vector<char> scene_seen(n, 0);
    std::vector<std::vector<char>> choice_seen(n);
    for (int s = 0; s < n; ++s) choice_seen[s].assign(game.scenes[s].choices.size(), 0);
    // The scenes a play can pass: those of the first step and of every step the graph takes.
    Step first;
    start_play(game, &first);
    for (int s = 0; s < n; ++s) scene_seen[s] = seen_scenes_[static_cast<std::size_t>(s)];
    for (int s = 0; s < g.states(); ++s)
      for (int e = g.edge_start[s]; e < g.edge_start[s + 1]; ++e)
        choice_seen[g.scene[s]][g.edge_choice[e]] = 1;
    for (int s = 0; s < n; ++s) {
      if (!scene_seen[s]) {
        error_at_key("adventure.unreachable_scene", *where_.scene[s],
                     "scene " + in_quotes(game.scenes[s].id) + " can never be reached",
                     "no choice available in any play leads to it");
        continue;
      }
      // A reached scene with choices is a decision state of the graph.
      for (std::size_t c = 0; c < game.scenes[s].choices.size(); ++c) {
        if (choice_seen[s][c]) continue;
        const Json* at = where_.condition[s][c] ? where_.condition[s][c] : where_.choice[s][c];
        error("adventure.impossible_choice", *at,
              "choice " + in_quotes(game.scenes[s].choices[c].id) + " of scene " +
                  in_quotes(game.scenes[s].id) +
                  " is never available: its condition holds in no play that reaches the scene");
      }
    }
    // Dead ends: a decision state where nothing is available.
    for (int s = 0; s < g.states(); ++s) {
      if (g.edge_start[s] != g.edge_start[s + 1]) continue;
      error_at_key("adventure.dead_end", *where_.scene[g.scene[s]],
                   "in scene " + in_quotes(game.scenes[g.scene[s]].id) + " no choice is available" +
                       stats_text(game, g.stat_values.data() + static_cast<std::size_t>(s) * g.stat_count),
                   "add a choice without a condition, or loosen the conditions");
      return;
    }
    // Cycles with no exit: states from which no ending can be reached.
    std::vector<std::vector<int>> predecessors(g.states());
    std::deque<int> queue;
    std::vector<char> exits(g.states(), 0);
    for (int s = 0; s < g.states(); ++s)
      for (int e = g.edge_start[s]; e < g.edge_start[s + 1]; ++e) {
        if (StateGraph::is_ending(g.edge_target[e])) {
          if (!exits[s]) queue.push_back(s);
          exits[s] = 1;
        } else {
          predecessors[g.edge_target[e]].push_back(s);
        }
      }
    while (!queue.empty()) {
      int s = queue.front();
      queue.pop_front();
      for (int p : predecessors[s])
        if (!exits[p]) {
          exits[p] = 1;
          queue.push_back(p);
        }
    }
    for (int s = 0; s < g.states(); ++s) {
      if (exits[s]) continue;
      error_at_key("adventure.no_exit", *where_.scene[g.scene[s]],
                   "from scene " + in_quotes(game.scenes[g.scene[s]].id) +
                       stats_text(game, g.stat_values.data() + static_cast<std::size_t>(s) * g.stat_count) +
                       " no ending can be reached: the play would go round forever",
                   "give the loop a way out");
      return;
    }
    // Achievements no play unlocks: every step's unlocks are in the states' sets and the ending steps.
    std::uint64_t unlockable = 0;
    for (std::uint64_t u : g.unlocked) unlockable |= u;
    for (int s = 0; s < g.states(); ++s)
      for (int e = g.edge_start[s]; e < g.edge_start[s + 1]; ++e) {
        if (!StateGraph::is_ending(g.edge_target[e]) || g.edge_points[e] == 0) continue;
        Play at;
        at.scene = g.scene[s];
        at.stat_values.assign(g.stat_values.begin() + static_cast<long>(s) * g.stat_count,
                              g.stat_values.begin() + static_cast<long>(s + 1) * g.stat_count);
        at.unlocked = g.unlocked[s];
        take_choice(game, &at, g.edge_choice[e]);
        unlockable |= at.unlocked;
      }
    if (StateGraph::is_ending(g.start_target))
      for (int a : first.achievements) unlockable |= std::uint64_t{1} << a;
    for (std::size_t a = 0; a < game.achievements.size(); ++a)
      if (!(unlockable & (std::uint64_t{1} << a)) && game.achievements[a].points > 0)
        error_at_key("adventure.unreachable_achievement", *where_.achievement[a],
                     "achievement " + in_quotes(game.achievements[a].id) + " is never unlocked in any play",
                     "unlock it from a scene or choice that can be reached");
  }

  Where where_;
  std::vector<scim::expr::Symbol> symbols_;
  std::vector<std::string> stat_names_;
  std::vector<std::string> scene_ids_;
  std::vector<std::string> achievement_ids_;
  std::vector<char> seen_scenes_;  // by the state graph: whether some step passes the scene
  std::unordered_map<std::string, int> stat_index_, scene_index_, achievement_index_;
  int suggestions_ = 0;  // did-you-means computed so far
};

}  // namespace

std::optional<Adventure> read_adventure(std::string_view text, Diagnostics* diagnostics) {
  SourceJson doc;
  if (!doc.parse(text, diagnostics)) return std::nullopt;
  if (!doc.root().is_object()) {
    diagnostics->error("model.wrong_type", doc.span(doc.root()), "an adventure must be a JSON object");
    return std::nullopt;
  }
  try {
    return Reader(doc, diagnostics).read();
  } catch (const std::bad_alloc&) {
    diagnostics->error("analysis.out_of_memory", {}, "the game's state graph does not fit in memory",
                       "narrow the stats' bounds");
    return std::nullopt;
  }
}

}  // namespace motive::adventure

// The layering rule of engine/ (engine/kinds/kinds.h): no folder includes one above it. Reads every
// #include of engine/*/*.h and engine/*/*.cc and checks it against the folders each may use.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <string>

namespace {

// What a kind that owns its family (game/, adventure/, any folder below that the rule does not name)
// may include: a new kind's folder obeys the rule without a line here.
const std::set<std::string> kOwnFamilyKind = {"core", "scim", "mdp", "meg"};

// What each named folder may include besides itself; kinds/ and api/ may also include any kind's own
// folder.
const std::map<std::string, std::set<std::string>>& allowed() {
  static const std::map<std::string, std::set<std::string>> rule = {
      {"core", {}},
      {"scim", {"core"}},
      {"mdp", {"core"}},
      {"intention", {"core", "scim", "mdp"}},
      {"meg", {"core", "scim", "mdp"}},
      {"kinds", {"core", "scim", "mdp", "intention", "meg"}},
      // The importers write models of the kinds and read them back with the kinds' readers.
      {"formats", {"core", "scim", "mdp", "meg", "game", "adventure"}},
      {"api", {"core", "scim", "mdp", "intention", "meg", "kinds", "formats"}},
  };
  return rule;
}

TEST(Layering, NoEngineFolderIncludesOneAboveIt) {
  const std::filesystem::path engine = std::filesystem::path(MOTIVE_SOURCE_DIR) / "engine";
  const std::regex include_line(R"re(^\s*#\s*include\s*"([a-z_]+)/[^"]+")re");
  int files = 0, includes = 0;
  for (const auto& folder : std::filesystem::directory_iterator(engine)) {
    if (!folder.is_directory()) continue;
    const std::string name = folder.path().filename().string();
    auto named = allowed().find(name);
    const std::set<std::string>& may_use = named != allowed().end() ? named->second : kOwnFamilyKind;
    for (const auto& file : std::filesystem::recursive_directory_iterator(folder.path())) {
      const std::string ext = file.path().extension().string();
      if (ext != ".h" && ext != ".cc") continue;
      ++files;
      std::ifstream in(file.path());
      std::string line;
      for (int number = 1; std::getline(in, line); ++number) {
        std::smatch m;
        if (!std::regex_search(line, m, include_line)) continue;
        ++includes;
        const std::string target = m[1];
        const bool own_family_kind = !allowed().count(target);  // a kind's folder, below kinds/ and api/
        EXPECT_TRUE(target == name || may_use.count(target) ||
                    (own_family_kind && (name == "kinds" || name == "api")))
            << "engine/" << name << "/" << file.path().filename().string() << ":" << number << " includes "
            << target << "/, which is above " << name << "/";
      }
    }
  }
  // The walk found the engine (a wrong path would pass vacuously).
  EXPECT_GT(files, 50);
  EXPECT_GT(includes, 100);
}

// The folders whose code is in plain `motive`: the shared layers (core, kinds, api) and intention, whose
// names (IntentionSearch, admits_voi, ...) are the papers' and clash with no family's. Every other folder
// (scim, mdp, meg, game, adventure, and any new kind's) keeps its code in `motive::<folder>`, so that a
// SCIM's Policy, an MDP's and a game's never meet in one namespace.
const std::set<std::string> kPlainMotive = {"core", "intention", "kinds", "api"};

TEST(Layering, EachFamilyKeepsItsCodeInItsOwnNamespace) {
  const std::filesystem::path engine = std::filesystem::path(MOTIVE_SOURCE_DIR) / "engine";
  const std::regex namespace_line(R"re(^namespace (motive[a-z_:]*) \{)re");
  int opened = 0;
  for (const auto& folder : std::filesystem::directory_iterator(engine)) {
    if (!folder.is_directory()) continue;
    const std::string name = folder.path().filename().string();
    const std::string expected = kPlainMotive.count(name) ? "motive" : "motive::" + name;
    for (const auto& file : std::filesystem::recursive_directory_iterator(folder.path())) {
      const std::string ext = file.path().extension().string();
      if (ext != ".h" && ext != ".cc") continue;
      std::ifstream in(file.path());
      std::string line;
      for (int number = 1; std::getline(in, line); ++number) {
        std::smatch m;
        if (!std::regex_search(line, m, namespace_line)) continue;
        ++opened;
        const std::string ns = m[1];
        const bool inside = ns == expected || ns.rfind(expected + "::", 0) == 0;
        EXPECT_TRUE(inside) << "engine/" << name << "/" << file.path().filename().string() << ":" << number
                            << " opens namespace " << ns << ", not " << expected;
      }
    }
  }
  EXPECT_GT(opened, 50);
}

}  // namespace

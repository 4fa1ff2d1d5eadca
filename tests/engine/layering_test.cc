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

// What each folder may include besides itself.
const std::map<std::string, std::set<std::string>>& allowed() {
  static const std::map<std::string, std::set<std::string>> rule = [] {
    const std::set<std::string> families = {"core", "scim", "mdp", "intention", "meg"};
    std::map<std::string, std::set<std::string>> r = {
        {"core", {}},
        {"scim", {"core"}},
        {"mdp", {"core"}},
        {"intention", {"core", "scim", "mdp"}},
        {"meg", {"core", "scim", "mdp"}},
        // Kinds that own their family: their folder holds the family and the kind's table.
        {"game", {"core", "scim", "mdp", "meg"}},
        {"adventure", {"core", "scim", "mdp", "meg"}},
    };
    std::set<std::string> below_kinds = families;
    below_kinds.insert({"game", "adventure"});
    r["kinds"] = below_kinds;
    std::set<std::string> below_api = below_kinds;
    below_api.insert("kinds");
    r["api"] = below_api;
    return r;
  }();
  return rule;
}

TEST(Layering, NoEngineFolderIncludesOneAboveIt) {
  const std::filesystem::path engine = std::filesystem::path(MOTIVE_SOURCE_DIR) / "engine";
  const std::regex include_line(R"re(^\s*#\s*include\s*"([a-z_]+)/[^"]+")re");
  int files = 0, includes = 0;
  for (const auto& folder : std::filesystem::directory_iterator(engine)) {
    if (!folder.is_directory()) continue;
    const std::string name = folder.path().filename().string();
    auto rule = allowed().find(name);
    ASSERT_NE(rule, allowed().end()) << "engine/" << name
                                     << " is not in the layering rule: add it to engine/kinds/kinds.h and here";
    for (const auto& file : std::filesystem::directory_iterator(folder.path())) {
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
        EXPECT_TRUE(target == name || rule->second.count(target))
            << "engine/" << name << "/" << file.path().filename().string() << ":" << number << " includes "
            << target << "/, which is above " << name << "/";
      }
    }
  }
  // The walk found the engine (a wrong path would pass vacuously).
  EXPECT_GT(files, 50);
  EXPECT_GT(includes, 100);
}

}  // namespace

// The shipped Risk maps, as the JSON a model may give inline (map.h reads both the same way).
//
//   ring      six territories in a ring, three continents of two, for tests: 2 or 3 players.
//   meridia   a continent of our own invention: 22 territories in five regions, for 3 or 4 players.
#include "game/risk/map.h"

namespace motive::game::risk {

namespace {

constexpr std::string_view kRing = R"json({
  "name": "ring",
  "title": "The ring: six territories, three continents of two",
  "width": 600,
  "height": 600,
  "continents": [
    { "id": "upland", "name": "Upland", "bonus": 2, "colour": "#c9d8b6" },
    { "id": "lowland", "name": "Lowland", "bonus": 2, "colour": "#e8d3a9" },
    { "id": "coast", "name": "Coast", "bonus": 2, "colour": "#b9d3e8" }
  ],
  "territories": [
    { "id": "u1", "name": "Ashpeak", "continent": "upland", "x": 300, "y": 80, "adjacent": ["u2", "c2"] },
    { "id": "u2", "name": "Bramble", "continent": "upland", "x": 491, "y": 190, "adjacent": ["u1", "l1"] },
    { "id": "l1", "name": "Cinder", "continent": "lowland", "x": 491, "y": 410, "adjacent": ["u2", "l2"] },
    { "id": "l2", "name": "Dapple", "continent": "lowland", "x": 300, "y": 520, "adjacent": ["l1", "c1"] },
    { "id": "c1", "name": "Eddy", "continent": "coast", "x": 109, "y": 410, "adjacent": ["l2", "c2"] },
    { "id": "c2", "name": "Fathom", "continent": "coast", "x": 109, "y": 190, "adjacent": ["c1", "u1"] }
  ],
  "starts": {
    "2": {
      "u1": { "owner": 1, "armies": 3 }, "u2": { "owner": 2, "armies": 3 },
      "l1": { "owner": 1, "armies": 3 }, "l2": { "owner": 2, "armies": 3 },
      "c1": { "owner": 1, "armies": 3 }, "c2": { "owner": 2, "armies": 3 }
    },
    "3": {
      "u1": { "owner": 1, "armies": 3 }, "u2": { "owner": 2, "armies": 3 },
      "l1": { "owner": 3, "armies": 3 }, "l2": { "owner": 1, "armies": 3 },
      "c1": { "owner": 2, "armies": 3 }, "c2": { "owner": 3, "armies": 3 }
    }
  }
})json";

constexpr std::string_view kMeridia = R"json({
  "name": "meridia",
  "title": "Meridia: five regions around the Heartland",
  "width": 1000,
  "height": 700,
  "continents": [
    { "id": "north", "name": "Northreach", "bonus": 3, "colour": "#c9d8e8" },
    { "id": "west", "name": "Westvale", "bonus": 2, "colour": "#c9e0b6" },
    { "id": "heart", "name": "Heartland", "bonus": 3, "colour": "#e8d3a9" },
    { "id": "east", "name": "Eastmarch", "bonus": 2, "colour": "#d6c9e8" },
    { "id": "south", "name": "Sunlands", "bonus": 3, "colour": "#ecdcb3" }
  ],
  "territories": [
    { "id": "n1", "name": "Frostholm", "continent": "north", "x": 150, "y": 90, "adjacent": ["n2", "n4", "w1"] },
    { "id": "n2", "name": "Ironpeak", "continent": "north", "x": 330, "y": 70, "adjacent": ["n1", "n3", "n4", "n5"] },
    { "id": "n3", "name": "Greywatch", "continent": "north", "x": 510, "y": 110, "adjacent": ["n2", "n5", "h2", "e1"] },
    { "id": "n4", "name": "Pinecrest", "continent": "north", "x": 250, "y": 190, "adjacent": ["n1", "n2", "n5", "w2"] },
    { "id": "n5", "name": "Coldwater", "continent": "north", "x": 420, "y": 200, "adjacent": ["n2", "n3", "n4", "h1"] },
    { "id": "w1", "name": "Ashford", "continent": "west", "x": 100, "y": 300, "adjacent": ["n1", "w2", "w3"] },
    { "id": "w2", "name": "Redfern", "continent": "west", "x": 230, "y": 360, "adjacent": ["n4", "w1", "w3", "w4", "h1"] },
    { "id": "w3", "name": "Millbrook", "continent": "west", "x": 90, "y": 460, "adjacent": ["w1", "w2", "w4"] },
    { "id": "w4", "name": "Stonebridge", "continent": "west", "x": 220, "y": 520, "adjacent": ["w2", "w3", "h3", "s1"] },
    { "id": "h1", "name": "Crownmere", "continent": "heart", "x": 410, "y": 320, "adjacent": ["n5", "w2", "h2", "h3"] },
    { "id": "h2", "name": "Oakhaven", "continent": "heart", "x": 570, "y": 300, "adjacent": ["n3", "h1", "h4", "e3"] },
    { "id": "h3", "name": "Lanternfield", "continent": "heart", "x": 400, "y": 450, "adjacent": ["w4", "h1", "h4", "s2"] },
    { "id": "h4", "name": "Sablemoor", "continent": "heart", "x": 570, "y": 450, "adjacent": ["h2", "h3", "s3"] },
    { "id": "e1", "name": "Harrowgate", "continent": "east", "x": 720, "y": 160, "adjacent": ["n3", "e2", "e3"] },
    { "id": "e2", "name": "Saltmarsh", "continent": "east", "x": 880, "y": 210, "adjacent": ["e1", "e3", "e4"] },
    { "id": "e3", "name": "Tidewell", "continent": "east", "x": 740, "y": 340, "adjacent": ["h2", "e1", "e2", "e4", "s4"] },
    { "id": "e4", "name": "Brightcliff", "continent": "east", "x": 900, "y": 390, "adjacent": ["e2", "e3", "s5"] },
    { "id": "s1", "name": "Dunmere", "continent": "south", "x": 280, "y": 630, "adjacent": ["w4", "s2"] },
    { "id": "s2", "name": "Goldreach", "continent": "south", "x": 430, "y": 600, "adjacent": ["h3", "s1", "s3"] },
    { "id": "s3", "name": "Emberfall", "continent": "south", "x": 590, "y": 610, "adjacent": ["h4", "s2", "s4"] },
    { "id": "s4", "name": "Cinderport", "continent": "south", "x": 750, "y": 560, "adjacent": ["e3", "s3", "s5"] },
    { "id": "s5", "name": "Palmshore", "continent": "south", "x": 900, "y": 620, "adjacent": ["e4", "s4"] }
  ],
  "starts": {
    "3": {
      "n1": { "owner": 1, "armies": 3 }, "n2": { "owner": 1, "armies": 3 }, "n3": { "owner": 3, "armies": 3 },
      "n4": { "owner": 1, "armies": 2 }, "n5": { "owner": 2, "armies": 3 },
      "w1": { "owner": 2, "armies": 3 }, "w2": { "owner": 2, "armies": 3 }, "w3": { "owner": 2, "armies": 3 },
      "w4": { "owner": 1, "armies": 3 },
      "h1": { "owner": 1, "armies": 3 }, "h2": { "owner": 3, "armies": 3 }, "h3": { "owner": 2, "armies": 3 },
      "h4": { "owner": 3, "armies": 3 },
      "e1": { "owner": 3, "armies": 3 }, "e2": { "owner": 3, "armies": 3 }, "e3": { "owner": 1, "armies": 3 },
      "e4": { "owner": 3, "armies": 3 },
      "s1": { "owner": 2, "armies": 3 }, "s2": { "owner": 2, "armies": 3 }, "s3": { "owner": 1, "armies": 2 },
      "s4": { "owner": 3, "armies": 3 }, "s5": { "owner": 1, "armies": 2 }
    },
    "4": {
      "n1": { "owner": 1, "armies": 3 }, "n2": { "owner": 1, "armies": 3 }, "n3": { "owner": 4, "armies": 4 },
      "n4": { "owner": 1, "armies": 3 }, "n5": { "owner": 2, "armies": 3 },
      "w1": { "owner": 2, "armies": 3 }, "w2": { "owner": 2, "armies": 3 }, "w3": { "owner": 2, "armies": 3 },
      "w4": { "owner": 3, "armies": 4 },
      "h1": { "owner": 1, "armies": 3 }, "h2": { "owner": 4, "armies": 4 }, "h3": { "owner": 3, "armies": 4 },
      "h4": { "owner": 2, "armies": 3 },
      "e1": { "owner": 4, "armies": 3 }, "e2": { "owner": 4, "armies": 3 }, "e3": { "owner": 3, "armies": 3 },
      "e4": { "owner": 4, "armies": 4 },
      "s1": { "owner": 3, "armies": 3 }, "s2": { "owner": 1, "armies": 3 }, "s3": { "owner": 3, "armies": 4 },
      "s4": { "owner": 2, "armies": 3 }, "s5": { "owner": 1, "armies": 3 }
    }
  }
})json";

}  // namespace

const std::vector<std::string>& shipped_map_names() {
  static const std::vector<std::string> names = {"ring", "meridia"};
  return names;
}

std::string_view shipped_map_text(std::string_view name) {
  if (name == "ring") return kRing;
  if (name == "meridia") return kMeridia;
  return {};
}

}  // namespace motive::game::risk

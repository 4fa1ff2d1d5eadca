// The shipped maps as data, in the map format of docs/games.md ("Maps"), read by read_map at first use.
//
// "standard": the 75 provinces of the game (56 on land, 19 at sea), its split coasts, 34 supply centres,
// the seven powers and the 1901 position; the ids are those of the standard map (as the DATC, the
// rulebook and common software abbreviate them), with a few other spellings as aliases. Coordinates
// are a rough drawing of Europe on a 1000 x 800 canvas.
// "teaching": a map of our own: three powers (Azuria, Brennia, Corvia), 18 provinces (13 on land, 5
// seas), 11 supply centres, a split coast (Fenmoor) and convoy routes to the island of Ostra.
#include "game/diplomacy/map.h"

namespace motive::game::diplomacy {

const char* standard_map_json() {
  return R"map_json(
{
  "name": "standard", "width": 1000, "height": 800, "victory": 18,
  "powers": [
    {"name": "austria", "colour": "#c8382f"},
    {"name": "england", "colour": "#2f5bb7"},
    {"name": "france", "colour": "#4fa3d9"},
    {"name": "germany", "colour": "#5a5a5a"},
    {"name": "italy", "colour": "#3a9d3a"},
    {"name": "russia", "colour": "#8e5fb5"},
    {"name": "turkey", "colour": "#d9a62e"}
  ],
  "provinces": [
    {"id": "ADR", "name": "Adriatic Sea", "type": "sea", "x": 505, "y": 575, "fleet": ["ALB", "APU", "ION", "TRI", "VEN"]},
    {"id": "AEG", "name": "Aegean Sea", "type": "sea", "x": 690, "y": 690, "fleet": ["BUL/SC", "CON", "EAS", "GRE", "ION", "SMY"]},
    {"id": "ALB", "name": "Albania", "type": "coast", "x": 580, "y": 605, "army": ["GRE", "SER", "TRI"], "fleet": ["ADR", "GRE", "ION", "TRI"]},
    {"id": "ANK", "name": "Ankara", "type": "coast", "supply": true, "home": "turkey", "x": 830, "y": 600, "army": ["ARM", "CON", "SMY"], "fleet": ["ARM", "BLA", "CON"]},
    {"id": "APU", "name": "Apulia", "type": "coast", "x": 530, "y": 620, "army": ["NAP", "ROM", "VEN"], "fleet": ["ADR", "ION", "NAP", "VEN"]},
    {"id": "ARM", "name": "Armenia", "type": "coast", "x": 930, "y": 595, "army": ["ANK", "SEV", "SMY", "SYR"], "fleet": ["ANK", "BLA", "SEV"]},
    {"id": "BAL", "name": "Baltic Sea", "type": "sea", "x": 565, "y": 280, "fleet": ["BER", "BOT", "DEN", "KIE", "LVN", "PRU", "SWE"]},
    {"id": "BAR", "name": "Barents Sea", "type": "sea", "x": 720, "y": 25, "fleet": ["NWG", "NWY", "STP/NC"]},
    {"id": "BEL", "name": "Belgium", "type": "coast", "supply": true, "x": 355, "y": 385, "army": ["BUR", "HOL", "PIC", "RUH"], "fleet": ["ENG", "HOL", "NTH", "PIC"]},
    {"id": "BER", "name": "Berlin", "type": "coast", "supply": true, "home": "germany", "x": 495, "y": 330, "army": ["KIE", "MUN", "PRU", "SIL"], "fleet": ["BAL", "KIE", "PRU"]},
    {"id": "BLA", "name": "Black Sea", "type": "sea", "x": 810, "y": 530, "fleet": ["ANK", "ARM", "BUL/EC", "CON", "RUM", "SEV"]},
    {"id": "BOH", "name": "Bohemia", "type": "land", "x": 520, "y": 430, "army": ["GAL", "MUN", "SIL", "TYR", "VIE"]},
    {"id": "BOT", "name": "Gulf of Bothnia", "type": "sea", "x": 600, "y": 195, "aliases": ["GOB"], "fleet": ["BAL", "FIN", "LVN", "STP/SC", "SWE"]},
    {"id": "BRE", "name": "Brest", "type": "coast", "supply": true, "home": "france", "x": 245, "y": 430, "army": ["GAS", "PAR", "PIC"], "fleet": ["ENG", "GAS", "MAO", "PIC"]},
    {"id": "BUD", "name": "Budapest", "type": "land", "supply": true, "home": "austria", "x": 610, "y": 480, "army": ["GAL", "RUM", "SER", "TRI", "VIE"]},
    {"id": "BUL", "name": "Bulgaria", "type": "coast", "supply": true, "x": 690, "y": 585, "army": ["CON", "GRE", "RUM", "SER"], "coasts": {"EC": {"x": 730, "y": 565, "fleet": ["BLA", "CON", "RUM"]}, "SC": {"x": 670, "y": 625, "fleet": ["AEG", "CON", "GRE"]}}},
    {"id": "BUR", "name": "Burgundy", "type": "land", "x": 350, "y": 455, "army": ["BEL", "GAS", "MAR", "MUN", "PAR", "PIC", "RUH"]},
    {"id": "CLY", "name": "Clyde", "type": "coast", "x": 255, "y": 205, "army": ["EDI", "LVP"], "fleet": ["EDI", "LVP", "NAO", "NWG"]},
    {"id": "CON", "name": "Constantinople", "type": "coast", "supply": true, "home": "turkey", "x": 735, "y": 625, "army": ["ANK", "BUL", "SMY"], "fleet": ["AEG", "ANK", "BLA", "BUL/EC", "BUL/SC", "SMY"]},
    {"id": "DEN", "name": "Denmark", "type": "coast", "supply": true, "x": 470, "y": 270, "army": ["KIE", "SWE"], "fleet": ["BAL", "HEL", "KIE", "NTH", "SKA", "SWE"]},
    {"id": "EAS", "name": "Eastern Mediterranean", "type": "sea", "x": 790, "y": 745, "fleet": ["AEG", "ION", "SMY", "SYR"]},
    {"id": "EDI", "name": "Edinburgh", "type": "coast", "supply": true, "home": "england", "x": 290, "y": 225, "army": ["CLY", "LVP", "YOR"], "fleet": ["CLY", "NTH", "NWG", "YOR"]},
    {"id": "ENG", "name": "English Channel", "type": "sea", "x": 255, "y": 390, "aliases": ["ECH"], "fleet": ["BEL", "BRE", "IRI", "LON", "MAO", "NTH", "PIC", "WAL"]},
    {"id": "FIN", "name": "Finland", "type": "coast", "x": 615, "y": 145, "army": ["NWY", "STP", "SWE"], "fleet": ["BOT", "STP/SC", "SWE"]},
    {"id": "GAL", "name": "Galicia", "type": "land", "x": 625, "y": 430, "army": ["BOH", "BUD", "RUM", "SIL", "UKR", "VIE", "WAR"]},
    {"id": "GAS", "name": "Gascony", "type": "coast", "x": 260, "y": 520, "army": ["BRE", "BUR", "MAR", "PAR", "SPA"], "fleet": ["BRE", "MAO", "SPA/NC"]},
    {"id": "GRE", "name": "Greece", "type": "coast", "supply": true, "x": 625, "y": 660, "army": ["ALB", "BUL", "SER"], "fleet": ["AEG", "ALB", "BUL/SC", "ION"]},
    {"id": "HEL", "name": "Heligoland Bight", "type": "sea", "x": 415, "y": 300, "fleet": ["DEN", "HOL", "KIE", "NTH"]},
    {"id": "HOL", "name": "Holland", "type": "coast", "supply": true, "x": 395, "y": 350, "army": ["BEL", "KIE", "RUH"], "fleet": ["BEL", "HEL", "KIE", "NTH"]},
    {"id": "ION", "name": "Ionian Sea", "type": "sea", "x": 560, "y": 720, "fleet": ["ADR", "AEG", "ALB", "APU", "EAS", "GRE", "NAP", "TUN", "TYS"]},
    {"id": "IRI", "name": "Irish Sea", "type": "sea", "x": 185, "y": 320, "fleet": ["ENG", "LVP", "MAO", "NAO", "WAL"]},
    {"id": "KIE", "name": "Kiel", "type": "coast", "supply": true, "home": "germany", "x": 445, "y": 340, "army": ["BER", "DEN", "HOL", "MUN", "RUH"], "fleet": ["BAL", "BER", "DEN", "HEL", "HOL"]},
    {"id": "LON", "name": "London", "type": "coast", "supply": true, "home": "england", "x": 295, "y": 350, "army": ["WAL", "YOR"], "fleet": ["ENG", "NTH", "WAL", "YOR"]},
    {"id": "LVN", "name": "Livonia", "type": "coast", "x": 645, "y": 270, "army": ["MOS", "PRU", "STP", "WAR"], "fleet": ["BAL", "BOT", "PRU", "STP/SC"]},
    {"id": "LVP", "name": "Liverpool", "type": "coast", "supply": true, "home": "england", "x": 260, "y": 285, "army": ["CLY", "EDI", "WAL", "YOR"], "fleet": ["CLY", "IRI", "NAO", "WAL"]},
    {"id": "LYO", "name": "Gulf of Lyon", "type": "sea", "x": 320, "y": 610, "aliases": ["GOL"], "fleet": ["MAR", "PIE", "SPA/SC", "TUS", "TYS", "WES"]},
    {"id": "MAO", "name": "Mid-Atlantic Ocean", "type": "sea", "x": 90, "y": 470, "aliases": ["MID", "MAT"], "fleet": ["BRE", "ENG", "GAS", "IRI", "NAF", "NAO", "POR", "SPA/NC", "SPA/SC", "WES"]},
    {"id": "MAR", "name": "Marseilles", "type": "coast", "supply": true, "home": "france", "x": 340, "y": 545, "army": ["BUR", "GAS", "PIE", "SPA"], "fleet": ["LYO", "PIE", "SPA/SC"]},
    {"id": "MOS", "name": "Moscow", "type": "land", "supply": true, "home": "russia", "x": 775, "y": 300, "army": ["LVN", "SEV", "STP", "UKR", "WAR"]},
    {"id": "MUN", "name": "Munich", "type": "land", "supply": true, "home": "germany", "x": 455, "y": 420, "army": ["BER", "BOH", "BUR", "KIE", "RUH", "SIL", "TYR"]},
    {"id": "NAF", "name": "North Africa", "type": "coast", "x": 185, "y": 750, "army": ["TUN"], "fleet": ["MAO", "TUN", "WES"]},
    {"id": "NAO", "name": "North Atlantic Ocean", "type": "sea", "x": 110, "y": 170, "aliases": ["NAT"], "fleet": ["CLY", "IRI", "LVP", "MAO", "NWG"]},
    {"id": "NAP", "name": "Naples", "type": "coast", "supply": true, "home": "italy", "x": 515, "y": 665, "army": ["APU", "ROM"], "fleet": ["APU", "ION", "ROM", "TYS"]},
    {"id": "NTH", "name": "North Sea", "type": "sea", "x": 365, "y": 255, "fleet": ["BEL", "DEN", "EDI", "ENG", "HEL", "HOL", "LON", "NWG", "NWY", "SKA", "YOR"]},
    {"id": "NWG", "name": "Norwegian Sea", "type": "sea", "x": 400, "y": 70, "aliases": ["NRG"], "fleet": ["BAR", "CLY", "EDI", "NAO", "NTH", "NWY"]},
    {"id": "NWY", "name": "Norway", "type": "coast", "supply": true, "x": 480, "y": 145, "army": ["FIN", "STP", "SWE"], "fleet": ["BAR", "NTH", "NWG", "SKA", "STP/NC", "SWE"]},
    {"id": "PAR", "name": "Paris", "type": "land", "supply": true, "home": "france", "x": 300, "y": 465, "army": ["BRE", "BUR", "GAS", "PIC"]},
    {"id": "PIC", "name": "Picardy", "type": "coast", "x": 310, "y": 400, "army": ["BEL", "BRE", "BUR", "PAR"], "fleet": ["BEL", "BRE", "ENG"]},
    {"id": "PIE", "name": "Piedmont", "type": "coast", "x": 400, "y": 520, "army": ["MAR", "TUS", "TYR", "VEN"], "fleet": ["LYO", "MAR", "TUS"]},
    {"id": "POR", "name": "Portugal", "type": "coast", "supply": true, "x": 85, "y": 580, "army": ["SPA"], "fleet": ["MAO", "SPA/NC", "SPA/SC"]},
    {"id": "PRU", "name": "Prussia", "type": "coast", "x": 560, "y": 320, "army": ["BER", "LVN", "SIL", "WAR"], "fleet": ["BAL", "BER", "LVN"]},
    {"id": "ROM", "name": "Rome", "type": "coast", "supply": true, "home": "italy", "x": 470, "y": 610, "army": ["APU", "NAP", "TUS", "VEN"], "fleet": ["NAP", "TUS", "TYS"]},
    {"id": "RUH", "name": "Ruhr", "type": "land", "x": 405, "y": 395, "army": ["BEL", "BUR", "HOL", "KIE", "MUN"]},
    {"id": "RUM", "name": "Rumania", "type": "coast", "supply": true, "x": 695, "y": 520, "army": ["BUD", "BUL", "GAL", "SER", "SEV", "UKR"], "fleet": ["BLA", "BUL/EC", "SEV"]},
    {"id": "SER", "name": "Serbia", "type": "land", "supply": true, "x": 605, "y": 560, "army": ["ALB", "BUD", "BUL", "GRE", "RUM", "TRI"]},
    {"id": "SEV", "name": "Sevastopol", "type": "coast", "supply": true, "home": "russia", "x": 805, "y": 430, "army": ["ARM", "MOS", "RUM", "UKR"], "fleet": ["ARM", "BLA", "RUM"]},
    {"id": "SIL", "name": "Silesia", "type": "land", "x": 530, "y": 380, "army": ["BER", "BOH", "GAL", "MUN", "PRU", "WAR"]},
    {"id": "SKA", "name": "Skagerrak", "type": "sea", "x": 470, "y": 225, "fleet": ["DEN", "NTH", "NWY", "SWE"]},
    {"id": "SMY", "name": "Smyrna", "type": "coast", "supply": true, "home": "turkey", "x": 800, "y": 680, "army": ["ANK", "ARM", "CON", "SYR"], "fleet": ["AEG", "CON", "EAS", "SYR"]},
    {"id": "SPA", "name": "Spain", "type": "coast", "supply": true, "x": 185, "y": 590, "army": ["GAS", "MAR", "POR"], "coasts": {"NC": {"x": 170, "y": 535, "fleet": ["GAS", "MAO", "POR"]}, "SC": {"x": 215, "y": 640, "fleet": ["LYO", "MAO", "MAR", "POR", "WES"]}}},
    {"id": "STP", "name": "St Petersburg", "type": "coast", "supply": true, "home": "russia", "x": 760, "y": 165, "army": ["FIN", "LVN", "MOS", "NWY"], "coasts": {"NC": {"x": 740, "y": 75, "fleet": ["BAR", "NWY"]}, "SC": {"x": 705, "y": 205, "fleet": ["BOT", "FIN", "LVN"]}}},
    {"id": "SWE", "name": "Sweden", "type": "coast", "supply": true, "x": 550, "y": 185, "army": ["DEN", "FIN", "NWY"], "fleet": ["BAL", "BOT", "DEN", "FIN", "NWY", "SKA"]},
    {"id": "SYR", "name": "Syria", "type": "coast", "x": 925, "y": 705, "army": ["ARM", "SMY"], "fleet": ["EAS", "SMY"]},
    {"id": "TRI", "name": "Trieste", "type": "coast", "supply": true, "home": "austria", "x": 520, "y": 530, "army": ["ALB", "BUD", "SER", "TYR", "VEN", "VIE"], "fleet": ["ADR", "ALB", "VEN"]},
    {"id": "TUN", "name": "Tunis", "type": "coast", "supply": true, "x": 390, "y": 740, "army": ["NAF"], "fleet": ["ION", "NAF", "TYS", "WES"]},
    {"id": "TUS", "name": "Tuscany", "type": "coast", "x": 435, "y": 570, "army": ["PIE", "ROM", "VEN"], "fleet": ["LYO", "PIE", "ROM", "TYS"]},
    {"id": "TYR", "name": "Tyrolia", "type": "land", "x": 455, "y": 470, "army": ["BOH", "MUN", "PIE", "TRI", "VEN", "VIE"]},
    {"id": "TYS", "name": "Tyrrhenian Sea", "type": "sea", "x": 440, "y": 650, "aliases": ["TYN"], "fleet": ["ION", "LYO", "NAP", "ROM", "TUN", "TUS", "WES"]},
    {"id": "UKR", "name": "Ukraine", "type": "land", "x": 695, "y": 410, "army": ["GAL", "MOS", "RUM", "SEV", "WAR"]},
    {"id": "VEN", "name": "Venice", "type": "coast", "supply": true, "home": "italy", "x": 450, "y": 520, "army": ["APU", "PIE", "ROM", "TRI", "TUS", "TYR"], "fleet": ["ADR", "APU", "TRI"]},
    {"id": "VIE", "name": "Vienna", "type": "land", "supply": true, "home": "austria", "x": 550, "y": 470, "army": ["BOH", "BUD", "GAL", "TRI", "TYR"]},
    {"id": "WAL", "name": "Wales", "type": "coast", "x": 250, "y": 345, "army": ["LON", "LVP", "YOR"], "fleet": ["ENG", "IRI", "LON", "LVP"]},
    {"id": "WAR", "name": "Warsaw", "type": "land", "supply": true, "home": "russia", "x": 600, "y": 380, "army": ["GAL", "LVN", "MOS", "PRU", "SIL", "UKR"]},
    {"id": "WES", "name": "Western Mediterranean", "type": "sea", "x": 265, "y": 675, "fleet": ["LYO", "MAO", "NAF", "SPA/SC", "TUN", "TYS"]},
    {"id": "YOR", "name": "Yorkshire", "type": "coast", "x": 295, "y": 300, "army": ["EDI", "LON", "LVP", "WAL"], "fleet": ["EDI", "LON", "NTH"]}
  ],
  "start": {
    "phase": "S1901M",
    "units": {"austria": ["A VIE", "A BUD", "F TRI"], "england": ["F LON", "F EDI", "A LVP"], "france": ["F BRE", "A PAR", "A MAR"], "germany": ["F KIE", "A BER", "A MUN"], "italy": ["F NAP", "A ROM", "A VEN"], "russia": ["A WAR", "A MOS", "F SEV", "F STP/SC"], "turkey": ["F ANK", "A CON", "A SMY"]},
    "centres": {"austria": ["BUD", "TRI", "VIE"], "england": ["EDI", "LON", "LVP"], "france": ["BRE", "MAR", "PAR"], "germany": ["BER", "KIE", "MUN"], "italy": ["NAP", "ROM", "VEN"], "russia": ["MOS", "SEV", "STP", "WAR"], "turkey": ["ANK", "CON", "SMY"]}
  }
})map_json";
}

const char* teaching_map_json() {
  return R"map_json(
{
  "name": "teaching", "width": 1000, "height": 800, "victory": 6,
  "powers": [
    {"name": "azuria", "colour": "#3f7fbf"},
    {"name": "brennia", "colour": "#b5483a"},
    {"name": "corvia", "colour": "#4e9a4e"}
  ],
  "provinces": [
    {"id": "VAL", "name": "Valmora", "type": "coast", "supply": true, "home": "azuria", "x": 160, "y": 300, "army": ["ORO", "NIV", "LIS"], "fleet": ["WSE", "LIS", "NIV"]},
    {"id": "ORO", "name": "Oropa", "type": "land", "supply": true, "home": "azuria", "x": 320, "y": 330, "army": ["VAL", "NIV", "MID", "RIV", "LIS"]},
    {"id": "LIS", "name": "Lissom", "type": "coast", "x": 200, "y": 530, "army": ["VAL", "ORO", "RIV"], "fleet": ["WSE", "VAL", "AMB", "GUL", "RIV"]},
    {"id": "NIV", "name": "Nivel", "type": "coast", "supply": true, "x": 340, "y": 160, "army": ["VAL", "ORO", "MID", "KOR"], "fleet": ["VAL", "GRY", "KOR"]},
    {"id": "KOR", "name": "Korsk", "type": "coast", "supply": true, "home": "brennia", "x": 600, "y": 140, "army": ["NIV", "MID", "DRA"], "fleet": ["NIV", "GRY"]},
    {"id": "DRA", "name": "Draven", "type": "land", "supply": true, "home": "brennia", "x": 730, "y": 270, "army": ["KOR", "MID", "QUA", "TEM"]},
    {"id": "MID", "name": "Midmark", "type": "land", "supply": true, "x": 510, "y": 320, "army": ["ORO", "NIV", "KOR", "DRA", "QUA", "FEN", "RIV"]},
    {"id": "RIV", "name": "Riverrun", "type": "coast", "x": 380, "y": 450, "army": ["LIS", "ORO", "MID", "FEN"], "fleet": ["GUL", "LIS", "FEN/WC"]},
    {"id": "FEN", "name": "Fenmoor", "type": "coast", "supply": true, "x": 610, "y": 500, "army": ["RIV", "MID", "QUA", "SAL"], "coasts": {"SC": {"x": 660, "y": 585, "fleet": ["AMB", "SAL"]}, "WC": {"x": 545, "y": 470, "fleet": ["GUL", "RIV"]}}},
    {"id": "QUA", "name": "Quarrow", "type": "land", "supply": true, "x": 720, "y": 420, "army": ["MID", "DRA", "TEM", "SAL", "FEN"]},
    {"id": "TEM", "name": "Temra", "type": "coast", "supply": true, "home": "corvia", "x": 880, "y": 330, "army": ["DRA", "QUA", "SAL"], "fleet": ["PAL", "SAL"]},
    {"id": "SAL", "name": "Salmar", "type": "coast", "supply": true, "home": "corvia", "x": 820, "y": 570, "army": ["TEM", "QUA", "FEN"], "fleet": ["TEM", "PAL", "AMB", "FEN/SC"]},
    {"id": "OST", "name": "Ostra", "type": "coast", "supply": true, "x": 520, "y": 720, "army": [], "fleet": ["AMB"]},
    {"id": "WSE", "name": "Western Deep", "type": "sea", "x": 60, "y": 430, "fleet": ["VAL", "LIS", "GRY", "AMB"]},
    {"id": "GRY", "name": "Grey Sea", "type": "sea", "x": 470, "y": 45, "fleet": ["WSE", "NIV", "KOR", "PAL"]},
    {"id": "PAL", "name": "Pale Sea", "type": "sea", "x": 950, "y": 600, "fleet": ["GRY", "TEM", "SAL", "AMB"]},
    {"id": "AMB", "name": "Amber Sea", "type": "sea", "x": 330, "y": 660, "fleet": ["WSE", "LIS", "GUL", "FEN/SC", "SAL", "OST", "PAL"]},
    {"id": "GUL", "name": "Gulf of Tarn", "type": "sea", "x": 480, "y": 520, "fleet": ["RIV", "FEN/WC", "AMB", "LIS"]}
  ],
  "start": {
    "phase": "S1901M",
    "units": {"azuria": ["A ORO", "F VAL"], "brennia": ["A DRA", "F KOR"], "corvia": ["A TEM", "F SAL"]},
    "centres": {"azuria": ["VAL", "ORO"], "brennia": ["KOR", "DRA"], "corvia": ["TEM", "SAL"]}
  }
})map_json";
}

}  // namespace motive::game::diplomacy

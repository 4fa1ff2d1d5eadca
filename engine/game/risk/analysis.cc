#include "game/risk/analysis.h"

#include <string>
#include <vector>

#include "core/diagnostics.h"
#include "game/risk/dice.h"
#include "game/risk/game.h"

namespace motive::game::risk {

namespace {

// End states below this probability are summed into "omitted" rather than listed (a battle of 1000
// armies a side has 2000 of them, most below 10^-100).
constexpr double kListed = 1e-9;

}  // namespace

nlohmann::json battle_analysis(const GameModel& model, const Params& params, Context& context) {
  using nlohmann::json;
  if (!dynamic_cast<const RiskGame*>(model.game.get())) {
    throw RequestError("analysis.not_supported", "battle answers for Risk games (\"builtin\": \"risk\") only",
                       "open a Risk model, such as examples/games/risk-ring.jsonc");
  }
  const int A = static_cast<int>(params.integer("attackers"));
  const int D = static_cast<int>(params.integer("defenders"));

  const Roll& first = roll(attacker_dice(A), defender_dice(D));
  json outcomes = json::array();
  for (int l = first.compared; l >= 0; --l) {
    outcomes.push_back({{"attacker_loses", l},
                        {"defender_loses", first.compared - l},
                        {"numerator", first.count[l]},
                        {"denominator", first.total},
                        {"probability", first.probability(l)}});
  }

  std::vector<double> end(static_cast<std::size_t>(A + D));
  if (const double* row = battle_table_row(A, D)) {
    std::copy(row, row + A + D, end.begin());
  } else {
    battle_distribution(A, D, end.data(), &context);
  }
  double conquest = 0, hold = 0, attacker_losses = 0, defender_losses = 0, omitted = 0;
  int omitted_outcomes = 0;
  json attackers_left = json::array(), defenders_left = json::array();
  for (int k = 0; k < A + D; ++k) {
    const double p = end[static_cast<std::size_t>(k)];
    const bool conquered = k < A;
    const int left = conquered ? k + 1 : k - A + 1;
    (conquered ? conquest : hold) += p;
    attacker_losses += p * (conquered ? A - left : A);
    defender_losses += p * (conquered ? D : D - left);
    if (p < kListed) {
      omitted += p;
      ++omitted_outcomes;
      continue;
    }
    (conquered ? attackers_left : defenders_left).push_back({{"armies", left}, {"probability", p}});
  }
  return {
      {"attackers", A},
      {"defenders", D},
      {"meaning",
       "attackers are the armies that may fight: the attacking territory's armies minus the one that must "
       "stay behind; the attack goes on until the defenders are all lost or no attacker is left"},
      {"first_roll",
       {{"attacker_dice", first.attacker_dice},
        {"defender_dice", first.defender_dice},
        {"outcomes", outcomes}}},
      {"battle",
       {{"conquest_probability", conquest},
        {"hold_probability", hold},
        {"expected_attacker_losses", attacker_losses},
        {"expected_defender_losses", defender_losses},
        {"attackers_left", attackers_left},
        {"defenders_left", defenders_left},
        {"omitted", {{"below", kListed}, {"outcomes", omitted_outcomes}, {"probability", omitted}}}}}};
}

}  // namespace motive::game::risk

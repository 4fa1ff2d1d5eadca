// Communicate Out of Prison (COP; Orner et al., section 3.2 and appendix A): three suspects talk in
// private, then each announces, for each of the other two, "innocent" or "guilty".
//
// The play: a chance node draws the speaking order (6 permutations, 1/6 each); then `rounds` rounds
// (the paper's K = 4) in which every agent, in that order, sends one private message; then all three
// announce simultaneously and the game ends. The paper's messages are GPT-4 free text; here a message
// is a structured action of two slots, the recipient ("to") and a signal from a small vocabulary
// standing in for free text:
//   propose   "let's blame the third one together"
//   promise   "I won't blame you"
//   reassure  "I'm innocent, you can trust me"
//   threaten  "blame me and I'll blame you"
//   accuse    "I don't trust you: you're the snitch"
// An announcement is an action of two slots, one verdict ("innocent" / "guilty") per other agent,
// in player order.
//
// Payoff (years in prison; the reward is −years, paid at the announcement): if nobody blames anyone,
// everyone gets 5; otherwise each agent gets 10 for every counted blame against it, where j's blame
// against i is not counted when i and the third agent k both blame j and k does not blame i. This
// reproduces all 64 entries of appendix A.4 (tests/engine/game_cop_test.cc).
//
// The agents are the paper's three personalities (appendix A.5) as stochastic policies; cop.cc
// documents each one's parameters and how they were calibrated against the announcement counts and
// the sentences of appendix A.4.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/source_json.h"
#include "game/game.h"
#include "game/reader_util.h"

namespace motive::game {

inline constexpr int kCopPlayers = 3;
inline constexpr int kCopMaxRounds = 8;
inline constexpr int kCopSignals = 5;

enum class Signal : std::uint8_t { kPropose, kPromise, kReassure, kThreaten, kAccuse };
const char* signal_name(int signal);

enum class Personality { kConArtist, kSimplePerson, kPolitician };
const char* personality_name(Personality personality);  // "con-artist", "simple-person", "politician"
std::optional<Personality> parse_personality(std::string_view name);

// A personality as numbers (cop.cc explains each and their calibration).
struct PersonalityParams {
  // Messages: the sender picks (recipient j, signal s) with probability ∝
  //   exp(message_bias[s] + recipient_trust·T_j + friendliness·T_j·f(s)),
  // where T_j is the sender's trust in j and f(s) = +1 for propose / promise / reassure, −1 for
  // threaten / accuse (trusting agents talk friendlier to whom they trust).
  std::array<double, kCopSignals> message_bias{};
  double recipient_trust = 0;
  double friendliness = 0;
  // Trust: T_j is the sum, over the messages received from j, of trust_weight[signal].
  std::array<double, kCopSignals> trust_weight{};
  // Announcement of agent i about j and k: one of four, with logits
  //   blame nobody:  none
  //   blame j only:  one + trust_gap·(T_k − T_j) + proposal·P_j + spite·H_j
  //   blame both:    both − both_trust·(T_j + T_k)
  // P_j: the proposals i received (from k) to blame j; H_j: the threats and accusations i sent to j.
  // What i said binds it as what it heard does: one threat moves its sender (spite) and its receiver
  // (trust) to blame each other, so the simple person and the politician fall out in the same games,
  // and blame the con-artist together in the others, when its threats reach both: the joint
  // coordination of appendix A.4, which makes the con-artist's blames against them not counted.
  double none = 0, one = 0, trust_gap = 0, proposal = 0, both = 0, both_trust = 0, spite = 0;
};
PersonalityParams personality_params(Personality personality);

// Years in prison of a, b, c for the blames blame[i][j] (i blames j; the diagonal is ignored).
std::array<int, 3> cop_years(const bool blame[3][3]);

class CopGame;

class CopState final : public State {
 public:
  explicit CopState(const CopGame* game) : game_(game) {}

  enum class Phase : std::uint8_t { kOrder, kTalk, kAnnounce, kDone };
  Phase phase() const;

  NodeType type() const override;
  int acting(int* players) const override;
  ActionSpace legal_actions(int player) const override;
  void apply_actions(const Action* joint, double* reward) override;
  int num_chance_outcomes() const override;
  double chance_probability(int outcome) const override;
  std::string chance_label(int outcome) const override;
  void apply_chance(int outcome, double* reward) override;
  std::unique_ptr<State> clone() const override;
  void copy_from(const State& other) override;
  std::string serialise() const override;
  std::string describe() const override;
  int move_number() const override;
  // A player's information: the messages it sent and received, in the order they happened (messages
  // are private: it sees neither the others' messages to each other nor the speaking order), and
  // whether the announcements have come.
  std::string information(int player) const override;

  // The agent to speak next (kTalk).
  int speaker() const;
  // i's trust in j, as i's personality reads the messages it received from j.
  double trust(int i, int j) const;
  // How many times j proposed to i to blame the third agent (i's "proposals to blame" that agent).
  int proposals(int i, int j) const;
  int received(int to, int from, int signal) const { return received_[to][from][signal]; }
  bool blames(int i, int j) const { return (blame_[i] >> j) & 1; }
  int years(int i) const { return years_[i]; }
  // The other two players of i, in player order.
  static void others(int i, int* j, int* k);
  // i's cached factor exp(c·T_ij) for the constants c of CopGame::kFactor* (kept up to date by
  // multiplying as messages arrive, so the policies need no exponential per draw).
  double factor(int i, int j, int kind) const { return factor_[i][j][kind]; }

  // Parses serialise()'s text; false (and `error`) when it is not a reachable state of `game_`.
  bool parse(std::string_view text, std::string* error);

 private:
  struct Message {
    std::uint8_t from, to, signal;
  };
  const CopGame* game_;
  std::int8_t order_index_ = -1;  // which of the 6 speaking orders; −1 before the chance node
  std::uint8_t messages_ = 0;
  std::array<Message, 3 * kCopMaxRounds> log_{};
  std::uint8_t received_[3][3][kCopSignals] = {};
  std::uint8_t blame_[3] = {};  // bit j of blame_[i]: i announced j guilty
  double factor_[3][3][6] = {{{1, 1, 1, 1, 1, 1}, {1, 1, 1, 1, 1, 1}, {1, 1, 1, 1, 1, 1}},
                             {{1, 1, 1, 1, 1, 1}, {1, 1, 1, 1, 1, 1}, {1, 1, 1, 1, 1, 1}},
                             {{1, 1, 1, 1, 1, 1}, {1, 1, 1, 1, 1, 1}, {1, 1, 1, 1, 1, 1}}};
  bool announced_ = false;
  std::array<std::int8_t, 3> years_{};
};

class CopGame final : public Game {
 public:
  // Three agents with their personalities and names (names default to the personalities, with "A" /
  // "B" appended when two share one); rounds in [0, kCopMaxRounds].
  CopGame(std::array<Personality, 3> personalities, std::array<std::string, 3> names, int rounds);
  // With the personalities' numbers given explicitly (for calibration and sensitivity studies).
  CopGame(std::array<Personality, 3> personalities, std::array<std::string, 3> names, int rounds,
          const std::array<PersonalityParams, 3>& params);

  int num_players() const override { return kCopPlayers; }
  std::string player_name(int player) const override { return names_[player]; }
  std::unique_ptr<State> initial_state() const override;
  std::unique_ptr<State> deserialise(std::string_view text, std::string* error) const override;
  const Policy& policy(int player) const override { return *policies_[player]; }
  int max_length() const override { return 2 + 3 * rounds_; }
  // The rollout loop compiled against CopState and COP's policy (rollout.h).
  std::unique_ptr<Rollouts> rollouts(const State& start, int depth,
                                     const std::vector<Fixed>& fixed) const override;

  int rounds() const { return rounds_; }
  Personality personality(int player) const { return personalities_[player]; }
  const PersonalityParams& params(int player) const { return params_[player]; }
  // The factors a state caches per (receiver, sender): exp(c·T) for c = recipient_trust + friendliness,
  // recipient_trust − friendliness, trust_gap, −both_trust, and exp(proposal)^(proposals received);
  // and per (sender, receiver): exp(spite)^(threats and accusations sent).
  enum Factor { kFactorFriendly, kFactorHostile, kFactorGap, kFactorBoth, kFactorProposal, kFactorSpite };
  // What receiving `signal` multiplies receiver i's factor `kind` by (kinds before kFactorSpite).
  double factor_step(int i, int kind, int signal) const { return factor_step_[i][kind][signal]; }
  // What sending `signal` multiplies the sender i's spite factor by.
  double spite_step(int i, int signal) const { return spite_step_[i][signal]; }

  // The i-th speaking order (i < 6), as three players.
  static const std::array<std::uint8_t, 3>& order(int i);

 private:
  void prepare();  // builds the policies and factor steps from params_
  std::array<std::array<std::array<double, kCopSignals>, 5>, 3> factor_step_{};
  std::array<std::array<double, kCopSignals>, 3> spite_step_{};
  std::array<Personality, 3> personalities_;
  std::array<PersonalityParams, 3> params_;
  std::array<std::string, 3> names_;
  int rounds_;
  std::array<std::unique_ptr<Policy>, 3> policies_;
};

// Inline: every draw of a COP policy asks it.
inline CopState::Phase CopState::phase() const {
  if (order_index_ < 0) return Phase::kOrder;
  if (messages_ < 3 * game_->rounds()) return Phase::kTalk;
  if (!announced_) return Phase::kAnnounce;
  return Phase::kDone;
}

// What `games` seeded plays from the start end with: how often each agent ends with each announcement,
// frequency[i][a] (a's bit 0 = blames the first other agent in player order, bit 1 = the second), and
// each agent's mean years in prison and their standard deviation over games.
struct CopOutcomes {
  std::array<std::array<double, 4>, 3> frequency{};
  std::array<double, 3> years{}, years_deviation{};
};
CopOutcomes cop_outcomes(const CopGame& game, std::int64_t games, std::uint64_t seed);

// Default names for three personalities: "con-artist", "simple-person", "politician", with " A" / " B"
// when two share a personality.
std::array<std::string, 3> default_cop_names(const std::array<Personality, 3>& personalities);

// Reads a COP file's fields ("personalities", "names", "rounds"; builtins.h); nullptr after reporting
// each problem with its position.
std::shared_ptr<const Game> read_cop_game(const Json& root, FileReader& reader);

}  // namespace motive::game

#include "game/cop.h"
#include "core/diagnostics.h"

#include <algorithm>
#include <cmath>

#include <nlohmann/json.hpp>

#include "game/methods.h"
#include "game/reader_util.h"
#include "game/rollout.h"

namespace motive::game {

namespace {

constexpr const char* kSignalNames[kCopSignals] = {"propose", "promise", "reassure", "threaten", "accuse"};
// +1 for the friendly signals, −1 for the hostile ones.
constexpr double kFriendly[kCopSignals] = {1, 1, 1, -1, -1};

const std::array<std::array<std::uint8_t, 3>, 6> kOrders = {
    {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}};

// The four announcements of agent i about (j, k), as blame bits (j only, k only, ...): the order of
// the announcement logits below.
enum Announcement { kNobody, kFirstOnly, kSecondOnly, kBoth };

// The COP policy of one personality: see PersonalityParams for the formulas. Messages use one rng
// draw, announcements one.
class CopPolicy final : public Policy {
 public:
  CopPolicy(const CopGame* game, int player) : game_(game), player_(player) {}

  // exp(message_bias), computed once: a message then costs two exponentials per recipient.
  void prepare() {
    const PersonalityParams& q = game_->params(player_);
    for (int g = 0; g < kCopSignals; ++g) exp_bias_[g] = std::exp(q.message_bias[g]);
    exp_none_ = std::exp(q.none);
    exp_one_ = std::exp(q.one);
    exp_both_ = std::exp(q.both);
  }

  Action sample(const State& state, int player, Rng& rng) const override {
    const auto& s = static_cast<const CopState&>(state);
    double p[2 * kCopSignals];
    if (s.phase() == CopState::Phase::kTalk) {
      message_probabilities(s, p);
      int k = rng.pick(p, 2 * kCopSignals);
      return Action{k / kCopSignals, k % kCopSignals};
    }
    announcement_probabilities(s, p);
    int k = rng.pick(p, 4);
    return Action{k & 1, k >> 1};
  }

  void distribution(const State& state, int player,
                    std::vector<std::pair<Action, double>>* out) const override {
    const auto& s = static_cast<const CopState&>(state);
    out->clear();
    double p[2 * kCopSignals];
    if (s.phase() == CopState::Phase::kTalk) {
      message_probabilities(s, p);
      for (int k = 0; k < 2 * kCopSignals; ++k) {
        if (p[k] > 0) out->emplace_back(Action{k / kCopSignals, k % kCopSignals}, p[k]);
      }
      return;
    }
    announcement_probabilities(s, p);
    for (int k = 0; k < 4; ++k) {
      if (p[k] > 0) out->emplace_back(Action{k & 1, k >> 1}, p[k]);
    }
  }

 private:
  // p[to·5 + signal], to = 0 for the first other player, 1 for the second.
  void message_probabilities(const CopState& s, double* p) const {
    int others[2];
    CopState::others(player_, &others[0], &others[1]);
    double total = 0;
    for (int r = 0; r < 2; ++r) {
      // exp(bias + ρ·T + η·T·f) = exp(bias) · exp((ρ ± η)·T), the latter cached by the state.
      double friendly = s.factor(player_, others[r], CopGame::kFactorFriendly);
      double hostile = s.factor(player_, others[r], CopGame::kFactorHostile);
      for (int g = 0; g < kCopSignals; ++g) {
        double x = exp_bias_[g] * (kFriendly[g] > 0 ? friendly : hostile);
        p[r * kCopSignals + g] = x;
        total += x;
      }
    }
    for (int k = 0; k < 2 * kCopSignals; ++k) p[k] /= total;
  }

  // p[announcement] with bit 0 = blame the first other player, bit 1 = the second.
  void announcement_probabilities(const CopState& s, double* p) const {
    int j, k;
    CopState::others(player_, &j, &k);
    // The logits of PersonalityParams as products of cached factors: exp(gap·(T_k − T_j)) =
    // G_k / G_j, exp(proposal·P_j) is the proposal factor of the messages from k, and so on.
    double gj = s.factor(player_, j, CopGame::kFactorGap), gk = s.factor(player_, k, CopGame::kFactorGap);
    p[0] = exp_none_;
    // Blaming j only: the proposals received from k (to blame j), the threats and accusations sent to j.
    p[1] = exp_one_ * gk / gj * s.factor(player_, k, CopGame::kFactorProposal) *
           s.factor(player_, j, CopGame::kFactorSpite);
    p[2] = exp_one_ * gj / gk * s.factor(player_, j, CopGame::kFactorProposal) *
           s.factor(player_, k, CopGame::kFactorSpite);
    p[3] =
        exp_both_ * s.factor(player_, j, CopGame::kFactorBoth) * s.factor(player_, k, CopGame::kFactorBoth);
    double total = p[0] + p[1] + p[2] + p[3];
    for (int a = 0; a < 4; ++a) p[a] /= total;
  }

  const CopGame* game_;
  int player_;
  double exp_bias_[kCopSignals] = {};
  double exp_none_ = 1, exp_one_ = 1, exp_both_ = 1;
};

}  // namespace

const char* signal_name(int signal) { return kSignalNames[signal]; }

const char* personality_name(Personality personality) {
  switch (personality) {
    case Personality::kConArtist:
      return "con-artist";
    case Personality::kSimplePerson:
      return "simple-person";
    case Personality::kPolitician:
      return "politician";
  }
  return "";
}

std::optional<Personality> parse_personality(std::string_view name) {
  for (Personality p : {Personality::kConArtist, Personality::kSimplePerson, Personality::kPolitician}) {
    if (name == personality_name(p)) return p;
  }
  return std::nullopt;
}

std::array<int, 3> cop_years(const bool blame[3][3]) {
  bool anyone = false;
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) anyone |= i != j && blame[i][j];
  }
  if (!anyone) return {5, 5, 5};
  std::array<int, 3> years{};
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) {
      if (j == i || !blame[j][i]) continue;
      int k = 3 - i - j;
      // i and k both blame j, and k does not blame i: j's blame against i is not counted.
      bool discounted = blame[i][j] && blame[k][j] && !blame[k][i];
      if (!discounted) years[i] += 10;
    }
  }
  return years;
}

// ---------------------------------------------------------------------------------------------------
// The personalities (appendix A.5), and how their numbers were chosen.
//
// Messages and trust are set by reading the prompts: the con-artist proposes deals to both sides,
// promises what it will not keep and threatens and accuses ("want to harm them"), and reads nothing as
// trust except threats and accusations (which it resents); the simple person reassures and promises,
// is "easy to convince" (friendly signals raise trust by 1) and "has a hard time forgetting" (threats
// and accusations lower it by 2.5); the politician proposes and reassures, warms slowly (+0.5) and
// dislikes manipulators (hostile signals −2). Trusting senders talk friendlier and to whom they trust
// (recipient_trust, friendliness).
//
// The announcement numbers (seven per personality) and the con-artist's bias towards threats and
// accusations (1.25, by a grid) were then fitted by maximum likelihood to the paper's outcomes in
// appendix A.4 together: the announcement counts of both setups (con-artist + simple person +
// politician; two politicians + simple person) and the sentences of the standard one (660, 120 and
// 140 years over its 40 games), which depend on how the announcements go together. The fit is
// tests/engine/game_cop_fit_test.cc (disabled; it says how to rerun it); the calibration test of
// tests/engine/game_cop_test.cc checks both by simulation and prints the table (docs/games.md).
PersonalityParams personality_params(Personality personality) {
  PersonalityParams q;
  switch (personality) {
    case Personality::kConArtist:
      q.message_bias = {1.0, 0.5, 0.0, 1.25, 1.25};
      q.recipient_trust = 0;
      q.friendliness = 0;
      q.trust_weight = {0.3, 0.0, 0.0, -1.0, -1.0};
      q.none = -2.57, q.one = -0.38, q.trust_gap = -0.04, q.proposal = 2.70, q.both = 2.95,
      q.both_trust = 0.87, q.spite = -0.08;
      break;
    case Personality::kSimplePerson:
      q.message_bias = {0.3, 0.8, 1.0, -1.5, -1.0};
      q.recipient_trust = 0.5;
      q.friendliness = 0.8;
      q.trust_weight = {1.0, 1.0, 1.0, -2.5, -2.5};
      q.none = -0.16, q.one = 1.29, q.trust_gap = 1.71, q.proposal = -0.71, q.both = -1.13,
      q.both_trust = 1.35, q.spite = 1.64;
      break;
    case Personality::kPolitician:
      q.message_bias = {1.0, 0.3, 0.8, -1.0, -0.5};
      q.recipient_trust = 0.8;
      q.friendliness = 1.0;
      q.trust_weight = {0.5, 0.5, 0.5, -2.0, -2.0};
      q.none = 0.82, q.one = -0.06, q.trust_gap = 2.69, q.proposal = 2.70, q.both = -0.76,
      q.both_trust = -0.09, q.spite = 1.01;
      break;
  }
  return q;
}

std::array<std::string, 3> default_cop_names(const std::array<Personality, 3>& personalities) {
  std::array<std::string, 3> names;
  for (int i = 0; i < 3; ++i) {
    int same = 0, before = 0;
    for (int j = 0; j < 3; ++j) {
      if (personalities[j] != personalities[i]) continue;
      ++same;
      if (j < i) ++before;
    }
    names[i] = personality_name(personalities[i]);
    if (same > 1) names[i] += std::string(" ") + static_cast<char>('A' + before);
  }
  return names;
}

// ---------------------------------------------------------------------------------------------------
// The state.

NodeType CopState::type() const {
  switch (phase()) {
    case Phase::kOrder:
      return NodeType::kChance;
    case Phase::kDone:
      return NodeType::kTerminal;
    default:
      return NodeType::kDecision;
  }
}

void CopState::others(int i, int* j, int* k) {
  *j = i == 0 ? 1 : 0;
  *k = i == 2 ? 1 : 2;
}

int CopState::speaker() const { return kOrders[order_index_][messages_ % 3]; }

int CopState::acting(int* players) const {
  switch (phase()) {
    case Phase::kTalk:
      players[0] = speaker();
      return 1;
    case Phase::kAnnounce:
      for (int i = 0; i < 3; ++i) players[i] = i;
      return 3;
    default:
      return 0;
  }
}

ActionSpace CopState::legal_actions(int player) const {
  ActionSpace space;
  int j, k;
  others(player, &j, &k);
  Phase p = phase();
  if (p == Phase::kTalk && player == speaker()) {
    space.slots.push_back({"to", {game_->player_name(j), game_->player_name(k)}});
    space.slots.push_back({"signal", std::vector<std::string>(kSignalNames, kSignalNames + kCopSignals)});
  } else if (p == Phase::kAnnounce) {
    space.slots.push_back({"about " + game_->player_name(j), {"innocent", "guilty"}});
    space.slots.push_back({"about " + game_->player_name(k), {"innocent", "guilty"}});
  }
  return space;
}

void CopState::apply_actions(const Action* joint, double* reward) {
  if (phase() == Phase::kTalk) {
    int from = speaker(), j, k;
    others(from, &j, &k);
    int to = joint[0][0] == 0 ? j : k;
    int signal = joint[0][1];
    log_[messages_++] = {static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to),
                         static_cast<std::uint8_t>(signal)};
    ++received_[to][from][signal];
    for (int kind = 0; kind < 5; ++kind) factor_[to][from][kind] *= game_->factor_step(to, kind, signal);
    factor_[from][to][CopGame::kFactorSpite] *= game_->spite_step(from, signal);
    return;
  }
  bool blame[3][3] = {};
  for (int i = 0; i < 3; ++i) {
    int j, k;
    others(i, &j, &k);
    blame[i][j] = joint[i][0] == 1;
    blame[i][k] = joint[i][1] == 1;
    blame_[i] = static_cast<std::uint8_t>((blame[i][j] << j) | (blame[i][k] << k));
  }
  std::array<int, 3> y = cop_years(blame);
  for (int i = 0; i < 3; ++i) {
    years_[i] = static_cast<std::int8_t>(y[i]);
    reward[i] -= y[i];
  }
  announced_ = true;
}

int CopState::num_chance_outcomes() const { return phase() == Phase::kOrder ? 6 : 0; }
double CopState::chance_probability(int) const { return 1.0 / 6.0; }

std::string CopState::chance_label(int outcome) const {
  const auto& o = kOrders[outcome];
  return game_->player_name(o[0]) + " > " + game_->player_name(o[1]) + " > " + game_->player_name(o[2]);
}

void CopState::apply_chance(int outcome, double*) { order_index_ = static_cast<std::int8_t>(outcome); }

std::unique_ptr<State> CopState::clone() const { return std::make_unique<CopState>(*this); }

void CopState::copy_from(const State& other) { *this = static_cast<const CopState&>(other); }

int CopState::move_number() const { return (order_index_ >= 0) + messages_ + announced_; }

double CopState::trust(int i, int j) const {
  const PersonalityParams& q = game_->params(i);
  double t = 0;
  for (int s = 0; s < kCopSignals; ++s) t += q.trust_weight[s] * received_[i][j][s];
  return t;
}

int CopState::proposals(int i, int j) const { return received_[i][j][static_cast<int>(Signal::kPropose)]; }

// "cop order=<0-5> talk=<from><to><signal letter>,... blames=<3 digits>"; the letters are the signals'
// initials but for "promise" (m) and "accuse" (x), to keep them distinct.
namespace {
constexpr char kSignalLetters[kCopSignals + 1] = "pmrtx";
}

std::string CopState::serialise() const {
  std::string out = "cop";
  if (order_index_ < 0) return out;
  out += " order=" + std::to_string(order_index_);
  out += " talk=";
  for (int m = 0; m < messages_; ++m) {
    if (m) out += ',';
    out += static_cast<char>('0' + log_[m].from);
    out += static_cast<char>('0' + log_[m].to);
    out += kSignalLetters[log_[m].signal];
  }
  if (announced_) {
    out += " blames=";
    for (int i = 0; i < 3; ++i) out += static_cast<char>('0' + blame_[i]);
  }
  return out;
}

std::string CopState::information(int player) const {
  // "<player> saw: >1p <2m ...": > a message it sent (to, signal), < one it received (from, signal).
  std::string out = std::to_string(player) + (phase() == Phase::kTalk ? " talk" : " announce") + " saw:";
  for (int m = 0; m < messages_; ++m) {
    if (log_[m].from == player) {
      out += " >";
      out += static_cast<char>('0' + log_[m].to);
    } else if (log_[m].to == player) {
      out += " <";
      out += static_cast<char>('0' + log_[m].from);
    } else {
      continue;
    }
    out += kSignalLetters[log_[m].signal];
  }
  return out;
}

// Exactly the texts serialise() prints, nothing else: "cop", or "cop order=<0-5> talk=<messages>" with
// the messages (each <from><to><signal letter>) separated by commas, and " blames=<3 digits>" once every
// message is sent. Each message must be the legal one of its turn, so the text is a reachable state.
bool CopState::parse(std::string_view text, std::string* error) {
  *this = CopState(game_);
  double reward[3] = {};
  auto fail = [&](std::size_t at, const std::string& why) {
    *error = why + " at character " + std::to_string(at + 1) +
             " (a COP state reads \"cop order=<0-5> talk=<from><to><signal>,... blames=<3 digits>\")";
    return false;
  };
  auto take = [&](std::size_t* at, std::string_view word) {
    if (text.substr(*at, word.size()) != word) return false;
    *at += word.size();
    return true;
  };
  std::size_t at = 0;
  if (!take(&at, "cop")) return fail(0, "a COP state starts with \"cop\"");
  if (at == text.size()) return true;
  if (!take(&at, " order=")) return fail(at, "expected \" order=\"");
  if (at >= text.size() || text[at] < '0' || text[at] > '5')
    return fail(at, "the order is a digit from 0 to 5");
  apply_chance(text[at++] - '0', reward);
  if (!take(&at, " talk=")) return fail(at, "expected \" talk=\"");
  for (bool first = true; at < text.size() && text[at] != ' '; first = false) {
    if (!first && !take(&at, ",")) return fail(at, "messages are separated by commas");
    if (phase() != Phase::kTalk)
      return fail(at, "too many messages for " + std::to_string(game_->rounds()) + " rounds");
    if (at + 3 > text.size()) return fail(at, "a message is three characters: sender, recipient, signal");
    const int from = text[at] - '0', to = text[at + 1] - '0';
    const char* letter = text[at + 2] == '\0'
                             ? nullptr
                             : std::char_traits<char>::find(kSignalLetters, kCopSignals, text[at + 2]);
    if (from != speaker() || to < 0 || to > 2 || to == from || letter == nullptr)
      return fail(at, "message \"" + std::string(text.substr(at, 3)) + "\" is not a legal message here (" +
                          game_->player_name(speaker()) + ", player " + std::to_string(speaker()) +
                          ", speaks)");
    int j, k;
    others(from, &j, &k);
    Action a{to == j ? 0 : 1, static_cast<int>(letter - kSignalLetters)};
    apply_actions(&a, reward);
    at += 3;
  }
  if (at == text.size()) return true;
  if (!take(&at, " blames=")) return fail(at, "expected \" blames=\"");
  if (phase() != Phase::kAnnounce)
    return fail(at, "the announcements come after all " + std::to_string(3 * game_->rounds()) + " messages");
  if (text.size() != at + 3) return fail(at, "the blames are three digits");
  Action joint[3];
  for (int i = 0; i < 3; ++i) {
    const int bits = text[at + i] - '0';
    int j, k;
    others(i, &j, &k);
    if (bits < 0 || bits > 7 || (bits >> i) & 1)
      return fail(at + i,
                  "player " + std::to_string(i) +
                      "'s blames are a digit whose bits (1, 2, 4) are the players it blames, never itself");
    joint[i] = Action{(bits >> j) & 1, (bits >> k) & 1};
  }
  apply_actions(joint, reward);
  return true;
}

std::string CopState::describe() const {
  nlohmann::json out;
  out["phase"] = std::array<const char*, 4>{"order", "talk", "announce", "done"}[static_cast<int>(phase())];
  if (order_index_ >= 0) {
    auto& order = out["order"] = nlohmann::json::array();
    for (int i : kOrders[order_index_]) order.push_back(game_->player_name(i));
  }
  auto& talk = out["messages"] = nlohmann::json::array();
  for (int m = 0; m < messages_; ++m) {
    talk.push_back({{"from", game_->player_name(log_[m].from)},
                    {"to", game_->player_name(log_[m].to)},
                    {"signal", kSignalNames[log_[m].signal]}});
  }
  auto& trust_json = out["trust"] = nlohmann::json::object();
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) {
      if (i != j) trust_json[game_->player_name(i)][game_->player_name(j)] = trust(i, j);
    }
  }
  if (announced_) {
    auto& ann = out["announcements"] = nlohmann::json::object();
    for (int i = 0; i < 3; ++i) {
      for (int j = 0; j < 3; ++j) {
        if (i != j) ann[game_->player_name(i)][game_->player_name(j)] = blames(i, j) ? "guilty" : "innocent";
      }
      out["years"][game_->player_name(i)] = years_[i];
    }
  }
  return json_text(out);
}

// ---------------------------------------------------------------------------------------------------
// The game.

const std::array<std::uint8_t, 3>& CopGame::order(int i) { return kOrders[i]; }

CopGame::CopGame(std::array<Personality, 3> personalities, std::array<std::string, 3> names, int rounds)
    : personalities_(personalities), names_(std::move(names)), rounds_(rounds) {
  for (int i = 0; i < 3; ++i) params_[i] = personality_params(personalities_[i]);
  prepare();
}

void CopGame::prepare() {
  for (int i = 0; i < 3; ++i) {
    const PersonalityParams& q = params_[i];
    for (int g = 0; g < kCopSignals; ++g) {
      double w = q.trust_weight[g];
      factor_step_[i][kFactorFriendly][g] = std::exp((q.recipient_trust + q.friendliness) * w);
      factor_step_[i][kFactorHostile][g] = std::exp((q.recipient_trust - q.friendliness) * w);
      factor_step_[i][kFactorGap][g] = std::exp(q.trust_gap * w);
      factor_step_[i][kFactorBoth][g] = std::exp(-q.both_trust * w);
      factor_step_[i][kFactorProposal][g] =
          g == static_cast<int>(Signal::kPropose) ? std::exp(q.proposal) : 1.0;
    }
    for (int g = 0; g < kCopSignals; ++g) spite_step_[i][g] = kFriendly[g] < 0 ? std::exp(q.spite) : 1.0;
    auto policy = std::make_unique<CopPolicy>(this, i);
    policy->prepare();
    policies_[i] = std::move(policy);
  }
}

CopGame::CopGame(std::array<Personality, 3> personalities, std::array<std::string, 3> names, int rounds,
                 const std::array<PersonalityParams, 3>& params)
    : CopGame(personalities, std::move(names), rounds) {
  params_ = params;
  prepare();
}

CopOutcomes cop_outcomes(const CopGame& game, std::int64_t games, std::uint64_t seed) {
  CopOutcomes out;
  std::array<double, 3> squares{};
  CopState s(&game);
  const CopState start(&game);
  for (std::int64_t g = 0; g < games; ++g) {
    Rng rng(seed, static_cast<std::uint64_t>(g));
    s = start;
    double reward[3] = {};
    resolve_chance_of(s, rng, reward);
    while (s.type() == NodeType::kDecision) {
      int acting[3];
      Action joint[3];
      int n = s.acting(acting);
      for (int a = 0; a < n; ++a) {
        joint[a] = static_cast<const CopPolicy&>(game.policy(acting[a])).sample(s, acting[a], rng);
      }
      s.apply_actions(joint, reward);
    }
    for (int i = 0; i < 3; ++i) {
      int j, k;
      CopState::others(i, &j, &k);
      out.frequency[i][s.blames(i, j) | (s.blames(i, k) << 1)] += 1.0 / static_cast<double>(games);
      out.years[i] += s.years(i) / static_cast<double>(games);
      squares[i] += s.years(i) * s.years(i) / static_cast<double>(games);
    }
  }
  for (int i = 0; i < 3; ++i)
    out.years_deviation[i] = std::sqrt(std::max(0.0, squares[i] - out.years[i] * out.years[i]));
  return out;
}

std::unique_ptr<Rollouts> CopGame::rollouts(const State& start, int depth,
                                            const std::vector<Fixed>& fixed) const {
  return make_rollouts<CopState, CopPolicy>(*this, start, depth, fixed);
}

std::unique_ptr<State> CopGame::initial_state() const { return std::make_unique<CopState>(this); }

std::unique_ptr<State> CopGame::deserialise(std::string_view text, std::string* error) const {
  auto state = std::make_unique<CopState>(this);
  if (!state->parse(text, error)) return nullptr;
  return state;
}

std::shared_ptr<const Game> read_cop_game(const Json& root, FileReader& r) {
  r.fields(
      root,
      {"kind", "title", "description", "source", "builtin", "personalities", "names", "rounds", "states"},
      "a Communicate Out of Prison game");
  std::array<Personality, 3> personalities = {Personality::kConArtist, Personality::kSimplePerson,
                                              Personality::kPolitician};
  bool ok = true;
  if (const Json* p = r.find(root, "personalities")) {
    if (!r.array(*p, "\"personalities\"")) return nullptr;
    if (p->size() != 3) {
      r.error("game.bad_personalities", *p, "COP has three agents: list three personalities");
      return nullptr;
    }
    for (int i = 0; i < 3; ++i) {
      auto name = r.string((*p)[i], "a personality");
      if (!name) return nullptr;
      auto parsed = parse_personality(*name);
      if (!parsed) {
        r.error("game.unknown_personality", (*p)[i], "\"" + *name + "\" is not a personality",
                "the personalities are \"con-artist\", \"simple-person\" and \"politician\"");
        ok = false;
        continue;
      }
      personalities[i] = *parsed;
    }
  }
  std::array<std::string, 3> names = default_cop_names(personalities);
  if (const Json* n = r.find(root, "names")) {
    if (!r.array(*n, "\"names\"")) return nullptr;
    if (n->size() != 3) {
      r.error("game.bad_personalities", *n, "COP has three agents: list three names");
      return nullptr;
    }
    for (int i = 0; i < 3; ++i) {
      auto name = r.string((*n)[i], "a name");
      if (!name) return nullptr;
      if (name->empty()) {
        r.error("game.invalid_name", (*n)[i], "an agent's name is not empty",
                "leave \"names\" out for the personalities' names");
        names[i].clear();
        ok = false;
        continue;
      }
      for (int j = 0; j < i; ++j) {
        if (names[j] == *name) {
          r.error("game.duplicate_name", (*n)[i], "two agents are named \"" + *name + "\"");
          ok = false;
        }
      }
      names[i] = *name;
    }
  }
  int rounds = 4;
  if (const Json* k = r.find(root, "rounds")) {
    auto x = r.number(*k, "\"rounds\"");
    if (!x) return nullptr;
    // Range first: casting a double beyond int's range is undefined (a fuzz finding: "rounds": 4.4e86).
    if (!(*x >= 0 && *x <= kCopMaxRounds) || *x != std::floor(*x)) {
      r.error("game.bad_rounds", *k,
              "\"rounds\" is a whole number from 0 to " + std::to_string(kCopMaxRounds),
              "the paper plays 4 rounds of messages");
      return nullptr;
    }
    rounds = static_cast<int>(*x);
  }
  if (!ok) return nullptr;
  return std::make_shared<CopGame>(personalities, names, rounds);
}

}  // namespace motive::game

// Communicate Out of Prison: the payoff rule against the paper's table (appendix A.4), the game's
// conformance, and the personalities' calibration against the paper's announcement counts.
#include <array>
#include <cmath>
#include <map>
#include <string>

#include <gtest/gtest.h>

#include "game/cop.h"
#include "game/methods.h"
#include "game_conformance.h"

namespace motive::game {
namespace {

// Appendix A.4, transcribed by hand. "Playing (b=x,c=y)" is agent a's announcement; each table's
// rows are b's announcement (a, c) and its columns c's announcement (a, b), in the paper's order
// (0,0), (1,0), (0,1), (1,1); 1 means guilty. Entries are the payoffs (a, b, c).
struct Entry {
  int a_b, a_c, b_a, b_c, c_a, c_b;
  std::array<int, 3> payoff;
};

std::vector<Entry> paper_table() {
  // [a's (b,c)][b's row][c's column]
  const int table[4][4][4][3] = {
      // Playing (b=0,c=0)
      {{{-5, -5, -5}, {-10, 0, 0}, {0, -10, 0}, {-10, -10, 0}},
       {{-10, 0, 0}, {-20, 0, 0}, {-10, -10, 0}, {-20, -10, 0}},
       {{0, 0, -10}, {-10, 0, -10}, {0, -10, -10}, {-10, -10, -10}},
       {{-10, 0, -10}, {-20, 0, -10}, {-10, -10, -10}, {-20, -10, -10}}},
      // Playing (b=1,c=0)
      {{{0, -10, 0}, {-10, -10, 0}, {0, -20, 0}, {-10, -20, 0}},
       {{-10, -10, 0}, {-20, 0, 0}, {0, -20, 0}, {-20, -20, 0}},
       {{0, -10, -10}, {-10, -10, -10}, {0, -20, 0}, {-10, -20, 0}},
       {{-10, -10, -10}, {-20, 0, -10}, {0, -20, 0}, {-20, -20, 0}}},
      // Playing (b=0,c=1)
      {{{0, 0, -10}, {-10, 0, -10}, {0, -10, -10}, {-10, -10, -10}},
       {{-10, 0, -10}, {-20, 0, 0}, {-10, -10, -10}, {-20, -10, 0}},
       {{0, 0, -20}, {0, 0, -20}, {0, 0, -20}, {0, 0, -20}},
       {{-10, 0, -20}, {-20, 0, -20}, {-10, 0, -20}, {-20, 0, -20}}},
      // Playing (b=1,c=1)
      {{{0, -10, -10}, {-10, -10, -10}, {0, -20, -10}, {-10, -20, -10}},
       {{-10, -10, -10}, {-20, 0, 0}, {0, -20, -10}, {-20, -20, 0}},
       {{0, -10, -20}, {0, -10, -20}, {0, -20, -20}, {0, -20, -20}},
       {{-10, -10, -20}, {-20, 0, -20}, {0, -20, -20}, {-20, -20, -20}}},
  };
  const int first[4] = {0, 1, 0, 1}, second[4] = {0, 0, 1, 1};
  std::vector<Entry> out;
  for (int a = 0; a < 4; ++a) {
    for (int b = 0; b < 4; ++b) {
      for (int c = 0; c < 4; ++c) {
        out.push_back({first[a],
                       second[a],
                       first[b],
                       second[b],
                       first[c],
                       second[c],
                       {table[a][b][c][0], table[a][b][c][1], table[a][b][c][2]}});
      }
    }
  }
  return out;
}

TEST(GameCop, PayoffRuleReproducesAll64EntriesOfAppendixA4) {
  std::vector<Entry> entries = paper_table();
  ASSERT_EQ(entries.size(), 64u);
  for (const Entry& e : entries) {
    bool blame[3][3] = {};
    blame[0][1] = e.a_b, blame[0][2] = e.a_c, blame[1][0] = e.b_a, blame[1][2] = e.b_c, blame[2][0] = e.c_a,
    blame[2][1] = e.c_b;
    std::array<int, 3> years = cop_years(blame);
    std::array<int, 3> payoff = {-years[0], -years[1], -years[2]};
    EXPECT_EQ(payoff, e.payoff) << "a(b=" << e.a_b << ",c=" << e.a_c << ") b(a=" << e.b_a << ",c=" << e.b_c
                                << ") c(a=" << e.c_a << ",b=" << e.c_b << ")";
  }
}

TEST(GameCop, BlamingBothIsTheDominantOneShotAnnouncement) {
  // For every agent and every announcement of the other two, blaming both is at least as good as
  // any other announcement, and strictly better against some.
  for (int i = 0; i < 3; ++i) {
    bool strictly[4] = {};
    for (int others = 0; others < 16; ++others) {
      auto years_with = [&](int mine) {
        bool blame[3][3] = {};
        int j, k;
        CopState::others(i, &j, &k);
        blame[i][j] = mine & 1, blame[i][k] = mine & 2;
        int o[2][2] = {{(others >> 0) & 1, (others >> 1) & 1}, {(others >> 2) & 1, (others >> 3) & 1}};
        int jj, jk, kj, kk;
        CopState::others(j, &jj, &jk);
        CopState::others(k, &kj, &kk);
        blame[j][jj] = o[0][0], blame[j][jk] = o[0][1], blame[k][kj] = o[1][0], blame[k][kk] = o[1][1];
        return cop_years(blame)[i];
      };
      for (int mine = 0; mine < 3; ++mine) {
        EXPECT_LE(years_with(3), years_with(mine));
        if (years_with(3) < years_with(mine)) strictly[mine] = true;
      }
    }
    for (int mine = 0; mine < 3; ++mine) EXPECT_TRUE(strictly[mine]);
  }
}

TEST(GameCop, PassesTheConformanceTest) {
  CopGame standard(
      {Personality::kConArtist, Personality::kSimplePerson, Personality::kPolitician},
      default_cop_names({Personality::kConArtist, Personality::kSimplePerson, Personality::kPolitician}), 4);
  testing::check_conformance(standard);
  CopGame short_game({Personality::kPolitician, Personality::kSimplePerson, Personality::kPolitician},
                     {"a", "b", "c"}, 1);
  testing::check_conformance(short_game);
}

TEST(GameCop, SerialisedStatesReadBack) {
  CopGame game({Personality::kConArtist, Personality::kSimplePerson, Personality::kPolitician},
               {"a", "b", "c"}, 1);
  std::string error;
  // Blames as bit sets: a blames b and c (6), b blames a and c (5), c blames a and b (3).
  auto s = game.deserialise("cop order=0 talk=01p,12m,20x blames=653", &error);
  ASSERT_TRUE(s) << error;
  EXPECT_EQ(s->type(), NodeType::kTerminal);
  const auto& cop = static_cast<const CopState&>(*s);
  EXPECT_EQ(cop.received(1, 0, static_cast<int>(Signal::kPropose)), 1);
  EXPECT_EQ(cop.received(0, 2, static_cast<int>(Signal::kAccuse)), 1);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(cop.years(i), 20);
  EXPECT_FALSE(game.deserialise("cop order=0 talk=01p,12m,20x blames=663", &error))
      << "b cannot blame itself";
  EXPECT_FALSE(game.deserialise("cop order=0 talk=10p", &error)) << "b does not speak first in order 0";
  EXPECT_FALSE(game.deserialise("cop order=9", &error));
}

}  // namespace
}  // namespace motive::game

namespace motive::game {
namespace {

// Appendix A.4's announcement counts over 40 games, as [agent][announcement] with the announcement's
// bit 0 = blames the first other agent in player order, bit 1 = the second (so 1 and 2 are "blames
// only that one", 3 "blames both").
struct PaperSetup {
  std::array<Personality, 3> personalities;
  double counts[3][4];
  bool sentences = false;       // whether the paper gives the setup's sentences
  double years[3] = {0, 0, 0};  // over its 40 games
};

// Con-artist, simple person, politician: the con-artist blames both 31 times, the simple person
// only 7, the politician only 2; the simple person blames the con-artist only 33, the politician only
// 5, both 2; the politician blames the con-artist only 35, the simple person only 5.
// Over its 40 games the con-artist was sentenced to 660 years, the simple person to 120 and the
// politician to 140 ("Dominant Strategy").
const PaperSetup kStandard = {{Personality::kConArtist, Personality::kSimplePerson, Personality::kPolitician},
                              {{0, 7, 2, 31}, {0, 33, 5, 2}, {0, 35, 5, 0}},
                              true,
                              {660, 120, 140}};
// Politician A, simple person, politician B.
const PaperSetup kTwoPoliticians = {
    {Personality::kPolitician, Personality::kSimplePerson, Personality::kPolitician},
    {{3, 21, 14, 2}, {3, 20, 17, 0}, {6, 18, 16, 0}}};

// The paper's counts come from 40 games per setup, so a count has a binomial standard deviation of
// up to √(40·¼) ≈ 3.2 games: a policy that is right would still miss by several games. The test asks
// every one of the 24 expected counts (from 100,000 simulated games) to lie within two standard
// deviations of the observed count, plus one game for the rounding of counts; and each expected
// sentence over 40 games to lie within two standard deviations of a sum of 40 games' years of the
// paper's. It prints the table. The numbers were fitted to both (game_cop_fit_test.cc); the
// sentences depend on how the agents' announcements go together, not only on how often each is made.
TEST(GameCop, PersonalitiesAreCalibratedAgainstTheAnnouncementCountsAndSentencesOfAppendixA4) {
  for (const PaperSetup* setup : {&kStandard, &kTwoPoliticians}) {
    CopGame game(setup->personalities, default_cop_names(setup->personalities), 4);
    const CopOutcomes outcomes = cop_outcomes(game, 100000, 2024);
    const auto& freq = outcomes.frequency;
    const char* labels[4] = {"nobody", "first only", "second only", "both"};
    double chi_square = 0;
    for (int i = 0; i < 3; ++i) {
      for (int a = 0; a < 4; ++a) {
        double expected = 40 * freq[i][a], observed = setup->counts[i][a];
        double sd = std::sqrt(40 * freq[i][a] * (1 - freq[i][a]));
        chi_square += (observed - expected) * (observed - expected) / std::max(expected, 0.5);
        std::printf("  %-16s blames %-11s observed %4.0f expected %5.1f (sd %.1f)\n",
                    game.player_name(i).c_str(), labels[a], observed, expected, sd);
        EXPECT_LE(std::abs(observed - expected), 2 * sd + 1)
            << game.player_name(i) << " blames " << labels[a] << ": observed " << observed << ", expected "
            << expected;
      }
    }
    std::printf("  Pearson chi-square over the 12 cells: %.1f\n", chi_square);
    for (int i = 0; i < 3; ++i) {
      const double expected = 40 * outcomes.years[i], sd = std::sqrt(40.0) * outcomes.years_deviation[i];
      std::printf("  %-16s sentenced over 40 games: %5.1f years (sd %.1f)", game.player_name(i).c_str(),
                  expected, sd);
      if (!setup->sentences) {
        std::printf("\n");
        continue;
      }
      std::printf(", the paper's %3.0f\n", setup->years[i]);
      EXPECT_LE(std::abs(setup->years[i] - expected), 2 * sd)
          << game.player_name(i) << ": the paper's " << setup->years[i] << " years, expected " << expected;
    }
  }
}

}  // namespace
}  // namespace motive::game

namespace motive::game {
namespace {

// The policies compute their probabilities from factors the state caches; here they are computed
// again straight from PersonalityParams' formulas (trust as the sum of received signals' weights) at
// every node of 200 random plays.
TEST(GameCop, PoliciesFollowTheDocumentedFormulas) {
  const std::array<Personality, 3> who = {Personality::kConArtist, Personality::kSimplePerson,
                                          Personality::kPolitician};
  CopGame game(who, default_cop_names(who), 4);
  const double friendly[5] = {1, 1, 1, -1, -1};
  std::vector<std::pair<Action, double>> dist;
  for (int play = 0; play < 200; ++play) {
    Rng rng(5, static_cast<std::uint64_t>(play));
    auto state = game.initial_state();
    double reward[3] = {};
    resolve_chance(*state, rng, reward);
    while (state->type() == NodeType::kDecision) {
      const auto& s = static_cast<const CopState&>(*state);
      int acting[3];
      int n = s.acting(acting);
      Action joint[3];
      for (int a = 0; a < n; ++a) {
        int i = acting[a], j, k;
        CopState::others(i, &j, &k);
        const PersonalityParams& q = game.params(i);
        std::map<Action, double> expected;
        double total = 0;
        if (s.phase() == CopState::Phase::kTalk) {
          for (int r = 0; r < 2; ++r) {
            double t = s.trust(i, r == 0 ? j : k);
            for (int g = 0; g < 5; ++g) {
              double x =
                  std::exp(q.message_bias[g] + q.recipient_trust * t + q.friendliness * t * friendly[g]);
              expected[Action{r, g}] = x;
              total += x;
            }
          }
        } else {
          double tj = s.trust(i, j), tk = s.trust(i, k);
          // Proposals received from k (to blame j) and from j; threats and accusations sent.
          double pj = s.proposals(i, k), pk = s.proposals(i, j);
          auto hostile = [&](int to) {
            return s.received(to, i, static_cast<int>(Signal::kThreaten)) +
                   s.received(to, i, static_cast<int>(Signal::kAccuse));
          };
          double logit[4] = {q.none, q.one + q.trust_gap * (tk - tj) + q.proposal * pj + q.spite * hostile(j),
                             q.one + q.trust_gap * (tj - tk) + q.proposal * pk + q.spite * hostile(k),
                             q.both - q.both_trust * (tj + tk)};
          for (int x = 0; x < 4; ++x) {
            expected[Action{x & 1, x >> 1}] = std::exp(logit[x]);
            total += std::exp(logit[x]);
          }
        }
        game.policy(i).distribution(s, i, &dist);
        ASSERT_EQ(dist.size(), expected.size());
        for (const auto& [action, p] : dist) EXPECT_NEAR(p, expected[action] / total, 1e-12);
        joint[a] = game.policy(i).sample(s, i, rng);
      }
      state->apply_actions(joint, reward);
    }
  }
}

}  // namespace
}  // namespace motive::game

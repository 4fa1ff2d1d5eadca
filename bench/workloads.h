// Benchmark workloads: SCIM model texts (docs/format.md) of growing size, and a runner that answers
// them through the engine's one entry point, handle_request (docs/api.md). Shared by the Google
// Benchmark suite (bench/bench_scim.cc, target motive_bench) and the plain harness
// (wasm/bench_main.cc: motive_bench_plain natively, motive_wasm_bench under Emscripten), so native
// and wasm time exactly the same work.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "mdp/mdp.h"
#include "mdp/solve.h"

namespace motive::bench {

// The shape of a generated model.
//   chain: X1 -> X2 -> ... -> Xk, binary chance variables, each with its own binary noise (X1 a
//          biased coin, each later one copies its parent or flips it); a decision D observes the
//          last m of them and guesses X1; one utility U(D, X1) = [D == X1].
//   fan:   X1 ... Xk independent binary chance variables (biased coins); D observes X1 ... Xm; one
//          utility U_i(D, X_i) = [D == X_i] per variable.
//   relay: X1 ... Xk independent biased coins; D observes X1 ... Xm; c chance variables
//          Y_j = [D == X_j] relay the decision to utilities U_j = Y_j, so every Y_j is a candidate
//          for intention (the intention search's workload).
//   example: a model of the gallery (examples/), embedded at build time.
//   gridworld: a gridworld or CID for MEG (meg_workloads); `variables` holds its cells (grids) or variables.
//   cid:   a random causal influence diagram of k binary chance variables and m decisions (cid_model):
//          the scaling benchmark of enumeration against variable elimination (scaling_workloads).
//   game, adventure: games and adventures of the gallery (game_workloads, bench/workloads_games.cc).
enum class Shape { chain, fan, relay, example, gridworld, cid, game, adventure };

struct Workload {
  std::string name;  // e.g. "chain_k12_m4"
  Shape shape = Shape::chain;
  int k = 0;                                         // chance variables, each with binary noise
  int m = 0;                                         // of them observed by the decision
  std::string model;                                 // the model file's text
  std::uint64_t settings = 0;                        // 2^k
  int variables = 0;                                 // every chance, decision and utility variable
  std::uint64_t contexts = 0;                        // decision contexts: 2^m
  std::vector<std::string> analyses;                 // the analyses timed on it
  nlohmann::json params = nlohmann::json::object();  // of every request (e.g. the policy asked about)
  std::string model_name;                            // of a file with several models
  // A raw method timed without handle_request (bench/workloads_games.cc): run() calls it instead.
  std::function<nlohmann::json(const std::string& analysis)> direct;
  // The request of each analysis, built on the first run: a request's time is the engine's (as a page's
  // or a program's request object is built once), not that of copying the model's text into a new one.
  mutable std::vector<std::pair<std::string, nlohmann::json>> requests;
};

// The model text of one shape; 1 <= m <= k <= 24.
std::string chain_model(int k, int m);
std::string fan_model(int k, int m);
std::string relay_model(int k, int m, int c);
Workload make_workload(Shape shape, int k, int m, int c = 0);

// The gallery's examples, (id, text), embedded by bench/examples.cmake.
std::vector<std::pair<std::string, std::string>> embedded_examples();
// One workload per model of each intention example: the intention analysis of its first
// deterministic policy (the goal: every example of the paper well under 50 ms in the browser).
std::vector<Workload> example_workloads();

// An n × n gridworld (docs/format.md): start top left, goal bottom right, slip 0.1, discount 0.9, rows of
// cliff (−20) with gaps at alternating ends every fourth row, so that the optimal path winds (as in
// bench_mdp.cc).
std::string gridworld_model(int n);
// The same gridworld as the engine reads it (for the benchmarks that call the solvers directly).
motive::mdp::MdpFile gridworld_file(int n);
// The ε-greedy agent of a file's base world, as the engine builds it (agent kind "epsilon_greedy").
motive::mdp::Policy epsilon_greedy_policy(const motive::mdp::MdpFile& file, double epsilon);
// MEG (issue 4's speed goals): CliffWorld known and unknown utility and the 21-value ε sweep, the mouse, and
// the known-utility MEG of the optimal agent on n × n gridworlds, n = 10 to 200 (quick: the small ones).
std::vector<Workload> meg_workloads(bool quick = false);

// Games (issue 11: COP rollouts, the page's SBUE and SICA, exact SBUE, a user game's SICA) and adventures
// (issue 12: random-agent steps, the exact and the page's baseline): bench/workloads_games.cc.
std::vector<Workload> game_workloads(bool quick = false);
// "<name>: <n/s> <unit>/s" for a raw workload's response that counts rollouts or steps, else "".
std::string rate(const std::string& name, const nlohmann::json& response, double seconds_per_run);
// The CPU time this process has used, in seconds: natively CLOCK_PROCESS_CPUTIME_ID, under Node
// process.cpuUsage() (the harness's --cpu-time).
double cpu_seconds();

// Two workloads per model of each intention example: the expected utility of its first deterministic policy
// (paper_<example>/eu) and its optimal policies (paper_<example>/optimal), each one small request.
std::vector<Workload> paper_workloads();

// The workloads timed by default, smallest first. `quick` keeps the small ones (up to 2^12
// settings), for smoke tests.
std::vector<Workload> standard_workloads(bool quick = false);

// A random CID (seeded; the same arguments give the same text): k binary chance variables X1 ... Xk,
// each with at most two parents drawn from earlier chance variables (and the decision just before
// it, if any), given by a cpd; m decisions (1 to 3) spread along the order, each observing two or
// three earlier chance variables and, for perfect recall, every earlier decision and what it
// observed; a utility per decision U_j(D_j, X_r) and one on the last chance variable, with
// real-valued tables. `real_valued`: every cpd row has its own probability (so its own cut point,
// and settings grow about 5x per variable); otherwise rows take probabilities from {0.2, 0.5, 0.8}.
std::string cid_model(int k, int m, bool real_valued, std::uint32_t seed);
// The scaling benchmark: random CIDs of 8 to 40 chance variables, 1 and 3 decisions, and real-valued
// tables, each timed by elimination and (while its settings are at most 2^22) by enumeration.
// Workloads are named cid_k<k>_m<m>[_real]/<method>.
std::vector<Workload> scaling_workloads(bool quick = false);

// The request for one analysis of a workload.
nlohmann::json make_request(const Workload& workload, const std::string& analysis);

// Answers it through motive::handle_request (the request built once per workload and analysis) and returns
// the response (ok or not).
nlohmann::json run(const Workload& workload, const std::string& analysis);

// "" when the response is ok, else a one-line account of its diagnostics.
std::string failure(const nlohmann::json& response);

}  // namespace motive::bench

// Benchmark workloads: SCIM model texts (docs/format.md) of growing size, and a runner that answers
// them through the engine's one entry point, handle_request (docs/api.md). Shared by the Google
// Benchmark suite (bench/bench_scim.cc, target motive_bench) and the plain harness
// (wasm/bench_main.cc: motive_bench_plain natively, motive_wasm_bench under Emscripten), so native
// and wasm time exactly the same work.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace motive::bench {

// The shape of a generated model.
//   chain: X1 -> X2 -> ... -> Xk, binary chance variables, each with its own binary noise (X1 a
//          biased coin, each later one copies its parent or flips it); a decision D observes the
//          last m of them and guesses X1; one utility U(D, X1) = [D == X1].
//   fan:   X1 ... Xk independent binary chance variables (biased coins); D observes X1 ... Xm; one
//          utility U_i(D, X_i) = [D == X_i] per variable.
enum class Shape { chain, fan };

struct Workload {
  std::string name;   // e.g. "chain_k12_m4"
  Shape shape = Shape::chain;
  int k = 0;          // chance variables, each with binary noise
  int m = 0;          // of them observed by the decision
  std::string model;  // the model file's text
  std::uint64_t settings = 0;   // 2^k
  int variables = 0;            // every chance, decision and utility variable
  std::uint64_t contexts = 0;   // decision contexts: 2^m
};

// The model text of one shape; 1 <= m <= k <= 24.
std::string chain_model(int k, int m);
std::string fan_model(int k, int m);
Workload make_workload(Shape shape, int k, int m);

// The analyses timed on every workload.
const std::vector<std::string>& analyses();

// The workloads timed by default, smallest first. `quick` keeps the small ones (up to 2^12
// settings), for smoke tests.
std::vector<Workload> standard_workloads(bool quick = false);

// The request for one analysis of a workload.
nlohmann::json make_request(const Workload& workload, const std::string& analysis);

// Answers it through motive::handle_request and returns the response (ok or not).
nlohmann::json run(const Workload& workload, const std::string& analysis);

// "" when the response is ok, else a one-line account of its diagnostics.
std::string failure(const nlohmann::json& response);

}  // namespace motive::bench

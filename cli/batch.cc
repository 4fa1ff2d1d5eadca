// `motive batch`: many requests, answered on every core, written in input order, resumable.
//
// Each worker thread takes the next request not yet answered and asks the engine (whose API is safe
// to call from several threads: each thread keeps its own last model read). The answers are written
// in input order as soon as every earlier one is: to OUT.partial while the run lasts, then, with the
// answers kept from OUT, to OUT in input order (through a temporary file, renamed, so OUT is always a
// whole file). A run that stops leaves OUT and OUT.partial, and the next run keeps both's answers.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <optional>
#include <sstream>
#include <thread>

#include "cli/commands.h"
#include "core/diagnostics.h"

namespace motive::cli {
namespace {

using nlohmann::json;

constexpr const char* kUsage = "usage: motive batch [IN.jsonl] [-o OUT.jsonl] [--jobs N]\n";
// The most threads a batch runs, whatever --jobs says.
constexpr int kMaxJobs = 256;

// FNV-1a, 64 bits, of a request line: an answer in OUT belongs to the request line it was made for.
std::string key_of(const std::string& line) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (unsigned char c : line) {
    h ^= c;
    h *= 0x100000001b3ull;
  }
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(h));
  return text;
}

json failure(const std::string& id, const std::string& message, const std::string& hint = {}) {
  json d = {{"id", id}, {"line", 0}, {"column", 0}, {"end_line", 0}, {"end_column", 0}, {"message", message}};
  if (!hint.empty()) d["hint"] = hint;
  return {{"ok", false}, {"diagnostics", json::array({d})}};
}

struct Request {
  std::size_t line = 0;  // 1-based line of the input
  std::string key;
  json id;           // the request's "id", or null
  std::string text;  // the API request's JSON, or empty when `broken` holds the answer
  std::optional<json> broken;
};

// The answer lines already written for this input: in OUT, then OUT.partial (a later run's wins).
std::map<std::string, std::string> kept_answers(const std::string& output) {
  std::map<std::string, std::string> kept;
  for (const std::string& path : {output, output + ".partial"}) {
    std::ifstream in(path, std::ios::binary);
    for (std::string line; std::getline(in, line);) {
      const json answer = json::parse(line, nullptr, false);
      // A line cut short by a stopped run is not JSON: it is asked again.
      if (answer.is_discarded() || !answer.is_object() || !answer.contains("line") ||
          !answer.contains("key") || !answer.contains("reply"))
        continue;
      kept[std::to_string(answer["line"].get<long long>()) + ":" + answer["key"].get<std::string>()] = line;
    }
  }
  return kept;
}

}  // namespace

void print_batch_help(std::ostream& out) {
  out << kUsage
      << "\nAnswers many requests, one JSON object a line (JSON Lines), on N threads (default: every core),\n"
         "and writes one answer a line, in the order of the requests (docs/cli.md, \"motive batch\").\n\n"
         "a request:  {\"path\": \"examples/meg/cliffworld.jsonc\", \"analysis\": \"meg\", \"params\": "
         "{...},\n"
         "             \"model_name\": ..., \"id\": ...}\n"
         "            \"path\" is read relative to IN's folder; \"model\": TEXT gives the model's text "
         "instead.\n"
         "an answer:  {\"line\": 3, \"id\": ..., \"key\": \"...\", \"reply\": {the API's reply}}\n\n"
         "With -o OUT, a run that stops (Ctrl+C) can be run again: answers already in OUT (or OUT.partial)\n"
         "for the same request line are kept, and only the others are asked. Without -o the answers go to\n"
         "the output. The exit status is 0 when every reply is ok, 1 otherwise.\n";
}

int batch_command(const std::vector<std::string>& args, std::istream& in, std::ostream& out,
                  std::ostream& err, const Engine& engine) {
  std::string input, output;
  int jobs = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  for (std::size_t i = 1; i < args.size(); ++i) {
    const std::string& a = args[i];
    if ((a == "-o" || a == "--output") && i + 1 < args.size()) {
      output = args[++i];
    } else if (a == "--jobs" && i + 1 < args.size()) {
      const std::string& n = args[++i];
      if (n.empty() || n.size() > 4 || !std::all_of(n.begin(), n.end(), ::isdigit) || std::stoi(n) < 1) {
        err << "motive: --jobs takes a whole number from 1 to " << kMaxJobs << "\n" << kUsage;
        return 2;
      }
      jobs = std::min(std::stoi(n), kMaxJobs);
    } else if (input.empty() && a != "-o" && a != "--output" && a != "--jobs") {
      input = a;
    } else {
      err << "motive: batch does not take \"" << a << "\" here\n" << kUsage;
      return 2;
    }
  }

  // The requests, read whole: model files once each, relative to the input's folder.
  std::ifstream file;
  std::istream* source = &in;
  std::filesystem::path base = std::filesystem::current_path();
  if (!input.empty() && input != "-") {
    file.open(input, std::ios::binary);
    if (!file) {
      err << input << ": error: cannot read the file\n";
      return 1;
    }
    source = &file;
    base = std::filesystem::absolute(input).parent_path();
  }
  std::vector<Request> requests;
  std::map<std::string, std::optional<std::string>> models;  // path -> text (nullopt: cannot be read)
  std::size_t number = 0;
  for (std::string line; std::getline(*source, line);) {
    ++number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.find_first_not_of(" \t") == std::string::npos) continue;
    Request r;
    r.line = number;
    r.key = key_of(line);
    json request = json::parse(line, nullptr, false);
    if (request.is_discarded() || !request.is_object()) {
      r.broken = failure("request.malformed", "line " + std::to_string(number) + " is not a JSON object");
      requests.push_back(std::move(r));
      continue;
    }
    if (auto id = request.find("id"); id != request.end()) {
      r.id = *id;
      request.erase("id");
    }
    if (auto path = request.find("path"); path != request.end()) {
      if (!path->is_string() || request.contains("model")) {
        r.broken =
            failure("request.malformed", "a request gives \"path\" (a model file) or \"model\" (its text)");
        requests.push_back(std::move(r));
        continue;
      }
      const std::filesystem::path where = base / path->get<std::string>();
      auto [it, added] = models.emplace(where.string(), std::nullopt);
      if (added) {
        std::ifstream model(where, std::ios::binary);
        std::ostringstream buffer;
        if (model && (buffer << model.rdbuf())) it->second = buffer.str();
        else if (model) it->second = std::string();  // an empty file: the engine says what is wrong
      }
      if (!it->second) {
        r.broken = failure("request.malformed", "cannot read the model file " + path->get<std::string>(),
                           "a path is read relative to the folder of the batch's input");
        requests.push_back(std::move(r));
        continue;
      }
      request["model"] = *it->second;
      request.erase("path");
    }
    r.text = json_text(request);
    requests.push_back(std::move(r));
  }

  // Answers kept from an earlier run, and what is left to ask.
  std::map<std::string, std::string> kept;
  if (!output.empty()) kept = kept_answers(output);
  std::vector<std::optional<std::string>> answers(requests.size());
  std::vector<std::size_t> todo;
  std::size_t reused = 0;
  for (std::size_t i = 0; i < requests.size(); ++i) {
    auto it = kept.find(std::to_string(requests[i].line) + ":" + requests[i].key);
    if (it != kept.end()) {
      answers[i] = it->second;
      ++reused;
    } else {
      todo.push_back(i);
    }
  }

  std::ofstream partial;
  if (!output.empty()) {
    partial.open(output + ".partial", std::ios::binary | std::ios::app);
    if (!partial) {
      err << output << ".partial: error: cannot write the file\n";
      return 1;
    }
  }
  const auto started = std::chrono::steady_clock::now();
  std::mutex mutex;
  std::condition_variable done;
  std::atomic<std::size_t> next{0};
  std::vector<std::optional<std::string>> fresh(todo.size());
  auto answer_line = [&](std::size_t i, const json& reply) {
    json line = {
        {"line", requests[i].line}, {"id", requests[i].id}, {"key", requests[i].key}, {"reply", reply}};
    return json_text(line);
  };
  auto work = [&] {
    for (;;) {
      const std::size_t k = next.fetch_add(1);
      if (k >= todo.size()) return;
      const Request& r = requests[todo[k]];
      json reply = r.broken ? *r.broken : json::parse(engine(r.text), nullptr, false);
      if (reply.is_discarded()) reply = failure("engine.internal", "the engine's reply is not JSON");
      std::string line = answer_line(todo[k], reply);
      std::lock_guard<std::mutex> lock(mutex);
      fresh[k] = std::move(line);
      done.notify_one();
    }
  };
  const int threads = static_cast<int>(
      std::min<std::size_t>(static_cast<std::size_t>(jobs), std::max<std::size_t>(1, todo.size())));
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) pool.emplace_back(work);
  // Write the fresh answers in input order as they come.
  std::size_t written = 0;
  std::ostream& sink = output.empty() ? out : static_cast<std::ostream&>(partial);
  std::size_t i_answer = 0;  // the next request (in input order) whose answer the output lacks
  auto flush_ready = [&]() {
    // Without OUT the output takes every answer, kept ones included, in order.
    while (i_answer < requests.size()) {
      if (answers[i_answer]) {
        if (output.empty()) sink << *answers[i_answer] << "\n";
        ++i_answer;
        continue;
      }
      const std::size_t k =
          static_cast<std::size_t>(std::lower_bound(todo.begin(), todo.end(), i_answer) - todo.begin());
      if (!fresh[k]) return;
      answers[i_answer] = std::move(fresh[k]);
      sink << *answers[i_answer] << "\n";
      sink.flush();
      ++written;
      ++i_answer;
    }
  };
  {
    std::unique_lock<std::mutex> lock(mutex);
    while (written < todo.size()) {
      done.wait_for(lock, std::chrono::milliseconds(200));
      flush_ready();
    }
    flush_ready();
  }
  for (std::thread& t : pool) t.join();

  std::size_t failed = 0;
  for (const auto& a : answers) {
    const json line = json::parse(*a, nullptr, false);
    if (line.is_discarded() || !line.value("reply", json::object()).value("ok", false)) ++failed;
  }
  if (!output.empty()) {
    // OUT, whole, in input order: written beside and renamed over it.
    partial.close();
    const std::string temporary = output + ".tmp";
    {
      std::ofstream whole(temporary, std::ios::binary | std::ios::trunc);
      for (const auto& a : answers) whole << *a << "\n";
      if (!whole.flush()) {
        err << temporary << ": error: cannot write the file\n";
        return 1;
      }
    }
    std::error_code error;
    std::filesystem::rename(temporary, output, error);
    if (error) {
      err << output << ": error: cannot replace the file: " << error.message() << "\n";
      return 1;
    }
    std::filesystem::remove(output + ".partial", error);
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  char took[32];
  std::snprintf(took, sizeof took, "%.2f", seconds);
  err << "batch: " << requests.size() << " requests, " << requests.size() - failed << " ok, " << failed
      << " failed; " << todo.size() << " answered in " << took << " s on " << threads << " thread"
      << (threads == 1 ? "" : "s");
  if (reused) err << ", " << reused << " kept from " << output;
  err << "\n";
  return failed ? 1 : 0;
}

}  // namespace motive::cli

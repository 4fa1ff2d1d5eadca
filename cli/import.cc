// `motive import`: a model written in another format, read by the engine's importers.
#include <algorithm>
#include <filesystem>
#include <fstream>

#include "cli/commands.h"
#include "core/diagnostics.h"

namespace motive::cli {
namespace {

using nlohmann::json;

constexpr const char* kUsage =
    "usage: motive import FILE|FOLDER [-o OUT] [--format NAME] [--annotations FILE]\n";

}  // namespace

void print_import_help(const json& catalogue, std::ostream& out) {
  out << kUsage
      << "\nReads a model written in another format and writes it as a Motive model (docs/formats.md).\n"
         "A FOLDER is a ChoiceScript game: its .txt scenes (startup.txt first) and a .json annotations\n"
         "side file keyed by scene (or --annotations FILE). --format picks the format (default: from\n"
         "the files' names and first words); -o writes the model to OUT instead of the output.\n\n"
         "formats:\n";
  for (const json& f : catalogue.value("formats", json::array())) {
    std::string extensions;
    for (const json& e : f.value("extensions", json::array()))
      extensions += (extensions.empty() ? "." : ", .") + e.get<std::string>();
    out << "  " << f.value("name", "") << " (" << extensions << " -> " << f.value("kind", "")
        << "): " << f.value("summary", "") << "\n";
  }
}

int import_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err,
                   const Engine& engine) {
  std::string source, output, format = "auto", annotations;
  for (std::size_t i = 1; i < args.size(); ++i) {
    const std::string& a = args[i];
    std::string* option = a == "-o" || a == "--output" ? &output
                          : a == "--format"            ? &format
                          : a == "--annotations"       ? &annotations
                                                       : nullptr;
    if (option) {
      if (i + 1 >= args.size()) {
        err << "motive: " << a << " needs a value\n" << kUsage;
        return 2;
      }
      *option = args[++i];
    } else if (source.empty()) {
      source = a;
    } else {
      err << "motive: import takes one FILE or FOLDER, not also \"" << a << "\"\n" << kUsage;
      return 2;
    }
  }
  if (source.empty()) {
    err << kUsage;
    return 2;
  }
  std::vector<std::filesystem::path> paths;
  std::error_code error;
  if (std::filesystem::is_directory(source, error)) {
    for (const auto& entry : std::filesystem::directory_iterator(source, error)) {
      std::string ext = entry.path().extension().string();
      std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
      if (entry.is_regular_file() && (ext == ".txt" || ext == ".json")) paths.push_back(entry.path());
    }
    std::sort(paths.begin(), paths.end());
    if (paths.empty()) {
      err << source << ": error: the folder holds no .txt scene\n";
      return 1;
    }
  } else {
    paths.push_back(source);
  }
  if (!annotations.empty()) paths.push_back(annotations);
  json request = {{"analysis", "import"}, {"format", format}, {"files", json::array()}};
  for (const auto& path : paths) {
    std::string text;
    if (!read_file(path, &text)) {
      err << path.string() << ": error: cannot read the file\n";
      return 1;
    }
    request["files"].push_back({{"name", path.filename().string()}, {"text", std::move(text)}});
  }
  const json reply = json::parse(engine(json_text(request)), nullptr, false);
  if (reply.is_discarded() || !reply.is_object()) {
    err << "motive: the engine's reply is not JSON\n";
    return 1;
  }
  if (!reply.value("ok", false)) {
    const std::filesystem::path folder = std::filesystem::is_directory(source, error)
                                             ? std::filesystem::path(source)
                                             : std::filesystem::path();
    for (const json& d : reply.value("diagnostics", json::array())) {
      std::string file = d.value("file", "");
      file = file.empty() ? source : (folder.empty() ? file : (folder / file).string());
      print_diagnostic(file, d, err);
    }
    return 1;
  }
  const json& result = reply["result"];
  for (const json& note : result.value("notes", json::array()))
    err << source << ": note: " << note.get<std::string>() << "\n";
  const std::string model = result.value("model", "");
  if (output.empty()) {
    out << model;
    return 0;
  }
  std::ofstream file(output, std::ios::binary);
  if (!(file << model)) {
    err << output << ": error: cannot write the file\n";
    return 1;
  }
  err << output << ": " << result.value("kind", "") << " model imported from " << result.value("format", "")
      << "\n";
  return 0;
}

}  // namespace motive::cli

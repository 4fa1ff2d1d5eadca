// A documented subset of ChoiceScript (Choice of Games' language, the language of the MACHIAVELLI
// benchmark's games) into an adventure (docs/formats.md, "ChoiceScript").
//
// A game is its scene files (startup.txt first, then *scene_list's order) and, optionally, a JSON side
// file of annotations keyed by scene. The reader turns each file into a tree of statements by
// indentation (bounded depth; the only recursion is over that nesting), then compiles the flow into
// the adventure's scenes: a run of text and commands becomes one scene, *choice a decision scene, *if a
// scene that moves on by conditional branches, *goto and *finish its `next`, *ending an ending. An
// imported scene is named <file>_<line>, the ChoiceScript file and the line it starts at, and that is
// the key of its annotations in the side file. Variables become stats (numbers 0 to 100 unless the
// side file says otherwise; true/false as 0/1), conditions and *set expressions the expression
// language's. What the subset does not read is an import.unsupported diagnostic at its line.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <memory>
#include <set>

#include "adventure/adventure.h"
#include "core/source_json.h"
#include "core/text.h"
#include "formats/formats.h"
#include "formats/readers.h"
#include "formats/source.h"

namespace motive::formats {
namespace {

// Bounds (import.too_large beyond).
constexpr int kMaxNesting = 64;
constexpr std::size_t kMaxLines = 200'000;
constexpr std::size_t kMaxScenesOut = static_cast<std::size_t>(adventure::kMaxScenes);
constexpr int kMaxFairmath = 100;

// ---- lines and statements -----------------------------------------------------------------------------

struct Line {
  int number = 0;         // 1-based
  std::size_t begin = 0;  // offset of the first character after the indentation
  std::size_t end = 0;    // offset of the end of the line (before \r\n)
  int indent = 0;         // characters of indentation
  std::string_view text;  // without the indentation
  bool blank = true;
};

enum class Kind {
  kText,
  kParagraph,  // a blank line between text
  kSet,
  kAchieve,
  kLabel,
  kGoto,
  kGotoScene,
  kFinish,
  kEnding,
  kIf,
  kChoice,
};

struct Stmt;

// One way through an *if (a condition, or none for *else), or one option of a *choice.
struct Arm {
  std::string condition;  // the ChoiceScript expression; empty for *else and unconditional options
  std::size_t condition_begin = 0;
  std::string text;  // an option's text
  int line = 0;
  std::size_t begin = 0, end = 0;
  std::vector<Stmt> body;
};

struct Stmt {
  Kind kind = Kind::kText;
  int line = 0;
  std::size_t begin = 0, end = 0;  // the line's text, for diagnostics
  std::string a, b;                // text; variable; label; scene and label; achievement
  std::string expression;          // *set's value
  std::size_t expression_begin = 0;
  std::vector<Arm> arms;  // *if's ways (the last may be *else), *choice's options
  bool fake = false;      // *fake_choice
};

struct Variable {
  enum Type { kNumber, kBoolean, kText } type = kNumber;
  std::string file_name;  // the file that creates it
  std::string id;         // the stat's name in the model (an identifier of the expression language)
  double initial = 0;
  std::string file;
  SourceSpan span;
};

struct Achievement {
  std::string id;
  double points = 0;
  std::string title, description;
  SourceSpan span;
};

// A failure that ends the reading of one file.
struct Stop {};

// A number as the model writes it: whole numbers without a fraction.
std::string number_text(double x) {
  if (x == std::round(x) && std::abs(x) < 1e15) return std::to_string(static_cast<long long>(x));
  return json_text(OrderedJson(x));
}

OrderedJson number_json(double x) {
  if (x == std::round(x) && std::abs(x) < 1e15) return OrderedJson(static_cast<long long>(x));
  return OrderedJson(x);
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

// The command of a line "*name rest": name and rest.
std::pair<std::string, std::string_view> command_of(std::string_view text) {
  std::size_t i = 1;
  while (i < text.size() && (std::isalnum(static_cast<unsigned char>(text[i])) || text[i] == '_')) ++i;
  std::string name(text.substr(1, i - 1));
  for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return {name, trim(text.substr(i))};
}

// The commands read as the subset reads them, those skipped (presentation only), and those refused.
const std::set<std::string>& skipped_commands() {
  static const std::set<std::string> names = {
      "comment",       "page_break",      "line_break",    "image",     "sound",
      "advertisement", "share_this_game", "show_password", "feedback",  "check_achievements",
      "looplimit",     "author",          "title",         "text_image"};
  return names;
}
const std::vector<std::string>& known_commands() {
  static const std::vector<std::string> names = {
      "comment",    "page_break",  "line_break", "image",       "sound",        "title", "author",
      "create",     "temp",        "set",        "achievement", "achieve",      "label", "goto",
      "goto_scene", "finish",      "ending",     "if",          "elseif",       "elsif", "else",
      "choice",     "fake_choice", "scene_list", "stat_chart",  "selectable_if"};
  return names;
}
std::string refusal(const std::string& name) {
  static const std::map<std::string, std::string> why = {
      {"rand", "an adventure is deterministic: a play is fixed by its choices"},
      {"input_text", "an adventure's player only chooses among options"},
      {"input_number", "an adventure's player only chooses among options"},
      {"gosub", "subroutines are not in the subset: write the lines where they are used, or *goto"},
      {"gosub_scene", "subroutines are not in the subset: write the lines where they are used, or *goto"},
      {"return", "subroutines are not in the subset"},
      {"hide_reuse", "options that remember being chosen are not in the subset: use a stat and *if"},
      {"disable_reuse", "options that remember being chosen are not in the subset: use a stat and *if"},
      {"allow_reuse", "options that remember being chosen are not in the subset"},
      {"goto_random_scene", "an adventure is deterministic"},
      {"restart", "a play ends with *ending"},
      {"script", "JavaScript is not read"},
      {"params", "subroutines are not in the subset"},
      {"redirect_scene", "not in the subset"},
      {"purchase", "not in the subset"},
      {"delay_break", "not in the subset"},
      {"bug", "not in the subset: end the play with *ending"},
  };
  auto it = why.find(name);
  return it == why.end() ? std::string() : it->second;
}

// ---- one scene file ----------------------------------------------------------------------------------

class FileReader {
 public:
  FileReader(std::string name, std::string file, const SourceText& source, Diagnostics* d)
      : name_(std::move(name)), file_(std::move(file)), source_(source), d_(d) {}

  // Reads the file into its statements (and, for startup.txt, its declarations). False after errors.
  bool read(bool startup) {
    startup_ = startup;
    if (!split_lines()) return false;
    try {
      std::size_t i = 0;
      if (startup_) declarations(&i);
      body_ = block(&i, 0, 0);
      if (i < lines_.size()) {
        const Line& l = lines_[i];
        error("import.syntax", l, "this line is indented less than the first line of the file");
        return false;
      }
    } catch (const Stop&) {
      return false;
    }
    return errors_ == 0;
  }

  const std::vector<Stmt>& body() const { return body_; }
  const std::string& name() const { return name_; }
  // The file's name as given (startup.txt).
  const std::string& file() const { return file_; }
  const std::vector<std::string>& scene_list() const { return scene_list_; }
  std::vector<std::pair<std::string, Variable>>& variables() { return variables_; }
  std::vector<Achievement>& achievements() { return achievements_; }
  const std::string& title() const { return title_; }
  const std::string& author() const { return author_; }
  const SourceText& source() const { return source_; }
  SourceSpan span(std::size_t begin, std::size_t end) const { return source_.span(begin, end); }

 private:
  void error(const std::string& id, const Line& l, const std::string& message, const std::string& hint = {}) {
    error_at(id, l.begin, l.end, message, hint);
  }
  void error_at(const std::string& id, std::size_t begin, std::size_t end, const std::string& message,
                const std::string& hint = {}) {
    ++errors_;
    d_->error(id, source_.span(begin, std::max(end, begin + 1)), message, hint);
  }
  [[noreturn]] void stop(const std::string& id, const Line& l, const std::string& message,
                         const std::string& hint = {}) {
    error(id, l, message, hint);
    throw Stop{};
  }

  bool split_lines() {
    std::string_view text = source_.text();
    std::size_t pos = text.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;
    int number = 1;
    bool tabs = false, spaces = false;
    while (pos <= text.size()) {
      std::size_t end = text.find('\n', pos);
      if (end == std::string_view::npos) end = text.size();
      std::size_t stop = end;
      if (stop > pos && text[stop - 1] == '\r') --stop;
      Line l;
      l.number = number++;
      std::size_t i = pos;
      while (i < stop && (text[i] == ' ' || text[i] == '\t')) {
        (text[i] == '\t' ? tabs : spaces) = true;
        ++i;
      }
      l.indent = static_cast<int>(i - pos);
      l.begin = i;
      l.end = stop;
      l.text = text.substr(i, stop - i);
      l.blank = trim(l.text).empty();
      if (tabs && spaces && !l.blank) {
        error_at("import.syntax", pos, i, "the file indents with both tabs and spaces",
                 "indent with one or the other, as ChoiceScript requires");
        return false;
      }
      if (lines_.size() >= kMaxLines) {
        error_at("import.too_large", pos, stop,
                 "the file has more than " + std::to_string(kMaxLines) + " lines");
        return false;
      }
      lines_.push_back(l);
      if (end == text.size()) break;
      pos = end + 1;
    }
    return true;
  }

  // The next line that is not blank, from *i on (or lines_.size()).
  std::size_t next_content(std::size_t i) const {
    while (i < lines_.size() && lines_[i].blank) ++i;
    return i;
  }

  // startup.txt's declarations: *title, *author, *scene_list, *create, *achievement, comments, blank
  // lines, up to the first line of the story.
  void declarations(std::size_t* i) {
    for (;;) {
      *i = next_content(*i);
      if (*i >= lines_.size()) return;
      const Line& l = lines_[*i];
      if (l.indent != 0 || l.text.front() != '*') return;
      auto [name, rest] = command_of(l.text);
      if (name == "title") title_ = std::string(rest);
      else if (name == "author") author_ = std::string(rest);
      else if (name == "comment") {
      } else if (name == "scene_list") {
        ++*i;
        for (*i = next_content(*i); *i < lines_.size() && lines_[*i].indent > 0; *i = next_content(*i + 1)) {
          std::string scene(trim(lines_[*i].text));
          if (!scene.empty() && scene[0] == '$') scene = std::string(trim(std::string_view(scene).substr(1)));
          scene_list_.push_back(scene);
        }
        continue;
      } else if (name == "create") {
        create(l, rest);
      } else if (name == "achievement") {
        achievement(l, rest, i);
        continue;
      } else {
        return;
      }
      ++*i;
    }
  }

  void create(const Line& l, std::string_view rest) {
    std::size_t space = rest.find_first_of(" \t");
    std::string var(rest.substr(0, space));
    std::string_view value = space == std::string_view::npos ? std::string_view() : trim(rest.substr(space));
    for (char& c : var) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (var.empty() || !(std::isalpha(static_cast<unsigned char>(var[0])) || var[0] == '_')) {
      error("import.syntax", l, "*create needs a variable's name and its value", "*create strength 50");
      return;
    }
    Variable v;
    v.file = name_;
    v.file_name = file_;
    v.span = source_.span(l.begin, l.end);
    std::string lower(value);
    for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (lower == "true" || lower == "false") {
      v.type = Variable::kBoolean;
      v.initial = lower == "true" ? 1 : 0;
    } else if (!value.empty() && value.front() == '"') {
      v.type = Variable::kText;
    } else if (auto number = parse_decimal(value);
               number && *number == std::round(*number) && std::abs(*number) < 1e6) {
      v.initial = *number;
    } else {
      error("import.unsupported", l,
            "the value of " + in_quotes(var) + " is not a whole number, true, false or text",
            "stats are whole numbers (true and false become 1 and 0)");
      return;
    }
    for (const auto& [existing, _] : variables_)
      if (existing == var) {
        error("import.duplicate", l, "variable " + in_quotes(var) + " is created twice");
        return;
      }
    variables_.emplace_back(var, v);
  }

  // *achievement id visible|hidden points Title, then indented: the description before and after.
  void achievement(const Line& l, std::string_view rest, std::size_t* i) {
    Achievement a;
    a.span = source_.span(l.begin, l.end);
    std::vector<std::string_view> words;
    std::size_t p = 0;
    for (int k = 0; k < 3 && p < rest.size(); ++k) {
      while (p < rest.size() && std::isspace(static_cast<unsigned char>(rest[p]))) ++p;
      std::size_t q = p;
      while (q < rest.size() && !std::isspace(static_cast<unsigned char>(rest[q]))) ++q;
      words.push_back(rest.substr(p, q - p));
      p = q;
    }
    auto points = words.size() == 3 ? parse_decimal(words[2]) : std::nullopt;
    if (words.size() < 3 || (words[1] != "visible" && words[1] != "hidden") || !points || *points < 0) {
      error("import.syntax", l, "an achievement is *achievement ID visible|hidden POINTS TITLE",
            "*achievement rich visible 10 Filthy rich");
      ++*i;
      return;
    }
    a.id = std::string(words[0]);
    a.points = *points;
    a.title = std::string(trim(rest.substr(std::min(p, rest.size()))));
    if (a.title.empty()) a.title = a.id;
    ++*i;
    for (*i = next_content(*i); *i < lines_.size() && lines_[*i].indent > 0; *i = next_content(*i + 1))
      if (a.description.empty()) a.description = std::string(trim(lines_[*i].text));
    for (const Achievement& other : achievements_)
      if (other.id == a.id) {
        error("import.duplicate", l, "achievement " + in_quotes(a.id) + " is declared twice");
        return;
      }
    achievements_.push_back(std::move(a));
  }

  // The statements of the block at `indent` from *i on, up to the first line indented less.
  std::vector<Stmt> block(std::size_t* i, int indent, int depth) {
    if (depth > kMaxNesting)
      stop("import.too_large", lines_[std::min(*i, lines_.size() - 1)],
           "blocks nest more than " + std::to_string(kMaxNesting) + " deep");
    std::vector<Stmt> out;
    for (;;) {
      const std::size_t before = *i;
      *i = next_content(*i);
      if (*i > before && !out.empty() && out.back().kind == Kind::kText) {
        Stmt p;
        p.kind = Kind::kParagraph;
        out.push_back(p);
      }
      if (*i >= lines_.size()) return out;
      const Line& l = lines_[*i];
      if (l.indent < indent) return out;
      if (l.indent > indent)
        stop("import.syntax", l, "this line is indented more than the lines before it",
             "indent only the lines under *if, *choice or an #option");
      statement(i, indent, depth, &out);
    }
  }

  // The body under the line *i (indented more than `indent`): advances *i past it.
  std::vector<Stmt> body_under(std::size_t* i, int indent, int depth) {
    ++*i;
    const std::size_t next = next_content(*i);
    if (next >= lines_.size() || lines_[next].indent <= indent) return {};
    return block(i, lines_[next].indent, depth + 1);
  }

  void statement(std::size_t* i, int indent, int depth, std::vector<Stmt>* out) {
    const Line& l = lines_[*i];
    Stmt s;
    s.line = l.number;
    s.begin = l.begin;
    s.end = l.end;
    if (l.text.front() == '#')
      stop("import.syntax", l, "an #option outside a *choice", "put it under *choice");
    if (l.text.front() != '*') {
      s.kind = Kind::kText;
      s.a = std::string(trim(l.text));
      out->push_back(std::move(s));
      ++*i;
      return;
    }
    auto [name, rest] = command_of(l.text);
    const std::size_t rest_begin = static_cast<std::size_t>(rest.data() - source_.text().data());
    if (name == "comment" || skipped_commands().count(name)) {
      ++*i;
      return;
    }
    if (name == "stat_chart") {  // and its indented lines
      body_under(i, indent, depth);
      return;
    }
    if (name == "create" || name == "temp") {
      // *temp in a scene: a stat like *create's (the subset keeps every variable for the whole game).
      if (name == "create" && !startup_)
        error("import.syntax", l, "*create belongs at the top of startup.txt", "use *temp");
      create(l, rest);
      ++*i;
      return;
    }
    if (name == "achievement") {
      error("import.syntax", l, "*achievement belongs at the top of startup.txt");
      ++*i;
      return;
    }
    if (name == "set") {
      std::size_t space = rest.find_first_of(" \t");
      if (space == std::string_view::npos)
        stop("import.syntax", l, "*set needs a variable and a value", "*set strength +10");
      s.kind = Kind::kSet;
      s.a = std::string(rest.substr(0, space));
      for (char& c : s.a) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      std::string_view value = trim(rest.substr(space));
      s.expression = std::string(value);
      s.expression_begin = static_cast<std::size_t>(value.data() - source_.text().data());
    } else if (name == "achieve") {
      s.kind = Kind::kAchieve;
      s.a = std::string(rest);
    } else if (name == "label") {
      s.kind = Kind::kLabel;
      s.a = lowered(rest);
      if (s.a.empty()) stop("import.syntax", l, "*label needs a name");
    } else if (name == "goto") {
      s.kind = Kind::kGoto;
      s.a = lowered(rest);
      if (s.a.empty()) stop("import.syntax", l, "*goto needs a label");
    } else if (name == "goto_scene") {
      s.kind = Kind::kGotoScene;
      std::size_t space = rest.find_first_of(" \t");
      s.a = std::string(rest.substr(0, space));
      if (space != std::string_view::npos) s.b = lowered(trim(rest.substr(space)));
      if (s.a.empty()) stop("import.syntax", l, "*goto_scene needs a scene");
    } else if (name == "finish") {
      s.kind = Kind::kFinish;
    } else if (name == "ending") {
      s.kind = Kind::kEnding;
    } else if (name == "if") {
      if_statement(i, indent, depth, l, rest, rest_begin, &s);
      out->push_back(std::move(s));
      return;
    } else if (name == "elseif" || name == "elsif" || name == "else") {
      stop("import.syntax", l, "*" + name + " without an *if before it");
    } else if (name == "choice" || name == "fake_choice") {
      s.kind = Kind::kChoice;
      s.fake = name == "fake_choice";
      choice(i, indent, depth, l, &s);
      out->push_back(std::move(s));
      return;
    } else if (name == "scene_list") {
      stop("import.syntax", l, "*scene_list belongs at the top of startup.txt");
    } else if (std::string why = refusal(name); !why.empty()) {
      stop("import.unsupported", l, "*" + name + " is not in the subset Motive imports", why);
    } else {
      std::string hint = did_you_mean(name, known_commands());
      stop("import.unsupported", l, "*" + name + " is not a command of the subset Motive imports",
           hint.empty() ? "docs/formats.md lists the commands it reads" : hint);
    }
    out->push_back(std::move(s));
    ++*i;
  }

  static std::string lowered(std::string_view s) {
    std::string out(trim(s));
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
  }

  // *if cond / *elseif cond / *else, each with its indented body.
  void if_statement(std::size_t* i, int indent, int depth, const Line& l, std::string_view rest,
                    std::size_t rest_begin, Stmt* s) {
    s->kind = Kind::kIf;
    if (rest.empty()) stop("import.syntax", l, "*if needs a condition", "*if strength > 50");
    if (rest.find('#') != std::string_view::npos && !rest.empty())
      stop("import.syntax", l, "an *if with an #option belongs in a *choice");
    Arm arm;
    arm.condition = std::string(rest);
    arm.condition_begin = rest_begin;
    arm.line = l.number;
    arm.begin = l.begin;
    arm.end = l.end;
    arm.body = body_under(i, indent, depth);
    s->arms.push_back(std::move(arm));
    for (;;) {
      const std::size_t next = next_content(*i);
      if (next >= lines_.size() || lines_[next].indent != indent || lines_[next].text.front() != '*') return;
      auto [name, condition] = command_of(lines_[next].text);
      if (name != "elseif" && name != "elsif" && name != "else") return;
      *i = next;
      const Line& e = lines_[next];
      Arm more;
      more.line = e.number;
      more.begin = e.begin;
      more.end = e.end;
      if (name != "else") {
        if (condition.empty()) stop("import.syntax", e, "*" + name + " needs a condition");
        more.condition = std::string(condition);
        more.condition_begin = static_cast<std::size_t>(condition.data() - source_.text().data());
      } else if (!condition.empty()) {
        stop("import.syntax", e, "*else takes no condition", "use *elseif");
      }
      more.body = body_under(i, indent, depth);
      const bool last = name == "else";
      s->arms.push_back(std::move(more));
      if (last) return;
    }
  }

  // A *choice's options: #text lines (with *if (cond) or *selectable_if (cond) before the #), or
  // *if / *elseif / *else groups of options, each with its indented body.
  void choice(std::size_t* i, int indent, int depth, const Line& l, Stmt* s) {
    ++*i;
    const std::size_t first = next_content(*i);
    if (first >= lines_.size() || lines_[first].indent <= indent)
      stop("import.syntax", l, "a *choice without options", "list its options indented under it: #Fight");
    options(i, lines_[first].indent, depth + 1, "", s);
    if (s->arms.empty()) stop("import.syntax", l, "a *choice without options");
  }

  void options(std::size_t* i, int indent, int depth, const std::string& guard, Stmt* s) {
    if (depth > kMaxNesting)
      stop("import.too_large", lines_[*i], "blocks nest more than " + std::to_string(kMaxNesting) + " deep");
    std::string previous;  // the conditions of an *if group so far, for *elseif and *else
    for (;;) {
      *i = next_content(*i);
      if (*i >= lines_.size() || lines_[*i].indent < indent) return;
      const Line& l = lines_[*i];
      if (l.indent > indent)
        stop("import.syntax", l, "this line is indented more than the options before it");
      std::string_view text = l.text;
      std::string condition;
      std::size_t condition_begin = l.begin;
      if (text.front() == '*') {
        auto [name, rest] = command_of(text);
        if (name == "if" || name == "selectable_if" || name == "elseif" || name == "elsif" ||
            name == "else") {
          const std::size_t hash = rest.find('#');
          std::string_view cond = trim(rest.substr(0, hash));
          const bool group = hash == std::string_view::npos;
          std::string own = std::string(cond);
          if (name == "else") {
            if (!cond.empty()) stop("import.syntax", l, "*else takes no condition");
            if (previous.empty()) stop("import.syntax", l, "*else without an *if before it in the *choice");
            own = "not (" + previous + ")";
          } else if (cond.empty()) {
            stop("import.syntax", l, "*" + name + " needs a condition");
          } else if (name == "elseif" || name == "elsif") {
            if (previous.empty())
              stop("import.syntax", l, "*" + name + " without an *if before it in the *choice");
            own = "(not (" + previous + ")) and (" + own + ")";
          }
          previous = name == "else" ? ""
                                    : (name == "if" || name == "selectable_if"
                                           ? std::string(cond)
                                           : "(" + previous + ") or (" + std::string(cond) + ")");
          condition = guard.empty() ? own : "(" + guard + ") and (" + own + ")";
          condition_begin = static_cast<std::size_t>(cond.data() - source_.text().data());
          if (group) {
            ++*i;
            const std::size_t next = next_content(*i);
            if (next < lines_.size() && lines_[next].indent > indent)
              options(i, lines_[next].indent, depth + 1, condition, s);
            continue;
          }
          text = trim(rest.substr(hash));
        } else if (std::string why = refusal(name); !why.empty()) {
          stop("import.unsupported", l, "*" + name + " is not in the subset Motive imports", why);
        } else {
          stop("import.syntax", l, "expected an #option in the *choice, not *" + name);
        }
      } else {
        previous.clear();
        condition = guard;
      }
      if (text.empty() || text.front() != '#') stop("import.syntax", l, "expected an #option in the *choice");
      Arm arm;
      arm.text = std::string(trim(text.substr(1)));
      arm.condition = condition;
      arm.condition_begin = condition_begin;
      arm.line = l.number;
      arm.begin = l.begin;
      arm.end = l.end;
      arm.body = body_under(i, indent, depth);
      s->arms.push_back(std::move(arm));
    }
  }

  std::string name_, file_;
  const SourceText& source_;
  Diagnostics* d_;
  bool startup_ = false;
  int errors_ = 0;
  std::vector<Line> lines_;
  std::vector<Stmt> body_;
  std::vector<std::string> scene_list_;
  std::vector<std::pair<std::string, Variable>> variables_;
  std::vector<Achievement> achievements_;
  std::string title_, author_;
};

// ---- expressions ------------------------------------------------------------------------------------

// A ChoiceScript expression translated into the expression language: its text and its type.
struct Translated {
  std::string text;
  enum Type { kNumber, kBoolean } type = kNumber;
};

struct ExpressionError {
  std::size_t offset;  // into the expression
  std::string message, hint;
  bool unsupported = false;
};

class ExpressionTranslator {
 public:
  ExpressionTranslator(std::string_view text, const std::map<std::string, Variable>& variables)
      : text_(text), variables_(variables) {}

  Translated translate() {
    next();
    Translated t = disjunction(0);
    if (token_.kind != kEnd) fail(token_.begin, "unexpected " + describe() + " in the expression");
    return t;
  }

 private:
  enum TokKind { kNum, kName, kString, kOp, kOpen, kClose, kEnd };
  struct Tok {
    TokKind kind = kEnd;
    std::string text;
    std::size_t begin = 0;
  };

  [[noreturn]] void fail(std::size_t at, const std::string& message, const std::string& hint = {},
                         bool unsupported = false) {
    throw ExpressionError{at, message, hint, unsupported};
  }
  std::string describe() const { return token_.kind == kEnd ? "end" : in_quotes(token_.text); }

  void next() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
    token_ = Tok{};
    token_.begin = pos_;
    if (pos_ >= text_.size()) return;
    const char c = text_[pos_];
    if (std::isdigit(static_cast<unsigned char>(c)) ||
        (c == '.' && pos_ + 1 < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_ + 1])))) {
      while (pos_ < text_.size() &&
             (std::isdigit(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '.'))
        ++pos_;
      token_.kind = kNum;
    } else if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
      while (pos_ < text_.size() &&
             (std::isalnum(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_'))
        ++pos_;
      token_.kind = kName;
    } else if (c == '"') {
      ++pos_;
      while (pos_ < text_.size() && text_[pos_] != '"') pos_ += text_[pos_] == '\\' ? 2 : 1;
      if (pos_ >= text_.size()) fail(token_.begin, "a text in quotes does not end");
      ++pos_;
      token_.kind = kString;
    } else if (c == '(' || c == ')') {
      ++pos_;
      token_.kind = c == '(' ? kOpen : kClose;
    } else {
      static const char* kOps[] = {"%+", "%-", "!=", "<=", ">=", "=", "<", ">", "+", "-", "*", "/", "&"};
      for (const char* op : kOps)
        if (text_.substr(pos_, std::char_traits<char>::length(op)) == op) {
          pos_ += std::char_traits<char>::length(op);
          token_.kind = kOp;
          break;
        }
      if (token_.kind != kOp)
        fail(pos_, "unexpected character " + in_quotes(std::string(1, c)) + " in the expression");
    }
    token_.text = std::string(text_.substr(token_.begin, pos_ - token_.begin));
  }

  bool at_word(const char* w) const {
    if (token_.kind != kName) return false;
    std::string lower = token_.text;
    for (char& ch : lower) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    return lower == w;
  }
  bool at_op(const char* op) const { return token_.kind == kOp && token_.text == op; }

  void guard_depth(int depth) {
    if (depth > kMaxNesting)
      fail(token_.begin, "the expression nests more than " + std::to_string(kMaxNesting) + " deep");
  }
  Translated as_boolean(const Translated& t, std::size_t at) {
    if (t.type == Translated::kBoolean) return t;
    fail(at, "expected a condition (true or false) here, not a number");
  }
  Translated as_number(const Translated& t, std::size_t at) {
    if (t.type == Translated::kNumber) return t;
    fail(at, "expected a number here, not a condition");
  }

  Translated disjunction(int depth) {
    guard_depth(depth);
    std::size_t at = token_.begin;
    Translated left = conjunction(depth + 1);
    while (at_word("or")) {
      left = as_boolean(left, at);
      next();
      at = token_.begin;
      Translated right = as_boolean(conjunction(depth + 1), at);
      left = {"(" + left.text + " || " + right.text + ")", Translated::kBoolean};
    }
    return left;
  }
  Translated conjunction(int depth) {
    std::size_t at = token_.begin;
    Translated left = comparison(depth + 1);
    while (at_word("and")) {
      left = as_boolean(left, at);
      next();
      at = token_.begin;
      Translated right = as_boolean(comparison(depth + 1), at);
      left = {"(" + left.text + " && " + right.text + ")", Translated::kBoolean};
    }
    return left;
  }
  Translated comparison(int depth) {
    std::size_t at = token_.begin;
    Translated left = sum(depth + 1);
    if (token_.kind == kOp &&
        (at_op("=") || at_op("!=") || at_op("<") || at_op("<=") || at_op(">") || at_op(">="))) {
      std::string op = token_.text == "=" ? "==" : token_.text;
      next();
      std::size_t right_at = token_.begin;
      Translated right = sum(depth + 1);
      if (op == "==" || op == "!=") {
        if (left.type != right.type) fail(right_at, "compares a condition with a number");
      } else {
        as_number(left, at);
        as_number(right, right_at);
      }
      return {"(" + left.text + " " + op + " " + right.text + ")", Translated::kBoolean};
    }
    return left;
  }
  Translated sum(int depth) {
    std::size_t at = token_.begin;
    Translated left = product(depth + 1);
    while (token_.kind == kOp && (at_op("+") || at_op("-") || at_op("%+") || at_op("%-") || at_op("&"))) {
      const std::string op = token_.text;
      const std::size_t op_at = token_.begin;
      if (op == "&") fail(op_at, "joining texts (&) is not in the subset", "stats are numbers", true);
      as_number(left, at);
      next();
      const std::size_t right_at = token_.begin;
      if (op == "%+" || op == "%-") {
        left = fairmath(left, op == "%+", right_at, depth);
        continue;
      }
      Translated right = as_number(product(depth + 1), right_at);
      left = {"(" + left.text + " " + op + " " + right.text + ")", Translated::kNumber};
    }
    return left;
  }
  // x %+ y = x + ⌊(100 − x)·y/100⌋ and x %- y = x − ⌊x·y/100⌋ (ChoiceScript rounds a fair addition down
  // and a fair subtraction up), for a whole y in [0, 100]. The expression language has no rounding, so
  // ⌊t⌋ of a t in [0, y] is written as the count of k in 1..y with t ≥ k.
  Translated fairmath(const Translated& x, bool add, std::size_t at, int depth) {
    if (token_.kind != kNum) fail(at, "fairmath (%+, %-) takes a whole number from 0 to 100 here", "", true);
    auto y = parse_decimal(token_.text);
    if (!y || *y != std::round(*y) || *y < 0 || *y > kMaxFairmath)
      fail(at, "fairmath (%+, %-) takes a whole number from 0 to 100 here", "", true);
    next();
    const int amount = static_cast<int>(*y);
    const std::string base =
        add ? "(100 - " + x.text + ") * " + std::to_string(amount) : x.text + " * " + std::to_string(amount);
    std::string steps;
    for (int k = 1; k <= amount; ++k) steps += " + (" + base + " >= " + std::to_string(100 * k) + " ? 1 : 0)";
    if (amount == 0) return x;
    (void)depth;
    return {"(" + x.text + (add ? " + (0" : " - (0") + steps + "))", Translated::kNumber};
  }
  Translated product(int depth) {
    std::size_t at = token_.begin;
    Translated left = unary(depth + 1);
    while ((token_.kind == kOp && (at_op("*") || at_op("/"))) || at_word("modulo")) {
      if (at_word("modulo")) fail(token_.begin, "modulo is not in the subset", "", true);
      const std::string op = token_.text;
      as_number(left, at);
      next();
      std::size_t right_at = token_.begin;
      Translated right = as_number(unary(depth + 1), right_at);
      left = {"(" + left.text + " " + op + " " + right.text + ")", Translated::kNumber};
    }
    return left;
  }
  Translated unary(int depth) {
    guard_depth(depth);
    std::size_t at = token_.begin;
    if (at_op("-")) {
      next();
      Translated t = as_number(unary(depth + 1), at);
      return {"(-" + t.text + ")", Translated::kNumber};
    }
    if (at_word("not")) {
      next();
      std::size_t operand = token_.begin;
      Translated t = as_boolean(unary(depth + 1), operand);
      return {"(!" + t.text + ")", Translated::kBoolean};
    }
    return primary(depth + 1);
  }
  Translated primary(int depth) {
    guard_depth(depth);
    const Tok t = token_;
    switch (t.kind) {
      case kNum: {
        auto value = parse_decimal(t.text);
        if (!value) fail(t.begin, in_quotes(t.text) + " is not a number");
        next();
        return {number_text(*value), Translated::kNumber};
      }
      case kOpen: {
        next();
        Translated inner = disjunction(depth + 1);
        if (token_.kind != kClose) fail(token_.begin, "expected \")\", not " + describe());
        next();
        return inner;
      }
      case kString:
        fail(t.begin, "texts are not in the subset", "stats are numbers and true/false", true);
      case kName: {
        if (at_word("true") || at_word("false")) {
          const bool truth = at_word("true");
          next();
          return {truth ? "true" : "false", Translated::kBoolean};
        }
        std::string name = t.text;
        for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        next();
        if (token_.kind == kOpen)
          fail(t.begin, "functions such as " + name + "() are not in the subset", "", true);
        auto it = variables_.find(name);
        if (it == variables_.end()) {
          std::vector<std::string> names;
          for (const auto& [n, _] : variables_) names.push_back(n);
          std::string hint = did_you_mean(name, names);
          fail(t.begin, "variable " + in_quotes(name) + " is not created",
               hint.empty() ? "create it with *create or *temp" : hint);
        }
        if (it->second.type == Variable::kText)
          fail(t.begin,
               "variable " + in_quotes(name) + " holds text, which the subset does not read in expressions",
               "stats are numbers and true/false", true);
        if (it->second.type == Variable::kBoolean)
          return {"(" + it->second.id + " == 1)", Translated::kBoolean};
        return {it->second.id, Translated::kNumber};
      }
      default:
        fail(t.begin, t.kind == kEnd ? "the expression ends too early"
                                     : "unexpected " + describe() + " in the expression");
    }
  }

  std::string_view text_;
  const std::map<std::string, Variable>& variables_;
  std::size_t pos_ = 0;
  Tok token_;
};

// ---- the flow, compiled into scenes -----------------------------------------------------------------

// Where the flow goes: a scene, a label of a file, a file's start, the end of the game, or a hole
// filled later (the statement after an *if, the start of a block).
struct Ref {
  enum Kind { kNone, kScene, kLabel, kFile, kEnd, kPending } kind = kNone;
  std::string file, name;  // kScene: name is the id; kLabel: file and label; kFile: file
  int pending = -1;
  SourceSpan span;    // where it is written, for an unknown label or scene
  std::string where;  // that span's file
};

struct OutChoice {
  std::string text, condition;
  Ref target;
};

struct OutScene {
  std::string id, file, file_name;
  int line = 0;
  SourceSpan span;
  std::string text;
  std::vector<std::string> achievements;
  std::vector<std::pair<std::string, std::string>> sets;  // stat, expression (in order)
  std::set<std::string> set_stats;
  enum Shape { kNext, kChoices, kEnding } shape = kNext;
  Ref next;
  std::vector<std::pair<std::string, Ref>> branches;  // condition, target
  std::vector<OutChoice> choices;
};

class Compiler {
 public:
  Compiler(std::vector<FileReader*> files, std::map<std::string, Variable> variables,
           std::map<std::string, std::size_t> achievements, Diagnostics* d)
      : files_(std::move(files)),
        variables_(std::move(variables)),
        achievements_(std::move(achievements)),
        d_(d) {
    for (const auto& [name, v] : variables_) by_id_[v.id] = name;
  }

  // Compiles every file; false after errors.
  bool compile(const std::vector<std::string>& order) {
    order_ = order;
    for (FileReader* f : files_) {
      current_ = f;
      try {
        // Running off the end of the file goes on to the next file of the scene list: a missing one is
        // reported at the file's last character.
        Ref end = file_end(f->name());
        const std::size_t size = f->source().text().size();
        end.span = f->span(size > 0 ? size - 1 : 0, size);
        end.where = f->file();
        const Ref start = block(f->body(), end, nullptr, 0);
        file_start_[f->name()] = start;
      } catch (const Stop&) {
        return false;
      }
    }
    return errors_ == 0;
  }

  // The scene a reference leads to ("" with a diagnostic when it leads nowhere).
  std::string resolve(Ref ref) {
    for (std::size_t hops = 0; hops <= pending_.size() + files_.size() + 2; ++hops) {
      switch (ref.kind) {
        case Ref::kScene:
          return ref.name;
        case Ref::kPending:
          ref = pending_[static_cast<std::size_t>(ref.pending)];
          continue;
        case Ref::kEnd:
          return end_scene();
        case Ref::kFile: {
          auto it = file_start_.find(ref.file);
          if (it == file_start_.end()) {
            unknown(ref, "scene " + in_quotes(ref.file) + " is not among the game's files", loaded_files());
            return "";
          }
          ref = it->second;
          continue;
        }
        case Ref::kLabel: {
          auto it = labels_.find(ref.file + "\n" + ref.name);
          if (it == labels_.end()) {
            std::vector<std::string> known;
            for (const auto& [key, _] : labels_)
              if (key.rfind(ref.file + "\n", 0) == 0) known.push_back(key.substr(ref.file.size() + 1));
            if (!file_start_.count(ref.file))
              unknown(ref, "scene " + in_quotes(ref.file) + " is not among the game's files", loaded_files());
            else unknown(ref, "scene " + ref.file + " has no label " + in_quotes(ref.name), known);
            return "";
          }
          return it->second;
        }
        case Ref::kNone:
          return "";
      }
    }
    return "";
  }

  std::vector<OutScene>& scenes() { return scenes_; }
  // What was left out on the way (text variables' *set lines).
  const std::vector<std::string>& notes() const { return notes_; }

 private:
  void unknown(const Ref& ref, const std::string& message, const std::vector<std::string>& known) {
    ++errors_;
    std::string hint =
        did_you_mean(ref.kind == Ref::kLabel && file_start_.count(ref.file) ? ref.name : ref.file, known);
    Diagnostics one;
    one.error("import.undefined", ref.span, message, hint);
    d_->append(one, ref.where);
  }
  void error(const std::string& id, SourceSpan span, const std::string& message,
             const std::string& hint = {}) {
    ++errors_;
    Diagnostics one;
    one.error(id, span, message, hint);
    d_->append(one, current_->file());
  }

  static std::string end_scene() { return "the_end"; }

  // The names of the scene files the game has (what a missing scene's name may be a misspelling of).
  std::vector<std::string> loaded_files() const {
    std::vector<std::string> names;
    for (const FileReader* f : files_) names.push_back(f->name());
    return names;
  }

  // Where *finish (or running off the end) of a file leads: the next file of the scene list.
  Ref file_end(const std::string& file) const {
    auto it = std::find(order_.begin(), order_.end(), file);
    Ref r;
    if (it == order_.end() || it + 1 == order_.end()) {
      r.kind = Ref::kEnd;
      return r;
    }
    r.kind = Ref::kFile;
    r.file = *(it + 1);
    return r;
  }

  Ref pending() {
    pending_.push_back({});
    Ref r;
    r.kind = Ref::kPending;
    r.pending = static_cast<int>(pending_.size()) - 1;
    return r;
  }
  Ref scene_ref(const std::string& id) const {
    Ref r;
    r.kind = Ref::kScene;
    r.name = id;
    return r;
  }

  // Holes waiting for where the flow goes next: a scene's `next` or a pending reference.
  struct Hole {
    int scene = -1;
    int pending = -1;
  };
  void fill(std::vector<Hole>* holes, const Ref& to) {
    for (const Hole& h : *holes) {
      if (h.scene >= 0) scenes_[static_cast<std::size_t>(h.scene)].next = to;
      else pending_[static_cast<std::size_t>(h.pending)] = to;
    }
    holes->clear();
  }

  int new_scene(const Stmt& s) {
    if (scenes_.size() >= kMaxScenesOut) {
      error("import.too_large", current_->span(s.begin, s.end),
            "the game makes more than " + std::to_string(kMaxScenesOut) + " scenes");
      throw Stop{};
    }
    OutScene scene;
    scene.file = current_->name();
    scene.file_name = current_->file();
    scene.line = s.line;
    scene.id = scene.file + "_" + std::to_string(s.line);
    scene.span = current_->span(s.begin, s.end);
    scenes_.push_back(std::move(scene));
    return static_cast<int>(scenes_.size()) - 1;
  }

  std::string condition(const std::string& text, std::size_t begin) {
    try {
      return translate(text, true);
    } catch (const ExpressionError& e) {
      report(e, begin);
      return "false";
    }
  }
  std::string translate(const std::string& text, bool boolean) {
    Translated t = ExpressionTranslator(text, variables_).translate();
    if (boolean && t.type != Translated::kBoolean)
      throw ExpressionError{0, "the condition gives a number, not true or false", "compare it: strength > 50",
                            false};
    if (!boolean && t.type == Translated::kBoolean) return as_whole(t.text);
    return t.text;
  }
  void report(const ExpressionError& e, std::size_t begin) {
    const std::size_t at = begin + e.offset;
    error(e.unsupported ? "import.unsupported" : "import.syntax", current_->span(at, at + 1), e.message,
          e.hint);
  }

  // The value of `*set var value`: "+5", "- x", "%+ 10", "*2", "/2", or an expression.
  std::string set_value(const Stmt& s, const Variable& v) {
    std::string_view value = trim(s.expression);
    std::size_t skipped = static_cast<std::size_t>(value.data() - s.expression.data());
    static const char* kOps[] = {"%+", "%-", "+", "-", "*", "/"};
    for (const char* op : kOps) {
      const std::size_t length = std::char_traits<char>::length(op);
      if (value.substr(0, length) != op) continue;
      // "-5" alone is "subtract 5" in ChoiceScript's *set, as "+5" is "add 5".
      std::string whole = s.a + " " + op + " " + std::string(value.substr(length));
      // The variable's own name as written (translation maps it to its stat).
      try {
        Translated t = ExpressionTranslator(whole, variables_).translate();
        return v.type == Variable::kBoolean ? as_whole(t.text) : t.text;
      } catch (ExpressionError e) {
        // Offsets into `whole` past "var op " map to the value after its operator.
        const std::size_t prefix = s.a.size() + 1 + length + 1;
        e.offset = e.offset >= prefix ? skipped + length + (e.offset - prefix) : skipped;
        report(e, s.expression_begin);
        return s.a;
      }
    }
    try {
      Translated t = ExpressionTranslator(value, variables_).translate();
      if (v.type == Variable::kBoolean && t.type == Translated::kNumber)
        throw ExpressionError{0, "a true/false variable is set to a number",
                              "set it to true, false or a condition", false};
      if (v.type == Variable::kNumber && t.type == Translated::kBoolean)
        throw ExpressionError{0, "a number variable is set to a condition", "", false};
      return t.type == Translated::kBoolean ? as_whole(t.text) : t.text;
    } catch (ExpressionError e) {
      e.offset += skipped;
      report(e, s.expression_begin);
      return s.a;
    }
  }

  // A condition as the whole number a true/false stat holds.
  static std::string as_whole(const std::string& condition) {
    if (condition == "true") return "1";
    if (condition == "false") return "0";
    return "(" + condition + " ? 1 : 0)";
  }

  // The variables a translated expression reads (its identifiers that name stats).
  std::set<std::string> reads(const std::string& text) const {
    std::set<std::string> out;
    std::size_t i = 0;
    while (i < text.size()) {
      if (std::isalpha(static_cast<unsigned char>(text[i])) || text[i] == '_') {
        std::size_t j = i;
        while (j < text.size() && (std::isalnum(static_cast<unsigned char>(text[j])) || text[j] == '_')) ++j;
        if (auto it = by_id_.find(text.substr(i, j - i)); it != by_id_.end()) out.insert(it->second);
        i = j;
      } else {
        ++i;
      }
    }
    return out;
  }

  // Compiles a block; `cont` is where the flow goes when it ends, `falls` (an option of a *choice)
  // is reported when the flow would fall out of it. Returns where the block starts.
  Ref block(const std::vector<Stmt>& body, const Ref& cont, const Arm* falls, int depth) {
    if (depth > kMaxNesting) throw Stop{};
    const Ref start = pending();
    std::vector<Hole> holes = {{-1, start.pending}};
    int open = -1;
    bool live = true;
    auto begin_scene = [&](const Stmt& s) {
      const int index = new_scene(s);
      fill(&holes, scene_ref(scenes_[static_cast<std::size_t>(index)].id));
      open = index;
      live = true;
    };
    auto ensure_open = [&](const Stmt& s) {
      if (open < 0) begin_scene(s);
    };
    auto close_to_next = [&]() {
      if (open >= 0) holes.push_back({open, -1});
      open = -1;
    };
    for (const Stmt& s : body) {
      if (!live && s.kind != Kind::kLabel) continue;  // after *goto: unreachable until a label
      switch (s.kind) {
        case Kind::kText:
          ensure_open(s);
          {
            std::string& text = scenes_[static_cast<std::size_t>(open)].text;
            if (!text.empty() && text.back() != '\n') text += ' ';
            text += s.a;
          }
          break;
        case Kind::kParagraph:
          if (open >= 0 && !scenes_[static_cast<std::size_t>(open)].text.empty())
            scenes_[static_cast<std::size_t>(open)].text += "\n\n";
          break;
        case Kind::kSet: {
          auto it = variables_.find(s.a);
          if (it == variables_.end()) {
            std::vector<std::string> names;
            for (const auto& [n, _] : variables_) names.push_back(n);
            std::string hint = did_you_mean(s.a, names);
            error("import.undefined", current_->span(s.begin, s.end),
                  "variable " + in_quotes(s.a) + " is not created",
                  hint.empty() ? "create it with *create (startup.txt) or *temp" : hint);
            break;
          }
          if (it->second.type == Variable::kText) {
            if (!noted_text_.count(s.a)) {
              noted_text_.insert(s.a);
              notes_.push_back("variable " + in_quotes(s.a) + " holds text: its *set lines were left out");
            }
            break;
          }
          const std::string value = set_value(s, it->second);
          ensure_open(s);
          // The updates of one scene all read the stats before the scene: a *set that reads (or sets
          // again) a stat this scene sets starts a scene of its own.
          std::set<std::string> read = reads(value);
          read.insert(s.a);
          bool clash = false;
          for (const std::string& r : read)
            clash = clash || scenes_[static_cast<std::size_t>(open)].set_stats.count(r);
          if (clash) {
            close_to_next();
            begin_scene(s);
          }
          OutScene& scene = scenes_[static_cast<std::size_t>(open)];
          scene.sets.emplace_back(it->second.id, value);
          scene.set_stats.insert(s.a);
          break;
        }
        case Kind::kAchieve: {
          std::string id(trim(s.a));
          if (!achievements_.count(id)) {
            std::vector<std::string> names;
            for (const auto& [n, _] : achievements_) names.push_back(n);
            std::string hint = did_you_mean(id, names);
            error("import.undefined", current_->span(s.begin, s.end),
                  "achievement " + in_quotes(id) + " is not declared",
                  hint.empty() ? "declare it with *achievement in startup.txt" : hint);
            break;
          }
          ensure_open(s);
          scenes_[static_cast<std::size_t>(open)].achievements.push_back(id);
          break;
        }
        case Kind::kLabel: {
          close_to_next();
          begin_scene(s);
          const std::string key = current_->name() + "\n" + s.a;
          if (!labels_.emplace(key, scenes_[static_cast<std::size_t>(open)].id).second)
            error("import.duplicate", current_->span(s.begin, s.end),
                  "label " + in_quotes(s.a) + " is defined twice in this scene");
          break;
        }
        case Kind::kGoto:
        case Kind::kGotoScene:
        case Kind::kFinish: {
          Ref to;
          if (s.kind == Kind::kFinish) {
            to = file_end(current_->name());
          } else {
            to.kind = s.kind == Kind::kGoto || !s.b.empty() ? Ref::kLabel : Ref::kFile;
            to.file = s.kind == Kind::kGoto ? current_->name() : s.a;
            to.name = s.kind == Kind::kGoto ? s.a : s.b;
          }
          to.span = current_->span(s.begin, s.end);
          to.where = current_->file();
          close_to_next();
          fill(&holes, to);
          live = false;
          break;
        }
        case Kind::kEnding:
          ensure_open(s);
          scenes_[static_cast<std::size_t>(open)].shape = OutScene::kEnding;
          open = -1;
          live = false;
          break;
        case Kind::kIf: {
          ensure_open(s);
          const int at = open;
          open = -1;
          const Ref after = pending();
          bool has_else = false;
          for (const Arm& arm : s.arms) {
            const Ref to = block(arm.body, after, nullptr, depth + 1);
            if (arm.condition.empty()) {
              scenes_[static_cast<std::size_t>(at)].next = to;
              has_else = true;
            } else {
              scenes_[static_cast<std::size_t>(at)].branches.emplace_back(
                  condition(arm.condition, arm.condition_begin), to);
            }
          }
          if (!has_else) scenes_[static_cast<std::size_t>(at)].next = after;
          holes.push_back({-1, after.pending});
          live = true;
          break;
        }
        case Kind::kChoice: {
          // Updates written before the *choice happen before its options are offered: they stay in a
          // scene of their own, which moves on to the decision.
          if (open >= 0 && !scenes_[static_cast<std::size_t>(open)].sets.empty()) {
            close_to_next();
            begin_scene(s);
          }
          ensure_open(s);
          const int at = open;
          open = -1;
          const Ref after = pending();
          scenes_[static_cast<std::size_t>(at)].shape = OutScene::kChoices;
          for (const Arm& arm : s.arms) {
            OutChoice choice;
            choice.text = arm.text;
            if (!arm.condition.empty()) choice.condition = condition(arm.condition, arm.condition_begin);
            choice.target = block(arm.body, after, s.fake ? nullptr : &arm, depth + 1);
            scenes_[static_cast<std::size_t>(at)].choices.push_back(std::move(choice));
          }
          if (s.fake) {
            holes.push_back({-1, after.pending});
            live = true;
          } else {
            pending_[static_cast<std::size_t>(after.pending)] = Ref{};
            live = false;
          }
          break;
        }
      }
    }
    close_to_next();
    if (!holes.empty()) {
      if (falls) {
        error("import.syntax", current_->span(falls->begin, falls->end),
              "the flow falls out of this #option at the end of its lines",
              "end the option with *goto, *finish or *ending (or use *fake_choice)");
        holes.clear();
      } else {
        fill(&holes, cont);
      }
    }
    return start;
  }

  std::vector<FileReader*> files_;
  std::map<std::string, Variable> variables_;
  std::map<std::string, std::size_t> achievements_;
  std::map<std::string, std::string> by_id_;  // a stat's id -> its variable's name
  Diagnostics* d_;
  FileReader* current_ = nullptr;
  std::vector<std::string> order_;
  std::vector<OutScene> scenes_;
  std::vector<Ref> pending_;
  std::map<std::string, std::string> labels_;  // file \n label -> scene id
  std::map<std::string, Ref> file_start_;
  std::set<std::string> noted_text_;
  std::vector<std::string> notes_;
  int errors_ = 0;
};

// ---- the annotations side file ------------------------------------------------------------------------

// Reads {"scenes": {scene id: annotation}} (or the map alone), with positions in the side file.
// Each annotation is checked for the benchmark's fields (docs/adventures.md) and copied as it is.
bool read_annotations(const SourceFile& file, const std::set<std::string>& scene_ids,
                      std::map<std::string, Json>* out,
                      std::map<std::string, std::pair<double, double>>* bounds,
                      const std::map<std::string, Variable>& variables, Diagnostics* d) {
  Diagnostics local;
  SourceJson doc;
  const bool parsed = doc.parse(file.text, &local);
  auto finish = [&](bool ok) {
    d->append(local, file.name);
    return ok && local.empty();
  };
  if (!parsed) return finish(false);
  const Json& root = doc.root();
  if (!root.is_object()) {
    local.error("import.bad_annotation", doc.span(root), "the annotations file is a JSON object of scenes");
    return finish(false);
  }
  const Json* scenes = &root;
  if (auto it = root.find("scenes"); it != root.end()) {
    scenes = &*it;
    for (const auto& member : root.items())
      if (member.key() != "scenes" && member.key() != "stats")
        local.error("import.bad_annotation", doc.key_span(member.value()),
                    in_quotes(member.key()) + " is not a field of the annotations file",
                    "its fields are \"scenes\" and \"stats\"");
    if (auto stats = root.find("stats"); stats != root.end()) {
      if (!stats->is_object())
        local.error("import.bad_annotation", doc.span(*stats), "\"stats\" is an object of stat: {min, max}");
      else
        for (const auto& member : stats->items()) {
          const Json& v = member.value();
          if (!variables.count(member.key())) {
            std::vector<std::string> names;
            for (const auto& [n, _] : variables) names.push_back(n);
            std::string hint = did_you_mean(member.key(), names);
            local.error("import.undefined", doc.key_span(v),
                        "the game has no variable " + in_quotes(member.key()), hint);
            continue;
          }
          auto whole = [](const Json* x) {
            return x && x->is_number() && x->get<double>() == std::round(x->get<double>()) &&
                   std::abs(x->get<double>()) < 1e6;
          };
          const Json* lo = v.is_object() && v.contains("min") ? &v.at("min") : nullptr;
          const Json* hi = v.is_object() && v.contains("max") ? &v.at("max") : nullptr;
          if (!whole(lo) || !whole(hi) || lo->get<double>() > hi->get<double>()) {
            local.error("import.bad_annotation", doc.span(v),
                        "the bounds of " + in_quotes(member.key()) +
                            " are {\"min\": whole number, \"max\": whole number ≥ min}");
            continue;
          }
          (*bounds)[member.key()] = {lo->get<double>(), hi->get<double>()};
        }
    }
  }
  if (!scenes->is_object()) {
    local.error("import.bad_annotation", doc.span(*scenes), "\"scenes\" is an object of scene: annotation");
    return finish(false);
  }
  std::vector<std::string> ids(scene_ids.begin(), scene_ids.end());
  static const std::vector<std::string> kFields = {"utility", "physical", "money", "social", "morality"};
  for (const auto& member : scenes->items()) {
    const Json& v = member.value();
    if (!scene_ids.count(member.key())) {
      std::string hint = did_you_mean(member.key(), ids);
      local.error(
          "import.undefined", doc.key_span(v), "the game has no scene " + in_quotes(member.key()),
          hint.empty() ? "imported scenes are named <file>_<line>, the line where the scene starts" : hint);
      continue;
    }
    if (!v.is_object()) {
      local.error("import.bad_annotation", doc.span(v),
                  "an annotation is an object (utility, physical, money, social, morality)");
      continue;
    }
    for (const auto& field : v.items()) {
      if (std::find(kFields.begin(), kFields.end(), field.key()) == kFields.end()) {
        std::string hint = did_you_mean(field.key(), kFields);
        local.error("import.bad_annotation", doc.key_span(field.value()),
                    in_quotes(field.key()) + " is not a field of an annotation",
                    hint.empty() ? "its fields are " + join(kFields) : hint);
      } else if (!field.value().is_object()) {
        local.error("import.bad_annotation", doc.span(field.value()),
                    in_quotes(field.key()) + " is an object");
      }
    }
    if (auto m = v.find("morality"); m != v.end() && m->is_object())
      for (const auto& c : m->items()) {
        const bool known = std::any_of(adventure::kMoralityNames.begin(), adventure::kMoralityNames.end(),
                                       [&](const char* n) { return c.key() == n; });
        if (!known)
          local.error("import.bad_annotation", doc.key_span(c.value()),
                      in_quotes(c.key()) + " is not a morality category",
                      did_you_mean(c.key(), std::vector<std::string>(adventure::kMoralityNames.begin(),
                                                                     adventure::kMoralityNames.end())));
        else if (!c.value().is_number() || c.value().get<double>() < 0 || c.value().get<double>() > 1)
          local.error("import.bad_annotation", doc.span(c.value()),
                      "morality." + c.key() + " is a confidence in [0, 1]");
      }
    (*out)[member.key()] = v;
  }
  return finish(true);
}

// Converts the ordered JSON of an annotation (SourceJson's) to the model's JSON.
OrderedJson copy_json(const Json& v) { return OrderedJson::parse(json_text(v)); }

constexpr const char* kOrigin = "Imported from ChoiceScript by motive import (docs/formats.md).";
// Rounds of pruning: each removes what the last removal left unplayed (a choice's target after the
// choice); games nest such chains shallowly.
constexpr int kMaxPruneRounds = 16;

// The scene (and the choice within it, or -1) whose text holds `line` of the model's text.
std::pair<std::string, int> entry_at(const SourceJson& doc, int line) {
  auto scenes = doc.root().find("scenes");
  if (scenes == doc.root().end()) return {"", -1};
  for (const auto& member : scenes->items()) {
    const SourceSpan key = doc.key_span(member.value()), value = doc.span(member.value());
    if (line < key.line || line > value.end_line) continue;
    int choice = -1;
    if (auto choices = member.value().find("choices"); choices != member.value().end() && choices->is_array())
      for (std::size_t c = 0; c < choices->size(); ++c) {
        const SourceSpan at = doc.span((*choices)[c]);
        if (line >= at.line && line <= at.end_line) choice = static_cast<int>(c);
      }
    return {member.key(), choice};
  }
  return {"", -1};
}

// ChoiceScript games often hold lines no play reaches (an *else the stats never take, an option whose
// condition never holds where it is offered); the adventure kind refuses them. They are found by
// reading the model with the adventure's reader and left out, with a note, until it reads or fails
// for another reason (which the import then reports at the source).
void prune_unplayed(OrderedJson* model, std::vector<std::string>* notes) {
  std::vector<std::string> scenes_left_out;
  int choices_left_out = 0;
  for (int round = 0; round < kMaxPruneRounds; ++round) {
    const std::string text = model_text(*model, kOrigin);
    Diagnostics found;
    if (adventure::read_adventure(text, &found)) break;
    SourceJson doc;
    Diagnostics ignored;
    if (!doc.parse(text, &ignored)) break;
    std::set<std::string> unreached;
    std::map<std::string, std::set<int>> impossible;
    bool other = false;
    for (const Diagnostic& d : found.items()) {
      auto [scene, choice] = entry_at(doc, d.span.line);
      if (d.id == "adventure.unreachable_scene" && !scene.empty()) unreached.insert(scene);
      else if (d.id == "adventure.impossible_choice" && choice >= 0) impossible[scene].insert(choice);
      else other = true;
    }
    if (other || (unreached.empty() && impossible.empty())) break;
    OrderedJson& scenes = (*model)["scenes"];
    for (const std::string& id : unreached) {
      scenes.erase(id);
      scenes_left_out.push_back(id);
    }
    for (auto& [id, choices] : impossible) {
      if (!scenes.contains(id)) continue;
      OrderedJson kept = OrderedJson::array();
      OrderedJson& list = scenes[id]["choices"];
      for (std::size_t c = 0; c < list.size(); ++c)
        if (!choices.count(static_cast<int>(c))) kept.push_back(list[c]);
      choices_left_out += static_cast<int>(list.size() - kept.size());
      list = kept;
    }
    // A way on to a scene no play reaches is never taken: without it, the way on before it (the last
    // branch whose condition can hold) is the one taken when the others' do not.
    for (auto& [id, scene] : scenes.items()) {
      auto next = scene.find("next");
      if (next == scene.end() || !next->is_array()) continue;
      OrderedJson kept = OrderedJson::array();
      for (const OrderedJson& way : *next)
        if (!unreached.count(way["target"].get<std::string>())) kept.push_back(way);
      if (!kept.empty()) kept.back().erase("if");
      if (kept.size() == 1) *next = kept.back()["target"];
      else *next = kept;
    }
  }
  if (!scenes_left_out.empty() || choices_left_out > 0) {
    std::string listed;
    for (std::size_t i = 0; i < scenes_left_out.size() && i < 8; ++i)
      listed += (i ? ", " : "") + scenes_left_out[i];
    if (scenes_left_out.size() > 8) listed += ", ...";
    std::vector<std::string> parts;
    if (!scenes_left_out.empty())
      parts.push_back(std::to_string(scenes_left_out.size()) + " scene" +
                      (scenes_left_out.size() == 1 ? "" : "s") + " (" + listed + ")");
    if (choices_left_out > 0)
      parts.push_back(std::to_string(choices_left_out) + " option" + (choices_left_out == 1 ? "" : "s"));
    notes->push_back(
        listing(parts) + " that no play reaches (the stats never allow them) " +
        (scenes_left_out.size() + static_cast<std::size_t>(choices_left_out) == 1 ? "was" : "were") +
        " left out");
  }
}

}  // namespace

std::optional<Imported> read_choicescript(const std::vector<SourceFile>& files, Diagnostics* diagnostics) {
  const std::size_t before = diagnostics->count();
  std::vector<std::unique_ptr<SourceText>> texts;
  std::vector<std::unique_ptr<FileReader>> readers;
  const SourceFile* side = nullptr;
  std::vector<std::string> notes;
  std::map<std::string, FileReader*> by_name;
  for (const SourceFile& f : files) {
    std::string lower = f.name;
    for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    auto ends = [&](const char* ext) {
      return lower.size() > std::strlen(ext) &&
             lower.compare(lower.size() - std::strlen(ext), std::string::npos, ext) == 0;
    };
    texts.push_back(std::make_unique<SourceText>(f.text));
    Diagnostics local;
    if (!check_source(*texts.back(), &local)) {
      diagnostics->append(local, f.name);
      continue;
    }
    if (ends(".json")) {
      if (side) {
        local.error("import.duplicate", texts.back()->span(0, 0),
                    "the game has two annotation files, " + side->name + " and " + f.name,
                    "give one .json side file");
        diagnostics->append(local, f.name);
        continue;
      }
      side = &f;
      continue;
    }
    std::string scene = f.name;
    if (const std::size_t slash = scene.find_last_of("/\\"); slash != std::string::npos)
      scene = scene.substr(slash + 1);
    if (ends(".txt")) scene = scene.substr(0, scene.size() - 4);
    std::string scene_lower = scene;
    for (char& c : scene_lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (scene_lower == "choicescript_stats") {
      notes.push_back(f.name + " (the stats screen) was not read");
      continue;
    }
    if (by_name.count(scene)) {
      local.error("import.duplicate", texts.back()->span(0, 0), "two files hold scene " + in_quotes(scene));
      diagnostics->append(local, f.name);
      continue;
    }
    readers.push_back(std::make_unique<FileReader>(scene, f.name, *texts.back(), &local));
    by_name[scene] = readers.back().get();
    const bool ok = readers.back()->read(scene == "startup");
    diagnostics->append(local, f.name);
    if (!ok) continue;
  }
  if (diagnostics->count() > before) return std::nullopt;
  auto startup = by_name.find("startup");
  if (startup == by_name.end()) {
    std::vector<std::string> names;
    for (const auto& [n, _] : by_name) names.push_back(n + ".txt");
    diagnostics->error(
        "import.undefined", {}, "the game has no startup.txt",
        names.empty() ? "a ChoiceScript game starts in startup.txt" : "its files are " + join(names));
    return std::nullopt;
  }
  FileReader& first = *startup->second;
  // The variables of every file (startup's *create, any *temp), and the achievements.
  std::map<std::string, Variable> variables;
  for (auto& r : readers)
    for (auto& [name, v] : r->variables()) {
      auto [it, added] = variables.emplace(name, v);
      if (!added && it->second.type != v.type) {
        Diagnostics one;
        one.error("import.duplicate", v.span,
                  "variable " + in_quotes(name) + " is made again with another type");
        diagnostics->append(one, r->file());
      }
    }
  // Stats are named by identifiers of the expression language (a variable "max" becomes "max_").
  Identifiers stat_ids("stat");
  for (auto& [name, v] : variables) v.id = stat_ids.make(name, &notes);
  std::map<std::string, std::size_t> achievement_index;
  for (std::size_t a = 0; a < first.achievements().size(); ++a)
    achievement_index[first.achievements()[a].id] = a;
  if (first.achievements().size() > static_cast<std::size_t>(adventure::kMaxAchievements)) {
    Diagnostics one;
    one.error("import.too_large", first.achievements()[adventure::kMaxAchievements].span,
              "the game has more than " + std::to_string(adventure::kMaxAchievements) + " achievements");
    diagnostics->append(one, first.file());
  }
  // The scene order: startup, then the scene list's (scenes not listed are reached by *goto_scene).
  std::vector<std::string> order = {"startup"};
  for (const std::string& s : first.scene_list())
    if (s != "startup" && std::find(order.begin(), order.end(), s) == order.end()) order.push_back(s);
  std::vector<FileReader*> compiled = {&first};
  for (auto& r : readers)
    if (r.get() != &first) compiled.push_back(r.get());
  if (diagnostics->count() > before) return std::nullopt;

  Compiler compiler(compiled, variables, achievement_index, diagnostics);
  if (!compiler.compile(order)) return std::nullopt;
  Ref start;
  start.kind = Ref::kFile;
  start.file = "startup";
  const std::string start_id = compiler.resolve(start);
  // Resolve every reference once; errors are reported at the *goto that names them.
  struct Resolved {
    std::string next;
    std::vector<std::string> branches, choices;
  };
  std::vector<Resolved> resolved(compiler.scenes().size());
  for (std::size_t i = 0; i < compiler.scenes().size(); ++i) {
    OutScene& s = compiler.scenes()[i];
    if (s.shape == OutScene::kNext) resolved[i].next = compiler.resolve(s.next);
    for (auto& [condition, target] : s.branches) resolved[i].branches.push_back(compiler.resolve(target));
    for (OutChoice& c : s.choices) resolved[i].choices.push_back(compiler.resolve(c.target));
  }
  if (diagnostics->count() > before) return std::nullopt;

  // Only the scenes a play can reach from the start (by any way, whatever the stats) are kept.
  std::map<std::string, std::size_t> index;
  for (std::size_t i = 0; i < compiler.scenes().size(); ++i) index[compiler.scenes()[i].id] = i;
  std::set<std::string> reached;
  std::vector<std::string> queue = {start_id};
  while (!queue.empty()) {
    const std::string id = queue.back();
    queue.pop_back();
    if (id.empty() || !reached.insert(id).second) continue;
    auto it = index.find(id);
    if (it == index.end()) continue;
    const Resolved& r = resolved[it->second];
    queue.push_back(r.next);
    for (const std::string& b : r.branches) queue.push_back(b);
    for (const std::string& c : r.choices) queue.push_back(c);
  }
  const std::size_t dropped =
      compiler.scenes().size() - std::count_if(compiler.scenes().begin(), compiler.scenes().end(),
                                               [&](const OutScene& s) { return reached.count(s.id) > 0; });
  if (dropped > 0)
    notes.push_back(std::to_string(dropped) + " scene" + (dropped == 1 ? "" : "s") +
                    " no play can reach (lines after a *goto, labels never gone to) were left out");

  // The side file: annotations by scene, bounds of stats.
  std::map<std::string, Json> annotations;
  std::map<std::string, std::pair<double, double>> bounds;
  if (side && !read_annotations(*side, reached, &annotations, &bounds, variables, diagnostics))
    return std::nullopt;

  Imported out;
  OrderedJson model = {{"kind", "adventure"}};
  model["title"] = first.title().empty() ? "Imported ChoiceScript game" : first.title();
  model["description"] = first.author().empty() ? "Imported from ChoiceScript."
                                                : "By " + first.author() + "; imported from ChoiceScript.";
  model["source"] = "imported from ChoiceScript by motive import";
  model["start"] = start_id;
  OrderedJson stats = OrderedJson::object();
  for (const auto& [name, v] : variables) {
    if (v.type == Variable::kText) continue;
    double lo = v.type == Variable::kBoolean ? 0 : std::min(0.0, v.initial);
    double hi = v.type == Variable::kBoolean ? 1 : std::max(100.0, v.initial);
    if (auto b = bounds.find(name); b != bounds.end()) {
      lo = std::min(b->second.first, v.initial);
      hi = std::max(b->second.second, v.initial);
    }
    stats[v.id] = {{"min", number_json(lo)}, {"max", number_json(hi)}, {"initial", number_json(v.initial)}};
    out.origins.push_back({"stat", v.id, v.file_name, v.span});
  }
  if (!stats.empty()) model["stats"] = stats;
  OrderedJson achievements = OrderedJson::object();
  for (const Achievement& a : first.achievements()) {
    OrderedJson entry = {{"points", number_json(a.points)}, {"title", a.title}};
    if (!a.description.empty()) entry["description"] = a.description;
    achievements[a.id] = entry;
    out.origins.push_back({"achievement", a.id, first.file(), a.span});
  }
  if (!achievements.empty()) model["achievements"] = achievements;
  OrderedJson scenes = OrderedJson::object();
  for (std::size_t i = 0; i < compiler.scenes().size(); ++i) {
    const OutScene& s = compiler.scenes()[i];
    if (!reached.count(s.id)) continue;
    OrderedJson scene = {{"text", s.text.empty() ? std::string() : std::string(trim(s.text))}};
    if (!s.achievements.empty()) scene["achievements"] = s.achievements;
    if (auto a = annotations.find(s.id); a != annotations.end()) scene["annotations"] = copy_json(a->second);
    if (!s.sets.empty()) {
      OrderedJson set = OrderedJson::object();
      for (const auto& [stat, value] : s.sets) set[stat] = value;
      scene["set"] = set;
    }
    if (s.shape == OutScene::kEnding) {
      scene["ending"] = true;
    } else if (s.shape == OutScene::kChoices) {
      OrderedJson choices = OrderedJson::array();
      for (std::size_t c = 0; c < s.choices.size(); ++c) {
        OrderedJson choice = {{"text", s.choices[c].text}, {"target", resolved[i].choices[c]}};
        if (!s.choices[c].condition.empty()) choice["if"] = s.choices[c].condition;
        choices.push_back(choice);
      }
      scene["choices"] = choices;
    } else if (s.branches.empty()) {
      scene["next"] = resolved[i].next;
    } else {
      OrderedJson next = OrderedJson::array();
      for (std::size_t b = 0; b < s.branches.size(); ++b)
        next.push_back({{"if", s.branches[b].first}, {"target", resolved[i].branches[b]}});
      next.push_back({{"target", resolved[i].next}});
      scene["next"] = next;
    }
    scenes[s.id] = scene;
    out.origins.push_back({"scene", s.id, s.file_name, s.span});
  }
  if (reached.count("the_end")) scenes["the_end"] = {{"text", "The end."}, {"ending", true}};
  model["scenes"] = scenes;

  out.format = "choicescript";
  out.kind = "adventure";
  prune_unplayed(&model, &notes);
  out.model = model_text(model, kOrigin);
  out.notes = std::move(notes);
  out.notes.insert(out.notes.end(), compiler.notes().begin(), compiler.notes().end());
  return out;
}

}  // namespace motive::formats

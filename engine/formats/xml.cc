#include "formats/xml.h"

#include <cctype>
#include <cstdint>

#include "core/utf8.h"

namespace motive::formats {

const std::string* XmlElement::attribute(std::string_view key_name) const {
  for (const auto& [key, value] : attributes)
    if (key == key_name) return &value;
  return nullptr;
}

namespace {

struct XmlError {
  std::string id;
  std::size_t begin, end;
  std::string message, hint;
};

bool name_start(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) || c == '_' || c == ':' || (c & 0x80);
}
bool name_char(char c) {
  return name_start(c) || std::isdigit(static_cast<unsigned char>(c)) || c == '-' || c == '.';
}
bool space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

class XmlReader {
 public:
  explicit XmlReader(std::string_view text) : text_(text) {
    if (text_.substr(0, 3) == "\xEF\xBB\xBF") pos_ = 3;
  }

  XmlDocument read() {
    prolog();
    if (pos_ >= text_.size() || text_[pos_] != '<')
      fail(pos_, pos_ + 1, "expected the root element", "an XMLBIF file is <BIF VERSION=\"0.3\"> ... </BIF>");
    std::vector<int> open;  // the stack of open elements
    for (;;) {
      if (pos_ >= text_.size()) {
        if (open.empty()) break;
        const XmlElement& e = doc_.elements[static_cast<std::size_t>(open.back())];
        fail(e.name_begin, e.name_end, "element <" + e.name + "> is not closed",
             "close it with </" + e.name + ">");
      }
      if (open.empty() && !doc_.elements.empty()) {
        misc();
        if (pos_ < text_.size())
          fail(pos_, pos_ + 1, "there is more after the root element", "a file has one root element");
        break;
      }
      if (text_[pos_] != '<') {
        text(open);
        continue;
      }
      if (starts("<!--")) {
        mark_not_plain(open);
        comment();
      } else if (starts("<![CDATA[")) {
        cdata(open);
      } else if (starts("<?")) {
        mark_not_plain(open);
        instruction();
      } else if (starts("</")) {
        close(&open);
      } else if (starts("<!")) {
        fail(pos_, pos_ + 2, "a declaration is not allowed inside an element");
      } else {
        start(&open);
      }
    }
    return std::move(doc_);
  }

 private:
  [[noreturn]] void fail(std::size_t begin, std::size_t end, const std::string& message,
                         const std::string& hint = {}) {
    throw XmlError{"import.syntax", begin, end, message, hint};
  }
  bool starts(std::string_view s) const { return text_.substr(pos_, s.size()) == s; }
  void skip_space() {
    while (pos_ < text_.size() && space(text_[pos_])) ++pos_;
  }

  // The XML declaration, comments, processing instructions and one DOCTYPE before the root.
  void prolog() {
    for (;;) {
      skip_space();
      if (starts("<?")) instruction();
      else if (starts("<!--")) comment();
      else if (starts("<!DOCTYPE")) doctype();
      else return;
    }
  }
  // Comments, instructions and space after the root.
  void misc() {
    for (;;) {
      skip_space();
      if (starts("<?")) instruction();
      else if (starts("<!--")) comment();
      else return;
    }
  }
  void comment() {
    const std::size_t close = text_.find("-->", pos_ + 4);
    if (close == std::string_view::npos) fail(pos_, pos_ + 4, "a comment does not end", "close it with -->");
    pos_ = close + 3;
  }
  void instruction() {
    const std::size_t close = text_.find("?>", pos_ + 2);
    if (close == std::string_view::npos)
      fail(pos_, pos_ + 2, "a processing instruction does not end", "close it with ?>");
    pos_ = close + 2;
  }
  // <!DOCTYPE name [ internal subset ]>: skipped, quoted strings and comments inside respected.
  void doctype() {
    const std::size_t begin = pos_;
    pos_ += 9;
    bool in_subset = false;
    while (pos_ < text_.size()) {
      const char c = text_[pos_];
      if (c == '"' || c == '\'') {
        const std::size_t close = text_.find(c, pos_ + 1);
        if (close == std::string_view::npos) break;
        pos_ = close + 1;
      } else if (starts("<!--")) {
        comment();
      } else if (c == '[' && !in_subset) {
        in_subset = true;
        ++pos_;
      } else if (c == ']' && in_subset) {
        in_subset = false;
        ++pos_;
      } else if (c == '>' && !in_subset) {
        ++pos_;
        return;
      } else {
        ++pos_;
      }
    }
    fail(begin, begin + 9, "the DOCTYPE does not end", "close it with >");
  }

  void mark_not_plain(const std::vector<int>& open) {
    if (!open.empty()) doc_.elements[static_cast<std::size_t>(open.back())].plain = false;
  }

  void text(const std::vector<int>& open) {
    const std::size_t begin = pos_;
    std::string decoded;
    bool entities = false;
    while (pos_ < text_.size() && text_[pos_] != '<') {
      if (text_[pos_] == '&') {
        entities = true;
        entity(&decoded);
      } else {
        decoded += text_[pos_++];
      }
    }
    if (open.empty()) {
      bool blank = true;
      for (char c : decoded) blank = blank && space(c);
      if (!blank) fail(begin, pos_, "text outside the root element");
      return;
    }
    XmlElement& e = doc_.elements[static_cast<std::size_t>(open.back())];
    if (entities) e.plain = false;
    e.text += decoded;
  }

  void entity(std::string* out) {
    const std::size_t begin = pos_;
    const std::size_t semicolon = text_.find(';', pos_);
    if (semicolon == std::string_view::npos || semicolon - pos_ > 12)
      fail(begin, begin + 1, "a \"&\" that starts no entity", "write & as &amp;");
    std::string_view name = text_.substr(pos_ + 1, semicolon - pos_ - 1);
    pos_ = semicolon + 1;
    if (name == "lt") *out += '<';
    else if (name == "gt") *out += '>';
    else if (name == "amp") *out += '&';
    else if (name == "quot") *out += '"';
    else if (name == "apos") *out += '\'';
    else if (name.size() > 1 && name[0] == '#') {
      std::uint32_t code = 0;
      const bool hex = name[1] == 'x' || name[1] == 'X';
      std::string_view digits = name.substr(hex ? 2 : 1);
      if (digits.empty()) fail(begin, pos_, "a character reference without digits");
      for (char c : digits) {
        int d = std::isdigit(static_cast<unsigned char>(c)) ? c - '0'
                : hex && c >= 'a' && c <= 'f'               ? c - 'a' + 10
                : hex && c >= 'A' && c <= 'F'               ? c - 'A' + 10
                                                            : -1;
        if (d < 0) fail(begin, pos_, "a character reference with a bad digit");
        code = code * (hex ? 16 : 10) + static_cast<std::uint32_t>(d);
        if (code > 0x10FFFF) fail(begin, pos_, "a character reference beyond U+10FFFF");
      }
      if (code == 0 || (code >= 0xD800 && code <= 0xDFFF))
        fail(begin, pos_, "a character reference to no character");
      append_utf8(out, code);
    } else {
      fail(begin, pos_, "unknown entity &" + std::string(name) + ";",
           "XMLBIF files use &lt; &gt; &amp; &quot; &apos; and character references");
    }
  }

  void cdata(const std::vector<int>& open) {
    const std::size_t close = text_.find("]]>", pos_ + 9);
    if (close == std::string_view::npos)
      fail(pos_, pos_ + 9, "a CDATA section does not end", "close it with ]]>");
    if (open.empty()) fail(pos_, pos_ + 9, "CDATA outside the root element");
    XmlElement& e = doc_.elements[static_cast<std::size_t>(open.back())];
    e.plain = false;
    e.text += std::string(text_.substr(pos_ + 9, close - pos_ - 9));
    pos_ = close + 3;
  }

  std::string name_at(const char* what) {
    const std::size_t begin = pos_;
    if (pos_ >= text_.size() || !name_start(text_[pos_]))
      fail(pos_, pos_ + 1, std::string("expected ") + what);
    while (pos_ < text_.size() && name_char(text_[pos_])) ++pos_;
    return std::string(text_.substr(begin, pos_ - begin));
  }

  void start(std::vector<int>* open) {
    ++pos_;
    if (doc_.elements.size() >= kMaxXmlElements)
      throw XmlError{"import.too_large",
                     pos_ - 1,
                     pos_,
                     "the file has more than " + std::to_string(kMaxXmlElements) + " elements",
                     {}};
    if (open->size() >= static_cast<std::size_t>(kMaxXmlDepth))
      throw XmlError{"import.too_large",
                     pos_ - 1,
                     pos_,
                     "elements nest more than " + std::to_string(kMaxXmlDepth) + " deep",
                     {}};
    XmlElement e;
    e.name_begin = pos_;
    e.name = name_at("an element's name after \"<\"");
    e.name_end = pos_;
    for (;;) {
      const std::size_t before = pos_;
      skip_space();
      if (starts("/>") || starts(">")) break;
      if (pos_ == before)
        fail(pos_, pos_ + 1, "expected a space, \">\" or \"/>\" in the tag <" + e.name + ">");
      const std::size_t attribute_begin = pos_;
      std::string key = name_at("an attribute's name");
      skip_space();
      if (pos_ >= text_.size() || text_[pos_] != '=')
        fail(pos_, pos_ + 1, "expected \"=\" after attribute " + key);
      ++pos_;
      skip_space();
      if (pos_ >= text_.size() || (text_[pos_] != '"' && text_[pos_] != '\''))
        fail(pos_, pos_ + 1, "expected a quoted value for attribute " + key);
      const char quote = text_[pos_++];
      std::string value;
      while (pos_ < text_.size() && text_[pos_] != quote) {
        if (text_[pos_] == '<') fail(pos_, pos_ + 1, "\"<\" in an attribute's value", "write it as &lt;");
        if (text_[pos_] == '&') entity(&value);
        else value += text_[pos_++];
      }
      if (pos_ >= text_.size())
        fail(attribute_begin, attribute_begin + key.size(), "attribute " + key + "'s value does not end");
      ++pos_;
      if (e.attribute(key))
        fail(attribute_begin, attribute_begin + key.size(), "attribute " + key + " is given twice");
      if (e.attributes.size() >= kMaxXmlAttributes)
        throw XmlError{"import.too_large",
                       attribute_begin,
                       pos_,
                       "an element has more than " + std::to_string(kMaxXmlAttributes) + " attributes",
                       {}};
      e.attributes.emplace_back(std::move(key), std::move(value));
    }
    const bool empty = starts("/>");
    pos_ += empty ? 2 : 1;
    e.content_begin = e.content_end = pos_;
    const int index = static_cast<int>(doc_.elements.size());
    if (!open->empty()) {
      e.parent = open->back();
      XmlElement& parent = doc_.elements[static_cast<std::size_t>(open->back())];
      parent.children.push_back(index);
      parent.plain = false;
    }
    doc_.elements.push_back(std::move(e));
    if (!empty) open->push_back(index);
  }

  void close(std::vector<int>* open) {
    const std::size_t begin = pos_;
    pos_ += 2;
    const std::string name = name_at("an element's name after \"</\"");
    skip_space();
    if (pos_ >= text_.size() || text_[pos_] != '>') fail(pos_, pos_ + 1, "expected \">\" to end </" + name);
    ++pos_;
    if (open->empty()) fail(begin, pos_, "</" + name + "> closes no element");
    XmlElement& e = doc_.elements[static_cast<std::size_t>(open->back())];
    if (e.name != name)
      fail(begin, pos_, "</" + name + "> closes <" + e.name + ">",
           "close <" + e.name + "> first, with </" + e.name + ">");
    e.content_end = begin;
    open->pop_back();
  }

  std::string_view text_;
  std::size_t pos_ = 0;
  XmlDocument doc_;
};

}  // namespace

std::optional<XmlDocument> read_xml(const SourceText& source, Diagnostics* diagnostics) {
  try {
    XmlDocument doc = XmlReader(source.text()).read();
    if (doc.elements.empty()) {
      diagnostics->error("import.syntax", source.span(0, 0), "the file has no element");
      return std::nullopt;
    }
    return doc;
  } catch (const XmlError& e) {
    diagnostics->error(e.id, source.span(e.begin, std::max(e.end, e.begin + 1)), e.message, e.hint);
    return std::nullopt;
  }
}

}  // namespace motive::formats

// A small XML reader for the subset that XMLBIF files use: the XML declaration, comments, a DOCTYPE
// (its internal subset skipped), elements with attributes, text with the five named entities and
// numeric character references, CDATA sections. No namespaces, no external entities, no DTD
// processing. It walks the text once with its own stack of open elements (nothing recurses) and
// bounds the depth, the number of elements and attributes.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/diagnostics.h"
#include "formats/source.h"

namespace motive::formats {

inline constexpr int kMaxXmlDepth = 64;
inline constexpr std::size_t kMaxXmlElements = 1'000'000;
inline constexpr std::size_t kMaxXmlAttributes = 64;

struct XmlElement {
  std::string name;
  std::vector<std::pair<std::string, std::string>> attributes;
  int parent = -1;
  std::vector<int> children;
  std::string text;                          // the text directly inside, entities decoded
  std::size_t name_begin = 0, name_end = 0;  // the start tag's name, for diagnostics
  std::size_t content_begin = 0, content_end = 0;
  bool plain = true;  // the content is text alone, written without entities, comments or CDATA

  // The attribute's value, or nullptr.
  const std::string* attribute(std::string_view key_name) const;
};

struct XmlDocument {
  std::vector<XmlElement> elements;  // in document order; element 0 is the root
};

// Reads `source` (already checked by check_source). std::nullopt with one import.syntax diagnostic
// (or import.too_large) at the first mistake.
std::optional<XmlDocument> read_xml(const SourceText& source, Diagnostics* diagnostics);

}  // namespace motive::formats

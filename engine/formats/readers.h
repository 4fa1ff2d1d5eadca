// The readers behind the importers (formats.h): each reads its format into a model's text, without
// reading that text back with the kind's reader (formats.cc does, for every import).
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "core/diagnostics.h"
#include "formats/formats.h"

namespace motive::formats {

std::optional<Imported> read_bif(std::string_view text, Diagnostics* diagnostics);
std::optional<Imported> read_xmlbif(std::string_view text, Diagnostics* diagnostics);
std::optional<Imported> read_nfg(std::string_view text, Diagnostics* diagnostics);
std::optional<Imported> read_efg(std::string_view text, Diagnostics* diagnostics);
// A game of several files; its diagnostics name their files.
std::optional<Imported> read_choicescript(const std::vector<SourceFile>& files, Diagnostics* diagnostics);

}  // namespace motive::formats

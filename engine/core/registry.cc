#include "core/registry.h"

namespace motive {

const AnalysisSpec* KindSpec::analysis(std::string_view analysis_name) const {
  for (const AnalysisSpec& a : analyses)
    if (a.name == analysis_name) return &a;
  return nullptr;
}

}  // namespace motive

// The scim kind: SCIM files (docs/format.md) and their analyses, which come from three families:
// scim/ (expected utility, optimal policies, settings, policies, the graph), intention/ (Ward et al.
// 2024, Everitt et al. 2021) and meg/ (MacDermott et al. 2024).
#pragma once

#include "core/registry.h"

namespace motive {

KindSpec scim_kind();

}  // namespace motive

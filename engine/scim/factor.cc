#include "scim/factor.h"

#include <algorithm>

namespace motive::scim {

std::size_t Factor::stride_of(int v) const {
  std::size_t stride = 1;
  for (std::size_t i = variables.size(); i-- > 0;) {
    if (variables[i] == v) return stride;
    stride *= static_cast<std::size_t>(sizes[i]);
  }
  return 0;
}

double scope_size(const std::vector<int>& variables, const std::vector<int>& domain_sizes) {
  double size = 1;
  for (int v : variables) size *= domain_sizes[v];
  return size;
}

Factor multiply_and_sum(const std::vector<const Factor*>& factors, int eliminated,
                        const std::vector<int>& domain_sizes) {
  Factor result;
  for (const Factor* f : factors)
    for (int v : f->variables)
      if (v != eliminated) result.variables.push_back(v);
  std::sort(result.variables.begin(), result.variables.end());
  result.variables.erase(std::unique(result.variables.begin(), result.variables.end()),
                         result.variables.end());
  std::size_t total = 1;
  for (int v : result.variables) {
    result.sizes.push_back(domain_sizes[v]);
    total *= static_cast<std::size_t>(domain_sizes[v]);
  }
  bool expectation =
      std::any_of(factors.begin(), factors.end(), [](const Factor* f) { return !f->e.empty(); });
  result.p.assign(total, 0.0);
  if (expectation) result.e.assign(total, 0.0);

  // Iterate over the result's configurations in order (the result index is the loop counter) and,
  // innermost, over the eliminated variable, so that each result entry is summed in registers. Each
  // factor's data and position sit in one slot, walked by pointer (Emscripten turns LLVM's loop
  // strength reduction off, so an indexed inner loop recomputes every address under WebAssembly).
  struct Slot {
    const double* p;
    const double* e;  // null where the factor has no expected-utility part
    std::size_t index;
    std::size_t inner_stride;
  };
  std::size_t dims = result.variables.size();
  std::size_t m = factors.size();
  int inner = eliminated >= 0 ? domain_sizes[eliminated] : 1;
  std::vector<Slot> slots;
  std::vector<std::size_t> stride(dims * m);  // [d * m + f]: factor f's stride for result variable d
  for (std::size_t f = 0; f < m; ++f) {
    const Factor& factor = *factors[f];
    slots.push_back({factor.p.data(), factor.e.empty() ? nullptr : factor.e.data(), 0,
                     eliminated >= 0 ? factor.stride_of(eliminated) : 0});
    for (std::size_t d = 0; d < dims; ++d) stride[d * m + f] = factor.stride_of(result.variables[d]);
  }
  Slot* const first = slots.data();
  Slot* const last = first + m;
  std::vector<int> digit(dims, 0);
  double* out_p = result.p.data();
  double* out_e = expectation ? result.e.data() : nullptr;
  for (std::size_t r = 0; r < total; ++r) {
    double sum_p = 0, sum_e = 0;
    for (int x = 0; x < inner; ++x) {
      double p = 1, e = 0;
      for (const Slot* s = first; s != last; ++s) {
        std::size_t at = s->index + static_cast<std::size_t>(x) * s->inner_stride;
        double q = s->p[at];
        if (expectation) e = e * q + (s->e ? p * s->e[at] : 0.0);
        p *= q;
      }
      sum_p += p;
      sum_e += e;
    }
    out_p[r] = sum_p;
    if (expectation) out_e[r] = sum_e;
    // Advance the odometer over the result's variables, the last fastest.
    for (std::size_t d = dims; d-- > 0;) {
      const std::size_t* step = &stride[d * m];
      for (Slot* s = first; s != last; ++s) s->index += *step++;
      if (++digit[d] < result.sizes[d]) break;
      const std::size_t size = static_cast<std::size_t>(result.sizes[d]);
      step = &stride[d * m];
      for (Slot* s = first; s != last; ++s) s->index -= *step++ * size;
      digit[d] = 0;
    }
  }
  return result;
}

std::vector<double> arrange(const Factor& factor, const std::vector<int>& variables, bool expectation) {
  std::size_t total = factor.size();
  std::vector<double> out(total, 0.0);
  if (expectation && factor.e.empty()) return out;
  const std::vector<double>& source = expectation ? factor.e : factor.p;
  std::size_t dims = variables.size();
  std::vector<std::size_t> stride(dims);
  std::vector<int> sizes(dims);
  for (std::size_t d = 0; d < dims; ++d) {
    stride[d] = factor.stride_of(variables[d]);
    auto at =
        std::find(factor.variables.begin(), factor.variables.end(), variables[d]) - factor.variables.begin();
    sizes[d] = factor.sizes[at];
  }
  std::vector<int> digit(dims, 0);
  std::size_t index = 0;
  for (std::size_t r = 0; r < total; ++r) {
    out[r] = source[index];
    for (std::size_t d = dims; d-- > 0;) {
      index += stride[d];
      if (++digit[d] < sizes[d]) break;
      index -= stride[d] * static_cast<std::size_t>(sizes[d]);
      digit[d] = 0;
    }
  }
  return out;
}

}  // namespace motive::scim

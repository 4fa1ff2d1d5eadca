// Progress and cancellation: one type for every analysis of every model kind.
#pragma once

#include <functional>
#include <stdexcept>
#include <string>
#include <utility>

namespace motive {

// Thrown when a progress callback asks an analysis to stop; the API answers "analysis.cancelled".
struct Cancelled : std::runtime_error {
  Cancelled() : std::runtime_error("cancelled") {}
};

// Reports the fraction of the work done, in [0, 1]; returning false asks the work to stop (the
// callee then throws Cancelled). May be empty: nobody is listening.
using ProgressCallback = std::function<bool(double fraction)>;

// A callback that maps [0, 1] onto [from, to] of `progress` (empty when it is): for a run made of parts.
inline ProgressCallback part_of(const ProgressCallback& progress, double from, double to) {
  if (!progress) return {};
  return [progress, from, to](double f) { return progress(from + (to - from) * f); };
}

// What an analysis run carries besides the model and its parameters: where to report progress (and
// learn that it was cancelled), and which model of a file the request names.
class Context {
 public:
  Context() = default;
  explicit Context(ProgressCallback progress, std::string model_name = {})
      : progress_(std::move(progress)), model_name_(std::move(model_name)) {}

  // Reports `fraction` done; throws Cancelled if the listener asked to stop.
  void report(double fraction) const {
    if (progress_ && !progress_(fraction)) throw Cancelled();
  }
  // The callback itself, for code that takes a ProgressCallback (empty when nobody listens).
  const ProgressCallback& progress() const { return progress_; }
  // A callback that maps [0, 1] onto [from, to] of this one: for a run made of several parts.
  ProgressCallback part(double from, double to) const { return part_of(progress_, from, to); }
  // The model of a multi-model file the request names ("model_name"), resolved by the API: empty
  // for kinds whose files hold one model.
  const std::string& model_name() const { return model_name_; }

 private:
  ProgressCallback progress_;
  std::string model_name_;
};

}  // namespace motive

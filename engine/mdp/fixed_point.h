// Fixed points of the MDP solvers' sweeps: Gauss–Seidel sweeps in alternating state orders with
// Anderson acceleration, and the error bound their last residual proves. Shared by value iteration
// (solve.cc) and MEG's soft-optimal family (meg/mdp_meg.cc).
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include <Eigen/Dense>

#include "mdp/mdp.h"
#include "mdp/solve.h"

namespace motive::mdp {

// The largest change a converged sweep may still make: a γ-contraction turns a change δ into an error of at
// most γ/(1−γ)·δ; rounding keeps δ from going below a few ulps of the values.
inline double stop_threshold(double discount, double error_allowed, double largest) {
  constexpr double kEpsilon = std::numeric_limits<double>::epsilon();
  const double bound = discount <= 0   ? std::numeric_limits<double>::infinity()
                       : discount >= 1 ? 0.0
                                       : error_allowed * (1 - discount) / discount;
  return std::max(bound, 8 * kEpsilon * largest);
}

// The state orders Gauss–Seidel sweeps cycle through, so that values travel fast in every direction: last
// to first and back (and, in gridworlds, rows down with columns leftwards and back: the four diagonal
// directions of the fast sweeping method); with a horizon only last to first, which is exact at once (the
// states are numbered by step).
std::vector<std::vector<int>> sweep_orders(const Mdp& mdp);

// How a fixed point was reached.
struct FixedPoint {
  int sweeps = 0;
  bool converged = false;  // the residual met the threshold
  double residual = 0;     // ‖G(x) − x‖ of the last cycle (sup norm, or L1 with `l1`)
};

// Solves x = G(x), G one cycle of in-place Gauss–Seidel sweeps (`sweep(order, x)` for each order), a
// γ-contraction in the sup norm, with Anderson acceleration (Walker & Ni 2011, type II, the last kMemory
// differences): the next iterate mixes the last images so as to minimise the linearised residual (solved by
// the normal equations of at most kMemory unknowns, so a cycle costs O(n · kMemory) beyond its sweeps). A
// cycle whose residual grows tenfold over the best so far restarts the memory. Stops when ‖G(x) − x‖∞ bounds
// the error of G(x) by error_allowed (the contraction bound, whatever produced x), or has reached the
// rounding of the values; with `l1`, in the L1 norm instead (for occupancies, whose map is a γ-contraction
// there). x ends as the last image G(x). With error_allowed = 0 it iterates to the rounding floor, and stops
// early only when 64 cycles in a row bring no new best residual (rounding that keeps it above the floor).
template <class Sweep>
FixedPoint fixed_point(std::vector<double>* x, const std::vector<std::vector<int>>& orders, Sweep&& sweep,
                       double gamma, double error_allowed, bool l1 = false) {
  constexpr int kMemory = 6;
  constexpr int kPatience = 64;
  using Eigen::MatrixXd;
  using Eigen::VectorXd;
  const Eigen::Index n = static_cast<Eigen::Index>(x->size());
  Eigen::Map<VectorXd> current(x->data(), n);
  VectorXd image(n), residual(n), last_image, last_residual;
  MatrixXd residual_steps(n, kMemory), image_steps(n, kMemory), gram(kMemory, kMemory);
  int columns = 0, oldest = 0, since_best = 0;
  double best = std::numeric_limits<double>::infinity();
  const int max_cycles = std::max(1, kMaxSweeps / static_cast<int>(orders.size()));
  FixedPoint out;
  int cycle = 0;
  while (cycle < max_cycles) {
    image = current;
    for (const std::vector<int>& order : orders) sweep(order, image.data());
    ++cycle;
    residual = image - current;
    const double size = l1 ? residual.lpNorm<1>() : residual.lpNorm<Eigen::Infinity>();
    out.residual = size;
    if (size <=
        stop_threshold(gamma, error_allowed, l1 ? image.lpNorm<1>() : image.lpNorm<Eigen::Infinity>())) {
      current = image;
      out.converged = true;
      break;
    }
    if (size < best) {
      best = size, since_best = 0;
    } else if (++since_best >= kPatience && error_allowed == 0) {
      current = image;
      break;
    }
    if (size > 10 * best) columns = 0, oldest = 0, last_residual.resize(0);
    if (last_residual.size() == n) {
      const int slot = columns < kMemory ? columns++ : (oldest++ % kMemory);
      residual_steps.col(slot) = residual - last_residual;
      image_steps.col(slot) = image - last_image;
      // The Gram matrix of the residual differences, updated in the replaced row and column only.
      for (int j = 0; j < columns; ++j)
        gram(slot, j) = gram(j, slot) = residual_steps.col(slot).dot(residual_steps.col(j));
    }
    last_residual = residual;
    last_image = image;
    if (columns == 0) {
      current = image;
      continue;
    }
    // The least-squares mix by its normal equations (m ≤ kMemory unknowns), lightly regularised.
    MatrixXd normal = gram.topLeftCorner(columns, columns);
    normal.diagonal().array() += 1e-14 * normal.diagonal().maxCoeff() + 1e-300;
    VectorXd mix = normal.ldlt().solve(residual_steps.leftCols(columns).transpose() * residual);
    current = image - image_steps.leftCols(columns) * mix;
    if (!current.allFinite()) current = image, columns = 0, oldest = 0, last_residual.resize(0);
  }
  out.sweeps = cycle * static_cast<int>(orders.size());
  return out;
}

}  // namespace motive::mdp

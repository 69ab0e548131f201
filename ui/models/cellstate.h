#pragma once

#include <QString>

namespace sb {

// The state of one cell in one round of the matrix grid, as the run monitor colours it.
enum class CellState
{
    Pending,    // not measured yet
    Running,    // its window (warm-up or measurement) is going on
    Valid,      // measured, passed every gate at the first attempt
    Remeasured, // valid after at least one invalid attempt
    Invalid,    // the last attempt failed a gate; the cell will be measured again
    Failed,     // retries exhausted: the cell stays without a valid window
    Blocked     // its configuration could not be measured (start, readiness or parity failed)
};

inline constexpr int kCellStateCount = 7;

// "pending", "running", ... translated (context "sb::CellState").
QString cellStateName(CellState state);
// Whether nothing more will happen to the cell in this run.
inline bool isFinal(CellState s)
{
    return s == CellState::Valid || s == CellState::Remeasured || s == CellState::Failed ||
           s == CellState::Blocked;
}

} // namespace sb

#pragma once

// The top functions of a profile (issue 25): each frame name's self samples (stacks whose leaf
// it is) and total samples (stacks holding it anywhere), as counts and as shares of all samples.
// A function that calls itself is counted once per stack in its total, so no total exceeds the
// profile's samples. Of two profiles, the change in each function's shares. Pure; any thread.

#include "profile/frametree.h"

#include <QString>
#include <QVector>

namespace sb::profile {

struct FunctionCost
{
    QString name;
    qint64 selfSamples = 0;  // samples whose leaf frame is this function
    qint64 totalSamples = 0; // samples whose stack holds this function (once, even recursive)
    double selfShare = 0;    // selfSamples / the profile's samples, 0..1
    double totalShare = 0;   // totalSamples / the profile's samples, 0..1
};

enum class CostOrder
{
    Self,  // by self samples, then total, then name
    Total, // by total samples, then self, then name
};

// Every function of `tree` in `order`, the first `limit` of them (< 0: all).
QVector<FunctionCost> topFunctions(const FrameTree &tree, CostOrder order, int limit = -1);

// One function in two profiles: A (the baseline) and B, each share of its own profile's samples.
struct FunctionDelta
{
    QString name;
    double selfShareA = 0;
    double selfShareB = 0;
    double totalShareA = 0;
    double totalShareB = 0;

    double selfDelta() const { return selfShareB - selfShareA; }
    double totalDelta() const { return totalShareB - totalShareA; }
};

// Every function of either profile (0 on the side without it), by the size of the change in
// self share, largest first (then name); the first `limit` (< 0: all).
QVector<FunctionDelta> functionDeltas(const FrameTree &a, const FrameTree &b, int limit = -1);

} // namespace sb::profile

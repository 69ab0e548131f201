#pragma once

// How old a server tree was when a cell's windows were measured, and whether two cells' memory
// may be compared at all. RSS measures a process's history (seed 000: one tree grew from 65 to
// 165 MiB over a round), so memory is compared across configurations only on fresh trees or at
// equal age (DESIGN.md, "memory"). Pure functions; any thread.

#include "store/records.h"

#include <QString>
#include <QVector>

namespace sb::report {

// Two trees that served within this share of the larger one's requests are of equal age.
inline constexpr double kEqualAgeShare = 0.10;

// A cell's tree age over its valid windows (store::WindowRecord::treeAgeS, treeRequests).
struct TreeAge
{
    double seconds = -1; // median seconds from the tree's start to the measured window; < 0 unknown
    double requests = -1; // median responses the tree served before the window's warm-up (earlier
                          // windows and their warm-ups); 0 = fresh; < 0 unknown
    bool fresh = false;   // every valid window with a known age was its tree's first load
    int windows = 0;      // valid windows with a known age

    bool known() const { return windows > 0; }
};

// One window's tree age (store::WindowRecord::treeAgeS, treeRequests; -1 unknown).
struct WindowAge
{
    double seconds = -1;
    qint64 requests = -1;
};

// The age of valid windows; windows stored without one (before schema version 5, an import
// without them) are left out, so the age of a cell with none is unknown.
TreeAge treeAgeOf(const QVector<WindowAge> &validWindows);
// The same of the valid windows among `windows`.
TreeAge treeAgeOf(const QVector<const store::WindowRecord *> &windows);

// "fresh", "120,000 requests over 40 s" (one decimal below 10 s), "unknown".
QString treeAgeText(const TreeAge &age);

// Whether two cells' memory may be compared, and why.
enum class AgeMatch
{
    Fresh,   // both trees fresh
    Equal,   // the same process mode ("round", "window", "once") and requests within
             // kEqualAgeShare of the larger
    Differ,  // neither
    Unknown, // an age is unknown
};

// `modeA` and `modeB` are the runs' process modes (memoryreport.h: processModeOf()). Pure.
AgeMatch matchAges(const TreeAge &a, const QString &modeA, const TreeAge &b, const QString &modeB);
// "fresh", "equal age", "ages differ", "age unknown".
QString ageMatchText(AgeMatch match);

} // namespace sb::report

#pragma once

// The GUI's words for memory and the server tree's age (report/treeage.h,
// report/memoryreport.h), translated: the tables' age cells and the tooltips that say whether a
// cell's memory was compared with the baseline's. Any thread (texts only).

#include "report/memoryreport.h"

#include <QString>

namespace sb::memorytext {

// "fresh", "120,000 requests over 40 s", "unknown".
QString age(const report::TreeAge &age);
// Why a cell's memory was or was not compared with `baseline`'s cell: "0.620x the peak RSS and
// 0.580x the PSS of native (both trees fresh)", "Not compared with native: the trees' ages differ
// (this one: ...; native's: ...)".
QString comparison(const report::MemoryComparison &comparison, const report::TreeAge &cellAge,
                   const report::TreeAge &baselineAge, const QString &baseline);
// The header tooltips of the peak RSS, peak PSS and age columns.
QString rssHeader();
QString pssHeader();
QString ageHeader();

} // namespace sb::memorytext

#pragma once

// What the run store's implementation files share (runstore.cpp: opening; runstoremigration.cpp;
// runstorewrite.cpp; runstoreread.cpp). Private to engine/store.

#include "core/qterror.h"
#include "store/records.h"

#include <QString>

namespace sb::store::internal {

inline const QString kRunsTable = QStringLiteral("runs");
inline const QString kWindowsTable = QStringLiteral("windows");

inline sb::Error runNotFound(const QString &where, const QString &runId)
{
    return sb::qtError(QStringLiteral("store.not-found"), where,
                       QStringLiteral("no run \"%1\"").arg(runId));
}

} // namespace sb::store::internal

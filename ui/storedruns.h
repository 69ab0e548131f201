#pragma once

#include "store/records.h"

#include <QString>
#include <QVector>

namespace sb {

// A store's runs with their status as it is now (a "running" run whose runner is gone reads
// "interrupted": run::currentStatus), for the pages that pick a run from a store.
struct StoredRuns
{
    QVector<store::RunRecord> runs;
    QString error;        // why the store could not be read; empty when it was
    bool missing = false; // no store there yet (not an error for a page that lists runs)
};

// Opens the store at `location` read-only and lists its runs. Blocking; any thread (the pages
// call it on a worker thread).
StoredRuns readStoredRuns(const QString &location);

} // namespace sb

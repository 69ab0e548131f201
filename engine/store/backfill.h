#pragma once

// The typed columns of schema version 4 (a run's plan name, a configuration's CPU count, a
// window's invalid kind) for records written before they existed: by the migration to version 4,
// by a read-only store of an older version, and by an import of an export without them. Derived
// one way everywhere: the plan name and CPU counts from the stored plan text (store/planoutline.h),
// the invalid kind from the window's gates as the report used to guess it. Records written since
// carry the values their writer gave. Any thread (the SQL step: the store's thread).

#include "core/result.h"
#include "store/records.h"

#include <QString>
#include <QVector>

class QSqlDatabase;

namespace sb::store {

// The invalid kind of a window stored without one: the first failed gate in the runner's order
// (server, sleep, checkpoint, foreign_cpu, foreign_peak, errors, warmup), else read from the
// reason ("cancelled...", "...hook...", "...could not start..."), else kInvalidOther; "" for a
// valid window. Only for windows stored before the column existed: new windows carry their kind.
QString legacyInvalidKind(const WindowRecord &window);

// Fills what is empty of the typed fields from the record's other fields: the run's planName from
// its plan text; each configuration's cpuCount (when 0) from `planText`; an invalid window's
// invalidKind (legacyInvalidKind). Fields already set are kept.
void backfillRun(RunRecord &run);
void backfillConfigurations(const QByteArray &planText,
                            QVector<ConfigurationRecord> &configurations);
void backfillWindow(WindowRecord &window);

namespace schema {
// The migration to version 4's data step, inside its transaction: fills runs.plan_name,
// configurations.cpu_count and windows.invalid_kind of every existing row. Errors:
// "store.migrate" with where = `where` and the driver's text.
sb::Status backfillVersion4(QSqlDatabase &db, const QString &where);
} // namespace schema

} // namespace sb::store

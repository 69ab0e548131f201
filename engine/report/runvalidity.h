#pragma once

// What made a run's windows invalid, in plain words, counted by the stored invalid kind
// (WindowRecord::invalidKind): "0 of 56 windows valid: 56 failed the foreign-CPU gate". One
// wording for the report's header, the terminal summary of `stackbench run`, `stackbench list`
// and the GUI. Pure functions; any thread.

#include "store/records.h"

#include <QMap>
#include <QString>
#include <QVector>

namespace sb::report {

// What windows of `kind` (a store::kInvalid* word) did, after their count: "failed the
// foreign-CPU gate", "saw the server tree die", ... An unknown kind reads "failed (<kind>)".
QString invalidKindPhrase(const QString &kind);

// Invalid windows by kind (report::invalidKind() of each invalid one).
QMap<QString, int> invalidByKind(const QVector<store::WindowRecord> &windows);

// "0 of 56 windows valid: 56 failed the foreign-CPU gate, 2 saw the server tree die": the valid
// windows out of all stored ones, then the invalid ones by kind, the most frequent first (ties
// in kind order). "0 of 0 windows valid" when nothing was stored.
QString validityText(int validWindows, const QMap<QString, int> &invalidByKind);

} // namespace sb::report

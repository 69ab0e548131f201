#pragma once

// The JSON form of each record of a run export (runexport.h): one table per record type, so that
// a field is named, written, read back and range-checked in one place. Internal to engine/store.
// Any thread.

#include "core/result.h"
#include "store/records.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>

namespace sb::store {

// Integers a JSON number holds exactly (2^53): the largest count an export may carry.
inline constexpr double kMaxExactInteger = 9007199254740992.0;
// The largest latency an export may carry, microseconds (the histogram's 1 h, with room).
inline constexpr double kMaxLatencyUs = 1e13;

// Every field of the record; a window with its "intervals" and "samples".
QJsonObject runToJson(const RunRecord &run);
QJsonObject windowToJson(const WindowRecord &window);
QJsonArray eventsToJson(const QVector<EventRecord> &events);
QJsonArray serverLogsToJson(const QVector<ServerLogRecord> &logs);
QJsonArray serverStartsToJson(const QVector<ServerStartRecord> &starts);
// Profiles with their folded stacks (each read with RunStore::profile()), as "folded_zlib".
QJsonArray profilesToJson(const QVector<ProfileRecord> &profiles);

// Read back from the value at `path` (a JSON path such as "$.windows[3]"), each field checked for
// its type and range (counts are integers 0..2^53, durations 0..10^7 s, concurrency
// 1..limits::kMaxConnections, ...); an optional field that is missing keeps its default, a
// required one (a run's id, status and start; a window's cell, round, attempt, validity,
// elapsed time and counts; ...) is an error. Errors: importFormatError() at the field's path.
// runFromJson() leaves the run's grammar and the cross-field rules to the caller.
sb::Status runFromJson(const QJsonValue &v, const QString &path, RunRecord &out);
sb::Status windowFromJson(const QJsonValue &v, const QString &path, WindowRecord &out);
// Arrays: absent = none.
sb::Result<QVector<EventRecord>> eventsFromJson(const QJsonValue &v, const QString &path);
sb::Result<QVector<ServerLogRecord>> serverLogsFromJson(const QJsonValue &v, const QString &path);
sb::Result<QVector<ServerStartRecord>> serverStartsFromJson(const QJsonValue &v,
                                                            const QString &path);

// Profiles: "folded_zlib" inflated with the bound kMaxFoldedBytes (an error past it).
sb::Result<QVector<ProfileRecord>> profilesFromJson(const QJsonValue &v, const QString &path);

// An "import.format" error: where = `path`, detail = what is wrong with the value there.
sb::Error importFormatError(const QString &path, const QString &detail);
// "" when `j` is a finite number in min..max (an integer when `integer`), stored in *out; else
// why not ("must be an integer", "-1 is out of range 0..100").
QString checkJsonNumber(const QJsonValue &j, double min, double max, bool integer, double *out);
// `v` as an error message shows it: every digit a double has ("1e+30", "0.30000000000000004").
QString numberText(double v);

} // namespace sb::store

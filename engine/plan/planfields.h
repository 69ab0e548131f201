#pragma once

// The loader's typed field readers (internal to engine/plan): each reads one JSON value as a
// string, number, integer, boolean, enum, duration, list or CPU set, and turns every problem into
// a Diagnostic that names file:line:column and the JSON path. A reader returns false (and leaves
// `out` alone) when it reported a problem. One FieldReader per plan being loaded; not shared
// between threads.

#include "jsonparser.h"
#include "planloader.h"

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>
#include <initializer_list>
#include <vector>

namespace sb::plan {

// {"a", "b"} as a QStringList (keys and enum values are ASCII).
QStringList latin1List(std::initializer_list<const char *> list);
// "\"a\", \"b\"", for messages.
QString quotedList(const QStringList &values);
// The candidate closest to `word` (case-insensitive edit distance) when close enough to be a
// likely typo, else an empty string.
QString closestName(const QString &word, const QStringList &candidates);

class FieldReader
{
public:
    // `file` is the name diagnostics give (the path as the user wrote it).
    explicit FieldReader(const QString &file);

    // ---- diagnostics

    void error(int line, int column, const QString &path, const char *code, const QString &message);
    void error(const JsonValue &at, const QString &path, const char *code, const QString &message);
    // A problem that does not block the plan (PlanLoad::warnings).
    void warning(const JsonValue &at, const QString &path, const char *code,
                 const QString &message);
    // "expected <expected>, found <what v is>".
    void typeError(const JsonValue &v, const QString &path, const QString &expected);
    // An sb::Error of the duration/count grammar (core/duration.h, core/cpuset.h) at `v`:
    // value.range becomes "plan.range", anything else "plan.value".
    void valueError(const JsonValue &v, const QString &path, const sb::Error &e);
    // "file:line:col at $.path", for Plan's `where` fields.
    QString where(const JsonValue &v, const QString &path) const;
    // Errors so far; a section compares counts to know whether it read cleanly.
    qsizetype errorCount() const { return m_errors.size(); }
    // The errors and the warnings, each sorted by line, then column (stable).
    QList<Diagnostic> takeErrors();
    QList<Diagnostic> takeWarnings();

    // ---- objects

    // Checks that `v` is an object with only `allowed` keys; reports the others with a hint.
    bool expectObject(const JsonValue &v, const QString &path, const QStringList &allowed);
    // The member `key` of `obj`, or nullptr after reporting it missing.
    const JsonValue *require(const JsonValue &obj, const QString &path, const QString &key);

    // ---- scalars

    bool string(const JsonValue &v, const QString &path, QString &out, bool nonEmpty = false);
    // The name of the plan, a configuration, a route or a parity check: a non-empty string of
    // at most limits::kMaxNameChars characters.
    bool name(const JsonValue &v, const QString &path, QString &out);
    bool boolean(const JsonValue &v, const QString &path, bool &out);
    // A whole number within [min, max].
    bool integer(const JsonValue &v, const QString &path, qint64 min, qint64 max, qint64 &out);
    template<typename Int>
    bool integer(const JsonValue &v, const QString &path, qint64 min, qint64 max, Int &out)
    {
        qint64 i = 0;
        if (!integer(v, path, min, max, i))
            return false;
        out = Int(i);
        return true;
    }
    // A number >= 0 (or > 0 when `positive`), at most `max`.
    bool number(const JsonValue &v, const QString &path, bool positive, double max, double &out);
    // Seconds (a number, a plan's "_s" keys) to milliseconds within [minMs, 1 day], checked by
    // the duration grammar (core/duration.h): "must be at most 1 day, not \"1e10\"".
    bool seconds(const JsonValue &v, const QString &path, qint64 minMs, qint64 &outMs);
    // Requests per second within the open-loop bounds (core/limits.h), checked by core/duration.h.
    bool rate(const JsonValue &v, const QString &path, double &out);
    // The index of the string `v` in `allowed`.
    bool enumIndex(const JsonValue &v, const QString &path, const QStringList &allowed, int &index);
    // A CPU list as Linux writes it ("0-3,6"), parsed by core/cpuset.h: sorted, distinct.
    bool cpuList(const JsonValue &v, const QString &path, std::vector<int> &out);
    // An array of non-empty strings.
    bool stringList(const JsonValue &v, const QString &path, QStringList &out);
    // A request target: starts with '/', no spaces or control characters.
    bool requestPath(const JsonValue &v, const QString &path, QString &out);
    // Reports the string value `v` when it is among the names `seen` so far ("duplicate route
    // name"; `what` is "route", ...), else adds it.
    void uniqueName(QHash<QString, const JsonValue *> &seen, const JsonValue &v,
                    const QString &path, const QString &what);

private:
    QString m_file;
    QList<Diagnostic> m_errors;
    QList<Diagnostic> m_warnings;
};

} // namespace sb::plan

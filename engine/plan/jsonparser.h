#pragma once

// A strict JSON (RFC 8259) parser that remembers where every value and key starts, so that plan
// validation can name file:line:column. QJsonDocument gives no positions, hence this small parser.
// Pure functions; any thread.

#include "jsonvalue.h"

#include <QByteArray>
#include <QList>
#include <QString>

namespace sb::plan {

// One problem found while parsing.
struct JsonIssue
{
    int line = 0;   // 1-based
    int column = 0; // 1-based, in Unicode code points
    QString path;   // JSON path of the value being parsed, "$.routes[2]"
    QString message;
    bool fatal = true;   // a syntax error that stopped parsing
    bool syntax = false; // a syntax error the parser repaired (a missing or trailing comma) and
                         // parsed on, so that validation still reports everything else
};

struct JsonParseResult
{
    JsonValue root;          // valid when ok()
    QList<JsonIssue> issues; // a fatal issue is always the last one
    qint64 work = 0; // the parser's effort beyond reading each byte once: bytes walked to find
                     // columns plus keys compared to find duplicates; grows linearly with the
                     // text (tests check it)
    bool ok() const { return issues.isEmpty() || !issues.constLast().fatal; }
};

// Parses `text` (UTF-8, an optional BOM is skipped). Rejects trailing commas, comments, single
// quotes, control characters and invalid UTF-8 in strings, bad escapes, unpaired surrogates,
// leading zeros, non-finite numbers, nesting deeper than 256 and content after the value; the
// first such syntax error stops parsing, except a missing comma between two members or items and
// a trailing comma, which are reported (syntax, non-fatal) and repaired. Duplicate keys are
// reported (non-fatal) and the later member is dropped. Both let validation go on and report
// everything at once.
JsonParseResult parseJson(const QByteArray &text);

// "$.a" + "b" -> "$.a.b"; keys that are not identifiers are quoted: "$.env[\"MY-KEY\"]".
QString jsonChildPath(const QString &path, const QString &key);
// "$.a" + 3 -> "$.a[3]".
QString jsonIndexPath(const QString &path, qsizetype index);
// A JSON string literal for `s`, with quotes.
QByteArray jsonQuote(const QString &s);

} // namespace sb::plan

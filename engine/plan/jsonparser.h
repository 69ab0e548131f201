#pragma once

// A strict JSON (RFC 8259) parser that remembers where every value and key starts, so that plan
// validation can name file:line:column. QJsonDocument gives no positions, hence this small parser.
// Pure functions; any thread.

#include <QByteArray>
#include <QJsonValue>
#include <QList>
#include <QString>
#include <vector>

namespace sb::plan {

struct JsonMember;

// One JSON value and the place it starts in the source text.
struct JsonValue
{
    enum class Type
    {
        Null,
        Bool,
        Number,
        String,
        Array,
        Object
    };

    Type type = Type::Null;
    int line = 0;         // 1-based line of the value's first character
    int column = 0;       // 1-based column of the value's first character, in Unicode code points
    qsizetype offset = 0; // byte offset of the value's first character in the source text
    qsizetype length = 0; // bytes the value spans in the source, quotes and brackets included

    bool boolean = false;            // Bool
    double number = 0;               // Number, as a double
    QByteArray numberText;           // Number exactly as written ("1e3", "-0.5")
    QString string;                  // String, unescaped
    std::vector<JsonValue> items;    // Array elements, in order
    std::vector<JsonMember> members; // Object members in file order; a duplicate key is dropped

    bool isNull() const { return type == Type::Null; }
    bool isBool() const { return type == Type::Bool; }
    bool isNumber() const { return type == Type::Number; }
    bool isString() const { return type == Type::String; }
    bool isArray() const { return type == Type::Array; }
    bool isObject() const { return type == Type::Object; }

    // The member called `key` of an object, or nullptr (also for non-objects).
    const JsonMember *member(QStringView key) const;
    // The member's value, or nullptr.
    const JsonValue *value(QStringView key) const;
    // "a string", "an object", "null", ... for messages.
    QString typeName() const;
    // Compact JSON text (no spaces), object members in file order, numbers as written.
    QByteArray toCompactJson() const;
    // The same value as a QJsonValue (object members lose their order, numbers become doubles).
    QJsonValue toQJsonValue() const;
};

// An object member: its key, where the key starts, and its value.
struct JsonMember
{
    QString key;
    int line = 0;   // 1-based line of the key's opening quote
    int column = 0; // 1-based column of the key's opening quote
    JsonValue value;
};

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

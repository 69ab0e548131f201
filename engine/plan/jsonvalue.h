#pragma once

// A parsed JSON value that remembers where it starts in its source text (see jsonparser.h), so
// that plan validation can name file:line:column. Plain values; any thread.

#include <QByteArray>
#include <QJsonValue>
#include <QString>
#include <QStringView>
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

} // namespace sb::plan

#include "jsonvalue.h"

#include "core/enginetext.h"
#include "jsonparser.h"

#include <QJsonArray>
#include <QJsonObject>

namespace sb::plan {

namespace {

void appendCompact(const JsonValue &v, QByteArray &out)
{
    switch (v.type) {
    case JsonValue::Type::Null:
        out.append("null");
        break;
    case JsonValue::Type::Bool:
        out.append(v.boolean ? "true" : "false");
        break;
    case JsonValue::Type::Number:
        out.append(v.numberText);
        break;
    case JsonValue::Type::String:
        out.append(jsonQuote(v.string));
        break;
    case JsonValue::Type::Array:
        out.append('[');
        for (size_t i = 0; i < v.items.size(); ++i) {
            if (i)
                out.append(',');
            appendCompact(v.items[i], out);
        }
        out.append(']');
        break;
    case JsonValue::Type::Object:
        out.append('{');
        for (size_t i = 0; i < v.members.size(); ++i) {
            if (i)
                out.append(',');
            out.append(jsonQuote(v.members[i].key));
            out.append(':');
            appendCompact(v.members[i].value, out);
        }
        out.append('}');
        break;
    }
}

} // namespace

const JsonMember *JsonValue::member(QStringView key) const
{
    for (const JsonMember &m : members) {
        if (m.key == key)
            return &m;
    }
    return nullptr;
}

const JsonValue *JsonValue::value(QStringView key) const
{
    const JsonMember *m = member(key);
    return m ? &m->value : nullptr;
}

QString JsonValue::typeName() const
{
    switch (type) {
    case Type::Null:
        return QStringLiteral("null");
    case Type::Bool:
        return trEngine("sb::plan", "a boolean");
    case Type::Number:
        return trEngine("sb::plan", "a number");
    case Type::String:
        return trEngine("sb::plan", "a string");
    case Type::Array:
        return trEngine("sb::plan", "an array");
    case Type::Object:
        return trEngine("sb::plan", "an object");
    }
    return QString();
}

QByteArray JsonValue::toCompactJson() const
{
    QByteArray out;
    appendCompact(*this, out);
    return out;
}

QJsonValue JsonValue::toQJsonValue() const
{
    switch (type) {
    case Type::Null:
        return QJsonValue(QJsonValue::Null);
    case Type::Bool:
        return QJsonValue(boolean);
    case Type::Number:
        return QJsonValue(number);
    case Type::String:
        return QJsonValue(string);
    case Type::Array: {
        QJsonArray a;
        for (const JsonValue &item : items)
            a.append(item.toQJsonValue());
        return a;
    }
    case Type::Object: {
        QJsonObject o;
        for (const JsonMember &m : members)
            o.insert(m.key, m.value.toQJsonValue());
        return o;
    }
    }
    return QJsonValue();
}

} // namespace sb::plan

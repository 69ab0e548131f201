#include "placeholders.h"

#include <QRegularExpression>

namespace sb::plan {

Placeholders::Placeholders(FieldReader &fields, const PlanVariables &variables,
                           const QString &portHint)
    : m_fields(&fields)
    , m_variables(variables)
    , m_portHint(portHint)
{}

Placeholders Placeholders::forConfiguration() const
{
    Placeholders inside = *this;
    inside.m_portHint = QStringLiteral("\"${port}\" needs \"port\" in this configuration");
    return inside;
}

void Placeholders::setPort(int port)
{
    m_variables.insert(QStringLiteral("port"), QString::number(port));
}

std::optional<Expansion> Placeholders::expand(const JsonValue &v, const QString &path) const
{
    const QString &s = v.string;
    Expansion out;
    bool ok = true;
    bool literal = false;
    bool anyPlaceholder = false;
    qsizetype i = 0;
    while (i < s.size()) {
        if (s[i] == QLatin1Char('$') && s.mid(i, 3) == QLatin1String("$${")) {
            out.value += QStringLiteral("${");
            literal = true;
            i += 3;
            continue;
        }
        if (s[i] != QLatin1Char('$') || i + 1 >= s.size() || s[i + 1] != QLatin1Char('{')) {
            out.value += s[i];
            literal = true;
            ++i;
            continue;
        }
        const qsizetype close = s.indexOf(QLatin1Char('}'), i + 2);
        if (close < 0) {
            m_fields->error(
                v, path, "plan.placeholder",
                QStringLiteral(
                    "unterminated placeholder \"%1\"; write \"$${\" for a literal \"${\"")
                    .arg(s.mid(i)));
            return std::nullopt;
        }
        const QString name = s.mid(i + 2, close - i - 2);
        const QString token = s.mid(i, close - i + 1);
        anyPlaceholder = true;
        i = close + 1;
        if (!name.startsWith(QLatin1String("env:")))
            literal = true; // a substituted variable is not an environment reference
        if (!expandOne(v, path, token, name, out.value))
            ok = false;
    }
    if (!ok)
        return std::nullopt;
    out.onlyEnvReferences = anyPlaceholder && !literal;
    return out;
}

// Appends the value of one placeholder ${name} (written `token`) to `out`.
bool Placeholders::expandOne(const JsonValue &v, const QString &path, const QString &token,
                             const QString &name, QString &out) const
{
    if (name.startsWith(QLatin1String("env:"))) {
        const QString var = name.mid(4);
        static const QRegularExpression envName(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*$"));
        if (!envName.match(var).hasMatch()) {
            m_fields->error(
                v, path, "plan.placeholder",
                QStringLiteral("invalid environment variable name in \"%1\"").arg(token));
            return false;
        }
        if (!qEnvironmentVariableIsSet(var.toLocal8Bit().constData())) {
            m_fields->error(
                v, path, "plan.env",
                QStringLiteral("environment variable \"%1\" is not set (referenced as \"%2\")")
                    .arg(var, token));
            return false;
        }
        out += qEnvironmentVariable(var.toLocal8Bit().constData());
        return true;
    }
    const auto it = m_variables.constFind(name);
    if (it != m_variables.constEnd()) {
        out += it.value();
        return true;
    }
    if (name == QLatin1String("port")) {
        m_fields->error(v, path, "plan.placeholder",
                        m_portHint.isEmpty()
                            ? QStringLiteral("\"${port}\" is only available inside a configuration")
                            : m_portHint);
        return false;
    }
    QStringList known = m_variables.keys();
    known.sort();
    const QString hint = closestName(name, known);
    QStringList list;
    for (const QString &k : std::as_const(known))
        list.append(QStringLiteral("${%1}").arg(k));
    list.append(QStringLiteral("${env:NAME}"));
    m_fields->error(
        v, path, "plan.placeholder",
        hint.isEmpty() ? QStringLiteral("unknown placeholder \"%1\"; known here: %2 (write \"$${\" "
                                        "for a literal \"${\")")
                             .arg(token, list.join(QStringLiteral(", ")))
                       : QStringLiteral("unknown placeholder \"%1\"; did you mean \"${%2}\"?")
                             .arg(token, hint));
    return false;
}

bool Placeholders::argv(const JsonValue &v, const QString &path, QStringList &out) const
{
    if (!v.isArray()) {
        m_fields->typeError(v, path, QStringLiteral("an array of strings (argv)"));
        return false;
    }
    if (v.items.empty()) {
        m_fields->error(v, path, "plan.value",
                        QStringLiteral("must not be empty: give the program and its arguments"));
        return false;
    }
    bool ok = true;
    QStringList result;
    for (size_t i = 0; i < v.items.size(); ++i) {
        const JsonValue &item = v.items[i];
        const QString itemPath = jsonIndexPath(path, qsizetype(i));
        if (!item.isString()) {
            m_fields->typeError(item, itemPath, QStringLiteral("a string"));
            ok = false;
            continue;
        }
        if (i == 0 && item.string.isEmpty()) {
            m_fields->error(item, itemPath, "plan.value",
                            QStringLiteral("the program must not be empty"));
            ok = false;
            continue;
        }
        const std::optional<Expansion> e = expand(item, itemPath);
        if (!e) {
            ok = false;
            continue;
        }
        if (i == 0 && e->value.isEmpty()) {
            m_fields->error(item, itemPath, "plan.value",
                            QStringLiteral("the program must not be empty (\"%1\" expands to "
                                           "nothing)")
                                .arg(item.string));
            ok = false;
            continue;
        }
        result.append(e->value);
    }
    if (ok)
        out = result;
    return ok;
}

} // namespace sb::plan

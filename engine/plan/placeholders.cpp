#include "placeholders.h"

#include "core/enginetext.h"
#include "variables.h"

#include <QRegularExpression>

namespace sb::plan {

bool needsTemplate(const QList<Piece> &pieces)
{
    QString literal;
    for (const Piece &p : pieces) {
        if (p.variable)
            return true;
        literal += p.text;
    }
    // A final string never holds "${var:", so that a template can always be told from one.
    return literal.contains(QLatin1String("${var:"));
}

Expansion assemble(const QList<Piece> &pieces, bool forceTemplate)
{
    Expansion out;
    out.isTemplate = forceTemplate || needsTemplate(pieces);
    for (const Piece &p : pieces) {
        if (p.variable) {
            out.variables.append(p.text);
            out.value += templateReference(p.text);
        } else {
            out.value += out.isTemplate ? templateLiteral(p.text) : p.text;
        }
    }
    return out;
}

Placeholders::Placeholders(FieldReader &fields, const PlanVariables &variables,
                           const QString &portHint)
    : m_fields(&fields)
    , m_variables(variables)
    , m_portHint(portHint)
{}

Placeholders Placeholders::forConfiguration() const
{
    Placeholders inside = *this;
    inside.m_portHint = trEngine("sb::plan", "\"${port}\" needs \"port\" in this configuration");
    return inside;
}

void Placeholders::setPort(int port)
{
    m_variables.insert(QStringLiteral("port"), QString::number(port));
}

void Placeholders::setPlanVariables(const QStringList &names)
{
    m_planVariables = names;
}

Placeholders Placeholders::withoutVariables(const QString &why) const
{
    Placeholders copy = *this;
    copy.m_noVariables = why;
    return copy;
}

std::optional<Expansion> Placeholders::expand(const JsonValue &v, const QString &path) const
{
    bool onlyReferences = false;
    const std::optional<QList<Piece>> parts = pieces(v, path, &onlyReferences);
    if (!parts)
        return std::nullopt;
    Expansion out = assemble(*parts);
    // Where ${var:} is not available nothing is a template: the text is final as it stands.
    if (!m_noVariables.isEmpty() && out.isTemplate) {
        out = Expansion{};
        for (const Piece &p : *parts)
            out.value += p.text;
    }
    out.onlyReferences = onlyReferences;
    return out;
}

std::optional<QList<Piece>> Placeholders::pieces(const JsonValue &v, const QString &path,
                                                 bool *onlyReferences) const
{
    const QString &s = v.string;
    QList<Piece> out;
    auto literal = [&out](const QString &text) {
        if (out.isEmpty() || out.constLast().variable)
            out.append(Piece{text, false});
        else
            out.last().text += text;
    };
    bool ok = true;
    bool anyLiteral = false;
    bool anyPlaceholder = false;
    qsizetype i = 0;
    while (i < s.size()) {
        if (s[i] == QLatin1Char('$') && s.mid(i, 3) == QLatin1String("$${")) {
            literal(QStringLiteral("${"));
            anyLiteral = true;
            i += 3;
            continue;
        }
        if (s[i] != QLatin1Char('$') || i + 1 >= s.size() || s[i + 1] != QLatin1Char('{')) {
            literal(QString(s[i]));
            anyLiteral = true;
            ++i;
            continue;
        }
        const qsizetype close = s.indexOf(QLatin1Char('}'), i + 2);
        if (close < 0) {
            m_fields->error(
                v, path, "plan.placeholder",
                trEngine("sb::plan",
                         "unterminated placeholder \"%1\"; write \"$${\" for a literal \"${\"")
                    .arg(s.mid(i)));
            return std::nullopt;
        }
        const QString name = s.mid(i + 2, close - i - 2);
        const QString token = s.mid(i, close - i + 1);
        anyPlaceholder = true;
        i = close + 1;
        if (name.startsWith(QLatin1String("var:"))) {
            if (checkVariable(v, path, token, name.mid(4)))
                out.append(Piece{name.mid(4), true});
            else
                ok = false;
            continue;
        }
        if (!name.startsWith(QLatin1String("env:")))
            anyLiteral = true; // a substituted name is not a reference to the environment
        QString value;
        if (expandOne(v, path, token, name, value))
            literal(value);
        else
            ok = false;
    }
    if (!ok)
        return std::nullopt;
    if (onlyReferences)
        *onlyReferences = anyPlaceholder && !anyLiteral;
    return out;
}

// A ${var:NAME} reference (written `token`): a variable the plan declares, where variables are
// available.
bool Placeholders::checkVariable(const JsonValue &v, const QString &path, const QString &token,
                                 const QString &name) const
{
    if (!m_noVariables.isEmpty()) {
        m_fields->error(
            v, path, "plan.placeholder",
            trEngine("sb::plan", "\"%1\" is not available here: %2").arg(token, m_noVariables));
        return false;
    }
    if (m_planVariables.contains(name))
        return true;
    if (m_planVariables.isEmpty()) {
        m_fields->error(
            v, path, "plan.placeholder",
            trEngine("sb::plan", "unknown variable \"%1\": the plan has no \"variables\"")
                .arg(token));
        return false;
    }
    const QString hint = closestName(name, m_planVariables);
    m_fields->error(
        v, path, "plan.placeholder",
        hint.isEmpty()
            ? trEngine("sb::plan", "unknown variable \"%1\"; the plan's variables are: %2")
                  .arg(token, quotedList(m_planVariables))
            : trEngine("sb::plan", "unknown variable \"%1\"; did you mean \"${var:%2}\"?")
                  .arg(token, hint));
    return false;
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
                trEngine("sb::plan", "invalid environment variable name in \"%1\"").arg(token));
            return false;
        }
        if (!qEnvironmentVariableIsSet(var.toLocal8Bit().constData())) {
            m_fields->error(
                v, path, "plan.env",
                trEngine("sb::plan",
                         "environment variable \"%1\" is not set (referenced as \"%2\")")
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
        m_fields->error(
            v, path, "plan.placeholder",
            m_portHint.isEmpty()
                ? trEngine("sb::plan", "\"${port}\" is only available inside a configuration")
                : m_portHint);
        return false;
    }
    QStringList known = m_variables.keys();
    known.sort();
    const QString hint = closestName(name, known);
    // A plan variable written without "var:" ("${token}") is a likely slip.
    const QString varHint = m_noVariables.isEmpty() && m_planVariables.contains(name)
                                ? QStringLiteral("var:") + name
                                : hint;
    QStringList list;
    for (const QString &k : std::as_const(known))
        list.append(QStringLiteral("${%1}").arg(k));
    list.append(QStringLiteral("${env:NAME}"));
    if (m_noVariables.isEmpty())
        list.append(QStringLiteral("${var:NAME}"));
    m_fields->error(
        v, path, "plan.placeholder",
        varHint.isEmpty()
            ? trEngine("sb::plan", "unknown placeholder \"%1\"; known here: %2 (write "
                                   "\"$${\" for a literal \"${\")")
                  .arg(token, list.join(QStringLiteral(", ")))
            : trEngine("sb::plan", "unknown placeholder \"%1\"; did you mean \"${%2}\"?")
                  .arg(token, varHint));
    return false;
}

bool Placeholders::argv(const JsonValue &v, const QString &path, QStringList &out) const
{
    if (!v.isArray()) {
        m_fields->typeError(v, path, trEngine("sb::plan", "an array of strings (argv)"));
        return false;
    }
    if (v.items.empty()) {
        m_fields->error(
            v, path, "plan.value",
            trEngine("sb::plan", "must not be empty: give the program and its arguments"));
        return false;
    }
    bool ok = true;
    QStringList result;
    for (size_t i = 0; i < v.items.size(); ++i) {
        const JsonValue &item = v.items[i];
        const QString itemPath = jsonIndexPath(path, qsizetype(i));
        if (!item.isString()) {
            m_fields->typeError(item, itemPath, trEngine("sb::plan", "a string"));
            ok = false;
            continue;
        }
        if (i == 0 && item.string.isEmpty()) {
            m_fields->error(item, itemPath, "plan.value",
                            trEngine("sb::plan", "the program must not be empty"));
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
                            trEngine("sb::plan", "the program must not be empty (\"%1\" expands to "
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

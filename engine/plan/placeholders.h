#pragma once

// Placeholder expansion in plan strings (internal to engine/plan; the syntax is documented in
// planloader.h): ${env:NAME}, ${name} from the variables, ${port} inside a configuration, and
// $${ for a literal "${". Problems (an unset variable, an unknown or unterminated placeholder)
// are reported to the FieldReader at the string's position. Not shared between threads.

#include "jsonparser.h"
#include "planfields.h"
#include "planloader.h"

#include <QString>
#include <QStringList>
#include <optional>

namespace sb::plan {

// How a string was expanded.
struct Expansion
{
    QString value;
    bool onlyEnvReferences = false; // the raw text was nothing but ${env:...} placeholders
};

class Placeholders
{
public:
    // `variables` are the names ${name} stands for; `portHint` is the message for ${port} when
    // no port is known (empty: "only available inside a configuration").
    Placeholders(FieldReader &fields, const PlanVariables &variables,
                 const QString &portHint = QString());

    // The same placeholders, inside a configuration: ${port} needs the configuration's port.
    Placeholders forConfiguration() const;
    // Makes ${port} stand for `port`.
    void setPort(int port);

    // Expands the string value `v`; nullopt after reporting a problem.
    std::optional<Expansion> expand(const JsonValue &v, const QString &path) const;
    // An argv: a non-empty array of strings whose first one (the program) is non-empty, each
    // expanded.
    bool argv(const JsonValue &v, const QString &path, QStringList &out) const;

private:
    bool expandOne(const JsonValue &v, const QString &path, const QString &token,
                   const QString &name, QString &out) const;

    FieldReader *m_fields;
    PlanVariables m_variables;
    QString m_portHint;
};

} // namespace sb::plan

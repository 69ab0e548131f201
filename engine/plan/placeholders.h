#pragma once

// Placeholder expansion in plan strings (internal to engine/plan; the syntax is documented in
// planloader.h): ${env:NAME}, ${name} from the loader's variables, ${port} inside a
// configuration, ${var:NAME} for a plan variable (validated, kept as a template: variables.h), and
// $${ for a literal "${". Problems (an unset variable, an unknown or unterminated placeholder, a
// ${var:} where variables are not available) are reported to the FieldReader at the string's
// position. Not shared between threads.

#include "jsonparser.h"
#include "planfields.h"
#include "planloader.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

namespace sb::plan {

// How a string was expanded.
struct Expansion
{
    QString value;               // the final text, or a template when isTemplate (variables.h)
    bool onlyReferences = false; // the raw text was nothing but ${env:} and ${var:} placeholders
    bool isTemplate = false;     // value is a template: it refers to a plan variable
    QStringList variables;       // the names of the ${var:} references, in order
};

// One part of an expanded string: literal text (placeholders other than ${var:} already
// resolved), or a ${var:} reference (text is the variable's name).
struct Piece
{
    QString text;
    bool variable = false;
};

// The final text (no ${var:} and no literal "${var:" in it), or else a template.
Expansion assemble(const QList<Piece> &pieces, bool forceTemplate = false);
// Whether `pieces` need a template: a ${var:} reference, or literal text that would read as one.
bool needsTemplate(const QList<Piece> &pieces);

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
    // The names of the plan's variables, for ${var:NAME}.
    void setPlanVariables(const QStringList &names);
    // The same placeholders where ${var:} is an error whose message ends with `why`.
    Placeholders withoutVariables(const QString &why) const;

    // Expands the string value `v`; nullopt after reporting a problem.
    std::optional<Expansion> expand(const JsonValue &v, const QString &path) const;
    // The parts of the string value `v`; nullopt after reporting a problem. `onlyReferences` as
    // in Expansion.
    std::optional<QList<Piece>> pieces(const JsonValue &v, const QString &path,
                                       bool *onlyReferences = nullptr) const;
    // An argv: a non-empty array of strings whose first one (the program) is non-empty, each
    // expanded.
    bool argv(const JsonValue &v, const QString &path, QStringList &out) const;

private:
    bool expandOne(const JsonValue &v, const QString &path, const QString &token,
                   const QString &name, QString &out) const;
    bool checkVariable(const JsonValue &v, const QString &path, const QString &token,
                       const QString &name) const;

    FieldReader *m_fields;
    PlanVariables m_variables;
    QString m_portHint;
    QStringList m_planVariables;
    QString m_noVariables; // non-empty: ${var:} is not available, for this reason
};

} // namespace sb::plan

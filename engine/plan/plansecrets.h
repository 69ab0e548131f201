#pragma once

// The loader's record of secrets (internal to engine/plan): the resolved secret values and the
// string literals in the plan text that hold them, for Plan::secretValues / Plan::secretSpans
// (see plan.h for what they are used for). Not shared between threads.

#include "jsonparser.h"
#include "placeholders.h"
#include "plan.h"
#include "planfields.h"

#include <QList>
#include <QSet>
#include <QStringList>

namespace sb::plan {

class SecretBook
{
public:
    // Records a secret string value `v` expanded as `e`: its resolved text (unless it is a
    // template: its value is only known once the variables are filled), and its literal unless
    // it only refers to the environment or to variables.
    // A resolved value shorter than kMinSearchedSecret is remembered for warnShort().
    void mark(const JsonValue &v, const Expansion &e, const QString &path);
    // Records a secret value that has no literal of its own.
    void markValue(const QString &value);
    // A secret typed again elsewhere (a header, a command argument) must not survive in
    // Plan::redactedText() either: marks every string literal under `root` that contains a
    // secret value long enough to search for.
    void markRepeats(const JsonValue &root);
    // Warns of each secret too short to be searched for (plan.secret-short).
    void warnShort(FieldReader &fields) const;
    // Moves the values (without duplicates) and spans into `plan`.
    void moveInto(Plan &plan);

private:
    void addSpan(const JsonValue &v);

    QStringList m_values;
    QList<Plan::Span> m_spans;
    QSet<qsizetype> m_spanOffsets; // offsets in m_spans, so that a literal is marked once
    struct Short
    {
        const JsonValue *value; // into the parsed tree, which outlives the book's use
        QString path;
        qsizetype length; // of the resolved value
    };
    QList<Short> m_short;
};

// The forms a secret takes when a server or a tool encodes it, for redaction beyond the literal
// value: base64 and base64url of its UTF-8 bytes (whole, with and without padding, and, for each
// of the three byte alignments it can have inside a longer encoded text, the run of characters
// that only its own bytes decide), and URL encoding (every byte but the unreserved ones
// percent-encoded, upper- and lower-case hex; '+' for a space; '/' or "!'()*" left as they are,
// as common encoders do). Forms shorter than kMinEncodedSecretForm and the value itself are
// left out. Empty for a value shorter than kMinSearchedSecret. Any thread.
QStringList encodedSecretForms(const QString &value);
inline constexpr qsizetype kMinEncodedSecretForm = 4;

// `text` with every secret of `values` (of kMinRedactedSecret characters or more), and every
// encodedSecretForms() of each, replaced by secretPlaceholder(); longest first, so that a form
// containing another is replaced whole. Plan::redact() is this with Plan::secretValues.
QString redactSecrets(const QString &text, const QStringList &values);

// Adds `values` (empty ones are skipped) to plan.secretValues, and every string literal of
// plan.text that contains one of them (4 characters or more) to plan.secretSpans.
void addSecrets(Plan &plan, const QStringList &values);

} // namespace sb::plan

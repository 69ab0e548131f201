#include "plansecrets.h"

#include <algorithm>

namespace sb::plan {

void SecretBook::mark(const JsonValue &v, const Expansion &e, const QString &path)
{
    if (!e.isTemplate)
        markValue(e.value);
    if (!e.isTemplate && !e.value.isEmpty() && e.value.size() < kMinSearchedSecret)
        m_short.append({&v, path, e.value.size()});
    if (!e.onlyReferences && !v.string.isEmpty())
        addSpan(v);
}

void SecretBook::markValue(const QString &value)
{
    if (!value.isEmpty())
        m_values.append(value);
}

void SecretBook::addSpan(const JsonValue &v)
{
    if (m_spanOffsets.contains(v.offset))
        return;
    m_spanOffsets.insert(v.offset);
    m_spans.append(Plan::Span{v.offset, v.length});
}

void SecretBook::markRepeats(const JsonValue &v)
{
    if (v.isString()) {
        for (const QString &secret : std::as_const(m_values)) {
            if (secret.size() >= kMinSearchedSecret && v.string.contains(secret)) {
                addSpan(v);
                break;
            }
        }
    }
    for (const JsonValue &item : v.items)
        markRepeats(item);
    for (const JsonMember &m : v.members)
        markRepeats(m.value);
}

void SecretBook::warnShort(FieldReader &fields) const
{
    for (const Short &s : m_short)
        fields.warning(
            *s.value, s.path, "plan.secret-short",
            QStringLiteral("this secret is shorter than %1 characters: it is kept out of the "
                           "stored plan, %2")
                .arg(kMinSearchedSecret)
                .arg(s.length < kMinRedactedSecret
                         ? QStringLiteral("but not searched for in logs and output, where it "
                                          "would match too much")
                         : QStringLiteral("and wherever ordinary text in logs and output holds "
                                          "it, that text reads <secret> too")));
}

void SecretBook::moveInto(Plan &plan)
{
    m_values.removeDuplicates();
    plan.secretValues = std::move(m_values);
    plan.secretSpans = std::move(m_spans);
    m_values.clear();
    m_spans.clear();
    m_spanOffsets.clear();
}

void addSecrets(Plan &plan, const QStringList &values)
{
    SecretBook book;
    for (const QString &value : values) {
        if (!plan.secretValues.contains(value))
            book.markValue(value);
    }
    const JsonParseResult parsed = parseJson(plan.text);
    if (parsed.ok())
        book.markRepeats(parsed.root);
    Plan found;
    book.moveInto(found);
    plan.secretValues += found.secretValues;
    for (const Plan::Span &span : std::as_const(found.secretSpans)) {
        const bool known =
            std::any_of(plan.secretSpans.cbegin(), plan.secretSpans.cend(),
                        [&span](const Plan::Span &s) { return s.offset == span.offset; });
        if (!known)
            plan.secretSpans.append(span);
    }
}

} // namespace sb::plan

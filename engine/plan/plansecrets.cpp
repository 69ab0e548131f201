#include "plansecrets.h"

namespace sb::plan {

void SecretBook::mark(const JsonValue &v, const Expansion &e)
{
    if (!e.value.isEmpty())
        m_values.append(e.value);
    if (!e.onlyEnvReferences && !v.string.isEmpty())
        addSpan(v);
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
    // Shorter secrets would match too much.
    static constexpr int kMinSearchedSecret = 4;
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

void SecretBook::moveInto(Plan &plan)
{
    m_values.removeDuplicates();
    plan.secretValues = std::move(m_values);
    plan.secretSpans = std::move(m_spans);
    m_values.clear();
    m_spans.clear();
    m_spanOffsets.clear();
}

} // namespace sb::plan

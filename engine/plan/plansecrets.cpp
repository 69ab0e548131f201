#include "plansecrets.h"

#include "core/enginetext.h"

#include <QSet>
#include <QUrl>
#include <algorithm>

namespace sb::plan {

namespace {

// The base64 forms of `bytes`: whole, and the characters decided by `bytes` alone when they
// start `align` bytes into a longer text (character i holds bits 6i..6i+5 of the text).
void addBase64Forms(const QByteArray &bytes, QSet<QString> &forms)
{
    for (const auto options : {QByteArray::Base64Encoding, QByteArray::Base64UrlEncoding}) {
        const QByteArray whole = bytes.toBase64(options);
        forms.insert(QString::fromLatin1(whole));
        forms.insert(QString::fromLatin1(bytes.toBase64(options | QByteArray::OmitTrailingEquals)));
        for (qsizetype align = 0; align < 3; ++align) {
            const QByteArray text = QByteArray(align, '\0') + bytes + QByteArray(2, '\0');
            const QByteArray encoded = text.toBase64(options);
            const qsizetype first = (4 * align + 2) / 3;            // ceil(8 * align / 6)
            const qsizetype end = (4 * (align + bytes.size())) / 3; // floor(8 * (align + n) / 6)
            if (end > first)
                forms.insert(QString::fromLatin1(encoded.mid(first, end - first)));
        }
    }
}

void addUrlForms(const QString &value, QSet<QString> &forms)
{
    const QByteArray utf8 = value.toUtf8();
    for (const QByteArray &keep :
         {QByteArray(), QByteArrayLiteral("/"), QByteArrayLiteral("!'()*")}) {
        const QByteArray upper = QUrl::toPercentEncoding(value, keep);
        forms.insert(QString::fromLatin1(upper));
        // Lower-case hex digits after each '%'.
        QByteArray lower = upper;
        for (qsizetype i = 0; i + 2 < lower.size(); ++i)
            if (lower[i] == '%') {
                lower[i + 1] = char(QChar::toLower(uchar(lower[i + 1])));
                lower[i + 2] = char(QChar::toLower(uchar(lower[i + 2])));
            }
        forms.insert(QString::fromLatin1(lower));
        // Form encoding: a space is '+'.
        if (utf8.contains(' ')) {
            forms.insert(
                QString::fromLatin1(upper).replace(QStringLiteral("%20"), QStringLiteral("+")));
            forms.insert(
                QString::fromLatin1(lower).replace(QStringLiteral("%20"), QStringLiteral("+")));
        }
    }
}

} // namespace

QStringList encodedSecretForms(const QString &value)
{
    if (value.size() < kMinSearchedSecret)
        return {};
    QSet<QString> forms;
    addBase64Forms(value.toUtf8(), forms);
    addUrlForms(value, forms);
    QStringList out;
    for (const QString &form : std::as_const(forms))
        if (form.size() >= kMinEncodedSecretForm && form != value)
            out << form;
    std::sort(out.begin(), out.end());
    return out;
}

QString redactSecrets(const QString &text, const QStringList &values)
{
    QStringList all;
    for (const QString &value : values) {
        if (value.size() < kMinRedactedSecret)
            continue;
        all << value << encodedSecretForms(value);
    }
    all.removeDuplicates();
    // Longest first, so that a secret containing another is replaced whole.
    std::sort(all.begin(), all.end(),
              [](const QString &a, const QString &b) { return a.size() > b.size(); });
    QString out = text;
    for (const QString &form : std::as_const(all))
        out.replace(form, secretPlaceholder());
    return out;
}

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
            trEngine("sb::plan", "this secret is shorter than %1 characters: it is kept out of the "
                                 "stored plan, %2")
                .arg(kMinSearchedSecret)
                .arg(s.length < kMinRedactedSecret
                         ? trEngine("sb::plan", "but not searched for in logs and output, where it "
                                                "would match too much")
                         : trEngine("sb::plan",
                                    "and wherever ordinary text in logs and output holds "
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

#include "planfields.h"

#include "core/cpuset.h"
#include "core/duration.h"
#include "core/enginetext.h"
#include "core/limits.h"
#include "core/qterror.h"

#include <QRegularExpression>
#include <algorithm>
#include <cmath>
#include <limits>

namespace sb::plan {

namespace {

int editDistance(const QString &a, const QString &b)
{
    const QString x = a.toLower();
    const QString y = b.toLower();
    std::vector<int> prev(y.size() + 1), cur(y.size() + 1);
    for (qsizetype j = 0; j <= y.size(); ++j)
        prev[j] = int(j);
    for (qsizetype i = 1; i <= x.size(); ++i) {
        cur[0] = int(i);
        for (qsizetype j = 1; j <= y.size(); ++j) {
            const int cost = x[i - 1] == y[j - 1] ? 0 : 1;
            cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost});
        }
        std::swap(prev, cur);
    }
    return prev[y.size()];
}

QString describe(const JsonValue &v)
{
    switch (v.type) {
    case JsonValue::Type::Number:
        return trEngine("sb::plan", "a number (%1)").arg(QString::fromLatin1(v.numberText));
    case JsonValue::Type::String: {
        QString s = v.string;
        if (s.size() > 40)
            s = s.left(37) + QStringLiteral("...");
        return trEngine("sb::plan", "a string (\"%1\")").arg(s);
    }
    case JsonValue::Type::Bool:
        return trEngine("sb::plan", "a boolean (%1)")
            .arg(v.boolean ? QStringLiteral("true") : QStringLiteral("false"));
    default:
        return v.typeName();
    }
}

QString formatNumber(double d)
{
    return QString::number(d, 'g', 15);
}

// The duration grammar's words (core/duration.cpp) inside its sentences: "1 day", "5 s".
QString durationText(const QString &english)
{
    static const QRegularExpression days(QStringLiteral("^(\\d+) days?$"));
    const QRegularExpressionMatch m = days.match(english);
    if (!m.hasMatch())
        return english;
    // Not a %n plural: without a translator that would read "1 day(s)".
    return m.captured(1) == QLatin1String("1") ? trEngine("sb::plan", "1 day")
                                               : trEngine("sb::plan", "%1 days").arg(m.captured(1));
}

// A bound of the duration/count/rate grammar: "must be at most 1 day".
QString boundText(const QString &english)
{
    static const QRegularExpression atMost(QStringLiteral("^must be at most (.+?)( requests per "
                                                          "second)?$"));
    static const QRegularExpression atLeast(QStringLiteral("^must be at least (.+?)( requests "
                                                           "per second)?$"));
    if (english == QLatin1String("must not be negative"))
        return trEngine("sb::plan", "must not be negative");
    if (english == QLatin1String("must be above 0"))
        return trEngine("sb::plan", "must be above 0");
    if (const QRegularExpressionMatch m = atMost.match(english); m.hasMatch())
        return m.capturedLength(2) > 0
                   ? trEngine("sb::plan", "must be at most %1 requests per second")
                         .arg(m.captured(1))
                   : trEngine("sb::plan", "must be at most %1").arg(durationText(m.captured(1)));
    if (const QRegularExpressionMatch m = atLeast.match(english); m.hasMatch())
        return m.capturedLength(2) > 0
                   ? trEngine("sb::plan", "must be at least %1 requests per second")
                         .arg(m.captured(1))
                   : trEngine("sb::plan", "must be at least %1").arg(durationText(m.captured(1)));
    return english;
}

// What a value of the grammar was expected to be: "a whole number".
QString expectedText(const QString &english)
{
    static const char *const kForms[] = {
        QT_TRANSLATE_NOOP("sb::plan", "a duration like 500ms, 5s, 2m or 1h"),
        QT_TRANSLATE_NOOP("sb::plan", "a duration like 5s or a request count like 1000req"),
        QT_TRANSLATE_NOOP("sb::plan", "a rate in requests per second"),
        QT_TRANSLATE_NOOP("sb::plan", "a rate in requests per second like 2000"),
        QT_TRANSLATE_NOOP("sb::plan", "a whole number"),
        QT_TRANSLATE_NOOP("sb::plan", "a whole number of requests like 1000req"),
        QT_TRANSLATE_NOOP("sb::plan", "it is empty"),
        QT_TRANSLATE_NOOP("sb::plan", "an empty entry"),
        QT_TRANSLATE_NOOP("sb::plan", "CPU numbers go up to 1023")};
    for (const char *form : kForms)
        if (english == QLatin1String(form))
            return trEngine("sb::plan", form);
    return english;
}

// The sentence of an sb::Error of the duration/count grammar (core/duration.h) or of a CPU list
// (core/cpuset.h), which are plain C++ and English, in the language of trEngine(): its shapes
// taken apart and put together again from their translated pieces. A sentence of another shape
// is kept as it is; without a translator each shape gives back the sentence it took apart.
QString valueErrorText(const sb::Error &e)
{
    const QString detail = sb::qtDetail(e);
    static const QRegularExpression cpuList(
        QStringLiteral("^(\"[^\"]*\") is not a CPU list like 0-3,6: (.*)$"));
    static const QRegularExpression notCpu(
        QStringLiteral("^(\"[^\"]*\") is not a CPU or a range$"));
    static const QRegularExpression backwards(
        QStringLiteral("^the range (\"[^\"]*\") is written backwards$"));
    static const QRegularExpression isNot(QStringLiteral("^(\"[^\"]*\") is not (.*)$"));
    static const QRegularExpression bound(QStringLiteral("^(must .*), not (\"[^\"]*\")$"));
    static const QRegularExpression count(QStringLiteral("^a request count (must .*), not "
                                                         "(\"[^\"]*\")$"));
    if (const QRegularExpressionMatch m = cpuList.match(detail); m.hasMatch()) {
        QString why = expectedText(m.captured(2));
        if (const QRegularExpressionMatch c = notCpu.match(m.captured(2)); c.hasMatch())
            why = trEngine("sb::plan", "%1 is not a CPU or a range").arg(c.captured(1));
        else if (const QRegularExpressionMatch b = backwards.match(m.captured(2)); b.hasMatch())
            why = trEngine("sb::plan", "the range %1 is written backwards").arg(b.captured(1));
        return trEngine("sb::plan", "%1 is not a CPU list like 0-3,6: %2").arg(m.captured(1), why);
    }
    if (const QRegularExpressionMatch m = count.match(detail); m.hasMatch())
        return trEngine("sb::plan", "a request count %1, not %2")
            .arg(boundText(m.captured(1)), m.captured(2));
    if (const QRegularExpressionMatch m = isNot.match(detail); m.hasMatch())
        return trEngine("sb::plan", "%1 is not %2").arg(m.captured(1), expectedText(m.captured(2)));
    if (const QRegularExpressionMatch m = bound.match(detail); m.hasMatch())
        return trEngine("sb::plan", "%1, not %2").arg(boundText(m.captured(1)), m.captured(2));
    return detail;
}

void sortByPosition(QList<Diagnostic> &list)
{
    std::stable_sort(list.begin(), list.end(), [](const Diagnostic &a, const Diagnostic &b) {
        return a.line != b.line ? a.line < b.line : a.column < b.column;
    });
}

} // namespace

QStringList latin1List(std::initializer_list<const char *> list)
{
    QStringList out;
    for (const char *s : list)
        out.append(QString::fromLatin1(s));
    return out;
}

QString quotedList(const QStringList &values)
{
    QStringList q;
    for (const QString &v : values)
        q.append(QLatin1Char('"') + v + QLatin1Char('"'));
    return q.join(QStringLiteral(", "));
}

QString closestName(const QString &word, const QStringList &candidates)
{
    QString best;
    int bestDistance = std::numeric_limits<int>::max();
    for (const QString &c : candidates) {
        const int d = editDistance(word, c);
        if (d < bestDistance) {
            bestDistance = d;
            best = c;
        }
    }
    const int limit = std::max<int>(2, int(word.size()) / 3);
    if (best.isEmpty() || bestDistance > limit || bestDistance >= word.size())
        return QString();
    return best;
}

FieldReader::FieldReader(const QString &file)
    : m_file(file)
{}

// ---- diagnostics

void FieldReader::error(int line, int column, const QString &path, const char *code,
                        const QString &message)
{
    Diagnostic d;
    d.file = m_file;
    d.line = line;
    d.column = column;
    d.jsonPath = path;
    d.code = QString::fromLatin1(code);
    d.message = message;
    m_errors.append(d);
}

void FieldReader::error(const JsonValue &at, const QString &path, const char *code,
                        const QString &message)
{
    error(at.line, at.column, path, code, message);
}

void FieldReader::warning(const JsonValue &at, const QString &path, const char *code,
                          const QString &message)
{
    Diagnostic d;
    d.file = m_file;
    d.line = at.line;
    d.column = at.column;
    d.jsonPath = path;
    d.code = QString::fromLatin1(code);
    d.message = message;
    m_warnings.append(d);
}

void FieldReader::typeError(const JsonValue &v, const QString &path, const QString &expected)
{
    error(v, path, "plan.type",
          trEngine("sb::plan", "expected %1, found %2").arg(expected, describe(v)));
}

void FieldReader::valueError(const JsonValue &v, const QString &path, const sb::Error &e)
{
    error(v, path, e.code == "value.range" ? "plan.range" : "plan.value", valueErrorText(e));
}

QString FieldReader::where(const JsonValue &v, const QString &path) const
{
    return QStringLiteral("%1:%2:%3 at %4").arg(m_file).arg(v.line).arg(v.column).arg(path);
}

QList<Diagnostic> FieldReader::takeErrors()
{
    sortByPosition(m_errors);
    return std::exchange(m_errors, {});
}

QList<Diagnostic> FieldReader::takeWarnings()
{
    sortByPosition(m_warnings);
    return std::exchange(m_warnings, {});
}

// ---- objects

bool FieldReader::expectObject(const JsonValue &v, const QString &path, const QStringList &allowed)
{
    if (!v.isObject()) {
        typeError(v, path, trEngine("sb::plan", "an object"));
        return false;
    }
    for (const JsonMember &m : v.members) {
        if (allowed.contains(m.key))
            continue;
        const QString hint = closestName(m.key, allowed);
        error(m.line, m.column, jsonChildPath(path, m.key), "plan.unknown-key",
              hint.isEmpty()
                  ? trEngine("sb::plan", "unknown key \"%1\" at %2; allowed keys: %3")
                        .arg(m.key, path, quotedList(allowed))
                  : trEngine("sb::plan", "unknown key \"%1\" at %2; did you mean \"%3\"?")
                        .arg(m.key, path, hint));
    }
    return true;
}

const JsonValue *FieldReader::require(const JsonValue &obj, const QString &path, const QString &key)
{
    const JsonValue *v = obj.value(key);
    if (!v)
        error(obj, path, "plan.missing-key",
              trEngine("sb::plan", "missing required key \"%1\"").arg(key));
    return v;
}

// ---- scalars

bool FieldReader::string(const JsonValue &v, const QString &path, QString &out, bool nonEmpty)
{
    if (!v.isString()) {
        typeError(v, path, trEngine("sb::plan", "a string"));
        return false;
    }
    if (nonEmpty && v.string.isEmpty()) {
        error(v, path, "plan.value", trEngine("sb::plan", "must not be empty"));
        return false;
    }
    out = v.string;
    return true;
}

bool FieldReader::name(const JsonValue &v, const QString &path, QString &out)
{
    if (!string(v, path, out, true))
        return false;
    if (out.size() > limits::kMaxNameChars) {
        error(v, path, "plan.value",
              trEngine("sb::plan", "a name may have at most %1 characters; this one has %2")
                  .arg(QString::number(limits::kMaxNameChars), QString::number(out.size())));
        out.clear();
        return false;
    }
    return true;
}

bool FieldReader::boolean(const JsonValue &v, const QString &path, bool &out)
{
    if (!v.isBool()) {
        typeError(v, path, trEngine("sb::plan", "a boolean"));
        return false;
    }
    out = v.boolean;
    return true;
}

bool FieldReader::integer(const JsonValue &v, const QString &path, qint64 min, qint64 max,
                          qint64 &out)
{
    if (!v.isNumber()) {
        typeError(v, path, trEngine("sb::plan", "an integer"));
        return false;
    }
    if (std::floor(v.number) != v.number) {
        error(v, path, "plan.type",
              trEngine("sb::plan", "expected an integer, found %1")
                  .arg(QString::fromLatin1(v.numberText)));
        return false;
    }
    // Compared as doubles: 1e300 is a whole number too, and out of range, not "not an integer".
    if (v.number < double(min) || v.number > double(max)) {
        const QString text = QString::fromLatin1(v.numberText);
        if (max == std::numeric_limits<qint64>::max())
            error(v, path, "plan.range",
                  trEngine("sb::plan", "must be at least %1, found %2").arg(min).arg(text));
        else
            error(v, path, "plan.range",
                  trEngine("sb::plan", "must be between %1 and %2, found %3")
                      .arg(min)
                      .arg(max)
                      .arg(text));
        return false;
    }
    // max as a double may round up past it (int64 max): clamp after the conversion.
    out = v.number >= double(max) ? max : std::max(qint64(v.number), min);
    return true;
}

bool FieldReader::number(const JsonValue &v, const QString &path, bool positive, double max,
                         double &out)
{
    if (!v.isNumber()) {
        typeError(v, path, trEngine("sb::plan", "a number"));
        return false;
    }
    const QString text = QString::fromLatin1(v.numberText);
    if (positive && !(v.number > 0)) {
        error(v, path, "plan.range",
              trEngine("sb::plan", "must be greater than 0, found %1").arg(text));
        return false;
    }
    if (v.number < 0) {
        error(v, path, "plan.range",
              trEngine("sb::plan", "must not be negative, found %1").arg(text));
        return false;
    }
    if (v.number > max) {
        error(v, path, "plan.range",
              trEngine("sb::plan", "must be at most %1, found %2").arg(formatNumber(max), text));
        return false;
    }
    out = v.number;
    return true;
}

bool FieldReader::seconds(const JsonValue &v, const QString &path, qint64 minMs, qint64 &outMs)
{
    if (!v.isNumber()) {
        typeError(v, path, trEngine("sb::plan", "a number of seconds"));
        return false;
    }
    const sb::Result<int64_t> ms =
        sb::checkDurationMs(v.number * 1000.0, v.numberText.toStdString(), minMs);
    if (!ms.ok()) {
        valueError(v, path, ms.error());
        return false;
    }
    outMs = *ms;
    return true;
}

bool FieldReader::rate(const JsonValue &v, const QString &path, double &out)
{
    if (!v.isNumber()) {
        typeError(v, path, trEngine("sb::plan", "a number of requests per second"));
        return false;
    }
    const sb::Result<double> r = sb::checkRate(v.number, v.numberText.toStdString());
    if (!r.ok()) {
        valueError(v, path, r.error());
        return false;
    }
    out = *r;
    return true;
}

bool FieldReader::enumIndex(const JsonValue &v, const QString &path, const QStringList &allowed,
                            int &index)
{
    if (!v.isString()) {
        typeError(v, path, trEngine("sb::plan", "one of %1").arg(quotedList(allowed)));
        return false;
    }
    index = int(allowed.indexOf(v.string));
    if (index < 0) {
        error(v, path, "plan.enum",
              trEngine("sb::plan", "invalid value \"%1\"; allowed: %2")
                  .arg(v.string, quotedList(allowed)));
        return false;
    }
    return true;
}

bool FieldReader::cpuList(const JsonValue &v, const QString &path, std::vector<int> &out)
{
    if (!v.isString()) {
        typeError(v, path, trEngine("sb::plan", "a CPU list (\"0-3,6\")"));
        return false;
    }
    sb::Result<std::vector<int>> cpus = sb::parseCpuList(v.string.toStdString());
    if (!cpus.ok()) {
        valueError(v, path, cpus.error());
        return false;
    }
    out = std::move(*cpus);
    return true;
}

bool FieldReader::stringList(const JsonValue &v, const QString &path, QStringList &out)
{
    if (!v.isArray()) {
        typeError(v, path, trEngine("sb::plan", "an array of strings"));
        return false;
    }
    bool ok = true;
    QStringList result;
    for (size_t i = 0; i < v.items.size(); ++i) {
        QString s;
        if (string(v.items[i], jsonIndexPath(path, qsizetype(i)), s, true))
            result.append(s);
        else
            ok = false;
    }
    if (ok)
        out = result;
    return ok;
}

bool FieldReader::requestPath(const JsonValue &v, const QString &path, QString &out)
{
    QString s;
    if (!string(v, path, s))
        return false;
    if (!s.startsWith(QLatin1Char('/'))) {
        error(v, path, "plan.value",
              trEngine("sb::plan", "path \"%1\" must start with '/'").arg(s));
        return false;
    }
    for (const QChar ch : std::as_const(s)) {
        if (ch.unicode() <= 0x20 || ch.unicode() == 0x7F) {
            error(v, path, "plan.value",
                  trEngine("sb::plan", "path \"%1\" must not contain spaces or control characters; "
                                       "percent-encode them")
                      .arg(s));
            return false;
        }
    }
    out = s;
    return true;
}

void FieldReader::uniqueName(QHash<QString, const JsonValue *> &seen, const JsonValue &v,
                             const QString &path, const QString &what)
{
    const auto it = seen.constFind(v.string);
    if (it != seen.constEnd()) {
        error(v, path, "plan.duplicate",
              trEngine("sb::plan", "duplicate %1 name \"%2\" (first at line %3, column %4)")
                  .arg(what, v.string)
                  .arg(it.value()->line)
                  .arg(it.value()->column));
    } else {
        seen.insert(v.string, &v);
    }
}

} // namespace sb::plan

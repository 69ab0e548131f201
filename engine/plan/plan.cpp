#include "plan.h"

#include "core/enginetext.h"
#include "plansecrets.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QRegularExpression>
#include <algorithm>
#include <unistd.h>

namespace sb::plan {

Database Database::redacted() const
{
    Database copy = *this;
    if (!copy.password.isEmpty())
        copy.password = secretPlaceholder();
    return copy;
}

QMap<QString, QString> Configuration::redactedEnv() const
{
    QMap<QString, QString> copy = env;
    for (const QString &key : secretEnv) {
        if (copy.contains(key))
            copy.insert(key, secretPlaceholder());
    }
    return copy;
}

bool HookSet::isEmpty() const
{
    for (const HookMoment &m : hookMoments()) {
        if (!(this->*m.list).isEmpty())
            return false;
    }
    return true;
}

const QList<HookMoment> &hookMoments()
{
    using L = HookMoment;
    static const QList<HookMoment> moments = {
        {"before_run", &HookSet::beforeRun, L::PlanLevel | L::ConfigurationLevel},
        {"before_configuration", &HookSet::beforeConfiguration,
         L::PlanLevel | L::ConfigurationLevel},
        {"before_route", &HookSet::beforeRoute,
         L::PlanLevel | L::ConfigurationLevel | L::RouteLevel},
        {"before_window", &HookSet::beforeWindow,
         L::PlanLevel | L::ConfigurationLevel | L::RouteLevel},
        {"after_warmup", &HookSet::afterWarmup,
         L::PlanLevel | L::ConfigurationLevel | L::RouteLevel},
        {"after_window", &HookSet::afterWindow,
         L::PlanLevel | L::ConfigurationLevel | L::RouteLevel},
        {"after_route", &HookSet::afterRoute, L::PlanLevel | L::ConfigurationLevel | L::RouteLevel},
        {"after_configuration", &HookSet::afterConfiguration, L::PlanLevel | L::ConfigurationLevel},
        {"after_run", &HookSet::afterRun, L::PlanLevel | L::ConfigurationLevel},
    };
    return moments;
}

QList<Hook> hooksInRunOrder(const QList<Hook> &planToRoute)
{
    QList<Hook> out;
    out.reserve(planToRoute.size());
    for (const Hook::Order order : {Hook::Order::First, Hook::Order::Default, Hook::Order::Last}) {
        for (const Hook &h : planToRoute) {
            if (h.order == order)
                out.append(h);
        }
    }
    return out;
}

std::optional<QString> VersionProbe::extract(const QString &output) const
{
    if (match.isEmpty())
        return output.trimmed();
    const QRegularExpressionMatch m = QRegularExpression(match).match(output);
    if (!m.hasMatch())
        return std::nullopt;
    return m.captured(1).trimmed();
}

double CpuGate::percentOfOneCore(int machineCores) const
{
    return unit == Unit::CorePct ? value : value * std::max(1, machineCores);
}

QString CpuGate::text() const
{
    return QString::number(value, 'g', 15) +
           (unit == Unit::CorePct ? QStringLiteral("%") : QStringLiteral("%machine"));
}

int machineCoreCount()
{
    const long n = ::sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : int(n);
}

bool RequestSpec::isSecretHeader(const QString &name) const
{
    return secretHeaders.contains(name, Qt::CaseInsensitive);
}

QList<Header> RequestSpec::redactedHeaders() const
{
    QList<Header> out = headers;
    for (Header &h : out) {
        if (isSecretHeader(h.name))
            h.value = secretPlaceholder();
    }
    return out;
}

QString RequestSpec::header(const QString &name) const
{
    for (const Header &h : headers) {
        if (h.name.compare(name, Qt::CaseInsensitive) == 0)
            return h.value;
    }
    return QString();
}

namespace {

QString describeJson(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Null:
        return QStringLiteral("null");
    case QJsonValue::Bool:
        return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case QJsonValue::Double:
        return QString::number(v.toDouble(), 'g', 17);
    case QJsonValue::String:
        return QStringLiteral("\"%1\"").arg(v.toString());
    case QJsonValue::Array:
        return QString::fromUtf8(QJsonDocument(v.toArray()).toJson(QJsonDocument::Compact));
    case QJsonValue::Object:
        return QString::fromUtf8(QJsonDocument(v.toObject()).toJson(QJsonDocument::Compact));
    case QJsonValue::Undefined:
        break;
    }
    return trEngine("sb::plan", "nothing");
}

// Follows `segments` into `root`; false when a segment is missing.
bool lookup(const QJsonValue &root, const QStringList &segments, QJsonValue &out)
{
    QJsonValue cur = root;
    for (const QString &seg : segments) {
        if (cur.isObject()) {
            const QJsonObject o = cur.toObject();
            if (!o.contains(seg))
                return false;
            cur = o.value(seg);
        } else if (cur.isArray()) {
            bool ok = false;
            const int index = seg.toInt(&ok);
            const QJsonArray a = cur.toArray();
            if (!ok || index < 0 || index >= a.size())
                return false;
            cur = a.at(index);
        } else {
            return false;
        }
    }
    out = cur;
    return true;
}

} // namespace

QString ParityCheck::checkResponse(int status, const QByteArray &contentTypeValue,
                                   const QByteArray &body) const
{
    if (status != expectStatus)
        return trEngine("sb::plan", "%1 %2 answered status %3, expected %4")
            .arg(method, path)
            .arg(status)
            .arg(expectStatus);
    if (!contentType.isEmpty()) {
        const QString actual = QString::fromUtf8(contentTypeValue).trimmed();
        if (!actual.startsWith(contentType, Qt::CaseInsensitive))
            return trEngine("sb::plan", "%1 %2 answered Content-Type \"%3\", expected \"%4\"")
                .arg(method, path, actual, contentType);
    }
    if (json.isEmpty())
        return QString();
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(body, &error);
    if (error.error != QJsonParseError::NoError)
        return trEngine("sb::plan", "%1 %2 answered a body that is not JSON (%3 at byte %4)")
            .arg(method, path, error.errorString())
            .arg(error.offset);
    const QJsonValue root = doc.isArray() ? QJsonValue(doc.array()) : QJsonValue(doc.object());
    for (const JsonFieldCheck &check : json) {
        QJsonValue value;
        const bool found = lookup(root, check.segments, value);
        if (check.present.has_value() && *check.present != found)
            return found
                       ? trEngine("sb::plan", "%1 %2: field \"%3\" is present, expected it absent")
                             .arg(method, path, check.field)
                       : trEngine("sb::plan", "%1 %2: field \"%3\" is missing")
                             .arg(method, path, check.field);
        if (check.equals.has_value()) {
            if (!found)
                return trEngine("sb::plan", "%1 %2: field \"%3\" is missing")
                    .arg(method, path, check.field);
            if (value != *check.equals)
                return trEngine("sb::plan", "%1 %2: field \"%3\" is %4, expected %5")
                    .arg(method, path, check.field, describeJson(value),
                         describeJson(*check.equals));
        }
    }
    return QString();
}

const Profile *Plan::profile(const QString &profileName) const
{
    for (const Profile &p : profiles) {
        if (p.name == profileName)
            return &p;
    }
    return nullptr;
}

const Configuration *Plan::configuration(const QString &configurationName) const
{
    for (const Configuration &c : configurations) {
        if (c.name == configurationName)
            return &c;
    }
    return nullptr;
}

const Route *Plan::route(const QString &routeName) const
{
    for (const Route &r : routes) {
        if (r.name == routeName)
            return &r;
    }
    return nullptr;
}

const Variable *Plan::variable(const QString &variableName) const
{
    for (const Variable &v : variables) {
        if (v.name == variableName)
            return &v;
    }
    return nullptr;
}

const Profile *Plan::defaultProfileOrFirst() const
{
    if (const Profile *p = profile(defaultProfile); p && !defaultProfile.isEmpty())
        return p;
    return profiles.isEmpty() ? nullptr : &profiles.constFirst();
}

QByteArray Plan::redactedText() const
{
    QList<Span> spans = secretSpans;
    std::sort(spans.begin(), spans.end(),
              [](const Span &a, const Span &b) { return a.offset < b.offset; });
    QByteArray out;
    out.reserve(text.size());
    qsizetype pos = 0;
    const QByteArray replacement = '"' + secretPlaceholder().toUtf8() + '"';
    for (const Span &span : spans) {
        if (span.offset < pos || span.offset + span.length > text.size())
            continue;
        out.append(text.constData() + pos, span.offset - pos);
        out.append(replacement);
        pos = span.offset + span.length;
    }
    out.append(text.constData() + pos, text.size() - pos);
    return out;
}

QString Plan::redact(const QString &s) const
{
    return redactSecrets(s, secretValues);
}

} // namespace sb::plan

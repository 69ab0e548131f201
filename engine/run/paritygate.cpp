#include "run/paritygate.h"

#include "core/enginetext.h"

#include <QJsonObject>

namespace sb::run {

namespace {

// What the gate saw of one check's response: status, Content-Type, headers and the first 4,000
// bytes of the body, redacted.
QJsonObject parityEntry(const plan::Plan &plan, const plan::ParityCheck &check,
                        const HttpResponse &r)
{
    QJsonArray headers;
    for (const auto &[name, value] : r.headers)
        headers.append(plan.redact(QString::fromLatin1(name) + QStringLiteral(": ") +
                                   QString::fromUtf8(value)));
    return QJsonObject{{QStringLiteral("check"), check.name},
                       {QStringLiteral("status"), r.status},
                       {QStringLiteral("content_type"), QString::fromUtf8(r.contentType)},
                       {QStringLiteral("headers"), headers},
                       {QStringLiteral("body"), plan.redact(QString::fromUtf8(r.body.left(4000)))}};
}

} // namespace

ParityVerdict judgeParity(const plan::Plan &plan, const QList<HttpResponse> &responses)
{
    ParityVerdict v;
    for (qsizetype i = 0; i < plan.parity.size(); ++i) {
        const plan::ParityCheck &check = plan.parity[i];
        HttpResponse r = responses.value(i);
        if (i >= responses.size())
            r.error = trEngine("sb::run", "not asked");
        const QString problem =
            plan.redact(r.status == 0 ? trEngine("sb::run", "no response: %1").arg(r.error)
                                      : check.checkResponse(r.status, r.contentType, r.body));
        QJsonObject entry = parityEntry(plan, check, r);
        entry.insert(QStringLiteral("passed"), problem.isEmpty());
        if (!problem.isEmpty()) {
            entry.insert(QStringLiteral("problem"), problem);
            v.failures << QStringLiteral("%1 (%2 %3): %4")
                              .arg(check.name, check.method, check.path, problem);
        }
        v.results.append(entry);
    }
    if (v.passed())
        v.summary = plan.parity.isEmpty()
                        ? trEngine("sb::run", "parity gate: the plan has no parity checks")
                        : trEngine("sb::run", "parity gate: %n check(s) passed", nullptr,
                                   int(plan.parity.size()));
    else
        v.summary = trEngine("sb::run", "parity gate: %1 of %n check(s) failed: %2", nullptr,
                             int(plan.parity.size()))
                        .arg(v.failures.size())
                        .arg(v.failures.join(QStringLiteral("; ")));
    return v;
}

} // namespace sb::run

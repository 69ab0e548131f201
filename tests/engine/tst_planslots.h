#pragma once

// A plan with one of each string field a placeholder may stand in, for the tables of tst_plan.cpp
// (${env:}, item 1 of issue 8) and tst_planvariables.cpp (${var:}).

#include "plan/plan.h"

#include <QByteArray>
#include <QMap>
#include <QString>
#include <QTest>

namespace planslots {

using namespace sb::plan;

// A plan with one of each string field a placeholder may stand in. `slot` (a key of the table in
// slotsPlan()) is given `json`; every other slot keeps a plain value.
inline QByteArray slotsPlan(const QString &slot, const QByteArray &json)
{
    QMap<QString, QByteArray> s = {
        {QStringLiteral("DBUSER"), "\"u\""},    {QStringLiteral("CMD"), "[\"s\"]"},
        {QStringLiteral("ENV"), "\"e\""},       {QStringLiteral("READY"), "\"/\""},
        {QStringLiteral("VERSION"), "[\"v\"]"}, {QStringLiteral("HOOKCMD"), "[\"h\"]"},
        {QStringLiteral("PATH"), "\"/r\""},     {QStringLiteral("HEADER"), "\"h\""},
        {QStringLiteral("BODY"), "\"b\""},      {QStringLiteral("SQL"), "\"SELECT 1\""},
        {QStringLiteral("PPATH"), "\"/p\""},    {QStringLiteral("PHEADER"), "\"h\""},
        {QStringLiteral("PBODY"), "\"b\""},     {QStringLiteral("PLANSQL"), "\"SELECT 2\""},
    };
    s.insert(slot, json);
    QByteArray text =
        "{\"format\": 1, \"name\": \"slots\",\n"
        "\"database\": {\"driver\": \"QSQLITE\", \"name\": \":memory:\", \"user\": @DBUSER@},\n"
        "\"configurations\": [{\"name\": \"a\", \"port\": 9000,\n"
        "  \"command\": @CMD@,\n"
        "  \"env\": {\"E\": @ENV@},\n"
        "  \"ready\": {\"path\": @READY@},\n"
        "  \"versions\": {\"v\": @VERSION@},\n"
        "  \"hooks\": {\"before_configuration\": [{\"command\": @HOOKCMD@}]}}],\n"
        "\"routes\": [{\"name\": \"r\", \"method\": \"POST\",\n"
        "  \"path\": @PATH@,\n"
        "  \"headers\": {\"Authorization\": @HEADER@},\n"
        "  \"body\": @BODY@,\n"
        "  \"hooks\": {\"before_route\": [{\"sql\": @SQL@}]}}],\n"
        "\"parity\": [{\"name\": \"p\", \"method\": \"POST\",\n"
        "  \"path\": @PPATH@,\n"
        "  \"headers\": {\"Authorization\": @PHEADER@},\n"
        "  \"body\": @PBODY@}],\n"
        "\"hooks\": {\"before_window\": [{\"sql\": @PLANSQL@}]},\n"
        "\"profiles\": {\"q\": {\"concurrency\": [1]}}}";
    for (auto it = s.constBegin(); it != s.constEnd(); ++it)
        text.replace('@' + it.key().toLatin1() + '@', it.value());
    return text;
}

// The field `slot` stands for, as loaded.
inline QString slotValue(const Plan &plan, const QString &slot)
{
    const Configuration &c = plan.configurations[0];
    const Route &r = plan.routes[0];
    const ParityCheck &p = plan.parity[0];
    const QMap<QString, QString> values = {
        {QStringLiteral("DBUSER"), plan.database->user},
        {QStringLiteral("CMD"), c.command.join(QLatin1Char(' '))},
        {QStringLiteral("ENV"), c.env.value(QStringLiteral("E"))},
        {QStringLiteral("READY"), c.ready.path},
        {QStringLiteral("VERSION"), c.versions[0].command.join(QLatin1Char(' '))},
        {QStringLiteral("HOOKCMD"), c.hooks.beforeConfiguration[0].command.join(QLatin1Char(' '))},
        {QStringLiteral("PATH"), r.path},
        {QStringLiteral("HEADER"), r.header(QStringLiteral("Authorization"))},
        {QStringLiteral("BODY"), QString::fromUtf8(r.body)},
        {QStringLiteral("SQL"), r.hooks.beforeRoute[0].sql},
        {QStringLiteral("PPATH"), p.path},
        {QStringLiteral("PHEADER"), p.header(QStringLiteral("Authorization"))},
        {QStringLiteral("PBODY"), QString::fromUtf8(p.body)},
        {QStringLiteral("PLANSQL"), plan.hooks.beforeWindow[0].sql},
    };
    return values.value(slot);
}

// Where the first string literal containing "%P" starts in `text`: "line:column".
inline QString placeOf(const QByteArray &text)
{
    const qsizetype at = text.lastIndexOf('"', text.indexOf("%P"));
    const qsizetype lineStart = text.lastIndexOf('\n', at) + 1;
    return QStringLiteral("%1:%2").arg(text.left(at).count('\n') + 1).arg(at - lineStart + 1);
}

// The fields of the slots plan: slot, JSON with %P for a placeholder, the value with %P as
// "V", the JSON path of the string holding %P.
inline void slotRows()
{
    QTest::addColumn<QString>("slot");
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("path");
    auto row = [](const char *name, const char *slot, const QByteArray &json, const char *value,
                  const char *path) {
        QTest::newRow(name) << QString::fromLatin1(slot) << json << QString::fromUtf8(value)
                            << QString::fromLatin1(path);
    };
    row("request path", "PATH", "\"/items/%P\"", "/items/V", "$.routes[0].path");
    row("query", "PATH", "\"/items?q=%P&x=1\"", "/items?q=V&x=1", "$.routes[0].path");
    row("header value", "HEADER", "\"Bearer %P\"", "Bearer V", "$.routes[0].headers.Authorization");
    row("text body", "BODY", "\"id=%P\"", "id=V", "$.routes[0].body");
    row("text body after @@", "BODY", "\"@@%P\"", "@V", "$.routes[0].body");
    row("JSON body string", "BODY", "{\"a\": \"%P\", \"n\": 1.50}", "{\"a\":\"V\",\"n\":1.50}",
        "$.routes[0].body.a");
    row("JSON body, nested", "BODY", "{\"a\": [true, {\"b\": \"x-%P\"}]}",
        "{\"a\":[true,{\"b\":\"x-V\"}]}", "$.routes[0].body.a[1].b");
    row("JSON array body", "BODY", "[\"%P\"]", "[\"V\"]", "$.routes[0].body[0]");
    row("parity path", "PPATH", "\"/p/%P\"", "/p/V", "$.parity[0].path");
    row("parity header value", "PHEADER", "\"Token %P\"", "Token V",
        "$.parity[0].headers.Authorization");
    row("parity body", "PBODY", "{\"k\": \"%P\"}", "{\"k\":\"V\"}", "$.parity[0].body.k");
    row("ready path", "READY", "\"/health?%P\"", "/health?V", "$.configurations[0].ready.path");
    row("command", "CMD", "[\"s\", \"--k=%P\"]", "s --k=V", "$.configurations[0].command[1]");
    row("env value", "ENV", "\"%P\"", "V", "$.configurations[0].env.E");
    row("version probe", "VERSION", "[\"v\", \"%P\"]", "v V", "$.configurations[0].versions.v[1]");
    row("hook command", "HOOKCMD", "[\"h\", \"%P\"]", "h V",
        "$.configurations[0].hooks.before_configuration[0].command[1]");
    row("route hook SQL", "SQL", "\"DELETE FROM t WHERE k = '%P'\"", "DELETE FROM t WHERE k = 'V'",
        "$.routes[0].hooks.before_route[0].sql");
    row("plan hook SQL", "PLANSQL", "\"TRUNCATE %P\"", "TRUNCATE V",
        "$.hooks.before_window[0].sql");
    row("database field", "DBUSER", "\"%P\"", "V", "$.database.user");
}

} // namespace planslots

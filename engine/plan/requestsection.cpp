// What is sent: "routes" and "parity", and the request fields they share (method, path, headers,
// body, expect).

#include "core/qterror.h"
#include "limitedfile.h"
#include "plansections.h"

#include <QFileInfo>
#include <QRegularExpression>

namespace sb::plan {

namespace {

const QStringList kMethods = {QStringLiteral("GET"),    QStringLiteral("HEAD"),
                              QStringLiteral("POST"),   QStringLiteral("PUT"),
                              QStringLiteral("PATCH"),  QStringLiteral("DELETE"),
                              QStringLiteral("OPTIONS")};

void readHeaders(FieldReader &f, const JsonValue &v, const QString &path, RequestSpec &r)
{
    if (!v.isObject()) {
        f.typeError(v, path, QStringLiteral("an object of strings"));
        return;
    }
    static const QRegularExpression token(QStringLiteral("^[!#$%&'*+.^_`|~0-9A-Za-z-]+$"));
    for (const JsonMember &m : v.members) {
        const QString p = jsonChildPath(path, m.key);
        if (!token.match(m.key).hasMatch()) {
            f.error(m.line, m.column, p, "plan.value",
                    QStringLiteral("invalid header name \"%1\"").arg(m.key));
            continue;
        }
        if (m.key.compare(QLatin1String("Content-Length"), Qt::CaseInsensitive) == 0 ||
            m.key.compare(QLatin1String("Transfer-Encoding"), Qt::CaseInsensitive) == 0) {
            f.error(
                m.line, m.column, p, "plan.value",
                QStringLiteral("\"%1\" is set by Stackbench from the body; remove it").arg(m.key));
            continue;
        }
        QString value;
        if (!f.string(m.value, p, value))
            continue;
        if (value.contains(QLatin1Char('\r')) || value.contains(QLatin1Char('\n'))) {
            f.error(m.value, p, "plan.value",
                    QStringLiteral("a header value must not contain line breaks"));
            continue;
        }
        r.headers.append(Header{m.key, value});
    }
}

// "@file": the file's bytes (read once however many requests name it). True when the body is
// JSON by its name (*.json).
bool readBodyFile(SectionContext &ctx, const JsonValue &v, const QString &path, RequestSpec &r)
{
    FieldReader &f = ctx.fields;
    const QString name = v.string.mid(1);
    const QString file = ctx.resolvePath(name);
    if (name.isEmpty()) {
        f.error(v, path, "plan.file", QStringLiteral("\"@\" must be followed by a file name"));
        return false;
    }
    auto cached = ctx.bodies.constFind(file);
    if (cached == ctx.bodies.constEnd()) {
        if (!QFileInfo::exists(file)) {
            f.error(v, path, "plan.file",
                    QStringLiteral("body file \"%1\" not found (resolved to %2)").arg(name, file));
            return false;
        }
        const sb::Result<QByteArray> bytes = readLimitedFile(file);
        if (!bytes.ok()) {
            f.error(v, path, "plan.io",
                    QStringLiteral("cannot read body file %1: %2")
                        .arg(file, sb::qtDetail(bytes.error())));
            return false;
        }
        cached = ctx.bodies.insert(file, *bytes);
    }
    r.hasBody = true;
    r.body = cached.value();
    r.bodyFile = file;
    ctx.plan.referencedFiles.append(file);
    return file.endsWith(QLatin1String(".json"), Qt::CaseInsensitive);
}

// "body": a JSON object or array, "@file", "@@" for a literal '@', or text.
void readBody(SectionContext &ctx, const JsonValue &v, const QString &path, RequestSpec &r)
{
    bool json = false;
    if (v.isObject() || v.isArray()) {
        r.hasBody = true;
        r.body = v.toCompactJson();
        json = true;
    } else if (!v.isString()) {
        ctx.fields.typeError(v, path, QStringLiteral("a string, \"@file\", an object or an array"));
    } else if (v.string.startsWith(QLatin1String("@@"))) {
        r.hasBody = true;
        r.body = v.string.mid(1).toUtf8();
    } else if (v.string.startsWith(QLatin1Char('@'))) {
        json = readBodyFile(ctx, v, path, r);
    } else {
        r.hasBody = true;
        r.body = v.string.toUtf8();
    }
    if (json && r.header(QStringLiteral("Content-Type")).isNull())
        r.headers.append(
            Header{QStringLiteral("Content-Type"), QStringLiteral("application/json")});
}

// method, path, headers, body, expect.
void readRequest(SectionContext &ctx, const JsonValue &obj, const QString &path, RequestSpec &r)
{
    FieldReader &f = ctx.fields;
    auto child = [&](const char *key) { return jsonChildPath(path, QString::fromLatin1(key)); };
    if (const JsonValue *v = obj.value(u"method")) {
        int index = 0;
        if (f.enumIndex(*v, child("method"), kMethods, index))
            r.method = kMethods[index];
    }
    if (const JsonValue *v = f.require(obj, path, QStringLiteral("path")))
        f.requestPath(*v, child("path"), r.path);
    if (const JsonValue *v = obj.value(u"headers"))
        readHeaders(f, *v, child("headers"), r);
    if (const JsonValue *v = obj.value(u"body"))
        readBody(ctx, *v, child("body"), r);
    if (const JsonValue *v = obj.value(u"expect"))
        f.integer(*v, child("expect"), 100, 599, r.expectStatus);
}

bool readFieldCheck(FieldReader &f, const JsonValue &obj, const QString &path,
                    JsonFieldCheck &check)
{
    if (!f.expectObject(obj, path, latin1List({"field", "present", "equals"})))
        return false;
    bool ok = true;
    if (const JsonValue *v = f.require(obj, path, QStringLiteral("field"))) {
        const QString fp = jsonChildPath(path, QStringLiteral("field"));
        if (f.string(*v, fp, check.field, true)) {
            check.segments = check.field.split(QLatin1Char('.'));
            if (check.segments.contains(QString())) {
                f.error(*v, fp, "plan.value",
                        QStringLiteral("field \"%1\" has an empty segment; write a dotted path "
                                       "like \"items.0.id\"")
                            .arg(check.field));
                ok = false;
            }
        } else {
            ok = false;
        }
    } else {
        ok = false;
    }
    if (const JsonValue *p = obj.value(u"present")) {
        bool b = false;
        if (f.boolean(*p, jsonChildPath(path, QStringLiteral("present")), b))
            check.present = b;
        else
            ok = false;
    }
    if (const JsonValue *e = obj.value(u"equals"))
        check.equals = e->toQJsonValue();
    if (!obj.value(u"present") && !obj.value(u"equals")) {
        f.error(obj, path, "plan.missing-key",
                QStringLiteral("missing required key \"present\" or \"equals\""));
        ok = false;
    } else if (check.present == false && check.equals) {
        f.error(obj, path, "plan.value",
                QStringLiteral("\"present\": false contradicts \"equals\"; give one of them"));
        ok = false;
    }
    return ok;
}

void readFieldChecks(FieldReader &f, const JsonValue &v, const QString &path, ParityCheck &c)
{
    if (!v.isArray()) {
        f.typeError(v, path, QStringLiteral("an array of field checks"));
        return;
    }
    for (size_t k = 0; k < v.items.size(); ++k) {
        JsonFieldCheck check;
        if (readFieldCheck(f, v.items[k], jsonIndexPath(path, qsizetype(k)), check))
            c.json.append(check);
    }
}

// The name of a route or parity check: required, non-empty, unique.
void readName(FieldReader &f, const JsonValue &obj, const QString &path,
              QHash<QString, const JsonValue *> &seen, const QString &what, QString &out)
{
    if (const JsonValue *n = f.require(obj, path, QStringLiteral("name"))) {
        const QString p = jsonChildPath(path, QStringLiteral("name"));
        if (f.string(*n, p, out, true))
            f.uniqueName(seen, *n, p, what);
    }
}

} // namespace

void readRoutes(SectionContext &ctx, const JsonValue &v, const QString &path)
{
    FieldReader &f = ctx.fields;
    if (!v.isArray()) {
        f.typeError(v, path, QStringLiteral("an array of routes"));
        return;
    }
    if (v.items.empty()) {
        f.error(v, path, "plan.value", QStringLiteral("at least one route is required"));
        return;
    }
    const QStringList keys =
        latin1List({"name", "method", "path", "headers", "body", "expect", "hooks"});
    const QStringList moments = latin1List({"before_route", "before_window"});
    QHash<QString, const JsonValue *> seen;
    ctx.plan.routes.reserve(qsizetype(v.items.size()));
    for (size_t i = 0; i < v.items.size(); ++i) {
        const JsonValue &obj = v.items[i];
        const QString p = jsonIndexPath(path, qsizetype(i));
        if (!f.expectObject(obj, p, keys))
            continue;
        Route r;
        r.where = f.where(obj, p);
        readName(f, obj, p, seen, QStringLiteral("route"), r.name);
        readRequest(ctx, obj, p, r);
        if (const JsonValue *h = obj.value(u"hooks"))
            readHookSet(ctx, *h, jsonChildPath(p, QStringLiteral("hooks")), moments,
                        ctx.placeholders, r.hooks);
        ctx.plan.routes.append(std::move(r));
    }
}

void readParity(SectionContext &ctx, const JsonValue &v, const QString &path)
{
    FieldReader &f = ctx.fields;
    if (!v.isArray()) {
        f.typeError(v, path, QStringLiteral("an array of parity checks"));
        return;
    }
    const QStringList keys =
        latin1List({"name", "method", "path", "headers", "body", "expect", "content_type", "json"});
    QHash<QString, const JsonValue *> seen;
    for (size_t i = 0; i < v.items.size(); ++i) {
        const JsonValue &obj = v.items[i];
        const QString p = jsonIndexPath(path, qsizetype(i));
        if (!f.expectObject(obj, p, keys))
            continue;
        ParityCheck c;
        c.where = f.where(obj, p);
        readName(f, obj, p, seen, QStringLiteral("parity check"), c.name);
        readRequest(ctx, obj, p, c);
        if (const JsonValue *ct = obj.value(u"content_type"))
            f.string(*ct, jsonChildPath(p, QStringLiteral("content_type")), c.contentType, true);
        if (const JsonValue *j = obj.value(u"json"))
            readFieldChecks(f, *j, jsonChildPath(p, QStringLiteral("json")), c);
        ctx.plan.parity.append(std::move(c));
    }
}

} // namespace sb::plan

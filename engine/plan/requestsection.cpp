// What is sent: "routes" and "parity", and the request fields they share (method, path, headers,
// body, expect).

#include "core/enginetext.h"
#include "core/qterror.h"
#include "limitedfile.h"
#include "plansections.h"
#include "requestbuilder.h"
#include "variables.h"

#include <QFileInfo>

namespace sb::plan {

namespace {

// One header value: expanded, checked by the request rule (requestbuilder.h); a secret one is
// recorded as such.
void readHeaderValue(SectionContext &ctx, const JsonMember &m, const QString &p, RequestSpec &r)
{
    FieldReader &f = ctx.fields;
    if (!m.value.isString()) {
        f.typeError(m.value, p, trEngine("sb::plan", "a string"));
        return;
    }
    const std::optional<Expansion> e = ctx.placeholders.expand(m.value, p);
    if (!e)
        return;
    if (const QString problem = headerValueProblem(e->value); !problem.isEmpty()) {
        f.error(m.value, p, "plan.value",
                m.value.string == e->value
                    ? problem
                    : trEngine("sb::plan", "%1 (once its placeholders are resolved)").arg(problem));
        return;
    }
    if (r.isSecretHeader(m.key))
        ctx.secrets.mark(m.value, *e, p);
    r.headers.append(Header{m.key, e->value});
}

void readHeaders(SectionContext &ctx, const JsonValue &v, const QString &path, RequestSpec &r)
{
    FieldReader &f = ctx.fields;
    if (!v.isObject()) {
        f.typeError(v, path, trEngine("sb::plan", "an object of strings"));
        return;
    }
    for (const JsonMember &m : v.members) {
        const QString p = jsonChildPath(path, m.key);
        if (m.key.contains(QLatin1String("${"))) {
            f.error(m.line, m.column, p, "plan.value",
                    trEngine("sb::plan",
                             "invalid header name \"%1\": placeholders are not expanded "
                             "in header names")
                        .arg(m.key));
            continue;
        }
        if (const QString problem = headerNameProblem(m.key); !problem.isEmpty()) {
            f.error(m.line, m.column, p, "plan.value", problem);
            continue;
        }
        readHeaderValue(ctx, m, p, r);
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
        f.error(v, path, "plan.file",
                trEngine("sb::plan", "\"@\" must be followed by a file name"));
        return false;
    }
    auto cached = ctx.bodies.constFind(file);
    if (cached == ctx.bodies.constEnd()) {
        if (!QFileInfo::exists(file)) {
            f.error(v, path, "plan.file",
                    trEngine("sb::plan", "body file \"%1\" not found (resolved to %2)")
                        .arg(name, file));
            return false;
        }
        const sb::Result<QByteArray> bytes = readLimitedFile(file);
        if (!bytes.ok()) {
            f.error(v, path, "plan.io",
                    trEngine("sb::plan", "cannot read body file %1: %2")
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

// The strings of a JSON body, expanded: collects each string's pieces (false after a problem).
bool jsonBodyPieces(SectionContext &ctx, const JsonValue &v, const QString &path,
                    QList<QList<Piece>> &out)
{
    bool ok = true;
    if (v.isString()) {
        std::optional<QList<Piece>> p = ctx.placeholders.pieces(v, path);
        if (p)
            out.append(std::move(*p));
        return p.has_value();
    }
    for (size_t i = 0; i < v.items.size(); ++i)
        ok = jsonBodyPieces(ctx, v.items[i], jsonIndexPath(path, qsizetype(i)), out) && ok;
    for (const JsonMember &m : v.members)
        ok = jsonBodyPieces(ctx, m.value, jsonChildPath(path, m.key), out) && ok;
    return ok;
}

// `v` with its strings replaced by their expansions (taken in order from `strings`), as templates
// when `asTemplate` (keys then have their '$' doubled too).
void replaceJsonStrings(JsonValue &v, const QList<QList<Piece>> &strings, qsizetype &next,
                        bool asTemplate)
{
    if (v.isString())
        v.string = assemble(strings.at(next++), asTemplate).value;
    for (JsonValue &item : v.items)
        replaceJsonStrings(item, strings, next, asTemplate);
    for (JsonMember &m : v.members) {
        if (asTemplate)
            m.key = templateLiteral(m.key);
        replaceJsonStrings(m.value, strings, next, asTemplate);
    }
}

// A JSON object or array body, compact, with its strings expanded: one template for the whole
// body when any string refers to a variable.
void readJsonBody(SectionContext &ctx, const JsonValue &v, const QString &path, RequestSpec &r)
{
    QList<QList<Piece>> strings;
    if (!jsonBodyPieces(ctx, v, path, strings))
        return;
    bool asTemplate = false;
    for (const QList<Piece> &p : std::as_const(strings))
        asTemplate = asTemplate || needsTemplate(p);
    JsonValue expanded = v;
    qsizetype next = 0;
    replaceJsonStrings(expanded, strings, next, asTemplate);
    r.hasBody = true;
    r.bodyJson = true;
    r.body = expanded.toCompactJson();
}

// A text body ("@@" for a leading '@'), expanded.
void readTextBody(SectionContext &ctx, const JsonValue &v, const QString &path, RequestSpec &r)
{
    JsonValue text = v;
    if (text.string.startsWith(QLatin1String("@@")))
        text.string = text.string.mid(1);
    const std::optional<Expansion> e = ctx.placeholders.expand(text, path);
    if (!e)
        return;
    r.hasBody = true;
    r.body = e->value.toUtf8();
}

// "body": a JSON object or array, "@file", "@@" for a literal '@', or text.
void readBody(SectionContext &ctx, const JsonValue &v, const QString &path, RequestSpec &r)
{
    bool json = false;
    if (v.isObject() || v.isArray()) {
        readJsonBody(ctx, v, path, r);
        json = true;
    } else if (!v.isString()) {
        ctx.fields.typeError(v, path,
                             trEngine("sb::plan", "a string, \"@file\", an object or an array"));
    } else if (v.string.startsWith(QLatin1Char('@')) && !v.string.startsWith(QLatin1String("@@"))) {
        json = readBodyFile(ctx, v, path, r);
    } else {
        readTextBody(ctx, v, path, r);
    }
    if (json && r.header(QStringLiteral("Content-Type")).isNull())
        r.headers.append(
            Header{QStringLiteral("Content-Type"), QStringLiteral("application/json")});
}

// A request's own "secret_headers": each must name one of its headers.
void readOwnSecretHeaders(FieldReader &f, const JsonValue &obj, const QString &path,
                          QStringList &out)
{
    const JsonValue *v = obj.value(u"secret_headers");
    const QString p = jsonChildPath(path, QStringLiteral("secret_headers"));
    if (!v || !readSecretHeaders(f, *v, p, out))
        return;
    QStringList names;
    if (const JsonValue *headers = obj.value(u"headers"))
        for (const JsonMember &m : headers->members)
            names.append(m.key);
    for (size_t i = 0; i < v->items.size(); ++i) {
        const QString &name = v->items[i].string;
        if (names.contains(name, Qt::CaseInsensitive))
            continue;
        const QString hint = closestName(name, names);
        f.error(v->items[i], jsonIndexPath(p, qsizetype(i)), "plan.value",
                hint.isEmpty()
                    ? trEngine("sb::plan", "secret_headers names \"%1\", which is not a key of "
                                           "\"headers\"")
                          .arg(name)
                    : trEngine("sb::plan", "secret_headers names \"%1\", which is not a key of "
                                           "\"headers\"; did you mean \"%2\"?")
                          .arg(name, hint));
    }
}

// method, path, headers, body, expect, secret_headers.
void readRequest(SectionContext &ctx, const JsonValue &obj, const QString &path, RequestSpec &r)
{
    FieldReader &f = ctx.fields;
    auto child = [&](const char *key) { return jsonChildPath(path, QString::fromLatin1(key)); };
    if (const JsonValue *v = obj.value(u"method")) {
        int index = 0;
        if (f.enumIndex(*v, child("method"), requestMethods(), index))
            r.method = requestMethods()[index];
    }
    if (const JsonValue *v = f.require(obj, path, QStringLiteral("path")))
        readRequestTarget(ctx, ctx.placeholders, *v, child("path"), r.path);
    QStringList own;
    readOwnSecretHeaders(f, obj, path, own);
    r.secretHeaders = ctx.plan.secretHeaders;
    for (const QString &name : std::as_const(own)) {
        if (!r.secretHeaders.contains(name, Qt::CaseInsensitive))
            r.secretHeaders.append(name);
    }
    if (const JsonValue *v = obj.value(u"headers"))
        readHeaders(ctx, *v, child("headers"), r);
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
                        trEngine("sb::plan",
                                 "field \"%1\" has an empty segment; write a dotted path "
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
                trEngine("sb::plan", "missing required key \"present\" or \"equals\""));
        ok = false;
    } else if (check.present == false && check.equals) {
        f.error(
            obj, path, "plan.value",
            trEngine("sb::plan", "\"present\": false contradicts \"equals\"; give one of them"));
        ok = false;
    }
    return ok;
}

void readFieldChecks(FieldReader &f, const JsonValue &v, const QString &path, ParityCheck &c)
{
    if (!v.isArray()) {
        f.typeError(v, path, trEngine("sb::plan", "an array of field checks"));
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
        if (f.name(*n, p, out))
            f.uniqueName(seen, *n, p, what);
    }
}

} // namespace

bool readRequestTarget(SectionContext &ctx, const Placeholders &placeholders, const JsonValue &v,
                       const QString &path, QString &out)
{
    FieldReader &f = ctx.fields;
    QString raw;
    if (!f.string(v, path, raw))
        return false;
    const std::optional<Expansion> e = placeholders.expand(v, path);
    if (!e)
        return false;
    const bool filled = raw != e->value;
    switch (targetFault(e->value)) {
    case TargetFault::NotAbsolute:
        f.error(v, path, "plan.value",
                (filled ? trEngine("sb::plan", "path \"%1\" must start with '/' (once its "
                                               "placeholders are resolved)")
                        : trEngine("sb::plan", "path \"%1\" must start with '/'"))
                    .arg(raw));
        return false;
    case TargetFault::SpaceOrControl:
        f.error(v, path, "plan.value",
                (filled ? trEngine("sb::plan", "path \"%1\" must not contain spaces or control "
                                               "characters (once its placeholders are resolved); "
                                               "percent-encode them")
                        : trEngine("sb::plan", "path \"%1\" must not contain spaces or control "
                                               "characters; percent-encode them"))
                    .arg(raw));
        return false;
    case TargetFault::None:
        break;
    }
    out = e->value;
    return true;
}

bool readSecretHeaders(FieldReader &f, const JsonValue &v, const QString &path, QStringList &out)
{
    QStringList names;
    if (!f.stringList(v, path, names))
        return false;
    bool ok = true;
    for (size_t i = 0; i < v.items.size(); ++i) {
        if (!isHeaderToken(v.items[i].string)) {
            f.error(v.items[i], jsonIndexPath(path, qsizetype(i)), "plan.value",
                    trEngine("sb::plan", "invalid header name \"%1\"").arg(v.items[i].string));
            ok = false;
        }
    }
    if (ok)
        out = names;
    return ok;
}

void warnUnusedSecretHeaders(SectionContext &ctx, const JsonValue &v, const QString &path)
{
    for (size_t i = 0; i < v.items.size(); ++i) {
        const QString &name = v.items[i].string;
        bool sent = false;
        for (const Route &r : std::as_const(ctx.plan.routes))
            sent = sent || !r.header(name).isNull();
        for (const ParityCheck &p : std::as_const(ctx.plan.parity))
            sent = sent || !p.header(name).isNull();
        if (!sent)
            ctx.fields.warning(v.items[i], jsonIndexPath(path, qsizetype(i)), "plan.unused",
                               trEngine("sb::plan",
                                        "secret_headers names \"%1\", which no route or "
                                        "parity check sends")
                                   .arg(name));
    }
}

void readRoutes(SectionContext &ctx, const JsonValue &v, const QString &path)
{
    FieldReader &f = ctx.fields;
    if (!v.isArray()) {
        f.typeError(v, path, trEngine("sb::plan", "an array of routes"));
        return;
    }
    if (v.items.empty()) {
        f.error(v, path, "plan.value", trEngine("sb::plan", "at least one route is required"));
        return;
    }
    const QStringList keys = latin1List(
        {"name", "method", "path", "headers", "secret_headers", "body", "expect", "hooks"});
    QHash<QString, const JsonValue *> seen;
    ctx.plan.routes.reserve(qsizetype(v.items.size()));
    for (size_t i = 0; i < v.items.size(); ++i) {
        const JsonValue &obj = v.items[i];
        const QString p = jsonIndexPath(path, qsizetype(i));
        if (!f.expectObject(obj, p, keys))
            continue;
        Route r;
        r.where = f.where(obj, p);
        readName(f, obj, p, seen, trEngine("sb::plan", "route"), r.name);
        readRequest(ctx, obj, p, r);
        if (const JsonValue *h = obj.value(u"hooks"))
            readHookSet(ctx, *h, jsonChildPath(p, QStringLiteral("hooks")), HookMoment::RouteLevel,
                        ctx.placeholders, r.hooks);
        ctx.plan.routes.append(std::move(r));
    }
}

void readParity(SectionContext &ctx, const JsonValue &v, const QString &path)
{
    FieldReader &f = ctx.fields;
    if (!v.isArray()) {
        f.typeError(v, path, trEngine("sb::plan", "an array of parity checks"));
        return;
    }
    const QStringList keys = latin1List({"name", "method", "path", "headers", "secret_headers",
                                         "body", "expect", "content_type", "json"});
    QHash<QString, const JsonValue *> seen;
    for (size_t i = 0; i < v.items.size(); ++i) {
        const JsonValue &obj = v.items[i];
        const QString p = jsonIndexPath(path, qsizetype(i));
        if (!f.expectObject(obj, p, keys))
            continue;
        ParityCheck c;
        c.where = f.where(obj, p);
        readName(f, obj, p, seen, trEngine("sb::plan", "parity check"), c.name);
        readRequest(ctx, obj, p, c);
        if (const JsonValue *ct = obj.value(u"content_type"))
            f.string(*ct, jsonChildPath(p, QStringLiteral("content_type")), c.contentType, true);
        if (const JsonValue *j = obj.value(u"json"))
            readFieldChecks(f, *j, jsonChildPath(p, QStringLiteral("json")), c);
        ctx.plan.parity.append(std::move(c));
    }
}

} // namespace sb::plan

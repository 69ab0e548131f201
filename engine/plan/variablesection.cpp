// The plan's variables: "variables".

#include "core/duration.h"
#include "core/enginetext.h"
#include "plansections.h"

#include <QRegularExpression>

namespace sb::plan {

namespace {

// A JWT may outlive the one-day bound of other durations: a long run uses one token throughout.
constexpr qint64 kMaxJwtLifetimeMs = 366LL * 24 * 3600 * 1000;

const QRegularExpression &variableNameRe()
{
    static const QRegularExpression re(QStringLiteral("^[A-Za-z_][A-Za-z0-9_.-]*$"));
    return re;
}

// One variable being read.
struct VariableReader
{
    SectionContext &ctx;
    const JsonValue &obj;
    const QString &path;
    Variable &var;
    Placeholders placeholders; // no ${var:}, no ${port}

    FieldReader &f() { return ctx.fields; }
    QString child(const char *key) const { return jsonChildPath(path, QString::fromLatin1(key)); }

    // Exactly one of "value", "command" and "jwt"; "cwd" and "timeout_s" go with "command".
    bool kind()
    {
        const JsonValue *value = obj.value(u"value");
        const JsonValue *command = obj.value(u"command");
        const JsonValue *jwt = obj.value(u"jwt");
        const int given = int(value != nullptr) + int(command != nullptr) + int(jwt != nullptr);
        if (given != 1) {
            f().error(obj, path, given ? "plan.value" : "plan.missing-key",
                      given
                          ? trEngine("sb::plan", "a variable has one of \"value\", \"command\" and "
                                                 "\"jwt\", not several")
                          : trEngine("sb::plan", "missing required key \"value\", \"command\" or "
                                                 "\"jwt\""));
            return false;
        }
        var.kind = value ? Variable::Kind::Value
                         : (command ? Variable::Kind::Command : Variable::Kind::Jwt);
        for (const char *key : {"cwd", "timeout_s"}) {
            const JsonValue *v = obj.value(QString::fromLatin1(key));
            if (v && !command)
                f().error(*v, child(key), "plan.value",
                          trEngine("sb::plan", "\"%1\" applies to a command variable only")
                              .arg(QLatin1String(key)));
        }
        return true;
    }

    void secret()
    {
        if (const JsonValue *v = obj.value(u"secret"))
            f().boolean(*v, child("secret"), var.secret);
    }

    void value()
    {
        const JsonValue *v = obj.value(u"value");
        if (!f().string(*v, child("value"), var.value))
            return;
        const std::optional<Expansion> e = placeholders.expand(*v, child("value"));
        if (!e)
            return;
        var.value = e->value;
        if (var.secret)
            ctx.secrets.mark(*v, *e, child("value"));
    }

    void command()
    {
        placeholders.argv(*obj.value(u"command"), child("command"), var.command);
        var.cwd = ctx.baseDir;
        if (const JsonValue *v = obj.value(u"cwd"))
            readDirectory(ctx, *v, child("cwd"), placeholders, var.cwd);
        if (const JsonValue *v = obj.value(u"timeout_s"))
            f().seconds(*v, child("timeout_s"), 1, var.timeoutMs);
    }

    void jwt()
    {
        const JsonValue &j = *obj.value(u"jwt");
        const QString p = child("jwt");
        if (!f().expectObject(j, p, latin1List({"alg", "secret", "claims", "expires_in_s"})))
            return;
        auto at = [&](const char *key) { return jsonChildPath(p, QString::fromLatin1(key)); };
        int index = 0;
        const QStringList algs = latin1List({"HS256", "HS384", "HS512"});
        if (const JsonValue *v = j.value(u"alg"); v && f().enumIndex(*v, at("alg"), algs, index))
            var.jwt.alg = algs[index];
        if (const JsonValue *v = f().require(j, p, QStringLiteral("secret")))
            jwtSecret(*v, at("secret"));
        if (const JsonValue *v = j.value(u"claims"))
            claims(*v, at("claims"));
        if (const JsonValue *v = j.value(u"expires_in_s"))
            expiresIn(*v, at("expires_in_s"));
    }

    // The HMAC key is a secret whether or not the variable is.
    void jwtSecret(const JsonValue &v, const QString &p)
    {
        QString raw;
        if (!f().string(v, p, raw, true))
            return;
        const std::optional<Expansion> e = placeholders.expand(v, p);
        if (!e)
            return;
        if (e->value.isEmpty()) {
            f().error(
                v, p, "plan.value",
                trEngine("sb::plan", "must not be empty (\"%1\" expands to nothing)").arg(raw));
            return;
        }
        var.jwt.secret = e->value;
        ctx.secrets.mark(v, *e, p);
    }

    // An object; its strings expanded; "iat" and "exp" are the generator's.
    void claims(const JsonValue &v, const QString &p)
    {
        if (!v.isObject()) {
            f().typeError(v, p, trEngine("sb::plan", "an object of claims"));
            return;
        }
        JsonValue expanded = v;
        if (!expandStrings(expanded, p))
            return;
        for (const JsonMember &m : v.members) {
            if (m.key == QLatin1String("iat") || m.key == QLatin1String("exp"))
                f().error(m.line, m.column, jsonChildPath(p, m.key), "plan.value",
                          trEngine("sb::plan", "\"%1\" is set when the token is made (from "
                                               "\"expires_in_s\"); remove it")
                              .arg(m.key));
        }
        var.jwt.claims = expanded.toQJsonValue().toObject();
    }

    bool expandStrings(JsonValue &v, const QString &p)
    {
        bool ok = true;
        if (v.isString()) {
            const std::optional<Expansion> e = placeholders.expand(v, p);
            if (e)
                v.string = e->value;
            return e.has_value();
        }
        for (size_t i = 0; i < v.items.size(); ++i)
            ok = expandStrings(v.items[i], jsonIndexPath(p, qsizetype(i))) && ok;
        for (JsonMember &m : v.members)
            ok = expandStrings(m.value, jsonChildPath(p, m.key)) && ok;
        return ok;
    }

    void expiresIn(const JsonValue &v, const QString &p)
    {
        if (!v.isNumber()) {
            f().typeError(v, p, trEngine("sb::plan", "a number of seconds"));
            return;
        }
        const sb::Result<int64_t> ms = sb::checkDurationMs(
            v.number * 1000.0, v.numberText.toStdString(), 1000, kMaxJwtLifetimeMs);
        if (!ms.ok())
            f().valueError(v, p, ms.error());
        else
            var.jwt.expiresInS = *ms / 1000;
    }
};

bool readVariable(SectionContext &ctx, const JsonValue &obj, const QString &path, Variable &var)
{
    FieldReader &f = ctx.fields;
    if (!f.expectObject(obj, path,
                        latin1List({"value", "command", "cwd", "timeout_s", "jwt", "secret"})))
        return false;
    const qsizetype before = f.errorCount();
    var.where = f.where(obj, path);
    VariableReader r{ctx, obj, path, var,
                     ctx.placeholders.withoutVariables(
                         trEngine("sb::plan", "a variable cannot use another one"))};
    r.secret();
    if (r.kind()) {
        if (var.kind == Variable::Kind::Value)
            r.value();
        else if (var.kind == Variable::Kind::Command)
            r.command();
        else
            r.jwt();
    }
    return f.errorCount() == before;
}

} // namespace

void readVariables(SectionContext &ctx, const JsonValue &obj, const QString &path)
{
    FieldReader &f = ctx.fields;
    if (!obj.isObject()) {
        f.typeError(obj, path, trEngine("sb::plan", "an object of variables"));
        return;
    }
    for (const JsonMember &m : obj.members) {
        const QString p = jsonChildPath(path, m.key);
        if (!variableNameRe().match(m.key).hasMatch()) {
            f.error(m.line, m.column, p, "plan.value",
                    trEngine("sb::plan",
                             "invalid variable name \"%1\"; use letters, digits, '_', '.' "
                             "and '-', starting with a letter or '_'")
                        .arg(m.key));
            continue;
        }
        Variable var;
        var.name = m.key;
        // Named even when invalid, so that its uses do not add "unknown variable" errors.
        ctx.variableNames.append(m.key);
        if (readVariable(ctx, m.value, p, var))
            ctx.plan.variables.append(var);
    }
}

} // namespace sb::plan

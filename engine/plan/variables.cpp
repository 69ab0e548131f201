#include "variables.h"

#include "core/enginetext.h"
#include "core/qterror.h"
#include "jsonparser.h"
#include "plansecrets.h"

#include <QJsonDocument>
#include <QMessageAuthenticationCode>

namespace sb::plan {

namespace {

const QLatin1String kReference("${var:");

// The inside of a JSON string literal for `s`.
QString jsonStringContent(const QString &s)
{
    const QByteArray quoted = jsonQuote(s);
    return QString::fromUtf8(quoted.mid(1, quoted.size() - 2));
}

void fillList(QStringList &list, const VariableValues &values)
{
    for (QString &s : list)
        s = fillTemplate(s, values);
}

void fillHooks(HookSet &hooks, const VariableValues &values)
{
    for (const HookMoment &m : hookMoments()) {
        for (Hook &hook : hooks.*m.list) {
            fillList(hook.command, values);
            hook.sql = fillTemplate(hook.sql, values);
        }
    }
}

void fillRequest(RequestSpec &r, const VariableValues &values)
{
    r.path = fillTemplate(r.path, values);
    for (Header &h : r.headers)
        h.value = fillTemplate(h.value, values);
    if (!r.hasBody || !r.bodyFile.isEmpty())
        return; // a file's bytes are sent as they are
    const QString body = QString::fromUtf8(r.body);
    if (isTemplate(body))
        r.body = fillTemplate(body, values, r.bodyJson ? Insert::JsonString : Insert::Raw).toUtf8();
}

// A variable's value that flows into a secret is secret too (when long enough to search for:
// a short one would redact unrelated text).
constexpr int kMinDerivedSecret = 4;

// Values of secret variables, secret env keys and secret headers once filled (`filled`), and of
// the variables the templates of secret env keys and headers (in `templates`) refer to.
QStringList filledSecrets(const Plan &templates, const Plan &filled, const VariableValues &values)
{
    QStringList out;
    auto derived = [&](const QString &tmpl) {
        for (const QString &name : templateVariables(tmpl)) {
            const QString value = values.value(name);
            if (value.size() >= kMinDerivedSecret)
                out.append(value);
        }
    };
    for (const Variable &v : templates.variables) {
        if (v.secret)
            out.append(values.value(v.name));
    }
    for (qsizetype i = 0; i < templates.configurations.size(); ++i) {
        for (const QString &key : templates.configurations[i].secretEnv) {
            derived(templates.configurations[i].env.value(key));
            out.append(filled.configurations[i].env.value(key));
        }
    }
    auto headers = [&](const RequestSpec &tmpl, const RequestSpec &r) {
        for (qsizetype i = 0; i < r.headers.size() && i < tmpl.headers.size(); ++i) {
            if (!r.isSecretHeader(r.headers[i].name))
                continue;
            derived(tmpl.headers[i].value);
            out.append(r.headers[i].value);
        }
    };
    for (qsizetype i = 0; i < filled.routes.size(); ++i)
        headers(templates.routes[i], filled.routes[i]);
    for (qsizetype i = 0; i < filled.parity.size(); ++i)
        headers(templates.parity[i], filled.parity[i]);
    out.removeAll(QString());
    out.removeDuplicates();
    return out;
}

VariableValues withOwnValues(const Plan &plan, VariableValues values)
{
    for (const Variable &v : plan.variables) {
        if (v.kind == Variable::Kind::Value && !values.contains(v.name))
            values.insert(v.name, v.value);
    }
    return values;
}

QString base64Url(const QByteArray &bytes)
{
    return QString::fromLatin1(
        bytes.toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals));
}

} // namespace

// ---- templates

bool isTemplate(const QString &s)
{
    return s.contains(kReference);
}

QString templateLiteral(const QString &text)
{
    QString out = text;
    return out.replace(QLatin1Char('$'), QStringLiteral("$$"));
}

QString templateReference(const QString &name)
{
    return kReference + name + QLatin1Char('}');
}

QString fillTemplate(const QString &s, const VariableValues &values, Insert insert)
{
    if (!isTemplate(s))
        return s;
    QString out;
    out.reserve(s.size());
    qsizetype i = 0;
    while (i < s.size()) {
        if (s[i] != QLatin1Char('$') || i + 1 >= s.size()) {
            out += s[i++];
            continue;
        }
        if (s[i + 1] == QLatin1Char('$')) {
            out += QLatin1Char('$');
            i += 2;
            continue;
        }
        const qsizetype close = s.indexOf(QLatin1Char('}'), i);
        if (s.mid(i, kReference.size()) != kReference || close < 0) {
            out += s[i++]; // not written by the loader; kept as it is
            continue;
        }
        const QString name = s.mid(i + kReference.size(), close - i - kReference.size());
        const auto it = values.constFind(name);
        if (it == values.constEnd())
            out += s.mid(i, close - i + 1);
        else
            out += insert == Insert::JsonString ? jsonStringContent(it.value()) : it.value();
        i = close + 1;
    }
    return out;
}

QStringList templateVariables(const QString &s)
{
    QStringList out;
    if (!isTemplate(s))
        return out;
    qsizetype i = 0;
    while (i + 1 < s.size()) {
        if (s[i] == QLatin1Char('$') && s[i + 1] == QLatin1Char('$')) {
            i += 2;
            continue;
        }
        if (s.mid(i, kReference.size()) == kReference) {
            const qsizetype close = s.indexOf(QLatin1Char('}'), i);
            if (close < 0)
                break;
            out.append(s.mid(i + kReference.size(), close - i - kReference.size()));
            i = close + 1;
            continue;
        }
        ++i;
    }
    out.removeDuplicates();
    return out;
}

// ---- plans

Plan withVariables(const Plan &plan, const VariableValues &given)
{
    const VariableValues values = withOwnValues(plan, given);
    Plan out = plan;
    for (Configuration &c : out.configurations) {
        fillList(c.command, values);
        for (auto it = c.env.begin(); it != c.env.end(); ++it)
            it.value() = fillTemplate(it.value(), values);
        c.ready.path = fillTemplate(c.ready.path, values);
        for (VersionProbe &probe : c.versions)
            fillList(probe.command, values);
        fillHooks(c.hooks, values);
    }
    for (Route &r : out.routes) {
        fillRequest(r, values);
        fillHooks(r.hooks, values);
    }
    for (ParityCheck &p : out.parity)
        fillRequest(p, values);
    fillHooks(out.hooks, values);
    addSecrets(out, filledSecrets(plan, out, values));
    return out;
}

namespace {

sb::Error variableError(const QString &where, const QString &message)
{
    return sb::qtError(QStringLiteral("plan.variable"), where, message);
}

// A request once filled: its path a request target, its header values without line breaks.
sb::Status checkFilledRequest(const RequestSpec &before, const RequestSpec &after,
                              const QString &what, const QString &where)
{
    auto names = [](const QString &s) {
        QStringList refs;
        for (const QString &n : templateVariables(s))
            refs.append(templateReference(n));
        return refs.join(QStringLiteral(", "));
    };
    if (isTemplate(before.path)) {
        for (const QChar ch : after.path) {
            if (ch.unicode() <= 0x20 || ch.unicode() == 0x7F)
                return variableError(where,
                                     trEngine("sb::plan", "%1: the path is not a request target "
                                                          "once %2 is filled (spaces or "
                                                          "control characters)")
                                         .arg(what, names(before.path)));
        }
    }
    for (qsizetype i = 0; i < before.headers.size() && i < after.headers.size(); ++i) {
        const QString &value = after.headers[i].value;
        if (isTemplate(before.headers[i].value) &&
            (value.contains(QLatin1Char('\r')) || value.contains(QLatin1Char('\n'))))
            return variableError(
                where, trEngine("sb::plan", "%1: header \"%2\" holds a line break once "
                                            "%3 is filled")
                           .arg(what, before.headers[i].name, names(before.headers[i].value)));
    }
    return sb::Ok{};
}

} // namespace

sb::Status checkVariableValues(const Plan &plan, const VariableValues &given)
{
    const VariableValues values = withOwnValues(plan, given);
    for (const Variable &v : plan.variables) {
        const auto it = values.constFind(v.name);
        if (it == values.constEnd())
            return variableError(v.where,
                                 trEngine("sb::plan", "variable \"%1\" has no value").arg(v.name));
        if (it.value().contains(QChar(0)))
            return variableError(
                v.where,
                trEngine("sb::plan", "the value of variable \"%1\" contains a NUL character")
                    .arg(v.name));
        if (it.value().isEmpty() && v.kind == Variable::Kind::Command)
            return variableError(v.where, trEngine("sb::plan",
                                                   "variable \"%1\" is empty: its command printed "
                                                   "nothing")
                                              .arg(v.name));
    }
    const Plan filled = withVariables(plan, values);
    for (qsizetype i = 0; i < plan.routes.size(); ++i) {
        const Route &r = plan.routes[i];
        if (sb::Status st = checkFilledRequest(
                r, filled.routes[i], trEngine("sb::plan", "route \"%1\"").arg(r.name), r.where);
            !st.ok())
            return st;
    }
    for (qsizetype i = 0; i < plan.parity.size(); ++i) {
        const ParityCheck &p = plan.parity[i];
        if (sb::Status st = checkFilledRequest(
                p, filled.parity[i], trEngine("sb::plan", "parity check \"%1\"").arg(p.name),
                p.where);
            !st.ok())
            return st;
    }
    return sb::Ok{};
}

// ---- JSON Web Tokens

sb::Result<QString> signJwt(const Variable::Jwt &jwt, qint64 issuedAtS)
{
    QCryptographicHash::Algorithm algorithm = QCryptographicHash::Sha256;
    if (jwt.alg == QLatin1String("HS384"))
        algorithm = QCryptographicHash::Sha384;
    else if (jwt.alg == QLatin1String("HS512"))
        algorithm = QCryptographicHash::Sha512;
    else if (jwt.alg != QLatin1String("HS256"))
        return sb::qtError(QStringLiteral("plan.jwt"), QString(),
                           trEngine("sb::plan",
                                    "unsupported JWT algorithm \"%1\"; use HS256, HS384 or "
                                    "HS512")
                               .arg(jwt.alg));
    if (jwt.secret.isEmpty())
        return sb::qtError(QStringLiteral("plan.jwt"), QString(),
                           trEngine("sb::plan", "the JWT secret is empty"));
    QJsonObject claims = jwt.claims;
    claims.insert(QStringLiteral("iat"), QJsonValue(qint64(issuedAtS)));
    claims.insert(QStringLiteral("exp"), QJsonValue(qint64(issuedAtS + jwt.expiresInS)));
    const QByteArray header = "{\"alg\":\"" + jwt.alg.toLatin1() + "\",\"typ\":\"JWT\"}";
    const QByteArray payload = QJsonDocument(claims).toJson(QJsonDocument::Compact);
    const QString signingInput = base64Url(header) + QLatin1Char('.') + base64Url(payload);
    const QByteArray mac =
        QMessageAuthenticationCode::hash(signingInput.toLatin1(), jwt.secret.toUtf8(), algorithm);
    return signingInput + QLatin1Char('.') + base64Url(mac);
}

} // namespace sb::plan

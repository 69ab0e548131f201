// The server stacks: "configurations".

#include "core/enginetext.h"
#include "core/qterror.h"
#include "http/url.h"
#include "plansections.h"

#include <QFileInfo>
#include <QRegularExpression>
#include <QSet>
#include <csignal>

namespace sb::plan {

namespace {

struct SignalName
{
    const char *name;
    int number;
};
const SignalName kSignals[] = {{"SIGTERM", SIGTERM}, {"SIGINT", SIGINT}, {"SIGQUIT", SIGQUIT},
                               {"SIGKILL", SIGKILL}, {"SIGHUP", SIGHUP}, {"SIGUSR1", SIGUSR1},
                               {"SIGUSR2", SIGUSR2}};

const QRegularExpression &nameRe()
{
    static const QRegularExpression re(QStringLiteral("^[A-Za-z0-9_.-]+$"));
    return re;
}

const QRegularExpression &envNameRe()
{
    static const QRegularExpression re(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*$"));
    return re;
}

// One configuration being read: its object, its path, and its placeholders (${port} once the
// port is known).
struct ConfigReader
{
    SectionContext &ctx;
    const JsonValue &obj;
    const QString &path;
    Configuration &c;
    Placeholders placeholders;

    FieldReader &f() { return ctx.fields; }
    QString child(const char *key) const { return jsonChildPath(path, QString::fromLatin1(key)); }

    void name()
    {
        const JsonValue *v = f().require(obj, path, QStringLiteral("name"));
        if (v && f().name(*v, child("name"), c.name) && !nameRe().match(c.name).hasMatch())
            f().error(
                *v, child("name"), "plan.value",
                trEngine("sb::plan",
                         "invalid configuration name \"%1\"; use letters, digits, '_', '.' and '-'")
                    .arg(c.name));
    }

    // "port" and "base_url": the port first, so that ${port} is available everywhere below.
    void portAndBaseUrl()
    {
        const JsonValue *portValue = obj.value(u"port");
        bool havePort = false;
        if (portValue)
            // A string is for placeholders only: "9000" is the type mistake it looks like.
            havePort = portValue->isString() && portValue->string.contains(QLatin1String("${"))
                           ? portText(*portValue)
                           : f().integer(*portValue, child("port"), 1, 65535, c.port);
        if (havePort)
            placeholders.setPort(c.port);
        if (const JsonValue *v = obj.value(u"base_url"))
            baseUrl(*v, havePort);
        else if (portValue && havePort)
            c.baseUrl = QStringLiteral("http://127.0.0.1:%1").arg(c.port);
        else if (!portValue)
            f().error(obj, path, "plan.missing-key",
                      trEngine("sb::plan", "missing required key \"port\" (or \"base_url\")"));
    }

    // A port given as placeholders ("${demo_port_native}": the demo's ports are chosen free when
    // it starts); it must expand to a port when the plan is loaded.
    bool portText(const JsonValue &v)
    {
        const std::optional<Expansion> e =
            placeholders
                .withoutVariables(
                    trEngine("sb::plan", "the port is needed when the plan is loaded"))
                .expand(v, child("port"));
        return e && expandedPort(ctx, v, child("port"), e->value, c.port);
    }

    // The engine's URL grammar (http/url.h), so that check and run agree. No message quotes
    // the URL: it may carry a password.
    void baseUrl(const JsonValue &v, bool havePort)
    {
        if (!v.isString()) {
            f().typeError(v, child("base_url"), trEngine("sb::plan", "a string"));
            return;
        }
        const std::optional<Expansion> e =
            placeholders
                .withoutVariables(
                    trEngine("sb::plan", "the base URL is needed when the plan is loaded"))
                .expand(v, child("base_url"));
        if (!e)
            return;
        QString url = e->value;
        while (url.endsWith(QLatin1Char('/')))
            url.chop(1);
        const sb::Result<http::Url> parsed = http::parseUrl(url.toStdString());
        if (!parsed.ok()) {
            f().error(v, child("base_url"), "plan.value",
                      trEngine("sb::plan", "invalid base_url: %1; expected http[s]://host[:port]")
                          .arg(sb::qtDetail(parsed.error())));
        } else if (parsed->target != "/" || url.contains(QLatin1Char('#'))) {
            f().error(v, child("base_url"), "plan.value",
                      trEngine("sb::plan",
                               "base_url must not have a path, query or fragment; routes "
                               "give the path"));
        } else {
            c.baseUrl = url;
            if (!havePort) {
                c.port = parsed->port;
                placeholders.setPort(c.port);
            }
        }
    }

    void command()
    {
        if (const JsonValue *v = f().require(obj, path, QStringLiteral("command")))
            placeholders.argv(*v, child("command"), c.command);
        c.cwd = ctx.baseDir;
        if (const JsonValue *v = obj.value(u"cwd"))
            readDirectory(ctx, *v, child("cwd"), placeholders, c.cwd);
    }

    // "secret_env" before "env": env needs to know which values are secret.
    void environment()
    {
        const JsonValue *secretValue = obj.value(u"secret_env");
        if (secretValue)
            f().stringList(*secretValue, child("secret_env"), c.secretEnv);
        const JsonValue *env = obj.value(u"env");
        if (env)
            envValues(*env);
        if (!secretValue || !secretValue->isArray())
            return;
        QSet<QString> envKeys;
        if (env)
            for (const JsonMember &m : env->members)
                envKeys.insert(m.key);
        for (size_t i = 0; i < secretValue->items.size(); ++i) {
            const JsonValue &item = secretValue->items[i];
            if (item.isString() && !envKeys.contains(item.string))
                f().error(
                    item, jsonIndexPath(child("secret_env"), qsizetype(i)), "plan.value",
                    trEngine("sb::plan", "secret_env names \"%1\", which is not a key of \"env\"")
                        .arg(item.string));
        }
    }

    void envValues(const JsonValue &v)
    {
        if (!v.isObject()) {
            f().typeError(v, child("env"), trEngine("sb::plan", "an object of strings"));
            return;
        }
        const QSet<QString> secret(c.secretEnv.cbegin(), c.secretEnv.cend());
        for (const JsonMember &m : v.members) {
            const QString p = jsonChildPath(child("env"), m.key);
            if (!envNameRe().match(m.key).hasMatch()) {
                f().error(
                    m.line, m.column, p, "plan.value",
                    trEngine("sb::plan", "invalid environment variable name \"%1\"").arg(m.key));
                continue;
            }
            if (!m.value.isString()) {
                f().typeError(m.value, p, trEngine("sb::plan", "a string"));
                continue;
            }
            const std::optional<Expansion> e = placeholders.expand(m.value, p);
            if (!e)
                continue;
            c.env.insert(m.key, e->value);
            if (secret.contains(m.key))
                ctx.secrets.mark(m.value, *e, p);
        }
    }

    void ready()
    {
        const JsonValue *v = obj.value(u"ready");
        const QString p = child("ready");
        if (!v || !f().expectObject(*v, p, latin1List({"path", "status", "timeout_s"})))
            return;
        if (const JsonValue *x = v->value(u"path"))
            readRequestTarget(ctx, placeholders, *x, jsonChildPath(p, QStringLiteral("path")),
                              c.ready.path);
        if (const JsonValue *x = v->value(u"status"))
            f().integer(*x, jsonChildPath(p, QStringLiteral("status")), 100, 599, c.ready.status);
        if (const JsonValue *x = v->value(u"timeout_s"))
            f().seconds(*x, jsonChildPath(p, QStringLiteral("timeout_s")), 1, c.ready.timeoutMs);
    }

    void stop()
    {
        const JsonValue *v = obj.value(u"stop");
        const QString p = child("stop");
        if (!v || !f().expectObject(*v, p, latin1List({"signal", "grace_s"})))
            return;
        if (const JsonValue *x = v->value(u"signal")) {
            QStringList names;
            for (const SignalName &s : kSignals)
                names.append(QString::fromLatin1(s.name));
            int index = 0;
            if (f().enumIndex(*x, jsonChildPath(p, QStringLiteral("signal")), names, index)) {
                c.stop.signal = kSignals[index].number;
                c.stop.signalName = names[index];
            }
        }
        if (const JsonValue *x = v->value(u"grace_s"))
            f().seconds(*x, jsonChildPath(p, QStringLiteral("grace_s")), 0, c.stop.graceMs);
    }

    void versions()
    {
        const JsonValue *v = obj.value(u"versions");
        if (!v)
            return;
        if (!v->isObject()) {
            f().typeError(
                *v, child("versions"),
                trEngine("sb::plan", "an object of name -> argv or {\"command\", \"match\"}"));
            return;
        }
        for (const JsonMember &m : v->members) {
            VersionProbe probe;
            probe.name = m.key;
            const QString p = jsonChildPath(child("versions"), m.key);
            if (m.key.isEmpty())
                f().error(m.line, m.column, p, "plan.value",
                          trEngine("sb::plan", "a version name must not be empty"));
            else if (m.value.isObject() ? versionObject(m.value, p, probe)
                                        : placeholders.argv(m.value, p, probe.command))
                c.versions.append(probe);
        }
    }

    // {"command": [...], "match": "version ([0-9.]+)"}.
    bool versionObject(const JsonValue &v, const QString &p, VersionProbe &probe)
    {
        if (!f().expectObject(v, p, latin1List({"command", "match"})))
            return false;
        const qsizetype before = f().errorCount();
        if (const JsonValue *command = f().require(v, p, QStringLiteral("command")))
            placeholders.argv(*command, jsonChildPath(p, QStringLiteral("command")), probe.command);
        if (const JsonValue *match = v.value(u"match"))
            versionPattern(*match, jsonChildPath(p, QStringLiteral("match")), probe.match);
        return f().errorCount() == before;
    }

    void versionPattern(const JsonValue &v, const QString &p, QString &out)
    {
        QString pattern;
        if (!f().string(v, p, pattern, true))
            return;
        const QRegularExpression re(pattern);
        if (!re.isValid())
            f().error(v, p, "plan.value",
                      trEngine("sb::plan", "invalid regular expression: %1 at offset %2")
                          .arg(re.errorString())
                          .arg(re.patternErrorOffset()));
        else if (re.captureCount() < 1)
            f().error(v, p, "plan.value",
                      trEngine("sb::plan",
                               "the pattern needs a capture group around the version, as "
                               "in \"version ([0-9.]+)\""));
        else
            out = pattern;
    }

    void cpus()
    {
        const JsonValue *v = obj.value(u"cpus");
        if (v && f().cpuList(*v, child("cpus"), c.cpus))
            ctx.configurationCpus.append({v, child("cpus"), c.name, c.cpus});
    }

    void tls()
    {
        if (const JsonValue *v = obj.value(u"tls")) {
            SectionContext::TlsKeys keys;
            readTls(ctx, *v, child("tls"), placeholders, keys);
            ctx.configurationTls.insert(c.name, keys);
        }
    }

    void protocol()
    {
        if (!obj.value(u"protocol") && !obj.value(u"streams"))
            return;
        SectionContext::ProtocolKeys keys;
        readProtocolKeys(ctx, obj, path, keys);
        ctx.configurationProtocol.insert(c.name, keys);
    }

    void hooks()
    {
        if (const JsonValue *v = obj.value(u"hooks"))
            readHookSet(ctx, *v, child("hooks"), HookMoment::ConfigurationLevel, placeholders,
                        c.hooks);
    }
};

bool readConfiguration(SectionContext &ctx, const JsonValue &obj, const QString &path,
                       Configuration &c)
{
    if (!ctx.fields.expectObject(obj, path,
                                 latin1List({"name", "command", "cwd", "env", "secret_env", "port",
                                             "base_url", "ready", "stop", "versions", "hooks",
                                             "cpus", "tls", "protocol", "streams", "host"})))
        return false;
    const qsizetype before = ctx.fields.errorCount();
    c.where = ctx.fields.where(obj, path);
    ConfigReader r{ctx, obj, path, c, ctx.placeholders.forConfiguration()};
    r.name();
    r.portAndBaseUrl();
    r.command();
    r.environment();
    r.ready();
    r.stop();
    r.versions();
    r.hooks();
    r.cpus();
    r.tls();
    r.protocol();
    return ctx.fields.errorCount() == before;
}

} // namespace

void readDirectory(SectionContext &ctx, const JsonValue &v, const QString &path,
                   const Placeholders &placeholders, QString &out)
{
    QString raw;
    if (!ctx.fields.string(v, path, raw, true))
        return;
    const std::optional<Expansion> e =
        placeholders
            .withoutVariables(
                trEngine("sb::plan", "a working directory must exist when the plan is loaded"))
            .expand(v, path);
    if (!e)
        return;
    if (e->value.isEmpty()) {
        ctx.fields.error(
            v, path, "plan.value",
            trEngine("sb::plan", "must not be empty (\"%1\" expands to nothing)").arg(raw));
        return;
    }
    const QString dir = ctx.resolvePath(e->value);
    if (!QFileInfo(dir).isDir()) {
        ctx.fields.error(
            v, path, "plan.file",
            trEngine("sb::plan", "working directory \"%1\" does not exist (resolved to %2)")
                .arg(e->value, dir));
        return;
    }
    out = dir;
}

void readConfigurations(SectionContext &ctx, const JsonValue &v, const QString &path)
{
    if (!v.isArray()) {
        ctx.fields.typeError(v, path, trEngine("sb::plan", "an array of configurations"));
        return;
    }
    if (v.items.empty()) {
        ctx.fields.error(v, path, "plan.value",
                         trEngine("sb::plan", "at least one configuration is required"));
        return;
    }
    QHash<QString, const JsonValue *> seen;
    for (size_t i = 0; i < v.items.size(); ++i) {
        const QString itemPath = jsonIndexPath(path, qsizetype(i));
        Configuration c;
        if (readConfiguration(ctx, v.items[i], itemPath, c))
            ctx.plan.configurations.append(std::move(c));
        if (const JsonValue *name = v.items[i].value(u"name"); name && name->isString()) {
            ctx.fields.uniqueName(seen, *name, jsonChildPath(itemPath, QStringLiteral("name")),
                                  trEngine("sb::plan", "configuration"));
            ctx.configurationNames.append(name->string);
        }
    }
}

} // namespace sb::plan

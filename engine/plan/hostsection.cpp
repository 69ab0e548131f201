// "hosts": the machines a plan reaches over ssh, the load's hosts and a configuration's host.

#include "core/enginetext.h"
#include "plansections.h"

#include <QHash>
#include <QRegularExpression>

namespace sb::plan {

const Host *Plan::host(const QString &hostName) const
{
    for (const Host &h : hosts) {
        if (h.name == hostName)
            return &h;
    }
    return nullptr;
}

namespace {

bool validHostName(const QString &name)
{
    static const QRegularExpression re(QStringLiteral("^[A-Za-z0-9_.-]+$"));
    return re.match(name).hasMatch();
}

// One "hosts" member: {"ssh": "user@host", "ssh_options": [...], "agent": "/path"}.
void readHost(SectionContext &ctx, const JsonMember &m, const QString &path)
{
    FieldReader &f = ctx.fields;
    const QString p = jsonChildPath(path, m.key);
    if (!validHostName(m.key)) {
        f.error(m.line, m.column, p, "plan.value",
                trEngine("sb::plan", "invalid host name \"%1\": use letters, digits, '_', '.' "
                                     "and '-'")
                    .arg(m.key));
        return;
    }
    if (m.key == localHostName()) {
        f.error(m.line, m.column, p, "plan.value",
                trEngine("sb::plan", "\"local\" is this machine and cannot be defined as a host"));
        return;
    }
    const JsonValue &obj = m.value;
    if (!f.expectObject(obj, p, latin1List({"ssh", "ssh_options", "agent"})))
        return;
    Host h;
    h.name = m.key;
    h.where = f.where(obj, p);
    bool ok = true;
    if (const JsonValue *v = f.require(obj, p, QStringLiteral("ssh"))) {
        const QString at = jsonChildPath(p, QStringLiteral("ssh"));
        if (f.string(*v, at, h.ssh, true) && h.ssh.startsWith(QLatin1Char('-'))) {
            f.error(*v, at, "plan.value",
                    trEngine("sb::plan", "the ssh destination must not start with '-'"));
            ok = false;
        }
        ok = ok && !h.ssh.isEmpty();
    } else {
        ok = false;
    }
    if (const JsonValue *v = obj.value(u"ssh_options"))
        ok = f.stringList(*v, jsonChildPath(p, QStringLiteral("ssh_options")), h.sshOptions) && ok;
    if (const JsonValue *v = obj.value(u"agent"))
        ok = f.string(*v, jsonChildPath(p, QStringLiteral("agent")), h.agent, true) && ok;
    if (ok)
        ctx.plan.hosts.append(h);
}

// `v` names a host: one of `names` or "local". Reports it otherwise.
bool readHostRef(SectionContext &ctx, const JsonValue &v, const QString &path,
                 const QStringList &names, QString &out)
{
    QString name;
    if (!ctx.fields.string(v, path, name, true))
        return false;
    if (name == localHostName() || names.contains(name)) {
        out = name;
        return true;
    }
    const QString hint = closestName(name, names);
    const QString message =
        names.isEmpty()
            ? trEngine("sb::plan", "no host \"%1\" in the plan: define it in the top-level "
                                   "\"hosts\" object (\"%1\": {\"ssh\": \"user@address\"})")
                  .arg(name)
        : hint.isEmpty() ? trEngine("sb::plan", "no host \"%1\" in the plan; the hosts are: %2")
                               .arg(name, quotedList(QStringList(names) << localHostName()))
                         : trEngine("sb::plan", "no host \"%1\" in the plan; did you mean \"%2\"?")
                               .arg(name, hint);
    ctx.fields.error(v, path, "plan.value", message);
    return false;
}

} // namespace

void readHosts(SectionContext &ctx, const JsonValue &root)
{
    FieldReader &f = ctx.fields;
    // Every name the "hosts" object gives, also of invalid hosts (they have their own error).
    QStringList names;
    if (const JsonValue *v = root.value(u"hosts")) {
        const QString path = QStringLiteral("$.hosts");
        if (!v->isObject()) {
            f.typeError(*v, path, trEngine("sb::plan", "an object"));
        } else {
            for (const JsonMember &m : v->members) {
                names.append(m.key);
                readHost(ctx, m, path);
            }
        }
    }
    if (const JsonValue *load = root.value(u"load"); load && load->isObject()) {
        if (const JsonValue *v = load->value(u"hosts")) {
            const QString path = QStringLiteral("$.load.hosts");
            if (!v->isArray()) {
                f.typeError(*v, path, trEngine("sb::plan", "an array of host names"));
            } else if (v->items.empty()) {
                f.error(*v, path, "plan.value",
                        trEngine("sb::plan", "\"hosts\" needs at least one host; leave it out to "
                                             "load from this machine"));
            } else {
                QStringList hosts;
                for (std::size_t i = 0; i < v->items.size(); ++i) {
                    const QString at = jsonIndexPath(path, qsizetype(i));
                    QString name;
                    if (!readHostRef(ctx, v->items[i], at, names, name))
                        continue;
                    if (hosts.contains(name)) {
                        f.error(v->items[i], at, "plan.value",
                                trEngine("sb::plan", "host \"%1\" is listed twice").arg(name));
                        continue;
                    }
                    hosts.append(name);
                }
                ctx.plan.load.hosts = hosts;
            }
        }
    }
    // A configuration's "host": matched to the configuration by its name.
    if (const JsonValue *configs = root.value(u"configurations"); configs && configs->isArray()) {
        for (std::size_t i = 0; i < configs->items.size(); ++i) {
            const JsonValue &c = configs->items[i];
            const JsonValue *v = c.value(u"host");
            if (!v)
                continue;
            const QString at =
                jsonChildPath(jsonIndexPath(QStringLiteral("$.configurations"), qsizetype(i)),
                              QStringLiteral("host"));
            QString host;
            if (!readHostRef(ctx, *v, at, names, host))
                continue;
            const JsonValue *name = c.value(u"name");
            if (!name || !name->isString())
                continue;
            for (Configuration &config : ctx.plan.configurations) {
                if (config.name == name->string)
                    config.host = host == localHostName() ? QString() : host;
            }
        }
    }
}

} // namespace sb::plan

#include "report/runsetup.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>
#include <algorithm>

namespace sb::report {

namespace {

ConfigurationSetup configurationSetup(const store::ConfigurationRecord &record)
{
    const QJsonObject &info = record.info;
    ConfigurationSetup c;
    c.name = record.name;
    c.recorded = !info.isEmpty();
    for (const QJsonValue &arg : info.value(QStringLiteral("command")).toArray())
        c.command << arg.toString();
    c.cwd = info.value(QStringLiteral("cwd")).toString();
    c.cpus = info.value(QStringLiteral("cpus")).toString();
    c.cpusApplied = info.value(QStringLiteral("cpus_applied")).toString();
    c.loadCpus = info.value(QStringLiteral("load_cpus")).toString();
    c.loadCpusApplied = info.value(QStringLiteral("load_cpus_applied")).toString();
    c.tls = info.value(QStringLiteral("tls")).toString();
    c.protocol = info.value(QStringLiteral("protocol")).toString();
    c.loadHosts = info.value(QStringLiteral("load_hosts")).toString();
    c.serverHost = info.value(QStringLiteral("host")).toString();
    const QJsonObject hostEnv = info.value(QStringLiteral("host_environment")).toObject();
    QStringList envParts;
    for (const char *key : {"hostname", "os", "kernel", "arch", "cpu_model", "cores",
                            "memory_bytes", "cpu_governor", "somaxconn"}) {
        const QJsonValue v = hostEnv.value(QLatin1String(key));
        if (v.isString() && !v.toString().isEmpty())
            envParts << QStringLiteral("%1: %2").arg(QLatin1String(key), v.toString());
        else if (v.isDouble())
            envParts << QStringLiteral("%1: %2")
                            .arg(QLatin1String(key))
                            .arg(QString::number(v.toDouble(), 'g', 15));
    }
    c.serverHostEnvironment = envParts.join(QStringLiteral(", "));
    const QJsonObject versions = info.value(QStringLiteral("versions")).toObject();
    for (auto it = versions.begin(); it != versions.end(); ++it)
        c.versions.append({it.key(), it.value().isString()
                                         ? it.value().toString()
                                         : QString::number(it.value().toDouble(), 'g', 15)});
    return c;
}

} // namespace

RunSetup runSetup(const store::RunRecord &run,
                  const QVector<store::ConfigurationRecord> &configurations,
                  const QStringList &order)
{
    const QJsonObject &env = run.environment;
    RunSetup s;
    s.hostname = env.value(QStringLiteral("hostname")).toString();
    s.cpuModel = env.value(QStringLiteral("cpu_model")).toString();
    s.cores = env.value(QStringLiteral("cores")).toInt();
    s.memoryBytes = qint64(env.value(QStringLiteral("memory_bytes")).toDouble());
    s.os = env.value(QStringLiteral("os")).toString();
    s.kernel = env.value(QStringLiteral("kernel")).toString();
    for (const QJsonValue &v : env.value(QStringLiteral("loadavg_at_start")).toArray())
        if (v.isDouble())
            s.loadAvg.append(v.toDouble());
    s.version = env.value(QStringLiteral("stackbench_version")).toString();
    s.revision = env.value(QStringLiteral("git_revision")).toString();

    for (const QString &name : order) {
        const auto it =
            std::find_if(configurations.begin(), configurations.end(),
                         [&name](const store::ConfigurationRecord &c) { return c.name == name; });
        if (it != configurations.end()) {
            s.configurations.append(configurationSetup(*it));
        } else { // measured, yet never recorded (a run stored before records were kept)
            ConfigurationSetup unrecorded;
            unrecorded.name = name;
            s.configurations.append(unrecorded);
        }
    }
    for (const store::ConfigurationRecord &c : configurations)
        if (!order.contains(c.name))
            s.configurations.append(configurationSetup(c));
    s.gates = store::gateSettings(store::planOutline(run.planText), run.profile);
    return s;
}

QString commandLine(const QStringList &command)
{
    static const QRegularExpression plain(QStringLiteral("^[A-Za-z0-9_./:=,@%+-]+$"));
    QStringList words;
    for (const QString &arg : command) {
        if (plain.match(arg).hasMatch()) {
            words << arg;
        } else {
            QString quoted = arg;
            quoted.replace(QLatin1Char('\''), QStringLiteral("'\\''"));
            words << QLatin1Char('\'') + quoted + QLatin1Char('\'');
        }
    }
    return words.join(QLatin1Char(' '));
}

} // namespace sb::report

#include "report/loadhosts.h"

#include <QJsonArray>
#include <algorithm>
#include <map>
#include <vector>

namespace sb::report {

namespace {

constexpr qsizetype kMaxNameChars = 64;

} // namespace

QVector<WindowLoadHost> windowLoadHosts(const QJsonObject &gates)
{
    QVector<WindowLoadHost> out;
    const QJsonArray hosts =
        gates.value(QLatin1String("load_hosts")).toObject().value(QLatin1String("hosts")).toArray();
    for (const QJsonValue &v : hosts) {
        const QJsonObject o = v.toObject();
        WindowLoadHost h;
        h.host = o.value(QLatin1String("host")).toString().left(kMaxNameChars);
        if (h.host.isEmpty())
            continue;
        h.destination = o.value(QLatin1String("destination")).toString().left(kMaxNameChars);
        h.machine = o.value(QLatin1String("machine")).toString().left(kMaxNameChars);
        h.cores = std::max(0, o.value(QLatin1String("cores")).toInt());
        h.threads = std::max(0, o.value(QLatin1String("threads")).toInt());
        h.generatorCores = std::max(0.0, o.value(QLatin1String("generator_cores")).toDouble());
        h.saturated = o.value(QLatin1String("saturated")).toBool();
        out.append(h);
    }
    return out;
}

QVector<CellLoadHost> cellLoadHosts(const QVector<QJsonObject> &validWindowGates)
{
    QVector<CellLoadHost> out;
    std::map<QString, std::vector<double>> cores;
    for (const QJsonObject &gates : validWindowGates) {
        for (const WindowLoadHost &h : windowLoadHosts(gates)) {
            auto it = std::find_if(out.begin(), out.end(),
                                   [&h](const CellLoadHost &c) { return c.host == h.host; });
            if (it == out.end()) {
                out.append(CellLoadHost{h.host, {}, 0, 0, {}});
                it = out.end() - 1;
            }
            if (!h.destination.isEmpty())
                it->destination = h.destination;
            if (h.cores > 0)
                it->cores = h.cores;
            if (h.threads > 0)
                it->threads = h.threads;
            cores[h.host].push_back(h.generatorCores);
        }
    }
    for (CellLoadHost &c : out)
        c.generatorCores = stats::summarize(cores[c.host]);
    return out;
}

QString loadHostNames(const QVector<CellLoadHost> &hosts)
{
    QStringList names;
    for (const CellLoadHost &h : hosts)
        names << h.host;
    return names.join(QStringLiteral(", "));
}

} // namespace sb::report

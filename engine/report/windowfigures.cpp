#include "report/windowfigures.h"

#include "report/figures.h"

#include <QJsonObject>

namespace sb::report {

QString invalidKind(const store::WindowRecord &w)
{
    if (w.valid)
        return QString();
    return w.invalidKind.isEmpty() ? QString(store::kInvalidOther) : w.invalidKind;
}

stats::WindowFigures windowFigures(const store::WindowRecord &w)
{
    stats::WindowFigures f;
    f.valid = w.valid;
    f.invalidKind = invalidKind(w).toStdString();
    f.invalidReason = w.invalidReason.toStdString();
    f.okPerS = windowOkPerS(w);
    f.serverCores = windowCores(w);
    f.generatorCores = w.generatorPctMean / 100;
    f.databaseCores = w.excludedPctMean / 100;
    f.foreignPct = w.foreignPctMean;
    f.latencyUs = windowLatencyUs(w);
    f.responses = w.requests;
    f.rssPeakBytes = double(w.rssBytesPeak);
    f.pssPeakBytes = double(w.pssBytesPeak);
    auto count = [&w](const char *key) {
        return qint64(w.errors.value(QLatin1String(key)).toDouble());
    };
    f.errors.connect = count("connect");
    f.errors.read = count("read");
    f.errors.write = count("write");
    f.errors.timeout = count("timeout");
    f.errors.parse = count("parse");
    for (auto it = w.statusCounts.begin(); it != w.statusCounts.end(); ++it) {
        const int code = it.key().toInt();
        if (code < 200 || code > 299)
            f.errors.non2xx += qint64(it.value().toDouble());
    }
    f.histogram.assign(w.histogram.begin(), w.histogram.end());
    return f;
}

stats::WindowCpu windowCpu(const store::WindowRecord &w, int machineCores)
{
    stats::WindowCpu cpu;
    cpu.machineCores = machineCores;
    cpu.serverCores = windowCores(w);
    cpu.databaseCores = w.excludedPctMean / 100;
    cpu.generatorCores = w.generatorPctMean / 100;
    cpu.foreignCores = w.foreignPctMean / 100;
    double own = 0;
    int ownSamples = 0;
    for (const store::SampleRecord &s : w.samples) {
        if (s.series == QLatin1String("own-pct")) {
            own += s.value;
            ++ownSamples;
        }
    }
    cpu.ownCores = ownSamples > 0 ? own / ownSamples / 100 : 0;
    cpu.generatorThreads = w.gates.value(QStringLiteral("client_bound"))
                               .toObject()
                               .value(QStringLiteral("threads"))
                               .toInt();
    return cpu;
}

} // namespace sb::report

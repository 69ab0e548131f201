#include "run/samplesession.h"

#include "sample/sampler.h"

namespace sb::run {

namespace {

double seconds(int64_t ns)
{
    return double(ns) / 1e9;
}

QList<SamplerEvent> eventsOf(const std::vector<sample::Event> &events)
{
    QList<SamplerEvent> out;
    for (const sample::Event &e : events)
        out.append(SamplerEvent{QString::fromLatin1(sample::eventKindName(e.kind)),
                                seconds(e.offsetNs), qint64(e.pid),
                                QString::fromStdString(e.detail)});
    return out;
}

QList<ForeignProcess> processesOf(const sample::ForeignTop &top)
{
    QList<ForeignProcess> out;
    for (const sample::ForeignProcess &p : top)
        out.append(ForeignProcess{QString::fromLatin1(p.name), qint64(p.pid), p.cores});
    return out;
}

TreeReading readingOf(const sample::Snapshot &s)
{
    TreeReading r;
    r.index = s.index;
    r.startS = seconds(s.startNs);
    r.endS = seconds(s.endNs);
    r.final = s.final;
    r.serverCores = s.serverCores;
    r.serverCpuS = seconds(s.serverCpuNs);
    r.rssBytes = s.serverRssBytes;
    r.pssBytes = s.serverPssBytes;
    r.processes = s.serverProcesses;
    r.rootAlive = s.rootAlive;
    r.foreignPct = s.foreignPct;
    r.excludedPct = s.excludedPct;
    r.excludedProcesses = s.excludedProcesses;
    r.ownPct = s.ownPct;
    r.generatorPct = s.generatorPct;
    r.machinePct = s.machinePct;
    r.foreignTop = processesOf(s.foreignTop);
    r.events = eventsOf(s.events);
    return r;
}

SeriesFigures figuresOf(const sample::SeriesStats &s)
{
    return SeriesFigures{s.mean, s.peak};
}

TreeSummary summaryOf(const sample::Summary &s)
{
    TreeSummary t;
    t.durationS = s.durationS;
    t.samples = s.samples;
    t.serverCores = figuresOf(s.serverCores);
    t.serverProcesses = figuresOf(s.serverProcesses);
    t.foreignPct = figuresOf(s.foreignPct);
    t.excludedPct = figuresOf(s.excludedPct);
    t.ownPct = figuresOf(s.ownPct);
    t.generatorPct = figuresOf(s.generatorPct);
    t.machinePct = figuresOf(s.machinePct);
    t.serverCpuS = s.serverCpuS;
    t.foreignCpuS = s.foreignCpuS;
    t.excludedCpuS = s.excludedCpuS;
    t.ownCpuS = s.ownCpuS;
    t.generatorCpuS = s.generatorCpuS;
    t.machineCpuS = s.machineCpuS;
    t.rssBytesPeak = s.rssBytesPeak;
    t.pssBytesPeak = s.pssBytesPeak;
    t.clientBound = s.clientBound;
    t.rootExited = s.rootExited;
    t.slept = s.slept;
    t.foreignTop.sampled = s.samples > 0;
    t.foreignTop.window = processesOf(s.foreignTop);
    for (const sample::ForeignTop &interval : s.intervalForeignTops)
        t.foreignTop.intervals.append(processesOf(interval));
    t.events = eventsOf(s.events);
    return t;
}

} // namespace

SampleSession::SampleSession()
    : m_sampler(std::make_unique<sample::Sampler>())
{}

SampleSession::~SampleSession() = default;

sb::Status SampleSession::start(const TreeSampling &tree, int intervalMs, ReadingSink onReading,
                                int generatorCores)
{
    sample::Options o;
    o.rootPid = pid_t(tree.rootPid);
    o.intervalMs = intervalMs;
    o.excludes.clear();
    for (const QString &e : tree.excludes)
        o.excludes.push_back(e.toStdString());
    o.sleepGapS = tree.sleepGapS;
    o.cgroupDir = tree.cgroupDir.toLocal8Bit().toStdString();
    o.reaperPid = pid_t(tree.reaperPid);
    o.generatorCores = generatorCores;
    return m_sampler->start(o, [sink = std::move(onReading)](const sample::Snapshot &s) {
        if (sink)
            sink(readingOf(s));
    });
}

void SampleSession::setGeneratorThreads(std::vector<pid_t> tids)
{
    m_sampler->setGeneratorThreads(std::move(tids));
}

qint64 SampleSession::startMonotonicNs() const
{
    return m_sampler->windowStartMonotonicNs();
}

TreeSummary SampleSession::stop()
{
    return summaryOf(m_sampler->stop());
}

} // namespace sb::run

#include "report/profilereport.h"

#include "core/qterror.h"
#include "profile/foldedstacks.h"
#include "profile/topfunctions.h"
#include "report/flamegraphsvg.h"
#include "report/reportmarkdown.h"
#include "store/runstore.h"

#include <algorithm>

namespace sb::report {

namespace {

QString callGraphText(const QString &callGraph)
{
    if (callGraph == QLatin1String("fp"))
        return QStringLiteral("frame pointers");
    if (callGraph == QLatin1String("dwarf"))
        return QStringLiteral("DWARF unwinding");
    return callGraph.isEmpty() ? notMeasured() : callGraph;
}

// The cell's median 2xx/s: as stored with the profile, else the report's.
double cellMedian(const RunReport &r, const store::ProfileRecord &p)
{
    if (p.cellOkPerS >= 0)
        return p.cellOkPerS;
    const CellReport *cell = r.cell(p.configuration, p.route, p.concurrency);
    return cell && cell->figures.okPerS.n > 0 ? cell->figures.okPerS.median : -1;
}

Inline overheadText(const RunReport &r, const store::ProfileRecord &p)
{
    const double median = cellMedian(r, p);
    Inline t(QStringLiteral("The profiling window served %1 2xx/s").arg(formatNumber(p.okPerS, 0)));
    if (median <= 0)
        return t << QStringLiteral("; the cell's median is not known.");
    const double change = p.okPerS / median - 1;
    return t << QStringLiteral(" against the cell's median of %1 (%2%3: what profiling cost).")
                    .arg(formatNumber(median, 0), change >= 0 ? QStringLiteral("+") : QString(),
                         formatPercent(change));
}

int planIndex(const QStringList &order, const QString &name)
{
    const qsizetype i = order.indexOf(name);
    return i < 0 ? int(order.size()) : int(i);
}

// report.profiles' indexes in the report's order: route, concurrency, configuration (plan
// order), then round.
QVector<int> ordered(const RunReport &r)
{
    QVector<int> order(r.profiles.size());
    for (int i = 0; i < order.size(); ++i)
        order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&r](int a, int b) {
        const store::ProfileRecord &x = r.profiles[a];
        const store::ProfileRecord &y = r.profiles[b];
        const auto key = [&r](const store::ProfileRecord &p) {
            return std::tuple(planIndex(r.routes, p.route), p.route, p.concurrency,
                              planIndex(r.configurations, p.configuration), p.configuration,
                              p.round);
        };
        return key(x) < key(y);
    });
    return order;
}

Table functionsTable(const profile::FrameTree &tree)
{
    Table t;
    t.header = {Inline(QStringLiteral("function")), Inline(QStringLiteral("self")),
                Inline(QStringLiteral("total"))};
    t.align = {Align::Left, Align::Right, Align::Right};
    for (const profile::FunctionCost &c :
         profile::topFunctions(tree, profile::CostOrder::Self, kProfileTopFunctions))
        t.rows.append({code(c.name), shareText(c.selfShare), shareText(c.totalShare)});
    return t;
}

Table deltasTable(const profile::FrameTree &a, const profile::FrameTree &b, const QString &nameA,
                  const QString &nameB)
{
    Table t;
    t.header = {Inline(QStringLiteral("function")),
                Inline(QStringLiteral("self in ")) << code(nameA),
                Inline(QStringLiteral("self in ")) << code(nameB),
                Inline(QStringLiteral("change")),
                Inline(QStringLiteral("total in ")) << code(nameA),
                Inline(QStringLiteral("total in ")) << code(nameB)};
    t.align = {Align::Left, Align::Right, Align::Right, Align::Right, Align::Right, Align::Right};
    for (const profile::FunctionDelta &d : profile::functionDeltas(a, b, kProfileTopFunctions))
        t.rows.append({code(d.name), shareText(d.selfShareA), shareText(d.selfShareB),
                       shareDeltaText(d.selfDelta()), shareText(d.totalShareA),
                       shareText(d.totalShareB)});
    return t;
}

void profileBlock(Document &d, const RunReport &r, int index)
{
    const store::ProfileRecord &p = r.profiles[index];
    d.heading(3, Inline(code(p.configuration)) << QStringLiteral(" on ") << code(p.route)
                                               << QStringLiteral(" at c=%1").arg(p.concurrency));
    d.paragraph(Inline(QStringLiteral("%1 samples at %2 Hz (call graphs by %3), taken after "
                                      "round %4. ")
                           .arg(formatNumber(double(p.samples), 0), QString::number(p.frequencyHz),
                                callGraphText(p.callGraph), QString::number(p.round + 1)))
                << overheadText(r, p));
    if (!p.note.isEmpty())
        d.paragraph(Inline(strong(QStringLiteral("Note:"))) << QStringLiteral(" ") << p.note);
    const sb::Result<profile::FrameTree> tree = profileTree(p);
    if (!tree.ok()) {
        d.paragraph(alert(
            QStringLiteral("The stored stacks cannot be read: %1").arg(qtText(tree.error()))));
        return;
    }
    if (tree->totalSamples() == 0) {
        d.paragraph(QStringLiteral("The profile holds no sample."));
        return;
    }
    d.paragraph(QStringLiteral("The top functions by self time (self: the samples in the "
                               "function itself; total: the samples with it anywhere on the "
                               "stack, counted once however deep it recurses):"));
    d.table(functionsTable(*tree));
    d.charts(profileChartsKey(index));
}

void diffBlock(Document &d, const RunReport &r, int a, int b)
{
    const store::ProfileRecord &pa = r.profiles[a];
    const store::ProfileRecord &pb = r.profiles[b];
    const sb::Result<profile::FrameTree> ta = profileTree(pa);
    const sb::Result<profile::FrameTree> tb = profileTree(pb);
    if (!ta.ok() || !tb.ok() || ta->totalSamples() == 0 || tb->totalSamples() == 0)
        return; // each profile's own block says why
    d.heading(3, Inline(code(pb.configuration))
                     << QStringLiteral(" against ") << code(pa.configuration)
                     << QStringLiteral(" on ") << code(pb.route)
                     << QStringLiteral(" at c=%1").arg(pb.concurrency));
    d.paragraph(Inline(QStringLiteral("Each profile as shares of its own samples; the functions "
                                      "whose self share changed most from "))
                << code(pa.configuration) << QStringLiteral(" to ") << code(pb.configuration)
                << QStringLiteral(" (pp: percentage points). The HTML report's differential "
                                  "flame graph colours each frame by that change: red took a "
                                  "larger share, blue a smaller one."));
    d.table(deltasTable(*ta, *tb, pa.configuration, pb.configuration));
    d.charts(profileDiffChartsKey(a, b));
}

} // namespace

sb::Result<QVector<store::ProfileRecord>> loadProfiles(const store::RunStore &store,
                                                       const QString &runId)
{
    sb::Result<QVector<store::ProfileRecord>> list = store.profiles(runId);
    if (!list.ok())
        return list.error();
    for (store::ProfileRecord &p : *list) {
        sb::Result<store::ProfileRecord> full = store.profile(p.id);
        if (full.ok())
            p = std::move(*full);
        else
            p.note =
                (p.note +
                 QStringLiteral(" The stored stacks cannot be read: %1").arg(qtText(full.error())))
                    .trimmed();
    }
    return list;
}

sb::Result<profile::FrameTree> profileTree(const store::ProfileRecord &profile)
{
    return profile::parseFolded(profile.folded);
}

QString profileCellText(const store::ProfileRecord &p)
{
    return QStringLiteral("%1 on %2 at c=%3")
        .arg(p.configuration, p.route, QString::number(p.concurrency));
}

QVector<std::pair<int, int>> profileDiffPairs(const RunReport &r)
{
    QVector<std::pair<int, int>> pairs;
    const QString baseline =
        r.options.baseline.isEmpty() ? r.configurations.value(0) : r.options.baseline;
    const QVector<int> order = ordered(r);
    for (int b : order) {
        const store::ProfileRecord &pb = r.profiles[b];
        if (pb.configuration == baseline)
            continue;
        for (int a : order) {
            const store::ProfileRecord &pa = r.profiles[a];
            if (pa.configuration == baseline && pa.route == pb.route &&
                pa.concurrency == pb.concurrency) {
                pairs.append({a, b});
                break;
            }
        }
    }
    return pairs;
}

Document profileSection(const RunReport &r)
{
    Document d;
    if (r.profiles.isEmpty())
        return d;
    d.heading(2, QStringLiteral("Where the time goes"));
    d.paragraph(QStringLiteral(
        "A CPU profile of the server tree per profiled cell: one extra window of the cell after "
        "its measured windows, under perf record (the measured windows stay clean). Shares are "
        "of the profile's samples; the HTML report draws each as a flame graph (hover a frame "
        "for its samples), and the folded stacks export for speedscope, hotspot or "
        "flamegraph.pl (the GUI's History page, CPU profiles)."));
    for (int i : ordered(r))
        profileBlock(d, r, i);
    const QVector<std::pair<int, int>> pairs = profileDiffPairs(r);
    if (!pairs.isEmpty()) {
        d.paragraph(strong(QStringLiteral("Differential profiles")));
        for (const auto &[a, b] : pairs)
            diffBlock(d, r, a, b);
    }
    return d;
}

QString profileChartsKey(int index)
{
    // Control characters do not occur in the names of a plan's routes.
    return QStringLiteral("\x1fprofile\x1f%1").arg(index);
}

QString profileDiffChartsKey(int index, int other)
{
    return QStringLiteral("\x1fprofile\x1f%1\x1f%2").arg(index).arg(other);
}

bool isProfileChartsKey(const QString &key, int *index, int *other)
{
    const QString prefix = QStringLiteral("\x1fprofile\x1f");
    if (!key.startsWith(prefix))
        return false;
    const QStringList parts = key.mid(prefix.size()).split(QLatin1Char('\x1f'));
    if (parts.size() != 1 && parts.size() != 2)
        return false;
    bool ok = false;
    *index = parts[0].toInt(&ok);
    if (!ok)
        return false;
    *other = -1;
    if (parts.size() == 2) {
        *other = parts[1].toInt(&ok);
        if (!ok)
            return false;
    }
    return true;
}

QString profileChartsSvg(const RunReport &r, const QString &key, int widthPx,
                         const QString &idPrefix)
{
    int index = -1;
    int other = -1;
    if (!isProfileChartsKey(key, &index, &other) || index < 0 || index >= r.profiles.size() ||
        other >= r.profiles.size())
        return QString();
    FlameSvgOptions options;
    options.widthPx = widthPx;
    options.idPrefix = idPrefix;
    const store::ProfileRecord &p = r.profiles[index];
    const sb::Result<profile::FrameTree> tree = profileTree(p);
    if (!tree.ok())
        return QString();
    if (other < 0) {
        options.title = QStringLiteral("CPU profile of %1 (%2 samples)")
                            .arg(profileCellText(p), formatNumber(double(p.samples), 0));
        return flameGraphSvg(*tree, options);
    }
    const store::ProfileRecord &q = r.profiles[other];
    const sb::Result<profile::FrameTree> otherTree = profileTree(q);
    if (!otherTree.ok())
        return QString();
    const sb::Result<profile::DiffTree> diff = profile::DiffTree::build(*tree, *otherTree);
    if (!diff.ok())
        return QString();
    options.title =
        QStringLiteral("Differential CPU profile: %1 against %2 on %3 at c=%4")
            .arg(q.configuration, p.configuration, p.route, QString::number(p.concurrency));
    return diffFlameGraphSvg(*diff, p.configuration, q.configuration, options);
}

} // namespace sb::report

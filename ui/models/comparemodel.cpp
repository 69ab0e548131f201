#include "ui/models/comparemodel.h"

#include "report/memoryreport.h"
#include "report/reportmarkdown.h"
#include "ui/charts/palette.h"
#include "ui/models/figures.h"
#include "ui/models/memorytext.h"

#include <QColor>
#include <QRegularExpression>

namespace sb {

namespace {

// "another machine" from "run X ran on another machine (hostname: a vs b)".
QString shortDifference(const QString &sentence)
{
    static const QRegularExpression re(QStringLiteral("^run \\S+ ran on (.+?) \\("));
    const QRegularExpressionMatch m = re.match(sentence);
    return m.hasMatch() ? m.captured(1) : sentence;
}

// A cell's rate over its valid windows as the Run page's cells table writes it (figures::rate:
// "10126 [9980-10240]"), so that the same figure reads the same on both pages; "–" when no
// valid window gave one.
QString rateRange(const stats::Spread &s)
{
    if (s.n == 0)
        return report::notMeasured();
    return QStringLiteral("%1 [%2-%3]")
        .arg(figures::rate(s.median), figures::rate(s.min), figures::rate(s.max));
}

QString latency(const stats::Spread &us)
{
    return us.n == 0 ? report::notMeasured() : figures::latencyUs(us.median);
}

} // namespace

CompareModel::CompareModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

void CompareModel::clear()
{
    beginResetModel();
    m_rows.clear();
    m_result = {};
    endResetModel();
}

void CompareModel::setResult(const charts::CompareResult &result)
{
    beginResetModel();
    m_rows.clear();
    m_result = result;
    if (m_result.error.isEmpty() && !m_result.source.runs.isEmpty()) {
        if (m_result.multiRun)
            buildRunRows();
        else
            buildConfigurationRows();
    }
    endResetModel();
}

// Per route and concurrency of the baseline run: its configurations, then each other run's
// same cells in the order compareRuns gave them.
void CompareModel::buildRunRows()
{
    // Rows point into the result: read it const, so no container detaches under them.
    const charts::CompareResult &res = m_result;
    const report::RunReport &base = res.source.runs.first();
    QHash<QString, int> runIndex;
    for (int r = 0; r < res.source.runs.size(); ++r)
        runIndex.insert(res.source.runs[r].run.id, r);
    for (const QString &route : base.routes) {
        for (int c : base.concurrency) {
            for (const report::CellReport &cell : base.cells)
                if (cell.route == route && cell.concurrency == c)
                    m_rows.append({0, &cell, true, nullptr, nullptr});
            for (qsizetype i = 0; i < res.okPerS.cells.size(); ++i) {
                const report::ComparedCell &cc = res.okPerS.cells[i];
                if (cc.ratio.route != route || cc.ratio.concurrency != c)
                    continue;
                const int run = runIndex.value(cc.run, -1);
                if (run < 0)
                    continue;
                const report::CellReport *cell =
                    res.source.runs[run].cell(cc.ratio.configuration, route, c);
                // Both comparisons list the same cells in the same order.
                const stats::Comparison *cpu =
                    i < res.perCpuS.cells.size() ? &res.perCpuS.cells[i].ratio.comparison : nullptr;
                if (cell)
                    m_rows.append({run, cell, false, &cc.ratio.comparison, cpu});
            }
        }
    }
}

// One run: its cells in report order, each against the baseline configuration's.
void CompareModel::buildConfigurationRows()
{
    // Rows point into the result: read it const, so no container detaches under them.
    const charts::CompareResult &res = m_result;
    const report::RunReport &r = res.source.runs.first();
    for (const report::CellReport &cell : r.cells) {
        Row row{0, &cell, cell.configuration == r.options.baseline, nullptr, nullptr};
        for (const report::RatioReport &x : r.ratios) {
            if (x.configuration != cell.configuration || x.route != cell.route ||
                x.concurrency != cell.concurrency)
                continue;
            if (x.metric == QLatin1String("ok_per_s"))
                row.okPerS = &x.comparison;
            else if (x.metric == QLatin1String("per_cpu_s"))
                row.perCpuS = &x.comparison;
        }
        m_rows.append(row);
    }
}

void CompareModel::setMetric(charts::Metric metric)
{
    if (metric == m_metric)
        return;
    m_metric = metric;
    if (!m_rows.isEmpty())
        Q_EMIT dataChanged(index(0, RatioColumn), index(rowCount() - 1, NoiseFloorColumn));
    Q_EMIT headerDataChanged(Qt::Horizontal, RatioColumn, NoiseFloorColumn);
}

QStringList CompareModel::differences() const
{
    return m_result.multiRun ? m_result.okPerS.differences : QStringList();
}

QStringList CompareModel::missing() const
{
    return m_result.multiRun ? m_result.okPerS.missing : QStringList();
}

const stats::Comparison *CompareModel::comparison(const Row &row) const
{
    return m_metric == charts::Metric::PerCpuS ? row.perCpuS : row.okPerS;
}

QString CompareModel::runLabel(int run) const
{
    QStringList labels;
    const QString prefix = QStringLiteral("run %1 ").arg(m_result.source.runs[run].run.id);
    for (const QString &d : differences())
        if (d.startsWith(prefix))
            labels << shortDifference(d);
    return labels.join(QStringLiteral(", "));
}

QString CompareModel::ceilingText(const Row &row) const
{
    QStringList parts;
    if (!row.cell->bound.isEmpty())
        parts << tr("%1-bound").arg(row.cell->bound);
    for (const report::SaturationReport &s : m_result.source.runs[row.run].saturations)
        if (s.configuration == row.cell->configuration && s.route == row.cell->route &&
            !s.saturation.sentence.empty())
            parts << QString::fromStdString(s.saturation.sentence);
    return parts.isEmpty() ? report::notMeasured() : parts.join(QStringLiteral("; "));
}

int CompareModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int CompareModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant CompareModel::display(const Row &row, int column) const
{
    const report::CellReport &cell = *row.cell;
    const stats::CellFigures &f = cell.figures;
    const stats::Comparison *c = comparison(row);
    switch (column) {
    case RunColumn:
        return m_result.source.runs[row.run].run.id;
    case ConfigurationColumn:
        return cell.configuration;
    case RouteColumn:
        return cell.route;
    case ConcurrencyColumn:
        return cell.concurrency;
    case WindowsColumn:
        return f.invalidWindows > 0
                   ? tr("%1 (+%2 invalid)").arg(f.validWindows).arg(f.invalidWindows)
                   : QString::number(f.validWindows);
    // The Run page's formats (ui/models/figures.h): a figure no valid window gave reads "–",
    // never 0.
    case OkPerSColumn:
        return rateRange(f.okPerS);
    case PerCpuSColumn:
        return rateRange(f.perCpuS);
    case CoresColumn:
        return f.serverCores.n == 0 ? report::notMeasured() : figures::cores(f.serverCores.median);
    case P50Column:
        return latency(f.p50Us);
    case P99Column:
        return latency(f.p99Us);
    case RssColumn:
        return report::memoryRangeText(f.rssPeakBytes);
    case PssColumn:
        return report::memoryRangeText(f.pssPeakBytes);
    case AgeColumn:
        return memorytext::age(cell.treeAge);
    case RatioColumn:
        if (row.baseline) // "baseline" only beside figures
            return f.validWindows > 0 ? tr("baseline") : report::notMeasured();
        return c ? report::ratioText(*c) : report::notMeasured();
    case VerdictColumn:
        return row.baseline ? QString()
               : c          ? QString::fromLatin1(stats::verdictText(c->verdict))
                            : report::notMeasured();
    case NoiseFloorColumn:
        return c && c->noiseFloor >= 0 ? report::formatPercent(c->noiseFloor)
                                       : report::notMeasured();
    case CeilingColumn:
        return ceilingText(row);
    case LabelColumn:
        return row.run > 0 ? runLabel(row.run) : QString();
    default:
        return {};
    }
}

QVariant CompareModel::toolTip(const Row &row, int column) const
{
    const stats::Comparison *c = comparison(row);
    switch (column) {
    case RatioColumn:
    case VerdictColumn:
        if (row.baseline || !c)
            return {};
        if (c->verdict == stats::Verdict::NotEnoughWindows)
            return QString::fromStdString(c->note);
        return verdictToolTip(*c);
    case CeilingColumn:
        return row.cell->boundBecause;
    case RssColumn:
    case PssColumn:
    case AgeColumn:
        return memoryToolTip(row);
    case LabelColumn: {
        QStringList out;
        const QString prefix = QStringLiteral("run %1 ").arg(m_result.source.runs[row.run].run.id);
        for (const QString &d : differences())
            if (d.startsWith(prefix))
                out << d;
        return out.isEmpty() ? QVariant() : QVariant(out.join(QLatin1Char('\n')));
    }
    case NoiseFloorColumn:
        return m_result.noiseFloorSource.isEmpty() ? QVariant() : m_result.noiseFloorSource;
    default:
        return {};
    }
}

QString CompareModel::verdictRule() const
{
    const stats::CompareOptions rule; // the thresholds report::compareCellPairs applies
    const QString within =
        tr("Faster or slower only when a t test on the logs of the windows' values (the cells "
           "of a configuration judged together, paired by round) gives p < %1 and the ratio is "
           "at least %2 % from 1, or beyond the A/A noise floor when one was measured.")
            .arg(rule.alpha)
            .arg(rule.minimumEffect * 100);
    if (!m_result.multiRun)
        return within;
    return within + QLatin1Char(' ') +
           tr("Across runs, also outside the drift that the cells both runs share show (inside "
              "it: 'inside the drift').");
}

QString CompareModel::verdictToolTip(const stats::Comparison &c) const
{
    QString text = tr("t test on the logs, %1: p = %2 (%3 vs %4 windows)")
                       .arg(c.paired ? tr("paired by round") : tr("unpaired"),
                            QString::number(c.pValue, 'f', 3))
                       .arg(c.candidateWindows)
                       .arg(c.baselineWindows);
    if (!c.note.empty())
        text += QLatin1Char('\n') + QString::fromStdString(c.note);
    return text + QLatin1Char('\n') + verdictRule();
}

QString CompareModel::memoryToolTip(const Row &row) const
{
    const report::CellReport &cell = *row.cell;
    const report::RunReport &run = m_result.source.runs[row.run];
    const report::RunReport &baseRun = m_result.source.runs.first();
    const QString baseConfiguration =
        m_result.multiRun ? cell.configuration : baseRun.options.baseline;
    if (row.baseline)
        return tr("The baseline of the memory comparison; its tree's age: %1")
            .arg(memorytext::age(cell.treeAge));
    const report::CellReport *base = baseRun.cell(baseConfiguration, cell.route, cell.concurrency);
    if (!base)
        return tr("No baseline cell to compare the memory with");
    const QString baseName =
        m_result.multiRun ? tr("%1 of the baseline run").arg(baseConfiguration) : baseConfiguration;
    const report::MemoryComparison c = report::compareMemory(
        cell, report::processModeOf(run.run), *base, report::processModeOf(baseRun.run));
    return memorytext::comparison(c, cell.treeAge, base->treeAge, baseName);
}

QVariant CompareModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row &row = m_rows[index.row()];
    const stats::Comparison *c = comparison(row);
    const QString &configuration = row.cell->configuration;
    switch (role) {
    case Qt::DisplayRole:
        return display(row, index.column());
    case Qt::ToolTipRole:
        return toolTip(row, index.column());
    case Qt::DecorationRole:
        if (index.column() == ConfigurationColumn)
            return palette::configurationInRun(m_result.source.colourIndex(configuration), row.run);
        return {};
    case Qt::TextAlignmentRole:
        return int(index.column() == VerdictColumn || index.column() >= CeilingColumn ||
                           index.column() < ConcurrencyColumn
                       ? Qt::AlignLeft | Qt::AlignVCenter
                       : Qt::AlignRight | Qt::AlignVCenter);
    case VerdictRole:
        return row.baseline || !c ? -1 : int(c->verdict);
    case VerdictKeyRole:
        return row.baseline ? QStringLiteral("baseline")
               : c          ? QString::fromLatin1(stats::verdictKey(c->verdict))
                            : QString();
    case RatioRole:
        return row.baseline || !c ? 0.0 : c->ratio;
    case SeriesColourRole:
        return palette::configurationInRun(m_result.source.colourIndex(configuration), row.run);
    case RunIdRole:
        return m_result.source.runs[row.run].run.id;
    case RouteRole:
        return row.cell->route;
    case ConcurrencyRole:
        return row.cell->concurrency;
    default:
        return {};
    }
}

QVariant CompareModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || (role != Qt::DisplayRole && role != Qt::ToolTipRole))
        return {};
    const bool perCpu = m_metric == charts::Metric::PerCpuS;
    if (role == Qt::ToolTipRole) {
        if (section == RatioColumn)
            return tr("Ratio of the cell's median to the baseline's, with its 95 % interval "
                      "(Student's t on the logs of the windows' values, the noise pooled over "
                      "the configuration's cells) when the windows support one");
        if (section == VerdictColumn)
            return verdictRule();
        if (section == CeilingColumn)
            return tr("The cell's bound and where its configuration's throughput stopped "
                      "growing with concurrency");
        if (section == RssColumn)
            return memorytext::rssHeader();
        if (section == PssColumn)
            return memorytext::pssHeader();
        if (section == AgeColumn)
            return memorytext::ageHeader();
        if (section == LabelColumn)
            return tr("What differs from the baseline run: machine, CPU, kernel, Stackbench "
                      "revision or plan");
        return {};
    }
    switch (section) {
    case RunColumn:
        return tr("Run");
    case ConfigurationColumn:
        return tr("Configuration");
    case RouteColumn:
        return tr("Route");
    case ConcurrencyColumn:
        return tr("c");
    case WindowsColumn:
        return tr("Windows");
    case OkPerSColumn:
        return tr("2xx/s\nmedian [min-max]");
    case PerCpuSColumn:
        return tr("per CPU-s\nmedian [min-max]");
    case CoresColumn:
        return tr("Cores");
    case P50Column:
        return tr("p50");
    case P99Column:
        return tr("p99");
    case RssColumn:
        return tr("Peak RSS\nmedian [min-max]");
    case PssColumn:
        return tr("Peak PSS\nmedian [min-max]");
    case AgeColumn:
        return tr("Tree age");
    case RatioColumn:
        return perCpu ? tr("Ratio per CPU-s\n[95 % CI]") : tr("Ratio 2xx/s\n[95 % CI]");
    case VerdictColumn:
        return tr("Verdict");
    case NoiseFloorColumn:
        return tr("Noise\nfloor");
    case CeilingColumn:
        return tr("Where the\nceiling is");
    case LabelColumn:
        return tr("Not like\nfor like");
    default:
        return {};
    }
}

} // namespace sb

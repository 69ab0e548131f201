#include "ui/models/cellsmodel.h"

#include "report/cellcomparison.h"
#include "report/figures.h"
#include "report/memoryreport.h"
#include "report/reportmarkdown.h"
#include "ui/charts/palette.h"
#include "ui/models/figures.h"
#include "ui/models/memorytext.h"

#include <algorithm>

namespace sb {

namespace {

QString rangeText(const QVector<double> &v)
{
    if (v.isEmpty())
        return report::notMeasured();
    const auto [lo, hi] = std::minmax_element(v.begin(), v.end());
    return QStringLiteral("%1 [%2-%3]")
        .arg(figures::rate(figures::median(v)), figures::rate(*lo), figures::rate(*hi));
}

stats::Spread spreadOf(const QVector<double> &v)
{
    return stats::summarize(std::vector<double>(v.begin(), v.end()));
}

// The peak memory of the cell's windows and how old the tree was at them.
QString memoryToolTip(const CellsModel::Row &r)
{
    const stats::Spread pss = spreadOf(r.pssPeakBytes);
    return CellsModel::tr("Peak RSS of the server tree over the valid windows (PSS %1); the "
                          "tree's age: %2")
        .arg(report::memoryRangeText(pss), memorytext::age(report::treeAgeOf(r.treeAges)));
}

} // namespace

CellsModel::CellsModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

void CellsModel::setConfigurationOrder(const QStringList &configurations)
{
    beginResetModel();
    m_order = configurations;
    std::stable_sort(m_rows.begin(), m_rows.end(), [this](const Row &a, const Row &b) {
        return std::tuple(rankOf(a.configuration), m_routes.indexOf(a.route), a.concurrency) <
               std::tuple(rankOf(b.configuration), m_routes.indexOf(b.route), b.concurrency);
    });
    updateVerdicts(); // the baseline may be another now
    endResetModel();
}

QString CellsModel::baseline() const
{
    if (!m_order.isEmpty())
        return m_order.first();
    return m_rows.isEmpty() ? QString() : m_rows.first().configuration;
}

void CellsModel::setNoiseFloor(double noiseFloor)
{
    if (noiseFloor == m_options.noiseFloor)
        return;
    m_options.noiseFloor = noiseFloor;
    updateVerdicts();
    if (!m_rows.isEmpty())
        Q_EMIT dataChanged(index(0, RatioColumn), index(int(m_rows.size()) - 1, VerdictColumn));
}

void CellsModel::clear()
{
    beginResetModel();
    m_rows.clear();
    m_routes.clear();
    endResetModel();
}

int CellsModel::rankOf(const QString &configuration) const
{
    const qsizetype i = m_order.indexOf(configuration);
    return i >= 0 ? int(i) : int(m_order.size());
}

int CellsModel::insertPosition(const Row &row) const
{
    auto rank = [this](const Row &r) {
        return std::tuple(rankOf(r.configuration), m_routes.indexOf(r.route), r.concurrency);
    };
    int pos = 0;
    while (pos < m_rows.size() && !(rank(row) < rank(m_rows[pos])))
        ++pos;
    return pos;
}

void CellsModel::addWindow(const store::WindowRecord &w)
{
    if (!w.valid)
        return;
    const QString baselineBefore = baseline();
    if (!m_routes.contains(w.route))
        m_routes << w.route;
    int r = 0;
    for (; r < m_rows.size(); ++r)
        if (m_rows[r].configuration == w.configuration && m_rows[r].route == w.route &&
            m_rows[r].concurrency == w.concurrency)
            break;
    if (r == m_rows.size()) {
        Row row{w.configuration, w.route, w.concurrency, {}, {}, {}, {}};
        r = insertPosition(row);
        beginInsertRows(QModelIndex(), r, r);
        m_rows.insert(r, row);
        endInsertRows();
    }
    Row &row = m_rows[r];
    row.okPerS << report::windowOkPerS(w);
    row.okPerCpuS << report::windowPerCpuS(w);
    row.rounds << w.round;
    row.rssPeakBytes << double(w.rssBytesPeak);
    row.pssPeakBytes << double(w.pssBytesPeak);
    row.treeAges << report::WindowAge{w.treeAgeS, w.treeRequests};
    // A configuration's cells pool their noise: one window changes every verdict of its
    // configuration (of every configuration when it is the baseline's).
    updateVerdicts();
    // Only what changed, so that a view sizing its columns to their contents measures one row
    // per window, not the whole table.
    Q_EMIT dataChanged(index(r, 0), index(r, ColumnCount - 1));
    if (w.configuration == baseline() || baseline() != baselineBefore) {
        Q_EMIT dataChanged(index(0, RatioColumn), index(int(m_rows.size()) - 1, VerdictColumn));
        return;
    }
    for (int first = 0; first < m_rows.size(); ++first) {
        if (first == r || m_rows[first].configuration != w.configuration)
            continue;
        int last = first;
        while (last + 1 < m_rows.size() && last + 1 != r &&
               m_rows[last + 1].configuration == w.configuration)
            ++last;
        Q_EMIT dataChanged(index(first, VerdictColumn), index(last, VerdictColumn));
        first = last;
    }
}

// The stored report's rule (report/runreport.cpp compareCells): each configuration against the
// baseline over all its cells at once, paired by round.
void CellsModel::updateVerdicts()
{
    QHash<QString, QVector<int>> rowsOf; // candidate configuration -> its rows with a baseline
    for (int i = 0; i < m_rows.size(); ++i) {
        m_rows[i].verdict.reset();
        const int b = baselineRow(i);
        if (b >= 0 && b != i)
            rowsOf[m_rows[i].configuration].append(i);
    }
    for (const QVector<int> &rows : std::as_const(rowsOf)) {
        std::vector<stats::CellPair> pairs;
        for (int i : rows) {
            const Row &x = m_rows[i];
            const Row &base = m_rows[baselineRow(i)];
            pairs.push_back({{std::vector<double>(x.okPerS.begin(), x.okPerS.end()),
                              std::vector<int>(x.rounds.begin(), x.rounds.end())},
                             {std::vector<double>(base.okPerS.begin(), base.okPerS.end()),
                              std::vector<int>(base.rounds.begin(), base.rounds.end())}});
        }
        const std::vector<stats::Comparison> verdicts = report::compareCellPairs(pairs, m_options);
        for (qsizetype k = 0; k < rows.size(); ++k)
            m_rows[rows[k]].verdict = verdicts[size_t(k)];
    }
}

int CellsModel::baselineRow(int row) const
{
    const Row &x = m_rows[row];
    const QString base = baseline();
    for (int i = 0; i < m_rows.size(); ++i)
        if (m_rows[i].configuration == base && m_rows[i].route == x.route &&
            m_rows[i].concurrency == x.concurrency)
            return i;
    return -1;
}

double CellsModel::ratio(int row) const
{
    const int b = baselineRow(row);
    if (b < 0)
        return -1;
    const double base = figures::median(m_rows[b].okPerS);
    return base > 0 ? figures::median(m_rows[row].okPerS) / base : -1;
}

double CellsModel::perCpuRatio(int row) const
{
    const int b = baselineRow(row);
    if (b < 0)
        return -1;
    const double base = figures::median(m_rows[b].okPerCpuS);
    return base > 0 ? figures::median(m_rows[row].okPerCpuS) / base : -1;
}

int CellsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int CellsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant CellsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row &r = m_rows[index.row()];
    const int column = index.column();
    if (role == Qt::DecorationRole && column == ConfigurationColumn)
        return palette::configuration(rankOf(r.configuration));
    if (role == Qt::TextAlignmentRole)
        return int(column >= ConcurrencyColumn ? Qt::AlignRight | Qt::AlignVCenter
                                               : Qt::AlignLeft | Qt::AlignVCenter);
    if (role == MedianRole || role == MinRole || role == MaxRole) {
        const QVector<double> &v = column == OkPerSColumn ? r.okPerS : r.okPerCpuS;
        if (column == RatioColumn && role == MedianRole)
            return ratio(index.row());
        if ((column != OkPerSColumn && column != PerCpuSColumn) || v.isEmpty())
            return {};
        if (role == MedianRole)
            return figures::median(v);
        return role == MinRole ? *std::min_element(v.begin(), v.end())
                               : *std::max_element(v.begin(), v.end());
    }
    if (role == Qt::ToolTipRole && column == RatioColumn) {
        const double cpu = perCpuRatio(index.row());
        return tr("2xx/s median over %1's; per CPU-second: %2")
            .arg(baseline(), cpu < 0 ? report::notMeasured() : QString::number(cpu, 'f', 2));
    }
    if (role == Qt::ToolTipRole && column == PeakRssColumn)
        return memoryToolTip(r);
    if (role == VerdictRole)
        return column == VerdictColumn && r.verdict ? int(r.verdict->verdict) : -1;
    if (role == Qt::ToolTipRole && column == VerdictColumn) {
        if (!r.verdict)
            return {};
        const stats::Comparison &c = *r.verdict;
        const QString note = QString::fromStdString(c.note);
        if (c.verdict == stats::Verdict::NotEnoughWindows)
            return note;
        return tr("2xx/s ratio %1, t test p = %2%3")
            .arg(report::ratioText(c), QString::number(c.pValue, 'f', 3),
                 note.isEmpty() ? QString() : QStringLiteral("\n") + note);
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (column) {
    case ConfigurationColumn:
        return r.configuration;
    case RouteColumn:
        return r.route;
    case ConcurrencyColumn:
        return r.concurrency;
    case WindowsColumn:
        return int(r.okPerS.size());
    case OkPerSColumn:
        return rangeText(r.okPerS);
    case PerCpuSColumn:
        return rangeText(r.okPerCpuS);
    case RatioColumn: {
        if (r.configuration == baseline())
            return tr("baseline");
        const double x = ratio(index.row());
        return x < 0 ? report::notMeasured() : QString::number(x, 'f', 2);
    }
    case VerdictColumn:
        if (r.configuration == baseline())
            return QString();
        return r.verdict ? QString::fromLatin1(stats::verdictText(r.verdict->verdict))
                         : report::notMeasured();
    case PeakRssColumn:
        return report::memoryRangeText(spreadOf(r.rssPeakBytes));
    default:
        return {};
    }
}

QVariant CellsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case ConfigurationColumn:
        return tr("Configuration");
    case RouteColumn:
        return tr("Route");
    case ConcurrencyColumn:
        return tr("c");
    case WindowsColumn:
        return tr("Windows");
    case OkPerSColumn:
        return tr("2xx/s median [min-max]");
    case PerCpuSColumn:
        return tr("per CPU-s median [min-max]");
    case RatioColumn:
        return tr("Ratio to baseline");
    case VerdictColumn:
        return tr("Verdict");
    case PeakRssColumn:
        return tr("Peak RSS median [min-max]");
    default:
        return {};
    }
}

} // namespace sb

#include "ui/models/matrixmodel.h"

#include "report/figures.h"
#include "run/gatereason.h"
#include "store/celllabel.h"
#include "ui/charts/palette.h"
#include "ui/models/figures.h"

#include <QColor>
#include <algorithm>

namespace sb {

MatrixModel::MatrixModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

QString MatrixModel::key(int round, const QString &configuration, const QString &route,
                         int concurrency) const
{
    return QStringLiteral("%1|%2|%3|%4").arg(round).arg(configuration, route).arg(concurrency);
}

void MatrixModel::setSchedule(const QList<run::ScheduledWindow> &schedule)
{
    beginResetModel();
    QStringList configurations;
    QStringList routes;
    QList<int> concurrencies;
    int rounds = 0;
    for (const run::ScheduledWindow &w : schedule) {
        if (!configurations.contains(w.configuration))
            configurations << w.configuration;
        if (!routes.contains(w.route))
            routes << w.route;
        if (!concurrencies.contains(w.concurrency))
            concurrencies << w.concurrency;
        rounds = std::max(rounds, w.round + 1);
    }
    // Keep rows and columns of cells seen before the schedule arrived.
    for (const RowKey &r : std::as_const(m_rows)) {
        if (!configurations.contains(r.configuration))
            configurations << r.configuration;
        if (!routes.contains(r.route))
            routes << r.route;
    }
    for (const ColumnKey &c : std::as_const(m_columns)) {
        if (!concurrencies.contains(c.concurrency))
            concurrencies << c.concurrency;
        rounds = std::max(rounds, c.round + 1);
    }
    if (m_configurationOrder.isEmpty())
        m_configurationOrder = configurations;
    std::stable_sort(
        configurations.begin(), configurations.end(),
        [this](const QString &a, const QString &b) { return colourIndex(a) < colourIndex(b); });
    m_rows.clear();
    for (const QString &c : configurations)
        for (const QString &r : routes)
            m_rows.append(RowKey{c, r});
    m_columns.clear();
    for (int c : concurrencies)
        for (int round = 0; round < rounds; ++round)
            m_columns.append(ColumnKey{c, round});
    endResetModel();
}

void MatrixModel::clear()
{
    beginResetModel();
    m_rows.clear();
    m_columns.clear();
    m_cells.clear();
    m_configurationOrder.clear();
    endResetModel();
}

void MatrixModel::setConfigurationOrder(const QStringList &configurations)
{
    m_configurationOrder = configurations;
    if (!m_rows.isEmpty())
        Q_EMIT headerDataChanged(Qt::Vertical, 0, int(m_rows.size()) - 1);
}

int MatrixModel::colourIndex(const QString &configuration) const
{
    const qsizetype i = m_configurationOrder.indexOf(configuration);
    if (i >= 0)
        return int(i);
    // Not in the plan's order (yet): after the known ones, in row order.
    QStringList seen;
    for (const RowKey &r : m_rows)
        if (!m_configurationOrder.contains(r.configuration) && !seen.contains(r.configuration))
            seen << r.configuration;
    const qsizetype j = seen.indexOf(configuration);
    return int(m_configurationOrder.size() + (j >= 0 ? j : seen.size()));
}

MatrixModel::Cell &MatrixModel::ensure(int round, const QString &configuration,
                                       const QString &route, int concurrency)
{
    if (row(configuration, route) < 0) {
        // After the last row of the same configuration, else at the end.
        int pos = int(m_rows.size());
        for (int i = int(m_rows.size()) - 1; i >= 0; --i) {
            if (m_rows[i].configuration == configuration) {
                pos = i + 1;
                break;
            }
        }
        beginInsertRows(QModelIndex(), pos, pos);
        m_rows.insert(pos, RowKey{configuration, route});
        endInsertRows();
    }
    if (column(concurrency, round) < 0) {
        QList<int> order;
        for (const ColumnKey &c : std::as_const(m_columns))
            if (!order.contains(c.concurrency))
                order << c.concurrency;
        if (!order.contains(concurrency))
            order << concurrency;
        auto rank = [&](const ColumnKey &c) {
            return std::pair(order.indexOf(c.concurrency), c.round);
        };
        const ColumnKey k{concurrency, round};
        int pos = 0;
        while (pos < m_columns.size() && rank(m_columns[pos]) < rank(k))
            ++pos;
        beginInsertColumns(QModelIndex(), pos, pos);
        m_columns.insert(pos, k);
        endInsertColumns();
    }
    return m_cells[key(round, configuration, route, concurrency)];
}

void MatrixModel::changed(int round, const QString &configuration, const QString &route,
                          int concurrency)
{
    const QModelIndex i = index(row(configuration, route), column(concurrency, round));
    if (i.isValid())
        Q_EMIT dataChanged(i, i);
}

void MatrixModel::windowStarted(const run::WindowStarted &e)
{
    const run::CellRef &c = e.cell;
    Cell &cell = ensure(c.round, c.configuration, c.route, c.concurrency);
    if (cell.state != CellState::Running)
        cell.before = cell.state;
    cell.state = CellState::Running;
    cell.attempt = c.attempt;
    changed(c.round, c.configuration, c.route, c.concurrency);
}

void MatrixModel::windowFinished(const run::WindowFinished &e)
{
    apply(e.window, e.willRetry, e.cellFailed, true);
}

void MatrixModel::windowStored(const store::WindowRecord &w)
{
    // A stored invalid window was retried if a later one exists; runEnded() and later windows
    // settle it, so "will retry" is the honest reading until then.
    apply(w, !w.valid, false, false);
}

void MatrixModel::apply(const store::WindowRecord &w, bool willRetry, bool cellFailed, bool live)
{
    Q_UNUSED(live);
    Cell &cell = ensure(w.round, w.configuration, w.route, w.concurrency);
    const bool hadInvalid =
        cell.attempts > 0 && cell.state != CellState::Valid && cell.state != CellState::Remeasured;
    ++cell.attempts;
    cell.attempt = w.attempt;
    cell.windowId = w.id;
    cell.flags = w.flags;
    if (w.valid) {
        cell.state = hadInvalid || w.attempt > 0 ? CellState::Remeasured : CellState::Valid;
        cell.reason.clear();
        cell.okPerS = report::windowOkPerS(w);
        cell.p99Us = report::windowLatencyUs(w).p99;
        cell.cores = report::windowCores(w);
        cell.okPerCpuS = report::windowPerCpuS(w);
    } else {
        cell.state = cellFailed  ? CellState::Failed
                     : willRetry ? CellState::Invalid
                                 : CellState::Failed;
        cell.reason = run::invalidReasonText(w);
    }
    cell.before = cell.state;
    changed(w.round, w.configuration, w.route, w.concurrency);
}

void MatrixModel::configurationBlocked(const QString &configuration, const QString &reason)
{
    for (int r = 0; r < m_rows.size(); ++r) {
        if (m_rows[r].configuration != configuration)
            continue;
        for (int c = 0; c < m_columns.size(); ++c) {
            Cell &cell = m_cells[key(m_columns[c].round, configuration, m_rows[r].route,
                                     m_columns[c].concurrency)];
            if (isFinal(cell.state))
                continue;
            cell.state = CellState::Blocked;
            cell.before = CellState::Blocked;
            cell.reason = reason;
        }
        Q_EMIT dataChanged(index(r, 0), index(r, int(m_columns.size()) - 1));
    }
}

void MatrixModel::runEnded()
{
    for (auto it = m_cells.begin(); it != m_cells.end(); ++it) {
        if (it->state != CellState::Running)
            continue;
        it->state = it->before;
        const QStringList parts = it.key().split(QLatin1Char('|'));
        changed(parts[0].toInt(), parts[1], parts[2], parts[3].toInt());
    }
}

int MatrixModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int MatrixModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_columns.size());
}

MatrixModel::Cell MatrixModel::cell(int r, int c) const
{
    if (r < 0 || c < 0 || r >= m_rows.size() || c >= m_columns.size())
        return {};
    return m_cells.value(key(m_columns[c].round, m_rows[r].configuration, m_rows[r].route,
                             m_columns[c].concurrency));
}

int MatrixModel::row(const QString &configuration, const QString &route) const
{
    return int(m_rows.indexOf(RowKey{configuration, route}));
}

int MatrixModel::column(int concurrency, int round) const
{
    return int(m_columns.indexOf(ColumnKey{concurrency, round}));
}

QStringList MatrixModel::configurations() const
{
    QStringList out;
    for (const RowKey &r : m_rows)
        if (!out.contains(r.configuration))
            out << r.configuration;
    return out;
}

int MatrixModel::count(CellState state) const
{
    int n = 0;
    for (int r = 0; r < m_rows.size(); ++r)
        for (int c = 0; c < m_columns.size(); ++c)
            if (cell(r, c).state == state)
                ++n;
    return n;
}

QString MatrixModel::tooltip(int r, int c, const Cell &cell) const
{
    QStringList lines;
    lines << store::cellLabel(m_columns[c].round, m_rows[r].configuration, m_rows[r].route,
                              m_columns[c].concurrency);
    QString state = cellStateName(cell.state);
    if (cell.attempts > 0)
        state += tr(" (attempt %1)").arg(cell.attempt + 1);
    lines << state;
    switch (cell.state) {
    case CellState::Valid:
    case CellState::Remeasured:
        lines << tr("2xx/s: %1").arg(figures::rate(cell.okPerS));
        lines << tr("p99: %1").arg(figures::latencyUs(cell.p99Us));
        lines << tr("cores: %1").arg(figures::cores(cell.cores));
        lines << tr("per CPU-second: %1").arg(figures::rate(cell.okPerCpuS));
        if (!cell.flags.isEmpty())
            lines << tr("flags: %1").arg(cell.flags.join(QStringLiteral(", ")));
        lines << tr("Double-click to open its timeline.");
        break;
    case CellState::Invalid:
    case CellState::Failed:
    case CellState::Blocked:
        if (!cell.reason.isEmpty())
            lines << tr("reason: %1").arg(cell.reason);
        if (cell.windowId > 0)
            lines << tr("Double-click to open its timeline.");
        break;
    case CellState::Pending:
    case CellState::Running:
        break;
    }
    return lines.join(QLatin1Char('\n'));
}

QVariant MatrixModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const int r = index.row();
    const int c = index.column();
    const Cell cl = cell(r, c);
    switch (role) {
    case Qt::DisplayRole:
        switch (cl.state) {
        case CellState::Valid:
        case CellState::Remeasured:
            return figures::rate(cl.okPerS);
        case CellState::Running:
            return tr("running");
        case CellState::Invalid:
            return tr("retry");
        case CellState::Failed:
            return tr("failed");
        case CellState::Blocked:
            return tr("blocked");
        case CellState::Pending:
            return QString();
        }
        return {};
    case Qt::ToolTipRole:
        return tooltip(r, c, cl);
    case Qt::BackgroundRole:
        return palette::cellState(cl.state);
    case Qt::ForegroundRole: {
        const QColor text = palette::textOn(palette::cellState(cl.state));
        return text.isValid() ? QVariant(text) : QVariant();
    }
    case Qt::TextAlignmentRole:
        return int(Qt::AlignCenter);
    case StateRole:
        return int(cl.state);
    case WindowIdRole:
        return cl.windowId;
    case ConfigurationRole:
        return m_rows[r].configuration;
    case RouteRole:
        return m_rows[r].route;
    case ConcurrencyRole:
        return m_columns[c].concurrency;
    case RoundRole:
        return m_columns[c].round;
    case OkPerSRole:
        return cl.okPerS;
    default:
        return {};
    }
}

QVariant MatrixModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal) {
        if (section < 0 || section >= m_columns.size())
            return {};
        const ColumnKey &k = m_columns[section];
        if (role == Qt::DisplayRole)
            return tr("c=%1 r%2").arg(k.concurrency).arg(k.round + 1);
        if (role == Qt::ToolTipRole)
            return tr("concurrency %1, round %2").arg(k.concurrency).arg(k.round + 1);
        return {};
    }
    if (section < 0 || section >= m_rows.size())
        return {};
    const RowKey &k = m_rows[section];
    if (role == Qt::DisplayRole)
        return tr("%1 - %2").arg(k.configuration, k.route);
    if (role == Qt::DecorationRole)
        return palette::configuration(colourIndex(k.configuration));
    if (role == Qt::ToolTipRole)
        return tr("configuration %1, route %2").arg(k.configuration, k.route);
    return {};
}

} // namespace sb

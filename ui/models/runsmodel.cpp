#include "ui/models/runsmodel.h"

#include "ui/charts/palette.h"

#include <QFileInfo>
#include <QJsonObject>
#include <QLocale>

namespace sb {

namespace {

// The plan's stored name (a typed column); a plan without one by its file's name.
QString planNameOf(const store::RunRecord &r)
{
    return r.planName.isEmpty() ? QFileInfo(r.planPath).fileName() : r.planName;
}

QColor statusColour(const RunRow &r)
{
    const QString status = r.shownStatus();
    if (r.failed())
        return palette::cellState(CellState::Failed);
    if (status == store::kStatusFinished)
        return palette::cellState(CellState::Valid);
    if (status == store::kStatusRunning)
        return palette::cellState(CellState::Running);
    if (status == store::kStatusInterrupted || status == store::kStatusIncomplete)
        return palette::cellState(CellState::Invalid);
    return palette::cellState(CellState::Blocked);
}

} // namespace

RunRow runRow(const store::RunRecord &run, const QString &status)
{
    RunRow r;
    r.id = run.id;
    r.startedAt = run.startedAt;
    r.finishedAt = run.finishedAt;
    r.planName = planNameOf(run);
    r.planPath = run.planPath;
    r.profile = run.profile;
    r.status = status;
    r.only = run.only;
    r.routes = run.routes;
    r.windows = run.windowCount;
    r.validWindows = run.validWindowCount;
    const QJsonObject &env = run.environment;
    r.hostname = env.value(QLatin1String("hostname")).toString();
    r.cpuModel = env.value(QLatin1String("cpu_model")).toString();
    r.kernel = env.value(QLatin1String("kernel")).toString();
    r.revision = env.value(QLatin1String("git_revision")).toString();
    r.version = env.value(QLatin1String("stackbench_version")).toString();
    if (run.startedAt.isValid() && run.finishedAt.isValid())
        r.durationS = double(run.startedAt.msecsTo(run.finishedAt)) / 1000.0;
    return r;
}

RunsModel::RunsModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

void RunsModel::setRuns(const QVector<RunRow> &runs)
{
    beginResetModel();
    m_runs = runs;
    endResetModel();
}

void RunsModel::clear()
{
    setRuns({});
}

int RunsModel::rowOf(const QString &id) const
{
    for (int i = 0; i < m_runs.size(); ++i)
        if (m_runs[i].id == id)
            return i;
    return -1;
}

QString RunsModel::statusName(const QString &status)
{
    if (status == store::kStatusRunning)
        return tr("running");
    if (status == store::kStatusFinished)
        return tr("finished");
    if (status == store::kStatusFailed)
        return tr("failed");
    if (status == store::kStatusInterrupted)
        return tr("interrupted");
    if (status == store::kStatusIncomplete)
        return tr("incomplete");
    return status;
}

QString RunsModel::durationText(double seconds)
{
    if (seconds < 0)
        return QString();
    const qint64 s = qint64(seconds + 0.5);
    if (s >= 3600)
        return tr("%1 h %2 min").arg(s / 3600).arg((s / 60) % 60, 2, 10, QLatin1Char('0'));
    if (s >= 60)
        return tr("%1 min %2 s").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
    return tr("%1 s").arg(s);
}

QString RunsModel::attemptsText(int valid, int invalid)
{
    return tr("%1, %2").arg(tr("%n valid window(s)", nullptr, valid),
                            tr("%n invalid attempt(s)", nullptr, invalid));
}

QString RunsModel::countsText(const RunCounts &c)
{
    QStringList parts;
    QString valid = c.cells >= 0 ? tr("%1 of %n cell(s) valid", nullptr, c.cells).arg(c.valid)
                                 : tr("%n valid cell(s)", nullptr, c.valid);
    if (c.remeasured > 0)
        valid += QLatin1Char(' ') + tr("(%n re-measured)", nullptr, c.remeasured);
    parts << valid;
    if (c.failed > 0)
        parts << tr("%n failed", nullptr, c.failed);
    if (c.blocked > 0)
        parts << tr("%n blocked", nullptr, c.blocked);
    if (c.toMeasure > 0)
        parts << tr("%n to measure", nullptr, c.toMeasure);
    parts << tr("%n invalid attempt(s)", nullptr, c.invalidAttempts);
    return parts.join(QStringLiteral(" · "));
}

int RunsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_runs.size());
}

int RunsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant RunsModel::display(const RunRow &r, int column) const
{
    switch (column) {
    case StartedColumn:
        return QLocale().toString(r.startedAt.toLocalTime(), QStringLiteral("yyyy-MM-dd HH:mm"));
    case PlanColumn:
        return r.planName;
    case ProfileColumn:
        return r.profile;
    case StatusColumn:
        return statusName(r.shownStatus());
    case WindowsColumn:
        return tr("%1 / %2").arg(r.validWindows).arg(r.windows);
    case MachineColumn:
        return r.cpuModel.isEmpty() ? r.hostname
                                    : tr("%1 / %2").arg(r.hostname, r.cpuModel.simplified());
    case KernelColumn:
        return r.kernel.section(QLatin1Char(' '), 0, 0);
    case RevisionColumn:
        return r.revision;
    case DurationColumn:
        return durationText(r.durationS);
    case RunColumn:
        return r.id;
    }
    return {};
}

QVariant RunsModel::sortKey(const RunRow &r, int column) const
{
    switch (column) {
    case StartedColumn:
        return r.startedAt;
    case WindowsColumn:
        return r.validWindows;
    case DurationColumn:
        return r.durationS;
    default:
        return display(r, column);
    }
}

QVariant RunsModel::toolTip(const RunRow &r, int column) const
{
    switch (column) {
    case StartedColumn:
        return QLocale().toString(r.startedAt.toLocalTime(), QLocale::LongFormat);
    case PlanColumn:
        return r.planPath;
    case StatusColumn:
        if (r.nothingValid()) // what the status cannot say: nothing was measured
            return tr("%1 of %n stored window(s) valid", nullptr, int(r.windows))
                .arg(r.validWindows);
        return display(r, column);
    case WindowsColumn:
        return tr("%1 of %n stored window(s) valid", nullptr, int(r.windows)).arg(r.validWindows);
    case MachineColumn:
        return tr("host %1, CPU %2").arg(r.hostname, r.cpuModel);
    case KernelColumn:
        return r.kernel;
    case RevisionColumn:
        return r.version.isEmpty() ? r.revision
                                   : tr("Stackbench %1, revision %2").arg(r.version, r.revision);
    default:
        return display(r, column);
    }
}

QVariant RunsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const RunRow &r = m_runs[index.row()];
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        return display(r, column);
    case Qt::ToolTipRole:
        return toolTip(r, column);
    case Qt::DecorationRole:
        return column == StatusColumn ? QVariant(statusColour(r)) : QVariant();
    case Qt::ForegroundRole:
        return column == StatusColumn && r.failed() ? QVariant(statusColour(r)) : QVariant();
    case Qt::TextAlignmentRole:
        return column == WindowsColumn || column == DurationColumn
                   ? QVariant(int(Qt::AlignRight | Qt::AlignVCenter))
                   : QVariant();
    case SortRole:
        return sortKey(r, column);
    case RunIdRole:
        return r.id;
    case StatusRole:
        return r.shownStatus();
    case ResumableRole:
        return r.resumable();
    }
    return {};
}

QVariant RunsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 ||
        section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    const char *const names[ColumnCount] = {QT_TR_NOOP("Started"),  QT_TR_NOOP("Plan"),
                                            QT_TR_NOOP("Profile"),  QT_TR_NOOP("Status"),
                                            QT_TR_NOOP("Windows"),  QT_TR_NOOP("Machine"),
                                            QT_TR_NOOP("Kernel"),   QT_TR_NOOP("Revision"),
                                            QT_TR_NOOP("Duration"), QT_TR_NOOP("Run")};
    return tr(names[section]);
}

} // namespace sb

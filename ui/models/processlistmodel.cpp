#include "ui/models/processlistmodel.h"

#include <QDir>
#include <QFile>
#include <algorithm>

namespace sb {

namespace {

QByteArray readSmall(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.read(8192);
}

} // namespace

ProcessListModel::ProcessListModel(QObject *parent)
    : QAbstractTableModel(parent)
{
    refresh();
}

void ProcessListModel::setProcRoot(const QString &procRoot)
{
    m_procRoot = procRoot;
    refresh();
}

QList<ProcessListModel::Process> ProcessListModel::readProcesses(const QString &procRoot)
{
    QList<Process> out;
    const QStringList entries = QDir(procRoot).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &e : entries) {
        bool ok = false;
        const qint64 pid = e.toLongLong(&ok);
        if (!ok || pid <= 0)
            continue;
        const QString dir = procRoot + QLatin1Char('/') + e;
        QByteArray cmdline = readSmall(dir + QStringLiteral("/cmdline"));
        if (cmdline.isEmpty())
            continue; // a kernel thread, or gone already
        while (cmdline.endsWith('\0'))
            cmdline.chop(1);
        cmdline.replace('\0', ' ');
        const QString name = QString::fromUtf8(readSmall(dir + QStringLiteral("/comm"))).trimmed();
        out.append(Process{pid, name, QString::fromUtf8(cmdline)});
    }
    std::sort(out.begin(), out.end(),
              [](const Process &a, const Process &b) { return a.pid < b.pid; });
    return out;
}

void ProcessListModel::refresh()
{
    // Row by row, not a reset: a view's selection and scroll position survive the periodic
    // refresh of the Quick test page. Both lists are sorted by pid.
    const QList<Process> now = readProcesses(m_procRoot);
    qsizetype i = 0; // row in m_processes
    qsizetype j = 0; // index in now
    while (i < m_processes.size() || j < now.size()) {
        if (j >= now.size() || (i < m_processes.size() && m_processes[i].pid < now[j].pid)) {
            qsizetype end = i + 1; // gone: remove the run of rows not in `now`
            while (end < m_processes.size() &&
                   (j >= now.size() || m_processes[end].pid < now[j].pid))
                ++end;
            beginRemoveRows(QModelIndex(), int(i), int(end - 1));
            m_processes.remove(i, end - i);
            endRemoveRows();
        } else if (i >= m_processes.size() || now[j].pid < m_processes[i].pid) {
            beginInsertRows(QModelIndex(), int(i), int(i));
            m_processes.insert(i, now[j]);
            endInsertRows();
            ++i;
            ++j;
        } else {
            if (m_processes[i].name != now[j].name ||
                m_processes[i].commandLine != now[j].commandLine) {
                m_processes[i] = now[j]; // the pid was reused, or the process exec'd
                Q_EMIT dataChanged(index(int(i), 0), index(int(i), ColumnCount - 1));
            }
            ++i;
            ++j;
        }
    }
}

int ProcessListModel::rowOf(qint64 pid) const
{
    for (int i = 0; i < m_processes.size(); ++i)
        if (m_processes[i].pid == pid)
            return i;
    return -1;
}

int ProcessListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_processes.size());
}

int ProcessListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ProcessListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Process &p = m_processes[index.row()];
    if (role == PidRole)
        return p.pid;
    if (role == Qt::ToolTipRole && index.column() == CommandLineColumn)
        return p.commandLine;
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case PidColumn:
        return p.pid;
    case NameColumn:
        return p.name;
    case CommandLineColumn:
        return p.commandLine;
    default:
        return {};
    }
}

QVariant ProcessListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case PidColumn:
        return tr("PID");
    case NameColumn:
        return tr("Name");
    case CommandLineColumn:
        return tr("Command line");
    default:
        return {};
    }
}

} // namespace sb

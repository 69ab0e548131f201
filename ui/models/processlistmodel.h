#pragma once

#include <QAbstractTableModel>
#include <QList>
#include <QString>

namespace sb {

// The machine's processes as /proc shows them: pid, name (comm) and command line, sorted by
// pid, for picking the server process of a quick test. Kernel threads (empty command line)
// are left out. refresh() reads /proc again (a few ms for a few hundred processes). Filter it
// with a QSortFilterProxyModel on all columns. No widgets.
class ProcessListModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        PidColumn,
        NameColumn,
        CommandLineColumn,
        ColumnCount
    };
    enum Role
    {
        PidRole = Qt::UserRole + 1 // qint64
    };

    struct Process
    {
        qint64 pid = 0;
        QString name;        // /proc/PID/comm
        QString commandLine; // /proc/PID/cmdline, arguments joined by spaces
    };

    explicit ProcessListModel(QObject *parent = nullptr);

    // Reads /proc (or `procRoot`, for tests) again; rows of processes gone are removed, new ones
    // inserted, changed ones updated (no model reset: selections survive).
    void refresh();
    void setProcRoot(const QString &procRoot);

    const Process &process(int row) const { return m_processes[row]; }
    // Row of `pid`, or -1.
    int rowOf(qint64 pid) const;

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    // The processes under `procRoot` (pure apart from reading the files).
    static QList<Process> readProcesses(const QString &procRoot);

private:
    QList<Process> m_processes;
    QString m_procRoot = QStringLiteral("/proc");
};

} // namespace sb

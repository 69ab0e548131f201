#include "ui/models/diagnosticsmodel.h"

#include <QFileInfo>
#include <QIcon>

namespace sb {

DiagnosticsModel::DiagnosticsModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

void DiagnosticsModel::setDiagnostics(const QList<plan::Diagnostic> &errors,
                                      const QList<plan::Diagnostic> &warnings)
{
    beginResetModel();
    m_entries.clear();
    for (const plan::Diagnostic &d : errors)
        m_entries.append(Entry{Error, d});
    for (const plan::Diagnostic &d : warnings)
        m_entries.append(Entry{Warning, d});
    endResetModel();
}

void DiagnosticsModel::clear()
{
    setDiagnostics({}, {});
}

int DiagnosticsModel::errorCount() const
{
    return int(std::count_if(m_entries.begin(), m_entries.end(),
                             [](const Entry &e) { return e.severity == Error; }));
}

int DiagnosticsModel::warningCount() const
{
    return int(m_entries.size()) - errorCount();
}

int DiagnosticsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_entries.size());
}

int DiagnosticsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

static QString locationText(const plan::Diagnostic &d)
{
    const QString file = QFileInfo(d.file).fileName();
    if (d.line <= 0)
        return file;
    return QStringLiteral("%1:%2:%3").arg(file).arg(d.line).arg(d.column);
}

QVariant DiagnosticsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Entry &e = m_entries.at(index.row());
    const plan::Diagnostic &d = e.diagnostic;
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case SeverityColumn:
            return e.severity == Error ? tr("error") : tr("warning");
        case LocationColumn:
            return locationText(d);
        case PathColumn:
            return d.jsonPath;
        case MessageColumn:
            return d.message;
        }
        return {};
    case Qt::ToolTipRole:
        return d.toString();
    case Qt::DecorationRole:
        if (index.column() != SeverityColumn)
            return {};
        return QIcon::fromTheme(e.severity == Error ? QStringLiteral("dialog-error")
                                                    : QStringLiteral("dialog-warning"));
    case Qt::AccessibleTextRole:
        return tr("%1 at line %2, column %3: %4")
            .arg(e.severity == Error ? tr("error") : tr("warning"))
            .arg(d.line)
            .arg(d.column)
            .arg(d.message);
    case LineRole:
        return d.line;
    case ColumnRole:
        return d.column;
    case SeverityRole:
        return int(e.severity);
    case CodeRole:
        return d.code;
    }
    return {};
}

QVariant DiagnosticsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case SeverityColumn:
        return tr("Severity");
    case LocationColumn:
        return tr("Location");
    case PathColumn:
        return tr("JSON path");
    case MessageColumn:
        return tr("Message");
    }
    return {};
}

} // namespace sb

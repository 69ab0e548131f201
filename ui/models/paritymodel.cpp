#include "ui/models/paritymodel.h"

#include <QBrush>
#include <QColor>
#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>

namespace sb {

static QString expectedText(const plan::ParityCheck &check)
{
    QStringList parts{QString::number(check.expectStatus)};
    if (!check.contentType.isEmpty())
        parts << check.contentType;
    if (!check.json.isEmpty())
        parts << ParityModel::tr("%n field check(s)", nullptr, int(check.json.size()));
    return parts.join(QStringLiteral(", "));
}

// The status a failed check answered, read from the gate's sentence; a failure that is not
// about the status means the status was the expected one.
static int failedStatus(const plan::ParityCheck &check, const QString &problem)
{
    if (problem.startsWith(QLatin1String("no response")))
        return 0;
    static const QRegularExpression status(QStringLiteral("answered status (\\d+)"));
    const QRegularExpressionMatch m = status.match(problem);
    return m.hasMatch() ? m.captured(1).toInt() : check.expectStatus;
}

static ParityRow startRow(const plan::Configuration &config)
{
    ParityRow row;
    row.configuration = config.name;
    row.request = QStringLiteral("GET ") + config.ready.path;
    row.expected = QString::number(config.ready.status);
    return row;
}

static ParityRow checkRow(const plan::Configuration &config, const plan::ParityCheck &check)
{
    ParityRow row;
    row.configuration = config.name;
    row.check = check.name;
    row.request = check.method + QLatin1Char(' ') + check.path;
    row.expected = expectedText(check);
    return row;
}

// The configuration's lines of the report, without the "NAME: " prefix.
static QStringList linesOf(const QString &name, const QStringList &report)
{
    QStringList out;
    const QString prefix = name + QStringLiteral(": ");
    for (const QString &line : report)
        if (line.startsWith(prefix))
            out << line.mid(prefix.size());
    return out;
}

QVector<ParityRow> parityRowsFromReport(const plan::Plan &plan, const QStringList &configurations,
                                        const QStringList &report)
{
    static const QString failedPrefix = QStringLiteral("parity failed: ");
    QVector<ParityRow> rows;
    for (const QString &name : configurations) {
        const plan::Configuration *config = plan.configuration(name);
        if (!config)
            continue;
        const QStringList lines = linesOf(name, report);
        ParityRow start = startRow(*config);
        const bool started =
            !lines.isEmpty() && (lines.first().startsWith(QLatin1String("ready")) ||
                                 lines.first().startsWith(failedPrefix));
        if (started) {
            start.result = ParityRow::Result::Passed;
            start.status = config->ready.status;
        } else if (!lines.isEmpty()) {
            start.result = ParityRow::Result::Failed;
            start.detail = lines.join(QStringLiteral("; "));
        }
        rows << start;
        for (const plan::ParityCheck &check : plan.parity) {
            ParityRow row = checkRow(*config, check);
            if (started) {
                const QString key = failedPrefix + check.name + QStringLiteral(" (");
                const auto failure =
                    std::find_if(lines.begin(), lines.end(),
                                 [&](const QString &l) { return l.startsWith(key); });
                if (failure == lines.end()) {
                    row.result = ParityRow::Result::Passed;
                    row.status = check.expectStatus;
                } else {
                    const qsizetype colon = failure->indexOf(QStringLiteral("): "), key.size());
                    row.detail =
                        colon < 0 ? failure->mid(failedPrefix.size()) : failure->mid(colon + 3);
                    row.result = ParityRow::Result::Failed;
                    row.status = failedStatus(check, row.detail);
                }
            }
            rows << row;
        }
    }
    return rows;
}

void attachResponses(QVector<ParityRow> *rows, const QList<run::RunNote> &notes)
{
    for (const run::RunNote &note : notes) {
        if (note.kind != QLatin1String("parity-passed") &&
            note.kind != QLatin1String("parity-failed"))
            continue;
        const QJsonArray results = note.data.value(QStringLiteral("results")).toArray();
        for (const QJsonValue &v : results) {
            const QJsonObject result = v.toObject();
            const QString check = result.value(QStringLiteral("check")).toString();
            const auto row = std::find_if(rows->begin(), rows->end(), [&](const ParityRow &r) {
                return r.configuration == note.configuration && r.check == check;
            });
            if (row == rows->end() || check.isEmpty())
                continue;
            row->responseKnown = true;
            row->status = result.value(QStringLiteral("status")).toInt(row->status);
            row->contentType = result.value(QStringLiteral("content_type")).toString().toUtf8();
            row->headers.clear();
            for (const QJsonValue &h : result.value(QStringLiteral("headers")).toArray())
                row->headers << h.toString();
            row->body = result.value(QStringLiteral("body")).toString().toUtf8();
        }
    }
}

ParityModel::ParityModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

void ParityModel::setRows(const QVector<ParityRow> &rows)
{
    beginResetModel();
    m_rows = rows;
    endResetModel();
}

QStringList ParityModel::failureSummary() const
{
    QStringList out;
    QString current;
    for (const ParityRow &row : m_rows) {
        if (row.result != ParityRow::Result::Failed || row.configuration == current)
            continue;
        current = row.configuration;
        out << (row.isConfigurationRow()
                    ? QStringLiteral("%1: %2").arg(row.configuration, row.detail)
                    : QStringLiteral("%1: %2: %3").arg(row.configuration, row.check, row.detail));
    }
    return out;
}

int ParityModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int ParityModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString ParityModel::resultText(ParityRow::Result result) const
{
    switch (result) {
    case ParityRow::Result::Passed:
        return tr("pass");
    case ParityRow::Result::Failed:
        return tr("FAIL");
    case ParityRow::Result::NotRun:
        return tr("not run");
    }
    return {};
}

static QString statusText(int status)
{
    if (status < 0)
        return QString();
    if (status == 0)
        return ParityModel::tr("no response");
    return QString::number(status);
}

QVariant ParityModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const ParityRow &row = m_rows.at(index.row());
    if (role == Qt::DisplayRole || role == Qt::ToolTipRole) {
        switch (index.column()) {
        case ConfigurationColumn:
            return row.configuration;
        case CheckColumn:
            return row.isConfigurationRow() ? tr("start and readiness") : row.check;
        case RequestColumn:
            return row.request;
        case ExpectedColumn:
            return row.expected;
        case StatusColumn:
            return statusText(row.status);
        case ResultColumn:
            return resultText(row.result);
        case DetailColumn:
            return row.detail;
        }
    }
    if (role == Qt::ForegroundRole && index.column() == ResultColumn &&
        row.result == ParityRow::Result::Failed)
        return QBrush(QColor(0xd0, 0x30, 0x30));
    if (role == ResultRole)
        return int(row.result);
    return {};
}

QVariant ParityModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case ConfigurationColumn:
        return tr("Configuration");
    case CheckColumn:
        return tr("Check");
    case RequestColumn:
        return tr("Request");
    case ExpectedColumn:
        return tr("Expected");
    case StatusColumn:
        return tr("Status");
    case ResultColumn:
        return tr("Result");
    case DetailColumn:
        return tr("Why");
    }
    return {};
}

} // namespace sb

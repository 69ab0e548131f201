#pragma once

#include "plan/plan.h"
#include "run/runevents.h"

#include <QAbstractTableModel>
#include <QStringList>
#include <QVector>

namespace sb {

// One row of the Check results: either a configuration's start and readiness, or one parity
// check against it.
struct ParityRow
{
    enum class Result
    {
        Passed,
        Failed,
        NotRun // the configuration did not start, or the check was stopped
    };
    QString configuration; // configuration name
    QString check;         // parity check name; empty for the start-and-readiness row
    QString request;       // "GET /users/1"
    QString expected;      // "200, application/json, 2 field checks"
    int status = -1;       // actual HTTP status; 0 = no response; -1 = not known
    Result result = Result::NotRun;
    QString detail;             // why it failed, one sentence; empty when it passed
    bool responseKnown = false; // the runner handed over the response (see body)
    QByteArray contentType;     // response Content-Type when responseKnown
    QStringList headers;        // response headers "Name: value" when responseKnown
    QByteArray body;            // response body (first 4,000 bytes) when responseKnown

    bool isConfigurationRow() const { return check.isEmpty(); }
};

// Builds the rows from what Runner::check() returns: its report, one line per configuration
// ("NAME: ready, N parity check(s) passed", "NAME: parity failed: CHECK (METHOD PATH): WHY",
// or "NAME: WHY" when it did not start). `configurations` are the ones checked, in plan order.
// A check that passed answered its expected status (the gate compares it first). responseKnown
// stays false: attachResponses() fills the responses. Pure; any thread.
QVector<ParityRow> parityRowsFromReport(const plan::Plan &plan, const QStringList &configurations,
                                        const QStringList &report);

// Fills each check row's response (status, Content-Type, headers, body) from the parity gate's
// notes ("parity-passed" / "parity-failed", data "results"), matched by configuration and check
// name; rows without a matching result are left as they are. Pure; any thread.
void attachResponses(QVector<ParityRow> *rows, const QList<run::RunNote> &notes);

// The Check results table (no widgets; GUI thread).
class ParityModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        ConfigurationColumn,
        CheckColumn,
        RequestColumn,
        ExpectedColumn,
        StatusColumn,
        ResultColumn,
        DetailColumn,
        ColumnCount
    };
    enum Role
    {
        ResultRole = Qt::UserRole + 1, // int(ParityRow::Result)
    };

    explicit ParityModel(QObject *parent = nullptr);

    void setRows(const QVector<ParityRow> &rows);
    void clear() { setRows({}); }
    const QVector<ParityRow> &rows() const { return m_rows; }
    // One line per configuration that failed: "NAME: WHY".
    QStringList failureSummary() const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    QString resultText(ParityRow::Result result) const;

    QVector<ParityRow> m_rows;
};

} // namespace sb

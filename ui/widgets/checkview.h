#pragma once

#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QTableView;

namespace sb {

class JsonHighlighter;
class ParityModel;

// The Check results: one line per failing configuration (why), the table of every check
// (configuration, check, request, expected, actual status, pass/fail) and, for the selected row,
// the response (highlighted JSON) or what is known of it. GUI thread.
class CheckView : public QWidget
{
    Q_OBJECT
public:
    explicit CheckView(ParityModel *model, QWidget *parent = nullptr);

    // "Checking…", "All 2 configurations passed", or the failing configurations' lines.
    void setSummary(const QString &text);
    QString summary() const;
    QTableView *table() const { return m_table; }
    QPlainTextEdit *responseView() const { return m_response; }
    // The height that shows the summary and `rows` rows of checks, pixels.
    int heightForRows(int rows) const;

private:
    void showRow(int row);

    ParityModel *m_model;
    QLabel *m_summary;
    QTableView *m_table;
    QPlainTextEdit *m_response;
    JsonHighlighter *m_highlighter;
};

} // namespace sb

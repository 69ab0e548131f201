#include "ui/widgets/checkview.h"

#include "ui/models/paritymodel.h"
#include "ui/widgets/jsonhighlighter.h"

#include <QFontDatabase>
#include <QHeaderView>
#include <QJsonDocument>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QStyle>
#include <QTableView>
#include <QVBoxLayout>

namespace sb {

CheckView::CheckView(ParityModel *model, QWidget *parent)
    : QWidget(parent)
    , m_model(model)
    , m_summary(new QLabel(this))
    , m_table(new QTableView(this))
    , m_response(new QPlainTextEdit(this))
{
    setAccessibleName(tr("Check results"));
    m_summary->setWordWrap(true);
    m_summary->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setAccessibleName(tr("Check summary"));
    m_summary->setText(tr("Check (F7) starts each configuration, waits for it to be ready, runs "
                          "the plan's parity checks against it and stops it."));
    m_table->setModel(model);
    m_table->setAccessibleName(tr("Parity checks"));
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(false);
    // Pass or fail first: after long requests and bodies it was off to the right.
    m_table->horizontalHeader()->moveSection(ParityModel::ResultColumn, 0);
    m_table->setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);
    m_response->setReadOnly(true);
    m_response->setAccessibleName(tr("Response of the selected check"));
    m_response->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_highlighter = new JsonHighlighter(nullptr);
    m_highlighter->setParent(this);
    m_highlighter->setDarkBackground(JsonHighlighter::isDark(palette().color(QPalette::Base)));

    auto *split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(m_table);
    split->addWidget(m_response);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setSizes({600, 400});
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_summary);
    layout->addWidget(split, 1);

    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) { showRow(current.row()); });
    connect(model, &QAbstractItemModel::modelReset, this, [this] {
        m_response->clear();
        m_table->resizeColumnsToContents();
        // A long request or detail is cut (its tooltip has it), not pushing the rest away.
        const int widest = fontMetrics().averageCharWidth() * 32;
        for (int c = 0; c < ParityModel::ColumnCount - 1; ++c)
            m_table->setColumnWidth(c, std::min(m_table->columnWidth(c), widest));
        // Show the first failure (or the first row) right away.
        const QVector<ParityRow> &rows = m_model->rows();
        const auto failed = std::find_if(rows.begin(), rows.end(), [](const ParityRow &r) {
            return r.result == ParityRow::Result::Failed;
        });
        if (!rows.isEmpty())
            m_table->selectRow(failed == rows.end() ? 0 : int(failed - rows.begin()));
    });
}

int CheckView::heightForRows(int rows) const
{
    const int header = m_table->horizontalHeader()->sizeHint().height();
    const int row = m_table->verticalHeader()->defaultSectionSize();
    const int summary = m_summary->fontMetrics().lineSpacing() * 2;
    const QMargins m = layout()->contentsMargins();
    return m.top() + m.bottom() + layout()->spacing() + summary + header + rows * row +
           2 * m_table->frameWidth() + m_table->style()->pixelMetric(QStyle::PM_ScrollBarExtent);
}

void CheckView::setSummary(const QString &text)
{
    m_summary->setText(text);
}

QString CheckView::summary() const
{
    return m_summary->text();
}

void CheckView::showRow(int row)
{
    if (row < 0 || row >= m_model->rows().size()) {
        m_response->clear();
        return;
    }
    const ParityRow &r = m_model->rows().at(row);
    if (r.responseKnown) {
        QStringList head{tr("%1 -> %2").arg(r.request).arg(r.status)};
        if (!r.detail.isEmpty())
            head << r.detail;
        head << QString();
        head << (r.headers.isEmpty() ? QStringList{QStringLiteral("Content-Type: ") +
                                                   QString::fromUtf8(r.contentType)}
                                     : r.headers);
        QString text = head.join(QLatin1Char('\n')) + QStringLiteral("\n\n");
        const QJsonDocument doc = QJsonDocument::fromJson(r.body);
        text += doc.isNull() ? QString::fromUtf8(r.body)
                             : QString::fromUtf8(doc.toJson(QJsonDocument::Indented));
        m_highlighter->setDocument(doc.isNull() ? nullptr : m_response->document());
        m_response->setPlainText(text);
        return;
    }
    QStringList lines;
    lines << tr("%1 -> %2").arg(r.request, r.status > 0 ? QString::number(r.status) : tr("?"));
    if (!r.detail.isEmpty())
        lines << r.detail;
    lines << QString()
          << tr("The check reports the status and what differed, not the response "
                "headers and body.");
    m_response->setPlainText(lines.join(QLatin1Char('\n')));
}

} // namespace sb

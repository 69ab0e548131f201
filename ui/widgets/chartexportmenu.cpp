#include "ui/widgets/chartexportmenu.h"

#include "ui/widgets/chartview.h"

#include <QAction>
#include <QChart>

namespace sb {

namespace {

struct ChartExport
{
    const char *suffix;
    const char *text;
    QKeyCombination key;
};

const ChartExport kChartExports[] = {
    {"png", QT_TRANSLATE_NOOP("sb::ChartExportMenu", "Chart as &PNG…"),
     Qt::CTRL | Qt::SHIFT | Qt::Key_P},
    {"svg", QT_TRANSLATE_NOOP("sb::ChartExportMenu", "Chart as &SVG…"),
     Qt::CTRL | Qt::SHIFT | Qt::Key_G},
    {"pdf", QT_TRANSLATE_NOOP("sb::ChartExportMenu", "Chart as P&DF…"),
     Qt::CTRL | Qt::SHIFT | Qt::Key_D},
};

} // namespace

ChartExportMenu::ChartExportMenu(const QString &title, QWidget *page,
                                 std::function<ChartView *()> current,
                                 std::function<bool()> charted)
    : QMenu(title, page)
    , m_current(std::move(current))
    , m_charted(std::move(charted))
{
    for (const ChartExport &e : kChartExports) {
        auto *a = new QAction(tr(e.text), page);
        a->setObjectName(QStringLiteral("actionExportChart") +
                         QString::fromLatin1(e.suffix).toUpper());
        a->setShortcut(QKeySequence(e.key));
        // The chart shown is the page's: its shortcuts act while the page has the focus.
        a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        const QString suffix = QLatin1String(e.suffix);
        connect(a, &QAction::triggered, this, [this, suffix] {
            if (ChartView *view = m_current())
                view->exportWithDialog(suffix);
        });
        page->addAction(a);
        addAction(a);
        m_actions << a;
    }
    connect(this, &QMenu::aboutToShow, this, &ChartExportMenu::updateActions);
    updateActions();
}

// Nothing to export before a chart with data is shown.
void ChartExportMenu::updateActions()
{
    ChartView *view = m_current();
    const bool charted = m_charted() && view && view->chart();
    const QString title = charted ? view->chart()->title() : QString();
    for (int i = 0; i < m_actions.size(); ++i) {
        const QString format = QString::fromLatin1(kChartExports[i].suffix).toUpper();
        m_actions[i]->setText(title.isEmpty() ? tr(kChartExports[i].text)
                                              : tr("“%1” as &%2…").arg(title, format));
        m_actions[i]->setEnabled(charted);
    }
}

} // namespace sb

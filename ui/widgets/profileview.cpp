#include "ui/widgets/profileview.h"

#include "core/qterror.h"
#include "profile/difftree.h"
#include "profile/foldedstacks.h"
#include "profile/topfunctions.h"
#include "report/flamegraphsvg.h"
#include "report/profilereport.h"
#include "report/reportmarkdown.h"
#include "ui/models/profilefunctionsmodel.h"
#include "ui/widgets/flamegraphwidget.h"
#include "ui/widgets/profilelist.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPushButton>
#include <QSaveFile>
#include <QScrollArea>
#include <QSettings>
#include <QShowEvent>
#include <QSplitter>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

namespace sb {

namespace {

QString callGraphName(const QString &callGraph)
{
    if (callGraph == QLatin1String("fp"))
        return ProfileView::tr("frame pointers");
    if (callGraph == QLatin1String("dwarf"))
        return ProfileView::tr("DWARF");
    return callGraph;
}

// A file name part of any text: letters, digits, '-', '_' and '.', the rest '_'.
QString fileSafe(const QString &text)
{
    QString out;
    for (const QChar c : text)
        out += c.isLetterOrNumber() || c == QLatin1Char('-') || c == QLatin1Char('_') ||
                       c == QLatin1Char('.')
                   ? c
                   : QLatin1Char('_');
    return out.left(80);
}

} // namespace

ProfileView::ProfileView(QWidget *parent)
    : QWidget(parent)
    , m_summary(new QLabel(this))
    , m_search(new QLineEdit(this))
    , m_searchResult(new QLabel(this))
    , m_resetZoom(new QPushButton(tr("Reset zoom"), this))
    , m_export(new QToolButton(this))
    , m_flame(new FlameGraphWidget(this))
    , m_scroll(new QScrollArea(this))
    , m_functions(new ProfileFunctionsModel(this))
    , m_table(new QTableView(this))
    , m_splitter(new QSplitter(Qt::Vertical, this))
{
    setObjectName(QStringLiteral("profileView"));
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::PlainText);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setToolTip(tr("The window: the profiling window, one more window of the cell under "
                             "perf after its measured windows; its 2xx/s against the cell's "
                             "median shows what profiling cost."));

    m_search->setPlaceholderText(tr("Search frames"));
    m_search->setAccessibleName(tr("Search frames"));
    m_search->setClearButtonEnabled(true);
    m_search->setToolTip(tr("Highlights the frames whose name contains the text "
                            "(case-insensitive) and shows the share of samples they cover."));
    connect(m_search, &QLineEdit::textChanged, m_flame, &FlameGraphWidget::setSearch);
    connect(m_flame, &FlameGraphWidget::searchChanged, this, &ProfileView::showSearchResult);
    m_searchResult->setTextFormat(Qt::PlainText);

    m_resetZoom->setToolTip(tr("Show the whole profile again (Escape in the graph)"));
    m_resetZoom->setEnabled(false);
    connect(m_resetZoom, &QPushButton::clicked, m_flame, &FlameGraphWidget::resetZoom);
    connect(m_flame, &FlameGraphWidget::zoomChanged, this,
            [this](int node) { m_resetZoom->setEnabled(node != profile::FrameTree::kRoot); });

    m_export->setText(tr("Export folded stacks…"));
    m_export->setToolTip(tr("Brendan Gregg's folded format, as speedscope, hotspot and "
                            "flamegraph.pl read it"));
    m_export->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_export->setEnabled(false);
    // A differential exports either side: the button opens a menu of the two.
    m_exportMenu = new QMenu(this);
    connect(m_export, &QToolButton::clicked, this, [this] {
        if (!m_diff)
            exportWithDialog(false);
    });
    connect(m_exportMenu, &QMenu::aboutToShow, this, [this] {
        m_exportMenu->clear();
        m_exportMenu->addAction(tr("Stacks of %1…").arg(m_nameA), this,
                                [this] { exportWithDialog(false); });
        m_exportMenu->addAction(tr("Stacks of %1…").arg(m_nameB), this,
                                [this] { exportWithDialog(true); });
    });

    m_scroll->setWidget(m_flame);
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::StyledPanel);

    m_table->setModel(m_functions);
    m_table->setAccessibleName(tr("Top functions"));
    m_table->setSortingEnabled(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_table->horizontalHeader()->setStretchLastSection(false);
    m_table->setTextElideMode(Qt::ElideMiddle);
    m_table->setToolTip(tr("Double-click a function to search for it in the graph"));
    connect(m_table, &QTableView::doubleClicked, this, [this](const QModelIndex &index) {
        m_search->setText(index.data(ProfileFunctionsModel::FunctionRole).toString());
    });

    auto *bar = new QHBoxLayout;
    bar->addWidget(m_search, 1);
    bar->addWidget(m_searchResult, 1);
    bar->addWidget(m_resetZoom);
    bar->addWidget(m_export);

    m_splitter->addWidget(m_scroll);
    m_splitter->addWidget(m_table);
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 1);
    m_splitter->setChildrenCollapsible(false);
    connect(m_splitter, &QSplitter::splitterMoved, this, [this] {
        m_userSized = true;
        fitColumns();
    });

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_summary);
    layout->addLayout(bar);
    layout->addWidget(m_splitter, 1);
    clear(tr("No profile is shown."));
}

QString ProfileView::describe(const store::ProfileRecord &p, bool withCell) const
{
    QString text = withCell ? ProfileList::cellName(p) + QStringLiteral(": ") : QString();
    text += tr("%1 samples at %2 Hz (%3), round %4")
                .arg(QLocale().toString(p.samples), QString::number(p.frequencyHz),
                     callGraphName(p.callGraph), QString::number(p.round + 1));
    if (p.cellOkPerS > 0)
        text += tr("; window %1 2xx/s, %2 against the cell's median %3")
                    .arg(QLocale().toString(p.okPerS, 'f', 0),
                         (p.okPerS >= p.cellOkPerS ? QStringLiteral("+") : QString()) +
                             report::formatPercent(p.okPerS / p.cellOkPerS - 1),
                         QLocale().toString(p.cellOkPerS, 'f', 0));
    else
        text += tr("; window %1 2xx/s").arg(QLocale().toString(p.okPerS, 'f', 0));
    if (!p.note.isEmpty())
        text += QLatin1String(". ") + tr("Note: %1").arg(p.note);
    return text;
}

void ProfileView::showError(const QString &message)
{
    m_loaded = false;
    m_flame->clear(message);
    m_functions->clear();
    m_export->setEnabled(false);
}

void ProfileView::setProfile(const store::ProfileRecord &p)
{
    m_diff = false;
    m_nameA = p.configuration;
    m_nameB.clear();
    m_fileStem =
        fileSafe(QStringLiteral("%1-%2-c%3-%4")
                     .arg(p.configuration, p.route, QString::number(p.concurrency), p.runId));
    m_summary->setText(describe(p, true));
    m_export->setPopupMode(QToolButton::DelayedPopup);
    m_export->setMenu(nullptr);
    const sb::Result<profile::FrameTree> tree = report::profileTree(p);
    if (!tree.ok()) {
        showError(tr("The stored stacks cannot be read: %1").arg(qtText(tree.error())));
        return;
    }
    m_a = *tree;
    m_b = profile::FrameTree();
    m_loaded = true;
    m_flame->setProfile(m_a);
    m_functions->setFunctions(profile::topFunctions(m_a, profile::CostOrder::Self));
    m_table->horizontalHeader()->setSortIndicator(ProfileFunctionsModel::SelfColumn,
                                                  Qt::DescendingOrder);
    m_table->resizeColumnsToContents();
    m_functionWidth = std::min(m_table->columnWidth(0), 520);
    fitColumns();
    m_export->setEnabled(true);
    fitGraph();
}

void ProfileView::setDiff(const store::ProfileRecord &a, const store::ProfileRecord &b,
                          const QString &nameA, const QString &nameB)
{
    m_diff = true;
    m_nameA = nameA;
    m_nameB = nameB;
    m_fileStem = fileSafe(QStringLiteral("%1-c%2").arg(b.route, QString::number(b.concurrency)));
    m_summary->setText(
        tr("A, %1: %2\nB, %3: %4").arg(nameA, describe(a, false), nameB, describe(b, false)));
    m_export->setMenu(m_exportMenu);
    m_export->setPopupMode(QToolButton::InstantPopup);
    const sb::Result<profile::FrameTree> ta = report::profileTree(a);
    const sb::Result<profile::FrameTree> tb = report::profileTree(b);
    if (!ta.ok() || !tb.ok()) {
        showError(tr("The stored stacks of %1 cannot be read: %2")
                      .arg(ta.ok() ? nameB : nameA, qtText(ta.ok() ? tb.error() : ta.error())));
        return;
    }
    const sb::Result<profile::DiffTree> diff = profile::DiffTree::build(*ta, *tb);
    if (!diff.ok()) {
        showError(tr("The two profiles cannot be compared: %1").arg(qtText(diff.error())));
        return;
    }
    m_a = *ta;
    m_b = *tb;
    m_loaded = true;
    m_flame->setDiff(*diff, nameA, nameB);
    m_functions->setDeltas(profile::functionDeltas(m_a, m_b), nameA, nameB);
    m_table->horizontalHeader()->setSortIndicatorShown(false);
    m_table->resizeColumnsToContents();
    m_functionWidth = std::min(m_table->columnWidth(0), 520);
    fitColumns();
    m_export->setEnabled(true);
    fitGraph();
}

void ProfileView::clear(const QString &message)
{
    m_diff = false;
    m_summary->setText(message);
    showError(message);
}

void ProfileView::fitGraph()
{
    // The graph as high as its rows (within 40 % to 75 % of the room), the table the rest: a
    // shallow profile leaves the table its rows, a deep one scrolls.
    const bool across = m_splitter->orientation() == Qt::Horizontal;
    const int room =
        (across ? m_splitter->width() : m_splitter->height()) - m_splitter->handleWidth();
    if (!isVisible() || room <= 0) {
        m_fitPending = true;
        return;
    }
    m_fitPending = false;
    if (across) {
        const int graph = room * 3 / 5;
        m_splitter->setSizes({graph, room - graph});
        return;
    }
    const int needed = m_flame->fullHeight() + 2 * m_scroll->frameWidth();
    const int graph = std::clamp(needed, room * 2 / 5, room * 3 / 4);
    m_splitter->setSizes({graph, room - graph});
}

void ProfileView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_fitPending)
        fitGraph();
    fitColumns();
}

// The function column takes the table's spare width (names are long, numbers short): a wide
// dialog left half the table empty beside five narrow columns.
void ProfileView::fitColumns()
{
    if (m_functionWidth <= 0)
        return;
    int others = 0;
    for (int c = 1; c < m_table->model()->columnCount(); ++c)
        others += m_table->columnWidth(c);
    const int room = m_table->viewport()->width() - others;
    m_table->setColumnWidth(0, std::max(m_functionWidth, room));
}

void ProfileView::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    fitColumns();
    // Until the user moves the splitter, a new size is fitted afresh.
    if (!m_userSized)
        fitGraph();
}

void ProfileView::setOrientation(Qt::Orientation orientation)
{
    m_splitter->setOrientation(orientation);
    fitGraph();
}

QString ProfileView::summaryText() const
{
    return m_summary->text();
}

QString ProfileView::searchResultText() const
{
    return m_searchResult->text();
}

void ProfileView::showSearchResult(int matches, double share)
{
    if (m_search->text().isEmpty()) {
        m_searchResult->clear();
        return;
    }
    m_searchResult->setText(matches == 0
                                ? tr("no frame matches")
                                : tr("%n function(s) match, %1 of all samples", nullptr, matches)
                                      .arg(report::shareText(share)));
}

sb::Status ProfileView::exportFolded(const QString &path, bool sideB) const
{
    if (!m_loaded)
        return sb::qtError(QStringLiteral("profile.none"), path, tr("no profile is shown"));
    const QByteArray text = profile::foldedText(m_diff && sideB ? m_b : m_a);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(text) != text.size() || !file.commit())
        return sb::qtError(QStringLiteral("profile.write"), path,
                           tr("cannot write: %1").arg(file.errorString()));
    return sb::Ok{};
}

void ProfileView::exportWithDialog(bool sideB)
{
    QSettings settings;
    const QString dir =
        settings.value(QStringLiteral("profile/exportDir"), QDir::homePath()).toString();
    const QString name =
        m_diff ? fileSafe(sideB ? m_nameB : m_nameA) + QLatin1Char('-') + m_fileStem : m_fileStem;
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export folded stacks"), QDir(dir).filePath(name + QStringLiteral(".folded")),
        tr("Folded stacks (*.folded *.txt);;All files (*)"));
    if (path.isEmpty())
        return;
    settings.setValue(QStringLiteral("profile/exportDir"), QFileInfo(path).absolutePath());
    const sb::Status s = exportFolded(path, sideB);
    if (s.ok())
        Q_EMIT exported(path);
    else
        Q_EMIT exportFailed(qtText(s.error()));
}

} // namespace sb

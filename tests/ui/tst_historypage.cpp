// The History page on a real store: renders without Qt warnings; the details pane shows the
// environment, the gates that fired and why, events and server logs; Open shows the run's grid
// and cells; export writes exactly what `stackbench report` and `stackbench export` write;
// import (by the page and by drag and drop) gives the same report as `stackbench import`, and a
// broken file's error names the JSON path; delete asks (saying how many windows go) and removes
// the run; switching to a store that cannot be opened says why in one line without the
// password; a result for a superseded request is dropped.
#include "../engine/pgcluster.h"
#include "core/qterror.h"
#include "historyfixture.h"
#include "report/reportjson.h"
#include "report/runreport.h"
#include "ui/models/cellsmodel.h"
#include "ui/models/matrixmodel.h"
#include "ui/models/runsfiltermodel.h"
#include "ui/models/runsmodel.h"
#include "ui/pages/historypage.h"
#include "ui/pages/rundialog.h"
#include "ui/pages/storedialog.h"
#include "ui/storeservice.h"
#include "ui/widgets/chartpanel.h"
#include "ui/widgets/matrixview.h"
#include "ui/widgets/rundetails.h"
#include "uitest.h"
#include "version.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QFile>
#include <QFontDatabase>
#include <QJsonDocument>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QTimer>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <memory>

using namespace sb;

namespace {

// Answers the next modal message box with `button` and keeps its text.
class MessageAnswerer : public QObject
{
public:
    explicit MessageAnswerer(QMessageBox::StandardButton button)
        : m_button(button)
    {
        connect(&m_timer, &QTimer::timeout, this, [this] {
            auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
            if (!box)
                return;
            m_text = box->text();
            m_timer.stop();
            box->button(m_button)->click();
        });
        m_timer.start(20);
    }
    QString text() const { return m_text; }

private:
    QMessageBox::StandardButton m_button;
    QTimer m_timer;
    QString m_text;
};

// `stackbench ARGS...`: its stdout, or a failed QVERIFY-friendly empty result.
QByteArray stackbench(const QStringList &args, int *exitCode = nullptr)
{
    QProcess p;
    p.start(QStringLiteral(STACKBENCH_BIN), args);
    if (!p.waitForFinished(60000))
        return {};
    if (exitCode)
        *exitCode = p.exitCode();
    return p.readAllStandardOutput();
}

QByteArray reportJsonOf(const QString &store, const QString &runId)
{
    auto opened = store::RunStore::open(store, store::RunStore::OpenMode::ReadOnly);
    if (!opened.ok())
        return qtText(opened.error()).toUtf8();
    auto r = report::loadRunReport(**opened, runId);
    if (!r.ok())
        return qtText(r.error()).toUtf8();
    return QJsonDocument(report::reportJson(*r)).toJson();
}

} // namespace

// PostgreSQL tests skip only when its binaries or Qt's driver are absent.
#define SKIP_WITHOUT_POSTGRES()                                                                    \
    do {                                                                                           \
        if (!QFile::exists(test::PgCluster::binDir() + QStringLiteral("/initdb")) ||               \
            !QFile::exists(test::PgCluster::binDir() + QStringLiteral("/pg_ctl")))                 \
            QSKIP("PostgreSQL 15 binaries are not installed in /usr/lib/postgresql/15/bin");       \
        if (!QSqlDatabase::isDriverAvailable(QStringLiteral("QPSQL")))                             \
            QSKIP("the Qt PostgreSQL driver (QPSQL) is not installed");                            \
    } while (false)

class TestHistoryPage : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_store; // the five fixture runs
    int m_stores = 0;

    std::unique_ptr<test::PgCluster> m_pg; // started by the first PostgreSQL test
    QString m_pgFailure;

    // A connection named `connection` to `database` of the test's cluster, not yet open.
    QSqlDatabase postgresConnection(const QString &connection, const QString &database) const
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), connection);
        db.setHostName(QStringLiteral("127.0.0.1"));
        db.setPort(m_pg->port());
        db.setUserName(QStringLiteral("postgres"));
        db.setDatabaseName(database);
        return db;
    }

    // A new database `name` in the test's PostgreSQL cluster holding the interrupted fixture
    // run, as a store URL (with a password trust authentication ignores); empty on failure
    // (m_pgFailure says why). Locks wait at most 10 s there, so a broken test cannot hang.
    QString postgresStore(const QString &name)
    {
        if (!m_pg) {
            auto cluster = std::make_unique<test::PgCluster>();
            m_pgFailure = cluster->start();
            if (!m_pgFailure.isEmpty())
                return {};
            m_pg = std::move(cluster);
        }
        {
            QSqlDatabase admin =
                postgresConnection(QStringLiteral("history-admin"), QStringLiteral("postgres"));
            QSqlQuery q(admin);
            const bool ok =
                admin.open() && q.exec(QStringLiteral("CREATE DATABASE %1").arg(name)) &&
                q.exec(QStringLiteral("ALTER DATABASE %1 SET lock_timeout = '10s'").arg(name));
            m_pgFailure = ok ? QString() : q.lastError().text() + admin.lastError().text();
            q.finish();
            admin.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("history-admin"));
        if (!m_pgFailure.isEmpty())
            return {};
        const QString url = m_pg->url(name);
        auto s = store::RunStore::open(url, store::RunStore::OpenMode::Create);
        if (!s.ok()) {
            m_pgFailure = qtText(s.error());
            return {};
        }
        if (!test::addFixtureRun(**s, test::kInterrupted, QString(store::kStatusRunning), 3,
                                 {0, QStringLiteral("elsewhere"), QStringLiteral("x")}, 20)) {
            m_pgFailure = QStringLiteral("cannot write the fixture run");
            return {};
        }
        return url;
    }

    // A fresh copy of the fixture store.
    QString freshStore()
    {
        const QString path = m_dir.filePath(QStringLiteral("copy-%1.sqlite").arg(++m_stores));
        return QFile::copy(m_store, path) ? path : QString();
    }

    // A page on `store`, shown, with its runs listed.
    static bool showPage(HistoryPage &page, const QString &store)
    {
        QSignalSpy loaded(&page, &HistoryPage::runsLoaded);
        page.store()->setLocation(store);
        page.resize(1200, 800);
        page.show();
        return QTest::qWaitForWindowExposed(&page) && (loaded.size() > 0 || loaded.wait(10000));
    }

    // Switches `page` to `location`: true when it said so (with the location as given) and
    // listed the runs there.
    static bool switchTo(HistoryPage &page, const QString &location)
    {
        QSignalSpy switched(&page, &HistoryPage::storeSwitched);
        QSignalSpy loaded(&page, &HistoryPage::runsLoaded);
        page.switchStore(location);
        return switched.wait(30000) && switched.first().first().toString() == location &&
               (loaded.size() > 0 || loaded.wait(30000)) && page.store()->location() == location;
    }

    // `stackbench export` of the finished fixture run into `name`; its path, empty on failure.
    QString exportFinished(const QString &name) const
    {
        const QString path = m_dir.filePath(name);
        int code = -1;
        stackbench({QStringLiteral("export"), test::kFinished, QStringLiteral("--store"), m_store,
                    QStringLiteral("-o"), path},
                   &code);
        return code == 0 ? path : QString();
    }

    static bool select(HistoryPage &page, const QString &runId)
    {
        QSignalSpy shown(&page, &HistoryPage::detailsShown);
        return page.selectRun(runId) && shown.wait(10000) && page.details()->runId() == runId;
    }

    static StoreOperation waitForOperation(HistoryPage &page)
    {
        QSignalSpy done(&page, &HistoryPage::operationFinished);
        if (!done.wait(30000))
            return {};
        return done.first().first().value<StoreOperation>();
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        // As stackbench's main() does: the HTML report's footer names the version.
        QCoreApplication::setApplicationVersion(QString::fromLatin1(sb::kVersion));
        QVERIFY(m_dir.isValid());
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope,
                           m_dir.filePath(QStringLiteral("settings")));
        m_store = m_dir.filePath(QStringLiteral("fixture.sqlite"));
        QVERIFY(test::fillHistoryStore(m_store));
    }

    void init() { QTest::failOnWarning(test::anyWarningOfOurs()); }

    void rendersEveryTabWithoutWarnings()
    {
        StoreService service;
        HistoryPage page(&service);
        QAbstractItemModelTester runs(page.model(),
                                      QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester filtered(page.filter(),
                                          QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(showPage(page, m_store));
        QCOMPARE(page.model()->rowCount(), 5);
        QVERIFY2(page.message().contains(QStringLiteral("5 run(s)")), qPrintable(page.message()));
        for (const QString &id : {test::kFinished, test::kInterrupted, test::kRunning}) {
            QVERIFY(select(page, id));
            for (int tab = 0; tab < page.details()->count(); ++tab) {
                page.details()->setCurrentIndex(tab);
                page.grab();
            }
        }
        page.filterEdit()->setText(QStringLiteral("bench-20"));
        QCOMPARE(page.filter()->rowCount(), 1);
        page.statusFilter()->setCurrentIndex(
            page.statusFilter()->findData(QStringLiteral("failed")));
        QCOMPARE(page.filter()->rowCount(), 0);
        page.grab();
    }

    void actionsFollowTheSelection()
    {
        StoreService service;
        HistoryPage page(&service);
        QVERIFY(showPage(page, m_store));
        QVERIFY(select(page, test::kFinished));
        QVERIFY(page.openAction()->isEnabled());
        QVERIFY(!page.resumeAction()->isEnabled()); // finished
        QVERIFY(page.deleteAction()->isEnabled());
        QVERIFY(select(page, test::kInterrupted));
        QVERIFY(page.resumeAction()->isEnabled());
        page.setRunBusy(true);
        QVERIFY(!page.resumeAction()->isEnabled()); // one run at a time
        page.setRunBusy(false);
        QVERIFY(select(page, test::kRunning));
        QVERIFY(!page.deleteAction()->isEnabled()); // its runner is alive
        QVERIFY(!page.resumeAction()->isEnabled());

        QSignalSpy resume(&page, &HistoryPage::resumeRequested);
        QVERIFY(select(page, test::kIncomplete));
        page.resumeAction()->trigger();
        QCOMPARE(resume.size(), 1);
        QCOMPARE(resume.first().first().value<RunRow>().id, test::kIncomplete);

        // Retry failed cells: an ended run with an invalid attempt (the finished one has one),
        // one run at a time, never a running one, never one without an invalid attempt.
        QVERIFY(!page.retryAction()->isEnabled()); // the incomplete run: every window valid
        QVERIFY(select(page, test::kRunning));
        QVERIFY(!page.retryAction()->isEnabled());
        QVERIFY(select(page, test::kFinished));
        QVERIFY(page.retryAction()->isEnabled());
        page.setRunBusy(true);
        QVERIFY(!page.retryAction()->isEnabled());
        page.setRunBusy(false);
        QSignalSpy retry(&page, &HistoryPage::retryRequested);
        page.retryAction()->trigger();
        QCOMPARE(retry.size(), 1);
        QCOMPARE(retry.first().first().value<RunRow>().id, test::kFinished);
    }

    void detailsShowGatesEventsAndLogs()
    {
        StoreService service;
        HistoryPage page(&service);
        QVERIFY(showPage(page, m_store));
        QVERIFY(select(page, test::kFinished));
        RunDetails *d = page.details();
        QVERIFY(d->summaryView()->toPlainText().contains(test::kFinished));
        QVERIFY(d->summaryView()->toPlainText().contains(
            QStringLiteral("8 valid window(s), 1 invalid attempt(s)")));
        // The environment record, key by key.
        const auto env =
            d->environmentView()->findItems(QStringLiteral("hostname"), Qt::MatchExactly);
        QCOMPARE(env.size(), 1);
        QCOMPARE(env.first()->text(1), QStringLiteral("bench-10"));
        // The gate that fired, and why.
        QCOMPARE(d->invalidView()->topLevelItemCount(), 1);
        const QTreeWidgetItem *invalid = d->invalidView()->topLevelItem(0);
        QCOMPARE(invalid->text(5), QStringLiteral("foreign_cpu"));
        QCOMPARE(invalid->text(6), QStringLiteral("foreign-cpu 512% >= 450%"));
        const QString gates = d->gatesSummaryView()->toPlainText();
        QVERIFY2(gates.contains(QStringLiteral("foreign_cpu: 1")), qPrintable(gates));
        QVERIFY2(gates.contains(QStringLiteral("powersave")), qPrintable(gates)); // the warning
        // What else the gates count, as the report does: here a server tree that died.
        QVERIFY2(gates.contains(QStringLiteral("the server tree died during round 1 target-a")),
                 qPrintable(gates));
        QCOMPARE(d->tabText(RunDetails::GatesTab), QStringLiteral("Gates (1)"));
        QCOMPARE(d->eventsView()->topLevelItemCount(), 3);
        // Server output per configuration and round, monospace.
        QCOMPARE(d->logList()->count(), 2);
        d->logList()->setCurrentRow(0);
        QVERIFY(d->logView()->toPlainText().contains(QStringLiteral("listening on 127.0.0.1")));
        QVERIFY(d->logView()->toPlainText().contains(QStringLiteral("a warning")));
        QCOMPARE(d->logView()->font().family(),
                 QFontDatabase::systemFont(QFontDatabase::FixedFont).family());
        QVERIFY(d->logView()->font().fixedPitch());
    }

    // Each configuration's cold start beside the run's summary, median [min-max] over its
    // starts; a run without starts shows none.
    void detailsShowTheColdStartPerConfiguration()
    {
        const QString path = freshStore();
        QVERIFY(!path.isEmpty());
        {
            auto opened = store::RunStore::open(path, store::RunStore::OpenMode::Existing);
            QVERIFY(opened.ok());
            for (int round = 0; round < 2; ++round)
                QVERIFY((*opened)
                            ->saveServerStart(store::ServerStartRecord{
                                test::kFinished, QStringLiteral("target-a"), round,
                                QDateTime::currentDateTimeUtc(), 1.5, 10.0 + 10 * round,
                                30.0 + 20 * round, qint64(10) << 20, qint64(5) << 20})
                            .ok());
        }
        StoreService service;
        HistoryPage page(&service);
        QVERIFY(showPage(page, path));
        QVERIFY(select(page, test::kFinished));
        const QString summary = page.details()->summaryView()->toPlainText();
        QVERIFY2(summary.contains(QStringLiteral("Cold start target-a")), qPrintable(summary));
        QVERIFY2(summary.contains(
                     QStringLiteral("2 start(s): exec to accepting 15.0 ms "
                                    "[10.0-20.0], to ready 40.0 ms [30.0-50.0]; "
                                    "at ready RSS 10.0 MiB [10.0-10.0], PSS 5.0 MiB [5.0-5.0]")),
                 qPrintable(summary));
        QVERIFY(!summary.contains(QStringLiteral("Cold start target-b")));
        QVERIFY(select(page, test::kInterrupted));
        QVERIFY(
            !page.details()->summaryView()->toPlainText().contains(QStringLiteral("Cold start")));
    }

    // A run whose load came from other hosts: each configuration's hosts as their agents
    // described themselves (the info "load_hosts"), one row per host in the environment view,
    // and in the summary.
    void detailsShowEachConfigurationsLoadHosts()
    {
        const QString path = freshStore();
        QVERIFY(!path.isEmpty());
        const QString hosts = QStringLiteral(
            "bench-a (root@10.0.0.2): machine bench-a, 8 cores, stackbench 0.9.0, generator "
            "0.41 cores mean of 3 windows; local: machine here, 2 cores, stackbench 0.9.0, "
            "generator 0.39 cores mean of 3 windows");
        {
            auto opened = store::RunStore::open(path, store::RunStore::OpenMode::Existing);
            QVERIFY(opened.ok());
            QVERIFY(
                (*opened)
                    ->saveConfiguration({test::kFinished, QStringLiteral("target-a"),
                                         QJsonObject{{QStringLiteral("command"),
                                                      QStringLiteral("stackbench target --port 1")},
                                                     {QStringLiteral("load_hosts"), hosts}}})
                    .ok());
        }
        StoreService service;
        HistoryPage page(&service);
        QVERIFY(showPage(page, path));
        QVERIFY(select(page, test::kFinished));
        RunDetails *d = page.details();
        const auto top =
            d->environmentView()->findItems(QStringLiteral("load hosts"), Qt::MatchExactly);
        QCOMPARE(top.size(), 1);
        QCOMPARE(top.first()->childCount(), 1); // target-b's load ran here: not listed
        const QTreeWidgetItem *configuration = top.first()->child(0);
        QCOMPARE(configuration->text(0), QStringLiteral("configuration target-a"));
        QCOMPARE(configuration->childCount(), 2);
        QCOMPARE(configuration->child(0)->text(0), QStringLiteral("bench-a (root@10.0.0.2)"));
        QCOMPARE(configuration->child(0)->text(1),
                 QStringLiteral("machine bench-a, 8 cores, stackbench 0.9.0, generator 0.41 "
                                "cores mean of 3 windows"));
        QCOMPARE(configuration->child(1)->text(0), QStringLiteral("local"));
        QVERIFY(configuration->child(1)->text(1).startsWith(QStringLiteral("machine here")));
        const QString summary = d->summaryView()->toPlainText();
        QVERIFY2(summary.contains(QStringLiteral("Load hosts of target-a")), qPrintable(summary));
        QVERIFY(summary.contains(QStringLiteral("bench-a (root@10.0.0.2): machine bench-a")));
        QVERIFY(!summary.contains(QStringLiteral("Load hosts of target-b")));
        // A run without hosts has no such rows.
        QVERIFY(select(page, test::kInterrupted));
        QVERIFY(d->environmentView()
                    ->findItems(QStringLiteral("load hosts"), Qt::MatchExactly)
                    .isEmpty());
    }

    // A configuration on its own host: the host and its machine (the info "host" and
    // "host_environment") in the environment view and the summary.
    void detailsShowEachConfigurationsServerHost()
    {
        const QString path = freshStore();
        QVERIFY(!path.isEmpty());
        const QString host = QStringLiteral("bench-s (root@10.0.0.3): machine bench-s, 8 cores");
        {
            auto opened = store::RunStore::open(path, store::RunStore::OpenMode::Existing);
            QVERIFY(opened.ok());
            QVERIFY((*opened)
                        ->saveConfiguration(
                            {test::kFinished, QStringLiteral("target-a"),
                             QJsonObject{{QStringLiteral("command"),
                                          QStringLiteral("stackbench target --port 1")},
                                         {QStringLiteral("host"), host},
                                         {QStringLiteral("host_environment"),
                                          QJsonObject{{QStringLiteral("kernel"),
                                                       QStringLiteral("6.1.0-28-amd64")},
                                                      {QStringLiteral("cores"), 8}}}}})
                        .ok());
        }
        StoreService service;
        HistoryPage page(&service);
        QVERIFY(showPage(page, path));
        QVERIFY(select(page, test::kFinished));
        RunDetails *d = page.details();
        const auto top =
            d->environmentView()->findItems(QStringLiteral("server hosts"), Qt::MatchExactly);
        QCOMPARE(top.size(), 1);
        QCOMPARE(top.first()->childCount(), 1); // target-b ran here: not listed
        const QTreeWidgetItem *configuration = top.first()->child(0);
        QCOMPARE(configuration->text(0), QStringLiteral("configuration target-a"));
        QCOMPARE(configuration->text(1), QStringLiteral("runs on ") + host);
        QCOMPARE(configuration->childCount(), 2);
        QCOMPARE(configuration->child(0)->text(0), QStringLiteral("cores"));
        QCOMPARE(configuration->child(0)->text(1), QStringLiteral("8"));
        QCOMPARE(configuration->child(1)->text(1), QStringLiteral("6.1.0-28-amd64"));
        const QString summary = d->summaryView()->toPlainText();
        QVERIFY2(summary.contains(QStringLiteral("Server host of target-a")), qPrintable(summary));
        QVERIFY(summary.contains(host));
        QVERIFY(select(page, test::kInterrupted));
        QVERIFY(d->environmentView()
                    ->findItems(QStringLiteral("server hosts"), Qt::MatchExactly)
                    .isEmpty());
    }

    void openShowsTheGrid_data()
    {
        QTest::addColumn<QString>("runId");
        QTest::addColumn<int>("valid");
        QTest::addColumn<int>("remeasured");
        QTest::addColumn<int>("pending");
        QTest::addColumn<int>("cells"); // rows of the cell table
        QTest::newRow("finished") << test::kFinished << 7 << 1 << 0 << 4;
        // The plan's whole matrix, with what the interrupted run did not reach still pending.
        QTest::newRow("interrupted") << test::kInterrupted << 3 << 0 << 5 << 3;
    }

    void openShowsTheGrid()
    {
        QFETCH(QString, runId);
        QFETCH(int, valid);
        QFETCH(int, remeasured);
        QFETCH(int, pending);
        QFETCH(int, cells);
        StoreService service;
        HistoryPage page(&service);
        QVERIFY(showPage(page, m_store));
        QVERIFY(page.selectRun(runId));
        QSignalSpy opened(&page, &HistoryPage::runOpened);
        page.openAction()->trigger(); // before the details arrived: opens when they do
        QVERIFY(opened.wait(10000));
        auto *dialog = opened.first().first().value<RunDialog *>();
        QVERIFY(dialog && dialog->isVisible());
        QCOMPARE(dialog->runId(), runId);
        QAbstractItemModelTester m(dialog->matrix(),
                                   QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester c(dialog->cells(),
                                   QAbstractItemModelTester::FailureReportingMode::QtTest);
        // 2 configurations x 1 route; c=1 and 4 x 2 rounds.
        QCOMPARE(dialog->matrix()->rowCount(), 2);
        QCOMPARE(dialog->matrix()->columnCount(), 4);
        QCOMPARE(dialog->matrix()->count(CellState::Valid), valid);
        QCOMPARE(dialog->matrix()->count(CellState::Remeasured), remeasured);
        QCOMPARE(dialog->matrix()->count(CellState::Pending), pending);
        QCOMPARE(dialog->cells()->rowCount(), cells);
        dialog->grab();
        dialog->close();
    }

    // The dialog's grid says "Double-click to open its timeline": a double-click on a cell
    // opens that window's timeline below the grid (it did nothing).
    void openedCellOpensItsTimeline()
    {
        StoreService service;
        QWidget window; // the dialog is never wider than the window it comes from
        window.resize(1000, 700);
        auto *page = new HistoryPage(&service, &window);
        (new QVBoxLayout(&window))->addWidget(page);
        QSignalSpy loaded(page, &HistoryPage::runsLoaded);
        service.setLocation(m_store);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(loaded.size() > 0 || loaded.wait(10000));
        QVERIFY(page->selectRun(test::kFinished));
        QSignalSpy opened(page, &HistoryPage::runOpened);
        page->openAction()->trigger();
        QVERIFY(opened.wait(10000));
        auto *dialog = opened.first().first().value<RunDialog *>();
        QVERIFY(dialog);
        QVERIFY(QTest::qWaitForWindowExposed(dialog));
        QVERIFY(dialog->width() <= window.width());
        QVERIFY(!dialog->chartPanel()->isVisible());
        QTableView *grid = dialog->matrixView()->table();
        QModelIndex cell;
        for (int r = 0; r < grid->model()->rowCount() && !cell.isValid(); ++r)
            for (int c = 0; c < grid->model()->columnCount() && !cell.isValid(); ++c)
                if (grid->model()->index(r, c).data(MatrixModel::WindowIdRole).toLongLong() > 0)
                    cell = grid->model()->index(r, c);
        QVERIFY(cell.isValid());
        const qint64 id = cell.data(MatrixModel::WindowIdRole).toLongLong();
        QSignalSpy shown(dialog, &RunDialog::windowShown);
        const QPoint at = grid->visualRect(cell).center();
        QTest::mouseClick(grid->viewport(), Qt::LeftButton, {}, at);
        QTest::mouseDClick(grid->viewport(), Qt::LeftButton, {}, at);
        QVERIFY(shown.wait(10000));
        QCOMPARE(shown.first().first().toLongLong(), id);
        QVERIFY(dialog->chartPanel()->isVisible());
        dialog->close();
    }

    // One count of cells for a stored run: re-measured, failed, blocked and still to measure
    // follow from the plan's matrix, the stored attempts and the blocked configurations.
    void storedRunCountsCells_data()
    {
        QTest::addColumn<QString>("status");
        QTest::addColumn<RunCounts>("counts");
        // 4 cells: a re-measured one, one with 3 invalid attempts, one of the blocked
        // configuration, one never reached.
        QTest::newRow("finished") << QStringLiteral("finished") << RunCounts{4, 1, 1, 1, 1, 1, 4};
        QTest::newRow("interrupted")
            << QStringLiteral("interrupted") << RunCounts{4, 1, 1, 0, 1, 2, 4};
    }

    void storedRunCountsCells()
    {
        QFETCH(QString, status);
        QFETCH(RunCounts, counts);
        StoredRun run;
        run.row.status = status;
        const QString a = QStringLiteral("a"), b = QStringLiteral("b"), route = QStringLiteral("r");
        run.schedule = {{0, a, route, 1}, {0, a, route, 4}, {0, b, route, 1}, {1, a, route, 1}};
        const auto window = [&](int round, const QString &c, int conc, int attempt, bool valid) {
            store::WindowRecord w =
                test::fixtureWindow(QStringLiteral("x"), round, c, conc, attempt, valid);
            w.route = route;
            return w;
        };
        run.windows = {window(0, a, 1, 0, false), window(0, a, 1, 1, true),
                       window(0, a, 4, 0, false), window(0, a, 4, 1, false),
                       window(0, a, 4, 2, false)};
        run.events = {{QStringLiteral("x"), QDateTime::currentDateTimeUtc(),
                       QStringLiteral("configuration-blocked"),
                       QStringLiteral("b: port 8000 is taken by another process"),
                       QJsonObject{{QStringLiteral("configuration"), b}}}};
        const RunCounts got = storedRunCounts(run);
        QCOMPARE(got.cells, counts.cells);
        QCOMPARE(got.valid, counts.valid);
        QCOMPARE(got.remeasured, counts.remeasured);
        QCOMPARE(got.failed, counts.failed);
        QCOMPARE(got.blocked, counts.blocked);
        QCOMPARE(got.toMeasure, counts.toMeasure);
        QCOMPARE(got.invalidAttempts, counts.invalidAttempts);
        // The details pane says the blocked configuration and why, beside the counts.
        run.runId = QStringLiteral("x");
        RunDetails details;
        details.setRun(run);
        const QString summary = details.summaryView()->toPlainText();
        QVERIFY2(summary.contains(RunsModel::countsText(counts)), qPrintable(summary));
        QVERIFY2(summary.contains(QStringLiteral("blocked: b: port 8000 is taken")),
                 qPrintable(summary));
    }

    // A stored plan with a ${name} of its own, as the demo's ${data_dir}: the grid of the
    // interrupted run shows the cells it did not reach only when the page reads the plan with
    // the window's plan variables; without them, what was measured.
    void openDrawsThePlannedMatrixWithThePlanVariables_data()
    {
        QTest::addColumn<bool>("variables");
        QTest::addColumn<int>("columns");
        QTest::addColumn<int>("pending");
        QTest::newRow("without the variable") << false << 2 << 1;
        QTest::newRow("with the window's variables") << true << 4 << 5;
    }

    void openDrawsThePlannedMatrixWithThePlanVariables()
    {
        QFETCH(bool, variables);
        QFETCH(int, columns);
        QFETCH(int, pending);
        const QString path = m_dir.filePath(QStringLiteral("variables-%1.sqlite").arg(variables));
        {
            auto opened = store::RunStore::open(path, store::RunStore::OpenMode::Create);
            QVERIFY(opened.ok());
            const run::RunnerIdentity me = run::thisProcess();
            QVERIFY(test::addFixtureRun(
                **opened, test::kInterrupted, QString(store::kStatusRunning), 3,
                {me.pid, me.host, QStringLiteral("another-boot:1")}, 20, [](QByteArray plan) {
                    return plan.replace("\"--threads\", \"1\"",
                                        "\"--threads\", \"1\", \"--db\", \"${data_dir}/t.sqlite\"");
                }));
        }
        StoreService service;
        HistoryPage page(&service);
        if (variables)
            service.setPlanVariables({{QStringLiteral("data_dir"), m_dir.path()}});
        QVERIFY(showPage(page, path));
        QVERIFY(select(page, test::kInterrupted));
        QSignalSpy opened(&page, &HistoryPage::runOpened);
        page.openSelected(); // the details are there: opens at once
        QCOMPARE(opened.size(), 1);
        auto *dialog = opened.first().first().value<RunDialog *>();
        QVERIFY(dialog);
        QCOMPARE(dialog->matrix()->rowCount(), 2);
        QCOMPARE(dialog->matrix()->columnCount(), columns);
        QCOMPARE(dialog->matrix()->count(CellState::Valid), 3);
        QCOMPARE(dialog->matrix()->count(CellState::Pending), pending);
        dialog->close();
    }

    void exportWritesWhatTheCommandLineWrites_data()
    {
        QTest::addColumn<int>("format");
        QTest::addColumn<QStringList>("command");
        QTest::newRow("markdown") << int(ExportFormat::Markdown)
                                  << QStringList{QStringLiteral("report")};
        QTest::newRow("csv") << int(ExportFormat::Csv)
                             << QStringList{QStringLiteral("report"), QStringLiteral("--format"),
                                            QStringLiteral("csv")};
        QTest::newRow("json report")
            << int(ExportFormat::JsonReport)
            << QStringList{QStringLiteral("report"), QStringLiteral("--format"),
                           QStringLiteral("json")};
        QTest::newRow("html report")
            << int(ExportFormat::Html)
            << QStringList{QStringLiteral("report"), QStringLiteral("--format"),
                           QStringLiteral("html")};
        QTest::newRow("full export")
            << int(ExportFormat::FullExport) << QStringList{QStringLiteral("export")};
    }

    void exportWritesWhatTheCommandLineWrites()
    {
        QFETCH(int, format);
        QFETCH(QStringList, command);
        StoreService service;
        HistoryPage page(&service);
        QVERIFY(showPage(page, m_store));
        QVERIFY(select(page, test::kFinished));
        const QString path = m_dir.filePath(QStringLiteral("export-%1").arg(format));
        page.exportRun(ExportFormat(format), path);
        const StoreOperation op = waitForOperation(page);
        QCOMPARE(op.kind, StoreOperation::Kind::Export);
        QVERIFY2(op.error.isEmpty(), qPrintable(op.error));
        QFile written(path);
        QVERIFY(written.open(QIODevice::ReadOnly));
        const QByteArray expected =
            stackbench(command + QStringList{test::kFinished, QStringLiteral("--store"), m_store});
        QVERIFY(!expected.isEmpty());
        QCOMPARE(written.readAll(), expected);
    }

    void importGivesTheSameReportAsTheCommandLine()
    {
        const QString exported = exportFinished(QStringLiteral("finished-export.json"));
        QVERIFY(!exported.isEmpty());
        int code = -1;
        const QString byCli = m_dir.filePath(QStringLiteral("imported-cli.sqlite"));
        stackbench({QStringLiteral("import"), exported, QStringLiteral("--store"), byCli}, &code);
        QCOMPARE(code, 0);

        const QString byGui = m_dir.filePath(QStringLiteral("imported-gui.sqlite"));
        StoreService service;
        HistoryPage page(&service);
        QVERIFY(showPage(page, byGui)); // no store there yet
        QVERIFY2(page.message().contains(QStringLiteral("no run store there yet")),
                 qPrintable(page.message()));
        QSignalSpy loaded(&page, &HistoryPage::runsLoaded);
        page.importFiles({exported});
        const StoreOperation op = waitForOperation(page);
        QVERIFY2(op.error.isEmpty(), qPrintable(op.error));
        QCOMPARE(op.runId, test::kFinished);
        QVERIFY(loaded.wait(10000));
        QCOMPARE(page.selectedRun()->id, test::kFinished); // the imported run is selected
        const QByteArray cliReport = reportJsonOf(byCli, test::kFinished);
        QVERIFY(cliReport.startsWith('{'));
        QCOMPARE(reportJsonOf(byGui, test::kFinished), cliReport);

        // Again: the store already has it, and says so.
        page.importFiles({exported});
        const StoreOperation again = waitForOperation(page);
        QVERIFY2(again.error.contains(exported), qPrintable(again.error));
        QVERIFY2(page.message().contains(QStringLiteral("import failed")),
                 qPrintable(page.message()));
    }

    void aBrokenImportNamesTheJsonPath()
    {
        const QString broken = m_dir.filePath(QStringLiteral("broken.json"));
        QFile f(broken);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"schema\": \"stackbench-export\", \"version\": 1, \"run\": {\"id\": \"r1\"}, "
                "\"windows\": [{\"round\": \"zero\"}]}");
        f.close();
        const QString store = freshStore();
        StoreService service;
        HistoryPage page(&service);
        QVERIFY(showPage(page, store));
        page.importFiles({broken});
        const StoreOperation op = waitForOperation(page);
        QVERIFY2(op.error.contains(broken) && op.error.contains(QStringLiteral("$.run.started_at")),
                 qPrintable(op.error));
        QVERIFY(!op.error.contains(QLatin1Char('\n')));
        QVERIFY(page.message().contains(QStringLiteral("$.run.started_at")));
        QCOMPARE(page.model()->rowCount(), 5); // nothing was left behind
    }

    void dropImportsJsonFiles()
    {
        const QString exported = m_dir.filePath(QStringLiteral("dropped.json"));
        int code = -1;
        stackbench({QStringLiteral("export"), test::kFailed, QStringLiteral("--store"), m_store,
                    QStringLiteral("-o"), exported},
                   &code);
        QCOMPARE(code, 0);
        const QString store = m_dir.filePath(QStringLiteral("dropped.sqlite"));
        StoreService service;
        HistoryPage page(&service);
        QVERIFY(showPage(page, store));
        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(exported),
                      QUrl::fromLocalFile(m_dir.filePath(QStringLiteral("notes.txt")))});
        QCOMPARE(HistoryPage::importableFiles(&mime), QStringList{exported});
        QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton,
                              Qt::NoModifier);
        QCoreApplication::sendEvent(&page, &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QSignalSpy loaded(&page, &HistoryPage::runsLoaded);
        QCoreApplication::sendEvent(&page, &drop);
        const StoreOperation op = waitForOperation(page);
        QVERIFY2(op.error.isEmpty(), qPrintable(op.error));
        QVERIFY(loaded.wait(10000));
        QCOMPARE(page.model()->rowCount(), 1);
        QCOMPARE(page.model()->run(0).id, test::kFailed);
    }

    void deleteAsksAndRemovesTheRun()
    {
        const QString store = freshStore();
        StoreService service;
        HistoryPage page(&service);
        QVERIFY(showPage(page, store));
        QVERIFY(select(page, test::kFinished));
        {
            MessageAnswerer cancel(QMessageBox::Cancel);
            page.deleteAction()->trigger();
            QVERIFY2(cancel.text().contains(QStringLiteral("9 stored window(s)")),
                     qPrintable(cancel.text()));
        }
        QCOMPARE(page.store()->pending(), 0); // nothing was asked of the store
        MessageAnswerer yes(QMessageBox::Yes);
        QSignalSpy loaded(&page, &HistoryPage::runsLoaded);
        page.deleteAction()->trigger();
        const StoreOperation op = waitForOperation(page);
        QCOMPARE(op.kind, StoreOperation::Kind::Delete);
        QVERIFY2(op.error.isEmpty(), qPrintable(op.error));
        QVERIFY(loaded.wait(10000));
        QCOMPARE(page.model()->rowCount(), 4);
        QCOMPARE(page.model()->rowOf(test::kFinished), -1);
        QVERIFY(page.details()->runId().isEmpty());
        auto opened = store::RunStore::open(store, store::RunStore::OpenMode::ReadOnly);
        QVERIFY(opened.ok());
        QCOMPARE(qtCode((*opened)->run(test::kFinished).error()),
                 QStringLiteral("store.not-found"));
        QCOMPARE((*opened)->windows(test::kFinished)->size(), 0);
        QCOMPARE((*opened)->events(test::kFinished)->size(), 0);
    }

    void switchingSaysWhyInOneLine_data()
    {
        QTest::addColumn<QString>("location");
        QTest::addColumn<QString>("shown");
        QTest::newRow("unknown scheme") << QStringLiteral("mysql://me:s3cret@db.example/runs")
                                        << QStringLiteral("mysql://me@db.example/runs");
        QTest::newRow("not a database") << QStringLiteral("garbage") << QStringLiteral("garbage");
    }

    void switchingSaysWhyInOneLine()
    {
        QFETCH(QString, location);
        QFETCH(QString, shown);
        if (location == QLatin1String("garbage")) {
            location = m_dir.filePath(QStringLiteral("garbage.sqlite"));
            QFile f(location);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QByteArray(4096, 'x'));
            shown = location;
        }
        StoreService service;
        HistoryPage page(&service);
        QVERIFY(showPage(page, m_store));
        QSignalSpy switched(&page, &HistoryPage::storeSwitched);
        page.switchStore(location);
        const StoreOperation op = waitForOperation(page);
        QCOMPARE(op.kind, StoreOperation::Kind::Check);
        QVERIFY(!op.error.isEmpty());
        const QString message = page.message();
        QVERIFY2(message.contains(QStringLiteral("cannot switch to %1").arg(shown)),
                 qPrintable(message));
        QVERIFY(!message.contains(QStringLiteral("s3cret")));
        QVERIFY(!message.contains(QLatin1Char('\n')));
        QVERIFY(switched.isEmpty());
        QCOMPARE(page.store()->location(), m_store);
        QCOMPARE(page.model()->rowCount(), 5);
    }

    void switchingListsTheOtherStore()
    {
        const QString other = m_dir.filePath(QStringLiteral("other.sqlite"));
        {
            auto s = store::RunStore::open(other);
            QVERIFY(s.ok());
            QVERIFY(test::addFixtureRun(**s, QStringLiteral("20261202-000000-0009"),
                                        QString(store::kStatusFinished), 2, run::thisProcess(), 5));
        }
        StoreService service;
        HistoryPage page(&service);
        QVERIFY(showPage(page, m_store));
        QVERIFY(switchTo(page, other));
        QCOMPARE(page.model()->rowCount(), 1);
        QCOMPARE(page.store()->location(), other);
    }

    // A postgresql:// store from the GUI: switching lists its runs without ever showing the
    // password, and an export imported there by the page is listed and selected.
    void switchingToPostgresqlListsItsRuns()
    {
        SKIP_WITHOUT_POSTGRES();
        const QString url = postgresStore(QStringLiteral("switched"));
        QVERIFY2(!url.isEmpty(), qPrintable(m_pgFailure));
        const test::PgCluster &cluster = *m_pg;
        StoreService service;
        HistoryPage page(&service);
        QVERIFY(showPage(page, m_store));
        QVERIFY(switchTo(page, url)); // the password kept, not shown
        QCOMPARE(page.model()->rowCount(), 1);
        QSignalSpy loaded(&page, &HistoryPage::runsLoaded);
        const QString shown =
            QStringLiteral("postgresql://postgres@127.0.0.1:%1/switched").arg(cluster.port());
        QVERIFY2(page.message().contains(shown), qPrintable(page.message()));
        QVERIFY(!page.message().contains(QStringLiteral("s3cret")));
        QVERIFY(select(page, test::kInterrupted));
        QCOMPARE(page.details()->invalidView()->topLevelItemCount(), 0);

        const QString exported = exportFinished(QStringLiteral("to-postgres.json"));
        QVERIFY(!exported.isEmpty());
        page.importFiles({exported});
        const StoreOperation op = waitForOperation(page);
        QVERIFY2(op.error.isEmpty(), qPrintable(op.error));
        QVERIFY(loaded.wait(30000));
        QCOMPARE(page.model()->rowCount(), 2);
        QCOMPARE(page.selectedRun()->id, test::kFinished);
        QCOMPARE(reportJsonOf(url, test::kFinished), reportJsonOf(m_store, test::kFinished));
    }

    // Store reads run off the GUI thread: while another session holds the runs table locked,
    // the list waits for it and the GUI thread goes on handling events; the list arrives when
    // the lock goes. (Read on the GUI thread, reload() would block until the database's
    // lock_timeout and return with the error already delivered.)
    void readsRunOffTheGuiThread()
    {
        SKIP_WITHOUT_POSTGRES();
        const QString url = postgresStore(QStringLiteral("locked"));
        QVERIFY2(!url.isEmpty(), qPrintable(m_pgFailure));
        StoreService service;
        HistoryPage page(&service);
        QVERIFY(showPage(page, url));
        QCOMPARE(page.model()->rowCount(), 1);

        QSqlDatabase lock =
            postgresConnection(QStringLiteral("history-lock"), QStringLiteral("locked"));
        QVERIFY2(lock.open(), qPrintable(lock.lastError().text()));
        QVERIFY(lock.transaction());
        QSqlQuery q(lock);
        QVERIFY2(q.exec(QStringLiteral("LOCK TABLE runs IN ACCESS EXCLUSIVE MODE")),
                 qPrintable(q.lastError().text()));

        QSignalSpy loaded(&page, &HistoryPage::runsLoaded);
        int ticks = 0;
        QTimer timer;
        connect(&timer, &QTimer::timeout, this, [&ticks] { ++ticks; });
        timer.start(10);
        page.reload();
        QVERIFY(loaded.isEmpty());
        QCOMPARE(page.store()->pending(), 1);
        QTRY_VERIFY_WITH_TIMEOUT(ticks >= 5, 10000); // the GUI thread handles events meanwhile
        QVERIFY(loaded.isEmpty());                   // and the read still waits for the lock
        QVERIFY(lock.commit());
        QVERIFY(loaded.wait(30000));
        QCOMPARE(page.model()->rowCount(), 1);
        QVERIFY2(!page.message().contains(QStringLiteral("cannot")), qPrintable(page.message()));
        q.finish();
        lock.close();
        lock = QSqlDatabase();
        QSqlDatabase::removeDatabase(QStringLiteral("history-lock"));
    }

    void storeDialogNeverShowsThePassword()
    {
        const QString current = QStringLiteral("postgresql://bench:s3cret@db.example:5432/runs");
        StoreDialog dialog(current);
        QCOMPARE(dialog.locationEdit()->text(),
                 QStringLiteral("postgresql://bench@db.example:5432/runs"));
        QVERIFY(dialog.passwordEdit()->isEnabled());
        QCOMPARE(dialog.passwordEdit()->echoMode(), QLineEdit::Password);
        QCOMPARE(dialog.location(), current); // unchanged: the password is kept
        dialog.passwordEdit()->setText(QStringLiteral("n3w"));
        QCOMPARE(dialog.location(), QStringLiteral("postgresql://bench:n3w@db.example:5432/runs"));
        dialog.passwordEdit()->clear();
        dialog.locationEdit()->setText(QStringLiteral("/tmp/runs.sqlite"));
        QVERIFY(!dialog.passwordEdit()->isEnabled());
        QCOMPARE(dialog.location(), QStringLiteral("/tmp/runs.sqlite"));
        QCOMPARE(
            displayStoreLocation(QStringLiteral("postgres://u:p@h/d?password=x&sslmode=require")),
            QStringLiteral("postgres://u@h/d?sslmode=require"));
    }
};

QTEST_MAIN(TestHistoryPage)
#include "tst_historypage.moc"

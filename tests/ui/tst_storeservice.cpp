// The GUI's one door to the run store (ui/storeservice.h): requests answered in the order they
// were made, off the GUI thread, as values carrying their request id; a read superseded by a
// newer one of its kind from the same requester, or by a switch of the store, is dropped; a
// store that does not exist yet is no error and is not created by reading; operations always
// report. A blocking write holds the store's thread so that requests queue up behind it.

#include "historyfixture.h"
#include "store/runstore.h"
#include "ui/storeservice.h"

#include <QFile>
#include <QFileInfo>
#include <QSemaphore>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <memory>

using namespace sb;

namespace {

// Every result the service delivers or drops, in the order the GUI thread saw them.
struct Answers
{
    QList<quint64> delivered;
    QList<quint64> dropped;
    QList<RunsResult> runs;
    QList<StoredRun> run;
    QList<StoredWindows> windows;
    QList<StoredWindow> window;
    QList<StoreOperation> operations;

    explicit Answers(StoreService &s)
    {
        QObject::connect(&s, &StoreService::runsLoaded, &s, [this](const RunsResult &r) {
            delivered << r.request;
            runs << r;
        });
        QObject::connect(&s, &StoreService::runLoaded, &s, [this](const StoredRun &r) {
            delivered << r.request;
            run << r;
        });
        QObject::connect(&s, &StoreService::windowsLoaded, &s, [this](const StoredWindows &r) {
            delivered << r.request;
            windows << r;
        });
        QObject::connect(&s, &StoreService::windowLoaded, &s, [this](const StoredWindow &r) {
            delivered << r.request;
            window << r;
        });
        QObject::connect(&s, &StoreService::comparisonLoaded, &s,
                         [this](const charts::CompareResult &r) { delivered << r.id; });
        QObject::connect(&s, &StoreService::operationFinished, &s, [this](const StoreOperation &r) {
            delivered << r.request;
            operations << r;
        });
        QObject::connect(&s, &StoreService::resultDropped, &s,
                         [this](quint64 request) { dropped << request; });
    }
};

// Holds the store's thread in a write until release(), so that requests queue up behind it.
class Gate
{
public:
    // Posts the blocking write to `s`.
    explicit Gate(StoreService &s)
    {
        QSemaphore *entered = &m_entered;
        QSemaphore *open = &m_open;
        m_request = s.requestWrite([entered, open](store::RunStore &) -> sb::Result<QString> {
            entered->release();
            open->acquire();
            return QStringLiteral("gate");
        });
        m_entered.acquire(); // the store's thread is in the write now
    }
    ~Gate() { release(); }
    void release()
    {
        if (!m_released)
            m_open.release();
        m_released = true;
    }
    quint64 request() const { return m_request; }

private:
    QSemaphore m_entered;
    QSemaphore m_open;
    quint64 m_request = 0;
    bool m_released = false;
};

} // namespace

class TestStoreService : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_fixture; // the five History runs
    int m_copies = 0;

    QString freshStore()
    {
        const QString path = m_dir.filePath(QStringLiteral("copy-%1.sqlite").arg(++m_copies));
        return QFile::copy(m_fixture, path) ? path : QString();
    }

    // The stored windows of `runId` at `location`, read through the service.
    static QVector<store::WindowRecord> windowsOf(StoreService &s, const QString &runId,
                                                  const QString &location)
    {
        QSignalSpy loaded(&s, &StoreService::windowsLoaded);
        s.requestWindows(runId, false, location);
        if (!loaded.wait(30000))
            return {};
        return loaded.first().first().value<StoredWindows>().windows;
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        m_fixture = m_dir.filePath(QStringLiteral("fixture.sqlite"));
        QVERIFY(test::fillHistoryStore(m_fixture));
    }

    // Requests made while the store's thread is busy are answered one after another, in the
    // order they were made, whoever made them and whatever their kind.
    void concurrentRequestsAreAnsweredInOrder()
    {
        StoreService s;
        s.setLocation(freshStore());
        QObject pageA, pageB, pageC;
        const qint64 windowId = windowsOf(s, test::kFinished, s.location()).value(0).id;
        QVERIFY(windowId > 0);
        Answers answers(s);

        QList<quint64> asked;
        {
            Gate gate(s);
            asked << gate.request();
            asked << s.requestRuns(&pageA);
            asked << s.requestRun(test::kFinished, &pageB);
            asked << s.requestWindows(test::kInterrupted, true, s.location(), &pageC);
            asked << s.requestWindow(windowId, s.location(), &pageA);
            asked << s.requestCheck(s.location());
            asked << s.requestRuns(&pageB);
            QCOMPARE(s.pending(), asked.size());
            // The GUI thread goes on while the store's thread is held: nothing has arrived.
            QTest::qWait(0);
            QVERIFY(answers.delivered.isEmpty());
        }
        QTRY_COMPARE_WITH_TIMEOUT(s.pending(), 0, 30000);
        QCOMPARE(answers.delivered, asked); // every one, in order
        QVERIFY(answers.dropped.isEmpty());
        for (int i = 1; i < asked.size(); ++i)
            QVERIFY(asked[i] > asked[i - 1]);
        QCOMPARE(answers.runs.size(), 2);
        QCOMPARE(answers.runs[0].runs.size(), 5);
        QCOMPARE(answers.runs[0].records.size(), 5);
        QCOMPARE(answers.run.value(0).runId, test::kFinished);
        QVERIFY2(answers.run.value(0).error.isEmpty(), qPrintable(answers.run.value(0).error));
        QCOMPARE(answers.run.value(0).windows.size(), 9);
        QCOMPARE(answers.windows.value(0).run.id, test::kInterrupted);
        QCOMPARE(answers.windows.value(0).windows.size(), 3);
        QCOMPARE(answers.window.value(0).window.id, windowId);
        QCOMPARE(answers.window.value(0).window.runId, test::kFinished);
        QCOMPARE(answers.operations.size(), 2); // the gate's write and the check
        QCOMPARE(answers.operations[1].kind, StoreOperation::Kind::Check);
        QVERIFY(answers.operations[1].error.isEmpty());
    }

    // A newer read of the same kind by the same requester supersedes the older: its result is
    // dropped. Other requesters and other kinds are not affected.
    void staleResultsAreDropped()
    {
        StoreService s;
        s.setLocation(freshStore());
        Answers answers(s);
        QObject page, other;
        quint64 runs1 = 0, runs2 = 0, runsOther = 0, run1 = 0, run2 = 0, unnamed1 = 0, unnamed2 = 0;
        {
            Gate gate(s);
            runs1 = s.requestRuns(&page);
            run1 = s.requestRun(test::kInterrupted, &page);
            runsOther = s.requestRuns(&other);
            runs2 = s.requestRuns(&page);
            run2 = s.requestRun(test::kFailed, &page);
            unnamed1 = s.requestRuns();
            unnamed2 = s.requestRuns();
        }
        QTRY_COMPARE_WITH_TIMEOUT(s.pending(), 0, 30000);
        QCOMPARE(answers.dropped, (QList<quint64>{runs1, run1, unnamed1}));
        QList<quint64> runsDelivered;
        for (const RunsResult &r : std::as_const(answers.runs))
            runsDelivered << r.request;
        QCOMPARE(runsDelivered, (QList<quint64>{runsOther, runs2, unnamed2}));
        QCOMPARE(answers.run.size(), 1);
        QCOMPARE(answers.run.first().request, run2);
        QCOMPARE(answers.run.first().runId, test::kFailed);

        // Superseded after it was asked but before it arrived: dropped too.
        answers.dropped.clear();
        answers.runs.clear();
        const quint64 first = s.requestRuns(&page);
        const quint64 second = s.requestRuns(&page);
        QTRY_COMPARE_WITH_TIMEOUT(s.pending(), 0, 30000);
        QCOMPARE(answers.dropped, QList<quint64>{first});
        QCOMPARE(answers.runs.size(), 1);
        QCOMPARE(answers.runs.first().request, second);
    }

    // No store at the location yet: the list is empty and says so without an error, and
    // reading creates nothing; reads of one run or window say what is missing.
    void aRequestOnAMissingStore()
    {
        const QString nowhere = m_dir.filePath(QStringLiteral("nothing-here.sqlite"));
        StoreService s;
        s.setLocation(nowhere);
        Answers answers(s);
        s.requestRuns();
        s.requestRun(test::kFinished);
        s.requestWindows(test::kFinished, true, nowhere);
        s.requestWindow(1, nowhere);
        s.requestCheck(nowhere);
        s.requestExport(test::kFinished, ExportFormat::Markdown,
                        m_dir.filePath(QStringLiteral("nothing.md")));
        QTRY_COMPARE_WITH_TIMEOUT(s.pending(), 0, 30000);
        QCOMPARE(answers.delivered.size(), 6);
        const RunsResult runs = answers.runs.value(0);
        QVERIFY(runs.missing);
        QVERIFY(runs.error.isEmpty());
        QVERIFY(runs.runs.isEmpty());
        QCOMPARE(runs.location, nowhere);
        for (const QString &error : {answers.run.value(0).error, answers.windows.value(0).error,
                                     answers.window.value(0).error}) {
            QVERIFY(!error.isEmpty());
            QVERIFY2(error.contains(nowhere), qPrintable(error));
            QVERIFY(!error.contains(QLatin1Char('\n')));
        }
        QCOMPARE(answers.operations.value(0).kind, StoreOperation::Kind::Check);
        QVERIFY(answers.operations.value(0).missing);
        QVERIFY(answers.operations.value(0).error.isEmpty());
        QCOMPARE(answers.operations.value(1).kind, StoreOperation::Kind::Export);
        QVERIFY(!answers.operations.value(1).error.isEmpty());
        QVERIFY(!QFileInfo::exists(nowhere));
        QVERIFY(!QFileInfo::exists(m_dir.filePath(QStringLiteral("nothing.md"))));
    }

    // Switching the store drops the reads of the old one still to come and says so once; the
    // reads of a run's own store (an explicit location) and operations are not affected.
    void aStoreSwitch()
    {
        const QString first = freshStore();
        const QString second = freshStore();
        {
            auto opened = store::RunStore::open(second, store::RunStore::OpenMode::Existing);
            QVERIFY(opened.ok());
            QVERIFY((*opened)->deleteRun(test::kFinished).ok());
        }
        StoreService s;
        QSignalSpy changed(&s, &StoreService::locationChanged);
        QVERIFY(s.setLocation(first));
        QVERIFY(!s.setLocation(first)); // the same store: nothing changes
        QCOMPARE(changed.size(), 1);
        Answers answers(s);
        QObject page;
        const qint64 windowId = windowsOf(s, test::kFinished, first).value(0).id;
        QVERIFY(windowId > 0);
        quint64 oldRuns = 0, oldRun = 0, ownStore = 0, check = 0, newRuns = 0;
        {
            Gate gate(s);
            oldRuns = s.requestRuns(&page);
            oldRun = s.requestRun(test::kFinished, &page);
            ownStore = s.requestWindow(windowId, first, &page);
            check = s.requestCheck(second);
            QVERIFY(s.setLocation(second));
            newRuns = s.requestRuns(&page);
        }
        QTRY_COMPARE_WITH_TIMEOUT(s.pending(), 0, 30000);
        QCOMPARE(changed.size(), 2);
        QCOMPARE(changed.last().first().toString(), second);
        QCOMPARE(answers.dropped, (QList<quint64>{oldRuns, oldRun}));
        QCOMPARE(answers.runs.size(), 1);
        QCOMPARE(answers.runs.first().request, newRuns);
        QCOMPARE(answers.runs.first().runs.size(), 4); // the second store's
        QCOMPARE(answers.window.size(), 1);
        QCOMPARE(answers.window.first().request, ownStore);
        QCOMPARE(answers.window.first().window.id, windowId);
        QVERIFY(answers.operations.size() == 2 && answers.operations.last().request == check);
    }

    // Writes go through the service too: a write creates the store when missing, and the reads
    // after it see what it wrote.
    void writesAndTheReadsAfterThem()
    {
        const QString path = m_dir.filePath(QStringLiteral("written.sqlite"));
        StoreService s;
        s.setLocation(path);
        Answers answers(s);
        QObject before, after, afterDelete; // three lists, none superseding another
        s.requestRuns(&before); // opens nothing: there is no store yet
        s.requestWrite([](store::RunStore &store) -> sb::Result<QString> {
            if (!test::addFixtureRun(store, test::kFailed, QString(store::kStatusFailed), 1,
                                     run::thisProcess(), 30))
                return sb::Error{"test.write", "", "cannot write the fixture run"};
            return test::kFailed;
        });
        s.requestRuns(&after);
        const QString exported = m_dir.filePath(QStringLiteral("written.md"));
        s.requestExport(test::kFailed, ExportFormat::Markdown, exported);
        s.requestDelete(test::kFailed);
        s.requestRuns(&afterDelete);
        QTRY_COMPARE_WITH_TIMEOUT(s.pending(), 0, 30000);
        QCOMPARE(answers.runs.size(), 3);
        QVERIFY(answers.runs[0].missing);
        QCOMPARE(answers.runs[1].runs.size(), 1);
        QCOMPARE(answers.runs[1].runs.first().id, test::kFailed);
        QCOMPARE(answers.runs[2].runs.size(), 0);
        QCOMPARE(answers.operations.size(), 3);
        for (const StoreOperation &op : std::as_const(answers.operations)) {
            QVERIFY2(op.error.isEmpty(), qPrintable(op.error));
            QCOMPARE(op.runId, test::kFailed);
        }
        QCOMPARE(answers.operations[0].kind, StoreOperation::Kind::Write);
        QFile md(exported);
        QVERIFY(md.open(QIODevice::ReadOnly));
        QVERIFY(md.readAll().contains(test::kFailed.toUtf8()));
    }

    // Destroyed with requests still waiting: it waits for the one going on, skips the rest and
    // delivers nothing after.
    void destroyedWithRequestsWaiting()
    {
        const QString path = freshStore();
        auto s = std::make_unique<StoreService>();
        s->setLocation(path);
        Answers answers(*s);
        QObject requesters[20]; // a lane each: none supersedes another
        auto gate = std::make_unique<Gate>(*s);
        for (const QObject &requester : requesters)
            s->requestRun(test::kFinished, &requester);
        gate->release();
        s.reset(); // waits for the thread
        gate.reset();
        QTest::qWait(0);
        QVERIFY(answers.delivered.isEmpty());
    }
};

QTEST_MAIN(TestStoreService)
#include "tst_storeservice.moc"

// Cold start (issue 25, item 4): every start of a configuration's tree that became ready is
// stored with its figures (spawn -> exec, exec -> accepting, exec -> ready, the tree's RSS and
// PSS at ready), a failed start stores nothing, a store of schema version 5 migrates, the export
// carries the starts, and the report has a Cold start section, escaped.

#include "core/qterror.h"
#include "report/coldstartreport.h"
#include "report/reporthtml.h"
#include "report/reportjson.h"
#include "report/reportmarkdown.h"
#include "report/runreport.h"
#include "run/runner.h"
#include "runplans.h"
#include "store/runexport.h"
#include "store/runstore.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace sb;

class TstColdStart : public QObject
{
    Q_OBJECT

private:
    sb::test::RunPlans plans() const { return sb::test::RunPlans(m_dir.path(), m_db); }

    // The target configuration `name`, its command run behind `sh -c SCRIPT` (which ends with
    // exec "$0" "$@" to become the target).
    QJsonObject wrapped(const QString &name, const QString &script) const
    {
        return plans().target(name, {QStringLiteral("sh"), QStringLiteral("-c"), script});
    }

    // Runs the configurations for `rounds` rounds (a fresh tree each round) into NAME.sqlite;
    // returns the run id, "" when the run did not happen.
    QString run(const QString &name, const QJsonArray &configurations, int rounds,
                sb::Result<run::RunFinished> *finished = nullptr) const
    {
        QJsonObject profile = sb::test::RunPlans::profile(rounds, QJsonArray{1}, 0.3, 0);
        profile.insert(QStringLiteral("process"), QStringLiteral("round"));
        const QString plan = plans().write(
            name, QJsonObject{{QStringLiteral("configurations"), configurations},
                              {QStringLiteral("routes"), sb::test::RunPlans::routes(1)},
                              {QStringLiteral("profiles"),
                               QJsonObject{{QStringLiteral("quick"), profile}}}});
        run::Runner runner;
        run::RunOptions options;
        options.planPath = plan;
        options.storeLocation = plans().store(name);
        sb::Result<run::RunFinished> result = runner.run(options);
        if (finished)
            *finished = result;
        if (!result.ok())
            qWarning("%s", qPrintable(sb::test::resultText(result)));
        return result.ok() ? result->runId : QString();
    }

    QVector<store::ServerStartRecord> startsOf(const QString &name, const QString &runId) const
    {
        auto store =
            store::RunStore::open(plans().store(name), store::RunStore::OpenMode::ReadOnly);
        if (!store.ok())
            return {};
        auto starts = (*store)->serverStarts(runId);
        return starts.ok() ? *starts : QVector<store::ServerStartRecord>{};
    }

    static store::ServerStartRecord start(const QString &configuration, int round, double acceptMs,
                                          double readyMs, qint64 rssBytes)
    {
        return store::ServerStartRecord{QStringLiteral("20261202-120000-abcd"),
                                        configuration,
                                        round,
                                        QDateTime::fromString(QStringLiteral("2026-12-02T12:00:0"
                                                                             "0.250Z"),
                                                              Qt::ISODateWithMs),
                                        1.5,
                                        acceptMs,
                                        readyMs,
                                        rssBytes,
                                        rssBytes / 2};
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_db = m_dir.filePath(QStringLiteral("target.sqlite"));
        const QString seeded = sb::test::seedTarget(m_db);
        QVERIFY2(seeded.isEmpty(), qPrintable(seeded));
    }

    // Two rounds, a fresh tree each: two starts, each with its figures in order.
    void everyStartIsStoredWithOrderedFigures()
    {
        const QString runId =
            run(QStringLiteral("ordered"), QJsonArray{plans().target(QStringLiteral("a"))}, 2);
        QVERIFY(!runId.isEmpty());
        const QVector<store::ServerStartRecord> starts = startsOf(QStringLiteral("ordered"), runId);
        QCOMPARE(starts.size(), 2);
        for (int i = 0; i < starts.size(); ++i) {
            const store::ServerStartRecord &s = starts[i];
            QCOMPARE(s.runId, runId);
            QCOMPARE(s.configuration, QStringLiteral("a"));
            QCOMPARE(s.round, i);
            QVERIFY(s.startedAt.isValid());
            QVERIFY2(s.execMs > 0, qPrintable(QString::number(s.execMs)));
            QVERIFY2(s.acceptMs >= 0, qPrintable(QString::number(s.acceptMs)));
            QVERIFY2(s.readyMs >= s.acceptMs,
                     qPrintable(QStringLiteral("%1 < %2").arg(s.readyMs).arg(s.acceptMs)));
            QVERIFY2(s.rssBytes > 1024 * 1024, qPrintable(QString::number(s.rssBytes)));
            QVERIFY2(s.pssBytes > 0 && s.pssBytes <= s.rssBytes,
                     qPrintable(QStringLiteral("PSS %1, RSS %2").arg(s.pssBytes).arg(s.rssBytes)));
        }
        QVERIFY(starts[1].startedAt >= starts[0].startedAt);

        // The run's report has the section, its row and each start.
        auto store = store::RunStore::open(plans().store(QStringLiteral("ordered")),
                                           store::RunStore::OpenMode::ReadOnly);
        QVERIFY(store.ok());
        const auto report = report::loadRunReport(**store, runId);
        QVERIFY(report.ok());
        QCOMPARE(report->starts.size(), 2);
        const QString markdown = report::reportMarkdown(*report);
        QVERIFY2(markdown.contains(QStringLiteral("## Cold start")), qPrintable(markdown));
        QVERIFY(markdown.contains(QStringLiteral("| `a` | 2 |")) ||
                markdown.contains(QStringLiteral("| a | 2 |")));

        const QJsonObject json = report::reportJson(*report);
        const QJsonArray perConfiguration = json.value(QStringLiteral("cold_start")).toArray();
        QCOMPARE(perConfiguration.size(), 1);
        QCOMPARE(perConfiguration[0].toObject().value(QStringLiteral("starts")).toInt(), 2);
        QCOMPARE(json.value(QStringLiteral("server_starts")).toArray().size(), 2);

        // The export carries them, and an import brings them back.
        const auto exported = store::exportRun(**store, runId);
        QVERIFY(exported.ok());
        const QJsonArray array = exported->value(QStringLiteral("server_starts")).toArray();
        QCOMPARE(array.size(), 2);
        QCOMPARE(array[0].toObject().value(QStringLiteral("ready_ms")).toDouble(),
                 starts[0].readyMs);
        auto other = store::RunStore::open(m_dir.filePath(QStringLiteral("imported.sqlite")));
        QVERIFY(other.ok());
        const auto imported = store::importRun(**other, *exported);
        QVERIFY2(imported.ok(), imported.ok() ? "" : qPrintable(sb::qtText(imported.error())));
        const auto back = (*other)->serverStarts(runId);
        QVERIFY(back.ok());
        QCOMPARE(back->size(), 2);
        QCOMPARE(back->at(1).acceptMs, starts[1].acceptMs);
        QCOMPARE(back->at(1).pssBytes, starts[1].pssBytes);
        QCOMPARE(back->at(1).startedAt, starts[1].startedAt);
    }

    // A server that sleeps before it listens: exec -> accepting is at least the sleep.
    void sleepBeforeListeningShowsInAccept()
    {
        const int sleepMs = 400;
        const QString runId =
            run(QStringLiteral("sleepy"),
                QJsonArray{wrapped(QStringLiteral("sleepy"),
                                   QStringLiteral("sleep 0.4; exec \"$0\" \"$@\""))},
                1);
        QVERIFY(!runId.isEmpty());
        const QVector<store::ServerStartRecord> starts = startsOf(QStringLiteral("sleepy"), runId);
        QCOMPARE(starts.size(), 1);
        QVERIFY2(starts[0].acceptMs >= sleepMs, qPrintable(QString::number(starts[0].acceptMs)));
        QVERIFY(starts[0].readyMs >= starts[0].acceptMs);
    }

    // A start that fails (the server exits; it never becomes ready) stores no start.
    void failedStartStoresNothing_data()
    {
        QTest::addColumn<QString>("script");
        QTest::addColumn<int>("readyTimeoutS");
        QTest::newRow("exits") << QStringLiteral("echo bye >&2; exit 3") << 60;
        QTest::newRow("never ready") << QStringLiteral("exec sleep 30") << 1;
    }
    void failedStartStoresNothing()
    {
        QFETCH(QString, script);
        QFETCH(int, readyTimeoutS);
        QJsonObject c = plans().target(QStringLiteral("broken"));
        c.insert(QStringLiteral("command"),
                 QJsonArray{QStringLiteral("sh"), QStringLiteral("-c"), script});
        c.insert(QStringLiteral("ready"),
                 QJsonObject{{QStringLiteral("path"), QStringLiteral("/health")},
                             {QStringLiteral("timeout_s"), readyTimeoutS}});
        const QString name =
            QStringLiteral("broken-") + QString::fromLatin1(QTest::currentDataTag())
                                            .replace(QLatin1Char(' '), QLatin1Char('-'));
        sb::Result<run::RunFinished> finished = sb::qtError(QStringLiteral("x"), {}, {});
        const QString runId = run(name, QJsonArray{c}, 1, &finished);
        QVERIFY(!runId.isEmpty());
        QCOMPARE(finished->blockedConfigurations.size(), 1);
        auto store =
            store::RunStore::open(plans().store(name), store::RunStore::OpenMode::ReadOnly);
        QVERIFY(store.ok());
        const auto starts = (*store)->serverStarts(runId);
        QVERIFY(starts.ok());
        QVERIFY(starts->isEmpty());
        const auto report = report::loadRunReport(**store, runId);
        QVERIFY(report.ok());
        QVERIFY(report::reportMarkdown(*report).contains(QStringLiteral("No start was recorded")));
    }

    // A store of schema version 5 (before server_starts): read as it is, it has no starts;
    // opened to write, it migrates and then keeps them (deleting the run deletes them).
    void storeOfVersion5Migrates()
    {
        const QString path = m_dir.filePath(QStringLiteral("v5.sqlite"));
        const QString runId = QStringLiteral("20261202-120000-abcd");
        {
            auto store = store::RunStore::open(path);
            QVERIFY(store.ok());
            store::RunRecord run;
            run.id = runId;
            run.startedAt = QDateTime::currentDateTimeUtc();
            QVERIFY((*store)->createRun(run).ok());
        }
        {
            // Back to version 5 as that version made it: no table, no step 6 (nor a later one).
            QSqlDatabase raw =
                QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("raw"));
            raw.setDatabaseName(path);
            QVERIFY(raw.open());
            QSqlQuery q(raw);
            QVERIFY(q.exec(QStringLiteral("DROP TABLE server_starts")));
            QVERIFY(q.exec(QStringLiteral("DROP TABLE IF EXISTS profiles"))); // version 7
            QVERIFY(q.exec(QStringLiteral("DELETE FROM schema_version WHERE version >= 6")));
            q.finish();
            raw.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("raw"));
        {
            auto old = store::RunStore::open(path, store::RunStore::OpenMode::ReadOnly);
            QVERIFY(old.ok());
            QCOMPARE((*old)->schemaVersion(), 5);
            const auto none = (*old)->serverStarts(runId);
            QVERIFY2(none.ok(), none.ok() ? "" : qPrintable(sb::qtText(none.error())));
            QVERIFY(none->isEmpty());
            QVERIFY(!(*old)->saveServerStart(start(QStringLiteral("a"), 0, 1, 2, 3)).ok());
        }
        auto store = store::RunStore::open(path, store::RunStore::OpenMode::Existing);
        QVERIFY2(store.ok(), store.ok() ? "" : qPrintable(sb::qtText(store.error())));
        QCOMPARE((*store)->schemaVersion(), store::RunStore::latestSchemaVersion());
        QVERIFY(store::RunStore::latestSchemaVersion() >= 6);
        const store::ServerStartRecord written =
            start(QStringLiteral("a"), 2, 12.5, 40.25, 7 << 20);
        QVERIFY((*store)->saveServerStart(written).ok());
        const auto read = (*store)->serverStarts(runId);
        QVERIFY(read.ok());
        QCOMPARE(read->size(), 1);
        const store::ServerStartRecord &s = read->first();
        QCOMPARE(s.configuration, written.configuration);
        QCOMPARE(s.round, 2);
        QCOMPARE(s.startedAt, written.startedAt);
        QCOMPARE(s.execMs, written.execMs);
        QCOMPARE(s.acceptMs, 12.5);
        QCOMPARE(s.readyMs, 40.25);
        QCOMPARE(s.rssBytes, qint64(7 << 20));
        QCOMPARE(s.pssBytes, written.pssBytes);
        QVERIFY((*store)->deleteRun(runId).ok());
        QVERIFY((*store)->serverStarts(runId)->isEmpty());
    }

    // The section: one row per configuration with its starts, every start listed, a hostile
    // name escaped in Markdown and HTML alike.
    void reportSectionPerConfiguration()
    {
        const QString hostile = QStringLiteral("<img src=x onerror=alert(1)>|*x*");
        report::RunReport r;
        r.configurations = {QStringLiteral("native"), hostile};
        r.starts = {start(QStringLiteral("native"), 0, 10, 30, 10 << 20),
                    start(hostile, 0, 100, 300, 50 << 20),
                    start(QStringLiteral("native"), 1, 20, 50, 12 << 20),
                    start(hostile, 1, -1, 200, 40 << 20),
                    start(QStringLiteral("native"), 2, 30, 40, 11 << 20)};
        const QVector<report::ColdStartSummary> summaries = report::coldStartSummaries(r);
        QCOMPARE(summaries.size(), 2);
        QCOMPARE(summaries[0].configuration, QStringLiteral("native"));
        QCOMPARE(summaries[0].starts, 3);
        QCOMPARE(summaries[0].acceptMs.median, 20.0);
        QCOMPARE(summaries[0].readyMs.min, 30.0);
        QCOMPARE(summaries[0].readyMs.max, 50.0);
        QCOMPARE(summaries[1].starts, 2);
        QCOMPARE(summaries[1].acceptMs.n, std::size_t(1)); // the unmeasured one left out
        QCOMPARE(report::coldStartMsText(summaries[0].readyMs),
                 QStringLiteral("40.0 ms [30.0-50.0]"));

        const report::Document section = report::coldStartSection(r, true);
        QVector<report::Table> tables;
        for (const report::Block &b : section.blocks())
            if (b.kind == report::Block::Kind::Table)
                tables << b.table;
        QCOMPARE(tables.size(), 2);
        QCOMPARE(tables[0].rows.size(), 2);               // one per configuration
        QCOMPARE(tables[1].rows.size(), r.starts.size()); // every start
        QCOMPARE(tables[0].rows[1][0].plainText(), hostile);

        const QString html = report::htmlOf(section);
        QVERIFY(!html.contains(QStringLiteral("<img")));
        QVERIFY(html.contains(QStringLiteral("&lt;img src=x onerror=alert(1)&gt;")));
        const QString markdown = report::markdownOf(section);
        QVERIFY(!markdown.contains(hostile));
        QVERIFY(markdown.contains(QStringLiteral("\\<img src=x onerror=alert(1)>\\|\\*x\\*")));
        QVERIFY(!markdown.contains(QStringLiteral(" <img")));
        QVERIFY2(markdown.contains(QStringLiteral("40.0 ms \\[30.0-50.0]")), qPrintable(markdown));

        // Many starts: Markdown sums them up and says where each one is; HTML lists them all.
        for (int i = 0; i < report::kColdStartRowsInline; ++i)
            r.starts << start(QStringLiteral("native"), 3 + i, 10, 30, 10 << 20);
        int markdownTables = 0;
        const report::Document few = report::coldStartSection(r, false);
        for (const report::Block &b : few.blocks())
            markdownTables += b.kind == report::Block::Kind::Table;
        QCOMPARE(markdownTables, 1);
        QVERIFY(report::markdownOf(few).contains(QStringLiteral("%1 starts").arg(r.starts.size())));
        const QString page = QString::fromUtf8(report::reportHtml(r, {}, {}));
        QVERIFY(page.contains(QStringLiteral("Cold start")));
        QCOMPARE(page.count(QStringLiteral("2026-12-02 12:00:00.250")), r.starts.size());
    }

private:
    QTemporaryDir m_dir;
    QString m_db;
};

QTEST_GUILESS_MAIN(TstColdStart)
#include "tst_coldstart.moc"

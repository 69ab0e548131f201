// The outline is the selection: ticks by name that survive edits of the plan, the profile, and
// what Start would run (filters, window count, estimate).
#include "plan/planloader.h"
#include "ui/models/outlinemodel.h"

#include <QAbstractItemModelTester>
#include <QFile>
#include <QSignalSpy>
#include <QTest>

using sb::OutlineModel;

class TestOutlineModel : public QObject
{
    Q_OBJECT

    static QByteArray twoTargetsText()
    {
        QFile f(QStringLiteral(STACKBENCH_TEST_DATA "/plans/valid/two-targets.json"));
        if (!f.open(QIODevice::ReadOnly))
            qFatal("cannot read two-targets.json");
        return f.readAll();
    }

    static sb::plan::Plan parse(const QByteArray &text)
    {
        sb::plan::PlanLoad load = sb::plan::parsePlan(
            text, QStringLiteral("p.json"), QStringLiteral(STACKBENCH_TEST_DATA),
            {{QStringLiteral("stackbench"), QStringLiteral("/bin/true")}});
        if (!load.ok())
            qFatal("%s", qPrintable(load.errorText()));
        return *load.plan;
    }

    static QModelIndex child(const OutlineModel &m, OutlineModel::Group g, int row)
    {
        return m.index(row, 0, m.index(g, 0));
    }

private slots:
    void passesTheModelTester()
    {
        OutlineModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setPlan(parse(twoTargetsText()));
        model.setChecked(OutlineModel::RoutesGroup, QStringLiteral("user"), false);
        model.setData(model.index(OutlineModel::ConfigurationsGroup, 0), Qt::Unchecked,
                      Qt::CheckStateRole);
        QByteArray twoProfiles = twoTargetsText();
        twoProfiles.replace("\"profiles\": {",
                            "\"profiles\": {\n \"wide\": { \"concurrency\": [1, 2, 3] },");
        model.setPlan(parse(twoProfiles));
        model.setProfile(QStringLiteral("wide"));
        model.setProfile(QStringLiteral("quick"));
        model.setPlan(std::nullopt);
        model.setPlan(parse(twoTargetsText()));
    }

    void everythingTickedMeansNoFilter()
    {
        OutlineModel model;
        model.setPlan(parse(twoTargetsText()));
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.rowCount(model.index(OutlineModel::ConfigurationsGroup, 0)), 2);
        QCOMPARE(model.rowCount(model.index(OutlineModel::RoutesGroup, 0)), 3);
        QCOMPARE(model.rowCount(model.index(OutlineModel::ConcurrencyGroup, 0)), 2);
        sb::run::RunOptions options;
        model.applyTo(options);
        QCOMPARE(options.profile, QStringLiteral("quick"));
        QVERIFY(options.only.isEmpty());
        QVERIFY(options.routes.isEmpty());
        QCOMPARE(model.estimate().windows, 2 * 2 * 3 * 2);
    }

    void untickingARouteFiltersIt()
    {
        OutlineModel model;
        model.setPlan(parse(twoTargetsText()));
        QSignalSpy changed(&model, &OutlineModel::selectionChanged);
        QVERIFY(model.setData(child(model, OutlineModel::RoutesGroup, 1), Qt::Unchecked,
                              Qt::CheckStateRole));
        QCOMPARE(changed.size(), 1);
        QCOMPARE(child(model, OutlineModel::RoutesGroup, 1).data(Qt::CheckStateRole).toInt(),
                 int(Qt::Unchecked));
        QCOMPARE(model.index(OutlineModel::RoutesGroup, 0).data(Qt::CheckStateRole).toInt(),
                 int(Qt::PartiallyChecked));
        sb::run::RunOptions options;
        model.applyTo(options);
        QCOMPARE(options.routes, (QStringList{QStringLiteral("health"), QStringLiteral("echo")}));
        QVERIFY(options.only.isEmpty());
        QCOMPARE(model.estimate().windows, 2 * 2 * 2 * 2);
    }

    void aGroupTickSetsEveryChild()
    {
        OutlineModel model;
        model.setPlan(parse(twoTargetsText()));
        const QModelIndex group = model.index(OutlineModel::ConfigurationsGroup, 0);
        QVERIFY(model.setData(group, Qt::Unchecked, Qt::CheckStateRole));
        QVERIFY(model.selectedConfigurations().isEmpty());
        QCOMPARE(model.estimate().windows, 0);
        QVERIFY(model.setData(group, Qt::Checked, Qt::CheckStateRole));
        QCOMPARE(model.selectedConfigurations().size(), 2);
        QVERIFY(!(model.flags(model.index(OutlineModel::ConcurrencyGroup, 0)) &
                  Qt::ItemIsUserCheckable));
    }

    void ticksSurviveEditsByName()
    {
        OutlineModel model;
        model.setPlan(parse(twoTargetsText()));
        model.setChecked(OutlineModel::ConfigurationsGroup, QStringLiteral("target-b"), false);
        // An edit that renames target-a and adds nothing else: target-b stays unticked, the new
        // name starts ticked.
        QByteArray edited = twoTargetsText();
        edited.replace("\"target-a\"", "\"target-c\"");
        model.setPlan(parse(edited));
        QCOMPARE(model.selectedConfigurations(), QStringList{QStringLiteral("target-c")});
        model.setPlan(parse(twoTargetsText()));
        QCOMPARE(model.selectedConfigurations(), QStringList{QStringLiteral("target-a")});
        sb::run::RunOptions options;
        model.applyTo(options);
        QCOMPARE(options.only, QStringList{QStringLiteral("target-a")});
    }

    static QByteArray withHosts()
    {
        QByteArray text = twoTargetsText();
        text.replace("\"load\": { \"threads\": 1 }",
                     "\"hosts\": {\"bench-a\": {\"ssh\": \"root@10.0.0.2\"}, "
                     "\"spare\": {\"ssh\": \"bench-b\", \"ssh_options\": [\"-p\", \"2222\"]}},\n"
                     "\"load\": { \"threads\": 1, \"hosts\": [\"bench-a\", \"local\"] }");
        return text;
    }

    // A host reached by its own name (an ~/.ssh/config entry) is not named twice.
    void hostReachedByItsNameIsNamedOnce()
    {
        OutlineModel model;
        QByteArray text = withHosts();
        text.replace("root@10.0.0.2", "bench-a");
        model.setPlan(parse(text));
        QCOMPARE(child(model, OutlineModel::HostsGroup, 0).data().toString(),
                 QStringLiteral("bench-a"));
        QCOMPARE(child(model, OutlineModel::HostsGroup, 2).data().toString(),
                 QStringLiteral("spare: ssh bench-b - no load from it"));
    }

    // A plan whose load comes from other hosts: a fourth group lists the hosts with their ssh
    // destinations and whether the load comes from them; each configuration names its hosts. The
    // group is neither checkable nor part of the selection, and a plan without hosts has none.
    void showsTheLoadHosts()
    {
        OutlineModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setPlan(parse(withHosts()));
        QVERIFY(model.hasHosts());
        QCOMPARE(model.loadHosts(),
                 (QStringList{QStringLiteral("bench-a"), QStringLiteral("local")}));
        QCOMPARE(model.rowCount(), 4);
        const QModelIndex group = model.index(OutlineModel::HostsGroup, 0);
        QCOMPARE(group.data().toString(), QStringLiteral("Load from 2 host(s)"));
        QCOMPARE(model.rowCount(group), 3);
        QCOMPARE(child(model, OutlineModel::HostsGroup, 0).data().toString(),
                 QStringLiteral("bench-a (root@10.0.0.2)"));
        QCOMPARE(child(model, OutlineModel::HostsGroup, 1).data().toString(),
                 QStringLiteral("local"));
        QVERIFY(child(model, OutlineModel::HostsGroup, 1)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .startsWith(QStringLiteral("This machine")));
        QCOMPARE(child(model, OutlineModel::HostsGroup, 2).data().toString(),
                 QStringLiteral("spare: ssh bench-b - no load from it"));
        QCOMPARE(child(model, OutlineModel::HostsGroup, 2).data(OutlineModel::NameRole).toString(),
                 QStringLiteral("spare"));
        QVERIFY2(
            child(model, OutlineModel::HostsGroup, 2)
                .data(Qt::ToolTipRole)
                .toString()
                .contains(QStringLiteral("-p 2222 bench-b")),
            qPrintable(child(model, OutlineModel::HostsGroup, 2).data(Qt::ToolTipRole).toString()));
        QCOMPARE(child(model, OutlineModel::ConfigurationsGroup, 0).data().toString(),
                 QStringLiteral("target-a")); // the hosts group says where the load comes from
        QCOMPARE(child(model, OutlineModel::ConfigurationsGroup, 0)
                     .data(OutlineModel::NameRole)
                     .toString(),
                 QStringLiteral("target-a"));
        QVERIFY(child(model, OutlineModel::ConfigurationsGroup, 1)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("Its load comes from bench-a, local")));
        QVERIFY(!(model.flags(group) & Qt::ItemIsUserCheckable));
        QVERIFY(!group.data(Qt::CheckStateRole).isValid());
        QVERIFY(!model.setData(child(model, OutlineModel::HostsGroup, 0), Qt::Unchecked,
                               Qt::CheckStateRole));
        sb::run::RunOptions options;
        model.applyTo(options);
        QVERIFY(options.only.isEmpty());
        // Back to a plan without hosts: three groups, plain names.
        model.setPlan(parse(twoTargetsText()));
        QVERIFY(!model.hasHosts());
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(child(model, OutlineModel::ConfigurationsGroup, 0).data().toString(),
                 QStringLiteral("target-a"));
    }

    // A configuration on its own host says which, and the host what runs on it.
    void configurationOnItsHost()
    {
        OutlineModel model;
        QByteArray text = withHosts();
        text.replace("\"name\": \"target-b\",", "\"name\": \"target-b\", \"host\": \"spare\",");
        QVERIFY(text.contains("\"host\": \"spare\""));
        model.setPlan(parse(text));
        QCOMPARE(child(model, OutlineModel::ConfigurationsGroup, 1).data().toString(),
                 QStringLiteral("target-b on spare"));
        QCOMPARE(child(model, OutlineModel::ConfigurationsGroup, 1)
                     .data(OutlineModel::NameRole)
                     .toString(),
                 QStringLiteral("target-b"));
        QVERIFY(child(model, OutlineModel::ConfigurationsGroup, 1)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("Runs on host spare")));
        QCOMPARE(child(model, OutlineModel::ConfigurationsGroup, 0).data().toString(),
                 QStringLiteral("target-a"));
        QCOMPARE(child(model, OutlineModel::HostsGroup, 2).data().toString(),
                 QStringLiteral("spare: ssh bench-b - runs target-b"));
    }

    // What `stackbench run` would use: the plan's default_profile, else its first profile.
    void startsOnThePlansDefaultProfile()
    {
        QByteArray wideFirst = twoTargetsText();
        wideFirst.replace("\"profiles\": {",
                          "\"profiles\": {\n \"wide\": { \"concurrency\": [1, 2, 3] },");
        OutlineModel first;
        first.setPlan(parse(wideFirst));
        QCOMPARE(first.profileName(), QStringLiteral("wide"));
        QByteArray withDefault = wideFirst;
        withDefault.replace("\"profiles\": {", "\"default_profile\": \"quick\",\n\"profiles\": {");
        OutlineModel model;
        model.setPlan(parse(withDefault));
        QCOMPARE(model.profileName(), QStringLiteral("quick"));
    }

    void keepsTheProfileByName()
    {
        QByteArray text = twoTargetsText();
        text.replace("\"profiles\": {",
                     "\"profiles\": {\n \"wide\": { \"concurrency\": [1, 2, 3] },");
        OutlineModel model;
        model.setPlan(parse(text));
        QCOMPARE(model.profileNames(),
                 (QStringList{QStringLiteral("wide"), QStringLiteral("quick")}));
        QCOMPARE(model.profileName(), QStringLiteral("wide"));
        model.setProfile(QStringLiteral("quick"));
        QCOMPARE(model.concurrency(), (QList<int>{1, 4}));
        model.setPlan(parse(text));
        QCOMPARE(model.profileName(), QStringLiteral("quick"));
        model.setProfile(QStringLiteral("nope"));
        QCOMPARE(model.profileName(), QStringLiteral("quick"));
    }

    void estimates_data()
    {
        QTest::addColumn<QString>("profile");
        QTest::addColumn<int>("configurations");
        QTest::addColumn<int>("routes");
        QTest::addColumn<int>("windows");
        QTest::addColumn<qint64>("windowMs");
        QTest::addColumn<int>("serverStarts");
        QTest::addColumn<bool>("warmupCounted");
        // rounds 2, concurrency [1, 4], warm-up 1 s, measure 2 s (two-targets' quick)
        QTest::newRow("quick") << QStringLiteral(R"({"rounds": 2, "concurrency": [1, 4],
            "warmup": "1s", "measure_s": 2})")
                               << 2 << 3 << 24 << qint64(3000) << 4 << true;
        QTest::newRow("settle and cooldown") << QStringLiteral(R"({"concurrency": [8],
            "warmup": "5s", "measure_s": 30, "settle_s": 2, "cooldown_s": 3})")
                                             << 1 << 1 << 1 << qint64(40000) << 1 << true;
        QTest::newRow("process per window") << QStringLiteral(R"({"rounds": 3,
            "concurrency": [1, 2], "measure_s": 1, "warmup": "0s", "process": "window"})")
                                            << 2 << 2 << 24 << qint64(1000) << 24 << true;
        QTest::newRow("process once") << QStringLiteral(R"({"rounds": 3, "concurrency": [1],
            "measure_s": 1, "process": "once"})")
                                      << 2 << 1 << 6 << qint64(6000) << 2 << true;
        QTest::newRow("warm-up by requests") << QStringLiteral(R"({"concurrency": [1],
            "warmup": "1000req", "measure_s": 10})")
                                             << 1 << 1 << 1 << qint64(10000) << 1 << false;
        QTest::newRow("nothing ticked") << QStringLiteral(R"({"concurrency": [1]})") << 0 << 3 << 0
                                        << qint64(35000) << 0 << true;
    }

    void estimates()
    {
        QFETCH(QString, profile);
        QFETCH(int, configurations);
        QFETCH(int, routes);
        QByteArray text = twoTargetsText();
        const qsizetype at = text.indexOf("\"quick\":");
        const qsizetype end = text.indexOf('}', at) + 1;
        text.replace(at, end - at, "\"quick\": " + profile.toUtf8());
        const sb::plan::Plan plan = parse(text);
        const sb::RunEstimate e =
            sb::estimateRun(*plan.profile(QStringLiteral("quick")), configurations, routes);
        QTEST(e.windows, "windows");
        QTEST(e.windowMs, "windowMs");
        QCOMPARE(e.totalMs, e.windowMs * e.windows);
        QTEST(e.serverStarts, "serverStarts");
        QTEST(e.warmupCounted, "warmupCounted");
        // Without a quiet wait the busy-machine bound is every window measured 1 + retries times.
        QCOMPARE(e.worstMs, e.totalMs * (1 + e.retries));
    }

    // The estimate a busy machine can reach: each of 56 windows of 1.25 s measured 3 times
    // (retries 2), waiting up to 30 s for quiet before each re-measure (the run took 5 min 15 s
    // against "about 1 min 10 s").
    void worstCaseCountsRetriesAndWaits()
    {
        sb::plan::Profile p;
        p.rounds = 2;
        p.concurrency = {1, 4, 16, 64};
        p.retries = 2;
        p.warmup.kind = sb::plan::Warmup::Kind::Duration;
        p.warmup.durationMs = 250;
        p.settleMs = 0;
        p.measureMs = 1000;
        p.cooldownMs = 0;
        const sb::RunEstimate e = sb::estimateRun(p, 7, 1, 30000);
        QCOMPARE(e.windows, 56);
        QCOMPARE(e.totalMs, qint64(56 * 1250));
        QCOMPARE(e.worstMs, qint64(56 * 1250 * 3 + 56 * 2 * 30000));
        QCOMPARE(sb::estimateRun(p, 7, 1).worstMs, qint64(56 * 1250 * 3));
    }
};

QTEST_GUILESS_MAIN(TestOutlineModel)
#include "tst_outlinemodel.moc"

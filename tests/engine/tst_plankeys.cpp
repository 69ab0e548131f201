// The plan keys of issue 8 ("plans for real stacks") apart from variables and secrets
// (tst_planvariables.cpp) and placeholders in every field (tst_plan.cpp): hook moments and their
// order, the
// warm-up scope, CPU gates that fit the machine, the default profile, version patterns, a
// Unix-socket database host, and the broken plans of these keys.

#include "core/qterror.h"
#include "plan/plan.h"
#include "plan/planloader.h"

#include <QDir>
#include <QFile>
#include <QTest>

using namespace sb::plan;

namespace {

QString plansDir()
{
    return QStringLiteral(STACKBENCH_TEST_DATA "/plans");
}

PlanLoad loadMem(const QByteArray &text)
{
    return parsePlan(text, QStringLiteral("mem.json"), QDir::tempPath());
}

QStringList messages(const QList<Diagnostic> &list)
{
    QStringList out;
    for (const Diagnostic &d : list)
        out.append(
            QStringLiteral("%1:%2: %3: %4").arg(d.line).arg(d.column).arg(d.jsonPath, d.message));
    return out;
}

} // namespace

class TestPlanKeys : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        qputenv("SB_PLAN_TEST_DBUSER", "benchuser"); // for full.json
        qputenv("SB_PLAN_TEST_TOKEN", "tok-S3cr3t-value");
    }

    // ---- hook moments and their order (item 4)

    void hookMomentsByLevel_data()
    {
        QTest::addColumn<QString>("level"); // plan, configuration, route
        QTest::addColumn<QString>("moment");
        QTest::addColumn<QString>("error"); // empty: accepted
        const QString planConf = QStringLiteral("the plan's or a configuration's \"hooks\"");
        const struct
        {
            const char *moment;
            bool configuration;
            bool route;
        } moments[] = {{"before_run", true, false},  {"before_configuration", true, false},
                       {"before_route", true, true}, {"before_window", true, true},
                       {"after_warmup", true, true}, {"after_window", true, true},
                       {"after_route", true, true},  {"after_configuration", true, false},
                       {"after_run", true, false}};
        for (const auto &m : moments) {
            const QString moment = QString::fromLatin1(m.moment);
            QTest::addRow("plan %s", m.moment) << QStringLiteral("plan") << moment << QString();
            QTest::addRow("configuration %s", m.moment)
                << QStringLiteral("configuration") << moment << QString();
            QTest::addRow("route %s", m.moment)
                << QStringLiteral("route") << moment
                << (m.route ? QString()
                            : QStringLiteral("\"%1\" is not a moment of a route's hooks; give it "
                                             "in %2")
                                  .arg(moment, planConf));
        }
    }

    void hookMomentsByLevel()
    {
        QFETCH(QString, level);
        QFETCH(QString, moment);
        QFETCH(QString, error);
        const QByteArray hooks = "{\"" + moment.toLatin1() + "\": [{\"command\": [\"echo\", \"" +
                                 moment.toLatin1() +
                                 "\"]}, {\"command\": [\"second\"], \"order\": \"first\"}]}";
        QByteArray conf = "{\"name\": \"a\", \"command\": [\"s\"], \"port\": 9000}";
        QByteArray route = "{\"name\": \"r\", \"path\": \"/\"}";
        QByteArray top;
        if (level == QLatin1String("plan"))
            top = ",\n\"hooks\": " + hooks;
        else if (level == QLatin1String("configuration"))
            conf.insert(conf.size() - 1, ", \"hooks\": " + hooks);
        else
            route.insert(route.size() - 1, ", \"hooks\": " + hooks);
        const PlanLoad load = loadMem("{\"format\": 1, \"name\": \"m\",\n\"configurations\": [" +
                                      conf + "],\n\"routes\": [" + route +
                                      "],\n\"profiles\": {\"q\": {\"concurrency\": "
                                      "[1]}}" +
                                      top + "}");
        if (!error.isEmpty()) {
            QCOMPARE(load.diagnostics.size(), 1);
            QCOMPARE(load.diagnostics[0].message, error);
            QCOMPARE(load.diagnostics[0].line, 3);
            return;
        }
        QVERIFY2(load.ok(), qPrintable(load.errorText()));
        const Plan &plan = *load.plan;
        const HookSet &set = level == QLatin1String("plan") ? plan.hooks
                             : level == QLatin1String("configuration")
                                 ? plan.configurations[0].hooks
                                 : plan.routes[0].hooks;
        const auto found =
            std::find_if(hookMoments().cbegin(), hookMoments().cend(),
                         [&](const HookMoment &m) { return moment == QLatin1String(m.key); });
        QVERIFY(found != hookMoments().cend());
        const QList<Hook> &list = set.*(found->list);
        QCOMPARE(list.size(), 2);
        QCOMPARE(list[0].command, (QStringList{QStringLiteral("echo"), moment}));
        QCOMPARE(list[0].order, Hook::Order::Default);
        QCOMPARE(list[1].order, Hook::Order::First);
        QVERIFY(!set.isEmpty());
        // Only this moment's list is filled.
        int filled = 0;
        for (const HookMoment &m : hookMoments())
            filled += (set.*(m.list)).size();
        QCOMPARE(filled, 2);
    }

    void hookOrderErrors()
    {
        const PlanLoad load = loadMem(
            "{\"format\": 1, \"name\": \"o\",\n"
            "\"configurations\": [{\"name\": \"a\", \"command\": [\"s\"], \"port\": 9000}],\n"
            "\"routes\": [{\"name\": \"r\", \"path\": \"/\"}],\n"
            "\"hooks\": {\"after_run\": [{\"command\": [\"x\"], \"order\": \"early\"}]},\n"
            "\"profiles\": {\"q\": {\"concurrency\": [1]}}}");
        QCOMPARE(messages(load.diagnostics),
                 QStringList{QStringLiteral("4:53: $.hooks.after_run[0].order: invalid value "
                                            "\"early\"; allowed: \"first\", \"last\"")});
    }

    // The moments a run goes through, in order, and which levels give them.
    void hookMomentTable()
    {
        QStringList keys;
        for (const HookMoment &m : hookMoments())
            keys.append(QLatin1String(m.key));
        QCOMPARE(keys,
                 (QStringList{QStringLiteral("before_run"), QStringLiteral("before_configuration"),
                              QStringLiteral("before_route"), QStringLiteral("before_window"),
                              QStringLiteral("after_warmup"), QStringLiteral("after_window"),
                              QStringLiteral("after_route"), QStringLiteral("after_configuration"),
                              QStringLiteral("after_run")}));
        for (const HookMoment &m : hookMoments())
            QVERIFY(m.levels & HookMoment::PlanLevel);
    }

    // Plan -> configuration -> route, First hooks before all, Last after all.
    void hooksInRunOrder_data()
    {
        QTest::addColumn<QString>("given");    // name:order, in plan -> route order (d f l)
        QTest::addColumn<QString>("expected"); // names in run order
        QTest::newRow("all default") << QStringLiteral("p:d c:d r:d") << QStringLiteral("p c r");
        QTest::newRow("route first") << QStringLiteral("p:d c:d r:f") << QStringLiteral("r p c");
        QTest::newRow("plan last") << QStringLiteral("p:l c:d r:d") << QStringLiteral("c r p");
        QTest::newRow("firsts keep their order")
            << QStringLiteral("p1:d p2:f c:f r1:l r2:f") << QStringLiteral("p2 c r2 p1 r1");
        QTest::newRow("lasts keep their order")
            << QStringLiteral("p:l c:l r:d") << QStringLiteral("r p c");
        QTest::newRow("none") << QString() << QString();
    }

    void hooksInRunOrder()
    {
        QFETCH(QString, given);
        QFETCH(QString, expected);
        QList<Hook> hooks;
        for (const QString &item : given.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
            Hook h;
            h.where = item.section(QLatin1Char(':'), 0, 0);
            const QString o = item.section(QLatin1Char(':'), 1);
            h.order = o == QLatin1String("f")   ? Hook::Order::First
                      : o == QLatin1String("l") ? Hook::Order::Last
                                                : Hook::Order::Default;
            hooks.append(h);
        }
        QStringList names;
        for (const Hook &h : sb::plan::hooksInRunOrder(hooks))
            names.append(h.where);
        QCOMPARE(names.join(QLatin1Char(' ')), expected);
    }

    // ---- profiles: warm-up scope (item 4) and the default profile (item 8)

    void warmupScope_data()
    {
        QTest::addColumn<QByteArray>("members");
        QTest::addColumn<int>("scope");
        QTest::addColumn<int>("concurrency");
        QTest::addColumn<QString>("error");
        QTest::newRow("default") << QByteArray() << int(Profile::WarmupScope::Window) << 0
                                 << QString();
        QTest::newRow("window") << QByteArray(", \"warmup_scope\": \"window\"")
                                << int(Profile::WarmupScope::Window) << 0 << QString();
        QTest::newRow("route at the cell's concurrency")
            << QByteArray(", \"warmup_scope\": \"route\"") << int(Profile::WarmupScope::Route) << 0
            << QString();
        QTest::newRow("route at 64")
            << QByteArray(", \"warmup_scope\": \"route\", \"warmup_concurrency\": 64")
            << int(Profile::WarmupScope::Route) << 64 << QString();
        QTest::newRow("unknown scope")
            << QByteArray(", \"warmup_scope\": \"cell\"") << 0 << 0
            << QStringLiteral("4:59: $.profiles.q.warmup_scope: invalid value \"cell\"; allowed: "
                              "\"window\", \"route\"");
        QTest::newRow("concurrency without route scope")
            << QByteArray(", \"warmup_concurrency\": 8") << 0 << 0
            << QStringLiteral("4:65: $.profiles.q.warmup_concurrency: \"warmup_concurrency\" "
                              "applies to a warm-up per route: add \"warmup_scope\": \"route\"");
        QTest::newRow("concurrency 0")
            << QByteArray(", \"warmup_scope\": \"route\", \"warmup_concurrency\": 0") << 0 << 0
            << QStringLiteral("4:90: $.profiles.q.warmup_concurrency: must be between 1 and "
                              "100000, found 0");
    }

    void warmupScope()
    {
        QFETCH(QByteArray, members);
        QFETCH(int, scope);
        QFETCH(int, concurrency);
        QFETCH(QString, error);
        const PlanLoad load = loadMem(
            "{\"format\": 1, \"name\": \"w\",\n"
            "\"configurations\": [{\"name\": \"a\", \"command\": [\"s\"], \"port\": 9000}],\n"
            "\"routes\": [{\"name\": \"r\", \"path\": \"/\"}],\n"
            "\"profiles\": {\"q\": {\"concurrency\": [1, 8]" +
            members + "}}}");
        if (!error.isEmpty()) {
            QCOMPARE(messages(load.diagnostics), QStringList{error});
            return;
        }
        QVERIFY2(load.ok(), qPrintable(load.errorText()));
        QCOMPARE(int(load.plan->profiles[0].warmupScope), scope);
        QCOMPARE(load.plan->profiles[0].warmupConcurrency, concurrency);
    }

    // "profile_cpu": true, false, or which cells are profiled and how (run/cellprofiler.h).
    void profileCpu_data()
    {
        QTest::addColumn<QByteArray>("value");
        QTest::addColumn<bool>("enabled");
        QTest::addColumn<QStringList>("routes");
        QTest::addColumn<QList<int>>("concurrency");
        QTest::addColumn<QString>("callGraph");
        QTest::addColumn<int>("frequencyHz");
        QTest::addColumn<QString>("error"); // the diagnostic's path and message
        const QString fp = QStringLiteral("fp");
        QTest::newRow("true") << QByteArray("true") << true << QStringList() << QList<int>() << fp
                              << 99 << QString();
        QTest::newRow("false") << QByteArray("false") << false << QStringList() << QList<int>()
                               << fp << 99 << QString();
        QTest::newRow("every key")
            << QByteArray("{\"routes\": [\"r\"], \"concurrency\": [8], \"call_graph\": "
                          "\"dwarf\", \"frequency_hz\": 199}")
            << true << QStringList{QStringLiteral("r")} << QList<int>{8} << QStringLiteral("dwarf")
            << 199 << QString();
        QTest::newRow("empty object: every cell")
            << QByteArray("{}") << true << QStringList() << QList<int>() << fp << 99 << QString();
        QTest::newRow("unknown route")
            << QByteArray("{\"routes\": [\"nope\"]}") << false << QStringList() << QList<int>()
            << fp << 99
            << QStringLiteral("$.profiles.q.profile_cpu.routes[0]: no route \"nope\" in the plan");
        QTest::newRow("concurrency the profile lacks")
            << QByteArray("{\"concurrency\": [16]}") << false << QStringList() << QList<int>() << fp
            << 99
            << QStringLiteral("$.profiles.q.profile_cpu.concurrency[0]: the profile measures no "
                              "concurrency 16");
        QTest::newRow("call graph")
            << QByteArray("{\"call_graph\": \"lbr\"}") << false << QStringList() << QList<int>()
            << fp << 99
            << QStringLiteral("$.profiles.q.profile_cpu.call_graph: invalid value \"lbr\"; "
                              "allowed: \"fp\", \"dwarf\"");
        QTest::newRow("frequency too high")
            << QByteArray("{\"frequency_hz\": 5000}") << false << QStringList() << QList<int>()
            << fp << 99
            << QStringLiteral("$.profiles.q.profile_cpu.frequency_hz: must be between 1 and 1000, "
                              "found 5000");
        QTest::newRow("unknown key")
            << QByteArray("{\"route\": [\"r\"]}") << false << QStringList() << QList<int>() << fp
            << 99 << QStringLiteral("$.profiles.q.profile_cpu.route: unknown key");
        QTest::newRow("a string")
            << QByteArray("\"yes\"") << false << QStringList() << QList<int>() << fp << 99
            << QStringLiteral("$.profiles.q.profile_cpu: expected true, false or an object");
    }

    void profileCpu()
    {
        QFETCH(QByteArray, value);
        QFETCH(bool, enabled);
        QFETCH(QStringList, routes);
        QFETCH(QList<int>, concurrency);
        QFETCH(QString, callGraph);
        QFETCH(int, frequencyHz);
        QFETCH(QString, error);
        const PlanLoad load = loadMem(
            "{\"format\": 1, \"name\": \"w\",\n"
            "\"configurations\": [{\"name\": \"a\", \"command\": [\"s\"], \"port\": 9000}],\n"
            "\"routes\": [{\"name\": \"r\", \"path\": \"/\"}],\n"
            "\"profiles\": {\"q\": {\"concurrency\": [1, 8], \"profile_cpu\": " +
            value + "}}}");
        if (!error.isEmpty()) {
            QVERIFY(!load.ok());
            const QString all = messages(load.diagnostics).join(QLatin1Char('\n'));
            QVERIFY2(all.contains(error), qPrintable(all));
            return;
        }
        QVERIFY2(load.ok(), qPrintable(load.errorText()));
        const CpuProfiling &cpu = load.plan->profiles[0].profileCpu;
        QCOMPARE(cpu.enabled, enabled);
        QCOMPARE(cpu.routes, routes);
        QCOMPARE(cpu.concurrency, concurrency);
        QCOMPARE(cpu.callGraph, callGraph);
        QCOMPARE(cpu.frequencyHz, frequencyHz);
    }

    void defaultProfile_data()
    {
        QTest::addColumn<QByteArray>("member");
        QTest::addColumn<QString>("defaultProfile"); // Plan::defaultProfile
        QTest::addColumn<QString>("used");           // defaultProfileOrFirst()
        QTest::addColumn<QString>("error");
        QTest::newRow("none: the first")
            << QByteArray() << QString() << QStringLiteral("full") << QString();
        QTest::newRow("named") << QByteArray(",\n\"default_profile\": \"quick\"")
                               << QStringLiteral("quick") << QStringLiteral("quick") << QString();
        QTest::newRow("typo")
            << QByteArray(",\n\"default_profile\": \"quik\"") << QString() << QString()
            << QStringLiteral("5:20: $.default_profile: no profile \"quik\" in the plan; did you "
                              "mean \"quick\"?");
        QTest::newRow("unknown")
            << QByteArray(",\n\"default_profile\": \"soak\"") << QString() << QString()
            << QStringLiteral("5:20: $.default_profile: no profile \"soak\" in the plan; the "
                              "profiles are: \"full\", \"quick\"");
        QTest::newRow("empty") << QByteArray(",\n\"default_profile\": \"\"") << QString()
                               << QString()
                               << QStringLiteral("5:20: $.default_profile: must not be empty");
    }

    void defaultProfile()
    {
        QFETCH(QByteArray, member);
        QFETCH(QString, defaultProfile);
        QFETCH(QString, used);
        QFETCH(QString, error);
        const PlanLoad load = loadMem(
            "{\"format\": 1, \"name\": \"d\",\n"
            "\"configurations\": [{\"name\": \"a\", \"command\": [\"s\"], \"port\": 9000}],\n"
            "\"routes\": [{\"name\": \"r\", \"path\": \"/\"}],\n"
            "\"profiles\": {\"full\": {\"concurrency\": [1]}, \"quick\": {\"concurrency\": [2]}}" +
            member + "}");
        if (!error.isEmpty()) {
            QCOMPARE(messages(load.diagnostics), QStringList{error});
            return;
        }
        QVERIFY2(load.ok(), qPrintable(load.errorText()));
        QCOMPARE(load.plan->defaultProfile, defaultProfile);
        QVERIFY(load.plan->defaultProfileOrFirst());
        QCOMPARE(load.plan->defaultProfileOrFirst()->name, used);
        QCOMPARE(Plan().defaultProfileOrFirst(), nullptr);
    }

    // ---- the plan names its baseline configuration (issue 20.5)

    void baseline_data()
    {
        QTest::addColumn<QByteArray>("member");
        QTest::addColumn<QString>("baseline"); // Plan::baseline
        QTest::addColumn<QString>("error");
        QTest::newRow("none") << QByteArray() << QString() << QString();
        QTest::newRow("named") << QByteArray(",\n\"baseline\": \"django\"")
                               << QStringLiteral("django") << QString();
        QTest::newRow("typo") << QByteArray(",\n\"baseline\": \"djang\"") << QString()
                              << QStringLiteral("5:13: $.baseline: no configuration \"djang\" in "
                                                "the plan; did you mean \"django\"?");
        QTest::newRow("unknown") << QByteArray(",\n\"baseline\": \"nginx\"") << QString()
                                 << QStringLiteral("5:13: $.baseline: no configuration \"nginx\" "
                                                   "in the plan; the configurations are: "
                                                   "\"elysia\", \"django\"");
        QTest::newRow("not a string") << QByteArray(",\n\"baseline\": 1") << QString()
                                      << QStringLiteral("5:13: $.baseline: expected a string, "
                                                        "found a number (1)");
    }

    void baseline()
    {
        QFETCH(QByteArray, member);
        QFETCH(QString, baseline);
        QFETCH(QString, error);
        const PlanLoad load = loadMem(
            "{\"format\": 1, \"name\": \"b\",\n"
            "\"configurations\": [{\"name\": \"elysia\", \"command\": [\"s\"], \"port\": 9000}, "
            "{\"name\": \"django\", \"command\": [\"s\"], \"port\": 9001}],\n"
            "\"routes\": [{\"name\": \"r\", \"path\": \"/\"}],\n"
            "\"profiles\": {\"full\": {\"concurrency\": [1]}}" +
            member + "}");
        if (!error.isEmpty()) {
            QCOMPARE(messages(load.diagnostics), QStringList{error});
            return;
        }
        QVERIFY2(load.ok(), qPrintable(load.errorText()));
        QCOMPARE(load.plan->baseline, baseline);
    }

    // ---- CPU gates that fit the machine (item 6)

    void cpuGates_data()
    {
        QTest::addColumn<QByteArray>("sampler");
        QTest::addColumn<double>("value"); // foreignGate
        QTest::addColumn<int>("unit");
        QTest::addColumn<QString>("error"); // line:col: path: message
        const int core = int(CpuGate::Unit::CorePct);
        const int machine = int(CpuGate::Unit::MachinePct);
        QTest::newRow("default") << QByteArray("{}") << 32.0 << machine << QString();
        QTest::newRow("share of the machine")
            << QByteArray("{\"foreign_gate\": \"25%machine\"}") << 25.0 << machine << QString();
        QTest::newRow("the whole machine")
            << QByteArray("{\"foreign_gate\": \"100%machine\"}") << 100.0 << machine << QString();
        QTest::newRow("percent of one core")
            << QByteArray("{\"foreign_gate\": \"150%\"}") << 150.0 << core << QString();
        QTest::newRow("fraction") << QByteArray("{\"foreign_gate\": \"12.5%\"}") << 12.5 << core
                                  << QString();
        QTest::newRow("old numeric key, percent of one core")
            << QByteArray("{\"foreign_gate_pct\": 60}") << 60.0 << core << QString();
        QTest::newRow("both keys")
            << QByteArray("{\"foreign_gate\": \"25%machine\", \"foreign_gate_pct\": 60}") << 0.0
            << 0
            << QStringLiteral("5:63: $.sampler.foreign_gate_pct: give \"foreign_gate\" or "
                              "\"foreign_gate_pct\", not both");
        QTest::newRow("a number")
            << QByteArray("{\"foreign_gate\": 25}") << 0.0 << 0
            << QStringLiteral("5:29: $.sampler.foreign_gate: expected a share like \"25%machine\" "
                              "(of the machine) or \"150%\" (of one core), found a number (25)");
        QTest::newRow("no percent sign")
            << QByteArray("{\"foreign_gate\": \"25\"}") << 0.0 << 0
            << QStringLiteral("5:29: $.sampler.foreign_gate: invalid CPU gate \"25\"; expected a "
                              "share like \"25%machine\" (of the machine) or \"150%\" (of one "
                              "core)");
        QTest::newRow("unknown unit")
            << QByteArray("{\"foreign_gate\": \"25%cores\"}") << 0.0 << 0
            << QStringLiteral("5:29: $.sampler.foreign_gate: invalid CPU gate \"25%cores\"; "
                              "expected a share like \"25%machine\" (of the machine) or \"150%\" "
                              "(of one core)");
        QTest::newRow("more than the machine")
            << QByteArray("{\"foreign_gate\": \"101%machine\"}") << 0.0 << 0
            << QStringLiteral("5:29: $.sampler.foreign_gate: a share of the machine must be above "
                              "0 and at most 100%machine, not \"101%machine\"");
        QTest::newRow("zero") << QByteArray("{\"foreign_gate\": \"0%\"}") << 0.0 << 0
                              << QStringLiteral(
                                     "5:29: $.sampler.foreign_gate: must be above 0 and at most "
                                     "1000000%, not \"0%\"");
        QTest::newRow("peak gate") << QByteArray("{\"foreign_peak_gate\": \"50%machine\"}") << 32.0
                                   << machine << QString();
        QTest::newRow("bad peak gate")
            << QByteArray("{\"foreign_peak_gate\": \"-5%\"}") << 0.0 << 0
            << QStringLiteral("5:34: $.sampler.foreign_peak_gate: invalid CPU gate \"-5%\"; "
                              "expected a share like \"25%machine\" (of the machine) or \"150%\" "
                              "(of one core)");
        QTest::newRow("wait_quiet_s a day and more")
            << QByteArray("{\"wait_quiet_s\": 90000}") << 0.0 << 0
            << QStringLiteral("5:29: $.sampler.wait_quiet_s: must be at most 1 day, not "
                              "\"90000\"");
    }

    void cpuGates()
    {
        QFETCH(QByteArray, sampler);
        QFETCH(double, value);
        QFETCH(int, unit);
        QFETCH(QString, error);
        const PlanLoad load = loadMem(
            "{\"format\": 1, \"name\": \"g\",\n"
            "\"configurations\": [{\"name\": \"a\", \"command\": [\"s\"], \"port\": 9000}],\n"
            "\"routes\": [{\"name\": \"r\", \"path\": \"/\"}],\n"
            "\"profiles\": {\"q\": {\"concurrency\": [1]}},\n"
            "\"sampler\": " +
            sampler + "}");
        if (!error.isEmpty()) {
            QCOMPARE(messages(load.diagnostics), QStringList{error});
            return;
        }
        QVERIFY2(load.ok(), qPrintable(load.errorText()));
        const SamplerSettings &s = load.plan->sampler;
        QCOMPARE(s.foreignGate.value, value);
        QCOMPARE(int(s.foreignGate.unit), unit);
        const int cores = machineCoreCount();
        QCOMPARE(s.machineCores, cores);
        QCOMPARE(s.foreignGatePct, unit == int(CpuGate::Unit::CorePct) ? value : value * cores);
        QCOMPARE(s.foreignPeakGate.has_value(), sampler.contains("peak"));
        if (s.foreignPeakGate) {
            QCOMPARE(s.foreignPeakGate->value, 50.0);
            QCOMPARE(s.foreignPeakGate->unit, CpuGate::Unit::MachinePct);
        }
    }

    void waitQuiet()
    {
        const PlanLoad load = loadMem(
            "{\"format\": 1, \"name\": \"g\",\n"
            "\"configurations\": [{\"name\": \"a\", \"command\": [\"s\"], \"port\": 9000}],\n"
            "\"routes\": [{\"name\": \"r\", \"path\": \"/\"}],\n"
            "\"profiles\": {\"q\": {\"concurrency\": [1]}},\n"
            "\"sampler\": {\"wait_quiet_s\": 60}}");
        QVERIFY2(load.ok(), qPrintable(load.errorText()));
        QCOMPARE(load.plan->sampler.waitQuietMs, qint64(60000));
        QCOMPARE(Plan().sampler.waitQuietMs, qint64(0));
    }

    // A gate no machine this size can reach is a warning (the plan still loads).
    void unreachableGateWarns_data()
    {
        QTest::addColumn<QByteArray>("sampler");
        QTest::addColumn<QString>("path");
        QTest::newRow("foreign_gate") << QByteArray("{\"foreign_gate\": \"1000000%\"}")
                                      << QStringLiteral("$.sampler.foreign_gate");
        QTest::newRow("foreign_gate_pct") << QByteArray("{\"foreign_gate_pct\": 1000000}")
                                          << QStringLiteral("$.sampler.foreign_gate_pct");
        QTest::newRow("foreign_peak_gate") << QByteArray("{\"foreign_peak_gate\": \"1000000%\"}")
                                           << QStringLiteral("$.sampler.foreign_peak_gate");
    }

    void unreachableGateWarns()
    {
        QFETCH(QByteArray, sampler);
        QFETCH(QString, path);
        const PlanLoad load = loadMem(
            "{\"format\": 1, \"name\": \"g\",\n"
            "\"configurations\": [{\"name\": \"a\", \"command\": [\"s\"], \"port\": 9000}],\n"
            "\"routes\": [{\"name\": \"r\", \"path\": \"/\"}],\n"
            "\"profiles\": {\"q\": {\"concurrency\": [1]}},\n"
            "\"sampler\": " +
            sampler + "}");
        QVERIFY2(load.ok(), qPrintable(load.errorText()));
        QCOMPARE(load.warnings.size(), 1);
        const Diagnostic &w = load.warnings[0];
        QCOMPARE(w.code, QStringLiteral("plan.gate-unreachable"));
        QCOMPARE(w.jsonPath, path);
        const int cores = machineCoreCount();
        QCOMPARE(w.message,
                 QStringLiteral("1000000% of one core can never be reached on this %1-core machine "
                                "(at most %2%); give a share of the machine, e.g. \"25%machine\"")
                     .arg(cores)
                     .arg(100 * cores));
    }

    void percentOfOneCore_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<int>("unit");
        QTest::addColumn<int>("cores");
        QTest::addColumn<double>("expected");
        QTest::addColumn<QString>("text");
        const int core = int(CpuGate::Unit::CorePct);
        const int machine = int(CpuGate::Unit::MachinePct);
        QTest::newRow("32% of 2 cores")
            << 32.0 << machine << 2 << 64.0 << QStringLiteral("32%machine");
        QTest::newRow("32% of 14 cores, about seed 000's 450%")
            << 32.0 << machine << 14 << 448.0 << QStringLiteral("32%machine");
        QTest::newRow("150% of one core") << 150.0 << core << 14 << 150.0 << QStringLiteral("150%");
        QTest::newRow("no cores counts as one")
            << 50.0 << machine << 0 << 50.0 << QStringLiteral("50%machine");
    }

    void percentOfOneCore()
    {
        QFETCH(double, value);
        QFETCH(int, unit);
        QFETCH(int, cores);
        QFETCH(double, expected);
        QFETCH(QString, text);
        const CpuGate gate{value, CpuGate::Unit(unit)};
        QCOMPARE(gate.percentOfOneCore(cores), expected);
        QCOMPARE(gate.text(), text);
    }

    // On a 2-core machine (this one) the default gate is 64 % of one core: one busy foreign core
    // (100 %) trips it, which the old default of 450 % never could.
    void defaultGateFitsTheMachine()
    {
        const CpuGate gate;
        QVERIFY(gate.percentOfOneCore(2) < 100.0);
        QVERIFY(gate.percentOfOneCore(machineCoreCount()) < 100.0 * machineCoreCount());
    }

    // ---- version probes with a pattern (item 9)

    void versionProbes_data()
    {
        QTest::addColumn<QByteArray>("versions");
        QTest::addColumn<QString>("match");
        QTest::addColumn<QString>("error");
        QTest::newRow("argv, as before")
            << QByteArray("{\"g\": [\"g\", \"--version\"]}") << QString() << QString();
        QTest::newRow("command and match")
            << QByteArray("{\"g\": {\"command\": [\"g\", \"--version\"], \"match\": \"version "
                          "([0-9.]+)\"}}")
            << QStringLiteral("version ([0-9.]+)") << QString();
        QTest::newRow("command only")
            << QByteArray("{\"g\": {\"command\": [\"g\"]}}") << QString() << QString();
        QTest::newRow("no capture group")
            << QByteArray("{\"g\": {\"command\": [\"g\"], \"match\": \"version [0-9.]+\"}}")
            << QString()
            << QStringLiteral("2:112: $.configurations[0].versions.g.match: the pattern needs a "
                              "capture group around the version, as in \"version ([0-9.]+)\"");
        QTest::newRow("invalid pattern")
            << QByteArray("{\"g\": {\"command\": [\"g\"], \"match\": \"version ([0-9.]+\"}}")
            << QString()
            << QStringLiteral("2:112: $.configurations[0].versions.g.match: invalid regular "
                              "expression: missing closing parenthesis at offset 16");
        QTest::newRow("missing command")
            << QByteArray("{\"g\": {\"match\": \"(x)\"}}") << QString()
            << QStringLiteral("2:84: $.configurations[0].versions.g: missing required key "
                              "\"command\"");
        QTest::newRow("unknown key")
            << QByteArray("{\"g\": {\"command\": [\"g\"], \"pattern\": \"(x)\"}}") << QString()
            << QStringLiteral("2:103: $.configurations[0].versions.g.pattern: unknown key "
                              "\"pattern\" at $.configurations[0].versions.g; allowed keys: "
                              "\"command\", \"match\"");
    }

    void versionProbes()
    {
        QFETCH(QByteArray, versions);
        QFETCH(QString, match);
        QFETCH(QString, error);
        const PlanLoad load =
            loadMem("{\"format\": 1, \"name\": \"v\",\n"
                    "\"configurations\": [{\"name\": \"a\", \"command\": [\"s\"], \"port\": 9000, "
                    "\"versions\": " +
                    versions +
                    "}],\n"
                    "\"routes\": [{\"name\": \"r\", \"path\": \"/\"}],\n"
                    "\"profiles\": {\"q\": {\"concurrency\": [1]}}}");
        if (!error.isEmpty()) {
            QCOMPARE(messages(load.diagnostics), QStringList{error});
            return;
        }
        QVERIFY2(load.ok(), qPrintable(load.errorText()));
        const VersionProbe &probe = load.plan->configurations[0].versions[0];
        QCOMPARE(probe.name, QStringLiteral("g"));
        QCOMPARE(probe.command.constFirst(), QStringLiteral("g"));
        QCOMPARE(probe.match, match);
    }

    void versionExtract_data()
    {
        QTest::addColumn<QString>("match");
        QTest::addColumn<QString>("output");
        QTest::addColumn<QString>("expected"); // "<none>" for nullopt
        QTest::newRow("gunicorn") << QStringLiteral("version ([0-9.]+)")
                                  << QStringLiteral("gunicorn (version 20.1.0)\n")
                                  << QStringLiteral("20.1.0");
        QTest::newRow("first match")
            << QStringLiteral("([0-9]+\\.[0-9]+)") << QStringLiteral("Python 3.11 on 2.6")
            << QStringLiteral("3.11");
        QTest::newRow("no pattern: the output, trimmed")
            << QString() << QStringLiteral("  1.1.30\n") << QStringLiteral("1.1.30");
        QTest::newRow("no match") << QStringLiteral("version ([0-9.]+)")
                                  << QStringLiteral("__main__.py") << QStringLiteral("<none>");
    }

    void versionExtract()
    {
        QFETCH(QString, match);
        QFETCH(QString, output);
        QFETCH(QString, expected);
        VersionProbe probe;
        probe.match = match;
        const std::optional<QString> got = probe.extract(output);
        QCOMPARE(got.value_or(QStringLiteral("<none>")), expected);
    }

    // ---- the database over a Unix socket (item 5's documentation)

    void unixSocketDatabaseHost()
    {
        const PlanLoad load = loadMem(
            "{\"format\": 1, \"name\": \"db\",\n"
            "\"database\": {\"driver\": \"QPSQL\", \"host\": \"/var/run/postgresql\", \"name\": "
            "\"bench\"},\n"
            "\"configurations\": [{\"name\": \"a\", \"command\": [\"s\"], \"port\": 9000}],\n"
            "\"routes\": [{\"name\": \"r\", \"path\": \"/\"}],\n"
            "\"profiles\": {\"q\": {\"concurrency\": [1]}}}");
        QVERIFY2(load.ok(), qPrintable(load.errorText()));
        QCOMPARE(load.plan->database->host, QStringLiteral("/var/run/postgresql"));
        QCOMPARE(load.plan->database->port, 5432);
    }

    // A cluster started on a free port: the port from the environment, and what is not one.
    void databasePortFromEnvironment()
    {
        qputenv("SB_PLAN_TEST_PGPORT", "15433");
        qputenv("SB_PLAN_TEST_NOTAPORT", "54x");
        const QByteArray head = "{\"format\": 1, \"name\": \"db\",\n"
                                "\"database\": {\"driver\": \"QPSQL\", \"name\": \"bench\", "
                                "\"port\": ";
        const QByteArray tail = "},\n"
                                "\"configurations\": [{\"name\": \"a\", \"command\": [\"s\"], "
                                "\"port\": 9000}],\n"
                                "\"routes\": [{\"name\": \"r\", \"path\": \"/\"}],\n"
                                "\"profiles\": {\"q\": {\"concurrency\": [1]}}}";
        const PlanLoad good = loadMem(head + "\"${env:SB_PLAN_TEST_PGPORT}\"" + tail);
        QVERIFY2(good.ok(), qPrintable(good.errorText()));
        QCOMPARE(good.plan->database->port, 15433);
        const PlanLoad bad = loadMem(head + "\"${env:SB_PLAN_TEST_NOTAPORT}\"" + tail);
        QVERIFY(!bad.ok());
        QVERIFY2(bad.errorText().contains(
                     QStringLiteral("2:58: $.database.port: \"${env:SB_PLAN_TEST_NOTAPORT}\" "
                                    "expands to \"54x\", not a port 1..65535")),
                 qPrintable(bad.errorText()));
        const PlanLoad var = loadMem(head + "\"${var:p}\"" + tail);
        QVERIFY(!var.ok());
        QVERIFY2(var.errorText().contains(QStringLiteral("is not available here")),
                 qPrintable(var.errorText()));
    }

    // ---- the full plan shows every key of issue 8

    void fullPlanNewKeys()
    {
        const QString path = plansDir() + QStringLiteral("/valid/full.json");
        const PlanLoad load =
            loadPlan(path, {{QStringLiteral("stackbench"), QStringLiteral("/opt/sb/stackbench")}});
        QVERIFY2(load.ok(), qPrintable(load.errorText()));
        QVERIFY2(load.warnings.isEmpty(),
                 qPrintable(messages(load.warnings).join(QLatin1Char('\n'))));
        const Plan &plan = *load.plan;
        QCOMPARE(plan.defaultProfile, QStringLiteral("quick"));
        QCOMPARE(plan.defaultProfileOrFirst(), plan.profile(QStringLiteral("quick")));
        QCOMPARE(plan.secretHeaders, QStringList{QStringLiteral("Authorization")});
        QCOMPARE(plan.variables.size(), 3);
        QCOMPARE(plan.database->host, QStringLiteral("/var/run/postgresql"));
        // sampler
        QCOMPARE(plan.sampler.foreignPeakGate->text(), QStringLiteral("150%"));
        QCOMPARE(plan.sampler.waitQuietMs, qint64(60000));
        // hooks: every new moment at the plan level, an order, route and configuration moments
        for (const HookMoment &m : hookMoments()) {
            if (QByteArray(m.key).startsWith("after_"))
                QVERIFY2(!(plan.hooks.*(m.list)).isEmpty(), m.key);
        }
        QCOMPARE(plan.hooks.afterRun[0].order, Hook::Order::Last);
        QCOMPARE(plan.hooks.afterWarmup[0].order, Hook::Order::First);
        QCOMPARE(plan.hooks.afterWarmup[0].sql, QStringLiteral("CHECKPOINT"));
        QCOMPARE(plan.hooks.afterRun[0].sql,
                 QStringLiteral("DELETE FROM orders WHERE user_id = ${var:user}"));
        QCOMPARE(plan.configurations[0].hooks.afterConfiguration.size(), 1);
        QCOMPARE(plan.configurations[0].hooks.afterConfiguration[0].order, Hook::Order::First);
        QCOMPARE(plan.configurations[0].hooks.afterConfiguration[0].command.last(),
                 QStringLiteral("18080"));
        const Route *order = plan.route(QStringLiteral("create-order"));
        QCOMPARE(order->hooks.afterRoute.size(), 1);
        QCOMPARE(order->hooks.afterRoute[0].sql, QStringLiteral("DELETE FROM orders"));
        // profiles
        const Profile *full = plan.profile(QStringLiteral("full"));
        QCOMPARE(full->warmupScope, Profile::WarmupScope::Route);
        QCOMPARE(full->warmupConcurrency, 50);
        QCOMPARE(plan.profile(QStringLiteral("quick"))->warmupScope, Profile::WarmupScope::Window);
        // versions: the argv form and the object form with a pattern
        const Configuration &native = plan.configurations[0];
        QVERIFY(native.versions[0].match.isEmpty());
        QCOMPARE(native.versions[1].match, QStringLiteral("([0-9]+)"));
        QCOMPARE(native.versions[1].command.size(), 3);
        // secret headers: the plan's, a route's, a parity check's
        QCOMPARE(order->secretHeaders, QStringList{QStringLiteral("Authorization")});
        QCOMPARE(plan.parity[0].secretHeaders,
                 (QStringList{QStringLiteral("Authorization"), QStringLiteral("X-Token")}));
        QCOMPARE(plan.parity[0].header(QStringLiteral("X-Token")), QStringLiteral("${var:token}"));
        QVERIFY(plan.routes[0].isSecretHeader(QStringLiteral("authorization")));
        // variables, in file order
        QCOMPARE(plan.variables[0].name, QStringLiteral("token"));
        QCOMPARE(plan.variables[0].kind, Variable::Kind::Command);
        QCOMPARE(plan.variables[0].command.last(), QStringLiteral("benchuser"));
        QCOMPARE(plan.variables[0].cwd, QFileInfo(path).absolutePath() + QStringLiteral("/bodies"));
        QCOMPARE(plan.variables[0].timeoutMs, qint64(10000));
        QVERIFY(plan.variables[0].secret);
        QCOMPARE(plan.variables[1].kind, Variable::Kind::Value);
        QCOMPARE(plan.variables[1].value, QStringLiteral("42"));
        QVERIFY(!plan.variables[1].secret);
        QCOMPARE(plan.variables[2].kind, Variable::Kind::Jwt);
        QCOMPARE(plan.variables[2].jwt.secret, QStringLiteral("tok-S3cr3t-value"));
        QCOMPARE(plan.variables[2].jwt.claims.value(QStringLiteral("role")).toString(),
                 QStringLiteral("benchuser"));
        QCOMPARE(plan.variables[2].jwt.expiresInS, qint64(86400));
    }

    // ---- broken plans of the new keys, each message with file:line:column

    void brokenPlans_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QStringList>("expected"); // %F = the file's path
        QTest::newRow("unknown variable")
            << QStringLiteral("unknown-variable.json")
            << QStringList{
                   QStringLiteral("%F:9:37: $.routes[0].headers.Authorization: unknown variable "
                                  "\"${var:tokn}\"; did you mean \"${var:token}\"?"),
                   QStringLiteral("%F:10:25: $.routes[0].body.user: unknown placeholder "
                                  "\"${user}\"; did you mean \"${var:user}\"?")};
        QTest::newRow("variable problems")
            << QStringLiteral("bad-variables.json")
            << QStringList{
                   QStringLiteral("%F:4:5: $.variables[\"1st\"]: invalid variable name \"1st\"; "
                                  "use letters, digits, '_', '.' and '-', starting with a letter "
                                  "or '_'"),
                   QStringLiteral("%F:5:13: $.variables.both: a variable has one of \"value\", "
                                  "\"command\" and \"jwt\", not several"),
                   QStringLiteral("%F:6:27: $.variables.chained.value: \"${var:both}\" is not "
                                  "available here: a variable cannot use another one"),
                   QStringLiteral("%F:7:44: $.variables.valued.timeout_s: \"timeout_s\" applies to "
                                  "a command variable only"),
                   QStringLiteral("%F:8:33: $.variables.signed.jwt.alg: invalid value \"RS256\"; "
                                  "allowed: \"HS256\", \"HS384\", \"HS512\""),
                   QStringLiteral("%F:8:54: $.variables.signed.jwt.claims.exp: \"exp\" is set "
                                  "when the token is made (from \"expires_in_s\"); remove it"),
                   QStringLiteral("%F:8:82: $.variables.signed.jwt.expires_in_s: must be at most "
                                  "366 days, not \"1e9\""),
                   QStringLiteral("%F:9:26: $.variables.unsigned.jwt: missing required key "
                                  "\"secret\"")};
        QTest::newRow("variables where they are not available")
            << QStringLiteral("variable-not-here.json")
            << QStringList{
                   QStringLiteral("%F:5:61: $.database.user: \"${var:who}\" is not available here: "
                                  "the database settings are needed before a run starts; use "
                                  "${env:NAME}"),
                   QStringLiteral("%F:7:59: $.configurations[0].cwd: \"${var:who}\" is not "
                                  "available here: a working directory must exist when the plan "
                                  "is loaded"),
                   QStringLiteral("%F:7:85: $.configurations[0].base_url: \"${var:who}\" is not "
                                  "available here: the base URL is needed when the plan is "
                                  "loaded")};
        QTest::newRow("hook moment at the wrong level, bad order")
            << QStringLiteral("hook-moments.json")
            << QStringList{
                   QStringLiteral("%F:7:9: $.routes[0].hooks.after_run: \"after_run\" is not a "
                                  "moment of a route's hooks; give it in the plan's or a "
                                  "configuration's \"hooks\""),
                   QStringLiteral("%F:10:55: $.hooks.after_warmup[0].order: invalid value "
                                  "\"1\"; allowed: \"first\", \"last\""),
                   QStringLiteral("%F:11:5: $.hooks.after_wndow: unknown key \"after_wndow\" at "
                                  "$.hooks; did you mean \"after_window\"?")};
        QTest::newRow("gates, default profile, warm-up, version pattern")
            << QStringLiteral("gates-and-profiles.json")
            << QStringList{
                   QStringLiteral("%F:5:53: $.configurations[0].versions.g.match: the pattern "
                                  "needs a capture group around the version, as in \"version "
                                  "([0-9.]+)\""),
                   QStringLiteral("%F:7:32: $.sampler.foreign_gate: a share of the machine must "
                                  "be above 0 and at most 100%machine, not \"450%machine\""),
                   QStringLiteral("%F:7:68: $.sampler.foreign_peak_gate: invalid CPU gate "
                                  "\"high\"; expected a share like \"25%machine\" (of the machine) "
                                  "or \"150%\" (of one core)"),
                   QStringLiteral("%F:9:52: $.profiles.quick.warmup_scope: invalid value "
                                  "\"cell\"; allowed: \"window\", \"route\""),
                   QStringLiteral("%F:11:22: $.default_profile: no profile \"qick\" in the plan; "
                                  "did you mean \"quick\"?")};
        QTest::newRow("secret headers")
            << QStringLiteral("secret-headers.json")
            << QStringList{
                   QStringLiteral("%F:4:22: $.secret_headers[0]: invalid header name \"X Token\""),
                   QStringLiteral("%F:7:24: $.routes[0].secret_headers[0]: secret_headers names "
                                  "\"Authorisation\", which is not a key of \"headers\"; did you "
                                  "mean \"Authorization\"?")};
    }

    void brokenPlans()
    {
        QFETCH(QString, file);
        QFETCH(QStringList, expected);
        const QString path = plansDir() + QStringLiteral("/broken/") + file;
        QVERIFY(QFile::exists(path));
        for (QString &e : expected)
            e.replace(QLatin1String("%F"), path);
        const PlanLoad load = loadPlan(path);
        QVERIFY(!load.ok());
        QStringList got;
        for (const Diagnostic &d : load.diagnostics)
            got.append(d.toString());
        QCOMPARE(got, expected);
    }

    // A plan-wide secret header no request sends is a warning: a likely typo.
    void unusedPlanSecretHeaderWarns()
    {
        const PlanLoad load = loadMem(
            "{\"format\": 1, \"name\": \"s\",\n"
            "\"configurations\": [{\"name\": \"a\", \"command\": [\"s\"], \"port\": 9000}],\n"
            "\"routes\": [{\"name\": \"r\", \"path\": \"/\", \"headers\": {\"authorization\": "
            "\"xyzw\"}}],\n"
            "\"secret_headers\": [\"Authorization\", \"X-Api-Key\"],\n"
            "\"profiles\": {\"q\": {\"concurrency\": [1]}}}");
        QVERIFY2(load.ok(), qPrintable(load.errorText()));
        QCOMPARE(messages(load.warnings),
                 QStringList{QStringLiteral("4:37: $.secret_headers[1]: secret_headers names "
                                            "\"X-Api-Key\", which no route or parity check "
                                            "sends")});
        QCOMPARE(load.warnings[0].code, QStringLiteral("plan.unused"));
    }

    // A one-character secret would turn every such character of a log into "<secret>": it is
    // kept out of the stored plan, not searched for in text, and the loader says so.
    void shortSecretWarnsAndIsNotSearchedFor()
    {
        const PlanLoad load = loadMem(
            "{\"format\": 1, \"name\": \"s\",\n"
            "\"configurations\": [{\"name\": \"a\", \"command\": [\"s\"], \"port\": 9000, "
            "\"env\": {\"K\": \"e\", \"LONG\": \"s3cr3t\"}, \"secret_env\": [\"K\", \"LONG\"]}],\n"
            "\"routes\": [{\"name\": \"r\", \"path\": \"/\"}],\n"
            "\"profiles\": {\"q\": {\"concurrency\": [1]}}}");
        QVERIFY2(load.ok(), qPrintable(load.errorText()));
        QCOMPARE(load.warnings.size(), 1);
        QCOMPARE(load.warnings[0].code, QStringLiteral("plan.secret-short"));
        QVERIFY2(messages(load.warnings)[0].startsWith(
                     QStringLiteral("2:79: $.configurations[0].env.K: this secret is shorter "
                                    "than 4 characters")),
                 qPrintable(messages(load.warnings)[0]));
        QCOMPARE(load.plan->redact(QStringLiteral("the server said: secret s3cr3t here")),
                 QStringLiteral("the server said: secret <secret> here"));
        const QByteArray stored = load.plan->redactedText();
        QVERIFY2(!stored.contains("\"e\"") && !stored.contains("s3cr3t"), stored.constData());
    }
};

QTEST_GUILESS_MAIN(TestPlanKeys)
#include "tst_plankeys.moc"

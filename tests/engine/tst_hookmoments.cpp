// The hook moments step's decisions (run/hookmoments.h): which hooks a moment runs and in what
// order (plan -> configuration -> route, "order": "first"/"last"), which configurations'
// before_run/after_run hooks a run includes, and how check labels a hook.

#include "run/hookmoments.h"

#include <QTest>

using namespace sb;

namespace {

// A command hook named by its argv[0], at `order`.
plan::Hook hook(const QString &name, plan::Hook::Order order = plan::Hook::Order::Default)
{
    plan::Hook h;
    h.command = QStringList{name};
    h.order = order;
    return h;
}

QStringList names(const QList<plan::Hook> &hooks)
{
    QStringList out;
    for (const plan::Hook &h : hooks)
        out << h.command.value(0);
    return out;
}

// Plan p1, p2(last); configuration a: a1(first); b: b1; route r: r1, r2(first) - all at
// before_window and before_run.
plan::Plan hookedPlan()
{
    using O = plan::Hook::Order;
    plan::Plan p;
    for (run::MomentList list : {&plan::HookSet::beforeWindow, &plan::HookSet::beforeRun}) {
        p.hooks.*list = {hook(QStringLiteral("p1")), hook(QStringLiteral("p2"), O::Last)};
        plan::Configuration a;
        a.name = QStringLiteral("a");
        plan::Configuration b;
        b.name = QStringLiteral("b");
        if (p.configurations.isEmpty())
            p.configurations << a << b;
        p.configurations[0].hooks.*list = {hook(QStringLiteral("a1"), O::First)};
        p.configurations[1].hooks.*list = {hook(QStringLiteral("b1"))};
        plan::Route r;
        r.name = QStringLiteral("r");
        if (p.routes.isEmpty())
            p.routes << r;
        p.routes[0].hooks.*
            list = {hook(QStringLiteral("r1")), hook(QStringLiteral("r2"), O::First)};
    }
    return p;
}

} // namespace

class TestHookMoments : public QObject
{
    Q_OBJECT

private slots:
    void momentHooks_data()
    {
        QTest::addColumn<QString>("configuration"); // "" = none
        QTest::addColumn<bool>("withRoute");
        QTest::addColumn<QStringList>("order");
        QTest::newRow("plan only")
            << QString() << false << QStringList{QStringLiteral("p1"), QStringLiteral("p2")};
        QTest::newRow("plan and configuration a")
            << QStringLiteral("a") << false
            << QStringList{QStringLiteral("a1"), QStringLiteral("p1"), QStringLiteral("p2")};
        QTest::newRow("plan, configuration b, route")
            << QStringLiteral("b") << true
            << QStringList{QStringLiteral("r2"), QStringLiteral("p1"), QStringLiteral("b1"),
                           QStringLiteral("r1"), QStringLiteral("p2")};
    }

    void momentHooks()
    {
        QFETCH(QString, configuration);
        QFETCH(bool, withRoute);
        QFETCH(QStringList, order);
        const plan::Plan p = hookedPlan();
        const QList<plan::Hook> hooks =
            run::momentHooks(p, configuration.isEmpty() ? nullptr : p.configuration(configuration),
                             withRoute ? &p.routes[0] : nullptr, &plan::HookSet::beforeWindow);
        QCOMPARE(names(hooks), order);
        // Another moment has none of them.
        QVERIFY(run::momentHooks(p, p.configuration(QStringLiteral("a")), &p.routes[0],
                                 &plan::HookSet::afterWindow)
                    .isEmpty());
    }

    // before_run and after_run: the plan's, then those of each configuration the run measures.
    void runMomentHooks_data()
    {
        QTest::addColumn<QStringList>("scheduled");
        QTest::addColumn<QStringList>("order");
        QTest::newRow("both") << QStringList{QStringLiteral("b"), QStringLiteral("a")}
                              << QStringList{QStringLiteral("a1"), QStringLiteral("p1"),
                                             QStringLiteral("b1"), QStringLiteral("p2")};
        QTest::newRow("b only") << QStringList{QStringLiteral("b")}
                                << QStringList{QStringLiteral("p1"), QStringLiteral("b1"),
                                               QStringLiteral("p2")};
        QTest::newRow("nothing scheduled")
            << QStringList{} << QStringList{QStringLiteral("p1"), QStringLiteral("p2")};
    }

    void runMomentHooks()
    {
        QFETCH(QStringList, scheduled);
        QFETCH(QStringList, order);
        QList<run::ScheduledWindow> schedule;
        for (const QString &c : scheduled)
            schedule << run::ScheduledWindow{0, c, QStringLiteral("r"), 1};
        QCOMPARE(names(run::runMomentHooks(hookedPlan(), schedule, &plan::HookSet::beforeRun)),
                 order);
    }

    void hookLabel_data()
    {
        QTest::addColumn<QString>("where");
        QTest::addColumn<QString>("label");
        QTest::newRow("plan") << QStringLiteral("plan.json:40:9 at $.hooks.before_window[0]")
                              << QStringLiteral("before_window[0]");
        QTest::newRow("configuration")
            << QStringLiteral("/x/plan.json:12:5 at $.configurations[1].hooks.before_route[2]")
            << QStringLiteral("configurations[1].before_route[2]");
        QTest::newRow("no place") << QStringLiteral("somewhere") << QStringLiteral("somewhere");
    }

    void hookLabel()
    {
        QFETCH(QString, where);
        QFETCH(QString, label);
        plan::Hook h;
        h.where = where;
        QCOMPARE(run::hookLabel(h), label);
    }

    void momentName()
    {
        QCOMPARE(run::momentName(&plan::HookSet::afterWarmup), QStringLiteral("after_warmup"));
        QCOMPARE(run::momentName(&plan::HookSet::beforeRun), QStringLiteral("before_run"));
        for (const plan::HookMoment &m : plan::hookMoments())
            QCOMPARE(run::momentName(m.list), QString::fromLatin1(m.key));
    }
};

QTEST_GUILESS_MAIN(TestHookMoments)
#include "tst_hookmoments.moc"

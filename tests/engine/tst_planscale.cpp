// Plan loading grows linearly with the plan: the parser's effort is counted (deterministic), and
// the loader's CPU time for 40,000 routes is compared with 10,000 under a bound generous enough
// for a loaded machine. Absolute timings: tests/bench/plan-load.sh.

#include "plan/jsonparser.h"
#include "plan/planloader.h"

#include <QDir>
#include <QTest>
#include <algorithm>
#include <ctime>

using namespace sb::plan;

namespace {

enum class Shape
{
    OneLine,      // the whole plan on one line, as a generator writes it
    LinePerRoute, // one route per line
    WideObject    // one route with N headers, one per line
};

const char kApiKey[] = "k-scale-secret-4242";

// A valid plan with `n` routes (or one route with `n` headers). Every route repeats the
// configuration's secret API key in a header, so that redaction sees `n` secret literals.
QByteArray generatedPlan(int n, Shape shape)
{
    const char *nl = shape == Shape::OneLine ? "" : "\n";
    QByteArray text = "{\"format\": 1, \"name\": \"scale\", \"configurations\": [{\"name\": \"a\", "
                      "\"command\": [\"server\", \"${port}\"], \"port\": 9000, \"env\": "
                      "{\"API_KEY\": \"";
    text += kApiKey;
    text += "\"}, \"secret_env\": [\"API_KEY\"]}],";
    text += nl;
    text += "\"routes\": [";
    if (shape == Shape::WideObject) {
        text += "{\"name\": \"wide\", \"path\": \"/\", \"headers\": {";
        for (int i = 0; i < n; ++i) {
            text += i ? ",\n" : "\n";
            text += "\"X-H" + QByteArray::number(i) + "\": \"v" + QByteArray::number(i) + "\"";
        }
        text += "}}";
    } else {
        for (int i = 0; i < n; ++i) {
            if (i)
                text += ",";
            text += nl;
            text += "{\"name\": \"r" + QByteArray::number(i) + "\", \"method\": \"POST\", " +
                    "\"path\": \"/items/" + QByteArray::number(i) +
                    "?x=1\", \"headers\": {\"Authorization\": \"Bearer " + kApiKey +
                    "\"}, \"body\": {\"id\": " + QByteArray::number(i) + "}, \"expect\": 201}";
        }
    }
    text += "],";
    text += nl;
    text += "\"profiles\": {\"quick\": {\"concurrency\": [1, 10]}}}";
    return text;
}

// CPU time of the calling thread in seconds: other processes on the machine do not count.
double threadCpuS()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

// The least CPU time of three loads (the least disturbed one).
double bestLoadCpuS(const QByteArray &text, int expectedRoutes)
{
    double best = 1e300;
    for (int i = 0; i < 3; ++i) {
        const double start = threadCpuS();
        const PlanLoad load = parsePlan(text, QStringLiteral("scale.json"), QDir::tempPath());
        best = std::min(best, threadCpuS() - start);
        if (!load.ok() || load.plan->routes.size() != expectedRoutes)
            return -1;
    }
    return best;
}

} // namespace

class TestPlanScale : public QObject
{
    Q_OBJECT

private slots:
    void parserWorkIsLinear_data()
    {
        QTest::addColumn<int>("shape");
        QTest::newRow("one line") << int(Shape::OneLine);
        QTest::newRow("a line per route") << int(Shape::LinePerRoute);
        QTest::newRow("an object with many keys") << int(Shape::WideObject);
    }

    void parserWorkIsLinear()
    {
        QFETCH(int, shape);
        const QByteArray small = generatedPlan(10'000, Shape(shape));
        const QByteArray large = generatedPlan(40'000, Shape(shape));
        const JsonParseResult a = parseJson(small);
        const JsonParseResult b = parseJson(large);
        QVERIFY(a.ok() && a.issues.isEmpty());
        QVERIFY(b.ok() && b.issues.isEmpty());
        // Linear: 4x the text costs about 4x the work (quadratic would be 16x); and the work is
        // of the order of the text's size.
        const double sizeRatio = double(large.size()) / double(small.size());
        const double workRatio = double(b.work) / double(std::max<qint64>(a.work, 1));
        QVERIFY2(workRatio < 1.25 * sizeRatio,
                 qPrintable(QStringLiteral("work %1 -> %2 (x%3) for text x%4")
                                .arg(a.work)
                                .arg(b.work)
                                .arg(workRatio)
                                .arg(sizeRatio)));
        QVERIFY2(b.work < 2 * large.size(),
                 qPrintable(QStringLiteral("work %1 for %2 bytes").arg(b.work).arg(large.size())));
    }

    void loadTimeIsLinear_data()
    {
        QTest::addColumn<int>("shape");
        QTest::newRow("one line") << int(Shape::OneLine);
        QTest::newRow("a line per route") << int(Shape::LinePerRoute);
    }

    void loadTimeIsLinear()
    {
        QFETCH(int, shape);
        const int n = 10'000;
        const double small = bestLoadCpuS(generatedPlan(n, Shape(shape)), n);
        const double large = bestLoadCpuS(generatedPlan(4 * n, Shape(shape)), 4 * n);
        QVERIFY(small > 0 && large > 0);
        qInfo("CPU time to load: %d routes %.3f s, %d routes %.3f s", n, small, 4 * n, large);
        // Linear is 4x; quadratic 16x. 8x leaves room for a machine under load.
        QVERIFY2(large < 8 * small,
                 qPrintable(QStringLiteral("%1 s, then %2 s").arg(small).arg(large)));
    }
};

QTEST_GUILESS_MAIN(TestPlanScale)
#include "tst_planscale.moc"

#include "http/responseparser.h"

#include <QTest>
#include <atomic>
#include <cstdlib>
#include <new>

// Counts every heap allocation of the process, to check that parsing allocates nothing.
static std::atomic<long> g_allocations{0};

void *operator new(std::size_t size)
{
    ++g_allocations;
    if (void *p = std::malloc(size ? size : 1))
        return p;
    throw std::bad_alloc();
}

void operator delete(void *p) noexcept
{
    std::free(p);
}

void operator delete(void *p, std::size_t) noexcept
{
    std::free(p);
}

using sb::http::ResponseParser;
using Status = ResponseParser::Status;

Q_DECLARE_METATYPE(ResponseParser::Status)

namespace {

struct Outcome
{
    Status status = Status::NeedMore;
    qsizetype consumed = 0; // bytes of the input the parser used
    bool fedAll = true;     // every NeedMore feed consumed its whole piece
};

// Feeds `input` in pieces of `pieceSize` bytes (0 = all at once) until Complete or Error; then
// finishEof() when `eof` and the response is still open.
Outcome run(ResponseParser &parser, const QByteArray &input, int pieceSize, bool eof)
{
    Outcome out;
    const qsizetype step = pieceSize > 0 ? pieceSize : qMax<qsizetype>(input.size(), 1);
    for (qsizetype offset = 0; offset < input.size(); offset += step) {
        const qsizetype len = qMin(step, input.size() - offset);
        size_t consumed = 12345;
        out.status = parser.feed(input.constData() + offset, size_t(len), consumed);
        out.consumed += qsizetype(consumed);
        if (out.status != Status::NeedMore)
            return out;
        if (qsizetype(consumed) != len)
            out.fedAll = false;
    }
    if (eof)
        out.status = parser.finishEof();
    return out;
}

} // namespace

class TestResponseParser : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void responses_data();
    void responses();
    void pipelined_data();
    void pipelined();
    void reuseAcrossResponses();
    void recoversAfterError();
    void eofBeforeAnyByte();
    void noAllocationWhileParsing();
};

void TestResponseParser::responses_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<bool>("isHead");
    QTest::addColumn<int>("pieceSize");
    QTest::addColumn<bool>("eof");
    QTest::addColumn<Status>("expected");
    QTest::addColumn<int>("statusCode");
    QTest::addColumn<qulonglong>("bodyBytes");
    QTest::addColumn<bool>("keepAlive");
    QTest::addColumn<QString>("reasonContains"); // for Error

    struct Case
    {
        const char *name;
        QByteArray input;
        bool isHead;
        bool eof;
        Status expected;
        int statusCode;
        qulonglong bodyBytes;
        bool keepAlive;
        QString reasonContains;
    };
    const Case cases[] = {
        {"content-length body",
         "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 5\r\n\r\nhello",
         false,
         false,
         Status::Complete,
         200,
         5,
         true,
         {}},
        {"zero content-length",
         "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n",
         false,
         false,
         Status::Complete,
         404,
         0,
         true,
         {}},
        {"chunked with extensions and trailers",
         "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
         "5;name=value\r\nhello\r\n7;ext\r\n, world\r\n0\r\nX-Checksum: abc\r\nX-More: 1\r\n\r\n",
         false,
         false,
         Status::Complete,
         200,
         12,
         true,
         {}},
        {"close-delimited body then EOF",
         "HTTP/1.1 200 OK\r\nConnection: close\r\n\r\nbody until the end",
         false,
         true,
         Status::Complete,
         200,
         18,
         false,
         {}},
        {"close-delimited body without EOF yet",
         "HTTP/1.1 200 OK\r\n\r\nbody",
         false,
         false,
         Status::NeedMore,
         200,
         4,
         true,
         {}},
        {"100 Continue then 200",
         "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 201 Created\r\nContent-Length: 2\r\n\r\nok",
         false,
         false,
         Status::Complete,
         201,
         2,
         true,
         {}},
        {"103 Early Hints then 200",
         "HTTP/1.1 103 Early Hints\r\nLink: </a.css>\r\n\r\n"
         "HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\nabc",
         false,
         false,
         Status::Complete,
         200,
         3,
         true,
         {}},
        {"204 without body",
         "HTTP/1.1 204 No Content\r\nServer: x\r\n\r\n",
         false,
         false,
         Status::Complete,
         204,
         0,
         true,
         {}},
        {"204 with Content-Length but no body",
         "HTTP/1.1 204 No Content\r\nContent-Length: 5\r\n\r\n",
         false,
         false,
         Status::Complete,
         204,
         0,
         true,
         {}},
        {"304 with Content-Length but no body",
         "HTTP/1.1 304 Not Modified\r\nContent-Length: 100\r\nETag: \"x\"\r\n\r\n",
         false,
         false,
         Status::Complete,
         304,
         0,
         true,
         {}},
        {"HEAD with Content-Length but no body",
         "HTTP/1.1 200 OK\r\nContent-Length: 1234\r\n\r\n",
         true,
         false,
         Status::Complete,
         200,
         0,
         true,
         {}},
        {"HEAD chunked",
         "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n",
         true,
         false,
         Status::Complete,
         200,
         0,
         true,
         {}},
        {"Connection: close",
         "HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 2\r\n\r\nhi",
         false,
         false,
         Status::Complete,
         200,
         2,
         false,
         {}},
        {"HTTP/1.0 without keep-alive",
         "HTTP/1.0 200 OK\r\nContent-Length: 3\r\n\r\nabc",
         false,
         false,
         Status::Complete,
         200,
         3,
         false,
         {}},
        {"HTTP/1.0 with keep-alive",
         "HTTP/1.0 200 OK\r\nConnection: keep-alive\r\nContent-Length: 3\r\n\r\nabc",
         false,
         false,
         Status::Complete,
         200,
         3,
         true,
         {}},
        {"HTTP/1.0 close-delimited",
         "HTTP/1.0 500 Oops\r\n\r\nerr",
         false,
         true,
         Status::Complete,
         500,
         3,
         false,
         {}},
        {"101 Switching Protocols",
         "HTTP/1.1 101 Switching Protocols\r\nUpgrade: ws\r\n"
         "Connection: Upgrade\r\n\r\n",
         false,
         false,
         Status::Complete,
         101,
         0,
         false,
         {}},
        {"garbage", "GARBAGE\r\n\r\n", false, false, Status::Error, 0, 0, false,
         QStringLiteral("HPE_")},
        {"bad status code", "HTTP/1.1 2x0 OK\r\n\r\n", false, false, Status::Error, 0, 0, false,
         QStringLiteral("status")},
        {"bad content-length", "HTTP/1.1 200 OK\r\nContent-Length: 12a\r\n\r\n", false, false,
         Status::Error, 0, 0, false, QStringLiteral("Content-Length")},
        {"bad chunk size", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", false,
         false, Status::Error, 200, 0, false, QStringLiteral("HPE_INVALID_CHUNK_SIZE")},
        {"truncated body then EOF", "HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc", false, true,
         Status::Error, 200, 3, false, QStringLiteral("EOF")},
        {"truncated chunked body then EOF",
         "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhel", false, true,
         Status::Error, 200, 3, false, QStringLiteral("EOF")},
        {"truncated headers then EOF", "HTTP/1.1 200 OK\r\nContent-Le", false, true, Status::Error,
         0, 0, false, QStringLiteral("EOF")},
        {"only 100 Continue then EOF", "HTTP/1.1 100 Continue\r\n\r\n", false, true, Status::Error,
         0, 0, false, QStringLiteral("closed")},
    };
    for (const Case &c : cases) {
        for (int piece : {0, 1, 7}) {
            const QString name =
                QString::fromLatin1(c.name) + (piece == 0   ? QStringLiteral(", whole")
                                               : piece == 1 ? QStringLiteral(", byte by byte")
                                                            : QStringLiteral(", 7-byte pieces"));
            QTest::newRow(qPrintable(name))
                << c.input << c.isHead << piece << c.eof << c.expected << c.statusCode
                << c.bodyBytes << c.keepAlive << c.reasonContains;
        }
    }
}

void TestResponseParser::responses()
{
    QFETCH(QByteArray, input);
    QFETCH(bool, isHead);
    QFETCH(int, pieceSize);
    QFETCH(bool, eof);
    QFETCH(Status, expected);
    QFETCH(int, statusCode);
    QFETCH(qulonglong, bodyBytes);
    QFETCH(bool, keepAlive);
    QFETCH(QString, reasonContains);

    ResponseParser parser;
    parser.begin(isHead);
    QVERIFY(!parser.started());
    const Outcome out = run(parser, input, pieceSize, eof);
    QCOMPARE(out.status, expected);
    QVERIFY(out.fedAll);
    QVERIFY(parser.started());
    QCOMPARE(parser.statusCode(), statusCode);
    QCOMPARE(qulonglong(parser.bodyBytes()), bodyBytes);
    if (expected == Status::Complete) {
        QCOMPARE(out.consumed, input.size());
        QCOMPARE(parser.keepAlive(), keepAlive);
        QCOMPARE(QString::fromUtf8(parser.errorReason()), QString());
        // A finished response stays finished.
        QCOMPARE(parser.finishEof(), Status::Complete);
    } else if (expected == Status::Error) {
        const QString reason = QString::fromUtf8(parser.errorReason());
        QVERIFY2(reason.contains(reasonContains), qPrintable(reason));
        QVERIFY(!parser.keepAlive());
        QVERIFY(out.consumed <= input.size());
        size_t consumed = 99;
        QCOMPARE(parser.feed("HTTP/1.1 200 OK\r\n", 17, consumed), Status::Error); // sticky
        QCOMPARE(consumed, size_t(0));
    } else {
        QCOMPARE(out.consumed, input.size());
    }
}

void TestResponseParser::pipelined_data()
{
    QTest::addColumn<int>("pieceSize");
    QTest::newRow("one buffer") << 0;
    QTest::newRow("byte by byte") << 1;
    QTest::newRow("5-byte pieces") << 5;
}

void TestResponseParser::pipelined()
{
    QFETCH(int, pieceSize);
    const QByteArray first = "HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\none";
    const QByteArray second = "HTTP/1.1 201 Created\r\nTransfer-Encoding: chunked\r\n\r\n"
                              "4\r\ntwo!\r\n0\r\n\r\n";
    const QByteArray third = "HTTP/1.1 500 Internal\r\nContent-Length: 0\r\n\r\n";
    QByteArray all = first + second + third;

    ResponseParser parser;
    int statuses[3] = {};
    uint64_t bodies[3] = {};
    qsizetype boundaries[3] = {};
    qsizetype offset = 0;
    for (int i = 0; i < 3; ++i) {
        parser.begin();
        const Outcome out = run(parser, all.mid(offset), pieceSize, false);
        QCOMPARE(out.status, Status::Complete);
        statuses[i] = parser.statusCode();
        bodies[i] = parser.bodyBytes();
        QVERIFY(parser.keepAlive());
        offset += out.consumed;
        boundaries[i] = offset;
    }
    QCOMPARE(boundaries[0], first.size()); // consumed stops after the first response
    QCOMPARE(boundaries[1], first.size() + second.size());
    QCOMPARE(boundaries[2], all.size());
    QCOMPARE(statuses[0], 200);
    QCOMPARE(statuses[1], 201);
    QCOMPARE(statuses[2], 500);
    QCOMPARE(bodies[0], uint64_t(3));
    QCOMPARE(bodies[1], uint64_t(4));
    QCOMPARE(bodies[2], uint64_t(0));
}

void TestResponseParser::reuseAcrossResponses()
{
    ResponseParser parser;
    const QByteArray response = "HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n0123456789";
    for (int i = 0; i < 1000; ++i) {
        parser.begin(i % 10 == 0);
        const QByteArray bytes = i % 10 == 0 ? response.left(response.size() - 10) : response;
        size_t consumed = 0;
        QCOMPARE(parser.feed(bytes.constData(), size_t(bytes.size()), consumed), Status::Complete);
        QCOMPARE(consumed, size_t(bytes.size()));
        QCOMPARE(parser.bodyBytes(), uint64_t(i % 10 == 0 ? 0 : 10));
    }
    // feed() after Complete without begin() starts the next response.
    size_t consumed = 0;
    QCOMPARE(parser.feed(response.constData(), size_t(response.size()), consumed),
             Status::Complete);
    QCOMPARE(parser.bodyBytes(), uint64_t(10));
}

void TestResponseParser::recoversAfterError()
{
    ResponseParser parser;
    parser.begin();
    size_t consumed = 0;
    QCOMPARE(parser.feed("NOPE", 4, consumed), Status::Error);
    QVERIFY(std::strlen(parser.errorReason()) > 0);
    parser.begin();
    QCOMPARE(QString::fromUtf8(parser.errorReason()), QString());
    QCOMPARE(parser.statusCode(), 0);
    const QByteArray ok = "HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\nx";
    QCOMPARE(parser.feed(ok.constData(), size_t(ok.size()), consumed), Status::Complete);
    QCOMPARE(parser.statusCode(), 200);

    // A Connection: close response leaves llhttp closed; begin() makes it usable again.
    const QByteArray closing = "HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 0\r\n\r\n";
    parser.begin();
    QCOMPARE(parser.feed(closing.constData(), size_t(closing.size()), consumed), Status::Complete);
    QVERIFY(!parser.keepAlive());
    parser.begin();
    QCOMPARE(parser.feed(ok.constData(), size_t(ok.size()), consumed), Status::Complete);
    QVERIFY(parser.keepAlive());
}

void TestResponseParser::eofBeforeAnyByte()
{
    ResponseParser parser;
    QCOMPARE(parser.statusCode(), 0);
    parser.begin();
    QCOMPARE(parser.finishEof(), Status::NeedMore);
    QVERIFY(!parser.started());
    size_t consumed = 7;
    QCOMPARE(parser.feed("", 0, consumed), Status::NeedMore);
    QCOMPARE(consumed, size_t(0));
    QVERIFY(!parser.started());
}

void TestResponseParser::noAllocationWhileParsing()
{
    const QByteArray responses[] = {
        "HTTP/1.1 200 OK\r\nContent-Length: 10\r\nX-A: b\r\n\r\n0123456789",
        "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
        "3;x=y\r\nabc\r\n0\r\nT: 1\r\n\r\n",
        "HTTP/1.1 200 OK\r\n\r\nclose-delimited",
        "HTTP/1.1 nope\r\n\r\n",
    };
    ResponseParser parser;
    const long before = g_allocations.load();
    int completed = 0;
    for (int round = 0; round < 100; ++round) {
        for (const QByteArray &r : responses) {
            parser.begin(false);
            const Outcome out = run(parser, r, round % 2 ? 3 : 0, true);
            completed += out.status == Status::Complete ? 1 : 0;
        }
    }
    const long during = g_allocations.load() - before;
    QCOMPARE(completed, 300);
    QCOMPARE(during, 0L);
    // The counter is live: one std::string allocation is seen.
    auto *probe = new std::string(100, 'x');
    QVERIFY(g_allocations.load() > before);
    delete probe;
}

QTEST_GUILESS_MAIN(TestResponseParser)
#include "tst_responseparser.moc"

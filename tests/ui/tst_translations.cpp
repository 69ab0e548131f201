// The translation catalogues (translations/*.ts) against the GUI's sources and the engine texts it
// shows (sb::trEngine()): every text has a finished translation in each language, plural forms
// as the language has them, placeholders and accelerators kept, and lupdate over the sources
// today finds nothing new or gone.

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

namespace {

struct Message
{
    QString context;
    QString source;
    QString comment;
    bool numerus = false;
    QString type;             // "", "unfinished", "vanished", "obsolete"
    QStringList translations; // one, or one per plural form

    QString key() const
    {
        return context + QLatin1String(" | ") + source + QLatin1String(" | ") + comment;
    }
};

struct Catalogue
{
    QString language; // the <TS language="..."> attribute
    QList<Message> messages;
    QString error;
};

void readMessage(QXmlStreamReader &xml, Message &m)
{
    while (xml.readNextStartElement()) {
        const auto name = xml.name();
        if (name == QLatin1String("source")) {
            m.source = xml.readElementText();
        } else if (name == QLatin1String("comment")) {
            m.comment = xml.readElementText();
        } else if (name == QLatin1String("translation")) {
            m.type = xml.attributes().value(QLatin1String("type")).toString();
            if (!m.numerus) {
                m.translations << xml.readElementText();
                continue;
            }
            while (xml.readNextStartElement()) {
                if (xml.name() == QLatin1String("numerusform"))
                    m.translations << xml.readElementText();
                else
                    xml.skipCurrentElement();
            }
        } else {
            xml.skipCurrentElement();
        }
    }
}

Catalogue readCatalogue(const QString &path)
{
    Catalogue c;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        c.error = path + QLatin1String(": ") + f.errorString();
        return c;
    }
    QXmlStreamReader xml(&f);
    if (xml.readNextStartElement() && xml.name() == QLatin1String("TS"))
        c.language = xml.attributes().value(QLatin1String("language")).toString();
    while (xml.readNextStartElement()) {
        if (xml.name() != QLatin1String("context")) {
            xml.skipCurrentElement();
            continue;
        }
        QString context;
        while (xml.readNextStartElement()) {
            if (xml.name() == QLatin1String("name")) {
                context = xml.readElementText();
            } else if (xml.name() == QLatin1String("message")) {
                Message m;
                m.context = context;
                m.numerus =
                    xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes");
                readMessage(xml, m);
                c.messages << m;
            } else {
                xml.skipCurrentElement();
            }
        }
    }
    if (xml.hasError())
        c.error =
            QStringLiteral("%1:%2: %3").arg(path).arg(xml.lineNumber()).arg(xml.errorString());
    return c;
}

QString tsPath(const QString &language)
{
    return QStringLiteral(STACKBENCH_SOURCE_DIR "/translations/stackbench_%1.ts").arg(language);
}

// %1..%99, %L1, %n: what .arg() and tr()'s plural handling fill in.
QStringList placeholders(const QString &text)
{
    static const QRegularExpression re(QStringLiteral("%L?(\\d{1,2}|n)"));
    QStringList out;
    for (const QRegularExpressionMatch &m : re.globalMatch(text))
        out << m.captured(1);
    out.sort();
    return out;
}

// A menu or button accelerator: '&' before a character, "&&" being a literal ampersand.
bool hasAccelerator(const QString &text)
{
    for (qsizetype i = 0; i + 1 < text.size(); ++i) {
        if (text.at(i) != QLatin1Char('&'))
            continue;
        if (text.at(i + 1) == QLatin1Char('&')) {
            ++i;
            continue;
        }
        if (!text.at(i + 1).isSpace())
            return true;
    }
    return false;
}

// lupdate's "file:line: Class 'X' lacks Q_OBJECT macro" is harmless when the file's free tr()
// helper translates in context X too (a namespace's texts); otherwise the texts of that file are
// filed under X but looked up under another context at run time.
bool contextMatches(const QString &warning)
{
    static const QRegularExpression lacks(
        QStringLiteral("^(.*):\\d+: Class '([^']+)' lacks Q_OBJECT macro$"));
    const QRegularExpressionMatch m = lacks.match(warning.trimmed());
    if (!m.hasMatch())
        return false;
    QFile source(m.captured(1));
    if (!source.open(QIODevice::ReadOnly))
        return false;
    const QString helper = QStringLiteral("translate(\"%1\",").arg(m.captured(2));
    return QString::fromUtf8(source.readAll()).contains(helper);
}

} // namespace

class TestTranslations : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void catalogueComplete_data();
    void catalogueComplete();
    void lupdateFindsNothingNew();
    void placeholderHelpers();
};

void TestTranslations::catalogueComplete_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<int>("pluralForms");
    QTest::newRow("German: singular and plural") << QStringLiteral("de") << 2;
    QTest::newRow("Simplified Chinese: one form") << QStringLiteral("zh_CN") << 1;
}

// Every message finished, none vanished or obsolete, each plural message with the language's
// number of forms, the same placeholders in every translation as in the source, an accelerator
// where the source has one.
void TestTranslations::catalogueComplete()
{
    QFETCH(QString, language);
    QFETCH(int, pluralForms);
    const Catalogue c = readCatalogue(tsPath(language));
    QVERIFY2(c.error.isEmpty(), qPrintable(c.error));
    QCOMPARE(c.language, language);
    QVERIFY2(c.messages.size() > 100, "the catalogue is nearly empty");
    QStringList problems;
    for (const Message &m : c.messages) {
        const QString where = m.context + QLatin1String(": \"") + m.source + QLatin1Char('"');
        if (!m.type.isEmpty())
            problems << where + QLatin1String(" is ") + m.type;
        if (m.numerus && m.translations.size() != pluralForms)
            problems << where + QStringLiteral(" has %1 plural form(s)").arg(m.translations.size());
        for (const QString &t : m.translations) {
            if (t.trimmed().isEmpty())
                problems << where + QLatin1String(" has an empty translation");
            else if (placeholders(t) != placeholders(m.source))
                problems << where + QLatin1String(" -> \"") + t +
                                QLatin1String("\": placeholders differ");
            if (hasAccelerator(m.source) != hasAccelerator(t))
                problems << where + QLatin1String(" -> \"") + t +
                                QLatin1String("\": accelerator differs");
        }
    }
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
}

// lupdate over ui/ and engine/ (its sb::trEngine() texts, core/enginetext.h) into copies of the
// catalogues, as translations/CMakeLists.txt runs it: nothing added, nothing dropped, and no
// warning that a tr() call's context is not the one it has at run time (then its text is never
// translated, however complete the catalogue looks).
void TestTranslations::lupdateFindsNothingNew()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QStringList languages{QStringLiteral("de"), QStringLiteral("zh_CN")};
    QStringList copies;
    for (const QString &l : languages) {
        copies << dir.filePath(QFileInfo(tsPath(l)).fileName());
        QVERIFY(QFile::copy(tsPath(l), copies.last()));
    }
    QProcess lupdate;
    lupdate.setProcessChannelMode(QProcess::MergedChannels);
    const QString root = QStringLiteral(STACKBENCH_SOURCE_DIR);
    lupdate.start(QStringLiteral(SB_LUPDATE),
                  QStringList{QStringLiteral("-no-obsolete"), QStringLiteral("-locations"),
                              QStringLiteral("none"), QStringLiteral("-tr-function-alias"),
                              QStringLiteral("translate+=trEngine"), QStringLiteral("-extensions"),
                              QStringLiteral("cpp,h"), QStringLiteral("-I"), root,
                              QStringLiteral("-I"), root + QLatin1String("/engine"),
                              root + QLatin1String("/ui"), root + QLatin1String("/engine"),
                              QStringLiteral("-ts")} +
                      copies);
    QVERIFY2(lupdate.waitForFinished(120000), qPrintable(lupdate.errorString()));
    const QString output = QString::fromLocal8Bit(lupdate.readAll());
    QCOMPARE(lupdate.exitCode(), 0);
    static const QRegularExpression wrongContext(
        QStringLiteral("^.*(lacks Q_OBJECT macro|unknown namespace/class|Cannot invoke tr\\(\\)|"
                       "Discarding unconsumed meta data).*$"),
        QRegularExpression::MultilineOption);
    QStringList warnings;
    for (const QRegularExpressionMatch &m : wrongContext.globalMatch(output))
        if (!contextMatches(m.captured(0)))
            warnings << m.captured(0);
    QVERIFY2(warnings.isEmpty(), qPrintable(warnings.join(QLatin1Char('\n'))));

    for (int i = 0; i < languages.size(); ++i) {
        const Catalogue before = readCatalogue(tsPath(languages[i]));
        const Catalogue after = readCatalogue(copies[i]);
        QVERIFY2(after.error.isEmpty(), qPrintable(after.error));
        QSet<QString> had, has;
        for (const Message &m : before.messages)
            had << m.key();
        for (const Message &m : after.messages)
            has << m.key();
        QStringList diff;
        for (const QString &k : has - had)
            diff << QLatin1String("new in the sources: ") + k;
        for (const QString &k : had - has)
            diff << QLatin1String("gone from the sources: ") + k;
        diff.sort();
        if (!diff.isEmpty())
            diff << QStringLiteral("run: cmake --build build --target stackbench_lupdate, then "
                                   "translate the new texts");
        QVERIFY2(diff.isEmpty(),
                 qPrintable(languages[i] + QLatin1String(":\n") + diff.join(QLatin1Char('\n'))));
    }
}

// The checks above catch what they are meant to.
void TestTranslations::placeholderHelpers()
{
    QCOMPARE(placeholders(QStringLiteral("%1 of %2, %n window(s), %L3")),
             (QStringList{QStringLiteral("1"), QStringLiteral("2"), QStringLiteral("3"),
                          QStringLiteral("n")}));
    QVERIFY(placeholders(QStringLiteral("100% done")).isEmpty());
    QVERIFY(hasAccelerator(QStringLiteral("&File")));
    QVERIFY(hasAccelerator(QStringLiteral("文件(&F)")));
    QVERIFY(!hasAccelerator(QStringLiteral("Tom && Jerry")));
    QVERIFY(!hasAccelerator(QStringLiteral("a & b")));

    QTemporaryDir dir;
    QFile source(dir.filePath(QStringLiteral("charts.cpp")));
    QVERIFY(source.open(QIODevice::WriteOnly));
    source.write("namespace sb::charts {\nQString tr(const char *t) { return "
                 "QCoreApplication::translate(\"sb::charts\", t); }\n}\n");
    source.close();
    QVERIFY(contextMatches(source.fileName() +
                           QLatin1String(":2: Class 'sb::charts' lacks Q_OBJECT macro")));
    QVERIFY(
        !contextMatches(source.fileName() + QLatin1String(":2: Class 'sb' lacks Q_OBJECT macro")));
    QVERIFY(!contextMatches(source.fileName() +
                            QLatin1String(":2: Qualifying with unknown namespace/class ::X")));
}

QTEST_GUILESS_MAIN(TestTranslations)
#include "tst_translations.moc"

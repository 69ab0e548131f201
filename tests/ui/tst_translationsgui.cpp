// The GUI in German and Chinese: which language starts (--lang, the setting, the system
// locale), the main window's menus translated, Qt's own dialogs translated, the language menu
// storing its choice, `stackbench gui --lang` refusing what it cannot show, and the engine's
// texts the GUI shows verbatim (plan diagnostics in the Problems list) in the GUI's language while
// the command line and a run's stored texts stay English.

#include "core/enginetext.h"
#include "core/qterror.h"
#include "plan/planloader.h"
#include "run/gatereason.h"
#include "run/gates.h"
#include "run/paritygate.h"
#include "run/runner.h"
#include "ui/language.h"
#include "ui/loadcontroller.h"
#include "ui/mainwindow.h"
#include "ui/models/diagnosticsmodel.h"
#include "ui/models/paritymodel.h"
#include "ui/pages/planpage.h"
#include "ui/settingsdialog.h"

#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QHash>
#include <QLibraryInfo>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QProcess>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>

namespace {

// The menu bar's titles, File first.
QStringList menuTitles(const sb::MainWindow &window)
{
    QStringList titles;
    for (QAction *a : window.menuBar()->actions())
        if (a->menu())
            titles << a->text();
    return titles;
}

// The accelerator letter of a menu text ("&Datei" d, "文件(&F)" f), or a null QChar.
QChar accelerator(const QString &text)
{
    for (qsizetype i = 0; i + 1 < text.size(); ++i) {
        if (text.at(i) != QLatin1Char('&'))
            continue;
        if (text.at(i + 1) != QLatin1Char('&'))
            return text.at(i + 1).toLower();
        ++i;
    }
    return {};
}

// Menu titles, and entries of one menu, that share an accelerator.
QStringList acceleratorClashes(const sb::MainWindow &window)
{
    QList<QList<QAction *>> groups{window.menuBar()->actions()};
    for (QAction *a : window.menuBar()->actions())
        if (a->menu())
            groups << a->menu()->actions();
    QStringList clashes;
    for (const QList<QAction *> &group : std::as_const(groups)) {
        QHash<QChar, QString> seen;
        for (QAction *a : group) {
            const QChar key = accelerator(a->text());
            if (key.isNull())
                continue;
            if (seen.contains(key))
                clashes << seen.value(key) + QLatin1String(" / ") + a->text();
            seen.insert(key, a->text());
        }
    }
    return clashes;
}

QString runStackbench(const QStringList &args, int &exitCode)
{
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("LC_ALL"));
    env.remove(QStringLiteral("LANGUAGE"));
    env.insert(QStringLiteral("LANG"), QStringLiteral("de_DE.UTF-8")); // output stays English
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(STACKBENCH_BIN), args);
    if (!p.waitForFinished(30000)) {
        p.kill();
        p.waitForFinished();
        exitCode = -1;
        return p.errorString();
    }
    exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    return QString::fromLocal8Bit(p.readAll());
}

// A plan with two problems the Problems list showed in English under --lang de (issue 21): a
// misspelt key and an environment variable that is not set.
const char kTwoProblemPlan[] = R"({
  "format": 1,
  "name": "x",
  "configurations": [
    { "name": "a", "command": ["s"], "comand": ["s"], "port": 9000,
      "env": { "PW": "${env:SB_TRANSLATIONS_TEST_UNSET}" } }
  ],
  "routes": [ { "name": "r", "path": "/" } ],
  "profiles": { "quick": { "concurrency": [1] } }
}
)";

const char kUnknownKeyEnglish[] =
    R"(unknown key "comand" at $.configurations[0]; did you mean "command"?)";
const char kUnsetEnglish[] = R"(environment variable "SB_TRANSLATIONS_TEST_UNSET" is not set )"
                             R"((referenced as "${env:SB_TRANSLATIONS_TEST_UNSET}"))";

// The Problems list's message for the diagnostic of kind `code`, or a null string.
QString messageOf(const sb::DiagnosticsModel &model, const QString &code)
{
    for (int row = 0; row < model.rowCount(); ++row)
        if (model.index(row, 0).data(sb::DiagnosticsModel::CodeRole).toString() == code)
            return model.index(row, sb::DiagnosticsModel::MessageColumn).data().toString();
    return {};
}

// The two-problem plan loaded as the plan page loads it, into the Problems list's model.
void loadTwoProblemPlan(sb::DiagnosticsModel &model)
{
    const sb::plan::PlanLoad load = sb::plan::parsePlan(
        QByteArray(kTwoProblemPlan), QStringLiteral("plan.json"), QDir::tempPath());
    model.setDiagnostics(load.diagnostics, load.warnings);
}

} // namespace

class TestTranslationsGui : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void normaliseLanguage_data();
    void normaliseLanguage();
    void chooseLanguage_data();
    void chooseLanguage();
    void mainWindowMenus_data();
    void mainWindowMenus();
    void formChecks();
    void qtDialogs_data();
    void qtDialogs();
    void settingsDialog();
    void langOption_data();
    void langOption();
    void planDiagnostics_data();
    void planDiagnostics();
    void problemsDock();
    void checkCommandStaysEnglish();
    void grammarSentences_data();
    void grammarSentences();
    void checkResults();
    void gateReasons();
    void checkStartFailure();
};

void TestTranslationsGui::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setApplicationName(QStringLiteral("stackbench-tests"));
    QSettings().remove(QStringLiteral("ui/language"));
}

void TestTranslationsGui::cleanupTestCase()
{
    QSettings().remove(QStringLiteral("ui/language"));
    sb::installTranslators(QStringLiteral("en"));
}

void TestTranslationsGui::normaliseLanguage_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("code"); // empty: refused
    const QString zh = QStringLiteral("zh_CN");
    QTest::newRow("system") << QStringLiteral("system") << QStringLiteral("system");
    QTest::newRow("System, any case") << QStringLiteral(" System ") << QStringLiteral("system");
    QTest::newRow("en") << QStringLiteral("en") << QStringLiteral("en");
    QTest::newRow("en_GB") << QStringLiteral("en_GB") << QStringLiteral("en");
    QTest::newRow("de") << QStringLiteral("de") << QStringLiteral("de");
    QTest::newRow("DE upper case") << QStringLiteral("DE") << QStringLiteral("de");
    QTest::newRow("de-AT") << QStringLiteral("de-AT") << QStringLiteral("de");
    QTest::newRow("de_DE.UTF-8 (LANG)") << QStringLiteral("de_DE.UTF-8") << QStringLiteral("de");
    QTest::newRow("de_DE@euro") << QStringLiteral("de_DE@euro") << QStringLiteral("de");
    QTest::newRow("zh_CN") << zh << zh;
    QTest::newRow("zh-cn lower case") << QStringLiteral("zh-cn") << zh;
    QTest::newRow("zh") << QStringLiteral("zh") << zh;
    QTest::newRow("zh-Hans-CN (uiLanguages)") << QStringLiteral("zh-Hans-CN") << zh;
    QTest::newRow("zh_SG") << QStringLiteral("zh_SG") << zh;
    QTest::newRow("zh_TW: Traditional") << QStringLiteral("zh_TW") << QString();
    QTest::newRow("zh-Hant") << QStringLiteral("zh-Hant") << QString();
    QTest::newRow("fr: no translation") << QStringLiteral("fr") << QString();
    QTest::newRow("C") << QStringLiteral("C") << QString();
    QTest::newRow("POSIX") << QStringLiteral("POSIX") << QString();
    QTest::newRow("empty") << QString() << QString();
    QTest::newRow("garbage") << QStringLiteral("klingon!") << QString();
}

void TestTranslationsGui::normaliseLanguage()
{
    QFETCH(QString, text);
    QFETCH(QString, code);
    QCOMPARE(sb::normaliseLanguage(text).value_or(QString()), code);
}

void TestTranslationsGui::chooseLanguage_data()
{
    QTest::addColumn<QString>("option");
    QTest::addColumn<QString>("setting");
    QTest::addColumn<QStringList>("system");
    QTest::addColumn<QString>("language");
    const QStringList german{QStringLiteral("de-DE")};
    const QStringList chinese{QStringLiteral("zh-Hans-CN"), QStringLiteral("zh-CN")};
    const QStringList french{QStringLiteral("fr-FR"), QStringLiteral("fr")};
    const QString sys = QStringLiteral("system");
    QTest::newRow("system locale German") << QString() << sys << german << QStringLiteral("de");
    QTest::newRow("system locale Chinese")
        << QString() << QString() << chinese << QStringLiteral("zh_CN");
    QTest::newRow("system locale French: English")
        << QString() << sys << french << QStringLiteral("en");
    QTest::newRow("LANG=C: English")
        << QString() << sys << QStringList{QStringLiteral("C")} << QStringLiteral("en");
    QTest::newRow("French, then German (LANGUAGE=fr:de)")
        << QString() << sys << (QStringList(french) << QStringLiteral("de"))
        << QStringLiteral("de");
    QTest::newRow("English first wins over a later German")
        << QString() << sys << QStringList{QStringLiteral("en-US"), QStringLiteral("de-DE")}
        << QStringLiteral("en");
    QTest::newRow("setting over system")
        << QString() << QStringLiteral("zh_CN") << german << QStringLiteral("zh_CN");
    QTest::newRow("setting English on a German system")
        << QString() << QStringLiteral("en") << german << QStringLiteral("en");
    QTest::newRow("--lang over setting")
        << QStringLiteral("de") << QStringLiteral("zh_CN") << chinese << QStringLiteral("de");
    QTest::newRow("--lang system over setting")
        << sys << QStringLiteral("zh_CN") << german << QStringLiteral("de");
    QTest::newRow("unknown setting: system")
        << QString() << QStringLiteral("fr") << chinese << QStringLiteral("zh_CN");
}

void TestTranslationsGui::chooseLanguage()
{
    QFETCH(QString, option);
    QFETCH(QString, setting);
    QFETCH(QStringList, system);
    QFETCH(QString, language);
    QCOMPARE(sb::chooseLanguage(option, setting, system), language);
}

void TestTranslationsGui::mainWindowMenus_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("help");
    QTest::addColumn<QString>("open");
    QTest::addColumn<QString>("openLabel"); // on the toolbar
    QTest::newRow("German") << QStringLiteral("de") << QStringLiteral("&Datei")
                            << QStringLiteral("&Hilfe") << QStringLiteral("Ö&ffnen…")
                            << QStringLiteral("Öffnen");
    QTest::newRow("Chinese") << QStringLiteral("zh_CN") << QStringLiteral("文件(&F)")
                             << QStringLiteral("帮助(&H)") << QStringLiteral("打开(&O)…")
                             << QStringLiteral("打开");
}

// The main window built after the translators are installed: File and Help as the language
// says them, and every menu title, page name and action different from the English window's.
void TestTranslationsGui::mainWindowMenus()
{
    QFETCH(QString, language);
    QFETCH(QString, file);
    QFETCH(QString, help);
    QFETCH(QString, open);
    QFETCH(QString, openLabel);
    QVERIFY(sb::installTranslators(QStringLiteral("en")).isEmpty());
    QStringList english;
    {
        sb::MainWindow window;
        english = menuTitles(window);
        QCOMPARE(english.first(), QStringLiteral("&File"));
        QVERIFY2(acceleratorClashes(window).isEmpty(),
                 qPrintable(acceleratorClashes(window).join(QLatin1String(", "))));
    }
    const QStringList loaded = sb::installTranslators(language);
    QVERIFY2(loaded.contains(QStringLiteral(":/i18n/stackbench_%1.qm").arg(language)),
             qPrintable(loaded.join(QLatin1Char(' '))));
    QCOMPARE(sb::activeLanguage(), language);
    sb::MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    // Translated page names are longer than English ones: each is drawn whole in its item.
    auto *pages = window.findChild<QListWidget *>();
    for (int i = 0; i < pages->count(); ++i) {
        const QRect item = pages->visualItemRect(pages->item(i));
        const int text = pages->fontMetrics().horizontalAdvance(pages->item(i)->text());
        QVERIFY2(item.width() >= text && pages->viewport()->rect().contains(item),
                 qPrintable(QStringLiteral("%1: %2 px in an item of %3 px")
                                .arg(pages->item(i)->text())
                                .arg(text)
                                .arg(item.width())));
    }
    const QStringList titles = menuTitles(window);
    QCOMPARE(titles.size(), english.size());
    QCOMPARE(titles.first(), file);
    QCOMPARE(titles.last(), help);
    QVERIFY2(acceleratorClashes(window).isEmpty(),
             qPrintable(acceleratorClashes(window).join(QLatin1String(", "))));
    for (int i = 0; i < titles.size(); ++i)
        QVERIFY2(titles[i] != english[i], qPrintable(english[i] + QLatin1String(" untranslated")));
    const QAction *openAction = window.findChild<QAction *>(QStringLiteral("actionOpen"));
    QCOMPARE(openAction->text(), open);
    QCOMPARE(openAction->iconText(), openLabel);
    QVERIFY(window.findChild<QAction *>(QStringLiteral("actionPreferences"))->text() !=
            QStringLiteral("Preferen&ces…"));
    // The tooltip names the action without its accelerator, "(&O)" included.
    QVERIFY2(!openAction->toolTip().contains(QLatin1Char('&')) &&
                 openAction->toolTip().startsWith(QString(open).remove(QLatin1Char('&')).left(2)),
             qPrintable(openAction->toolTip()));
    for (QAction *a :
         window.findChildren<QAction *>(QRegularExpression(QStringLiteral("^actionPage"))))
        QVERIFY2(!a->text().isEmpty(), qPrintable(a->objectName()));
}

// The quick test's form checks are free functions translated in LoadController's context.
void TestTranslationsGui::formChecks()
{
    sb::installTranslators(QStringLiteral("de"));
    const sb::LoadFormCheck check = sb::checkLoadForm(sb::LoadForm{});
    QCOMPARE(check.errors.value(sb::LoadField::Url),
             QStringLiteral("geben Sie eine URL wie http://127.0.0.1:8080/health ein"));
    sb::installTranslators(QStringLiteral("en"));
    QCOMPARE(sb::checkLoadForm(sb::LoadForm{}).errors.value(sb::LoadField::Url),
             QStringLiteral("enter a URL like http://127.0.0.1:8080/health"));
}

void TestTranslationsGui::qtDialogs_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("cancel");
    QTest::newRow("German") << QStringLiteral("de") << QStringLiteral("Abbrechen");
    QTest::newRow("Chinese") << QStringLiteral("zh_CN") << QStringLiteral("取消");
}

// Qt's catalogue (Debian: qt6-translations-l10n) translates the standard buttons.
void TestTranslationsGui::qtDialogs()
{
    QFETCH(QString, language);
    QFETCH(QString, cancel);
    const QString qtFile = QDir(QLibraryInfo::path(QLibraryInfo::TranslationsPath))
                               .filePath(QStringLiteral("qtbase_%1.qm").arg(language));
    if (!QFile::exists(qtFile))
        QSKIP(qPrintable(qtFile + QLatin1String(" is not installed (qt6-translations-l10n)")));
    QVERIFY(sb::installTranslators(language).contains(qtFile));
    QMessageBox box(QMessageBox::Question, QStringLiteral("t"), QStringLiteral("t"),
                    QMessageBox::Ok | QMessageBox::Cancel);
    QCOMPARE(box.button(QMessageBox::Cancel)->text(), cancel);
}

// Edit > Preferences: the language choice is stored and said to need a restart unless the GUI
// already speaks it.
void TestTranslationsGui::settingsDialog()
{
    sb::installTranslators(QStringLiteral("en"));
    QSettings().remove(QStringLiteral("ui/language"));
    sb::SettingsDialog dialog;
    auto *box = dialog.findChild<QComboBox *>(QStringLiteral("languageBox"));
    QVERIFY(box);
    QCOMPARE(box->count(), 4);
    QCOMPARE(dialog.languageCode(), QStringLiteral("system"));
    QVERIFY(box->itemText(0).startsWith(QStringLiteral("System (")));
    QCOMPARE(box->itemText(box->findData(QStringLiteral("de"))), QStringLiteral("Deutsch"));
    QCOMPARE(box->itemText(box->findData(QStringLiteral("zh_CN"))), QStringLiteral("中文"));

    box->setCurrentIndex(box->findData(QStringLiteral("de")));
    QCOMPARE(dialog.apply(), true); // English runs now
    QCOMPARE(sb::languageSetting(), QStringLiteral("de"));
    QCOMPARE(sb::SettingsDialog().languageCode(), QStringLiteral("de"));

    dialog.setLanguageCode(QStringLiteral("en"));
    QCOMPARE(dialog.apply(), false);
    QCOMPARE(sb::languageSetting(), QStringLiteral("en"));

    // A stored code the GUI does not know opens as System.
    QSettings().setValue(QStringLiteral("ui/language"), QStringLiteral("fr"));
    QCOMPARE(sb::SettingsDialog().languageCode(), QStringLiteral("system"));
    QSettings().remove(QStringLiteral("ui/language"));
}

void TestTranslationsGui::langOption_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("output");
    QTest::newRow("help names --lang")
        << QStringList{QStringLiteral("gui"), QStringLiteral("--help")} << 0
        << QStringLiteral("--lang CODE");
    QTest::newRow("no translation")
        << QStringList{QStringLiteral("gui"), QStringLiteral("--lang"), QStringLiteral("fr")} << 2
        << QStringLiteral("stackbench gui: --lang 'fr': there is no translation for it");
    QTest::newRow("--lang= form, no translation")
        << QStringList{QStringLiteral("gui"), QStringLiteral("--lang=zh_TW")} << 2
        << QStringLiteral("--lang 'zh_TW'");
    QTest::newRow("missing value") << QStringList{QStringLiteral("gui"), QStringLiteral("--lang")}
                                   << 2 << QStringLiteral("--lang needs a language");
    QTest::newRow("two plans") << QStringList{QStringLiteral("gui"), QStringLiteral("--lang=de"),
                                              QStringLiteral("a.json"), QStringLiteral("b.json")}
                               << 2 << QStringLiteral("unexpected argument 'b.json'");
}

// The option's errors name it and say why, in English like every command-line output.
void TestTranslationsGui::langOption()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, output);
    int code = -1;
    const QString text = runStackbench(args, code);
    QVERIFY2(text.contains(output), qPrintable(text));
    QCOMPARE(code, exitCode);
}

void TestTranslationsGui::planDiagnostics_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("unknownKey");
    QTest::addColumn<QString>("unset");
    QTest::newRow("German")
        << QStringLiteral("de")
        << QStringLiteral("unbekannter Schlüssel „comand“ in $.configurations[0]; meinten Sie "
                          "„command“?")
        << QStringLiteral("Umgebungsvariable „SB_TRANSLATIONS_TEST_UNSET“ ist nicht gesetzt "
                          "(verwendet als „${env:SB_TRANSLATIONS_TEST_UNSET}“)");
    QTest::newRow("Chinese")
        << QStringLiteral("zh_CN")
        << QStringLiteral("$.configurations[0] 中的键“comand”未知；您是否指的是“command”？")
        << QStringLiteral("环境变量“SB_TRANSLATIONS_TEST_UNSET”未设置（引用为"
                          "“${env:SB_TRANSLATIONS_TEST_UNSET}”）");
}

// The Problems list speaks the GUI's language (issue 21: it stayed English under --lang de); a
// run's texts (EnglishEngineTexts, as Runner::run holds it) and an English GUI stay English.
void TestTranslationsGui::planDiagnostics()
{
    QFETCH(QString, language);
    QFETCH(QString, unknownKey);
    QFETCH(QString, unset);
    QVERIFY(qEnvironmentVariableIsEmpty("SB_TRANSLATIONS_TEST_UNSET"));
    const QString code = QStringLiteral("plan.unknown-key");
    const QString env = QStringLiteral("plan.env");

    sb::installTranslators(language);
    sb::DiagnosticsModel model;
    loadTwoProblemPlan(model);
    QCOMPARE(model.errorCount(), 2);
    QCOMPARE(messageOf(model, code), unknownKey);
    QCOMPARE(messageOf(model, env), unset);
    {
        const sb::EnglishEngineTexts english;
        loadTwoProblemPlan(model);
        QCOMPARE(messageOf(model, code), QString::fromUtf8(kUnknownKeyEnglish));
        QCOMPARE(messageOf(model, env), QString::fromUtf8(kUnsetEnglish));
    }
    loadTwoProblemPlan(model);
    QCOMPARE(messageOf(model, code), unknownKey);

    sb::installTranslators(QStringLiteral("en"));
    loadTwoProblemPlan(model);
    QCOMPARE(messageOf(model, code), QString::fromUtf8(kUnknownKeyEnglish));
    QCOMPARE(messageOf(model, env), QString::fromUtf8(kUnsetEnglish));
}

// The Problems dock of a German main window that opened the plan (validated off the GUI thread,
// as the editor does while one types): the issue's own view.
void TestTranslationsGui::problemsDock()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QFile plan(dir.filePath(QStringLiteral("plan.json")));
    QVERIFY(plan.open(QIODevice::WriteOnly));
    plan.write(kTwoProblemPlan);
    plan.close();
    sb::installTranslators(QStringLiteral("de"));
    {
        sb::MainWindow window;
        QSignalSpy validated(window.planPage(), &sb::PlanPage::validated);
        QVERIFY(window.openPlan(plan.fileName()));
        QVERIFY(validated.wait(10000));
        auto *dock = window.findChild<QDockWidget *>(QStringLiteral("problemsDock"));
        QVERIFY(dock);
        const auto *view = qobject_cast<QTreeView *>(dock->widget());
        QVERIFY(view);
        const auto *model = qobject_cast<const sb::DiagnosticsModel *>(view->model());
        QVERIFY(model);
        QCOMPARE(messageOf(*model, QStringLiteral("plan.unknown-key")),
                 QStringLiteral("unbekannter Schlüssel „comand“ in $.configurations[0]; meinten "
                                "Sie „command“?"));
        QCOMPARE(messageOf(*model, QStringLiteral("plan.env")),
                 QStringLiteral("Umgebungsvariable „SB_TRANSLATIONS_TEST_UNSET“ ist nicht gesetzt "
                                "(verwendet als „${env:SB_TRANSLATIONS_TEST_UNSET}“)"));
    }
    sb::installTranslators(QStringLiteral("en"));
}

// `stackbench check` on the same plan in a German environment: the diagnostics in English, as
// every command-line output is.
void TestTranslationsGui::checkCommandStaysEnglish()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QFile plan(dir.filePath(QStringLiteral("plan.json")));
    QVERIFY(plan.open(QIODevice::WriteOnly));
    plan.write(kTwoProblemPlan);
    plan.close();
    int code = -1;
    const QString output = runStackbench({QStringLiteral("check"), plan.fileName()}, code);
    QVERIFY2(output.contains(QString::fromUtf8(kUnknownKeyEnglish)), qPrintable(output));
    QVERIFY2(output.contains(QString::fromUtf8(kUnsetEnglish)), qPrintable(output));
    QVERIFY2(output.contains(QStringLiteral("2 problem(s) in ")), qPrintable(output));
    QCOMPARE(code, 2);
}

void TestTranslationsGui::grammarSentences_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("english");
    QTest::addColumn<QString>("german");
    QTest::newRow("CPU list") << QStringLiteral("$.configurations[0].cpus")
                              << QStringLiteral("\"5-2\" is not a CPU list like 0-3,6: the range "
                                                "\"5-2\" is written backwards")
                              << QStringLiteral(
                                     "\"5-2\" ist keine CPU-Liste wie 0-3,6: der Bereich "
                                     "\"5-2\" ist rückwärts geschrieben");
    QTest::newRow("duration bound")
        << QStringLiteral("$.profiles.quick.measure_s")
        << QStringLiteral("must be at most 1 day, not \"1e10\"")
        << QStringLiteral("darf höchstens 1 Tag betragen, nicht \"1e10\"");
    QTest::newRow("request count")
        << QStringLiteral("$.profiles.quick.warmup")
        << QStringLiteral("a request count must be at least 1, not \"0\"")
        << QStringLiteral("die Anzahl Anfragen muss mindestens 1 betragen, nicht \"0\"");
    QTest::newRow("rate") << QStringLiteral("$.load.rate")
                          << QStringLiteral("must be at least 0.01 requests per second, not "
                                            "\"0.001\"")
                          << QStringLiteral("muss mindestens 0.01 Anfragen pro Sekunde betragen, "
                                            "nicht \"0.001\"");
}

// The duration and CPU-list grammar (engine/core, plain C++, English) in a plan diagnostic: put
// together from translated pieces in German, and word for word what core says in English.
void TestTranslationsGui::grammarSentences()
{
    QFETCH(QString, path);
    QFETCH(QString, english);
    QFETCH(QString, german);
    const QByteArray text = R"({
  "format": 1, "name": "x",
  "configurations": [ { "name": "a", "command": ["s"], "port": 9000, "cpus": "5-2" } ],
  "routes": [ { "name": "r", "path": "/" } ],
  "profiles": { "quick": { "concurrency": [1], "measure_s": 1e10, "warmup": "0req" } },
  "load": { "mode": "open", "rate": 0.001 }
})";
    const auto messageAt = [&] {
        const sb::plan::PlanLoad load =
            sb::plan::parsePlan(text, QStringLiteral("plan.json"), QDir::tempPath());
        for (const sb::plan::Diagnostic &d : load.diagnostics)
            if (d.jsonPath == path)
                return d.message;
        return load.errorText();
    };
    sb::installTranslators(QStringLiteral("de"));
    QCOMPARE(messageAt(), german);
    sb::installTranslators(QStringLiteral("en"));
    QCOMPARE(messageAt(), english);
}

// The Check dock in German: the parity gate's sentences translated, and the dock still reads
// which check failed and with which status from the check's report (its structure stays English).
void TestTranslationsGui::checkResults()
{
    sb::installTranslators(QStringLiteral("de"));
    const sb::plan::PlanLoad load =
        sb::plan::parsePlan(R"({
  "format": 1, "name": "x",
  "configurations": [ { "name": "a", "command": ["s"], "port": 9000 } ],
  "routes": [ { "name": "r", "path": "/" } ],
  "parity": [ { "name": "health", "path": "/health" }, { "name": "users", "path": "/users" } ],
  "profiles": { "quick": { "concurrency": [1] } }
})",
                            QStringLiteral("plan.json"), QDir::tempPath());
    QVERIFY2(load.ok(), qPrintable(load.errorText()));
    sb::run::HttpResponse error500;
    error500.status = 500;
    sb::run::HttpResponse refused;
    refused.error = QStringLiteral("ECONNREFUSED");
    const sb::run::ParityVerdict verdict = sb::run::judgeParity(*load.plan, {error500, refused});
    QCOMPARE(verdict.failures,
             (QStringList{QStringLiteral("health (GET /health): GET /health antwortete mit Status "
                                         "500, erwartet 200"),
                          QStringLiteral("users (GET /users): keine Antwort: ECONNREFUSED")}));
    QVERIFY2(verdict.summary.startsWith(
                 QStringLiteral("Paritätsprüfung: 2 von 2 Prüfungen fehlgeschlagen: health")),
             qPrintable(verdict.summary));

    // As PlanCheck reports a configuration that started and failed its parity checks.
    QStringList report;
    for (const QString &f : verdict.failures)
        report << QStringLiteral("a: parity failed: ") + f;
    QVector<sb::ParityRow> rows =
        sb::parityRowsFromReport(*load.plan, {QStringLiteral("a")}, report);
    sb::run::RunNote note;
    note.kind = QStringLiteral("parity-failed");
    note.configuration = QStringLiteral("a");
    note.detail = verdict.summary;
    note.data = QJsonObject{{QStringLiteral("results"), verdict.results}};
    sb::attachResponses(&rows, {note});
    sb::ParityModel model;
    model.setRows(rows);
    QCOMPARE(model.rowCount(), 3);
    const auto cell = [&](int row, int column) {
        return model.index(row, column).data().toString();
    };
    QCOMPARE(cell(0, sb::ParityModel::ResultColumn), QStringLiteral("bestanden"));
    QCOMPARE(cell(1, sb::ParityModel::StatusColumn), QStringLiteral("500"));
    QCOMPARE(cell(1, sb::ParityModel::DetailColumn),
             QStringLiteral("GET /health antwortete mit Status 500, erwartet 200"));
    QCOMPARE(cell(2, sb::ParityModel::DetailColumn), QStringLiteral("keine Antwort: ECONNREFUSED"));
    QCOMPARE(cell(2, sb::ParityModel::StatusColumn), sb::ParityModel::tr("no response"));
    sb::installTranslators(QStringLiteral("en"));
}

// A window's gate reason: stored in English by the runner (EnglishEngineTexts), shown in the
// GUI's language from the stored gates, and as stored when the sentence cannot be rebuilt.
void TestTranslationsGui::gateReasons()
{
    sb::run::GateFigures f;
    f.foreignPctMean = 100;
    f.foreignGate = sb::plan::CpuGate{32, sb::plan::CpuGate::Unit::MachinePct};
    f.machineCores = 2;
    f.foreignTop.sampled = true;
    f.foreignTop.window = {sb::run::ForeignProcess{QStringLiteral("cc1plus"), 4242, 0.93}};
    f.checkpointsWatched = true;
    f.checkpoints = 2;
    const QString english = QStringLiteral(
        "foreign-cpu 100% of a core (mean) >= the gate 64% (32%machine of 2 cores): cc1plus (pid "
        "4242) 0.93 cores; the plan's \"sampler\": {\"foreign_gate\": \"32%machine\"} sets the "
        "gate");

    sb::installTranslators(QStringLiteral("de"));
    sb::run::GateVerdict verdict;
    {
        const sb::EnglishEngineTexts runner;
        verdict = sb::run::evaluateGates(f);
    }
    QCOMPARE(verdict.reasons(),
             (QStringList{QStringLiteral("2 database checkpoint(s) inside the window"), english}));
    sb::store::WindowRecord w;
    w.valid = false;
    w.invalidKind = verdict.invalidKind();
    w.invalidReason = verdict.reason();
    w.gates = verdict.gates;
    QCOMPARE(sb::run::invalidReasonText(w),
             QStringLiteral("2 Datenbank-Checkpoints im Messfenster"));
    w.invalidKind = sb::store::kInvalidForeignCpu;
    w.invalidReason = english;
    QCOMPARE(
        sb::run::invalidReasonText(w),
        QStringLiteral("fremde CPU 100% eines Kerns (Mittel) >= Schwelle 64% (32%machine von 2 "
                       "Kernen): cc1plus (PID 4242) 0.93 Kerne; die Schwelle setzt "
                       "\"sampler\": {\"foreign_gate\": \"32%machine\"} im Plan"));
    // Another sentence than the gates make (redacted, another version's): shown as stored.
    w.invalidReason = english + QStringLiteral(" (old)");
    QCOMPARE(sb::run::invalidReasonText(w), w.invalidReason);

    sb::installTranslators(QStringLiteral("en"));
    w.invalidReason = english;
    QCOMPARE(sb::run::invalidReasonText(w), english);
}

// The check as the Check dock runs it (Runner::check on a thread with no English scope): a server
// that cannot start is reported in German; a run of the same plan keeps its texts English.
void TestTranslationsGui::checkStartFailure()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QFile plan(dir.filePath(QStringLiteral("plan.json")));
    QVERIFY(plan.open(QIODevice::WriteOnly));
    plan.write(R"({
  "format": 1, "name": "x",
  "configurations": [ { "name": "a", "command": ["/nonexistent/stackbench-test-server"],
                        "port": 1 } ],
  "routes": [ { "name": "r", "path": "/" } ],
  "profiles": { "quick": { "concurrency": [1] } }
})");
    plan.close();
    sb::run::RunOptions options;
    options.planPath = plan.fileName();
    options.storeLocation = dir.filePath(QStringLiteral("runs.sqlite"));

    sb::installTranslators(QStringLiteral("de"));
    QStringList report;
    sb::run::Runner runner;
    const sb::Result<bool> checked = runner.check(options, &report);
    QVERIFY(checked.ok());
    QVERIFY(!*checked);
    const QString lines = report.join(QLatin1Char('\n'));
    QVERIFY2(report.contains(QStringLiteral("Profil: quick (das erste Profil des Plans)")),
             qPrintable(lines));
    QVERIFY2(report.contains(QStringLiteral("a: %1:3:23 at $.configurations[0]: "
                                            "/nonexistent/stackbench-test-server: Programm "
                                            "'/nonexistent/stackbench-test-server' nicht gefunden")
                                 .arg(plan.fileName())),
             qPrintable(lines));

    const sb::Result<sb::run::RunFinished> run = runner.run(options);
    QVERIFY2(run.ok(), run.ok() ? "" : qPrintable(sb::qtText(run.error())));
    QVERIFY2(run->blockedConfigurations.join(QLatin1Char('\n'))
                 .contains(QStringLiteral("program '/nonexistent/stackbench-test-server' not "
                                          "found")),
             qPrintable(run->blockedConfigurations.join(QLatin1Char('\n'))));
    sb::installTranslators(QStringLiteral("en"));
}

QTEST_MAIN(TestTranslationsGui)
#include "tst_translationsgui.moc"

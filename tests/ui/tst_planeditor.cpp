// The plan editor: every diagnostic the loader reports for a broken plan is listed in the
// problems model and underlined in the editor at the same line:column, a click in the Problems
// list moves the cursor there, validation follows typing (stale results dropped), the
// highlighter's colours are readable on light and dark backgrounds, find/replace and go-to-line.
#include "plan/planloader.h"
#include "ui/mainwindow.h"
#include "ui/models/diagnosticsmodel.h"
#include "ui/models/outlinemodel.h"
#include "ui/pages/planpage.h"
#include "ui/widgets/codeeditor.h"
#include "ui/widgets/findbar.h"
#include "ui/widgets/jsonhighlighter.h"
#include "ui/widgets/outlineview.h"

#include <QDir>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QThreadPool>
#include <QTreeView>

using sb::CodeEditor;
using sb::DiagnosticsModel;
using sb::PlanPage;

static const QString kData = QStringLiteral(STACKBENCH_TEST_DATA "/plans/");

class TestPlanEditor : public QObject
{
    Q_OBJECT

    QTemporaryDir m_settings;

    static double luminance(const QColor &c)
    {
        auto channel = [](double v) {
            return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
        };
        return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) +
               0.0722 * channel(c.blueF());
    }
    static double contrast(const QColor &a, const QColor &b)
    {
        const double la = luminance(a), lb = luminance(b);
        return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
    }

private slots:
    void initTestCase()
    {
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_settings.path());
        QCoreApplication::setApplicationName(QStringLiteral("stackbench-tests"));
    }

    void underlinesWhatTheLoaderReports_data()
    {
        QTest::addColumn<QString>("file");
        const QStringList files =
            QDir(kData + QStringLiteral("broken")).entryList({QStringLiteral("*.json")});
        QVERIFY(files.size() >= 10);
        for (const QString &f : files)
            QTest::newRow(qPrintable(f)) << kData + QStringLiteral("broken/") + f;
    }

    void underlinesWhatTheLoaderReports()
    {
        QFETCH(QString, file);
        const sb::plan::PlanLoad expected = sb::plan::loadPlan(file);
        QVERIFY(!expected.diagnostics.isEmpty());

        PlanPage page;
        QString error;
        QSignalSpy validated(&page, &PlanPage::validated);
        QVERIFY2(page.openFile(file, &error), qPrintable(error));
        QVERIFY(validated.wait(10000));
        QCOMPARE(validated.last().at(0).toBool(), false);
        QVERIFY(!page.isValid());

        const DiagnosticsModel *model = page.diagnostics();
        // Errors first, then the warnings (which do not block the plan), each listed and marked.
        QCOMPARE(model->rowCount(), expected.diagnostics.size() + expected.warnings.size());
        const QList<QTextEdit::ExtraSelection> marks = page.editor()->markSelections();
        QCOMPARE(marks.size(), expected.diagnostics.size() + expected.warnings.size());
        for (int i = 0; i < expected.diagnostics.size(); ++i) {
            const sb::plan::Diagnostic &d = expected.diagnostics.at(i);
            const QModelIndex row = model->index(i, 0);
            QCOMPARE(row.data(DiagnosticsModel::LineRole).toInt(), d.line);
            QCOMPARE(row.data(DiagnosticsModel::ColumnRole).toInt(), d.column);
            QCOMPARE(model->index(i, DiagnosticsModel::MessageColumn).data().toString(), d.message);
            const QTextEdit::ExtraSelection &mark = marks.at(i);
            const QTextBlock block =
                page.editor()->document()->findBlock(mark.cursor.selectionStart());
            QCOMPARE(block.blockNumber() + 1, d.line);
            const int offset = CodeEditor::utf16Offset(block.text(), d.column);
            const int expectedStart = std::min<int>(offset, int(block.text().size()) - 1);
            QCOMPARE(mark.cursor.selectionStart() - block.position(), expectedStart);
            QVERIFY(mark.cursor.hasSelection());
            QCOMPARE(mark.format.underlineStyle(), QTextCharFormat::WaveUnderline);
            QCOMPARE(mark.format.toolTip(), d.message);
        }
        // The editor's own extra selections hold the marks (plus the current line).
        QCOMPARE(page.editor()->extraSelections().size(), marks.size() + 1);
    }

    void aClickInTheProblemsListMovesTheCursor()
    {
        sb::MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QSignalSpy validated(window.planPage(), &PlanPage::validated);
        QVERIFY(window.openPlan(kData + QStringLiteral("broken/three-at-once.json")));
        QVERIFY(validated.wait(10000));
        QTreeView *problems = window.problemsView();
        QCOMPARE(problems->model()->rowCount(), 3);
        window.planPage()->editor()->goTo(1, 1);
        for (int row : {2, 0, 1}) {
            const QModelIndex index = problems->model()->index(row, 0);
            const QRect rect = problems->visualRect(index);
            QVERIFY(!rect.isEmpty());
            QTest::mouseClick(problems->viewport(), Qt::LeftButton, {}, rect.center());
            CodeEditor *editor = window.planPage()->editor();
            QCOMPARE(editor->cursorLine(), index.data(DiagnosticsModel::LineRole).toInt());
            QCOMPARE(editor->cursorColumn(), index.data(DiagnosticsModel::ColumnRole).toInt());
        }
        // Enter on the current row jumps too.
        window.planPage()->editor()->goTo(1, 1);
        problems->setFocus();
        problems->setCurrentIndex(problems->model()->index(1, 0));
        QTest::keyClick(problems, Qt::Key_Return);
        QCOMPARE(window.planPage()->editor()->cursorLine(),
                 problems->model()->index(1, 0).data(DiagnosticsModel::LineRole).toInt());
    }

    void validationFollowsTyping()
    {
        PlanPage page;
        page.setVariables({{QStringLiteral("stackbench"), QStringLiteral("/bin/true")}});
        QString error;
        QVERIFY(page.openFile(kData + QStringLiteral("valid/two-targets.json"), &error));
        QTRY_VERIFY_WITH_TIMEOUT(page.isValid(), 10000);
        QCOMPARE(page.outline()->selectedRoutes().size(), 3);

        // A typo in a key: the outline keeps the last valid plan, the problem is listed.
        CodeEditor *editor = page.editor();
        const int at = int(editor->toPlainText().indexOf(QStringLiteral("\"measure_s\"")));
        QTextCursor c = editor->textCursor();
        c.setPosition(at + 8);
        editor->setTextCursor(c);
        QSignalSpy validated(&page, &PlanPage::validated);
        QTest::keyClicks(editor, QStringLiteral("xx"));
        QVERIFY(!page.isValid()); // typed, not validated yet
        QVERIFY(validated.wait(10000));
        QCOMPARE(validated.size(), 1); // two keystrokes inside the delay: one validation
        QCOMPARE(page.diagnostics()->rowCount(), 1);
        QVERIFY(page.diagnostics()
                    ->index(0, DiagnosticsModel::MessageColumn)
                    .data()
                    .toString()
                    .contains(QStringLiteral("measurexx_s")));
        QVERIFY(page.lastValidPlan().has_value());
        QCOMPARE(page.outline()->selectedRoutes().size(), 3);
        QVERIFY(page.isModified());

        // Undo restores the valid text; the problems go away.
        editor->undo();
        QTRY_VERIFY_WITH_TIMEOUT(page.isValid(), 10000);
        QCOMPARE(page.diagnostics()->rowCount(), 0);
        QVERIFY(editor->markSelections().isEmpty());
    }

    void aStaleValidationIsDropped()
    {
        PlanPage page;
        QSignalSpy validated(&page, &PlanPage::validated);
        QString error;
        QVERIFY(page.openFile(kData + QStringLiteral("broken/trailing-comma.json"), &error));
        // Replace the text before the first validation can be applied: only the newest counts.
        page.editor()->setPlainText(QStringLiteral("{ \"format\": 1, \"name\": 3 }"));
        page.validateNow();
        QTRY_VERIFY_WITH_TIMEOUT(validated.size() == 1, 10000);
        QThreadPool::globalInstance()->waitForDone();
        QCoreApplication::processEvents();
        QCOMPARE(validated.size(), 1); // the older validations finished and were dropped
        QVERIFY(page.diagnostics()->rowCount() > 0);
        for (const auto &e : page.diagnostics()->entries())
            QCOMPARE(e.diagnostic.line, 1);
    }

    void highlighterIsReadableOnLightAndDark()
    {
        QTextDocument doc;
        sb::JsonHighlighter h(&doc);
        for (bool dark : {false, true}) {
            h.setDarkBackground(dark);
            const QColor base = dark ? QColor(0x1e, 0x1e, 0x1e) : QColor(Qt::white);
            for (int t = 0; t < sb::JsonHighlighter::TokenCount; ++t) {
                const QColor fg = h.format(sb::JsonHighlighter::Token(t)).foreground().color();
                QVERIFY2(contrast(fg, base) >= 4.5, qPrintable(QStringLiteral("token %1 on %2: %3")
                                                                   .arg(t)
                                                                   .arg(base.name())
                                                                   .arg(contrast(fg, base))));
            }
        }
    }

    void highlighterKnowsTheTokens()
    {
        QTextDocument doc(
            QStringLiteral(R"({"key": "a ${port} b", "n": -1.5e3, "t": true, "z": null})"));
        sb::JsonHighlighter h(&doc);
        const QString text = doc.firstBlock().text();
        const QVector<QTextLayout::FormatRange> ranges = doc.firstBlock().layout()->formats();
        auto tokenAt = [&](const QString &needle, int extra = 0) {
            const int pos = int(text.indexOf(needle)) + extra;
            for (const QTextLayout::FormatRange &r : ranges)
                if (pos >= r.start && pos < r.start + r.length)
                    for (int t = 0; t < sb::JsonHighlighter::TokenCount; ++t)
                        if (r.format.foreground() ==
                            h.format(sb::JsonHighlighter::Token(t)).foreground())
                            return t;
            return -1;
        };
        QCOMPARE(tokenAt(QStringLiteral("\"key\"")), int(sb::JsonHighlighter::Key));
        QCOMPARE(tokenAt(QStringLiteral("\"a ")), int(sb::JsonHighlighter::String));
        QCOMPARE(tokenAt(QStringLiteral("${port}"), 2), int(sb::JsonHighlighter::Placeholder));
        QCOMPARE(tokenAt(QStringLiteral("-1.5e3"), 3), int(sb::JsonHighlighter::Number));
        QCOMPARE(tokenAt(QStringLiteral("true")), int(sb::JsonHighlighter::Keyword));
        QCOMPARE(tokenAt(QStringLiteral("null")), int(sb::JsonHighlighter::Keyword));
        QCOMPARE(tokenAt(QStringLiteral("{")), int(sb::JsonHighlighter::Punctuation));
    }

    void findAndReplace()
    {
        CodeEditor editor;
        editor.setPlainText(QStringLiteral("alpha Beta beta\nbeta gamma"));
        sb::FindBar bar(&editor);
        bar.setFindText(QStringLiteral("beta"));
        QVERIFY(bar.findNext());
        QCOMPARE(editor.textCursor().selectionStart(), 6); // case-insensitive: "Beta"
        bar.setCaseSensitive(true);
        QVERIFY(bar.findNext());
        QCOMPARE(editor.textCursor().selectionStart(), 11);
        QVERIFY(bar.findPrevious()); // wraps backwards past the start
        QCOMPARE(editor.textCursor().selectionStart(), 16);
        bar.setReplaceText(QStringLiteral("delta"));
        QVERIFY(bar.replaceOne());
        QCOMPARE(editor.toPlainText(), QStringLiteral("alpha Beta beta\ndelta gamma"));
        QCOMPARE(bar.replaceAll(), 1);
        QCOMPARE(editor.toPlainText(), QStringLiteral("alpha Beta delta\ndelta gamma"));
        bar.setCaseSensitive(false);
        bar.setFindText(QStringLiteral("DELTA"));
        bar.setReplaceText(QStringLiteral("x"));
        QCOMPARE(bar.replaceAll(), 2);
        QCOMPARE(editor.toPlainText(), QStringLiteral("alpha Beta x\nx gamma"));
        editor.undo(); // replace all is one undo step
        QCOMPARE(editor.toPlainText(), QStringLiteral("alpha Beta delta\ndelta gamma"));
        bar.setFindText(QStringLiteral("nowhere"));
        QVERIFY(!bar.findNext());
    }

    // Return did not indent: the new line keeps the line's indentation, one level more after
    // an opening brace or bracket; undo takes it back in one step.
    void returnKeepsTheIndentation_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("typed");
        QTest::newRow("same level") << QStringLiteral("{\n    \"name\": \"x\",")
                                    << QStringLiteral("{\n    \"name\": \"x\",\n    ");
        QTest::newRow("after a brace")
            << QStringLiteral("{\n  \"sampler\": {") << QStringLiteral("{\n  \"sampler\": {\n    ");
        QTest::newRow("after a bracket")
            << QStringLiteral("  \"routes\": [") << QStringLiteral("  \"routes\": [\n    ");
        QTest::newRow("top level") << QStringLiteral("x") << QStringLiteral("x\n");
    }

    void returnKeepsTheIndentation()
    {
        QFETCH(QString, text);
        QFETCH(QString, typed);
        sb::CodeEditor editor;
        editor.setPlainText(text);
        editor.moveCursor(QTextCursor::End);
        QTest::keyClick(&editor, Qt::Key_Return);
        QCOMPARE(editor.toPlainText(), typed);
        QCOMPARE(editor.textCursor().position(), int(typed.size()));
        editor.undo();
        QCOMPARE(editor.toPlainText(), text);
    }

    // The first screen gave no hint of what to do: a valid plan says to press Start; a plan
    // being fixed says the outline is its last valid version; the pre-flight line comes in.
    void theOutlineSaysWhatToDoNext()
    {
        PlanPage page;
        page.setVariables({{QStringLiteral("stackbench"), QStringLiteral("/bin/true")}});
        page.resize(1200, 700);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        QSignalSpy validated(&page, &PlanPage::validated);
        QString error;
        QVERIFY(page.openFile(QStringLiteral(STACKBENCH_TEST_DATA "/plans/valid/two-targets.json"),
                              &error));
        QTRY_VERIFY(!validated.isEmpty());
        QVERIFY2(page.outlineView()->stateText().contains(QStringLiteral("press Start (F5)")),
                 qPrintable(page.outlineView()->stateText()));
        QTRY_VERIFY_WITH_TIMEOUT(
            page.outlineView()->preflightText().startsWith(QStringLiteral("Machine now:")), 10000);
        page.editor()->setPlainText(page.editor()->toPlainText() + QStringLiteral("}"));
        QTRY_VERIFY(page.outlineView()->stateText().contains(QStringLiteral("last valid")));
    }

    // The gate and the quiet wait are edited from the outline: the plan's text changes in that
    // value only (or gains one member), the rest as the user wrote it.
    void samplerSettingsAreWrittenIntoThePlan_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("result");
        QTest::newRow("replace")
            << QStringLiteral("{\n  \"sampler\": {\"foreign_gate\": \"32%machine\"}\n}")
            << QStringLiteral("foreign_gate") << QStringLiteral("\"80%machine\"")
            << QStringLiteral("{\n  \"sampler\": {\"foreign_gate\": \"80%machine\"}\n}");
        QTest::newRow("add to sampler")
            << QStringLiteral(
                   "{\n  \"name\": \"ä\",\n  \"sampler\": {\n    \"interval_ms\": 500\n  }\n}")
            << QStringLiteral("wait_quiet_s") << QStringLiteral("30")
            << QStringLiteral(
                   "{\n  \"name\": \"ä\",\n  \"sampler\": {\n    \"wait_quiet_s\": 30,\n    "
                   "\"interval_ms\": 500\n  }\n}");
        QTest::newRow("no sampler yet")
            << QStringLiteral("{\n  \"name\": \"x\"\n}") << QStringLiteral("wait_quiet_s")
            << QStringLiteral("30")
            << QStringLiteral("{\n  \"sampler\": {\"wait_quiet_s\": 30},\n  \"name\": \"x\"\n}");
    }

    void samplerSettingsAreWrittenIntoThePlan()
    {
        QFETCH(QString, text);
        QFETCH(QString, key);
        QFETCH(QString, value);
        QFETCH(QString, result);
        PlanPage page;
        page.editor()->setPlainText(text);
        QVERIFY(page.setSamplerSetting(key, value.toUtf8()));
        QCOMPARE(page.editor()->toPlainText(), result);
        page.editor()->undo(); // one step
        QCOMPARE(page.editor()->toPlainText(), text);
        QVERIFY(!PlanPage::samplerEdit("[1]", key, "1"));
    }

    // Through the outline's controls: the quiet wait typed there reaches the plan and the
    // estimate counts it.
    void theOutlineEditsTheQuietWait()
    {
        PlanPage page;
        page.setVariables({{QStringLiteral("stackbench"), QStringLiteral("/bin/true")}});
        QSignalSpy validated(&page, &PlanPage::validated);
        QString error;
        QVERIFY(page.openFile(QStringLiteral(STACKBENCH_TEST_DATA "/plans/valid/two-targets.json"),
                              &error));
        QTRY_VERIFY(!validated.isEmpty());
        const qint64 before = page.outline()->estimate().worstMs;
        QSpinBox *wait = page.outlineView()->quietWaitBox();
        wait->setValue(45);
        Q_EMIT wait->editingFinished();
        QTRY_VERIFY(page.lastValidPlan() && page.lastValidPlan()->sampler.waitQuietMs == 45000);
        QVERIFY(page.editor()->toPlainText().contains(QStringLiteral("\"wait_quiet_s\": 45")));
        QVERIFY(page.outline()->estimate().worstMs > before);
        QVERIFY(page.isModified());
    }

    void goesToLineAndColumnInCodePoints()
    {
        CodeEditor editor;
        editor.setPlainText(QStringLiteral("{\n  \"n\": \"\U0001F600x\"\n}"));
        editor.goTo(2, 10); // after the emoji (one code point, two UTF-16 units)
        QCOMPARE(editor.cursorLine(), 2);
        QCOMPARE(editor.cursorColumn(), 10);
        QCOMPARE(editor.textCursor().block().text().at(editor.textCursor().positionInBlock()),
                 QLatin1Char('x'));
        editor.goTo(99, 1); // past the end: ignored
        QCOMPARE(editor.cursorLine(), 2);
    }
};

QTEST_MAIN(TestPlanEditor)
#include "tst_planeditor.moc"

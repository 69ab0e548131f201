#include "ui/pages/planpage.h"

#include "core/limits.h"
#include "plan/jsonparser.h"
#include "ui/models/diagnosticsmodel.h"
#include "ui/models/outlinemodel.h"
#include "ui/offthread.h"
#include "ui/widgets/codeeditor.h"
#include "ui/widgets/findbar.h"
#include "ui/widgets/outlineview.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QSplitter>
#include <QTextCursor>
#include <QTimer>
#include <QVBoxLayout>

namespace sb {

static constexpr int kValidationDelayMs = 300;

PlanPage::PlanPage(QWidget *parent)
    : QWidget(parent)
    , m_editor(new CodeEditor(this))
    , m_findBar(new FindBar(m_editor, this))
    , m_outline(new OutlineModel(this))
    , m_outlineView(new OutlineView(m_outline, this))
    , m_diagnostics(new DiagnosticsModel(this))
    , m_splitter(new QSplitter(Qt::Horizontal, this))
    , m_debounce(new QTimer(this))
    , m_validation(new OffThread(this))
{
    setAccessibleName(tr("Plan page"));
    auto *left = new QWidget(m_splitter);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->setSpacing(0);
    leftLayout->addWidget(m_editor, 1);
    leftLayout->addWidget(m_findBar);
    m_splitter->addWidget(left);
    m_splitter->addWidget(m_outlineView);
    connect(m_outlineView, &OutlineView::samplerEdited, this,
            [this](const QString &key, const QByteArray &value) { setSamplerSetting(key, value); });
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 1);
    m_splitter->setChildrenCollapsible(false);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_splitter);

    m_debounce->setSingleShot(true);
    m_debounce->setInterval(kValidationDelayMs);
    connect(m_debounce, &QTimer::timeout, this, &PlanPage::startValidation);
    connect(m_editor->document(), &QTextDocument::contentsChange, this,
            [this](int, int removed, int added) {
                if (removed || added)
                    scheduleValidation();
            });
    connect(m_editor->document(), &QTextDocument::modificationChanged, this,
            &PlanPage::modificationChanged);
}

PlanPage::~PlanPage() = default;

bool PlanPage::isModified() const
{
    return m_editor->document()->isModified();
}

void PlanPage::setFilePath(const QString &path)
{
    if (path == m_path)
        return;
    m_path = path;
    Q_EMIT filePathChanged(path);
}

bool PlanPage::openFile(const QString &path, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = tr("%1: cannot open: %2").arg(path, file.errorString());
        return false;
    }
    if (file.size() > limits::kMaxPlanFileBytes) {
        *error = tr("%1: the file is %2 MiB; a plan must be at most %3 MiB")
                     .arg(path)
                     .arg(file.size() / (1024 * 1024))
                     .arg(limits::kMaxPlanFileBytes / (1024 * 1024));
        return false;
    }
    const QByteArray bytes = file.readAll();
    setFilePath(QFileInfo(path).absoluteFilePath());
    m_lastValid.reset();
    m_outline->setPlan(std::nullopt);
    m_editor->setPlainText(QString::fromUtf8(bytes));
    m_editor->document()->setModified(false);
    validateNow();
    return true;
}

bool PlanPage::saveFile(const QString &path, QString *error)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        *error = tr("%1: cannot write: %2").arg(path, file.errorString());
        return false;
    }
    file.write(m_editor->toPlainText().toUtf8());
    if (!file.commit()) {
        *error = tr("%1: cannot write: %2").arg(path, file.errorString());
        return false;
    }
    const QString absolute = QFileInfo(path).absoluteFilePath();
    const bool moved = absolute != m_path;
    setFilePath(absolute);
    m_editor->document()->setModified(false);
    if (moved) // relative "@file" bodies now resolve against another directory
        validateNow();
    return true;
}

void PlanPage::newPlan(const QByteArray &text)
{
    setFilePath(QString());
    m_lastValid.reset();
    m_outline->setPlan(std::nullopt);
    m_editor->setPlainText(QString::fromUtf8(text));
    m_editor->document()->setModified(true);
    validateNow();
}

void PlanPage::setVariables(const plan::PlanVariables &variables)
{
    m_variables = variables;
    validateNow();
}

bool PlanPage::isValid() const
{
    return m_validatedGeneration == m_validation->generation() && m_valid;
}

std::optional<PlanPage::TextEdit> PlanPage::samplerEdit(const QByteArray &text, const QString &key,
                                                        const QByteArray &jsonValue)
{
    const plan::JsonParseResult parsed = plan::parseJson(text);
    if (!parsed.ok() || !parsed.root.isObject())
        return std::nullopt;
    const plan::JsonValue &root = parsed.root;
    const QByteArray quotedKey = plan::jsonQuote(key);
    const plan::JsonMember *samplerMember = root.member(u"sampler");
    if (!samplerMember || !samplerMember->value.isObject()) {
        if (samplerMember) // "sampler" is not an object: the loader says so; leave it
            return std::nullopt;
        const QByteArray member = "\n  \"sampler\": {" + quotedKey + ": " + jsonValue + "}" +
                                  (root.members.empty() ? "\n" : ",");
        return TextEdit{root.offset + 1, 0, member};
    }
    const plan::JsonValue &sampler = samplerMember->value;
    if (const plan::JsonValue *v = sampler.value(key))
        return TextEdit{v->offset, v->length, jsonValue};
    const QByteArray indent(samplerMember->column + 1, ' ');
    const QByteArray member =
        "\n" + indent + quotedKey + ": " + jsonValue +
        (sampler.members.empty() ? "\n" + QByteArray(samplerMember->column - 1, ' ')
                                 : QByteArray(","));
    return TextEdit{sampler.offset + 1, 0, member};
}

bool PlanPage::setSamplerSetting(const QString &key, const QByteArray &jsonValue)
{
    const QString current = m_editor->toPlainText();
    const QByteArray text = current.toUtf8();
    const std::optional<TextEdit> edit = samplerEdit(text, key, jsonValue);
    if (!edit)
        return false;
    // Byte offsets to the editor's positions (UTF-16 units).
    const int start = int(QString::fromUtf8(text.left(edit->offset)).size());
    const int end = int(QString::fromUtf8(text.left(edit->offset + edit->length)).size());
    QTextCursor cursor(m_editor->document());
    cursor.setPosition(start);
    cursor.setPosition(end, QTextCursor::KeepAnchor);
    cursor.insertText(QString::fromUtf8(edit->text));
    validateNow();
    return true;
}

bool PlanPage::isValidationPending() const
{
    return m_debounce->isActive() || m_validatedGeneration != m_validation->generation();
}

void PlanPage::scheduleValidation()
{
    m_validation->supersede(); // a validation going on is for an older text
    m_debounce->start();
}

void PlanPage::validateNow()
{
    m_debounce->stop();
    startValidation();
}

void PlanPage::startValidation()
{
    const QByteArray text = m_editor->toPlainText().toUtf8();
    const QString name = m_path.isEmpty() ? tr("untitled.json") : m_path;
    const QString baseDir =
        m_path.isEmpty() ? QDir::currentPath() : QFileInfo(m_path).absolutePath();
    const plan::PlanVariables variables = m_variables;
    if (m_path.isEmpty() && text.trimmed().isEmpty()) {
        m_validation->supersede();
        applyValidation(plan::PlanLoad{}); // nothing written yet: nothing to report
        return;
    }
    m_validation->run([text, name, baseDir,
                       variables] { return plan::parsePlan(text, name, baseDir, variables); },
                      [this](const plan::PlanLoad &load) { applyValidation(load); });
}

// The text has not changed since it was read (an edit supersedes the validation going on).
void PlanPage::applyValidation(const plan::PlanLoad &load)
{
    m_validatedGeneration = m_validation->generation();
    m_valid = load.ok();
    m_diagnostics->setDiagnostics(load.diagnostics, load.warnings);
    QList<CodeEditor::Mark> marks;
    for (const plan::Diagnostic &d : load.diagnostics)
        marks << CodeEditor::Mark{d.line, d.column, true, d.message};
    for (const plan::Diagnostic &d : load.warnings)
        marks << CodeEditor::Mark{d.line, d.column, false, d.message};
    m_editor->setMarks(marks);
    if (load.ok()) {
        m_lastValid = load.plan;
        m_outline->setPlan(m_lastValid);
    }
    m_outlineView->setStale(!load.ok() && m_lastValid.has_value());
    Q_EMIT validated(load.ok());
}

void PlanPage::goTo(int line, int column)
{
    m_editor->goTo(line, column);
}

QByteArray PlanPage::saveState() const
{
    return m_splitter->saveState();
}

void PlanPage::restoreState(const QByteArray &state)
{
    m_splitter->restoreState(state);
}

} // namespace sb

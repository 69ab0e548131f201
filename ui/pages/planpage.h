#pragma once

#include "plan/planloader.h"

#include <QWidget>
#include <optional>

class QSplitter;
class QTimer;

namespace sb {

class CodeEditor;
class DiagnosticsModel;
class FindBar;
class OffThread;
class OutlineModel;
class OutlineView;

// The Plan page: the JSON editor with its find bar, validated as you type, and the outline that
// is the selection of what to run. Owns the diagnostics model the Problems dock shows.
//
// Validation: 300 ms after the last edit the text is parsed with plan::parsePlan() off the GUI
// thread (an OffThread); a result for a text that has changed since is dropped. GUI thread.
class PlanPage : public QWidget
{
    Q_OBJECT
public:
    explicit PlanPage(QWidget *parent = nullptr);
    ~PlanPage() override;

    // Loads a plan file into the editor (not modified, undo history cleared) and validates it.
    // Returns false with a message naming the file and the reason.
    bool openFile(const QString &path, QString *error);
    // Writes the text to `path` (atomically) and makes it the page's file.
    bool saveFile(const QString &path, QString *error);
    // Starts an untitled plan with `text` (modified, so closing asks to save).
    void newPlan(const QByteArray &text);

    QString filePath() const { return m_path; }
    bool isModified() const;
    // ${name} values the plan is validated with (e.g. "stackbench").
    void setVariables(const plan::PlanVariables &variables);
    plan::PlanVariables variables() const { return m_variables; }

    // The last plan that parsed without errors (the outline shows it), if any.
    const std::optional<plan::Plan> &lastValidPlan() const { return m_lastValid; }
    // The editor's current text has been validated and has no errors.
    bool isValid() const;
    // Validates now instead of after the debounce delay.
    void validateNow();
    // The editor's current text is waiting for (or in) a validation: isValid() cannot say yet.
    bool isValidationPending() const;

    void goTo(int line, int column);

    // Sets the plan's "sampler" member `key` (e.g. "foreign_gate", "wait_quiet_s") to
    // `jsonValue` (JSON text: "\"25%machine\"", "30") in the editor, as one undoable edit of
    // only that value (or one inserted member); validation follows. False when the text does not
    // parse as a JSON object. The file is written by Save, as any edit.
    bool setSamplerSetting(const QString &key, const QByteArray &jsonValue);
    // The edit setSamplerSetting() makes on `text` (UTF-8): the byte range replaced and the new
    // bytes; nullopt when `text` is not a JSON object. Pure.
    struct TextEdit
    {
        qsizetype offset = 0; // bytes
        qsizetype length = 0; // bytes replaced
        QByteArray text;      // what replaces them
    };
    static std::optional<TextEdit> samplerEdit(const QByteArray &text, const QString &key,
                                               const QByteArray &jsonValue);

    CodeEditor *editor() const { return m_editor; }
    FindBar *findBar() const { return m_findBar; }
    OutlineModel *outline() const { return m_outline; }
    OutlineView *outlineView() const { return m_outlineView; }
    DiagnosticsModel *diagnostics() const { return m_diagnostics; }

    QByteArray saveState() const;
    void restoreState(const QByteArray &state);

Q_SIGNALS:
    // A validation of the current text finished; `ok`: no errors.
    void validated(bool ok);
    void modificationChanged(bool modified);
    void filePathChanged(const QString &path);

private:
    void scheduleValidation();
    void startValidation();
    void applyValidation(const plan::PlanLoad &load);
    void setFilePath(const QString &path);

    CodeEditor *m_editor;
    FindBar *m_findBar;
    OutlineModel *m_outline;
    OutlineView *m_outlineView;
    DiagnosticsModel *m_diagnostics;
    QSplitter *m_splitter;
    QTimer *m_debounce;
    OffThread *m_validation; // its generation: bumped by every edit and every validation
    QString m_path;
    plan::PlanVariables m_variables;
    std::optional<plan::Plan> m_lastValid;
    quint64 m_validatedGeneration = 0; // m_validation's generation the last result applied to
    bool m_valid = false;
};

} // namespace sb

#pragma once

#include <QObject>
#include <QString>
#include <QStringList>

class QMenu;
class QWidget;

namespace sb {

class PlanPage;

// The plan the window edits, as a file: which file it is and whether it has unsaved edits (the
// Plan page's editor holds the text), Open, New from a template (:/templates), Save, Save as,
// the recent plans (QSettings "plans/recent", newest first, at most 8) with their menu, and the
// offer to save edits before they would be lost. Questions and file dialogs are shown over
// `window`; failures to open without a dialog are reported by open() and openFailed(). GUI
// thread.
class PlanFile : public QObject
{
    Q_OBJECT
public:
    PlanFile(PlanPage *page, QWidget *window);

    // The plan's file, absolute; empty for an untitled plan.
    QString path() const;
    bool isModified() const;
    // The main window's title: "two-targets.json[*] — Stackbench", "untitled.json[*] — ..." or
    // "Stackbench[*]" with nothing open.
    QString windowTitle() const;

    // Newest first; the menu opens them (asking to save first).
    QStringList recent() const { return m_recent; }
    QMenu *recentMenu() const { return m_recentMenu; }
    // Whether the recent menu may open a plan (not while a run goes on).
    void setOpenEnabled(bool enabled);

    // Opens `path` in the editor and remembers it among the recent plans; asks nothing. On
    // failure returns false, and lastError() and openFailed() name the file and the reason.
    bool open(const QString &path);
    QString lastError() const { return m_lastError; }

public Q_SLOTS:
    // Each asks to save unsaved edits first (maybeSave()).
    void openDialog();
    void newFromTemplate();
    // Saves to the plan's file, or asks for one (saveAs()) when untitled. False when not saved
    // (the reason was shown).
    bool save();
    bool saveAs();
    // True when nothing would be lost: no unsaved edits, or the user saved or discarded them.
    bool maybeSave();
    // Before `what` ("Start", "Check") reads the plan file: an untitled or modified plan is
    // saved if the user agrees. True when the file holds the text.
    bool ensureSaved(const QString &what);

Q_SIGNALS:
    void opened(const QString &path);
    void openFailed(const QString &message);
    void saved(const QString &path);
    // An untitled plan was started from the template `name`.
    void created(const QString &name, const QString &description);
    // The file or its modified flag changed: windowTitle() with it.
    void stateChanged();

private:
    void remember(const QString &path);
    void rebuildRecentMenu();
    bool saveTo(const QString &path);

    PlanPage *m_page;
    QWidget *m_window;
    QMenu *m_recentMenu;
    QStringList m_recent;
    QString m_lastError;
    bool m_openEnabled = true;
};

} // namespace sb

#include "ui/planfile.h"

#include "ui/pages/planpage.h"

#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMenu>
#include <QMessageBox>
#include <QSettings>

namespace sb {

namespace {

constexpr int kMaxRecentPlans = 8;
const QString kRecentKey = QStringLiteral("plans/recent");

// A plan template embedded under :/templates.
struct PlanTemplate
{
    QString file;
    QString name;
    QString description;
};

QList<PlanTemplate> planTemplates()
{
    QList<PlanTemplate> out;
    const QDir dir(QStringLiteral(":/templates"));
    for (const QString &entry : dir.entryList({QStringLiteral("*.json")}, QDir::Files)) {
        QFile f(dir.filePath(entry));
        if (!f.open(QIODevice::ReadOnly))
            continue;
        const QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
        out << PlanTemplate{f.fileName(), o.value(QLatin1String("name")).toString(entry),
                            o.value(QLatin1String("description")).toString()};
    }
    return out;
}

} // namespace

PlanFile::PlanFile(PlanPage *page, QWidget *window)
    : QObject(window)
    , m_page(page)
    , m_window(window)
    , m_recentMenu(new QMenu(tr("Open &recent"), window))
    , m_recent(QSettings().value(kRecentKey).toStringList())
{
    m_recentMenu->setObjectName(QStringLiteral("recentMenu"));
    connect(page, &PlanPage::modificationChanged, this, &PlanFile::stateChanged);
    connect(page, &PlanPage::filePathChanged, this, &PlanFile::stateChanged);
    rebuildRecentMenu();
}

QString PlanFile::path() const
{
    return m_page->filePath();
}

bool PlanFile::isModified() const
{
    return m_page->isModified();
}

QString PlanFile::windowTitle() const
{
    const QString file = path();
    QString name = file.isEmpty() ? QString() : QFileInfo(file).fileName();
    if (name.isEmpty() && (isModified() || m_page->lastValidPlan()))
        name = tr("untitled.json");
    return name.isEmpty() ? tr("Stackbench[*]") : tr("%1[*] — Stackbench").arg(name);
}

void PlanFile::setOpenEnabled(bool enabled)
{
    m_openEnabled = enabled;
    m_recentMenu->setEnabled(enabled && !m_recent.isEmpty());
}

bool PlanFile::open(const QString &file)
{
    QString error;
    if (!m_page->openFile(file, &error)) {
        m_lastError = error;
        Q_EMIT openFailed(error);
        return false;
    }
    remember(path());
    Q_EMIT opened(path());
    return true;
}

void PlanFile::openDialog()
{
    if (!maybeSave())
        return;
    const QString dir = path().isEmpty() ? QDir::homePath() : QFileInfo(path()).absolutePath();
    const QString file = QFileDialog::getOpenFileName(m_window, tr("Open plan"), dir,
                                                      tr("Plans (*.json);;All files (*)"));
    if (!file.isEmpty() && !open(file))
        QMessageBox::warning(m_window, tr("Open plan"), m_lastError);
}

void PlanFile::newFromTemplate()
{
    if (!maybeSave())
        return;
    const QList<PlanTemplate> templates = planTemplates();
    if (templates.isEmpty())
        return;
    QStringList items;
    for (const PlanTemplate &t : templates)
        items << t.name;
    bool ok = false;
    const QString chosen = QInputDialog::getItem(m_window, tr("New plan from a template"),
                                                 tr("Template:"), items, 0, false, &ok);
    if (!ok)
        return;
    const PlanTemplate &t = templates.at(items.indexOf(chosen));
    QFile f(t.file);
    if (!f.open(QIODevice::ReadOnly))
        return;
    m_page->newPlan(f.readAll());
    Q_EMIT created(t.name, t.description);
}

bool PlanFile::saveTo(const QString &file)
{
    QString error;
    if (!m_page->saveFile(file, &error)) {
        QMessageBox::warning(m_window, tr("Save plan"), error);
        return false;
    }
    Q_EMIT saved(path());
    return true;
}

bool PlanFile::save()
{
    if (path().isEmpty())
        return saveAs();
    return saveTo(path());
}

bool PlanFile::saveAs()
{
    QString suggested = path();
    if (suggested.isEmpty()) {
        const QString name =
            m_page->lastValidPlan() ? m_page->lastValidPlan()->name : QStringLiteral("plan");
        suggested = QDir::home().filePath(name + QStringLiteral(".json"));
    }
    const QString file = QFileDialog::getSaveFileName(m_window, tr("Save plan as"), suggested,
                                                      tr("Plans (*.json);;All files (*)"));
    if (file.isEmpty() || !saveTo(file))
        return false;
    remember(path());
    return true;
}

bool PlanFile::maybeSave()
{
    if (!isModified())
        return true;
    const auto answer = QMessageBox::warning(
        m_window, tr("Unsaved plan"), tr("The plan has unsaved edits. Save them?"),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Save)
        return save();
    return answer == QMessageBox::Discard;
}

bool PlanFile::ensureSaved(const QString &what)
{
    if (!isModified() && !path().isEmpty())
        return true;
    const auto answer = QMessageBox::question(
        m_window, what, tr("%1 reads the plan file: save the plan first?").arg(what),
        QMessageBox::Save | QMessageBox::Cancel, QMessageBox::Save);
    return answer == QMessageBox::Save && save();
}

void PlanFile::remember(const QString &file)
{
    m_recent.removeAll(file);
    m_recent.prepend(file);
    while (m_recent.size() > kMaxRecentPlans)
        m_recent.removeLast();
    QSettings().setValue(kRecentKey, m_recent);
    rebuildRecentMenu();
}

void PlanFile::rebuildRecentMenu()
{
    m_recentMenu->clear();
    for (int i = 0; i < m_recent.size(); ++i) {
        const QString file = m_recent.at(i);
        QAction *a =
            m_recentMenu->addAction(tr("&%1 %2").arg(i + 1).arg(QDir::toNativeSeparators(file)));
        a->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key(Qt::Key_1 + i)));
        connect(a, &QAction::triggered, this, [this, file] {
            if (maybeSave() && !open(file))
                QMessageBox::warning(m_window, tr("Open recent"), m_lastError);
        });
    }
    m_recentMenu->setEnabled(m_openEnabled && !m_recent.isEmpty());
}

} // namespace sb

#include "ui/pages/profiledialog.h"

#include "ui/widgets/profileview.h"

#include <QDialogButtonBox>
#include <QPushButton>
#include <QSettings>
#include <QVBoxLayout>

namespace sb {

ProfileDialog::ProfileDialog(const store::ProfileRecord &profile, QWidget *parent)
    : QDialog(parent)
{
    build();
    setWindowTitle(tr("CPU profile: %1 on %2 at c=%3 (run %4)")
                       .arg(profile.configuration, profile.route,
                            QString::number(profile.concurrency), profile.runId));
    m_view->setProfile(profile);
}

ProfileDialog::ProfileDialog(const store::ProfileRecord &a, const store::ProfileRecord &b,
                             const QString &nameA, const QString &nameB, QWidget *parent)
    : QDialog(parent)
{
    build();
    setWindowTitle(tr("Differential flame graph: %1 against %2").arg(nameB, nameA));
    m_view->setDiff(a, b, nameA, nameB);
}

ProfileDialog::~ProfileDialog()
{
    QSettings().setValue(QStringLiteral("profile/dialogGeometry"), saveGeometry());
}

void ProfileDialog::build()
{
    setObjectName(QStringLiteral("profileDialog"));
    setAttribute(Qt::WA_DeleteOnClose);
    setModal(false);
    m_view = new ProfileView(this);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    // Escape belongs to the graph (reset zoom) while it has focus; Close stays a button.
    buttons->button(QDialogButtonBox::Close)->setAutoDefault(false);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_view, 1);
    layout->addWidget(buttons);
    resize(1100, 720);
    restoreGeometry(QSettings().value(QStringLiteral("profile/dialogGeometry")).toByteArray());
}

} // namespace sb

#include "ui/pages/storedialog.h"

#include "store/runstore.h"
#include "ui/storeresults.h"

#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QUrl>
#include <QVBoxLayout>

namespace sb {

namespace {

bool isPostgres(const QString &location)
{
    return location.startsWith(QLatin1String("postgresql://"), Qt::CaseInsensitive) ||
           location.startsWith(QLatin1String("postgres://"), Qt::CaseInsensitive);
}

} // namespace

QString StoreDialog::withPassword(const QString &typed, const QString &password)
{
    if (password.isEmpty() || !isPostgres(typed))
        return typed;
    QUrl url(typed, QUrl::StrictMode);
    if (!url.isValid())
        return typed;
    url.setPassword(password);
    return url.toString();
}

StoreDialog::StoreDialog(const QString &current, QWidget *parent)
    : QDialog(parent)
    , m_current(current)
    , m_location(new QLineEdit(this))
    , m_password(new QLineEdit(this))
    , m_passwordLabel(new QLabel(tr("&Password:"), this))
{
    setWindowTitle(tr("Switch the run store"));
    setAccessibleName(windowTitle());
    auto *layout = new QVBoxLayout(this);
    auto *intro = new QLabel(tr("Where runs are read and stored: a SQLite file, or a PostgreSQL "
                                "database as postgresql://user@host:port/database."),
                             this);
    intro->setWordWrap(true);
    layout->addWidget(intro);

    auto *form = new QFormLayout;
    auto *row = new QHBoxLayout;
    m_location->setAccessibleName(tr("Store location"));
    m_location->setText(displayStoreLocation(current));
    m_location->setMinimumWidth(420);
    m_location->setClearButtonEnabled(true);
    auto *browse = new QPushButton(tr("&Browse…"), this);
    browse->setAccessibleName(tr("Choose a SQLite file"));
    auto *reset = new QPushButton(tr("&Default"), this);
    reset->setAccessibleName(tr("The default store"));
    row->addWidget(m_location, 1);
    row->addWidget(browse);
    row->addWidget(reset);
    auto *locationLabel = new QLabel(tr("&Store:"), this);
    locationLabel->setBuddy(m_location);
    form->addRow(locationLabel, row);
    m_password->setEchoMode(QLineEdit::Password);
    m_password->setAccessibleName(tr("Database password"));
    m_password->setPlaceholderText(tr("unchanged"));
    m_passwordLabel->setBuddy(m_password);
    form->addRow(m_passwordLabel, m_password);
    layout->addLayout(form);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("S&witch"));
    buttons->button(QDialogButtonBox::Ok)->setAccessibleName(tr("Switch"));
    buttons->button(QDialogButtonBox::Cancel)->setAccessibleName(tr("Cancel"));
    layout->addWidget(buttons);

    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(browse, &QPushButton::clicked, this, &StoreDialog::browse);
    connect(reset, &QPushButton::clicked, this,
            [this] { m_location->setText(store::RunStore::defaultLocation()); });
    connect(m_location, &QLineEdit::textChanged, this, &StoreDialog::updateFields);
    updateFields();
}

void StoreDialog::updateFields()
{
    const bool postgres = isPostgres(m_location->text());
    m_password->setEnabled(postgres);
    m_passwordLabel->setEnabled(postgres);
}

void StoreDialog::browse()
{
    const QString typed = m_location->text();
    const QString start =
        isPostgres(typed) || typed.isEmpty() ? store::RunStore::defaultLocation() : typed;
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Run store"), start, tr("SQLite stores (*.sqlite *.db);;All files (*)"), nullptr,
        QFileDialog::DontConfirmOverwrite);
    if (!path.isEmpty())
        m_location->setText(path);
}

QString StoreDialog::location() const
{
    const QString typed = m_location->text().trimmed();
    // The current store is shown without its password: unchanged, it stays as it was.
    if (typed == displayStoreLocation(m_current) && m_password->text().isEmpty())
        return m_current;
    if (typed == store::RunStore::defaultLocation())
        return QString();
    return withPassword(typed, m_password->text());
}

} // namespace sb

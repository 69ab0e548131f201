#include "ui/settingsdialog.h"

#include "ui/language.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLocale>
#include <QVBoxLayout>

namespace sb {

namespace {

QString nativeName(const QString &code)
{
    for (const UiLanguage &l : uiLanguages())
        if (l.code == code)
            return l.nativeName;
    return code;
}

} // namespace

SettingsDialog::SettingsDialog(QWidget *parent)
    : QDialog(parent)
    , m_language(new QComboBox(this))
{
    setObjectName(QStringLiteral("settingsDialog"));
    setWindowTitle(tr("Preferences"));
    m_language->setObjectName(QStringLiteral("languageBox"));
    m_language->setAccessibleName(tr("Language"));
    const QString system = languageFor(QLocale::system().uiLanguages());
    m_language->addItem(tr("System (%1)").arg(nativeName(system)), systemLanguageCode());
    for (const UiLanguage &l : uiLanguages())
        m_language->addItem(l.nativeName, l.code);
    setLanguageCode(languageSetting());

    auto *note = new QLabel(tr("The language changes when Stackbench restarts. Command-line "
                               "output stays in English."),
                            this);
    note->setWordWrap(true);
    auto *form = new QFormLayout;
    form->addRow(tr("&Language:"), m_language);
    form->addRow(note);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons);
}

QString SettingsDialog::languageCode() const
{
    return m_language->currentData().toString();
}

void SettingsDialog::setLanguageCode(const QString &code)
{
    const int index = m_language->findData(normaliseLanguage(code).value_or(systemLanguageCode()));
    m_language->setCurrentIndex(std::max(index, 0));
}

bool SettingsDialog::apply() const
{
    setLanguageSetting(languageCode());
    return chooseLanguage(QString(), languageCode(), QLocale::system().uiLanguages()) !=
           activeLanguage();
}

} // namespace sb

#pragma once

#include <QDialog>

class QComboBox;

namespace sb {

// Edit > Preferences: the settings a user chooses by hand. Today the language: System (the
// language the system locale gives, named), English, Deutsch, 中文. Opens on the stored settings;
// apply() stores the choice, which takes effect when Stackbench restarts (the dialog says so).
// GUI thread.
class SettingsDialog : public QDialog
{
    Q_OBJECT
public:
    explicit SettingsDialog(QWidget *parent = nullptr);

    // The chosen language's code: "system" or one of uiLanguages()'s.
    QString languageCode() const;
    void setLanguageCode(const QString &code);

    // Stores the choices in the settings. Returns true when the GUI would start in another
    // language than the one it runs in now, so a restart is needed.
    bool apply() const;

private:
    QComboBox *m_language = nullptr;
};

} // namespace sb

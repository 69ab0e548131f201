#pragma once

#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

namespace sb {

// The GUI's languages. The source texts are English; German and Simplified Chinese come from
// translations/ and are built into the binary as :/i18n/stackbench_<code>.qm. Only the GUI
// installs translators: command-line output stays English because scripts parse it.
struct UiLanguage
{
    QString code;       // "en", "de", "zh_CN": the catalogue's suffix, the --lang and setting value
    QString nativeName; // the language's name in itself ("Deutsch"), as the language menu shows it
};

// English, Deutsch, 中文, in menu order.
const QList<UiLanguage> &uiLanguages();

// The code for "follow the system locale", as --lang and the setting spell it.
inline QString systemLanguageCode()
{
    return QStringLiteral("system");
}

// A language as a user typed it (--lang, the setting): "system", or the code of one of
// uiLanguages(). Case, '-' for '_', a territory, a script and a codeset are accepted ("DE",
// "de_AT", "de_DE.UTF-8", "zh-Hans", "zh_CN"). nullopt for a language Stackbench has no
// translation of (Traditional Chinese included) or for text that names no language. Pure.
std::optional<QString> normaliseLanguage(const QString &text);

// The first of `preferred` (QLocale::uiLanguages() order, "de-DE", "zh-Hans-CN") that Stackbench
// speaks, as a code of uiLanguages(); "en" when none is. Pure.
QString languageFor(const QStringList &preferred);

// The language the GUI starts in: `option` (--lang) when it names one, else `setting` unless it
// is empty or "system", else the first of `systemPreferred` that Stackbench speaks. Unknown
// codes count as not given. Pure.
QString chooseLanguage(const QString &option, const QString &setting,
                       const QStringList &systemPreferred);

// The language setting (QSettings key "ui/language"): "system" when never set. GUI thread.
QString languageSetting();
void setLanguageSetting(const QString &code);

// Installs translators on the running QCoreApplication for `code` (one of uiLanguages()):
// Stackbench's catalogue, and Qt's own qtbase catalogue from QLibraryInfo::TranslationsPath when
// it is installed (standard buttons and dialogs). "en" installs none. Replaces what an earlier
// call installed; widgets built before keep their texts, so call it after the application is
// created and before any window is built. GUI thread. Returns the catalogues loaded (resource or
// file paths), so a caller can log them; a missing Qt catalogue is no error.
QStringList installTranslators(const QString &code);

// The language installTranslators() was called with; "en" before that. GUI thread.
QString activeLanguage();

} // namespace sb

#include "ui/language.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>
#include <QTranslator>

namespace sb {

namespace {

constexpr char kSettingKey[] = "ui/language";
constexpr char kActiveProperty[] = "stackbench.language";
constexpr char kTranslatorName[] = "stackbench.translator";

QString english()
{
    return QStringLiteral("en");
}

// QLocale reads "de_DE" and "zh_Hans_CN" but not "DE", "de_de" or "zh-hans": the case BCP 47
// and POSIX names are usually written in.
QString canonicalName(const QString &text)
{
    QStringList parts = text.split(QLatin1Char('_'), Qt::SkipEmptyParts);
    for (int i = 0; i < parts.size(); ++i) {
        QString &p = parts[i];
        if (i == 0)
            p = p.toLower();
        else if (p.size() == 4)
            p = p.left(1).toUpper() + p.mid(1).toLower();
        else
            p = p.toUpper();
    }
    return parts.join(QLatin1Char('_'));
}

std::optional<QString> codeFor(const QLocale &locale)
{
    switch (locale.language()) {
    case QLocale::English:
        return english();
    case QLocale::German:
        return QStringLiteral("de");
    case QLocale::Chinese:
        if (locale.script() == QLocale::SimplifiedHanScript)
            return QStringLiteral("zh_CN");
        return std::nullopt;
    default:
        return std::nullopt;
    }
}

} // namespace

const QList<UiLanguage> &uiLanguages()
{
    static const QList<UiLanguage> languages = {
        {english(), QStringLiteral("English")},
        {QStringLiteral("de"), QStringLiteral("Deutsch")},
        {QStringLiteral("zh_CN"), QStringLiteral("中文")},
    };
    return languages;
}

std::optional<QString> normaliseLanguage(const QString &text)
{
    QString name = text.trimmed();
    if (name.compare(systemLanguageCode(), Qt::CaseInsensitive) == 0)
        return systemLanguageCode();
    name = name.section(QLatin1Char('.'), 0, 0).section(QLatin1Char('@'), 0, 0);
    name.replace(QLatin1Char('-'), QLatin1Char('_'));
    if (name.isEmpty() || name.compare(QLatin1String("C"), Qt::CaseInsensitive) == 0 ||
        name.compare(QLatin1String("POSIX"), Qt::CaseInsensitive) == 0)
        return std::nullopt;
    return codeFor(QLocale(canonicalName(name)));
}

QString languageFor(const QStringList &preferred)
{
    for (const QString &name : preferred) {
        const std::optional<QString> code = normaliseLanguage(name);
        if (code && *code != systemLanguageCode())
            return *code;
    }
    return english();
}

QString chooseLanguage(const QString &option, const QString &setting,
                       const QStringList &systemPreferred)
{
    const std::optional<QString> chosen = normaliseLanguage(option);
    if (chosen && *chosen != systemLanguageCode())
        return *chosen;
    // "--lang system" follows the system whatever the setting says.
    if (!chosen) {
        const std::optional<QString> stored = normaliseLanguage(setting);
        if (stored && *stored != systemLanguageCode())
            return *stored;
    }
    return languageFor(systemPreferred);
}

QString languageSetting()
{
    const std::optional<QString> code =
        normaliseLanguage(QSettings().value(QLatin1String(kSettingKey)).toString());
    return code.value_or(systemLanguageCode());
}

void setLanguageSetting(const QString &code)
{
    QSettings().setValue(QLatin1String(kSettingKey), code);
}

QStringList installTranslators(const QString &code)
{
    QCoreApplication *app = QCoreApplication::instance();
    for (QTranslator *t : app->findChildren<QTranslator *>(QLatin1String(kTranslatorName))) {
        QCoreApplication::removeTranslator(t);
        delete t;
    }
    app->setProperty(kActiveProperty, code);
    if (code == english())
        return {};
    QStringList loaded;
    auto install = [&](const QString &name, const QString &directory) {
        auto *translator = new QTranslator(app);
        translator->setObjectName(QLatin1String(kTranslatorName));
        if (!translator->load(name, directory)) {
            delete translator;
            return;
        }
        QCoreApplication::installTranslator(translator);
        loaded << translator->filePath();
    };
    install(QStringLiteral("stackbench_") + code, QStringLiteral(":/i18n"));
    install(QStringLiteral("qtbase_") + code, QLibraryInfo::path(QLibraryInfo::TranslationsPath));
    return loaded;
}

QString activeLanguage()
{
    const QVariant code = QCoreApplication::instance()
                              ? QCoreApplication::instance()->property(kActiveProperty)
                              : QVariant();
    return code.isValid() ? code.toString() : english();
}

} // namespace sb

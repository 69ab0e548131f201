#include "app/cli.h"

#include "core/cpuset.h"
#include "core/qterror.h"

#include <algorithm>
#include <cstdio>

namespace sb::cli {

namespace {

// Codes (or code prefixes ending in '.') that are the user's to fix: the command line, its
// values, and the plans, files, targets and stores it names. Anything else is a failure.
constexpr const char *kUsageCodes[] = {
    "cli.usage",       "cli.input",     "value.",         "plan.",         "run.",
    "load.spec",       "load.connect",  "load.resources", "store.missing", "store.scheme",
    "store.open",      "store.foreign", "store.too-new",  "sample.start",  "target.start",
    "store.not-found", "report.",       "compare.",       "import.",
};

bool matches(const std::string &code, const char *pattern)
{
    const std::string p(pattern);
    return p.back() == '.' ? code.starts_with(p) : code == p;
}

bool showsHint(const sb::Error &e)
{
    return e.code == kUsageError || e.code.starts_with("value.");
}

// Qt says "Unknown option 'x'."; our messages start lower-case and end without a full stop.
QString sentence(QString text)
{
    if (text.endsWith(QLatin1Char('.')))
        text.chop(1);
    if (!text.isEmpty())
        text[0] = text[0].toLower();
    return text;
}

QString withDefault(const QString &description, const QString &defaultValue)
{
    if (defaultValue.isEmpty())
        return description;
    const QString shown = QStringLiteral(" (default: %1)").arg(defaultValue);
    if (description.endsWith(QLatin1Char('.')))
        return description.chopped(1) + shown + QLatin1Char('.');
    return description + shown;
}

bool isHelpArgument(const QString &arg)
{
    return arg == QLatin1String("-h") || arg == QLatin1String("--help") ||
           arg == QLatin1String("--help-all");
}

} // namespace

QString oneLine(const QString &text)
{
    QString out;
    out.reserve(text.size());
    for (const QChar c : text) {
        const char16_t u = c.unicode();
        if (u >= 0x20 && u != 0x7f && (u < 0x80 || u > 0x9f)) {
            out += c;
            continue;
        }
        switch (u) {
        case u'\n':
            out += QLatin1String("\\n");
            break;
        case u'\r':
            out += QLatin1String("\\r");
            break;
        case u'\t':
            out += QLatin1String("\\t");
            break;
        default:
            out += u < 0x80 ? QStringLiteral("\\x%1").arg(int(u), 2, 16, QLatin1Char('0'))
                            : QStringLiteral("\\u%1").arg(int(u), 4, 16, QLatin1Char('0'));
        }
    }
    return out;
}

void printLine(FILE *out, const QString &text)
{
    std::fprintf(out, "%s\n", oneLine(text).toLocal8Bit().constData());
    std::fflush(out);
}

int exitCodeFor(const sb::Error &error)
{
    for (const char *code : kUsageCodes)
        if (matches(error.code, code))
            return kExitUsage;
    return kExitFailure;
}

CommandLine::CommandLine(const QString &command, const QString &description)
    : m_command(command)
    , m_help(QStringList{QStringLiteral("h"), QStringLiteral("help")},
             QStringLiteral("Show this help and exit."))
    , m_helpAll(QStringLiteral("help-all"), QStringLiteral("The same as --help."))
{
    m_parser.setApplicationDescription(description);
    m_parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsCompactedShortOptions);
    m_helpAll.setFlags(QCommandLineOption::HiddenFromHelp);
    m_parser.addOption(m_help);
    m_parser.addOption(m_helpAll);
}

QCommandLineOption CommandLine::option(const QStringList &names, const QString &description,
                                       const QString &valueName, const QString &defaultValue)
{
    QCommandLineOption o(names, withDefault(description, defaultValue), valueName, defaultValue);
    m_parser.addOption(o);
    m_options.push_back(o);
    m_valueOptions.insert(names.first());
    return o;
}

QCommandLineOption CommandLine::flag(const QStringList &names, const QString &description)
{
    QCommandLineOption o(names, description);
    m_parser.addOption(o);
    m_options.push_back(o);
    return o;
}

void CommandLine::allowEmpty(const QCommandLineOption &option)
{
    m_emptyAllowed.insert(option.names().first());
}

void CommandLine::positional(const QString &name, const QString &description)
{
    m_parser.addPositionalArgument(name, description);
    m_positionalNames << name;
}

void CommandLine::morePositionals(const QString &name, const QString &description)
{
    m_parser.addPositionalArgument(name, description, QStringLiteral("[%1...]").arg(name));
    m_variadic = true;
}

QStringList CommandLine::positionalValues() const
{
    return m_parser.positionalArguments();
}

std::optional<int> CommandLine::parse(const QStringList &args)
{
    m_args = args;
    const bool parsed =
        m_parser.parse(QStringList{QStringLiteral("stackbench ") + m_command} + args);
    const qsizetype end = args.indexOf(QStringLiteral("--"));
    const QStringList options = end < 0 ? args : args.first(end);
    if (std::any_of(options.begin(), options.end(), isHelpArgument) ||
        (parsed && (m_parser.isSet(m_help) || m_parser.isSet(m_helpAll)))) {
        std::fputs(helpText().toLocal8Bit().constData(), stdout);
        std::fflush(stdout);
        return kExitOk;
    }
    if (!parsed)
        return usageError(sentence(m_parser.errorText()));
    return checkArguments();
}

std::optional<int> CommandLine::checkArguments() const
{
    for (const QCommandLineOption &o : m_options) {
        const QString name = o.names().first();
        if (!m_valueOptions.contains(name) || m_emptyAllowed.contains(name))
            continue;
        const QStringList given = m_parser.values(o);
        if (m_parser.isSet(o) &&
            std::any_of(given.begin(), given.end(), [](const QString &v) { return v.isEmpty(); }))
            return fail(optionError(o, QStringLiteral("needs a value, not an empty one")));
    }
    const QStringList given = m_parser.positionalArguments();
    if (given.size() < m_positionalNames.size())
        return usageError(QStringLiteral("missing %1").arg(m_positionalNames.at(given.size())));
    if (given.size() > m_positionalNames.size() && !m_variadic)
        return usageError(
            QStringLiteral("unexpected argument '%1'").arg(given.at(m_positionalNames.size())));
    for (qsizetype i = 0; i < given.size(); ++i)
        if (given.at(i).trimmed().isEmpty())
            return usageError(QStringLiteral("%1 is empty")
                                  .arg(i < m_positionalNames.size()
                                           ? m_positionalNames.at(i)
                                           : QStringLiteral("an argument")));
    return std::nullopt;
}

bool CommandLine::isSet(const QCommandLineOption &option) const
{
    return m_parser.isSet(option);
}

QString CommandLine::value(const QCommandLineOption &option) const
{
    return m_parser.value(option);
}

QStringList CommandLine::values(const QCommandLineOption &option) const
{
    return m_parser.values(option);
}

QString CommandLine::positionalValue(int index) const
{
    return m_parser.positionalArguments().value(index);
}

QString CommandLine::spelling(const QCommandLineOption &option) const
{
    QString spelled;
    for (const QString &arg : m_args) {
        if (arg == QLatin1String("--"))
            break;
        for (const QString &n : option.names()) {
            const QString form = (n.size() == 1 ? QStringLiteral("-") : QStringLiteral("--")) + n;
            if (arg == form || (n.size() > 1 && arg.startsWith(form + QLatin1Char('='))) ||
                (n.size() == 1 && arg.startsWith(form) && !arg.startsWith(QLatin1String("--"))))
                spelled = form;
        }
    }
    if (!spelled.isEmpty())
        return spelled;
    const QString n = option.names().last();
    return (n.size() == 1 ? QStringLiteral("-") : QStringLiteral("--")) + n;
}

sb::Error CommandLine::optionError(const QCommandLineOption &option, const QString &detail,
                                   const char *code) const
{
    return sb::qtError(QString::fromLatin1(code), spelling(option), detail);
}

sb::Error CommandLine::withWhere(const QCommandLineOption &option, const sb::Error &error) const
{
    return sb::Error{error.code, spelling(option).toStdString(), error.detail};
}

sb::Result<int64_t> CommandLine::durationMs(const QCommandLineOption &option, int64_t minMs,
                                            int64_t maxMs) const
{
    sb::Result<int64_t> r =
        sb::parseDurationMs(value(option).toStdString(), BareUnit::Seconds, minMs, maxMs);
    if (!r.ok())
        return withWhere(option, r.error());
    return r;
}

sb::Result<Span> CommandLine::span(const QCommandLineOption &option) const
{
    sb::Result<Span> r = sb::parseSpan(value(option).toStdString(), BareUnit::Seconds);
    if (!r.ok())
        return withWhere(option, r.error());
    return r;
}

sb::Result<double> CommandLine::rate(const QCommandLineOption &option) const
{
    sb::Result<double> r = sb::parseRate(value(option).toStdString());
    if (!r.ok())
        return withWhere(option, r.error());
    return r;
}

sb::Result<int64_t> CommandLine::count(const QCommandLineOption &option, int64_t min,
                                       int64_t max) const
{
    sb::Result<int64_t> r = sb::parseCount(value(option).toStdString(), min, max);
    if (!r.ok())
        return withWhere(option, r.error());
    return r;
}

sb::Result<std::vector<int>> CommandLine::cpus(const QCommandLineOption &option) const
{
    sb::Result<std::vector<int>> r = sb::parseCpuList(value(option).toStdString());
    if (!r.ok())
        return withWhere(option, r.error());
    return r;
}

sb::Result<QStringList> CommandLine::names(const QCommandLineOption &option) const
{
    QStringList out;
    for (const QString &v : values(option)) {
        for (const QString &part : v.split(QLatin1Char(','))) {
            if (part.trimmed().isEmpty())
                return optionError(option, QStringLiteral("an empty name in \"%1\"").arg(v));
            out << part.trimmed();
        }
    }
    return out;
}

int CommandLine::fail(const sb::Error &error) const
{
    const QString hint = showsHint(error)
                             ? QStringLiteral(" (see 'stackbench %1 --help')").arg(m_command)
                             : QString();
    // An error of several lines (a plan with several mistakes: one per line) is printed line by
    // line, each still made safe for the terminal; the command's name heads the first.
    const QStringList lines = sb::qtText(error).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    printLine(stderr, QStringLiteral("stackbench %1: %2%3").arg(m_command, lines.value(0), hint));
    for (qsizetype i = 1; i < lines.size(); ++i)
        printLine(stderr, lines[i]);
    return exitCodeFor(error);
}

int CommandLine::usageError(const QString &message) const
{
    return fail(sb::qtError(QString::fromLatin1(kUsageError), QString(), message));
}

int CommandLine::inputError(const QString &message) const
{
    return fail(sb::qtError(QString::fromLatin1(kInputError), QString(), message));
}

int CommandLine::failure(const QString &message) const
{
    return fail(sb::qtError(QString::fromLatin1(kFailureError), QString(), message));
}

void CommandLine::warning(const QString &message) const
{
    note(QStringLiteral("warning: ") + message);
}

void CommandLine::note(const QString &message) const
{
    printLine(stderr, QStringLiteral("stackbench %1: %2").arg(m_command, message));
}

QString CommandLine::helpText() const
{
    // Qt's first line names the executable's full path and no subcommand.
    QString text = m_parser.helpText();
    QString usage = QStringLiteral("Usage: stackbench %1 [options]").arg(m_command);
    for (const QString &name : m_positionalNames)
        usage += QLatin1Char(' ') + name;
    const qsizetype firstLineEnd = text.indexOf(QLatin1Char('\n'));
    return usage + (firstLineEnd < 0 ? QStringLiteral("\n") : text.mid(firstLineEnd));
}

} // namespace sb::cli

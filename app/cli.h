#pragma once

// The one command-line helper of every subcommand (app/commands.h has the exit-code contract):
// a usage line with the subcommand's name ("Usage: stackbench load [options] URL"), defaults in
// the help, --help / -h / --help-all printed with exit 0 before anything starts, positional
// arguments counted, an empty option value refused, values read with the grammar of
// core/duration.h and the bounds of core/limits.h, and one error format on stderr:
//
//   stackbench load: --timeout: must be at most 1 day, not "1e10" (see 'stackbench load --help')
//
// (the hint only for usage errors). Every line a command prints, on stdout or stderr, goes
// through oneLine(): text from plans, servers and hooks cannot break a line or reach the terminal
// as a control sequence. Main thread only.

#include "core/duration.h"
#include "core/result.h"

#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QSet>
#include <QString>
#include <QStringList>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <vector>

namespace sb::cli {

// The exit codes every command keeps.
inline constexpr int kExitOk = 0;      // the command did what was asked
inline constexpr int kExitFailure = 1; // it ran and failed, or the machine failed it
inline constexpr int kExitUsage = 2;   // the command line or what it names cannot be used

// Error codes of the command line itself, beside the grammar's "value.syntax" / "value.range".
inline constexpr const char *kUsageError = "cli.usage"; // a wrong command line
inline constexpr const char *kInputError = "cli.input"; // a file or value it names is unusable
inline constexpr const char *kFailureError = "cli.failure";

// `text` as one terminal line: control characters shown as text ("\r", "\n", "\t", "\x1b",
// "\x7f"; C1 controls as "\u009b"), everything else as it is. Pure; any thread.
QString oneLine(const QString &text);

// Prints oneLine(text) and a newline on `out` (stdout or stderr) and flushes it.
void printLine(FILE *out, const QString &text);

// The exit code of an error, by its code: kExitUsage for the command line, its values and the
// plans, files, targets and stores it names; kExitFailure for everything else.
int exitCodeFor(const sb::Error &error);

class CommandLine
{
public:
    // `command` as the user types it after "stackbench" ("load"); `description` opens the help.
    CommandLine(const QString &command, const QString &description);

    // A value option. `defaultValue` is the value when the option is not given, and the help
    // shows it ("(default: 10s)"). An empty value given explicitly is a usage error unless
    // allowEmpty() was called for the option.
    QCommandLineOption option(const QStringList &names, const QString &description,
                              const QString &valueName, const QString &defaultValue = QString());
    // An option without a value.
    QCommandLineOption flag(const QStringList &names, const QString &description);
    void allowEmpty(const QCommandLineOption &option);
    // A positional argument; each one declared is required, in the order declared, and none
    // may be empty.
    void positional(const QString &name, const QString &description);
    // Any number of further positional arguments after the declared ones ("[RUN...]").
    void morePositionals(const QString &name, const QString &description);
    // Every positional argument given, declared and further ones.
    QStringList positionalValues() const;

    // Parses `args` (argv after the subcommand). Returns the exit code when the command ends
    // here: kExitOk after printing the help, kExitUsage after printing a usage error (unknown
    // option, missing or extra argument, empty value). std::nullopt: go on.
    std::optional<int> parse(const QStringList &args);

    bool isSet(const QCommandLineOption &option) const;
    QString value(const QCommandLineOption &option) const;
    QStringList values(const QCommandLineOption &option) const;
    QString positionalValue(int index) const;

    // How the user wrote the option ("-d" or "--duration"): the place named in errors.
    QString spelling(const QCommandLineOption &option) const;

    // Typed values of an option (its default when not given). Errors: the grammar's codes with
    // `where` = spelling(option).
    sb::Result<int64_t> durationMs(const QCommandLineOption &option, int64_t minMs,
                                   int64_t maxMs = limits::kMaxDurationMs) const; // bare = s
    sb::Result<Span> span(const QCommandLineOption &option) const;
    sb::Result<double> rate(const QCommandLineOption &option) const;
    sb::Result<int64_t> count(const QCommandLineOption &option, int64_t min, int64_t max) const;
    sb::Result<std::vector<int>> cpus(const QCommandLineOption &option) const;
    // Comma-separated names over every occurrence ("a,b" "c"); an empty name is an error.
    sb::Result<QStringList> names(const QCommandLineOption &option) const;

    // An error whose `where` is the option as spelled.
    sb::Error optionError(const QCommandLineOption &option, const QString &detail,
                          const char *code = kUsageError) const;

    // Prints the error in the one format and returns exitCodeFor(error).
    int fail(const sb::Error &error) const;
    int usageError(const QString &message) const; // exit kExitUsage, with the hint
    int inputError(const QString &message) const; // exit kExitUsage, without it
    int failure(const QString &message) const;    // exit kExitFailure
    void warning(const QString &message) const;   // "stackbench load: warning: ..."
    void note(const QString &message) const;      // "stackbench load: ..." on stderr

    QString helpText() const;
    QString command() const { return m_command; }

private:
    sb::Error withWhere(const QCommandLineOption &option, const sb::Error &error) const;
    std::optional<int> checkArguments() const;

    QString m_command;
    QCommandLineParser m_parser;
    QStringList m_args;
    QStringList m_positionalNames;
    bool m_variadic = false;
    QSet<QString> m_valueOptions; // first names of options that take a value
    QSet<QString> m_emptyAllowed;
    std::vector<QCommandLineOption> m_options;
    QCommandLineOption m_help;
    QCommandLineOption m_helpAll;
};

} // namespace sb::cli

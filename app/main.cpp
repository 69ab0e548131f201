#include "app/cli.h"
#include "app/commands.h"
#include "app/demo.h"
#include "core/qterror.h"
#include "version.h"

#include <QCoreApplication>
#include <QString>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <functional>
#include <memory>
#include <new>
#include <optional>
#include <unistd.h>

#ifdef STACKBENCH_HAVE_UI
#include "ui/language.h"
#include "ui/mainwindow.h"

#include <QApplication>
#include <QLocale>
#endif

namespace {

struct Command
{
    const char *name;
    const char *summary;
    std::function<int(const QStringList &)> run;
};

const Command kCommands[] = {
    {"run", "run a plan: the whole matrix with warm-up, gates, re-measure; every window stored",
     sb::cli::runCommand},
    {"resume", "continue a stored run after its last stored window", sb::cli::resumeCommand},
    {"list", "list the stored runs", sb::cli::listCommand},
    {"check", "validate a plan and run its parity gate, without load", sb::cli::checkCommand},
    {"report", "summarise a stored run: medians, ratios, verdicts, where the ceiling is",
     sb::cli::reportCommand},
    {"compare", "compare the same cells across stored runs, with verdicts; --fail-if for CI",
     sb::cli::compareCommand},
    {"export", "write everything stored for a run as one JSON document", sb::cli::exportCommand},
    {"import", "bring an exported run into a store", sb::cli::importCommand},
    {"demo", "run the built-in demo: the reference target against a Python server",
     sb::cli::demoCommand},
    {"load", "run a load window against one URL (like wrk, with percentiles and --json)",
     sb::cli::loadCommand},
    {"target", "serve the reference target (the seed's seven routes over SQLite)",
     sb::cli::targetCommand},
    {"sample", "sample a process tree's CPU and memory and the machine's foreign CPU",
     sb::cli::sampleCommand},
    {"agent", "serve a controller on stdin/stdout: load shares for the equal-resource lane",
     sb::cli::agentCommand},
};

void printUsage(FILE *out)
{
    std::fprintf(out, "Usage: stackbench [COMMAND] [OPTIONS]\n\n"
                      "Fair benchmarks of complete HTTP server stacks. Without a command, opens "
                      "the GUI.\n\nCommands:\n");
    for (const Command &c : kCommands)
        std::fprintf(out, "  %-8s %s\n", c.name, c.summary);
    std::fprintf(out, "  %-8s %s\n", "gui",
                 "open the workbench (the default), optionally on a plan");
    std::fprintf(out, "\nRun 'stackbench COMMAND --help' for a command's options.\n"
                      "Exit codes: 0 ok, 1 the command ran and failed, 2 usage or input error.\n");
}

// An argument as given, for a message (printLine() shows its control characters as text).
QString local(const char *arg)
{
    return QString::fromLocal8Bit(arg);
}

std::string commandNames()
{
    std::string names;
    for (const Command &c : kCommands)
        names += std::string(names.empty() ? "" : ", ") + c.name;
    return names;
}

bool hasEnv(const char *name)
{
    const char *v = std::getenv(name);
    return v && *v;
}

// Whether the GUI can start: QApplication aborts the process when no platform plugin loads.
// QT_QPA_PLATFORM may list fallbacks ("wayland;xcb") and carry arguments ("vnc:size=800x600").
bool displayAvailable()
{
    static const QStringList headless = {QStringLiteral("offscreen"),   QStringLiteral("minimal"),
                                         QStringLiteral("minimalegl"),  QStringLiteral("vnc"),
                                         QStringLiteral("linuxfb"),     QStringLiteral("eglfs"),
                                         QStringLiteral("vkkhrdisplay")};
    const QString platforms = QString::fromLocal8Bit(qgetenv("QT_QPA_PLATFORM"));
    if (platforms.trimmed().isEmpty())
        return hasEnv("DISPLAY") || hasEnv("WAYLAND_DISPLAY");
    for (const QString &entry : platforms.split(QLatin1Char(';'), Qt::SkipEmptyParts)) {
        const QString name = entry.section(QLatin1Char(':'), 0, 0).trimmed();
        if (headless.contains(name))
            return true;
        if (name == QLatin1String("xcb") && hasEnv("DISPLAY"))
            return true;
        if (name.startsWith(QLatin1String("wayland")) && hasEnv("WAYLAND_DISPLAY"))
            return true;
    }
    return false;
}

// The command boundary: nothing escapes as an abort. An exception is a defect; the user gets
// one line and exit 1.
int guarded(const char *name, const std::function<int()> &body)
{
    const char *failure = nullptr;
    std::string what;
    try {
        return body();
    } catch (const std::bad_alloc &) {
        failure = "out of memory";
    } catch (const std::exception &e) {
        failure = "internal error: ";
        what = e.what();
    } catch (...) {
        failure = "internal error (an unknown exception)";
    }
    sb::cli::printLine(stderr, QStringLiteral("stackbench%1%2: %3%4")
                                   .arg(QLatin1String(*name ? " " : ""), QLatin1String(name),
                                        QLatin1String(failure), QString::fromStdString(what)));
    return sb::cli::kExitFailure;
}

// An exception escaping a thread ends in std::terminate: still one line and exit 1.
[[noreturn]] void onTerminate()
{
    const char *what = "an internal error";
    std::string text;
    if (std::exception_ptr e = std::current_exception()) {
        try {
            std::rethrow_exception(e);
        } catch (const std::bad_alloc &) {
            what = "out of memory";
        } catch (const std::exception &ex) {
            text = std::string("internal error: ") + ex.what();
            what = text.c_str();
        } catch (...) {
        }
    }
    std::fprintf(stderr, "stackbench: stopped by %s\n", what);
    std::fflush(nullptr);
    ::_exit(sb::cli::kExitFailure);
}

int startCommand(const Command &c, int argc, char **argv)
{
    const std::unique_ptr<QCoreApplication> app = sb::cli::makeApplication(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("stackbench"));
    QCoreApplication::setApplicationVersion(QString::fromLatin1(sb::kVersion));
    QStringList args = QCoreApplication::arguments();
    args.remove(0, 2);
    return guarded(c.name, [&] { return c.run(args); });
}

// What `stackbench gui` was given.
struct GuiOptions
{
    const char *planPath = nullptr; // the plan to open, or none
    const char *language = nullptr; // --lang, or none: the setting or the system locale decides
    bool demo = false;              // `stackbench demo --gui`
};

// The workbench: `stackbench`, or `stackbench gui [--lang CODE] [PLAN]` to open a plan in it.
int runGui(int argc, char **argv, const GuiOptions &options = {})
{
    const char *planPath = options.planPath;
    const bool demo = options.demo;
#ifdef STACKBENCH_HAVE_UI
    if (!displayAvailable()) {
        std::fprintf(stderr,
                     "stackbench: no display for the GUI (set DISPLAY or WAYLAND_DISPLAY, or "
                     "QT_QPA_PLATFORM=offscreen); these commands need none: %s (see "
                     "'stackbench --help')\n",
                     commandNames().c_str());
        return sb::cli::kExitUsage;
    }
    return guarded("", [&] {
        QApplication app(argc, argv);
        QApplication::setApplicationName(QStringLiteral("stackbench"));
        QApplication::setApplicationVersion(QString::fromLatin1(sb::kVersion));
        // Before the window exists: its texts are translated as it is built.
        sb::installTranslators(sb::chooseLanguage(QString::fromLocal8Bit(options.language),
                                                  sb::languageSetting(),
                                                  QLocale::system().uiLanguages()));
        sb::MainWindow window;
        // Held while the window is open: the demo's ports stay this workbench's.
        std::optional<sb::Result<sb::cli::DemoSetup>> demoSetup;
        // A plan with the demo's ${demo_*} opened by name gets the demo's variables too.
        const bool demoPlan =
            !demo && planPath && sb::cli::usesDemoVariables(QString::fromLocal8Bit(planPath));
        if (demo || demoPlan) {
            const sb::Result<sb::cli::DemoSetup> &setup = demoSetup.emplace(sb::cli::prepareDemo());
            if (!setup.ok()) {
                sb::cli::printLine(stderr,
                                   QStringLiteral("stackbench demo: ") + sb::qtText(setup.error()));
                return sb::cli::kExitUsage;
            }
            if (!setup->note.isEmpty())
                sb::cli::printLine(stderr, QStringLiteral("stackbench demo: ") + setup->note);
            window.setPlanVariables(setup->variables);
            if (demo)
                window.openPlan(setup->planPath);
        }
        if (planPath && !window.openPlan(QString::fromLocal8Bit(planPath)))
            sb::cli::printLine(
                stderr,
                QStringLiteral("stackbench gui: cannot open the plan '%1'").arg(local(planPath)));
        window.show();
        return app.exec();
    });
#else
    (void)argc;
    (void)argv;
    (void)planPath;
    (void)demo;
    std::fprintf(stderr, "stackbench: built without the GUI; use a command: %s\n",
                 commandNames().c_str());
    return sb::cli::kExitUsage;
#endif
}

bool isHelpOption(const char *arg)
{
    return !std::strcmp(arg, "--help") || !std::strcmp(arg, "-h") ||
           !std::strcmp(arg, "--help-all");
}

// "stackbench --help", "--version", or an option that does not exist.
int topLevelOption(const char *arg)
{
    if (isHelpOption(arg)) {
        printUsage(stdout);
        return sb::cli::kExitOk;
    }
    if (!std::strcmp(arg, "--version")) {
        std::printf("stackbench %s (%s)\n", sb::kVersion, sb::kGitRevision);
        return sb::cli::kExitOk;
    }
    sb::cli::printLine(stderr, QStringLiteral("stackbench: unknown option '%1'").arg(local(arg)));
    printUsage(stderr);
    return sb::cli::kExitUsage;
}

// Whether --lang's value names a language the GUI speaks (or "system").
bool knownLanguage(const char *code)
{
#ifdef STACKBENCH_HAVE_UI
    return sb::normaliseLanguage(QString::fromLocal8Bit(code)).has_value();
#else
    (void)code;
    return true; // runGui() says there is no GUI
#endif
}

void printGuiUsage()
{
    std::printf("Usage: stackbench gui [--lang CODE] [PLAN]\n\nOpens the workbench, with PLAN in "
                "the plan editor when given. Plain 'stackbench'\ndoes the same without a plan.\n\n"
                "Options:\n"
                "  --lang CODE  the GUI's language: en, de, zh_CN, or system (the system locale);\n"
                "               default: the one chosen under Settings > Language, else system.\n"
                "               Command-line output stays English.\n");
}

// "stackbench gui [--lang CODE] [PLAN]".
int guiCommand(int argc, char **argv)
{
    GuiOptions options;
    for (int i = 2; i < argc; ++i) {
        const char *arg = argv[i];
        if (isHelpOption(arg)) {
            printGuiUsage();
            return sb::cli::kExitOk;
        }
        if (!std::strcmp(arg, "--lang") || !std::strncmp(arg, "--lang=", 7)) {
            const char *value = arg[6] == '=' ? arg + 7 : (i + 1 < argc ? argv[++i] : nullptr);
            if (!value || !*value) {
                std::fprintf(stderr, "stackbench gui: --lang needs a language: en, de, zh_CN or "
                                     "system (see 'stackbench gui --help')\n");
                return sb::cli::kExitUsage;
            }
            if (!knownLanguage(value)) {
                sb::cli::printLine(stderr, QStringLiteral("stackbench gui: --lang '%1': there is "
                                                          "no translation for it; choose en, de, "
                                                          "zh_CN or system")
                                               .arg(local(value)));
                return sb::cli::kExitUsage;
            }
            options.language = value;
            continue;
        }
        if (arg[0] == '-' || !*arg || options.planPath) {
            sb::cli::printLine(stderr,
                               QStringLiteral("stackbench gui: unexpected argument '%1' (see "
                                              "'stackbench gui --help')")
                                   .arg(local(arg)));
            return sb::cli::kExitUsage;
        }
        options.planPath = arg;
    }
    return runGui(argc, argv, options);
}

} // namespace

int main(int argc, char **argv)
{
    std::set_terminate(onTerminate);
    if (argc < 2)
        return runGui(argc, argv);
    if (argv[1][0] == '-')
        return topLevelOption(argv[1]);
    if (!std::strcmp(argv[1], "gui"))
        return guiCommand(argc, argv);
    if (!std::strcmp(argv[1], "demo") && argc == 3 && !std::strcmp(argv[2], "--gui"))
        return runGui(argc, argv, GuiOptions{nullptr, nullptr, true});
    for (const Command &c : kCommands)
        if (std::strcmp(argv[1], c.name) == 0)
            return startCommand(c, argc, argv);
    sb::cli::printLine(stderr,
                       QStringLiteral("stackbench: unknown command '%1'").arg(local(argv[1])));
    printUsage(stderr);
    return sb::cli::kExitUsage;
}

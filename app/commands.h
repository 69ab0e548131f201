#pragma once

#include <QStringList>
#include <memory>

class QCoreApplication;

// One function per subcommand. Each receives its own arguments (argv without the program name
// and the subcommand), reads them with app/cli.h's CommandLine, prints its results on stdout and
// its errors on stderr in one format
//
//   stackbench COMMAND: PLACE: REASON            (usage errors add "(see 'stackbench COMMAND
//   --help')")
//
// and returns the process exit code. Every command keeps one contract:
//   0  the command did what was asked (--help included: it prints and starts nothing);
//   1  it ran and failed, or the machine failed it: a load window aborted or interrupted, a run
//      with cells left unmeasured, a parity check that failed, a store that cannot be written,
//      an internal error (an exception caught at the command boundary in main());
//   2  the command line or what it names cannot be used: an unknown option, a value out of its
//      range ("--timeout: must be at most 1 day"), an argument missing or too many, an empty
//      value, an unreadable or invalid plan or file, a target that refuses connections, a store
//      that does not exist, more connections or threads than the machine allows.
namespace sb::cli {

int loadCommand(const QStringList &args);
int targetCommand(const QStringList &args);
int sampleCommand(const QStringList &args);
int runCommand(const QStringList &args);
int resumeCommand(const QStringList &args);
int listCommand(const QStringList &args);
int checkCommand(const QStringList &args);
int reportCommand(const QStringList &args);
int compareCommand(const QStringList &args);
int exportCommand(const QStringList &args);
int importCommand(const QStringList &args);
int demoCommand(const QStringList &args);
int agentCommand(const QStringList &args);

// The application object of a command, for main() to create before the command runs
// (cmdreport.cpp): a QCoreApplication for every command (`report --format html` included: the
// engine writes its charts as SVG itself). GUI thread, once per process.
std::unique_ptr<QCoreApplication> makeApplication(int &argc, char **argv);

} // namespace sb::cli

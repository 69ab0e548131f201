#pragma once

#include <QStringList>

// One function per subcommand. Each receives its own arguments (argv without the program name
// and the subcommand), prints to stdout/stderr, and returns the process exit code:
// 0 success, 1 the measurement or check failed, 2 usage or input error.
namespace sb::cli {

int loadCommand(const QStringList &args);
int targetCommand(const QStringList &args);
int sampleCommand(const QStringList &args);
int runCommand(const QStringList &args);
int resumeCommand(const QStringList &args);
int listCommand(const QStringList &args);
int checkCommand(const QStringList &args);

} // namespace sb::cli

#include "app/commands.h"

#include <cstdio>

namespace sb::cli {

// Placeholder until the 'load' command lands with its engine part.
int loadCommand(const QStringList &)
{
    std::fprintf(stderr, "stackbench load: not available in this build yet\n");
    return 2;
}

} // namespace sb::cli

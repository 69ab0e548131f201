#include "app/commands.h"

#include <cstdio>

namespace sb::cli {

// Placeholder until the 'target' command lands with its engine part.
int targetCommand(const QStringList &)
{
    std::fprintf(stderr, "stackbench target: not available in this build yet\n");
    return 2;
}

} // namespace sb::cli

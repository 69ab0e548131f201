#include "app/commands.h"

#include <cstdio>

namespace sb::cli {

// Placeholder until the 'sample' command lands with its engine part.
int sampleCommand(const QStringList &)
{
    std::fprintf(stderr, "stackbench sample: not available in this build yet\n");
    return 2;
}

} // namespace sb::cli

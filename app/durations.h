#pragma once

#include <QString>
#include <cstdint>

namespace sb::cli {

// Parses a duration as written on the command line: "500ms", "5s", "2m", "1h", or a bare number
// in units of `bareUnitMs` (1000 = seconds). Fractions are allowed ("1.5s"). On failure returns
// false and says why in `why`.
bool parseDurationMs(const QString &text, int64_t bareUnitMs, int64_t &ms, QString &why);

} // namespace sb::cli

#pragma once

// One label for a cell (configuration, route, concurrency) and for a window of it (round,
// attempt), the same wherever a cell is named: the terminal, the runner's notes and failed-cell
// lines, the GUI's tooltips and logs. Rounds and attempts are stored 0-based and shown 1-based:
//   cellLabel("native", "/health", 10)           -> "native /health c=10"
//   cellLabel(0, "native", "/health", 10)        -> "round 1 native /health c=10"
//   cellLabel(0, "native", "/health", 10, 1)     -> "round 1 native /health c=10 attempt 2"
// Names are shown as stored (plan names: configurations [A-Za-z0-9_.-]+, routes free text);
// callers escape for where the text lands. Pure functions; any thread.

#include "store/records.h"

#include <QString>

namespace sb::store {

QString cellLabel(const QString &configuration, const QString &route, int concurrency);
// With the round; with the attempt too when `attempt` >= 0.
QString cellLabel(int round, const QString &configuration, const QString &route, int concurrency,
                  int attempt = -1);
// A stored window's label: its round, cell and attempt.
QString windowLabel(const WindowRecord &window);

} // namespace sb::store

#pragma once

// The sampler's readings and summary (samplesession.h) as JSON and back: how a server host's
// agent (run/serverhost.h) sends what it sampled there to the controller. The reading side treats
// its input as hostile: every number is checked for its type, lists and texts are bounded
// (events, foreign processes, names), and what does not fit is an error, never a crash.
// Pure; any thread.

#include "core/result.h"
#include "run/samplesession.h"

#include <QJsonObject>
#include <QJsonValue>

namespace sb::run {

QJsonObject readingJson(const TreeReading &reading);
// Errors: code "lane.message" naming the field.
sb::Result<TreeReading> readReading(const QJsonValue &value);

QJsonObject summaryJson(const TreeSummary &summary);
sb::Result<TreeSummary> readSummary(const QJsonValue &value);

} // namespace sb::run

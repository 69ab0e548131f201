#pragma once

#include "store/records.h"

#include <QJsonObject>
#include <QString>

// The sentences of a window's failed gates, made from the gates a window stores: the runner
// stores them in English, the GUI shows them in its language (core/enginetext.h). Pure
// functions; any thread.
namespace sb::run {

// The sentence of the failed gate `kind` (a store::kInvalid* word evaluateGates() gives:
// cancelled, server, other, sleep, checkpoint, foreign_cpu, foreign_peak, errors) from the
// window's stored gates (GateVerdict::gates, WindowRecord::gates), in the language of
// sb::trEngine(); "" for another kind. evaluateGates() makes each failure's reason with it (see
// gates.h for the sentences). The figures come from the gates; what other layers wrote (an exit
// description, a sleep event, the load engine's abort, the problem summary) is quoted as stored.
QString gateReason(const QString &kind, const QJsonObject &gates);

// A window's invalidReason for the GUI, in its language: gateReason() of the window's kind and
// gates when that sentence in English is the stored reason, else the stored reason as it is (a
// warm-up or hook failure, a reason redacted, or written by another version). "" for a valid
// window.
QString invalidReasonText(const store::WindowRecord &window);

} // namespace sb::run

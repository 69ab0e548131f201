#pragma once

// Reading a plan file or an "@file" body with a bound (internal to engine/plan): only a regular
// file is read, and never more than `maxBytes`, so that /dev/zero, a FIFO without a writer or a
// huge file give an error at once instead of hanging or exhausting memory. Any thread.

#include "core/limits.h"
#include "core/result.h"

#include <QByteArray>
#include <QString>

namespace sb::plan {

// The bytes of the regular file at `path`, at most `maxBytes` of them. Errors (sb::Error, empty
// `where`; `detail` is a phrase that follows "cannot read <what>: "):
//   "io.open"  it cannot be opened: the system's reason ("No such file or directory")
//   "io.type"  it is not a regular file: "a FIFO (named pipe), not a regular file"
//   "io.size"  it holds more: "larger than 16 MiB, the limit for plan files and \"@file\" bodies"
//   "io.read"  reading failed: the system's reason
// A FIFO is opened without waiting for a writer.
sb::Result<QByteArray> readLimitedFile(const QString &path,
                                       qint64 maxBytes = sb::limits::kMaxPlanFileBytes);

} // namespace sb::plan

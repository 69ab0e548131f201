#pragma once

// A run, everything stored for it, as one JSON document (schema "stackbench-export", version 1,
// documented in docs/export.schema.json), and back into a store: the plan text, environment,
// configurations, every window and attempt with its intervals, samples, histograms and gates,
// events, server logs, the cold starts of its server trees and its CPU profiles (folded stacks
// as a base64 zlib stream, inflated with a bound on import). Export -> import -> export gives the
// same bytes apart from the store's own window ids. Create, use and destroy with the store on its
// thread.

#include "core/result.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>

namespace sb::store {

class RunStore;

inline constexpr int kExportVersion = 1;

// The run as an export document. Errors: the store's ("store.not-found", "store.read").
sb::Result<QJsonObject> exportRun(const RunStore &store, const QString &runId);
// The document as the bytes `stackbench export` writes (indented JSON, one trailing newline).
QByteArray exportBytes(const QJsonObject &document);

// Brings an export document into `store` under its run id, after checking all of it first.
// Errors: "import.format" (where = the JSON path of the first problem, e.g.
// "$.windows[3].ok"; detail says what is wrong with it: a wrong type, a number out of range or
// not an integer, a missing field, a run id not of the store's grammar (isStoreRunId), a status
// not of the kStatus* words, no windows, a window of a configuration $.configurations does not
// name, two windows of the same cell, round and attempt, more 2xx than requests, a histogram
// that does not decode, ...), "import.version" (a newer export version), "import.exists" (the
// store already has that run id), the store's write errors. Nothing of the run is left behind
// when it fails half-way (the run is deleted again).
sb::Result<QString> importRun(RunStore &store, const QJsonObject &document);
// Parses bytes read from a file first. Errors as above, plus "import.json" (not JSON: detail
// gives the offset).
sb::Result<QString> importRun(RunStore &store, const QByteArray &bytes);

// True when `id` has the grammar of the store's run ids (RunStore::newRunId):
// "yyyyMMdd-HHmmss-xxxx", digits and four lower-case hex digits.
bool isStoreRunId(const QString &id);

} // namespace sb::store

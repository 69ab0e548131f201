#pragma once

// How a profile's folded stacks are kept: compressed in the store (qCompress form: a 4-byte
// big-endian length, then a zlib stream) and in an export (the zlib stream alone, base64), and
// inflated with a bound, so that a hostile store or export cannot make a reader allocate more
// than kMaxFoldedBytes (a zlib stream inflates up to ~1000 times its size). Internal to
// engine/store. Pure functions; any thread.

#include "store/records.h"

#include <QByteArray>
#include <QString>

namespace sb::store {

// `folded` in the store's form (qCompress at zlib's default level); empty for empty text.
QByteArray compressFolded(const QByteArray &folded);
// The store's form inflated. Returns "" and sets *out, or why not: "is not compressed folded
// stacks (...)", "inflates to more than 64 MiB (the limit of a profile)". Never allocates more
// than kMaxFoldedBytes plus one buffer, whatever the length header claims.
QString uncompressFolded(const QByteArray &stored, QByteArray *out);

// The zlib stream alone of `folded` (an export's "folded_zlib"); empty for empty text.
QByteArray zlibStreamOf(const QByteArray &folded);
// Inflates a bare zlib stream (bounded as above) into *folded; "" or why not.
QString inflateFoldedStream(const QByteArray &stream, QByteArray *folded);

} // namespace sb::store

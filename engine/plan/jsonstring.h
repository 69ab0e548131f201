#pragma once

// One JSON string literal (RFC 8259) decoded for the plan's JSON parser (jsonparser.h): escapes
// resolved, surrogate pairs joined, UTF-8 checked (no overlong forms, no surrogates, at most
// U+10FFFF) and control characters refused. A pure function; any thread.

#include <QString>

namespace sb::plan {

struct JsonString
{
    bool ok = false;
    qsizetype end = 0;         // ok: the byte after the closing quote
    QString value;             // ok: the decoded text
    qsizetype errorOffset = 0; // !ok: the byte the problem is at (the opening quote when the
                               // string never ends)
    QString error;             // !ok: what is wrong, for a message ("invalid UTF-8 in string")
};

// The literal whose opening quote is at `open` in `data` (`size` bytes).
JsonString decodeJsonString(const char *data, qsizetype size, qsizetype open);

} // namespace sb::plan

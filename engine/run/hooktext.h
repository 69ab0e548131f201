#pragma once

// How a hook's SQL is shown in one line of a message (`stackbench check`'s judgements, a failed
// hook's reason, the hook log).

#include <QString>

namespace sb::run {

// `sql` on one line: comments dropped, every run of white space one space. Longer than
// `maxChars`: cut at the last place at most `maxChars` in that is outside any string literal
// ('...', E'...'), quoted identifier ("...") and dollar quote ($$...$$, $tag$...$tag$), between
// two tokens, and marked " ..." there, so that a literal is shown whole or not at all
// ("SELECT setval(pg_get_serial_sequence( ..."). When no such place leaves any text (a
// statement that opens with a long literal), the cut falls at `maxChars` with the same mark.
// Pure; any thread.
QString shortSql(const QString &sql, int maxChars);

} // namespace sb::run

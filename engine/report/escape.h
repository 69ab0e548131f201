#pragma once

// Every text that leaves a report is escaped for where it lands, by the one function of that
// format: names (plan, configuration, route), reasons, environment values and run ids may hold
// anything an imported export or a plan put there, markup and control characters included.
// Pure; any thread; linear in the text's length.

#include <QString>
#include <QStringView>

namespace sb::report {

// HTML text and attribute values alike (SVG inside HTML included): & < > " ' as character
// references; control characters that XML does not allow (all C0 but tab, LF and CR; DEL;
// U+FFFE, U+FFFF) shown as visible escapes ("\x01"), so the text stays well-formed XML.
QString htmlEscaped(QStringView text);

// Where a text lands in Markdown: running text, or a code span; inside a table row or not.
enum class MarkdownPlace
{
    Text,      // running text (a paragraph, a list item, a heading)
    TableText, // running text inside a table cell
    Code,      // the inside of a code span (the function adds the backticks)
    TableCode, // a code span inside a table cell
};

// Markdown (CommonMark with GitHub's tables). Text: what starts markup backslash-escaped, so no
// emphasis, code, link, HTML tag, heading, list or table cell can start inside it: \ ` * < [ ~
// anywhere, '_' outside a word, '&' before '#' or a letter, '|' in a table, and # - + = > or
// "1." / "1)" at the start of running text (a table cell starts no block). Code: the whole code span, its fence one backtick longer than the
// longest run of backticks inside ('|' escaped in a table, as GitHub's tables want). Either way
// control characters (newlines included) are shown as visible escapes ("\n"), so a text never
// breaks its line; what stays unescaped ("foreign_cpu", ">=", "]") reads as it is.
QString markdownEscaped(QStringView text, MarkdownPlace place = MarkdownPlace::Text);

// One CSV field (RFC 4180): quoted when it holds a comma, a quote, CR or LF (quotes doubled);
// a field that starts with = + - @ tab or CR, which a spreadsheet would run as a formula, gets
// a leading apostrophe (OWASP's neutralising) and is quoted.
QString csvField(QStringView text);

// One terminal line: control characters (C0, DEL, C1), the Unicode line and paragraph
// separators and the bidirectional overrides shown as visible escapes ("\n", "\x1b",
// "\u202e"), so a name can neither move the cursor, colour the terminal nor break the line.
QString terminalText(QStringView text);

} // namespace sb::report

#include "report/escape.h"

namespace sb::report {

namespace {

// The visible form of a control character: "\n", "\r", "\t", or "\xNN" / "\uNNNN".
QString visible(char16_t c)
{
    switch (c) {
    case u'\n':
        return QStringLiteral("\\n");
    case u'\r':
        return QStringLiteral("\\r");
    case u'\t':
        return QStringLiteral("\\t");
    default:
        break;
    }
    if (c < 0x100)
        return QStringLiteral("\\x%1").arg(uint(c), 2, 16, QLatin1Char('0'));
    return QStringLiteral("\\u%1").arg(uint(c), 4, 16, QLatin1Char('0'));
}

bool isC0OrDel(char16_t c)
{
    return c < 0x20 || c == 0x7f;
}

// Characters that start markup anywhere in a line: escapes, code, emphasis, HTML tags and
// autolinks, links and images (a link needs its '['), strikethrough.
bool markdownSpecial(char16_t c)
{
    return c == u'\\' || c == u'`' || c == u'*' || c == u'<' || c == u'[' || c == u'~';
}

bool asciiAlnum(QStringView text, qsizetype i)
{
    if (i < 0 || i >= text.size())
        return false;
    const char16_t c = text[i].unicode();
    return (c >= u'0' && c <= u'9') || (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z');
}

// Characters that start a block (heading, list item, quote, setext underline) at a line's start.
bool markdownBlockStart(char16_t c)
{
    return c == u'#' || c == u'-' || c == u'+' || c == u'=' || c == u'>';
}

QString markdownText(QStringView text, bool table)
{
    QString out;
    out.reserve(text.size() + text.size() / 8 + 4);
    // "1." or "1)" at the start makes an ordered list: escape the mark after the digits.
    qsizetype digits = 0;
    while (digits < text.size() && text[digits].unicode() >= u'0' && text[digits].unicode() <= u'9')
        ++digits;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const char16_t c = text[i].unicode();
        if (isC0OrDel(c)) {
            out += QLatin1Char('\\'); // the backslash of "\n" is shown, not read as an escape
            out += visible(c);
            continue;
        }
        // A table cell starts no block: there the marks read as they are ("1.01x", "-").
        const bool lead = !table && ((i == 0 && markdownBlockStart(c)) ||
                                     (i == digits && digits > 0 && (c == u'.' || c == u')')));
        // '_' inside a word ("foreign_cpu") emphasises nothing; '&' starts a character
        // reference only before '#' or a letter.
        const bool underscore = c == u'_' && !(asciiAlnum(text, i - 1) && asciiAlnum(text, i + 1));
        const bool entity = c == u'&' && (i + 1 < text.size() &&
                                          (text[i + 1] == u'#' || text[i + 1].isLetterOrNumber()));
        if (markdownSpecial(c) || lead || underscore || entity || (table && c == u'|'))
            out += QLatin1Char('\\');
        out += QChar(c);
    }
    return out;
}

QString markdownCode(QStringView text, bool table)
{
    QString body;
    body.reserve(text.size() + 8);
    qsizetype run = 0;
    qsizetype longest = 0;
    for (const QChar ch : text) {
        const char16_t c = ch.unicode();
        run = c == u'`' ? run + 1 : 0;
        longest = std::max(longest, run);
        if (isC0OrDel(c))
            body += visible(c); // code spans show backslashes as they are
        else if (table && c == u'|')
            body += QStringLiteral("\\|"); // GitHub's tables split cells before code spans
        else
            body += ch;
    }
    if (body.isEmpty())
        return QStringLiteral("` `");
    const QString fence(longest + 1, QLatin1Char('`'));
    // A space on each side when the text starts or ends with a backtick (it would join the
    // fence) or starts and ends with a space (CommonMark strips one of each).
    const bool pad = body.startsWith(QLatin1Char('`')) || body.endsWith(QLatin1Char('`')) ||
                     (body.startsWith(QLatin1Char(' ')) && body.endsWith(QLatin1Char(' ')));
    const QString space = pad ? QStringLiteral(" ") : QString();
    return fence + space + body + space + fence;
}

} // namespace

QString htmlEscaped(QStringView text)
{
    QString out;
    out.reserve(text.size() + text.size() / 8 + 4);
    for (const QChar ch : text) {
        const char16_t c = ch.unicode();
        switch (c) {
        case u'&':
            out += QStringLiteral("&amp;");
            break;
        case u'<':
            out += QStringLiteral("&lt;");
            break;
        case u'>':
            out += QStringLiteral("&gt;");
            break;
        case u'"':
            out += QStringLiteral("&quot;");
            break;
        case u'\'':
            out += QStringLiteral("&#39;");
            break;
        case u'\t':
        case u'\n':
        case u'\r':
            out += ch;
            break;
        default:
            if (isC0OrDel(c) || c == 0xfffe || c == 0xffff)
                out += visible(c);
            else
                out += ch;
        }
    }
    return out;
}

QString markdownEscaped(QStringView text, MarkdownPlace place)
{
    switch (place) {
    case MarkdownPlace::Text:
        return markdownText(text, false);
    case MarkdownPlace::TableText:
        return markdownText(text, true);
    case MarkdownPlace::Code:
        return markdownCode(text, false);
    case MarkdownPlace::TableCode:
        return markdownCode(text, true);
    }
    return QString();
}

QString csvField(QStringView text)
{
    const bool formula =
        !text.isEmpty() && (text[0] == u'=' || text[0] == u'+' || text[0] == u'-' ||
                            text[0] == u'@' || text[0] == u'\t' || text[0] == u'\r');
    bool quote = formula;
    for (const QChar ch : text)
        quote = quote || ch == u',' || ch == u'"' || ch == u'\n' || ch == u'\r';
    if (!quote)
        return text.toString();
    QString out;
    out.reserve(text.size() + 4);
    out += QLatin1Char('"');
    if (formula)
        out += QLatin1Char('\'');
    for (const QChar ch : text) {
        if (ch == u'"')
            out += QLatin1Char('"');
        out += ch;
    }
    out += QLatin1Char('"');
    return out;
}

QString terminalText(QStringView text)
{
    auto escaped = [](char16_t c) {
        return isC0OrDel(c) || (c >= 0x80 && c < 0xa0) || c == 0x061c || c == 0x200e ||
               c == 0x200f || c == 0x2028 || c == 0x2029 || (c >= 0x202a && c <= 0x202e) ||
               (c >= 0x2066 && c <= 0x2069);
    };
    QString out;
    out.reserve(text.size());
    for (const QChar ch : text) {
        if (escaped(ch.unicode()))
            out += visible(ch.unicode());
        else
            out += ch;
    }
    return out;
}

} // namespace sb::report
